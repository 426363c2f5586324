package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
	"starnexus/games/realms"
)

// The probe test (issue 11): a refusal is output too. Twin games that differ only in one
// seat's hidden cards are played side by side on one real server; at every step another seat
// and a spectator send probes (card names under the verbs, zone and owner qualifiers of the
// game's action language) over HTTP and over WebSocket, and every answer must be the same
// bytes in both twins once game ids and tokens are replaced. The engines' own answers (what
// the terminal prints: ParseAction, then Apply on a copy) are compared too.
//
// How much is sent: at the pair's first step, every card name in every qualified form under
// every verb, over WebSocket, and every choose probe over HTTP as well; at the first step of
// each later phase (the pending decision, the turn's phase and step, whether the prober may
// act) every choose probe and every other (verb, card) once, its qualifier turning from phase
// to phase; at the other steps a seeded random sample. The pairs of four seats send one level
// less (their texts are mostly the duels'). Later sources of hidden information belong in
// this test: a new zone, verb or qualifier goes into nexusProbes or realmsProbes, a new secret
// into a new pair of twins.

// twinGame is one of the two twins: a game made through the API whose State the test then
// replaces with a position, and the sockets of the prober and of a spectator.
type twinGame struct {
	id     string
	tokens []string
	g      *game
	ws     *websocket.Conn // the prober's
	spec   *websocket.Conn // a spectator's
}

// probeRun plays a pair of twins and probes them.
type probeRun struct {
	t      *testing.T
	h      *harness
	tw     [2]*twinGame
	seats  []string
	prober engine.Seat
	// phase names the phase of a step from the prober's view (decoded JSON).
	phase func(v map[string]any) string
	// stop says, from the spectator's view, that the pair has been played far enough (the
	// twins may differ visibly from the next action on, or the game has gone long enough).
	stop func(v map[string]any) bool
	// groups is every probe of this game and these seats, by verb and card.
	groups []probeGroup
	// scripts is what seats do first, each text when it is legal in both twins.
	scripts map[engine.Seat][]string
	// order is which seat acts next, each when it may (else a seat to move at random).
	order []engine.Seat
	// light lowers every step's level by one (the pairs of four seats, whose probes are
	// many more and mostly the texts the duels send).
	light  int
	rng    engine.RNG
	phases map[string]bool // phases already probed
	steps  int
	sent   int // probes answered by the server, all channels together
}

// probeGroup is one verb with one card name (or a text with none) in all its forms: the name
// unqualified and with each qualifier.
type probeGroup struct {
	choose bool
	forms  []string
}

func (r *probeRun) http(method, path, token string, body []byte) (int, []byte) {
	r.t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, r.h.ts.URL+path, rd)
	if err != nil {
		r.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		r.t.Fatal(err)
	}
	return res.StatusCode, b
}

