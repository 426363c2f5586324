package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

type listedGames struct {
	Games []struct {
		ID        string `json:"id"`
		OpenSeats []int  `json:"open_seats"`
		Seats     []struct {
			Name string `json:"name"`
		} `json:"seats"`
		Over bool `json:"over"`
		Turn *struct {
			Number int    `json:"number"`
			Seat   int    `json:"seat"`
			Name   string `json:"name"`
		} `json:"turn"`
	} `json:"games"`
}

// TestListJoinableAndLive: ?joinable=1 lists the games waiting for a player, ?live=1 those
// being played (every seat taken), each with the turn under way; a game moves from the first
// list to the second when its open seat is claimed. (The store's conformance suite checks
// that a finished game is in neither.)
func TestListJoinableAndLive(t *testing.T) {
	h := newHarness(t, Config{})
	waiting := h.create(`{"seats":[{"name":"Ann"},{"kind":"open"}]}`)
	playing := h.create(`{"seats":[{"name":"Dee"},{"name":"Bob","kind":"bot","bot":"greedy"}]}`)
	list := func(q string) map[string]bool {
		t.Helper()
		code, b := h.do("GET", "/api/games"+q, "", nil)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", q, code, b)
		}
		var l listedGames
		if err := json.Unmarshal(b, &l); err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, g := range l.Games {
			out[g.ID] = true
			if g.ID == playing.ID && (g.Turn == nil || g.Turn.Number < 1) {
				t.Errorf("%s: the live game's turn %+v", q, g.Turn)
			}
			if g.Turn != nil && (g.Turn.Seat < 0 || g.Turn.Seat >= len(g.Seats) || g.Seats[g.Turn.Seat].Name != g.Turn.Name) {
				t.Errorf("%s: game %s's turn %+v, seats %+v", q, g.ID, g.Turn, g.Seats)
			}
		}
		return out
	}
	for _, c := range []struct {
		q             string
		waiting, live bool
	}{
		{"", true, true},
		{"?open=1", true, true},
		{"?joinable=1", true, false},
		{"?live=1", false, true},
	} {
		got := list(c.q)
		if got[waiting.ID] != c.waiting || got[playing.ID] != c.live {
			t.Errorf("%q: waiting listed %v, live listed %v; want %v, %v", c.q, got[waiting.ID], got[playing.ID], c.waiting, c.live)
		}
	}
	if code, b := h.do("GET", "/api/games?joinable=1&live=1", "", nil); code != http.StatusBadRequest {
		t.Errorf("joinable and live: %d %s, want 400", code, b)
	}
	if code, b := h.do("POST", "/api/games/"+waiting.ID+"/seats/1/claim", "", `{"name":"Cid"}`); code != http.StatusOK {
		t.Fatalf("claim: %d %s", code, b)
	}
	if got := list("?joinable=1"); got[waiting.ID] {
		t.Error("a claimed game still listed as joinable")
	}
	if got := list("?live=1"); !got[waiting.ID] {
		t.Error("a claimed game not listed as live")
	}
}

// TestDeckCheck: POST /api/decks/check reads a deck file as `deck check` does: a shipped
// deck's text is ok with its hero and sizes; an unknown card is a problem naming the closest
// card; a game without deck files and a missing file are refused.
func TestDeckCheck(t *testing.T) {
	h := newHarness(t, Config{})
	kern := shippedDeckText(t, "kern")
	type answer struct {
		Game     string   `json:"game"`
		OK       bool     `json:"ok"`
		Name     string   `json:"name"`
		Hero     string   `json:"hero"`
		Library  int      `json:"library"`
		Reserve  int      `json:"reserve"`
		Problems []string `json:"problems"`
		Error    string   `json:"error"`
	}
	check := func(body any) (int, answer) {
		t.Helper()
		code, b := h.do("POST", "/api/decks/check", "", body)
		var a answer
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatalf("%d %s: %v", code, b, err)
		}
		return code, a
	}
	if code, a := check(map[string]string{"deck_file": kern}); code != http.StatusOK || !a.OK || a.Game != "nexus" ||
		a.Name != "Kern Forgeline" || a.Hero != "Tarsk Ironvein, Forgemaster" || a.Library != 33 || a.Reserve != 15 || a.Problems != nil {
		t.Errorf("the shipped kern: %d %+v", code, a)
	}
	typo := strings.Replace(kern, "Rivet Sentry: 3", "Rivet Sentri: 3", 1)
	if code, a := check(map[string]string{"game": "nexus", "deck_file": typo}); code != http.StatusOK || a.OK ||
		len(a.Problems) != 1 || a.Problems[0] != `library: unknown card "Rivet Sentri": did you mean "Rivet Sentry"?` {
		t.Errorf("a misspelt card: %d %+v", code, a)
	}
	if _, a := check(map[string]string{"deck_file": "library: ["}); a.OK || len(a.Problems) == 0 {
		t.Errorf("a file that is no YAML: %+v", a)
	}
	for _, c := range []struct {
		body any
		code int
		want string
	}{
		{map[string]string{"game": "realms", "deck_file": kern}, http.StatusBadRequest, `game "realms" takes no deck files`},
		{map[string]string{"game": "chess", "deck_file": kern}, http.StatusBadRequest, "unknown game"},
		{map[string]string{"game": "nexus"}, http.StatusBadRequest, "no deck_file"},
		{map[string]string{"deck_file": strings.Repeat("# x\n", maxDeckFile)}, http.StatusRequestEntityTooLarge, "at most"},
	} {
		if code, a := check(c.body); code != c.code || !strings.Contains(a.Error, c.want) {
			t.Errorf("%.60v: %d %+v, want %d with %q", c.body, code, a, c.code, c.want)
		}
	}
}
