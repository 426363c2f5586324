package cards

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"starnexus/engine"
)

// TestNamesEveryCard: every card of the starter set has a French and a Spanish name of its
// own.
func TestNamesEveryCard(t *testing.T) {
	for _, c := range builtin(t).All() {
		for _, l := range NameLangs() {
			n, ok := c.Names[l]
			if !ok || n == "" {
				t.Errorf("%s (%s): no %s name", c.ID, c.Name, l)
			}
			if n == c.Name {
				t.Errorf("%s (%s): its %s name is the English one", c.ID, c.Name, l)
			}
		}
	}
}

// TestNamesUniqueAcrossLanguages: two cards never share a name, in one language or across
// languages, compared as ByName compares them; decks and typed commands name cards.
func TestNamesUniqueAcrossLanguages(t *testing.T) {
	owner := map[string]*Card{}
	for _, c := range builtin(t).All() {
		for _, n := range []string{c.Name, c.NameIn("fr"), c.NameIn("es")} {
			k := engine.FoldName(n)
			if o := owner[k]; o != nil && o != c {
				t.Errorf("%q is a name of both %s and %s", n, o.Name, c.Name)
			}
			owner[k] = c
		}
	}
}

// TestByNameEveryLanguage: a card is found by its name in English, French or Spanish, with or
// without accents, in any case.
func TestByNameEveryLanguage(t *testing.T) {
	cat := builtin(t)
	tests := []struct{ typed, want string }{
		{"Magma Titan", "Magma Titan"},
		{"  magma titan ", "Magma Titan"},
		{"Titan de Magma", "Magma Titan"},
		{"Titán de Magma", "Magma Titan"},
		{"TITAN DE MAGMA", "Magma Titan"},
		{"Le Chœur Mycélien", "The Mycelial Choir"},
		{"le choeur mycelien", "The Mycelial Choir"},
		{"El Coro Micelial", "The Mycelial Choir"},
		{"Lame Trempée", "Tempered Blade"},
		{"lame trempee", "Tempered Blade"},
		{"Hoja Templada", "Tempered Blade"},
		{"Éclat du Nexus", "Nexus Shard"},
		{"esquirla del nexus", "Nexus Shard"},
		{"Vessa, Matriarche de Nareh", "Vessa, Matriarch of Nareh"},
		{"vessa, matriarca de nareh", "Vessa, Matriarch of Nareh"},
		{"Soupirail de l’Ossuaire", "Ossuary Vent"},
		{"Cazador de Trofeos", "Trophy Hunter"},
		{"Colosse Vesse-de-Loup", "Puffball Colossus"},
		{"coloso bejin", "Puffball Colossus"},
	}
	for _, tt := range tests {
		c, err := cat.ByName(tt.typed)
		if err != nil {
			t.Errorf("ByName(%q): %v", tt.typed, err)
			continue
		}
		if c.Name != tt.want {
			t.Errorf("ByName(%q) = %s, want %s", tt.typed, c.Name, tt.want)
		}
	}
}

// TestSuggestionsInTheLanguage: an unknown name is answered with the closest card, named in
// the language asked for, else in the language of the nearest name.
func TestSuggestionsInTheLanguage(t *testing.T) {
	cat := builtin(t)
	tests := []struct{ typed, lang, want string }{
		{"Titan de Magm", "", "Titan de Magma"},
		{"Titan de Magm", "es", "Titán de Magma"},
		{"Titan de Magm", "en", "Magma Titan"},
		{"Magma Titn", "", "Magma Titan"},
		{"Magma Titn", "fr", "Titan de Magma"},
		{"hoja templda", "", "Hoja Templada"},
		{"lame trempe", "", "Lame Trempée"},
		{"lame trempe", "es", "Hoja Templada"},
	}
	for _, tt := range tests {
		_, err := cat.ByNameIn(tt.typed, tt.lang)
		var u *UnknownCardError
		if !errors.As(err, &u) {
			t.Errorf("ByNameIn(%q, %q) = %v, want an UnknownCardError", tt.typed, tt.lang, err)
			continue
		}
		if len(u.Suggest) == 0 || u.Suggest[0] != tt.want {
			t.Errorf("ByNameIn(%q, %q) suggests %q, want %q first", tt.typed, tt.lang, u.Suggest, tt.want)
		}
	}
}

