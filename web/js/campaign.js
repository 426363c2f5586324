// Rise of Empire campaigns (docs/campaigns.md, the /api/campaigns part of docs/api.md):
// #/campaigns lists them and creates one (the page then shows each human seat's private
// link); #/campaign/NAME[/SEAT/TOKEN] is a campaign's status page: its players, sheets, rows
// used, upgraded cards, points, results, the next scenario with who goes first and their
// setup choice, "play next scenario", the post-campaign completion, and the sticker sheets
// with what each row gives and costs. A campaign game is played on the normal Star Realms
// table (#/game/ID/TOKEN): a human seat's token is the same for the campaign and for each of
// its games. The server's texts (scenario names and stories, setup choices, factions,
// refusals) come as messages (campaign.*), rendered here with tm.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { LangMenu, botName } from './lang.js';
import { tokens } from './api.js';
import { hasMessage, t, tm, tparts } from './i18n.js';
import { Parts } from './cards.js';

// rich renders the message id with args as a list of strings and <b> elements: the arguments
// named in bold are drawn in bold wherever the language's template puts them.
export function rich(id, args, bold) {
  const a = { ...args };
  bold.forEach((k, i) => { a[k] = `\u0001${i}\u0002`; });
  return t(id, a).split(/\u0001(\d+)\u0002/).map((s, i) => (i % 2 ? html`<b>${args[bold[+s]]}</b>` : s));
}

// text is a server text: its message when the catalog has it, else the server's words.
const text = (msg, fallback) => (msg && msg.id && hasMessage(msg.id) ? tm(msg) : fallback || '');

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) {
    const err = new Error(text(data && data.msg, (data && data.error) || t('ui.campaign.error.http', { status: res.status, text: res.statusText })));
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
  sheets: (name) => call('GET', path(name) + '/sheets'),
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
const phaseText = (phase) => t('ui.campaign.phase', { phase: phase || '' });
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
  const sides = [t('ui.campaign.side_empire'), t('ui.campaign.side_federation')];
  const submit = async (e) => {
    e.preventDefault();
    setError('');
    try {
      const r = await campaignAPI.create({ name: name.trim(), seats: seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', bot: s.bot } : { kind: 'human' })) });
      for (const s of r.seats) if (s.token) campaignTokens.set(r.name, s.seat, s.token);
      setName('');
      onCreated(r);
    } catch (err) { setError(err.message); }
  };
  return html`<form class="panel create" onSubmit=${submit} data-testid="create-campaign">
    <h2>${t('ui.campaign.new')}</h2>
    <p class="muted small">${t('ui.campaign.new_intro')}</p>
    <label>${t('ui.campaign.name')} <input value=${name} aria-label=${t('ui.campaign.name_label')} placeholder=${t('ui.campaign.name_placeholder')} onInput=${(e) => setName(e.target.value)} /></label>
    <fieldset><legend>${t('ui.campaign.seats')}</legend>
      ${seats.map((s, i) => html`<div class="seat-row">
        <span class="seat-no">${t('ui.campaign.seat', { n: i + 1 })}</span>
        <select value=${s.kind} aria-label=${t('ui.campaign.seat_kind_label', { n: i + 1 })} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, kind: e.target.value } : x)))}>
          <option value="human">${t('ui.campaign.kind.human')}</option><option value="bot">${t('ui.campaign.kind.bot')}</option></select>
        ${s.kind === 'bot' ? html`<select value=${s.bot} aria-label=${t('ui.campaign.seat_bot_label', { n: i + 1 })} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, bot: e.target.value } : x)))}>
          ${bots.map((b) => html`<option value=${b}>${botName(b)}</option>`)}</select>` : ''}
        <span class="muted small">${sides[i]}</span></div>`)}
    </fieldset>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary big">${t('ui.campaign.create')}</button>
  </form>`;
}

// CopyLink is a seat's private link, selectable, with a button that copies it.
function CopyLink({ url, label }) {
  const [copied, setCopied] = useState(false);
  const input = useRef(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current.select(); // no clipboard (an insecure origin): the link stays selected to copy by hand
      document.execCommand && document.execCommand('copy');
    }
    setCopied(true);
  };
  return html`<div class="copy-link">
    <input ref=${input} readonly value=${url} aria-label=${label} onFocus=${(e) => e.target.select()} />
    <button type="button" onClick=${copy} aria-label=${t('ui.campaign.copy_label', { what: label, copied: copied ? 'yes' : 'no' })}>${copied ? t('ui.campaign.copied') : t('ui.campaign.copy')}</button>
  </div>`;
}

