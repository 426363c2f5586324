// The replay of a finished game: step through its public log.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';
import { LogList, logEntries } from './log.js';

function winnersText(data) {
  const w = (data.winners || []).map((x) => (typeof x === 'number' ? (data.names || [])[x] : x));
  if (!w.length) return 'The game ended in a draw.';
  return `${w.join(' and ')} ${w.length > 1 ? 'win' : 'wins'}.`;
}

export function Replay({ id }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState('');
  const [at, setAt] = useState(0);
  useEffect(() => { api.log(id).then((d) => { setData(d); }, (e) => setError(e.message)); }, [id]);
  if (error) return html`<main class="replay"><a href="#/">← Lobby</a><p class="error">${error}</p></main>`;
  if (!data) return html`<main class="replay"><p class="loading">Loading the log of game ${id}…</p></main>`;
  const entries = logEntries(data);
  const names = data.names || [];
  const last = entries.length - 1;
  const go = (i) => setAt(Math.max(0, Math.min(last, i)));
  const turnStart = (dir) => {
    // Jump to the action after the next (or previous) "end".
    let i = at + dir;
    while (i > 0 && i < last && entries[i - 1].text !== 'end') i += dir;
    go(i);
  };
  const e = entries[at];
  // Star Realms turns end with "end"; a Stellar Nexus log has no such action to step by.
  const byTurn = data.game !== 'nexus';
  return html`<main class="replay">
    <div class="topbar"><a href="#/">← Lobby</a><span>Replay of game <b>${id}</b>${data.format ? ' · ' + data.format : ''}
      ${names.length ? ' · ' + names.join(' vs ') : ''}</span></div>
    <div class="panel replay-controls">
      <button type="button" onClick=${() => go(0)} title="first action">« first</button>
      ${byTurn ? html`<button type="button" onClick=${() => turnStart(-1)} title="previous turn">‹ turn</button>` : ''}
      <button type="button" onClick=${() => go(at - 1)} title="previous action">‹ action</button>
      <span class="replay-pos">action <b>${entries.length ? at + 1 : 0}</b> of ${entries.length}</span>
      <button type="button" onClick=${() => go(at + 1)} title="next action">action ›</button>
      ${byTurn ? html`<button type="button" onClick=${() => turnStart(1)} title="next turn">turn ›</button>` : ''}
      <button type="button" onClick=${() => go(last)} title="last action">last »</button>
      <input type="range" min="0" max=${Math.max(0, last)} value=${at} onInput=${(ev) => go(+ev.target.value)} />
      ${e ? html`<div class="replay-now"><b>${e.who}</b> ${e.text}</div>` : ''}
      ${data.over ? html`<div class="banner over">${winnersText(data)}</div>` : ''}
    </div>
    <${LogList} entries=${entries} names=${names} current=${at} />
  </main>`;
}
