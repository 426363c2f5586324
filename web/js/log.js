// The game's log. Log tells the game as sentences (docs/api.md, "Narration"): the whole
// game's lines from GET /api/games/{id}/narration, then the lines each new view carries,
// grouped by turn under a header, newest at the bottom. LogList lists action texts (the
// replays' log): the View's own "log", or GET /api/games/{id}/log.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { tokens } from './api.js';
import { loadMessages, messagesLoaded, t, tm } from './i18n.js';

// logEntries reads the entries of a log response: a list, or {"actions": [...]} or
// {"log": [...]}; each entry a string or {seat|player|name, action|text}.
export function logEntries(data) {
  if (!data) return [];
  const list = Array.isArray(data) ? data : data.actions || data.log || [];
  const names = (data && data.names) || [];
  return list.map((e) => {
    if (typeof e === 'string') return { who: '', text: e };
    const who = e.player || e.name || (e.seat != null ? names[e.seat] || t('ui.lobby.seat', { n: e.seat + 1 }) : '');
    return { who, seq: e.seq, text: e.action || e.text || JSON.stringify(e) };
  });
}

export function LogList({ entries, names, current }) {
  const box = useRef(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const cur = el.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
    else el.scrollTop = el.scrollHeight;
  }, [entries.length, current]);
  const start = entries.length && entries[0].seq != null ? entries[0].seq + 1 : 1;
  return html`<ol class="log" ref=${box} start=${start} tabindex="0" aria-label=${t('ui.a11y.log')}>
    ${entries.map((e, i) => html`<li class=${i === current ? 'current' : ''}>
      ${e.who ? html`<b class=${'who p' + Math.max(0, (names || []).indexOf(e.who))}>${e.who}</b> ` : ''}${e.text}</li>`)}
  </ol>`;
}

// fetchNarration asks for the whole game's narration as the seat of token sees it.
async function fetchNarration(id, token) {
  const headers = token ? { Authorization: 'Bearer ' + token } : {};
  const res = await fetch(`/api/games/${id}/narration`, { headers });
  if (!res.ok) throw new Error(`narration: ${res.status}`);
  return res.json();
}

// groupByTurn groups lines by turn (a new group when the turn or its player changes).
export function groupByTurn(lines) {
  const groups = [];
  for (const l of lines) {
    const g = groups[groups.length - 1];
    if (g && g.turn === l.turn && g.active === l.active) g.lines.push(l);
    else groups.push({ turn: l.turn, active: l.active, lines: [l] });
  }
  return groups;
}

export function TurnHead({ g, seat, names }) {
  const text = g.turn > 0
    ? t('log.turn', { turn: g.turn, you: g.active === seat && seat >= 0 ? 'yes' : 'no', who: names[g.active] || '' })
    : t('log.setup');
  return html`<h4 class=${'turn-head p' + Math.max(0, g.active)}>${text}</h4>`;
}

// Log is the narrated log of the game id, as the seat of the view v sees it.
export function Log({ id, v }) {
  const [ready, setReady] = useState(messagesLoaded());
  const [state, setState] = useState({ lines: [], reached: -1, failed: false });
  const cur = useRef(state);
  cur.current = state;
  const prev = useRef(null); // the seq of the view before this one
  const box = useRef(null);
  const atBottom = useRef(true);
  const fetching = useRef(false);
  const seat = v.seat != null && v.seat >= 0 ? v.seat : -1;
  const token = seat >= 0 ? tokens.get(id) : '';

  useEffect(() => {
    if (!ready) loadMessages().then(() => setReady(true), () => setReady(true));
  }, [ready]);

  const refetch = () => {
    if (fetching.current) return;
    fetching.current = true;
    fetchNarration(id, token).then(
      (n) => { fetching.current = false; setState({ lines: n.narration || [], reached: n.seq, failed: false }); },
      () => { fetching.current = false; setState((s) => ({ ...s, failed: true })); });
  };

  useEffect(() => {
    prev.current = v.seq;
    setState({ lines: [], reached: -1, failed: false });
    refetch();
  }, [id, token]);

  // A new view carries the lines of the actions since the view before it: they are added
  // when nothing is missing between, else the whole narration is asked for again.
  useEffect(() => {
    const before = prev.current;
    prev.current = v.seq;
    if (before == null || v.seq === before || !Array.isArray(v.narration)) return;
    const s = cur.current;
    if (s.reached < 0) return; // the whole narration is on its way
    if (s.reached < before || v.seq < before) { refetch(); return; }
    const add = v.narration.filter((l) => l.seq >= s.reached);
    setState({ ...s, lines: add.length ? s.lines.concat(add) : s.lines, reached: Math.max(s.reached, v.seq) });
  }, [v.seq]);

  // Newest at the bottom: follow it while the reader is there.
  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [state.lines.length, ready]);
  const onScroll = (e) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 12;
  };

  const names = v.players.map((p) => p.name);
  const head = ready ? html`${t('log.title')} <span class="muted">${t('log.actions', { n: v.seq || 0 })}</span>` : '';
  if (state.failed && !state.lines.length) {
    const entries = logEntries(v.log ? Object.assign([...v.log], { names }) : []);
    return html`<section class="log-box"><h3>${head}</h3><${LogList} entries=${entries} names=${names} /></section>`;
  }
  const groups = ready ? groupByTurn(state.lines) : [];
  return html`<section class="log-box narrated"><h3>${head}</h3>
    <div class="narration" ref=${box} onScroll=${onScroll} tabindex="0" role="log" aria-label=${t('ui.a11y.log')}>
      ${ready && !groups.length ? html`<p class="muted">${t('log.empty')}</p>` : ''}
      ${groups.map((g) => html`<div class="turn" data-turn=${g.turn} data-active=${g.active}>
        <${TurnHead} g=${g} seat=${seat} names=${names} />
        <ol>${g.lines.map((l) => html`<li class=${'line' + (l.tone ? ' tone-' + l.tone : '') + (l.seat === seat && seat >= 0 ? ' mine' : '')}
          data-names=${l.names} data-seq=${l.seq}>${tm(l.msg)}</li>`)}</ol>
      </div>`)}
    </div></section>`;
}
