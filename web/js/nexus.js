// The Stellar Nexus table, laid out as a card game's: the opponents at the top, the stack and
// the decision in the middle, my side at the bottom with my hand as cards. Creatures are drawn
// as cards (name, cost, strength/endurance now, the points left, keywords, markers, equipment;
// tapped ones turned, arrived ones marked). The player acts on the table: a card of the hand is
// cast by clicking it, an attacker declared by clicking the creature, a block by clicking one
// of my creatures then the attacker it blocks, a target by clicking it; the decision bar holds
// the rest and the button that passes (Next / Resolve / Attack / No blocks ...). Passing is
// automatic where the player set no stop (autopass.js); the phase track shows and toggles the
// stops.
//
// Everything shown comes from the seat's View: a hand is drawn only when the View carries it
// (the viewer's own, an ally's in allied play), never for an opponent or a spectator. Every
// element that sends an action carries its text in data-action. Every label is a message of
// the catalog (ui.nexus.*).

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';
import { addNames, hasMessage, loadMessages, messagesLoaded, nameOf, t, tm } from './i18n.js';
import { autoAction, pointOf, stopPoints, useStops } from './autopass.js';
import { botName } from './lang.js';
import { EndBanner, SeatDot } from './endgame.js';

// The card texts (GET /api/cards?game=nexus) and the card whose text the side panel shows.
let nxCatalog = new Map();
let nxLoading = null;
let nxInspected = '';
let msgLoading = null;
const nxListeners = new Set();
const nxNotify = () => { for (const f of nxListeners) f(nxInspected); };
const nxTicks = new Set();
const nxTick = () => { for (const f of nxTicks) f((n) => n + 1); };

export function loadNexusCards() {
  if (!nxLoading) {
    nxLoading = api.nexusCards().then((r) => {
      nxCatalog = new Map(((r && r.cards) || []).map((c) => [c.name.toLowerCase(), c]));
      const cs = (r && r.cards) || [];
      // card names, and the names of the heroes' abilities ("Quickening")
      addNames(cs.filter((c) => c.names).map((c) => [c.name, c.names]).concat(cs.flatMap((c) => Object.entries(c.ability_names || {}))));
      nxNotify();
      nxTick();
    }, () => {});
  }
  return nxLoading;
}

// useNexusData loads the card texts and the messages once and draws again when they come.
function useNexusData() {
  const [, setTick] = useState(0);
  useEffect(() => {
    nxTicks.add(setTick);
    loadNexusCards();
    if (!messagesLoaded() && !msgLoading) msgLoading = loadMessages().then(nxTick, () => { msgLoading = null; });
    return () => nxTicks.delete(setTick);
  }, []);
}

const cardOf = (name) => (name && nxCatalog.get(name.toLowerCase())) || null;
const inspectCard = (name) => () => { nxInspected = name; nxNotify(); };
// A card text entry: a string, or a message (or a list of them) of the catalog.
const textOf = (x) => (typeof x === 'string' ? x : tm(x));
const label = (id, args) => t('ui.nexus.' + id, args);
const factionClass = (c) => 'nf-' + ((c && c.faction) || 'neutral').toLowerCase();
// A keyword as the View names it ("Agility"), in the page's language.
const kwName = (k) => {
  const id = 'nexus.card.kw.' + String(k).toLowerCase();
  return k && k !== 'Division' && hasMessage(id) ? t(id) : k;
};
const names = (list) => list.map(nameOf).join(', ');

export function NexusCardPanel() {
  useNexusData();
  const [name, setName] = useState(nxInspected);
  const [, setMessages] = useState(messagesLoaded());
  useEffect(() => {
    loadNexusCards();
    if (!messagesLoaded()) loadMessages().then(() => setMessages(true), () => {});
    nxListeners.add(setName);
    return () => nxListeners.delete(setName);
  }, []);
  const c = name && nxCatalog.get(name.toLowerCase());
  if (!c) return html`<section class="card-panel nx-card-panel"><p class="muted small">${label('panel.hint')}</p></section>`;
  // Text, keywords and reminders are messages (docs/api.md); c.rules, the engine notation, is never shown.
  return html`<section class=${'card-panel nx-card-panel ' + factionClass(c)} data-testid="card-panel">
    <div class="cp-head"><b>${nameOf(c.name)}</b>${c.cost != null ? html` <span class="cost">${c.cost}</span>` : ''}</div>
    <div class="cp-type muted">${tm(c.faction_text)} ${tm(c.type_text)}${c.stats ? ' · ' + c.stats : ''}${c.life ? ' · ' + t('nexus.card.head.life', { n: c.life }) : ''}</div>
    ${(c.keyword_text || []).map((k) => html`<div class="cp-ab" title=${tm(k.args.reminder)}>${tm(k)}</div>`)}
    ${(c.text || []).map((m) => html`<div class="cp-ab">${textOf(m)}</div>`)}
  </section>`;
}

