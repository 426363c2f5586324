// Card names in the page's language (web/js/i18n.js nameOf and the names of message
// arguments): English names are the keys, shown in the catalog's language; player names and
// unknown names stay as they are.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addNames, nameOf, setCatalog, t } from '../js/i18n.js';

const messages = {
  fr: { 'ui.nexus.numbered': '{card} nº {n}', 'log.dies': '{card} meurt', 'log.play': '{who} joue {card}' },
  es: { 'log.dies': '{card} muere', 'log.play': '{who} juega {card}' },
  en: { 'log.dies': '{card} dies', 'log.play': '{who} plays {card}' },
};
addNames([
  ['Ember Cub', { en: 'Ember Cub', fr: 'Lionceau de Braise', es: 'Cachorro de Ascuas' }],
  ['Scout', { en: 'Scout', fr: 'Éclaireur', es: 'Rastreadora' }],
  ['Viper', { en: 'Viper', fr: 'Viper', es: 'Viper' }],
]);

const cases = [
  { lang: 'fr', id: 'log.dies', args: { card: 'Ember Cub' }, want: 'Lionceau de Braise meurt' },
  { lang: 'fr', id: 'log.dies', args: { card: 'Ember Cub #2' }, want: 'Lionceau de Braise nº 2 meurt' },
  { lang: 'es', id: 'log.dies', args: { card: 'Ember Cub #2' }, want: 'Cachorro de Ascuas #2 muere' },
  { lang: 'fr', id: 'log.play', args: { who: 'Ann', card: 'Scout' }, want: 'Ann joue Éclaireur' },
  { lang: 'es', id: 'log.play', args: { who: 'Ann', card: 'Viper' }, want: 'Ann juega Viper' },
  { lang: 'es', id: 'log.play', args: { who: 'Ann', card: 'Unknown Thing' }, want: 'Ann juega Unknown Thing' },
  { lang: 'en', id: 'log.play', args: { who: 'Ann', card: 'Scout' }, want: 'Ann plays Scout' },
];

for (const c of cases) {
  test(`${c.lang}: ${c.want}`, () => {
    setCatalog(c.lang, messages[c.lang]);
    assert.equal(t(c.id, c.args), c.want);
  });
}

test('nameOf shows a name in the catalog\'s language and keeps the key otherwise', () => {
  setCatalog('fr', messages.fr);
  assert.equal(nameOf('Scout'), 'Éclaireur');
  assert.equal(nameOf('Éclaireur'), 'Éclaireur');
  assert.equal(nameOf('Tester'), 'Tester');
  setCatalog('en', messages.en);
  assert.equal(nameOf('Ember Cub #2'), 'Ember Cub #2');
});
