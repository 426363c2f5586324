package nexus

import (
	"slices"

	"starnexus/engine"
)

// Observations (docs/decisions.md, "Observations (Stellar Nexus)"). A seat's Observation is
// filled from the State through an allow-list: what the seat may know is copied in, the rest
// is never read. Determinize builds a State from the Observation alone, so a field nobody
// thought of cannot reach a bot: it is not in the Observation to begin with.

// fHidden marks, in an Observation's object table, an object the seat may not see: of it, the
// Observation keeps only its owner, controller, zone and generation. A State never has it.
const fHidden uint16 = 1 << 15

// Observation is what one seat (or a spectator) knows of a game of Stellar Nexus:
//   - the scalars: turn, phase, step, active player, priority, the pending decision, who has
//     kept, who still swaps or declares blocks, whether the game is over;
//   - each player's public fields (life, lost, used hero ability, team), the hero when it is
//     revealed or seen (the seat's own, an ally's), the mulligans once everyone has kept (the
//     seat's own always), the seat's own reserve and only its own;
//   - the object table, with every object of a public zone (field, stack, graveyards, exile)
//     and of the hands the seat sees (its own, an ally's) copied whole, and every other object
//     reduced to its owner, controller, zone and generation (fHidden): no card, no order, no
//     number. Before everyone has kept, another player's hand and library are one group (their
//     sizes would tell the mulligans, 10.6); while reserves are swapped, another player's
//     library and pile are left out (their sizes would tell the swaps, 2.5);
//   - in a free-for-all's blockers step, the seat's own blocks and none of the others' (1.6);
//   - the stack, the modifiers and the job queue, which only refer to public objects (a stack
//     item or a passive's source is on the stack, the field or in a graveyard);
//   - as multisets (engine.Bag), the cards of the seat's own library and resource pile: it
//     built its deck. Nobody knows another player's deck list.
//
// It holds the game's card table and options (read-only, shared by every State of the game)
// and slices of its own, refilled without allocating once they are large enough.
type Observation struct {
	seat engine.Seat
	tab  *Table
	opts *Options

	n, active, start int8
	phase, step, sub uint8
	turn             uint16
	first, done      bool
	draw, check      bool
	prio             int8
	passes           uint8
	fault            uint8
	pend             pend
	// seq is the latest order number of an object the seat sees: the order of the visible
	// objects is kept, the counter of the State (which counts shuffles) is not.
	seq int16

	p          [MaxSeats]player
	heroKnown  [MaxSeats]bool // the seat knows p's hero (revealed, its own, an ally's)
	mullsKnown [MaxSeats]bool // the seat knows p's mulligans (everyone kept, or its own)
	sees       [MaxSeats]bool // the seat sees p's hand (its own, an ally's)
	merged     [MaxSeats]bool // p's hand and library are one hidden group (before all kept)
	swapping   bool           // reserve swaps are being made (10.1)

	// o is the object table up to the last id in use (o[0] unused); olen, slen, mlen and jlen
	// are the lengths of the State's tables, which a determinized State gets.
	o                      []obj
	olen, slen, mlen, jlen int
	stack                  []item
	mods                   []mod
	jobs                   []job

	// lib and pile are the cards of the seat's own library and resource pile, as multisets
	// (their buffers hold them in the order of the object ids, which is not the zone's).
	lib, pile       engine.Bag[uint8]
	libBuf, pileBuf []uint8

	// order is Key's scratch: the visible objects by their order number.
	order []uint64
}

// Seat implements engine.Observation.
func (o *Observation) Seat() engine.Seat { return o.seat }

// Observe implements engine.State: seat's observation (engine.Spectator: the public one),
// refilling dst when it is an Observation, without allocating once its slices are large
// enough.
func (s *State) Observe(seat engine.Seat, dst engine.Observation) engine.Observation {
	o, _ := dst.(*Observation)
	if o == nil {
		o = new(Observation)
	}
	s.observe(seat, o)
	return o
}

// resized returns a with length n, reusing its array when it is large enough.
func resized[T any](a []T, n int) []T {
	if cap(a) < n {
		return make([]T, n)
	}
	return a[:n]
}

