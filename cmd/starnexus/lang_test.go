package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// runWithEnv runs the command line with env as the whole environment.
func runWithEnv(t *testing.T, env map[string]string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runEnv(args, strings.NewReader(stdin), &out, &errOut, func(k string) string { return env[k] })
	return code, out.String(), errOut.String()
}

// The locale decides the language when --lang is not given: the first of LC_ALL,
// LC_MESSAGES and LANG that is set, English when none is or its language has no catalog.
func TestLocaleLang(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"nothing set", nil, "en"},
		{"LANG French", map[string]string{"LANG": "fr_FR.UTF-8"}, "fr"},
		{"LANG Spanish of Mexico", map[string]string{"LANG": "es_MX.UTF-8"}, "es"},
		{"LC_MESSAGES before LANG", map[string]string{"LC_MESSAGES": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"},
		{"LC_ALL before the others", map[string]string{"LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "es_ES"}, "fr"},
		{"empty LC_ALL is not set", map[string]string{"LC_ALL": "", "LANG": "fr_BE@euro"}, "fr"},
		{"C locale", map[string]string{"LANG": "C.UTF-8"}, "en"},
		{"POSIX LC_ALL wins over French LANG", map[string]string{"LC_ALL": "POSIX", "LANG": "fr_FR.UTF-8"}, "en"},
		{"unknown language", map[string]string{"LANG": "de_DE.UTF-8"}, "en"},
		{"unknown LC_ALL hides LANG", map[string]string{"LC_ALL": "ja_JP.UTF-8", "LANG": "es_ES.UTF-8"}, "en"},
		{"garbage", map[string]string{"LANG": "???"}, "en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := localeLang(func(k string) string { return tt.env[k] }); got != tt.want {
				t.Errorf("localeLang = %q, want %q", got, tt.want)
			}
			cat, err := chooseLang("", func(k string) string { return tt.env[k] })
			if err != nil || cat.Lang() != tt.want {
				t.Errorf("chooseLang(\"\") = %v, %v; want the %s catalog", cat, err, tt.want)
			}
		})
	}
}

// --lang overrides the locale; an unknown one is refused with an error that names the
// languages, by every command that takes it.
func TestLangFlag(t *testing.T) {
	fr := map[string]string{"LANG": "fr_FR.UTF-8"}
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		code     int
		out, err string
	}{
		{"English asked in a French locale", fr, []string{"play", "--lang", "en", "--seed", "5"}, 0, "Type a number or an action", ""},
		{"the locale's French", fr, []string{"play", "--seed", "5"}, 0, "Tapez un numéro ou une action", ""},
		{"Spanish, upper case", nil, []string{"play", "--lang", "ES", "--seed", "5"}, 0, "Escribe un número o una acción", ""},
		{"German refused", nil, []string{"play", "--lang", "de", "--seed", "5"}, 2, "", `--lang "de": no such language (the languages: en, es, fr)`},
		{"replay refuses too", nil, []string{"replay", "--lang", "pt", "x.json"}, 2, "", "the languages: en, es, fr"},
		{"cards refuses too", nil, []string{"cards", "--lang", "it"}, 2, "", "the languages: en, es, fr"},
		{"campaign play refuses too", nil, []string{"campaign", "play", "--name", "x", "--lang", "xx"}, 2, "", "the languages: en, es, fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args[0] == "play" {
				args = append(args, "--save", filepath.Join(t.TempDir(), "g.json"))
			}
			code, out, errOut := runWithEnv(t, tt.env, "quit\n", args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.out) {
				t.Errorf("output lacks %q:\n%s", tt.out, out)
			}
			if !strings.Contains(errOut, tt.err) {
				t.Errorf("stderr lacks %q:\n%s", tt.err, errOut)
			}
		})
	}
}

// englishProbes are the English catalog's texts that take no argument and are long enough to
// be telling, with the ids the language may keep as English (the catalog's allow-list:
// the same text in both) left out, and the allowed ones.
func englishProbes(t *testing.T, lang string, allowed map[string]bool) map[string]string {
	t.Helper()
	en, local := catalogPair(t, lang)
	out := map[string]string{}
	for id, text := range en.Messages() {
		if strings.ContainsAny(text, "{}") || len([]rune(text)) < 6 || local[id] == text || allowed[text] {
			continue
		}
		out[id] = text
	}
	return out
}

// englishIn lists the probes the output contains as whole words.
func englishIn(out string, probes map[string]string) []string {
	var found []string
	for id, text := range probes {
		re := regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(text) + `($|[^\pL])`)
		if re.MatchString(out) {
			found = append(found, id+": "+text)
		}
	}
	return found
}

