// Rise of Empire campaigns (docs/campaigns.md, the /api/campaigns part of docs/api.md):
// #/campaigns lists them and creates one; #/campaign/NAME[/SEAT/TOKEN] is a campaign's status
// page: its players, sheets, rows used, upgraded cards, points, results, the next scenario
// with who goes first and their setup choice, "play next scenario", and the post-campaign
// completion. A campaign game is played on the normal Star Realms table (#/game/ID/TOKEN):
// a human seat's token is the same for the campaign and for each of its games.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { tokens } from './api.js';

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

const path = (name) => '/api/campaigns/' + encodeURIComponent(name);
export const campaignAPI = {
  list: () => call('GET', '/api/campaigns'),
  create: (req) => call('POST', '/api/campaigns', req),
  status: (name) => call('GET', path(name)),
  start: (name, token, choice) => call('POST', path(name) + '/start', choice ? { choice } : {}, token),
  complete: (name, token, u) => call('POST', path(name) + '/complete', { card: u.card, sheet: u.sheet, row: u.row }, token),
};

// The tokens of a campaign's human seats that this browser holds, by seat.
export const campaignTokens = {
  key: (name) => 'starnexus.campaign.' + name,
  all(name) {
    try { return JSON.parse(localStorage.getItem(this.key(name)) || '{}') || {}; } catch { return {}; }
  },
  set(name, seat, token) {
    const m = this.all(name);
    m[seat] = token;
    localStorage.setItem(this.key(name), JSON.stringify(m));
  },
};

const campaignURL = (name, seat, token) => `${location.origin}${location.pathname}#/campaign/${encodeURIComponent(name)}/${seat}/${token}`;
const phaseText = { scenario: 'ready for the next scenario', playing: 'a game is under way', completion: 'post-campaign completion (SR 8.10)', finished: 'finished' };
const defaultBots = ['greedy', 'random', 'easy', 'medium', 'hard', 'expert'];

function CreateCampaign({ onCreated }) {
  const [name, setName] = useState('');
  const [seats, setSeats] = useState([{ kind: 'human', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }]);
  const [bots, setBots] = useState(defaultBots);
  const [error, setError] = useState('');
  useEffect(() => {
    call('GET', '/api/bots?game=realms').then((b) => {
      const l = b && b.bots;
      if (l && l.length) setBots(l.map((x) => x.name || x));
    }, () => {});
  }, []);
  const sides = ['Empire (seat 1, goes first in scenario 1)', 'Federation (seat 2)'];
  const submit = async (e) => {
    e.preventDefault();
    setError('');
    try {
      const r = await campaignAPI.create({ name: name.trim(), seats: seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', bot: s.bot } : { kind: 'human' })) });
      for (const s of r.seats) if (s.token) campaignTokens.set(r.name, s.seat, s.token);
      onCreated(r);
    } catch (err) { setError(err.message); }
  };
  return html`<form class="panel create" onSubmit=${submit} data-testid="create-campaign">
    <h2>New campaign</h2>
    <p class="muted small">Rise of Empire: twelve scenarios of our own design ("Frontier Accord"), upgrades and victory points kept from game to game.</p>
    <label>Name <input value=${name} aria-label="campaign name" placeholder="e.g. Frontier" onInput=${(e) => setName(e.target.value)} /></label>
    <fieldset><legend>Seats</legend>
      ${seats.map((s, i) => html`<div class="seat-row">
        <span class="seat-no">Seat ${i + 1}</span>
        <select value=${s.kind} aria-label=${'campaign seat ' + (i + 1) + ' kind'} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, kind: e.target.value } : x)))}>
          <option value="human">Human</option><option value="bot">Bot</option></select>
        ${s.kind === 'bot' ? html`<select value=${s.bot} aria-label=${'campaign seat ' + (i + 1) + ' bot'} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, bot: e.target.value } : x)))}>
          ${bots.map((b) => html`<option value=${b}>${b}</option>`)}</select>` : ''}
        <span class="muted small">${sides[i]}</span></div>`)}
    </fieldset>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary big">Create campaign</button>
  </form>`;
}

function Created({ c }) {
  const humans = c.seats.filter((s) => s.token);
  return html`<section class="panel created" data-testid="campaign-created">
    <h2>Campaign ${c.name} is ready</h2>
    ${humans.length > 1 ? html`<p>Each human player keeps their own link: it is their key to the campaign and to their seat in every game.</p>
      <table class="links">${humans.map((s) => html`<tr><td><b>${s.name}</b></td>
        <td><input readonly value=${campaignURL(c.name, s.seat, s.token)} onFocus=${(e) => e.target.select()} /></td></tr>`)}</table>` : ''}
    <p><a class="primary" href=${'#/campaign/' + encodeURIComponent(c.name)}>Open the campaign</a></p>
  </section>`;
}