// observe fills o with what seat may know of s.
func (s *State) observe(seat engine.Seat, o *Observation) {
	me := int8(-1)
	if seat >= 0 && int(seat) < int(s.N) {
		me = int8(seat)
	}
	*o = Observation{seat: seat, tab: s.tab, opts: s.opts,
		n: s.N, active: s.Active, start: s.Start, phase: s.Phase, step: s.Step, sub: s.Sub, turn: s.Turn,
		first: s.First, done: s.Done, draw: s.Draw, check: s.Check, prio: s.Prio, passes: s.Passes,
		fault: s.fault, pend: s.Pend,
		olen: len(s.O), slen: len(s.Stack), mlen: len(s.Mods), jlen: len(s.Jobs),
		o: o.o, stack: o.stack, mods: o.mods, jobs: o.jobs, libBuf: o.libBuf[:0], pileBuf: o.pileBuf[:0], order: o.order}
	allKept := s.allKept()
	for p := int8(0); p < s.N; p++ {
		o.swapping = o.swapping || s.P[p].Swaps
	}
	hideBlocks := s.blocksHidden()
	for p := int8(0); p < s.N; p++ {
		pl := &s.P[p]
		sees := me >= 0 && (p == me || (s.opts.Format == "allied" && !s.opponents(me, p)))
		o.sees[p] = sees
		o.merged[p] = !allKept && !o.swapping && !sees
		q := player{Life: pl.Life, Lost: pl.Lost, HeroUsed: pl.HeroUsed, Revealed: pl.Revealed, Kept: pl.Kept,
			Team: pl.Team, Blocks: pl.Blocks, Swaps: pl.Swaps}
		if pl.Revealed || sees {
			q.Hero, o.heroKnown[p] = pl.Hero, true
		}
		if allKept || p == me {
			q.Mulls, o.mullsKnown[p] = pl.Mulls, true
		}
		if p == me {
			q.NR, q.Reserve = pl.NR, pl.Reserve
		}
		if p == me || !hideBlocks {
			q.Decl = pl.Decl
		}
		o.p[p] = q
	}

	// seen[z][p]: the seat sees p's objects in zone z whole.
	var seen [zOut + 1][MaxSeats]bool
	for p := range s.N {
		for _, z := range [...]zone{zField, zStack, zGrave, zExile} {
			seen[z][p] = true
		}
		seen[zHand][p] = o.sees[p]
	}
	o.o = resized(o.o, max(int(s.NO), 1))
	o.o[0] = obj{}
	src, dst := s.O[1:max(s.NO, 1)], o.o[1:]
	last := 0 // the last id in use the seat knows of
	for k := range src {
		x, d := &src[k], &dst[k]
		switch {
		case x.Def == 0:
			// A free slot keeps its generation (the next object there gets it), except while
			// the reserves are swapped: another player's swaps free slots.
			*d = obj{Gen: x.Gen}
			if o.swapping {
				d.Gen = 0
			}
			continue
		case int(x.Zone) < len(seen) && seen[x.Zone][x.Owner&(MaxSeats-1)]:
			*d = *x
			if hideBlocks {
				// Another player's blocks in a free-for-all are secret until all have
				// confirmed (hidden.go): which creature blocks what, and which attacker
				// at another player is blocked.
				if x.Blocking != 0 && x.Ctrl != me {
					d.Blocking, d.BOrder = 0, 0
				}
				if x.has(fBlocked) && x.Target != me {
					d.Flags &^= fBlocked
				}
			}
			o.seq = max(o.seq, x.Seq)
		case o.swapping && !o.sees[x.Owner] && (x.Zone == zLibrary || x.Zone == zPile):
			*d = obj{} // the sizes would tell the swaps: left out
			continue
		default:
			owner, ctrl, z, gen := x.Owner, x.Ctrl, x.Zone, x.Gen
			*d = obj{}
			d.Owner, d.Ctrl, d.Zone, d.Gen, d.Flags = owner, ctrl, z, gen, fHidden
			if x.Zone == zHand && o.merged[x.Owner] {
				d.Zone = zLibrary
			}
			if x.Owner == me {
				switch x.Zone {
				case zLibrary:
					o.libBuf = append(o.libBuf, x.Def)
				case zPile:
					o.pileBuf = append(o.pileBuf, x.Def)
				}
			}
		}
		last = k + 1
	}
	if o.swapping {
		o.o = o.o[:last+1]
	}
	engine.SetBag(&o.lib, o.libBuf, nil)
	engine.SetBag(&o.pile, o.pileBuf, nil)

	o.stack = append(resized(o.stack, 0), s.Stack[:s.NS]...)
	o.mods = append(resized(o.mods, 0), s.Mods[:s.NM]...)
	o.jobs = append(resized(o.jobs, 0), s.Jobs[:s.NJ]...)
}

