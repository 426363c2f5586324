// The replay of a game: the table at every step (GET /api/games/{id}/replay?step=N, docs/api.md),
// as a spectator saw it or, with the seat's token kept in this browser, as that seat saw it.
// A scrubber and buttons step by action or by turn (keys: ←/→, Shift+←/→ or Page Up/Down,
// Home/End); the step's own narration says what just happened, and the log beside the table
// tells the game up to that step. The winner is told at the last step only: the server's view
// of each step is the one the table showed then. #/replay/ID/N opens step N.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { LangMenu } from './lang.js';
import { tokens } from './api.js';
import { CardPanel, CardZoom, loadCards } from './cards.js';
import { RealmsTable, gameTitle } from './game.js';
import { NexusCardPanel, NexusTable } from './nexus.js';
import { TurnHead, groupByTurn } from './log.js';
import { hasMessage, t, tm } from './i18n.js';

// joined folds names into one text with the message id ("A and B", "A vs B vs C").
const joined = (id, names) => names.reduce((a, b) => t(id, { a, b }));

// formatName is a format's name from the catalog (a format without one is shown as it is).
function formatName(game, f) {
  const id = (game === 'nexus' ? 'ui.nexus.format.' : 'ui.format.') + String(f).replace(/-/g, '_');
  return hasMessage(id) ? t(id) : f;
}

// fetchStep asks for the view at step (and the narration from since on) as the seat of token
// sees it, or a spectator without one.
async function fetchStep(id, token, step, since) {
  const headers = token ? { Authorization: 'Bearer ' + token } : {};
  const q = step == null ? `since=${since}` : `step=${step}&since=${since}`;
  const res = await fetch(`/api/games/${id}/replay?${q}`, { headers });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = new Error(res.status === 429 ? t('ui.replay.too_fast') : data.error || `${res.status}`);
    e.status = res.status;
    throw e;
  }
  return data;
}