// nexusGroups sorts the legal actions by their verbs; each keeps its exact text.
const groupOf = { cast: 'cast', activate: 'activate', attack: 'attack', 'add attacker': 'attack', block: 'block', pass: 'flow', done: 'flow' };
export function nexusGroups(actions) {
  const g = { decide: [], cast: [], activate: [], attack: [], block: [], flow: [] };
  for (const a of actions || []) g[groupOf[a.verb] || 'decide'].push(a);
  return g;
}

// A card or ability that asks, as the player reads it: "Pounce", "Ossuary Vent (Autolyse)".
function sourceText(asks) {
  if (!asks || !asks.card) return '';
  const card = asks.number ? label('numbered', { card: asks.card, n: asks.number }) : nameOf(asks.card);
  if (asks.ability === 'hero') return label('source.hero', { card });
  return asks.ability ? label('source.ability', { card, ability: asks.ability }) : card;
}

const objName = (card, number) => (number ? label('numbered', { card, n: number }) : nameOf(card));

// actionLabel is what a button of the decision bar says for an action.
function actionLabel(a, v) {
  const tg = a.target || {};
  const what = a.card ? objName(a.card, a.number) : tg.card ? objName(tg.card, tg.number) : tg.player || '';
  switch (a.verb) {
    case 'pass': return (v.stack || []).length ? label('btn.resolve') : label('btn.next');
    case 'done':
      if (v.pending && v.pending.kind === 'attack') return label('btn.attack');
      if (v.pending && v.pending.kind === 'block') return label('btn.blocks');
      return label('btn.done');
    case 'attack': return label('btn.no_attack');
    case 'keep': return label('btn.keep');
    case 'mulligan': return label('btn.mulligan');
    case 'yes': return label('btn.yes');
    case 'no': return label('btn.no');
    case 'skip': return label('btn.skip');
    case 'cast': return label('act.cast', { card: what });
    case 'activate': return a.ability === 'hero' ? label('act.hero', { card: a.card }) : label('act.activate', { card: what, ability: a.ability || 'none' });
    case 'add attacker': return tg.player ? label('act.attack_at', { card: what, player: tg.player }) : label('act.attack', { card: what });
    case 'block': return label('act.block', { card: what, attacker: objName(tg.card, tg.number) });
    case 'swap': return label('act.swap', { card: what });
    case 'choose':
      if (a.option) {
        const o = v.pending && (v.pending.option_text || [])[a.option - 1];
        return label('act.option', { option: o ? tm(o) : a.option });
      }
      return label('act.choose', { what: what || a.text });
    default: return label('act.other', { text: a.text });
  }
}

// The prompt of the pending decision, naming the card and ability that ask.
function promptOf(v, me) {
  const p = v.pending;
  if (!p) return '';
  const src = sourceText(p.asks);
  const top = (v.stack || [])[0];
  switch (p.kind) {
    case 'priority':
      if (top && top.controller !== me) return label('prompt.respond', { who: top.controller, card: stackName(top) });
      if (top) return label('prompt.own_stack', { card: stackName(top) });
      return v.active === me ? label('prompt.priority_mine', { point: label('point.' + pointOf(v)) })
        : label('prompt.priority_theirs', { who: v.active, point: label('point.' + pointOf(v)) });
    case 'attack': return label('prompt.attack'); // how to declare them on this table
    case 'block': return label('prompt.block');
    default:
      // The game's own sentence, naming the card and ability that ask (docs/api.md).
      if (p.prompt && p.prompt.id) return tm(p.prompt);
      return src ? label('prompt.asks.' + p.kind, { source: src, effect: p.effect || '' })
        : label('prompt.rules.' + p.kind, { effect: p.effect || '' });
  }
}

