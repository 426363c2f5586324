// The lobby: create a game, hand out its seat links, join an open seat, watch or replay.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api, tokens } from './api.js';

// The games, and for each its formats with their seat counts (README.md's tables).
export const gameKinds = [{ id: 'realms', label: 'Star Realms' }, { id: 'nexus', label: 'Stellar Nexus' }];
const gameLabel = (id) => (gameKinds.find((g) => g.id === id) || { label: id || 'Star Realms' }).label;
export const nexusFormats = [
  { id: 'duel', label: 'Duel (2 players)', seats: [2] },
  { id: 'ffa', label: 'Free-for-all (3-4)', seats: [3, 4] },
  { id: 'allied', label: 'Allied: 2 vs 2 (seats 1 and 3 against 2 and 4)', seats: [4] },
];
// The shipped Stellar Nexus decks (GET /api/decks gives their titles and heroes).
const defaultDecks = ['damnareh', 'kern', 'hilote', 'rayji', 'cypios'].map((name) => ({ name, title: name }));
export const formats = [
  { id: 'standard', label: 'Standard (2 players)', seats: [2] },
  { id: 'ffa', label: 'Free-for-all (3-6)', seats: [3, 4, 5, 6] },
  { id: 'hunter', label: 'Hunter (3-6)', seats: [3, 4, 5, 6] },
  { id: 'hunter-first-blood', label: 'Hunter, first blood (3-6)', seats: [3, 4, 5, 6] },
  { id: 'hydra', label: 'Hydra: two teams (4 or 6)', seats: [4, 6] },
  { id: 'emperor', label: 'Emperor: two teams of 3 (6)', seats: [6] },
  { id: 'raid', label: 'Raid: Boss vs Elites (3-6)', seats: [3, 4, 5, 6] },
];
const sets = [{ id: 'core', label: 'Core Set' }, { id: 'colony-wars', label: 'Colony Wars' }];
const defaultBots = ['greedy', 'random', 'easy', 'medium', 'hard', 'expert'];
const preferredBot = (bots) => (bots.includes('greedy') ? 'greedy' : bots[0] || 'random');
const botNames = ['Vex', 'Orla', 'Kade', 'Nyx', 'Zed', 'Ivo'];

export const seatURL = (id, token) => `${location.origin}${location.pathname}#/game/${id}/${token}`;

function SeatRow({ i, s, bots, decks, update, remove }) {
  return html`<div class="seat-row">
    <span class="seat-no">Seat ${i + 1}</span>
    <select value=${s.kind} aria-label=${'seat ' + (i + 1) + ' kind'} onChange=${(e) => update({ kind: e.target.value })}>
      <option value="human">Human</option>
      <option value="open">Open seat</option>
      <option value="bot">Bot</option>
    </select>
    ${s.kind !== 'open' ? html`<input value=${s.name} placeholder="name (no spaces)" aria-label=${'seat ' + (i + 1) + ' name'}
      onInput=${(e) => update({ name: e.target.value })} />` : html`<span class="muted">the player names themselves</span>`}
    ${s.kind === 'bot' ? html`<select value=${s.bot} aria-label=${'seat ' + (i + 1) + ' bot'} onChange=${(e) => update({ bot: e.target.value })}>
      ${bots.map((b) => html`<option value=${b}>${b}</option>`)}</select>` : ''}
    ${decks ? html`<select value=${s.deck} aria-label=${'seat ' + (i + 1) + ' deck'} onChange=${(e) => update({ deck: e.target.value })}>
      ${decks.map((d) => html`<option value=${d.name}>${d.title}${d.hero ? ' (' + d.hero + ')' : ''}</option>`)}
      <option value="random">a random deck (kept secret)</option></select>` : ''}
    ${remove ? html`<button type="button" class="link" onClick=${remove} title="remove this seat">✕</button>` : ''}
  </div>`;
}

