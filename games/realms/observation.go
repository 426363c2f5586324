package realms

import (
	"unsafe"

	"starnexus/engine"
)

// Observation is what one seat knows of a game of Star Realms (engine.Observation, SR 11.1):
// the public table, every player's authority, pools and counts, its public zones, the hands
// the seat may see, and, as multisets whose order only package engine can read (engine.Bag),
// each other player's hand and deck together, a seen player's deck and the trade deck.
//
// It is filled by an allow-list and holds no State and no player: a pointer to the State's
// table (the public part of its header), a pointer to each player's seatTable (its public
// scalars), the arrays of the zones wholly public to the seat (its hand, the hands it may see,
// the play areas), read at their counts, and engine types for the zones that share an array
// with hidden cards (engine.Tail for a discard pile, engine.Bag for what is hidden), which
// only package engine can read past the public part. Filling it sets pointers and never loops
// over cards; refilled from the same State for the same seat it has nothing to do, since
// every zone is read at its count when asked. It is valid until the State it was made from
// next changes (engine.Observation).
type Observation struct {
	seat  engine.Seat
	t     *table
	marks marks
	n     uint8 // seats filled in p
	fmt   uint8 // the format p was filled in (which hands are seen)
	// Raid and Hydra: the options of the game p was filled for, which stand for its teams and
	// roles (which hands are seen).
	opts *Options
	// p has one entry a seat, allocated apart so that an observation of a duel, which every
	// game a driver plays allocates, stays small for the garbage collector.
	p      []seatObs
	trade  engine.Bag[CardID] // the trade deck
	tradeN uint8              // its count when it was made
	dirty  bool               // some player is stale
}

// seatObs is what the observing seat knows of one player.
type seatObs struct {
	pub *seatTable
	// made is stale when the fields below must be made anew (another seat, another State, a
	// zone in the big zones), else 0: they read the zones at their counts when asked.
	made uint64
	seen bool // the observer sees this player's hand
	// handAll is the whole array of the hand when seen (else nil), playAll the whole array of
	// the play area: their counts are read through pub when asked (handCards, playCards), so
	// that playing a card changes nothing to refill. The slots past a count hold only cards
	// this zone held before in the game, which the observer saw there.
	handAll []CardID
	playAll []inPlay
	// discard is the discard pile, the end of the array whose front is the deck (engine.Tail
	// keeps the front out of reach).
	discard engine.Tail[CardID]
	// unseen is the hand and the deck together when the hand is not seen, else the deck.
	unseen engine.Bag[CardID]
}

// stale is a seatObs.made that no counts make (a hand of 0xffff cards, past what a game
// holds), so that the slices are made anew.
const stale = ^uint64(0)

// handCards is the hand when the observer sees it, else nil.
func (q *seatObs) handCards() []CardID {
	if q.handAll == nil {
		return nil
	}
	n := q.pub.HandN
	return q.handAll[:n:n]
}

// playCards is the play area.
func (q *seatObs) playCards() []inPlay {
	n := q.pub.PlayN
	return q.playAll[:n:n]
}

// Observe implements engine.State: seat's observation (engine.Spectator: the public one),
// in dst when dst is an Observation of this package. It allocates only for a nil or foreign
// dst.
//
// It runs before every decision of every bot, so it does the least it can: refilled from the
// State it was made from for the same seat, it changes nothing but the marks and, when the
// trade deck's count moved, the trade deck's bag (players with big zones are made anew).
func (s *State) Observe(seat engine.Seat, dst engine.Observation) engine.Observation {
	o, ok := dst.(*Observation)
	if !ok || o == nil {
		o = new(Observation)
	}
	n := s.NSeats
	if o.t != &s.table || o.n != n || o.fmt != s.Fmt {
		o.reset(s)
	}
	if s.Fmt == fmtRaid || s.Fmt == fmtHydra {
		// Only Raid and Hydra let a seat see another's hand (canSeeHand), by its teams, roles
		// and options: when they or the seat change, every hand may change sides. Teams and
		// roles are dealt at setup and never change in a game, whose clones share its
		// options: the options' address stands for them unless the seat changed.
		if o.seat != seat || o.opts != s.opts {
			o.opts = s.opts
			for i := range o.p {
				o.p[i].made = stale
			}
			o.dirty = true
		}
	} else if o.seat != seat {
		// Only the hands of the old seat and the new one change sides.
		o.stale(o.seat)
		o.stale(seat)
	}
	o.seat = seat
	o.marks = s.marks
	if o.dirty || s.big != nil {
		// Made anew: the players marked stale, and every player of a State with big zones
		// (a zone may have moved to the heap, or be about to; rare) or one that records
		// events (the server's; bots never observe one).
		o.dirty = false
		for i := range o.p {
			if q := &o.p[i]; q.made == stale || s.big != nil {
				s.observeZones(q, &s.P[i], seat)
				// A player with big zones holds slices of them as they are now: made anew
				// at the next refill too, even once the State has no big zones any more
				// (a State a search deals into again).
				o.dirty = o.dirty || q.made == stale
			}
		}
	}
	if o.tradeN != s.TradeN {
		o.tradeN = s.TradeN
		engine.SetBag(&o.trade, s.TradeDeck[:s.TradeN], nil)
	}
	return o
}

