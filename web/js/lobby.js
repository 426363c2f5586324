// The lobby: play a bot in one click, join an open seat, watch a live game, replay a finished
// one, or set up a game of any format and hand out its seat links.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { LangMenu, botName } from './lang.js';
import { api, call, refusalText, tokens } from './api.js';
import { addNames, nameOf, t } from './i18n.js';

// The games, and for each its formats with their seat counts (README.md's tables) and the
// sentence that explains them. Labels are read when drawn, from the catalog (loaded before
// the first render).
const labelled = (list) => list.map((x) => ({ ...x, get label() { return t(x.msg); } }));
const gameKinds = [{ id: 'realms', label: 'Star Realms' }, { id: 'nexus', label: 'Stellar Nexus' }];
const gameLabel = (id) => (gameKinds.find((g) => g.id === id) || { label: id || 'Star Realms' }).label;
const nexusFormats = labelled([
  { id: 'duel', msg: 'ui.lobby.nexus_format.duel', about: 'ui.lobby.about.nexus.duel', seats: [2] },
  { id: 'ffa', msg: 'ui.lobby.nexus_format.ffa', about: 'ui.lobby.about.nexus.ffa', seats: [3, 4] },
  { id: 'allied', msg: 'ui.lobby.nexus_format.allied', about: 'ui.lobby.about.nexus.allied', seats: [4] },
]);
const formats = labelled([
  { id: 'standard', msg: 'ui.lobby.format.standard', about: 'ui.lobby.about.realms.standard', seats: [2] },
  { id: 'ffa', msg: 'ui.lobby.format.ffa', about: 'ui.lobby.about.realms.ffa', seats: [3, 4, 5, 6] },
  { id: 'hunter', msg: 'ui.lobby.format.hunter', about: 'ui.lobby.about.realms.hunter', seats: [3, 4, 5, 6] },
  { id: 'hunter-first-blood', msg: 'ui.lobby.format.hunter_first_blood', about: 'ui.lobby.about.realms.hunter_first_blood', seats: [3, 4, 5, 6] },
  { id: 'hydra', msg: 'ui.lobby.format.hydra', about: 'ui.lobby.about.realms.hydra', seats: [4, 6] },
  { id: 'emperor', msg: 'ui.lobby.format.emperor', about: 'ui.lobby.about.realms.emperor', seats: [6] },
  { id: 'raid', msg: 'ui.lobby.format.raid', about: 'ui.lobby.about.realms.raid', seats: [3, 4, 5, 6] },
]);
const formatsOf = (game) => (game === 'nexus' ? nexusFormats : formats);
const formatLabel = (game, id) => { const f = formatsOf(game).find((x) => x.id === id); return f ? f.label : id; };
const sets = labelled([{ id: 'core', msg: 'ui.lobby.set.core' }, { id: 'colony-wars', msg: 'ui.lobby.set.colony_wars' }]);

// The shipped Stellar Nexus decks until GET /api/decks answers with their titles and heroes.
const defaultDecks = ['damnareh', 'kern', 'hilote', 'rayji', 'cypios'].map((name) => ({ name, title: name }));
const defaultBots = { realms: ['random', 'easy', 'greedy', 'medium', 'velocity', 'hard', 'expert'], nexus: ['greedy'] };
// The bot a new player meets first (docs/ai.md: medium beats greedy, the yardstick, about
// six games in ten; Stellar Nexus has the greedy heuristic and its search levels).
const firstBot = { realms: 'medium', nexus: 'greedy' };
const preferredBot = (bots) => (bots.includes('greedy') ? 'greedy' : bots[0] || 'random');
const levelMsg = {
  realms: { random: 'ui.lobby.level.random', greedy: 'ui.lobby.level.greedy', velocity: 'ui.lobby.level.velocity', easy: 'ui.lobby.level.easy',
    medium: 'ui.lobby.level.medium', hard: 'ui.lobby.level.hard', expert: 'ui.lobby.level.expert' },
  nexus: { random: 'ui.lobby.level.random', greedy: 'ui.lobby.level.nexus_greedy', easy: 'ui.lobby.level.easy',
    medium: 'ui.lobby.level.medium', hard: 'ui.lobby.level.hard', expert: 'ui.lobby.level.expert' },
};
const levelLabel = (game, b) => (levelMsg[game][b] ? t(levelMsg[game][b]) : b);
// The bots from the weakest to the strongest (docs/ai.md), then any other.
const strength = ['random', 'easy', 'greedy', 'medium', 'velocity', 'hard', 'expert'];
const rank = (b) => (strength.includes(b) ? strength.indexOf(b) : strength.length);
const byStrength = (list) => [...list].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const botNames = ['Vex', 'Orla', 'Kade', 'Nyx', 'Zed', 'Ivo'];
const UPLOAD = 'upload'; // a seat's deck value when it brings its own deck file

