// node nexus-shot.mjs URL OUT.png [width height]: a screenshot of Stellar Nexus combat with an
// item on the stack. Against a server run with --allow-seed, it plays the seeded duel of the
// click count (nexus-policy.js) through the API until the seat has cast a card during its
// combat, then opens the seat's page with full control on (so that the page passes nothing)
// and takes the screenshot.
import { launchBrowser } from './browser.js';
import { createDuel, policy, seatAPI } from './nexus-policy.js';

const [url, out, w = 1400, h = 900] = process.argv.slice(2);
// The variant in which a caster keeps priority (SN Part G), so that the seat holds priority
// with its card and its target on the stack.
const game = await createDuel(url, 7, ['rayji', 'kern'], { retain_priority: 'true' });
const token = game.seats[0].token;
const seat = seatAPI(url, game.id, token);
const cards = (await (await fetch(url + '/api/cards?game=nexus')).json()).cards;
const instants = new Set(cards.filter((c) => c.type === 'Instant').map((c) => c.name));
let v = await seat.view();
for (let i = 0; i < 5000 && !v.over; i++) {
  const p = v.pending || {};
  if (v.phase === 'combat' && (v.stack || []).length && p.kind === 'priority') break;
  if (!(v.actions || []).length) {
    await new Promise((r) => setTimeout(r, 30));
    v = await seat.view();
    continue;
  }
  await seat.act(policy(v, 'Tester', { instants }), v.seq);
  v = await seat.view();
}
if (v.over || !(v.stack || []).length) throw new Error('the game reached no combat with an item on the stack');
const b = await launchBrowser();
const page = await b.ctx.newPage();
await page.addInitScript(() => localStorage.setItem('starnexus.nexus.stops',
  JSON.stringify({ mine: ['main1', 'attackers', 'main2'], theirs: ['blockers'], full: true })));
await page.setViewportSize({ width: +w, height: +h });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${url}/#/game/${game.id}/${token}`);
await page.locator('[data-testid=stack] li').first().waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: out });
if (process.env.SHOT_ALL) await page.screenshot({ path: out.replace(/\.png$/, '-full.png'), fullPage: true });
console.log(`turn ${v.turn}, ${v.phase} ${v.step}, stack ${JSON.stringify(v.stack)}`);
await b.close();
