// The legal actions of a View, as a player acts on the table: groupActions sorts them (play,
// use, buy, attack, give, pass, answers to a decision, skip/done/end); indexActions finds the
// action each card, base and player on the table sends when clicked; the Prompt names the
// card and ability that ask and offers the answers that are not cards on the table; the
// EndTurn button warns before Trade, Combat or abilities go unused.
//
// Everything comes from the structure the server sends with each action (the view's
// `actions`: text, verb, card, target, amount, option, zone...) and the pending decision
// (`pending`); no action or prompt text is read here. A text is only ever sent back as it is,
// from an element that carries it as data-action.

import { useLayoutEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { Card, engineParts, inspect, Parts } from './cards.js';
import { hasMessage, nameOf, t, tm, tparts } from './i18n.js';

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
    const tg = a.target || {};
    if (a.verb === 'attack') {
      const base = tg.kind === 'card' ? tg.card : '';
      ranged(g.attack, base ? `${tg.player}:${base}` : tg.player, a, { player: tg.player, base });
    } else if (a.verb === 'give' && a.amount) {
      ranged(g.give, `${tg.player} ${a.pool}`, a, { player: tg.player, pool: a.pool });
    } else if (Array.isArray(g[a.verb]) && a.verb !== 'choose') g[a.verb].push(a);
    else if (flowVerbs.has(a.verb)) g.flow.push(a);
    else g.choose.push(a);
  }
  return g;
}

// The zones whose cards are on the table, where an answer naming one of them is clicked.
const tableZones = new Set(['hand', 'row', 'explorers', 'play']);

// indexActions says, for each thing drawn on the table, the action clicking it sends:
// a hand card (play it, or choose it), a Trade Row card (buy or choose), a card in play
// (its abilities; a base to attack or choose), a player (attack or choose).
export function indexActions(actions) {
  const g = groupActions(actions);
  const ix = {
    g,
    hand: new Map(), // card -> {action, verb}
    row: new Map(), // card -> {action, verb}; Explorer too
    uses: new Map(), // card -> [actions]
    base: new Map(), // "player:card" -> {action, verb, e}
    player: new Map(), // player -> {action, verb, e}
    onTable: new Set(), // texts of choose actions drawn on the table
  };
  for (const a of g.play) if (!ix.hand.has(a.card)) ix.hand.set(a.card, { action: a.text, verb: 'play' });
  for (const a of g.buy) if (!a.upgrade && !ix.row.has(a.card)) ix.row.set(a.card, { action: a.text, verb: 'buy' });
  for (const a of g.use) {
    const l = ix.uses.get(a.card) || [];
    l.push(a);
    ix.uses.set(a.card, l);
  }
  for (const a of g.choose) {
    const tg = a.target || {};
    if (a.upgrade || a.option) continue;
    if (a.card && tg.kind === 'card' && tg.player) {
      ix.base.set(`${tg.player}:${a.card}`, { action: a.text, verb: 'choose' });
      ix.onTable.add(a.text);
    } else if (a.card && (a.zone === 'hand' || a.zone === 'row' || a.zone === 'explorers')) {
      const m = a.zone === 'hand' ? ix.hand : ix.row;
      m.set(a.card, { action: a.text, verb: 'choose' });
      ix.onTable.add(a.text);
    } else if (!a.card && tg.kind === 'player') {
      ix.player.set(tg.player, { action: a.text, verb: 'choose' });
      ix.onTable.add(a.text);
    }
  }
  const targets = g.attack.size;
  for (const e of g.attack.values()) {
    const action = e.full ? e.full.text : (e.byAmount.get(e.max) || {}).text;
    if (!action) continue;
    const entry = { action, verb: 'attack', e, choose: targets > 1 && e.max > 1 };
    if (e.base) ix.base.set(`${e.player}:${e.base}`, entry);
    else ix.player.set(e.player, entry);
  }
  return ix;
}

// Btn is a button that sends one action.
export function Btn({ action, label, send, cls, title, card }) {
  return html`<button type="button" class=${'act ' + (cls || '')} data-action=${action.text} title=${title || ''}
    onMouseEnter=${card ? () => inspect(card) : undefined}
    onClick=${(e) => { e.stopPropagation(); send(action.text); }}>${label}</button>`;
}