function Created({ game, go }) {
  const copy = (t) => navigator.clipboard && navigator.clipboard.writeText(t);
  return html`<section class="panel created" data-testid="created">
    <h2>Game ${game.id} is ready</h2>
    <p>Send each human player their own link: it is their key to the seat, so keep it private.</p>
    <table class="links">${game.seats.map((s, i) => html`<tr>
      <td>Seat ${i + 1}</td><td><b>${game.kinds[i] === 'open' ? '(open)' : s.name}</b>${game.decks && game.decks[i] ? html` <span class="muted">deck: ${game.decks[i]}</span>` : ''}</td>
      <td>${s.token && game.kinds[i] === 'human' ? html`<input readonly value=${seatURL(game.id, s.token)} onFocus=${(e) => e.target.select()} />
          <button type="button" onClick=${() => copy(seatURL(game.id, s.token))}>Copy</button>
          <button type="button" class="primary" data-seat=${i} onClick=${() => go(game.id, s.token)}>Play as ${s.name}</button>`
        : s.bot ? html`<span class="muted">bot: ${s.bot}</span>` : html`<span class="muted">open: anyone may join from the lobby</span>`}</td>
    </tr>`)}</table>
    <p><a href=${'#/watch/' + game.id}>Spectator link</a></p>
  </section>`;
}

