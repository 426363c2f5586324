package realms

import (
	"fmt"
	"testing"

	"starnexus/engine"
)

// formatSeats lists every format with the seat counts it allows.
var formatSeats = []struct {
	format string
	seats  []int
}{
	{"standard", []int{2}},
	{"ffa", []int{3, 4, 5, 6}},
	{"hunter", []int{3, 4, 6}},
	{"hunter-first-blood", []int{3, 5}},
	{"hydra", []int{4, 6}},
	{"emperor", []int{6}},
	{"raid", []int{3, 4, 5, 6}},
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("P%d", i+1)
	}
	return out
}

// TestFormatsPlayToTheEnd plays random-bot games of every format through the validating path
// with the invariant checks after every action (issue #3: 100 games of each format).
func TestFormatsPlayToTheEnd(t *testing.T) {
	cat := loadCat(t)
	for _, f := range formatSeats {
		t.Run(f.format, func(t *testing.T) {
			for g := 0; g < 100; g++ {
				n := f.seats[g%len(f.seats)]
				seed := uint64(1000 + g)
				s, err := NewGame(cat, Options{Format: f.format, Names: names(n)}, seed)
				if err != nil {
					t.Fatal(err)
				}
				playChecked(t, s, seed, g%10 == 0)
				if !s.Over() {
					t.Fatalf("game %d did not end", g)
				}
			}
		})
	}
}

// playChecked plays a game with random bots, checking invariants after each action, and the
// hidden-information invariance now and then when hidden is set.
func playChecked(t *testing.T, s *State, seed uint64, hidden bool) {
	t.Helper()
	c := newChecker(t, s)
	rng := engine.NewRNG(seed)
	var movers []engine.Seat
	for n := 0; !s.Over(); n++ {
		movers = s.ToMove(movers[:0])
		if len(movers) == 0 {
			t.Fatal("game not over but nobody may act")
		}
		seat := movers[rng.Intn(len(movers))]
		legal := s.Legal(seat, nil)
		if len(legal) == 0 {
			t.Fatalf("seat %d may act but has no legal action", seat)
		}
		a := legal[rng.Intn(len(legal))]
		text := s.ActionText(seat, a)
		if back, err := s.ParseAction(seat, text); err != nil || back != a {
			t.Fatalf("%q parses to %v, %v", text, back, err)
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("legal action refused: %v", err)
		}
		c.check(s, text)
		if hidden && n%11 == 0 {
			checkHidden(t, s, &rng, text)
		}
	}
}
