package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCardsCoreJSON(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "cards", "--set", "core", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var cards []map[string]any
	if err := json.Unmarshal([]byte(out), &cards); err != nil {
		t.Fatal(err)
	}
	trade, copies := 0, 0
	other := map[string]map[string]any{}
	for _, c := range cards {
		for _, key := range []string{"name", "set", "faction", "type", "cost", "defense", "outpost", "quantity", "deck", "aliases"} {
			if _, ok := c[key]; !ok {
				t.Fatalf("%v lacks %q", c["name"], key)
			}
		}
		if c["set"] != "core" {
			t.Errorf("%v: set %v", c["name"], c["set"])
		}
		if c["deck"] == "trade" {
			trade++
			copies += int(c["quantity"].(float64))
		} else {
			other[c["name"].(string)] = c
		}
	}
	if trade != 46 || copies != 80 {
		t.Errorf("%d trade-deck cards, %d copies; want 46 and 80", trade, copies)
	}
	tests := []struct {
		name, deck string
		cost       any
	}{
		{"Scout", "starting", nil},
		{"Viper", "starting", nil},
		{"Explorer", "explorer", 2.0},
	}
	if len(other) != len(tests) {
		t.Errorf("other cards %d, want %d", len(other), len(tests))
	}
	for _, tt := range tests {
		c, ok := other[tt.name]
		if !ok {
			t.Errorf("%s is missing", tt.name)
			continue
		}
		if c["deck"] != tt.deck || c["cost"] != tt.cost || c["defense"] != nil || len(c["faction"].([]any)) != 0 {
			t.Errorf("%s: %v", tt.name, c)
		}
	}
}

func TestCardsTableAndFilters(t *testing.T) {
	tests := []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"cards", "--set", "core"}, []string{"46 trade-deck cards (80 copies), 3 other cards", "Blob World", "Explorer"}, nil},
		{[]string{"cards", "--set", "core", "--faction", "blob"}, []string{"Blob Carrier", "11 trade-deck cards", "+4 Combat. You may scrap a card in the trade row. / Blob Ally: +2 Combat."}, []string{"Scout", "Cutter", "combat 4"}},
		{[]string{"cards", "--set", "core", "--faction", "unaligned"}, []string{"Scout", "Viper", "Explorer", "0 trade-deck cards"}, []string{"Blob"}},
		{[]string{"cards", "--name", "world"}, []string{"Blob World", "Mech World", "Brain World", "War World"}, []string{"Scout"}},
		{[]string{"cards", "--name", "planeta"}, []string{"Blob World"}, nil},
		{[]string{"cards", "--name", "fleet"}, []string{"Fleet HQ", "Whenever you play a ship: +1 Combat."}, nil},
		{[]string{"cards", "--name", "mech world"}, []string{"This card counts as an ally of every faction.", "6 outpost"}, nil},
		{[]string{"cards", "--set", "colony-wars"}, []string{"43 trade-deck cards (80 copies), 3 other cards", "Stealth Tower"}, []string{"Blob World"}},
		{[]string{"cards", "--name", "plasma vent"}, []string{"+4 Combat. / Scrap: Destroy target base. / When you acquire this card, if you have played a Blob card this turn, you may put it into your hand."}, []string{"may scrap", "if played"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[1:], " "), func(t *testing.T) {
			code, out, stderr := runStarnexus(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("should not list %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestCardsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"cards", "--set", "gambit"}, `unknown set "gambit" (known: `},
		{[]string{"cards", "--faction", "Pirates"}, `unknown faction "Pirates" (known: Blob, Trade Federation, Star Empire, Machine Cult`},
		{[]string{"cards", "--name", "Blob Whel"}, `no card matches "Blob Whel": did you mean Blob Wheel`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[1:], " "), func(t *testing.T) {
			code, _, stderr := runStarnexus(t, "", tt.args...)
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr, tt.want)
			}
		})
	}
}