// The player's name, remembered in this browser for the games they start and the seats they
// claim.
const nameKey = 'starnexus.name';
const savedName = () => localStorage.getItem(nameKey) || '';
const myName = (name) => (name || '').trim() || t('ui.lobby.default_name');

const seatURL = (id, token) => `${location.origin}${location.pathname}#/game/${id}/${token}`;
// A deck's title and hero are shown in the page's language (their English names are keys).
const deckLabel = (d) => (d.hero ? t('ui.lobby.deck.option', { title: d.title, hero: d.hero }) : nameOf(d.title));

// DeckUpload reads a deck file the player picks and has the server check it (POST
// /api/decks/check): value is {file, check, checking}; onChange gets the next value.
function DeckUpload({ value, onChange, label }) {
  const pick = async (e) => {
    const f = e.target.files && e.target.files[0];
    if (!f) return;
    onChange({ file: '', check: null, checking: true });
    let text;
    try { text = await f.text(); } catch (err) {
      onChange({ file: '', check: { ok: false, problems: [t('ui.lobby.deck.unreadable', { error: err.message })] } });
      return;
    }
    try {
      const r = await call('POST', '/api/decks/check', { game: 'nexus', deck_file: text });
      onChange({ file: r.ok ? text : '', check: r });
    } catch (err) { onChange({ file: '', check: { ok: false, problems: [err.message] } }); }
  };
  const c = value.check;
  return html`<div class="deck-upload">
    <label class="file">${t('ui.lobby.deck.file_label')}
      <input type="file" accept=".yaml,.yml,.txt,text/yaml" aria-label=${label} onChange=${pick} /></label>
    <p class="muted small">${t('ui.lobby.deck.file_help')}</p>
    ${value.checking ? html`<p class="muted" role="status">${t('ui.lobby.deck.checking')}</p>` : ''}
    ${c && c.ok ? html`<p class="deck-ok" role="status" data-testid="deck-ok">${t('ui.lobby.deck.ok', c)}</p>` : ''}
    ${c && !c.ok ? html`<div class="error" role="alert" data-testid="deck-problems">
      <p>${t('ui.lobby.deck.problems', { n: (c.problems || []).length })}</p>
      <ul>${(c.problems || []).map((p) => html`<li>${p}</li>`)}</ul></div>` : ''}
  </div>`;
}

// The seat a deck choice gives a create request: a shipped deck, random, or a checked file.
function withDeck(seat, choice) {
  if (choice.deck !== UPLOAD) return { ...seat, deck: choice.deck };
  if (!choice.file) throw new Error(t('ui.lobby.deck.need_file'));
  return { ...seat, deck_file: choice.file };
}

