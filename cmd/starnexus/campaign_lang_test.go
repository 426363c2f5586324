package main

import (
	"bufio"
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"starnexus/campaign"
	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
)

// englishFragments lists, for the catalog ids under the prefixes, the words of the English
// text around its placeholders ("goes first (SR 8.2).", "victory points") that the text of
// lang for the same id does not have: none of them may show in a French or Spanish output.
// Arguments, plural and select keys are left out, and so are single words shorter than six
// letters.
func englishFragments(t *testing.T, lang string, prefixes ...string) map[string]string {
	t.Helper()
	en, local := catalogPair(t, lang)
	control := regexp.MustCompile(`^\s*\w+, (plural|select),|^\s*(\w+|=\d+)\s*$`)
	out := map[string]string{}
	for id, text := range en.Messages() {
		if !hasPrefix(id, prefixes) {
			continue
		}
		for _, piece := range strings.FieldsFunc(text, func(r rune) bool { return r == '{' || r == '}' }) {
			if control.MatchString(piece) {
				continue
			}
			frag := strings.Trim(strings.ReplaceAll(piece, "#", ""), " \t\n,;:.()=-")
			if strings.Contains(local[id], frag) || len(frag) < 6 && !strings.Contains(frag, " ") {
				continue
			}
			out[id+": "+frag] = frag
		}
	}
	return out
}

func hasPrefix(id string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// The campaign commands with --lang fr and --lang es: a campaign created, a human's scenario
// started and left, two scenarios of bots played (the second with a setup choice and its
// rules), its status, a sheet and the list, in the language, with the scenarios' names and
// stories of the campaign's catalog; no text of the English catalog for those lines shows.
func TestCampaignInFrenchAndSpanish(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	tests := []struct {
		lang string
		want []string
	}{
		{"fr", []string{
			"Campagne mine\u00a0: L’Accord de la Frontière, graine 3 (toutes les parties en dérivent).",
			"  place 1\u00a0: Empire (Empire Galactique), jouée par un humain",
			"  place 2\u00a0: Federation (Fédération du Commerce), jouée par le bot glouton",
			"Clé de Empire pour le navigateur (gardez-la pour vous)\u00a0: ",
			"Jouez son premier scénario avec\u00a0: starnexus campaign play --name mine",
			"== Scénario 1\u00a0: La Première Charte ==\nUne balise de prospection",
			"Empire joue en premier (SR 8.2). La Victoire Politique est possible\u00a0: ",
			"Le vainqueur remporte 1 Point de Victoire.",
			"Empire reçoit la planche Empire 1.",
			"joueurs\u00a0: Empire (humain) contre Federation (glouton)",
			"reprenez-la avec\u00a0: starnexus campaign play --name mine",
			"== Scénario 2\u00a0: Couloirs à péage ==",
			"Federation choisit ",
			"Règles pour Federation\u00a0: ",
			"scénario 1 (La Première Charte)\u00a0: ",
			"Campagne bots\u00a0: L’Accord de la Frontière (frontier-accord), graine 9",
			"Empire (place 1, Empire Galactique, jouée par le bot glouton)\u00a0: ",
			"Scénarios joués\u00a0:",
			"À suivre\u00a0: scénario 3, L’Envoyée de la Couronne\u00a0;",
			"Empire 1, planche d’autocollants de Empire",
			"Empire a cette planche depuis le scénario 1.",
			"Federation (glouton)  points ",
			"prochain scénario\u00a0: 3",
		}},
		{"es", []string{
			"Campaña mine: Acuerdo de la Frontera, semilla 3 (todas las partidas derivan de ella).",
			"  asiento 1: Empire (Imperio Estelar), lo juega un humano",
			"  asiento 2: Federation (Federación Comercial), lo juega el bot codicioso",
			"Llave de Empire para el navegador (no la compartas): ",
			"Juega su primer escenario con: starnexus campaign play --name mine",
			"== Escenario 1: La primera carta ==\nUna baliza de exploración",
			"Empire empieza (SR 8.2). La victoria política está activada: ",
			"El ganador se lleva 1 punto de victoria.",
			"Empire recibe la hoja Empire 1.",
			"jugadores: Empire (humano) contra Federation (codicioso)",
			"continúala con: starnexus campaign play --name mine",
			"== Escenario 2: Rutas de peaje ==",
			"Federation elige ",
			"Reglas para Federation: ",
			"escenario 1 (La primera carta): ",
			"Campaña bots: Acuerdo de la Frontera (frontier-accord), semilla 9",
			"Empire (asiento 1, Imperio Estelar, lo juega el bot codicioso): ",
			"Escenarios jugados:",
			"Siguiente: escenario 3, La enviada de la Corona; empieza Empire.",
			"Empire 1, hoja de pegatinas de Empire",
			"Empire tiene esta hoja desde el escenario 1.",
			"Federation (codicioso)  puntos ",
			"siguiente escenario: 3",
		}},
	}
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "c.db")
			var all strings.Builder
			for _, run := range []struct {
				stdin string
				args  []string
			}{
				{"", []string{"new", "--name", "mine", "--seats", "human,greedy", "--seed", "3"}},
				{"quit\n", []string{"play", "--name", "mine"}},
				{"", []string{"new", "--name", "bots", "--seats", "greedy,greedy", "--seed", "9"}},
				{"", []string{"play", "--name", "bots"}},
				{"", []string{"play", "--name", "bots"}},
				{"", []string{"status", "--name", "bots"}},
				{"", []string{"show", "--name", "bots", "Empire", "1"}},
				{"", []string{"show", "--name", "bots"}},
				{"", []string{"list"}},
			} {
				args := append([]string{"campaign"}, run.args...)
				args = append(args, "--db", db, "--lang", tt.lang)
				code, out, errOut := runStarnexus(t, run.stdin, args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s\n%s", args, code, errOut, out)
				}
				all.WriteString(out)
			}
			out := all.String()
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			for id, frag := range englishFragments(t, tt.lang, "term.campaign.", "term.players", "term.human") {
				if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(frag) + `($|[^\pL])`).MatchString(out) {
					t.Errorf("English text in the %s output: %s", tt.lang, id)
				}
			}
			for _, n := range []int{1, 2} {
				sc, err := campaign.Scenario(c, n)
				if err != nil {
					t.Fatal(err)
				}
				for _, text := range []string{sc.Name, sc.Story, en.Render(i18n.M("campaign.frontier_accord.name"))} {
					if strings.Contains(out, text) {
						t.Errorf("the English text %q of the campaign shows", text)
					}
				}
			}
			if found := englishIn(out, englishProbes(t, tt.lang, notEnglish)); len(found) > 0 {
				t.Errorf("English texts in the %s output: %s", tt.lang, strings.Join(found, "; "))
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}