// reset starts o afresh for an observation of s: every player's slices are to be made.
//
//go:noinline
func (o *Observation) reset(s *State) {
	n := int(s.NSeats)
	if cap(o.p) < n {
		o.p = make([]seatObs, n)
	}
	clear(o.p[n:cap(o.p)]) // the zones of another State, which nothing reads now
	o.p = o.p[:n]
	for i := range o.p {
		o.p[i].made = stale
	}
	o.t, o.n, o.fmt, o.dirty = &s.table, s.NSeats, s.Fmt, true
	o.tradeN = s.TradeN
	engine.SetBag(&o.trade, s.TradeDeck[:s.TradeN], nil)
}

// stale marks seat's slices as to be made (nothing for the spectator).
func (o *Observation) stale(seat engine.Seat) {
	if seat >= 0 && int(seat) < len(o.p) {
		o.p[seat].made, o.dirty = stale, true
	}
}

// observeZones makes the slices of p's zones that q holds for seat.
func (s *State) observeZones(q *seatObs, p *player, seat engine.Seat) {
	seen := engine.Seat(p.seat) == seat || s.canSeeHand(seat, engine.Seat(p.seat))
	if q.pub != &p.seatTable {
		q.pub = &p.seatTable
	}
	q.made, q.seen = 0, seen
	if p.big != 0 {
		q.made = stale // a big zone may move while its count stays
		s.observeBig(q, p, seen)
		return
	}
	// The zones are read at their counts when asked (engine.Tail, engine.SetCountedBag),
	// so that a refill has nothing to do while they stay in their arrays.
	z := &p.zoneCounts
	engine.SetTail(&q.discard, p.Own[:], &z.DiscN)
	q.playAll = p.Play[:]
	if seen {
		q.handAll = p.Hand[:]
		engine.SetCountedBag(&q.unseen, nil, nil, p.Own[:], &z.DeckN)
	} else {
		q.handAll = nil
		engine.SetCountedBag(&q.unseen, p.Hand[:], &z.HandN, p.Own[:], &z.DeckN)
	}
}

// observeBig is observeZones for a player with zones in the big zones.
//
//go:noinline
func (s *State) observeBig(q *seatObs, p *player, seen bool) {
	hand, own, play := s.handBuf(p), s.ownBuf(p), s.playBuf(p)
	engine.SetTail(&q.discard, own, &p.zoneCounts.DiscN)
	q.playAll = play
	deck, h := own[:p.DeckN], hand[:p.HandN]
	if seen {
		q.handAll = hand
		engine.SetBag(&q.unseen, deck, nil)
	} else {
		q.handAll = nil
		engine.SetBag(&q.unseen, h, deck)
	}
}

// canSeeHand reports whether viewer may see seat's hand (SR 11.1): its own; Raid Elites see
// each other's (SR 10.6); Hydra teammates with the team_hands_visible option (SR 10.4).
func (s *State) canSeeHand(viewer, seat engine.Seat) bool {
	if seat == viewer {
		return true
	}
	if viewer < 0 || int(viewer) >= int(s.NSeats) || !s.teammates(viewer, seat) {
		return false
	}
	return (s.Fmt == fmtRaid && s.Role[seat] == roleElite && s.Role[viewer] == roleElite) ||
		(s.Fmt == fmtHydra && s.opts.TeamHandsVisible)
}

