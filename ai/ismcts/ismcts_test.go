package ismcts

import (
	"testing"

	"starnexus/engine"
)

// The tests with real games are in sim/bots_test.go: this package knows no game but the toy
// race of the conformance suite (toy_test.go).

type firstBot struct{}

func (firstBot) Name() string { return "first" }
func (firstBot) Choose(_ engine.Observation, l []engine.Action, _ *engine.RNG) engine.Action {
	return l[0]
}

// TestWithoutObservationPlaysUniformly: a nil Observation (a driver that took the bot for a
// blind one) gets a legal action without search, and a single legal action is returned
// without search.
func TestWithoutObservationPlaysUniformly(t *testing.T) {
	b := New(Config{Iterations: 10, Rollout: firstBot{}})
	rng := engine.NewRNG(1)
	legal := []engine.Action{7, 8, 9}
	for range 20 {
		if got := b.Choose(nil, legal, &rng); got < 7 || got > 9 {
			t.Fatalf("chose %d, not a legal action", got)
		}
	}
	if got := b.Choose(nil, []engine.Action{4}, &rng); got != 4 {
		t.Fatalf("chose %d, want the only legal 4", got)
	}
	if st := b.Stats(); st.Decisions != 21 || st.Searched != 0 || st.Iterations != 0 {
		t.Fatalf("stats %+v, want 21 decisions and no search", st)
	}
	if New(Config{}).Name() != "ismcts" || New(Config{Name: "hard"}).Name() != "hard" {
		t.Fatal("names")
	}
}

// TestRerootKeepsTheSubtree: rerooting copies exactly the chosen subtree, relinked.
func TestRerootKeepsTheSubtree(t *testing.T) {
	b := New(Config{Iterations: 1})
	b.nodes = append(b.nodes[:0], node{seat: engine.Spectator, parent: -1, child: -1, sibling: -1})
	x := b.addChild(0, 0, 1)
	b.addChild(0, 0, 2)
	y := b.addChild(x, 1, 3)
	b.addChild(x, 1, 4)
	b.addChild(y, 0, 5)
	b.nodes[y].visits = 9
	b.reroot(x)
	if len(b.nodes) != 4 {
		t.Fatalf("%d nodes after reroot, want 4", len(b.nodes))
	}
	seen := map[engine.Action]int32{}
	var walk func(i int32)
	walk = func(i int32) {
		for c := b.nodes[i].child; c >= 0; c = b.nodes[c].sibling {
			if b.nodes[c].parent != i {
				t.Fatalf("node %d has parent %d, want %d", c, b.nodes[c].parent, i)
			}
			seen[b.nodes[c].action] = c
			walk(c)
		}
	}
	walk(0)
	if len(seen) != 3 || b.nodes[seen[3]].visits != 9 || b.nodes[seen[5]].parent != seen[3] {
		t.Fatalf("subtree not kept: %v", seen)
	}
}
