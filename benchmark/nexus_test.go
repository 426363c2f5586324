package benchmark

import (
	"testing"

	"starnexus/ai"
	"starnexus/engine"
	"starnexus/games/nexus"
)

// TestNexusDuelsPerSec: with no time to spend, the measure still plays two whole duels and
// reports a positive rate, for random and greedy bots.
func TestNexusDuelsPerSec(t *testing.T) {
	for _, mk := range []func() engine.Bot{
		func() engine.Bot { return ai.Random{} },
		func() engine.Bot { return nexus.NewGreedy() },
	} {
		r, err := NexusDuelsPerSec(mk, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r <= 0 {
			t.Errorf("%s: %v games/s", mk().Name(), r)
		}
	}
}

// TestNexusRandomGamesPerSec: with no time to spend, the measure still plays two whole duels.
func TestNexusRandomGamesPerSec(t *testing.T) {
	r, err := NexusRandomGamesPerSec(0)
	if err != nil {
		t.Fatal(err)
	}
	if r <= 0 {
		t.Errorf("%v games/s", r)
	}
}