// stepOfHash reads N from #/replay/ID/N.
function stepOfHash() {
  const n = Number(location.hash.split('/')[3]);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

// turnAt is the turn a step belongs to: the last turn that begins at or before it.
function turnAt(turns, step) {
  let cur = turns[0];
  for (const x of turns) if (x.step <= step) cur = x;
  return cur;
}

function winnersText(v) {
  const w = v.winners || [];
  if (!w.length) return t('ui.replay.draw');
  return t('ui.replay.winners', { n: w.length, names: joined('ui.replay.and', w) });
}

// Now tells what the step's action did: its narrated lines or, when it made none (an end of
// turn, a pass), who did what.
function Now({ v, lines }) {
  const last = v.replay.last;
  let body;
  if (!last) body = t('ui.replay.start');
  else if (lines.length) body = lines.map((l) => html`<span class=${'now-line' + (l.tone ? ' tone-' + l.tone : '')}>${tm(l.msg)}</span>`);
  else body = t('ui.replay.did', { verb: String(last.action).split(' ')[0], who: last.name });
  return html`<div class="replay-now" aria-live="polite" data-testid="replay-now">${body}</div>`;
}

// ReplayLog is the narrated game up to the step, grouped by turn, newest at the bottom; the
// step's own lines are marked.
function ReplayLog({ v, lines, step }) {
  const box = useRef(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [step, lines.length]);
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const names = v.players.map((p) => p.name);
  const groups = groupByTurn(lines);
  return html`<section class="log-box narrated replay-log"><h3>${t('log.title')} <span class="muted">${t('ui.replay.log_upto', { n: step })}</span></h3>
    <div class="narration" ref=${box} tabindex="0" role="log" aria-label=${t('ui.a11y.log')}>
      ${!groups.length ? html`<p class="muted">${t('log.empty')}</p>` : ''}
      ${groups.map((g) => html`<div class="turn">
        <${TurnHead} g=${g} seat=${seat} names=${names} />
        <ol>${g.lines.map((l) => html`<li class=${'line' + (l.tone ? ' tone-' + l.tone : '') + (l.seat === seat && seat >= 0 ? ' mine' : '') + (l.seq === step - 1 ? ' current' : '')}
          data-seq=${l.seq}>${tm(l.msg)}</li>`)}</ol>
      </div>`)}
    </div></section>`;
}

// Controls are the step buttons, the scrubber and where the replay is.
function Controls({ at, steps, turns, go, v }) {
  const prevTurn = () => { const x = turns.filter((u) => u.step < at).pop(); go(x ? x.step : 0); };
  const nextTurn = () => { const x = turns.find((u) => u.step > at); go(x ? x.step : steps); };
  const b = (label, title, onClick, disabled, cls) => html`<button type="button" class=${'rp ' + cls} onClick=${onClick} disabled=${disabled}
    title=${title}><span class="rp-icon" aria-hidden="true"></span><span class="rp-label">${label}</span></button>`;
  const turn = turns.length ? turnAt(turns, at) : null;
  const seat = v && v.seat != null && v.seat >= 0 ? v.seat : -1;
  const names = v ? v.players.map((p) => p.name) : [];
  return html`<div class="panel replay-controls" role="group" aria-label=${t('ui.replay.controls')}>
    <div class="rp-buttons">
      ${b(t('ui.replay.first'), t('ui.replay.first_title'), () => go(0), at === 0, 'rp-first')}
      ${b(t('ui.replay.prev_turn'), t('ui.replay.prev_turn_title'), prevTurn, at === 0, 'rp-prev-turn')}
      ${b(t('ui.replay.prev_action'), t('ui.replay.prev_action_title'), () => go(at - 1), at === 0, 'rp-prev')}
      ${b(t('ui.replay.next_action'), t('ui.replay.next_action_title'), () => go(at + 1), at >= steps, 'rp-next')}
      ${b(t('ui.replay.next_turn'), t('ui.replay.next_turn_title'), nextTurn, at >= steps, 'rp-next-turn')}
      ${b(t('ui.replay.last'), t('ui.replay.last_title'), () => go(steps), at >= steps, 'rp-last')}
    </div>
    <div class="rp-where">
      <b class="replay-pos" data-testid="replay-pos">${t('ui.replay.position', { n: at, total: steps })}</b>
      ${turn && turn.turn > 0 ? html`<span class="muted"> · ${t('log.turn', { turn: turn.turn, you: turn.active === seat && seat >= 0 ? 'yes' : 'no', who: names[turn.active] || '' })}</span>` : ''}
    </div>
    <input type="range" class="rp-scrub" min="0" max=${steps} value=${at} data-testid="scrubber"
      aria-label=${t('ui.replay.scrubber', { n: at, total: steps })} onInput=${(e) => go(+e.target.value)} />
    <div class="muted small rp-keys">${t('ui.replay.keys')}</div>
  </div>`;
}

// Replay picks whose eyes the replay is seen through: the seat's own when this browser has
// its token, else a spectator's.
export function Replay({ id }) {
  const token = tokens.get(id);
  const [asSeat, setAsSeat] = useState(!!token);
  const [seatName, setSeatName] = useState('');
  const tok = asSeat && token ? token : '';
  const refused = () => { setAsSeat(false); };
  const toggle = token && seatName ? html`<span class="rp-as" role="group" aria-label=${t('ui.replay.view_as')}>${t('ui.replay.view_as')}
    <button type="button" aria-pressed=${asSeat} class=${asSeat ? 'on' : ''} onClick=${() => setAsSeat(true)}>${t('ui.replay.as_seat', { name: seatName })}</button>
    <button type="button" aria-pressed=${!asSeat} class=${asSeat ? '' : 'on'} onClick=${() => setAsSeat(false)}>${t('ui.replay.as_spectator')}</button></span>` : '';
  return html`<${ReplayOf} key=${tok ? 'seat' : 'spectator'} id=${id} token=${tok} toggle=${toggle} onRefused=${refused}
    onSeat=${(name) => { if (name && name !== seatName) setSeatName(name); }} />`;
}

function ReplayOf({ id, token, toggle, onRefused, onSeat }) {
  const [at, setAt] = useState(stepOfHash);
  const [shown, setShown] = useState(null); // the view on screen (the step's, or the one before while it loads)
  const [error, setError] = useState('');
  const [, setCardsReady] = useState(false);
  const cache = useRef(new Map()); // step -> view
  const known = useRef({ lines: new Map(), reached: 0 }); // narration lines by seq; every seq below reached is known
  const meta = useRef({ steps: null, turns: [] });
  const atRef = useRef(at);
  atRef.current = at;

  useEffect(() => { loadCards().then(() => setCardsReady(true), () => {}); }, []);

  // load fetches a step's view (and the narration the log lacks) into the cache.
  const load = async (step) => {
    if (cache.current.has(step)) return cache.current.get(step);
    const k = known.current;
    const since = step > k.reached ? k.reached : step;
    const v = await fetchStep(id, token, step, since);
    // An answer tells each action from since on whole: an action told before is kept as it was.
    const bySeq = new Map();
    for (const l of v.narration || []) {
      if (l.seq < since) continue;
      if (!bySeq.has(l.seq)) bySeq.set(l.seq, []);
      bySeq.get(l.seq).push(l);
    }
    for (const [seq, list] of bySeq) if (!k.lines.has(seq)) k.lines.set(seq, list);
    k.reached = Math.max(k.reached, v.replay.step);
    meta.current = { steps: v.replay.steps, turns: v.replay.turns || [] };
    cache.current.set(step, v);
    return v;
  };

  // Show the step: at once when it is cached, else after a short pause (a scrubber dragged
  // across the game asks only for where it stops), then fetch the next one ahead.
  useEffect(() => {
    let gone = false;
    const show = (v) => {
      if (gone) return;
      setShown(v);
      setError('');
      if (v.seat != null && v.seat >= 0) onSeat(v.players[v.seat].name);
      if (v.replay.step < v.replay.steps) load(v.replay.step + 1).catch(() => {});
    };
    const fail = (e) => {
      if (gone) return;
      if (e.status === 401) { tokens.forget(id); onRefused(); return; }
      if (e.status === 400 && meta.current.steps == null && at > 0) { setAt(0); return; } // a step past the end of the game
      setError(e.message);
    };
    const steps = meta.current.steps;
    if (steps != null && at > steps) { setAt(steps); return undefined; }
    if (cache.current.has(at)) { show(cache.current.get(at)); return () => { gone = true; }; }
    const timer = setTimeout(() => load(at).then(show, fail), shown ? 90 : 0);
    return () => { gone = true; clearTimeout(timer); };
  }, [at]);

  // The step is in the address, so that a link or a reload opens it. Only while the address is
  // still this replay's: an effect running just after Back must not turn the page left for
  // (the game's) into a replay again.
  useEffect(() => {
    const [, kind, hashId] = location.hash.split('/');
    if (kind !== 'replay' || hashId !== id) return;
    const want = `#/replay/${id}/${at}`;
    if (location.hash !== want) history.replaceState(null, '', want);
  }, [at]);

  const steps = meta.current.steps;
  const go = (n) => setAt(Math.max(0, Math.min(steps == null ? 0 : steps, n)));
  const turns = meta.current.turns;
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    const onKey = (e) => {
      const el = e.target;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (el && (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && el.type !== 'range'))) return;
      const cur = atRef.current;
      const ts = meta.current.turns;
      const n = meta.current.steps || 0;
      const prevTurn = () => { const x = ts.filter((u) => u.step < cur).pop(); return x ? x.step : 0; };
      const nextTurn = () => { const x = ts.find((u) => u.step > cur); return x ? x.step : n; };
      let to = null;
      if (e.key === 'ArrowLeft') to = e.shiftKey ? prevTurn() : cur - 1;
      else if (e.key === 'ArrowRight') to = e.shiftKey ? nextTurn() : cur + 1;
      else if (e.key === 'PageUp') to = prevTurn();
      else if (e.key === 'PageDown') to = nextTurn();
      else if (e.key === 'Home') to = 0;
      else if (e.key === 'End') to = n;
      if (to == null) return;
      e.preventDefault();
      goRef.current(to);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const top = (extra) => html`<div class="topbar">
    <a href="#/">${t('ui.back_to_lobby')}</a>${extra || ''}<${LangMenu} /></div>`;
  if (!shown) {
    return html`<main class="replay game">${top()}
      ${error ? html`<p class="error" role="alert">${error}</p>` : html`<p class="loading">${t('ui.replay.loading', { id })}</p>`}</main>`;
  }
  const v = shown;
  const fresh = v.replay.step === at;
  const lines = [];
  for (const [seq, list] of known.current.lines) if (seq < at) lines.push(...list);
  lines.sort((a, b) => a.seq - b.seq);
  const nowLines = lines.filter((l) => l.seq === at - 1);
  const names = v.players.map((p) => p.name);
  const nexus = v.game === 'nexus';
  const cls = 'game replay ' + (nexus ? 'nexus' : 'realms seats-' + v.players.length) + (fresh ? '' : ' stale');
  const liveLink = v.replay.live ? html`<a href=${(token ? '#/game/' : '#/watch/') + id}>${t('ui.replay.to_table')}</a>` : '';
  return html`<main class=${cls} data-step=${v.replay.step}>
    ${top(html`<h1 class="rp-title">${t('ui.replay.title', { id })} · ${gameTitle[v.game] || v.game}${v.format ? ' · ' + formatName(v.game, v.format) : ''} · ${joined('ui.replay.versus', names)}</h1>${liveLink}${toggle}`)}
    <${Controls} at=${at} steps=${steps} turns=${turns} go=${go} v=${v} />
    ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
    ${fresh && v.over ? html`<div class="banner over" data-testid="winner" role="status">${winnersText(v)}</div>` : ''}
    ${fresh && v.abandoned ? html`<div class="banner waiting" role="status">${t('ui.replay.abandoned')}</div>` : ''}
    ${v.replay.live && at === steps ? html`<div class="banner waiting">${t('ui.replay.live')}</div>` : ''}
    <${Now} v=${v} lines=${fresh ? nowLines : []} />
    <div class="layout">
      ${nexus ? html`<${NexusTable} v=${v} send=${() => {}} busy=${false} readOnly=${true} />` : html`<${RealmsTable} v=${v} />`}
      <div class="side">${nexus ? html`<${NexusCardPanel} />` : html`<${CardPanel} />`}
        <${ReplayLog} v=${v} lines=${lines} step=${at} /></div>
    </div>
    <${CardZoom} />
  </main>`;
}
