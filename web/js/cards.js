// Star Realms cards as cards: the card data (GET /api/cards), a card drawn with its name, cost,
// faction colour, type, defense and its text (primary, ally and scrap parts set apart as on
// the printed card, with our own Trade, Combat and Authority icons), the side panel that shows
// the card the pointer rests on, large, and the zoom that opens any card on a tap or a key.
//
// A card's text is data: `text: {primary: [Msg...], ally, scrap, acquire, trigger, static}`,
// each Msg rendered by i18n.js (tparts) into strings and icons. Card data without `text` falls
// back to the older one-string fields.

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';
import { addNames, currentLang, nameOf, t, tparts } from './i18n.js';

let catalog = new Map(); // lower-case name -> card
let loading = null;

export function loadCards() {
  if (!loading) {
    loading = api.cards().then((list) => {
      const arr = Array.isArray(list) ? list : (list && list.cards) || [];
      setCards(arr);
    }, () => {});
  }
  return loading;
}

// setCards installs card data (tests; loadCards uses it).
export function setCards(arr) {
  const m = new Map();
  for (const c of arr) if (!m.has(c.name.toLowerCase())) m.set(c.name.toLowerCase(), c);
  catalog = m;
  textCache.clear();
  addNames(arr.filter((c) => c.names).map((c) => [c.name, c.names]));
  inspected.set(inspected.get());
}

export const cardInfo = (name) => catalog.get(String(name).toLowerCase());

// A value some components follow: the card under the pointer, the card zoomed.
function store(initial) {
  let value = initial;
  const listeners = new Set();
  return {
    get: () => value,
    set: (v) => { value = v; for (const f of listeners) f(v); },
    use() {
      const [v, setV] = useState(value);
      useEffect(() => { listeners.add(setV); setV(value); return () => listeners.delete(setV); }, []);
      return v;
    },
  };
}
const inspected = store('');
const zoomed = store('');

// inspect shows a card in the side panel; zoom opens it large over the page.
export function inspect(name) { if (inspected.get() !== name) inspected.set(name); }
export function zoom(name) { zoomed.set(name); }

export const factionKey = (f) => String(f).toLowerCase().replace(/ /g, '_');
export const factionClass = (c) => {
  if (!c || !c.faction || c.faction.length === 0) return 'f-none';
  if (c.faction.length > 1) return 'f-multi';
  return 'f-' + factionKey(c.faction[0]).replace(/_/g, '-');
};
const factionNames = (c) => (c && c.faction && c.faction.length
  ? c.faction.map((f) => t('ui.faction.' + factionKey(f))).join(' / ') : t('ui.faction.unaligned'));

export const cardKind = (c) => (!c ? '' : c.type === 'base' ? (c.outpost ? 'outpost' : 'base') : 'ship');

