// The catalog against the client's source: every message id web/js/*.js names literally must be
// in the merged catalog i18n/en/*.json, so that a missing id is caught here and not by a player
// who sees "[id]". The ids are read statically: t('id' is a call; a wrapper such as
// `const label = (id, args) => t('ui.nexus.' + id, args)` makes label('x' the id ui.nexus.x;
// and any other string literal that has the shape of an id under one of the catalog's prefixes
// (a ternary's branch, an array of column ids) counts too. An id built at run time
// (t('ui.format.' + f)) is not seen: such a call should check hasMessage or list its ids.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './browser.js';
import { parse } from '../js/i18n.js';

const catalogDir = join(repoRoot, 'i18n/en');
const jsDir = join(repoRoot, 'web/js');

function loadCatalog() {
  const all = {};
  const where = {};
  for (const f of readdirSync(catalogDir).filter((f) => f.endsWith('.json')).sort()) {
    const m = JSON.parse(readFileSync(join(catalogDir, f), 'utf8'));
    for (const [id, tpl] of Object.entries(m)) {
      assert.ok(!(id in where), `${id} is in both ${where[id]} and ${f}`);
      where[id] = f;
      all[id] = tpl;
    }
  }
  return all;
}

const catalog = loadCatalog();
const prefixes = new Set(Object.keys(catalog).map((id) => id.split('.')[0]));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// usedIds gives the ids the source names, each with its file and line.
function usedIds(file, src) {
  const out = [];
  const at = (i) => `${file}:${src.slice(0, i).split('\n').length}`;
  const add = (id, i) => out.push({ id, where: at(i) });
  for (const m of src.matchAll(/\bt\(\s*'([^'\n]+)'\s*[,)]/g)) add(m[1], m.index);
  // Wrappers: const NAME = (id[, args]) => t('PREFIX' + id ...
  for (const w of src.matchAll(/const (\w+) = \((\w+)(?:, \w+)?\) => t\('([^'\n]+)' \+ \2\b/g)) {
    const [, name, , prefix] = w;
    for (const m of src.matchAll(new RegExp(`(?<![\\w.])${escape(name)}\\(\\s*'([^'\\n]+)'\\s*[,)]`, 'g'))) add(prefix + m[1], m.index);
  }
  // Any other literal shaped like a whole id under a catalog prefix, but for a call's first
  // argument (t's and the wrappers' are read above; another function's is not an id).
  for (const m of src.matchAll(/(?<!\w\(\s*)'([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)'/g)) {
    if (prefixes.has(m[1].split('.')[0])) add(m[1], m.index);
  }
  return out;
}

test('the catalog files parse, and no id is in two of them', () => {
  for (const [id, tpl] of Object.entries(catalog)) assert.doesNotThrow(() => parse(tpl), id);
});

test('every message id web/js names is in the catalog', () => {
  const missing = [];
  let n = 0;
  for (const f of readdirSync(jsDir).filter((f) => f.endsWith('.js')).sort()) {
    for (const u of usedIds(f, readFileSync(join(jsDir, f), 'utf8'))) {
      n++;
      if (!(u.id in catalog)) missing.push(`${u.id} (${u.where})`);
    }
  }
  assert.ok(n > 100, `only ${n} ids found: the scan no longer sees the source's calls`);
  assert.deepEqual(missing, []);
});

test('the scan sees calls, wrappers and id literals', () => {
  const src = [
    "t('ui.a', { n })", "t('ui.b')", "t(x ? 'ui.c' : 'ui.d')", "tm({ id: 'log.e', args })",
    "const label = (id, args) => t('ui.nexus.' + id, args);", "label('f', {})", "xlabel('g')",
    "t('ui.format.' + f)", "'starnexus.name'",
  ].join('\n');
  const ids = usedIds('x.js', src).map((u) => u.id).sort();
  assert.deepEqual([...new Set(ids)], ['log.e', 'ui.a', 'ui.b', 'ui.c', 'ui.d', 'ui.nexus.f']);
});
