// The replay of a finished game: step through its public log.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';
import { LogList, logEntries } from './log.js';
import { hasMessage, t } from './i18n.js';
import { rich } from './campaign.js';

// joined folds names into one text with the message id ("A and B", "A vs B vs C").
const joined = (id, names) => names.reduce((a, b) => t(id, { a, b }));

// formatName is a format's name from the catalog (a format without one is shown as it is).
function formatName(f) {
  const id = 'ui.format.' + String(f).replace(/-/g, '_');
  return hasMessage(id) ? t(id) : f;
}

function winnersText(data) {
  const w = (data.winners || []).map((x) => (typeof x === 'number' ? (data.names || [])[x] : x));
  if (!w.length) return t('ui.replay.draw');
  return t('ui.replay.winners', { n: w.length, names: joined('ui.replay.and', w) });
}

export function Replay({ id }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState('');
  const [at, setAt] = useState(0);
  useEffect(() => { api.log(id).then((d) => { setData(d); }, (e) => setError(e.message)); }, [id]);
  if (error) return html`<main class="replay"><a href="#/">${t('ui.back_to_lobby')}</a><p class="error">${error}</p></main>`;
  if (!data) return html`<main class="replay"><p class="loading">${t('ui.replay.loading', { id })}</p></main>`;
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
    <div class="topbar"><a href="#/">${t('ui.back_to_lobby')}</a><span>${rich('ui.replay.title', { id }, ['id'])}${data.format ? ' · ' + formatName(data.format) : ''}
      ${names.length ? ' · ' + joined('ui.replay.versus', names) : ''}</span></div>
    <div class="panel replay-controls">
      <button type="button" onClick=${() => go(0)} title=${t('ui.replay.first_title')}>${t('ui.replay.first')}</button>
      ${byTurn ? html`<button type="button" onClick=${() => turnStart(-1)} title=${t('ui.replay.prev_turn_title')}>${t('ui.replay.prev_turn')}</button>` : ''}
      <button type="button" onClick=${() => go(at - 1)} title=${t('ui.replay.prev_action_title')}>${t('ui.replay.prev_action')}</button>
      <span class="replay-pos">${rich('ui.replay.position', { n: entries.length ? at + 1 : 0, total: entries.length }, ['n'])}</span>
      <button type="button" onClick=${() => go(at + 1)} title=${t('ui.replay.next_action_title')}>${t('ui.replay.next_action')}</button>
      ${byTurn ? html`<button type="button" onClick=${() => turnStart(1)} title=${t('ui.replay.next_turn_title')}>${t('ui.replay.next_turn')}</button>` : ''}
      <button type="button" onClick=${() => go(last)} title=${t('ui.replay.last_title')}>${t('ui.replay.last')}</button>
      <input type="range" min="0" max=${Math.max(0, last)} value=${at} onInput=${(ev) => go(+ev.target.value)} />
      ${e ? html`<div class="replay-now"><b>${e.who}</b> ${e.text}</div>` : ''}
      ${data.over ? html`<div class="banner over">${winnersText(data)}</div>` : ''}
    </div>
    <${LogList} entries=${entries} names=${names} current=${at} />
  </main>`;
}
