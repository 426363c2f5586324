// The browser's message renderer (web/js/i18n.js) on the cases the Go renderer runs
// (i18n/testdata/render.json): both must give the same text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './browser.js';
import { parse, setCatalog, tm } from '../js/i18n.js';

const cases = JSON.parse(readFileSync(join(repoRoot, 'i18n/testdata/render.json'), 'utf8'));

for (const c of cases) {
  test(`render: ${c.name}`, () => {
    setCatalog(c.lang, c.messages);
    assert.equal(tm(c.msg), c.want);
  });
}

test('bad templates are refused', () => {
  for (const tpl of ['{', '}', '{a', '{a, plural}', '{a, plural, one {x}}', '{a, number}', '{a, select, x {y}', '{, plural, other {x}}']) {
    assert.throws(() => parse(tpl), undefined, tpl);
  }
});