// Created lists every seat of the new campaign: each human seat with its private link, the
// key to that seat in every game of the campaign, and the bots.
function Created({ c }) {
  const humans = c.seats.filter((s) => s.token);
  const bots = c.seats.filter((s) => !s.token);
  return html`<section class="panel created" data-testid="campaign-created" aria-live="polite">
    <h2>${t('ui.campaign.ready', { name: c.name })}</h2>
    <p>${t('ui.campaign.links_intro', { n: humans.length })}</p>
    <ul class="seat-links">${humans.map((s) => html`<li data-seat=${s.seat} data-testid=${'seat-link-' + s.seat}>
      <b>${t('ui.campaign.seat_link_title', { name: s.name, n: s.seat + 1 })}</b>
      <${CopyLink} url=${campaignURL(c.name, s.seat, s.token)} label=${t('ui.campaign.seat_link_label', { name: s.name })} />
      <span class="muted small">${t('ui.campaign.seat_link_help', { name: s.name })}</span></li>`)}
    ${bots.map((s) => html`<li data-seat=${s.seat}><b>${s.name}</b> <span class="muted">${t('ui.campaign.seat_bot', { bot: botName(s.bot || '') })}</span></li>`)}</ul>
    <p class="small">${t('ui.campaign.links_help')}</p>
    <p><a class="primary" data-testid="open-campaign" href=${'#/campaign/' + encodeURIComponent(c.name)}>${t('ui.campaign.open')}</a></p>
  </section>`;
}

