// The legal actions of a View, grouped as a player thinks of them: play, use, buy, attack,
// give and pass, answers to a decision, and skip/done/end. Amounts ("attack Bob 1" ...
// "attack Bob 9") collapse into one control with a number input.

import { useState } from 'preact/hooks';
import { html } from './html.js';
import { cardInfo, inspect } from './cards.js';

// groupActions sorts the legal action texts into groups; each ranged group has a prefix
// ("attack Bob", "give Ann trade"), the largest amount, and the text of the action that uses
// everything at once where the engine lists one ("attack Bob:Blob Wheel").
export function groupActions(legal) {
  const g = { choose: [], play: [], use: [], buy: [], attack: new Map(), give: new Map(), pass: [], flow: [] };
  const ranged = (map, key, n, full) => {
    const e = map.get(key) || { key, max: 0, full: '' };
    if (n) e.max = Math.max(e.max, n); else e.full = full;
    map.set(key, e);
  };
  for (const a of legal || []) {
    const [verb] = a.split(' ', 1);
    let m;
    if (verb === 'attack') {
      if ((m = /^attack (.+) (\d+)$/.exec(a))) ranged(g.attack, m[1], +m[2]);
      else ranged(g.attack, a.slice(7), 0, a);
    } else if (verb === 'give' && (m = /^give (.+ (?:trade|combat)) (\d+)$/.exec(a))) {
      ranged(g.give, m[1], +m[2]);
    } else if (verb in g && Array.isArray(g[verb])) g[verb].push(a);
    else if (verb === 'skip' || verb === 'done' || verb === 'end') g.flow.push(a);
    else g.choose.push(a);
  }
  return g;
}

// optionTexts reads "1) combat 3; 2) trade 2" from a decision prompt.
function optionTexts(prompt) {
  const out = {};
  const re = /(\d+)\) ([^;]+)/g;
  let m;
  while ((m = re.exec(prompt || ''))) out[m[1]] = m[2].trim();
  return out;
}

function chooseLabel(a, opts) {
  const rest = a.slice(7);
  if (/^\d+$/.test(rest)) return opts[rest] ? `${rest}) ${opts[rest]}` : `Option ${rest}`;
  const m = /^(hand|discard|deck|row|play):(.+)$/.exec(rest);
  if (m) return `${m[2]} (from ${m[1] === 'row' ? 'trade row' : m[1]})`;
  return rest;
}

const cost = (name) => { const c = cardInfo(name); return c && c.cost != null ? ` (${c.cost})` : ''; };
const flowLabel = { skip: 'Skip', done: 'Done', end: 'End turn' };
const flowHelp = {
  skip: 'decline this optional effect',
  done: 'stop here: choose no more',
  end: 'end your turn: unspent Trade and Combat are lost',
};

function Btn({ action, label, send, cls, title, card }) {
  return html`<button type="button" class=${'act ' + (cls || '')} data-action=${action} title=${title || action}
    onMouseEnter=${card ? () => inspect(card) : undefined}
    onClick=${() => send(action)}>${label}</button>`;
}

// Ranged is one "attack/give up to N" control: an amount and a button.
function Ranged({ verb, e, send, label, fullLabel, cls = 'attack' }) {
  const [n, setN] = useState('');
  const amount = Math.min(e.max, Math.max(1, +n || e.max));
  return html`<div class="ranged">
    ${e.full ? html`<${Btn} action=${e.full} label=${fullLabel} send=${send} cls="attack" />` : ''}
    ${e.max > 0 ? html`<span class="amount">
      <input type="number" min="1" max=${e.max} value=${n || e.max} aria-label="amount"
        onInput=${(ev) => setN(ev.target.value)} />
      <button type="button" class=${'act ' + cls} data-action=${`${verb} ${e.key}`} data-max=${e.max}
        onClick=${() => send(`${verb} ${e.key} ${amount}`)}>${label(amount)}</button>
    </span>` : ''}
  </div>`;
}

function attackLabels(key) {
  const [who, base] = key.split(':');
  if (!base) return { label: (n) => `Attack ${who} for ${n}`, fullLabel: '' };
  return { label: (n) => `Damage ${who}'s ${base} by ${n}`, fullLabel: `Destroy ${who}'s ${base}` };
}

export function ActionPanel({ legal, prompt, send, busy, onPlayAll }) {
  const g = groupActions(legal);
  const opts = optionTexts(prompt);
  const section = (title, items, help) => items.length ? html`<div class="act-group">
      <h4>${title}${help ? html` <span class="muted">${help}</span>` : ''}</h4><div class="act-row">${items}</div></div>` : '';
  const plays = g.play.map((a) => html`<${Btn} action=${a} label=${'Play ' + a.slice(5)} send=${send} card=${a.slice(5)} cls="play" />`);
  if (g.play.length > 1) plays.unshift(html`<button type="button" class="act play-all" onClick=${onPlayAll}
      title="play every card in your hand, one by one">Play all</button>`);
  return html`<div class=${'actions' + (busy ? ' busy' : '')}>
    ${section('Choose', g.choose.map((a) => html`<${Btn} action=${a} label=${chooseLabel(a, opts)} send=${send} cls="choose" />`))}
    ${section('Play from hand', plays)}
    ${section('Use abilities', g.use.map((a) => {
      const m = /^use (.+) (\w+)$/.exec(a);
      return html`<${Btn} action=${a} label=${m ? `${m[1]}: ${m[2]}` : a} send=${send} card=${m && m[1]} cls="use" />`;
    }))}
    ${section('Buy', g.buy.map((a) => html`<${Btn} action=${a} label=${a.slice(4) + cost(a.slice(4))} send=${send} card=${a.slice(4)} cls="buy" />`))}
    ${section('Attack', [...g.attack.values()].map((e) => html`<${Ranged} verb="attack" e=${e} send=${send} ...${attackLabels(e.key)} />`),
      'outposts must fall first')}
    ${section('Give to a teammate', [...g.give.values()].map((e) => html`<${Ranged} verb="give" e=${e} send=${send} cls="give"
        label=${(n) => `Give ${e.key.replace(/ (trade|combat)$/, ' $1')} ${n}`} />`))}
    ${section('Pass a card', g.pass.map((a) => html`<${Btn} action=${a} label=${a.replace(/^pass/, 'Pass')} send=${send} />`))}
    ${section('Finish', g.flow.map((a) => html`<${Btn} action=${a} label=${flowLabel[a] || a} title=${flowHelp[a]} send=${send} cls=${'flow ' + a} />`))}
  </div>`;
}
