// The Stellar Nexus table: phase and combat step, priority, life totals, each player's
// battlefield (creatures as "Name S/E (atk,def)" with markers, equipment, tapped and arrived
// marks), resources, graveyards, the stack top first, the viewer's hand, the counts of the
// others' hidden zones, and the legal actions as buttons labelled with their API texts, grouped
// by the parts the server sends with each (the view's `actions`), never by reading a text.
//
// Everything shown comes from the seat's View: a hand is drawn only when the View carries it
// (the viewer's own, an ally's in allied play), never for an opponent or a spectator.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';
import { loadMessages, messagesLoaded, t, tm } from './i18n.js';

// The card texts (GET /api/cards?game=nexus) and the card whose text the side panel shows.
let nxCatalog = new Map();
let nxLoading = null;
let nxInspected = '';
const nxListeners = new Set();
const nxNotify = () => { for (const f of nxListeners) f(nxInspected); };

export function loadNexusCards() {
  if (!nxLoading) {
    nxLoading = api.nexusCards().then((r) => {
      nxCatalog = new Map(((r && r.cards) || []).map((c) => [c.name.toLowerCase(), c]));
      nxNotify();
    }, () => {});
  }
  return nxLoading;
}

const inspectCard = (name) => () => { nxInspected = name; nxNotify(); };

export function NexusCardPanel() {
  const [name, setName] = useState(nxInspected);
  const [, setMessages] = useState(messagesLoaded());
  useEffect(() => {
    loadNexusCards();
    if (!messagesLoaded()) loadMessages().then(() => setMessages(true), () => {});
    nxListeners.add(setName);
    return () => nxListeners.delete(setName);
  }, []);
  const c = name && nxCatalog.get(name.toLowerCase());
  if (!c) return html`<section class="card-panel nx-card-panel"><p class="muted small">Point at a card to read it.</p></section>`;
  // Text, keywords and reminders are messages (docs/api.md); c.rules, the engine notation, is never shown.
  return html`<section class="card-panel nx-card-panel" data-testid="card-panel">
    <div class="cp-head"><b>${c.name}</b>${c.cost != null ? html` <span class="cost">${c.cost}</span>` : ''}</div>
    <div class="cp-type muted">${tm(c.faction_text)} ${tm(c.type_text)}${c.stats ? ' · ' + c.stats : ''}${c.life ? ' · ' + t('nexus.card.head.life', { n: c.life }) : ''}</div>
    ${(c.keyword_text || []).map((k) => html`<div class="cp-ab" title=${tm(k.args.reminder)}>${tm(k)}</div>`)}
    ${(c.text || []).map((m) => html`<div class="cp-ab">${tm(m)}</div>`)}
  </section>`;
}

const phaseLabel = { upkeep: 'Upkeep', main1: 'Main 1', combat: 'Combat', main2: 'Main 2', end: 'End' };

// nexusGroups sorts the legal actions by their verbs; each keeps its exact text.
const groupOf = { cast: 'cast', activate: 'activate', attack: 'attack', 'add attacker': 'attack', block: 'block', pass: 'flow', done: 'flow' };
export function nexusGroups(actions) {
  const g = { decide: [], cast: [], activate: [], attack: [], block: [], flow: [] };
  for (const a of actions || []) g[groupOf[a.verb] || 'decide'].push(a);
  return g;
}

const flowHelp = {
  pass: 'pass priority: when everybody passes in a row, the top of the stack resolves or the step ends',
  done: 'stop here: choose no more',
};

function Btn({ a, send, cls }) {
  const card = a.verb === 'cast' ? a.card : '';
  return html`<button type="button" class=${'act ' + (cls || '')} data-action=${a.text} title=${flowHelp[a.verb] || a.text}
    onMouseEnter=${card ? inspectCard(card) : undefined} onClick=${() => send(a.text)}>${a.text}</button>`;
}

