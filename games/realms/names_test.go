package realms

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// TestLookupEveryLanguage: a card answers to its English, French and Spanish names and its
// aliases, whatever the case, the accents and the spaces around.
func TestLookupEveryLanguage(t *testing.T) {
	cat := loadCat(t)
	tests := []struct{ typed, want string }{
		// English
		{"Blob Fighter", "Blob Fighter"},
		{"  blob fighter ", "Blob Fighter"},
		{"EMPEROR'S DREADNAUGHT", "Emperor's Dreadnaught"},
		{"Emperor’s Dreadnaught", "Emperor's Dreadnaught"},
		// French, with and without accents
		{"Prédateur", "Predator"},
		{"PRÉDATEUR", "Predator"},
		{"predateur", "Predator"},
		{"Éclaireur", "Scout"},
		{"eclaireur", "Scout"},
		{"ECLAIREUR", "Scout"},
		{"Prospecteur", "Explorer"},
		{"Canon à Plasma", "Plasma Vent"},
		{"canon a plasma", "Plasma Vent"},
		{"Dépôt de Marchandises", "Supply Depot"},
		{"depot de marchandises", "Supply Depot"},
		{"Balise d'Alerte", "Warning Beacon"},
		{"balise d’alerte", "Warning Beacon"},
		{"L'Oracle", "The Oracle"},
		{"Méca-Croiseur", "Mech Cruiser"},
		{"Chasseur Impérial", "Imperial Fighter"},
		{"navette de la federation", "Federation Shuttle"},
		{"Cuirassé Impérial", "Emperor's Dreadnaught"},
		{"Parasite", "Parasite"},
		// Spanish, with and without accents
		{"Yate Diplomático", "Embassy Yacht"},
		{"yate diplomatico", "Embassy Yacht"},
		{"YATE DIPLOMÁTICO", "Embassy Yacht"},
		{"Estación Espacial", "Space Station"},
		{"estacion espacial", "Space Station"},
		{"Crisálida Blob", "Blob Wheel"},
		{"Rastreadora", "Scout"},
		{"exploradora", "Explorer"},
		{"Mundo Máquina", "Mech World"},
		{"base robotica", "Machine Base"},
		{"Caza Imperial", "Imperial Fighter"},
		{"Viper", "Viper"},
		// aliases
		{"Dreadnought", "Dreadnaught"},
		{"emperor's dreadnought", "Emperor's Dreadnaught"},
	}
	for _, tt := range tests {
		id, err := cat.Lookup(tt.typed)
		if err != nil {
			t.Errorf("Lookup(%q): %v", tt.typed, err)
			continue
		}
		if got := cat.Card(id).Name; got != tt.want {
			t.Errorf("Lookup(%q) = %s, want %s", tt.typed, got, tt.want)
		}
	}
}

// TestSuggestionsInTheLanguage: an unknown name is answered with the closest card, named in
// the language asked for, or else in the language of the nearest name.
func TestSuggestionsInTheLanguage(t *testing.T) {
	cat := loadCat(t)
	tests := []struct {
		typed, lang string
		want        string // the first suggestion
	}{
		{"Eclaireux", "", "Éclaireur"},
		{"Eclaireux", "es", "Rastreadora"},
		{"Eclaireux", "en", "Scout"},
		{"Rastreador", "", "Rastreadora"},
		{"Rastreador", "fr", "Éclaireur"},
		{"yate diplomatica", "", "Yate Diplomático"},
		{"yate diplomatica", "fr", "Embassy Yacht"}, // no official French name: the English one
		{"predateurs", "", "Prédateur"},
		{"predateurs", "es", "Predator"},
		{"Blob Wrld", "", "Blob World"},
		{"Blob Wrld", "es", "Planeta Blob"},
		{"Dreadnougth", "", "Dreadnaught"}, // an alias suggests the English name
		{"Scuot", "fr", "Éclaireur"},
	}
	for _, tt := range tests {
		_, err := cat.LookupIn(tt.typed, tt.lang)
		var u *UnknownCardError
		if !errors.As(err, &u) {
			t.Errorf("LookupIn(%q, %q) = %v, want an UnknownCardError", tt.typed, tt.lang, err)
			continue
		}
		if len(u.Suggest) == 0 || u.Suggest[0] != tt.want {
			t.Errorf("LookupIn(%q, %q) suggests %q, want %q first", tt.typed, tt.lang, u.Suggest, tt.want)
		}
		if !strings.Contains(err.Error(), `"`+tt.want+`"`) {
			t.Errorf("LookupIn(%q, %q): %q does not name %q", tt.typed, tt.lang, err, tt.want)
		}
		if d := slices.Compact(slices.Clone(u.Suggest)); len(d) != len(u.Suggest) {
			t.Errorf("LookupIn(%q, %q) suggests a card twice: %q", tt.typed, tt.lang, u.Suggest)
		}
	}
	if _, err := cat.Lookup("zzzzzzzzzzzzzzzz"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a name close to nothing: %v, want an error without suggestion", err)
	}
}