// newTwin makes a game through the API with these seats and puts st in its place: the
// test-only hook that sets the hidden cards (nil: the game stays as the API made it).
func (r *probeRun) newTwin(create string, st engine.State) *twinGame {
	t := r.t
	code, b := r.http("POST", "/api/games", "", []byte(create))
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	tw := &twinGame{id: c.ID}
	for _, s := range c.Seats {
		tw.tokens = append(tw.tokens, s.Token)
	}
	g, err := r.h.srv.game(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	if st == nil {
		st = g.st
	}
	if st.NumSeats() != len(g.meta.Seats) {
		t.Fatalf("the position has %d seats, the game %d", st.NumSeats(), len(g.meta.Seats))
	}
	for i := range g.meta.Seats {
		if st.SeatName(engine.Seat(i)) != g.meta.Seats[i].Name {
			t.Fatalf("seat %d is %s in the position and %s in the game", i, st.SeatName(engine.Seat(i)), g.meta.Seats[i].Name)
		}
	}
	g.st = st
	g.followTurns() // as a load does: the position's turn, and its events, start here
	g.startEvents()
	g.mu.Unlock()
	tw.g = g
	tw.ws = r.dial(tw, tw.tokens[r.prober])
	tw.spec = r.dial(tw, "")
	return tw
}

// dial opens a WebSocket on the game as the seat of token ("": a spectator) and reads the
// first push.
func (r *probeRun) dial(tw *twinGame, token string) *websocket.Conn {
	t := r.t
	ctx := context.Background()
	url := "ws" + strings.TrimPrefix(r.h.ts.URL, "http") + "/api/games/" + tw.id + "/ws"
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	first, _ := json.Marshal(map[string]string{"token": token})
	if err := conn.Write(ctx, websocket.MessageText, first); err != nil {
		t.Fatal(err)
	}
	if _, b, err := conn.Read(ctx); err != nil || !bytes.Contains(b, []byte(`"legal"`)) {
		t.Fatalf("first push: %s %v", b, err)
	}
	return conn
}

// norm replaces the twin's game id and tokens, so that the twins' answers compare.
func (tw *twinGame) norm(b []byte) string {
	s := strings.ReplaceAll(string(b), tw.id, "GAME")
	for i, tok := range tw.tokens {
		s = strings.ReplaceAll(s, tok, fmt.Sprintf("TOKEN%d", i))
	}
	return s
}

func (r *probeRun) view(tw *twinGame, seat engine.Seat) ([]byte, map[string]any) {
	return r.viewSince(tw, seat, "")
}

// viewSince is seat's view with the events since seq since ("": none).
func (r *probeRun) viewSince(tw *twinGame, seat engine.Seat, since string) ([]byte, map[string]any) {
	tok := ""
	if seat >= 0 {
		tok = tw.tokens[seat]
	}
	path := "/api/games/" + tw.id + "/view"
	if since != "" {
		path += "?since=" + since
	}
	code, b := r.http("GET", path, tok, nil)
	if code != http.StatusOK {
		r.t.Fatalf("view: %d %s", code, b)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		r.t.Fatal(err)
	}
	return b, v
}

// local is the engines' own answer to text from seat, on the twin's state: legal (the
// server would accept it), or what the terminal prints.
func (tw *twinGame) local(seat engine.Seat, text string) (bool, string) {
	tw.g.mu.Lock()
	defer tw.g.mu.Unlock()
	st := tw.g.st
	if a, err := parseAction(st, seat, text); err == nil && contains(st.Legal(seat, nil), a) {
		return true, ""
	}
	a, err := st.ParseAction(seat, text)
	if err != nil {
		return false, "parse: " + err.Error()
	}
	if contains(st.Legal(seat, nil), a) {
		return true, ""
	}
	if err := st.Clone().Apply(seat, a); err != nil {
		return false, "apply: " + err.Error()
	}
	return false, "accepted on a copy"
}

// wsProbes sends every text on conn at once (the socket answers in order), then a message
// the server refuses as malformed, and returns the refusals up to that one; views pushed
// meanwhile are skipped. An accepted probe would be answered by a push, not a refusal, and
// the count would not match.
func (r *probeRun) wsProbes(conn *websocket.Conn, texts []string, seq int) [][]byte {
	t := r.t
	ctx := context.Background()
	const sentinel = "end of the probes"
	done := make(chan error, 1)
	go func() {
		for _, text := range texts {
			msg, _ := json.Marshal(map[string]any{"action": text, "seq": seq})
			if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
				done <- err
				return
			}
		}
		done <- conn.Write(ctx, websocket.MessageText, []byte(`{"action":"`+sentinel+`"}`))
	}()
	var out [][]byte
	for {
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("reading the answers to the probes: %v", err)
		}
		var m struct {
			Error  string `json:"error"`
			Action string `json:"action"`
		}
		if json.Unmarshal(b, &m) != nil || m.Error == "" {
			continue // a view pushed after the last move
		}
		if m.Action == sentinel {
			break
		}
		out = append(out, b)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(out) != len(texts) {
		t.Fatalf("%d probes sent on a socket, %d refusals came back", len(texts), len(out))
	}
	r.sent += len(texts)
	return out
}

// pick chooses the probes of a step: level 2 every form of every group, level 1 every form
// of the choose groups and one form (turning with the phase count) of the others, level 0 n
// groups at random with a random form each.
func (r *probeRun) pick(level, n int) []string {
	var out []string
	for k, g := range r.groups {
		switch {
		case level == 2 || (level == 1 && g.choose):
			out = append(out, g.forms...)
		case level == 1:
			out = append(out, g.forms[(k+len(r.phases))%len(g.forms)])
		}
	}
	for range n {
		g := r.groups[r.rng.Intn(len(r.groups))]
		out = append(out, g.forms[r.rng.Intn(len(g.forms))])
	}
	return out
}

// overHTTP picks the probes a step sends over HTTP too: the choose probes of a full step,
// every choose group once (in a turning form) at a phase's first step, else n at random.
func (r *probeRun) overHTTP(level, n int) []string {
	var out []string
	for k, g := range r.groups {
		switch {
		case !g.choose || level == 0:
		case level == 2:
			out = append(out, g.forms...)
		default:
			out = append(out, g.forms[(k+len(r.phases))%len(g.forms)])
		}
	}
	if level == 0 {
		return r.pick(0, n)
	}
	return out
}

// both runs f for each twin at once and waits for them.
func both[T any](f func(i int) T) [2]T {
	var out [2]T
	done := make(chan struct{})
	go func() {
		out[1] = f(1)
		close(done)
	}()
	out[0] = f(0)
	<-done
	return out
}

