// Star Realms played through the page only (issue 15): a duel against `hard` and a 4-player
// Free-for-all against three bots, each to its end, with a fixed seed. The test reads the seat's
// view from the API to decide (realms-policy.js) and acts only by clicking what the page shows:
// an element carrying the action as data-action, "Play all", and the end-turn warning's
// controls. Along the way it checks that no click on a lone `pass` is ever needed, that the
// page never shows engine notation (the whole page at every turn and every few actions, the
// card panel and the large card of every card met), and at the end that every log line of a
// bot's turn names a card or an effect.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';
import { seatAPI } from './nexus-policy.js';
import { realmsPolicy } from './realms-policy.js';
import { Notation } from './notation.js';
import { botLogProblems, inspectCards, poll } from './table-checks.js';

const env = withServerAndBrowser(['--allow-seed']);

async function create(url, body) {
  const res = await fetch(url + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

// shownAt waits until the page shows the view of seq and an element for the pick, not busy.
async function shownAt(page, pick, seq) {
  return poll(() => page.evaluate(({ pick, seq }) => {
    const main = document.querySelector('main.game');
    if (!main || Number(main.dataset.seq) !== seq || document.querySelector('.busy')) return false;
    const els = pick.playAll ? [...document.querySelectorAll('button.play-all')]
      : [...document.querySelectorAll('[data-action]')].filter((e) => e.dataset.action === pick.action && !e.classList.contains('confirm'));
    return els.some((e) => !e.disabled && e.getClientRects().length > 0);
  }, { pick, seq }), `the page shows ${JSON.stringify(pick)} at seq ${seq}`);
}

// playRealms plays the seat of token to the end of the game through page, and returns what it
// counted. With the seat defeated, it watches the game to its end.
async function playRealms(page, url, game, token, me, label) {
  const { view } = seatAPI(url, game.id, token);
  const cards = (await (await fetch(url + '/api/cards')).json()).cards;
  const cost = new Map(cards.map((c) => [c.name, c.cost || 0]));
  const notation = new Notation();
  const inspected = new Set();
  const stats = { clicks: 0, decisions: 0, playAll: 0, warnings: 0, lonePass: [], turns: 0, scans: 0, watched: 0 };
  let v = await view();
  let lastActive = '';
  let lastScan = 0;
  for (let step = 0; !v.over; step++) {
    assert.ok(step < 3000, `${label}: the game should end within 3000 decisions of the seat`);
    const acts = v.actions || [];
    const newTurn = v.active === me && lastActive !== me;
    lastActive = v.active;
    if (!acts.length) {
      // The others' turns: follow them, and look at the page now and then.
      const seq = v.seq;
      v = await poll(async () => { const nv = await view(); return nv.seq !== seq || nv.over ? nv : null; }, `${label}: the game moves on from seq ${seq}`);
      if (Date.now() - lastScan > 1500) {
        lastScan = Date.now();
        await notation.scan(page, `${label}, seq ${v.seq} (${v.to_move || v.active} to move)`);
        stats.watched++;
      }
      continue;
    }
    if (acts.length === 1 && acts[0].verb === 'pass') stats.lonePass.push(v.seq);
    if (newTurn) {
      // A turn of mine begins: the page, and the cards met so far, in the panel and large.
      stats.turns++;
      await shownAt(page, realmsPolicy(v, me, cost), v.seq);
      await notation.scan(page, `${label}, my turn ${stats.turns}`);
      await inspectCards(page, inspected, notation, `${label}, my turn ${stats.turns}`, { zoom: true });
    } else if (step % 8 === 0) {
      await notation.scan(page, `${label}, seq ${v.seq}`);
    }
    const pick = realmsPolicy(v, me, cost);
    if (v.pending) stats.decisions++;
    await shownAt(page, pick, v.seq);
    const el = pick.playAll ? page.locator('button.play-all:visible').first()
      : page.locator(`[data-action=${JSON.stringify(pick.action)}]:visible:not(.confirm)`).first();
    const seq = v.seq;
    await el.click();
    stats.clicks++;
    if (pick.playAll) stats.playAll++;
    if (pick.action === 'end') {
      // Ending the turn with something unspent asks first: the first time the player ends
      // anyway, the second time it also turns the warning off.
      await poll(async () => {
        const anyway = page.locator('[data-testid=end-anyway]');
        if (await anyway.count() && await anyway.isVisible()) {
          stats.warnings++;
          await notation.scan(page, `${label}, the end-turn warning`);
          if (stats.warnings > 1) { await page.locator('[data-testid=no-end-warning]').check(); stats.clicks++; }
          await anyway.click();
          stats.clicks++;
          return true;
        }
        return (await view()).seq !== seq;
      }, `${label}: the turn ends`);
    }
    v = await poll(async () => { const nv = await view(); return nv.seq !== seq || nv.over ? nv : null; }, `${label}: "${pick.action || 'play all'}" at seq ${seq} is sent`);
    // Play all goes on card by card: wait until the page is done.
    await poll(() => page.evaluate(() => !document.querySelector('.busy')), `${label}: the page is not busy`);
    if (pick.playAll) v = await view();
  }
  await page.locator('[data-testid=winner]').waitFor();
  await notation.scan(page, `${label}, game over`);
  stats.scans = notation.scans;
  stats.notation = notation.report();
  stats.winners = v.winners;
  stats.seq = v.seq;
  stats.inspected = inspected.size;
  return stats;
}

// checkLog waits for the game's last line in the log panel, then checks the bots' turns.
async function checkLog(page, bots, label) {
  await poll(() => page.evaluate(() => [...document.querySelectorAll('.narration li')].some((li) => li.dataset.names === 'game_over')),
    `${label}: the log tells the end of the game`);
  const log = await botLogProblems(page, bots);
  assert.ok(log.botLines > 20, `${label}: ${log.botLines} lines of the bots' turns in the log`);
  assert.deepEqual(log.problems, [], `${label}: log lines of a bot's turn that name no card or effect`);
  return log;
}

function report(stats, log, label) {
  console.log(`${label}: ${stats.clicks} clicks (${stats.playAll} play all, ${stats.decisions} decisions, ${stats.warnings} end-turn warnings) in ${stats.turns} turns; ` +
    `${stats.scans} page scans, ${stats.inspected} cards inspected; ${log.lines} log lines, ${log.botLines} in the bots' turns; ` +
    `over at seq ${stats.seq}, winners ${stats.winners}`);
  assert.deepEqual(stats.lonePass, [], `${label}: views where a lone pass would have needed a click`);
  assert.equal(stats.notation, '', `${label}: engine notation on the page`);
}

test('a Star Realms duel against hard, played to its end through the page', { timeout: 600_000 }, async () => {
  const url = env.server.url;
  const game = await create(url, { game: 'realms', format: 'standard', sets: ['core'], seed: 15,
    seats: [{ name: 'Tester', kind: 'human' }, { name: 'Hal', kind: 'bot', bot: 'hard' }] });
  const token = game.seats[0].token;
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => localStorage.removeItem('starnexus.warnEndTurn'));
  await page.goto(`${url}/#/game/${game.id}/${token}`);
  await page.locator('section.player.me').waitFor();
  const stats = await playRealms(page, url, game, token, 'Tester', 'duel');
  const log = await checkLog(page, [1], 'duel');
  report(stats, log, 'duel');
  assert.ok(stats.warnings >= 1, 'the end-turn warning was met');
  assert.match(await page.locator('[data-testid=winner]').innerText(), /wins|win!|draw/);
  assert.equal(await page.locator('[data-action]').count(), 0, 'no actions are offered once the game is over');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 4-player Free-for-all with three bots, played to its end through the page', { timeout: 600_000 }, async () => {
  const url = env.server.url;
  const bots = ['greedy', 'easy', 'medium'];
  const game = await create(url, { game: 'realms', format: 'ffa', sets: ['core'], seed: 4,
    seats: [{ name: 'Tester', kind: 'human' }, ...bots.map((b, i) => ({ name: ['Ada', 'Bo', 'Cy'][i], kind: 'bot', bot: b }))] });
  const token = game.seats[0].token;
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}/#/game/${game.id}/${token}`);
  await page.locator('section.player.me').waitFor();
  assert.equal(await page.locator('section.player').count(), 4, 'four players at the table');
  const stats = await playRealms(page, url, game, token, 'Tester', 'ffa');
  const log = await checkLog(page, [1, 2, 3], 'ffa');
  report(stats, log, 'ffa');
  assert.deepEqual(errors, []);
  await page.close();
});