// TestNamesUniqueAcrossLanguages: no two printed cards share a name, in one language or
// across languages (a player may type any of them), compared as Lookup compares them.
func TestNamesUniqueAcrossLanguages(t *testing.T) {
	cat := loadCat(t)
	owner := map[string]string{}
	for _, c := range cat.Cards {
		names := []string{c.Name}
		for _, l := range NameLangs() {
			names = append(names, c.NameIn(l))
		}
		names = append(names, c.Aliases...)
		for _, n := range names {
			k := engine.FoldName(n)
			if o, ok := owner[k]; ok && o != c.Name {
				t.Errorf("%q is a name of both %s and %s", n, o, c.Name)
			}
			owner[k] = c.Name
		}
	}
}

// TestNamesData: the languages of the card files are known, and the official names the
// rulebooks give are present, with their accents.
func TestNamesData(t *testing.T) {
	cat := loadCat(t)
	want := []struct{ card, lang, name string }{
		{"Scout", "fr", "Éclaireur"},
		{"Scout", "es", "Rastreadora"},
		{"Explorer", "fr", "Prospecteur"},
		{"Explorer", "es", "Exploradora"},
		{"Viper", "fr", "Viper"},
		{"Embassy Yacht", "es", "Yate Diplomático"},
		{"Space Station", "es", "Estación Espacial"},
		{"Survey Ship", "es", "Nave Científica"},
		{"Stealth Tower", "fr", "Tour Fantôme"},
		{"Gunship", "fr", "Canonnière"},
		{"Frontier Station", "fr", "Station Frontalière"},
		{"Battle Mech", "es", "Battle Mech"},
		{"Predator", "es", "Predator"}, // no Spanish list for Colony Wars: the English name
		{"Blob Fighter", "fr", "Blob Fighter"},
	}
	for _, w := range want {
		id, err := cat.Lookup(w.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Card(id).NameIn(w.lang); got != w.name {
			t.Errorf("%s in %s: %q, want %q", w.card, w.lang, got, w.name)
		}
	}
	for _, c := range cat.Cards {
		core := c.Set == "core" && c.Deck == TradeDeck
		if _, ok := c.Names["es"]; core && !ok {
			t.Errorf("%s: no Spanish name, yet the Core Set rulebook lists every card", c.Name)
		}
		if _, ok := c.Names["fr"]; c.Set == "colony-wars" && !ok {
			t.Errorf("%s: no French name, yet the Colony Wars rulebook lists every card", c.Name)
		}
	}
}

// TestNameCollisionsRefused: a card file that gives a card a name another card already has,
// in any language, is refused, naming both cards.
func TestNameCollisionsRefused(t *testing.T) {
	cat := loadCat(t)
	card := func(name, extra string) string {
		return "set: test\ncards:\n  - name: " + name + "\n" + extra + "    faction: Blob\n    type: ship\n    cost: 1\n    quantity: 1\n    primary: combat 1\n"
	}
	tests := []struct {
		what, file, want string
	}{
		{"a French name that is another card's English name", card("Zorg", "    names: {fr: Blob Fighter}\n"), `"Blob Fighter" is already a name of Blob Fighter`},
		{"a Spanish name that is another card's French name", card("Zorg", "    names: {es: Predateur}\n"), `"Predateur" is already a name of Predator`},
		{"an English name that is another card's Spanish name", card("Caza Blob", ""), `is already a name of Blob Fighter`},
		{"an alias that is another card's French name", card("Zorg", "    aliases: [ÉCLAIREUR]\n"), `is already a name of Scout`},
		{"an unknown language", card("Zorg", "    names: {de: Zorg}\n"), `unknown language "de"`},
		{"a name with a colon", card("Zorg", "    names: {fr: \"Zorg: le retour\"}\n"), `without ':'`},
	}
	for _, tt := range tests {
		_, err := cat.WithCards("test.yaml", []byte(tt.file))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.what, err, tt.want)
		}
	}
	// Within one file too, and a card may repeat its own name in another language.
	two := "set: test\ncards:\n  - name: Zorg\n    names: {fr: Zorg, es: Zorgo}\n    faction: Blob\n    type: ship\n    cost: 1\n    quantity: 1\n    primary: combat 1\n" +
		"  - name: Zorga\n    names: {fr: zorgo}\n    faction: Blob\n    type: ship\n    cost: 1\n    quantity: 1\n    primary: combat 1\n"
	if _, err := ParseCardFile("two.yaml", []byte(two)); err == nil || !strings.Contains(err.Error(), `"zorgo" is already a name of Zorg`) {
		t.Errorf("two cards named zorgo in one file: %v", err)
	}
}
