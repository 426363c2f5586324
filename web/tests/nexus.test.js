// Browser test of the Stellar Nexus client: a duel against a bot is created from the lobby and
// played to its end by clicking legal actions, and the opponent's hand never reaches the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';
import { Notation } from './notation.js';
import { botLogProblems, inspectCards, poll } from './table-checks.js';

const env = withServerAndBrowser();

// The action to click: an attack with something, else the first action that is not a pass,
// else pass. The buttons carry the API's action texts in data-action.
// nextButton picks what the test clicks: each attacker once, then any other action it has not
// clicked in this phase (a declaration may be changed again, SN 12.2 and 12.3: clicking each
// change once keeps the game going forward), then done, then pass.
async function nextButton(page, clicked) {
  const texts = await page.locator('[data-action]').evaluateAll((bs) => bs.map((b) => b.dataset.action));
  const pick = (t) => page.locator(`[data-action="${t.replace(/"/g, '\\"')}"]:visible`).first();
  const fresh = (t) => !clicked.has(t);
  const order = [
    (t) => t.startsWith('attack with ') && t !== 'attack with none' && fresh(t),
    (t) => t !== 'pass' && t !== 'done' && t !== 'attack with none' && fresh(t),
    (t) => t === 'done',
    (t) => t === 'attack with none' && fresh(t),
    (t) => t === 'pass',
    (t) => t !== 'pass',
  ];
  for (const ok of order) {
    const t = texts.find(ok);
    if (t !== undefined) {
      clicked.add(t);
      return pick(t);
    }
  }
  return null;
}

// hands lists the players whose hand a message shows.
function hands(body) {
  let msg;
  try { msg = JSON.parse(body); } catch { return []; }
  const v = msg && msg.view ? msg.view : msg;
  return ((v && v.players) || []).filter((p) => p.hand !== undefined).map((p) => p.name);
}

