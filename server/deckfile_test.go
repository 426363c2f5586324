package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"starnexus/games/nexus/nexusgame"
)

// TestDeckFileThroughTheAPI: a seat may bring a deck file; a broken one is refused with the
// messages of `deck check` (nexusgame.ParseDeck) and nothing is made; the file is stored with
// the game, played by its seat alone, and its list shows to nobody else, the options saying
// only "custom".
func TestDeckFileThroughTheAPI(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	kern := shippedDeckText(t, "kern")
	broken := strings.Replace(strings.Replace(kern, "Magma Titan: 2", "Magma Titan: 7", 1), "hero: Tarsk Ironvein, Forgemaster", "hero: Nobody Atall", 1)
	_, perr := h.srv.registered(t, "nexus").(*nexusgame.Game).ParseDeck([]byte(broken))
	if perr == nil || !strings.Contains(perr.Error(), "\n") {
		t.Fatalf("the broken deck's check: %v, want several violations", perr)
	}
	body := func(seats ...map[string]string) map[string]any {
		return map[string]any{"game": "nexus", "seed": 3, "seats": seats}
	}
	for _, tc := range []struct {
		req  map[string]any
		want string
	}{
		{body(map[string]string{"name": "Ann"}, map[string]string{"name": "Bob", "deck_file": broken}), "seat 2 (Bob): " + perr.Error()},
		{body(map[string]string{"name": "Ann"}, map[string]string{"name": "Bob", "deck_file": "library: ["}), "seat 2 (Bob): "},
		{body(map[string]string{"name": "Ann"}, map[string]string{"name": "Bob", "deck": "kern", "deck_file": kern}), "seat 2: name a deck or bring a deck file, not both"},
		{map[string]any{"game": "realms", "seats": []map[string]string{{"name": "Ann", "deck_file": kern}, {"name": "Bob"}}}, "takes no deck files"},
	} {
		code, b := h.do("POST", "/api/games", "", tc.req)
		var e errBody
		json.Unmarshal(b, &e)
		if code != http.StatusBadRequest || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%v: %d %s, want 400 with %q", tc.req["seats"], code, b, tc.want)
		}
	}
	if code, b := h.do("GET", "/api/games", "", nil); code != http.StatusOK || strings.Contains(string(b), `"id"`) {
		t.Fatalf("a refused create made a game: %s", b)
	}

	c := h.create(mustJSON(t, body(map[string]string{"name": "Ann", "deck": "rayji"}, map[string]string{"name": "Bob", "deck_file": kern})))
	m, _, err := h.srv.store.LoadGame(t.Context(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Decks) != 2 || m.Decks[0] != "" || m.Decks[1] != kern || m.Options["decks"] != "rayji,custom" {
		t.Fatalf("stored: decks %q, options %v", m.Decks, m.Options)
	}
	// Bob's deck is Kern's: his hero is Tarsk (his own view), and his cards are Kern's.
	_, bob := h.view(c.ID, c.Seats[1].Token)
	if !strings.Contains(string(bob), "Tarsk Ironvein") {
		t.Fatalf("Bob's view: %s", bob)
	}
	for _, tok := range []string{c.Seats[0].Token, ""} {
		_, v := h.view(c.ID, tok)
		if strings.Contains(string(v), "custom") || strings.Contains(string(v), "Anvil Duelist") {
			t.Errorf("another seat's view shows Bob's deck: %s", v)
		}
	}
	// A restarted server plays the stored deck file again.
	h.stop()
	h.start(Config{AllowSeed: true})
	if _, again := h.view(c.ID, c.Seats[1].Token); string(again) != string(bob) {
		t.Fatalf("Bob's view after a restart:\n%s\nbefore:\n%s", again, bob)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
