// Messages by id with arguments (package i18n on the server): every string a player reads is
// rendered here from the catalog GET /api/messages sends, so that another language is another
// catalog. The template syntax (a small subset of ICU MessageFormat: {arg}, {n, plural, one
// {...} other {...}} with # and =N, {x, select, a {...} other {...}}, '' and '{' '}') and the
// results are the same as the Go renderer's: both run i18n/testdata/render.json.

let lang = 'en';
let text = {};
const parsed = new Map();

// setCatalog installs a catalog (tests; loadMessages uses it).
export function setCatalog(l, messages) {
  lang = l;
  text = messages || {};
  parsed.clear();
}

// loadMessages fetches the catalog of language l and installs it.
export async function loadMessages(l = 'en') {
  const res = await fetch('/api/messages?lang=' + encodeURIComponent(l));
  if (!res.ok) throw new Error(`messages: ${res.status}`);
  const body = await res.json();
  setCatalog(body.lang || l, body.messages);
}

export const messagesLoaded = () => Object.keys(text).length > 0;

// t renders the message id with args.
export function t(id, args) { return render({ id, args }, 0); }

// tm renders a message object {id, args}; a list of them is rendered one after the other.
export function tm(msg) {
  if (Array.isArray(msg)) return list(msg, 0);
  return msg ? render(msg, 0) : '';
}

function list(msgs, depth) {
  const sep = text['list.sep'] != null ? text['list.sep'] : ' ';
  return msgs.map((m) => render(m, depth + 1)).join(sep);
}

function render(msg, depth) {
  const tpl = text[msg.id];
  if (tpl == null || depth > 16) return `[${msg.id}]`;
  let nodes = parsed.get(msg.id);
  if (!nodes) {
    try { nodes = parse(tpl); } catch { return `[${msg.id}]`; }
    parsed.set(msg.id, nodes);
  }
  return emit(nodes, msg.args || {}, '', depth);
}

function pluralCategory(n) {
  n = Math.abs(n);
  if (lang === 'fr') return n <= 1 ? 'one' : 'other';
  return n === 1 ? 'one' : 'other';
}

function choose(cases, keys) {
  for (const k of keys) if (Object.hasOwn(cases, k)) return cases[k];
  return cases.other;
}

function emit(nodes, args, hash, depth) {
  let out = '';
  for (const n of nodes) {
    if (n.text != null) out += n.text;
    else if (n.hash) out += hash;
    else if (!n.kind) out += value(args[n.arg], n.arg, depth);
    else if (n.kind === 'plural') {
      const num = Math.trunc(Number(args[n.arg]) || 0);
      out += emit(choose(n.cases, ['=' + num, String(num), pluralCategory(num)]), args, String(num), depth);
    } else {
      const s = String(args[n.arg]);
      out += emit(choose(n.cases, [s]), args, hash, depth);
    }
  }
  return out;
}

function value(v, name, depth) {
  if (v == null) return `{${name}}`;
  if (Array.isArray(v)) return list(v, depth);
  if (typeof v === 'object') return render(v, depth + 1);
  if (typeof v === 'number') return String(Math.trunc(v));
  return String(v);
}

// parse reads a template into nodes: {text}, {hash: true}, {arg, kind, cases}.
export function parse(s) {
  let i = 0;
  const word = () => {
    const m = /^[A-Za-z0-9_=.-]*/.exec(s.slice(i))[0];
    i += m.length;
    return m;
  };
  const space = () => { while (i < s.length && /\s/.test(s[i])) i++; };
  const nodes = (inCase, inPlural) => {
    const out = [];
    let buf = '';
    const flush = () => { if (buf) { out.push({ text: buf }); buf = ''; } };
    while (i < s.length) {
      const c = s[i];
      if (c === "'" && s[i + 1] === "'") { buf += "'"; i += 2; }
      else if (c === "'" && (s[i + 1] === '{' || s[i + 1] === '}') && s[i + 2] === "'") { buf += s[i + 1]; i += 3; }
      else if (c === '#' && inPlural) { flush(); out.push({ hash: true }); i++; }
      else if (c === '{') { flush(); i++; out.push(placeholder()); }
      else if (c === '}') {
        if (!inCase) throw new Error(`unmatched } at ${i}`);
        flush();
        return out;
      } else { buf += c; i++; }
    }
    if (inCase) throw new Error('a case is not closed');
    flush();
    return out;
  };
  const placeholder = () => {
    const arg = word();
    if (!arg) throw new Error(`an argument name is missing at ${i}`);
    space();
    if (s[i] === '}') { i++; return { arg }; }
    if (s[i] !== ',') throw new Error(`} or , expected after {${arg}`);
    i++; space();
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') throw new Error(`{${arg}, ${kind}}: unknown`);
    space();
    if (s[i] !== ',') throw new Error(', expected');
    i++;
    const cases = {};
    for (;;) {
      space();
      if (i >= s.length) throw new Error('not closed');
      if (s[i] === '}') { i++; break; }
      const key = word();
      if (!key) throw new Error('a case name is missing');
      space();
      if (s[i] !== '{') throw new Error('{ expected');
      i++;
      cases[key] = nodes(true, kind === 'plural');
      i++;
    }
    if (!cases.other) throw new Error('the case other is missing');
    return { arg, kind, cases };
  };
  const out = nodes(false, false);
  if (i < s.length) throw new Error(`unexpected ${s[i]} at ${i}`);
  return out;
}