// notEnglish are English texts a French or Spanish game may show: the English names of the
// cards that have no official name in that language (docs/cards.md), which contain words of
// the English catalog.
var notEnglish = map[string]bool{
	"Trade":  true, // in "Trade Bot" and the like: the Core Set's English names
	"combat": true, // the French word typed in actions ("donner JOUEUR combat N")
	"secret": true, // the French word too: "(héros secret)"
}

// A game of each game played through the terminal in French and in Spanish: commands, card
// names and actions typed in the language, with and without accents; the output has no text
// of the English catalog, and the saved game keeps the canonical English actions.
func TestPlayInFrenchAndSpanish(t *testing.T) {
	tests := []struct {
		name, lang string
		args       []string
		script     string
		want       []string // in the output
		saved      []string // P1's actions in the save, in order, priority passes left out
	}{
		{"realms fr", "fr", []string{"--seed", "5"},
			"aide\nacheter prospecteur\nvoir estacion espacial\nvoir ECLAIREUR\njouer eclaireur\njouer Éclaireur\njouer viper\nvoir Eclaireux\nfin\ntable\nquitter\n",
			[]string{"Commandes", "Votre main\u00a0: Éclaireur x2, Viper", "1) jouer Éclaireur", "Space Station\u00a0: Base Empire Galactique", "Éclaireur\u00a0: Vaisseau Sans faction",
				"carte inconnue «\u00a0Eclaireux\u00a0»\u00a0: vouliez-vous dire «\u00a0Éclaireur\u00a0»\u00a0?", "Partie enregistrée dans",
				"erreur\u00a0: action refusée «\u00a0acheter Prospecteur\u00a0»\u00a0: Prospecteur coûte 2 et vous avez 0 Commerce"},
			[]string{"play Scout", "play Scout", "play Viper", "end"}},
		{"realms es", "es", []string{"--seed", "5"},
			"ayuda\ncomprar exploradora\nver Estación Espacial\nver RASTREADORA\njugar rastreadora\n1\njugar Viper\nver Rastreadra\nterminar\nmesa\nsalir\n",
			[]string{"Comandos", "Tu mano: Rastreadora x2, Viper", "1) jugar Rastreadora", "Estación Espacial: base de Imperio Estelar",
				"carta desconocida «Rastreadra»: ¿quisiste decir «Rastreadora»?", "Partida guardada en",
				"error: acción no permitida «comprar Exploradora»: Exploradora cuesta 2 y tienes 0 de Comercio"},
			[]string{"play Scout", "play Scout", "play Viper", "end"}},
		{"nexus fr", "fr", []string{"--game", "nexus", "--seed", "5"},
			"aide\nvoir titan de magma\nvoir Titán de Magma\npasser\ngarder\naucune attaque\ntable\nquitter\n",
			[]string{"Commandes", "Titan de Magma\u00a0: Créature Kern", "1) garder", "aucune attaque", "Vessa", "Partie enregistrée dans",
				"erreur\u00a0: action refusée «\u00a0passer\u00a0»\u00a0: cela ne répond à aucune décision en attente (garder ou faire un mulligan)"},
			[]string{"keep", "attack with none"}},
		{"nexus es", "es", []string{"--game", "nexus", "--seed", "5"},
			"ayuda\nver titan de magma\npasar\nconservar\nningun ataque\nmesa\nsalir\n",
			[]string{"Comandos", "Titán de Magma: Criatura Kern", "1) conservar", "ningún ataque", "Partida guardada en",
				"error: acción no permitida «pasar»: eso no responde a ninguna decisión pendiente (conservar la mano o hacer mulligan)"},
			[]string{"keep", "attack with none"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "game.json")
			args := append([]string{"play", "--lang", tt.lang, "--save", save}, tt.args...)
			code, out, errOut := runWithEnv(t, nil, tt.script, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errOut, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			if found := englishIn(out, englishProbes(t, tt.lang, notEnglish)); len(found) > 0 {
				t.Errorf("English texts in the %s output: %s", tt.lang, strings.Join(found, "; "))
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
			rec, err := engine.LoadRecord(save)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, la := range rec.Actions {
				if la.Seat == 0 && la.Action != "pass" {
					got = append(got, la.Action)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.saved, "|") {
				t.Errorf("P1's saved actions %q, want %q", got, tt.saved)
			}
		})
	}
}

// catalogPair is the English catalog and the messages of lang's, for tests that look for
// English left in a French or Spanish output.
func catalogPair(t *testing.T, lang string) (en *i18n.Catalog, local map[string]string) {
	t.Helper()
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	return en, l.Messages()
}
