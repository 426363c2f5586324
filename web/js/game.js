// The game screen: everything a player at the table sees, the legal actions, and the log.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { api, connect, tokens } from './api.js';
import { Card, CardPanel, loadCards } from './cards.js';
import { ActionPanel, groupActions } from './actions.js';
import { Log } from './log.js';
import { NexusBanner, NexusCardPanel, NexusTable, NexusTopbar } from './nexus.js';

export const gameTitle = { realms: 'Star Realms', nexus: 'Stellar Nexus' };

// normalize accepts a View either bare or wrapped as {"view": {...}, "legal", "seq", "log"}.
export function normalize(msg) {
  if (!msg) return null;
  if (!msg.view) return msg;
  const { view, ...rest } = msg;
  return { ...view, ...rest };
}

function Stat({ label, value, cls, title }) {
  return html`<span class=${'stat ' + (cls || '')} title=${title || label}><span class="stat-label">${label}</span> <b>${value}</b></span>`;
}

function PlayArea({ p, attack, send }) {
  if (!p.in_play || p.in_play.length === 0) return html`<div class="play-area empty muted">nothing in play</div>`;
  return html`<div class="play-area">${p.in_play.map((c) => {
    const full = attack.get(p.name + ':' + c.card); // the key groupActions gives a base's attacks
    const marks = html`${c.damage ? html`<span class="damage" title="damage taken this round">−${c.damage}</span>` : ''}
      ${full ? html`<span class="target" title="you can destroy this base: click it">target</span>` : ''}
      ${c.copy ? html`<span class="copy" title=${'copying ' + c.copy}>= ${c.copy}</span>` : ''}`;
    return html`<${Card} name=${c.card} marks=${marks} small
      onClick=${full && full.full ? () => send(full.full.text) : undefined} />`;
  })}</div>`;
}

function Player({ p, me, active, toMove, attack, send, seatInfo }) {
  const inRange = [...attack.values()].some((e) => e.player === p.name);
  const cls = ['player', me ? 'me' : '', p.defeated ? 'defeated' : '', p.name === active ? 'active' : '',
    inRange ? 'attackable' : ''].join(' ');
  const outpost = (p.in_play || []).some((c) => c.outpost);
  return html`<section class=${cls} data-player=${p.name}>
    <header>
      <span class="pname">${p.name}${me ? ' (you)' : ''}</span>
      ${p.team ? html`<span class="badge team">Team ${p.team}</span>` : ''}
      ${p.role ? html`<span class="badge role">${p.role}</span>` : ''}
      ${seatInfo && seatInfo.kind === 'bot' ? html`<span class="badge bot" title="played by the server">bot: ${seatInfo.bot}</span>` : ''}
      ${p.name === active && !p.defeated ? html`<span class="badge turn">${p.name === toMove ? 'to move' : 'turn'}</span>` : ''}
      ${p.defeated ? html`<span class="badge dead">defeated</span>` : ''}
      ${inRange ? html`<span class="badge attackable" title="use your Combat on this player: see Attack below">attack now</span>`
        : p.attackable_by_viewer ? html`<span class="badge" title="the rules let you attack this player: gain Combat on your turn">your target</span>` : ''}
      ${outpost ? html`<span class="badge outpost" title="an outpost protects this player: destroy it first">protected by an outpost</span>` : ''}
    </header>
    <div class="stats">
      <${Stat} label="Authority" value=${p.authority} cls="authority" />
      <${Stat} label="Trade" value=${p.trade} cls="trade" />
      <${Stat} label="Combat" value=${p.combat} cls="combat" />
      <${Stat} label="Hand" value=${p.hand_count} />
      <${Stat} label="Deck" value=${p.deck_count} />
      <details class="discard"><summary><${Stat} label="Discard" value=${(p.discard || []).length} title="click to see the discard pile" /></summary>
        <div class="card-list">${(p.discard || []).map((n) => html`<${Card} name=${n} small />`)}</div></details>
    </div>
    <${PlayArea} p=${p} attack=${attack} send=${send} />
    ${p.hand && !me ? html`<div class="seen-hand"><span class="muted">Hand you can see:</span>
      <div class="card-list">${p.hand.map((n) => html`<${Card} name=${n} small />`)}</div></div>` : ''}
  </section>`;
}

function TradeRow({ v, buys, send }) {
  // The plain acquisitions by card (an upgraded one is bought from the Buy buttons).
  const canBuy = new Map(buys.filter((a) => !a.upgrade).map((a) => [a.card, a.text]));
  const buy = (n) => (canBuy.has(n) ? () => send(canBuy.get(n)) : undefined);
  return html`<section class="trade-row">
    <h3>Trade Row <span class="muted">— tap a card to read it; highlighted ones you can buy now</span></h3>
    <div class="card-list">
      ${(v.trade_row || []).map((n) => html`<${Card} name=${n} onClick=${buy(n)} />`)}
      <${Card} name="Explorer" extra=${html`<span class="pile">×${v.explorers}</span>`}
        onClick=${buy('Explorer')} />
    </div>
    <div class="muted small">Trade deck: ${v.trade_deck_count} cards · Scrap heap: ${(v.scrap_heap || []).length} · Rounds played: ${v.rounds_done}</div>
  </section>`;
}