// refill returns dst holding src followed by zeros up to length n, reusing dst's array when
// it is large enough: nothing of dst's contents is left.
func refill[T any](dst, src []T, n int) []T {
	n = max(n, len(src))
	if cap(dst) < n {
		dst = make([]T, n)
		copy(dst, src)
		return dst
	}
	dst = dst[:n]
	copy(dst, src)
	clear(dst[len(src):])
	return dst
}

// Determinize implements engine.Observation: a whole State consistent with the observation,
// made from it alone, in dst's memory when dst is a State of this game (nothing of dst is
// kept). The public parts are copied; the hidden ones are drawn with rng:
//   - the seat's own library and resource pile get the cards of its multisets, in a new order;
//   - every other player's library and resource pile, and their hand unless the seat sees it,
//     get cards from a prior, since nobody at the table knows another player's deck list:
//     requisition cards of the player's hero's faction or Neutral (any faction while the hero
//     is secret) for the library and hand, Nexus Shards and now and then one of that
//     faction's special resources for the pile;
//   - before everyone has kept, another player's hand is six cards of its group (no
//     mulligan): the true number is not known;
//   - while the reserves are swapped, another player's library and pile have a legal deck's
//     sizes (30 and 10), and another player's reserve is empty, always;
//   - unrevealed secret heroes are drawn from all heroes;
//   - in a free-for-all's blockers step, another player who has confirmed is given blocks
//     drawn at random among its legal ones; one still declaring will declare in play;
//   - the random source is new; nothing is recorded.
//
// Hidden cards are dealt from sorted multisets or from the prior, so no order of the true
// State can steer the result.
func (o *Observation) Determinize(dst engine.State, rng *engine.RNG) engine.State {
	s, _ := dst.(*State)
	if s == nil {
		s = new(State)
	}
	o.build(s)
	s.rng = engine.NewRNG(rng.Uint64())
	o.deal(s, rng)
	return s
}

// build makes s the observation's public State: hidden objects have no card yet.
func (o *Observation) build(s *State) {
	objs, stack, mods, jobs := s.O, s.Stack, s.Mods, s.Jobs
	o.header(s)
	s.O = refill(objs, o.o, o.olen)
	s.Stack = refill(stack, o.stack, o.slen)
	s.Mods = refill(mods, o.mods, o.mlen)
	s.Jobs = refill(jobs, o.jobs, o.jlen)
}

// header sets every field of s but its tables from the observation.
func (o *Observation) header(s *State) {
	*s = State{tab: o.tab, opts: o.opts,
		N: o.n, Active: o.active, Start: o.start, Phase: o.phase, Step: o.step, Sub: o.sub, Turn: o.turn,
		First: o.first, Done: o.done, Draw: o.draw, Prio: o.prio, Passes: o.passes, Check: o.check,
		Pend: o.pend, P: o.p, Seq: o.seq, fault: o.fault,
		NO: int32(len(o.o)), NS: int32(len(o.stack)), NM: int32(len(o.mods)), NJ: int32(len(o.jobs))}
}

