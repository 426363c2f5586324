// The lobby: create a game, hand out its seat links, join an open seat, watch or replay.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { api, tokens } from './api.js';
import { t } from './i18n.js';

// The games, and for each its formats with their seat counts (README.md's tables).
// A label is read when drawn, from the catalog (loaded before the first render).
const labelled = (list) => list.map((x) => ({ ...x, get label() { return t(x.msg); } }));
export const gameKinds = [{ id: 'realms', label: 'Star Realms' }, { id: 'nexus', label: 'Stellar Nexus' }];
const gameLabel = (id) => (gameKinds.find((g) => g.id === id) || { label: id || 'Star Realms' }).label;
export const nexusFormats = labelled([
  { id: 'duel', msg: 'ui.lobby.nexus_format.duel', seats: [2] },
  { id: 'ffa', msg: 'ui.lobby.nexus_format.ffa', seats: [3, 4] },
  { id: 'allied', msg: 'ui.lobby.nexus_format.allied', seats: [4] },
]);
// The shipped Stellar Nexus decks (GET /api/decks gives their titles and heroes).
const defaultDecks = ['damnareh', 'kern', 'hilote', 'rayji', 'cypios'].map((name) => ({ name, title: name }));
export const formats = labelled([
  { id: 'standard', msg: 'ui.lobby.format.standard', seats: [2] },
  { id: 'ffa', msg: 'ui.lobby.format.ffa', seats: [3, 4, 5, 6] },
  { id: 'hunter', msg: 'ui.lobby.format.hunter', seats: [3, 4, 5, 6] },
  { id: 'hunter-first-blood', msg: 'ui.lobby.format.hunter_first_blood', seats: [3, 4, 5, 6] },
  { id: 'hydra', msg: 'ui.lobby.format.hydra', seats: [4, 6] },
  { id: 'emperor', msg: 'ui.lobby.format.emperor', seats: [6] },
  { id: 'raid', msg: 'ui.lobby.format.raid', seats: [3, 4, 5, 6] },
]);
const sets = labelled([{ id: 'core', msg: 'ui.lobby.set.core' }, { id: 'colony-wars', msg: 'ui.lobby.set.colony_wars' }]);
const defaultBots = ['greedy', 'random', 'easy', 'medium', 'hard', 'expert'];
const preferredBot = (bots) => (bots.includes('greedy') ? 'greedy' : bots[0] || 'random');
const botNames = ['Vex', 'Orla', 'Kade', 'Nyx', 'Zed', 'Ivo'];

export const seatURL = (id, token) => `${location.origin}${location.pathname}#/game/${id}/${token}`;

function SeatRow({ i, s, bots, decks, update, remove }) {
  return html`<div class="seat-row">
    <span class="seat-no">${t('ui.lobby.seat', { n: i + 1 })}</span>
    <select value=${s.kind} aria-label=${t('ui.lobby.seat_kind_label', { n: i + 1 })} onChange=${(e) => update({ kind: e.target.value })}>
      <option value="human">${t('ui.lobby.kind.human')}</option>
      <option value="open">${t('ui.lobby.kind.open')}</option>
      <option value="bot">${t('ui.lobby.kind.bot')}</option>
    </select>
    ${s.kind !== 'open' ? html`<input value=${s.name} placeholder=${t('ui.lobby.name_placeholder')} aria-label=${t('ui.lobby.seat_name_label', { n: i + 1 })}
      onInput=${(e) => update({ name: e.target.value })} />` : html`<span class="muted">${t('ui.lobby.open_names_self')}</span>`}
    ${s.kind === 'bot' ? html`<select value=${s.bot} aria-label=${t('ui.lobby.seat_bot_label', { n: i + 1 })} onChange=${(e) => update({ bot: e.target.value })}>
      ${bots.map((b) => html`<option value=${b}>${b}</option>`)}</select>` : ''}
    ${decks ? html`<select value=${s.deck} aria-label=${t('ui.lobby.seat_deck_label', { n: i + 1 })} onChange=${(e) => update({ deck: e.target.value })}>
      ${decks.map((d) => html`<option value=${d.name}>${d.title}${d.hero ? ' (' + d.hero + ')' : ''}</option>`)}
      <option value="random">${t('ui.lobby.random_deck')}</option></select>` : ''}
    ${remove ? html`<button type="button" class="link" onClick=${remove} title=${t('ui.lobby.remove_seat')}>✕</button>` : ''}
  </div>`;
}

function Created({ game, go }) {
  const copy = (text) => navigator.clipboard && navigator.clipboard.writeText(text);
  return html`<section class="panel created" data-testid="created">
    <h2>${t('ui.lobby.ready', { id: game.id })}</h2>
    <p>${t('ui.lobby.send_links')}</p>
    <table class="links">${game.seats.map((s, i) => html`<tr>
      <td>${t('ui.lobby.seat', { n: i + 1 })}</td><td><b>${game.kinds[i] === 'open' ? t('ui.lobby.open_paren') : s.name}</b>${game.decks && game.decks[i] ? html` <span class="muted">${t('ui.lobby.deck', { deck: game.decks[i] })}</span>` : ''}</td>
      <td>${s.token && game.kinds[i] === 'human' ? html`<input readonly value=${seatURL(game.id, s.token)} onFocus=${(e) => e.target.select()} />
          <button type="button" onClick=${() => copy(seatURL(game.id, s.token))}>${t('ui.lobby.copy')}</button>
          <button type="button" class="primary" data-seat=${i} onClick=${() => go(game.id, s.token)}>${t('ui.lobby.play_as', { name: s.name })}</button>`
        : s.bot ? html`<span class="muted">${t('ui.bot', { bot: s.bot })}</span>` : html`<span class="muted">${t('ui.lobby.open_anyone')}</span>`}</td>
    </tr>`)}</table>
    <p><a href=${'#/watch/' + game.id}>${t('ui.lobby.spectator_link')}</a></p>
  </section>`;
}

