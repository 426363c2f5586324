// Messages by id with arguments (package i18n on the server): every string a player reads is
// rendered here from the catalog GET /api/messages sends, so that another language is another
// catalog. The template syntax (a small subset of ICU MessageFormat: {arg}, {n, plural, one
// {...} other {...}} with # and =N, {x, select, a {...} other {...}}, '' and '{' '}') and the
// results are the same as the Go renderer's: both run i18n/testdata/render.json.

let lang = 'en';
let text = {};
const parsed = new Map();
const listeners = new Set();
const changed = () => { for (const f of listeners) f(lang); };

// onChange calls f whenever the catalog or the card names change (a new language, the card
// data arrived); it returns the function that stops it.
export function onChange(f) { listeners.add(f); return () => listeners.delete(f); }

// currentLang is the language of the installed catalog.
export const currentLang = () => lang;

// setCatalog installs a catalog (tests; loadMessages uses it).
export function setCatalog(l, messages) {
  lang = l;
  text = messages || {};
  parsed.clear();
  changed();
}

// loadMessages fetches the catalog of language l (the current one by default) and installs
// it; each language is fetched once (a failed fetch may be retried), and installed again when
// the page comes back to it.
const loads = new Map();
export function loadMessages(l = lang) {
  if (!loads.has(l)) {
    const p = (async () => {
      const res = await fetch('/api/messages?lang=' + encodeURIComponent(l));
      if (!res.ok) throw new Error(`messages: ${res.status}`);
      return res.json();
    })();
    p.catch(() => loads.delete(l));
    loads.set(l, p);
  }
  return loads.get(l).then((body) => {
    const got = body.lang || l;
    if (got !== lang || text !== body.messages) setCatalog(got, body.messages);
  });
}

// Card, hero and deck names by language: views, logs and actions name a card by its English
// name, the key; what is shown is its name in the catalog's language (GET /api/cards gives
// each card's "names"). A string argument of a message that is a card's English name (or a
// numbered one, "Ember Cub #2") is shown in the catalog's language too: player names never
// equal a card name (the server refuses them), so no other argument is taken for one.
const names = new Map(); // English name -> {en, fr, es}

// addNames records names by language: entries of [English name, {lang: name}].
export function addNames(entries) {
  let added = false;
  for (const [en, by] of entries) {
    if (!en || !by || names.has(en)) continue;
    names.set(en, by);
    added = true;
  }
  if (added) changed();
}

// nameOf is the name to show for the English name en (a card, hero or deck title) in the
// catalog's language; a numbered object keeps its number ("Ember Cub #2": "Lionceau de
// Braise nº 2"); a name the page does not know stays as it is.
export function nameOf(en) {
  if (lang === 'en' || typeof en !== 'string') return en;
  const by = names.get(en);
  if (by) return by[lang] || en;
  const m = / #(\d+)$/.exec(en);
  if (m) {
    const base = names.get(en.slice(0, m.index));
    // in the language's own way of numbering ("Lionceau de Braise nº 2") where it has one
    if (base && base[lang]) return text['ui.nexus.numbered'] != null ? t('ui.nexus.numbered', { card: base[lang], n: Number(m[1]) }) : `${base[lang]} #${m[1]}`;
  }
  return en;
}

export const messagesLoaded = () => Object.keys(text).length > 0;

// t renders the message id with args.
export function t(id, args) { return render({ id, args }, 0); }

// hasMessage reports whether the catalog has the id.
export const hasMessage = (id) => text[id] != null;

// tm renders a message object {id, args}; a list of them is rendered one after the other.
export function tm(msg) {
  if (Array.isArray(msg)) return list(msg, 0);
  return msg ? render(msg, 0) : '';
}

// tparts renders a message (or a list of them) into parts for a client that draws icons: a
// string, or {icon: 'combat', text: 'Combat'} for a message whose id is icon.combat (the text,
// its rendering, is the icon's accessible label). Strings next to each other are joined.
export function tparts(msg) {
  const out = [];
  if (Array.isArray(msg)) listInto(msg, 0, out);
  else if (msg) renderInto(msg, 0, out);
  return out;
}

const flat = (parts) => parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');

function push(out, s) {
  if (s === '') return;
  if (typeof s === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += s;
  else out.push(s);
}

function list(msgs, depth) { const out = []; listInto(msgs, depth, out); return flat(out); }

function listInto(msgs, depth, out) {
  const sep = text['list.sep'] != null ? text['list.sep'] : ' ';
  msgs.forEach((m, i) => { if (i) push(out, sep); renderInto(m, depth + 1, out); });
}

function render(msg, depth) { const out = []; renderInto(msg, depth, out); return flat(out); }

function renderInto(msg, depth, out) {
  if (!msg || typeof msg !== 'object') { push(out, String(msg)); return; }
  const id = String(msg.id);
  if (id.startsWith('icon.')) {
    const inner = [];
    renderText(msg, depth, inner);
    const label = flat(inner);
    out.push({ icon: id.slice(5), text: text[id] != null ? label : id.slice(5, 6).toUpperCase() + id.slice(6) });
    return;
  }
  renderText(msg, depth, out);
}

function renderText(msg, depth, out) {
  const tpl = text[msg.id];
  if (tpl == null || depth > 16) { push(out, `[${msg.id}]`); return; }
  let nodes = parsed.get(msg.id);
  if (!nodes) {
    try { nodes = parse(tpl); } catch { push(out, `[${msg.id}]`); return; }
    parsed.set(msg.id, nodes);
  }
  emit(nodes, msg.args || {}, '', depth, out);
}

// pluralCategory is the CLDR plural category of n in the catalog's language, from the
// browser's own plural rules (Intl.PluralRules), as the server takes it from golang.org/x/text.
const pluralRules = new Map();
function pluralCategory(n) {
  let r = pluralRules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang || 'en');
    pluralRules.set(lang, r);
  }
  return r.select(Math.abs(n));
}

function choose(cases, keys) {
  for (const k of keys) if (Object.hasOwn(cases, k)) return cases[k];
  return cases.other;
}

function emit(nodes, args, hash, depth, out) {
  for (const n of nodes) {
    if (n.text != null) push(out, n.text);
    else if (n.hash) push(out, hash);
    else if (!n.kind) value(args[n.arg], n.arg, depth, out);
    else if (n.kind === 'plural') {
      const num = Math.trunc(Number(args[n.arg]) || 0);
      emit(choose(n.cases, ['=' + num, String(num), pluralCategory(num)]), args, String(num), depth, out);
    } else {
      const s = String(args[n.arg]);
      emit(choose(n.cases, [s]), args, hash, depth, out);
    }
  }
}

function value(v, name, depth, out) {
  if (v == null) push(out, `{${name}}`);
  else if (Array.isArray(v)) listInto(v, depth, out);
  else if (typeof v === 'object') renderInto(v, depth + 1, out);
  else if (typeof v === 'number') push(out, String(Math.trunc(v)));
  else push(out, nameOf(String(v)));
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