function CreateForm({ botsByGame, decks, onCreated }) {
  const [game, setGame] = useState('realms');
  const [format, setFormat] = useState('standard');
  const [chosenSets, setSets] = useState(['core']);
  const deckOf = (i) => decks[i % decks.length].name;
  const [seats, setSeats] = useState([
    { kind: 'human', name: localStorage.getItem('starnexus.name') || 'Player', bot: 'greedy', deck: deckOf(0) },
    { kind: 'bot', name: 'Vex', bot: 'greedy', deck: deckOf(1) },
  ]);
  const [error, setError] = useState('');
  const bots = botsByGame[game] || defaultBots;
  const fs = game === 'nexus' ? nexusFormats : formats;
  const f = fs.find((x) => x.id === format) || fs[0];
  const resize = (n, base = seats) => {
    const out = base.slice(0, n);
    while (out.length < n) out.push({ kind: 'bot', name: botNames[out.length % botNames.length], bot: preferredBot(bots), deck: deckOf(out.length) });
    setSeats(out);
  };
  const pickFormat = (id, list = fs, base = seats) => {
    setFormat(id);
    const nf = list.find((x) => x.id === id);
    if (!nf.seats.includes(base.length)) resize(nf.seats[0], base); else setSeats(base);
  };
  const pickGame = (id) => {
    setGame(id);
    const nb = botsByGame[id] || defaultBots;
    // A bot that the other game has not keeps its seat with this game's preferred bot.
    const base = seats.map((s) => (nb.includes(s.bot) ? s : { ...s, bot: preferredBot(nb) }));
    const list = id === 'nexus' ? nexusFormats : formats;
    pickFormat(list[0].id, list, base);
  };
  const submit = async (e) => {
    e.preventDefault();
    setError('');
    const seat = (s) => {
      const out = s.kind === 'open' ? { kind: 'open' }
        : s.kind === 'bot' ? { name: s.name, kind: 'bot', bot: s.bot } : { name: s.name, kind: 'human' };
      if (game === 'nexus') out.deck = s.deck;
      return out;
    };
    const req = game === 'nexus' ? { game, format: f.id, seats: seats.map(seat) }
      : { game, format: f.id, sets: chosenSets, seats: seats.map(seat) };
    if (seats[0].kind === 'human') localStorage.setItem('starnexus.name', seats[0].name);
    try { onCreated({ ...(await api.createGame(req)), kinds: req.seats.map((s) => s.kind), decks: req.seats.map((s) => s.deck || '') }); } catch (err) { setError(err.message); }
  };
  const next = f.seats.find((n) => n > seats.length);
  const prev = [...f.seats].reverse().find((n) => n < seats.length);
  return html`<form class="panel create" onSubmit=${submit}>
    <h2>New game</h2>
    <label>Game <select value=${game} onChange=${(e) => pickGame(e.target.value)} name="game" aria-label="game">
      ${gameKinds.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    <label>Format <select value=${f.id} onChange=${(e) => pickFormat(e.target.value)} name="format" aria-label="format">
      ${fs.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    ${game === 'realms' ? html`<fieldset class="sets"><legend>Card sets</legend>${sets.map((s) => html`<label class="check">
      <input type="checkbox" checked=${chosenSets.includes(s.id)} disabled=${s.id === 'core'}
        onChange=${(e) => setSets(e.target.checked ? [...chosenSets, s.id] : chosenSets.filter((x) => x !== s.id))} /> ${s.label}</label>`)}
    </fieldset>` : html`<p class="muted small">Each seat brings one of the five shipped faction decks; a deck's hero stays secret from the other players until it is revealed.</p>`}
    <fieldset><legend>Seats, in turn order</legend>
      ${seats.map((s, i) => html`<${SeatRow} i=${i} s=${s} bots=${bots} decks=${game === 'nexus' ? decks : null}
        update=${(p) => setSeats(seats.map((x, j) => j === i ? { ...x, ...p } : x))}
        remove=${prev && seats.length > 1 ? () => { const o = seats.filter((_, j) => j !== i); setSeats(o.length === prev ? o : o.slice(0, prev)); } : null} />`)}
      ${next ? html`<button type="button" class="link" onClick=${() => resize(next)}>+ add a seat</button>` : ''}
      <p class="muted small">Human: gets a private link to hand out. Open seat: anyone may join from the lobby. Bot: plays on the server.</p>
    </fieldset>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary big">Create game</button>
  </form>`;
}

function GameList({ games, go }) {
  const [names, setNames] = useState({});
  const [error, setError] = useState('');
  const join = async (g, n) => {
    const name = (names[g.id] || localStorage.getItem('starnexus.name') || '').trim() || 'Guest';
    try {
      const r = await api.claim(g.id, n, name);
      localStorage.setItem('starnexus.name', name);
      go(g.id, r.token);
    } catch (e) { setError(e.message); }
  };
  if (!games) return html`<section class="panel"><h2>Games</h2><p class="muted">Loading…</p></section>`;
  const open = games.filter((g) => (g.open_seats || []).length > 0 && !g.over);
  const live = games.filter((g) => !(g.open_seats || []).length && !g.over);
  const done = games.filter((g) => g.over);
  const who = (g) => (g.seats || g.players || []).map((s) => (typeof s === 'string' ? s : s.name || (s.bot ? s.bot : 'open'))).join(', ');
  return html`<section class="panel games">
    <h2>Join a game</h2>
    ${error ? html`<p class="error">${error}</p>` : ''}
    ${open.length ? html`<ul>${open.map((g) => html`<li data-game=${g.id}>
      <b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)}
      <input placeholder="your name" value=${names[g.id] || ''} onInput=${(e) => setNames({ ...names, [g.id]: e.target.value })} />
      ${g.open_seats.map((n) => html`<button type="button" class="primary" onClick=${() => join(g, n)}>Join seat ${n + 1}</button>`)}
      <a href=${'#/watch/' + g.id}>watch</a></li>`)}</ul>` : html`<p class="muted">No open seats right now. Create a game with an “Open” seat to invite anyone.</p>`}
    <h2>Watch</h2>
    ${live.length ? html`<ul>${live.map((g) => html`<li><b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)} <a href=${'#/watch/' + g.id}>watch live</a></li>`)}</ul>`
      : html`<p class="muted">No live games.</p>`}
    ${done.length ? html`<h2>Finished</h2><ul>${done.map((g) => html`<li><b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)} <a href=${'#/replay/' + g.id}>replay</a></li>`)}</ul>` : ''}
  </section>`;
}

export function Lobby() {
  const [games, setGames] = useState(null);
  const [botsByGame, setBots] = useState({});
  const [decks, setDecks] = useState(defaultDecks);
  const [created, setCreated] = useState(null);
  const go = (id, token) => { tokens.set(id, token); location.hash = `#/game/${id}/${token}`; };
  useEffect(() => {
    for (const g of gameKinds) {
      api.bots(g.id).then((b) => {
        const l = Array.isArray(b) ? b : b && b.bots;
        if (l && l.length) setBots((m) => ({ ...m, [g.id]: l.map((x) => x.name || x) }));
      }, () => {});
    }
    api.decks().then((d) => { if (d && d.decks && d.decks.length) setDecks(d.decks); }, () => {});
    const load = () => api.listGames().then((r) => setGames(Array.isArray(r) ? r : (r && r.games) || []), () => setGames([]));
    load();
    const t = setInterval(load, 5000);
    return () => clearInterval(t);
  }, []);
  return html`<main class="lobby">
    <header class="hero"><h1>starnexus</h1><p>Star Realms and Stellar Nexus in your browser: play friends or bots, live.</p>
      <p><a href="#/campaigns" data-testid="campaigns-link">Rise of Empire campaigns →</a></p></header>
    <div class="lobby-grid">
      <div>${created ? html`<${Created} game=${created} go=${go} />` : ''}
        <${CreateForm} botsByGame=${botsByGame} decks=${decks} onCreated=${setCreated} /></div>
      <${GameList} games=${games} go=${go} />
    </div>
  </main>`;
}