function stackName(it) {
  return it.ability ? label('source.ability', { card: it.source || it.name, ability: it.ability }) : nameOf(it.source || it.name);
}

// NexusTopbar is the top line's link back and what game this is.
export function NexusTopbar({ id, v, me }) {
  useNexusData();
  return html`<a href="#/">${label('lobby')}</a>
    <span>${label('topbar', { id, format: label('format.' + (v.format || 'duel')) })} · ${me ? label('you_are', { name: me.name }) : html`<b>${label('spectating')}</b>`}</span>`;
}

// NexusBanner says who won, or that open seats wait; the prompt is in the decision bar.
export function NexusBanner({ v }) {
  useNexusData();
  if (v.over) return html`<${EndBanner} v=${v} id=${v.id} />`;
  if (v.waiting && v.waiting.length) return html`<div class="banner waiting">${label('waiting_seats', { n: v.waiting.length })}</div>`;
  return '';
}

// match says whether an action's card (or target) is the object named card #number.
const same = (name, number, c) => name === c.name && (number == null || number === c.number);

// The actions that a click on a table object sends, by object: attacks, targets, activations.
function objectActions(actions, c, zone) {
  return actions.filter((a) => a.verb !== 'block' && a.verb !== 'cast' && (
    (a.zone === zone && a.card && same(a.card, a.number, c) && a.verb !== 'choose') ||
    (a.verb === 'choose' && a.card && a.zone === zone && same(a.card, a.number, c)) ||
    (a.verb === 'choose' && a.target && a.target.kind === 'card' && a.target.zone === zone && same(a.target.card, a.target.number, c))));
}

function Stat({ label: l, value, cls, testid, title, zone }) {
  return html`<span class=${'stat ' + (cls || '')} title=${title || l} data-zone=${zone}><span class="stat-label">${l}</span> <b data-testid=${testid}>${value}</b></span>`;
}

function lifeClass(n) {
  if (n <= 0) return 'life nx-life dead';
  if (n <= 5) return 'life nx-life low';
  return 'life nx-life';
}

// Creature draws one creature as a card. act: the action a click sends (data-action), or a
// function for a click that selects; menu: the actions to choose among when several apply.
function Creature({ c, act, onSelect, selected, lit, menu, send, blockers, dup }) {
  const d = cardOf(c.name);
  const stats = c.strength != null ? html`<span class="nx-pt" title=${label('pt.title')}>${c.strength}/${c.endurance}</span>` : '';
  const left = c.attack_left != null ? html`<span class="nx-left" title=${label('left.title')}>${label('left', { atk: c.attack_left, def: c.defense_left })}</span>` : '';
  const cls = ['nx-creature', 'nx-cardface', factionClass(d), c.tapped ? 'is-tapped' : '', c.attacking ? 'is-attacking' : '',
    c.blocking ? 'is-blocking' : '', selected ? 'is-selected' : '', lit ? 'is-lit' : '', act || onSelect ? 'clickable' : ''].join(' ');
  const body = html`
    <span class="nx-cf-head"><span class="nx-cf-name">${objName(c.name, dup ? c.number : 0)}</span>${d && d.cost != null ? html`<span class="cost">${d.cost}</span>` : ''}</span>
    ${c.token ? html`<span class="nx-cf-type">${label('token')}</span>` : ''}
    ${(c.keywords || []).length ? html`<span class="nx-kw">${c.keywords.map(kwName).join(' · ')}</span>` : ''}
    ${(c.equipment || []).length ? html`<span class="nx-eq">${label('equipped', { list: names(c.equipment) })}</span>` : ''}
    <span class="nx-marks">
      ${c.markers ? html`<span class="mark markers" title=${label('markers.title')}>${label('markers', { n: c.markers, sign: c.markers > 0 ? '+' : '−', abs: Math.abs(c.markers) })}</span>` : ''}
      ${c.arrived ? html`<span class="mark arrived" title=${label('arrived.title')}>${label('arrived')}</span>` : ''}
      ${c.tapped ? html`<span class="mark tapped">${label('tapped')}</span>` : ''}
      ${c.attacking ? html`<span class="mark attacking">${label('attacking', { player: c.attacking })}</span>` : ''}
      ${c.blocking ? html`<span class="mark blocking">${label('blocking', { attacker: c.blocking, n: c.block_order || 0 })}</span>` : ''}
    </span>
    <span class="nx-cf-foot">${left}${stats}</span>`;
  const order = blockers && blockers.length ? html`<ol class="nx-order" title=${label('order.title')}>${blockers.map((b, i) =>
    html`<li>${label('order_item', { n: b.block_order || i + 1, card: b.name })}</li>`)}</ol>` : '';
  const wrap = (inner) => html`<div class="nx-slot">${inner}${order}
    ${menu && menu.length ? html`<div class="nx-menu">${menu.map((a) => html`<button type="button" class="act choose" data-action=${a.text} onClick=${() => send(a.text)}>${a.label}</button>`)}</div>` : ''}</div>`;
  if (act) {
    return wrap(html`<button type="button" class=${'act ' + cls} data-action=${act} data-card=${c.name} data-number=${c.number} onMouseEnter=${inspectCard(c.name)} onFocus=${inspectCard(c.name)} onClick=${() => send(act)}>${body}</button>`);
  }
  if (onSelect) {
    return wrap(html`<button type="button" class=${cls} data-card=${c.name} data-number=${c.number} aria-pressed=${selected ? 'true' : 'false'} onMouseEnter=${inspectCard(c.name)} onFocus=${inspectCard(c.name)} onClick=${onSelect}>${body}</button>`);
  }
  return wrap(html`<div class=${cls} data-card=${c.name} data-number=${c.number} onMouseEnter=${inspectCard(c.name)}>${body}</div>`);
}

