package bots

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games"
)

func registry(t *testing.T) *engine.Registry {
	t.Helper()
	r, err := games.Registry()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestNew(t *testing.T) {
	r := registry(t)
	tests := []struct {
		game, name string
		wantName   string // the bot's Name(), "" for an expected error
		errHas     string
	}{
		{"realms", "greedy", "greedy", ""},
		{"realms", "Hard", "hard", ""},
		{"realms", "random", "random", ""},
		{"realms", "ismcts:iters=50:rollout=velocity", "ismcts:iters=50:rollout=velocity", ""},
		{"nexus", "random", "random", ""},
		{"nexus", "medium", "medium", ""},
		{"nexus", "velocity", "", "unknown bot \"velocity\""},
		{"realms", "grredy", "", "known: "},
		{"realms", "ismcts:iters=x", "", "iters"},
		{"realms", "ismcts:nope=1", "", "unknown key"},
	}
	for _, tc := range tests {
		g, err := r.Get(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(g, tc.name)
		if tc.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("New(%q, %q) error = %v, want one containing %q", tc.game, tc.name, err, tc.errHas)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%q, %q): %v", tc.game, tc.name, err)
			continue
		}
		if b.Name() != tc.wantName {
			t.Errorf("New(%q, %q).Name() = %q, want %q", tc.game, tc.name, b.Name(), tc.wantName)
		}
	}
}

func TestNames(t *testing.T) {
	r := registry(t)
	realms, _ := r.Get("realms")
	if got := strings.Join(Names(realms), ","); got != "easy,expert,greedy,hard,medium,random,velocity" {
		t.Errorf("Names(realms) = %s", got)
	}
	for _, g := range r.Games() {
		for _, n := range Names(g) {
			if _, err := New(g, n); err != nil {
				t.Errorf("%s lists %q but New refuses it: %v", g.Name(), n, err)
			}
		}
		if len(Levels(g)) != 4 {
			t.Errorf("%s: %d levels, want easy, medium, hard, expert", g.Name(), len(Levels(g)))
		}
	}
}