// TestNameCollisionsRefused: card data that gives a card a name another card has, in any
// language, is refused, naming both cards.
func TestNameCollisionsRefused(t *testing.T) {
	base := "cards:\n  - {id: A-1, name: Ember Cub, names: {fr: Lionceau de Braise, es: Cachorro de Ascua}, faction: Rayji, type: Creature, cost: 1, stats: 2/1}\n"
	tests := []struct{ what, card, want string }{
		{"a French name that is another card's English name",
			"  - {id: A-2, name: Zorg, names: {fr: Ember Cub}, faction: Rayji, type: Creature, cost: 1, stats: 1/1}\n", `field names: "Ember Cub" is already a name of card A-1`},
		{"a Spanish name that is another card's French name, without its accents",
			"  - {id: A-2, name: Zorg, names: {es: lionceau de braise}, faction: Rayji, type: Creature, cost: 1, stats: 1/1}\n", `field names: "lionceau de braise" is already a name of card A-1`},
		{"an English name that is another card's Spanish name",
			"  - {id: A-2, name: Cachorro de Ascua, faction: Rayji, type: Creature, cost: 1, stats: 1/1}\n", `field name: duplicate name "Cachorro de Ascua" (also card A-1`},
		{"an unknown language",
			"  - {id: A-2, name: Zorg, names: {de: Zorg}, faction: Rayji, type: Creature, cost: 1, stats: 1/1}\n", `field names: unknown language "de"`},
		{"a name with a colon",
			"  - {id: A-2, name: Zorg, names: {fr: \"Zorg: le retour\"}, faction: Rayji, type: Creature, cost: 1, stats: 1/1}\n", `field names: fr: expected a name without ':'`},
	}
	for _, tt := range tests {
		_, err := Load(fstest.MapFS{"x.yaml": {Data: []byte(base + tt.card)}}, "x.yaml")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.what, err, tt.want)
		}
	}
}