// The setup choice asked in each language: the prompt and the options from the campaign's
// catalog, a wrong answer refused in the language.
func TestAskChoiceLanguages(t *testing.T) {
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{"Empire, choose (SR 8.2): How are the jump lanes run?\n", "  2. Closed lanes: Both players start with 40 Authority.\n", "error: answer 1 to 3\n"}},
		{"fr", []string{"Empire, choisissez (SR 8.2)\u00a0: Qui exploite les couloirs de saut\u00a0?\n", "  2. ", "erreur\u00a0: répondez par un nombre de 1 à 3\n"}},
		{"es", []string{"Empire, elige (SR 8.2): ¿Cómo se gestionan las rutas de salto?\n", "  2. ", "error: responde con un número del 1 al 3\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			cat, err := i18n.Load(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			l := campaignText(cat, c)
			var buf bytes.Buffer
			w := bufio.NewWriter(&buf)
			got, err := askChoice(bufio.NewScanner(strings.NewReader("9\n2\n")), w, l, "Empire", c, &c.Scenarios[1])
			w.Flush()
			if err != nil || got != 1 {
				t.Fatalf("choice %d, %v", got, err)
			}
			for _, want := range tt.want {
				if !strings.Contains(buf.String(), want) {
					t.Errorf("lacks %q:\n%s", want, buf.String())
				}
			}
			opt := cat.Render(campaign.OptionMsg(c, 2, 1, "name"))
			if !strings.Contains(buf.String(), "  2. "+opt) {
				t.Errorf("the option is not named %q:\n%s", opt, buf.String())
			}
		})
	}
}

