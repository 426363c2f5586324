// Browser tests of the Star Realms table: cards drawn with their text and icons (from the
// card data's `text` messages), a card played by clicking it, any card opened large by a key,
// the warning before ending a turn with something unspent (and turning it off), and a phone's
// screen where nothing covers the hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();

async function newGame() {
  const res = await fetch(env.server.url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'bot', bot: 'greedy' }] }),
  });
  assert.equal(res.status, 201);
  return res.json();
}

// withCardText makes the page see Scout and Viper with text messages and a catalog that
// renders them, as the server's card data gives them.
async function withCardText(page) {
  const gain = (n, pool) => ({ id: 'realms.card.gain', args: { n, pool: { id: 'icon.' + pool } } });
  await page.route('**/api/cards', async (route) => {
    const body = await (await route.fetch()).json();
    for (const c of body.cards) {
      if (c.name === 'Scout') c.text = { primary: [gain(1, 'trade')] };
      if (c.name === 'Viper') c.text = { primary: [gain(1, 'combat')] };
    }
    await route.fulfill({ json: body });
  });
  await page.route('**/api/messages?lang=en', async (route) => {
    const body = await (await route.fetch()).json();
    Object.assign(body.messages, { 'realms.card.gain': '+{n} {pool}', 'icon.trade': 'Trade', 'icon.combat': 'Combat', 'icon.authority': 'Authority' });
    await route.fulfill({ json: body });
  });
}

test('cards show their text with icons, a click plays one, i opens it large, and ending with Trade or Combat left asks first', { timeout: 120_000 }, async () => {
  const game = await newGame();
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await withCardText(page);
  await page.goto(env.server.url + game.seats[0].url);
  const scout = page.locator('.hand .card[data-card="Scout"]').first();
  await scout.waitFor();
  await scout.locator('.ab-primary svg.icon-trade').waitFor(); // the card text and the catalog are loaded
  assert.equal((await scout.locator('.ab-primary').innerText()).trim(), '+1');
  assert.equal(await scout.locator('.ab-primary svg.icon-trade').getAttribute('aria-label'), 'Trade');
  assert.doesNotMatch(await page.locator('.trade-row').innerText(), /\[ui\./, 'every label comes from the catalog');

  // i on a focused card opens it large; Escape closes it.
  await scout.focus();
  await page.keyboard.press('i');
  await page.locator('.zoom-back .card.zoomed').waitFor();
  assert.match(await page.locator('.zoom-back').innerText(), /Scout/);
  await page.keyboard.press('Escape');
  await page.locator('.zoom-back').waitFor({ state: 'detached' });

  // A click on a hand card plays it.
  const before = await page.locator('.hand .card').count();
  assert.equal(await scout.getAttribute('data-action'), 'play Scout');
  await Promise.all([page.waitForResponse((r) => r.url().includes('/actions')), scout.click()]);
  await page.waitForFunction((n) => document.querySelectorAll('.hand .card').length === n - 1, before);
  await page.waitForFunction(() => !document.querySelector('.busy'));
  assert.equal(await page.locator('.me .play-area .card[data-card="Scout"]').count(), 1);

  // The rest of the hand: 2 Scouts buy an Explorer, a Viper attacks; either is left unspent.
  while (await page.locator('.hand .card[data-action]').count()) {
    await Promise.all([page.waitForResponse((r) => r.url().includes('/actions')), page.locator('.hand .card[data-action]').first().click()]);
    await page.waitForFunction(() => !document.querySelector('.busy'));
  }
  // Ending the turn with Trade or Combat that can still be spent asks first; "don't warn me
  // again" sticks.
  const end = page.locator('.turn-buttons button[data-action="end"]');
  await end.click();
  await page.locator('[role=alertdialog]').waitFor();
  assert.match(await page.locator('[role=alertdialog]').innerText(), /unspent: you can still (buy|attack)/);
  assert.match(await page.locator('[role=alertdialog] svg.icon').first().getAttribute('aria-label'), /^(Trade|Combat)$/);
  await page.getByRole('button', { name: 'Back to my turn' }).click();
  await page.locator('[role=alertdialog]').waitFor({ state: 'detached' });
  await end.click();
  await page.locator('[data-testid=no-end-warning]').check();
  await Promise.all([page.waitForResponse((r) => r.url().includes('/actions')), page.locator('[data-testid=end-anyway]').click()]);
  assert.equal(await page.evaluate(() => localStorage.getItem('starnexus.warnEndTurn')), 'off');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone nothing covers the hand, and a tap on a card that does nothing opens it large', { timeout: 120_000 }, async () => {
  const game = await newGame();
  const page = await env.browser.ctx.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.server.url + game.seats[0].url);
  const card = page.locator('.hand .card').first();
  await card.waitFor();
  // Point at a card (a phone's tap also hovers), then check what is on top of each hand card.
  await page.locator('.trade-row .card').first().hover();
  const covered = await page.locator('.hand .card').evaluateAll((cards) => cards.filter((c) => {
    c.scrollIntoView({ block: 'center' });
    const r = c.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !top || !c.contains(top);
  }).length);
  assert.equal(covered, 0, 'every hand card is on top where it is drawn');
  const row = page.locator('.trade-row .card:not([data-action])').first();
  await row.click();
  await page.locator('.zoom-back .card.zoomed').waitFor();
  await page.locator('.zoom-back').click();
  await page.locator('.zoom-back').waitFor({ state: 'detached' });
  await page.close();
});
