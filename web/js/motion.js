// Motion that explains what a move did, driven by the events each new view carries
// (docs/api.md "Events"): a card flies from the zone it left to the zone it entered (a card
// played from the hand to the play area, a card bought from the Trade Row to its discard pile,
// a card drawn from the deck to the hand, a spell cast to the stack), a destroyed base or a
// dying creature flashes red and shrinks away, a scrapped card fades where it was, and a
// player's Authority, Life, Trade or Combat pulses with the change rising from it ("-5" red,
// "+4" green).
//
// Motion is decoration only. The page always draws the view as it is; motion.js never changes
// what is shown once its animations end: it measures the table before the new view is drawn
// (before), then, once it is drawn, flies copies of the cards ("ghosts", in a layer that takes
// no clicks) from where they were to where they are, and animates the table's own elements
// with the Web Animations API only (no style attribute, no stylesheet: the page's
// Content-Security-Policy allows no inline style). Input is never blocked: the player clicks
// during motion, and a new view finishes the table's animations at once before it is measured.
// Several views in a row (a bot's turn) each animate what they add; a card whose place is gone
// by the time its view is drawn (a bot's card played then discarded at the end of its turn)
// is not shown moving. Under `prefers-reduced-motion: reduce` nothing moves.
//
// Where things are is read from the table's data attributes: `data-player` on a player's area,
// `data-card` (and `data-number` for Stellar Nexus objects) on a card, `data-zone` on piles.

const DUR = { move: 340, appear: 260, leave: 420, pulse: 380, float: 900, step: 90, steps: 540 };
const MAX_GHOSTS = 16;
const EASE = 'cubic-bezier(.2, .7, .2, 1)';
const RED = 'sepia(1) saturate(6) hue-rotate(-40deg) brightness(.8)';

