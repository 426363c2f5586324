// The end of a game, for both games and every format: when a game is over its banner says
// who won and opens the end screen over the table: the winner(s) ("you won"/"you lost" for a
// seat), every player's authority or life over the turns as a chart we draw ourselves in SVG
// (with a table of the same numbers), the cards each player bought or cast, a Rematch button
// (the same game again, new shuffle) and links to the replay and to the saved record. The
// numbers come from GET /api/games/{id}/summary (docs/api.md).

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { api, refusalText } from './api.js';
import { cardInfo, factionClass, zoom } from './cards.js';
import { nameOf, t } from './i18n.js';
import { botName } from './lang.js';

// getSummary fetches a finished game's summary.
async function getSummary(id) {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/summary`);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = new Error(body.error || `${res.status} ${res.statusText}`);
    e.status = res.status;
    throw e;
  }
  return body;
}

// seatClass is a seat's colour, the same on the table (seatDot) and on the chart.
export const seatClass = (seat) => 'seat-c' + (seat % 6);

// SeatDot marks a player with its seat's colour.
export function SeatDot({ seat }) {
  return html`<span class=${'seat-dot ' + seatClass(seat)} aria-hidden="true"></span>`;
}

const joinNames = (names) => names.reduce((a, b) => t('ui.end.and', { a, b }));

// chartLines are the lines of the chart: one per player, except that teammates sharing one
// total (a Hydra team) make one line.
export function chartLines(sum) {
  const lines = [];
  for (const p of sum.players) {
    const same = p.team ? lines.find((l) => l.team === p.team && l.totals.join() === p.totals.join()) : null;
    if (same) { same.names.push(p.name); same.seats.push(p.seat); continue; }
    lines.push({ seat: p.seat, seats: [p.seat], names: [p.name], team: p.team, totals: p.totals });
  }
  return lines;
}

// niceStep is a round step (1, 2, 5 × 10^k) near raw.
function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

// turnLabel names point k of the chart: 0 the start, k the end of the k-th turn played.
const turnLabel = (sum, k) => (k === 0 ? t('ui.end.start') : String(sum.turns[k - 1].turn));

const dashes = ['', '7 4', '2 4', '10 4 2 4', '4 3', '12 5'];

// Chart draws the totals over the turns, one line per player (or shared team total), with
// axes, turn numbers, each line's final value at its end, and a title and description for
// screen readers.
export function Chart({ sum, lines, narrow }) {
  const W = narrow ? 360 : 680, H = narrow ? 240 : 300;
  const L = 40, R = 44, T = 14, B = 38;
  const n = sum.turns.length;
  const all = lines.flatMap((l) => l.totals);
  const step = niceStep(Math.max(1, Math.max(...all) - Math.min(0, ...all)) / (narrow ? 4 : 5));
  const hi = Math.ceil(Math.max(...all, 1) / step) * step;
  const lo = Math.floor(Math.min(0, ...all) / step) * step;
  const x = (k) => L + (n ? (k * (W - L - R)) / n : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const yTicks = [];
  for (let v = lo; v <= hi; v += step) yTicks.push(v);
  const every = Math.max(1, Math.ceil(n / (narrow ? 5 : 12)));
  const xTicks = [];
  for (let k = 0; k <= n; k += every) xTicks.push(k);
  if (xTicks[xTicks.length - 1] !== n) xTicks.push(n);
  if (xTicks.length > 2 && n - xTicks[xTicks.length - 2] < every / 2) xTicks.splice(xTicks.length - 2, 1);
  // The final values at the lines' ends, pushed apart so that none covers another.
  const ends = lines.map((l, i) => ({ i, y: y(l.totals[l.totals.length - 1]) })).sort((a, b) => a.y - b.y);
  for (let j = 1; j < ends.length; j++) ends[j].y = Math.max(ends[j].y, ends[j - 1].y + 13);
  const endY = new Map(ends.map((e) => [e.i, e.y]));
  const stat = t('ui.end.stat.' + sum.stat);
  const desc = t('ui.end.chart.desc', {
    stat, n, list: joinNames(lines.map((l) => t('ui.end.chart.item', { name: joinNames(l.names), from: l.totals[0], to: l.totals[l.totals.length - 1] }))),
  });
  return html`<svg class="end-chart" viewBox=${`0 0 ${W} ${H}`} role="img" aria-labelledby="end-chart-title end-chart-desc" data-testid="end-chart">
    <title id="end-chart-title">${t('ui.end.chart.title', { stat })}</title>
    <desc id="end-chart-desc">${desc}</desc>
    <g class="grid">${yTicks.map((v) => html`<g>
      <line x1=${L} x2=${W - R} y1=${y(v)} y2=${y(v)} class=${v === 0 ? 'zero' : ''} />
      <text x=${L - 6} y=${y(v) + 4} text-anchor="end">${v}</text></g>`)}</g>
    <g class="xaxis">${xTicks.map((k) => html`<g>
      <line x1=${x(k)} x2=${x(k)} y1=${H - B} y2=${H - B + 4} />
      <text x=${x(k)} y=${H - B + 17} text-anchor=${k === 0 ? 'start' : 'middle'}>${turnLabel(sum, k)}</text></g>`)}
      <text class="axis-label" x=${(L + W - R) / 2} y=${H - 4} text-anchor="middle">${t('ui.end.axis.turn')}</text></g>
    ${lines.map((l, i) => {
      const pts = l.totals.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      const name = joinNames(l.names);
      return html`<g class=${'series ' + seatClass(l.seat)} data-testid="end-line" data-name=${name}>
        <polyline points=${pts} fill="none" stroke-dasharray=${dashes[i % dashes.length] || undefined} />
        ${n <= 40 ? l.totals.map((v, k) => html`<circle cx=${x(k)} cy=${y(v)} r="2.6"><title>${t('ui.end.chart.point', { name, n: v, stat, turn: turnLabel(sum, k), start: k === 0 ? 'yes' : 'no' })}</title></circle>`) : ''}
        <text class="end-value" x=${x(n) + 6} y=${endY.get(i) + 4}>${l.totals[l.totals.length - 1]}</text>
      </g>`;
    })}
  </svg>`;
}

// Numbers is the chart as a table: one row per point, one column per line.
function Numbers({ sum, lines }) {
  const stat = t('ui.end.stat.' + sum.stat);
  const name = (s) => sum.players[s].name;
  return html`<details class="end-numbers"><summary>${t('ui.end.table.show')}</summary>
    <div class="end-table-wrap"><table data-testid="end-table">
      <caption>${t('ui.end.chart.title', { stat })}</caption>
      <thead><tr><th scope="col">${t('ui.end.axis.turn')}</th>${lines.map((l) => html`<th scope="col">${joinNames(l.names)}</th>`)}</tr></thead>
      <tbody>${lines[0].totals.map((_, k) => html`<tr>
        <th scope="row">${k === 0 ? t('ui.end.start') : t('ui.end.table.turn_of', { turn: sum.turns[k - 1].turn, name: name(sum.turns[k - 1].seat) })}</th>
        ${lines.map((l) => html`<td>${l.totals[k]}</td>`)}</tr>`)}</tbody>
    </table></div></details>`;
}

// Change says how a total went: a fall is never shown as good news.
function Change({ from, to, stat }) {
  const d = to - from;
  const cls = d < 0 ? 'fell' : d > 0 ? 'rose' : 'same';
  return html`<span class=${'end-total ' + cls}>${t('ui.end.total', { stat: t('ui.end.stat.' + stat), from, to })}
    ${d ? html` <span class="delta">(${d > 0 ? '+' + d : '−' + -d})</span>` : ''}</span>`;
}

function CardChip({ game, card, count }) {
  const c = game === 'realms' ? cardInfo(card) : null;
  const label = t('ui.end.card_count', { card, n: count });
  if (!c) return html`<li class="end-card plain"><span>${nameOf(card)}</span>${count > 1 ? html` <b>×${count}</b>` : ''}</li>`;
  return html`<li class=${'end-card ' + factionClass(c)}><button type="button" class="link" title=${t('ui.end.card_help', { card })}
    aria-label=${label} onClick=${() => zoom(card)}>${nameOf(card)}${count > 1 ? html` <b>×${count}</b>` : ''}</button></li>`;
}

function PlayerSummary({ sum, p, mine }) {
  const n = p.cards.reduce((a, c) => a + c.count, 0);
  const first = p.totals[0], last = p.totals[p.totals.length - 1];
  return html`<section class=${'end-player' + (p.won ? ' won' : '') + (mine ? ' me' : '')} data-testid="end-player" data-player=${p.name}>
    <header><${SeatDot} seat=${p.seat} /><b class="pname">${p.name}</b>
      ${mine ? html`<span class="muted">${t('ui.end.you')}</span>` : ''}
      ${p.team ? html`<span class="badge team">${t('ui.end.team', { n: p.team })}</span>` : ''}
      ${p.kind === 'bot' ? html`<span class="badge bot">${t('ui.end.bot', { bot: botName(p.bot) })}</span>` : ''}
      ${p.won ? html`<span class="badge winner">${t('ui.end.winner_badge')}</span>` : ''}</header>
    <div class="end-facts">
      <${Change} from=${first} to=${last} stat=${sum.stat} />
      <span>${t('ui.end.turns', { n: p.turns })}</span>
      <span>${t('ui.end.damage', { n: p.damage })}</span>
    </div>
    <h4>${t('ui.end.cards.' + sum.cards, { n })}</h4>
    ${n ? html`<ul class="end-cards" data-testid="end-cards">${p.cards.map((c) => html`<${CardChip} game=${sum.game} card=${c.card} count=${c.count} />`)}</ul>`
      : html`<p class="muted small">${t('ui.end.cards.none_' + sum.cards)}</p>`}
  </section>`;
}

// rematchRequest is the request that creates the same game again from its saved record: the
// same game, format, sets, options (decks included) and seats, the viewer's seat its own and
// the bots the same bots; the other human seats are open, for their players to claim. A
// deck uploaded for a seat is not in the record: that seat gets a random shipped deck.
export function rematchRequest(rec, mySeat) {
  const options = { ...(rec.options || {}) };
  for (const k of ['campaign', 'scenario', 'first_player', 'seed']) delete options[k];
  let custom = false;
  if (options.decks) {
    options.decks = options.decks.split(',').map((d) => {
      if (d.trim() === 'custom') { custom = true; return 'random'; }
      return d.trim();
    }).join(',');
  }
  const seats = (rec.seats || []).map((s, i) => {
    if (s.kind === 'bot') return { name: s.name, kind: 'bot', bot: s.bot };
    if (i === mySeat) return { name: s.name, kind: 'human' };
    return { kind: 'open' };
  });
  const req = { game: rec.game, format: rec.format, seats };
  if (rec.game !== 'nexus') req.sets = rec.sets;
  if (Object.keys(options).length) req.options = options;
  return { req, custom };
}

function Rematch({ id, seat }) {
  const [state, setState] = useState({ busy: false, error: '' });
  const go = async () => {
    setState({ busy: true, error: '' });
    try {
      const { req } = rematchRequest(await api.log(id), seat);
      const res = await api.createGame(req);
      const mine = res.seats[seat];
      location.hash = `#/game/${res.id}/${encodeURIComponent(mine.token)}`;
    } catch (e) {
      setState({ busy: false, error: t('ui.end.rematch_error', { error: refusalText(e) }) });
    }
  };
  return html`<button type="button" class="primary" data-testid="rematch" disabled=${state.busy} onClick=${go}
      title=${t('ui.end.rematch_help')}>${state.busy ? t('ui.end.rematch_busy') : t('ui.end.rematch')}</button>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}`;
}

