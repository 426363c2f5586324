// The game screen: everything a player at the table sees, the legal actions, and the log.
// Star Realms is drawn as a table: the opponents along the top, the Trade Row, then the
// player's own area (pools, cards in play with their ability buttons, the hand); a card, a
// base or a player is clicked to act on it, and the legal targets light up (actions.js).

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { LangMenu, botName } from './lang.js';
import { api, connect, refusalText, tokens } from './api.js';
import { Card, CardPanel, CardZoom, Icon, loadCards } from './cards.js';
import { EndTurn, Extras, Prompt, Ranged, askText, groupActions, indexActions } from './actions.js';
import { t } from './i18n.js';
import { KeysButton, KeysHelp, useTableKeys } from './keys.js';
import { Log } from './log.js';
import { EndBanner, SeatDot } from './endgame.js';
import { createMotion } from './motion.js';
import { NexusBanner, NexusCardPanel, NexusTable, NexusTopbar } from './nexus.js';

export const gameTitle = { realms: 'Star Realms', nexus: 'Stellar Nexus' };

// The connection's state as api.js reports it ('connecting', 'live', 'reconnecting', 'error:
// ...', 'refused: ...'): its class, and its words in the page's language.
const connKind = (status) => String(status).split(':')[0];
function Conn({ status }) {
  const kind = connKind(status);
  const text = kind === 'error' ? t('ui.conn.error', { error: String(status).slice(7) })
    : ['connecting', 'live', 'reconnecting', 'refused'].includes(kind) ? t('ui.conn.' + kind) : status;
  return html`<span class=${'conn ' + kind}>● ${text}</span>`;
}

// normalize accepts a View either bare or wrapped as {"view": {...}, "legal", "seq", "log"}.
export function normalize(msg) {
  if (!msg) return null;
  if (!msg.view) return msg;
  const { view, ...rest } = msg;
  return { ...view, ...rest };
}

// Pool is one of a player's counters: Authority, Trade, Combat with its icon, or a count.
function Pool({ kind, value, label, zone }) {
  const cls = kind === 'authority' && value <= 0 ? ' out' : kind === 'authority' && value <= 10 ? ' low' : '';
  return html`<span class=${'pool pool-' + kind + cls} title=${label} data-zone=${zone}>
    ${kind === 'count' ? html`<span class="pool-label">${label}</span>` : html`<${Icon} kind=${kind} text=${label} />`}
    <b>${value}</b></span>`;
}

// protectedBy says whether an outpost shields player p: one of its own, or in Hydra one of
// its team's (SR 6.4).
function protectedBy(p, players) {
  const mine = (q) => (q.in_play || []).some((c) => c.outpost);
  return mine(p) || (!!p.team && players.some((q) => q !== p && q.team === p.team && !q.defeated && mine(q)));
}

// InPlay draws a player's cards in play: the viewer's own full size with their ability
// buttons, the others small; a base that can be attacked or chosen lights up and is clicked.
function InPlay({ p, me, ix, send }) {
  const list = p.in_play || [];
  if (!list.length) return html`<div class="play-area empty muted">${t('ui.nothing_in_play')}</div>`;
  const seen = new Map();
  const numbered = new Set((ix.g.use || []).filter((a) => a.number).map((a) => a.card));
  return html`<div class="play-area">${list.map((c) => {
    const k = (seen.get(c.card) || 0) + 1;
    seen.set(c.card, k);
    const target = ix.base.get(`${p.name}:${c.card}`);
    const uses = me ? (ix.uses.get(c.card) || []).filter((a) => (a.number ? a.number === k : k === 1)) : [];
    const marks = html`${c.damage ? html`<span class="damage" title=${t('ui.damage_help')}>−${c.damage}</span>` : ''}
      ${c.copy ? html`<span class="copy">${t('ui.copying', { card: c.copy })}</span>` : ''}`;
    return html`<${Card} name=${c.card} size=${me ? 'full' : 'mini'} number=${numbered.has(c.card) ? k : 0}
      action=${target && target.action} verb=${target && target.verb} onAct=${send} lit=${!!target}
      label=${target ? t('ui.target.' + target.verb + '_base', { player: p.name, card: c.card }) : undefined}
      marks=${c.damage || c.copy ? marks : null}>
      ${uses.length ? uses.map((a) => html`<button type="button" class=${'act use ab-' + a.ability} data-action=${a.text}
          title=${t('ui.use_help', { card: c.card, ability: t('ui.ability.' + a.ability) })}
          onClick=${(e) => { e.stopPropagation(); send(a.text); }}>
          ${a.ability === 'ally' || a.ability === 'scrap' ? html`<${Icon} kind=${a.ability} text=${t('ui.ability.' + a.ability)} />` : ''}
          ${t('ui.ability.' + a.ability)}</button>`) : null}
    </${Card}>`;
  })}</div>`;
}

