// The keyboard plays (web/js/keys.js): a whole Star Realms game against a bot with keys only
// (page.keyboard.press, never a click: the number keys for what the table offers, E to end the
// turn and E again when it warns, Tab and Enter on a card of the hand once), the list of keys
// opened with ? and closed with Escape; and Stellar Nexus decisions by keys (1 to keep the
// hand, a number to cast from the hand, N and Space to move on).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';
import { createDuel } from './nexus-policy.js';

const env = withServerAndBrowser(['--allow-seed', '--bot-delay', '0s']);

async function create(body) {
  const res = await fetch(env.server.url + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

// read is what the page shows the keyboard: the numbered targets and the state of the turn.
const read = (page) => page.evaluate(() => {
  const main = document.querySelector('main.game');
  return {
    over: !!document.querySelector('[data-testid=winner]'),
    warn: !!document.querySelector('.dialog [data-testid=end-anyway]'),
    seq: main ? main.dataset.seq : '',
    decision: !!document.querySelector('.prompt .act-row, .card.lit.choose[data-key]'),
    end: !!document.querySelector('button.act.flow.end:not(.confirm)'),
    flow: [...document.querySelectorAll('.nx-flow button[data-action]')].map((b) => b.dataset.action),
    keys: [...document.querySelectorAll('[data-key]')].map((e) => ({ k: e.dataset.key, action: e.dataset.action || '',
      playAll: e.classList.contains('play-all'), hand: !!e.closest('.hand, .nx-hand') })),
  };
});

// changed waits until the page moved on from seq (or a warning opened, or the game ended).
async function changed(page, seq) {
  await page.waitForFunction((s) => {
    const m = document.querySelector('main.game');
    return (m && m.dataset.seq !== s && !document.querySelector('.busy')) || document.querySelector('.dialog, [data-testid=winner]');
  }, seq, { timeout: 15_000 }).catch(() => {});
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const [w, h] of [[1400, 900], [390, 844]]) {
  test(`a Star Realms game against a bot played to its end with the keyboard only at ${w}x${h}`, { timeout: 300_000 }, async () => {
    const game = await create({ game: 'realms', format: 'standard', sets: ['core'], seed: w,
      seats: [{ name: 'Keys', kind: 'human' }, { name: 'Bot', kind: 'bot', bot: 'greedy' }] });
    const page = await env.browser.ctx.newPage();
    await page.setViewportSize({ width: w, height: h });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${env.server.url}/#/game/${game.id}/${game.seats[0].token}`);
    await page.locator('section.player.me').waitFor();

    // ? opens the list of keys, Escape closes it.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Playing with the keyboard' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /End the turn/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Tab to a card of the hand and Enter plays it (once it is my turn).
    await page.locator('.hand .card[data-action]').first().waitFor({ timeout: 30_000 });
    let tabbed = false;
    for (let i = 0; i < 80 && !tabbed; i++) {
      await page.keyboard.press('Tab');
      tabbed = await page.evaluate(() => !!(document.activeElement && document.activeElement.closest('.hand .card[data-action]')));
    }
    assert.ok(tabbed, 'Tab reaches a card of the hand');
    const before = await page.locator('.hand .card').count();
    let s = await read(page);
    await page.keyboard.press('Enter');
    await changed(page, s.seq);
    assert.equal(await page.locator('.hand .card').count(), before - 1, 'Enter on a focused card plays it');
    assert.ok(await page.evaluate(() => document.body.classList.contains('kbd')), 'the badges show while the keyboard is used');

    const counts = { number: 0, end: 0, anyway: 0 };
    for (let n = 0; ; n++) {
      assert.ok(n < 3000, 'the game should end within 3000 keys');
      s = await read(page);
      if (s.over) break;
      const key = (pred) => (s.keys.find(pred) || {}).k;
      let press = null;
      if (s.warn) { press = 'e'; counts.anyway++; }
      else if (s.decision && s.keys.length) press = '1';
      else {
        press = key((x) => x.playAll) || key((x) => x.hand && x.action.startsWith('play ')) ||
          key((x) => x.action.startsWith('attack ')) || key((x) => x.action.startsWith('buy '));
        if (press) counts.number++;
        else if (s.end) { press = 'e'; counts.end++; }
      }
      if (!press) { // the bot's turn: wait for mine
        await page.waitForFunction(() => document.querySelector('[data-key], button.act.flow.end, [data-testid=winner]'), null, { timeout: 30_000 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        continue;
      }
      await page.keyboard.press(press);
      await changed(page, s.seq);
    }
    const text = await page.locator('[data-testid=winner]').innerText();
    assert.match(text, /wins|win!|draw/);
    // The end screen comes up over the table: who won, and a chart with a line per player.
    await page.locator('[data-testid=end-screen] [data-testid=end-chart]').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('[data-testid=end-winner]').innerText(), /^You (won!|lost\.)$/);
    assert.equal(await page.locator('[data-testid=end-chart] [data-testid=end-line]').count(), 2);
    assert.equal(await page.locator('[data-testid=end-player]').count(), 2);
    assert.ok(counts.number > 10 && counts.end > 3, `numbers and E were used: ${JSON.stringify(counts)}`);
    assert.deepEqual(errors, []);
    console.log(`keyboard game at ${w}x${h}: ${JSON.stringify(counts)}; ${text.trim()}`);
    await page.close();
  });
}

test('Stellar Nexus decisions by keys: 1 keeps, a number casts from the hand, N and Space move on', { timeout: 180_000 }, async () => {
  const game = await createDuel(env.server.url, 7, ['rayji', 'kern']);
  const page = await env.browser.ctx.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.server.url}/#/game/${game.id}/${game.seats[0].token}`);
  await page.locator('[data-testid=actions] [data-action]').first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Tab'); // the keyboard is in use: the badges show
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

  let s = await read(page);
  const keep = s.keys.find((x) => x.action === 'keep');
  assert.ok(keep, `the mulligan decision is numbered: ${JSON.stringify(s.keys)}`);
  await page.keyboard.press(keep.k);
  await changed(page, s.seq);

  const done = { cast: 0, next: 0, space: 0 };
  for (let n = 0; n < 60 && !(done.cast >= 1 && done.next >= 3 && done.space >= 1); n++) {
    await page.waitForFunction(() => document.querySelector('[data-testid=actions] [data-action], [data-testid=winner]'), null, { timeout: 30_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    s = await read(page);
    if (s.over) break;
    const cast = s.keys.find((x) => x.hand && x.action.startsWith('cast '));
    let press;
    if (!s.flow.length) { press = '1'; done.decide = (done.decide || 0) + 1; }
    else if (cast && !done.cast) { press = cast.k; done.cast++; }
    else if (done.space < 1 && done.next >= 1) { press = ' '; done.space++; }
    else { press = 'n'; done.next++; }
    const seq = s.seq;
    await page.keyboard.press(press);
    await changed(page, seq);
    assert.notEqual(await page.locator('main.game').getAttribute('data-seq'), seq, `the key ${JSON.stringify(press)} moved the game on`);
  }
  assert.ok(done.cast >= 1 && done.next >= 3 && done.space >= 1, `cast, N and Space were used: ${JSON.stringify(done)}`);
  assert.deepEqual(errors, []);
  console.log(`Stellar Nexus by keys: ${JSON.stringify(done)}`);
  await page.close();
});
