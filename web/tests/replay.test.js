// Browser tests of the replay (web/js/replay.js): games played to their end, one human seat
// through the API against a bot and all bots, then their replays opened and scrubbed to the
// first, a middle and the last step at a desktop's and a phone's size: no winner before the
// last step, the table's numbers those of GET /api/games/{id}/replay at each step, the winner
// at the last, the keys and buttons, and a seat's own view (its hand) with its token.
// REPLAY_SHOTS=DIR writes screenshots of a replay mid-game at both sizes into DIR.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser(['--allow-seed', '--bot-delay', '0s']);

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(env.server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const replayAt = (id, step, token) => api('GET', `/api/games/${id}/replay?step=${step}`, undefined, token);

// pick chooses an action that moves a Star Realms game to its end: decide, play, attack,
// buy, then end the turn.
function pick(legal, n) {
  for (const prefix of ['choose ', 'play ', 'attack ', 'buy ', 'use ', 'done', 'skip', 'end']) {
    const opts = legal.filter((a) => a.startsWith(prefix));
    if (opts.length) return opts[n % opts.length];
  }
  return legal[legal.length - 1];
}

// A Star Realms game of Ann (a human, played through the API here) against the greedy bot,
// played to its end; an all-bot Stellar Nexus duel, waited for.
let realms, nexus;

async function playRealms() {
  const g = await api('POST', '/api/games', { game: 'realms', seed: 21, seats: [{ name: 'Ann' }, { name: 'Bob', kind: 'bot', bot: 'greedy' }] });
  const token = g.seats[0].token;
  for (let n = 0; ; n++) {
    assert.ok(n < 5000, 'the game should end');
    const v = await api('GET', `/api/games/${g.id}/view`, undefined, token);
    if (v.over) break;
    if (!v.legal.length) { await new Promise((r) => setTimeout(r, 20)); continue; }
    const res = await fetch(`${env.server.url}/api/games/${g.id}/actions`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
      body: JSON.stringify({ action: pick(v.legal, n), seq: v.seq }),
    });
    assert.ok(res.ok || res.status === 409 || res.status === 403, `act: ${res.status} ${await res.text()}`);
  }
  return { id: g.id, token };
}

