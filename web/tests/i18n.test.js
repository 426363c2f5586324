// The browser's message renderer (web/js/i18n.js) on the cases the Go renderer runs
// (i18n/testdata/render.json): both must give the same text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './browser.js';
import { parse, setCatalog, tm, tparts } from '../js/i18n.js';

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

test('tparts gives icons as parts, nested and in lists, and tm gives their words', () => {
  setCatalog('en', {
    'icon.combat': 'Combat', 'icon.trade': 'Trade', 'list.sep': ' ',
    'realms.card.gain': '+{n} {pool}', 'realms.card.then': 'Then: {then}',
  });
  const gain = (n, pool) => ({ id: 'realms.card.gain', args: { n, pool: { id: 'icon.' + pool } } });
  assert.deepEqual(tparts(gain(3, 'combat')), ['+3 ', { icon: 'combat', text: 'Combat' }]);
  assert.deepEqual(tparts({ id: 'realms.card.then', args: { then: [gain(2, 'trade'), gain(1, 'combat')] } }),
    ['Then: +2 ', { icon: 'trade', text: 'Trade' }, ' +1 ', { icon: 'combat', text: 'Combat' }]);
  assert.deepEqual(tparts([gain(1, 'trade')]), ['+1 ', { icon: 'trade', text: 'Trade' }]);
  assert.equal(tm(gain(3, 'combat')), '+3 Combat');
  assert.deepEqual(tparts({ id: 'icon.authority' }), [{ icon: 'authority', text: 'Authority' }], 'an icon without a catalog entry keeps its word');
});

test('a refusal shows its message in the page language; an illegal action its reason alone', async () => {
  const { refusalText } = await import('../js/api.js');
  const fr = JSON.parse(readFileSync(join(repoRoot, 'i18n/fr/server.json'), 'utf8'));
  setCatalog('fr', { ...fr, 'refuse.illegal': 'action refusée « {action} » : {reason}', 'x.reason': 'pas maintenant' });
  const nbsp = (s) => s.replace(/\u00a0/g, ' ');
  assert.equal(nbsp(refusalText({ message: 'Ann may not act now', msg: { id: 'server.not_now', args: { who: 'Ann' } } })), 'Ann ne peut pas agir maintenant');
  assert.equal(refusalText({ message: 'illegal action "end": not now', msg: { id: 'refuse.illegal', args: { action: 'end', reason: { id: 'x.reason' } } } }), 'pas maintenant');
  assert.equal(refusalText({ message: 'bad request body' }), 'bad request body', 'no message: the server\'s words');
  assert.equal(refusalText({ message: 'x', msg: { id: 'server.unknown_id' } }), 'x', 'a message the catalog lacks: the server\'s words');
});