// HandCard is a card of my hand: a button that casts it when it can be cast.
function HandCard({ name, act, send }) {
  const d = cardOf(name);
  const body = html`<span class="nx-cf-head"><span class="nx-cf-name">${nameOf(name)}</span>${d && d.cost != null ? html`<span class="cost">${d.cost}</span>` : ''}</span>
    <span class="nx-cf-type">${d ? (d.type_text ? tm(d.type_text) : d.type) : ''}</span>
    ${d && (d.keyword_text || []).length ? html`<span class="nx-kw">${d.keyword_text.map((k) => tm(k.args.name)).join(' · ')}</span>`
      : d && (d.keywords || []).length ? html`<span class="nx-kw">${d.keywords.map(kwName).join(' · ')}</span>` : ''}
    <span class="nx-cf-text">${d ? (d.text || []).map((x) => html`<span>${textOf(x)}</span>`) : ''}</span>
    <span class="nx-cf-foot">${d && d.stats ? html`<span class="nx-pt">${d.stats}</span>` : ''}</span>`;
  const cls = 'nx-card nx-cardface nx-handcard ' + factionClass(d);
  if (act) return html`<button type="button" class=${'act clickable ' + cls} data-action=${act} data-card=${name} title=${label('cast.title', { card: name })}
    onMouseEnter=${inspectCard(name)} onFocus=${inspectCard(name)} onClick=${() => send(act)}>${body}</button>`;
  return html`<div class=${cls} data-card=${name} onMouseEnter=${inspectCard(name)}>${body}</div>`;
}

function Zone({ title, cards, zone }) {
  return html`<details class="nx-zone" data-zone=${zone}><summary>${title} <b>${cards.length}</b></summary>
    <div class="nx-list">${cards.length ? cards.map((n) => html`<span class="nx-chip" onMouseEnter=${inspectCard(n)}>${nameOf(n)}</span>`) : html`<span class="muted">${label('empty')}</span>`}</div></details>`;
}

const count = (n) => (n == null || n < 0 ? '?' : n);