export function NexusActions({ actions, send, busy }) {
  const g = nexusGroups(actions);
  const section = (title, list, cls) => list.length ? html`<div class="act-group"><h4>${title}</h4>
    <div class="act-row">${list.map((a) => html`<${Btn} a=${a} send=${send} cls=${cls} />`)}</div></div>` : '';
  return html`<div class=${'actions' + (busy ? ' busy' : '')} data-testid="actions">
    ${section('Decide', g.decide, 'choose')}
    ${section('Cast', g.cast, 'play')}
    ${section('Activate', g.activate, 'use')}
    ${section('Attack', g.attack, 'attack')}
    ${section('Block', g.block, 'attack')}
    ${section('Priority', g.flow, 'flow')}
  </div>`;
}

function Creature({ c }) {
  const marks = [];
  if (c.markers) marks.push(html`<span class="mark markers" title="+1/+1 markers">${c.markers > 0 ? '+' : ''}${c.markers} marker${Math.abs(c.markers) === 1 ? '' : 's'}</span>`);
  if (c.tapped) marks.push(html`<span class="mark tapped" title="tapped">tapped</span>`);
  if (c.arrived) marks.push(html`<span class="mark arrived" title="arrived this turn: it may not attack or tap yet">arrived</span>`);
  if (c.token) marks.push(html`<span class="mark token">token</span>`);
  if (c.attacking) marks.push(html`<span class="mark attacking">attacking ${c.attacking}</span>`);
  if (c.blocking) marks.push(html`<span class="mark blocking">blocking ${c.blocking}</span>`);
  return html`<div class=${'nx-creature' + (c.tapped ? ' is-tapped' : '')} data-card=${c.name} onMouseEnter=${inspectCard(c.name)}>
    <div class="nx-text">${c.text || c.name}</div>
    ${(c.keywords || []).length ? html`<div class="nx-kw">${c.keywords.join(', ')}</div>` : ''}
    ${(c.equipment || []).length ? html`<div class="nx-eq">equipped: ${c.equipment.join(', ')}</div>` : ''}
    ${marks.length ? html`<div class="nx-marks">${marks}</div>` : ''}
  </div>`;
}

function Zone({ label, cards, cls }) {
  return html`<details class=${'nx-zone ' + (cls || '')}><summary>${label} <b>${cards.length}</b></summary>
    <div class="nx-list">${cards.length ? cards.map((n) => html`<span class="nx-card" onMouseEnter=${inspectCard(n)}>${n}</span>`) : html`<span class="muted">empty</span>`}</div></details>`;
}

function count(n) { return n == null || n < 0 ? '?' : n; }

