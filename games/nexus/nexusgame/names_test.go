package nexusgame_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"starnexus/games/nexus/nexusgame"
)

// A scenario may name cards in French or Spanish, with or without accents, in its setup, its
// steps and its expectations; the game it plays is the same as in English.
func TestScenarioNamesInEveryLanguage(t *testing.T) {
	const fr = `name: t
game: nexus
players:
  - name: Ann
    hero: Kaira Griffe-Vive
    hand: [Poussée de Fureur, foulee ardente]
    resources: [Éclat du Nexus, Totem Forge-Soleil, Esquirla del Nexus]
    field: [{card: Lionceau de Braise}, {card: Acechador de las Dunas, atk: 1, markers: 1, equipment: [Pintura de Guerra]}]
  - name: Bob
    hero: Tarsk Vetahierro, Maestro Forjador
    field: [Sentinelle Rivetée]
active: Ann
phase: main1
steps:
  - cast poussee de fureur on LIONCEAU DE BRAISE paying Totem Forge-Soleil
  - pass
expect:
  Ann.field: ["Cachorro de Ascua 4/3 (4,3)", "Traqueur des Dunes 4/4 (1,4)"]
  Ann.equipment: [Peinture de Guerre]
  Ann.hand: [Zancada Ardiente]
  Ann.graveyard: [Arrebato de Furia]
  Bob.field: [Centinela Remachado]
  Bob.hero: tarsk veine-de-fer, maitre de forge
  Ann.resources_untapped: 2
`
	res, err := runOne(t, fr)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("the scenario in French and Spanish fails: %v", res.Failures)
	}
	// A name that is wrong in French is refused with a suggestion in French.
	bad := strings.Replace(fr, "hand: [Poussée de Fureur, foulee ardente]", "hand: [Poussée de Fureure, foulee ardente]", 1)
	res, err = runOne(t, bad)
	if err == nil && res.OK() {
		t.Fatal("a misspelt French name was accepted")
	}
	msg := fmt.Sprint(res.Failures)
	if err != nil {
		msg = err.Error()
	}
	if !strings.Contains(msg, `"Poussée de Fureur"`) {
		t.Errorf("a misspelt French name: %s; want a suggestion of \"Poussée de Fureur\"", msg)
	}
}

// GET /api/cards?game=nexus gives each card its name in each language.
func TestCardJSONNames(t *testing.T) {
	g, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	list := g.Cards().([]nexusgame.CardJSON)
	found := 0
	for _, c := range list {
		for _, l := range []string{"en", "fr", "es"} {
			if c.Names[l] == "" {
				t.Errorf("%s: no %s name", c.Name, l)
			}
		}
		if c.Name == "Kaira Swiftclaw" {
			want := map[string]map[string]string{"Quickening": {"en": "Quickening", "fr": "Vivacité", "es": "Presteza"}}
			if !reflect.DeepEqual(c.AbilityNames, want) {
				t.Errorf("Kaira Swiftclaw: ability names %v, want %v", c.AbilityNames, want)
			}
		}
		if c.Name == "Magma Titan" {
			found++
			if c.Names["fr"] != "Titan de Magma" || c.Names["es"] != "Titán de Magma" || c.Names["en"] != "Magma Titan" {
				t.Errorf("Magma Titan: names %v", c.Names)
			}
		}
	}
	if found != 1 {
		t.Errorf("Magma Titan listed %d times", found)
	}
}
