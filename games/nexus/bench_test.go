package nexus

import (
	"testing"

	"starnexus/engine"
)

// BenchmarkRandomDuel plays whole random duels with the shipped decks.
func BenchmarkRandomDuel(b *testing.B) {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	var buf [256]engine.Action
	actions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[i%5], shipped[(i/5)%5]}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRNG(uint64(i))
		for !s.Over() {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			s.ApplyTrusted(seat, l[rng.Intn(len(l))])
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

func BenchmarkCloneInto(b *testing.B) {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	s, _ := NewGame(tab, Options{}, []Deck{shipped[0], shipped[1]}, 1)
	var dst engine.State = s.Clone()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dst = s.CloneInto(dst)
	}
}

// TestNoAllocOnBotsPath: Legal, ApplyTrusted and CloneInto allocate nothing in random play.
func TestNoAllocOnBotsPath(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[1], shipped[3]}, 7)
	if err != nil {
		t.Fatal(err)
	}
	var dst engine.State = s.Clone()
	rng := engine.NewRNG(7)
	var buf [256]engine.Action
	allocs := testing.AllocsPerRun(1, func() {
		for k := 0; k < 300 && !s.Over(); k++ {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			dst = s.CloneInto(dst)
			s.ApplyTrusted(seat, l[rng.Intn(len(l))])
		}
	})
	if allocs > 0 {
		t.Fatalf("%v allocations in 300 actions of random play", allocs)
	}
}