// Ranged is one "attack/give up to N" control: an amount and a button that sends the listed
// action of that amount.
export function Ranged({ e, send, label, cls = 'attack' }) {
  const [n, setN] = useState('');
  const amount = Math.min(e.max, Math.max(1, +n || e.max));
  const chosen = e.byAmount.get(amount) || e.byAmount.get(e.max);
  if (!chosen) return '';
  return html`<span class="ranged" onClick=${(ev) => ev.stopPropagation()}>
    <input type="number" min="1" max=${e.max} value=${n || e.max} aria-label=${t('ui.amount')}
      onInput=${(ev) => setN(ev.target.value)} />
    <button type="button" class=${'act ' + cls} data-action=${chosen.text} data-max=${e.max}
      onClick=${() => send(chosen.text)}>${label(amount)}</button>
  </span>`;
}

// msgParts renders a label that is a Msg, a list of them, or an older engine string.
const msgParts = (x) => (x && typeof x === 'object' ? tparts(x) : engineParts(String(x || ''))[0] || []);

const abilityName = (ab) => (ab && hasMessage('ui.ability.' + ab) ? t('ui.ability.' + ab) : ab || '');
const effectKey = (effect) => 'ui.effect.' + String(effect || '').replace(/ /g, '_');

// askText names what a decision is and who asks: "Trading Post (Primary): choose one".
export function askText(p) {
  if (!p) return '';
  if (p.prompt && p.prompt.id) return tm(p.prompt); // the game's own sentence (docs/api.md)
  const what = p.effect && hasMessage(effectKey(p.effect)) ? t(effectKey(p.effect), { max: p.max || 0 }) : p.effect || t('ui.effect.decide');
  const asks = p.asks || {};
  if (asks.card) return t('ui.prompt.card_asks', { card: nameOf(asks.card) + (asks.number ? ` #${asks.number}` : ''), ability: abilityName(asks.ability), what });
  return t('ui.prompt.rules_ask', { what });
}

// chooseLabel labels an answer that is not drawn on the table.
function chooseLabel(a, pending) {
  const tg = a.target || {};
  if (a.option) {
    const o = pending && pending.option_text ? pending.option_text[a.option - 1]
      : pending && pending.options ? pending.options[a.option - 1] : '';
    return o ? html`<${Parts} parts=${msgParts(o)} />` : t('ui.option', { n: a.option });
  }
  const up = a.upgrade ? t('ui.with_upgrade', { upgrade: a.upgrade }) : '';
  if (a.card && tg.kind === 'card' && tg.player) return t('ui.choose.base', { player: tg.player, card: a.card }) + up;
  if (a.card && a.zone) return t('ui.choose.card_in', { card: a.card, zone: t('ui.zone.' + a.zone) }) + up;
  if (a.card) return nameOf(a.card) + up;
  if (tg.kind === 'player') return tg.player;
  return a.text;
}

// litWhat says what the table lights up for a decision: cards, players or both.
function litWhat(ix) {
  const players = [...ix.player.values()].some((e) => e.verb === 'choose');
  const cards = [...ix.hand.values(), ...ix.row.values(), ...ix.base.values()].some((e) => e.verb === 'choose');
  return players && cards ? 'both' : players ? 'player' : 'card';
}

// Prompt is the pending decision: what asks and what it asks, the answers that are not cards
// on the table, and skip/done.
export function Prompt({ pending, ix, send, mine }) {
  const g = ix.g;
  const answers = g.choose.filter((a) => !ix.onTable.has(a.text));
  const flow = g.flow.filter((a) => a.verb !== 'end');
  const onTable = ix.onTable.size > 0;
  return html`<div class="prompt" role="status" data-testid="prompt">
    <div class="prompt-text"><b>${askText(pending)}</b>
      ${pending.max > 1 ? html` <span class="muted">${t('ui.prompt.up_to', { n: pending.max })}</span>` : ''}
      ${mine && onTable ? html` <span class="muted">${t('ui.prompt.click_lit', { what: litWhat(ix), here: answers.length ? 'yes' : 'no' })}</span>` : ''}
      ${!mine ? html` <span class="muted">${t('ui.prompt.waiting_for', { player: pending.player })}</span>` : ''}</div>
    ${mine ? html`<div class="act-row">
      ${answers.map((a) => (a.card && !a.upgrade
        ? html`<span class="prompt-card"><${Card} name=${a.card} size="mini" action=${a.text} verb="choose" onAct=${send} lit
            label=${chooseLabel(a, pending)} /><span class="muted small">${a.zone ? t('ui.zone.' + a.zone) : ''}</span></span>`
        : html`<${Btn} action=${a} label=${chooseLabel(a, pending)} send=${send} card=${a.card} cls="choose" />`))}
      ${flow.map((a) => html`<${Btn} action=${a} label=${t('ui.flow.' + a.verb)} title=${t('ui.flow.' + a.verb + '_help')} send=${send} cls=${'flow ' + a.verb} />`)}
    </div>` : ''}
  </div>`;
}