// QuickPlay is one game's card: against a bot, in one click.
function QuickPlay({ game, name, bots, decks, go }) {
  const [bot, setBot] = useState(firstBot[game]);
  const [deck, setDeck] = useState({ deck: decks[0].name });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const level = bots.includes(bot) ? bot : (bots.includes(firstBot[game]) ? firstBot[game] : preferredBot(bots));
  const start = async () => {
    setError('');
    const me = myName(name);
    const them = botNames.find((n) => n.toLowerCase() !== me.toLowerCase());
    try {
      let seats = [{ name: me, kind: 'human' }, { name: them, kind: 'bot', bot: level }];
      let req = { game, format: 'standard', sets: ['core'], seats };
      if (game === 'nexus') {
        seats = [withDeck(seats[0], deck), { ...seats[1], deck: 'random' }];
        req = { game, format: 'duel', seats };
      }
      setBusy(true);
      const r = await api.createGame(req);
      if (name.trim()) localStorage.setItem(nameKey, me);
      go(r.id, r.seats[0].token);
    } catch (err) { setError(refusalText(err)); setBusy(false); }
  };
  const label = gameLabel(game);
  return html`<article class=${'quick-card ' + game} data-game=${game}>
    <h3>${label}</h3>
    <p class="about">${t(game === 'nexus' ? 'ui.lobby.quick.nexus.about' : 'ui.lobby.quick.realms.about')}</p>
    <label class="row">${t('ui.lobby.quick.level')}
      <select value=${level} aria-label=${t('ui.lobby.quick.level_label', { game: label })} onChange=${(e) => setBot(e.target.value)}>
        ${bots.map((b) => html`<option value=${b}>${levelLabel(game, b)}</option>`)}</select></label>
    ${game === 'nexus' ? html`<label class="row">${t('ui.lobby.quick.deck')}
        <select value=${deck.deck} aria-label=${t('ui.lobby.quick.deck_label', { game: label })} onChange=${(e) => setDeck({ deck: e.target.value })}>
          ${decks.map((d) => html`<option value=${d.name}>${deckLabel(d)}</option>`)}
          <option value=${UPLOAD}>${t('ui.lobby.deck.upload_option')}</option></select></label>
      ${deck.deck === UPLOAD ? html`<${DeckUpload} value=${deck} label=${t('ui.lobby.deck.file_label')}
          onChange=${(v) => setDeck({ deck: UPLOAD, ...v })} />` : ''}` : ''}
    <p class="muted small">${t(game === 'nexus' ? 'ui.lobby.quick.nexus.setup' : 'ui.lobby.quick.realms.setup')}</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="button" class="primary big play-now" disabled=${busy || (game === 'nexus' && deck.deck === UPLOAD && !deck.file)} onClick=${start}>
      ${busy ? t('ui.lobby.quick.starting') : t(game === 'nexus' ? 'ui.lobby.quick.play_nexus' : 'ui.lobby.quick.play_realms')}</button>
  </article>`;
}

function SeatRow({ i, s, bots, decks, update, remove }) {
  return html`<div class="seat-row-wrap"><div class="seat-row">
    <span class="seat-no">${t('ui.lobby.seat', { n: i + 1 })}</span>
    <select value=${s.kind} aria-label=${t('ui.lobby.seat_kind_label', { n: i + 1 })} onChange=${(e) => update({ kind: e.target.value, deck: s.deck === UPLOAD ? decks[0].name : s.deck })}>
      <option value="human">${t('ui.lobby.kind.human')}</option>
      <option value="open">${t('ui.lobby.kind.open')}</option>
      <option value="bot">${t('ui.lobby.kind.bot')}</option>
    </select>
    ${s.kind !== 'open' ? html`<input value=${s.name} placeholder=${t('ui.lobby.name_placeholder')} aria-label=${t('ui.lobby.seat_name_label', { n: i + 1 })}
      onInput=${(e) => update({ name: e.target.value })} />` : html`<span class="muted">${t('ui.lobby.open_names_self')}</span>`}
    ${s.kind === 'bot' ? html`<select value=${s.bot} aria-label=${t('ui.lobby.seat_bot_label', { n: i + 1 })} onChange=${(e) => update({ bot: e.target.value })}>
      ${bots.map((b) => html`<option value=${b}>${botName(b)}</option>`)}</select>` : ''}
    ${decks ? html`<select value=${s.deck} aria-label=${t('ui.lobby.seat_deck_label', { n: i + 1 })} onChange=${(e) => update({ deck: e.target.value, file: '', check: null })}>
      ${decks.map((d) => html`<option value=${d.name}>${deckLabel(d)}</option>`)}
      <option value="random">${t('ui.lobby.random_deck')}</option>
      ${s.kind === 'human' ? html`<option value=${UPLOAD}>${t('ui.lobby.deck.upload_option')}</option>` : ''}</select>` : ''}
    ${remove ? html`<button type="button" class="link" onClick=${remove} title=${t('ui.lobby.remove_seat')} aria-label=${t('ui.lobby.remove_seat')}>✕</button>` : ''}
  </div>
  ${decks && s.deck === UPLOAD ? html`<${DeckUpload} value=${s} label=${t('ui.lobby.seat_deck_label', { n: i + 1 })}
      onChange=${(v) => update({ file: '', check: null, checking: false, ...v })} />` : ''}
  </div>`;
}

