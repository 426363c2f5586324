package realmsgame_test

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
)

// A player types card names in English, French or Spanish, with or without accents, in any
// case: `play`, `buy` and `show` accept them, and the action they make is the canonical
// English one (saves and scenarios do not change with the language).
func TestTypedNamesInEveryLanguage(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	st, err := realms.NewGame(cat, realms.Options{Names: []string{"Ann", "Bob"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf [realms.MaxSeats]engine.Seat
	seat := st.ToMove(buf[:0])[0]
	for _, typed := range []string{"play Scout", "play Éclaireur", "play eclaireur", "play ÉCLAIREUR", "play  rastreadora ", "play hand:Eclaireur"} {
		a, err := st.ParseAction(seat, typed)
		if err != nil {
			t.Errorf("%q: %v", typed, err)
			continue
		}
		if got := st.ActionText(seat, a); got != "play Scout" {
			t.Errorf("%q is %q, want the canonical \"play Scout\"", typed, got)
		}
	}
	for _, typed := range []string{"buy Prospecteur", "buy exploradora", "buy EXPLORADORA"} {
		a, err := st.ParseAction(seat, typed)
		if err != nil {
			t.Errorf("%q: %v", typed, err)
			continue
		}
		if got := st.ActionText(seat, a); got != "buy Explorer" {
			t.Errorf("%q is %q, want the canonical \"buy Explorer\"", typed, got)
		}
	}
	if _, err := st.ParseAction(seat, "play Eclaireux"); err == nil || !strings.Contains(err.Error(), `"Éclaireur"`) {
		t.Errorf("play Eclaireux: %v, want a suggestion of \"Éclaireur\"", err)
	}

	p := realmsgame.WithCatalog(cat).Presenter(nil)
	for _, c := range []struct{ typed, want string }{
		{"Yate Diplomático", "Embassy Yacht:"},
		{"yate diplomatico", "Embassy Yacht:"},
		{"Estación Espacial", "Space Station:"},
		{"estacion espacial", "Space Station:"},
		{"predateur", "Predator:"},
		{"PRÉDATEUR", "Predator:"},
		{"Éclaireur", "Scout:"},
	} {
		got, err := p.CardText(st, c.typed)
		if err != nil || !strings.HasPrefix(got, c.want) {
			t.Errorf("show %s: %q, %v; want it to start with %q", c.typed, got, err, c.want)
		}
	}
	got, err := p.CardText(st, "Scout")
	if err != nil || !strings.Contains(got, "also known as: Éclaireur (fr), Rastreadora (es)") {
		t.Errorf("show Scout: %q, %v; want its French and Spanish names", got, err)
	}
}

// GET /api/cards and `cards --json` give every card its name in each language: the official
// one, else the English name.
func TestCardJSONNames(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]realmsgame.CardJSON{}
	for _, j := range realmsgame.SetCards(cat, nil) {
		byName[j.Name] = j
		for _, l := range []string{"en", "fr", "es"} {
			if j.Names[l] == "" {
				t.Errorf("%s: no %s name", j.Name, l)
			}
		}
		if j.Names["en"] != j.Name {
			t.Errorf("%s: English name %q", j.Name, j.Names["en"])
		}
	}
	for _, w := range []struct{ card, lang, want string }{
		{"Scout", "fr", "Éclaireur"}, {"Scout", "es", "Rastreadora"},
		{"Embassy Yacht", "es", "Yate Diplomático"}, {"Embassy Yacht", "fr", "Embassy Yacht"},
		{"Predator", "fr", "Prédateur"}, {"Predator", "es", "Predator"},
	} {
		if got := byName[w.card].Names[w.lang]; got != w.want {
			t.Errorf("%s in %s: %q, want %q", w.card, w.lang, got, w.want)
		}
	}
}

// A Star Realms scenario may name cards in French or Spanish, with or without accents, in its
// setup, its steps and its expectations.
func TestScenarioNamesInEveryLanguage(t *testing.T) {
	const text = `name: t
game: realms
players:
  - {name: Ann, hand: [Éclaireur, rastreadora, Yate Diplomático], discard: [Viper]}
  - {name: Bob, hand: [Scout]}
trade_row: [Prédateur, Estación Espacial, Caza Blob, Mercante, Blob Wheel]
active: Ann
steps:
  - play ECLAIREUR
  - play Rastreadora
  - play yate diplomatico
expect:
  Ann.in_play: [Scout, Éclaireur, Embassy Yacht]
  Ann.trade: 4
  trade_row: [Predator, Space Station, Blob Fighter, Cutter, Crisálida Blob]
`
	res, err := runOne(t, text)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Errorf("the scenario in French and Spanish fails: %v", res.Failures)
	}
}
