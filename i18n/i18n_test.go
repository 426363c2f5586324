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