// The post-campaign completion in French and in Spanish: the rule, each human's turn, a wrong
// answer, the upgrades and the campaign's result, then its status.
func TestCampaignCompletionLanguages(t *testing.T) {
	tests := []struct {
		lang       string
		play, stat []string
	}{
		{"fr", []string{"Phase d’après-campagne (SR 8.10)\u00a0: à tour de rôle", "Empire (0 amélioration sur 20), choisissez une carte et une ligne\u00a0:",
			"erreur\u00a0: répondez par un nombre de 1 à ", "après-campagne\u00a0: Federation améliore ", "La campagne duo est terminée. La campagne se termine par une victoire partagée (points\u00a0: Empire 0, Federation 0)."},
			[]string{"20 améliorations sur 20", "scénario  2 Couloirs à péage     Federation en premier", ": égalité, 0 amélioration", "par Empire, après la campagne", "Terminée. La campagne se termine par une victoire partagée"}},
		{"es", []string{"Cierre tras la campaña (SR 8.10): por turnos", "Empire (0 mejoras de 20), elige una carta y una fila:",
			"error: responde con un número del 1 al ", "cierre: Federation mejora ", "La campaña duo ha terminado. La campaña termina en victoria compartida (puntos: Empire 0, Federation 0)."},
			[]string{"20 mejoras de 20", "escenario  2 Rutas de peaje       empieza Federation", ": empate, 0 mejoras", "por Empire, tras la campaña", "Terminada. La campaña termina en victoria compartida"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			path := completionCampaign(t, "human,human")
			code, out, errOut := runStarnexus(t, "x\n"+strings.Repeat("1\n", 40), "campaign", "play", "--name", "pair", "--db", path, "--lang", tt.lang)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errOut, out)
			}
			_, status, _ := runStarnexus(t, "", "campaign", "status", "--name", "pair", "--db", path, "--lang", tt.lang)
			for _, c := range []struct {
				out  string
				want []string
			}{{out, tt.play}, {status, tt.stat}} {
				for _, w := range c.want {
					if !strings.Contains(c.out, strings.ReplaceAll(w, "duo", "pair")) {
						t.Errorf("lacks %q", w)
					}
				}
				for id, frag := range englishFragments(t, tt.lang, "term.campaign.") {
					if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(frag) + `($|[^\pL])`).MatchString(c.out) {
						t.Errorf("English text in the %s output: %s", tt.lang, id)
					}
				}
			}
			if t.Failed() {
				t.Logf("play:\n%s\nstatus:\n%s", out, status)
			}
		})
	}
}

// TestCampaignRefusalsInTheLanguage: a name taken and a campaign not found are said in the
// player's language; in English as before.
func TestCampaignRefusalsInTheLanguage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	if code, _, errOut := runWithEnv(t, nil, "", "campaign", "new", "--name", "Ours", "--seats", "greedy,greedy", "--db", db); code != 0 {
		t.Fatalf("new: %d %s", code, errOut)
	}
	for _, tt := range []struct {
		lang string
		args []string
		want string
	}{
		{"en", []string{"new", "--name", "Ours", "--seats", "greedy,greedy"}, `a campaign named "Ours" exists already (see starnexus campaign list)`},
		{"fr", []string{"new", "--name", "Ours", "--seats", "greedy,greedy"}, "une campagne nommée «\u00a0Ours\u00a0» existe déjà"},
		{"es", []string{"new", "--name", "Ours", "--seats", "greedy,greedy"}, "ya existe una campaña llamada «Ours»"},
		{"en", []string{"status", "--name", "Theirs"}, `no campaign "Theirs" in this database (starnexus campaign list)`},
		{"fr", []string{"status", "--name", "Theirs"}, "aucune campagne «\u00a0Theirs\u00a0» dans cette base de données"},
		{"es", []string{"play", "--name", "Theirs"}, "no hay ninguna campaña «Theirs» en esta base de datos"},
	} {
		args := append(append([]string{"campaign"}, tt.args...), "--db", db, "--lang", tt.lang)
		code, _, errOut := runWithEnv(t, nil, "", args...)
		if code != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s %v: exit %d, %q; want 1 and %q", tt.lang, tt.args, code, errOut, tt.want)
		}
	}
}
