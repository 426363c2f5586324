// The JSON API of `starnexus serve` (docs/api.md) and the game's live connection.

import { tm, hasMessage } from './i18n.js';

// refusalText is an error of the API in the page's language: its message where the server
// gives one the catalog knows (an illegal action shows its reason alone: the action's text is
// the engine's English), else the server's English words.
export function refusalText(e) {
  const m = e && e.msg;
  if (m && m.id && hasMessage(m.id)) {
    if (m.id === 'refuse.illegal' && m.args && m.args.reason) return tm(m.args.reason);
    return tm(m);
  }
  return (e && (e.message || e.error)) || '';
}

export async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    if (data && data.msg) err.msg = data.msg; // the refusal as a message, where the server gives one
    throw err;
  }
  return data;
}

export const api = {
  createGame: (req) => call('POST', '/api/games', req),
  listGames: () => call('GET', '/api/games?open=1'),
  claim: (id, n, name) => call('POST', `/api/games/${id}/seats/${n}/claim`, { name }),
  view: (id, token) => call('GET', `/api/games/${id}/view`, undefined, token),
  act: (id, token, action, seq) => call('POST', `/api/games/${id}/actions`, { action, seq }, token),
  log: (id) => call('GET', `/api/games/${id}/log`),
  cards: () => call('GET', '/api/cards'),
  nexusCards: () => call('GET', '/api/cards?game=nexus'),
  bots: (game = 'realms') => call('GET', '/api/bots?game=' + encodeURIComponent(game)),
  decks: () => call('GET', '/api/decks'),
};

// The token of a seat is kept in localStorage by game, so that a reload or a bare
// #/game/ID link reconnects to the same seat.
export const tokens = {
  get: (id) => localStorage.getItem('starnexus.token.' + id) || '',
  set: (id, t) => localStorage.setItem('starnexus.token.' + id, t),
  forget: (id) => localStorage.removeItem('starnexus.token.' + id),
};

// A pushed message is either a bare View or one wrapped as {"view": ...}; errors come as
// {"error": "..."}.
function viewOf(msg) {
  if (msg && msg.view) return msg.view;
  if (msg && msg.players) return msg;
  return null;
}

// connect opens the game's WebSocket, sends the token first (browsers cannot set headers on
// a WebSocket), and calls onView with every View the server pushes. It reconnects after a
// drop, and polls the view over HTTP while the socket is down, so the page never goes stale.
export function connect(id, token, onView, onStatus, onError = () => {}) {
  let ws = null, closed = false, retry = 500, poll = null;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const refresh = () => api.view(id, token).then(onView, (e) => { if (e.status === 401 || e.status === 404) onError(e); });
  const startPolling = () => { if (!poll) poll = setInterval(refresh, 2000); };
  const stopPolling = () => { clearInterval(poll); poll = null; };
  function open() {
    if (closed) return;
    ws = new WebSocket(`${proto}//${location.host}/api/games/${id}/ws`);
    ws.onopen = () => {
      ws.send(token || '');
      retry = 500;
      stopPolling();
      onStatus('live');
      refresh();
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      const v = viewOf(msg);
      if (v) onView(v);
      else if (msg && msg.error) onStatus('error: ' + refusalText(msg));
    };
    ws.onclose = (e) => {
      if (closed) return;
      if (e.code === 4401) { onStatus('refused: unknown seat token'); return; }
      onStatus('reconnecting');
      startPolling();
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  refresh();
  open();
  return () => { closed = true; stopPolling(); if (ws) ws.close(); };
}
