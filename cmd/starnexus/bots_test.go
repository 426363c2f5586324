package main

import (
	"strings"
	"testing"

	"starnexus/ai/ismcts"
)

// TestBotsByName: every level and bot resolves by name (any case) and calls itself by it, and
// the experiment form reports its mistakes.
func TestBotsByName(t *testing.T) {
	for _, name := range []string{"random", "greedy", "velocity", "easy", "medium", "hard", "expert"} {
		b, err := newBot(strings.ToUpper(name))
		if err != nil {
			t.Fatal(err)
		}
		if b.Name() != name {
			t.Errorf("bot %q calls itself %q", name, b.Name())
		}
	}
	prev := 0
	for _, l := range realmsLevels() {
		if l.Config.Iterations < prev {
			t.Errorf("level %s searches less than the one before it", l.Name)
		}
		prev = l.Config.Iterations
	}
	b, err := newBot("ismcts:iters=50:prior=1:rollout=velocity:reuse=1")
	if err != nil {
		t.Fatal(err)
	}
	if cfg := b.(*ismcts.Bot).Config(); cfg.Iterations != 50 || cfg.Prior != 1 || !cfg.Reuse || cfg.Rollout.Name() != "velocity" {
		t.Errorf("ismcts spec parsed as %+v", cfg)
	}
	for _, bad := range []string{"ismcts:iters=x", "ismcts:depth=3", "ismcts:rollout=wizard"} {
		if _, err := newBot(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
