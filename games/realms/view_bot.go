package realms

import "starnexus/engine"

// Accessors for bots: what an Observation holds, read without allocating. Bots read the game
// through these only (greedy.go, velocity.go); none reveals a hand the seat may not see or
// the order of a deck.

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

// Catalog is the public card data.
func (o *Observation) Catalog() *Catalog { return o.t.cat }

// NumSeats is the number of seats.
func (o *Observation) NumSeats() int { return int(o.t.NSeats) }

// Active is the seat whose turn it is.
func (o *Observation) Active() engine.Seat { return o.t.Active }

// Over reports whether the game has ended.
func (o *Observation) Over() bool { return o.t.over }

// Turns is the number of turns completed in the game.
func (o *Observation) Turns() int { return int(o.t.Turns) }

// Rounds is the number of completed rounds.
func (o *Observation) Rounds() int { return int(o.t.Rounds) }

// Authority of a seat (its team's in Hydra, SR 10.4: kept by the team's first seat).
func (o *Observation) Authority(seat engine.Seat) int {
	if o.t.Fmt == fmtHydra {
		for i := 0; i < int(o.t.NSeats); i++ {
			if o.t.Team[i] == o.t.Team[seat] {
				return int(o.p[i].pub.Authority)
			}
		}
	}
	return int(o.p[seat].pub.Authority)
}

// Trade is a seat's Trade pool (public: it is counted on the table).
func (o *Observation) Trade(seat engine.Seat) int { return int(o.p[seat].pub.Trade) }

// Combat is a seat's Combat pool.
func (o *Observation) Combat(seat engine.Seat) int { return int(o.p[seat].pub.Combat) }

// Defeated reports whether a seat is out of the game.
func (o *Observation) Defeated(seat engine.Seat) bool { return o.p[seat].pub.Defeated }

// Team is a seat's team number from 1 in formats with teams, else 0.
func (o *Observation) Team(seat engine.Seat) int {
	switch o.t.Fmt {
	case fmtHydra, fmtEmperor, fmtRaid:
		return int(o.t.Team[seat]) + 1
	}
	return 0
}

// Role is a seat's role in Emperor and Raid ("emperor", "admiral", "boss", "elite"), or "".
func (o *Observation) Role(seat engine.Seat) string { return roleNames[o.t.Role[seat]] }

// CanSeeHand reports whether the observing seat sees seat's hand (View.CanSeeHand).
func (o *Observation) CanSeeHand(seat engine.Seat) bool { return o.p[seat].seen }

// Hand is a seat's hand if the observing seat sees it, else empty.
func (o *Observation) Hand(seat engine.Seat) []CardID { return o.p[seat].handCards() }

// HandCount is the number of cards in a seat's hand.
func (o *Observation) HandCount(seat engine.Seat) int { return int(o.p[seat].pub.HandN) }

// DeckCount is the number of cards in a seat's deck.
func (o *Observation) DeckCount(seat engine.Seat) int { return int(o.p[seat].pub.DeckN) }

// Discard is a seat's discard pile (public, SR 2.5).
func (o *Observation) Discard(seat engine.Seat) []CardID { return o.p[seat].discard.Cards() }

// PlayCount is the number of cards in a seat's play area.
func (o *Observation) PlayCount(seat engine.Seat) int { return int(o.p[seat].pub.PlayN) }

// PlayCard is the card at index i of seat's play area.
func (o *Observation) PlayCard(seat engine.Seat, i int) CardID { return o.p[seat].playCards()[i].Card }

// BaseDamage is the damage the card at index i of seat's play area carries (Raid).
func (o *Observation) BaseDamage(seat engine.Seat, i int) int {
	return int(o.p[seat].playCards()[i].Dmg)
}

// Unseen is what the observing seat knows of the cards of seat it cannot see: its hand and
// deck together, or its deck alone when the hand is seen, as a multiset.
func (o *Observation) Unseen(seat engine.Seat) *engine.Bag[CardID] { return &o.p[seat].unseen }

// TradeDeck is the trade deck as a multiset.
func (o *Observation) TradeDeck() *engine.Bag[CardID] { return &o.trade }

// TradeRow is the Trade Row (0 for an empty slot).
func (o *Observation) TradeRow() [rowSize]CardID { return o.t.Row }

// TradeDeckCount is the number of cards left in the trade deck.
func (o *Observation) TradeDeckCount() int { return int(o.t.TradeN) }

// Explorers is the size of the Explorer pile.
func (o *Observation) Explorers() int { return int(o.t.Explorers) }

// Scrapped is the number of copies of c in the scrap heap.
func (o *Observation) Scrapped(c CardID) int { return int(o.t.ScrapHeap[c]) }

// PendingOp is the effect that the pending decision answers (OpNone if there is none). A
// target choosing the cards an opponent's "opponent discards" makes it discard gets
// OpOpponentDiscards.
func (o *Observation) PendingOp() Op {
	d := &o.t.dec
	switch {
	case d.Kind == decNone:
		return OpNone
	case d.Op == opDiscardTarget:
		return OpOpponentDiscards
	}
	return d.Op
}

// PendingOption is option i (from 1) of a pending choose-one decision, or nil.
func (o *Observation) PendingOption(i int) Ability {
	d := &o.t.dec
	if d.Kind == decNone || d.eff == nil || i < 1 || i > len(d.eff.Options) {
		return nil
	}
	return d.eff.Options[i-1]
}

// PlayedThisTurn is the number of cards of faction f that seat has played this turn
// (SR 4.15; public: they are on the table).
func (o *Observation) PlayedThisTurn(seat engine.Seat, f Faction) int {
	n := 0
	for i := 0; i < numFactions; i++ {
		if f&(1<<i) != 0 {
			n += int(o.p[seat].pub.Played[i])
		}
	}
	return n
}

// CountOwned adds to counts, by CardID, every card seat owns: hand, deck, discard pile and
// play area. The total is public (DESIGN.md §2: every acquisition is seen), though where a
// hidden card lies is not, and this method does not say.
func (o *Observation) CountOwned(seat engine.Seat, counts *[256]int) {
	q := &o.p[seat]
	q.unseen.AddCounts(counts[:])
	for _, c := range q.handCards() {
		counts[c]++
	}
	for _, c := range q.discard.Cards() {
		counts[c]++
	}
	for _, ip := range q.playCards() {
		counts[ip.Card]++
	}
}
