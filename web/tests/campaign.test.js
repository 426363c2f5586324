// Browser test of the Campaigns page: a campaign against the greedy bot is created in the
// page, scenario 1 is started and played on the normal table for a few actions, the status
// page shows the game under way; the game is then finished through the API and the status
// page shows the recorded result, the points and who goes first next.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickNext, withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();


// finish plays the human seat of game id through the API until the game is over (the bot
// plays its own turns on the server).
async function finish(id, token) {
  const get = async () => (await fetch(`${env.server.url}/api/games/${id}/view`, { headers: { Authorization: 'Bearer ' + token } })).json();
  for (let n = 0; n < 5000; n++) {
    const v = await get();
    if (v.over) return v;
    if (!v.legal.length) { await new Promise((r) => setTimeout(r, 20)); continue; }
    const order = ['buy ', 'play ', 'attack ', 'choose ', 'use ', 'skip', 'done', 'end'];
    const action = order.map((p) => v.legal.find((a) => a.startsWith(p))).find(Boolean) || v.legal[0];
    const r = await fetch(`${env.server.url}/api/games/${id}/actions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
      body: JSON.stringify({ action, seq: v.seq }),
    });
    assert.ok(r.status === 200 || r.status === 409, `${action}: ${r.status} ${await r.text()}`);
  }
  throw new Error('the game did not end in 5000 actions');
}

test('a campaign against a bot: create, play scenario 1 on the table, see the status page', { timeout: 300_000 }, async () => {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(env.server.url + '/');
  await page.locator('[data-testid=campaigns-link]').click();
  await page.getByLabel('campaign name').fill('Browser Frontier');
  await page.getByLabel('campaign seat 1 kind').selectOption('human');
  await page.getByLabel('campaign seat 2 kind').selectOption('bot');
  await page.getByLabel('campaign seat 2 bot').selectOption('greedy');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.locator('[data-testid=campaign-created]').waitFor();
  await page.getByRole('link', { name: 'Open the campaign' }).click();

  const next = page.locator('[data-testid=next-scenario]');
  await next.waitFor();
  assert.match(await next.innerText(), /Scenario 1: .*\n[\s\S]*Empire goes first/);
  assert.match(await page.locator('[data-testid=campaign-phase]').innerText(), /Scenario 1 of 12/);
  await page.locator('[data-testid=campaign-start]').click();

  // The normal Star Realms table, as the Empire.
  await page.locator('section.player.me').waitFor();
  const id = page.url().split('#/game/')[1].split('/')[0];
  for (let clicks = 0; clicks < 8;) {
    await page.locator('[data-action], [data-testid=winner]').first().waitFor({ timeout: 30_000 });
    if (await page.locator('[data-testid=winner]').count()) break;
    if (await clickNext(page)) clicks++;
  }

  // The table links back to the campaign: its status page while the game is under way.
  await page.locator('[data-testid=campaign-link]').click();
  await page.locator('[data-testid=campaign-play]').waitFor();
  assert.match(await page.locator('[data-testid=campaign-phase]').innerText(), /a game is under way/);
  assert.match(await page.locator('[data-testid=campaign-players]').innerText(), /Empire 1/);
  assert.equal(await page.locator('[data-testid=campaign-start]').count(), 0, 'no second start while a game is under way');

  // Finish the game through the API with the seat's token, which the page kept.
  const token = await page.evaluate((g) => localStorage.getItem('starnexus.token.' + g), id);
  assert.ok(token, 'the page kept the seat token of the campaign game');
  const end = await finish(id, token);
  await page.locator('[data-testid=campaign-results]').waitFor({ timeout: 30_000 });
  const results = await page.locator('[data-testid=campaign-results]').innerText();
  const winner = end.winners[0];
  assert.match(results, new RegExp(`1\\s+Empire\\s+—\\s+${winner}`));
  assert.match(await page.locator(`[data-testid=points-${winner === 'Empire' ? 0 : 1}]`).innerText(), /^1$/);
  await page.locator('[data-testid=campaign-start]').waitFor();
  assert.match(await next.innerText(), new RegExp(`Scenario 2: [\\s\\S]*${winner} goes first`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the setup choice: the first player of scenario 2 chooses on the campaign page', { timeout: 300_000 }, async () => {
  // Created through the API (the page's form is tested above); scenario 1 is played through
  // the API against the random bot, which the human usually beats.
  const res = await fetch(env.server.url + '/api/campaigns', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Choices', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] }),
  });
  assert.equal(res.status, 201);
  const token = (await res.json()).seats[0].token;
  const start = await fetch(env.server.url + '/api/campaigns/Choices/start', {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: '{}',
  });
  assert.equal(start.status, 201);
  await finish((await start.json()).game, token);

  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.server.url}/#/campaign/Choices/0/${token}`);
  const choice = page.locator('[data-testid=setup-choice]');
  await choice.waitFor();
  const status = await (await fetch(env.server.url + '/api/campaigns/Choices')).json();
  assert.equal(status.next, 2);
  const opts = status.scenario.options;
  assert.ok(opts.length >= 2, 'scenario 2 offers a choice');
  console.log(`scenario 2: seat ${status.first + 1} goes first and chooses`);
  if (status.first === 0) {
    // The Empire (this page's seat) goes first: it must choose before it can start.
    assert.ok(await page.locator('[data-testid=campaign-start]').isDisabled(), 'no start before a choice');
    await page.getByRole('radio').nth(1).check();
    await page.locator('[data-testid=campaign-start]').click();
    await page.locator('section.player.me').waitFor();
    await page.locator('[data-testid=campaign-link]').click();
    assert.match(await page.locator('[data-testid=chosen]').innerText(), new RegExp(`Empire chose ${opts[1].name}`));
  } else {
    // The bot goes first: the page shows the options and that the bot chooses.
    assert.match(await choice.innerText(), /Federation \(bot\) chooses/);
    assert.equal(await page.getByRole('radio').count(), 0);
    await page.locator('[data-testid=campaign-start]').click();
    await page.locator('section.player.me').waitFor();
    await page.locator('[data-testid=campaign-link]').click();
    assert.match(await page.locator('[data-testid=chosen]').innerText(), /Federation chose /);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