// headline says who won, to the seat that asks ("You won!", "You lost.") or to everyone.
function headline(v, sum) {
  const names = sum.winners.map((s) => sum.players[s].name);
  const seat = v.seat != null ? v.seat : -1;
  const others = names.length ? t('ui.end.winners', { n: names.length, names: joinNames(names) }) : t('ui.end.draw');
  if (seat < 0 || !names.length) return { main: others, sub: '' , tone: names.length ? 'neutral' : 'draw' };
  if (sum.winners.includes(seat)) return { main: t('ui.end.you_won'), sub: names.length > 1 ? others : '', tone: 'won' };
  return { main: t('ui.end.you_lost'), sub: others, tone: 'lost' };
}

const narrowNow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 620px)').matches;

// EndScreen is the end of the game over the table: a dialog the player closes to look at the
// final table (the banner opens it again).
export function EndScreen({ id, v, onClose }) {
  const [sum, setSum] = useState(null);
  const [error, setError] = useState('');
  const [narrow, setNarrow] = useState(narrowNow());
  const box = useRef(null);
  const load = () => { setError(''); getSummary(id).then(setSum, (e) => setError(e.message)); };
  useEffect(load, [id]);
  useLayoutEffect(() => {
    // Escape closes the end screen, unless it closes a card opened large over it.
    const onKey = (e) => { if (e.key === 'Escape' && !document.querySelector('.zoom-back')) onClose(); };
    const onResize = () => setNarrow(narrowNow());
    addEventListener('keydown', onKey);
    addEventListener('resize', onResize);
    if (box.current) box.current.focus();
    return () => { removeEventListener('keydown', onKey); removeEventListener('resize', onResize); };
  }, []);
  const seat = v.seat != null ? v.seat : -1;
  let body;
  if (error) {
    body = html`<p class="error" role="alert">${t('ui.end.error', { error })}</p>
      <button type="button" onClick=${load}>${t('ui.end.retry')}</button>`;
  } else if (!sum) {
    body = html`<p class="loading">${t('ui.end.loading')}</p>`;
  } else {
    const lines = chartLines(sum);
    const h = headline(v, sum);
    const players = [...sum.players].sort((a, b) => (b.won - a.won) || (a.seat === seat ? -1 : b.seat === seat ? 1 : a.seat - b.seat));
    body = html`
      <div class=${'end-head ' + h.tone}>
        <h2 id="endgame-title" data-testid="end-winner">${h.main}</h2>
        ${h.sub ? html`<p class="end-sub">${h.sub}</p>` : ''}
        <p class="muted small">${t('ui.end.length', { n: sum.turns.length })}</p>
      </div>
      <div class="end-actions">
        ${seat >= 0 && !v.campaign ? html`<${Rematch} id=${id} seat=${seat} />` : ''}
        ${v.campaign ? html`<a class="button primary" href=${'#/campaign/' + encodeURIComponent(v.campaign)}>${t('ui.end.campaign')}</a>` : ''}
        <a class="button" href=${'#/replay/' + id} data-testid="end-replay">${t('ui.end.replay')}</a>
        <a class="button" href=${sum.log} target="_blank" rel="noopener" data-testid="end-record" title=${t('ui.end.record_help')}>${t('ui.end.record')}</a>
        <button type="button" onClick=${onClose} data-testid="end-close">${t('ui.end.close')}</button>
      </div>
      <section class="end-chart-box">
        <h3>${t('ui.end.chart.title', { stat: t('ui.end.stat.' + sum.stat) })}</h3>
        <${Chart} sum=${sum} lines=${lines} narrow=${narrow} />
        <ul class="end-legend">${lines.map((l, i) => html`<li>
          <svg class="swatch" viewBox="0 0 28 8" aria-hidden="true"><line class=${seatClass(l.seat)} x1="1" x2="27" y1="4" y2="4"
            stroke-dasharray=${dashes[i % dashes.length] || undefined} /></svg>${joinNames(l.names)}</li>`)}</ul>
        <${Numbers} sum=${sum} lines=${lines} />
      </section>
      <div class="end-players">${players.map((p) => html`<${PlayerSummary} sum=${sum} p=${p} mine=${p.seat === seat} />`)}</div>`;
  }
  return html`<div class="end-backdrop" data-testid="end-screen">
    <section class="end-screen" role="dialog" aria-modal="true" aria-labelledby="endgame-title" tabindex="-1" ref=${box}>
      ${!sum ? html`<h2 id="endgame-title" class="sr-only">${t('ui.end.title')}</h2>` : ''}
      ${body}
    </section></div>`;
}

// EndBanner is the banner of a finished game: who won, the end screen (open at first), and
// the replay.
export function EndBanner({ v, id }) {
  const [open, setOpen] = useState(true);
  const w = v.winners || [];
  const me = v.seat != null && v.seat >= 0 && v.players[v.seat] ? v.players[v.seat].name : '';
  return html`<div class="banner over" data-testid="winner">
      ${w.length ? t('ui.end.winners', { n: w.length, names: joinNames(w) }) : t('ui.end.draw')}
      ${me ? ' ' + t(w.includes(me) ? 'ui.end.banner_won' : w.length ? 'ui.end.banner_lost' : 'ui.end.banner_draw') : ''}
      <span class="banner-links">
        <button type="button" class="link" onClick=${() => setOpen(true)} data-testid="end-open">${t('ui.end.open')}</button>
        <a href=${'#/replay/' + id}>${t('ui.end.replay')}</a></span>
    </div>
    ${open ? html`<${EndScreen} id=${id} v=${v} onClose=${() => setOpen(false)} />` : ''}`;
}