// TestDeckInEveryLanguage: a deck file may name its cards in any language, with or without
// accents, and gives the same cards as in English; its own name may be translated.
func TestDeckInEveryLanguage(t *testing.T) {
	cat := builtin(t)
	en := "name: Forge\nhero: Tarsk Ironvein, Forgemaster\nlibrary: {Magma Titan: 3, Tempered Blade: 3, Forge Apprentice: 3, Rivet Sentry: 3, Ironclad Brute: 3, Anvil Duelist: 3, Bellows Engineer: 3, Drone Foundry: 3, Arc Gauntlet: 3, Field Repairs: 3}\nresource_pile: {Nexus Shard: 8, Anvil Spire: 1, Smelter Well: 1}\nreserve: {Pounce: 2}\n"
	fr := "name: Forge\nnames: {fr: La Forge, es: La Forja}\nhero: Tarsk Veine-de-Fer, Maître de Forge\nlibrary: {Titan de Magma: 3, lame trempee: 3, Apprenti de la Forge: 3, Sentinelle Rivetée: 3, BRUTE CUIRASSÉE: 3, Duelliste de l'Enclume: 3, Ingénieur des Soufflets: 3, Fonderie de Drones: 3, Gantelet à Arc: 3, Réparations de Fortune: 3}\nresource_pile: {Éclat du Nexus: 8, Flèche-Enclume: 1, Puits de Fonderie: 1}\nreserve: {Bond du Fauve: 2}\n"
	es := "name: Forge\nhero: Tarsk Vetahierro, Maestro Forjador\nlibrary: [Titán de Magma, Titan de Magma, Magma Titan, Hoja Templada, Hoja Templada, Hoja Templada, Aprendiz de Forja, Aprendiz de Forja, Aprendiz de Forja, Centinela Remachado, Centinela Remachado, Centinela Remachado, Bruto Acorazado, Bruto Acorazado, Bruto Acorazado, Duelista del Yunque, Duelista del Yunque, Duelista del Yunque, Ingeniero de Fuelles, Ingeniero de Fuelles, Ingeniero de Fuelles, Fundición de Drones, Fundición de Drones, Fundición de Drones, Guantelete de Arco, Guantelete de Arco, Guantelete de Arco, Reparaciones de Campaña, Reparaciones de Campaña, Reparaciones de Campaña]\nresource_pile: {Esquirla del Nexus: 8, Aguja del Yunque: 1, Pozo de Fundición: 1}\nreserve: {Zarpazo: 2}\n"
	resolve := func(name, text string) DeckCards {
		d, err := ParseDeck([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		dc, vs := cat.Resolve(d)
		if len(vs) > 0 {
			t.Fatalf("%s: %v", name, vs)
		}
		return dc
	}
	want := resolve("en", en)
	for _, tc := range []struct{ name, text string }{{"fr", fr}, {"es", es}} {
		got := resolve(tc.name, tc.text)
		if got.Hero != want.Hero || !sameCards(got.Library, want.Library) || !sameCards(got.ResourcePile, want.ResourcePile) || !sameCards(got.Reserve, want.Reserve) {
			t.Errorf("the deck in %s does not give the English deck's cards", tc.name)
		}
	}
	d, err := ParseDeck([]byte(fr))
	if err != nil {
		t.Fatal(err)
	}
	if d.NameIn("fr") != "La Forge" || d.NameIn("es") != "La Forja" || d.NameIn("en") != "Forge" {
		t.Errorf("deck names: %q %q %q", d.NameIn("en"), d.NameIn("fr"), d.NameIn("es"))
	}
	if _, err := ParseDeck([]byte("name: X\nnames: {it: Y}\nhero: Kaira Swiftclaw\n")); err == nil || !strings.Contains(err.Error(), `unknown language "it"`) {
		t.Errorf("a deck name in an unknown language: %v", err)
	}

	// A swap names cards in any language, whatever the language of the deck file.
	nd, vs := cat.ApplySwap(d, Swap{Out: []DeckEntry{{"Magma Titan", 2}}, In: []DeckEntry{{"zarpazo", 2}}})
	if len(vs) > 0 {
		t.Fatalf("swap: %v", vs)
	}
	dc, _ := cat.Resolve(nd)
	titan, _ := cat.ByName("Magma Titan")
	pounce, _ := cat.ByName("Pounce")
	if count(dc.Library, titan) != 1 || count(dc.Library, pounce) != 2 || count(dc.Reserve, titan) != 2 || count(dc.Reserve, pounce) != 0 {
		t.Errorf("after the swap: %d Magma Titan and %d Pounce in the library, %d and %d in the reserve",
			count(dc.Library, titan), count(dc.Library, pounce), count(dc.Reserve, titan), count(dc.Reserve, pounce))
	}
}

func sameCards(a, b []*Card) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if count(a, c) != count(b, c) {
			return false
		}
	}
	return true
}

func count(list []*Card, c *Card) int {
	n := 0
	for _, x := range list {
		if x == c {
			n++
		}
	}
	return n
}

// TestAbilityNames: every named ability of the shipped cards has a French and a Spanish
// name; card data naming an ability the card lacks, or in an unknown language, is refused.
func TestAbilityNames(t *testing.T) {
	for _, c := range builtin(t).All() {
		for _, ab := range c.Abilities {
			if ab.Name == "" {
				continue
			}
			for _, l := range NameLangs() {
				if c.AbilityNames[ab.Name][l] == "" {
					t.Errorf("%s: ability %q has no name in %s", c.Name, ab.Name, l)
				}
			}
		}
	}
	hero := "cards:\n  - {id: H-1, name: Zorg, faction: Rayji, type: Hero, life: 20, text: ['active(2) \"Quickening\": grant(T:creature[you], Agility)'], ability_names: %s}\n"
	for _, tt := range []struct{ names, want string }{
		{"{Quickening: {fr: Vivacité}}", ""},
		{"{Slowing: {fr: Lenteur}}", `"Slowing" names no ability of this card's text`},
		{"{Quickening: {de: Schnell}}", `Quickening: unknown language "de"`},
		{"[Quickening]", "expected {ABILITY: {fr: NAME, es: NAME}}"},
	} {
		cat, err := Load(fstest.MapFS{"x.yaml": {Data: []byte(fmt.Sprintf(hero, tt.names))}}, "x.yaml")
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.names, err)
		case tt.want == "" && cat.All()[0].AbilityNames["Quickening"]["fr"] != "Vivacité":
			t.Errorf("%s: read %v", tt.names, cat.All()[0].AbilityNames)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want an error containing %q", tt.names, err, tt.want)
		}
	}
}
