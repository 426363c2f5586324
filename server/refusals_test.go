package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"starnexus/i18n"
)

// TestRefusalsCarryMessages: the refusals a player meets come with their message, which the
// English catalog renders as the "error" text and the French and Spanish ones in their words.
func TestRefusalsCarryMessages(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(twoHumans)
	ann, bob := g.Seats[0].Token, g.Seats[1].Token
	v, _ := h.view(g.ID, ann)
	toMove, other := ann, bob
	if v.ToMove == "Bob" {
		toMove, other = bob, ann
	}
	act := func(token, action string, seq int) (int, []byte) {
		return h.do("POST", "/api/games/"+g.ID+"/actions", token, map[string]any{"action": action, "seq": seq})
	}
	cats := map[string]*i18n.Catalog{}
	for _, l := range []string{"en", "fr", "es"} {
		c, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		cats[l] = c
	}
	for _, c := range []struct {
		what string
		do   func() (int, []byte)
		code int
		id   string
	}{
		{"the seat not to move", func() (int, []byte) { return act(other, "end", 0) }, http.StatusForbidden, "server.not_now"},
		{"a seq past the game", func() (int, []byte) { return act(toMove, "end", 99) }, http.StatusConflict, "server.bad_seq"},
		{"an unknown card", func() (int, []byte) { return act(toMove, "play Scot", 0) }, http.StatusUnprocessableEntity, "refuse.unknown_card_suggest"},
		{"no such game", func() (int, []byte) { return h.do("GET", "/api/games/nope/view", ann, nil) }, http.StatusNotFound, "server.no_game"},
		{"an Explorer without Trade", func() (int, []byte) { return act(toMove, "buy Explorer", 0) }, http.StatusUnprocessableEntity, "refuse.illegal"},
	} {
		code, b := c.do()
		var body struct {
			Error string    `json:"error"`
			Msg   *i18n.Msg `json:"msg"`
		}
		if err := json.Unmarshal(b, &body); err != nil {
			t.Fatalf("%s: %v: %s", c.what, err, b)
		}
		if code != c.code || body.Msg == nil || body.Msg.ID != c.id {
			t.Errorf("%s: %d %s, want %d with message %s", c.what, code, b, c.code, c.id)
			continue
		}
		// the English message is the error, but for the legal actions an illegal one lists
		if got := cats["en"].Render(*body.Msg); got != body.Error && !strings.HasPrefix(body.Error, got+"; legal: ") {
			t.Errorf("%s: the English message says %q, the error %q", c.what, got, body.Error)
		}
		for _, l := range []string{"fr", "es"} {
			if got := cats[l].Render(*body.Msg); got == body.Error || strings.ContainsAny(got, "[{") {
				t.Errorf("%s in %s: %q", c.what, l, got)
			}
		}
	}
}
