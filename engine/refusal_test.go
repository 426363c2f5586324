package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/msg"
)

// TestRefusalMsg: the English catalog renders a refusal's message as the error's own text, and
// the other catalogs render it in their language; errors with no message stay as they are.
func TestRefusalMsg(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	fr, err := i18n.Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	fr = fr.WithNames(map[string]string{"Scout": "Éclaireur", "Viper": "Vipère"})
	for _, c := range []struct {
		err error
		fr  string
	}{
		{&engine.UnknownCardError{Name: "Scot"}, "carte inconnue « Scot »"},
		{&engine.UnknownCardError{Name: "Scot", Suggest: []string{"Scout"}}, "carte inconnue « Scot » : vouliez-vous dire « Éclaireur » ?"},
		{&engine.UnknownCardError{Name: "Vip", Suggest: []string{"Viper", "Scout"}}, "carte inconnue « Vip » : vouliez-vous dire « Vipère » ou « Éclaireur » ?"},
		{&engine.UnknownCardError{Name: "x", Suggest: []string{"Viper", "Scout", "Viper"}}, "carte inconnue « x » : vouliez-vous dire « Vipère », « Éclaireur » ou « Vipère » ?"},
		{&engine.ParseError{Reason: "2 cards", Why: msg.M("common.card_count", "n", 2)}, "2 cartes"},
		{fmt.Errorf("turn 3: %w", &engine.IllegalError{Action: "go", Reason: "the game is over", Why: msg.M("common.card_count", "n", 2)}),
			"action refusée « go » : 2 cartes"},
	} {
		m, ok := engine.RefusalMsg(c.err)
		if !ok {
			t.Errorf("%v: no message", c.err)
			continue
		}
		var ie *engine.IllegalError
		want := c.err.Error()
		if errors.As(c.err, &ie) {
			want = fmt.Sprintf("illegal action %q: %s", ie.Action, en.Render(ie.Why))
		}
		if got := en.Render(m); got != want {
			t.Errorf("English %q, the error says %q", got, want)
		}
		// French puts a no-break space inside « » and before : and ?
		if got := strings.ReplaceAll(fr.Render(m), "\u00a0", " "); got != c.fr {
			t.Errorf("French %q, want %q", got, c.fr)
		}
	}
	for _, e := range []error{errors.New("x"), &engine.IllegalError{Action: "go", Reason: "no"}, &engine.ParseError{Reason: "no"}} {
		if _, ok := engine.RefusalMsg(e); ok {
			t.Errorf("%v has a message", e)
		}
	}
}
