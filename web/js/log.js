// The public log: the View's own "log" when it has one, else GET /api/games/{id}/log.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { api } from './api.js';

// logEntries reads the entries of a log response: a list, or {"actions": [...]} or
// {"log": [...]}; each entry a string or {seat|player|name, action|text}.
export function logEntries(data) {
  if (!data) return [];
  const list = Array.isArray(data) ? data : data.actions || data.log || [];
  const names = (data && data.names) || [];
  return list.map((e) => {
    if (typeof e === 'string') return { who: '', text: e };
    const who = e.player || e.name || (e.seat != null ? names[e.seat] || `seat ${e.seat + 1}` : '');
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
  return html`<ol class="log" ref=${box} start=${start}>
    ${entries.map((e, i) => html`<li class=${i === current ? 'current' : ''}>
      ${e.who ? html`<b class=${'who p' + Math.max(0, (names || []).indexOf(e.who))}>${e.who}</b> ` : ''}${e.text}</li>`)}
  </ol>`;
}

export function Log({ id, v }) {
  const [fetched, setFetched] = useState(null);
  const inline = v.log;
  useEffect(() => {
    if (inline) return;
    api.log(id).then(setFetched, () => {});
  }, [id, v.seq, inline]);
  const data = inline || fetched;
  const names = v.players.map((p) => p.name);
  const entries = logEntries(Array.isArray(data) ? Object.assign([...data], { names }) : data && { ...data, names: data.names || names });
  return html`<section class="log-box"><h3>Log <span class="muted">(${v.seq != null ? v.seq : entries.length} actions)</span></h3>
    <${LogList} entries=${entries} names=${names} /></section>`;
}
