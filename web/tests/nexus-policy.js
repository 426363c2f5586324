// A fixed choice policy for a Stellar Nexus seat, read from the seat's view (the API's
// structured actions and pending decision): keep; on my own main phases with an empty stack,
// cast the first castable card by name; attack with every creature that can (one `add
// attacker` at a time, then `done`); never block; on any other decision the first choice;
// pass otherwise. With instants (a set of card names), those are kept for my combat's blockers
// step, cast there once my attackers are declared (for a screenshot with the stack in combat).

export function policy(v, me, { instants = null } = {}) {
  const acts = v.actions || [];
  const texts = acts.map((a) => a.text);
  const p = v.pending || {};
  const combatTricks = !!instants;
  const all = acts.filter((a) => a.verb === 'cast');
  const inCombat = v.phase === 'combat';
  const casts = all.filter((a) => !instants || instants.has(a.card) === inCombat).sort((a, b) => (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
  switch (p.kind) {
    case 'mulligan':
      return 'keep';
    case 'priority': {
      const empty = (v.stack || []).length === 0;
      const mine = v.active === me && (v.phase === 'main1' || v.phase === 'main2') && empty;
      const trick = combatTricks && v.active === me && v.phase === 'combat' && v.step === 'blockers' && empty;
      return (mine || trick) && casts.length ? casts[0].text : 'pass';
    }
    case 'attack': {
      const add = acts.find((a) => a.verb === 'add attacker');
      if (add) return add.text;
      return texts.includes('done') ? 'done' : 'attack with none';
    }
    case 'block':
      return texts.includes('done') ? 'done' : texts[0];
    default:
      return texts[0];
  }
}

// api is a seat's client of the HTTP API: its view and its actions.
export function seatAPI(url, id, token) {
  const headers = { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' };
  return {
    view: async () => (await fetch(`${url}/api/games/${id}/view`, { headers })).json(),
    act: async (action, seq) => {
      const r = await fetch(`${url}/api/games/${id}/actions`, { method: 'POST', headers, body: JSON.stringify({ action, seq }) });
      if (!r.ok) throw new Error(`${action}: ${r.status} ${await r.text()}`);
      return r.json();
    },
  };
}

// createDuel makes the seeded duel of the click count (the server runs with --allow-seed).
export async function createDuel(url, seed = 7, decks = ['rayji', 'kern'], options = undefined) {
  const res = await fetch(url + '/api/games', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'nexus', format: 'duel', seed, options,
      seats: [{ name: 'Tester', deck: decks[0] }, { name: 'Vex', kind: 'bot', bot: 'greedy', deck: decks[1] }] }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}
