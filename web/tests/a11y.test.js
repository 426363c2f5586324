// Accessibility and small screens: axe (@axe-core/playwright, run through the browser's
// protocol, so the Content-Security-Policy does not block it and reports nothing) on every
// screen a player meets (the lobby, a Star Realms table, a Stellar Nexus table, the end of a
// finished game, its replay and a campaign's page) at a desktop's and a phone's size. A
// violation of impact serious or critical fails, printed with its rule, impact, the elements
// (selectors) and the rule's help. The tables' list of keys (?) too. At each size no screen
// scrolls sideways.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { withServerAndBrowser } from './browser.js';
import { openScene, setupScenes } from './scenes.js';

const env = withServerAndBrowser(['--allow-seed', '--bot-delay', '0s']);
let scenes; // set up by the first test

const sizes = [[1400, 900], [390, 844]];
const names = ['lobby', 'realms', 'nexus', 'end', 'replay', 'campaign'];

function describe(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
    v.nodes.slice(0, 8).map((n) => `  - ${n.target.join(' ')}${n.failureSummary ? '\n      ' + n.failureSummary.replace(/\n/g, '\n      ') : ''}`).join('\n')).join('\n');
}

for (const [w, h] of sizes) {
  for (const name of names) {
    test(`${name} at ${w}x${h}: no serious accessibility violation, no sideways scrolling`, { timeout: 300_000 }, async () => {
      scenes = scenes || await setupScenes(env.server.url);
      const scene = scenes.find((s) => s.name === name);
      const page = await openScene(env.browser, env.server.url, scene, w, h);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const minor = result.violations.filter((v) => !bad.includes(v));
      if (minor.length) console.log(`${name} ${w}x${h}: minor: ${minor.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ')}`);
      assert.equal(bad.length, 0, `${name} at ${w}x${h}:\n${describe(bad)}`);
      if (name === 'realms' || name === 'nexus') {
        // The list of keys, opened with ?.
        await page.keyboard.press('?');
        await page.locator('.keys-dialog').waitFor();
        const keys = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        assert.equal(keys.length, 0, `${name}'s list of keys at ${w}x${h}:\n${describe(keys)}`);
        await page.keyboard.press('Escape');
      }
      const wide = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth,
        widest: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
          .slice(-3).map((e) => e.tagName.toLowerCase() + '.' + String(e.className).replace(/ +/g, '.')) }));
      assert.ok(wide.scroll <= wide.inner, `${name} at ${w}x${h} scrolls sideways: ${wide.scroll} > ${wide.inner} (${wide.widest.join(', ')})`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
