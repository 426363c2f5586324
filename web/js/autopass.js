// Automatic passing for Stellar Nexus, in the client (the engine keeps its explicit `pass`,
// `done` and `attack with none`): what the seat sends without a click, and the stops where it
// waits for its player instead.
//
// autoAction sends at once, never after a delay, and never reads the hand: a seat with castable
// cards and one without pass a step without a stop at the same moment (docs/decisions.md). It
// sends:
//   - `pass` when it is the seat's only legal action, unless full control is on;
//   - `attack with none` or `done` when it is the only action of the decision;
//   - `pass` on a priority decision, unless full control is on, an item of another player is on
//     the stack (the seat can respond: it has more than `pass`), or the player set a stop at
//     this phase or combat step for this turn (my turn, or the opponents').
//
// The stops are remembered in localStorage under one key.

import { useEffect, useState } from 'preact/hooks';

// The points where a seat may stop, in turn order: the phases and the combat steps.
export const stopPoints = ['upkeep', 'main1', 'beginning', 'attackers', 'blockers', 'agility', 'confrontation', 'end_of_combat', 'main2', 'end'];

// As MTG Arena: on my turn the main phases and, when I attack, the attackers step; on the
// opponents' turns the blockers step (when they attack). Full control stops everywhere.
export const defaultStops = { mine: ['main1', 'attackers', 'main2'], theirs: ['blockers'], full: false };

const key = 'starnexus.nexus.stops';

function read() {
  try {
    const s = JSON.parse(localStorage.getItem(key) || 'null');
    if (s && Array.isArray(s.mine) && Array.isArray(s.theirs)) return { mine: s.mine, theirs: s.theirs, full: !!s.full };
  } catch { /* a broken entry: the defaults */ }
  return { ...defaultStops };
}

const listeners = new Set();

// useStops is the stops and a function that changes and remembers them.
export function useStops() {
  const [stops, set] = useState(read);
  useEffect(() => { listeners.add(set); return () => listeners.delete(set); }, []);
  const save = (next) => {
    try { localStorage.setItem(key, JSON.stringify(next)); } catch { /* private mode: this page only */ }
    for (const f of listeners) f(next);
  };
  return [stops, save];
}

// pointOf is the stop point the view is at: the combat step, else the phase.
export const pointOf = (v) => (v.phase === 'combat' && v.step ? v.step : v.phase);

// stopsHere says whether the seat me stops at this priority for its stops.
export function stopsHere(v, me, stops) {
  if (stops.full) return true;
  const stack = v.stack || [];
  if (stack.length && stack[0].controller !== me) return true;
  if (stack.length) return false; // my own item: let it resolve
  const mine = v.active === me;
  const point = pointOf(v);
  if (!(mine ? stops.mine : stops.theirs).includes(point)) return false;
  // The combat stops matter only when there is a combat: my attackers step when I attack, the
  // others' blockers step when they attack.
  const attacking = (v.players || []).some((p) => (p.field || []).some((c) => c.attacking));
  if ((point === 'attackers' || point === 'blockers' || point === 'agility' || point === 'confrontation') && !attacking) return false;
  return true;
}

// autoAction is the action text the client sends without a click, or ''.
export function autoAction(v, me, stops) {
  const acts = v.actions || [];
  if (v.over || !acts.length || !v.pending) return '';
  if (stops.full && v.pending.kind === 'priority') return ''; // full control: every priority is the player's
  if (acts.length === 1) {
    const a = acts[0];
    if (a.verb === 'pass' || a.verb === 'done' || a.text === 'attack with none') return a.text;
  }
  if (v.pending.kind === 'priority' && acts.some((a) => a.verb === 'pass') && !stopsHere(v, me, stops)) return 'pass';
  return '';
}
