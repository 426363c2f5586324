package terminal

import (
	"errors"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// TestLangError: refusals are said in the player's language, the actions they quote (at any
// depth, one or a list) in the player's words and the card names in the language; English
// and errors without a message keep the engine's words.
func TestLangError(t *testing.T) {
	load := func(l string) *i18n.Catalog {
		c, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	names := map[string]string{"Ember Cub": "Lionceau de Braise"}
	fr := NewLang(load("fr"), "term.word.nexus.", names)
	en := NewLang(load("en"), "term.word.nexus.", names)
	several := &engine.ParseError{Reason: `"x" is 2 actions, to be sent one at a time: add attacker Ember Cub; done`,
		Why: i18n.M("refuse.nexus.parse.several", "text", "x", "n", 2, "actions", "add attacker Ember Cub; done")}
	identical := &engine.IllegalError{Action: "cast Ember Cub", Reason: "identical objects are one action: cast Ember Cub is offered for another of them",
		Why: i18n.M("refuse.nexus.identical", "action", "cast Ember Cub")}
	for _, c := range []struct {
		err      error
		fr, en   string
		frAbsent string
	}{
		{several, "ajouter attaquant Lionceau de Braise; terminé", several.Reason, "done"},
		{identical, "«\u00a0réquisitionner Lionceau de Braise\u00a0» est proposée", `illegal action "cast Ember Cub": identical objects`, "cast"},
		{errors.New("disk full"), "disk full", "disk full", ""},
	} {
		if got := fr.Error(c.err); !strings.Contains(got, c.fr) || (c.frAbsent != "" && strings.Contains(got, c.frAbsent)) {
			t.Errorf("French: %q, want %q in it and no %q", got, c.fr, c.frAbsent)
		}
		if got := en.Error(c.err); !strings.Contains(got, c.en) {
			t.Errorf("English: %q, want %q", got, c.en)
		}
	}
	if m := identical.Why.Args["action"]; m != "cast Ember Cub" {
		t.Errorf("the error's message was changed: %v", m)
	}
}
