package bots

import (
	"slices"
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
)

// TestNexusSearchPlaysDuels: the greedy bot is registered for Stellar Nexus, and a search bot
// with greedy rollouts (a small budget, as the levels' configuration with fewer iterations)
// plays whole duels against random through the observation's Determinize, every choice legal.
func TestNexusSearchPlaysDuels(t *testing.T) {
	tab, ds := nexusDecks(t)
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

// TestNexusSearchIgnoresUnrevealedCards: two duels whose opponent's deck differs only in cards
// never revealed (his hand and library) get the same decisions from the search levels, with
// the same random source: the search deals the opponent's hidden cards from what the seat has
// seen, never from his real list.
func TestNexusSearchIgnoresUnrevealedCards(t *testing.T) {
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	ng, err := registry(t).Get("nexus")
	if err != nil {
		t.Fatal(err)
	}
	shards := func(n int) []nexus.Perm {
		out := make([]nexus.Perm, n)
		for i := range out {
			out[i] = nexus.Perm{Card: "Nexus Shard"}
		}
		return out
	}
	mk := func(hand, lib []string) *nexus.State {
		ann := nexus.PlayerSetup{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub", "Blade Dancer", "Surge of Fury"},
			Library: []string{"Dune Stalker", "Pounce", "Warpaint"}, Resources: shards(3), Field: []nexus.Perm{{Card: "Dune Stalker"}}}
		bob := nexus.PlayerSetup{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: hand, Library: lib, Resources: shards(3),
			Field: []nexus.Perm{{Card: "Rivet Sentry"}}, Graveyard: []string{"Warpaint"}}
		s, err := nexus.NewPosition(tab, nexus.Position{Players: []nexus.PlayerSetup{ann, bob}, Active: "Ann", Phase: "main1", Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ApplyText(1, "pass"); err != nil { // Bob has priority first (8.4(c))
			t.Fatal(err)
		}
		return s
	}
	a := mk([]string{"Magma Titan", "Field Repairs"}, []string{"Anvil Duelist", "Tempered Blade", "Drone Foundry", "Arc Gauntlet"})
	b := mk([]string{"Choking Spores", "Cloud Skimmer"}, []string{"Autolytic Burst", "Regrowth", "Bloomcaller", "Nullifying Gust"})
	for _, name := range []string{"easy", "medium", "ismcts:iters=300:prior=1:reuse=1"} {
		for seed := uint64(1); seed <= 3; seed++ {
			var got [2]string
			for i, s := range []*nexus.State{a, b} {
				bot, err := New(ng, name)
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRNG(seed)
				legal := s.Legal(0, nil)
				if len(legal) < 3 {
					t.Fatalf("Ann has %d legal actions, want a real choice", len(legal))
				}
				got[i] = s.ActionText(0, bot.Choose(s.Observe(0, nil), legal, &rng))
			}
			if got[0] != got[1] {
				t.Errorf("%s, seed %d: %q against one deck, %q against the other", name, seed, got[0], got[1])
			}
		}
	}
}

// TestNexusSearchNeverStartsABlockAgain: a block declaration can be started again until it
// is confirmed (SN 12.3), so the search levels try only the actions that confirm or add to it
// (engine.SearchLegal); before, hard could go from "block A with X" to "block A with X, Y"
// and back for ever, and the game never ended. In block declarations of random duels where
// the defender has named a blocker and may start again (ten of them), hard (with tree reuse) declares to
// the end: each choice confirms or adds a blocker, so the declaration is confirmed within
// one choice per creature the defender has.
func TestNexusSearchNeverStartsABlockAgain(t *testing.T) {
	tab, ds := nexusDecks(t)
	ng, err := registry(t).Get("nexus")
	if err != nil {
		t.Fatal(err)
	}
	rnd, _ := New(ng, "random")
	found := 0
	for game := uint64(0); game < 400 && found < 10; game++ {
		s, err := nexus.NewGame(tab, nexus.Options{MaxTurns: 40}, []nexus.Deck{ds[game%5], ds[(game+2)%5]}, game+100)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(game)
		for n := 0; !s.Over() && n < 20000; n++ {
			seat := s.ToMove(nil)[0]
			legal := s.Legal(seat, nil)
			if adds := s.SearchLegal(seat, nil); len(adds) < len(legal) {
				found++
				declareWithHard(t, ng, s, seat, int(game))
				break
			}
			if err := s.Apply(seat, rnd.Choose(nil, legal, &rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 10 {
		t.Fatalf("%d block declarations that could start again, want 10", found)
	}
}

// declareWithHard lets hard finish seat's block declaration in s, failing if it starts it
// again or takes more choices than adding would.
func declareWithHard(t *testing.T, ng engine.Game, s *nexus.State, seat engine.Seat, game int) {
	t.Helper()
	hard, err := New(ng, "hard")
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(uint64(game) + 1)
	first := s.ActionText(seat, s.Legal(seat, nil)[0]) // the confirmation ("done")
	for k := 0; ; k++ {
		if k > 12 {
			t.Fatalf("game %d: hard took %d choices without confirming its blocks", game, k)
		}
		m := s.ToMove(nil)
		if len(m) == 0 || m[0] != seat || s.Over() {
			return
		}
		legal := s.Legal(seat, nil)
		if len(legal) == 1 || s.ActionText(seat, legal[0]) != first {
			return // the declaration is over
		}
		adds := s.SearchLegal(seat, nil)
		a := hard.Choose(s.Observe(seat, nil), legal, &rng)
		if !slices.Contains(adds, a) {
			t.Fatalf("game %d: hard chose %q, which starts the declaration again (it may %v)", game, s.ActionText(seat, a), texts(s, seat, adds))
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if a == legal[0] {
			return // confirmed
		}
	}
}

func texts(s *nexus.State, seat engine.Seat, as []engine.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, s.ActionText(seat, a))
	}
	return out
}

// nexusDecks returns the built-in card table and the shipped decks.
func nexusDecks(t *testing.T) (*nexus.Table, []nexus.Deck) {
	t.Helper()
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var ds []nexus.Deck
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, nexus.FromDeck(d))
	}
	return tab, ds
}
