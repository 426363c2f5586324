package scenario_test

import (
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
	"starnexus/scenario"
)

// bare is a registered game without a scenario adapter.
type bare struct{ engine.Game }

func (bare) Name() string { return "bare" }

// toyRunner is a runner over a registry that holds only the toy game and a game without a
// scenario adapter: the runner knows neither by name.
func toyRunner(t *testing.T) *scenario.Runner {
	t.Helper()
	reg, err := engine.NewRegistry(toygame.Game{}, bare{toygame.Game{}})
	if err != nil {
		t.Fatal(err)
	}
	return scenario.NewRunner(reg)
}

// TestToyScenarioFile runs a file of toy scenarios: steps, refusals, mid and final
// expectations and setup_error all go through the toy's adapter.
func TestToyScenarioFile(t *testing.T) {
	scs, err := scenario.Load(filepath.Join("testdata", "toy.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(scs) != 4 {
		t.Fatalf("%d scenarios, want 4", len(scs))
	}
	r := toyRunner(t)
	for _, sc := range scs {
		t.Run(sc.Name, func(t *testing.T) {
			for _, f := range r.Run(sc).Failures {
				t.Error(f)
			}
		})
	}
}

// TestToyScenarioFailures checks that what does not hold in a toy scenario is reported, and
// that a game without an adapter, or one the registry does not list, is refused.
func TestToyScenarioFailures(t *testing.T) {
	const toy = "name: t\ngame: toy\noptions: {target: 5}\nplayers: [{name: Ann}, {name: Bob}]\nactive: Ann\n"
	tests := []struct {
		name, text, want string
	}{
		{"wrong total", toy + "steps: [add 2]\nexpect: {total: 3}\n", `step 2: total: want 3, got 2 (after "add 2")`},
		{"wrong winner", toy + "steps: [add 3, add 2]\nexpect: {winner: Ann}\n", "winner: want Ann, got Bob"},
		{"unknown key", toy + "expect: {score: 1}\n", `unknown key "score" (known: active, target, total, winner)`},
		{"refused step", toy + "steps: [add 4]\n", "step 1 (line 6): add 4: refused: unknown action"},
		{"accepted setup", toy + "setup_error: true\n", "setup_error: was accepted but must be refused"},
		{"a key the toy does not take", toy + "phase: main1\n", "setup: the toy race takes only"},
		{"no adapter", strings.Replace(toy, "game: toy", "game: bare", 1), `game "bare" (Toy Race) has no scenario adapter`},
		{"unknown game", strings.Replace(toy, "game: toy", "game: realms", 1), `unknown game "realms" (known: toy, bare)`},
	}
	r := toyRunner(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scs, err := scenario.Parse("test.yaml", []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			res := r.Run(scs[0])
			var msgs []string
			for _, f := range res.Failures {
				msgs = append(msgs, f.String())
			}
			if got := strings.Join(msgs, "\n"); res.OK() || !strings.Contains(got, tt.want) {
				t.Errorf("failures %q; want one containing %q", got, tt.want)
			}
		})
	}
}
