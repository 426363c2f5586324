package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"starnexus/narrate"
)

type replayT struct {
	Replay    replayJSON     `json:"replay"`
	Seat      int            `json:"seat"`
	Over      bool           `json:"over"`
	Winners   []string       `json:"winners"`
	Legal     []string       `json:"legal"`
	Narration []narrate.Line `json:"narration"`
	Turns     []replayTurn   `json:"turns"`
	Players   []struct {
		Name      string   `json:"name"`
		Authority int      `json:"authority"`
		Hand      []string `json:"hand"`
	} `json:"players"`
}

// replay asks for a replay's step (query: "step=3&since=0", or "") and returns it decoded
// and as it came.
func (h *harness) replay(id, token, query string) (replayT, []byte) {
	h.t.Helper()
	code, b := h.do("GET", "/api/games/"+id+"/replay?"+query, token, nil)
	if code != http.StatusOK {
		h.t.Fatalf("replay %s?%s: %d %s", id, query, code, b)
	}
	var r replayT
	if err := json.Unmarshal(b, &r); err != nil {
		h.t.Fatal(err)
	}
	return r, b
}

// tableOf is a view without what only a live table or only a replay carries: what the viewer
// may do, and what happened since an earlier view.
func tableOf(t *testing.T, b []byte) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"legal", "actions", "events", "narration", "replay"} {
		delete(m, k)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// noLimits turns off the per-client rate limits the replays' tests would run into.
var noLimits = Limits{ReplayPerMinute: -1, NarrationPerMinute: -1}

// TestReplayIsWhatTheTableShowed plays games seat by seat, keeping every viewer's live view
// after each action, and checks that the replay of every step, for every seat and for the
// spectator, is that view (what the viewer may do, and the events, aside): a replay shows no
// viewer anything its live table did not. A Stellar Nexus free-for-all hides its mulligans and
// blocks for a while: its replay stops before the first entry the viewer may not see yet.
func TestReplayIsWhatTheTableShowed(t *testing.T) {
	for _, tc := range []struct {
		name, req string
		actions   int
	}{
		{"realms to the end", `{"game":"realms","seed":9,"options":{"max_rounds":"40"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`, 2000},
		{"nexus ffa", `{"game":"nexus","format":"ffa","seed":3,"seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cid"}]}`, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{AllowSeed: true, Limits: noLimits})
			c := h.create(tc.req)
			tokens := []string{""}
			for _, s := range c.Seats {
				tokens = append(tokens, s.Token)
			}
			// live[i][n] is viewer i's table after n actions of the log.
			live := make([][]string, len(tokens))
			look := func() {
				for i, tok := range tokens {
					_, b := h.view(c.ID, tok)
					live[i] = append(live[i], tableOf(t, b))
				}
			}
			look()
			over := false
			short := 0 // the times a viewer's replay stopped short of the log
			for n := 0; n < tc.actions && !over; n++ {
				acted := false
				for i := 1; i < len(tokens) && !acted; i++ {
					v, _ := h.view(c.ID, tokens[i])
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
					t.Fatalf("nobody may act after %d actions", n)
				}
				look()
				sv, _ := h.view(c.ID, "")
				over = sv.Over
				// The replay reaches no further than the viewer sees now.
				for i, tok := range tokens {
					r, b := h.replay(c.ID, tok, "")
					v, _ := h.view(c.ID, tok)
					if r.Replay.Steps > v.Seq || r.Replay.Step != r.Replay.Steps || r.Replay.Live == over {
						t.Fatalf("viewer %d after %d actions: replay at %d of %d (live %v), the view at seq %d", i-1, n+1, r.Replay.Step, r.Replay.Steps, r.Replay.Live, v.Seq)
					}
					if r.Replay.Steps < n+1 {
						short++
					}
					if got, want := tableOf(t, b), live[i][r.Replay.Steps]; got != want {
						t.Fatalf("viewer %d, step %d: the replay shows\n%s\nthe table showed\n%s", i-1, r.Replay.Steps, got, want)
					}
				}
			}
			if strings.HasPrefix(tc.name, "realms") && !over {
				t.Fatal("the game did not end")
			}
			for i, tok := range tokens {
				steps, _ := h.replay(c.ID, tok, "step=0")
				for n := 0; n <= steps.Replay.Steps; n++ {
					_, b := h.replay(c.ID, tok, fmt.Sprintf("step=%d", n))
					if got, want := tableOf(t, b), live[i][n]; got != want {
						t.Fatalf("viewer %d, step %d: the replay shows\n%s\nthe table showed\n%s", i-1, n, got, want)
					}
				}
			}
			t.Logf("%d actions, over %v; a replay stopped short of the log %d times", len(live[0])-1, over, short)
			if strings.HasPrefix(tc.name, "nexus") && short == 0 {
				t.Error("no replay stopped before a hidden entry of the log: the test tests nothing of them")
			}
		})
	}
}

