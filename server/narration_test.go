package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"starnexus/narrate"
)

type narrationView struct {
	Seq       int            `json:"seq"`
	Legal     []string       `json:"legal"`
	Narration []narrate.Line `json:"narration"`
}

func (h *harness) narrationView(id, token string, since int) narrationView {
	h.t.Helper()
	code, b := h.do("GET", fmt.Sprintf("/api/games/%s/view?since=%d", id, since), token, nil)
	if code != http.StatusOK {
		h.t.Fatalf("view: %d %s", code, b)
	}
	var v narrationView
	if err := json.Unmarshal(b, &v); err != nil {
		h.t.Fatal(err)
	}
	return v
}

func (h *harness) narration(id, token string) narrationJSON {
	h.t.Helper()
	code, b := h.do("GET", "/api/games/"+id+"/narration", token, nil)
	if code != http.StatusOK {
		h.t.Fatalf("narration: %d %s", code, b)
	}
	var n narrationJSON
	if err := json.Unmarshal(b, &n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// pickAny chooses an action that moves a game of either kind along.
func pickAny(legal []string, n int) string {
	for _, prefix := range []string{"play ", "cast ", "add attacker ", "attack ", "use ", "buy ", "choose ", "block ", "keep", "skip", "done"} {
		var opts []string
		for _, a := range legal {
			if strings.HasPrefix(a, prefix) {
				opts = append(opts, a)
			}
		}
		if len(opts) > 0 {
			return opts[n%len(opts)]
		}
	}
	return legal[len(legal)-1]
}

// TestNarrationEndpoint plays games seat by seat and checks that the whole-game narration of
// each seat and of the spectator is the narrations its views carried, one after the other
// (a Stellar Nexus free-for-all hides mulligans and blocks for a while: its views number
// actions as they came to be seen); that it names the turn of every line after the first; and
// that an unknown game or a foreign token is refused.
func TestNarrationEndpoint(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	for _, tc := range []struct {
		name, req string
		actions   int
	}{
		{"realms", `{"game":"realms","seed":5,"seats":[{"name":"Ann"},{"name":"Bob"}]}`, 120},
		{"nexus ffa", `{"game":"nexus","format":"ffa","seed":3,"seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cid"}]}`, 250},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := h.create(tc.req)
			tokens := []string{""}
			for _, s := range c.Seats {
				tokens = append(tokens, s.Token)
			}
			seqs := make([]int, len(tokens))
			got := make([][]narrate.Line, len(tokens))
			for i := range tokens {
				seqs[i] = h.narrationView(c.ID, tokens[i], 0).Seq
			}
			for n := 0; n < tc.actions; n++ {
				acted := false
				for i := 1; i < len(tokens) && !acted; i++ {
					v := h.narrationView(c.ID, tokens[i], seqs[i])
					if len(v.Legal) == 0 {
						continue
					}
					code, b := h.do("POST", "/api/games/"+c.ID+"/actions", tokens[i], map[string]any{"action": pickAny(v.Legal, n), "seq": v.Seq})
					if code != http.StatusOK {
						t.Fatalf("act: %d %s", code, b)
					}
					acted = true
				}
				if !acted {
					break // over
				}
				for i := range tokens {
					v := h.narrationView(c.ID, tokens[i], seqs[i])
					got[i] = append(got[i], v.Narration...)
					seqs[i] = v.Seq
				}
			}
			for i := range tokens {
				whole := h.narration(c.ID, tokens[i])
				if whole.Seq != seqs[i] {
					t.Errorf("viewer %d: narration seq %d, views at %d", i-1, whole.Seq, seqs[i])
				}
				if len(whole.Narration) == 0 || fmt.Sprint(whole.Narration) != fmt.Sprint(got[i]) {
					t.Errorf("viewer %d: the narration (%d lines) is not the views' (%d lines)", i-1, len(whole.Narration), len(got[i]))
					for j := range min(len(whole.Narration), len(got[i])) {
						if fmt.Sprint(whole.Narration[j]) != fmt.Sprint(got[i][j]) {
							t.Fatalf("first difference, line %d:\n%+v\n%+v", j, whole.Narration[j], got[i][j])
						}
					}
				}
				turns := 0
				for _, l := range whole.Narration {
					if l.Turn > 0 && l.Active < 0 {
						t.Errorf("viewer %d: line %+v: a turn of nobody", i-1, l)
					}
					turns = max(turns, l.Turn)
				}
				if turns < 2 {
					t.Errorf("viewer %d: the narration reaches turn %d only", i-1, turns)
				}
			}
		})
	}
	if code, _ := h.do("GET", "/api/games/nosuchgame/narration", "", nil); code != http.StatusNotFound {
		t.Errorf("an unknown game's narration: %d, want 404", code)
	}
	c := h.create(`{"game":"realms","seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	if code, _ := h.do("GET", "/api/games/"+c.ID+"/narration", "not-a-token", nil); code != http.StatusUnauthorized {
		t.Errorf("a foreign token's narration: %d, want 401", code)
	}
}

// TestNarrationHidesDraws: the narration of a seat never names a card another seat drew.
func TestNarrationHidesDraws(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.create(`{"game":"realms","seed":5,"seats":[{"name":"Ann"},{"name":"Bob"}],"options":{"first_player":"1"}}`)
	ann := c.Seats[0].Token
	code, b := h.do("POST", "/api/games/"+c.ID+"/actions", ann, map[string]any{"action": "end", "seq": 0})
	if code != http.StatusOK {
		t.Fatalf("end: %d %s", code, b)
	}
	// Ann's end drew her a new hand: no narration tells of it, not even hers (a draw is no
	// line), and Bob's and the spectator's name none of her cards.
	for _, tok := range []string{"", c.Seats[1].Token, ann} {
		if n := h.narration(c.ID, tok); len(n.Narration) != 0 {
			t.Errorf("%q: %+v", tok, n.Narration)
		}
	}
}