// probe sends probes from the prober and from a spectator to both twins and compares every
// answer.
func (r *probeRun) probe(step int, phase string, level int) {
	t := r.t
	texts, viaHTTP, spec := r.pick(level, 40), r.overHTTP(level, 6), r.pick(0, 2)
	if level > 0 {
		spec = r.pick(0, 20)
	}
	// The engines' answers; a probe the server would accept is not sent (it would move the
	// game), but it must be accepted in both twins.
	legal := map[string]bool{}
	var send []string
	for _, text := range texts {
		la, ea := r.tw[0].local(r.prober, text)
		lb, eb := r.tw[1].local(r.prober, text)
		if la != lb || ea != eb {
			t.Fatalf("step %d (%s): the engines answer %s's %q differently in the twins:\n%v %s\n%v %s", step, phase, r.seats[r.prober], text, la, ea, lb, eb)
		}
		legal[text] = la
		if !la {
			send = append(send, text)
		}
	}
	var seqs [2]int
	for i, tw := range r.tw {
		_, v := r.view(tw, r.prober)
		seqs[i] = int(v["seq"].(float64))
	}
	// WebSocket, the prober.
	w := both(func(i int) [][]byte { return r.wsProbes(r.tw[i].ws, send, seqs[i]) })
	for i := range send {
		if a, b := r.tw[0].norm(w[0][i]), r.tw[1].norm(w[1][i]); a != b {
			t.Fatalf("step %d (%s): %s's %q over WebSocket is answered differently in the twins:\n%s\n%s", step, phase, r.seats[r.prober], send[i], a, b)
		}
	}
	// HTTP, the prober.
	for _, text := range viaHTTP {
		if ok, seen := legal[text]; ok || !seen && r.isLegal(text) {
			continue
		}
		got := both(func(i int) string {
			body, _ := json.Marshal(map[string]any{"action": text, "seq": seqs[i]})
			code, b := r.http("POST", "/api/games/"+r.tw[i].id+"/actions", r.tw[i].tokens[r.prober], body)
			return fmt.Sprintf("%d %s", code, r.tw[i].norm(b))
		})
		r.sent += 2
		if got[0] != got[1] || strings.HasPrefix(got[0], "200 ") {
			t.Fatalf("step %d (%s): %s's %q over HTTP is answered:\n%s\n%s", step, phase, r.seats[r.prober], text, got[0], got[1])
		}
	}
	// A spectator, over both.
	sw := both(func(i int) [][]byte { return r.wsProbes(r.tw[i].spec, spec, seqs[i]) })
	for i, text := range spec {
		if a, b := r.tw[0].norm(sw[0][i]), r.tw[1].norm(sw[1][i]); a != b {
			t.Fatalf("step %d (%s): a spectator's %q over WebSocket is answered differently:\n%s\n%s", step, phase, text, a, b)
		}
		got := both(func(k int) string {
			body, _ := json.Marshal(map[string]any{"action": text, "seq": seqs[k]})
			code, b := r.http("POST", "/api/games/"+r.tw[k].id+"/actions", "", body)
			return fmt.Sprintf("%d %s", code, r.tw[k].norm(b))
		})
		r.sent += 2
		if got[0] != got[1] || strings.HasPrefix(got[0], "200 ") {
			t.Fatalf("step %d (%s): a spectator's %q over HTTP is answered:\n%s\n%s", step, phase, text, got[0], got[1])
		}
	}
}

// isLegal says whether the server would take text from the prober, in both twins alike.
func (r *probeRun) isLegal(text string) bool {
	la, ea := r.tw[0].local(r.prober, text)
	lb, eb := r.tw[1].local(r.prober, text)
	if la != lb || ea != eb {
		r.t.Fatalf("the engines answer %s's %q differently in the twins:\n%v %s\n%v %s", r.seats[r.prober], text, la, ea, lb, eb)
	}
	return la
}

// play runs the pair: at each step the views of the prober and of a spectator must be
// identical, the probes are answered alike, and then a seat to move acts in both twins with
// a text legal in both (seeded choice), until stop says so.
func (r *probeRun) play(maxSteps int) {
	t := r.t
	for step := 0; ; step++ {
		if step == maxSteps {
			t.Fatalf("the pair did not reach its end in %d steps", maxSteps)
		}
		_, sv := r.view(r.tw[0], engine.Spectator)
		var pv map[string]any
		for _, seat := range []engine.Seat{r.prober, engine.Spectator} {
			// With every event the server keeps (since 0): the events of the actions so far
			// are the same bytes in both twins too.
			a, v := r.viewSince(r.tw[0], seat, "0")
			b, _ := r.viewSince(r.tw[1], seat, "0")
			if na, nb := r.tw[0].norm(a), r.tw[1].norm(b); na != nb {
				t.Fatalf("step %d: seat %d's views differ:\n%s\n%s", step, seat, na, nb)
			}
			if seat == r.prober {
				pv = v
			}
		}
		phase := r.phase(pv)
		level := 0
		switch {
		case step == 0:
			level = 2 - r.light
		case !r.phases[phase]:
			level = 1 - r.light
		}
		r.phases[phase] = true
		r.steps++
		r.probe(step, phase, level)
		if sv["over"] == true || r.stop(sv) {
			return
		}
		r.move(step)
	}
}

