// The screens of the client a player meets, set up once for the accessibility test
// (a11y.test.js) and the screenshots (screens-all.mjs): the lobby, a Star Realms table mid-game,
// a Stellar Nexus table mid-game, the end screen of a finished game, its replay and a
// campaign's page. The games are seeded (the server runs with --allow-seed, and --bot-delay 0s
// keeps it fast) and played up to that point through the API with the tests' policies.

import { createDuel, policy, seatAPI } from './nexus-policy.js';
import { realmsPolicy } from './realms-policy.js';

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(url, path, body) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

// playRealms plays seat 0 (named me) through the API with the tests' policy until stop(v, turns)
// says so at a decision of the seat, or to the game's end when stop is null; it returns that view.
export async function playRealms(url, game, me, stop) {
  const seat = seatAPI(url, game.id, game.seats[0].token);
  const cards = (await (await fetch(url + '/api/cards')).json()).cards;
  const cost = new Map(cards.map((c) => [c.name, c.cost || 0]));
  let v = await seat.view();
  let turns = 0;
  let last = '';
  for (let i = 0; i < 5000; i++) {
    if (v.over) {
      if (stop) throw new Error('the game ended before the moment looked for');
      return v;
    }
    if (v.active === me && last !== me) turns++;
    last = v.active;
    if (!(v.actions || []).length) {
      await pause(20);
      v = await seat.view();
      continue;
    }
    if (stop && stop(v, turns)) return v;
    const pick = realmsPolicy(v, me, cost);
    const text = pick.playAll ? v.actions.find((a) => a.verb === 'play').text : pick.action;
    await seat.act(text, v.seq);
    v = await seat.view();
  }
  throw new Error('the game did not get there');
}

// playNexus plays seat 0 of a Stellar Nexus duel with the tests' policy until stop(v) at a
// decision of the seat.
async function playNexus(url, game, stop) {
  const seat = seatAPI(url, game.id, game.seats[0].token);
  let v = await seat.view();
  for (let i = 0; i < 5000 && !v.over; i++) {
    if (!(v.actions || []).length) {
      await pause(20);
      v = await seat.view();
      continue;
    }
    if (stop(v)) return v;
    await seat.act(policy(v, 'Tester'), v.seq);
    v = await seat.view();
  }
  throw new Error('the Stellar Nexus game did not get there');
}

const mine = (v, me) => v.players.find((p) => p.name === me);

// setupScenes makes the games and the campaign and returns the screens, each {name, path (the
// page's address after the server's), ready (a selector shown once the page is drawn)}.
// Stellar Nexus pages are opened with full control on (the stops' key in localStorage) so
// that the page passes nothing by itself while it is looked at.
export async function setupScenes(url) {
  const realms = await post(url, '/api/games', { game: 'realms', format: 'standard', sets: ['core'], seed: 21,
    seats: [{ name: 'Tester', kind: 'human' }, { name: 'Vex', kind: 'bot', bot: 'medium' }] });
  const finished = await post(url, '/api/games', { game: 'realms', format: 'standard', sets: ['core'], seed: 4,
    seats: [{ name: 'Tester', kind: 'human' }, { name: 'Rook', kind: 'bot', bot: 'greedy' }] });
  const nexus = await createDuel(url, 7, ['rayji', 'kern']);
  // The campaign's name is free on a fresh server; another run on the same one takes the next.
  let campaign;
  for (let i = 1; !campaign; i++) {
    const name = i === 1 ? 'Frontier' : `Frontier ${i}`;
    const res = await fetch(url + '/api/campaigns', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, seed: 3, seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }] }) });
    if (res.status === 201) campaign = await res.json();
    else if (res.status !== 409 || i > 50) throw new Error(`POST /api/campaigns: ${res.status} ${await res.text()}`);
  }

  // Star Realms: my fourth turn, my hand played and cards in play, something still to do.
  await playRealms(url, realms, 'Tester', (v, turns) => v.active === 'Tester' && turns >= 4 && !v.pending &&
    !(v.actions || []).some((a) => a.verb === 'play') && (mine(v, 'Tester').in_play || []).length >= 3);
  // Stellar Nexus: my second main phase after an attack (my attackers tapped), from turn 7 on.
  await playNexus(url, nexus, (v) => (v.turn >= 7 && v.active === 'Tester' && v.phase === 'main2' &&
    (v.pending || {}).kind === 'priority' && (mine(v, 'Tester').field || []).some((c) => c.tapped)) || v.turn >= 16);
  await playRealms(url, finished, 'Tester', null);

  const seatPath = (g) => `/#/game/${g.id}/${g.seats[0].token}`;
  return [
    { name: 'lobby', path: '/', ready: '.quick .play-now' },
    { name: 'realms', path: seatPath(realms), ready: 'section.player.me .play-area .card' },
    { name: 'nexus', path: seatPath(nexus), ready: '[data-testid=my-hand] .nx-cardface', nexus: true },
    { name: 'end', path: seatPath(finished), ready: '[data-testid=winner]' },
    { name: 'replay', path: `/#/replay/${finished.id}`, ready: 'main.replay[data-step]:not(.stale) .table' },
    { name: 'campaign', path: `/#/campaign/${encodeURIComponent(campaign.name)}/0/${campaign.seats[0].token}`, ready: '[data-testid=sticker-sheet]' },
  ];
}

// openScene opens a screen in a new page of the browser at the size w x h, drawn and settled;
// with lang (en, fr, es) the page is in that language, as if the player had chosen it.
export async function openScene(browser, url, scene, w, h, lang = '') {
  const page = await browser.ctx.newPage();
  if (lang) await page.addInitScript((l) => localStorage.setItem('starnexus.lang', l), lang);
  if (scene.nexus) {
    await page.addInitScript(() => localStorage.setItem('starnexus.nexus.stops',
      JSON.stringify({ mine: ['main1', 'attackers', 'main2'], theirs: ['blockers'], full: true })));
  }
  await page.setViewportSize({ width: w, height: h });
  await page.goto(url + scene.path);
  await page.locator(scene.ready).first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  return page;
}