// reducedMotion says whether the player asked for less motion.
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const esc = (s) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(String(s)) : String(s).replace(/["\\]/g, '\\$&'));
const inPlayer = (name, sel) => `[data-player="${esc(name)}"] ${sel}`;

// The zones of each game: where a zone's cards are (cards), and what stands for the zone when
// its cards are not drawn (a pile, a count, the player's area: anchor).
const zones = {
  realms: {
    hand: { cards: (p) => `.hand[data-player="${esc(p)}"] .card[data-card]`, anchor: (p) => [`.hand[data-player="${esc(p)}"]`, inPlayer(p, '[data-zone="hand"]')] },
    in_play: { cards: (p) => inPlayer(p, '.play-area .card[data-card]'), anchor: (p) => [inPlayer(p, '.play-area')] },
    discard: { anchor: (p) => [inPlayer(p, '[data-zone="discard"]'), inPlayer(p, 'details.discard')] },
    deck: { anchor: (p) => [inPlayer(p, '[data-zone="deck"]')] },
    trade_row: { cards: () => '.trade-row .card-list > .card[data-card]', anchor: () => ['.trade-row .card-list'] },
    explorers: { cards: () => '.trade-row .explorers .card[data-card]', anchor: () => ['.trade-row .explorers'] },
    trade_deck: { anchor: () => ['.trade-row [data-zone="trade_deck"]', '.trade-row h3'] },
  },
  nexus: {
    hand: { cards: (p) => inPlayer(p, '.nx-hand [data-card]'), anchor: (p) => [inPlayer(p, '.nx-hand'), inPlayer(p, '[data-zone="hand"]')] },
    field: { cards: (p) => inPlayer(p, '.nx-field [data-card]') + ', ' + inPlayer(p, '.nx-resources [data-card]'), anchor: (p) => [inPlayer(p, '.nx-field')] },
    stack: { cards: () => '.nx-stack li[data-card]', anchor: () => ['.nx-stack'] },
    graveyard: { anchor: (p) => [inPlayer(p, '[data-zone="graveyard"]')] },
    out: { anchor: (p) => [inPlayer(p, '[data-zone="exile"]')] },
    exile: { anchor: (p) => [inPlayer(p, '[data-zone="exile"]')] },
    library: { anchor: (p) => [inPlayer(p, '[data-zone="library"]')] },
    resource_pile: { anchor: (p) => [inPlayer(p, '[data-zone="resource_pile"]')] },
  },
};

// The number a player's stat is drawn in.
const statSel = {
  realms: { authority: '.pool-authority b', trade: '.pool-trade b', combat: '.pool-combat b' },
  nexus: { life: '[data-testid="life"]' },
};

const matches = (el, card, number) => el.dataset.card === card &&
  (!number || !el.dataset.number || Number(el.dataset.number) === number);

// findCard is the element of card (number) in zone of player p that is not in used yet: the
// first one, or the last one when last (cards come into a zone at its end).
function findCard(root, game, p, zone, card, number, used, last) {
  const z = zones[game][zone];
  if (!z || !z.cards || !card) return null;
  const list = [...root.querySelectorAll(z.cards(p))].filter((el) => matches(el, card, number) && !used.has(el));
  const el = last ? list[list.length - 1] : list[0];
  if (el) used.add(el);
  return el || null;
}

function anchorOf(root, game, p, zone) {
  const z = zones[game][zone];
  for (const sel of (z && z.anchor ? z.anchor(p) : [])) {
    const el = root.querySelector(sel);
    if (el && el.getClientRects().length) return el;
  }
  return null;
}

const box = (el) => {
  const r = el.getBoundingClientRect();
  return r.width || r.height ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
};
const visible = (r) => r && r.y + r.h > 0 && r.y < innerHeight && r.x + r.w > 0 && r.x < innerWidth;

// ghostOf copies a card for the motion layer: no ids, no actions, nothing a test, a screen
// reader or a click could take for the real card.
function ghostOf(el) {
  const g = el.cloneNode(true);
  for (const n of [g, ...g.querySelectorAll('*')]) {
    for (const a of [...n.attributes]) {
      if (a.name === 'id' || a.name === 'role' || a.name === 'tabindex' || a.name === 'title' || a.name.startsWith('data-') || a.name.startsWith('aria-')) n.removeAttribute(a.name);
    }
    n.classList.remove('act', 'clickable', 'lit', 'is-lit', 'is-selected');
  }
  g.classList.add('motion-ghost');
  g.setAttribute('aria-hidden', 'true');
  g.inert = true;
  return g;
}

// place puts a copy laid out at the size of base into the box r: scaled evenly to fit it,
// centred (a card never stretches).
const place = (r, base, extra = {}) => {
  const k = Math.min(r.w / base.w, r.h / base.h);
  const x = r.x + (r.w - base.w * k) / 2, y = r.y + (r.h - base.h * k) / 2;
  return { transform: `translate(${x}px, ${y}px) scale(${k})`, width: base.w + 'px', height: base.h + 'px', ...extra };
};
const center = (r, w, h) => ({ x: r.x + r.w / 2 - w / 2, y: r.y + r.h / 2 - h / 2, w, h });

// createMotion makes the motion of one game's page: before(view) as a view arrives, while the
// table still shows the one before; after() once the view is drawn.
export function createMotion(root = typeof document !== 'undefined' ? document : null) {
  let done = -1; // the events of actions before seq done have been shown
  let plan = null; // what before measured, for after
  let table = []; // animations running on the table's own elements
  let layer = null;

  const layerOf = () => {
    if (!layer || !layer.isConnected) {
      layer = document.createElement('div');
      layer.className = 'motion-layer';
      layer.setAttribute('aria-hidden', 'true');
      document.body.appendChild(layer);
    }
    return layer;
  };
  // onTable animates an element of the table; one that moves or scales it (geometry) is
  // finished when the next view comes, so that the table is measured where it really is.
  const onTable = (el, frames, opts, geometry = true) => {
    const a = el.animate(frames, { easing: EASE, ...opts });
    if (geometry) {
      table = table.filter((x) => x.playState !== 'finished');
      table.push(a);
    }
    return a;
  };
  const fly = (g, frames, opts) => {
    layerOf().appendChild(g);
    const a = g.animate(frames, { easing: EASE, fill: 'both', ...opts });
    const drop = () => g.remove();
    a.onfinish = drop;
    a.oncancel = drop;
    return a;
  };
  const float = (r, text, cls, delay) => {
    const f = document.createElement('span');
    f.className = 'motion-float ' + cls;
    f.textContent = text;
    const x = r.x + r.w / 2, y = r.y;
    fly(f, [
      { transform: `translate(${x}px, ${y}px) translate(-50%, -20%) scale(.8)`, opacity: 0 },
      { transform: `translate(${x}px, ${y}px) translate(-50%, -70%) scale(1.15)`, opacity: 1, offset: 0.2 },
      { transform: `translate(${x}px, ${y}px) translate(-50%, -110%) scale(1)`, opacity: 1, offset: 0.7 },
      { transform: `translate(${x}px, ${y}px) translate(-50%, -160%) scale(1)`, opacity: 0 },
    ], { duration: DUR.float, delay, easing: 'ease-out' });
  };

  // before reads the new view's events that were not shown yet and measures, on the table as
  // it still is, where the cards they move come from.
  function before(v) {
    if (!v || !root) return;
    const events = Array.isArray(v.events) ? v.events : [];
    const first = done < 0;
    const from = done;
    if (v.seq != null) done = Math.max(done, v.seq);
    if (first || reducedMotion()) return;
    const fresh = events.filter((e) => e && e.i >= from);
    if (!fresh.length) return;
    // A view arriving during motion: the table's moves and pulses end now, so that it is
    // measured where it really is (a card hidden under its flying copy stays hidden).
    for (const a of table) a.finish();
    table = [];
    const game = v.game === 'nexus' ? 'nexus' : 'realms';
    const names = (v.players || []).map((p) => p.name);
    if (!plan) plan = { game, names, steps: [], used: new Set(), stats: new Map(), acts: [] };
    const { steps, used, stats, acts } = plan;
    const rank = (i) => {
      if (!acts.includes(i)) acts.push(i);
      return acts.indexOf(i);
    };
    let ghosts = steps.filter((s) => s.ghost).length;
    for (const e of fresh) {
      const p = names[e.seat] || '';
      switch (e.kind) {
        case 'moved': {
          if (e.from === 'reserve' || e.to === 'reserve') break; // a secret swap
          const src = findCard(root, game, p, e.from, e.card, e.number, used, false);
          const anchor = src ? null : anchorOf(root, game, p, e.from);
          const r = src ? box(src) : anchor ? box(anchor) : null;
          const ghost = src && ghosts < MAX_GHOSTS ? ghostOf(src) : null;
          if (ghost) ghosts++;
          const to = e.target && names.includes(e.target) ? e.target : p;
          steps.push({ kind: 'move', e, p, to, src: r, fromCard: !!src, item: !!src && src.tagName === 'LI', ghost, rank: rank(e.i) });
          break;
        }
        case 'destroyed':
        case 'died': {
          const src = findCard(root, game, p, game === 'nexus' ? 'field' : 'in_play', e.card, e.number, used, false);
          if (src && ghosts < MAX_GHOSTS) {
            ghosts++;
            steps.push({ kind: 'leave', e, src: box(src), ghost: ghostOf(src), red: true, rank: rank(e.i) });
          }
          break;
        }
        case 'damage':
          // A player's damage shows on the stat it changes; a base's or a creature's on it.
          if (e.card && !names.includes(e.target)) {
            const el = findCard(root, game, p, game === 'nexus' ? 'field' : 'in_play', e.card, e.number, new Set(), false);
            steps.push({ kind: 'hit', e, p, src: el ? box(el) : null, rank: rank(e.i) });
          }
          break;
        case 'stat': {
          if (e.card || !statSel[game][e.stat] || !e.amount) break;
          // A player's starting total (life from 0 as the game begins) is no gain.
          if ((e.stat === 'life' || e.stat === 'authority') && (e.total || 0) === e.amount) break;
          const k = p + '\u0000' + e.stat;
          const s = stats.get(k) || { p, stat: e.stat, amount: 0, rank: rank(e.i) };
          s.amount += e.amount;
          stats.set(k, s);
          break;
        }
        default:
      }
    }
  }

  // after animates, on the table as the new view draws it, what before planned.
  function after() {
    if (!plan || !root) return;
    const { game, steps, stats, acts } = plan;
    plan = null;
    if (reducedMotion()) return;
    const step = acts.length > 1 ? Math.min(DUR.step, DUR.steps / (acts.length - 1)) : 0;
    const delayOf = (rank) => Math.round(rank * step);
    const used = new Set();
    for (const s of steps) {
      const delay = delayOf(s.rank);
      if (s.kind === 'leave') {
        const r = s.src;
        if (!visible(r)) continue;
        s.ghost.classList.add('motion-leave');
        fly(s.ghost, [
          place(r, r, { opacity: 1, filter: 'none' }),
          place(center(r, r.w * 1.08, r.h * 1.08), r, { opacity: 1, filter: RED, offset: 0.25 }),
          place(r, r, { opacity: 1, filter: RED, offset: 0.55 }),
          place(center(r, r.w * 0.4, r.h * 0.4), r, { opacity: 0, filter: RED }),
        ], { duration: DUR.leave, delay, easing: 'ease-in' });
        continue;
      }
      if (s.kind === 'hit') {
        const el = findCard(root, game, s.p, game === 'nexus' ? 'field' : 'in_play', s.e.card, s.e.number, new Set(), false);
        const r = el ? box(el) : s.src;
        if (r && visible(r)) float(r, '−' + s.e.amount, 'neg', delay);
        if (el) onTable(el, [{ filter: 'none' }, { filter: RED }, { filter: 'none' }], { duration: DUR.pulse, delay }, false);
        continue;
      }
      const { e } = s;
      const dst = findCard(root, game, s.to, e.to, e.card, e.number, used, true);
      const anchor = dst ? null : anchorOf(root, game, s.to, e.to);
      const to = dst ? box(dst) : anchor ? box(anchor) : null;
      const from = s.src;
      if (!visible(from) && !visible(to)) continue;
      if (from && to && dst) {
        // From where it was to where it is now: the card itself waits, hidden, under its
        // flying copy.
        // A card and a line of the stack do not look alike: from the stack, the card as it is
        // now grows out of its line; onto the stack, the card shrinks into its line and fades.
        const own = s.ghost && !s.item;
        const g = own ? s.ghost : ghostOf(dst);
        const base = own ? from : to;
        const start = s.fromCard ? from : center(from, to.w * 0.6, to.h * 0.6);
        const into = own && dst.tagName === 'LI';
        fly(g, [place(start, base, { opacity: s.fromCard ? 1 : 0 }), { opacity: 1, offset: 0.3 }, place(to, base, { opacity: into ? 0 : 1 })],
          { duration: DUR.move, delay, easing: EASE });
        onTable(dst, [{ opacity: 0 }, { opacity: 0 }], { duration: DUR.move + delay }, false);
      } else if (from && to && s.ghost) {
        // Into a pile (a discard pile, a graveyard): the copy flies there and shrinks away.
        const end = center(to, from.w * 0.35, from.h * 0.35);
        fly(s.ghost, [place(from, from, { opacity: 1 }), { opacity: 0.9, offset: 0.75 }, place(end, from, { opacity: 0 })],
          { duration: DUR.move + 60, delay });
      } else if (from && s.ghost) {
        // Out of the game (scrapped, a token gone): it fades where it was.
        fly(s.ghost, [place(from, from, { opacity: 1 }), place(center(from, from.w * 0.6, from.h * 0.6), from, { opacity: 0 })],
          { duration: DUR.leave, delay, easing: 'ease-in' });
      } else if (dst) {
        // From a hidden place (a deck, another player's hand, the trade deck): it appears.
        onTable(dst, [{ opacity: 0, transform: 'scale(.7)' }, { opacity: 1, transform: 'none' }], { duration: DUR.appear, delay, fill: 'backwards' });
      }
    }
    for (const s of stats.values()) {
      if (!s.amount) continue;
      const num = root.querySelector(inPlayer(s.p, statSel[game][s.stat]));
      const el = num && (num.closest('.pool, .nx-lifebox, .stat') || num);
      const r = el && box(el);
      if (!r || !visible(r)) continue;
      const delay = delayOf(s.rank);
      const big = s.stat === 'authority' || s.stat === 'life';
      float(r, (s.amount > 0 ? '+' : '−') + Math.abs(s.amount), (s.amount > 0 ? 'pos' : 'neg') + (big ? ' big' : ' small') + ' stat-' + s.stat, delay);
      onTable(el, [{ transform: 'scale(1)' }, { transform: `scale(${big ? 1.35 : 1.2})`, offset: 0.35 }, { transform: 'scale(1)' }],
        { duration: DUR.pulse, delay, easing: 'ease-out' });
    }
  }

  return { before, after };
}
