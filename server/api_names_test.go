package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"starnexus/games/nexus/cards"
	"starnexus/games/realms"
	"starnexus/i18n"
)

// GET /api/cards gives every card its name in each language the catalogs have, beside the
// fields clients read already; GET /api/decks gives each deck's title and hero by language.
func TestAPINamesByLanguage(t *testing.T) {
	h := newHarness(t, Config{})
	type named struct {
		Name    string            `json:"name"`
		Names   map[string]string `json:"names"`
		Aliases []string          `json:"aliases"`
		Text    json.RawMessage   `json:"text"`
	}
	for _, tc := range []struct {
		path string
		want map[string][2]string // English name -> French, Spanish
	}{
		{"/api/cards", map[string][2]string{
			"Scout":         {"Éclaireur", "Rastreadora"},
			"Embassy Yacht": {"Embassy Yacht", "Yate Diplomático"},
			"Predator":      {"Prédateur", "Predator"},
		}},
		{"/api/cards?game=nexus", map[string][2]string{
			"Magma Titan":        {"Titan de Magma", "Titán de Magma"},
			"The Mycelial Choir": {"Le Chœur Mycélien", "El Coro Micelial"},
		}},
	} {
		code, b := h.do("GET", tc.path, "", nil)
		var body struct {
			Cards []named `json:"cards"`
		}
		if err := json.Unmarshal(b, &body); code != http.StatusOK || err != nil || len(body.Cards) == 0 {
			t.Fatalf("%s: %d %v", tc.path, code, err)
		}
		seen := 0
		for _, c := range body.Cards {
			for _, l := range i18n.Langs() {
				if c.Names[l] == "" {
					t.Errorf("%s: %s has no %s name", tc.path, c.Name, l)
				}
			}
			if c.Names["en"] != c.Name || len(c.Text) == 0 {
				t.Errorf("%s: %s: names %v, text %s", tc.path, c.Name, c.Names, c.Text)
			}
			if w, ok := tc.want[c.Name]; ok {
				seen++
				if c.Names["fr"] != w[0] || c.Names["es"] != w[1] {
					t.Errorf("%s: %s: %v, want fr %q, es %q", tc.path, c.Name, c.Names, w[0], w[1])
				}
			}
		}
		if seen < len(tc.want) {
			t.Errorf("%s: found %d of %d cards", tc.path, seen, len(tc.want))
		}
	}

	code, b := h.do("GET", "/api/decks", "", nil)
	var body struct {
		Decks []struct {
			Name, Title, Hero string
			Titles, Heroes    map[string]string
		} `json:"decks"`
	}
	if err := json.Unmarshal(b, &body); code != http.StatusOK || err != nil || len(body.Decks) == 0 {
		t.Fatalf("decks: %d %v %s", code, err, b)
	}
	for _, d := range body.Decks {
		for _, l := range i18n.Langs() {
			if d.Titles[l] == "" || d.Heroes[l] == "" {
				t.Errorf("deck %s: no %s title or hero: %v %v", d.Name, l, d.Titles, d.Heroes)
			}
		}
		if d.Titles["en"] != d.Title || d.Heroes["en"] != d.Hero {
			t.Errorf("deck %s: English %q %q, title %q hero %q", d.Name, d.Titles["en"], d.Heroes["en"], d.Title, d.Hero)
		}
		if d.Name == "kern" && (d.Titles["fr"] != "Lignée de la Forge de Kern" || d.Heroes["es"] != "Tarsk Vetahierro, Maestro Forjador") {
			t.Errorf("deck kern: %v %v", d.Titles, d.Heroes)
		}
	}
}

// The languages cards are named in are those the message catalogs have.
func TestNameLanguagesAreTheCatalogs(t *testing.T) {
	for _, got := range [][]string{realms.NameLangs(), cards.NameLangs()} {
		all := append([]string{"en"}, got...)
		slices.Sort(all)
		if !slices.Equal(all, i18n.Langs()) {
			t.Errorf("cards are named in %v, the catalogs are %v", all, i18n.Langs())
		}
	}
}
