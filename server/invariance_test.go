package server

import (
	"fmt"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/store"
)

// TestHiddenCardsChangeNothingForOthers is DESIGN.md §8's invariance test at the server's
// edge: two games that differ only in which of Bob's cards are in his hand and which in his
// deck give Ann (and a spectator) byte-identical views, the same legal actions, the same
// refusals and the same bot decisions (the search bots' included: they determinize from the
// View alone), through Ann's whole turn.
func TestHiddenCardsChangeNothingForOthers(t *testing.T) {
	for _, bot := range []string{"greedy", "velocity", "random", "easy"} {
		t.Run(bot, func(t *testing.T) {
			hiddenInvariance(t, bot)
		})
	}
}

func hiddenInvariance(t *testing.T, bot string) {
	cat := catalog(t)
	vs := viewServer(t)
	mk := func(bobHand, bobDeck []string) *game {
		pos := realms.Position{Options: realms.Options{Format: "standard", Sets: []string{"core"}}, Seed: 77, Active: "Ann",
			Players: []realms.PlayerSetup{
				{Name: "Ann", Hand: []string{"Scout", "Scout", "Scout", "Viper", "Blob Fighter"}, Deck: []string{"Scout", "Scout", "Scout", "Scout", "Viper"}},
				{Name: "Bob", Hand: bobHand, Deck: bobDeck},
			}}
		st, err := realms.NewPosition(cat, pos)
		if err != nil {
			t.Fatal(err)
		}
		meta := &store.Game{ID: "inv", Game: "realms", Format: "standard", Sets: []string{"core"},
			Seats: []store.Seat{{Name: "Ann", Kind: store.Human}, {Name: "Bob", Kind: store.Human}}}
		return &game{id: "inv", meta: meta, st: st, last: []int{-1, -1}}
	}
	a := mk([]string{"Viper", "Viper", "Scout", "Scout", "Scout"}, []string{"Scout", "Scout", "Scout", "Scout", "Scout"})
	b := mk([]string{"Scout", "Scout", "Scout", "Scout", "Scout"}, []string{"Scout", "Viper", "Scout", "Viper", "Scout"})
	probes := []string{"play Viper", "play Blob Fighter", "buy Blob Fighter", "attack Bob 99", "choose hand:Viper", "use Blob Fighter ally", "end"}
	botA, botB := testBot(t, "realms", bot), testBot(t, "realms", bot)
	for step := 0; ; step++ {
		if step > 60 {
			t.Fatal("Ann's turn did not end")
		}
		for _, seat := range []engine.Seat{0, engine.Spectator} {
			va, err := a.view(vs, seat)
			if err != nil {
				t.Fatal(err)
			}
			vb, _ := b.view(vs, seat)
			if string(va) != string(vb) {
				t.Fatalf("step %d: seat %d's views differ:\n%s\n%s", step, seat, va, vb)
			}
		}
		if a.st.(*realms.State).Active != 0 {
			break // Bob's turn: his hand is his to show now
		}
		ca, text := sameAnswers(t, step, a, b, probes, botA, botB)
		for _, g := range []*game{a, b} {
			g.st.ApplyTrusted(0, ca)
			g.log = append(g.log, store.Action{Seq: len(g.log), Seat: 0, Text: text})
		}
	}
}

// tryAction reports what the game says to an action text, on a copy.
func tryAction(g *game, text string) string {
	st := g.st.Clone()
	a, err := st.ParseAction(0, text)
	if err == nil {
		err = st.Apply(0, a)
	}
	if err != nil {
		return err.Error()
	}
	return "ok"
}

// sameAnswers checks, for seat 0 of twin games a and b that differ only in what seat 0 cannot
// see, that every probe is answered alike, the legal actions are the same and the twin bots
// choose the same action; it returns that action and its text.
func sameAnswers(t *testing.T, step int, a, b *game, probes []string, botA, botB engine.Bot) (engine.Action, string) {
	t.Helper()
	for _, p := range probes {
		if ea, eb := tryAction(a, p), tryAction(b, p); ea != eb {
			t.Fatalf("step %d: %q answered %q in one game and %q in the other", step, p, ea, eb)
		}
	}
	la, lb := a.st.Legal(0, nil), b.st.Legal(0, nil)
	if fmt.Sprint(la) != fmt.Sprint(lb) {
		t.Fatalf("step %d: legal actions differ", step)
	}
	ra, rb := engine.NewRNG(uint64(step)), engine.NewRNG(uint64(step))
	ca := botA.Choose(a.st.Clone().Observe(0, nil), la, &ra)
	cb := botB.Choose(b.st.Clone().Observe(0, nil), lb, &rb)
	if ca != cb {
		t.Fatalf("step %d: the bot chose %q in one game and %q in the other", step, a.st.ActionText(0, ca), b.st.ActionText(0, cb))
	}
	return ca, a.st.ActionText(0, ca)
}
