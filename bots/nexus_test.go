package bots

import (
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
)

// TestNexusSearchPlaysDuels: the greedy bot is registered for Stellar Nexus, and a search bot
// with greedy rollouts (a small budget, as the levels' configuration with fewer iterations)
// plays whole duels against random through the observation's Determinize, every choice legal.
func TestNexusSearchPlaysDuels(t *testing.T) {
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	names := decks.Names()
	var ds []nexus.Deck
	for _, n := range names {
		d, err := decks.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, nexus.FromDeck(d))
	}
	ng, err := registry(t).Get("nexus")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(ng, "greedy")
	if err != nil || g.Name() != "greedy" {
		t.Fatalf("NewFor(nexus, greedy) = %v, %v", g, err)
	}
	for game := 0; game < 2; game++ {
		search, err := New(ng, "ismcts:iters=4:cap=150:prior=1")
		if err != nil {
			t.Fatal(err)
		}
		rnd, _ := New(ng, "random")
		players := []engine.Bot{search, rnd}
		if game == 1 {
			players[0], players[1] = players[1], players[0]
		}
		s, err := nexus.NewGame(tab, nexus.Options{MaxTurns: 60}, []nexus.Deck{ds[game], ds[game+2]}, uint64(game+7))
		if err != nil {
			t.Fatal(err)
		}
		rngs := []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}
		for n := 0; !s.Over(); n++ {
			if n > 100000 {
				t.Fatalf("game %d: no end", game)
			}
			seat := s.ToMove(nil)[0]
			l := s.Legal(seat, nil)
			a := players[seat].Choose(s.Observe(seat, nil), l, &rngs[seat])
			if err := s.Apply(seat, a); err != nil {
				t.Fatalf("game %d: %s chose %q: %v", game, players[seat].Name(), s.ActionText(seat, a), err)
			}
		}
	}
}
