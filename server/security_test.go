package server

// The security tests of DESIGN.md §8: canary cards in hidden zones never reach another seat,
// a spectator or the log; the seed stays on the server while the game is live; the seat
// matrix (only the seat that may act is obeyed); a repeated request changes nothing.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/coder/websocket"

	"starnexus/engine"
	"starnexus/games/realms"
)

// canaryNames are cards that exist only in the trade deck of the canary set, once each: while
// one of them is in the trade deck, no byte sent anywhere may name it.
var canaryNames = func() []string {
	var out []string
	for i := 0; i < 12; i++ {
		out = append(out, fmt.Sprintf("Canary Zq%02dx", i))
	}
	return out
}()

func canaryCatalog(t *testing.T) *realms.Catalog {
	t.Helper()
	core, err := os.ReadFile("../games/realms/cards/core.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("set: canary\ncards:\n")
	for _, n := range canaryNames {
		fmt.Fprintf(&b, "  - name: %s\n    faction: Blob\n    type: ship\n    cost: 1\n    quantity: 1\n    primary: combat 1\n", n)
	}
	cat, err := realms.LoadCatalogFS(fstest.MapFS{
		"cards/core.yaml":   {Data: core},
		"cards/canary.yaml": {Data: []byte(b.String())},
	}, "cards")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// hiddenCanaries lists the canaries in the trade deck now: every canary not in the trade row,
// the scrap heap or any seat's zones.
func hiddenCanaries(g *game) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.st.(*realms.State)
	seen := map[string]bool{}
	add := func(ids []realms.CardID) {
		for _, c := range ids {
			seen[st.View(engine.Spectator).(*realms.View).Catalog().Card(c).Name] = true
		}
	}
	add(st.TradeRowCards())
	add(st.ScrapHeapCards())
	for i := 0; i < st.NumSeats(); i++ {
		for _, z := range []string{realms.InHand, realms.InDeck, realms.InDiscard, realms.InPlay} {
			add(st.Cards(engine.Seat(i), z))
		}
	}
	var out []string
	for _, n := range canaryNames {
		if !seen[n] {
			out = append(out, n)
		}
	}
	return out
}

// wsRecorder keeps every message a WebSocket receives.
type wsRecorder struct {
	mu   sync.Mutex
	msgs [][]byte
	conn *websocket.Conn
}

func dialWS(t *testing.T, h *harness, id, token string) *wsRecorder {
	t.Helper()
	ctx := context.Background()
	url := "ws" + strings.TrimPrefix(h.ts.URL, "http") + "/api/games/" + id + "/ws"
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(1 << 22)
	if token != "" {
		if err := conn.Write(ctx, websocket.MessageText, []byte(token)); err != nil {
			t.Fatal(err)
		}
	}
	r := &wsRecorder{conn: conn}
	go func() {
		for {
			_, b, err := conn.Read(ctx)
			if err != nil {
				return
			}
			r.mu.Lock()
			r.msgs = append(r.msgs, b)
			r.mu.Unlock()
		}
	}()
	t.Cleanup(func() { conn.CloseNow() })
	return r
}

func (r *wsRecorder) take() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.msgs
	r.msgs = nil
	return out
}

// lastSeq is the seq of the latest view received, or -1.
func (r *wsRecorder) lastSeq() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.msgs) - 1; i >= 0; i-- {
		var v viewT
		if json.Unmarshal(r.msgs[i], &v) == nil && v.Players != nil {
			return v.Seq
		}
	}
	return -1
}

// checkHands fails if a view shows a hand its seat may not see (in a standard game: any hand
// but its own).
func checkHands(t *testing.T, who string, b []byte) {
	t.Helper()
	var v viewT
	if json.Unmarshal(b, &v) != nil || v.Players == nil {
		return
	}
	for i, p := range v.Players {
		if p.Hand != nil && i != v.Seat {
			t.Fatalf("%s: a view for seat %d shows the hand of seat %d: %s", who, v.Seat, i, b)
		}
	}
}

