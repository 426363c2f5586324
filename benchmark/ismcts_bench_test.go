package benchmark

import (
	"testing"

	"starnexus/ai/ismcts"
	"starnexus/engine"
	"starnexus/games/realms"
)

// BenchmarkISMCTSVelocity measures 200-iteration searches with velocity rollouts from a
// mid-game position (the hard and expert levels' inner loop).
func BenchmarkISMCTSVelocity(b *testing.B) { benchISMCTS(b, realms.Velocity{}) }

// BenchmarkISMCTSGreedy measures 200-iteration searches with greedy rollouts.
func BenchmarkISMCTSGreedy(b *testing.B) { benchISMCTS(b, realms.Greedy{}) }

func benchISMCTS(b *testing.B, rollout engine.Bot) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		b.Fatal(err)
	}
	s, seat, legal := searchPosition(cat)
	bot := ismcts.New(ismcts.Config{Iterations: 200, Rollout: rollout, Epsilon: 0.1, Prior: 1})
	rng := engine.NewRNG(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bot.Choose(s.Observe(seat, nil), legal, &rng)
	}
	b.ReportMetric(float64(bot.Stats().Iterations)/b.Elapsed().Seconds(), "iterations/s")
}
