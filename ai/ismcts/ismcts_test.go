package ismcts

import (
	"testing"

	"starnexus/engine"
)

// The tests with real games are in sim/bots_test.go: this package knows no game.

type plainView struct{}

func (plainView) Seat() engine.Seat                                                   { return 0 }
func (plainView) MarshalJSON() ([]byte, error)                                        { return []byte("{}"), nil }
func (firstBot) Name() string                                                         { return "first" }
func (firstBot) Choose(_ engine.View, l []engine.Action, _ *engine.RNG) engine.Action { return l[0] }

type firstBot struct{}

// TestWithoutDeterminizerPlaysThePolicy: a View that cannot be determinized gets the rollout
// policy's move, and a single legal action is returned without search.
func TestWithoutDeterminizerPlaysThePolicy(t *testing.T) {
	b := New(Config{Iterations: 10, Rollout: firstBot{}})
	rng := engine.NewRNG(1)
	if got := b.Choose(plainView{}, []engine.Action{7, 8, 9}, &rng); got != 7 {
		t.Fatalf("chose %d, want the policy's 7", got)
	}
	if got := b.Choose(plainView{}, []engine.Action{4}, &rng); got != 4 {
		t.Fatalf("chose %d, want the only legal 4", got)
	}
	if st := b.Stats(); st.Decisions != 2 || st.Searched != 0 || st.Iterations != 0 {
		t.Fatalf("stats %+v, want 2 decisions and no search", st)
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
