// How long a Stellar Nexus bot's turn takes to be shown in the browser (a measurement, not a
// test): `node web/tests/nexus-turn.mjs URL [bot] [games] [seed]` against a server started with
// --allow-seed. For each game it creates a seeded duel of Tester (rayji) against the bot
// (kern), opens Tester's table in headless Chromium with the default stops (the page passes
// for its player where a player of the table would not stop), and plays Tester's own turns
// through the API with the fixed policy of nexus-policy.js (cast what it can, attack with
// everything, never block).
//
// A bot turn is timed from the first moment the server says the bot is the active player to
// the moment the page shows Tester's next turn waiting for a decision (the status line names
// the new turn and the decision bar holds a prompt). When the page stops for Tester during
// the bot's turn (its blockers step), the script answers for Tester; the time from the stop
// being shown to the answer is Tester's, and is taken out of the bot's turn.
//
// It prints one line per bot turn and the median and the longest over turns 3 and later.

import { launchBrowser } from './browser.js';
import { policy, seatAPI } from './nexus-policy.js';

const [url, bot = 'hard', games = '3', seed = '11'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node web/tests/nexus-turn.mjs URL [bot] [games] [seed]');
  process.exit(2);
}

const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function create(s) {
  const res = await fetch(url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'nexus', format: 'duel', seed: s,
      seats: [{ name: 'Tester', deck: 'rayji' }, { name: 'Vex', kind: 'bot', bot, deck: 'kern' }] }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}

// pageShowsMyTurn: the status line names turn n and Tester, and a decision waits for a click.
async function pageShowsMyTurn(page, n) {
  return page.evaluate((n) => {
    const st = document.querySelector('[data-testid=nx-status]');
    const prompt = document.querySelector('[data-testid=prompt]');
    return !!st && !!prompt && st.innerText.includes(String(n)) && st.innerText.includes('Tester');
  }, n);
}

const browser = await launchBrowser();
const turns = [];
try {
  for (let g = 0; g < Number(games); g++) {
    const game = await create(Number(seed) + g);
    const api = seatAPI(url, game.id, game.seats[0].token);
    const page = await browser.ctx.newPage();
    await page.goto(`${url}/#/game/${game.id}/${game.seats[0].token}`);
    await page.locator('[data-testid=nx-status]').waitFor({ timeout: 20_000 });
    let botTurn = null; // {turn, start, mine} while the bot's turn runs
    let stable = { seq: -1, since: 0 };
    for (let i = 0; i < 20000; i++) {
      const v = await api.view();
      if (v.over) break;
      const now = performance.now();
      if (v.active === 'Vex' && !botTurn) botTurn = { turn: v.turn, start: now, mine: 0 };
      if (botTurn && v.active === 'Tester') {
        // the bot's turn is over at the server: wait for the page to show my turn
        while (!(await pageShowsMyTurn(page, v.turn))) {
          if (performance.now() - now > 60_000) throw new Error('the page never showed my turn');
          await pause(10);
        }
        const ms = performance.now() - botTurn.start - botTurn.mine;
        turns.push({ game: g + 1, turn: botTurn.turn, ms });
        console.log(`game ${g + 1}, turn ${botTurn.turn}: ${(ms / 1000).toFixed(2)} s`);
        botTurn = null;
      }
      const mine = (v.actions || []).length > 0;
      if (!mine) {
        await pause(10);
        continue;
      }
      // A decision of mine the page has not answered by itself within 250 ms is a stop.
      if (stable.seq !== v.seq) {
        stable = { seq: v.seq, since: now };
        await pause(10);
        continue;
      }
      if (now - stable.since < 250) {
        await pause(10);
        continue;
      }
      if (botTurn) botTurn.mine += now - stable.since;
      try {
        await api.act(policy(v, 'Tester'), v.seq);
      } catch { /* the page acted first: read the view again */ }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
const late = turns.filter((t) => t.turn >= 3).map((t) => t.ms).sort((a, b) => a - b);
if (late.length) {
  const med = late[Math.floor(late.length / 2)];
  console.log(`${late.length} bot turns from turn 3 on: median ${(med / 1000).toFixed(2)} s, longest ${(late[late.length - 1] / 1000).toFixed(2)} s`);
}