// Seat implements engine.Observation.
func (o *Observation) Seat() engine.Seat { return o.seat }

// Determinize implements engine.Observation: a State built from the observation alone. The
// public parts are copied; each hand the seat does not see is dealt with its owner's deck
// from their multiset, a seen player's deck from its own, and the trade deck from its own,
// each sorted first (engine.Bag.Sorted) so that the deal depends only on which cards there
// are and on rng. The random source is new, and the State records no events. Everything in
// dst is overwritten, unused slots of the zones included.
func (o *Observation) Determinize(dst engine.State, rng *engine.RNG) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || &d.table == o.t {
		d = new(State) // never deal into the State the observation reads
	}
	n := int(o.t.NSeats)
	if old := min(int(d.NSeats), MaxSeats); old > n {
		clear(d.P[n:old])
	}
	d.table = *o.t
	d.marks = o.marks
	d.views, d.spectator = [MaxSeats]View{}, View{}
	d.big = nil
	var buf [maxHand + maxOwn]CardID
	for i := 0; i < n; i++ {
		q := &o.p[i]
		p := &d.P[i]
		p.seatTable = *q.pub
		p.seat, p.big = uint8(i), 0
		hand, own, play := p.Hand[:], p.Own[:], p.Play[:]
		hn, dn, xn, pn := int(p.HandN), int(p.DeckN), int(p.DiscN), int(p.PlayN)
		if hn > len(hand) || dn+xn > len(own) || pn > len(play) {
			hand, own, play = d.bigBufs(p, hn, dn+xn, pn)
		}
		copy(play, q.playCards())
		clear(play[pn:])
		copy(own[len(own)-xn:], q.discard.Cards())
		clear(own[dn : len(own)-xn])
		if q.seen {
			copy(hand, q.handCards())
			q.unseen.Sorted(own[:0]) // the deck, at the front of own
			engine.Shuffle(rng, own[:dn])
		} else {
			pool := buf[:0]
			if hn+dn > len(buf) {
				pool = make([]CardID, 0, hn+dn)
			}
			pool = q.unseen.Sorted(pool)
			engine.Shuffle(rng, pool)
			copy(hand, pool[:hn])
			copy(own, pool[hn:])
		}
		clear(hand[hn:])
	}
	o.trade.Sorted(d.TradeDeck[:0])
	engine.Shuffle(rng, d.TradeDeck[:d.TradeN])
	clear(d.TradeDeck[d.TradeN:])
	d.rng = engine.NewRNG(rng.Uint64())
	return d
}

// bigBufs gives p the storage for zones of hand, own and play cards, moving to big zones
// (zones.go) those that do not fit their arrays, at the size growing them would reach.
func (s *State) bigBufs(p *player, hand, own, play int) ([]CardID, []CardID, []inPlay) {
	h, o, pl := p.Hand[:], p.Own[:], p.Play[:]
	if hand > len(h) {
		h = make([]CardID, grownLen(len(h), hand))
		s.bigOf(p).hand = h
		p.big |= bigHand
	}
	if own > len(o) {
		o = make([]CardID, grownLen(len(o), own))
		s.bigOf(p).own = o
		p.big |= bigOwn
	}
	if play > len(pl) {
		pl = make([]inPlay, grownLen(len(pl), play))
		s.bigOf(p).play = pl
		p.big |= bigPlay
	}
	return h, o, pl
}

// grownLen is the length a zone of n cards reaches by doubling its array of size base.
func grownLen(base, n int) int {
	for base < n {
		base *= 2
	}
	return base
}

