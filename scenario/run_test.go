package scenario_test

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games"
	"starnexus/scenario"
)

// registry is the program's registry of games, for the scenarios of the shipped games.
func registry(t *testing.T) *engine.Registry {
	t.Helper()
	reg, err := games.Registry()
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func runOne(t *testing.T, text string) (scenario.Result, error) {
	t.Helper()
	scs, err := scenario.Parse("test.yaml", []byte(text))
	if err != nil {
		return scenario.Result{}, err
	}
	return scenario.NewRunner(registry(t)).Run(scs[0]), nil
}

const base = `name: t
game: realms
players:
  - name: Ann
    hand: [Blob Fighter, Scout]
    deck: [Viper]
  - name: Bob
    hand: [Scout]
active: Ann
`

func TestScenarioFileErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{base + "stepz: []\n", "field stepz not found"},
		{base + "steps:\n  - {do: play Scout, wat: 1}\n", `unknown step key "wat"`},
		{base + "steps:\n  - {expect: {Ann.trade: 1}, by: Ann}\n", "takes no by or error"},
		{"game: realms\n", "missing name"},
		{"name: x\n", "missing game"},
		{"", "no scenario"},
	}
	for _, tt := range tests {
		_, err := runOne(t, tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want one containing %q", err, tt.want)
		}
	}
}

// TestScenarioOutcomes checks that the runner fails what is wrong and passes what is right,
// and says where.
func TestScenarioOutcomes(t *testing.T) {
	tests := []struct {
		name, steps string
		ok          bool
		want        string // in the failure text
	}{
		{"right", "steps:\n  - play Blob Fighter\nexpect:\n  Ann.combat: 3\n", true, ""},
		{"wrong value", "steps:\n  - play Blob Fighter\nexpect:\n  Ann.combat: 4\n", false, "Ann.combat: want 4, got 3 (after \"play Blob Fighter\")"},
		{"refused step", "steps:\n  - play Viper\n", false, "refused"},
		{"error expected and given", "steps:\n  - {do: play Viper, error: not in your hand}\n", true, ""},
		{"error text differs", "steps:\n  - {do: play Viper, error: too expensive}\n", false, "a refusal containing"},
		{"error expected, accepted", "steps:\n  - {do: play Scout, error: true}\n", false, "must be refused"},
		{"legal", "expect:\n  legal: [play Blob Fighter, play scout, end]\n  not_legal: [attack Bob 1, buy Explorer]\n", true, ""},
		{"not legal listed", "expect:\n  legal: [attack Bob 1]\n", false, "not legal"},
		{"unknown card", "expect:\n  Ann.hand: [Blob Figter]\n", false, "did you mean \"Blob Fighter\""},
		{"unknown key", "expect:\n  Ann.mana: 3\n", false, "unknown player field"},
		{"mid expect", "steps:\n  - play Scout\n  - expect: {Ann.trade: 2}\n  - play Blob Fighter\n", false, "step 2"},
		{"by wrong seat", "steps:\n  - {do: play Scout, by: Bob, error: may not act}\n", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := runOne(t, base+tt.steps)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, f := range res.Failures {
				msgs = append(msgs, f.String())
			}
			got := strings.Join(msgs, "\n")
			if res.OK() != tt.ok || !strings.Contains(got, tt.want) {
				t.Errorf("ok=%v failures %q; want ok=%v and %q", res.OK(), got, tt.ok, tt.want)
			}
		})
	}
}

// panicky is a scenario adapter whose setup or checks panic, standing for an engine bug.
type panicky struct {
	scenario.Game
	inSetup bool
}

func (g panicky) Setup(sc *scenario.Scenario) (engine.State, error) {
	if g.inSetup {
		var zone []int
		_ = zone[len(sc.Name)] // index out of range, as an overflowing engine array would
	}
	return g.Game.Setup(sc)
}

func (g panicky) Check(st engine.State, key string, want any) (bool, string, string, error) {
	if key == "boom" {
		panic("check exploded")
	}
	return g.Game.Check(st, key, want)
}

// renamed is a registered game under another name, with another scenario adapter.
type renamed struct {
	engine.Game
	name    string
	adapter scenario.Game
}

func (g renamed) Name() string            { return g.name }
func (g renamed) Scenario() scenario.Game { return g.adapter }

