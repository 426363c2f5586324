// The legal actions of a View, grouped as a player thinks of them: play, use, buy, attack,
// give and pass, answers to a decision, and skip/done/end. Amounts ("attack Bob 1" ...
// "attack Bob 9") collapse into one control with a number input.
//
// Everything comes from the structure the server sends with each action (the view's
// `actions`: text, verb, card, target, amount, option, zone...) and the pending decision
// (`pending`); no action or prompt text is read here. A text is only ever sent back as it is.

import { useState } from 'preact/hooks';
import { html } from './html.js';
import { cardInfo, inspect } from './cards.js';

const flowVerbs = new Set(['skip', 'done', 'end']);

// groupActions sorts the legal actions into groups; each ranged group (an attack on one player
// or base, a gift of one pool to one teammate) keeps its actions by amount, the largest
// amount, and the action that uses everything at once where the engine lists one ("attack
// Bob:Blob Wheel").
export function groupActions(actions) {
  const g = { choose: [], play: [], use: [], buy: [], attack: new Map(), give: new Map(), pass: [], flow: [] };
  const ranged = (map, key, a, info) => {
    const e = map.get(key) || { key, ...info, max: 0, full: null, byAmount: new Map() };
    if (a.amount) {
      e.byAmount.set(a.amount, a);
      e.max = Math.max(e.max, a.amount);
    } else e.full = a;
    map.set(key, e);
  };
  for (const a of actions || []) {
    const t = a.target || {};
    if (a.verb === 'attack') {
      const base = t.kind === 'card' ? t.card : '';
      ranged(g.attack, base ? `${t.player}:${base}` : t.player, a, { player: t.player, base });
    } else if (a.verb === 'give' && a.amount) {
      ranged(g.give, `${t.player} ${a.pool}`, a, { player: t.player, pool: a.pool });
    } else if (Array.isArray(g[a.verb]) && a.verb !== 'choose') g[a.verb].push(a);
    else if (flowVerbs.has(a.verb)) g.flow.push(a);
    else g.choose.push(a);
  }
  return g;
}

const zoneLabel = (z) => (z === 'row' ? 'trade row' : z);

// chooseLabel labels an answer to the pending decision from its parts and the decision's.
function chooseLabel(a, pending) {
  const t = a.target || {};
  if (a.option) {
    const o = pending && pending.options ? pending.options[a.option - 1] : '';
    return o ? `${a.option}) ${o}` : `Option ${a.option}`;
  }
  const up = a.upgrade ? ` upgrade ${a.upgrade}` : '';
  if (a.card && t.kind === 'card' && t.player) return `${t.player}:${a.card}${up}`;
  if (a.card) return `${a.card}${up}${a.zone ? ` (from ${zoneLabel(a.zone)})` : ''}`;
  if (t.kind === 'player') return t.player;
  return a.text;
}

const cost = (name) => { const c = cardInfo(name); return c && c.cost != null ? ` (${c.cost})` : ''; };
const flowLabel = { skip: 'Skip', done: 'Done', end: 'End turn' };
const flowHelp = {
  skip: 'decline this optional effect',
  done: 'stop here: choose no more',
  end: 'end your turn: unspent Trade and Combat are lost',
};

function Btn({ action, label, send, cls, title, card }) {
  return html`<button type="button" class=${'act ' + (cls || '')} data-action=${action.text} title=${title || action.text}
    onMouseEnter=${card ? () => inspect(card) : undefined}
    onClick=${() => send(action.text)}>${label}</button>`;
}

// Ranged is one "attack/give up to N" control: an amount and a button that sends the listed
// action of that amount.
function Ranged({ e, send, label, fullLabel, cls = 'attack' }) {
  const [n, setN] = useState('');
  const amount = Math.min(e.max, Math.max(1, +n || e.max));
  const chosen = e.byAmount.get(amount) || e.byAmount.get(e.max);
  return html`<div class="ranged">
    ${e.full ? html`<${Btn} action=${e.full} label=${fullLabel} send=${send} cls="attack" />` : ''}
    ${e.max > 0 ? html`<span class="amount">
      <input type="number" min="1" max=${e.max} value=${n || e.max} aria-label="amount"
        onInput=${(ev) => setN(ev.target.value)} />
      <button type="button" class=${'act ' + cls} data-action=${chosen.text} data-max=${e.max}
        onClick=${() => send(chosen.text)}>${label(amount)}</button>
    </span>` : ''}
  </div>`;
}

function attackLabels(e) {
  if (!e.base) return { label: (n) => `Attack ${e.player} for ${n}`, fullLabel: '' };
  return { label: (n) => `Damage ${e.player}'s ${e.base} by ${n}`, fullLabel: `Destroy ${e.player}'s ${e.base}` };
}

export function ActionPanel({ actions, pending, send, busy, onPlayAll }) {
  const g = groupActions(actions);
  const section = (title, items, help) => items.length ? html`<div class="act-group">
      <h4>${title}${help ? html` <span class="muted">${help}</span>` : ''}</h4><div class="act-row">${items}</div></div>` : '';
  const plays = g.play.map((a) => html`<${Btn} action=${a} label=${'Play ' + a.card} send=${send} card=${a.card} cls="play" />`);
  if (g.play.length > 1) plays.unshift(html`<button type="button" class="act play-all" onClick=${onPlayAll}
      title="play every card in your hand, one by one">Play all</button>`);
  return html`<div class=${'actions' + (busy ? ' busy' : '')}>
    ${section('Choose', g.choose.map((a) => html`<${Btn} action=${a} label=${chooseLabel(a, pending)} send=${send} cls="choose" />`))}
    ${section('Play from hand', plays)}
    ${section('Use abilities', g.use.map((a) => html`<${Btn} action=${a} label=${`${a.card}: ${a.ability}`} send=${send} card=${a.card} cls="use" />`))}
    ${section('Buy', g.buy.map((a) => html`<${Btn} action=${a} label=${a.card + cost(a.card) + (a.upgrade ? ` upgrade ${a.upgrade}` : '')}
        send=${send} card=${a.card} cls="buy" />`))}
    ${section('Attack', [...g.attack.values()].map((e) => html`<${Ranged} e=${e} send=${send} ...${attackLabels(e)} />`),
      'outposts must fall first')}
    ${section('Give to a teammate', [...g.give.values()].map((e) => html`<${Ranged} e=${e} send=${send} cls="give"
        label=${(n) => `Give ${e.player} ${e.pool} ${n}`} />`))}
    ${section('Pass a card', g.pass.map((a) => html`<${Btn} action=${a} label=${`Pass ${a.card} to ${(a.target || {}).player}`} send=${send} />`))}
    ${section('Finish', g.flow.map((a) => html`<${Btn} action=${a} label=${flowLabel[a.verb] || a.text} title=${flowHelp[a.verb]} send=${send} cls=${'flow ' + a.verb} />`))}
  </div>`;
}