function NexusPlayer({ p, me, ally, v, seatInfo, ctx }) {
  const res = p.resources || [];
  const untapped = res.filter((r) => !r.tapped).length;
  const cls = ['player', 'nx-player', me ? 'me' : 'them', p.lost ? 'defeated' : '', p.name === v.active ? 'active' : ''].join(' ');
  const heroAct = me ? (v.actions || []).find((a) => a.verb === 'activate' && a.ability === 'hero') : null;
  // The blockers of each of this player's attackers, in blocking order.
  const blockersOf = (c) => v.players.flatMap((q) => (q.field || []).filter((b) => b.blocking &&
    (b.blocking === c.name || b.blocking === c.name + ' #' + c.number)))
    .sort((a, b) => (a.block_order || 0) - (b.block_order || 0));
  const field = (p.field || []).map((c) => ctx.creature(c, p, c.attacking ? blockersOf(c) : null));
  const hand = p.hand ? html`<div class=${me ? 'hand nx-hand' : 'seen-hand nx-hand'} data-testid=${me ? 'my-hand' : 'ally-hand'}>
      <h3>${me ? label('hand.mine', { n: p.hand.length }) : label('hand.ally', { who: p.name, n: p.hand.length })}</h3>
      <div class="nx-row">${p.hand.length ? p.hand.map((n) => html`<${HandCard} name=${n} act=${me ? ctx.castable.get(n) : ''} send=${ctx.send} />`)
        : html`<span class="muted">${label('empty')}</span>`}</div></div>` : '';
  return html`<section class=${cls} data-player=${p.name}>
    <header>
      <${SeatDot} seat=${v.players.indexOf(p)} /><span class="pname">${p.name}${me ? ' ' + label('you') : ''}</span>
      ${ally ? html`<span class="badge team">${label('ally')}</span>` : ''}
      ${seatInfo && seatInfo.kind === 'bot' ? html`<span class="badge bot">${label('bot', { bot: botName(seatInfo.bot) })}</span>` : ''}
      ${p.name === v.active && !p.lost ? html`<span class="badge turn">${label('badge.turn')}</span>` : ''}
      ${p.name === v.to_move && !v.over ? html`<span class="badge priority" data-testid="priority">${v.pending && v.pending.kind === 'priority' ? label('badge.priority') : label('badge.deciding')}</span>` : ''}
      ${p.lost ? html`<span class="badge dead">${label('badge.lost')}</span>` : ''}
      <span class=${'nx-lifebox ' + lifeClass(p.life)} title=${label('life.title')}><b data-testid="life">${v.turn === 0 ? '—' : p.life}</b></span>
      <span class="nx-hero" onMouseEnter=${p.hero ? inspectCard(p.hero) : undefined}>${label('hero', { hero: p.hero || label('hero.secret') })}
        ${heroAct ? html` <button type="button" class="act use" data-action=${heroAct.text} title=${actionLabel(heroAct, v)} onClick=${() => ctx.send(heroAct.text)}>${label('btn.hero')}</button>` : ''}</span>
    </header>
    <div class="stats">
      <${Stat} label=${label('stat.resources')} value=${`${untapped}/${res.length}`} testid="resources" title=${label('stat.resources.title')} />
      <${Stat} label=${label('stat.hand')} value=${count(p.hand_count)} zone="hand" />
      <${Stat} label=${label('stat.library')} value=${count(p.library_count)} zone="library" />
      <${Stat} label=${label('stat.pile')} value=${p.resource_pile_count} title=${label('stat.pile.title')} zone="resource_pile" />
      ${p.mulligans ? html`<${Stat} label=${label('stat.mulligans')} value=${p.mulligans} />` : ''}
      <${Zone} title=${label('zone.graveyard')} cards=${p.graveyard || []} zone="graveyard" />
      ${(p.exile || []).length ? html`<${Zone} title=${label('zone.exile')} cards=${p.exile} zone="exile" />` : ''}
      <span class="nx-resources">${res.map((r) => ctx.resource(r, p.name))}</span>
    </div>
    <div class="nx-field">${field.length ? field : html`<span class="muted">${label('no_creatures')}</span>`}</div>
    ${hand}
  </section>`;
}

