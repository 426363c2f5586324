// Browser tests of the web client: a real Chromium plays a whole game against a bot through
// the page, and a spectator's page never shows a hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickNext, withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();

// Which legal action to click, first match wins: answer decisions, play everything, attack,
// buy, then close the turn; so each turn ends quickly and the game moves to its end.

test('a game against the greedy bot is played to its end through the page', { timeout: 300_000 }, async () => {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(env.server.url + '/');
  await page.getByLabel('seat 1 name').fill('Tester');
  await page.getByLabel('seat 2 kind').selectOption('bot');
  await page.getByLabel('seat 2 bot').selectOption('greedy');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('[data-testid=created]').waitFor();
  await page.getByRole('button', { name: 'Play as Tester' }).click();
  await page.locator('section.player.me').waitFor();

  const winner = page.locator('[data-testid=winner]');
  let clicks = 0;
  while (!(await winner.count())) {
    assert.ok(clicks < 4000, 'the game should end within 4000 clicks');
    await page.locator('[data-action], [data-testid=winner]').first().waitFor({ timeout: 30_000 });
    if (process.env.SHOTS && clicks % 15 === 0) await page.screenshot({ path: `${process.env.SHOTS}/play-${clicks}.png`, fullPage: true });
    if (await clickNext(page)) clicks++;
  }
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/play-end.png`, fullPage: true });
  const text = await winner.innerText();
  assert.match(text, /wins|win!|draw/);
  assert.equal(await page.locator('[data-action]').count(), 0, 'no actions are offered once the game is over');
  assert.deepEqual(errors, []);
  console.log(`game finished after ${clicks} clicks: ${text.trim()}`);
  await page.close();
});

test('a spectator page never shows a hand', { timeout: 120_000 }, async () => {
  const res = await fetch(env.server.url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'realms', format: 'standard', sets: ['core'],
      seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'bot', bot: 'greedy' }] }),
  });
  assert.equal(res.status, 201);
  const game = await res.json();
  const token = game.seats[0].token;

  const page = await env.browser.ctx.newPage();
  const received = [];
  page.on('response', async (r) => {
    if (r.url().includes(`/api/games/${game.id}/`) && r.request().method() === 'GET') {
      try { received.push(await r.text()); } catch { /* body gone */ }
    }
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
  await page.goto(`${env.server.url}/#/watch/${game.id}`);
  await page.locator('section.player').first().waitFor();
  assert.match(await page.locator('.topbar').innerText(), /spectating/);

  // Ann plays her turn through the API; the spectator page follows it live.
  const view = await (await fetch(`${env.server.url}/api/games/${game.id}/view`, { headers: { Authorization: 'Bearer ' + token } })).json();
  const seq = view.seq;
  const hand = (view.players || view.view.players)[0].hand;
  assert.ok(hand && hand.length > 0, "Ann's own view shows her hand");
  const act = (action, s) => fetch(`${env.server.url}/api/games/${game.id}/actions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
    body: JSON.stringify({ action, seq: s }),
  });
  const r1 = await act('play ' + hand[0], seq);
  assert.equal(r1.status, 200, await r1.clone().text());
  await page.locator('.play-area .card').first().waitFor({ timeout: 15_000 });

  assert.equal(await page.locator('section.hand').count(), 0, 'no "Your hand" section');
  assert.equal(await page.locator('.seen-hand').count(), 0, 'no other hand shown');
  assert.equal(await page.locator('[data-action]').count(), 0, 'a spectator has no actions');
  assert.ok(received.length > 0, 'the page received views');
  for (const body of received) {
    let msg;
    try { msg = JSON.parse(body); } catch { continue; }
    const v = msg && msg.view ? msg.view : msg;
    for (const p of (v && v.players) || []) assert.equal(p.hand, undefined, `a hand reached the spectator: ${body.slice(0, 200)}`);
  }
  await page.close();
});
