package toygame

import (
	"testing"

	"starnexus/engine"
)

// The toy plays to the end through engine.PlayOut and a record of it replays.
func TestToyPlaysAndReplays(t *testing.T) {
	g := Game{}
	setup, err := g.Prepare(engine.Setup{Names: []string{"Ann", "Bob", ""}, Seed: 5, Options: map[string]string{"target": "12"}})
	if err != nil {
		t.Fatal(err)
	}
	if setup.Names[2] != "P3" || setup.Format != "race" {
		t.Fatalf("Prepare did not complete the setup: %+v", setup)
	}
	st, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord("toy", setup, []string{"smart", "first", "first"})
	kit := g.Bots()
	rng := engine.NewRNG(1)
	for !st.Over() {
		seat := st.ToMove(nil)[0]
		a := kit.Strong().Choose(st.Observe(seat, nil), st.Legal(seat, nil), &rng)
		rec.Actions = append(rec.Actions, engine.LoggedAction{Seat: int(seat), Action: st.ActionText(seat, a)})
		if err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	again, err := engine.Replay(g, rec, -1)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Over() || again.Winners()[0] != st.Winners()[0] || again.(*State).Total != 12 {
		t.Fatalf("replay ends %v %v, want the game's end", again.Over(), again.Winners())
	}
	if err := st.Apply(0, 1); err == nil {
		t.Error("an action after the end was accepted")
	}
	if _, err := g.Prepare(engine.Setup{Names: []string{"A"}}); err == nil {
		t.Error("a one-player race was accepted")
	}
	if _, err := g.Prepare(engine.Setup{Names: []string{"A", "B"}, Options: map[string]string{"target": "x"}}); err == nil {
		t.Error("a bad target was accepted")
	}
}
