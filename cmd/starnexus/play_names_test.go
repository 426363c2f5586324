package main

import (
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
)

// A player types card names in French or Spanish, with or without accents, in any case: the
// terminal plays and shows the cards, and the saved game names them in English.
func TestPlayTypedNamesInEveryLanguage(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	script := "show Yate Diplomático\nshow estacion espacial\nshow PREDATEUR\nshow rastreadora\nplay eclaireur\nshow Eclaireux\nquit\n"
	code, out, stderr := runStarnexus(t, script, "play", "--seed", "5", "--names", "Ann,Bob", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Embassy Yacht: Trade Federation ship",
		"Space Station: Star Empire base",
		"Predator: Blob ship",
		"also known as: Éclaireur (fr), Rastreadora (es)",
		`unknown card "Eclaireux": did you mean "Éclaireur"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	rec, err := engine.LoadRecord(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != 1 || rec.Actions[0].Action != "play Scout" {
		t.Fatalf("saved %+v, want one action: play Scout", rec.Actions)
	}
}

// The same in Stellar Nexus: `show` finds a card by its French or Spanish name.
func TestPlayNexusShowsCardsInEveryLanguage(t *testing.T) {
	script := "show titan de magma\nshow Titán de Magma\nshow Lame Trempe\nquit\n"
	save := filepath.Join(t.TempDir(), "game.json")
	_, out, _ := runStarnexus(t, script, "play", "--game", "nexus", "--seed", "5", "--names", "Ann,Bob", "--save", save)
	for _, want := range []string{
		"Magma Titan: Kern Creature",
		"also known as: Titan de Magma (fr), Titán de Magma (es)",
		`unknown card "Lame Trempe": did you mean "Lame Trempée"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