// TestReplayEndpoint plays a Star Realms game to its end and steps through its replay: the
// winner only at the last step, every step with no action to take, a seat's own hand in its
// replay and no hand in the spectator's, the turns and the narration; and the refusals.
func TestReplayEndpoint(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true, Limits: noLimits})
	c := h.create(`{"game":"realms","seed":4,"options":{"max_rounds":"40"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	tokens := map[string]string{"Ann": c.Seats[0].Token, "Bob": c.Seats[1].Token}
	v, _ := h.view(c.ID, "")
	for i := 0; !v.Over; i++ {
		if i > 3000 {
			t.Fatal("the game did not end")
		}
		sv, _ := h.view(c.ID, tokens[v.ToMove])
		code, b := h.do("POST", "/api/games/"+c.ID+"/actions", tokens[v.ToMove], map[string]any{"action": pick(sv.Legal, i), "seq": sv.Seq})
		if code != http.StatusOK {
			t.Fatalf("action %d: %d %s", i, code, b)
		}
		v, _ = h.view(c.ID, "")
	}
	last, _ := h.replay(c.ID, "", "")
	if last.Replay.Steps != v.Seq || last.Replay.Step != last.Replay.Steps || last.Replay.Live || !last.Over || len(last.Winners) == 0 {
		t.Fatalf("the last step: %d of %d (game at %d), live %v, over %v, winners %v", last.Replay.Step, last.Replay.Steps, v.Seq, last.Replay.Live, last.Over, last.Winners)
	}
	if fmt.Sprint(last.Winners) != fmt.Sprint(v.Winners) {
		t.Errorf("the replay's winners %v, the game's %v", last.Winners, v.Winners)
	}
	first, _ := h.replay(c.ID, "", "step=0")
	if first.Replay.Step != 0 || first.Over || len(first.Winners) != 0 || len(first.Narration) != 0 || first.Players[0].Authority != 50 {
		t.Errorf("step 0: %+v", first)
	}
	// Every step but the last: nobody has won; no step lists an action. A seat sees its own
	// hand, the spectator no hand.
	handsSeen := 0
	for n := 0; n <= last.Replay.Steps; n++ {
		r, b := h.replay(c.ID, "", fmt.Sprintf("step=%d", n))
		if (r.Over || len(r.Winners) > 0) != (n == last.Replay.Steps) {
			t.Fatalf("step %d of %d: over %v, winners %v", n, last.Replay.Steps, r.Over, r.Winners)
		}
		if len(r.Legal) != 0 || strings.Contains(string(b), `"hand":`) {
			t.Fatalf("step %d: the spectator's replay lists actions %v or shows a hand: %s", n, r.Legal, b)
		}
		for seat, name := range []string{"Ann", "Bob"} {
			mine, b := h.replay(c.ID, tokens[name], fmt.Sprintf("step=%d", n))
			other := mine.Players[1-seat]
			if mine.Seat != seat || len(mine.Legal) != 0 || other.Hand != nil {
				t.Fatalf("step %d, %s's replay: seat %d, legal %v, the other's hand %v", n, name, mine.Seat, mine.Legal, other.Hand)
			}
			if len(mine.Players[seat].Hand) > 0 {
				handsSeen++
			}
			if strings.Count(string(b), `"hand":`) > 1 {
				t.Fatalf("step %d: %s's replay shows two hands: %s", n, name, b)
			}
		}
	}
	if handsSeen < last.Replay.Steps {
		t.Errorf("the seats' replays showed their hands at %d of %d steps", handsSeen, 2*(last.Replay.Steps+1))
	}
	// The narration of the whole game, asked from step 0, is the narration's (Star Realms
	// numbers its actions as its log does); without since, a step tells its own action.
	whole, _ := h.replay(c.ID, tokens["Ann"], fmt.Sprintf("step=%d&since=0", last.Replay.Steps))
	if got, want := fmt.Sprint(whole.Narration), fmt.Sprint(h.narration(c.ID, tokens["Ann"]).Narration); got != want || len(whole.Narration) == 0 {
		t.Errorf("the replay's narration is not the game's:\n%s\n%s", got, want)
	}
	lg := h.log(c.ID)
	for n := 1; n <= last.Replay.Steps; n++ {
		r, _ := h.replay(c.ID, "", fmt.Sprintf("step=%d", n))
		if r.Replay.Last == nil || *r.Replay.Last != lg.Actions[n-1] {
			t.Fatalf("step %d: last %+v, the log's %+v", n, r.Replay.Last, lg.Actions[n-1])
		}
		for _, l := range r.Narration {
			if l.Seq != n-1 {
				t.Fatalf("step %d tells action %d: %+v", n, l.Seq, l)
			}
		}
	}
	// Turns: from step 0, in order, alternating between the seats.
	if len(last.Replay.Turns) < 10 || last.Replay.Turns[0].Step != 0 {
		t.Fatalf("turns: %+v", last.Replay.Turns)
	}
	for i := 1; i < len(last.Replay.Turns); i++ {
		a, b := last.Replay.Turns[i-1], last.Replay.Turns[i]
		if b.Step <= a.Step || b.Active == a.Active || b.Turn != a.Turn+1 {
			t.Fatalf("turn %+v after %+v", b, a)
		}
	}
	for _, bad := range []struct {
		path, token string
		want        int
	}{
		{"/api/games/nosuchgame/replay", "", http.StatusNotFound},
		{"/api/games/" + c.ID + "/replay", "not-a-token", http.StatusUnauthorized},
		{"/api/games/" + c.ID + "/replay?step=-1", "", http.StatusBadRequest},
		{"/api/games/" + c.ID + "/replay?step=x", "", http.StatusBadRequest},
		{fmt.Sprintf("/api/games/%s/replay?step=%d", c.ID, last.Replay.Steps+1), "", http.StatusBadRequest},
		{"/api/games/" + c.ID + "/replay?step=3&since=4", "", http.StatusBadRequest},
	} {
		if code, b := h.do("GET", bad.path, bad.token, nil); code != bad.want {
			t.Errorf("%s: %d %s, want %d", bad.path, code, b, bad.want)
		}
	}
	open := h.create(`{"game":"realms","seats":[{"name":"Ann"},{"kind":"open"}]}`)
	if code, b := h.do("GET", "/api/games/"+open.ID+"/replay", "", nil); code != http.StatusForbidden {
		t.Errorf("the replay of a game waiting for a seat: %d %s, want 403", code, b)
	}
}

// TestReplayRateLimit: a step not in the cache takes a token of the client's replay bucket; a
// step in the cache takes none.
func TestReplayRateLimit(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true, Limits: Limits{ReplayPerMinute: 1, ReplayBurst: 2}})
	c := h.create(`{"game":"realms","seed":2,"seats":[{"name":"Ann"},{"name":"Bob"}],"options":{"first_player":"1"}}`)
	for _, a := range []string{"play Scout", "end"} {
		v, _ := h.view(c.ID, c.Seats[0].Token)
		if code, b := h.do("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"action": a, "seq": v.Seq}); code != http.StatusOK {
			t.Fatalf("%s: %d %s", a, code, b)
		}
	}
	h.replay(c.ID, "", "step=0")
	h.replay(c.ID, "", "step=1")
	h.replay(c.ID, "", "step=0") // cached
	code, _ := h.do("GET", "/api/games/"+c.ID+"/replay?step=2", "", nil)
	if code != http.StatusTooManyRequests {
		t.Errorf("a third step not cached: %d, want 429", code)
	}
}

func (h *harness) log(id string) logJSON {
	h.t.Helper()
	code, b := h.do("GET", "/api/games/"+id+"/log", "", nil)
	var lg logJSON
	if code != http.StatusOK || json.Unmarshal(b, &lg) != nil {
		h.t.Fatalf("log: %d %s", code, b)
	}
	return lg
}

// TestReplayEveryFormat lets bots play a game of every format of both games to its end and
// steps through its spectator's replay: as many steps as the log has actions, the winner at
// the last step only and as the log tells it, no hand at any step.
func TestReplayEveryFormat(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true, Limits: Limits{ReplayPerMinute: -1, NarrationPerMinute: -1, MaxBotGames: -1}})
	for _, g := range h.srv.reg.Games() {
		for _, f := range g.Formats() {
			t.Run(g.Name()+" "+f.Name, func(t *testing.T) {
				var seats []string
				for i := range f.MinSeats {
					seats = append(seats, fmt.Sprintf(`{"name":"Bot%d","kind":"bot","bot":"greedy"}`, i+1))
				}
				c := h.create(fmt.Sprintf(`{"game":%q,"format":%q,"seed":%d,"seats":[%s]}`, g.Name(), f.Name, 40+len(f.Name), strings.Join(seats, ",")))
				for {
					if v, _ := h.view(c.ID, ""); v.Over {
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
				lg := h.log(c.ID)
				last, _ := h.replay(c.ID, "", "")
				if last.Replay.Steps != len(lg.Actions) || !last.Over || fmt.Sprint(last.Winners) != fmt.Sprint(lg.Winners) {
					t.Fatalf("the last step %d of %d actions: over %v, winners %v; the log's %v", last.Replay.Steps, len(lg.Actions), last.Over, last.Winners, lg.Winners)
				}
				every := max(1, last.Replay.Steps/40)
				for n := 0; n < last.Replay.Steps; n += every {
					for _, step := range []int{n, last.Replay.Steps - 1 - n} {
						r, b := h.replay(c.ID, "", fmt.Sprintf("step=%d", max(step, 0)))
						if r.Over || len(r.Winners) > 0 || strings.Contains(string(b), `"hand":`) {
							t.Fatalf("step %d of %d: over %v, winners %v, or a hand: %s", step, last.Replay.Steps, r.Over, r.Winners, b)
						}
					}
				}
				t.Logf("%d actions, winners %v", last.Replay.Steps, last.Winners)
			})
		}
	}
}