export function CampaignList() {
  const [list, setList] = useState(null);
  const [created, setCreated] = useState(null);
  useEffect(() => {
    const load = () => campaignAPI.list().then((r) => setList(r.campaigns || []), () => setList([]));
    load();
    const t = setInterval(load, 5000);
    return () => clearInterval(t);
  }, []);
  return html`<main class="lobby">
    <div class="topbar"><a href="#/">← Lobby</a></div>
    <header class="hero"><h1>Campaigns</h1><p>Rise of Empire: two players (or a player and a bot) through twelve scenarios.</p></header>
    <div class="lobby-grid">
      <div>${created ? html`<${Created} c=${created} />` : ''}<${CreateCampaign} onCreated=${setCreated} /></div>
      <section class="panel games"><h2>Campaigns</h2>
        ${list === null ? html`<p class="muted">Loading…</p>` : list.length === 0 ? html`<p class="muted">No campaign yet.</p>`
          : html`<ul>${list.map((c) => html`<li data-campaign=${c.name}>
            <a href=${'#/campaign/' + encodeURIComponent(c.name)}><b>${c.name}</b></a>
            <span>${c.players.map((p) => `${p.name} (${p.kind === 'bot' ? p.bot : 'human'}) ${p.points} VP`).join(' · ')}</span>
            <span class="muted">${c.phase === 'finished' ? 'finished' : c.next <= 12 ? `scenario ${c.next} of 12` : phaseText[c.phase]}</span></li>`)}</ul>`}
      </section>
    </div>
  </main>`;
}

function Players({ c }) {
  return html`<section class="panel" data-testid="campaign-players"><h2>Players</h2>
    <table class="links"><tr class="muted"><td></td><td>Side</td><td>Points</td><td>Wins</td><td>Sheets</td><td>Rows used</td><td>Upgrades</td></tr>
    ${c.players.map((p) => html`<tr data-seat=${p.seat}>
      <td><b>${p.name}</b> <span class="muted">${p.kind === 'bot' ? 'bot: ' + p.bot : 'human'}</span>${c.first === p.seat && c.phase === 'scenario' ? html` <span class="badge turn">goes first</span>` : ''}</td>
      <td>${p.faction}</td><td data-testid=${'points-' + p.seat}><b>${p.points}</b></td><td>${p.wins}</td>
      <td>${p.sheets.join(', ') || '—'}</td><td>${p.used.join(', ') || '—'}</td><td>${p.upgrades}</td></tr>`)}</table>
    ${c.phase === 'finished' || c.next > 12 ? html`<p data-testid="campaign-winner"><b>${c.winner >= 0 ? c.players[c.winner].name + ' wins the campaign' : c.next > 12 ? 'A shared victory' : ''}</b></p>` : ''}
  </section>`;
}

function Results({ c }) {
  if (!c.results.length && !c.upgraded.length) return '';
  const name = (seat) => (seat >= 0 ? c.players[seat].name : 'draw');
  return html`<section class="panel"><h2>Scenarios played</h2>
    <table class="links" data-testid="campaign-results"><tr class="muted"><td>Scenario</td><td>First</td><td>Choice</td><td>Winner</td><td>Points</td><td>Upgrades</td><td></td></tr>
      ${c.results.map((r) => html`<tr><td>${r.scenario}</td><td>${name(r.first)}</td><td>${r.choice || '—'}</td>
        <td><b>${name(r.winner)}</b>${r.political ? ' (political victory)' : ''}</td><td>${r.points}</td><td>${r.upgrades}</td>
        <td><a href=${'#/replay/' + r.game}>replay</a></td></tr>`)}</table>
    ${c.upgraded.length ? html`<h3>Upgraded cards</h3><ul data-testid="campaign-upgraded">${c.upgraded.map((u) => html`<li>${u.name}${' '}<span class="muted">by ${c.players[u.seat].name}, ${u.scenario ? 'scenario ' + u.scenario : 'completion'}</span></li>`)}</ul>` : ''}
  </section>`;
}

