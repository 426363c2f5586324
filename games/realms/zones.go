package realms

import "starnexus/engine"

// draw moves n cards from seat's deck to its hand, reshuffling the discard pile into the
// deck when the deck runs out (SR 3.5). It returns how many were drawn.
func (s *State) draw(seat engine.Seat, n int) int {
	p := &s.P[seat]
	own, hand := s.ownBuf(p), s.handBuf(p)
	got := 0
	from := p.HandN // the cards drawn since the last reshuffle start here (events)
	for ; got < n; got++ {
		if p.DeckN == 0 {
			if p.DiscN == 0 {
				break // SR 3.5: nothing left to draw
			}
			if s.recording() {
				s.evDrawn(seat, int(from))
				from = p.HandN
			}
			s.reshuffle(p)
			if s.recording() {
				s.evShuffled(seat)
			}
		}
		if int(p.HandN) == len(hand) {
			hand = s.growHand(seat)
		}
		p.DeckN--
		hand[p.HandN] = own[p.DeckN]
		p.HandN++
	}
	if s.recording() {
		s.evDrawn(seat, int(from))
	}
	return got
}

// reshuffle turns the discard pile into the deck (the deck must be empty).
func (s *State) reshuffle(p *player) {
	own := s.ownBuf(p)
	n := copy(own, s.discard(p))
	p.DiscN = 0
	p.DeckN = uint16(n)
	engine.Shuffle(&s.rng, own[:n])
}

// toDiscard puts c on top of seat's discard pile.
func (s *State) toDiscard(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	own := s.ownBuf(p)
	if int(p.DeckN)+int(p.DiscN) == len(own) {
		own = s.growOwn(seat, 0)
	}
	p.DiscN++
	own[len(own)-int(p.DiscN)] = c
}

// toDeckTop puts c on top of seat's deck.
func (s *State) toDeckTop(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	own := s.ownBuf(p)
	if int(p.DeckN)+int(p.DiscN) == len(own) {
		own = s.growOwn(seat, 0)
	}
	own[p.DeckN] = c
	p.DeckN++
}

// toHand puts c into seat's hand.
func (s *State) toHand(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	hand := s.handBuf(p)
	if int(p.HandN) == len(hand) {
		hand = s.growHand(seat)
	}
	hand[p.HandN] = c
	p.HandN++
}

// toPlay puts a card into seat's play area, after the others, and returns its index.
func (s *State) toPlay(seat engine.Seat, ip inPlay) int {
	p := &s.P[seat]
	play := s.playBuf(p)
	if int(p.PlayN) == len(play) {
		play = s.growPlay(seat)
	}
	i := int(p.PlayN)
	play[i] = ip
	p.PlayN++
	return i
}

// takeFromHand removes one copy of c from seat's hand; false if there is none.
func (s *State) takeFromHand(seat engine.Seat, c CardID) bool {
	p := &s.P[seat]
	h := s.handBuf(p)
	for i := int(p.HandN) - 1; i >= 0; i-- {
		if h[i] == c {
			p.HandN--
			h[i] = h[p.HandN]
			return true
		}
	}
	return false
}

// takeFromDiscard removes one copy of c from seat's discard pile; false if there is none.
func (s *State) takeFromDiscard(seat engine.Seat, c CardID) bool {
	p := &s.P[seat]
	d := s.discard(p)
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
	pl := s.playArea(p)
	card := pl[i]
	copy(pl[i:], pl[i+1:])
	pl[len(pl)-1] = inPlay{}
	p.PlayN--
	return card
}

// Growing a zone (docs/decisions.md, "Fixed capacities (Star Realms)"): a zone whose array is
// full moves to a heap slice twice its size, keeping its layout and order, so that a game
// that outgrows an array plays on by the same rules and the same shuffles. Only a game that
// gets there pays for the heap: its copies (CopyTo) allocate.

// bigOf returns p's big zones, making the State's.
func (s *State) bigOf(p *player) *bigZones {
	if s.big == nil {
		s.big = new(bigArea)
	}
	return &s.big.z[p.seat]
}

func (s *State) growHand(seat engine.Seat) []CardID {
	p := &s.P[seat]
	old := s.handBuf(p)
	h := make([]CardID, 2*len(old))
	copy(h, old[:p.HandN])
	s.bigOf(p).hand = h
	p.big |= bigHand
	return h
}

// growOwn moves seat's deck and discard pile to a heap slice of at least need cards.
func (s *State) growOwn(seat engine.Seat, need int) []CardID {
	p := &s.P[seat]
	deck, disc := s.deck(p), s.discard(p)
	o := make([]CardID, max(2*len(s.ownBuf(p)), need))
	copy(o, deck)
	copy(o[len(o)-len(disc):], disc)
	s.bigOf(p).own = o
	p.big |= bigOwn
	return o
}

func (s *State) growPlay(seat engine.Seat) []inPlay {
	p := &s.P[seat]
	old := s.playBuf(p)
	pl := make([]inPlay, 2*len(old))
	copy(pl, old[:p.PlayN])
	s.bigOf(p).play = pl
	p.big |= bigPlay
	return pl
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
			if s.recording() {
				s.evMove(engine.Spectator, s.Row[i], zoneTradeDeck, zoneTradeRow, 0)
			}
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
	for i, ip := range s.playArea(&s.P[seat]) {
		if ip.Card == c && (ok == nil || ok(i)) {
			return i
		}
	}
	return -1
}