function Stack({ stack, ctx }) {
  return html`<section class="nx-stack" data-testid="stack"><h3>${label('stack.title')} <span class="muted">${label('stack.top_first')}</span></h3>
    ${stack.length ? html`<ol>${stack.map((it, i) => {
      const act = ctx.stackAct(it);
      const body = html`<span class="nx-si-name">${stackName(it)}</span>
        <span class="nx-si-who">${label('stack.by', { who: it.controller })}</span>
        ${(it.targets || []).length ? html`<span class="nx-si-tg">${label('stack.targets', { list: names(it.targets) })}</span>` : ''}`;
      return html`<li class=${i === 0 ? 'top' : ''} data-card=${it.source || it.name} onMouseEnter=${inspectCard(it.source || it.name)}>
        ${act ? html`<button type="button" class="act choose" data-action=${act} onClick=${() => ctx.send(act)}>${body}</button>` : body}</li>`;
    })}</ol>` : html`<p class="muted">${label('stack.empty')}</p>`}
  </section>`;
}

// PhaseTrack shows where the turn is and the stops of this turn's side; a click toggles one.
function PhaseTrack({ v, me, stops, setStops }) {
  const mine = v.active === me;
  const side = mine ? 'mine' : 'theirs';
  const here = pointOf(v);
  const toggle = (pt) => () => {
    const list = stops[side].includes(pt) ? stops[side].filter((x) => x !== pt) : [...stops[side], pt];
    setStops({ ...stops, [side]: list });
  };
  return html`<div class="nx-track" role="group" aria-label=${label('track.label')}>
    ${stopPoints.map((pt) => {
      const on = stops.full || stops[side].includes(pt);
      return html`<button type="button" class=${'nx-pt-step' + (pt === here ? ' now' : '') + (on ? ' stop' : '')}
        aria-pressed=${on ? 'true' : 'false'} title=${label(on ? 'track.stop_on' : 'track.stop_off', { point: label('point.' + pt), side: label('side.' + side) })}
        disabled=${!me || stops.full} onClick=${toggle(pt)}>${label('point.' + pt)}</button>`;
    })}
  </div>`;
}

// StopSettings is the panel of stops, my turn and the opponents' turns apart, and full control.
function StopSettings({ stops, setStops }) {
  const flip = (side, pt) => () => {
    const list = stops[side].includes(pt) ? stops[side].filter((x) => x !== pt) : [...stops[side], pt];
    setStops({ ...stops, [side]: list });
  };
  return html`<details class="nx-stops" data-testid="stops"><summary>${label('stops.title')}</summary>
    <p class="muted small">${label('stops.help')}</p>
    <label class="nx-full"><input type="checkbox" checked=${stops.full} onChange=${() => setStops({ ...stops, full: !stops.full })} /> ${label('stops.full')}</label>
    <table><thead><tr><th></th><th>${label('side.mine')}</th><th>${label('side.theirs')}</th></tr></thead><tbody>
      ${stopPoints.map((pt) => html`<tr><td>${label('point.' + pt)}</td>
        ${['mine', 'theirs'].map((side) => html`<td><input type="checkbox" aria-label=${label('stops.box', { point: label('point.' + pt), side: label('side.' + side) })}
          checked=${stops[side].includes(pt)} disabled=${stops.full} onChange=${flip(side, pt)} /></td>`)}</tr>`)}
    </tbody></table></details>`;
}

// NexusStatus is the line that says where the game is, with the phase track and the stops.
export function NexusStatus({ v, me, stops, setStops }) {
  return html`<div class="nx-status" data-testid="nx-status">
    <span>${label('status.turn', { n: v.turn, who: v.active })}</span>
    <span class="nx-now">${label('status.phase')} <b data-testid="phase">${label('phase.' + v.phase)}</b>${v.step ? html` · <b data-testid="step">${label('point.' + v.step)}</b>` : ''}</span>
    ${stops ? html`<${PhaseTrack} v=${v} me=${me} stops=${stops} setStops=${setStops} />` : ''}
  </div>`;
}