// move lets one seat to move act in both twins.
func (r *probeRun) move(step int) {
	t := r.t
	var toMove [2][]engine.Seat
	for i, tw := range r.tw {
		tw.g.mu.Lock()
		toMove[i] = tw.g.st.ToMove(nil)
		tw.g.mu.Unlock()
	}
	if !slices.Equal(toMove[0], toMove[1]) || len(toMove[0]) == 0 {
		t.Fatalf("step %d: to move %v and %v", step, toMove[0], toMove[1])
	}
	seat := toMove[0][r.rng.Intn(len(toMove[0]))]
	if len(r.order) > 0 && slices.Contains(toMove[0], r.order[0]) {
		seat, r.order = r.order[0], r.order[1:]
	}
	var legal [2][]string
	var seqs [2]int
	for i, tw := range r.tw {
		_, v := r.view(tw, seat)
		for _, l := range v["legal"].([]any) {
			legal[i] = append(legal[i], l.(string))
		}
		seqs[i] = int(v["seq"].(float64))
	}
	var common []string
	for _, l := range legal[0] {
		if slices.Contains(legal[1], l) {
			common = append(common, l)
		}
	}
	if len(common) == 0 {
		t.Fatalf("step %d: %s has no action legal in both twins: %v / %v", step, r.seats[seat], legal[0], legal[1])
	}
	// What ends a turn or a round of priority is taken less often, so that the twins see
	// more of the game's decisions.
	var busy []string
	for _, l := range common {
		if l != "end" && l != "pass" && l != "attack with none" {
			busy = append(busy, l)
		}
	}
	text := common[r.rng.Intn(len(common))]
	if len(busy) > 0 && r.rng.Intn(5) > 0 {
		text = busy[r.rng.Intn(len(busy))]
	}
	switch {
	case len(r.scripts[seat]) > 0 && slices.Contains(common, r.scripts[seat][0]):
		text, r.scripts[seat] = r.scripts[seat][0], r.scripts[seat][1:]
	case slices.Contains(common, "done") && r.rng.Intn(3) > 0:
		text = "done" // the reserve swaps end sooner
	}
	if testing.Verbose() {
		r.t.Logf("step %d: %s: %s", step, r.seats[seat], text)
	}
	for i, tw := range r.tw {
		body, _ := json.Marshal(map[string]any{"action": text, "seq": seqs[i]})
		if code, b := r.http("POST", "/api/games/"+tw.id+"/actions", tw.tokens[seat], body); code != http.StatusOK {
			t.Fatalf("step %d: %s's %q: %d %s", step, r.seats[seat], text, code, b)
		}
	}
}

func newProbeRun(t *testing.T, h *harness, seats []string, prober engine.Seat, groups []probeGroup, seed uint64) *probeRun {
	return &probeRun{t: t, h: h, seats: seats, prober: prober, groups: groups, rng: engine.NewRNG(seed), phases: map[string]bool{},
		scripts: map[engine.Seat][]string{}}
}

// nexusProbes is every card name under every verb of Stellar Nexus's action language
// (games/nexus/text.go, reserve.go), unqualified and with every owner and zone qualifier.
func nexusProbes(tab *nexus.Table, seats []string) []probeGroup {
	quals := []string{""}
	for _, s := range seats {
		quals = append(quals, s+":")
	}
	for _, z := range []string{"none", "library", "hand", "resource_pile", "field", "graveyard", "grave", "exile", "stack", "out"} {
		quals = append(quals, z+":")
	}
	var names []string
	for _, d := range tab.Defs[1:] {
		names = append(names, d.Name)
	}
	var out []probeGroup
	for i, n := range names {
		m := names[(i*7+3)%len(names)] // a second card, for the texts that name two
		forms := func(f func(q, qm string) string) []string {
			var texts []string
			for k, q := range quals {
				texts = append(texts, f(q+n, quals[(k+1)%len(quals)]+m))
			}
			return texts
		}
		out = append(out, probeGroup{choose: true, forms: forms(func(q, _ string) string { return "choose " + q })})
		for _, verb := range []string{"cast ", "activate ", "attack with ", "add attacker "} {
			out = append(out, probeGroup{forms: forms(func(q, _ string) string { return verb + q })})
		}
		out = append(out,
			probeGroup{forms: forms(func(q, qm string) string { return "block " + q + " with " + qm })},
			probeGroup{forms: forms(func(q, qm string) string { return "block " + qm + " with " + q })},
			probeGroup{forms: forms(func(q, qm string) string { return "attack with " + q + ", " + qm })},
			probeGroup{forms: []string{"swap out " + n, "swap in " + n, "swap " + n + " for " + m, "swap " + m + " for " + n}},
			probeGroup{choose: true, forms: []string{"CHOOSE  " + strings.ToUpper(n), "choose " + strings.ToLower(n) + " ", "Choose " + n + "x"}})
		var at []string
		for _, s := range seats {
			at = append(at, "attack with "+n+" at "+s, "add attacker "+n+" at "+s, "attack with "+n+" at "+s+", "+m+" at "+seats[0])
		}
		out = append(out, probeGroup{forms: at})
	}
	var words []string
	for _, s := range seats {
		words = append(words, "choose "+s)
	}
	return append(out, probeGroup{choose: true, forms: words},
		probeGroup{forms: []string{"pass", "done", "keep", "mulligan", "yes", "no", "skip", "activate hero", "attack with none", "frobnicate"}})
}