function CreateForm({ botsByGame, decks, onCreated }) {
  const [game, setGame] = useState('realms');
  const [format, setFormat] = useState('standard');
  const [chosenSets, setSets] = useState(['core']);
  const deckOf = (i) => decks[i % decks.length].name;
  const [seats, setSeats] = useState([
    { kind: 'human', name: localStorage.getItem('starnexus.name') || t('ui.lobby.default_name'), bot: 'greedy', deck: deckOf(0) },
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
    <h2>${t('ui.lobby.new_game')}</h2>
    <label>${t('ui.lobby.game')} <select value=${game} onChange=${(e) => pickGame(e.target.value)} name="game" aria-label="game">
      ${gameKinds.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    <label>${t('ui.lobby.format')} <select value=${f.id} onChange=${(e) => pickFormat(e.target.value)} name="format" aria-label="format">
      ${fs.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    ${game === 'realms' ? html`<fieldset class="sets"><legend>${t('ui.lobby.card_sets')}</legend>${sets.map((s) => html`<label class="check">
      <input type="checkbox" checked=${chosenSets.includes(s.id)} disabled=${s.id === 'core'}
        onChange=${(e) => setSets(e.target.checked ? [...chosenSets, s.id] : chosenSets.filter((x) => x !== s.id))} /> ${s.label}</label>`)}
    </fieldset>` : html`<p class="muted small">${t('ui.lobby.nexus_decks_help')}</p>`}
    <fieldset><legend>${t('ui.lobby.seats')}</legend>
      ${seats.map((s, i) => html`<${SeatRow} i=${i} s=${s} bots=${bots} decks=${game === 'nexus' ? decks : null}
        update=${(p) => setSeats(seats.map((x, j) => j === i ? { ...x, ...p } : x))}
        remove=${prev && seats.length > 1 ? () => { const o = seats.filter((_, j) => j !== i); setSeats(o.length === prev ? o : o.slice(0, prev)); } : null} />`)}
      ${next ? html`<button type="button" class="link" onClick=${() => resize(next)}>${t('ui.lobby.add_seat')}</button>` : ''}
      <p class="muted small">${t('ui.lobby.kinds_help')}</p>
    </fieldset>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary big">${t('ui.lobby.create')}</button>
  </form>`;
}

function GameList({ games, go }) {
  const [names, setNames] = useState({});
  const [error, setError] = useState('');
  const join = async (g, n) => {
    const name = (names[g.id] || localStorage.getItem('starnexus.name') || '').trim() || t('ui.lobby.guest');
    try {
      const r = await api.claim(g.id, n, name);
      localStorage.setItem('starnexus.name', name);
      go(g.id, r.token);
    } catch (e) { setError(e.message); }
  };
  if (!games) return html`<section class="panel"><h2>${t('ui.lobby.games')}</h2><p class="muted">${t('ui.lobby.loading')}</p></section>`;
  const open = games.filter((g) => (g.open_seats || []).length > 0 && !g.over);
  const live = games.filter((g) => !(g.open_seats || []).length && !g.over);
  const done = games.filter((g) => g.over);
  const who = (g) => (g.seats || g.players || []).map((s) => (typeof s === 'string' ? s : s.name || (s.bot ? s.bot : 'open'))).join(', ');
  return html`<section class="panel games">
    <h2>${t('ui.lobby.join')}</h2>
    ${error ? html`<p class="error">${error}</p>` : ''}
    ${open.length ? html`<ul>${open.map((g) => html`<li data-game=${g.id}>
      <b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)}
      <input placeholder=${t('ui.lobby.your_name')} value=${names[g.id] || ''} onInput=${(e) => setNames({ ...names, [g.id]: e.target.value })} />
      ${g.open_seats.map((n) => html`<button type="button" class="primary" onClick=${() => join(g, n)}>${t('ui.lobby.join_seat', { n: n + 1 })}</button>`)}
      <a href=${'#/watch/' + g.id}>${t('ui.lobby.watch_link')}</a></li>`)}</ul>` : html`<p class="muted">${t('ui.lobby.no_open')}</p>`}
    <h2>${t('ui.lobby.watch')}</h2>
    ${live.length ? html`<ul>${live.map((g) => html`<li><b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)} <a href=${'#/watch/' + g.id}>${t('ui.lobby.watch_live')}</a></li>`)}</ul>`
      : html`<p class="muted">${t('ui.lobby.no_live')}</p>`}
    ${done.length ? html`<h2>${t('ui.lobby.finished')}</h2><ul>${done.map((g) => html`<li><b>${gameLabel(g.game)}</b> <b>${g.format}</b> ${who(g)} <a href=${'#/replay/' + g.id}>${t('ui.lobby.replay')}</a></li>`)}</ul>` : ''}
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
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  return html`<main class="lobby">
    <header class="hero"><h1>starnexus</h1><p>${t('ui.lobby.tagline')}</p>
      <p><a href="#/campaigns" data-testid="campaigns-link">${t('ui.lobby.campaigns_link')}</a></p></header>
    <div class="lobby-grid">
      <div>${created ? html`<${Created} game=${created} go=${go} />` : ''}
        <${CreateForm} botsByGame=${botsByGame} decks=${decks} onCreated=${setCreated} /></div>
      <${GameList} games=${games} go=${go} />
    </div>
  </main>`;
}