// readable makes s the observation's public State for a bot to read, cheaper than
// Determinize: hidden objects hold a placeholder card (the first resource), unknown heroes the
// first hero, and nothing is drawn. s must have been made by readable (or be new): only the
// entries its previous contents used are cleared. Greedy reads it; it is not for play.
func (o *Observation) readable(s *State) {
	objs, stack, mods, jobs := s.O, s.Stack, s.Mods, s.Jobs
	no, ns, nm, nj := int(s.NO), int(s.NS), int(s.NM), int(s.NJ)
	o.header(s)
	s.O = refillUsed(objs, o.o, o.olen, no)
	s.Stack = refillUsed(stack, o.stack, o.slen, ns)
	s.Mods = refillUsed(mods, o.mods, o.mlen, nm)
	s.Jobs = refillUsed(jobs, o.jobs, o.jlen, nj)
	hero, card := uint8(0), uint8(0)
	for d := 1; d < len(o.tab.Defs) && d < 256 && (hero == 0 || card == 0); d++ {
		switch t := o.tab.Defs[d].Type; {
		case t == THero && hero == 0:
			hero = uint8(d)
		case t == TResource && card == 0:
			card = uint8(d)
		}
	}
	for p := range s.N {
		if !o.heroKnown[p] {
			s.P[p].Hero = hero
		}
	}
	for i := 1; i < int(s.NO); i++ {
		if x := &s.O[i]; x.Flags&fHidden != 0 {
			x.Def, x.Flags = card, 0
		}
	}
}

// refillUsed is refill for a dst whose entries past the first dstUsed are zero.
func refillUsed[T any](dst, src []T, n, dstUsed int) []T {
	n = max(n, len(src))
	if cap(dst) < n || dstUsed > len(dst) {
		return refill(dst, src, n)
	}
	dst = dst[:n]
	copy(dst, src)
	if dstUsed > len(src) {
		clear(dst[len(src):dstUsed])
	}
	return dst
}

// deckPrior is what Determinize deals another player's hidden cards from: a pool of the
// copies that player's deck may still hold, built from what the seat has seen of it.
//   - Requisition cards (creatures, instants, equipment) for the library and the hand: every
//     card of the player's name already seen (on the field, on the stack, in a graveyard or in
//     exile: cards never go back from there to a hand or a library) with the copies the copy
//     limit leaves (2.2: three, less those seen), each copy weighing seenWeight; and the
//     cards of the hero's faction or Neutral (any faction while the hero is secret) not seen
//     yet, three copies each, weighing 1. Copies are dealt without replacement, so no
//     determinization holds more copies of a card than the limit allows; if the pool runs
//     dry (a deck bigger than its faction's cards), every card with copies left joins it.
//   - For the resource pile, Nexus Shards, and with a chance of one in five one of the
//     faction's special resources not seen yet (2.3: one copy each).
//
// Nothing of it comes from the player's real list: two games whose decks differ only in
// cards never revealed give the same pool.
type deckPrior struct {
	cards   [256]uint8 // the pool's requisition cards
	left    [256]int8  // copies left of each
	weight  [256]int8  // weight of a copy
	nc      int
	total   int // sum of left*weight
	widened bool
	seen    [256]int8 // copies of each definition seen
	special [256]uint8
	ns      int
	basic   uint8
	tab     *Table
}

// seenWeight is how much likelier a further copy of a card already seen is than a copy of a
// card not seen yet: decks run two or three copies of the cards they play.
const seenWeight = 3

// fill makes the pool of player p of s (whose public objects are set) for a hero of faction
// (known: the hero is known).
func (pr *deckPrior) fill(s *State, p int8, faction uint8, known bool) {
	tab := s.tab
	pr.tab = tab
	pr.nc, pr.total, pr.ns, pr.basic, pr.widened = 0, 0, 0, 0, false
	clear(pr.seen[:])
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if x.Def == 0 || x.Owner != p {
			continue
		}
		switch x.Zone {
		case zField, zStack, zGrave, zExile:
			if pr.seen[x.Def] < 127 {
				pr.seen[x.Def]++
			}
		}
	}
	for d := 1; d < len(tab.Defs) && d < 256; d++ {
		def := &tab.Defs[d]
		fits := !known || def.Faction == faction || def.Faction == 0
		switch def.Type {
		case TCreature, TInstant, TEquipment:
			if seen := pr.seen[d]; seen > 0 {
				pr.add(uint8(d), copyLimit(def)-seen, seenWeight)
			} else if fits {
				pr.add(uint8(d), copyLimit(def), 1)
			}
		case TSpecial:
			if fits && pr.seen[d] == 0 {
				pr.special[pr.ns] = uint8(d)
				pr.ns++
			}
		case TResource:
			if pr.basic == 0 {
				pr.basic = uint8(d)
			}
		}
	}
}