test('a Stellar Nexus duel against a bot is played to its end from the lobby', { timeout: 600_000 }, async () => {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const received = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/games/')) {
      try { received.push(await r.text()); } catch { /* body gone */ }
    }
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));

  await page.goto(env.server.url + '/');
  await page.getByLabel('game', { exact: true }).selectOption('nexus');
  await page.getByLabel('format', { exact: true }).selectOption('duel');
  await page.getByLabel('seat 1 name').fill('Tester');
  await page.getByLabel('seat 1 deck').selectOption('rayji');
  await page.getByLabel('seat 2 kind').selectOption('bot');
  await page.getByLabel('seat 2 name').fill('Vex');
  await page.getByLabel('seat 2 bot').selectOption('random');
  await page.getByLabel('seat 2 deck').selectOption('kern');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('[data-testid=created]').waitFor();
  await page.getByRole('button', { name: 'Play as Tester' }).click();
  await page.locator('section.player.me').waitFor();
  assert.match(await page.locator('.topbar').innerText(), /Stellar Nexus/);
  await page.locator('[data-testid=nx-status]').waitFor();
  // Pointing at a card of my hand shows its text beside the table.
  const first = page.locator('[data-testid=my-hand] .nx-card').first();
  const name = (await first.locator('.nx-cf-name').innerText()).trim();
  await first.hover();
  await page.locator('[data-testid=card-panel]').waitFor();
  const panel = await page.locator('[data-testid=card-panel]').innerText();
  assert.ok(panel.includes(name), `the card panel shows ${name}: ${panel}`);
  // Card text is English from messages, never the engine notation (no T:, YOU, _ or ;).
  await page.waitForFunction(() => !document.querySelector('[data-testid=card-panel]').innerText.includes('[nexus.'));
  const panelText = await page.locator('[data-testid=card-panel]').innerText();
  assert.doesNotMatch(panelText, /\bT\d?:|\b[A-Z]{2,}\b|_|;|\[|\{/, `card panel: ${panelText}`);

  const [, gameId, token] = /#\/game\/([^/]+)\/([^/?]+)/.exec(page.url());
  const apiView = async () => (await fetch(`${env.server.url}/api/games/${gameId}/view`, { headers: { Authorization: 'Bearer ' + token } })).json();
  const notation = new Notation();
  const inspected = new Set();
  const lonePassClicks = [];

  const winner = page.locator('[data-testid=winner]');
  let clicks = 0;
  const seenPhases = new Set();
  let clicked = new Set();
  let phase = '';
  while (!(await winner.count())) {
    assert.ok(clicks < 6000, 'the game should end within 6000 clicks');
    await page.locator('[data-action], [data-testid=winner]').first().waitFor({ timeout: 60_000 });
    if (await winner.count()) break;
    const now = await page.locator('[data-testid=phase]').innerText();
    if (now !== phase) {
      phase = now;
      clicked = new Set();
    }
    seenPhases.add(now);
    if (clicks % 25 === 0) {
      // The page shows my hand and never the opponent's.
      assert.equal(await page.locator('section[data-player="Vex"] .nx-hand').count(), 0, "Vex's hand is on the page");
      assert.ok(await page.locator('[data-testid=life]').count() === 2, 'both life totals are shown');
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/nexus-${clicks}.png`, fullPage: true });
      await notation.scan(page, `click ${clicks}, ${now}`);
      await inspectCards(page, inspected, notation, `click ${clicks}`, { max: 4 });
    }
    const b = await nextButton(page, clicked);
    if (!b) continue;
    if (await b.getAttribute('data-action') === 'pass') {
      // A pass that is the seat's only action is the page's to send, never a click.
      const [shownSeq, av] = await Promise.all([page.locator('main.game').getAttribute('data-seq'), apiView()]);
      if (Number(shownSeq) === av.seq && av.legal && av.legal.length === 1 && av.legal[0] === 'pass' && await b.isVisible()) {
        lonePassClicks.push(`seq ${av.seq} (${av.phase} ${av.step || ''}, pending ${JSON.stringify(av.pending)})`);
      }
    }
    try {
      await Promise.all([page.waitForResponse((r) => r.url().includes('/actions'), { timeout: 30_000 }), b.click({ timeout: 5_000 })]);
    } catch {
      continue; // the view moved on under the pointer (the bot acted): look again
    }
    await page.waitForFunction(() => !document.querySelector('.actions.busy'));
    clicks++;
  }
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/nexus-end.png`, fullPage: true });
  await notation.scan(page, 'game over');
  assert.deepEqual(lonePassClicks, [], 'views where a lone pass waited for a click');
  assert.equal(notation.report(), '', 'engine notation on the page');
  await poll(() => page.evaluate(() => [...document.querySelectorAll('.narration li')].some((li) => li.dataset.names === 'game_over')),
    'the log tells the end of the game');
  const told = await botLogProblems(page, [1]);
  assert.ok(told.botLines > 3, `${told.botLines} lines of Vex's turns in the log`);
  assert.deepEqual(told.problems, [], "log lines of Vex's turns that name no card or effect");
  const text = await winner.innerText();
  assert.match(text, /wins|win!|draw/);
  assert.equal(await page.locator('[data-action]').count(), 0, 'no actions are offered once the game is over');
  for (const p of ['Main 1', 'Combat']) assert.ok(seenPhases.has(p), `the phase ${p} was shown (saw ${[...seenPhases]})`);
  assert.ok(received.length > clicks, 'the page received views');
  for (const body of received) {
    const shown = hands(body);
    assert.ok(!shown.includes('Vex'), `Vex's hand reached the page: ${body.slice(0, 300)}`);
  }
  assert.deepEqual(errors, []);
  console.log(`nexus game finished after ${clicks} clicks: ${text.trim()}; ${notation.scans} page scans, ${inspected.size} cards inspected; ${told.lines} log lines, ${told.botLines} in Vex's turns`);
  await page.close();
});

test('a Stellar Nexus spectator sees no hand and no secret hero', { timeout: 120_000 }, async () => {
  const res = await fetch(env.server.url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'nexus', seats: [{ name: 'Ann', deck: 'hilote' }, { name: 'Bob', kind: 'bot', bot: 'random', deck: 'cypios' }] }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const game = await res.json();
  const decks = (await (await fetch(env.server.url + '/api/decks')).json()).decks;
  const heroes = decks.filter((d) => d.name === 'hilote' || d.name === 'cypios').map((d) => d.hero);
  assert.equal(heroes.length, 2);

  const page = await env.browser.ctx.newPage();
  const received = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
  await page.goto(`${env.server.url}/#/watch/${game.id}`);
  await page.locator('section.player').first().waitFor();
  assert.match(await page.locator('.topbar').innerText(), /spectating/);
  // Before anybody has kept, the heroes are secret and no hand is shown.
  const body = await page.locator('main').innerText();
  for (const h of heroes) assert.ok(!body.includes(h), `the spectator's page names the hero ${h}`);
  assert.equal(await page.locator('.nx-hand').count(), 0, 'a hand is on the spectator page');
  assert.equal(await page.locator('[data-action]').count(), 0, 'a spectator has no actions');
  for (const b of received) {
    assert.deepEqual(hands(b), [], `a hand reached the spectator: ${b.slice(0, 200)}`);
    for (const h of heroes) assert.ok(!b.includes(h), `the hero ${h} reached the spectator before the reveal`);
  }
  await page.close();
});