function Player({ p, me, v, ix, send, seatInfo, tools }) {
  const target = ix.player.get(p.name);
  const isProtected = protectedBy(p, v.players);
  const viewer = v.players[v.seat];
  const couldAttack = !me && p.attackable_by_viewer && viewer && viewer.combat > 0 && !p.defeated;
  const mate = !me && viewer && viewer.team && p.team === viewer.team;
  const cls = ['player', me ? 'me' : 'opp', mate ? 'teammate' : '', p.defeated ? 'defeated' : '', p.name === v.active ? 'active' : '',
    target ? 'lit lit-' + target.verb : ''].join(' ');
  const auth = html`<${Pool} kind="authority" value=${p.authority} label=${t('ui.pool.authority')} />`;
  return html`<section class=${cls} data-player=${p.name}>
    <header>
      <${SeatDot} seat=${v.players.indexOf(p)} /><span class="pname">${p.name}${me ? html` <span class="muted">${t('ui.you')}</span>` : ''}</span>
      ${p.team ? html`<span class=${'badge team' + (mate ? ' mate' : '')}>${t(mate ? 'ui.teammate' : 'ui.team', { n: p.team })}</span>` : ''}
      ${p.role ? html`<span class="badge role">${t('ui.role.' + p.role)}</span>` : ''}
      ${seatInfo && seatInfo.kind === 'bot' ? html`<span class="badge bot" title=${t('ui.bot_help')}>${t('ui.bot', { bot: botName(seatInfo.bot) })}</span>` : ''}
      ${p.name === v.active && !p.defeated ? html`<span class="badge turn">${t(p.name === v.to_move ? 'ui.badge.to_move' : 'ui.badge.turn')}</span>` : ''}
      ${p.defeated ? html`<span class="badge dead">${t('ui.badge.defeated')}</span>` : ''}
      ${couldAttack && isProtected ? html`<span class="badge outpost" title=${t('ui.outpost_help')}>${t('ui.badge.outpost')}</span>` : ''}
      ${tools || ''}
    </header>
    <div class="stats">
      ${target ? html`<button type="button" class=${'act target-player ' + target.verb} data-action=${target.action}
          title=${target.verb === 'attack' ? t('ui.attack.player_help', { player: p.name, n: target.e.max }) : t('ui.choose.player_help', { player: p.name })}
          onClick=${() => send(target.action)}>${auth}<span class="target-label">${target.verb === 'attack'
            ? t('ui.attack.player', { n: target.e.max }) : t('ui.choose.this_player')}</span></button>` : auth}
      ${target && target.choose ? html`<details class="less"><summary title=${t('ui.attack.less_help')}>${t('ui.attack.less')}</summary>
        <${Ranged} e=${target.e} send=${send} label=${(n) => t('ui.attack.for', { n })} /></details>` : ''}
      <${Pool} kind="trade" value=${p.trade} label=${t('ui.pool.trade')} />
      <${Pool} kind="combat" value=${p.combat} label=${t('ui.pool.combat')} />
      <${Pool} kind="count" value=${p.hand_count} label=${t('ui.count.hand')} zone="hand" />
      <${Pool} kind="count" value=${p.deck_count} label=${t('ui.count.deck')} zone="deck" />
      <details class="discard" data-zone="discard"><summary title=${t('ui.discard_help')}><${Pool} kind="count" value=${(p.discard || []).length} label=${t('ui.count.discard')} /></summary>
        <div class="card-list">${(p.discard || []).map((n) => html`<${Card} name=${n} size="mini" />`)}</div></details>
    </div>
    <${InPlay} p=${p} me=${me} ix=${ix} send=${send} />
    ${p.hand && !me ? html`<div class="seen-hand"><span class="muted">${t('ui.seen_hand')}</span>
      <div class="card-list">${p.hand.map((n) => html`<${Card} name=${n} size="mini" />`)}</div></div>` : ''}
  </section>`;
}