function Banner({ v, mine, seatName }) {
  if (v.over) {
    const w = v.winners || [];
    return html`<div class="banner over" data-testid="winner">
      ${w.length ? `${w.join(' and ')} ${w.length > 1 ? 'win' : 'wins'}!` : 'The game ended in a draw.'}
      ${seatName && w.includes(seatName) ? ' Well played.' : ''}
      <a href=${'#/replay/' + v.id}> Watch the replay</a></div>`;
  }
  if (v.waiting && v.waiting.length) {
    return html`<div class="banner waiting">Waiting for ${v.waiting.length === 1 ? 'an open seat' : v.waiting.length + ' open seats'} to be claimed:
      share the lobby address; the game starts when every seat is taken.</div>`;
  }
  const prompt = v.prompt || v.decision;
  const hint = v.game === 'nexus' ? ' — cast, activate, attack or block, or pass priority.' : ' — play cards, buy, attack, then end your turn.';
  if (mine) return html`<div class="banner yours">Your move${prompt ? html`: <b>${prompt}</b>` : hint}</div>`;
  return html`<div class="banner waiting">Waiting for ${v.to_move || v.active}…${prompt ? html` <span class="muted">(${prompt})</span>` : ''}</div>`;
}

export function Game({ id, token }) {
  const [v, setV] = useState(null);
  const [status, setStatus] = useState('connecting');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useRef(null);
  const take = (msg) => {
    const nv = normalize(msg);
    if (!nv) return;
    if (latest.current && nv.seq != null && latest.current.seq != null && nv.seq < latest.current.seq) return;
    latest.current = nv;
    setV(nv);
  };
  const [, setCardsReady] = useState(false);
  const [refused, setRefused] = useState('');
  const refuse = (e) => {
    if (e.status === 401) { tokens.forget(id); setRefused('This seat link is not valid for this game (the token is unknown).'); }
    else setRefused(`There is no game ${id} on this server.`);
  };
  useEffect(() => {
    loadCards().then(() => setCardsReady(true));
    return connect(id, token, take, setStatus, refuse);
  }, [id, token]);

  const send = async (action) => {
    setBusy(true);
    setError('');
    try {
      take(await api.act(id, token, action, latest.current ? latest.current.seq : 0));
    } catch (e) {
      setError(`“${action}”: ${e.message}`);
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
    } catch (e) { setError(e.message); } finally { setBusy(false); }
  };

  if (refused) return html`<main class="game"><div class="topbar"><a href="#/">← Lobby</a></div>
    <p class="error" role="alert">${refused}</p>
    ${token ? html`<p><a href=${'#/watch/' + id}>Watch this game as a spectator</a></p>` : ''}</main>`;
  if (!v) return html`<main class="game"><p class="loading">Connecting to game ${id}… <span class="muted">${status}</span></p>
    ${error ? html`<p class="error">${error}</p>` : ''}</main>`;
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const me = seat >= 0 ? v.players[seat] : null;
  const legal = v.actions || [];
  if (v.game === 'nexus') {
    return html`<main class="game nexus" data-seq=${v.seq}>
      <div class="topbar">
        <${NexusTopbar} id=${id} v=${v} me=${me} />
        <span class=${'conn ' + status}>● ${status}</span>
      </div>
      <${NexusBanner} v=${{ ...v, id }} />
      ${error ? html`<div class="error" role="alert">${error} <button type="button" onClick=${() => setError('')}>×</button></div>` : ''}
      <div class="layout">
        <${NexusTable} v=${v} send=${send} busy=${busy} />
        <div class="side"><${NexusCardPanel} /><${Log} id=${id} v=${v} /></div>
      </div>
    </main>`;
  }
  const g = groupActions(legal);
  const others = v.players.filter((_, i) => i !== seat);
  const P = (p, isMe) => html`<${Player} p=${p} me=${isMe} active=${v.active} toMove=${v.to_move} attack=${g.attack} send=${send}
    seatInfo=${(v.seats || [])[v.players.indexOf(p)]} />`;
  const playable = new Map(g.play.map((a) => [a.card, a.text]));
  return html`<main class="game">
    <div class="topbar">
      <a href="#/">← Lobby</a>
      ${v.campaign ? html`<a href=${'#/campaign/' + encodeURIComponent(v.campaign)} data-testid="campaign-link">Campaign ${v.campaign}</a>` : ''}
      <span>Game <b>${id}</b> · ${v.format}${me ? html` · you are <b>${me.name}</b>` : html` · <b>spectating</b>`}</span>
      <span class=${'conn ' + status}>● ${status}</span>
    </div>
    <${Banner} v=${{ ...v, id }} mine=${legal.length > 0} seatName=${me && me.name} />
    ${error ? html`<div class="error" role="alert">${error} <button type="button" onClick=${() => setError('')}>×</button></div>` : ''}
    <div class="layout">
      <div class="table">
        <div class="opponents">${others.map((p) => P(p, false))}</div>
        <${TradeRow} v=${v} buys=${g.buy} send=${send} />
        ${me ? html`<div class="mine">
          ${P(me, true)}
          <section class="hand"><h3>Your hand <span class="muted">(${(me.hand || []).length})</span></h3>
            <div class="card-list">${(me.hand || []).map((n) => html`<${Card} name=${n}
              onClick=${playable.has(n) ? () => send(playable.get(n)) : undefined} />`)}
              ${(me.hand || []).length === 0 ? html`<span class="muted">empty</span>` : ''}</div>
          </section>
        </div>` : ''}
        ${legal.length ? html`<${ActionPanel} actions=${legal} pending=${v.pending} send=${send} busy=${busy} onPlayAll=${playAll} />` : ''}
      </div>
      <div class="side">
        <${CardPanel} />
        <${Log} id=${id} v=${v} />
      </div>
    </div>
  </main>`;
}