// copyLimit is how many copies of def a library may hold (2.2).
func copyLimit(def *Def) int8 {
	if def.Limit > 0 {
		return def.Limit
	}
	return 3
}

// add puts n copies of d, each of weight w, into the pool.
func (pr *deckPrior) add(d uint8, n, w int8) {
	if n <= 0 || pr.nc >= len(pr.cards) {
		return
	}
	pr.cards[pr.nc], pr.left[pr.nc], pr.weight[pr.nc] = d, n, w
	pr.nc++
	pr.total += int(n) * int(w)
}

// widen adds every requisition card outside the pool that still has copies left.
func (pr *deckPrior) widen() {
	pr.widened = true
	for d := 1; d < len(pr.tab.Defs) && d < 256; d++ {
		def := &pr.tab.Defs[d]
		if def.Type != TCreature && def.Type != TInstant && def.Type != TEquipment {
			continue
		}
		in := false
		for k := 0; k < pr.nc; k++ {
			in = in || pr.cards[k] == uint8(d)
		}
		if !in {
			pr.add(uint8(d), copyLimit(def)-pr.seen[d], 1)
		}
	}
}

// card draws a card of the prior for a library or a hand (pile false) or a resource pile.
func (pr *deckPrior) card(pile bool, rng *engine.RNG) uint8 {
	if !pile {
		if pr.total == 0 && !pr.widened {
			pr.widen()
		}
		if pr.total == 0 {
			return pr.basic
		}
		r := rng.Intn(pr.total)
		for k := 0; k < pr.nc; k++ {
			w := int(pr.left[k]) * int(pr.weight[k])
			if r < w {
				pr.left[k]--
				pr.total -= int(pr.weight[k])
				return pr.cards[k]
			}
			r -= w
		}
		return pr.basic
	}
	if pr.ns > 0 && (pr.basic == 0 || rng.Intn(5) == 0) {
		k := rng.Intn(pr.ns)
		c := pr.special[k]
		pr.ns--
		pr.special[k] = pr.special[pr.ns]
		return c
	}
	if pr.basic != 0 {
		return pr.basic
	}
	return pr.special[0]
}

