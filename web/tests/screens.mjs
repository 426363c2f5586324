// node screens.mjs URL OUTDIR [width height]: screenshots of the tables, for looking at the
// client as a player would (issue 15), at 1400x900 unless told (390 844 for a phone):
//
//   realms-2-WxH.png      a Star Realms duel mid-game: my turn, my cards in play, the Trade Row
//                         (a decision of mine open when one came up), the card panel showing a card
//   realms-6-WxH.png      a 6-player Star Realms Free-for-all with five bots, my turn
//   nexus-combat-WxH.png  Stellar Nexus combat with an item on the stack and its target
//
// URL is a `starnexus serve --allow-seed` (the games are seeded, so the same each time). The
// games are played up to that point through the API with the tests' policies (realms-policy.js,
// nexus-policy.js), then the seat's page is opened and photographed. SHOT_ALL=1 also writes
// the whole page (-full.png).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.js';
import { createDuel, policy, seatAPI } from './nexus-policy.js';
import { playRealms } from './scenes.js';

const [url, outDir, w = 1400, h = 900] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node screens.mjs URL OUTDIR [width height]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const size = `${w}x${h}`;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function create(body) {
  const res = await fetch(url + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}

const mine = (v, me) => v.players.find((p) => p.name === me);
const played = (v) => !(v.actions || []).some((a) => a.verb === 'play');

async function shoot(b, name, game, { ready, prepare, stops } = {}) {
  const page = await b.ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  if (stops) await page.addInitScript((s) => localStorage.setItem('starnexus.nexus.stops', s), JSON.stringify(stops));
  await page.setViewportSize({ width: +w, height: +h });
  await page.goto(`${url}/#/game/${game.id}/${game.seats[0].token}`);
  await page.locator(ready || 'section.player.me').first().waitFor();
  await page.waitForTimeout(600);
  if (prepare) await prepare(page);
  const path = join(outDir, `${name}-${size}.png`);
  await page.screenshot({ path });
  if (process.env.SHOT_ALL) await page.screenshot({ path: path.replace(/\.png$/, '-full.png'), fullPage: true });
  await page.close();
  console.log(path);
}

// Point at the first card of the Trade Row, as a player reading it: the card panel shows it
// (not on a phone: no pointer, no panel).
const pointAtRow = async (page) => {
  const c = page.locator('.trade-row .card').first();
  if (+w <= 800) return;
  if (await c.isVisible()) { await c.hover(); await page.waitForTimeout(200); }
};

const b = await launchBrowser();
try {
  // A duel: the first decision of mine from my third turn on, else my sixth turn once the hand
  // is played.
  {
    const game = await create({ game: 'realms', format: 'standard', sets: ['core'], seed: 21,
      seats: [{ name: 'Tester', kind: 'human' }, { name: 'Vex', kind: 'bot', bot: 'medium' }] });
    const v = await playRealms(url, game, 'Tester', (v, turns) => v.active === 'Tester' &&
      ((turns >= 3 && v.pending) || (turns >= 6 && played(v) && (mine(v, 'Tester').in_play || []).length >= 3)));
    console.log(`realms duel: seq ${v.seq}, pending ${JSON.stringify(v.pending || null)}`);
    await shoot(b, 'realms-2', game, { prepare: v.pending ? null : pointAtRow });
  }
  // Six seats, a Free-for-all against five bots: my third turn once the hand is played.
  {
    const bots = ['greedy', 'easy', 'medium', 'velocity', 'greedy'];
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'];
    const game = await create({ game: 'realms', format: 'ffa', sets: ['core'], seed: 6,
      seats: [{ name: 'Tester', kind: 'human' }, ...bots.map((bot, i) => ({ name: names[i], kind: 'bot', bot }))] });
    const v = await playRealms(url, game, 'Tester', (v, turns) => v.active === 'Tester' && turns >= 3 && played(v) && !v.pending);
    console.log(`realms ffa 6: seq ${v.seq}`);
    await shoot(b, 'realms-6', game, { prepare: pointAtRow });
  }
  // Stellar Nexus: the seeded duel of the click count, with the variant in which a caster keeps
  // priority (SN Part G), until the seat has cast an instant in its combat; the page with full
  // control on (so that it passes nothing) shows the stack with its source and target.
  {
    const game = await createDuel(url, 7, ['rayji', 'kern'], { retain_priority: 'true' });
    const seat = seatAPI(url, game.id, game.seats[0].token);
    const cards = (await (await fetch(url + '/api/cards?game=nexus')).json()).cards;
    const instants = new Set(cards.filter((c) => c.type === 'Instant').map((c) => c.name));
    let v = await seat.view();
    for (let i = 0; i < 5000 && !v.over; i++) {
      const p = v.pending || {};
      if (v.phase === 'combat' && (v.stack || []).length && p.kind === 'priority') break;
      if (!(v.actions || []).length) {
        await pause(30);
        v = await seat.view();
        continue;
      }
      await seat.act(policy(v, 'Tester', { instants }), v.seq);
      v = await seat.view();
    }
    if (v.over || !(v.stack || []).length) throw new Error('the game reached no combat with an item on the stack');
    console.log(`nexus: turn ${v.turn}, ${v.phase} ${v.step}, stack ${JSON.stringify(v.stack)}`);
    await shoot(b, 'nexus-combat', game, { ready: '[data-testid=stack] li',
      stops: { mine: ['main1', 'attackers', 'main2'], theirs: ['blockers'], full: true } });
  }
} finally {
  await b.close();
}
