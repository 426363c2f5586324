package engine

import (
	"math/bits"
	"slices"
)

// Observation is what one seat knows of a game, as the bots read it (DESIGN.md §2): its own
// hand, the public zones, the counts of the hidden ones and the multisets a careful player
// knows (the cards left in a deck it built, the cards left in the trade deck). A game fills it
// from a State (State.Observe) through an allow-list: it holds copies of, or read-only
// references to, the parts of the State that the seat may know, and never a State or a value
// that holds one, so that a bot cannot read what the seat could not see.
//
// An Observation may refer to the State it was made from: it is valid until that State next
// changes. Bots read it while they choose and keep nothing of it.
type Observation interface {
	// Seat is the seat that observes (Spectator: a public observation).
	Seat() Seat
	// Key identifies the seat's information set: two observations of one game and seat with
	// equal keys hold the same information. ISMCTS compares them to reuse its tree.
	Key() InfoKey
	// Determinize builds a whole State consistent with the observation, from it alone: the
	// public parts are copied, the hidden ones drawn with rng from what the observation knows,
	// and the random source is new. dst, a State of the same game made earlier, is memory to
	// reuse: everything in it is overwritten (the conformance suite checks that the result does
	// not depend on it); nil or a State of another game gets a new one.
	Determinize(dst State, rng *RNG) State
}

// Blind is implemented by bots that choose without looking at the game (ai.Random): a driver
// may hand them a nil Observation and skip filling one.
type Blind interface {
	Blind()
}

// ObserveFor returns seat's observation for bot b, reusing dst: nil for a Blind bot.
func ObserveFor(st State, seat Seat, b Bot, dst Observation) Observation {
	if _, ok := b.(Blind); ok {
		return nil
	}
	return st.Observe(seat, dst)
}

// InfoKey identifies an information set: 128 bits of a hash of what the seat knows.
type InfoKey [2]uint64

// Hasher computes an InfoKey from the values a game feeds it, in order; Bag.Hash feeds it a
// multiset whatever the order the cards are held in. The zero Hasher is ready to use.
type Hasher struct {
	a, b uint64
}

// mix64 is SplitMix64's finaliser: a bijection of 64 bits that spreads every input bit.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Add feeds one value.
func (h *Hasher) Add(v uint64) {
	h.a = mix64(h.a ^ v + 0x9e3779b97f4a7c15)
	h.b = mix64(bits.RotateLeft64(h.b, 23) ^ v ^ 0x632be59bd9b4e019)
}

// AddBytes feeds a sequence of bytes, its length included.
func (h *Hasher) AddBytes(p []byte) {
	h.Add(uint64(len(p)))
	for len(p) >= 8 {
		h.Add(uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
			uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56)
		p = p[8:]
	}
	var last uint64
	for i, c := range p {
		last |= uint64(c) << (8 * i)
	}
	h.Add(last)
}

// Key is the key of what was fed.
func (h *Hasher) Key() InfoKey { return InfoKey{mix64(h.a), mix64(h.b ^ h.a)} }

// Card is what a Bag holds: a game's small card identifiers.
type Card interface{ ~uint8 | ~uint16 }

// Bag is a multiset of cards whose order is hidden from the seat that observes: another
// player's hand and deck together, the seat's own deck, the trade deck. It refers to the
// zones as the State holds them (filling it copies nothing), but only this package reads
// them, and shows them only as a multiset: counts, or the cards in ascending order. So no
// bot and no Determinize of a game can learn the order, whatever it is written to do.
type Bag[T Card] struct {
	a, b   []T
	na, nb *uint16 // when set, how many of a's and b's first cards are in the bag, read then
}

// SetBag makes a bag of the cards of two zones (either may be empty).
func SetBag[T Card](bag *Bag[T], a, b []T) {
	*bag = Bag[T]{a: a[:len(a):len(a)], b: b[:len(b):len(b)]}
}

// SetCountedBag makes a bag of the first *na cards of a and the first *nb of b, counted when
// the bag is read: a zone that grows or shrinks within its array needs no new SetCountedBag.
// The counts must stay within the arrays.
func SetCountedBag[T Card](bag *Bag[T], a []T, na *uint16, b []T, nb *uint16) {
	*bag = Bag[T]{a: a, b: b, na: na, nb: nb}
}

// parts is the bag's two runs of cards.
func (g *Bag[T]) parts() ([]T, []T) {
	a, b := g.a, g.b
	if g.na != nil {
		a = a[:*g.na]
	}
	if g.nb != nil {
		b = b[:*g.nb]
	}
	return a, b
}

// Len is the number of cards in the bag.
func (g *Bag[T]) Len() int {
	a, b := g.parts()
	return len(a) + len(b)
}

// Count is the number of copies of c in the bag.
func (g *Bag[T]) Count(c T) int {
	n := 0
	ga, gb := g.parts()
	for _, x := range ga {
		if x == c {
			n++
		}
	}
	for _, x := range gb {
		if x == c {
			n++
		}
	}
	return n
}

// AddCounts adds to counts[c] the copies of every card c in the bag (counts must be long
// enough for the largest card).
func (g *Bag[T]) AddCounts(counts []int) {
	ga, gb := g.parts()
	for _, x := range ga {
		counts[x]++
	}
	for _, x := range gb {
		counts[x]++
	}
}

// Sorted appends the bag's cards to dst in ascending order and returns it: the canonical
// order Determinize deals from, so that the result depends on the multiset alone.
func (g *Bag[T]) Sorted(dst []T) []T {
	start := len(dst)
	ga, gb := g.parts()
	dst = append(dst, ga...)
	dst = append(dst, gb...)
	slices.Sort(dst[start:])
	return dst
}

// Hash feeds the multiset to h: the same cards in any order feed the same values.
func (g *Bag[T]) Hash(h *Hasher) {
	var sa, sb uint64
	ga, gb := g.parts()
	for _, x := range ga {
		sa += mix64(uint64(x) + 1)
		sb += mix64(uint64(x) ^ 0x51afd7ed558ccd1d)
	}
	for _, x := range gb {
		sa += mix64(uint64(x) + 1)
		sb += mix64(uint64(x) ^ 0x51afd7ed558ccd1d)
	}
	h.Add(uint64(g.Len()))
	h.Add(sa)
	h.Add(sb)
}

// Tail is the public end of an array whose front is hidden (Star Realms keeps a player's deck
// and discard pile in one array, from either end): its last *n cards, counted when read. Only
// this package reaches the rest of the array.
type Tail[T Card] struct {
	arr []T
	n   *uint16
}

// SetTail makes t the last *n cards of arr.
func SetTail[T Card](t *Tail[T], arr []T, n *uint16) { *t = Tail[T]{arr: arr, n: n} }

// Cards are the cards of the tail, in the array's order, capped so that the hidden front
// cannot be reached through them.
func (t *Tail[T]) Cards() []T {
	if t.n == nil {
		return nil
	}
	l := len(t.arr)
	return t.arr[l-int(*t.n) : l : l]
}