// deal gives the hidden objects of s (built from o) their cards, zones and order.
func (o *Observation) deal(s *State, rng *engine.RNG) {
	me := int8(-1)
	if o.seat >= 0 && int(o.seat) < int(o.n) {
		me = int8(o.seat)
	}
	var heroes [16]uint8
	nh := 0
	for d := 1; d < len(s.tab.Defs) && nh < len(heroes); d++ {
		if s.tab.Defs[d].Type == THero {
			heroes[nh] = uint8(d)
			nh++
		}
	}
	// Every hidden object holds a card from here on (the first one: dealt over below), so
	// that newObj takes none of their slots.
	for i := 1; i < int(s.NO); i++ {
		if x := &s.O[i]; x.Flags&fHidden != 0 {
			x.Def = 1
		}
	}
	var pr deckPrior
	var libIDs, pileIDs [maxObj]oid
	var libCards, pileCards [maxObj]uint8
	for p := int8(0); p < s.N; p++ {
		pl := &s.P[p]
		if !o.heroKnown[p] && nh > 0 {
			pl.Hero = heroes[rng.Intn(nh)]
		}
		if !o.mullsKnown[p] {
			pl.Mulls = 0
		}
		faction := uint8(0)
		if h := pl.Hero; o.heroKnown[p] && h != 0 {
			faction = s.tab.Defs[h].Faction
		}
		filled := false // the prior is made when a card is drawn from it
		if o.swapping && !o.sees[p] {
			// Another player's library and pile were left out: a legal deck's sizes stand in.
			for k := 0; k < 40; k++ {
				z := zLibrary
				if k >= 30 {
					z = zPile
				}
				id := s.newObj()
				if id == 0 {
					break
				}
				s.O[id] = obj{Def: 1, Owner: p, Ctrl: p, Zone: z, Gen: s.O[id].Gen, Flags: fHidden}
			}
		}
		// The seat's own library and pile: the cards of its multisets, sorted, then dealt.
		var ownLib, ownPile []uint8
		if p == me {
			ownLib, ownPile = o.lib.Sorted(libCards[:0]), o.pile.Sorted(pileCards[:0])
		}
		hand := 0
		if o.merged[p] {
			hand = handSize(0)
		}
		lib, pile := libIDs[:0], pileIDs[:0]
		for i := 1; i < int(s.NO); i++ {
			x := &s.O[i]
			if x.Flags&fHidden == 0 || x.Owner != p {
				continue
			}
			x.Flags = 0
			switch {
			case p == me && x.Zone == zLibrary && len(ownLib) > 0:
				x.Def, ownLib = dealOne(ownLib, rng)
			case p == me && x.Zone == zPile && len(ownPile) > 0:
				x.Def, ownPile = dealOne(ownPile, rng)
			default:
				if !filled {
					pr.fill(s, p, faction, o.heroKnown[p])
					filled = true
				}
				x.Def = pr.card(x.Zone == zPile, rng)
			}
			if o.merged[p] && hand > 0 && x.Zone == zLibrary {
				x.Zone = zHand
				hand--
			}
			switch x.Zone {
			case zLibrary:
				lib = append(lib, oid(i))
			case zPile:
				pile = append(pile, oid(i))
			default:
				x.Seq = s.nextSeq()
			}
		}
		// The library and the pile in a new order, as State.shuffle puts them.
		s.reorder(lib)
		s.reorder(pile)
	}
	if s.blocksHidden() {
		// The observation holds no other player's secret blocks: one who has confirmed gets
		// blocks drawn from its legal ones, one still declaring will declare in play.
		for q := int8(0); q < s.N; q++ {
			if q != me && !s.P[q].Blocks && !s.P[q].Lost {
				s.sampleBlocks(q, rng)
			}
		}
	}
}

// dealOne takes a card at random out of cards.
func dealOne(cards []uint8, rng *engine.RNG) (uint8, []uint8) {
	k := rng.Intn(len(cards))
	c := cards[k]
	cards[k] = cards[len(cards)-1]
	return c, cards[:len(cards)-1]
}

// reorder gives objects new order numbers in a random order of s's random source.
func (s *State) reorder(ids []oid) {
	for i := len(ids) - 1; i > 0; i-- {
		j := s.rng.Intn(i + 1)
		ids[i], ids[j] = ids[j], ids[i]
	}
	for _, o := range ids {
		s.O[o].Seq = s.nextSeq()
	}
}

