package realmsgame_test

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms/realmsgame"
	"starnexus/scenario"
)

// runOne runs the first scenario of text with a registry that holds Star Realms alone.
func runOne(t *testing.T, text string) (scenario.Result, error) {
	t.Helper()
	scs, err := scenario.Parse("test.yaml", []byte(text))
	if err != nil {
		return scenario.Result{}, err
	}
	g, err := realmsgame.New()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := engine.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	return scenario.NewRunner(reg).Run(scs[0]), nil
}

// TestRealmsSeesAndDiscardTop checks that sees and discard_top fail when the view or the pile
// differs, and say what they found.
func TestRealmsSeesAndDiscardTop(t *testing.T) {
	raid := "name: t\ngame: realms\nformat: raid\nplayers:\n  - {name: Boss, hand: [Scout]}\n  - {name: Ann, hand: [Cutter], discard: [Viper, Scout]}\n  - {name: Bob, hand: [Viper]}\n"
	tests := []struct {
		expect string
		ok     bool
		want   string
	}{
		{"Boss.sees.Ann.hand: [Cutter]", false, "want [Cutter], got hidden"},
		{"Bob.sees.Ann.hand: hidden", false, "want hidden, got [Cutter]"},
		{"Bob.sees.Ann.hand: [Cutter]", true, ""},
		{"Bob.sees.Ann.hand_count: 2", false, "want 2, got 1"},
		{"Ann.sees.Boss.colour: 1", false, "sees: unknown field"},
		{"Ann.discard_top: [Scout]", true, ""},
		{"Ann.discard_top: [Viper]", false, "want [Viper] on top, got [Scout, Viper]"},
	}
	for _, tt := range tests {
		res, err := runOne(t, raid+"expect:\n  "+tt.expect+"\n")
		if err != nil {
			t.Fatal(err)
		}
		var msgs []string
		for _, f := range res.Failures {
			msgs = append(msgs, f.String())
		}
		got := strings.Join(msgs, "\n")
		if res.OK() != tt.ok || !strings.Contains(got, tt.want) {
			t.Errorf("%s: ok=%v failures %q; want ok=%v and %q", tt.expect, res.OK(), got, tt.ok, tt.want)
		}
	}
}