// realmsProbes is every card name under every verb of Star Realms's action language
// (games/realms/text.go), unqualified and with every zone and owner qualifier.
func realmsProbes(cat *realms.Catalog, seats []string) []probeGroup {
	quals := []string{"", "hand:", "discard:", "row:", "trade row:", "play:", "in_play:", "deck:", "scrap:"}
	for _, s := range seats {
		quals = append(quals, s+":")
	}
	var out []probeGroup
	for _, c := range cat.Cards {
		n := c.Name
		forms := func(f func(k int, q string) string) []string {
			var texts []string
			for k, q := range quals {
				texts = append(texts, f(k, q+n))
			}
			return texts
		}
		choose := forms(func(_ int, q string) string { return "choose " + q })
		for _, a := range c.Aliases {
			choose = append(choose, "choose "+a)
		}
		for _, l := range realms.NameLangs() {
			if x := c.NameIn(l); x != n {
				choose = append(choose, "choose "+x)
			}
		}
		out = append(out, probeGroup{choose: true, forms: choose},
			probeGroup{forms: forms(func(_ int, q string) string { return "play " + q })},
			probeGroup{forms: forms(func(_ int, q string) string { return "buy " + q })},
			probeGroup{forms: forms(func(k int, q string) string {
				return "use " + q + " " + []string{"primary", "ally", "scrap"}[k%3]
			})},
			probeGroup{forms: forms(func(k int, q string) string { return "pass " + q + " to " + seats[k%len(seats)] })},
			probeGroup{choose: true, forms: []string{"choose " + n + " upgrade A row 1", "buy " + n + " upgrade A row 1"}})
		var attack []string
		for _, s := range seats {
			attack = append(attack, "attack "+s+":"+n, "attack "+s+":"+n+" 2")
		}
		out = append(out, probeGroup{forms: attack})
	}
	var words []string
	for _, s := range seats {
		words = append(words, "choose "+s, "attack "+s, "attack "+s+" 2", "give "+s+" trade 1", "give "+s+" combat 1")
	}
	return append(out, probeGroup{choose: true, forms: words},
		probeGroup{forms: []string{"end", "skip", "done", "choose 1", "choose 2", "choose 3", "upgrade", "frobnicate"}})
}

func nexusDeck(t *testing.T, name string, reserve bool) nexus.Deck {
	t.Helper()
	d, err := decks.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	if reserve {
		return nexus.FromDeckWithReserve(d)
	}
	return nexus.FromDeck(d)
}

func nexusPhase(v map[string]any) string {
	return fmt.Sprint(v["phase"], "/", v["step"], "/", v["decision"], "/to move:", v["to_move"] == v["players"].([]any)[int(v["seat"].(float64))].(map[string]any)["name"],
		"/may act:", len(v["legal"].([]any)) > 0)
}

var digits = regexp.MustCompile(`[0-9]+`)

func realmsPhase(v map[string]any) string {
	me := v["players"].([]any)[int(v["seat"].(float64))].(map[string]any)["name"]
	prompt, _ := v["prompt"].(string)
	if _, rest, ok := strings.Cut(prompt, ": "); ok {
		prompt = rest // the card that asks
	}
	return fmt.Sprint("active:", v["active"] == me, "/to move:", v["to_move"] == me, "/", digits.ReplaceAllString(prompt, "N"),
		"/may act:", len(v["legal"].([]any)) > 0)
}