// DecisionBar holds the actions that are not on the table and the button that moves on.
function DecisionBar({ v, me, rest, flow, busy, auto, send }) {
  return html`<div class=${'actions nx-decision' + (busy || auto ? ' busy' : '')} data-testid="actions">
    ${auto ? html`<span class="muted">${label('passing')}</span>` : html`
      <div class="nx-prompt" data-testid="prompt">${promptOf(v, me)}</div>`}
    ${auto ? '' : html`
      <div class="act-row">${rest.map((a) => html`<button type="button" class=${'act ' + (a.verb === 'activate' ? 'use' : 'choose')} data-action=${a.text}
        onMouseEnter=${a.card ? inspectCard(a.card) : undefined} onClick=${() => send(a.text)}>${actionLabel(a, v)}</button>`)}</div>
      <div class="act-row nx-flow">${flow.map((a) => html`<button type="button" class=${'act flow ' + (a.verb === 'done' || a.verb === 'pass' ? 'primary' : '')}
        data-action=${a.text} title=${label('help.' + (a.verb === 'attack' ? 'none' : a.verb))} onClick=${() => send(a.text)}>${actionLabel(a, v)}</button>`)}</div>`}
  </div>`;
}

// NexusTable draws the table; readOnly (a replay) leaves out the stops and never passes.
export function NexusTable({ v, send, busy, readOnly }) {
  useNexusData();
  const [stops, setStops] = useStops();
  const [picked, setPicked] = useState(null); // my blocker chosen, waiting for its attacker
  const [menuOf, setMenuOf] = useState('');
  const sent = useRef(-1);
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const me = seat >= 0 ? v.players[seat].name : '';
  const legal = v.actions || [];
  const auto = seat >= 0 && !readOnly ? autoAction(v, me, stops) : '';
  useEffect(() => { setPicked(null); setMenuOf(''); }, [v.seq]);
  useEffect(() => {
    // At once, whatever the hand holds: the timing tells nothing more (docs/decisions.md).
    if (auto && !busy && sent.current !== v.seq) {
      sent.current = v.seq;
      send(auto);
    }
  }, [auto, busy, v.seq]);

  const castable = new Map(legal.filter((a) => a.verb === 'cast').map((a) => [a.card, a.text]));
  const blocks = legal.filter((a) => a.verb === 'block');
  // What a click on each object sends: attacks and activations are the controller's; a target
  // names the player it belongs to.
  const creatureActs = (c, owner) => objectActions(legal, c, 'field')
    .filter((a) => (a.verb === 'choose' && a.target ? a.target.player === owner : owner === me));
  const resourceActs = (r, owner) => creatureActs(r, owner);
  const stackAct = (it) => legal.find((x) => x.verb === 'choose' && x.target && x.target.kind === 'stack' &&
    x.target.card === it.name && x.target.player === it.controller);
  // The actions placed on the table; the decision bar holds the others.
  const placed = new Set([...castable.values(), ...blocks.map((a) => a.text)]);
  for (const p of v.players) {
    for (const c of p.field || []) creatureActs(c, p.name).forEach((a) => placed.add(a.text));
    for (const r of p.resources || []) {
      const acts = resourceActs(r, p.name);
      if (acts.length === 1) placed.add(acts[0].text);
    }
  }
  for (const it of v.stack || []) {
    const a = stackAct(it);
    if (a) placed.add(a.text);
  }
  // The hero's ability has its button beside the hero's name (NexusPlayer).
  const heroAct = seat >= 0 ? legal.find((a) => a.verb === 'activate' && a.ability === 'hero') : null;
  if (heroAct) placed.add(heroAct.text);
  const key = (c, owner) => owner + ':' + c.name + '#' + c.number;
  const names = v.players.flatMap((p) => (p.field || []).map((c) => c.name));
  // A creature shows its number when another of its name is on the field, or when the stack
  // names it by number (a target "Ember Cub #2" whose twin has died).
  const numbered = (v.stack || []).flatMap((it) => (it.targets || []).map((x) => /^(.*) #\d+$/.exec(x)).filter(Boolean).map((m) => m[1]));
  const ctx = {
    send,
    castable,
    dup: new Set([...names.filter((n, i) => names.indexOf(n) !== i), ...numbered]),
    creature: (c, owner, blockers) => {
      const k = key(c, owner.name);
      const own = creatureActs(c, owner.name);
      const asBlocker = owner.name === me ? blocks.filter((a) => same(a.card, a.number, c)) : [];
      const blockNow = picked && owner.name !== me ? blocks.find((a) => a.target && a.target.player === owner.name &&
        same(a.target.card, a.target.number, c) && same(a.card, a.number, picked)) : null;
      const lit = own.length > 0 && v.pending && v.pending.kind !== 'priority';
      if (blockNow) return html`<${Creature} c=${c} act=${blockNow.text} lit=${true} send=${send} blockers=${blockers} dup=${ctx.dup.has(c.name)} />`;
      if (asBlocker.length) {
        const on = picked && picked.name === c.name && picked.number === c.number;
        return html`<${Creature} c=${c} selected=${on} lit=${!picked} send=${send} blockers=${blockers} dup=${ctx.dup.has(c.name)}
          onSelect=${() => setPicked(on ? null : { name: c.name, number: c.number })} />`;
      }
      if (own.length === 1) return html`<${Creature} c=${c} act=${own[0].text} lit=${lit} send=${send} blockers=${blockers} dup=${ctx.dup.has(c.name)} />`;
      if (own.length > 1) {
        return html`<${Creature} c=${c} lit=${lit} send=${send} blockers=${blockers} dup=${ctx.dup.has(c.name)} selected=${menuOf === k}
          onSelect=${() => setMenuOf(menuOf === k ? '' : k)} menu=${menuOf === k ? own.map((a) => ({ text: a.text, label: actionLabel(a, v) })) : null} />`;
      }
      return html`<${Creature} c=${c} send=${send} blockers=${blockers} dup=${ctx.dup.has(c.name)} />`;
    },
    resource: (r, owner) => {
      const acts = resourceActs(r, owner);
      const a = acts.length === 1 ? acts[0] : null;
      const d = cardOf(r.name);
      const cls = 'nx-res ' + factionClass(d) + (r.tapped ? ' is-tapped' : '') + (a ? ' clickable is-lit' : '');
      const title = r.tapped ? label('res.tapped') : label('res.untapped');
      return a ? html`<button type="button" class=${'act ' + cls} data-action=${a.text} data-card=${r.name} title=${title} onMouseEnter=${inspectCard(r.name)} onClick=${() => send(a.text)}>${nameOf(r.name)}</button>`
        : html`<span class=${cls} data-card=${r.name} title=${title} onMouseEnter=${inspectCard(r.name)}>${nameOf(r.name)}</span>`;
    },
    stackAct: (it) => { const a = stackAct(it); return a ? a.text : ''; },
  };

  const order = v.players.map((p, i) => i).filter((i) => i !== seat);
  const allied = v.format === 'allied';
  const P = (i) => html`<${NexusPlayer} p=${v.players[i]} me=${i === seat} ally=${allied && seat >= 0 && i !== seat && i % 2 === seat % 2}
    v=${v} seatInfo=${(v.seats || [])[i]} ctx=${ctx} />`;
  // Draw the table first: it marks the actions it places on objects.
  const others = order.map(P);
  const stack = html`<${Stack} stack=${v.stack || []} ctx=${ctx} />`;
  const mine = seat >= 0 ? P(seat) : '';
  const flow = legal.filter((a) => a.verb === 'pass' || a.verb === 'done' || a.text === 'attack with none');
  const rest = legal.filter((a) => !placed.has(a.text) && !flow.includes(a) && a.verb !== 'block');
  return html`<div class="table nx-table">
    <${NexusStatus} v=${v} me=${me} stops=${seat >= 0 && !readOnly ? stops : null} setStops=${setStops} />
    <div class="nx-players nx-them">${others}</div>
    <div class="nx-middle">
      ${stack}
      <div class="nx-center">
        ${legal.length ? html`<${DecisionBar} v=${v} me=${me} rest=${rest} flow=${flow} busy=${busy} auto=${auto} send=${send} />`
          : !readOnly && !v.over && v.to_move ? html`<div class="nx-decision nx-waiting muted">${label('waiting_for', { who: v.to_move })}</div>` : ''}
        ${blocks.length && !auto ? html`<p class="muted small nx-hint">${picked ? label('hint.block_pick_attacker') : label('hint.block_pick_blocker')}</p>` : ''}
        ${seat >= 0 && !readOnly ? html`<${StopSettings} stops=${stops} setStops=${setStops} />` : ''}
      </div>
    </div>
    <div class="nx-players nx-us">${mine}</div>
  </div>`;
}
