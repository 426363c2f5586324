// The notation check of the browser tests (notation.js) catches the card languages' notation
// and lets English through: the raw ability lines of both games' card files are caught, and the
// English of every Stellar Nexus card line (the golden file), of Star Realms card text, of the
// log and of the table's labels passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './browser.js';
import { findNotation } from './notation.js';

const caught = (s) => findNotation(s, { cardText: true }).length > 0;

test('raw notation examples are caught', () => {
  const raw = [
    'resolve: modify(T:creature, +2/+2)',
    'active(3) "Autolyse": lose_life(YOU, 1); wound(T:creature, 2)',
    'affinity: wound(T:creature[opp], 1)',
    'static: ALL:creature[opp] -1/+0',
    'when creature_you_control_dies[other]: marker(SELF, +1/+1, 1)',
    'equipped: +1/+0, gains Menace',
    'resolve: resurrect(T:creature_card@graveyard[you])',
    'combat 3; may scrap 1 from trade row',
    'choose one: trade 2 | combat 3',
    'acquire free card cost<=6',
    'if opponent bases >= 1: combat 2',
    'combat 8; draw 1; opponent discards 1',
    'scrap up to 2 from hand/discard',
    'put next ship or base acquired this turn on top of deck',
    'authority 4',
    'draw 1',
    '[nexus.card.kw.menace]',
    'Gain {n} Trade',
    '+undefined Combat',
    'Choose target (T1)',
  ];
  for (const s of raw) assert.ok(caught(s), `not caught: ${s}`);
});

test('the raw ability lines of the card files are caught', () => {
  // Star Realms: the ability fields of the YAML card files.
  const realms = [];
  for (const f of ['core.yaml', 'colony-wars.yaml']) {
    const src = readFileSync(join(repoRoot, 'games/realms/cards', f), 'utf8');
    for (const m of src.matchAll(/^\s+(?:primary|ally|scrap|acquire|trigger|static): (.+)$/gm)) realms.push(m[1].replace(/^["']|["']$/g, ''));
  }
  const missed = realms.filter((s) => !caught(s));
  assert.ok(realms.length > 100, `${realms.length} Star Realms lines`);
  // A few lines read as English in the notation too ("destroy target base"): at most a tenth.
  assert.ok(missed.length * 10 <= realms.length, `${missed.length} of ${realms.length} Star Realms lines not caught: ${[...new Set(missed)].join(' / ')}`);
  // Stellar Nexus: every line of the cards' text.
  const dir = join(repoRoot, 'games/nexus/cards/data');
  const nexus = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    const src = readFileSync(join(dir, f), 'utf8');
    // text: ['...'] or ["..."] on one line, or a list of - "..." lines.
    const quoted = (x) => [...x.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]);
    for (const m of src.matchAll(/text: \[(.*)\]/g)) nexus.push(...quoted(m[1]));
    for (const m of src.matchAll(/^\s+- (".*"|'.*')\s*$/gm)) nexus.push(m[1].slice(1, -1));
  }
  assert.ok(nexus.length > 30, `${nexus.length} Stellar Nexus lines`);
  for (const s of nexus) assert.ok(caught(s), `not caught: ${s}`);
});

test('English passes: card text, the log, the table', () => {
  const lines = JSON.parse(readFileSync(join(repoRoot, 'games/nexus/testdata/cardtext.json'), 'utf8'));
  for (const l of lines) assert.deepEqual(findNotation(l.want, { cardText: true }), [], l.want);
  const cardEnglish = [
    'Gain 3 Combat. You may scrap a card in the trade row.',
    'Choose one: gain 2 Trade; or gain 3 Combat.',
    'Draw a card, then discard a card.',
    'Target opponent discards a card.',
    'Acquire any ship costing 6 or less for free and put it on top of your deck.',
    'Scrap up to two cards in your hand or discard pile.',
    'For each card discarded this way: draw a card.',
    'When you acquire this card: gain 4 Authority.',
    '+3 Combat +2 Trade',
    'Surge of Fury: Target creature gets +2/+2 until end of turn.',
  ];
  for (const s of cardEnglish) assert.deepEqual(findNotation(s, { cardText: true }), [], s);
  const pageEnglish = [
    'Bob plays Cutter: +4 Authority, +2 Trade',
    'Bob uses Trade Escort (ally ability): +1 card',
    'Bob buys Barter World for 4 Trade; Machine Base enters the Trade Row',
    'Bob attacks you for 3: 46 → 43',
    'TURN 14 · BOB',
    'Ossuary Vent: you lose 1 life',
    'Game 672mit9i9sxy · Standard · you are Tester',
    'Hunter (first blood)',
    'Trade Row — click a lit card to buy it; point at any card to read it',
    'Waiting for an open seat to be claimed: share the lobby address; the game starts when every seat is taken.',
  ];
  for (const s of pageEnglish) assert.deepEqual(findNotation(s), [], s);
});