// TestPanicFailsOnlyItsScenario checks that a panic in one scenario is that scenario's
// failure, with where it happened, and that the scenarios after it still run and pass.
func TestPanicFailsOnlyItsScenario(t *testing.T) {
	realms, err := registry(t).Get("realms")
	if err != nil {
		t.Fatal(err)
	}
	rg := realms.(scenario.Adapted).Scenario()
	reg, err := engine.NewRegistry(realms,
		renamed{Game: realms, name: "setup-panics", adapter: panicky{Game: rg, inSetup: true}},
		renamed{Game: realms, name: "check-panics", adapter: panicky{Game: rg}})
	if err != nil {
		t.Fatal(err)
	}
	r := scenario.NewRunner(reg)
	text := strings.Replace(base, "game: realms", "game: setup-panics", 1) + "---\n" +
		strings.Replace(base, "game: realms", "game: check-panics", 1) + "steps:\n  - play Scout\n  - expect: {boom: 1}\n  - play Blob Fighter\n" + "---\n" +
		base + "steps:\n  - play Blob Fighter\nexpect:\n  Ann.combat: 3\n"
	scs, err := scenario.Parse("test.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var results []scenario.Result
	for _, sc := range scs {
		results = append(results, r.Run(sc)) // a panic escaping Run would end the test here
	}
	if len(results) != 3 {
		t.Fatalf("%d results, want 3", len(results))
	}
	wants := []string{"step 0: panic: runtime error: index out of range", "step 2 (line", ""}
	for i, res := range results {
		var msgs []string
		for _, f := range res.Failures {
			msgs = append(msgs, f.String())
		}
		got := strings.Join(msgs, "\n")
		if wants[i] == "" {
			if !res.OK() {
				t.Errorf("scenario %d after the panics: %s", i+1, got)
			}
			continue
		}
		if res.OK() || !strings.Contains(got, wants[i]) || !strings.Contains(got, "panic") {
			t.Errorf("scenario %d: failures %q; want a panic report containing %q", i+1, got, wants[i])
		}
	}
	if got := results[0].Failures[0].Reason; !strings.Contains(got, "(in starnexus/scenario_test.panicky.Setup, run_test.go:") {
		t.Errorf("setup panic %q does not say where it happened", got)
	}
	if got := results[1].Failures[0].String(); !strings.Contains(got, "check exploded") || !strings.Contains(got, `after "play Scout"`) {
		t.Errorf("check panic %q does not name its step", got)
	}
}

// TestRunGoesOnAfterFailedExpectation checks that a failed expectation is reported and the
// scenario goes on (later steps run, later failures are reported), while a step refused where
// it must succeed ends the scenario.
func TestRunGoesOnAfterFailedExpectation(t *testing.T) {
	tests := []struct {
		name, steps string
		want        []string // every failure, in order
	}{
		{"failed expectations, then more steps", "steps:\n  - expect: {Ann.trade: 5}\n  - play Scout\n  - expect: {Ann.trade: 7, Ann.combat: 0}\n  - play Blob Fighter\nexpect:\n  Ann.combat: 4\n",
			[]string{"step 1 (line 11): Ann.trade: want 5, got 0", "step 3 (line 13): Ann.trade: want 7, got 1 (after \"play Scout\")", "step 5: Ann.combat: want 4, got 3 (after \"play Blob Fighter\")"}},
		{"refusal with another reason goes on", "steps:\n  - {do: play Viper, error: too expensive}\n  - play Scout\nexpect:\n  Ann.trade: 2\n",
			[]string{"step 1 (line 11): play Viper: want a refusal containing \"too expensive\"", "step 3: Ann.trade: want 2, got 1 (after \"play Scout\")"}},
		{"unexpected refusal stops", "steps:\n  - expect: {Ann.trade: 5}\n  - play Viper\n  - play Scout\nexpect:\n  Ann.trade: 2\n",
			[]string{"step 1 (line 11): Ann.trade: want 5, got 0", "step 2 (line 12): play Viper: refused"}},
		{"unexpected acceptance stops", "steps:\n  - {do: play Scout, error: true}\n  - play Scout\nexpect:\n  Ann.trade: 2\n",
			[]string{"step 1 (line 11): play Scout: was accepted but must be refused"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := runOne(t, base+tt.steps)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Failures) != len(tt.want) {
				t.Fatalf("failures %v; want %d: %q", res.Failures, len(tt.want), tt.want)
			}
			for i, f := range res.Failures {
				if !strings.HasPrefix(f.String(), tt.want[i]) {
					t.Errorf("failure %d: %q; want it to start with %q", i+1, f, tt.want[i])
				}
			}
		})
	}
}

// TestSetupError checks setup_error: a refused setup whose reason matches passes; one
// accepted, or refused for another reason, fails; and it takes no steps.
func TestSetupError(t *testing.T) {
	raid := "name: t\ngame: realms\nformat: raid\nplayers:\n  - name: Ann\n  - name: Bob\n    role: boss\n  - name: Cat\n"
	tests := []struct {
		name, text string
		ok         bool
		want       string
	}{
		{"refused as expected", raid + "setup_error: two bosses\n", false, "want a refusal containing \"two bosses\""},
		{"refused, text matches", raid + "setup_error: exactly one BOSS\n", true, ""},
		{"refused, any reason", raid + "setup_error: true\n", true, ""},
		{"accepted", base + "setup_error: true\n", false, "step 0: setup_error: was accepted but must be refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := runOne(t, tt.text)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, f := range res.Failures {
				msgs = append(msgs, f.String())
			}
			got := strings.Join(msgs, "\n")
			if res.OK() != tt.ok || !strings.Contains(got, tt.want) {
				t.Errorf("ok=%v failures %q; want ok=%v and %q", res.OK(), got, tt.ok, tt.want)
			}
		})
	}
	for _, text := range []string{base + "setup_error: true\nsteps: [end]\n", base + "setup_error: true\nexpect: {Ann.trade: 0}\n", base + "setup_error: false\n"} {
		if _, err := runOne(t, text); err == nil || !strings.Contains(err.Error(), "setup_error") {
			t.Errorf("%q: error %v, want one about setup_error", text, err)
		}
	}
}
