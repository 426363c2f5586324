package nexus

import (
	"strconv"
	"strings"
)

// Public numbers (docs/decisions.md, "Object numbers"). Two objects of one name are told apart
// by a number, "Ironclad Brute #2", that every player sees. It is the smallest number no other
// public object of that name holds, given when the object enters a public zone from a hidden
// one (or is created), and kept while it moves between public zones (the field, the stack, a
// graveyard, exile). It is drawn only from the public objects, never from an object id or a
// count that includes hands, libraries or resource piles: those would tell hidden cards.

// public reports whether every player sees the objects of zone z.
func public(z zone) bool {
	return z == zField || z == zStack || z == zGrave || z == zExile
}

// number gives object o, just moved from zone from where it had number num, its number in its
// new zone: none in a hidden zone, the same from a public zone, a free one otherwise.
func (s *State) number(o oid, from zone, num uint16) {
	ob := &s.O[o]
	switch {
	case !public(ob.Zone):
		ob.Num = 0
	case public(from) && num != 0:
		ob.Num = num
	default:
		ob.Num = 0
		ob.Num = s.freeNum(ob.Def)
	}
}

// freeNum is the smallest number from 1 that no public object of definition d holds.
func (s *State) freeNum(d uint8) uint16 {
	var buf [64]bool
	used := buf[:]
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if x.Def != d || x.Num == 0 || !public(x.Zone) {
			continue
		}
		for int(x.Num) >= len(used) {
			used = append(used, make([]bool, len(used))...)
		}
		used[x.Num] = true
	}
	for n := 1; n < len(used); n++ {
		if !used[n] {
			return uint16(n)
		}
	}
	return uint16(len(used))
}

// twin reports whether another public object has o's name.
func (s *State) twin(o oid) bool {
	d := s.O[o].Def
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if oid(i) != o && x.Def == d && x.Num != 0 && public(x.Zone) {
			return true
		}
	}
	return false
}

// numText is the " #N" a name takes when another public object has that name; "" otherwise,
// so that a name alone on the table reads as before.
func (s *State) numText(o oid) string {
	if n := s.O[o].Num; n != 0 && public(s.O[o].Zone) && s.twin(o) {
		return " #" + strconv.Itoa(int(n))
	}
	return ""
}

// cutNum splits "Name #N" into the name and N; a name without a number gives 0.
func cutNum(name string) (string, uint16) {
	i := strings.LastIndexByte(name, '#')
	if i < 0 {
		return name, 0
	}
	n, err := strconv.ParseUint(strings.TrimSpace(name[i+1:]), 10, 16)
	if err != nil || n == 0 {
		return name, 0
	}
	return strings.TrimSpace(name[:i]), uint16(n)
}

// itemLabel is a stack item's name with the public number of its card: a requisition of
// one of two creatures of a name in play reads "Ironclad Brute #2".
func (s *State) itemLabel(it *item) string {
	if it.Ab < 0 && !it.Hero && it.PDef == 0 && it.Card != 0 {
		return s.itemName(it) + s.numText(it.Card)
	}
	return s.itemName(it)
}