function TradeRow({ v, ix, send, help }) {
  const row = (n) => {
    const a = ix.row.get(n);
    return html`<${Card} name=${n} action=${a && a.action} verb=${a && a.verb} onAct=${send} lit=${!!a}
      label=${a ? t('ui.target.' + a.verb + '_row', { card: n }) : undefined} />`;
  };
  return html`<section class="trade-row">
    <h3>${t('ui.trade_row')} <span class="muted">${help || t('ui.trade_row_help')}</span></h3>
    <div class="card-list">
      ${(v.trade_row || []).map(row)}
      <div class="explorers">${v.explorers > 0 ? row('Explorer') : ''}<span class="pile">${t('ui.explorers_left', { n: v.explorers })}</span></div>
    </div>
    <div class="muted small" data-zone="trade_deck">${t('ui.trade_row_counts', { deck: v.trade_deck_count, scrapped: (v.scrap_heap || []).length, rounds: v.rounds_done })}</div>
  </section>`;
}

// RealmsTable draws a Star Realms View read-only (a replay's table): the players, the Trade
// Row, the pending decision as the viewer sees it, and the viewer's hand when it has a seat.
export function RealmsTable({ v }) {
  const ix = indexActions([]);
  const none = () => {};
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const me = seat >= 0 ? v.players[seat] : null;
  const others = v.players.filter((_, i) => i !== seat);
  const P = (p, isMe) => html`<${Player} p=${p} me=${isMe} v=${v} ix=${ix} send=${none} seatInfo=${(v.seats || [])[v.players.indexOf(p)]} />`;
  return html`<div class="table">
    <div class=${'opponents n' + others.length}>${others.map((p) => P(p, false))}</div>
    <${TradeRow} v=${v} ix=${ix} send=${none} help=${t('ui.replay.trade_row_help')} />
    ${v.pending ? html`<${Prompt} pending=${v.pending} ix=${ix} send=${none} mine=${false} />` : ''}
    ${me ? html`<div class="mine">${P(me, true)}
      <section class="hand"><h3>${t('ui.your_hand')} <span class="muted">(${(me.hand || []).length})</span></h3>
        <div class="card-list">${(me.hand || []).map((n) => html`<${Card} name=${n} />`)}
          ${(me.hand || []).length === 0 ? html`<span class="muted">${t('ui.empty')}</span>` : ''}</div></section>
    </div>` : ''}
  </div>`;
}

function Banner({ v, mine, seatName }) {
  if (v.over) return html`<${EndBanner} v=${v} id=${v.id} />`;
  if (v.waiting && v.waiting.length) {
    return html`<div class="banner waiting">${t('ui.banner.open_seats', { n: v.waiting.length })}</div>`;
  }
  const prompt = v.game === 'nexus' ? v.prompt || v.decision : v.pending ? askText(v.pending) : '';
  const hint = t(v.game === 'nexus' ? 'ui.banner.hint_nexus' : 'ui.banner.hint_realms');
  if (mine) return html`<div class="banner yours">${t('ui.banner.your_move')}${prompt ? html`: <b>${prompt}</b>` : ' — ' + hint}</div>`;
  return html`<div class="banner waiting">${t('ui.banner.waiting_for', { player: v.to_move || v.active })}${prompt ? html` <span class="muted">(${prompt})</span>` : ''}</div>`;
}