// Our own icons, drawn inline: a gold coin for Trade, a red burst for Combat, a green shield
// for Authority; a faction hexagon marks an ally ability, a broken card a scrap ability.
const burst = (() => {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 ? 4.2 : 9.5;
    const a = (Math.PI * i) / 8 - Math.PI / 2;
    pts.push(`${(10 + r * Math.cos(a)).toFixed(1)},${(10 + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
})();

export function Icon({ kind, text, faction }) {
  const label = text || kind;
  let body;
  switch (kind) {
    case 'trade':
      body = html`<circle cx="10" cy="10" r="9" class="ic-trade" /><circle cx="10" cy="10" r="5.6" class="ic-trade-in" />`;
      break;
    case 'combat':
      body = html`<polygon points=${burst} class="ic-combat" />`;
      break;
    case 'authority':
      body = html`<path d="M10 1 L18 4 V10 C18 15 14 18 10 19 C6 18 2 15 2 10 V4 Z" class="ic-authority" />
        <path d="M10 5 V14 M6 9.5 H14" class="ic-authority-in" />`;
      break;
    case 'ally':
      body = html`<polygon points="10,1 18,5.5 18,14.5 10,19 2,14.5 2,5.5" class=${'ic-ally ' + (faction || '')} />`;
      break;
    case 'scrap':
      body = html`<path d="M3 4.5 H17 M8 4.5 V2.5 H12 V4.5" class="ic-scrap-lid" /><path d="M4.5 6.5 H15.5 L14.3 18.5 H5.7 Z" class="ic-scrap" />
        <path d="M8 9 V16 M12 9 V16" class="ic-scrap-lid" />`;
      break;
    default:
      return html`<span class="ic-word">${label}</span>`;
  }
  return html`<svg class=${'icon icon-' + kind} viewBox="0 0 20 20" role="img" aria-label=${label}><title>${label}</title>${body}</svg>`;
}

// Parts draws rendered parts: strings, and icons where the text named one.
export function Parts({ parts }) {
  return parts.map((p) => (typeof p === 'string' ? p : html`<${Icon} kind=${p.icon} text=${p.text} />`));
}

const sections = ['primary', 'ally', 'scrap', 'acquire', 'trigger', 'static'];

// engineParts reads an older card-data string ("combat 3; may scrap 1 from trade row") into
// lines of parts, with icons for the pools.
export function engineParts(s) {
  const lines = Array.isArray(s) ? s : String(s).split(/;\s*/);
  return lines.filter(Boolean).map((line) => {
    const out = [];
    let last = 0;
    for (const m of line.matchAll(/\b(trade|combat|authority) (-?\d+)\b/g)) {
      if (m.index > last) out.push(line.slice(last, m.index));
      out.push('+' + m[2] + ' ');
      out.push({ icon: m[1], text: t('ui.pool.' + m[1]) });
      last = m.index + m[0].length;
    }
    if (last < line.length) out.push(line.slice(last));
    return out;
  });
}

const textCache = new Map(); // language:name -> {primary: [[parts]...], ...}

// cardLines gives a card's text as lines of parts by section.
export function cardLines(c) {
  if (!c) return {};
  const key = currentLang() + ':' + c.name;
  let r = textCache.get(key);
  if (r) return r;
  r = {};
  for (const k of sections) {
    if (c.text) {
      const msgs = c.text[k];
      if (msgs && msgs.length) r[k] = msgs.map((m) => tparts(m));
    } else if (c[k] && c[k].length) r[k] = engineParts(c[k]);
  }
  textCache.set(key, r);
  return r;
}

const flatText = (lines) => lines.map((l) => l.map((p) => (typeof p === 'string' ? p : p.text)).join('')).join(' ');

// cardSummary is a one-line text of a card for a tooltip.
export function cardSummary(name) {
  const c = cardInfo(name);
  if (!c) return name;
  const L = cardLines(c);
  const parts = [nameOf(name)];
  if (c.cost != null) parts.push(t('ui.card.cost', { n: c.cost }));
  if (c.type === 'base') parts.push(t('ui.card.kind_defense', { kind: cardKind(c), n: c.defense }));
  for (const k of sections) if (L[k]) parts.push(`${t('ui.card.section.' + k)}: ${flatText(L[k])}`);
  return parts.join(' · ');
}

// CardText is a card's text box: one block per section, primary first, ally and scrap set
// apart with their icons.
export function CardText({ c, labels }) {
  const L = cardLines(c);
  const fc = factionClass(c);
  return html`<div class="card-text">${sections.filter((k) => L[k]).map((k) => html`<div class=${'ab ab-' + k}>
    ${k === 'ally' ? html`<${Icon} kind="ally" faction=${fc} text=${t('ui.card.section.ally')} />`
      : k === 'scrap' ? html`<${Icon} kind="scrap" text=${t('ui.card.section.scrap')} />`
      : k !== 'primary' || labels ? html`<span class="ab-label">${t('ui.card.section.' + k)}</span>` : ''}
    <span class="ab-lines">${L[k].map((line) => html`<span class="ab-line"><${Parts} parts=${line} /></span>`)}</span>
  </div>`)}</div>`;
}

// CardFace is what is printed on a card.
export function CardFace({ name, c, big, nameEl }) {
  const kind = cardKind(c);
  return html`
    <div class="card-top">
      ${nameEl || html`<span class="card-name">${nameOf(name)}</span>`}
      ${c && c.cost != null ? html`<span class="cost" title=${t('ui.card.cost', { n: c.cost })}>${c.cost}</span>` : ''}
    </div>
    ${c ? html`<div class="card-type">${t('ui.card.kind.' + kind)} · ${factionNames(c)}</div>
      <${CardText} c=${c} labels=${big} />
      ${c.type === 'base' ? html`<div class=${'card-defense ' + kind} title=${t('ui.card.kind_defense', { kind, n: c.defense })}>
        <span class="def-kind">${t('ui.card.kind.' + kind)}</span><b>${c.defense}</b></div>` : ''}`
    : html`<div class="card-type muted">${t('ui.card.no_text')}</div>`}`;
}

// Card is one card on the table. With `action` (an action text) clicking it, or Enter or
// Space on its name, sends that action; without, it opens the card large. "i" opens it large,
// and so does a long press (the context menu). `size` is "full" (text shown) or "mini" (name,
// cost, defense); `lit` marks a legal target; `children` are buttons on the card (abilities).
// `number` is the key (1-9) that acts on it, shown as a badge while the keyboard is used
// (keys.js).
//
// For assistive technology the card is a group named by the card, and its name is the button
// that acts (the whole card answers a click): the buttons of its abilities sit beside that
// button, never inside it, and the button's accessible name holds the name it shows.
export function Card({ name, size = 'full', action, verb, onAct, lit, marks, extra, children, number, cls, label, keyNo }) {
  const c = cardInfo(name);
  const act = action && onAct ? () => onAct(action) : null;
  const classes = ['card', size, factionClass(c), cardKind(c), act ? 'clickable act ' + (verb || '') : '',
    lit ? 'lit' : '', cls || ''].join(' ');
  const key = (e) => {
    if (e.key === 'i' || e.key === 'I') { e.preventDefault(); e.stopPropagation(); zoom(name); }
  };
  // A click anywhere on the card, and Enter or Space on its name button (a click too), acts.
  const click = (e) => {
    if (e.target.closest && e.target.closest('.card-buttons, .card-marks a, input')) return;
    if (act) act(); else zoom(name);
  };
  const shown = nameOf(name); // the name in the page's language; name stays the key
  const nameBtn = html`<button type="button" class="card-name" data-card-button=${name}
    aria-label=${label && label.includes(shown) ? label : label ? `${label}: ${shown}` : act ? shown : t('ui.a11y.open_card', { card: name })}
    onFocus=${() => inspect(name)}>${shown}</button>`;
  // Focus given to the card (a script, a test) goes on to its name button.
  const focus = (e) => {
    if (e.target !== e.currentTarget) return;
    const b = e.currentTarget.querySelector('button.card-name');
    if (b) b.focus();
  };
  return html`<div class=${classes} role="group" aria-label=${shown} tabindex="-1" data-card=${name} data-action=${act ? action : undefined}
      title=${label || cardSummary(name)}
      onMouseEnter=${() => inspect(name)} onClick=${click} onFocus=${focus} onKeyDown=${key}
      onContextMenu=${(e) => { e.preventDefault(); zoom(name); }}>
    ${size === 'full' ? html`<${CardFace} name=${name} c=${c} nameEl=${nameBtn} />` : html`
      <div class="card-top">${nameBtn}
        ${c && c.cost != null ? html`<span class="cost" title=${t('ui.card.cost', { n: c.cost })}>${c.cost}</span>` : ''}</div>
      ${c && c.type === 'base' ? html`<div class=${'card-defense ' + cardKind(c)}><span class="def-kind">${t('ui.card.kind.' + cardKind(c))}</span><b>${c.defense}</b></div>` : ''}`}
    ${number ? html`<span class="card-number" title=${t('ui.card.number', { n: number })}>#${number}</span>` : ''}
    ${keyNo ? html`<span class="key-badge" aria-hidden="true">${keyNo}</span>` : ''}
    ${marks ? html`<div class="card-marks">${marks}</div>` : ''}
    ${children ? html`<div class="card-buttons">${children}</div>` : ''}
    ${extra}
  </div>`;
}

// CardPanel shows the card last pointed at, large, beside the table.
export function CardPanel() {
  const name = inspected.use();
  if (!name) return html`<aside class="card-panel muted">${t('ui.card.point_at')}</aside>`;
  const c = cardInfo(name);
  return html`<aside class=${'card-panel card big ' + factionClass(c) + ' ' + cardKind(c)} aria-live="polite">
    <${CardFace} name=${name} c=${c} big /></aside>`;
}

// CardZoom is the card opened large over the page; a click anywhere or Escape closes it.
export function CardZoom() {
  const name = zoomed.use();
  // A layout effect: the key listener is there as soon as the card is on the page, so that an
  // Escape pressed at once is not lost.
  useLayoutEffect(() => {
    if (!name) return undefined;
    const esc = (e) => { if (e.key === 'Escape' || e.key === 'i') zoom(''); };
    addEventListener('keydown', esc);
    return () => removeEventListener('keydown', esc);
  }, [name]);
  if (!name) return '';
  const c = cardInfo(name);
  return html`<div class="zoom-back" role="dialog" aria-modal="true" aria-label=${nameOf(name)} onClick=${() => zoom('')}>
    <div class=${'card big zoomed ' + factionClass(c) + ' ' + cardKind(c)}><${CardFace} name=${name} c=${c} big />
      <button type="button" class="zoom-close" onClick=${() => zoom('')}>${t('ui.close')}</button></div>
  </div>`;
}