export function CampaignList() {
  const [list, setList] = useState(null);
  const [created, setCreated] = useState(null);
  const load = () => campaignAPI.list().then((r) => setList(r.campaigns || []), () => setList((l) => l || []));
  useEffect(() => {
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  // A new campaign is in the list at once: the creation's answer, then the server's list.
  const onCreated = (r) => {
    setCreated(r);
    if (r.campaign) setList((l) => [r.campaign, ...(l || []).filter((x) => x.name !== r.name)].sort((a, b) => (a.name < b.name ? -1 : 1)));
    load();
  };
  return html`<main class="lobby">
    <div class="topbar"><a href="#/">${t('ui.back_to_lobby')}</a><${LangMenu} /></div>
    <header class="hero"><h1>${t('ui.campaign.title')}</h1><p>${t('ui.campaign.intro')}</p></header>
    <div class="lobby-grid">
      <div class="campaign-col">${created ? html`<${Created} c=${created} />` : ''}<${CreateCampaign} onCreated=${onCreated} /></div>
      <section class="panel games"><h2>${t('ui.campaign.title')}</h2>
        ${list === null ? html`<p class="muted">${t('ui.campaign.loading')}</p>` : list.length === 0 ? html`<p class="muted">${t('ui.campaign.none')}</p>`
          : html`<ul data-testid="campaign-list">${list.map((c) => html`<li data-campaign=${c.name}>
            <a href=${'#/campaign/' + encodeURIComponent(c.name)}><b>${c.name}</b></a>
            <span>${c.players.map((p) => t('ui.campaign.list_player', { name: p.name, kind: p.kind, bot: p.bot || '', points: p.points })).join(' · ')}</span>
            <span class="muted">${c.phase !== 'finished' && c.next <= 12 ? t('ui.campaign.list_scenario', { n: c.next, total: 12 }) : phaseText(c.phase)}</span></li>`)}</ul>`}
      </section>
    </div>
  </main>`;
}

function Players({ c, onSheet }) {
  const cols = ['ui.campaign.col.side', 'ui.campaign.col.points', 'ui.campaign.col.wins', 'ui.campaign.col.sheets', 'ui.campaign.col.rows_used', 'ui.campaign.col.upgrades'];
  return html`<section class="panel" data-testid="campaign-players"><h2>${t('ui.campaign.players')}</h2>
    <div class="table-scroll"><table class="camp-table"><thead><tr class="muted"><td></td>${cols.map((id) => html`<th scope="col">${t(id)}</th>`)}</tr></thead>
    <tbody>${c.players.map((p) => html`<tr data-seat=${p.seat}>
      <td><b>${p.name}</b> <span class="muted">${t('ui.campaign.kind', { kind: p.kind, bot: p.bot || '' })}</span>${c.first === p.seat && c.phase === 'scenario' ? html` <span class="badge turn">${t('ui.campaign.goes_first_badge')}</span>` : ''}</td>
      <td data-label=${t(cols[0])}>${text(p.faction_msg, p.faction)}</td><td data-label=${t(cols[1])} data-testid=${'points-' + p.seat}><b>${p.points}</b></td><td data-label=${t(cols[2])}>${p.wins}</td>
      <td data-label=${t(cols[3])}>${p.sheets.length ? p.sheets.map((n, i) => html`${i ? ', ' : ''}<a href="#sheets" onClick=${(e) => { e.preventDefault(); onSheet(n); }}>${n}</a>`) : '—'}</td><td data-label=${t(cols[4])}>${p.used.join(', ') || '—'}</td><td data-label=${t(cols[5])}>${p.upgrades}</td></tr>`)}</tbody></table></div>
    ${c.phase === 'finished' || c.next > 12 ? html`<p data-testid="campaign-winner"><b>${c.winner >= 0 ? t('ui.campaign.winner', { name: c.players[c.winner].name }) : c.next > 12 ? t('ui.campaign.shared_victory') : ''}</b></p>` : ''}
  </section>`;
}

function Results({ c }) {
  if (!c.results.length && !c.upgraded.length) return '';
  const name = (seat) => (seat >= 0 ? c.players[seat].name : t('ui.campaign.draw'));
  const cols = ['ui.campaign.col.scenario', 'ui.campaign.col.first', 'ui.campaign.col.choice', 'ui.campaign.col.winner', 'ui.campaign.col.points', 'ui.campaign.col.upgrades'];
  return html`<section class="panel"><h2>${t('ui.campaign.results')}</h2>
    <div class="table-scroll"><table class="camp-table" data-testid="campaign-results"><thead><tr class="muted">${cols.map((id) => html`<th scope="col">${t(id)}</th>`)}<td></td></tr></thead>
      <tbody>${c.results.map((r) => html`<tr><td data-label=${t(cols[0])}>${r.scenario}</td><td data-label=${t(cols[1])}>${name(r.first)}</td><td data-label=${t(cols[2])}>${text(r.choice_msg, r.choice) || '—'}</td>
        <td data-label=${t(cols[3])}><b>${name(r.winner)}</b>${r.political ? t('ui.campaign.political_suffix') : ''}</td><td data-label=${t(cols[4])}>${r.points}</td><td data-label=${t(cols[5])}>${r.upgrades}</td>
        <td><a href=${'#/replay/' + r.game}>${t('ui.campaign.replay')}</a></td></tr>`)}</tbody></table></div>
    ${c.upgraded.length ? html`<h3>${t('ui.campaign.upgraded')}</h3><ul data-testid="campaign-upgraded">${c.upgraded.map((u) => html`<li>${u.name}${' '}<span class="muted">${t('ui.campaign.upgraded_by', { name: c.players[u.seat].name, scenario: u.scenario || 0 })}</span></li>`)}</ul>` : ''}
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
    const tok = humanSeats.map((s) => mine[s]).find(Boolean);
    return tok ? html`<a class="primary" href=${`#/game/${c.game}/${tok}`} onClick=${() => tokens.set(c.game, tok)} data-testid="campaign-play">${t('ui.campaign.play_under_way')}</a>`
      : html`<a href=${'#/watch/' + c.game} data-testid="campaign-watch">${t('ui.campaign.watch_under_way')}</a>`;
  })();
  return html`<section class="panel created" data-testid="next-scenario">
    <h2>${t('ui.campaign.scenario_title', { n: sc.number, name: text(sc.name_msg, sc.name) })}</h2>
    <p>${text(sc.story_msg, sc.story)}</p>
    <p>${rich('ui.campaign.goes_first', { name: first.name }, ['name'])} ${sc.political ? t('ui.campaign.political_on') + ' ' : ''}${t('ui.campaign.victory_points', { n: sc.victory_points })}
      ${sc.sheets.map((s, i) => (s ? ' ' + t('ui.campaign.receives_sheet', { name: c.players[i].name, sheet: s }) : ''))}</p>
    ${c.phase === 'playing' ? html`<p>${sc.chosen ? html`<span data-testid="chosen">${rich('ui.campaign.chose', { name: first.name, choice: text(sc.chosen_msg, sc.chosen) }, ['choice'])} </span>` : ''}${gameLink}</p>` : ''}
    ${c.phase === 'scenario' && chooses ? html`<fieldset data-testid="setup-choice"><legend>${t('ui.campaign.choice_legend', { prompt: text(sc.prompt_msg, sc.prompt) || t('ui.campaign.setup_choice'), name: first.name })}</legend>
      ${iChoose ? sc.options.map((o, i) => html`<label class="check" style="display:block"><input type="radio" name="choice" checked=${choice === i + 1}
          onChange=${() => setChoice(i + 1)} /> ${rich('ui.campaign.option', { name: text(o.name_msg, o.name), text: text(o.text_msg, o.text) }, ['name'])}</label>`)
        : html`${sc.options.map((o) => html`<p class="small">${rich('ui.campaign.option', { name: text(o.name_msg, o.name), text: text(o.text_msg, o.text) }, ['name'])}</p>`)}
          <p class="muted">${t(first.kind === 'bot' ? 'ui.campaign.bot_chooses' : 'ui.campaign.human_chooses', { name: first.name })}</p>`}
    </fieldset>` : ''}
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${c.phase === 'scenario' ? (canStart
      ? html`<button type="button" class="primary big" data-testid="campaign-start" disabled=${busy || (iChoose && !choice)} onClick=${start}>${t('ui.campaign.play_scenario', { n: sc.number })}</button>`
      : html`<p class="muted">${t('ui.campaign.start_own_link')}</p>`) : ''}
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
    <h2>${t('ui.campaign.completion')}</h2>
    <p>${t('ui.campaign.completion_rule', { max: 20 })}
      ${rich('ui.campaign.completion_turn', { name: p.name, n: p.upgrades }, ['name'])}</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${p.kind === 'human' && token ? html`<ul class="games">${cp.candidates.map((u) => html`<li>
        <button type="button" class="act" disabled=${busy} onClick=${() => pick(u)}>${t('ui.campaign.upgrade', { card: u.name })}</button></li>`)}</ul>`
      : html`<p class="muted">${p.kind === 'bot' ? t('ui.campaign.bot_upgrades') : t('ui.campaign.waiting_for', { name: p.name })}</p>`}
  </section>`;
}

// Sticker is one sticker of a row: what it gives, in the card-text words with their icons.
function Sticker({ s }) {
  if (!s) return html`<span class="muted">${t('ui.campaign.sheet.no_sticker')}</span>`;
  return html`<span class="sticker-text"><${Parts} parts=${tparts(s.msg)} /></span>`;
}

// costsText is a row's printed costs: "1", "1 or 2", "1, 2 or 3".
const costsText = (c) => (c.length > 1 ? t('campaign.sheet.costs', { some: c.slice(0, -1).join(', '), last: c[c.length - 1] }) : String(c[0]));

// rowState says whether a row is free or which upgraded card used it.
function rowState(r) {
  if (!r.used) return html`<span class="badge free">${t('ui.campaign.sheet.free')}</span>`;
  return html`<span class="badge used">${t('ui.campaign.sheet.used')}</span>${r.upgrade ? html` <span class="small">${t('ui.campaign.sheet.used_by', { card: r.upgrade, scenario: r.scenario || 0 })}</span>` : ''}`;
}

// Sheets shows the campaign's sticker sheets, one at a time, chosen by owner and name: each
// row with the printed costs it serves, its ship and base stickers with their extra cost,
// and whether it is used. Sheets not received yet show too, with the scenario that gives
// them, so that a player sees what each row gives and costs before buying an upgrade.
function Sheets({ c, mine, chosen, setChosen }) {
  const [data, setData] = useState(null);
  const key = [c.next, c.phase, c.game || '', c.upgraded.length, c.players.map((p) => p.used.length).join('/')].join(':');
  useEffect(() => {
    const load = () => campaignAPI.sheets(c.name).then(setData, () => {});
    load();
    // Rows used in the game under way show while it is played.
    const timer = c.phase === 'playing' ? setInterval(load, 10000) : 0;
    return () => clearInterval(timer);
  }, [key]);
  if (!data || !data.sheets.length) return '';
  const mySeats = Object.keys(mine).map(Number);
  const byDefault = data.sheets.find((s) => s.current && mySeats.includes(s.seat)) || data.sheets.find((s) => s.current) || data.sheets[0];
  const sh = data.sheets.find((s) => s.name === chosen) || byDefault;
  const owners = [0, 1].map((seat) => ({ seat, sheets: data.sheets.filter((s) => s.seat === seat) })).filter((o) => o.sheets.length);
  const status = sh.received ? (sh.current ? 'current' : 'received') : sh.current ? 'next' : sh.from ? 'later' : 'never';
  return html`<section class="panel sheets" id="sheets" data-testid="sticker-sheets">
    <h2>${t('ui.campaign.sheets')}</h2>
    <p class="small">${text(data.rule)}</p>
    ${owners.map((o) => html`<div class="sheet-tabs" role="group" aria-label=${t('ui.campaign.sheets_of', { name: c.players[o.seat].name })}>
      <span class="muted small">${c.players[o.seat].name}</span>
      ${o.sheets.map((s) => html`<button type="button" class=${'tab' + (s.name === sh.name ? ' on' : '') + (s.received ? '' : ' later')} aria-pressed=${s.name === sh.name ? 'true' : 'false'}
        data-sheet=${s.name} onClick=${() => setChosen(s.name)}>${s.name}${s.current ? html` <span class="dot" aria-hidden="true">●</span>` : ''}</button>`)}
    </div>`)}
    <p class="muted small"><span class="dot" aria-hidden="true">●</span> ${t('ui.campaign.sheet.legend')}</p>
    <div class="sheet" data-testid="sticker-sheet" data-sheet-name=${sh.name}>
      <h3>${t('ui.campaign.sheet.title', { sheet: sh.name, name: sh.owner })}</h3>
      <p class="muted small">${t('ui.campaign.sheet.status', { status, n: sh.from })}</p>
      <table class="sheet-rows">
        <thead><tr><th scope="col">${t('ui.campaign.sheet.col.row')}</th><th scope="col">${t('ui.campaign.sheet.col.costs')}</th>
          <th scope="col">${t('ui.campaign.sheet.col.ship', { n: data.extra.ship })}</th><th scope="col">${t('ui.campaign.sheet.col.base', { n: data.extra.base })}</th>
          <th scope="col">${t('ui.campaign.sheet.col.state')}</th></tr></thead>
        <tbody>${sh.rows.map((r) => html`<tr class=${r.used ? 'used' : ''} data-row=${r.row}>
          <th scope="row" data-label=${t('ui.campaign.sheet.col.row')}>${r.row}</th>
          <td data-label=${t('ui.campaign.sheet.col.costs')}>${costsText(r.costs)}</td>
          <td data-label=${t('ui.campaign.sheet.col.ship', { n: data.extra.ship })}><${Sticker} s=${r.ship} /></td>
          <td data-label=${t('ui.campaign.sheet.col.base', { n: data.extra.base })}><${Sticker} s=${r.base} /></td>
          <td data-label=${t('ui.campaign.sheet.col.state')}>${rowState(r)}</td></tr>`)}</tbody>
      </table>
    </div>
  </section>`;
}

export function Campaign({ name }) {
  const [c, setC] = useState(null);
  const [error, setError] = useState('');
  const [sheet, setSheet] = useState('');
  const mine = campaignTokens.all(name);
  const showSheet = (n) => {
    setSheet(n);
    const el = document.getElementById('sheets');
    if (el) el.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  const refresh = () => campaignAPI.status(name).then((x) => { setC(x); setError(''); }, (e) => setError(e.message));
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, 3000);
    return () => clearInterval(timer);
  }, [name]);
  return html`<main class="lobby" data-testid="campaign">
    <div class="topbar"><a href="#/campaigns">${t('ui.campaign.back_to_campaigns')}</a> <a href="#/">${t('ui.campaign.lobby')}</a><${LangMenu} /></div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${!c ? html`<p class="muted">${t('ui.campaign.loading')}</p>` : html`
      <header class="hero"><h1>${c.name}</h1>
        <p data-testid="campaign-phase">${t('ui.campaign.phase_line', { scenario: c.next <= 12 ? t('ui.campaign.next_of', { n: c.next, total: 12 }) : t('ui.campaign.all_played'), phase: phaseText(c.phase) })}</p></header>
      <${Players} c=${c} onSheet=${showSheet} />
      ${c.phase === 'completion' ? html`<${Completion} c=${c} mine=${mine} refresh=${refresh} />` : html`<${NextScenario} c=${c} mine=${mine} refresh=${refresh} />`}
      <${Sheets} c=${c} mine=${mine} chosen=${sheet} setChosen=${setSheet} />
      <${Results} c=${c} />`}
  </main>`;
}