export function Game({ id, token }) {
  const [v, setV] = useState(null);
  const [status, setStatus] = useState('connecting');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useRef(null);
  const motion = useRef(null); // motion.js: the moves of each new view, animated
  if (!motion.current) motion.current = createMotion();
  const take = (msg) => {
    const nv = normalize(msg);
    if (!nv) return;
    if (latest.current && nv.seq != null && latest.current.seq != null && nv.seq < latest.current.seq) return;
    motion.current.before(nv);
    latest.current = nv;
    setV(nv);
  };
  useLayoutEffect(() => { motion.current.after(); }, [v]);
  const [, setCardsReady] = useState(false);
  const [refused, setRefused] = useState('');
  const refuse = (e) => {
    if (e.status === 401) { tokens.forget(id); setRefused(t('ui.refused.token')); }
    else setRefused(t('ui.refused.no_game', { id }));
  };
  useEffect(() => {
    loadCards().then(() => setCardsReady(true));
    return connect(id, token, take, setStatus, refuse);
  }, [id, token]);
  const kind = v && v.game === 'nexus' ? 'nexus' : 'realms';
  const [help, setHelp] = useTableKeys(kind);
  const keys = html`${help ? html`<${KeysHelp} game=${kind} close=${() => setHelp(false)} />` : ''}`;

  const send = async (action) => {
    setBusy(true);
    setError('');
    try {
      take(await api.act(id, token, action, latest.current ? latest.current.seq : 0));
    } catch (e) {
      setError(refusalText(e));
      api.view(id, token).then(take, () => {});
    } finally { setBusy(false); }
  };
  // Play all plays the hand card by card, stopping at any decision a card asks for.
  const playAll = async () => {
    setBusy(true);
    try {
      for (let i = 0; i < 20; i++) {
        const cur = latest.current;
        const plays = groupActions(cur.actions).play;
        if (cur.pending || plays.length === 0) break;
        take(await api.act(id, token, plays[0].text, cur.seq));
      }
    } catch (e) { setError(refusalText(e)); } finally { setBusy(false); }
  };

  if (refused) return html`<main class="game"><div class="topbar"><a href="#/">${t('ui.back_to_lobby')}</a><${LangMenu} /></div>
    <p class="error" role="alert">${refused}</p>
    ${token ? html`<p><a href=${'#/watch/' + id}>${t('ui.watch_instead')}</a></p>` : ''}</main>`;
  if (!v) return html`<main class="game"><p class="loading">${t('ui.connecting', { id })} <span class="muted"><${Conn} status=${status} /></span></p>
    ${error ? html`<p class="error">${error}</p>` : ''}</main>`;
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const me = seat >= 0 ? v.players[seat] : null;
  const legal = v.actions || [];
  if (v.game === 'nexus') {
    return html`<main class="game nexus" data-seq=${v.seq}>
      <h1 class="sr-only">${t('ui.a11y.game_heading', { game: gameTitle.nexus, id })}</h1>
      <div class="topbar">
        <${NexusTopbar} id=${id} v=${v} me=${me} />
        <${Conn} status=${status} />
        ${me ? html`<${KeysButton} open=${setHelp} />` : ''}
        <${LangMenu} />
      </div>
      <${NexusBanner} v=${{ ...v, id }} />
      ${error ? html`<div class="error" role="alert">${error} <button type="button" onClick=${() => setError('')}>×</button></div>` : ''}
      <div class="layout">
        <${NexusTable} v=${v} send=${send} busy=${busy} />
        <div class="side"><${NexusCardPanel} /><${Log} id=${id} v=${v} /></div>
      </div>
      ${keys}
    </main>`;
  }
  const g = groupActions(legal);
  const ix = indexActions(legal);
  const others = v.players.filter((_, i) => i !== seat);
  const end = g.flow.find((a) => a.verb === 'end');
  const mine = legal.length > 0;
  const tools = mine && (end || g.play.length > 1) ? html`<div class=${'actions turn-buttons' + (busy ? ' busy' : '')}>
      ${g.play.length > 1 ? html`<button type="button" class="act play-all" onClick=${playAll} title=${t('ui.play_all_help')}>${t('ui.play_all')}</button>` : ''}
      ${end ? html`<${EndTurn} action=${end} me=${me} ix=${ix} send=${send} />` : ''}
    </div>` : '';
  const P = (p, isMe) => html`<${Player} p=${p} me=${isMe} v=${v} ix=${ix} send=${send} tools=${isMe ? tools : null}
    seatInfo=${(v.seats || [])[v.players.indexOf(p)]} />`;
  return html`<main class=${'game realms seats-' + v.players.length} data-seq=${v.seq}>
    <h1 class="sr-only">${t('ui.a11y.game_heading', { game: gameTitle.realms, id })}</h1>
    <div class="topbar">
      <a href="#/">${t('ui.back_to_lobby')}</a>
      ${v.campaign ? html`<a href=${'#/campaign/' + encodeURIComponent(v.campaign)} data-testid="campaign-link">${t('ui.campaign', { name: v.campaign })}</a>` : ''}
      <span>${t('ui.game_id', { id })} · ${t('ui.format.' + String(v.format).replace(/-/g, '_'))}${me ? html` · ${t('ui.you_are')} <b>${me.name}</b>` : html` · <b>${t('ui.spectating')}</b>`}</span>
      <${Conn} status=${status} />
      ${me ? html`<${KeysButton} open=${setHelp} />` : ''}
      <${LangMenu} />
    </div>
    ${v.pending && mine && !v.over ? '' : html`<${Banner} v=${{ ...v, id }} mine=${mine} seatName=${me && me.name} />`}
    ${error ? html`<div class="error" role="alert">${error} <button type="button" onClick=${() => setError('')}>×</button></div>` : ''}
    <div class="layout">
      <div class=${'table' + (busy ? ' busy' : '')}>
        <div class=${'opponents n' + others.length}>${others.map((p) => P(p, false))}</div>
        <${TradeRow} v=${v} ix=${ix} send=${send} />
        ${v.pending && (mine || !me) ? html`<${Prompt} pending=${v.pending} ix=${ix} send=${send} mine=${mine} />` : ''}
        ${me ? html`<div class="mine">
          ${P(me, true)}
          <section class="hand" data-player=${me.name}><h3>${t('ui.your_hand')} <span class="muted">(${(me.hand || []).length})</span>
            ${ix.hand.size ? html` <span class="muted">${t(v.pending ? 'ui.hand_choose_help' : 'ui.hand_help')}</span>` : ''}</h3>
            <div class="card-list">${(me.hand || []).map((n) => {
              const a = ix.hand.get(n);
              return html`<${Card} name=${n} action=${a && a.action} verb=${a && a.verb} onAct=${send} lit=${!!a && a.verb === 'choose'}
                label=${a ? t('ui.target.' + a.verb + '_hand', { card: n }) : undefined} />`;
            })}
              ${(me.hand || []).length === 0 ? html`<span class="muted">${t('ui.empty')}</span>` : ''}</div>
          </section>
        </div>` : ''}
        ${mine ? html`<${Extras} ix=${ix} send=${send} />` : ''}
        ${mine && !me && tools ? tools : ''}
      </div>
      <div class="side">
        <${CardPanel} />
        <${Log} id=${id} v=${v} />
      </div>
    </div>
    <${CardZoom} />
    ${keys}
  </main>`;
}
