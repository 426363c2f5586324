// Checks the browser tests make on a game's page, whatever the game: every line of the log
// under a bot's turn names a card or an effect; the cards a player can point at show their
// text in the card panel (and, for Star Realms, large) without engine notation.

// The effects a log line may name instead of a card (docs/api.md, "Narration"), and what the
// line then says.
const effects = {
  combat: /attack/i,
  defeat: /defeated/i,
  game_over: /\bwins?\b|draw/i,
  mulligan: /\bkeeps?\b/i,
  first_player: /\bfirst\b/i,
  hero: /\bhero/i,
};

// botLogProblems reads the log panel: under each turn header whose player is one of botSeats
// (seat numbers), every line must carry a non-empty data-names, and its text must contain that
// name (a card), or, for an effect, say it. It returns {lines, botLines, problems}.
export async function botLogProblems(page, botSeats) {
  const turns = await page.$$eval('.narration .turn', (els) => els.map((t) => ({
    active: Number(t.dataset.active),
    head: (t.querySelector('.turn-head') || {}).innerText || '',
    lines: [...t.querySelectorAll('li')].map((li) => ({ names: li.dataset.names || '', text: li.innerText })),
  })));
  const bots = new Set(botSeats);
  const problems = [];
  let lines = 0;
  let botLines = 0;
  for (const t of turns) {
    lines += t.lines.length;
    if (!bots.has(t.active)) continue;
    for (const l of t.lines) {
      botLines++;
      const norm = (s) => s.replace(/[’‘]/g, "'");
      const ok = l.names && (effects[l.names] ? effects[l.names].test(l.text) : norm(l.text).includes(norm(l.names)));
      if (!ok) problems.push(`${t.head}: "${l.text}" names "${l.names}"`);
    }
  }
  return { lines, botLines, problems };
}

// inspectCards points at the cards on the table not pointed at yet (at most max of them),
// so that the card panel shows each, and checks the page each time with notation; with zoom,
// it also opens one of them large (the "i" key) and checks it. seen is the set of names
// already inspected.
export async function inspectCards(page, seen, notation, when, { max = 8, zoom = false } = {}) {
  const found = await page.evaluate(() => [...document.querySelectorAll('[data-card], .nx-handcard')]
    .map((e, i) => ({ i, name: e.dataset.card || ((e.querySelector('.nx-cf-name') || {}).innerText || '').trim(), visible: e.getClientRects().length > 0 })));
  const all = page.locator('[data-card], .nx-handcard');
  let done = 0;
  let zoomed = false;
  for (const c of found) {
    if (!c.visible || !c.name || seen.has(c.name) || done >= max) continue;
    seen.add(c.name);
    done++;
    const el = all.nth(c.i);
    try {
      await el.hover({ timeout: 1500 });
    } catch {
      continue; // covered or gone: another time
    }
    await notation.scan(page, `${when}, ${c.name} in the card panel`);
    if (zoom && !zoomed && await el.evaluate((e) => e.classList.contains('card'))) {
      zoomed = true;
      await el.focus();
      await page.keyboard.press('i');
      try {
        await page.locator('.zoomed').waitFor({ timeout: 2000 });
        await notation.scan(page, `${when}, ${c.name} opened large`);
      } finally {
        // Escape closes it (once the page listens for the key: a moment after it opened).
        await poll(async () => {
          await page.keyboard.press('Escape');
          return !(await page.locator('.zoomed').count());
        }, 'the large card closes on Escape', { ms: 50, n: 100 });
      }
    }
  }
  return done;
}

// poll calls f every ms until it returns a truthy value, at most n times; then fails with what.
export async function poll(f, what, { ms = 25, n = 4000 } = {}) {
  for (let i = 0; i < n; i++) {
    const r = await f();
    if (r) return r;
    await new Promise((ok) => setTimeout(ok, ms));
  }
  throw new Error(`${what}: still not so after ${n} tries`);
}
