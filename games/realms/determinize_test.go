package realms

import (
	"bytes"
	"testing"

	"starnexus/engine"
)

// TestDeterminizeKeepsTheViewAndHidesTheRest checks DESIGN.md §2: a determinized State looks
// the same to its seat, holds the same cards, and has its hidden cards and random source
// resampled.
func TestDeterminizeKeepsTheViewAndHidesTheRest(t *testing.T) {
	cat := loadCat(t)
	s, err := NewGame(cat, Options{Format: "ffa", Names: []string{"Ann", "Bob", "Cid"}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	engine.PlayOut(s, []engine.Bot{Greedy{}, Greedy{}, Greedy{}}, []engine.RNG{engine.NewRNG(1), engine.NewRNG(2), engine.NewRNG(3)}, 60)
	rng := engine.NewRNG(99)
	var dst engine.State
	differs := false
	for i := 0; i < 20; i++ {
		seat := engine.Seat(i % 3)
		want, _ := s.View(seat).MarshalJSON()
		dst = s.View(seat).(engine.Determinizer).Determinize(dst, &rng)
		d := dst.(*State)
		got, _ := d.View(seat).MarshalJSON()
		if !bytes.Equal(want, got) {
			t.Fatalf("seat %d sees a different game after Determinize", seat)
		}
		if d.CardCounts() != s.CardCounts() {
			t.Fatal("Determinize changed which cards exist")
		}
		if d.rng == s.rng {
			t.Fatal("Determinize kept the real random source")
		}
		for o := range d.P[:d.NSeats] {
			if engine.Seat(o) != seat && d.P[o].Hand != s.P[o].Hand {
				differs = true
			}
		}
	}
	if !differs {
		t.Fatal("20 determinizations never changed a hidden hand")
	}
}
