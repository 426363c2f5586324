package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// createNamed asks for a Star Realms game (a free-for-all past two) whose human seats have the
// given names.
func (h *harness) createNamed(names ...string) (int, []byte) {
	h.t.Helper()
	type seat struct {
		Name string `json:"name"`
		Kind string `json:"kind"`
	}
	req := struct {
		Format string `json:"format"`
		Seats  []seat `json:"seats"`
	}{Format: "standard"}
	if len(names) > 2 {
		req.Format = "ffa"
	}
	for _, n := range names {
		req.Seats = append(req.Seats, seat{Name: n, Kind: "human"})
	}
	return h.do("POST", "/api/games", "", req)
}

func errorText(t *testing.T, b []byte) string {
	t.Helper()
	var e errBody
	if err := json.Unmarshal(b, &e); err != nil || e.Error == "" {
		t.Fatalf("not an error body: %s", b)
	}
	return e.Error
}

// TestCreateRefusesNames: each name the action texts could not carry, or that looks like
// another seat's, gets a 400 whose message says which seat and why, and no game is made.
func TestCreateRefusesNames(t *testing.T) {
	h := newHarness(t, Config{})
	for _, tc := range []struct {
		names []string
		why   string
	}{
		{[]string{"Ann", "Ann Lee"}, "seat 2: the name \"Ann Lee\" may not contain spaces"},
		{[]string{"a:b", "Bob"}, "seat 1: the name \"a:b\" may not contain ':' or ','"},
		{[]string{"Ann", "hand"}, "word of the action texts"},
		{[]string{"HAND", "Bob"}, "word of the action texts"},
		{[]string{"Ann", "none"}, "word of the action texts"},
		{[]string{"Ann", "Scout"}, "card's name"},
		{[]string{"Ann", "scout"}, "card's name"},
		{[]string{"Ann", "Pounce"}, "card's name"},        // a Stellar Nexus card, in a Star Realms game
		{[]string{"Ann", "Disséminateur"}, "card's name"}, // a French name
		{[]string{"Ann", "Eclaireur"}, "card's name"},     // a French name without its accent
		{[]string{"Ann", "Rastreadora"}, "card's name"},   // a Spanish name
		{[]string{"Ann", "Zarpazo"}, "card's name"},       // our Spanish name of a Stellar Nexus card
		{[]string{"Ann", "2"}, "is a number"},
		{[]string{"Ann", "a\u200db"}, "not a valid nickname"},
		{[]string{"Ann", "a\u202eb"}, "not a valid nickname"},
		{[]string{"Ann", strings.Repeat("b", 33)}, "at most 32 bytes"},
		{[]string{"Ann", "Аnn"}, "seat 2: the name \"Аnn\" looks like \"Ann\""}, // Cyrillic A
		{[]string{"Ann", "ann"}, "seat 2: the name \"ann\" looks like \"Ann\""},
		{[]string{"Ann", "Ａnn"}, "seat 2: the name \"Ann\" looks like \"Ann\""}, // fullwidth A, normalised
		{[]string{"Ann", "Bob", "lvan", "Ivan"}, "seat 4: the name \"Ivan\" looks like \"lvan\""},
	} {
		code, b := h.createNamed(tc.names...)
		if code != http.StatusBadRequest {
			t.Errorf("create %+q: %d %s; want 400", tc.names, code, b)
			continue
		}
		if msg := errorText(t, b); !strings.Contains(msg, tc.why) {
			t.Errorf("create %+q: %q; want a message with %q", tc.names, msg, tc.why)
		}
	}
	code, b := h.do("GET", "/api/games", "", nil)
	if code != http.StatusOK || strings.Contains(string(b), `"id"`) {
		t.Errorf("games after refused creations: %d %s; want none", code, b)
	}
}

// TestCreateKeepsNormalisedNames: the name kept, answered and shown in views is the PRECIS
// form, so that "Ａnn" (fullwidth) is the Ann of the action texts.
func TestCreateKeepsNormalisedNames(t *testing.T) {
	h := newHarness(t, Config{})
	code, b := h.createNamed("Ａnn", "Zoe\u0308", "李雷")
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	want := []string{"Ann", "Zoë", "李雷"}
	for i, s := range c.Seats {
		if s.Name != want[i] {
			t.Errorf("seat %d is named %+q, want %+q", i+1, s.Name, want[i])
		}
	}
	v, _ := h.view(c.ID, c.Seats[0].Token)
	for i, p := range v.Players {
		if p.Name != want[i] {
			t.Errorf("the view names player %d %+q, want %+q", i+1, p.Name, want[i])
		}
	}
}

// TestClaimNames: a claimed name is checked as at creation (400), and one that looks like
// another seat's name is taken (409); a good name is kept normalised.
func TestClaimNames(t *testing.T) {
	h := newHarness(t, Config{})
	g := h.create(`{"format":"ffa","seats":[{"name":"Ann","kind":"human"},{"kind":"open"},{"kind":"open"}]}`)
	claim := func(n, name string) (int, string) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"name": name})
		code, b := h.do("POST", "/api/games/"+g.ID+"/seats/"+n+"/claim", "", string(body))
		if code == http.StatusOK {
			var r struct {
				Name string `json:"name"`
			}
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatal(err)
			}
			return code, r.Name
		}
		return code, errorText(t, b)
	}
	for _, tc := range []struct {
		name string
		code int
		why  string
	}{
		{"Аnn", http.StatusConflict, "looks like \"Ann\""}, // Cyrillic A
		{"ANN", http.StatusConflict, "looks like \"Ann\""},
		{"Ａnn", http.StatusConflict, "looks like \"Ann\""},
		{"seat3", http.StatusConflict, "looks like \"Seat3\""}, // the other open seat's name
		{"hand", http.StatusBadRequest, "word of the action texts"},
		{"Scout", http.StatusBadRequest, "card's name"},
		{"Ann Lee", http.StatusBadRequest, "spaces"},
		{"a\u200db", http.StatusBadRequest, "not a valid nickname"},
	} {
		code, msg := claim("1", tc.name)
		if code != tc.code || !strings.Contains(msg, tc.why) {
			t.Errorf("claim as %+q: %d %q; want %d with %q", tc.name, code, msg, tc.code, tc.why)
		}
	}
	if code, name := claim("1", "Ｂob"); code != http.StatusOK || name != "Bob" {
		t.Fatalf("claim as fullwidth Bob: %d %q; want 200 Bob", code, name)
	}
	if code, msg := claim("2", "B0B"); code != http.StatusConflict || !strings.Contains(msg, "looks like \"Bob\"") {
		t.Errorf("claim as B0B beside Bob: %d %q; want 409", code, msg)
	}
	// An unnamed claim keeps the seat's own name, which may look like itself.
	if code, name := claim("2", ""); code != http.StatusOK || name != "Seat3" {
		t.Errorf("unnamed claim: %d %q; want 200 Seat3", code, name)
	}
}
