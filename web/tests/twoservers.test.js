// Two `starnexus serve` processes on one PostgreSQL database serve one game to two browsers,
// each connected to a different process (issue #5). Runs when STARNEXUS_TEST_POSTGRES names a
// database, as .ci/run arranges; skipped otherwise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer } from './browser.js';

const dsn = process.env.STARNEXUS_TEST_POSTGRES;

test('two processes on one PostgreSQL database serve one game to two browsers', { skip: !dsn && 'STARNEXUS_TEST_POSTGRES is not set', timeout: 180_000 }, async () => {
  const a = await startServer(dsn);
  const b = await startServer(dsn);
  const browser = await launchBrowser();
  try {
    const res = await fetch(a.url + '/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'realms', format: 'standard', sets: ['core'], options: { first_player: '1' },
        seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'human' }] }),
    });
    assert.equal(res.status, 201);
    const game = await res.json();
    const ann = await browser.ctx.newPage();
    const bob = await browser.ctx.newPage();
    await ann.goto(a.url + game.seats[0].url);
    await bob.goto(b.url + game.seats[1].url);
    const end = '.actions button.act[data-action="end"]';
    // Each player ends a turn in turn, on their own process; the other browser, on the other
    // process, must see it and get the move.
    for (let turn = 0; turn < 4; turn++) {
      const [me, other] = turn % 2 === 0 ? [ann, bob] : [bob, ann];
      await me.locator(end).waitFor({ timeout: 30_000 });
      assert.equal(await other.locator(end).count(), 0, 'only the player to move has actions');
      await Promise.all([me.waitForResponse((r) => r.url().includes('/actions')), me.locator(end).click()]);
      await other.locator(end).waitFor({ timeout: 30_000 });
    }
    const log = async (page) => (await page.locator('body').innerText()).match(/Log \((\d+) actions?\)/)?.[1];
    await ann.waitForFunction(() => /Log \(4 actions\)/.test(document.body.innerText), null, { timeout: 30_000 });
    await bob.waitForFunction(() => /Log \(4 actions\)/.test(document.body.innerText), null, { timeout: 30_000 });
    assert.equal(await log(ann), '4');
    assert.equal(await log(bob), '4');
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
  }
});
