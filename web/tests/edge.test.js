// Browser tests of the server's HTTP edge: the client works under its Content-Security-Policy
// (the import map allowed by its hash, nothing blocked), and a page of another origin cannot
// make the browser create a game or open a seat's socket.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();

test('the lobby, the campaigns page and a game table run under the CSP', { timeout: 120_000 }, async () => {
  const page = await env.browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(env.server.url + '/');
  const csp = res.headers()['content-security-policy'] || '';
  assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(res.headers()['x-content-type-options'], 'nosniff');
  // The app is a module that imports 'preact' through the import map: it renders only if the
  // map was allowed.
  await page.getByLabel('seat 1 name').fill('Tester');
  await page.getByLabel('seat 2 kind').selectOption('bot');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('[data-testid=created]').waitFor();
  await page.getByRole('button', { name: 'Play as Tester' }).click();
  await page.locator('section.player.me').waitFor();
  await page.goto(env.server.url + '/#/campaigns');
  await page.getByRole('button', { name: /create/i }).first().waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(env.browser.cspViolations, []);
  await page.close();
});

test('a page of another origin cannot create a game or open a socket', { timeout: 60_000 }, async () => {
  // Another site: a page served from another loopback port is another origin to the browser.
  const other = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>another site</title>');
  });
  await new Promise((ok) => other.listen(0, '127.0.0.1', ok));
  const made = await (await fetch(env.server.url + '/api/games', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seats: [{ name: 'Ann' }, { name: 'Bob' }] }),
  })).json();
  const count = async () => (await (await fetch(env.server.url + '/api/games')).json()).games.length;
  const before = await count();
  // Runs in a page: opens the game's socket on base.
  const socket = ({ base, id }) => new Promise((resolve) => {
    const ws = new WebSocket(base.replace('http', 'ws') + `/api/games/${id}/ws`);
    ws.onopen = () => { ws.close(); resolve('open'); };
    ws.onerror = () => resolve('refused');
  });
  const page = await env.browser.ctx.newPage();
  try {
    await page.goto(`http://127.0.0.1:${other.address().port}/`);
    const outcome = await page.evaluate(async ({ target }) => {
      const body = JSON.stringify({ seats: [{ name: 'Eve' }, { name: 'Mal' }] });
      const out = {};
      // A "simple" request, which the browser sends without asking first: the server must
      // refuse it itself (the answer is opaque to the page either way).
      await fetch(target + '/api/games', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }).catch(() => {});
      // JSON: the browser asks first, and the server never approves.
      out.json = await fetch(target + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
        .then(() => 'answered', () => 'blocked');
      return out;
    }, { target: env.server.url });
    assert.deepEqual(outcome, { json: 'blocked' });
    // The browser itself would open it: only the server's Origin check refuses.
    assert.equal(await page.evaluate(socket, { base: env.server.url, id: made.id }), 'refused');
    assert.equal(await count(), before, 'a page of another site made a game');
    // The server's own page opens the same socket.
    await page.goto(env.server.url + '/');
    assert.equal(await page.evaluate(socket, { base: env.server.url, id: made.id }), 'open');
  } finally {
    await page.close();
    other.close();
  }
});
