package benchmark

import (
	"testing"

	"starnexus/ai"
	"starnexus/engine"
	"starnexus/games/realms"
)

func benchGames(b *testing.B, bots []engine.Bot) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		b.Fatal(err)
	}
	opts := realms.Options{Names: []string{"P1", "P2"}}
	rngs := make([]engine.RNG, len(bots))
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := realms.NewGame(cat, opts, uint64(i+1))
		if err != nil {
			b.Fatal(err)
		}
		for k := range rngs {
			rngs[k] = engine.NewRNG(uint64(i*7 + k))
		}
		actions += engine.PlayOut(s, bots, rngs, 0)
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkGreedyGame plays complete greedy-vs-greedy Core Set games.
func BenchmarkGreedyGame(b *testing.B) {
	benchGames(b, []engine.Bot{realms.Greedy{}, realms.Greedy{}})
}

// BenchmarkRandomGame plays complete uniform-random Core Set games.
func BenchmarkRandomGame(b *testing.B) {
	benchGames(b, []engine.Bot{ai.Random{}, ai.Random{}})
}

// benchMidGame is the state the clone benchmarks copy: the bench command's midGame.
func benchMidGame(b *testing.B) *realms.State {
	cat, err := realms.LoadCatalog()
	if err != nil {
		b.Fatal(err)
	}
	return midGame(cat)
}

// BenchmarkClone copies a mid-game state.
func BenchmarkClone(b *testing.B) {
	s := benchMidGame(b)
	var sink engine.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = s.Clone()
	}
	_ = sink
}

// BenchmarkCloneInto copies a mid-game state into a reused one: the search bots' way.
func BenchmarkCloneInto(b *testing.B) {
	s := benchMidGame(b)
	var dst realms.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyTo(&dst)
	}
}
