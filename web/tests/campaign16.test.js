// Browser test of a campaign's creation and sticker sheets: a campaign with one human and one
// bot created through the page shows the human seat's private link (with a copy button) and
// is in the campaign list at once, without a reload; the campaign's page shows the sticker
// sheets, each row with the costs it serves, what its stickers give and what they cost,
// before any upgrade is bought.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser } from './browser.js';

const env = withServerAndBrowser();

for (const [w, h] of [[1400, 900], [390, 844]]) {
  test(`a campaign with one human and one bot at ${w}x${h}: the human's link, the list, the sheets`, { timeout: 120_000 }, async () => {
    const page = await env.browser.ctx.newPage();
    await page.setViewportSize({ width: w, height: h });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const name = `Sheets ${w}`;
    await page.goto(env.server.url + '/#/campaigns');
    await page.locator('[data-testid=campaign-list], .games .muted').first().waitFor();
    let reloads = 0;
    page.on('load', () => reloads++);

    await page.getByLabel('campaign name').fill(name);
    await page.getByLabel('campaign seat 1 kind').selectOption('human');
    await page.getByLabel('campaign seat 2 kind').selectOption('bot');
    await page.getByLabel('campaign seat 2 bot').selectOption('greedy');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    const created = page.locator('[data-testid=campaign-created]');
    await created.waitFor();

    // The human seat's link, its copy button and what it is; no link for the bot.
    const link = page.getByRole('textbox', { name: "private link of Empire's seat", exact: true });
    const url = await link.inputValue();
    assert.match(url, new RegExp(`#/campaign/${encodeURIComponent(name)}/0/[0-9a-f]{16,}$`));
    const token = url.split('/').pop();
    assert.equal(await page.evaluate((n) => JSON.parse(localStorage.getItem('starnexus.campaign.' + n))[0], name), token);
    assert.match(await created.innerText(), /key to Empire's seat in every game of the campaign/);
    assert.match(await created.innerText(), /Federation\s+played by the greedy bot/);
    assert.equal(await created.locator('input').count(), 1, 'one link: the bot has none');
    await page.getByRole('button', { name: "Copy the private link of Empire's seat" }).click();
    await page.getByRole('button', { name: "Copied: the private link of Empire's seat" }).waitFor();

    // The list has the campaign at once, with no reload.
    await page.locator(`[data-testid=campaign-list] li[data-campaign="${name}"]`).waitFor({ timeout: 3000 });
    assert.equal(reloads, 0);

    // The campaign's page: the sticker sheets before any upgrade.
    await page.locator('[data-testid=open-campaign]').click();
    const sheet = page.locator('[data-testid=sticker-sheet]');
    await sheet.waitFor();
    assert.equal(await sheet.getAttribute('data-sheet-name'), 'Empire 1', "the human's sheet of scenario 1 first");
    const rows = sheet.locator('tbody tr');
    assert.equal(await rows.count(), 5);
    const row1 = await rows.nth(0).textContent(); // an icon's word is its accessible label (its title)
    assert.match(row1, /1 or 2/);
    assert.match(row1, /\+1\s*Combat\./);
    assert.match(row1, /\+2\s*Authority\./);
    assert.match(row1, /free/);
    // The extra cost of each sticker: in the columns' heads, and on a phone before each cell.
    assert.match(await sheet.locator('thead').textContent(), /Ship sticker \(\+2 Trade\).*Base sticker \(\+3 Trade\)/);
    assert.equal(await sheet.locator('td[data-label="Ship sticker (+2 Trade)"]').count(), 5);
    assert.equal(await sheet.locator('td[data-label="Base sticker (+3 Trade)"]').count(), 5);
    assert.match(await page.locator('[data-testid=sticker-sheets]').innerText(), /2 more Trade on a ship, 3 more on a base/);
    // Another sheet, not received yet: its rows and when it comes.
    await page.locator('[data-sheet="Federation 3"]').click();
    await page.locator('[data-testid=sticker-sheet][data-sheet-name="Federation 3"]').waitFor();
    assert.match(await sheet.innerText(), /Given at the start of scenario 3/);
    assert.match(await rows.nth(1).innerText(), /Draw a card\./);
    // Nothing is wider than the screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    assert.deepEqual(errors, []);
    await page.close();
  });
}
