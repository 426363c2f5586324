package nexus

import (
	"testing"

	"starnexus/ai"
	"starnexus/engine"
)

// playBots plays one game between bots (one per seat), each seeing only its View, and
// returns the final state. Every action a bot picks must be one of the legal ones.
func playBots(t testing.TB, s *State, bots []engine.Bot, seed uint64) *State {
	t.Helper()
	rngs := make([]engine.RNG, len(bots))
	for i := range rngs {
		rngs[i] = engine.NewRNG(seed*31 + uint64(i))
	}
	var buf [256]engine.Action
	var mv [8]engine.Seat
	for n := 0; !s.Over(); n++ {
		if n > 400000 {
			t.Fatalf("seed %d: no end after %d actions (turn %d)", seed, n, s.Turn)
		}
		seat := s.ToMove(mv[:0])[0]
		l := s.Legal(seat, buf[:0])
		a := bots[seat].Choose(s.View(seat), l, &rngs[seat])
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: %s chose %q: %v", seed, bots[seat].Name(), s.ActionText(seat, a), err)
		}
	}
	return s
}

// greedyVsRandom plays n duels of Greedy against Random with the shipped decks, Greedy in
// seat 1 for even games and seat 2 for odd ones, and returns Greedy's wins and the draws.
func greedyVsRandom(t testing.TB, n int, seed0 uint64) (wins, draws int) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	for g := 0; g < n; g++ {
		gs := uint64(g) + seed0
		d1, d2 := shipped[g%len(shipped)], shipped[(g/len(shipped)+g+1)%len(shipped)]
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}, MaxTurns: 120}, []Deck{d1, d2}, gs)
		if err != nil {
			t.Fatal(err)
		}
		bots := []engine.Bot{Greedy{}, ai.Random{}}
		gseat := engine.Seat(g % 2)
		if gseat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		playBots(t, s, bots, gs)
		w := s.Winners()
		switch {
		case len(w) == 0:
			draws++
		case w[0] == gseat:
			wins++
		}
	}
	return wins, draws
}

// TestGreedyBeatsRandom: over 40 seeded duels with seat rotation and every shipped deck,
// Greedy wins clearly more than nine in ten (issue #6 asks for 90% over 200; docs/ai.md has
// the 200-duel figure).
func TestGreedyBeatsRandom(t *testing.T) {
	n := 40
	wins, draws := greedyVsRandom(t, n, 1)
	t.Logf("greedy won %d of %d duels against random (%d draws)", wins, n, draws)
	if wins < 36 {
		t.Fatalf("greedy won only %d of %d duels against random; want at least 36", wins, n)
	}
}

// BenchmarkGreedyDuel plays whole duels of Greedy against Greedy with the shipped decks.
func BenchmarkGreedyDuel(b *testing.B) {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	var buf [256]engine.Action
	g := Greedy{}
	rng := engine.NewRNG(1)
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[i%5], shipped[(i/5)%5]}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		v := &View{}
		for !s.Over() {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			*v = View{seat: seat, st: s}
			s.ApplyTrusted(seat, g.Choose(v, l, &rng))
			decisions++
		}
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
