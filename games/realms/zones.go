package realms

import "starnexus/engine"

// draw moves n cards from seat's deck to its hand, reshuffling the discard pile into the
// deck when the deck runs out (SR 3.5). It returns how many were drawn.
func (s *State) draw(seat engine.Seat, n int) int {
	p := &s.P[seat]
	got := 0
	for ; got < n; got++ {
		if p.DeckN == 0 {
			if p.DiscN == 0 {
				break // SR 3.5: nothing left to draw
			}
			s.reshuffle(p)
		}
		if p.HandN == maxHand {
			break
		}
		p.DeckN--
		p.Hand[p.HandN] = p.Own[p.DeckN]
		p.HandN++
	}
	return got
}

// reshuffle turns the discard pile into the deck (the deck must be empty).
func (s *State) reshuffle(p *player) {
	n := copy(p.Own[:], p.discard())
	p.DiscN = 0
	p.DeckN = uint8(n)
	engine.Shuffle(&s.rng, p.Own[:n])
}

// toDiscard puts c on top of seat's discard pile.
func (s *State) toDiscard(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	if int(p.DeckN)+int(p.DiscN) >= maxOwn {
		s.ScrapHeap[c]++ // beyond any real game; keep the card accounted for
		return
	}
	p.DiscN++
	p.Own[maxOwn-int(p.DiscN)] = c
}

// toDeckTop puts c on top of seat's deck.
func (s *State) toDeckTop(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	if int(p.DeckN)+int(p.DiscN) >= maxOwn {
		s.ScrapHeap[c]++
		return
	}
	p.Own[p.DeckN] = c
	p.DeckN++
}

// toHand puts c into seat's hand (or its discard pile if the hand is at its size limit).
func (s *State) toHand(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	if p.HandN == maxHand {
		s.toDiscard(seat, c)
		return
	}
	p.Hand[p.HandN] = c
	p.HandN++
}

// takeFromHand removes one copy of c from seat's hand; false if there is none.
func (s *State) takeFromHand(seat engine.Seat, c CardID) bool {
	p := &s.P[seat]
	for i := int(p.HandN) - 1; i >= 0; i-- {
		if p.Hand[i] == c {
			p.HandN--
			p.Hand[i] = p.Hand[p.HandN]
			return true
		}
	}
	return false
}

// takeFromDiscard removes one copy of c from seat's discard pile; false if there is none.
func (s *State) takeFromDiscard(seat engine.Seat, c CardID) bool {
	p := &s.P[seat]
	d := p.discard()
	for i, x := range d {
		if x == c {
			d[i] = d[0]
			p.DiscN--
			return true
		}
	}
	return false
}

// removeFromPlay takes the card at index i out of seat's play area, keeping the order.
func (s *State) removeFromPlay(seat engine.Seat, i int) inPlay {
	p := &s.P[seat]
	card := p.Play[i]
	copy(p.Play[i:p.PlayN], p.Play[i+1:p.PlayN])
	p.PlayN--
	p.Play[p.PlayN] = inPlay{}
	return card
}

// scrap puts a card into the scrap heap, or back on the Explorer pile (SR 4.11).
func (s *State) scrap(c CardID) {
	if c == s.cat.Explorer {
		s.Explorers++
		return
	}
	s.ScrapHeap[c]++
}

// refillRow fills empty Trade Row slots from the trade deck (SR 4.12).
func (s *State) refillRow() {
	for i := range s.Row {
		if s.Row[i] == 0 && s.TradeN > 0 {
			s.TradeN--
			s.Row[i] = s.TradeDeck[s.TradeN]
		}
	}
}

// rowIndex finds c in the Trade Row.
func (s *State) rowIndex(c CardID) int {
	for i, x := range s.Row {
		if x == c && c != 0 {
			return i
		}
	}
	return -1
}

// playIndex finds the first card of seat's play area whose card is c and for which ok holds.
func (s *State) playIndex(seat engine.Seat, c CardID, ok func(int) bool) int {
	p := &s.P[seat]
	for i := 0; i < int(p.PlayN); i++ {
		if p.Play[i].Card == c && (ok == nil || ok(i)) {
			return i
		}
	}
	return -1
}
