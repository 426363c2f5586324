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

// TestGameLevels: a game that sets its own levels (Stellar Nexus) gets them, in order, with
// its rollout policies, cap, evaluator and shortcut; a game that does not (Star Realms) gets
// the defaults and no shortcut.
func TestGameLevels(t *testing.T) {
	r := registry(t)
	ng, _ := r.Get("nexus")
	kit := ng.Bots()
	got := Levels(ng)
	if len(kit.Levels) != 4 || len(got) != 4 {
		t.Fatalf("nexus: %d settings, %d levels; want 4", len(kit.Levels), len(got))
	}
	for i, want := range []string{"easy", "medium", "hard", "expert"} {
		l, set := got[i], kit.Levels[i]
		c := l.Config
		switch {
		case l.Name != want || set.Name != want || c.Name != want:
			t.Errorf("level %d is %q (settings %q), want %q", i, l.Name, set.Name, want)
		case c.Iterations != set.Iterations || c.Prior != set.Prior || c.Epsilon != set.Epsilon || c.Reuse != set.Reuse:
			t.Errorf("%s: config %+v does not follow the settings %+v", want, c, set)
		case c.MaxRolloutActions != kit.RolloutCap || c.Evaluate == nil || c.Shortcut == nil || c.Rollout == nil:
			t.Errorf("%s: cap %d, evaluator %v, shortcut %v, rollout %v", want, c.MaxRolloutActions, c.Evaluate, c.Shortcut, c.Rollout)
		}
		if i > 0 && c.Iterations < got[i-1].Config.Iterations {
			t.Errorf("%s searches less than %s", want, got[i-1].Name)
		}
	}
	if !kit.Levels[2].Strong || !kit.Levels[3].Strong || !got[2].Config.Reuse || !got[3].Config.Reuse || got[3].Config.Prior == 0 {
		t.Errorf("nexus: hard and expert play the strong policy, with its prior, reusing their tree: %+v", kit.Levels)
	}
	// Each bot gets its own shortcut (it keeps a scratch State).
	if a, b := Levels(ng)[2].Config.Shortcut, Levels(ng)[2].Config.Shortcut; a == b {
		t.Error("two hard bots share one shortcut")
	}
	rg, _ := r.Get("realms")
	for _, l := range Levels(rg) {
		if l.Config.Shortcut != nil {
			t.Errorf("realms %s has a shortcut", l.Name)
		}
	}
	if it := Levels(rg)[2].Config.Iterations; it != 1000 {
		t.Errorf("realms hard: %d iterations, want the default 1000", it)
	}
	// A level may set its own rollout cap.
	kit.Levels = []engine.LevelSettings{{Name: "deep", Iterations: 5, RolloutCap: 500}}
	if l := levelsFor(kit); len(l) != 1 || l[0].Config.MaxRolloutActions != 500 {
		t.Errorf("a level's own cap: %+v", l)
	}
}