func TestCanaryCardsNeverLeak(t *testing.T) {
	const seed = 8675309123457
	h := newHarness(t, Config{AllowSeed: true, Games: registry(t, canaryCatalog(t))})
	g := h.create(`{"seed":` + strconv.Itoa(seed) + `,"sets":["core","canary"],"options":{"max_rounds":"25"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	gm, err := h.srv.game(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]string{"Ann": g.Seats[0].Token, "Bob": g.Seats[1].Token}
	socks := map[string]*wsRecorder{
		"Ann's socket":       dialWS(t, h, g.ID, tokens["Ann"]),
		"Bob's socket":       dialWS(t, h, g.ID, tokens["Bob"]),
		"a spectator socket": dialWS(t, h, g.ID, ""),
	}
	seedText := strconv.Itoa(seed)
	check := func(step int, who string, b []byte, live bool) {
		t.Helper()
		s := string(b)
		for _, c := range hiddenCanaries(gm) {
			if strings.Contains(s, c) {
				t.Fatalf("step %d: %s received %q while it is in the trade deck: %s", step, who, c, s)
			}
		}
		if live && (strings.Contains(s, seedText) || strings.Contains(s, `"seed"`)) {
			t.Fatalf("step %d: %s received the seed of a live game: %s", step, who, s)
		}
		checkHands(t, who, b)
	}
	v, _ := h.view(g.ID, "")
	for step := 0; !v.Over; step++ {
		if step > 5000 {
			t.Fatal("the game did not end")
		}
		mover := v.ToMove
		sv, b := h.view(g.ID, tokens[mover])
		check(step, mover+"'s view", b, true)
		for name, tok := range tokens {
			_, b := h.view(g.ID, tok)
			check(step, name+"'s view", b, true)
		}
		_, b = h.view(g.ID, "")
		check(step, "the spectator", b, true)
		_, b = h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
		check(step, "the log", b, true)
		// A refused action's error lists legal actions: it must not leak either.
		_, b = h.do("POST", "/api/games/"+g.ID+"/actions", tokens[mover], map[string]any{"action": "attack Nobody", "seq": sv.Seq})
		check(step, mover+"'s refusal", b, true)
		code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tokens[mover], map[string]any{"action": pick(sv.Legal, step), "seq": sv.Seq})
		if code != http.StatusOK {
			t.Fatalf("step %d: %d %s", step, code, b)
		}
		check(step, mover+"'s action answer", b, true)
		json.Unmarshal(b, &v)
		if step%5 == 0 || v.Over {
			waitFor(t, "the pushes", func() bool {
				for _, s := range socks {
					if s.lastSeq() < v.Seq {
						return false
					}
				}
				return true
			})
		}
		for name, s := range socks {
			for _, m := range s.take() {
				check(step, name, m, !v.Over)
			}
		}
	}
	left := hiddenCanaries(gm)
	if len(left) == 0 {
		t.Fatal("every canary was drawn: the test checked nothing; choose another seed")
	}
	t.Logf("%d canaries stayed in the trade deck through %d actions", len(left), v.Seq)
	// Once the game is over, the full log has the seed.
	_, b := h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
	if !strings.Contains(string(b), `"seed":`+seedText) {
		t.Fatalf("final log without the seed: %s", b)
	}
}

// TestSeatMatrix sends every kind of message from every seat and from no seat at several
// points of a game: only the seat that may act is obeyed, and nothing refused changes the game.
func TestSeatMatrix(t *testing.T) {
	t.Run("realms", func(t *testing.T) {
		seatMatrix(t, `{"seed":11,"options":{"max_rounds":"20"},"seats":[{"name":"Ann"},{"name":"Bob"},{"kind":"open"}],"format":"ffa"}`, "end", pick)
	})
	t.Run("nexus", func(t *testing.T) {
		seatMatrix(t, `{"game":"nexus","seed":11,"seats":[{"name":"Ann"},{"name":"Bob"},{"kind":"open"}],"format":"ffa"}`, "pass",
			nexusPick)
	})
}

// seatMatrix plays a three-seat game whose third seat is open, with probe an action text the
// game knows, and checks at several points that only the seat to move is obeyed.
func seatMatrix(t *testing.T, req, probe string, pick func([]string, int) string) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(req)
	tokens := map[string]string{"Ann": g.Seats[0].Token, "Bob": g.Seats[1].Token, "none": "", "forged": strings.Repeat("ab", 32)}
	state := func() string {
		_, b := h.view(g.ID, "")
		return string(b)
	}
	type verdict struct{ view, act int }
	try := func(phase string, who string, tok string, legal string, seq int, want verdict) {
		t.Helper()
		before := state()
		code, b := h.do("GET", "/api/games/"+g.ID+"/view", tok, nil)
		if code != want.view {
			t.Fatalf("%s: %s views: %d %s, want %d", phase, who, code, b, want.view)
		}
		code, b = h.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": legal, "seq": seq})
		if code != want.act {
			t.Fatalf("%s: %s acts %q: %d %s, want %d", phase, who, legal, code, b, want.act)
		}
		if code != http.StatusOK && state() != before {
			t.Fatalf("%s: %s's refused action changed the game", phase, who)
		}
		// The same over the WebSocket: a refusal comes back as an error message.
		if tok == "forged" || want.act == http.StatusOK {
			return
		}
		ws := dialWS(t, h, g.ID, tok)
		msg, _ := json.Marshal(map[string]any{"action": legal, "seq": seq})
		if err := ws.conn.Write(context.Background(), websocket.MessageText, msg); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "a refusal", func() bool {
			ws.mu.Lock()
			defer ws.mu.Unlock()
			for _, m := range ws.msgs {
				if strings.Contains(string(m), `"error"`) {
					return true
				}
			}
			return false
		})
		ws.conn.CloseNow()
		if state() != before {
			t.Fatalf("%s: %s's refused WebSocket action changed the game", phase, who)
		}
	}
	// Waiting for the open seat: nobody may act.
	for _, who := range []string{"Ann", "Bob"} {
		try("waiting", who, tokens[who], probe, 0, verdict{200, 403})
	}
	try("waiting", "none", "", probe, 0, verdict{200, 401})
	try("waiting", "forged", tokens["forged"], probe, 0, verdict{401, 401})
	_, b := h.do("POST", "/api/games/"+g.ID+"/seats/2/claim", "", `{"name":"Cid"}`)
	var cl struct{ Token string }
	json.Unmarshal(b, &cl)
	tokens["Cid"] = cl.Token
	for step := 0; step < 60; step++ {
		v, _ := h.view(g.ID, "")
		if v.Over {
			break
		}
		mv, _ := h.view(g.ID, tokens[v.ToMove])
		action := pick(mv.Legal, step)
		if step%7 == 0 {
			for _, who := range []string{"Ann", "Bob", "Cid", "none", "forged"} {
				want := verdict{200, 403}
				switch {
				case who == "none":
					want.act = 401
				case who == "forged":
					want = verdict{401, 401}
				case who == v.ToMove:
					continue
				}
				try(fmt.Sprintf("step %d", step), who, tokens[who], action, mv.Seq, want)
			}
		}
		code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tokens[v.ToMove], map[string]any{"action": action, "seq": mv.Seq})
		if code != 200 {
			t.Fatalf("step %d: %d %s", step, code, b)
		}
		// The same request again, as a network might resend it: refused, nothing changes.
		before := state()
		if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tokens[v.ToMove], map[string]any{"action": action, "seq": mv.Seq}); code != http.StatusConflict {
			t.Fatalf("step %d: repeated request: %d %s, want 409", step, code, b)
		}
		if state() != before {
			t.Fatalf("step %d: a repeated request changed the game", step)
		}
	}
}

// TestConcurrentDuplicates sends the same action many times at once: exactly one is applied.
func TestConcurrentDuplicates(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"seed":5,"options":{"first_player":"1"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	ann := g.Seats[0].Token
	v, _ := h.view(g.ID, ann)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, _ := h.do("POST", "/api/games/"+g.ID+"/actions", ann, map[string]any{"action": v.Legal[0], "seq": 0})
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[200] != 1 || codes[409] != 15 {
		t.Fatalf("answers %v, want one 200 and fifteen 409", codes)
	}
	after, _ := h.view(g.ID, ann)
	if after.Seq != 1 {
		t.Fatalf("seq %d after duplicates, want 1", after.Seq)
	}
}
