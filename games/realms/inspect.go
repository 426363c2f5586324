package realms

import (
	"bytes"
	"fmt"

	"starnexus/engine"
)

// Zones a Cards call can read. Full-state inspection is for the scenario runner, tests and
// the log of a finished game; bots get an Observation and clients a View instead.
const (
	InHand    = "hand"
	InDeck    = "deck" // top first
	InDiscard = "discard"
	InPlay    = "in_play"
	InBases   = "bases"
)

// Cards lists the cards of one of seat's zones (decks top first).
func (s *State) Cards(seat engine.Seat, zone string) []CardID {
	p := &s.P[seat]
	switch zone {
	case InHand:
		return append([]CardID(nil), s.hand(p)...)
	case InDeck:
		d := s.deck(p)
		out := make([]CardID, len(d))
		for i := range d {
			out[i] = d[len(d)-1-i]
		}
		return out
	case InDiscard:
		return append([]CardID(nil), s.discard(p)...)
	case InPlay, InBases:
		var out []CardID
		for _, ip := range s.playArea(p) {
			if zone == InPlay || s.cat.Card(ip.Card).Kind == Base {
				out = append(out, ip.Card)
			}
		}
		return out
	}
	return nil
}

// BaseDamage maps the bases of seat that carry damage to that damage (Raid).
func (s *State) BaseDamage(seat engine.Seat) map[CardID]int {
	out := map[CardID]int{}
	for _, ip := range s.playArea(&s.P[seat]) {
		if ip.Dmg > 0 {
			out[ip.Card] += int(ip.Dmg)
		}
	}
	return out
}

// Authority, pools and status of a seat.
func (s *State) Authority(seat engine.Seat) int { return s.authority(seat) }

// Trade is seat's Trade pool.
func (s *State) Trade(seat engine.Seat) int { return int(s.P[seat].Trade) }

// Combat is seat's Combat pool.
func (s *State) Combat(seat engine.Seat) int { return int(s.P[seat].Combat) }

// Defeated reports whether seat is out of the game.
func (s *State) Defeated(seat engine.Seat) bool { return s.P[seat].Defeated }

// TradeRowCards lists the cards of the Trade Row, left to right, without empty slots.
func (s *State) TradeRowCards() []CardID {
	var out []CardID
	for _, c := range s.Row {
		if c != 0 {
			out = append(out, c)
		}
	}
	return out
}

// ScrapHeapCards lists the scrap heap.
func (s *State) ScrapHeapCards() []CardID {
	var out []CardID
	for c, n := range s.ScrapHeap {
		for k := 0; k < int(n); k++ {
			out = append(out, CardID(c))
		}
	}
	return out
}

// TradeDeckCount is the number of cards left in the trade deck.
func (s *State) TradeDeckCount() int { return int(s.TradeN) }

// ExplorerCount is the size of the Explorer pile.
func (s *State) ExplorerCount() int { return int(s.Explorers) }

// CardCounts counts every card of the game by CardID, in every zone: the conservation
// invariant of DESIGN.md §5 compares it before and after each action.
func (s *State) CardCounts() [256]int {
	var n [256]int
	for i := 0; i < int(s.NSeats); i++ {
		p := &s.P[i]
		for _, c := range s.hand(p) {
			n[c]++
		}
		for _, c := range s.deck(p) {
			n[c]++
		}
		for _, c := range s.discard(p) {
			n[c]++
		}
		for _, ip := range s.playArea(p) {
			n[ip.Card]++
		}
	}
	for _, c := range s.Row {
		n[c]++
	}
	for _, c := range s.TradeDeck[:s.TradeN] {
		n[c]++
	}
	for c, k := range s.ScrapHeap {
		n[c] += int(k)
	}
	n[s.cat.Explorer] += int(s.Explorers)
	n[0] = 0
	return n
}

