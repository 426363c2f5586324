package nexus

import "starnexus/engine"

// Shortcut is the search bots' judge of Stellar Nexus decisions that need no search
// (engine.Shortcut): it names the one sensible action when every other legal action is
// pointless or ends in the same position. It reads only the seat's Observation, through a
// scratch public State as Greedy does, and allocates nothing once that State is made: one
// Shortcut per bot (NewShortcut).
//
// Its rules, each safe whatever the hidden cards are:
//   - paying a cost with as many untapped resources as there are still to tap: every one of
//     them ends tapped whatever the order (the order of linked special resources is a
//     decision of its own, 9.4), so the first listed is played;
//   - priority with an empty stack outside combat, when every action but passing casts an
//     instant whose only effects are temporary boosts (modify with no negative value, grant)
//     that end with the phase, and no untapped special resource could add an Affinity: the
//     boost would end before anything could use it (a removal spell or a fight comes through
//     the stack, where the bot may still answer it), so the bot passes;
//   - the reserve swaps (SN 2.5): the deck is played as built. What a swap is worth shows
//     only turns later, far past a rollout's horizon; a search would choose by noise.
type Shortcut struct {
	scratch *State
}

// NewShortcut returns a judge of obvious decisions for one search bot.
func NewShortcut() *Shortcut { return &Shortcut{} }

// Obvious implements engine.Shortcut.
func (sc *Shortcut) Obvious(ev engine.Observation, legal []engine.Action) (engine.Action, bool) {
	o, ok := ev.(*Observation)
	if !ok || len(legal) == 0 {
		return 0, false
	}
	switch o.pend.K {
	case pPay, pPrio:
	case pSwap:
		done := mkA(aDone, 0)
		for _, a := range legal {
			if a == done {
				return a, true
			}
		}
		return 0, false
	default:
		return 0, false
	}
	if sc.scratch == nil {
		sc.scratch = new(State)
	}
	o.readable(sc.scratch)
	s, me := sc.scratch, int8(o.seat)
	if me < 0 || me >= s.N {
		return 0, false
	}
	if s.Pend.K == pPay {
		if s.Pend.N > 0 && untappedResources(s, me, false) <= int(s.Pend.N) {
			return legal[0], true
		}
		return 0, false
	}
	return passIfPointless(s, me, legal)
}

// untappedResources counts me's untapped resources on the field (special ones only, if
// special).
func untappedResources(s *State, me int8, special bool) int {
	n := 0
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if x.Def == 0 || x.Zone != zField || x.Ctrl != me || x.has(fTapped) || !s.isResource(oid(i)) {
			continue
		}
		if !special || s.tab.Defs[x.Def].Type == TSpecial {
			n++
		}
	}
	return n
}

// passIfPointless is the priority rule of Shortcut: pass when every other action casts an
// instant whose effect would end, unused, with the phase.
func passIfPointless(s *State, me int8, legal []engine.Action) (engine.Action, bool) {
	if s.NS != 0 || s.Phase == phCombat || s.opts.InstantTurn || untappedResources(s, me, true) > 0 {
		return 0, false
	}
	pass := engine.Action(0)
	for _, a := range legal {
		switch kindOf(a) {
		case aPass:
			pass = a
		case aCast:
			if !passingBoost(&s.tab.Defs[s.O[aObj(a)].Def]) {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return pass, pass != 0
}

// passingBoost reports whether d is an instant whose only effects are boosts that last the
// phase: +X/+Y (no negative value) and keyword grants.
func passingBoost(d *Def) bool {
	if d.Type != TInstant {
		return false
	}
	ab := d.first(AResolve)
	if ab == nil || len(ab.Effs) == 0 {
		return false
	}
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.Until != DurDefault && e.Until != DurPhase {
			return false
		}
		switch e.V {
		case VModify:
			if e.DS < 0 || e.DE < 0 {
				return false
			}
		case VGrant:
		default:
			return false
		}
	}
	// An Affinity or Dissonance printed on the instant itself could do more than boost.
	for i := range d.Abs {
		if k := d.Abs[i].Kind; k == AAffinity || k == ADissonance {
			return false
		}
	}
	return true
}