// Key implements engine.Observation: a hash of everything the observation holds, the
// multisets by their contents whatever their order.
func (o *Observation) Key() engine.InfoKey {
	var h engine.Hasher
	t := o.t
	h.Add(uint64(int64(o.seat)))
	// The catalog grows (copy on write) when a campaign game makes an upgraded copy; its
	// size says which copies exist, and the options never change during a game.
	h.Add(uint64(t.cat.NumIDs()) | uint64(t.Turns)<<8 | uint64(t.Rounds)<<40 | uint64(t.NSeats)<<56)
	hashFrame(&h, &t.frame)
	hashFrame(&h, &t.outer)
	h.Add(uint64(t.Fmt) | uint64(t.Ended)<<8 | uint64(uint8(t.Active))<<16 | uint64(uint8(t.RoundFirst))<<24 |
		uint64(b2u(t.over))<<32 | uint64(t.winners)<<40 | uint64(t.TradeN)<<48 | uint64(t.Explorers)<<56)
	h.Add(pack(t.Team[:]) | uint64(t.Row[0])<<48 | uint64(t.Row[1])<<56)
	h.Add(pack(t.Role[:]) | uint64(t.Row[2])<<48 | uint64(t.Row[3])<<56)
	h.Add(uint64(t.Row[4]) | uint64(uint8(t.acq.Seat))<<16 | uint64(t.acq.Card)<<24 |
		uint64(t.acq.Dest)<<32 | uint64(b2u(t.acq.Upgraded))<<40 | uint64(o.marks.fault)<<48 | uint64(o.marks.UpgStart)<<56)
	h.AddBytes(t.ScrapHeap[:])
	d := &t.dec
	h.Add(uint64(d.Kind) | uint64(uint8(d.Seat))<<8 | uint64(d.Op)<<16 | uint64(d.Left)<<24 | uint64(d.Must)<<40 |
		uint64(b2u(d.May))<<56 | uint64(b2u(d.UpTo))<<57 | uint64(b2u(o.marks.setupDone))<<58)
	h.Add(uint64(d.Zones) | uint64(d.NOpt)<<8 | uint64(uint8(d.Target))<<16 | uint64(d.N)<<24)
	// The effect that asks is one of the catalog's, shared by every copy of the game: its
	// address tells it apart from the others within this process, which is all a key needs.
	h.Add(uint64(uintptr(unsafe.Pointer(d.eff))))
	h.Add(t.RowsUsed[0])
	h.Add(t.RowsUsed[1])
	for i := 0; i < int(o.n); i++ {
		q := &o.p[i]
		p := q.pub
		h.Add(uint64(uint32(p.Authority)) | uint64(uint16(p.Trade))<<32 | uint64(uint16(p.Combat))<<48)
		h.Add(uint64(p.HandN) | uint64(p.DeckN)<<16 | uint64(p.DiscN)<<32 | uint64(p.PlayN)<<48)
		h.Add(uint64(p.NextShipTop) | uint64(p.PendingDiscard)<<8 | uint64(b2u(p.Defeated))<<16 | uint64(b2u(q.seen))<<17 |
			uint64(p.NextCardTop)<<24 | uint64(p.NextCardHand)<<32 | uint64(p.ScrappedTurn)<<40)
		h.Add(pack(p.Played[:]))
		if q.seen {
			// A hand is a set of cards to its owner (the View sorts it).
			var hand engine.Bag[CardID]
			engine.SetBag(&hand, q.handCards(), nil)
			hand.Hash(&h)
		}
		hashCards(&h, q.discard.Cards())
		h.Add(uint64(p.PlayN))
		for _, ip := range q.playCards() {
			h.Add(uint64(ip.Card) | uint64(ip.Copy)<<8 | uint64(ip.Flags)<<16 | uint64(ip.Dmg)<<24)
		}
		q.unseen.Hash(&h)
	}
	o.trade.Hash(&h)
	return h.Key()
}

// hashFrame feeds a frame of an ability to h.
func hashFrame(h *engine.Hasher, f *frame) {
	h.Add(uint64(b2u(f.Active)) | uint64(uint8(f.Seat))<<8 | uint64(f.Card)<<16 | uint64(f.Slot)<<24 |
		uint64(b2u(f.Each))<<32 | uint64(b2u(f.Then))<<33 | uint64(f.Opt)<<40 | uint64(f.PC)<<48 | uint64(f.Count)<<56)
	h.Add(uint64(f.Left) | uint64(f.Source)<<8 | uint64(f.Placed)<<24)
}

// hashCards feeds a sequence of cards, in order, to h.
func hashCards(h *engine.Hasher, cards []CardID) {
	h.Add(uint64(len(cards)))
	for len(cards) >= 8 {
		h.Add(pack(cards[:8]))
		cards = cards[8:]
	}
	h.Add(pack(cards))
}

// pack packs up to 8 bytes into a word.
func pack[T ~uint8 | ~int8](b []T) uint64 {
	var w uint64
	for i, c := range b {
		w |= uint64(uint8(c)) << (8 * i)
	}
	return w
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