function NexusPlayer({ p, me, ally, v, seatInfo, castable, send }) {
  const res = p.resources || [];
  const untapped = res.filter((r) => !r.tapped).length;
  const cls = ['player', 'nx-player', me ? 'me' : '', p.lost ? 'defeated' : '', p.name === v.active ? 'active' : ''].join(' ');
  return html`<section class=${cls} data-player=${p.name}>
    <header>
      <span class="pname">${p.name}${me ? ' (you)' : ''}</span>
      ${ally ? html`<span class="badge team">ally</span>` : ''}
      ${seatInfo && seatInfo.kind === 'bot' ? html`<span class="badge bot">bot: ${seatInfo.bot}</span>` : ''}
      ${p.name === v.active && !p.lost ? html`<span class="badge turn">turn</span>` : ''}
      ${p.name === v.to_move && !v.over ? html`<span class="badge priority" data-testid="priority">${v.pending && v.pending.kind === 'priority' ? 'priority' : 'to decide'}</span>` : ''}
      ${p.lost ? html`<span class="badge dead">lost</span>` : ''}
    </header>
    <div class="stats">
      <span class="stat life" title="life"><span class="stat-label">Life</span> <b data-testid="life" title=${v.turn === 0 ? 'set when the heroes are revealed' : ''}>${v.turn === 0 ? '—' : p.life}</b></span>
      <span class="stat" title="the hero" onMouseEnter=${p.hero ? inspectCard(p.hero) : undefined}><span class="stat-label">Hero</span> <b>${p.hero || 'secret'}</b></span>
      <span class="stat" title="untapped / total resources"><span class="stat-label">Resources</span> <b data-testid="resources">${untapped}/${res.length}</b></span>
      <span class="stat"><span class="stat-label">Hand</span> <b>${count(p.hand_count)}</b></span>
      <span class="stat"><span class="stat-label">Library</span> <b>${count(p.library_count)}</b></span>
      <span class="stat" title="resource pile"><span class="stat-label">Pile</span> <b>${p.resource_pile_count}</b></span>
      ${p.mulligans ? html`<span class="stat"><span class="stat-label">Mulligans</span> <b>${p.mulligans}</b></span>` : ''}
    </div>
    <div class="nx-resources">${res.map((r) => html`<span class=${'nx-res' + (r.tapped ? ' is-tapped' : '')} title=${r.tapped ? 'tapped' : 'untapped'} onMouseEnter=${inspectCard(r.name)}>${r.name}${r.tapped ? ' (tapped)' : ''}</span>`)}</div>
    <div class="nx-field">${(p.field || []).length ? p.field.map((c) => html`<${Creature} c=${c} />`)
      : html`<span class="muted">no creatures</span>`}</div>
    <div class="nx-zones">
      <${Zone} label="Graveyard" cards=${p.graveyard || []} />
      ${(p.exile || []).length ? html`<${Zone} label="Exile" cards=${p.exile} />` : ''}
    </div>
    ${p.hand ? html`<div class=${me ? 'hand nx-hand' : 'seen-hand nx-hand'} data-testid=${me ? 'my-hand' : 'ally-hand'}>
      <h3>${me ? 'Your hand' : p.name + "'s hand (your ally)"} <span class="muted">(${p.hand.length})</span></h3>
      <div class="nx-list">${p.hand.map((n) => {
        const a = me && castable.get(n);
        return html`<span class=${'nx-card' + (a ? ' clickable' : '')} title=${a ? 'click to ' + a : ''}
          onMouseEnter=${inspectCard(n)} onClick=${a ? () => send(a) : undefined}>${n}</span>`;
      })}</div></div>` : ''}
  </section>`;
}

function Stack({ stack }) {
  return html`<section class="nx-stack" data-testid="stack"><h3>Stack <span class="muted">top first</span></h3>
    ${stack.length ? html`<ol>${stack.map((it) => html`<li onMouseEnter=${inspectCard(it.name)}><b>${it.name}</b> <span class="muted">(${it.controller})</span>
      ${(it.targets || []).length ? html` → ${it.targets.join(', ')}` : ''}</li>`)}</ol>` : html`<p class="muted">empty</p>`}
  </section>`;
}

// NexusStatus is the line that says where the game is and who is to act.
export function NexusStatus({ v }) {
  return html`<div class="nx-status" data-testid="nx-status">
    <span>Turn <b>${v.turn}</b> · <b>${v.active}</b>'s turn</span>
    <span>Phase <b data-testid="phase">${phaseLabel[v.phase] || v.phase}</b>${v.step ? html` · step <b data-testid="step">${v.step}</b>` : ''}</span>
    ${v.to_move && !v.over ? html`<span>To act: <b>${v.to_move}</b>${v.decision ? html` <span class="muted">(${v.decision})</span>` : ''}</span>` : ''}
  </div>`;
}

export function NexusTable({ v, send, busy }) {
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const legal = v.actions || [];
  const castable = new Map(legal.filter((a) => a.verb === 'cast').map((a) => [a.card, a.text]));
  const order = v.players.map((p, i) => i).filter((i) => i !== seat);
  if (seat >= 0) order.push(seat);
  const allied = v.format === 'allied';
  return html`<div class="table nx-table">
    <${NexusStatus} v=${v} />
    <div class="nx-players">${order.map((i) => html`<${NexusPlayer} p=${v.players[i]} me=${i === seat}
      ally=${allied && seat >= 0 && i !== seat && i % 2 === seat % 2} v=${v} seatInfo=${(v.seats || [])[i]}
      castable=${castable} send=${send} />`)}</div>
    <${Stack} stack=${v.stack || []} />
    ${legal.length ? html`<${NexusActions} actions=${legal} send=${send} busy=${busy} />` : ''}
  </div>`;
}
