package realms

import (
	"slices"
	"strings"

	"starnexus/engine"
)

// Events (engine.EventRecorder). A State records what its actions do only when asked: the
// recorder sits in State.big, the one pointer of the rare heap part, which a new State has
// nil and a Clone, CloneInto and CopyTo never carry over (copyBig copies only the zones), so
// that the bots' and the search's copies never record and copy nothing more; each place that
// records tests that pointer first (recording). The helpers below are called only when
// recording, and never inlined: inlined, the events they build would grow the frames of the
// hot functions that call them.
//
// Visibility (SR 11.1): a card drawn is seen by its owner and those who may see its hand
// (team_hands_visible, Raid Elites); a card that leaves a hand for a public zone is public; a
// deck's order never shows (a reshuffle is one EvShuffled, a retired player's deck is told in
// name order, to its owner alone).

// Zone names of the events.
const (
	zoneHand      = "hand"
	zoneDeck      = "deck"
	zoneDiscard   = "discard"
	zoneInPlay    = "in_play"
	zoneTradeRow  = "trade_row"
	zoneTradeDeck = "trade_deck"
	zoneScrapHeap = "scrap_heap"
	zoneExplorers = "explorers"
)

// recorder holds the events recorded since the last TakeEvents.
type recorder struct {
	evs  []engine.Event
	src  CardID // the card whose ability is resolving, the Source of what it does
	from string // the zone a card being bought left
}

// recording reports whether s records events: one test of s.big, nil in the bots' States.
func (s *State) recording() bool { return s.big != nil && s.big.rec != nil }

// RecordEvents implements engine.EventRecorder.
func (s *State) RecordEvents(on bool) {
	switch {
	case !on:
		if s.big != nil {
			s.big.rec = nil
		}
	case s.big == nil:
		s.big = &bigArea{rec: &recorder{}}
	case s.big.rec == nil:
		s.big.rec = &recorder{}
	}
}

// TakeEvents implements engine.EventRecorder.
func (s *State) TakeEvents(buf []engine.Event) []engine.Event {
	if !s.recording() {
		return buf
	}
	r := s.big.rec
	buf = append(buf, r.evs...)
	clear(r.evs)
	r.evs = r.evs[:0]
	return buf
}

//go:noinline
func (s *State) emit(e engine.Event) { s.big.rec.evs = append(s.big.rec.evs, e) }

// name is a card's name for an event, "" for none.
func (s *State) name(c CardID) string {
	if c == 0 || int(c) > s.cat.NumIDs() {
		return ""
	}
	return s.cat.Card(c).Name
}

// handSeers is the set of seats that may see seat's hand (canSeeHand).
func (s *State) handSeers(seat engine.Seat) uint64 {
	bits := engine.SeatBit(seat)
	for v := 0; v < int(s.NSeats); v++ {
		if s.canSeeHand(engine.Seat(v), seat) {
			bits |= engine.SeatBit(engine.Seat(v))
		}
	}
	return bits
}

// evMove records that c of seat went from one zone to another; seen is Event.CardSeen.
//
//go:noinline
func (s *State) evMove(seat engine.Seat, c CardID, from, to string, seen uint64) {
	s.emit(engine.Event{Kind: engine.EvMoved, Seat: seat, Card: s.name(c), From: from, To: to, CardSeen: seen})
}

// evStat records a change of n in seat's stat because of the card src (0: the rules or the
// player's action), once the change is made: its Total is the stat's value now.
//
//go:noinline
func (s *State) evStat(seat engine.Seat, stat string, n int, src CardID) {
	if n == 0 {
		return
	}
	s.emit(engine.Event{Kind: engine.EvStat, Seat: seat, Stat: stat, Amount: n, Total: s.statValue(seat, stat), Source: s.name(src)})
}

// evEmptied records that seat's Trade and Combat pools, about to be emptied, go to 0.
//
//go:noinline
func (s *State) evEmptied(seat engine.Seat) {
	p := &s.P[seat]
	for _, st := range [...]struct {
		name string
		n    int16
	}{{"trade", p.Trade}, {"combat", p.Combat}} {
		if st.n != 0 {
			s.emit(engine.Event{Kind: engine.EvStat, Seat: seat, Stat: st.name, Amount: -int(st.n)})
		}
	}
}

// statValue is the value of seat's stat of an EvStat.
func (s *State) statValue(seat engine.Seat, stat string) int {
	switch stat {
	case "trade":
		return int(s.P[seat].Trade)
	case "combat":
		return int(s.P[seat].Combat)
	case "authority":
		return s.authority(seat)
	}
	return 0
}

// evTriggered records that the ability slot of card c of seat began to resolve.
//
//go:noinline
func (s *State) evTriggered(seat engine.Seat, c CardID, slot Slot) {
	s.big.rec.src = c
	s.emit(engine.Event{Kind: engine.EvTriggered, Seat: seat, Card: s.name(c), Ability: slot.String()})
}

// scrapZone is where scrap puts c: the scrap heap, or the Explorer pile (SR 4.11).
func (s *State) scrapZone(c CardID) string {
	if c == s.cat.Explorer {
		return zoneExplorers
	}
	return zoneScrapHeap
}

// destZone is the zone of an acquisition's destination.
func destZone(d Dest) string {
	switch d {
	case ToDeckTop:
		return zoneDeck
	case ToHand:
		return zoneHand
	}
	return zoneDiscard
}

