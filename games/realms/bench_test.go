package realms

import (
	"testing"

	"starnexus/engine"
)

// Benchmarks of the figures of "starnexus bench" that depend on this package alone: whole
// games by the greedy and random bots, and copies of a State. Compare two versions of the
// package with: go test ./games/realms -run '^$' -bench . -count 10 | benchstat.

func benchGames(b *testing.B, opts Options, bots []engine.Bot) {
	cat := loadCat(b)
	rngs := make([]engine.RNG, len(bots))
	obs := make([]engine.Observation, len(bots)) // refilled from game to game, as drivers do
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(cat, opts, uint64(i+1))
		if err != nil {
			b.Fatal(err)
		}
		for k := range rngs {
			rngs[k] = engine.NewRNG(uint64(i*7 + k))
		}
		actions += engine.PlayOutWith(s, bots, rngs, obs, 0)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

func greedyBots(n int) []engine.Bot {
	out := make([]engine.Bot, n)
	for i := range out {
		out[i] = Greedy{}
	}
	return out
}

func BenchmarkGreedyGame2P(b *testing.B) {
	benchGames(b, Options{Names: names(2)}, greedyBots(2))
}

func BenchmarkRandomGame2P(b *testing.B) {
	benchGames(b, Options{Names: names(2)}, []engine.Bot{randomBot{}, randomBot{}})
}

func BenchmarkGreedyGameFFA4(b *testing.B) {
	benchGames(b, Options{Format: "ffa", Names: names(4)}, greedyBots(4))
}

func BenchmarkGreedyGameHydra6(b *testing.B) {
	benchGames(b, Options{Format: "hydra", Names: names(6)}, greedyBots(6))
}

// benchMid is a two-player game after 60 greedy actions.
func benchMid(b *testing.B) *State {
	s, err := NewGame(loadCat(b), Options{Names: names(2)}, 3)
	if err != nil {
		b.Fatal(err)
	}
	engine.PlayOut(s, greedyBots(2), []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}, 60)
	return s
}

func BenchmarkCloneInto(b *testing.B) {
	s := benchMid(b)
	var dst engine.State = s.Clone()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = s.CloneInto(dst)
	}
}

func BenchmarkCloneAlloc(b *testing.B) {
	s := benchMid(b)
	var dst engine.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = s.Clone()
	}
	_ = dst
}

// BenchmarkObserve refills a seat's observation, as a driver does before every decision.
func BenchmarkObserve(b *testing.B) {
	s := benchMid(b)
	obs := s.Observe(0, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		obs = s.Observe(0, obs)
	}
}

// BenchmarkObserveChanged refills an observation whose seat changes each time, so that the
// slices of both players' zones are made anew.
func BenchmarkObserveChanged(b *testing.B) {
	s := benchMid(b)
	obs := s.Observe(0, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		obs = s.Observe(engine.Seat(i&1), obs)
	}
}