// TestProbesAnswerTwinsAlike is the twin-game probe test described above.
func TestProbesAnswerTwinsAlike(t *testing.T) {
	h := newHarness(t, Config{})
	tab := h.srv.nexusTable(t)
	cat := catalog(t)
	duel := []string{"Ann", "Bob"}

	// Stellar Nexus, the setup: Bob's secret hero, his reserve and so his whole deck differ
	// (Kern or Rayji, the same sizes); Ann's reserve swaps, both mulligan decisions and the
	// choice of the first player are probed, up to the reveal of the heroes.
	t.Run("nexus setup", func(t *testing.T) {
		r := newProbeRun(t, h, duel, 0, nexusProbes(tab, duel), 11)
		r.phase = nexusPhase
		// Ann swaps a card out and another in, which keeps her deck legal (SN 2.1-2.3); Bob
		// confirms his deck as it is; each takes a mulligan before keeping.
		r.scripts = map[engine.Seat][]string{
			0: {"swap out Carrion Mote", "swap in Rot Lance", "done", "mulligan", "keep"},
			1: {"done", "mulligan", "keep"},
		}
		r.stop = func(v map[string]any) bool { return v["decision"] == "choose the starting player" }
		for i, bob := range []string{"kern", "rayji"} {
			st, err := nexus.NewGame(tab, nexus.Options{Format: "duel", Names: duel},
				[]nexus.Deck{nexusDeck(t, "damnareh", true), nexusDeck(t, bob, true)}, 5)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"nexus","seats":[{"name":"Ann"},{"name":"Bob"}]}`, st)
		}
		r.play(400)
		r.report()
	})

	// Stellar Nexus, a deck file: Bob brings his own deck through the API (deck_file), the
	// same hero and size with other counts in each twin; the twins are the games the API
	// made from the same seed, stored deck files and all. Ann and a spectator see the same
	// up to the choice of the first player, and the deck file is nowhere in their answers.
	t.Run("nexus deck file", func(t *testing.T) {
		hs := newHarness(t, Config{AllowSeed: true})
		r := newProbeRun(t, hs, duel, 0, nexusProbes(tab, duel), 13)
		r.phase = nexusPhase
		r.scripts = map[engine.Seat][]string{0: {"mulligan", "keep"}, 1: {"mulligan", "keep"}}
		r.stop = func(v map[string]any) bool { return v["decision"] == "choose the starting player" }
		kern := shippedDeckText(t, "kern")
		other := strings.Replace(strings.Replace(kern, "Anvil Duelist: 3", "Anvil Duelist: 2", 1), "Bulwark Plating: 2", "Bulwark Plating: 3", 1)
		if other == kern {
			t.Fatal("the variant of kern is kern")
		}
		for i, deck := range []string{kern, other} {
			req, _ := json.Marshal(map[string]any{"game": "nexus", "seed": 21, "seats": []map[string]string{
				{"name": "Ann", "deck": "damnareh"}, {"name": "Bob", "deck_file": deck}}})
			r.tw[i] = r.newTwin(string(req), nil)
		}
		r.play(400)
		for _, path := range []string{"/api/games", "/api/games/" + r.tw[1].id + "/log"} {
			if _, b := r.http("GET", path, "", nil); strings.Contains(string(b), "Anvil Duelist") || strings.Contains(string(b), "Bulwark") {
				t.Errorf("%s shows Bob's deck file: %s", path, b)
			}
		}
		r.report()
	})

	// Stellar Nexus, the game: the same heroes, Bob's hand and library differ but for three
	// creatures he may cast in both; Ann plays at random, Bob at random among what he may do
	// in both twins, so Ann meets her priority, targets, payments, attacks and blocks.
	t.Run("nexus play", func(t *testing.T) {
		r := newProbeRun(t, h, duel, 0, nexusProbes(tab, duel), 12)
		r.phase = nexusPhase
		r.stop = func(v map[string]any) bool { return v["turn"].(float64) >= 5 }
		var ann []string // Ann's deck in an order that mixes its cards
		for k, lib := 0, nexusDeck(t, "damnareh", false).Library; k < len(lib); k++ {
			ann = append(ann, lib[k*7%len(lib)])
		}
		shards := func(n int, tapped bool) []nexus.Perm {
			var out []nexus.Perm
			for range n {
				out = append(out, nexus.Perm{Card: "Nexus Shard", Tapped: tapped})
			}
			return out
		}
		common := []string{"Forge Apprentice", "Rivet Sentry", "Ironclad Brute"}
		for i, lib := range [][]string{nexusDeck(t, "kern", false).Library, nexusDeck(t, "hilote", false).Library} {
			lib = lib[len(lib)-25:] // the same number of cards
			bob := nexus.PlayerSetup{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: append(slices.Clone(common), lib[:3]...),
				Library: lib[3:], ResourcePile: []string{"Nexus Shard", "Anvil Spire", "Nexus Shard", "Nexus Shard", "Smelter Well", "Nexus Shard"},
				Resources: shards(2, false), Field: []nexus.Perm{{Card: "Rivet Sentry"}}}
			pos := nexus.Position{Seed: 9, Active: "Ann", Phase: "main1", Players: []nexus.PlayerSetup{
				{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Hand: ann[:6], Library: ann[6:26],
					ResourcePile: []string{"Nexus Shard", "Bleeding Obelisk", "Nexus Shard", "Ossuary Vent", "Nexus Shard", "Nexus Shard"},
					Resources:    shards(3, false), Field: []nexus.Perm{{Card: "Nareh Flayer"}}},
				bob}}
			st, err := nexus.NewPosition(tab, pos)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"nexus","seats":[{"name":"Ann"},{"name":"Bob"}]}`, st)
		}
		r.play(3000)
		r.report()
	})

	// Stellar Nexus, allied play: Ann sees Cat's hand, not Bob's or Dan's; Bob's hand and
	// library differ. Dan, who sees Bob's hand, plays only what he may in both twins.
	t.Run("nexus allied", func(t *testing.T) {
		four := []string{"Ann", "Bob", "Cat", "Dan"}
		r := newProbeRun(t, h, four, 0, nexusProbes(tab, four), 15)
		r.light = 1
		r.phase = nexusPhase
		r.stop = func(v map[string]any) bool { return v["turn"].(float64) >= 4 }
		rayji := nexusDeck(t, "rayji", false).Library
		hilote := nexusDeck(t, "hilote", false).Library
		shards := []nexus.Perm{{Card: "Nexus Shard"}, {Card: "Nexus Shard"}, {Card: "Nexus Shard"}}
		pile := []string{"Nexus Shard", "Nexus Shard", "Nexus Shard", "Nexus Shard"}
		for i, lib := range [][]string{nexusDeck(t, "kern", false).Library, nexusDeck(t, "cypios", false).Library} {
			lib = lib[len(lib)-20:]
			pos := nexus.Position{Options: nexus.Options{Format: "allied"}, Seed: 10, Active: "Ann", Phase: "main1", Players: []nexus.PlayerSetup{
				{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Hand: []string{"Carrion Mote", "Nareh Flayer", "Autolytic Burst", "Rot Lance"},
					Library: []string{"Bloated Thrall", "Withering Acolyte", "Creeping Blight", "Carrion Mote"}, ResourcePile: pile, Resources: shards,
					Field: []nexus.Perm{{Card: "Nareh Flayer"}}},
				{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: append([]string{"Forge Apprentice", "Rivet Sentry"}, lib[:3]...),
					Library: lib[3:], ResourcePile: pile, Resources: shards, Field: []nexus.Perm{{Card: "Rivet Sentry"}}},
				{Name: "Cat", Hero: "Kaira Swiftclaw", Hand: rayji[10:15], Library: rayji[:10], ResourcePile: pile, Resources: shards},
				{Name: "Dan", Hero: "Ilyane of the High Current", Hand: hilote[10:15], Library: hilote[:10], ResourcePile: pile, Resources: shards},
			}}
			st, err := nexus.NewPosition(tab, pos)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"nexus","format":"allied","seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cat"},{"name":"Dan"}]}`, st)
		}
		r.play(1000)
		r.report()
	})

	// Stellar Nexus, a free-for-all's blockers (SN 1.6, 12.3, 15.2): Ann attacks Bob, Cat and
	// Dan, who declare at the same time; the twins differ only in Cat's declarations, made
	// through the server in one twin (two entries of the log) and not in the other. Bob and a
	// spectator probe while they are secret: Dan declares, Bob declares, Cat confirms, Bob
	// confirms; the pair stops with Dan left declaring (his next action could be the reveal).
	t.Run("nexus ffa blocks", func(t *testing.T) {
		four := []string{"Ann", "Bob", "Cat", "Dan"}
		r := newProbeRun(t, h, four, 1, nexusProbes(tab, four), 17)
		r.light = 1
		r.phase = nexusPhase
		r.stop = func(v map[string]any) bool {
			n := 0
			for _, p := range v["players"].([]any) {
				if p.(map[string]any)["declaring_blocks"] == true {
					n++
				}
			}
			return n <= 1
		}
		r.scripts = map[engine.Seat][]string{1: {"block Dune Ambusher with Rivet Sentry", "done"}, 2: {"done"}, 3: {"block Forge Apprentice with Ember Cub"}}
		r.order = []engine.Seat{3, 1, 2, 1}
		for i := range r.tw {
			pos := nexus.Position{Options: nexus.Options{Format: "ffa"}, Seed: 12, Active: "Ann", Phase: "combat", Players: []nexus.PlayerSetup{
				{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Hand: []string{"Carrion Mote", "Rot Lance"}, Library: []string{"Nareh Flayer", "Bloated Thrall"},
					Field: []nexus.Perm{{Card: "Dune Ambusher"}, {Card: "Ironclad Brute"}, {Card: "Forge Apprentice"}}},
				{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: []string{"Ironclad Brute"}, Library: []string{"Rivet Sentry", "Forge Apprentice"},
					Field: []nexus.Perm{{Card: "Rivet Sentry"}, {Card: "Forge Apprentice"}}},
				{Name: "Cat", Hero: "Ilyane of the High Current", Hand: []string{"Cloud Skimmer"}, Library: []string{"Bloomcaller", "Cloud Skimmer"},
					Field: []nexus.Perm{{Card: "Rivet Sentry"}, {Card: "Bloomcaller"}, {Card: "Cloud Skimmer"}}},
				{Name: "Dan", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub"}, Library: []string{"Dune Stalker", "Ember Cub"},
					Field: []nexus.Perm{{Card: "Ember Cub"}, {Card: "Nareh Flayer"}}},
			}}
			st, err := nexus.NewPosition(tab, pos)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range []string{"attack with Dune Ambusher at Bob, Ironclad Brute at Cat, Forge Apprentice at Dan"} {
				if err := st.ApplyText(0, text); err != nil {
					t.Fatalf("%q: %v", text, err)
				}
			}
			for m := st.ToMove(nil); len(m) == 1; m = st.ToMove(nil) {
				a, err := st.ParseAction(m[0], "pass")
				if err == nil {
					err = st.Apply(m[0], a)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if m := st.ToMove(nil); len(m) != 3 {
				t.Fatalf("Bob, Cat and Dan should be declaring blockers: %v", m)
			}
			r.tw[i] = r.newTwin(`{"game":"nexus","format":"ffa","seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cat"},{"name":"Dan"}]}`, st)
		}
		for seq, text := range []string{"block Ironclad Brute with Rivet Sentry", "block Ironclad Brute with Rivet Sentry, Cloud Skimmer"} {
			body, _ := json.Marshal(map[string]any{"action": text, "seq": seq})
			if code, b := r.http("POST", "/api/games/"+r.tw[0].id+"/actions", r.tw[0].tokens[2], body); code != http.StatusOK {
				t.Fatalf("Cat's %q: %d %s", text, code, b)
			}
		}
		r.play(400)
		r.report()
	})

	// Star Realms, Hydra with the teams' hands visible: Ann and Bob play their team turn
	// (and may give each other Trade and Combat); which of Cat's cards are in her hand and
	// which in her deck differs.
	t.Run("realms hydra", func(t *testing.T) {
		four := []string{"Ann", "Bob", "Cat", "Dan"}
		r := newProbeRun(t, h, four, 0, realmsProbes(cat, four), 16)
		r.light = 1
		r.phase = realmsPhase
		r.stop = func(v map[string]any) bool { return v["active"] == "Cat" || v["active"] == "Dan" }
		starter := func(name string) realms.PlayerSetup {
			return realms.PlayerSetup{Name: name, Hand: []string{"Scout", "Scout", "Viper", "Scout", "Scout"},
				Deck: []string{"Scout", "Scout", "Scout", "Viper", "Scout"}}
		}
		for i, c := range [][2][]string{
			{{"Viper", "Viper", "Scout", "Scout", "Scout"}, {"Scout", "Scout", "Scout", "Scout", "Scout"}},
			{{"Scout", "Viper", "Scout", "Scout", "Scout"}, {"Scout", "Viper", "Scout", "Scout", "Scout"}},
		} {
			pos := realms.Position{Options: realms.Options{Format: "hydra", Sets: []string{"core"}, TeamHandsVisible: true}, Seed: 79, Active: "Ann",
				Players: []realms.PlayerSetup{
					{Name: "Ann", Hand: []string{"Trade Bot", "Imperial Fighter", "Blob Fighter", "Scout", "Viper"}, Deck: []string{"Scout", "Scout", "Scout", "Scout", "Scout"}},
					starter("Bob"),
					{Name: "Cat", Hand: c[0], Deck: c[1], InPlay: []string{"Trading Post"}},
					starter("Dan"),
				}}
			st, err := realms.NewPosition(cat, pos)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"realms","format":"hydra","options":{"team_hands_visible":"true"},"seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cat"},{"name":"Dan"}]}`, st)
		}
		r.play(400)
		r.report()
	})

	// Star Realms, Ann's turn: which of Bob's cards are in his hand and which in his deck
	// differs (a Viper in one twin's hand, an Explorer in the other's); Ann's hand and the
	// Trade Row hold cards that ask her decisions, and Bob's discard. His hand holds two kinds
	// of cards in both twins: a forced discard from a hand of a single kind is answered
	// without asking him (scenario-format.md), which the others see.
	t.Run("realms turn", func(t *testing.T) {
		r := newProbeRun(t, h, duel, 0, realmsProbes(cat, duel), 13)
		r.phase = realmsPhase
		r.stop = func(v map[string]any) bool {
			return v["active"] == "Bob" && v["to_move"] == "Bob" && v["prompt"] == nil
		}
		for i, bob := range [][2][]string{
			{{"Viper", "Viper", "Scout", "Scout", "Scout"}, {"Scout", "Scout", "Scout", "Scout", "Explorer"}},
			{{"Scout", "Scout", "Explorer", "Scout", "Scout"}, {"Scout", "Viper", "Scout", "Viper", "Scout"}},
		} {
			pos := realms.Position{Options: realms.Options{Format: "standard", Sets: []string{"core"}}, Seed: 77, Active: "Ann",
				TradeRow: []string{"Blob Carrier", "Recycling Station", "Embassy Yacht", "Survey Ship", "Stealth Needle"},
				Players: []realms.PlayerSetup{
					{Name: "Ann", Hand: []string{"Trade Bot", "Battle Pod", "Barter World", "Imperial Fighter", "Missile Bot", "Supply Bot"},
						Deck: []string{"Scout", "Scout", "Scout", "Scout", "Viper", "Scout", "Scout", "Scout"}, Discard: []string{"Scout", "Viper"}},
					{Name: "Bob", Hand: bob[0], Deck: bob[1], InPlay: []string{"Trading Post", "Blob Wheel"}},
				}}
			st, err := realms.NewPosition(cat, pos)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"realms","seats":[{"name":"Ann"},{"name":"Bob"}]}`, st)
		}
		r.play(400)
		r.report()
	})

	// Star Realms, whole rounds: Bob's deck is in another order below its top five (which
	// cards a Star Realms deck holds is public: every card came from the Trade Row), so his
	// hands are the same until his third turn; both play at random among what they may do in
	// both twins.
	t.Run("realms rounds", func(t *testing.T) {
		r := newProbeRun(t, h, duel, 0, realmsProbes(cat, duel), 14)
		r.phase = realmsPhase
		r.stop = func(v map[string]any) bool { return v["active"] == "Bob" && v["rounds_done"].(float64) >= 2 }
		top := []string{"Scout", "Viper", "Scout", "Scout", "Scout"}
		for i, deep := range [][]string{
			{"Scout", "Scout", "Viper", "Scout", "Scout", "Scout", "Scout", "Viper"},
			{"Viper", "Scout", "Scout", "Scout", "Scout", "Scout", "Viper", "Scout"},
		} {
			pos := realms.Position{Options: realms.Options{Format: "standard", Sets: []string{"core"}}, Seed: 78, Active: "Ann",
				Players: []realms.PlayerSetup{
					{Name: "Ann", Hand: []string{"Scout", "Scout", "Scout", "Viper", "Scout"}, Deck: []string{"Scout", "Scout", "Viper", "Scout", "Scout"}},
					{Name: "Bob", Hand: []string{"Scout", "Scout", "Viper", "Scout", "Scout"}, Deck: append(slices.Clone(top), deep...)},
				}}
			st, err := realms.NewPosition(cat, pos)
			if err != nil {
				t.Fatal(err)
			}
			r.tw[i] = r.newTwin(`{"game":"realms","seats":[{"name":"Ann"},{"name":"Bob"}]}`, st)
		}
		r.play(2000)
		r.report()
	})
}

// report checks that the pair was probed in more than one phase, and says how much.
func (r *probeRun) report() {
	r.t.Helper()
	if len(r.phases) < 2 {
		r.t.Fatalf("only %d phases", len(r.phases))
	}
	r.t.Logf("%d steps, %d phases, %d probes answered by the server", r.steps, len(r.phases), r.sent)
}

// shippedDeckText is the text of a shipped Stellar Nexus deck file.
func shippedDeckText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../games/nexus/decks/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
