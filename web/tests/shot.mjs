// node shot.mjs URL OUT.png [width height]: a screenshot of a page, for looking at the client.
import { launchBrowser } from './browser.js';
const [url, out, w = 1400, h = 1000] = process.argv.slice(2);
const b = await launchBrowser();
const page = await b.ctx.newPage();
await page.setViewportSize({ width: +w, height: +h });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(1500);
await page.screenshot({ path: out, fullPage: true });
await b.close();