function Created({ game, go }) {
  const copy = (text) => navigator.clipboard && navigator.clipboard.writeText(text);
  return html`<section class="panel created" data-testid="created">
    <h2>${t('ui.lobby.ready', { id: game.id })}</h2>
    <p>${t('ui.lobby.send_links')}</p>
    <table class="links">${game.seats.map((s, i) => html`<tr>
      <td>${t('ui.lobby.seat', { n: i + 1 })}</td><td><b>${game.kinds[i] === 'open' ? t('ui.lobby.open_paren') : s.name}</b>${game.decks && game.decks[i] ? html` <span class="muted">${t('ui.lobby.deck', { deck: game.decks[i] })}</span>` : ''}</td>
      <td>${s.token && game.kinds[i] === 'human' ? html`<input readonly value=${seatURL(game.id, s.token)} aria-label=${t('ui.lobby.seat', { n: i + 1 })} onFocus=${(e) => e.target.select()} />
          <button type="button" onClick=${() => copy(seatURL(game.id, s.token))}>${t('ui.lobby.copy')}</button>
          <button type="button" class="primary" data-seat=${i} onClick=${() => go(game.id, s.token)}>${t('ui.lobby.play_as', { name: s.name })}</button>`
        : s.bot ? html`<span class="muted">${t('ui.bot', { bot: botName(s.bot) })}</span>` : html`<span class="muted">${t('ui.lobby.open_anyone')}</span>`}</td>
    </tr>`)}</table>
    <p><a href=${'#/watch/' + game.id}>${t('ui.lobby.spectator_link')}</a></p>
  </section>`;
}

function CreateForm({ botsByGame, decks, name, onCreated }) {
  const [game, setGame] = useState('realms');
  const [format, setFormat] = useState('standard');
  const [chosenSets, setSets] = useState(['core']);
  const deckOf = (i) => decks[i % decks.length].name;
  const [seats, setSeats] = useState([
    { kind: 'human', name: myName(name), bot: 'greedy', deck: deckOf(0) },
    { kind: 'bot', name: 'Vex', bot: 'greedy', deck: deckOf(1) },
  ]);
  // The first seat follows the name the player gives at the top of the lobby.
  const lastName = useRef(name);
  useEffect(() => {
    if (lastName.current === name) return;
    lastName.current = name;
    setSeats((cur) => cur.map((s, i) => (i === 0 && s.kind === 'human' ? { ...s, name: myName(name) } : s)));
  }, [name]);
  const [error, setError] = useState('');
  const bots = botsByGame[game] || defaultBots[game];
  const fs = formatsOf(game);
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
    const nb = botsByGame[id] || defaultBots[id];
    // A bot that the other game has not keeps its seat with this game's preferred bot.
    const base = seats.map((s) => (nb.includes(s.bot) ? s : { ...s, bot: preferredBot(nb) }));
    const list = formatsOf(id);
    pickFormat(list[0].id, list, base);
  };
  const submit = async (e) => {
    e.preventDefault();
    setError('');
    const seat = (s) => {
      const out = s.kind === 'open' ? { kind: 'open' }
        : s.kind === 'bot' ? { name: s.name, kind: 'bot', bot: s.bot } : { name: s.name, kind: 'human' };
      return game === 'nexus' ? withDeck(out, s) : out;
    };
    try {
      const req = game === 'nexus' ? { game, format: f.id, seats: seats.map(seat) }
        : { game, format: f.id, sets: chosenSets, seats: seats.map(seat) };
      if (seats[0].kind === 'human' && seats[0].name.trim()) localStorage.setItem(nameKey, seats[0].name.trim());
      onCreated({ ...(await api.createGame(req)), kinds: req.seats.map((s) => s.kind), decks: req.seats.map((s) => s.deck || (s.deck_file ? t('ui.lobby.deck.upload_option') : '')) });
    } catch (err) { setError(refusalText(err)); }
  };
  const next = f.seats.find((n) => n > seats.length);
  const prev = [...f.seats].reverse().find((n) => n < seats.length);
  return html`<form class="panel create" onSubmit=${submit}>
    <h2>${t('ui.lobby.setup.title')}</h2>
    <p class="muted small">${t('ui.lobby.setup.help')}</p>
    <label>${t('ui.lobby.game')} <select value=${game} onChange=${(e) => pickGame(e.target.value)} name="game" aria-label="game">
      ${gameKinds.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    <label>${t('ui.lobby.format')} <select value=${f.id} onChange=${(e) => pickFormat(e.target.value)} name="format" aria-label="format">
      ${fs.map((x) => html`<option value=${x.id}>${x.label}</option>`)}</select></label>
    <p class="format-about" data-testid="format-about">${t(f.about)}</p>
    ${game === 'realms' ? html`<fieldset class="sets"><legend>${t('ui.lobby.card_sets')}</legend>${sets.map((s) => html`<label class="check">
      <input type="checkbox" checked=${chosenSets.includes(s.id)} disabled=${s.id === 'core'}
        onChange=${(e) => setSets(e.target.checked ? [...chosenSets, s.id] : chosenSets.filter((x) => x !== s.id))} /> ${s.label}</label>`)}
    </fieldset>` : html`<p class="muted small">${t('ui.lobby.nexus_decks_help')}</p>`}
    <fieldset><legend>${t('ui.lobby.seats')}</legend>
      ${seats.map((s, i) => html`<${SeatRow} key=${i} i=${i} s=${s} bots=${bots} decks=${game === 'nexus' ? decks : null}
        update=${(p) => setSeats((cur) => cur.map((x, j) => (j === i ? { ...x, ...p } : x)))}
        remove=${prev && seats.length > 1 ? () => { const o = seats.filter((_, j) => j !== i); setSeats(o.length === prev ? o : o.slice(0, prev)); } : null} />`)}
      ${next ? html`<button type="button" class="link" onClick=${() => resize(next)}>${t('ui.lobby.add_seat')}</button>` : ''}
      <p class="muted small">${t('ui.lobby.kinds_help')}</p>
    </fieldset>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary big">${t('ui.lobby.create')}</button>
  </form>`;
}

