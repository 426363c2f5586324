package realms

import (
	"strings"
	"testing"
)

func TestColonyWarsCatalog(t *testing.T) {
	cat := loadCat(t)
	trade, copies := 0, 0
	perFaction := map[Faction]int{}
	for _, c := range cat.Cards {
		if c.Set == "colony-wars" {
			if c.Deck != TradeDeck {
				t.Errorf("%s: colony-wars defines a basic card; Scout, Viper and Explorer live in core.yaml", c.Name)
			}
			trade++
			copies += c.Quantity
			perFaction[c.Faction] += c.Quantity
		}
	}
	if trade != 43 || copies != 80 {
		t.Fatalf("colony-wars trade deck: %d cards, %d copies; want 43 and 80", trade, copies)
	}
	if len(perFaction) != 4 {
		t.Errorf("colony-wars factions: %v, want 4", perFaction)
	}
	for f, n := range perFaction {
		if n != 20 {
			t.Errorf("%v: %d copies, want 20", f.Names(), n)
		}
	}
	tests := []struct{ alias, want string }{
		{"L'Incinérateur", "The Incinerator"},
		{"tour fantôme", "Stealth Tower"},
		{"Cuirassé Impérial", "Emperor's Dreadnaught"},
		{"Dépôt de Marchandises", "Supply Depot"},
		{"Monde-Usine", "Factory World"},
		{"Parasite", "Parasite"},
	}
	for _, tt := range tests {
		id, err := cat.Lookup(tt.alias)
		if err != nil || cat.Card(id).Name != tt.want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", tt.alias, id, err, tt.want)
		}
	}
}

func TestColonyWarsAbilityLanguage(t *testing.T) {
	checkAbilityCases(t, []abilityCase{
		{"trade 2; if bases >= 3: authority 4; draw 1", ""},
		{"combat 4; if opponent bases >= 1: combat 2", ""},
		{"if played Trade Federation: may put this card into hand", ""},
		{"discard 1; draw 1 per card discarded this way", ""},
		{"discard up to 2; for each card discarded this way: choose one: trade 2 | combat 2", ""},
		{"combat 2 per card scrapped from hand/discard this turn", ""},
		{"combat 6; may scrap up to 2 from trade row", ""},
		{"choose one: combat 6 | acquire free card cost<=6", ""},
		{"put next ship or base acquired this turn on top of deck", ""},
		{"trade 3; put next ship or base acquired this turn into hand", ""},
		{"copy another base in play", ""},
		{"if played Pirates: draw 1", `unknown faction "pirates" in "if played FACTION"`},
		{"if opponent bases >= lots: combat 2", `"lots" is not a number from 1 to 99`},
		{"if opponent has bases: combat 2", "unknown condition"},
		{"if bases >= 2 draw 2", "needs a condition and a colon"},
		{"if bases >= 2:", "nothing after the colon"},
		{"if bases >= 2: discard 1; for each card discarded this way: trade 1", "may not hold"},
		{"for each card discarded this way: trade 2", "must follow a scrap or discard"},
		{"draw 2; for each card discarded this way: trade 2", "must follow a scrap or discard"},
		{"discard up to 2; for each card drawn this way: trade 2", "unknown count"},
		{"discard up to 2; for each card discarded this way trade 2", "needs a colon"},
		{"discard up to 2; for each card discarded this way: scrap 1 from hand", "plain gains"},
		{"discard up to 2; for each card discarded this way: if bases >= 1: trade 1", "plain gains"},
		{"choose one: trade 1 | discard 1; for each card discarded this way: trade 2", "may not hold"},
		{"combat 2 per card scrapped from hand this turn", "unknown count"},
		{"put next base acquired this turn into hand", "unknown redirect"},
		{"put next ship or base acquired this turn under the deck", "unknown redirect"},
		{"copy any base", "unknown copy"},
		{"may copy another base in play", "makes sense only for a choice"},
		{"discard", "unknown effect"},
		{"discard up", `expected "up to N"`},
		{"scrap 1", `expected "from hand"`},
	})
}

func TestColonyWarsCardFieldErrors(t *testing.T) {
	const head = "set: x\ncards:\n  - name: Foo\n    faction: Blob\n"
	tests := []struct {
		yaml string
		want string // "" means the file reads
	}{
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    acquire: \"if played Blob: may put this card into hand\"\n", ""},
		{head + "    type: base\n    defense: 4\n    cost: 4\n    quantity: 1\n    trigger: \"whenever you play a Blob ship: combat 2\"\n", ""},
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    primary: may put this card into hand\n", "card Foo: field primary: \"put this card into hand\" works only in the acquire field"},
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    acquire: acquire free card cost<=2\n", "card Foo: field acquire: an on-acquire ability may not acquire another card"},
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    acquire: \"if played Blobs: draw 1\"\n", "field acquire: \"if played Blobs: draw 1\": unknown faction \"blobs\""},
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    primary: copy another base in play\n", "field primary: \"copy another base in play\" works only as a base's Primary"},
		{head + "    type: base\n    defense: 4\n    cost: 4\n    quantity: 1\n    ally: copy another base in play\n", "field ally: \"copy another base in play\" works only as a base's Primary"},
		{head + "    type: base\n    defense: 4\n    cost: 4\n    quantity: 1\n    trigger: \"whenever you play a Pirate ship: combat 2\"\n", "field trigger: \"whenever you play a Pirate ship: combat 2\": unknown faction \"pirate\""},
		{head + "    type: base\n    defense: 4\n    cost: 4\n    quantity: 1\n    trigger: \"whenever you buy a ship: combat 2\"\n", "field trigger: \"whenever you buy a ship: combat 2\": known triggers"},
		{head + "    type: base\n    defense: 4\n    cost: 4\n    quantity: 1\n    trigger: \"whenever you play a ship: may scrap 1 from hand\"\n", "a trigger may only gain"},
		{head + "    type: ship\n    cost: 2\n    quantity: 1\n    acqire: draw 1\n", "did you mean \"acquire\""},
	}
	for _, tt := range tests {
		_, err := ParseCardFile("cw.yaml", []byte(tt.yaml))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.yaml, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("error %v, want one containing %q", err, tt.want)
		}
	}
}

// TestColonyWarsAbilityTextRoundTrip writes every ability (the acquire and trigger fields
// included) back in the language and parses it again to the same text.
func TestColonyWarsAbilityTextRoundTrip(t *testing.T) {
	cat := loadCat(t)
	for _, c := range cat.Cards {
		for _, slot := range []Slot{Primary, Ally, ScrapSlot, OnAcquire} {
			ab := c.Abilities[slot]
			if len(ab) == 0 {
				continue
			}
			text := abilityText(ab)
			again, err := ParseAbility(text)
			if err != nil {
				t.Errorf("%s %s: %q does not parse back: %v", c.Name, slot, text, err)
				continue
			}
			if abilityText(again) != text {
				t.Errorf("%s %s: %q came back as %q", c.Name, slot, text, abilityText(again))
			}
		}
	}
}
