// The page in French and in Spanish (issue 18): the language comes from the browser's
// languages, the menu of the top bar changes it at once and the choice outlives a reload; with
// the page in French, then in Spanish, a Star Realms turn and a Stellar Nexus turn are played
// by clicking, and the page never shows a text of the English catalog.
//
// The probe: every English template without an argument, longer than a few characters, whose
// translation differs from it (a text the languages share, listed in i18n/testdata/same-*.txt,
// is not English on the page). The page's text is its visible text and its tooltips and
// accessible names (title, aria-label, placeholder), with the card, hero and deck names of the
// language taken out first: a card that keeps its English name where no rulebook gives
// another ("Trade Bot" in French) is not an untranslated label.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { clickNext, repoRoot, withServerAndBrowser } from './browser.js';
import { createDuel, seatAPI } from './nexus-policy.js';
import { poll } from './table-checks.js';

const env = withServerAndBrowser(['--allow-seed', '--bot-delay', '0s']);

// English texts that may stay on a French or Spanish page, each with its reason. Keep it short.
const allowed = {
  fr: [],
  es: [],
};

function catalog(lang) {
  const dir = join(repoRoot, 'i18n', lang);
  const out = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) Object.assign(out, JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return out;
}

// probes are the English texts that must not be on a page in lang.
function probes(lang) {
  const en = catalog('en');
  const tr = catalog(lang);
  const theirs = new Set(Object.values(tr).map((s) => s.trim()));
  const out = new Set();
  for (const [id, tpl] of Object.entries(en)) {
    const s = tpl.trim();
    if (s.includes('{') || s.length < 5 || tr[id] === tpl || theirs.has(s) || allowed[lang].includes(s)) continue;
    out.add(s);
  }
  return [...out];
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// namesOf lists the card, hero and deck names the page shows in lang, longest first.
async function namesOf(url, lang) {
  const out = new Set(['Tester', 'Vex']);
  for (const g of ['realms', 'nexus']) {
    for (const c of (await (await fetch(`${url}/api/cards?game=${g}`)).json()).cards) out.add(c.names[lang]);
  }
  for (const d of (await (await fetch(`${url}/api/decks?game=nexus`)).json()).decks) {
    out.add(d.titles[lang]);
    out.add(d.heroes[lang]);
  }
  return [...out].filter(Boolean).sort((a, b) => b.length - a.length);
}

// English finds the probes on the page: visible text, tooltips and accessible names.
class English {
  constructor(lang, names, probeLang = lang) {
    this.lang = lang;
    this.names = names;
    this.res = probes(probeLang).map((p) => [p, new RegExp(`(?<![\\p{L}\\p{N}])${escape(p)}(?![\\p{L}\\p{N}])`, 'u')]);
    this.found = new Map(); // text -> where first seen
    this.scans = 0;
  }

  async scan(page, where) {
    let text = await page.evaluate(() => {
      const out = [document.body.innerText];
      for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
        for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
      }
      return out.join('\n');
    });
    for (const n of this.names) text = text.split(n).join(' ');
    this.scans++;
    for (const [p, re] of this.res) if (!this.found.has(p) && re.test(text)) this.found.set(p, where);
    // The page is drawn in lang and offers the language menu.
    assert.equal(await page.evaluate(() => document.documentElement.lang), this.lang, `${where}: <html lang>`);
    assert.ok(await page.locator('[data-testid=lang-menu]').count() > 0, `${where}: the language menu`);
  }

  report() { return [...this.found].map(([p, w]) => `${JSON.stringify(p)} (${w})`).join('\n'); }
}

