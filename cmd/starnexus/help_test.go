package main

import (
	"regexp"
	"strings"
	"testing"
)

// noEnv is an empty environment: no locale, so English.
func noEnv(string) string { return "" }

// The help's language: --lang among the arguments when it names a catalog, in any of the
// flag package's spellings and before a "--", else the locale's, else English.
func TestHelpLang(t *testing.T) {
	fr := map[string]string{"LANG": "fr_FR.UTF-8"}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"nothing", nil, []string{"play", "-h"}, "en"},
		{"the locale", fr, []string{"play", "-h"}, "fr"},
		{"LC_ALL before LANG", map[string]string{"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, []string{"-h"}, "es"},
		{"--lang X", fr, []string{"sim", "--lang", "es", "-h"}, "es"},
		{"--lang=X", nil, []string{"serve", "-h", "--lang=fr"}, "fr"},
		{"-lang X", nil, []string{"-lang", "es"}, "es"},
		{"-lang=X upper case", nil, []string{"play", "-lang=FR", "-h"}, "fr"},
		{"unknown --lang: the locale", fr, []string{"play", "--lang", "de", "-h"}, "fr"},
		{"--lang without a value", fr, []string{"play", "-h", "--lang"}, "fr"},
		{"after --", nil, []string{"sim", "--", "--lang", "fr"}, "en"},
		{"not --lang", nil, []string{"play", "--language", "fr", "--names", "lang"}, "en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := helpLang(tt.args, func(k string) string { return tt.env[k] }); got != tt.want {
				t.Errorf("helpLang(%q) = %q, want %q", tt.args, got, tt.want)
			}
		})
	}
}

// englishHelp are the English texts of the help (the cli.* catalog) that lang says otherwise:
// each text's lines, cut at its placeholders and without the backquotes flag.PrintDefaults
// drops, left out the pieces that lang's text of the same id has too (flag names, argument
// placeholders, examples of a command line).
func englishHelp(t *testing.T, lang string) []string {
	t.Helper()
	en, local := catalogPair(t, lang)
	placeholder := regexp.MustCompile(`\{[^{}]*\}`)
	var out []string
	for id, text := range en.Messages() {
		if !strings.HasPrefix(id, "cli.") {
			continue
		}
		for _, line := range strings.Split(strings.ReplaceAll(text, "`", ""), "\n") {
			for _, piece := range placeholder.Split(line, -1) {
				if piece = strings.TrimSpace(piece); len(piece) >= 12 && !strings.Contains(local[id], piece) {
					out = append(out, piece)
				}
			}
		}
	}
	return out
}

