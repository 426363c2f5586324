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

// midGame plays a greedy duel for n decisions and returns the position.
func midGame(b *testing.B, n int) *State {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	s, err := NewGame(tab, Options{}, []Deck{shipped[0], shipped[1]}, 1)
	if err != nil {
		b.Fatal(err)
	}
	g := NewGreedy()
	var obs engine.Observation
	for k := 0; k < n && !s.Over(); k++ {
		seat := s.ToMove(nil)[0]
		l := s.Legal(seat, nil)
		obs = s.Observe(seat, obs)
		s.ApplyTrusted(seat, g.Choose(obs, l, nil))
	}
	return s
}

// BenchmarkObserve fills a seat's observation in the middle of a duel.
func BenchmarkObserve(b *testing.B) {
	s := midGame(b, 150)
	obs := s.Observe(0, nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		obs = s.Observe(0, obs)
	}
}

// BenchmarkDeterminize determinizes a seat's observation in the middle of a duel.
func BenchmarkDeterminize(b *testing.B) {
	s := midGame(b, 150)
	obs := s.Observe(0, nil)
	rng := engine.NewRNG(1)
	var dst engine.State
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		dst = obs.Determinize(dst, &rng)
	}
}

// BenchmarkView makes a seat's View in the middle of a duel (the server's path).
func BenchmarkView(b *testing.B) {
	s := midGame(b, 150)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.View(0)
	}
}

// BenchmarkGreedyChoose is one greedy decision in the middle of a duel: the observation and
// the choice.
func BenchmarkGreedyChoose(b *testing.B) {
	s := midGame(b, 150)
	seat := s.ToMove(nil)[0]
	l := s.Legal(seat, nil)
	g := NewGreedy()
	obs := s.Observe(seat, nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		obs = s.Observe(seat, obs)
		g.Choose(obs, l, nil)
	}
}

// BenchmarkReadable fills Greedy's scratch State from an observation in the middle of a duel.
func BenchmarkReadable(b *testing.B) {
	s := midGame(b, 150)
	obs := s.Observe(0, nil).(*Observation)
	scratch := new(State)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		obs.readable(scratch)
	}
}
