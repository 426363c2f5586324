package bots

import (
	"strings"
	"testing"
)

func TestNewFor(t *testing.T) {
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
		{"chess", "random", "", "no bots for game \"chess\""},
	}
	for _, tc := range tests {
		b, err := NewFor(tc.game, tc.name)
		if tc.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("NewFor(%q, %q) error = %v, want one containing %q", tc.game, tc.name, err, tc.errHas)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewFor(%q, %q): %v", tc.game, tc.name, err)
			continue
		}
		if b.Name() != tc.wantName {
			t.Errorf("NewFor(%q, %q).Name() = %q, want %q", tc.game, tc.name, b.Name(), tc.wantName)
		}
	}
}

func TestNamesFor(t *testing.T) {
	realms := strings.Join(Names(), ",")
	if realms != "easy,expert,greedy,hard,medium,random,velocity" {
		t.Errorf("Names() = %s", realms)
	}
	for _, n := range NamesFor("nexus") {
		if _, err := NewFor("nexus", n); err != nil {
			t.Errorf("nexus lists %q but NewFor refuses it: %v", n, err)
		}
	}
	if NamesFor("chess") != nil || LevelsFor("chess") != nil {
		t.Error("an unknown game has names or levels")
	}
}
