package realms

import "starnexus/engine"

// Accessors for bots: public information only, read without allocating.

// AppendWinners appends the winning seats to buf, like Winners but without allocating: the
// search bots score thousands of finished games a second.
func (s *State) AppendWinners(buf []engine.Seat) []engine.Seat {
	for i := 0; i < int(s.NSeats); i++ {
		if s.winners&(1<<i) != 0 {
			buf = append(buf, engine.Seat(i))
		}
	}
	return buf
}

// PendingOp is the effect that the pending decision answers (OpNone if there is none). A
// target choosing the cards an opponent's "opponent discards" makes it discard gets
// OpOpponentDiscards.
func (v View) PendingOp() Op {
	d := &v.s.dec
	switch {
	case d.Kind == decNone:
		return OpNone
	case d.Op == opDiscardTarget:
		return OpOpponentDiscards
	}
	return d.Op
}

// PendingOption is option i (from 1) of a pending choose-one decision, or nil.
func (v View) PendingOption(i int) Ability {
	d := &v.s.dec
	if d.Kind == decNone || d.eff == nil || i < 1 || i > len(d.eff.Options) {
		return nil
	}
	return d.eff.Options[i-1]
}

// PlayedThisTurn is the number of cards of faction f that seat has played this turn
// (SR 4.15; public: they are on the table).
func (v View) PlayedThisTurn(seat engine.Seat, f Faction) int {
	n := 0
	for i := 0; i < numFactions; i++ {
		if f&(1<<i) != 0 {
			n += int(v.s.P[seat].Played[i])
		}
	}
	return n
}

// CountOwned adds to counts, by CardID, every card seat owns: hand, deck, discard pile and
// play area. The total is public (DESIGN.md §2: every acquisition is seen), though where a
// hidden card lies is not, and this method does not say.
func (v View) CountOwned(seat engine.Seat, counts *[256]uint8) {
	p := &v.s.P[seat]
	for _, c := range v.s.hand(p) {
		counts[c]++
	}
	for _, c := range v.s.deck(p) {
		counts[c]++
	}
	for _, c := range v.s.discard(p) {
		counts[c]++
	}
	for _, ip := range v.s.playArea(p) {
		counts[ip.Card]++
	}
}

// Turns is the number of turns completed in the game.
func (v View) Turns() int { return int(v.s.Turns) }

// Observe implements engine.State. TEMPORARY: the View stands in until the observation of
// issue 14 lands.
func (s *State) Observe(seat engine.Seat, _ engine.Observation) engine.Observation {
	return s.View(seat).(*View)
}

// Key implements engine.Observation. TEMPORARY: a hash of the View's JSON.
func (v *View) Key() engine.InfoKey {
	var h engine.Hasher
	b, _ := v.MarshalJSON()
	h.AddBytes(b)
	return h.Key()
}
