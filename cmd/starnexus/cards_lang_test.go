package main

import (
	"regexp"
	"strings"
	"testing"
)

// `starnexus cards` in each language: the headings, sets, factions, kinds, decks and the
// count line with its plural forms; no heading or count of the English catalog in French or
// Spanish, and English as it was.
func TestCardsLanguages(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
		not  []string
	}{
		{"realms en", []string{"cards", "--set", "core"},
			[]string{"NAME  ", "SET  ", "ABILITIES\n", "Battle Station", "5 outpost", "16 starting", "10 explorer", "core  Unaligned", "46 trade-deck cards (80 copies), 3 other cards\n"}, nil},
		{"realms fr", []string{"cards", "--set", "core", "--lang", "fr"},
			[]string{"NOM  ", "EXTENSION  ", "COÛT  ", "DÉFENSE  ", "QTÉ  ", "CAPACITÉS\n", "5 Avant-Poste", "16 deck de départ", "10 pile Prospecteur", "Jeu de base  Sans faction",
				"46 cartes de la pile Commerce (80 exemplaires), 3 autres cartes\n"},
			[]string{"outpost", "starting", "explorer", "Unaligned", "core  "}},
		{"realms es", []string{"cards", "--set", "core", "--lang", "es"},
			[]string{"NOMBRE  ", "JUEGO  ", "FACCIÓN  ", "COSTE  ", "CANT.  ", "HABILIDADES\n", "5 base avanzada", "16 mazo inicial", "10 pila de exploradoras", "Caja básica  Sin facción",
				"46 cartas del mazo comercial (80 copias), 3 otras cartas\n"},
			[]string{"outpost", "starting", "explorer", "Unaligned", "core  "}},
		{"realms fr, one card", []string{"cards", "--name", "mech world", "--lang", "fr"},
			[]string{"1 carte de la pile Commerce (1 exemplaire), 0 autre carte\n"}, nil},
		{"realms es, one card", []string{"cards", "--name", "mech world", "--lang", "es"},
			[]string{"1 carta del mazo comercial (1 copia), 0 otras cartas\n"}, nil},
		{"nexus en", []string{"cards", "--game", "nexus", "--faction", "Dam'Nareh"},
			[]string{"ID  ", "NAME  ", "STATS  ", "ABILITIES\n", "DamNareh", "Hero", "life 20", " cards\n"}, nil},
		{"nexus fr", []string{"cards", "--game", "nexus", "--faction", "Dam'Nareh", "--lang", "fr"},
			[]string{"NOM  ", "COÛT  ", "CARACT.  ", "CAPACITÉS\n", "Dam’Nareh", "Héros", "20 points de vie", " cartes\n"},
			[]string{"DamNareh", "life", "Hero "}},
		{"nexus es", []string{"cards", "--game", "nexus", "--faction", "Dam'Nareh", "--lang", "es"},
			[]string{"NOMBRE  ", "COSTE  ", "VALORES  ", "HABILIDADES\n", "Dam'Nareh", "Héroe", "vida 20", " cartas\n"},
			[]string{"DamNareh", "life", "Hero "}},
	}
	english := regexp.MustCompile(`\b(NAME|SET|COST|DEFENSE|QTY|ABILITIES|STATS|trade-deck|copies|other cards?|cards?)\b`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := runStarnexus(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("shows %q", w)
				}
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if strings.HasSuffix(tt.name, " en") {
				return
			}
			// The headings and the count: no English word (FACTION and TYPE are French words
			// too; the rows keep the card names that have no official translation).
			for _, l := range []string{lines[0], lines[len(lines)-1]} {
				if m := english.FindString(l); m != "" {
					t.Errorf("English %q in %q", m, l)
				}
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}
