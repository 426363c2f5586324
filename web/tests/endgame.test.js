// The end of a game in the browser: a duel against a bot whose human seat is played quickly
// through the API, then the page of that seat shows the end screen: who won ("you won" or
// "you lost"), the chart with one line per player, the cards bought, links to the replay and
// to the saved record, and a Rematch that creates the same game again and opens its seat. At
// a desktop's and a phone's size; a Stellar Nexus duel and a Hydra game watched by a
// spectator too. SHOTS=DIR saves screenshots of the end screens there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser(['--allow-seed']);

async function call(method, path, body, token) {
  const headers = {};
  if (body) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(env.server.url + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json();
  return { status: res.status, data };
}

// playOut creates a game and plays its first human seat through the API until the game is
// over: it answers, plays and buys what it can, never attacks a player nor blocks, so the bot
// wins in a few dozen turns.
async function playOut(req) {
  const c = await call('POST', '/api/games', req);
  assert.equal(c.status, 201, JSON.stringify(c.data));
  const seat = c.data.seats.findIndex((s) => s.token);
  const token = c.data.seats[seat].token;
  const order = ['choose Vex', 'keep', 'play ', 'use ', 'buy ', 'attack with none', 'cast ', 'choose ', 'skip', 'done', 'pass', 'end'];
  for (let n = 0; ; n++) {
    assert.ok(n < 6000, 'the game ends within 6000 looks');
    const { data: v } = await call('GET', `/api/games/${c.data.id}/view`, null, token);
    if (v.over) return { id: c.data.id, token, seat, view: v };
    if (!v.legal.length) { await new Promise((r) => setTimeout(r, 10)); continue; }
    let a = v.legal[v.legal.length - 1];
    for (const p of order) {
      const o = v.legal.find((x) => x.startsWith(p) && !/^attack \S+ \d+$/.test(x));
      if (o) { a = o; break; }
    }
    await call('POST', `/api/games/${c.data.id}/actions`, { action: a, seq: v.seq }, token);
  }
}

async function openEnd(page, hash) {
  await page.goto(env.server.url + '/' + hash);
  await page.locator('[data-testid=end-screen] [data-testid=end-chart]').waitFor({ timeout: 30_000 });
}

async function shot(page, name) {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
  await page.evaluate(() => { const b = document.querySelector('.end-backdrop'); b.scrollTop = b.scrollHeight; });
  await page.screenshot({ path: `${process.env.SHOTS}/${name}-bottom.png` });
  await page.evaluate(() => { document.querySelector('.end-backdrop').scrollTop = 0; });
}

for (const [w, h] of [[1400, 900], [390, 844]]) {
  test(`the end screen of a Star Realms duel at ${w}x${h}: winner, chart, cards, replay, record, rematch`, { timeout: 180_000 }, async () => {
    const game = await playOut({ game: 'realms', seed: 3, seats: [{ name: 'Ann' }, { name: 'Vex', kind: 'bot', bot: 'greedy' }] });
    const { data: sum } = await call('GET', `/api/games/${game.id}/summary`);
    const page = await env.browser.ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await openEnd(page, `#/game/${game.id}/${game.token}`);
    await shot(page, `end-realms-${w}`);

    // The winner, said to this seat.
    const won = game.view.winners.includes('Ann');
    assert.equal(await page.locator('[data-testid=end-winner]').innerText(), won ? 'You won!' : 'You lost.');
    assert.match(await page.locator('.end-head').innerText(), new RegExp(`${game.view.winners[0]} wins`));
    assert.match(await page.locator('[data-testid=winner]').innerText(), /wins!/);

    // One line per player, with its title and description, and the same numbers as a table.
    const lines = page.locator('[data-testid=end-chart] [data-testid=end-line]');
    assert.equal(await lines.count(), 2);
    assert.deepEqual(await lines.evaluateAll((ls) => ls.map((l) => l.dataset.name)), ['Ann', 'Vex']);
    for (let i = 0; i < 2; i++) {
      const points = await lines.nth(i).locator('polyline').getAttribute('points');
      assert.equal(points.trim().split(/\s+/).length, sum.turns.length + 1, 'a point per turn and the start');
    }
    assert.match(await page.locator('#end-chart-title').textContent(), /Authority over the turns/);
    assert.match(await page.locator('#end-chart-desc').textContent(), /Ann from 50 to -?\d+/);
    await page.locator('.end-numbers summary').click();
    const rows = page.locator('[data-testid=end-table] tbody tr');
    assert.equal(await rows.count(), sum.turns.length + 1);
    const lastRow = await rows.last().locator('td').allInnerTexts();
    assert.deepEqual(lastRow.map(Number), sum.players.map((p) => p.totals[p.totals.length - 1]));

    // The cards each player bought, with their counts.
    for (const p of sum.players) {
      const box = page.locator(`[data-testid=end-player][data-player="${p.name}"]`);
      const n = p.cards.reduce((a, c) => a + c.count, 0);
      assert.ok(n > 0, `${p.name} bought cards`);
      assert.match(await box.locator('h4').innerText(), new RegExp(`Cards bought \\(${n}\\)`, 'i'));
      assert.equal(await box.locator('[data-testid=end-cards] li').count(), p.cards.length);
      const most = p.cards[0];
      if (most.count > 1) assert.match(await box.locator('[data-testid=end-cards] li').first().innerText(), new RegExp(`${most.card}\\s*×${most.count}`));
    }

    // A card bought opens large; Escape closes it, not the end screen.
    await page.locator('[data-testid=end-cards] li button').first().click();
    await page.locator('.zoom-back').waitFor();
    // Its Escape listener comes with Preact's effects, after the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 20)))));
    await page.keyboard.press('Escape');
    await page.locator('.zoom-back').waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid=end-screen]').count(), 1);

    // The saved record: the whole game, seed included.
    const href = await page.locator('[data-testid=end-record]').getAttribute('href');
    const rec = await page.evaluate(async (u) => (await fetch(u)).json(), href);
    assert.equal(rec.id, game.id);
    assert.ok(rec.over && rec.seed != null && rec.actions.length > 10, 'the record replays the game');

    // The replay.
    await page.locator('[data-testid=end-replay]').click();
    await page.waitForURL(new RegExp(`#/replay/${game.id}(/\\d+)?$`));
    await page.locator('main.replay').waitFor();
    await page.goBack();
    await page.locator('[data-testid=end-chart]').waitFor();

    // Closing shows the final table; the banner opens the end screen again.
    await page.locator('[data-testid=end-close]').click();
    assert.equal(await page.locator('[data-testid=end-screen]').count(), 0);
    await page.locator('section.player.me').waitFor();
    await page.locator('[data-testid=end-open]').click();
    await page.locator('[data-testid=end-chart]').waitFor();

    // Rematch: the same game, a new id, this seat's page.
    await page.locator('[data-testid=rematch]').click();
    await page.waitForURL((u) => /#\/game\/\w+\/\w+$/.test(u.hash) && !u.hash.includes(game.id));
    const [, newId, token] = new URL(page.url()).hash.match(/#\/game\/(\w+)\/(\w+)$/);
    await page.locator('section.player.me').waitFor();
    const { data: v } = await call('GET', `/api/games/${newId}/view`, null, token);
    assert.equal(v.seat, 0);
    assert.equal(v.format, 'standard');
    assert.deepEqual(v.sets, ['core']);
    assert.deepEqual(v.seats.map((s) => [s.name, s.kind, s.bot || '']), [['Ann', 'human', ''], ['Vex', 'bot', 'greedy']]);
    assert.equal(v.over, false);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the end screen of a Stellar Nexus duel: life, cards cast, a rematch with the same decks', { timeout: 180_000 }, async () => {
  const game = await playOut({ game: 'nexus', seed: 5, seats: [{ name: 'Ann', deck: 'rayji' }, { name: 'Vex', kind: 'bot', bot: 'greedy', deck: 'kern' }] });
  const { data: sum } = await call('GET', `/api/games/${game.id}/summary`);
  const page = await env.browser.ctx.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await openEnd(page, `#/game/${game.id}/${game.token}`);
  await shot(page, 'end-nexus-1400');
  assert.equal(await page.locator('[data-testid=end-winner]').innerText(), game.view.winners.includes('Ann') ? 'You won!' : 'You lost.');
  assert.equal(await page.locator('[data-testid=end-line]').count(), 2);
  assert.match(await page.locator('#end-chart-title').textContent(), /Life over the turns/);
  const vex = sum.players[1];
  const n = vex.cards.reduce((a, c) => a + c.count, 0);
  assert.ok(n > 0, 'the bot cast cards');
  assert.match(await page.locator('[data-testid=end-player][data-player="Vex"] h4').innerText(), new RegExp(`Cards cast \\(${n}\\)`, 'i'));
  await page.locator('[data-testid=rematch]').click();
  await page.waitForURL((u) => /#\/game\/\w+\/\w+$/.test(u.hash) && !u.hash.includes(game.id));
  const [, newId] = new URL(page.url()).hash.match(/#\/game\/(\w+)\/(\w+)$/);
  // The decks are secret while the game is live; the record tells them once it is over, so
  // the rematch is checked by its seats and format here.
  const { data: list } = await call('GET', '/api/games?open=1');
  const g = list.games.find((x) => x.id === newId);
  assert.ok(g, 'the rematch is listed');
  assert.equal(g.game, 'nexus');
  assert.deepEqual(g.seats.map((s) => [s.name, s.kind]), [['Ann', 'human'], ['Vex', 'bot']]);
  await page.close();
});

test('a spectator of a Hydra game sees one line per team and no rematch', { timeout: 180_000 }, async () => {
  const seats = ['Ann', 'Bob', 'Cid', 'Dee'].map((name) => ({ name, kind: 'bot', bot: 'greedy' }));
  const c = await call('POST', '/api/games', { game: 'realms', format: 'hydra', seed: 4, seats });
  assert.equal(c.status, 201);
  for (let n = 0; ; n++) {
    assert.ok(n < 3000, 'the bots end the game');
    if ((await call('GET', `/api/games/${c.data.id}/view`)).data.over) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const page = await env.browser.ctx.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await openEnd(page, `#/watch/${c.data.id}`);
  await shot(page, 'end-hydra-1400');
  const names = await page.locator('[data-testid=end-line]').evaluateAll((ls) => ls.map((l) => l.dataset.name));
  assert.deepEqual(names, ['Ann & Bob', 'Cid & Dee']);
  assert.equal(await page.locator('[data-testid=rematch]').count(), 0);
  assert.match(await page.locator('[data-testid=end-winner]').innerText(), /(Ann & Bob|Cid & Dee) win!/);
  assert.equal(await page.locator('[data-testid=end-player]').count(), 4);
  await page.close();
});