async function waitOver(id) {
  for (let i = 0; ; i++) {
    assert.ok(i < 3000, `game ${id} should end`);
    const v = await api('GET', `/api/games/${id}/view`);
    if (v.over) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function setup() {
  if (realms) return;
  const nx = await api('POST', '/api/games', { game: 'nexus', seed: 5, seats: [{ name: 'Cid', kind: 'bot', bot: 'greedy' }, { name: 'Dee', kind: 'bot', bot: 'greedy' }] });
  realms = await playRealms();
  await waitOver(nx.id);
  nexus = { id: nx.id };
}

// atStep waits until the page shows step n's table.
async function atStep(page, n) {
  await page.locator(`main.replay[data-step="${n}"]:not(.stale)`).waitFor({ timeout: 20_000 });
}

// numbers reads each player's authority (Star Realms) or life (Stellar Nexus) off the table.
async function numbers(page, game) {
  const sel = game === 'nexus' ? '[data-testid=life]' : '.pool-authority b';
  return page.$$eval('section.player[data-player]', (els, s) => Object.fromEntries(els.map((e) => [e.dataset.player, e.querySelector(s).textContent.trim()])), sel);
}

function apiNumbers(r, game) {
  return Object.fromEntries(r.players.map((p) => [p.name, game === 'nexus' ? (r.turn === 0 ? '—' : String(p.life)) : String(p.authority)]));
}

// checkStep says the page shows step n as the API does: the numbers, and a winner only at the
// last step.
async function checkStep(page, id, n, game, token) {
  await atStep(page, n);
  const r = await replayAt(id, n, token);
  assert.deepEqual(await numbers(page, game), apiNumbers(r, game), `step ${n}: the table's numbers`);
  const last = n === r.replay.steps;
  assert.equal(await page.locator('[data-testid=winner]').count(), last ? 1 : 0, `step ${n} of ${r.replay.steps}: the winner's banner`);
  if (last) {
    assert.ok(r.over && r.winners.length, 'the game is over at its last step');
    const text = await page.locator('[data-testid=winner]').textContent();
    for (const w of r.winners) assert.ok(text.includes(w), `the banner names ${w}: ${text}`);
  }
  return r;
}

for (const [w, h] of [[1400, 900], [390, 844]]) {
  test(`a finished Star Realms game's replay, scrubbed and stepped, at ${w}x${h}`, { timeout: 600_000 }, async () => {
    await setup();
    const page = await env.browser.ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${env.server.url}/#/replay/${realms.id}`);
    const first = await checkStep(page, realms.id, 0, 'realms');
    const steps = first.replay.steps;
    assert.ok(steps > 20, `a whole game has more than 20 actions (${steps})`);
    assert.equal(await page.locator('.hand').count(), 0, "a spectator's replay shows no hand");
    assert.match(await page.locator('[data-testid=replay-pos]').textContent(), /Before the first action/);

    // The middle, by the scrubber.
    const mid = Math.floor(steps / 2);
    await page.locator('[data-testid=scrubber]').fill(String(mid));
    const r = await checkStep(page, realms.id, mid, 'realms');
    assert.match(await page.locator('[data-testid=replay-pos]').textContent(), new RegExp(`Action ${mid} of ${steps}`));
    assert.ok(page.url().endsWith(`/${mid}`), `the address names the step: ${page.url()}`);
    // The step's narration, or who acted.
    const now = await page.locator('[data-testid=replay-now]').textContent();
    assert.ok(now.trim().length > 0 && (!r.narration.length || now.includes(r.replay.last.name)), `the step tells what happened: ${now}`);
    if (process.env.REPLAY_SHOTS) await page.screenshot({ path: join(process.env.REPLAY_SHOTS, `replay-realms-${w}.png`), fullPage: false });

    // One action by the button and back by the key; a turn forward by Shift+→, back by Page Up.
    await page.locator('button.rp-next').click();
    await checkStep(page, realms.id, mid + 1, 'realms');
    await page.keyboard.press('ArrowLeft');
    await checkStep(page, realms.id, mid, 'realms');
    const next = r.replay.turns.find((x) => x.step > mid);
    await page.keyboard.press('Shift+ArrowRight');
    await checkStep(page, realms.id, next.step, 'realms');
    await page.keyboard.press('PageUp');
    await checkStep(page, realms.id, r.replay.turns.filter((x) => x.step < next.step).pop().step, 'realms');

    // The last step: the winner; Home goes back to before the first action.
    await page.keyboard.press('End');
    await checkStep(page, realms.id, steps, 'realms');
    await page.keyboard.press('Home');
    await checkStep(page, realms.id, 0, 'realms');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("a seat's replay shows its own hand, with its token", { timeout: 600_000 }, async () => {
  await setup();
  const page = await env.browser.ctx.newPage();
  await page.goto(`${env.server.url}/`);
  await page.evaluate(([id, tok]) => localStorage.setItem('starnexus.token.' + id, tok), [realms.id, realms.token]);
  const mid = Math.floor((await replayAt(realms.id, 0)).replay.steps / 2);
  await page.goto(`${env.server.url}/#/replay/${realms.id}/${mid}`);
  const mine = await checkStep(page, realms.id, mid, 'realms', realms.token);
  assert.equal(mine.seat, 0);
  const hand = mine.players[0].hand || [];
  assert.equal(await page.locator('.hand .card').count(), hand.length, "Ann's hand on the table");
  // The spectator's eyes, from the same page: no hand.
  await page.getByRole('button', { name: 'A spectator' }).click();
  await page.locator('.hand').waitFor({ state: 'detached' });
  await checkStep(page, realms.id, mid, 'realms');
  await page.close();
});

for (const [w, h] of [[1400, 900], [390, 844]]) {
  test(`a finished Stellar Nexus game's replay at its first, middle and last steps, at ${w}x${h}`, { timeout: 600_000 }, async () => {
    await setup();
    const page = await env.browser.ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${env.server.url}/#/replay/${nexus.id}`);
    const first = await checkStep(page, nexus.id, 0, 'nexus');
    const steps = first.replay.steps;
    const mid = Math.floor(steps / 2);
    await page.locator('[data-testid=scrubber]').fill(String(mid));
    await checkStep(page, nexus.id, mid, 'nexus');
    if (process.env.REPLAY_SHOTS) await page.screenshot({ path: join(process.env.REPLAY_SHOTS, `replay-nexus-${w}.png`), fullPage: false });
    await page.locator('button.rp-last').click();
    await checkStep(page, nexus.id, steps, 'nexus');
    assert.deepEqual(errors, []);
    await page.close();
  });
}