async function create(url, body) {
  const res = await fetch(url + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

async function openIn(lang, path) {
  const page = await env.browser.ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // The remembered choice, as if the player had picked the language in the menu.
  await page.addInitScript((l) => localStorage.setItem('starnexus.lang', l), lang);
  await page.goto(env.server.url + path);
  return page;
}

// A Star Realms turn: mine, clicked through to its end, then the bot's, until my next turn.
async function realmsTurn(lang, english) {
  const url = env.server.url;
  const game = await create(url, { game: 'realms', format: 'standard', sets: ['core'], seed: 21,
    seats: [{ name: 'Tester', kind: 'human' }, { name: 'Vex', kind: 'bot', bot: 'medium' }] });
  const seat = seatAPI(url, game.id, game.seats[0].token);
  const page = await openIn(lang, `/#/game/${game.id}/${game.seats[0].token}`);
  await page.locator('section.player.me').waitFor();
  await poll(async () => ((await seat.view()).actions || []).length > 0, 'my first turn');
  await page.locator('[data-action]').first().waitFor();
  await english.scan(page, 'Star Realms, my turn');
  let clicks = 0;
  for (; clicks < 60 && await clickNext(page); clicks++) {
    if (clicks % 4 === 0) await english.scan(page, `Star Realms, click ${clicks}`);
    const v = await seat.view();
    if (!(v.actions || []).length) break; // the turn is over
  }
  assert.ok(clicks > 0, 'the turn was played by clicking');
  await poll(async () => { const v = await seat.view(); return (v.actions || []).length > 0 && v.rounds_done >= 1; }, 'my next turn');
  await page.locator('[data-action]').first().waitFor();
  await page.locator('.trade-row .card').first().hover(); // the card panel
  await page.waitForTimeout(200);
  await english.scan(page, "Star Realms, after the bot's turn");
  // The cards are shown in the language: the Trade Row's names are the card data's.
  const shown = await page.locator('.trade-row .card .card-name').allInnerTexts();
  const cards = (await (await fetch(url + '/api/cards')).json()).cards;
  const row = (await seat.view()).trade_row;
  const want = row.map((n) => cards.find((c) => c.name === n).names[lang]);
  assert.deepEqual(shown.slice(0, want.length).map((s) => s.trim()), want, 'the Trade Row in the page\'s language');
  assert.deepEqual(page.errors, []);
  await page.close();
}

// A Stellar Nexus turn of each player, played by clicking: keep, cast what can be cast,
// attack, answer with the first choice, then done and pass.
async function nexusTurns(lang, english) {
  const url = env.server.url;
  const game = await createDuel(url, 7, ['rayji', 'kern']);
  const seat = seatAPI(url, game.id, game.seats[0].token);
  const page = await openIn(lang, `/#/game/${game.id}/${game.seats[0].token}`);
  await page.locator('[data-testid=nx-status]').waitFor();
  const order = [(t) => t === 'keep', (t) => t.startsWith('cast '), (t) => t.startsWith('attack with ') && t !== 'attack with none',
    (t) => t.startsWith('choose '), (t) => t === 'done', (t) => t === 'attack with none', (t) => t === 'pass'];
  let clicks = 0;
  for (let i = 0; i < 400; i++) {
    const v = await seat.view();
    if (v.turn >= 3 || v.over) break;
    if (i % 5 === 0) await english.scan(page, `Stellar Nexus, turn ${v.turn} ${v.phase}`);
    const texts = await page.locator('[data-action]:visible').evaluateAll((bs) => bs.map((b) => b.dataset.action));
    const pick = order.map((ok) => texts.find(ok)).find((x) => x !== undefined);
    if (pick === undefined) { await page.waitForTimeout(100); continue; }
    try {
      await Promise.all([page.waitForResponse((r) => r.url().includes('/actions'), { timeout: 10_000 }),
        page.locator(`[data-action="${pick.replace(/"/g, '\\"')}"]:visible`).first().click({ timeout: 3_000 })]);
      clicks++;
    } catch { continue; } // the view moved on under the pointer: look again
    await page.waitForFunction(() => !document.querySelector('.actions.busy'));
  }
  const v = await seat.view();
  assert.ok(v.turn >= 3, `two turns were played (turn ${v.turn}, ${clicks} clicks)`);
  await page.locator('[data-testid=my-hand] .nx-cardface').first().hover(); // the card panel
  await page.locator('[data-testid=card-panel]').waitFor();
  await english.scan(page, 'Stellar Nexus, turn 3');
  // My hand's cards are named in the language.
  const cards = (await (await fetch(url + '/api/cards?game=nexus')).json()).cards;
  const hand = (v.players[v.seat].hand || []).map((n) => cards.find((c) => c.name === n).names[lang]).sort();
  const shown = (await page.locator('[data-testid=my-hand] .nx-cf-name').allInnerTexts()).map((s) => s.trim()).sort();
  assert.deepEqual(shown, hand, "my hand in the page's language");
  assert.deepEqual(page.errors, []);
  await page.close();
}

for (const lang of ['fr', 'es']) {
  test(`in ${lang}: a Star Realms turn and a Stellar Nexus turn show no English`, { timeout: 300_000 }, async () => {
    const english = new English(lang, await namesOf(env.server.url, lang));
    assert.ok(english.res.length > 200, `only ${english.res.length} English texts to look for`);
    // The probe sees English: the lobby in English is full of it.
    const check = new English('en', english.names, lang);
    const enPage = await openIn('en', '/');
    await enPage.locator('.quick .play-now').first().waitFor();
    await check.scan(enPage, 'the English lobby');
    await enPage.close();
    assert.ok(check.found.size > 10, `the probe found only ${check.found.size} English texts on the English lobby`);
    await realmsTurn(lang, english);
    await nexusTurns(lang, english);
    assert.equal(english.report(), '', `English on the ${lang} page`);
    console.log(`${lang}: ${english.scans} scans for ${english.res.length} English texts`);
  });
}

test("the browser's languages choose the page's; the menu switches it at once and it is remembered", { timeout: 120_000 }, async () => {
  const en = catalog('en');
  const fr = catalog('fr');
  const es = catalog('es');
  const lobbyIn = async (langs, stored) => {
    const page = await env.browser.ctx.newPage();
    await page.addInitScript((l) => Object.defineProperty(navigator, 'languages', { get: () => l }), langs);
    await page.goto(env.server.url + '/');
    await page.evaluate((s) => (s ? localStorage.setItem('starnexus.lang', s) : localStorage.removeItem('starnexus.lang')), stored);
    await page.reload();
    await page.locator('.quick .play-now').first().waitFor();
    return page;
  };
  const tagline = (page) => page.locator('.hero p').first().innerText();
  for (const [langs, want] of [[['fr-CA', 'en'], 'fr'], [['es-419'], 'es'], [['de-DE', 'es-ES'], 'es'], [['de', 'ja'], 'en'], [['en-GB', 'fr'], 'en']]) {
    const page = await lobbyIn(langs, '');
    assert.equal(await page.evaluate(() => document.documentElement.lang), want, `navigator.languages ${langs}`);
    assert.equal(await tagline(page), { en, fr, es }[want]['ui.lobby.tagline'], `navigator.languages ${langs}`);
    await page.close();
  }

  // A Spanish browser picks French in the menu: the page changes in place, without a reload.
  const page = await lobbyIn(['es-419'], '');
  assert.equal(await tagline(page), es['ui.lobby.tagline']);
  await page.evaluate(() => { window.notReloaded = true; });
  await page.getByTestId('lang-menu').selectOption({ label: 'Français' });
  await poll(async () => (await tagline(page)) === fr['ui.lobby.tagline'], 'the lobby in French');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.evaluate(() => window.notReloaded), true, 'the page was not reloaded');
  assert.equal(await page.getByRole('button', { name: fr['ui.lobby.quick.play_realms'] }).count(), 1);
  // The menu lists every language in its own name.
  assert.deepEqual(await page.getByTestId('lang-menu').locator('option').allInnerTexts(), ['English', 'Français', 'Español']);
  // Remembered: a reload, and a new page, open in French although the browser prefers Spanish.
  await page.reload();
  await page.locator('.quick .play-now').first().waitFor();
  assert.equal(await tagline(page), fr['ui.lobby.tagline']);
  assert.equal(await page.getByTestId('lang-menu').inputValue(), 'fr');
  // And back to English, in a game's page too: the table follows at once.
  const game = await create(env.server.url, { game: 'realms', format: 'standard', sets: ['core'], seed: 5,
    seats: [{ name: 'Tester', kind: 'human' }, { name: 'Vex', kind: 'bot', bot: 'random' }] });
  await page.goto(`${env.server.url}/#/game/${game.id}/${game.seats[0].token}`);
  await page.locator('section.player.me').waitFor();
  await poll(async () => (await page.locator('.topbar a').first().innerText()) === fr['ui.back_to_lobby'], 'the table in French');
  await page.getByTestId('lang-menu').selectOption({ label: 'English' });
  await poll(async () => (await page.locator('.topbar a').first().innerText()) === en['ui.back_to_lobby'], 'the table in English');
  assert.equal(await page.evaluate(() => localStorage.getItem('starnexus.lang')), 'en');
  await page.evaluate(() => localStorage.removeItem('starnexus.lang'));
  await page.close();
});
