// node screens-all.mjs URL OUTDIR [LANG]: screenshots of every screen a player meets, at a
// desktop's (1400x900) and a phone's size (390x844): the lobby, a Star Realms table mid-game, a
// Stellar Nexus table mid-game, the end of a finished game, its replay at a middle step and a
// campaign's page, as NAME-WxH.png (docs/screens/ holds them). With LANG (fr, es) the pages are
// in that language and the files NAME-LANG-WxH.png. SHOT_ALL=1 also writes the whole page
// (NAME-WxH-full.png); SCENES=realms,nexus takes only those screens, SIZES=1400x900 only those
// sizes.
//
// URL is a `starnexus serve --allow-seed --bot-delay 0s` (the games are seeded, the same each
// time; scenes.js sets them up through the API).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.js';
import { openScene, setupScenes } from './scenes.js';

const [url, outDir, lang = ''] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node screens-all.mjs URL OUTDIR [LANG]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const only = process.env.SCENES ? process.env.SCENES.split(',') : null;
const scenes = (await setupScenes(url)).filter((s) => !only || only.includes(s.name));
const sizes = process.env.SIZES ? process.env.SIZES.split(',').map((s) => s.split('x').map(Number)) : [[1400, 900], [390, 844]];
const b = await launchBrowser();
try {
  for (const [w, h] of sizes) {
    for (const scene of scenes) {
      const page = await openScene(b, url, scene, w, h, lang);
      page.on('pageerror', (e) => console.log('pageerror:', e.message));
      if (scene.name === 'replay') {
        // A middle step: the table mid-game, no winner yet.
        const steps = Number(await page.locator('.rp-scrub').getAttribute('max'));
        await page.goto(`${url}/#/replay/${scene.path.split('/').pop()}/${Math.floor(steps / 2)}`);
        await page.reload();
        await page.locator(`main.replay[data-step="${Math.floor(steps / 2)}"]:not(.stale)`).waitFor();
        await page.waitForTimeout(300);
      }
      if (scene.name === 'realms' && w > 800) {
        // Point at a card of the Trade Row, as a player reading it: the card panel shows it.
        await page.locator('.trade-row .card').nth(1).hover();
        await page.waitForTimeout(200);
      }
      const path = join(outDir, `${scene.name}${lang ? '-' + lang : ''}-${w}x${h}.png`);
      await page.screenshot({ path });
      if (process.env.SHOT_ALL) await page.screenshot({ path: path.replace(/\.png$/, '-full.png'), fullPage: true });
      console.log(path);
      await page.close();
    }
  }
} finally {
  await b.close();
}
