// Stellar Nexus card text in the browser: every line of the starter set, as the server sends
// it (games/nexus/testdata/cardtext.json, written by the Go test TestCardTextGolden), renders
// with web/js/i18n.js and the English catalog (i18n/en/*.json) to the text the terminal shows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './browser.js';
import { setCatalog, tm } from '../js/i18n.js';

const dir = join(repoRoot, 'i18n/en');
const messages = {};
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) Object.assign(messages, JSON.parse(readFileSync(join(dir, f), 'utf8')));
const lines = JSON.parse(readFileSync(join(repoRoot, 'games/nexus/testdata/cardtext.json'), 'utf8'));

test('the browser renders every Stellar Nexus card line as the Go renderer does', () => {
  setCatalog('en', messages);
  assert.ok(lines.length > 100);
  for (const l of lines) assert.equal(tm(l.msg), l.want, l.card);
});
