package realms

import (
	"testing"

	"starnexus/engine"
)

// TestBotPathAllocatesNothing checks the promise of issue #2: Legal, ApplyTrusted, CloneInto
// and a greedy decision from a refilled observation allocate nothing once buffers exist.
func TestBotPathAllocatesNothing(t *testing.T) {
	cat := loadCat(t)
	s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, 11)
	if err != nil {
		t.Fatal(err)
	}
	var scratch State
	var legal [256]engine.Action
	rng := engine.NewRNG(1)
	bot := Greedy{}
	var es engine.State = s
	var dst engine.State = s.Clone()
	var obs engine.Observation
	allocs := testing.AllocsPerRun(200, func() {
		if es.Over() {
			return
		}
		seat := s.toMove()
		l := es.Legal(seat, legal[:0])
		obs = es.Observe(seat, obs)
		a := bot.Choose(obs, l, &rng)
		dst = es.CloneInto(dst)
		s.CopyTo(&scratch)
		es.ApplyTrusted(seat, a)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per action on the bots' path, want 0", allocs)
	}
}
