package scenario

import (
	"strings"
	"testing"
)

func runOne(t *testing.T, text string) (Result, error) {
	t.Helper()
	scs, err := Parse("test.yaml", []byte(text))
	if err != nil {
		return Result{}, err
	}
	r, err := NewRunner()
	if err != nil {
		t.Fatal(err)
	}
	return r.Run(scs[0]), nil
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