// Key implements engine.Observation: a hash of everything the observation holds. The visible
// objects' order numbers enter as their order only (a determinized State numbers on from
// other values), the seat's own library and pile as multisets.
func (o *Observation) Key() engine.InfoKey {
	var h engine.Hasher
	h.Add(uint64(int64(o.seat)))
	h.Add(uint64(uint8(o.n)) | uint64(uint8(o.active))<<8 | uint64(uint8(o.start))<<16 | uint64(o.phase)<<24 |
		uint64(o.step)<<32 | uint64(o.sub)<<40 | uint64(o.turn)<<48)
	h.Add(bits(o.first, o.done, o.draw, o.check, o.swapping) | uint64(uint8(o.prio))<<8 | uint64(o.passes)<<16 |
		uint64(o.fault)<<24 | uint64(o.pend.K)<<32 | uint64(uint8(o.pend.Seat))<<40 | uint64(uint8(o.pend.N))<<48 |
		uint64(o.pend.I)<<56)
	for p := 0; p < int(o.n); p++ {
		q := &o.p[p]
		h.Add(uint64(q.Hero) | uint64(uint32(q.Life))<<8 | uint64(q.Mulls)<<40 | uint64(uint8(q.Team))<<48 |
			uint64(q.NR)<<56)
		h.Add(bits(q.Lost, q.HeroUsed, q.Revealed, q.Kept, q.Blocks, q.Swaps, o.heroKnown[p], o.mullsKnown[p],
			o.sees[p], o.merged[p]) | uint64(q.Decl)<<32)
		if q.NR > 0 {
			h.AddBytes(q.Reserve[:q.NR])
		}
	}
	for i := 1; i < len(o.o); i++ {
		x := &o.o[i]
		if x.Def == 0 && x.Flags&fHidden == 0 {
			continue // free
		}
		h.Add(uint64(i) | uint64(x.Def)<<16 | uint64(uint8(x.Owner))<<24 | uint64(uint8(x.Ctrl))<<32 |
			uint64(x.Zone)<<40 | uint64(x.Flags)<<48)
		h.Add(uint64(uint16(x.Atk)) | uint64(uint16(x.Dfn))<<16 | uint64(uint16(x.Markers))<<32 | uint64(x.Attached)<<48)
		h.Add(uint64(x.Blocking) | uint64(x.BOrder)<<16 | uint64(x.Gen)<<32 | uint64(uint8(x.Target))<<48)
		h.Add(uint64(x.Num))
	}
	// The order of the visible objects (graveyards oldest first, the field, the hands).
	o.order = o.order[:0]
	for i := 1; i < len(o.o); i++ {
		if x := &o.o[i]; x.Def != 0 {
			o.order = append(o.order, uint64(uint16(x.Seq)^0x8000)<<16|uint64(i))
		}
	}
	slices.Sort(o.order)
	for _, v := range o.order {
		h.Add(v & 0xffff)
	}
	for i := range o.stack {
		it := &o.stack[i]
		hashItem(&h, it)
	}
	for i := range o.mods {
		m := &o.mods[i]
		h.Add(uint64(m.Tgt) | uint64(m.TGen)<<16 | uint64(m.Src)<<32 | uint64(m.SGen)<<48)
		h.Add(uint64(m.SAb) | uint64(uint8(m.DS))<<8 | uint64(uint8(m.DE))<<16 | uint64(m.KW)<<24 | uint64(m.Dur)<<56)
	}
	for i := range o.jobs {
		j := &o.jobs[i]
		h.Add(uint64(j.K) | uint64(j.Def)<<8 | uint64(j.Src)<<16 | uint64(j.SGen)<<32 | uint64(j.Ab)<<48 |
			uint64(uint8(j.Ctrl))<<56)
		h.Add(uint64(j.Step) | uint64(j.NT)<<32 | uint64(j.Req)<<40)
		h.Add(uint64(j.ReqGen) | bits(j.Aff, j.Fizz)<<16 | uint64(uint8(j.Yes))<<24 | uint64(j.Ev)<<32)
		hashRefs(&h, j.Tg[:])
		hashItem(&h, &j.It)
	}
	o.lib.Hash(&h)
	o.pile.Hash(&h)
	return h.Key()
}

// hashItem feeds a stack item to h.
func hashItem(h *engine.Hasher, it *item) {
	h.Add(uint64(it.Card) | uint64(it.Gen)<<16 | uint64(uint8(it.Ab))<<32 | bits(it.Hero)<<40 |
		uint64(uint8(it.Ctrl))<<48 | uint64(it.NT)<<56)
	h.Add(uint64(it.Below) | uint64(it.BGen)<<16 | uint64(it.NL)<<32 | uint64(it.PDef)<<40 | uint64(it.PDur)<<48)
	h.Add(uint64(it.Req) | uint64(it.ReqGen)<<16)
	hashRefs(h, it.Tg[:])
	for k := 0; k < int(it.NL) && k < len(it.Linked); k++ {
		h.Add(uint64(it.Linked[k]))
	}
}

func hashRefs(h *engine.Hasher, refs []tref) {
	for _, r := range refs {
		h.Add(uint64(r.K) | uint64(r.ID)<<8 | uint64(r.Gen)<<24)
	}
}

// bits packs flags, the first in the lowest bit.
func bits(flags ...bool) uint64 {
	var v uint64
	for i, f := range flags {
		if f {
			v |= 1 << i
		}
	}
	return v
}
