// node campaign-shots.mjs URL OUTDIR: screenshots of the Campaigns page at 1400x900 and
// 390x844: a campaign created with one human and one bot (the page after creation, with the
// human seat's link), the campaign's page, and its sticker sheets.
import { launchBrowser } from './browser.js';

const [url, dir] = process.argv.slice(2);
const b = await launchBrowser();
for (const [w, h] of [[1400, 900], [390, 844]]) {
  const page = await b.ctx.newPage();
  await page.setViewportSize({ width: w, height: h });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(url + '/#/campaigns');
  await page.getByLabel('campaign name').fill(`Frontier ${w}`);
  await page.getByLabel('campaign seat 2 kind').selectOption('bot');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.locator('[data-testid=campaign-created]').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/campaign-created-${w}.png` });
  await page.screenshot({ path: `${dir}/campaign-created-${w}-full.png`, fullPage: true });
  await page.locator('[data-testid=open-campaign]').click();
  await page.locator('[data-testid=sticker-sheet]').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/campaign-page-${w}.png`, fullPage: true });
  await page.locator('[data-testid=sticker-sheets]').scrollIntoViewIfNeeded();
  await page.locator('[data-sheet="Federation 2"]').click();
  await page.locator('[data-testid=sticker-sheets]').screenshot({ path: `${dir}/sticker-sheet-${w}.png` });
  await page.close();
}
await b.close();