// -h in French and in Spanish, chosen by the locale or by --lang: the command list and the
// flags of play, sim and serve, the campaign's and the decks' help, with no English text of
// the help left and no message id missing.
func TestHelpInFrenchAndSpanish(t *testing.T) {
	fr := map[string]string{"LANG": "fr_FR.UTF-8"}
	tests := []struct {
		name, lang string
		env        map[string]string
		args       []string
		want       []string
	}{
		{"commands fr", "fr", fr, []string{"-h"},
			[]string{"utilisation\u00a0: starnexus COMMAND [options]", "commandes\u00a0:", "  play      jouer une partie dans le terminal",
				"Tapez «\u00a0starnexus COMMAND -h\u00a0» pour les options d’une commande."}},
		{"commands es", "es", nil, []string{"-h", "--lang", "es"},
			[]string{"uso: starnexus COMMAND [opciones]", "comandos:", "  sim       jugar muchas partidas entre bots",
				"Ejecuta «starnexus COMMAND -h» para ver las opciones de un comando."}},
		{"commands es before -h", "es", fr, []string{"--lang=es"}, []string{"uso: starnexus COMMAND [opciones]"}},
		{"play fr", "fr", fr, []string{"play", "-h"},
			[]string{"utilisation\u00a0: starnexus play [--game realms|nexus]", "  -resume FILE\n    \treprendre la partie enregistrée dans FILE",
				"la graine du hasard", "(par défaut\u00a0: \"human,greedy\")", "  -lang string\n    \tla langue des textes\u00a0: en, es, fr"}},
		{"play es", "es", fr, []string{"play", "--lang", "es", "-h"},
			[]string{"uso: starnexus play", "  -save FILE\n    \tguardar en FILE", "el juego: realms o nexus (por defecto: \"realms\")"}},
		{"sim fr", "fr", fr, []string{"sim", "-h"},
			[]string{"Utilisation de sim\u00a0:", "  -report DIR\n    \técrire un dossier de rapport DIR", "  -seed uint\n    \tla graine de la première partie", "(par défaut\u00a0: 1)"}},
		{"sim es", "es", nil, []string{"sim", "--lang", "es", "-h"},
			[]string{"Uso de sim:", "  -first-game N\n    \tjugar las partidas desde la N-ésima", "(por defecto: 100)"}},
		{"serve fr", "fr", fr, []string{"serve", "-h"},
			[]string{"utilisation\u00a0: starnexus serve [--addr 127.0.0.1:8080]", "  -addr host:port\n    \técouter sur host:port (par défaut\u00a0: \"127.0.0.1:8080\")",
				"les places libres qu’un client peut prendre", "  -lang string\n    \tla langue de cette aide"}},
		{"serve es", "es", fr, []string{"serve", "-h", "--lang", "es"},
			[]string{"uso: starnexus serve", "  -trusted-proxy addresses\n    \tlas direcciones addresses", "el máximo de conexiones WebSocket"}},
		{"campaign es", "es", map[string]string{"LC_ALL": "es_MX.UTF-8", "LANG": "fr_FR.UTF-8"}, []string{"campaign", "-h"},
			[]string{"uso: starnexus campaign COMMAND [opciones]", "  status  --name N [--db FILE]\n          hojas, filas usadas"}},
		{"campaign new fr", "fr", nil, []string{"campaign", "new", "--lang", "fr", "-h"},
			[]string{"utilisation\u00a0: starnexus campaign new --name N", "  -name name\n    \tle nom name de la campagne"}},
		{"deck fr", "fr", fr, []string{"deck", "-h"},
			[]string{"              starnexus deck list                  lister les decks fournis"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runWithEnv(t, tt.env, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, errOut)
			}
			all := out + errOut
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("the help lacks %q", w)
				}
			}
			for _, en := range englishHelp(t, tt.lang) {
				if strings.Contains(all, en) {
					t.Errorf("English in the %s help: %q", tt.lang, en)
				}
			}
			if strings.Contains(all, "[cli.") {
				t.Errorf("a message id is missing from the help")
			}
			if t.Failed() {
				t.Logf("help:\n%s", all)
			}
		})
	}
}

// Without a locale the help is the English it always was.
func TestHelpInEnglish(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"-h"}, []string{"usage: starnexus COMMAND [options]\n\ncommands:\n",
			"  play      play a game in the terminal (hot-seat or against bots)\n",
			"  serve     serve the web client, the JSON API and WebSocket play\n",
			"\nRun 'starnexus COMMAND -h' for a command's options.\n"}},
		{[]string{"play", "-h"}, []string{"usage: starnexus play [--game realms|nexus] [--format F]",
			"  -resume FILE\n    \tcontinue the game saved in FILE (any game)\n",
			"  -seats string\n    \twho plays each seat, in order: human or a bot (",
			") (default \"human,greedy\")\n",
			"  -names string\n    \tplayer names, comma-separated (default P1,P2,...)\n"}},
		{[]string{"sim", "-h"}, []string{"Usage of sim:\n",
			"  -seed uint\n    \tseed of the first game; game i uses seed+i (default 1)\n",
			"  -report DIR\n    \twrite a report folder DIR: summary.json, report.md and SVG charts\n"}},
		{[]string{"serve", "-h"}, []string{"usage: starnexus serve [--addr 127.0.0.1:8080] [--db FILE | --db postgres://...] [--allow-seed]\n",
			"  -addr host:port\n    \tlisten on host:port (default \"127.0.0.1:8080\")\n",
			"  -max-sockets int\n    \tmost WebSocket connections (default: 2000, or half the file limit if lower) (default "}},
		{[]string{"campaign", "-h"}, []string{"usage: starnexus campaign COMMAND [options]\n\ncommands:\n  new     --name N"}},
		{[]string{"deck", "--help"}, []string{"usage: starnexus deck check FILE|NAME...   check Stellar Nexus decks against SN 2 (docs/decks.md)\n"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runWithEnv(t, nil, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("the help lacks %q:\n%s", w, out+errOut)
				}
			}
		})
	}
}

// A --lang that names no catalog is refused by every command that takes it, the help's
// included, before any work.
func TestHelpLangRefused(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--lang", "de"},
		{"serve", "--lang=pt"},
		{"bench", "-lang", "xx"},
		{"loadtest", "--lang", "it"},
		{"campaign", "status", "--name", "x", "--lang", "de"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, _, errOut := runWithEnv(t, nil, "", args...)
			if code != 2 || !strings.Contains(errOut, "no such language (the languages: en, es, fr)") {
				t.Errorf("exit %d, stderr %q; want 2 and the languages", code, errOut)
			}
		})
	}
}