// CheckInvariants returns an error if the State breaks a rule no action may break: a negative
// pool, a zone over its storage, big zones this State does not know it has, more copies of a
// card than a game may hold, a decision for a defeated seat (DESIGN.md §5).
func (s *State) CheckInvariants() error {
	for i := 0; i < int(s.NSeats); i++ {
		p := &s.P[i]
		if p.Trade < 0 || p.Combat < 0 {
			return errorf("seat %d has a negative pool: trade %d, combat %d", i, p.Trade, p.Combat)
		}
		if p.Authority > poolLimit {
			return errorf("seat %d has an Authority past %d", i, poolLimit)
		}
		if int(p.DeckN)+int(p.DiscN) > len(s.ownBuf(p)) || int(p.HandN) > len(s.handBuf(p)) || int(p.PlayN) > len(s.playBuf(p)) {
			return errorf("seat %d has a zone over its size", i)
		}
		if int(p.seat) != i {
			return errorf("seat %d believes it is seat %d", i, p.seat)
		}
		for _, z := range []struct {
			bit uint8
			big bool
		}{{bigHand, s.big != nil && s.big.z[i].hand != nil}, {bigOwn, s.big != nil && s.big.z[i].own != nil}, {bigPlay, s.big != nil && s.big.z[i].play != nil}} {
			if (p.big&z.bit != 0) != z.big {
				return errorf("seat %d: zone flags %b disagree with the big zones", i, p.big)
			}
		}
		gifting := s.dec.Op == opGift && s.dec.Seat == engine.Seat(i)
		if p.Defeated && !gifting && (p.HandN|p.DeckN|p.DiscN|p.PlayN) != 0 {
			return errorf("defeated seat %d still holds cards", i)
		}
	}
	if !s.over && s.P[s.toMove()].Defeated && s.dec.Op != opGift {
		return errorf("defeated seat %d is to move", s.toMove())
	}
	if s.fault != faultNone && !s.over {
		return errorf("a fault in a game that goes on: %s", s.Fault())
	}
	return s.checkCopies()
}

// checkCopies refuses a game with more than maxCopies copies of one card (at setup; cards are
// conserved, so it holds ever after).
func (s *State) checkCopies() error {
	for id, n := range s.CardCounts() {
		if n > maxCopies {
			return errorf("%d copies of %s: a game holds at most %d copies of a card", n, s.cat.Card(CardID(id)).Name, maxCopies)
		}
	}
	return nil
}

// shuffleHidden shuffles, in place, the cards that viewer cannot see: each hidden hand
// together with its deck, each deck whose hand viewer sees, and the trade deck (CheckHidden).
func (s *State) shuffleHidden(viewer engine.Seat, rng *engine.RNG) {
	var arr [maxHand + maxOwn]CardID
	for o := 0; o < int(s.NSeats); o++ {
		p := &s.P[o]
		if s.canSeeHand(viewer, engine.Seat(o)) {
			engine.Shuffle(rng, s.deck(p))
			continue
		}
		pool := arr[:]
		if k := int(p.HandN) + int(p.DeckN); k > len(pool) {
			pool = make([]CardID, k) // zones that outgrew their arrays
		}
		n := copy(pool, s.hand(p))
		n += copy(pool[n:], s.deck(p))
		engine.Shuffle(rng, pool[:n])
		copy(s.hand(p), pool[:n])
		copy(s.deck(p), pool[p.HandN:n])
	}
	engine.Shuffle(rng, s.TradeDeck[:s.TradeN])
}

// CheckHidden returns an error if some seat's View depends on cards that seat cannot see: it
// shuffles the cards hidden from the seat in a copy and compares the seat's encoded View
// (DESIGN.md §5, §8).
func (s *State) CheckHidden(rng *engine.RNG) error {
	for seat := 0; seat < int(s.NSeats); seat++ {
		before, err := s.View(engine.Seat(seat)).MarshalJSON()
		if err != nil {
			return err
		}
		other := s.Clone().(*State)
		other.shuffleHidden(engine.Seat(seat), rng)
		got, err := other.View(engine.Seat(seat)).MarshalJSON()
		if err != nil {
			return err
		}
		if !bytes.Equal(before, got) {
			return fmt.Errorf("seat %d's view changed when only hidden cards moved:\n%s\n%s", seat, before, got)
		}
	}
	return nil
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
