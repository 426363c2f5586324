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
		dst = s.Observe(seat, nil).Determinize(dst, &rng)
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

// TestDeterminizeIgnoresHiddenOrder checks DESIGN.md §8's invariance for search bots: two
// games that differ only in how the cards a seat cannot see are arranged determinize to the
// same State for the same random source.
func TestDeterminizeIgnoresHiddenOrder(t *testing.T) {
	cat := loadCat(t)
	s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, 8)
	if err != nil {
		t.Fatal(err)
	}
	engine.PlayOut(s, []engine.Bot{Greedy{}, Greedy{}}, []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}, 40)
	other := s.Clone().(*State)
	shuffleRNG := engine.NewRNG(77)
	other.resample(s.toMove(), &shuffleRNG, true) // the same game but for hidden arrangement
	seat := s.toMove()
	r1, r2 := engine.NewRNG(5), engine.NewRNG(5)
	a := s.Observe(seat, nil).Determinize(nil, &r1).(*State)
	b := other.Observe(seat, nil).Determinize(nil, &r2).(*State)
	a.views, b.views = [MaxSeats]View{}, [MaxSeats]View{}
	if a.header != b.header || a.P != b.P {
		t.Fatal("determinizations differ although only hidden cards were rearranged")
	}
}
