// A simple fixed policy for a Star Realms seat, read from the seat's view (the API's structured
// actions and pending decision), as a player at the table would act: answer a decision with its
// first choice; play the hand ("Play all" when it holds more than one card to play); buy the
// dearest card it can (the abilities of cards in play are left unused: the end-turn warning
// says so, and the player ends the turn anyway); attack
// with all its Combat, the bases it can destroy first (outposts must fall first: the engine
// lists nothing else then), then the player with the least Authority; end the turn.
//
// It returns {action: text}, the action to click (an element with that data-action), or
// {playAll: true} for the "Play all" button.

export function realmsPolicy(v, me, cost) {
  const acts = v.actions || [];
  if (v.pending) return { action: acts[0].text };
  const by = (verb) => acts.filter((a) => a.verb === verb);
  const plays = by('play');
  if (plays.length > 1) return { playAll: true };
  if (plays.length === 1) return { action: plays[0].text };
  const buys = by('buy').filter((a) => !a.upgrade);
  if (buys.length) {
    const best = buys.reduce((b, a) => ((cost.get(a.card) || 0) > (cost.get(b.card) || 0) ? a : b));
    return { action: best.text };
  }
  // Attacks, by target: the action that uses all the Combat (no amount), else the largest amount.
  const targets = new Map();
  for (const a of by('attack')) {
    const tg = a.target || {};
    const key = tg.kind === 'card' ? `${tg.player}:${tg.card}` : tg.player;
    const e = targets.get(key) || { base: tg.kind === 'card', player: tg.player, full: null, max: null };
    if (!a.amount) e.full = a;
    else if (!e.max || a.amount > e.max.amount) e.max = a;
    targets.set(key, e);
  }
  const list = [...targets.values()];
  const base = list.find((e) => e.base && e.full);
  if (base) return { action: base.full.text };
  const authority = (name) => ((v.players || []).find((p) => p.name === name) || {}).authority || 0;
  const players = list.filter((e) => !e.base).sort((a, b) => authority(a.player) - authority(b.player));
  if (players.length) return { action: (players[0].full || players[0].max).text };
  const end = acts.find((a) => a.verb === 'end');
  return { action: (end || acts[0]).text };
}
