// Engine notation on a page: the patterns that give away text a player should never read (the
// card languages' notation, message ids that were not rendered, template syntax), one list for
// every browser test. findNotation looks for them in a text; scanPage reads a page's visible
// text (the whole body) and its card texts (the cards, the card panel, the large card, the
// prompts) and reports each hit with the words around it and the element it was found in.

// Patterns for any visible text. Case matters: the engine's notation is lower case (`combat 3`)
// where the English is not ("+3 Combat"), and CSS capitals (TURN 3 · VEX) never match.
export const notationPatterns = [
  { name: 'a call of the card language', re: /\b[a-z][a-z_]*\((?!s\))[^)]*\)/ }, // modify(T:creature, +2/+2), lose_life(YOU, 1)
  { name: 'a target in notation', re: /\bT\d?:|\(T\d?[:,)]/ }, // T:creature, (T, T1:
  { name: 'a selector in notation', re: /\b[A-Z][A-Z_]*:[a-z]/ }, // ALL:creature, REQUISITIONED:creature
  { name: 'a filter in brackets', re: /\w\[[a-z, ]+\]/ }, // creature[opp], creature_card@graveyard[you]
  { name: 'a zone in notation', re: /\w@[a-z]/ }, // creature_card@graveyard
  { name: 'a comparison', re: /[<>]=|\bcost ?[<>]/ }, // cost<=6, bases >= 1
  { name: 'an alternative bar', re: / \| / }, // choose one: trade 2 | combat 3
  { name: 'an engine arrow', re: /\s->\s/ },
  { name: 'an underscore inside a word', re: /[A-Za-z0-9]_[A-Za-z0-9]/ }, // lose_life, EACH_PLAYER, first_player
  { name: 'a pool in notation', re: /\b(?:combat|trade|authority) -?\d+\b/ }, // combat 3 (English: +3 Combat)
  { name: 'a draw in notation', re: /\bdraw \d+\b(?! ?cards?\b)/ }, // draw 1
  { name: 'a discard in notation', re: /\bdiscards? (?:up to )?\d+\b(?! ?cards?\b)/ }, // opponent discards 1
  { name: 'a scrap in notation', re: /\b(?:may )?scrap (?:up to )?\d+ from\b|\bfrom (?:hand|discard)\/(?:hand|discard)\b/ }, // may scrap 1 from trade row
  { name: 'an acquisition in notation', re: /\bacquire free (?:card|ship|base)\b|\bput next ship\b|\bif played [A-Z]/ }, // acquire free card cost<=6
  { name: 'a note in brackets', re: /\[[a-z][a-z ]+\]/ }, // [ally of all factions]
  { name: 'an ability head in notation', re: /\b(?:resolve|static|affinity|dissonance|equipped(?=: [+-]\d|: gains)|when [a-z_]+(?:\[[a-z, ]+\])?|active\(\d+\)(?: "[^"]*")?)\s?:/ }, // resolve:, when arrives:
  { name: 'an engine word', re: /\b(?:YOU|SELF|EACH_PLAYER|EQUIPPED|REQUISITIONED|TK-[A-Z]+)\b(?=[,)\]:])/ }, // lose_life(YOU, 1)
  { name: 'a message id not rendered', re: /\[[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+\]/ }, // [nexus.card.kw.menace]
  { name: 'a template not rendered', re: /\{[a-z_]+(?:\}|, ?(?:plural|select|number))/ }, // {n}, {n, plural
  { name: 'a value not rendered', re: /\bundefined\b|\bNaN\b|\[object Object\]/ },
];

// Patterns for card text only (the text printed on cards and the answers a card's choice
// offers): the card languages join effects with `;`, the English with sentences ("; or" is
// English: "Gain 2 Trade; or gain 3 Combat").
export const cardTextPatterns = [
  { name: 'a semicolon of the card language', re: /;(?! or\b)/ },
];

// findNotation lists the notation in text: [{pattern, match, context}].
export function findNotation(text, { cardText = false } = {}) {
  const out = [];
  const s = String(text || '');
  for (const p of cardText ? [...notationPatterns, ...cardTextPatterns] : notationPatterns) {
    const re = new RegExp(p.re.source, p.re.flags.includes('g') ? p.re.flags : p.re.flags + 'g');
    for (const m of s.matchAll(re)) {
      const from = Math.max(0, m.index - 40);
      const to = Math.min(s.length, m.index + m[0].length + 40);
      out.push({ pattern: p.name, match: m[0], context: s.slice(from, to).replace(/\s+/g, ' ') });
    }
  }
  return out;
}

// The elements whose text is card text: cards on the table, the card panel, the large card,
// the answers of a card's choice (the prompt's buttons, not its sentence), Stellar Nexus cards
// and their panel.
export const cardTextSelector = ['.card-text', '.card-panel.card', '[data-testid=card-panel]', '.zoomed', '.nx-cf-text', '.cp-ab',
  '.prompt .act-row', '.nx-decision .act-row'].join(', ');

// Elements whose text comes from the server's pending decision (its prompt and options) rather
// than from the cards: a hit there is reported as such.
const pendingSelector = '[data-testid=prompt], .prompt, .nx-decision';

// scanPage checks the page's visible text and card texts at one moment: a list of hits, each
// {where, pattern, match, context}; where says which element showed it ("body", or the card
// text element's class, "(pending prompt/options)" when it came from the server's decision).
export async function scanPage(page) {
  const got = await page.evaluate(({ cardSel, pendingSel }) => {
    const cards = [...document.querySelectorAll(cardSel)].filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ where: (e.getAttribute('data-testid') || e.className || e.tagName).toString(), pending: !!e.closest(pendingSel), text: e.innerText }));
    const pendingText = [...document.querySelectorAll(pendingSel)].map((e) => e.innerText).join('\n');
    return { body: document.body.innerText, cards, pendingText };
  }, { cardSel: cardTextSelector, pendingSel: pendingSelector });
  const hits = [];
  for (const h of findNotation(got.body)) {
    const fromPending = got.pendingText && findNotation(got.pendingText).some((x) => x.match === h.match);
    hits.push({ where: fromPending ? 'body (pending prompt/options from the server)' : 'body', ...h });
  }
  for (const c of got.cards) {
    for (const h of findNotation(c.text, { cardText: true })) {
      if (h.pattern !== cardTextPatterns[0].name) continue; // the others are in the body's hits already
      hits.push({ where: c.pending ? `${c.where} (pending prompt/options from the server)` : c.where, ...h });
    }
  }
  return hits;
}

// Notation collects the hits of a game's scans, each once, and says where and when it saw them.
export class Notation {
  constructor() { this.seen = new Map(); this.scans = 0; }
  async scan(page, when) {
    this.scans++;
    for (const h of await scanPage(page)) {
      const key = `${h.where}|${h.pattern}|${h.match}|${h.context}`;
      if (!this.seen.has(key)) this.seen.set(key, { ...h, when });
    }
  }
  // report is '' when nothing was seen, else one line per hit.
  report() {
    return [...this.seen.values()].map((h) => `${h.pattern} "${h.match}" in ${h.where} at ${h.when}: …${h.context}…`).join('\n');
  }
}
