package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// finalTotals is what a spectator's last view says of every player.
type finalTotals struct {
	Over    bool     `json:"over"`
	Winners []string `json:"winners"`
	Players []struct {
		Name      string `json:"name"`
		Team      int    `json:"team"`
		Authority *int   `json:"authority"`
		Life      *int   `json:"life"`
	} `json:"players"`
}

func (h *harness) summary(id string) summaryJSON {
	h.t.Helper()
	code, b := h.do("GET", "/api/games/"+id+"/summary", "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("summary: %d %s", code, b)
	}
	var s summaryJSON
	if err := json.Unmarshal(b, &s); err != nil {
		h.t.Fatal(err)
	}
	return s
}

// TestSummary plays seeded bot games of both games to their end and checks their summary
// against the spectator's last view (every total series ends at the final authority or
// life; a Hydra team's players share theirs) and against the narration (the cards bought or
// cast, counted from its lines); the damage a duel's winner dealt covers what the loser lost.
func TestSummary(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	for _, tc := range []struct {
		name, req   string
		stat, cards string
		line        map[string]bool // the narration's lines that count a card
	}{
		{"realms duel", `{"game":"realms","seed":11,"seats":[{"name":"Ann","kind":"bot","bot":"greedy"},{"name":"Bob","kind":"bot","bot":"greedy"}]}`,
			"authority", "bought", map[string]bool{"log.buy": true, "log.buy_row": true, "log.acquire": true, "log.acquire_row": true}},
		{"realms hydra", `{"game":"realms","format":"hydra","seed":4,"seats":[{"name":"Ann","kind":"bot","bot":"greedy"},{"name":"Bob","kind":"bot","bot":"greedy"},{"name":"Cid","kind":"bot","bot":"greedy"},{"name":"Dee","kind":"bot","bot":"greedy"}]}`,
			"authority", "bought", map[string]bool{"log.buy": true, "log.buy_row": true, "log.acquire": true, "log.acquire_row": true}},
		{"nexus duel", `{"game":"nexus","seed":8,"seats":[{"name":"Ann","kind":"bot","bot":"greedy","deck":"rayji"},{"name":"Bob","kind":"bot","bot":"greedy","deck":"kern"}]}`,
			"life", "cast", map[string]bool{"log.cast": true}},
		// Ann, a human played through the API, lets Bob go first: the opening decisions are
		// no turn of hers.
		{"nexus duel, Bob first", `{"game":"nexus","seed":9,"seats":[{"name":"Ann","deck":"cypios"},{"name":"Bob","kind":"bot","bot":"greedy","deck":"hilote"}]}`,
			"life", "cast", map[string]bool{"log.cast": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := h.create(tc.req)
			if tok := c.Seats[0].Token; tok != "" {
				// Ann keeps, lets Bob go first, casts what she can, never attacks nor blocks: the bot
				// wins.
				for n := 0; ; n++ {
					if n > 5000 {
						v, _ := h.view(c.ID, tok)
						t.Fatalf("the game did not end in 5000 looks: %v", v.Legal)
					}
					v, _ := h.view(c.ID, tok)
					if v.Over {
						break
					}
					if len(v.Legal) == 0 {
						time.Sleep(time.Millisecond)
						continue
					}
					a := v.Legal[len(v.Legal)-1]
					for _, p := range []string{"choose Bob", "keep", "attack with none", "cast ", "done", "pass", "choose "} {
						if i := slices.IndexFunc(v.Legal, func(x string) bool { return strings.HasPrefix(x, p) }); i >= 0 {
							a = v.Legal[i]
							break
						}
					}
					h.do("POST", "/api/games/"+c.ID+"/actions", tok, map[string]any{"action": a, "seq": v.Seq})
				}
			}
			var last finalTotals
			waitFor(t, "the end of the game", func() bool {
				_, b := h.view(c.ID, "")
				if err := json.Unmarshal(b, &last); err != nil {
					t.Fatal(err)
				}
				return last.Over
			})
			s := h.summary(c.ID)
			if s.Stat != tc.stat || s.Cards != tc.cards || s.Log != "/api/games/"+c.ID+"/log" || s.Replay != "#/replay/"+c.ID {
				t.Errorf("stat %q, cards %q, log %q, replay %q", s.Stat, s.Cards, s.Log, s.Replay)
			}
			if len(s.Players) != len(last.Players) || len(s.Turns) < 2 {
				t.Fatalf("%d players (view: %d), %d turns", len(s.Players), len(last.Players), len(s.Turns))
			}
			var winners []string
			for _, w := range s.Winners {
				winners = append(winners, s.Players[w].Name)
			}
			if len(winners) != len(last.Winners) || len(winners) > 0 && winners[0] != last.Winners[0] {
				t.Errorf("winners %v, the view's %v", winners, last.Winners)
			}
			turns := 0
			for i, p := range s.Players {
				want := last.Players[i]
				final := want.Authority
				if tc.stat == "life" {
					final = want.Life
				}
				if len(p.Totals) != len(s.Turns)+1 {
					t.Fatalf("%s: %d totals for %d turns", p.Name, len(p.Totals), len(s.Turns))
				}
				if p.Totals[0] <= 0 {
					t.Errorf("%s: totals start at %d", p.Name, p.Totals[0])
				}
				if final == nil || p.Totals[len(p.Totals)-1] != *final {
					t.Errorf("%s: totals end at %d, the last view says %v", p.Name, p.Totals[len(p.Totals)-1], final)
				}
				if p.Name != want.Name || p.Team != want.Team || p.Kind == "" {
					t.Errorf("player %d: %+v, view %+v", i, p, want)
				}
				turns += p.Turns
				for j, q := range s.Players {
					if tc.name == "realms hydra" && p.Team == q.Team && p.Totals[len(p.Totals)-1] != q.Totals[len(q.Totals)-1] {
						t.Errorf("teammates %d and %d: totals %v and %v", i, j, p.Totals, q.Totals)
					}
				}
			}
			if tc.name == "realms hydra" {
				turns /= 2 // each team's players play its turns together
			}
			if turns != len(s.Turns) {
				t.Errorf("the players played %d turns of %d", turns, len(s.Turns))
			}
			if s.Turns[0].Turn != 1 {
				t.Errorf("the first turn is turn %d", s.Turns[0].Turn)
			}
			if tc.name == "nexus duel, Bob first" && s.Turns[0].Seat != 1 {
				t.Errorf("the first turn is seat %d's", s.Turns[0].Seat)
			}
			for k := 1; k < len(s.Turns); k++ {
				if s.Turns[k].Turn <= s.Turns[k-1].Turn {
					t.Errorf("turn %d follows turn %d", s.Turns[k].Turn, s.Turns[k-1].Turn)
				}
			}
			// The cards, as the narration tells them.
			want := make([]map[string]int, len(s.Players))
			for _, l := range h.narration(c.ID, "").Narration {
				if tc.line[l.Msg.ID] {
					if want[l.Seat] == nil {
						want[l.Seat] = map[string]int{}
					}
					want[l.Seat][l.Names]++
				}
			}
			total := 0
			for i, p := range s.Players {
				got := map[string]int{}
				for _, cd := range p.Cards {
					got[cd.Card] = cd.Count
					total += cd.Count
				}
				if len(got) != len(want[i]) {
					t.Errorf("%s: cards %v, the narration tells %v", p.Name, got, want[i])
				}
				for card, n := range want[i] {
					if got[card] != n {
						t.Errorf("%s: %d %s, the narration tells %d", p.Name, got[card], card, n)
					}
				}
			}
			if total == 0 {
				t.Errorf("no card %s in the whole game", tc.cards)
			}
			if len(s.Players) == 2 && len(s.Winners) == 1 {
				w, l := s.Players[s.Winners[0]], s.Players[1-s.Winners[0]]
				if lost := l.Totals[0] - l.Totals[len(l.Totals)-1]; w.Damage < lost || w.Damage == 0 {
					t.Errorf("%s dealt %d damage; %s lost %d", w.Name, w.Damage, l.Name, lost)
				}
			}
		})
	}

	// Not before the end; not for an unknown game.
	c := h.create(`{"game":"realms","seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	if code, b := h.do("GET", "/api/games/"+c.ID+"/summary", "", nil); code != http.StatusConflict {
		t.Errorf("a live game's summary: %d %s, want 409", code, b)
	}
	if code, _ := h.do("GET", "/api/games/nosuchgame/summary", "", nil); code != http.StatusNotFound {
		t.Errorf("an unknown game's summary: %d, want 404", code)
	}
}

// TestSummaryLimits: a summary not in the cache takes a token of the narration bucket; one in
// the cache costs nothing.
func TestSummaryLimits(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true, Limits: Limits{NarrationPerMinute: 0.001, NarrationBurst: 1}})
	var ids []string
	for _, seed := range []int{1, 2} {
		c := h.create(fmt.Sprintf(`{"game":"realms","seed":%d,"seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"greedy"}]}`, seed))
		waitFor(t, "the end of the game", func() bool { v, _ := h.view(c.ID, ""); return v.Over })
		ids = append(ids, c.ID)
	}
	h.summary(ids[0])
	h.summary(ids[0]) // cached
	if code, b := h.do("GET", "/api/games/"+ids[1]+"/summary", "", nil); code != http.StatusTooManyRequests {
		t.Errorf("a second game's summary past the bucket: %d %s, want 429", code, b)
	}
}
