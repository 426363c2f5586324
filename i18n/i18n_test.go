package i18n

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// renderCase is one case of testdata/render.json, which web/tests/i18n.test.js runs too, so
// that the Go and the browser renderers agree.
type renderCase struct {
	Name     string            `json:"name"`
	Lang     string            `json:"lang"`
	Messages map[string]string `json:"messages"`
	Msg      json.RawMessage   `json:"msg"`
	Want     string            `json:"want"`
}

func TestRenderSharedCases(t *testing.T) {
	b, err := os.ReadFile("testdata/render.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []renderCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			c, err := New(tc.Lang, tc.Messages)
			if err != nil {
				t.Fatal(err)
			}
			var m Msg
			d := json.NewDecoder(strings.NewReader(string(tc.Msg)))
			d.UseNumber()
			if err := d.Decode(&m); err != nil {
				t.Fatal(err)
			}
			if got := c.Render(m); got != tc.Want {
				t.Errorf("got %q, want %q", got, tc.Want)
			}
		})
	}
}

func TestRenderGoValues(t *testing.T) {
	c, err := New("en", map[string]string{
		"a": "{who}: {then}", "b": "+{n} Trade.", "c": "{n, plural, one {a card} other {# cards}}",
	})
	if err != nil {
		t.Fatal(err)
	}
	got := c.Render(M("a", "who", "Ann", "then", []Msg{M("b", "n", 2), M("c", "n", uint8(3))}))
	if want := "Ann: +2 Trade. 3 cards"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestBadTemplatesAreRefused(t *testing.T) {
	for _, tpl := range []string{
		"{", "}", "{a", "{a, plural}", "{a, plural, one {x}}", "{a, number}", "{a, select, x {y}",
		"{, plural, other {x}}",
	} {
		if _, err := New("en", map[string]string{"x": tpl}); err == nil {
			t.Errorf("%q: accepted", tpl)
		}
	}
}

func TestShippedCatalogsLoad(t *testing.T) {
	for _, lang := range Langs() {
		c, err := Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Has("list.sep") {
			t.Errorf("%s: no list.sep", lang)
		}
	}
	if _, err := Load("xx"); err == nil || !strings.Contains(err.Error(), "en") {
		t.Errorf("unknown language: %v", err)
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		prefs []string
		want  string
	}{
		{nil, "en"},
		{[]string{"fr-CA,fr;q=0.9,en;q=0.8"}, "fr"},
		{[]string{"es-419"}, "es"},
		{[]string{"es_ES.UTF-8"}, "es"},
		{[]string{"fr_FR@euro"}, "fr"},
		{[]string{"de-DE,de;q=0.9"}, "en"},
		{[]string{"C"}, "en"},
		{[]string{"", "de", "es-MX"}, "es"},
		{[]string{"en-GB,fr;q=0.5"}, "en"},
		{[]string{"garbage;;q=x"}, "en"},
	}
	for _, tt := range tests {
		if got := Match(tt.prefs...); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.prefs, got, tt.want)
		}
	}
}

func TestPluralCategories(t *testing.T) {
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{"en", 0, "other"}, {"en", 1, "one"}, {"en", 2, "other"},
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"},
		{"es", 0, "other"}, {"es", 1, "one"}, {"es", 5, "other"},
	}
	for _, tt := range tests {
		if got := pluralCategory(tt.lang, tt.n); got != tt.want {
			t.Errorf("pluralCategory(%s, %d) = %s, want %s", tt.lang, tt.n, got, tt.want)
		}
	}
}

// TestWithNamesShowsNamesInTheLanguage: string arguments that are English names (numbered or
// not) are shown in the catalog's language; other strings stay as they are.
func TestWithNamesShowsNamesInTheLanguage(t *testing.T) {
	fr, err := New("fr", map[string]string{"x": "{who} joue {card}.", "ui.nexus.numbered": "{card} nº {n}"})
	if err != nil {
		t.Fatal(err)
	}
	fr = fr.WithNames(map[string]string{"Ember Cub": "Lionceau de Braise", "Scout": "Éclaireur", "Same": "Same"})
	for _, c := range []struct{ who, card, want string }{
		{"Ann", "Scout", "Ann joue Éclaireur."},
		{"Ann", "Ember Cub #2", "Ann joue Lionceau de Braise nº 2."},
		{"Ann", "Ember Cub #x", "Ann joue Ember Cub #x."},
		{"Ann", "Blob", "Ann joue Blob."},
	} {
		if got := fr.Render(M("x", "who", c.who, "card", c.card)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.card, got, c.want)
		}
	}
	en, _ := New("en", map[string]string{"x": "{card}"})
	if got := en.Render(M("x", "card", "Scout")); got != "Scout" {
		t.Errorf("without names: %q", got)
	}
}
