package nexus

import (
	"fmt"
	"math"
	"slices"

	"starnexus/engine"
)

// Capacities of a State (docs/decisions.md, "Fixed capacities (Stellar Nexus)"). Every table
// that legal play can fill grows: the objects (tokens pile up), the stack (responses have no
// limit, SN 8.4), the modifiers (every static on every creature, SN 6.2) and the job queue
// (every "whenever a creature dies" passive of a mass death, SN 7.3(b)). What cannot grow
// without costing every game (the width of an object id in an action, the points and life
// held in 16 and 32 bits) ends the game with a fault when passed, never silently.
const (
	// objLimit bounds object ids: an action carries an id in 14 bits, two of them in a block.
	objLimit = 1 << 14
	// pointLimit bounds S, E, atk, def and markers (int16 in an object).
	pointLimit = 30000
	// lifeLimit bounds a life total (int32).
	lifeLimit = 1 << 30
)

// Limits of this engine that end a game (State.fail).
const (
	faultNone uint8 = iota
	faultObjects
	faultPoints
	faultLife
	faultLinked
)

var faultTexts = [...]string{"",
	fmt.Sprintf("more than %d objects (cards and tokens) at once", objLimit-1),
	fmt.Sprintf("a creature's strength, endurance, points or markers past %d", pointLimit),
	fmt.Sprintf("a life total past %d", lifeLimit),
	fmt.Sprintf("more than %d special resources tapped for one requisition", maxLinked),
}

// Fault is the limit of this engine, not of the rules, that ended the game, or "". A game
// with a fault is over without winners; whoever runs it should report the fault.
func (s *State) Fault() string {
	if s.fault == faultNone {
		return ""
	}
	return "the game passed a limit of the engine: " + faultTexts[s.fault]
}

// fail ends the game because a value would pass a limit of this engine.
func (s *State) fail(f uint8) {
	if s.fault == faultNone {
		s.fault = f
	}
	s.Done, s.Draw = true, true
	s.Pend = pend{}
}

// pts stores a value of points or markers, ending the game past pointLimit.
func (s *State) pts(v int) int16 {
	if v > pointLimit || v < -pointLimit {
		s.fail(faultPoints)
		return int16(max(-pointLimit, min(v, pointLimit)))
	}
	return int16(v)
}

// addLife changes the life total that p's life changes apply to (allies share one, 16.1).
func (s *State) addLife(p int8, n int) {
	l := s.lifeOf(p)
	v := int64(*l) + int64(n)
	if v > lifeLimit || v < -lifeLimit {
		s.fail(faultLife)
		v = max(-lifeLimit, min(v, lifeLimit))
	}
	*l = int32(v)
}

// grown returns a copy of a full table with twice the room.
func grown[T any](a []T) []T {
	b := make([]T, max(2*len(a), 8))
	copy(b, a)
	return b
}

// copyUsed copies the used entries of src into dst, reusing dst's array when it is large
// enough and not src's own: the result has len(src) entries, src's first used ones and zeros
// after them (dstUsed is how many dst held before, the ones that may need clearing).
func copyUsed[T any](dst, src []T, used, dstUsed int) []T {
	if cap(dst) < len(src) || (cap(dst) > 0 && cap(src) > 0 && &dst[:1][0] == &src[:1][0]) {
		dst = make([]T, len(src))
		copy(dst, src[:used])
		return dst
	}
	n := len(dst)
	dst = dst[:len(src)]
	if len(src) > n {
		clear(dst[n:])
	}
	copy(dst, src[:used])
	if dstUsed > used {
		clear(dst[used:min(dstUsed, len(dst))])
	}
	return dst
}

// copyTo makes d a copy of s that shares nothing with it.
func (s *State) copyTo(d *State) {
	if d == s {
		return
	}
	o, st, m, j := d.O, d.Stack, d.Mods, d.Jobs
	no, ns, nm, nj := int(d.NO), int(d.NS), int(d.NM), int(d.NJ)
	if len(o) < no {
		no = len(o)
	}
	*d = *s
	d.rec = nil
	d.O = copyUsed(o, s.O, int(s.NO), no)
	d.Stack = copyUsed(st, s.Stack, int(s.NS), ns)
	d.Mods = copyUsed(m, s.Mods, int(s.NM), nm)
	d.Jobs = copyUsed(j, s.Jobs, int(s.NJ), nj)
}

// newObj returns a free object id, growing the table when every slot is taken, or 0 past
// objLimit (the caller ends the game or refuses). A free slot keeps its Gen, so that no
// reference to the object that held it matches the new one.
func (s *State) newObj() oid {
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Def == 0 {
			return oid(i)
		}
	}
	if s.NO >= objLimit {
		return 0
	}
	if int(s.NO) == len(s.O) {
		s.O = grown(s.O)
	}
	s.NO++
	return oid(s.NO - 1)
}

// objRoom reports whether newObj would find an id.
func (s *State) objRoom() bool {
	if s.NO < objLimit {
		return true
	}
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Def == 0 {
			return true
		}
	}
	return false
}

// nextSeq returns a new order number, later than every one given before. When the int16
// runs out, the objects are numbered again from 1 in the same order (renumber).
func (s *State) nextSeq() int16 {
	if s.Seq == math.MaxInt16 {
		s.renumber()
	}
	s.Seq++
	return s.Seq
}

// renumber gives the objects' order numbers the values 1, 2, ... in their order, equal
// numbers staying equal, so that every zone keeps its order.
func (s *State) renumber() {
	var buf [maxObj]oid
	ids := buf[:0]
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Def != 0 {
			ids = append(ids, oid(i))
		}
	}
	slices.SortFunc(ids, func(a, b oid) int {
		if d := int(s.O[a].Seq) - int(s.O[b].Seq); d != 0 {
			return d
		}
		return int(a) - int(b)
	})
	n, prev := int16(0), int16(math.MinInt16)
	for k, o := range ids {
		if k == 0 || s.O[o].Seq != prev {
			n++
		}
		prev = s.O[o].Seq
		s.O[o].Seq = n
	}
	s.Seq = n
}

// pushItem puts an item on top of the stack.
func (s *State) pushItem(it item) {
	if int(s.NS) == len(s.Stack) {
		s.Stack = grown(s.Stack)
	}
	s.Stack[s.NS] = it
	s.NS++
}

// insertJob puts j at position i of the queue.
func (s *State) insertJob(i int, j job) {
	if int(s.NJ) == len(s.Jobs) {
		s.Jobs = grown(s.Jobs)
	}
	copy(s.Jobs[i+1:s.NJ+1], s.Jobs[i:s.NJ])
	s.Jobs[i] = j
	s.NJ++
}

// idsOK reports whether every object id an action names is in the table (a fuzzer's or a
// client's number may name any of 2^14).
func (s *State) idsOK(a engine.Action) bool {
	in := func(o oid) bool { return int(o) < int(s.NO) }
	switch kindOf(a) {
	case aCast, aActivate, aAddAttacker:
		return in(aObj(a))
	case aChoose:
		return chooseRef(a).K == tkPlayer || in(aObj(a))
	case aBlock, aBlockNew, aBlockHalf:
		at, b := decodeBlock(a)
		return in(at) && in(b)
	}
	return true
}
