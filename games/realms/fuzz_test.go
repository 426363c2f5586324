package realms

import (
	"encoding/binary"
	"testing"

	"starnexus/engine"
)

// FuzzActions drives a game with fuzzer-chosen actions: each 4-byte word is either an index
// into the legal actions or, when its top bit is set, an arbitrary action. The engine must
// never panic, must refuse every action Legal did not list without changing the state, and
// must keep its invariants. Run: go test ./games/realms -fuzz FuzzActions
func FuzzActions(f *testing.F) {
	cat := loadCat(f)
	f.Add(uint64(1), []byte{})
	f.Add(uint64(7), []byte{0, 0, 0, 1, 0x80, 0, 0, 3, 0, 0, 0, 2})
	f.Add(uint64(3), make([]byte, 400))
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		fuzzActions(t, s, data)
	})
}

// fuzzActions plays the actions data names on s (four bytes each: an index into the legal
// actions, or with the top bit set any action value at all), checking after each that Legal
// and Apply agree, that a refusal changes nothing, and the invariants.
func fuzzActions(t *testing.T, s *State, data []byte) {
	t.Helper()
	c := newChecker(t, s)
	for len(data) >= 4 && !s.Over() {
		w := binary.BigEndian.Uint32(data)
		data = data[4:]
		seat := s.toMove()
		legal := s.Legal(seat, nil)
		var a engine.Action
		if w&0x80000000 != 0 {
			a = engine.Action(w << 1)
		} else {
			a = legal[int(w)%len(legal)]
		}
		before := *s
		err := s.Apply(seat, a)
		if contains(legal, a) != (err == nil) {
			t.Fatalf("action %q: listed %v, Apply error %v", s.ActionText(seat, a), contains(legal, a), err)
		}
		if err != nil && *s != before {
			t.Fatalf("refused %q changed the state", s.ActionText(seat, a))
		}
		c.check(s, s.ActionText(seat, a))
	}
}