// seatText is how a listed seat reads: its name, a bot's marked, an open seat as such.
const seatText = (g, s, i) => ((g.open_seats || []).includes(i) ? t('ui.lobby.list.open_seat')
  : s.kind === 'bot' ? t('ui.lobby.list.bot_seat', { name: s.name }) : s.name);
const players = (g) => (g.seats || []).map((s, i) => seatText(g, s, i)).join(', ');
const progress = (g) => (g.turn ? t('ui.lobby.list.turn', { n: g.turn.number, name: g.turn.name })
  : g.seq ? t('ui.lobby.list.in_progress') : t('ui.lobby.list.starting'));

function GameHead({ g }) {
  const fs = formatsOf(g.game).find((x) => x.id === g.format);
  return html`<div class="g-head">
    <b title=${fs ? t(fs.about) : ''}>${t('ui.lobby.list.game_format', { game: gameLabel(g.game), format: formatLabel(g.game, g.format) })}</b>
    <span class="g-players">${t('ui.lobby.list.players', { names: players(g) })}</span>
  </div>`;
}

function GameLists({ lists, name, go }) {
  const [error, setError] = useState('');
  const join = async (g, n) => {
    setError('');
    try {
      const r = await api.claim(g.id, n, myName(name));
      go(g.id, r.token);
    } catch (e) { setError(refusalText(e)); }
  };
  const { joinable, live, finished } = lists;
  const loading = html`<p class="muted">${t('ui.lobby.loading')}</p>`;
  return html`<section class="panel games" aria-live="off">
    <h2>${t('ui.lobby.list.joinable')}</h2>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${!joinable ? loading : joinable.length ? html`<ul data-testid="joinable">${joinable.map((g) => html`<li key=${g.id} data-game=${g.id}>
      <${GameHead} g=${g} />
      <div class="g-acts">${g.open_seats.map((n) => html`<button type="button" class="primary" onClick=${() => join(g, n)}>${t('ui.lobby.list.join', { n: n + 1, name: myName(name) })}</button>`)}
        <a class="button" href=${'#/watch/' + g.id} aria-label=${t('ui.lobby.list.watch_label', { id: g.id })}>${t('ui.lobby.list.watch')}</a></div></li>`)}</ul>`
      : html`<p class="muted">${t('ui.lobby.list.no_joinable')}</p>`}
    <h2>${t('ui.lobby.list.live')}</h2>
    ${!live ? loading : live.length ? html`<ul data-testid="live">${live.map((g) => html`<li key=${g.id} data-game=${g.id}>
      <${GameHead} g=${g} />
      <div class="g-acts"><span class="muted g-turn">${progress(g)}</span>
        <a class="button" href=${'#/watch/' + g.id} aria-label=${t('ui.lobby.list.watch_label', { id: g.id })}>${t('ui.lobby.list.watch')}</a></div></li>`)}</ul>`
      : html`<p class="muted">${t('ui.lobby.list.no_live')}</p>`}
    ${finished && finished.length ? html`<h2>${t('ui.lobby.list.finished')}</h2><ul data-testid="finished">${finished.map((g) => html`<li key=${g.id} data-game=${g.id}>
      <${GameHead} g=${g} />
      <div class="g-acts">${g.abandoned ? html`<span class="muted">${t('ui.lobby.list.abandoned')}</span>` : ''}
        <a class="button" href=${'#/replay/' + g.id}>${t('ui.lobby.list.replay')}</a></div></li>`)}</ul>` : ''}
    <p class="muted small">${t('ui.lobby.list.refresh_note')}</p>
  </section>`;
}

