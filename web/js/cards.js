// Card data (from GET /api/cards), card tiles, and the panel that shows a card's text when
// the pointer rests on a card or a finger taps it.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';

let catalog = new Map(); // lower-case name -> card
let loading = null;
const listeners = new Set();
let inspected = '';

export function loadCards() {
  if (!loading) {
    loading = api.cards().then((list) => {
      const arr = Array.isArray(list) ? list : (list && list.cards) || [];
      const m = new Map();
      for (const c of arr) if (!m.has(c.name.toLowerCase())) m.set(c.name.toLowerCase(), c);
      catalog = m;
      notify();
    }, () => {});
  }
  return loading;
}

export const cardInfo = (name) => catalog.get(String(name).toLowerCase());

function notify() { for (const f of listeners) f(inspected); }

// inspect shows a card's text in the card panel.
export function inspect(name) { inspected = name; notify(); }

function useInspected() {
  const [name, setName] = useState(inspected);
  useEffect(() => { listeners.add(setName); return () => listeners.delete(setName); }, []);
  return name;
}

const factionClass = (c) => {
  if (!c || !c.faction || c.faction.length === 0) return 'f-none';
  if (c.faction.length > 1) return 'f-multi';
  return 'f-' + c.faction[0].toLowerCase().replace(/ /g, '-');
};

const abilityLabels = [
  ['primary', 'Primary'], ['ally', 'Ally'], ['scrap', 'Scrap'], ['acquire', 'On acquire'],
  ['trigger', 'Trigger'], ['static', 'Always'],
];

// cardText is a one-line summary for tooltips.
export function cardText(name) {
  const c = cardInfo(name);
  if (!c) return name;
  const parts = [name];
  if (c.cost != null) parts.push(`cost ${c.cost}`);
  if (c.type === 'base') parts.push(`${c.outpost ? 'outpost' : 'base'} ${c.defense}`);
  for (const [k, label] of abilityLabels) if (c[k]) parts.push(`${label}: ${c[k]}`);
  return parts.join(' · ');
}

// Card is one card tile. With onClick it is a button (play it, buy it); without, tapping it
// shows its text.
export function Card({ name, onClick, title, extra, marks, small }) {
  const c = cardInfo(name);
  const cls = ['card', factionClass(c), onClick ? 'clickable' : '', small ? 'small' : ''].join(' ');
  const click = (e) => { inspect(name); if (onClick) onClick(e); };
  return html`<button type="button" class=${cls} title=${title || cardText(name)}
      onMouseEnter=${() => inspect(name)} onFocus=${() => inspect(name)} onClick=${click}
      data-card=${name}>
    <span class="card-name">${name}</span>
    <span class="card-meta">
      ${c && c.cost != null ? html`<span class="cost" title=${'costs ' + c.cost + ' Trade'}>${c.cost}</span>` : ''}
      ${c && c.type === 'base' ? html`<span class=${c.outpost ? 'shield outpost' : 'shield'}
          title=${c.outpost ? 'outpost: must be destroyed before its owner or other bases' : 'base: stays in play'}>${c.outpost ? 'outpost' : 'base'} ${c.defense}</span>` : ''}
      ${marks}
    </span>
    ${extra}
  </button>`;
}

// CardPanel shows the full text of the card last hovered or tapped.
export function CardPanel() {
  const name = useInspected();
  if (!name) return html`<aside class="card-panel muted">Point at or tap a card to read it.</aside>`;
  const c = cardInfo(name);
  return html`<aside class=${'card-panel ' + factionClass(c)}>
    <div class="cp-head"><b>${name}</b>${c && c.cost != null ? html`<span class="cost" title="cost in Trade">${c.cost}</span>` : ''}
      <button type="button" class="link cp-close" title="close" onClick=${() => inspect('')}>×</button></div>
    ${c ? html`<div class="cp-type">${(c.faction && c.faction.length ? c.faction.join(' / ') : 'Unaligned')}
        ${' · '}${c.type === 'base' ? (c.outpost ? `Outpost, defense ${c.defense}` : `Base, defense ${c.defense}`) : 'Ship'}</div>
      ${abilityLabels.filter(([k]) => c[k]).map(([k, label]) => html`<div class="cp-ab"><span class="cp-label">${label}</span> ${c[k]}</div>`)}`
    : html`<div class="muted">No card text available.</div>`}
  </aside>`;
}