function NextScenario({ c, mine, refresh }) {
  const [choice, setChoice] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const sc = c.scenario;
  if (!sc) return '';
  const first = c.players[sc.first];
  const humanSeats = c.players.filter((p) => p.kind === 'human').map((p) => p.seat);
  const myToken = mine[sc.first] || humanSeats.map((s) => mine[s]).find(Boolean) || '';
  const mySeat = Object.keys(mine).map(Number).find((s) => mine[s] === myToken);
  const chooses = sc.options && sc.options.length > 0;
  const iChoose = chooses && first.kind === 'human' && mine[sc.first];
  const canStart = c.phase === 'scenario' && (humanSeats.length === 0 || (chooses && first.kind === 'human' ? !!mine[sc.first] : !!myToken));
  const start = async () => {
    setError('');
    setBusy(true);
    try {
      const r = await campaignAPI.start(c.name, myToken, iChoose ? choice : 0);
      if (myToken) {
        tokens.set(r.game, myToken);
        location.hash = `#/game/${r.game}/${myToken}`;
      } else location.hash = '#/watch/' + r.game;
    } catch (err) { setError(err.message); refresh(); } finally { setBusy(false); }
  };
  const gameLink = c.game && (() => {
    const t = humanSeats.map((s) => mine[s]).find(Boolean);
    return t ? html`<a class="primary" href=${`#/game/${c.game}/${t}`} onClick=${() => tokens.set(c.game, t)} data-testid="campaign-play">Play the game under way</a>`
      : html`<a href=${'#/watch/' + c.game} data-testid="campaign-watch">Watch the game under way</a>`;
  })();
  return html`<section class="panel created" data-testid="next-scenario">
    <h2>Scenario ${sc.number}: ${sc.name}</h2>
    <p>${sc.story}</p>
    <p><b>${first.name}</b> goes first (SR 8.2). ${sc.political ? 'Political victory is on (SR 8.7). ' : ''}The winner takes ${sc.victory_points} victory point${sc.victory_points === 1 ? '' : 's'}.
      ${sc.sheets.map((s, i) => (s ? ` ${c.players[i].name} receives sheet ${s}.` : ''))}</p>
    ${c.phase === 'playing' ? html`<p>${sc.chosen ? html`<span data-testid="chosen">${first.name} chose <b>${sc.chosen}</b>. </span>` : ''}${gameLink}</p>` : ''}
    ${c.phase === 'scenario' && chooses ? html`<fieldset data-testid="setup-choice"><legend>${sc.prompt || 'Setup choice'} (${first.name} chooses)</legend>
      ${iChoose ? sc.options.map((o, i) => html`<label class="check" style="display:block"><input type="radio" name="choice" checked=${choice === i + 1}
          onChange=${() => setChoice(i + 1)} /> <b>${o.name}</b>: ${o.text}</label>`)
        : html`${sc.options.map((o) => html`<p class="small"><b>${o.name}</b>: ${o.text}</p>`)}
          <p class="muted">${first.kind === 'bot' ? first.name + ' (bot) chooses when the scenario starts.' : first.name + ' chooses and starts this scenario.'}</p>`}
    </fieldset>` : ''}
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${c.phase === 'scenario' ? (canStart
      ? html`<button type="button" class="primary big" data-testid="campaign-start" disabled=${busy || (iChoose && !choice)} onClick=${start}>Play scenario ${sc.number}</button>`
      : html`<p class="muted">A player of this campaign starts it (open the campaign from your own link).</p>`) : ''}
  </section>`;
}

function Completion({ c, mine, refresh }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const cp = c.completion;
  if (!cp) return '';
  const p = c.players[cp.seat];
  const token = mine[cp.seat];
  const pick = async (u) => {
    setError('');
    setBusy(true);
    try { await campaignAPI.complete(c.name, token, u); } catch (err) { setError(err.message); }
    setBusy(false);
    refresh();
  };
  return html`<section class="panel created" data-testid="completion">
    <h2>Post-campaign completion (SR 8.10)</h2>
    <p>The players take turns upgrading cards of the trade deck until each has ${20} upgrades or no row left to use.
      It is <b>${p.name}</b>'s turn (${p.upgrades} upgrades).</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${p.kind === 'human' && token ? html`<ul class="games">${cp.candidates.map((u) => html`<li>
        <button type="button" class="act" disabled=${busy} onClick=${() => pick(u)}>Upgrade ${u.name}</button></li>`)}</ul>`
      : html`<p class="muted">${p.kind === 'bot' ? 'The bot upgrades by itself.' : `Waiting for ${p.name}.`}</p>`}
  </section>`;
}

export function Campaign({ name }) {
  const [c, setC] = useState(null);
  const [error, setError] = useState('');
  const mine = campaignTokens.all(name);
  const refresh = () => campaignAPI.status(name).then((x) => { setC(x); setError(''); }, (e) => setError(e.message));
  useEffect(() => {
    refresh();
    const t = setInterval(refresh, 3000);
    return () => clearInterval(t);
  }, [name]);
  return html`<main class="lobby" data-testid="campaign">
    <div class="topbar"><a href="#/campaigns">← Campaigns</a> <a href="#/">Lobby</a></div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${!c ? html`<p class="muted">Loading…</p>` : html`
      <header class="hero"><h1>${c.name}</h1>
        <p data-testid="campaign-phase">${c.next <= 12 ? `Scenario ${c.next} of 12` : 'Twelve scenarios played'} · ${phaseText[c.phase] || c.phase}</p></header>
      <${Players} c=${c} />
      ${c.phase === 'completion' ? html`<${Completion} c=${c} mine=${mine} refresh=${refresh} />` : html`<${NextScenario} c=${c} mine=${mine} refresh=${refresh} />`}
      <${Results} c=${c} />`}
  </main>`;
}
