package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
)

// toyRegistry lists the toy race (the default) and the real games.
func toyRegistry(t *testing.T) *engine.Registry {
	t.Helper()
	games := append([]engine.Game{toygame.Game{}}, registry(t, catalog(t)).Games()...)
	r, err := engine.NewRegistry(games...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestToyGameThroughTheAPI: a game the server's code never names, registered by this test
// alone, is created, listed, watched and played to its end through the HTTP API, against a
// bot of its own; what the server says of it comes from engine.Game.
func TestToyGameThroughTheAPI(t *testing.T) {
	h := newHarness(t, Config{Games: toyRegistry(t), AllowSeed: true})

	code, b := h.do("GET", "/api/bots?game=toy", "", nil)
	var bots struct {
		Game string `json:"game"`
		Bots []struct {
			Name string `json:"name"`
		} `json:"bots"`
	}
	json.Unmarshal(b, &bots)
	if code != http.StatusOK || bots.Game != "toy" || len(bots.Bots) == 0 {
		t.Fatalf("toy bots: %d %s", code, b)
	}
	if code, b := h.do("GET", "/api/cards", "", nil); code != http.StatusOK || string(b) != `{"cards":[],"game":"toy"}` {
		t.Errorf("the default game's cards: %d %s", code, b)
	}
	for _, tc := range []struct{ req, want string }{
		{`{"game":"chess","seats":[{"name":"A"},{"name":"B"}]}`, `unknown game \"chess\" (known: toy, realms, nexus)`},
		{`{"game":"toy","seats":[{"name":"A","deck":"kern"},{"name":"B"}]}`, "seat 1: a game of Toy Race has no decks to choose"},
		{`{"game":"toy","options":{"target":"1"},"seats":[{"name":"A"},{"name":"B"}]}`, `option target: \"1\" is not a number from 3 to 100`},
		{`{"game":"toy","seats":[{"name":"A"},{"kind":"bot","bot":"greedy"}]}`, `seat 2: unknown bot \"greedy\"`},
		{`{"game":"toy","seats":[{"name":"A"}]}`, "the toy race has 2 to 4 players, not 1"},
	} {
		if code, b := h.do("POST", "/api/games", "", tc.req); code != http.StatusBadRequest || !strings.Contains(string(b), tc.want) {
			t.Errorf("%s: %d %s, want 400 with %s", tc.req, code, b, tc.want)
		}
	}

	// No game named: the registry's default, the toy.
	c := h.create(`{"seed":7,"options":{"target":"21"},"seats":[{"name":"Ann"},{"kind":"bot","bot":"smart"}]}`)
	ann := c.Seats[0].Token
	type toyView struct {
		Game   string   `json:"game"`
		Format string   `json:"format"`
		Seq    int      `json:"seq"`
		Legal  []string `json:"legal"`
		Over   bool     `json:"over"`
		Total  int      `json:"total"`
		Target int      `json:"target"`
		Mark   int      `json:"mark"`
	}
	view := func(tok string) toyView {
		t.Helper()
		code, b := h.do("GET", "/api/games/"+c.ID+"/view", tok, nil)
		var v toyView
		if err := json.Unmarshal(b, &v); code != http.StatusOK || err != nil {
			t.Fatalf("view: %d %s", code, b)
		}
		return v
	}
	if v := view(ann); v.Game != "toy" || v.Format != "race" || v.Target != 21 || v.Mark == 0 {
		t.Fatalf("Ann's first view: %+v", v)
	}
	if v := view(""); v.Mark != 0 {
		t.Fatalf("a spectator sees a mark: %+v", v)
	}
	moves := 0
	for {
		var v toyView
		waitFor(t, "Ann's turn or the end", func() bool { v = view(ann); return v.Over || len(v.Legal) > 0 })
		if v.Over {
			break
		}
		if !slices.Contains(v.Legal, "add 1") {
			t.Fatalf("Ann's legal actions: %v", v.Legal)
		}
		code, b := h.do("POST", "/api/games/"+c.ID+"/actions", ann, map[string]any{"action": "add 1", "seq": v.Seq})
		if code != http.StatusOK {
			t.Fatalf("add 1: %d %s", code, b)
		}
		if moves++; moves > 30 {
			t.Fatal("the race did not end")
		}
	}
	var log struct {
		Over    bool              `json:"over"`
		Winners []string          `json:"winners"`
		Options map[string]string `json:"options"`
		Actions []logEntry        `json:"actions"`
	}
	code, b = h.do("GET", "/api/games/"+c.ID+"/log", "", nil)
	if err := json.Unmarshal(b, &log); code != http.StatusOK || err != nil || !log.Over || len(log.Winners) != 1 || log.Options["target"] != "21" {
		t.Fatalf("the log of the finished race: %d %s", code, b)
	}
	total := 0
	for _, a := range log.Actions {
		var n int
		if _, err := fmtSscanf(a.Action, &n); err != nil {
			t.Fatalf("logged action %q: %v", a.Action, err)
		}
		total += n
	}
	if total != 21 || moves == 0 {
		t.Fatalf("the logged actions add up to %d (Ann moved %d times)", total, moves)
	}
	// The list shows the finished race with every action counted.
	code, b = h.do("GET", "/api/games", "", nil)
	var list struct {
		Games []struct {
			ID   string `json:"id"`
			Game string `json:"game"`
			Seq  *int   `json:"seq"`
			Over bool   `json:"over"`
		} `json:"games"`
	}
	json.Unmarshal(b, &list)
	if code != http.StatusOK || len(list.Games) != 1 || list.Games[0].Game != "toy" || !list.Games[0].Over || list.Games[0].Seq == nil || *list.Games[0].Seq != len(log.Actions) {
		t.Fatalf("the list: %d %s", code, b)
	}
}

// fmtSscanf reads the amount of a toy action ("add 2").
func fmtSscanf(text string, n *int) (int, error) { return fmt.Sscanf(text, "add %d", n) }