// evChose records the answer a to the pending decision, before it is applied.
//
//go:noinline
func (s *State) evChose(a engine.Action) {
	d := &s.dec
	var src CardID
	if s.frame.Active {
		src = s.frame.Card
	}
	s.emit(engine.Event{Kind: engine.EvChose, Seat: d.Seat, Option: s.ActionText(d.Seat, a), Source: s.name(src)})
}

// evAttack records seat's spending n Combat on target (a player, or its base c).
//
//go:noinline
func (s *State) evAttack(seat, target engine.Seat, c CardID, n int) {
	s.evStat(seat, "combat", -n, 0)
	t := s.SeatName(target)
	if c != 0 {
		t = s.name(c)
	}
	s.emit(engine.Event{Kind: engine.EvDamage, Seat: target, Amount: n, Target: t})
}

// evRetire records that every card of t goes to the scrap heap: its hand seen as a hand is,
// its deck in name order to its owner alone.
//
//go:noinline
func (s *State) evRetire(t engine.Seat) {
	p := &s.P[t]
	hs := s.handSeers(t)
	hand := slices.Clone(s.hand(p))
	s.sortByName(hand)
	for _, c := range hand {
		s.evMove(t, c, zoneHand, s.scrapZone(c), hs)
	}
	deck := slices.Clone(s.deck(p))
	s.sortByName(deck)
	for _, c := range deck {
		s.evMove(t, c, zoneDeck, s.scrapZone(c), engine.SeatBit(t))
	}
	for _, c := range s.discard(p) {
		s.evMove(t, c, zoneDiscard, s.scrapZone(c), 0)
	}
	for _, ip := range s.playArea(p) {
		s.evMove(t, ip.Card, zoneInPlay, s.scrapZone(ip.Card), 0)
	}
	s.evEmptied(t)
	s.emit(engine.Event{Kind: engine.EvDefeated, Seat: t})
}

// evGameOver records the end of the game, which the action just applied brought.
//
//go:noinline
func (s *State) evGameOver() {
	w := engine.Spectator
	if ws := s.Winners(); len(ws) > 0 {
		w = ws[0]
	}
	s.emit(engine.Event{Kind: engine.EvGameOver, Seat: w})
}

// evCleanUp records seat's discard phase (SR 3.3): its pools empty, its ships in play and
// its hand go to its discard pile, in the order cleanUp moves them.
//
//go:noinline
func (s *State) evCleanUp(seat engine.Seat) {
	p := &s.P[seat]
	s.evEmptied(seat)
	for _, ip := range s.playArea(p) {
		if s.cat.Card(ip.Card).Kind == Ship {
			s.evMove(seat, ip.Card, zoneInPlay, zoneDiscard, 0)
		}
	}
	hand := slices.Clone(s.hand(p)) // in name order: the hand's order is the deck's
	s.sortByName(hand)
	for _, c := range hand {
		s.evMove(seat, c, zoneHand, zoneDiscard, 0)
	}
}

// evDrawn records the cards of seat's hand from index from on, just drawn, in name order:
// the order they were drawn in is the deck's, which never shows.
//
//go:noinline
func (s *State) evDrawn(seat engine.Seat, from int) {
	drawn := slices.Clone(s.hand(&s.P[seat])[from:])
	s.sortByName(drawn)
	seen := s.handSeers(seat)
	for _, c := range drawn {
		s.evMove(seat, c, zoneDeck, zoneHand, seen)
	}
}

// sortByName sorts cards by name.
func (s *State) sortByName(cards []CardID) {
	slices.SortFunc(cards, func(a, b CardID) int { return strings.Compare(s.name(a), s.name(b)) })
}

// evDestroyed records that owner's base c was destroyed and went to its discard pile.
//
//go:noinline
func (s *State) evDestroyed(owner engine.Seat, c CardID) {
	s.emit(engine.Event{Kind: engine.EvDestroyed, Seat: owner, Card: s.name(c)})
	s.evMove(owner, c, zoneInPlay, zoneDiscard, 0)
}

// evGiven records that c went from seat's zone from to the discard pile of to (an Emperor's
// pass, a defeated player's gift).
//
//go:noinline
func (s *State) evGiven(seat, to engine.Seat, c CardID, from string) {
	s.emit(engine.Event{Kind: engine.EvMoved, Seat: seat, Card: s.name(c), From: from, To: zoneDiscard, Target: s.SeatName(to)})
}

// evTurn records that the active seat's turn began.
//
//go:noinline
func (s *State) evTurn() {
	s.emit(engine.Event{Kind: engine.EvTurn, Seat: s.Active, Amount: int(s.Turns) + 1})
}

// evUpgraded records seat's paying for the upgrade of c into id and the stickers put on it.
//
//go:noinline
func (s *State) evUpgraded(seat engine.Seat, c, id CardID) {
	s.evStat(seat, "trade", -int(upgradeCost(s.cat.Card(c).Kind)), 0)
	s.emit(engine.Event{Kind: engine.EvCounter, Seat: seat, Card: s.name(id), Stat: "sticker", Amount: 1, Source: s.name(c)})
}

// evShuffled records that seat's discard pile was shuffled to make its deck.
//
//go:noinline
func (s *State) evShuffled(seat engine.Seat) {
	s.emit(engine.Event{Kind: engine.EvShuffled, Seat: seat, From: zoneDiscard, To: zoneDeck, Amount: int(s.P[seat].DeckN)})
}
