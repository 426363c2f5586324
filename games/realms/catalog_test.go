package realms

import (
	"strings"
	"testing"
)

func TestCoreSetCatalog(t *testing.T) {
	cat := loadCat(t)
	trade, copies := 0, 0
	perFaction := map[Faction]int{}
	for _, c := range cat.Cards {
		if c.Set == "core" && c.Deck == TradeDeck {
			trade++
			copies += c.Quantity
			perFaction[c.Faction] += c.Quantity
		}
	}
	if trade != 46 || copies != 80 {
		t.Fatalf("core trade deck: %d cards, %d copies; want 46 and 80", trade, copies)
	}
	for f, n := range perFaction {
		if n != 20 {
			t.Errorf("%v: %d copies, want 20", f.Names(), n)
		}
	}
	for _, name := range []string{"Scout", "Viper", "Explorer"} {
		if _, err := cat.Lookup(name); err != nil {
			t.Error(err)
		}
	}
}

func TestLookupAliasesAndSuggestions(t *testing.T) {
	cat := loadCat(t)
	tests := []struct{ name, want string }{
		{"blob world", "Blob World"},
		{"Planeta Blob", "Blob World"},
		{"drone duplicador", "Stealth Needle"},
		{"Prospecteur", "Explorer"},
		{"Rastreadora", "Scout"},
	}
	for _, tt := range tests {
		id, err := cat.Lookup(tt.name)
		if err != nil || cat.Card(id).Name != tt.want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", tt.name, id, err, tt.want)
		}
	}
	_, err := cat.Lookup("Blob Wrld")
	if err == nil || !strings.Contains(err.Error(), `"Blob World"`) {
		t.Errorf("Lookup(Blob Wrld) error %v should suggest Blob World", err)
	}
}

// abilityCase is one row of an ability-language table: a text and the error it must give
// ("" when it must parse).
type abilityCase struct {
	text    string
	wantErr string
}

func checkAbilityCases(t *testing.T, tests []abilityCase) {
	t.Helper()
	for _, tt := range tests {
		_, err := ParseAbility(tt.text)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("ParseAbility(%q): %v", tt.text, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseAbility(%q) error %v, want one containing %q", tt.text, err, tt.wantErr)
		}
	}
}

func TestAbilityLanguageErrors(t *testing.T) {
	checkAbilityCases(t, []abilityCase{
		{"combat 3", ""},
		{"trade 2; may scrap 1 from hand/discard", ""},
		{"choose one: trade 1 | discard up to 2; draw 1 per card discarded this way", ""},
		{"draw 1 per Blob card played this turn", ""},
		{"if bases >= 2: draw 2", ""},
		{"acquire free ship cost<=6 to top of deck", ""},
		{"combat three", `"three" is not a number`},
		{"combat 3;", "empty effect"},
		{"fly 3", "unknown effect"},
		{"may trade 2", "makes sense only for a choice"},
		{"scrap 1 from graveyard", `unknown zone "graveyard"`},
		{"choose one: trade 1", "at least two options"},
		{"if bases >= 2: draw 2; combat 1", ""}, // the if governs the rest of the ability
		{"draw 1 per Pirate card played this turn", `unknown faction "pirate"`},
		{"if hand >= 2: draw 1", "unknown condition"},
		{"if bases >= 1: choose one: trade 1 | combat 1", "may not hold"},
	})
}

func TestCardFileErrorsNameFileCardAndField(t *testing.T) {
	tests := []struct {
		yaml string
		want string
	}{
		{"set: x\ncards:\n  - name: Foo\n    type: ship\n    cost: 2\n    quantity: 1\n    primary: combat lots\n", "bad.yaml: card Foo: field primary"},
		{"set: x\ncards:\n  - name: Foo\n    type: starship\n    cost: 2\n    quantity: 1\n", "bad.yaml: card Foo: field type"},
		{"set: x\ncards:\n  - name: Foo\n    faction: Pirates\n    type: ship\n    cost: 2\n    quantity: 1\n", "field faction: unknown faction"},
		{"set: x\ncards:\n  - name: Foo\n    type: base\n    cost: 2\n    quantity: 1\n", "field defense"},
		{"set: x\ncards:\n  - name: Foo\n    type: ship\n    quantity: 1\n", "field cost: missing"},
		{"set: x\ncards:\n  - name: Foo\n    type: ship\n    cost: 1\n    quantity: 1\n    colour: red\n", "bad.yaml: card Foo: unknown field \"colour\" (line 7"},
		{"set: x\ncards:\n  - name: Foo\n    type: ship\n    cost: 1\n    quantity: 1\n    prmary: combat 1\n", "did you mean \"primary\""},
		{"set: x\ncards:\n  - type: ship\n", "card #1: field name"},
	}
	for _, tt := range tests {
		_, err := ParseCardFile("bad.yaml", []byte(tt.yaml))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want one containing %q", err, tt.want)
		}
	}
}
