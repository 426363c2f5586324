// Browser tests of the lobby: one click starts a game against a bot in either game, the
// player's name is remembered across a reload, live and joinable games appear in the lists
// (refreshed in place) with Watch and Join buttons that open the table, every format is
// explained when chosen, and an uploaded Stellar Nexus deck file is checked by the server,
// whose problems are shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withServerAndBrowser, repoRoot } from './browser.js';

const env = withServerAndBrowser();

async function lobby() {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(env.server.url + '/');
  await page.locator('[data-testid=quick]').waitFor();
  return { page, errors };
}

async function create(req) {
  const res = await fetch(env.server.url + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

test('one click plays Star Realms against the medium bot, and one Stellar Nexus against greedy', { timeout: 120_000 }, async () => {
  const { page, errors } = await lobby();
  assert.equal(await page.getByLabel('Star Realms opponent').inputValue(), 'medium');
  await page.getByRole('button', { name: 'Play Star Realms now' }).click();
  await page.locator('section.player.me').waitFor();
  assert.match(page.url(), /#\/game\/[a-z0-9]+\/[0-9a-f]+$/);
  const id = page.url().split('/').at(-2);
  const listed = await (await fetch(`${env.server.url}/api/games?live=1`)).json();
  const g = listed.games.find((x) => x.id === id);
  assert.equal(g.format, 'standard');
  assert.equal(g.seats[1].bot, 'medium');

  await page.goto(env.server.url + '/');
  assert.equal(await page.getByLabel('Stellar Nexus opponent').inputValue(), 'greedy');
  await page.getByLabel('Stellar Nexus deck').selectOption('rayji');
  await page.getByRole('button', { name: 'Play Stellar Nexus now' }).click();
  await page.locator('section.player.me').waitFor();
  await page.locator('[data-testid=nx-status]').waitFor();
  assert.match(await page.locator('.topbar').innerText(), /Stellar Nexus/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the name is remembered across a reload and used for new games and claims', { timeout: 120_000 }, async () => {
  const { page, errors } = await lobby();
  await page.getByLabel('Your name').fill('Mira');
  await page.reload();
  await page.locator('[data-testid=quick]').waitFor();
  assert.equal(await page.getByLabel('Your name').inputValue(), 'Mira');
  assert.equal(await page.getByLabel('seat 1 name').inputValue(), 'Mira');
  // A seat waiting in the lobby is claimed under that name.
  const g = await create({ seats: [{ name: 'Ann' }, { kind: 'open' }] });
  const join = page.getByRole('button', { name: 'Join seat 2 as Mira' });
  await join.waitFor();
  await join.click();
  await page.locator('section.player.me').waitFor();
  assert.match(page.url(), new RegExp(`#/game/${g.id}/`));
  assert.match(await page.locator('.topbar').innerText(), /Mira/);
  // And a game started in one click plays under it.
  await page.goto(env.server.url + '/');
  await page.getByRole('button', { name: 'Play Star Realms now' }).click();
  await page.locator('section.player.me').waitFor();
  assert.match(await page.locator('.topbar').innerText(), /Mira/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a live game shows in the list, refreshed in place, and Watch opens the spectator view', { timeout: 120_000 }, async () => {
  const { page, errors } = await lobby();
  const g = await create({ seats: [{ name: 'Dee' }, { name: 'Bob', kind: 'bot', bot: 'greedy' }] });
  const row = page.locator(`[data-testid=live] li[data-game="${g.id}"]`);
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /Star Realms · Standard/);
  assert.match(text, /Dee, Bob \(bot\)/);
  assert.match(text, /Turn \d+: (Dee|Bob) to play/);
  // The lists are polled every few seconds: the row stays the same element (no flicker).
  const before = await row.elementHandle();
  await page.waitForTimeout(3500);
  assert.equal(await before.evaluate((el) => el.isConnected), true, 'the row was replaced by a refresh');
  await page.getByRole('link', { name: `Watch game ${g.id}` }).click();
  await page.waitForURL(new RegExp(`#/watch/${g.id}$`));
  await page.locator('.topbar').getByText('spectating').waitFor();
  assert.equal(await page.locator('section.player.me').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every format is explained in a sentence when it is chosen', { timeout: 60_000 }, async () => {
  const { page, errors } = await lobby();
  const about = page.locator('[data-testid=format-about]');
  assert.match(await about.innerText(), /One against one/);
  const seen = new Set();
  for (const [game, list] of [['realms', ['standard', 'ffa', 'hunter', 'hunter-first-blood', 'hydra', 'emperor', 'raid']], ['nexus', ['duel', 'ffa', 'allied']]]) {
    await page.getByLabel('game', { exact: true }).selectOption(game);
    for (const f of list) {
      await page.getByLabel('format', { exact: true }).selectOption(f);
      const s = (await about.innerText()).trim();
      assert.ok(s.length > 20 && !s.includes('ui.lobby'), `${game} ${f}: ${s}`);
      assert.ok(!seen.has(s), `${game} ${f} says what another format says: ${s}`);
      seen.add(s);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('an uploaded deck file is checked: its problems are shown, a good one is played', { timeout: 120_000 }, async () => {
  const { page, errors } = await lobby();
  const kern = readFileSync(join(repoRoot, 'games/nexus/decks/kern.yaml'), 'utf8');
  await page.getByLabel('Stellar Nexus deck').selectOption('upload');
  const play = page.getByRole('button', { name: 'Play Stellar Nexus now' });
  assert.equal(await play.isDisabled(), true, 'no game without a checked deck');
  const file = page.locator('[data-game=nexus] input[type=file]');
  await file.setInputFiles({ name: 'mine.yaml', mimeType: 'text/yaml', buffer: Buffer.from(kern.replace('Rivet Sentry: 3', 'Rivet Sentri: 3')) });
  const problems = page.locator('[data-testid=deck-problems]');
  await problems.waitFor();
  assert.match(await problems.innerText(), /unknown card "Rivet Sentri": did you mean "Rivet Sentry"\?/);
  assert.equal(await play.isDisabled(), true);
  await file.setInputFiles({ name: 'kern.yaml', mimeType: 'text/yaml', buffer: Buffer.from(kern) });
  await page.locator('[data-testid=deck-ok]').waitFor();
  assert.match(await page.locator('[data-testid=deck-ok]').innerText(), /Kern Forgeline: hero Tarsk Ironvein/);
  assert.equal(await problems.count(), 0);
  await play.click();
  await page.locator('section.player.me').waitFor();
  await page.locator('[data-testid=nx-status]').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
