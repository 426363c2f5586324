package realms

import (
	"testing"

	"starnexus/engine"
)

func TestSmokeRandomGames(t *testing.T) {
	cat, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		n := 0
		for !s.Over() && n < 100000 {
			seat := s.toMove()
			legal := s.Legal(seat, nil)
			if len(legal) == 0 {
				t.Fatalf("no legal action for seat %d", seat)
			}
			a := legal[rng.Intn(len(legal))]
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			n++
		}
		t.Logf("seed %d: %d actions, rounds %d, winners %v", seed, n, s.Rounds, s.Winners())
	}
}
