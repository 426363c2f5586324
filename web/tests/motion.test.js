// Browser tests of the table's motion (web/js/motion.js): against a bot, a card played flies
// to the play area and the played card itself is animated, a player's Authority that falls
// shows the loss rising from it, a Stellar Nexus card cast flies to the stack; with
// prefers-reduced-motion nothing moves; the page's Content-Security-Policy blocks nothing and
// the page throws nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();

async function newGame(body) {
  const res = await fetch(env.server.url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

const realmsDuel = { seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'bot', bot: 'greedy' }] };

// openTable opens a seat's page with a record, kept in the page, of every copy of a card and
// every number that the motion layer shows ({cls, text}), so that a test sees motion that has
// already ended.
async function openTable(url, { reduced = false } = {}) {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    window.__motion = [];
    new MutationObserver((ms) => {
      for (const m of ms) {
        for (const n of m.addedNodes) {
          if (n.nodeType === 1 && (n.classList.contains('motion-ghost') || n.classList.contains('motion-float'))) {
            window.__motion.push({ cls: n.className, text: n.textContent, action: n.querySelector('[data-action]') ? 'yes' : '' });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(env.server.url + url);
  return { page, errors, seen: () => page.evaluate(() => window.__motion) };
}

const acted = (page) => page.waitForResponse((r) => r.url().includes('/actions') && r.request().method() === 'POST');
const idle = (page) => page.waitForFunction(() => !document.querySelector('.busy'));

// myMove waits until the page is mine to play (a turn, a decision, a card of my hand to
// choose) or the game is over.
async function myMove(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="winner"]') ||
    document.querySelector('.turn-buttons [data-action="end"]') || document.querySelector('.prompt [data-action]') ||
    document.querySelector('.hand .card[data-action]'));
}

// playTurn plays my turn: every card of my hand, any decision's first choice, an attack on
// Bob with all my Combat when I can (its amount), then the end of the turn.
async function playTurn(page) {
  let attacked = 0;
  for (let i = 0; i < 30; i++) {
    await myMove(page);
    if (await page.locator('[data-testid="winner"]').count()) return attacked;
    const choice = page.locator('.prompt [data-action]').first();
    const card = page.locator('.hand .card[data-action]').first();
    const attack = page.locator('[data-player="Bob"] button.target-player[data-action^="attack Bob"]').first();
    if (await choice.count()) {
      await Promise.all([acted(page), choice.click()]);
    } else if (await card.count()) {
      await Promise.all([acted(page), card.click()]);
    } else if (await attack.count()) {
      attacked = Number((await attack.getAttribute('data-action')).split(' ').pop());
      await Promise.all([acted(page), attack.click()]);
    } else {
      const ended = acted(page);
      await page.locator('.turn-buttons [data-action="end"]').click();
      const anyway = page.locator('[data-testid="end-anyway"]');
      if (await anyway.count()) await anyway.click();
      await ended;
      await idle(page);
      return attacked;
    }
    await idle(page);
  }
  throw new Error('my turn did not end');
}

test('a card played flies to the play area, and Authority lost rises from the number it changes', { timeout: 300_000 }, async () => {
  const game = await newGame(realmsDuel);
  const { page, errors, seen } = await openTable(game.seats[0].url);
  await myMove(page);
  const card = page.locator('.hand .card[data-action]').first();
  await card.waitFor();
  const name = await card.getAttribute('data-card');
  await Promise.all([acted(page), card.click()]);
  // While the copy flies, the played card waits under it in the play area: both animate.
  await page.waitForFunction((n) => {
    const anims = document.getAnimations();
    const ghost = anims.some((a) => a.effect && a.effect.target && a.effect.target.classList.contains('motion-ghost') &&
      a.effect.target.textContent.includes(n));
    const played = [...document.querySelectorAll('.me .play-area .card')].some((el) => el.dataset.card === n && el.getAnimations().length > 0);
    return ghost && played;
  }, name, { polling: 'raf' });
  // Motion is decoration: it ends, and leaves the table as the view draws it.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  assert.equal(await page.locator('.motion-layer > *').count(), 0, 'the flying copies are gone');
  const played = page.locator(`.me .play-area .card[data-card="${name}"]`).first();
  assert.equal(await played.evaluate((el) => getComputedStyle(el).opacity), '1');
  const gains = (await seen()).filter((m) => m.cls.includes('motion-float'));
  assert.ok(gains.some((m) => /^\+\d+$/.test(m.text) && /stat-(trade|combat)/.test(m.cls)), `a Trade or Combat gain floats: ${JSON.stringify(gains)}`);
  assert.ok((await seen()).every((m) => !m.action), 'a flying copy carries no action');

  // Turns until Authority falls (mine to Bob's attack, or Bob's to mine): the loss floats.
  let attacked = 0;
  for (let turn = 0; turn < 8; turn++) {
    attacked = await playTurn(page);
    const losses = (await seen()).filter((m) => m.cls.includes('stat-authority') && m.cls.includes('neg'));
    if (attacked) {
      assert.ok(losses.some((m) => m.text === '−' + attacked), `Bob's Authority fell by ${attacked}: ${JSON.stringify(losses)}`);
    }
    if (losses.length) break;
  }
  const losses = (await seen()).filter((m) => m.cls.includes('stat-authority') && m.cls.includes('neg'));
  assert.ok(losses.length > 0, 'a loss of Authority floated');
  assert.ok(losses.every((m) => /^−\d+$/.test(m.text)), JSON.stringify(losses));
  const all = await seen();
  console.log(`motion: ${all.filter((m) => m.cls.includes('motion-ghost')).length} cards flown, floats ${all.filter((m) => m.cls.includes('motion-float')).map((m) => m.text).join(' ')}; Authority lost: ${losses.map((m) => m.text).join(' ')}${attacked ? `, Ann attacked Bob for ${attacked}` : ''}`);
  assert.deepEqual(errors, []);
  assert.deepEqual(env.browser.cspViolations, []);
  await page.close();
});

test('with prefers-reduced-motion nothing moves', { timeout: 300_000 }, async () => {
  const game = await newGame(realmsDuel);
  const { page, errors, seen } = await openTable(game.seats[0].url, { reduced: true });
  await myMove(page);
  const card = page.locator('.hand .card[data-action]').first();
  await card.waitFor();
  const name = await card.getAttribute('data-card');
  const before = await page.locator(`.me .play-area .card[data-card="${name}"]`).count();
  await Promise.all([acted(page), card.click()]);
  await page.waitForFunction(([n, k]) => document.querySelectorAll(`.me .play-area .card[data-card="${n}"]`).length === k + 1, [name, before]);
  await page.mouse.move(0, 0);
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0, 'no animation after a card is played');
  // A whole turn of mine and one of the bot's: still nothing.
  await playTurn(page);
  await myMove(page);
  assert.deepEqual(await seen(), []);
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(env.browser.cspViolations, []);
  await page.close();
});

test('a Stellar Nexus card cast flies to the stack', { timeout: 300_000 }, async () => {
  const game = await newGame({ game: 'nexus', seats: [{ name: 'Ann', deck: 'hilote' }, { name: 'Bob', kind: 'bot', bot: 'random', deck: 'cypios' }] });
  const { page, errors, seen } = await openTable(game.seats[0].url);
  await page.locator('section.player').first().waitFor();
  // Keep, cast what can be cast, attack with what can attack, else move on; until a card of
  // my hand has flown.
  const clicked = new Set();
  let cast = '';
  for (let i = 0; i < 120 && !cast; i++) {
    if (await page.locator('[data-testid="winner"]').count()) break;
    const texts = await page.locator('[data-action]:visible').evaluateAll((bs) => bs.map((b) => b.dataset.action));
    const pick = texts.find((t) => t === 'keep') || texts.find((t) => t.startsWith('cast ') && !clicked.has(t)) ||
      texts.find((t) => t.startsWith('attack with ') && t !== 'attack with none' && !clicked.has(t)) ||
      texts.find((t) => t === 'done') || texts.find((t) => t === 'pass') || texts.find((t) => !clicked.has(t));
    if (!pick) {
      await page.waitForTimeout(100); // the bot or the automatic passes are playing
      continue;
    }
    clicked.add(pick);
    try {
      await Promise.all([acted(page), page.locator(`[data-action="${pick.replace(/"/g, '\\"')}"]:visible`).first().click({ timeout: 5000 })]);
    } catch { continue; /* gone before the click: the table moved on */ }
    if (pick.startsWith('cast ')) {
      const card = pick.slice(5);
      await page.waitForFunction(() => !document.querySelector('.motion-layer > *'));
      if ((await seen()).some((m) => m.cls.includes('nx-handcard') && m.text.includes(card))) cast = card;
    }
  }
  assert.ok(cast, `a card cast from my hand flew: ${JSON.stringify(await seen())}`);
  assert.ok((await seen()).every((m) => !m.action), 'a flying copy carries no action');
  assert.deepEqual(errors, []);
  assert.deepEqual(env.browser.cspViolations, []);
  await page.close();
});