// useGameLists polls the lists every few seconds while the page is shown; a list is replaced
// only when it changed, so that nothing on the page flickers.
function useGameLists() {
  const [lists, setLists] = useState({ joinable: null, live: null, finished: null });
  useEffect(() => {
    let round = 0;
    const seen = {};
    const take = (key, p, pick = (x) => x) => p.then((r) => {
      const list = pick((r && r.games) || []);
      const j = JSON.stringify(list);
      if (seen[key] === j) return;
      seen[key] = j;
      setLists((cur) => ({ ...cur, [key]: list }));
    }, () => { if (!(key in seen)) setLists((cur) => ({ ...cur, [key]: cur[key] || [] })); });
    const load = () => {
      if (document.hidden && round > 0) return;
      take('joinable', call('GET', '/api/games?joinable=1&limit=30'));
      take('live', call('GET', '/api/games?live=1&limit=30'));
      if (round % 5 === 0) take('finished', call('GET', '/api/games?limit=50'), (l) => l.filter((g) => g.over).slice(0, 8));
      round++;
    };
    load();
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, []);
  return lists;
}

export function Lobby() {
  const [botsByGame, setBots] = useState({});
  const [decks, setDecks] = useState(defaultDecks);
  const [created, setCreated] = useState(null);
  const [name, setNameState] = useState(savedName());
  const lists = useGameLists();
  const setName = (v) => {
    setNameState(v);
    if (v.trim()) localStorage.setItem(nameKey, v.trim()); else localStorage.removeItem(nameKey);
  };
  const go = (id, token) => { tokens.set(id, token); location.hash = `#/game/${id}/${token}`; };
  useEffect(() => {
    for (const g of gameKinds) {
      api.bots(g.id).then((b) => {
        const l = Array.isArray(b) ? b : b && b.bots;
        if (l && l.length) setBots((m) => ({ ...m, [g.id]: byStrength(l.map((x) => x.name || x)) }));
      }, () => {});
    }
    api.decks().then((d) => {
      if (!d || !d.decks || !d.decks.length) return;
      addNames(d.decks.flatMap((x) => [[x.title, x.titles], [x.hero, x.heroes]]));
      setDecks(d.decks);
    }, () => {});
  }, []);
  return html`<main class="lobby">
    <div class="topbar lobby-top"><${LangMenu} /></div>
    <header class="hero"><h1>starnexus</h1><p>${t('ui.lobby.tagline')}</p>
      <p><a href="#/campaigns" data-testid="campaigns-link">${t('ui.lobby.campaigns_link')}</a></p></header>
    <div class="lobby-grid">
      <section class="panel quick" data-testid="quick">
        <h2>${t('ui.lobby.quick.title')}</h2>
        <div class="name-field">
          <label for="player-name">${t('ui.lobby.name.label')}</label>
          <input id="player-name" name="player-name" autocomplete="nickname" value=${name} placeholder=${t('ui.lobby.default_name')}
            maxlength="32" onInput=${(e) => setName(e.target.value)} aria-describedby="player-name-help" />
          <p id="player-name-help" class="muted small">${t('ui.lobby.name.help')}</p>
        </div>
        <p class="muted">${t('ui.lobby.quick.help')}</p>
        <div class="quick-grid">
          ${gameKinds.map((g) => html`<${QuickPlay} key=${g.id} game=${g.id} name=${name} bots=${botsByGame[g.id] || defaultBots[g.id]} decks=${decks} go=${go} />`)}
        </div>
      </section>
      <div class="lists-area"><${GameLists} lists=${lists} name=${name} go=${go} /></div>
      <div class="setup-area">${created ? html`<${Created} game=${created} go=${go} />` : ''}
        <${CreateForm} botsByGame=${botsByGame} decks=${decks} name=${name} onCreated=${setCreated} /></div>
    </div>
  </main>`;
}