// Extras are the actions with no place of their own on the table: upgraded acquisitions,
// an attack on a base for part of its defense, Hydra's gifts, Emperor's passes.
export function Extras({ ix, send }) {
  const g = ix.g;
  const section = (title, items) => items.length ? html`<div class="act-group">
      <h4>${title}</h4><div class="act-row">${items}</div></div>` : '';
  const upgrades = g.buy.filter((a) => a.upgrade);
  const partial = [...g.attack.values()].filter((e) => e.base && e.full && e.max > 0);
  const gives = [...g.give.values()];
  if (!upgrades.length && !partial.length && !gives.length && !g.pass.length) return '';
  return html`<div class="extras actions">
    ${section(t('ui.section.upgrades'), upgrades.map((a) => html`<${Btn} action=${a} send=${send} card=${a.card} cls="buy"
      label=${t('ui.buy_upgraded', { card: a.card, upgrade: a.upgrade })} />`))}
    ${section(t('ui.section.damage_base'), partial.map((e) => html`<${Ranged} e=${e} send=${send}
      label=${(n) => t('ui.attack.damage_base', { player: e.player, card: e.base, n })} />`))}
    ${section(t('ui.section.give'), gives.map((e) => html`<${Ranged} e=${e} send=${send} cls="give"
      label=${(n) => t('ui.give', { player: e.player, pool: t('ui.pool.' + e.pool), n })} />`))}
    ${section(t('ui.section.pass'), g.pass.map((a) => html`<${Btn} action=${a} send=${send} card=${a.card} cls="pass"
      label=${t('ui.pass', { card: a.card, player: (a.target || {}).player })} />`))}
  </div>`;
}

const warnKey = 'starnexus.warnEndTurn';
const warnOn = () => { try { return localStorage.getItem(warnKey) !== 'off'; } catch { return true; } };

// unspent lists what ending the turn now would waste: Trade that could still buy, Combat that
// could still attack, abilities (other than scrap) not used.
export function unspent(me, ix) {
  const out = [];
  if (!me) return out;
  if (me.trade > 0 && ix.g.buy.length) out.push(html`<li><${Parts} parts=${tparts({ id: 'ui.warn.trade', args: { n: me.trade, pool: { id: 'icon.trade' } } })} /></li>`);
  if (me.combat > 0 && ix.g.attack.size) out.push(html`<li><${Parts} parts=${tparts({ id: 'ui.warn.combat', args: { n: me.combat, pool: { id: 'icon.combat' } } })} /></li>`);
  const abilities = ix.g.use.filter((a) => a.ability !== 'scrap');
  if (abilities.length) out.push(html`<li>${t('ui.warn.abilities', { n: abilities.length, list: abilities.map((a) => `${nameOf(a.card)} (${abilityName(a.ability)})`).join(', ') })}</li>`);
  return out;
}

// EndTurn is the End turn button; with something left to spend it first asks, unless the
// player turned the warning off (remembered in this browser).
export function EndTurn({ action, me, ix, send }) {
  const [asking, setAsking] = useState(false);
  const left = unspent(me, ix);
  // The question takes the focus (Back); E again, or Tab then Enter, ends the turn anyway.
  useLayoutEffect(() => {
    if (!asking) return undefined;
    const back = document.querySelector('.dialog button.back');
    if (back) back.focus();
    const esc = (e) => { if (e.key === 'Escape') setAsking(false); };
    addEventListener('keydown', esc);
    return () => removeEventListener('keydown', esc);
  }, [asking]);
  const click = () => {
    if (left.length && warnOn()) setAsking(true);
    else send(action.text);
  };
  return html`<button type="button" class="act flow end" data-action=${action.text} title=${t('ui.flow.end_help')} onClick=${click}>${t('ui.flow.end')}</button>
    ${asking ? html`<div class="dialog-back" onClick=${() => setAsking(false)}>
      <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="end-warn-title" onClick=${(e) => e.stopPropagation()}>
        <h3 id="end-warn-title">${t('ui.warn.title')}</h3>
        <ul>${left}</ul>
        <label class="check"><input type="checkbox" data-testid="no-end-warning"
          onChange=${(e) => { try { localStorage.setItem(warnKey, e.target.checked ? 'off' : 'on'); } catch { /* private mode */ } }} />
          ${' '}${t('ui.warn.dont_ask')}</label>
        <div class="act-row">
          <button type="button" class="back" onClick=${() => setAsking(false)} autofocus>${t('ui.warn.back')}</button>
          <button type="button" class="act flow end confirm" data-testid="end-anyway" data-action=${action.text}
            onClick=${() => { setAsking(false); send(action.text); }}>${t('ui.warn.end_anyway')}</button>
        </div>
      </div></div>` : ''}`;
}

