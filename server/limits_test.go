package server

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"starnexus/engine"
	"starnexus/store"
)

// from is an HTTP client whose connections come from the loopback address ip (127.0.0.2
// and so on): another client, as the server counts them.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

type answer struct {
	code int
	hdr  http.Header
	body []byte
}

func (h *harness) call(c *http.Client, method, path, token, body string, hdr ...string) answer {
	h.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, h.ts.URL+path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, b}
}

const humanPair = `{"seats":[{"name":"Ann"},{"name":"Bob"}]}`

// served checks that the game of c still answers its seats: a view and an action.
func (h *harness) served(c created) {
	h.t.Helper()
	v, _ := h.view(c.ID, c.Seats[0].Token)
	tok := c.Seats[0].Token
	if v.Seat < 0 || len(v.Legal) == 0 {
		tok = c.Seats[1].Token
		v, _ = h.view(c.ID, tok)
	}
	code, b := h.do("POST", "/api/games/"+c.ID+"/actions", tok, map[string]any{"action": v.Legal[0], "seq": v.Seq})
	if code != http.StatusOK {
		h.t.Fatalf("the other client's game: %d %s", code, b)
	}
}

func TestCreateRateLimitPerClient(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{CreatePerMinute: 1, CreateBurst: 2}, Extensions: []Extension{creator{}}})
	mine := h.create(humanPair) // 127.0.0.1
	a := from("127.0.0.2")
	for i := 0; i < 2; i++ {
		if r := h.call(a, "POST", "/api/games", "", humanPair); r.code != http.StatusCreated {
			t.Fatalf("create %d within the burst: %d %s", i+1, r.code, r.body)
		}
	}
	r := h.call(a, "POST", "/api/games", "", humanPair)
	if r.code != http.StatusTooManyRequests || r.hdr.Get("Retry-After") == "" || !strings.Contains(string(r.body), "too many") {
		t.Fatalf("create past the burst: %d Retry-After %q %s", r.code, r.hdr.Get("Retry-After"), r.body)
	}
	// What an extension creates (a campaign) counts against the same bucket.
	if r := h.call(a, "POST", "/api/things", "", `{}`); r.code != http.StatusTooManyRequests {
		t.Fatalf("an extension's create past the burst: %d %s", r.code, r.body)
	}
	if r := h.call(from("127.0.0.4"), "POST", "/api/things", "", `{}`); r.code != http.StatusCreated {
		t.Fatalf("an extension's create: %d %s", r.code, r.body)
	}
	// Another client, and another client's game, are served as before.
	if r := h.call(from("127.0.0.3"), "POST", "/api/games", "", humanPair); r.code != http.StatusCreated {
		t.Fatalf("another client: %d %s", r.code, r.body)
	}
	h.served(mine)
}

func TestUnlimitedAddressAndTrustedProxy(t *testing.T) {
	lim := Limits{CreatePerMinute: 1, CreateBurst: 1,
		Unlimited:      []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")},
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.4/32")}}
	h := newHarness(t, Config{Limits: lim})
	// The load generator's address creates as many games as it likes...
	for i := 0; i < 5; i++ {
		h.create(humanPair)
	}
	// ...a real client from another address is still limited, and a forged
	// X-Forwarded-For from a client that is no proxy changes nothing.
	b := from("127.0.0.2")
	if r := h.call(b, "POST", "/api/games", "", humanPair); r.code != http.StatusCreated {
		t.Fatalf("first create: %d %s", r.code, r.body)
	}
	if r := h.call(b, "POST", "/api/games", "", humanPair, "X-Forwarded-For", "127.0.0.1"); r.code != http.StatusTooManyRequests {
		t.Fatalf("a forged X-Forwarded-For got past the limit: %d %s", r.code, r.body)
	}
	// Behind the trusted proxy, each forwarded client has its own bucket, and the proxy's
	// claim that a client is the unlimited address is believed only from the proxy.
	p := from("127.0.0.4")
	for _, c := range []string{"198.51.100.7", "198.51.100.8"} {
		if r := h.call(p, "POST", "/api/games", "", humanPair, "X-Forwarded-For", c); r.code != http.StatusCreated {
			t.Fatalf("first create of %s through the proxy: %d %s", c, r.code, r.body)
		}
	}
	if r := h.call(p, "POST", "/api/games", "", humanPair, "X-Forwarded-For", "203.0.113.1, 198.51.100.7"); r.code != http.StatusTooManyRequests {
		t.Fatalf("second create of 198.51.100.7 through the proxy: %d %s", r.code, r.body)
	}
}

func TestClaimRateLimit(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{ClaimPerMinute: 1, ClaimBurst: 1}})
	g := h.create(`{"seats":[{"name":"Ann"},{"kind":"open"},{"kind":"open"}],"format":"ffa"}`)
	a := from("127.0.0.2")
	if r := h.call(a, "POST", "/api/games/"+g.ID+"/seats/1/claim", "", `{"name":"Bob"}`); r.code != http.StatusOK {
		t.Fatalf("first claim: %d %s", r.code, r.body)
	}
	r := h.call(a, "POST", "/api/games/"+g.ID+"/seats/2/claim", "", `{"name":"Cid"}`)
	if r.code != http.StatusTooManyRequests || r.hdr.Get("Retry-After") == "" {
		t.Fatalf("second claim: %d %s", r.code, r.body)
	}
	if r := h.call(from("127.0.0.3"), "POST", "/api/games/"+g.ID+"/seats/2/claim", "", `{"name":"Cid"}`); r.code != http.StatusOK {
		t.Fatalf("another client's claim: %d %s", r.code, r.body)
	}
}

func TestLiveAndBotGameCaps(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{MaxLiveGames: 3, MaxBotGames: 1}})
	gate := make(chan struct{})
	defer close(gate)
	var now, most atomic.Int64
	h.srv.makeBot = func(game, name string) (engine.Bot, error) {
		return gatedBot{&now, &most, make(chan struct{}, 1), gate}, nil // bots that do not finish
	}
	mine := h.create(humanPair)
	bots := `{"seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"greedy"}]}`
	h.create(bots)
	r := h.call(http.DefaultClient, "POST", "/api/games", "", bots)
	if r.code != http.StatusServiceUnavailable || r.hdr.Get("Retry-After") == "" || !strings.Contains(string(r.body), "bots only") {
		t.Fatalf("a second all-bot game: %d %s", r.code, r.body)
	}
	h.create(humanPair) // three live games
	if r := h.call(http.DefaultClient, "POST", "/api/games", "", humanPair); r.code != http.StatusServiceUnavailable || !strings.Contains(string(r.body), "most live games") {
		t.Fatalf("a fourth live game: %d %s", r.code, r.body)
	}
	h.served(mine)
	// A game that ends frees its place.
	h.srv.abandon(mine.ID, time.Now().Add(time.Hour))
	h.create(humanPair)
}

// gatedBot is a bot whose every decision waits for the test's go-ahead, counting how many
// decisions are under way at once.
type gatedBot struct {
	now, most *atomic.Int64
	entered   chan struct{}
	gate      chan struct{}
}

func (b gatedBot) Name() string { return "gated" }

func (b gatedBot) Choose(v engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	n := b.now.Add(1)
	for {
		m := b.most.Load()
		if n <= m || b.most.CompareAndSwap(m, n) {
			break
		}
	}
	select {
	case b.entered <- struct{}{}:
	default: // the test has stopped counting
	}
	<-b.gate
	b.now.Add(-1)
	return legal[0]
}

func TestBotThinkersAreShared(t *testing.T) {
	for _, thinkers := range []int{1, 2} {
		t.Run(fmt.Sprint(thinkers), func(t *testing.T) {
			h := newHarness(t, Config{Limits: Limits{BotThinkers: thinkers, MaxBotGames: -1}})
			var now, most atomic.Int64
			entered, gate := make(chan struct{}, 64), make(chan struct{})
			h.srv.makeBot = func(game, name string) (engine.Bot, error) {
				return gatedBot{&now, &most, entered, gate}, nil
			}
			var ids []string
			for i := 0; i < 3; i++ {
				ids = append(ids, h.create(`{"seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"greedy"}]}`).ID)
			}
			human := h.create(humanPair)
			// Let 30 decisions through, one at a time; the three games' bots queue for
			// the thinkers' places.
			for i := 0; i < 30; i++ {
				<-entered
				if i == 5 {
					// Every place is taken by a bot: a human's game is served all the same.
					h.served(human)
				}
				gate <- struct{}{}
			}
			close(gate) // the bots that wait now go on without the test
			if got := most.Load(); got != int64(thinkers) {
				t.Fatalf("%d bot decisions at once, want %d (the limit, reached)", got, thinkers)
			}
			for _, id := range ids {
				g, _ := h.srv.game(context.Background(), id)
				waitFor(t, "every game's bots to move", func() bool {
					g.mu.Lock()
					defer g.mu.Unlock()
					return len(g.log) > 0
				})
			}
		})
	}
}

func TestActionTextTooLong(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{MaxActionBytes: 100}})
	g := h.create(humanPair)
	v, _ := h.view(g.ID, g.Seats[0].Token)
	tok := g.Seats[0].Token
	if len(v.Legal) == 0 {
		tok = g.Seats[1].Token
	}
	long := "play " + strings.Repeat("Scout", 40)
	code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": long, "seq": 0})
	if code != http.StatusRequestEntityTooLarge || strings.Contains(string(b), long[:90]) {
		t.Fatalf("a 205-byte action: %d %s", code, b)
	}
	huge := `{"action":"` + strings.Repeat("x", 1<<20) + `","seq":0}`
	if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tok, huge); code != http.StatusRequestEntityTooLarge || len(b) > 300 {
		t.Fatalf("a 1 MB action: %d, %d bytes of answer", code, len(b))
	}
	// Over the WebSocket: the same refusal, and the echo is a short prefix.
	c := dialWS(t, h, g.ID, `{"token":"`+tok+`"}`)
	waitFor(t, "the first push", func() bool { return c.lastSeq() == 0 })
	c.take()
	msg, _ := json.Marshal(map[string]any{"action": long, "seq": 0})
	c.conn.Write(context.Background(), websocket.MessageText, msg)
	waitFor(t, "the refusal", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return len(c.msgs) > 0
	})
	m := c.take()[0]
	var e errBody
	json.Unmarshal(m, &e)
	if e.Status != http.StatusRequestEntityTooLarge || len(e.Action) > echoBytes+3 {
		t.Fatalf("WebSocket refusal: %s", m)
	}
	if hv, _ := h.view(g.ID, ""); hv.Seq != 0 {
		t.Fatalf("a refused action changed the game: seq %d", hv.Seq)
	}
	h.served(g)
}

func wsURL(h *harness, id string) string {
	return "ws" + strings.TrimPrefix(h.ts.URL, "http") + "/api/games/" + id + "/ws"
}

func TestSocketCaps(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{MaxSocketsPerGame: 2, MaxSocketsPerClient: 3, MaxSockets: 4}})
	g1, g2, g3 := h.create(humanPair), h.create(humanPair), h.create(humanPair)
	ctx := context.Background()
	dial := func(c *http.Client, id string) (*websocket.Conn, int) {
		conn, res, err := websocket.Dial(ctx, wsURL(h, id), &websocket.DialOptions{HTTPClient: c})
		if err != nil {
			if res == nil {
				t.Fatal(err)
			}
			return nil, res.StatusCode
		}
		t.Cleanup(func() { conn.CloseNow() })
		return conn, http.StatusSwitchingProtocols
	}
	a := from("127.0.0.2")
	dial(a, g1.ID)
	dial(a, g1.ID)
	if _, code := dial(from("127.0.0.3"), g1.ID); code != http.StatusServiceUnavailable {
		t.Fatalf("a third socket on one game: %d", code)
	}
	dial(a, g2.ID)
	if _, code := dial(a, g3.ID); code != http.StatusTooManyRequests {
		t.Fatalf("a fourth socket from one client: %d", code)
	}
	dial(from("127.0.0.3"), g3.ID) // the server's fourth
	if _, code := dial(from("127.0.0.5"), g3.ID); code != http.StatusServiceUnavailable {
		t.Fatalf("a fifth socket on the server: %d", code)
	}
	h.served(g3)
}

// TestSilentSocketIsClosed: a peer that completes the handshake and then never answers the
// server's pings is disconnected; a peer that reads (and so answers them) stays.
func TestSilentSocketIsClosed(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{PingEvery: 20 * time.Millisecond, SocketIdle: 100 * time.Millisecond}})
	g := h.create(humanPair)
	live := dialWS(t, h, g.ID, "")
	waitFor(t, "the live socket's first push", func() bool { return live.lastSeq() == 0 })
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/games/%s/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", g.ID, strings.TrimPrefix(h.ts.URL, "http://"))
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", res, err)
	}
	// Read the raw frames (views, pings) without ever answering: the server must hang up.
	if _, err := io.Copy(io.Discard, br); err != nil {
		t.Fatalf("the silent socket ended with %v, want a close", err)
	}
	waitFor(t, "the server to forget the silent socket", func() bool {
		g0, _ := h.srv.game(context.Background(), g.ID)
		g0.mu.Lock()
		defer g0.mu.Unlock()
		return g0.sockets == 1
	})
	h.served(g)
	waitFor(t, "the live socket's push", func() bool { return live.lastSeq() == 1 })
}

// TestTrickledBodyIsCut: a request body sent a byte at a time ends at the read timeout,
// long before it is complete, and the server goes on serving.
func TestTrickledBodyIsCut(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{ReadTimeout: 200 * time.Millisecond}})
	hs := h.srv.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	defer hs.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const n = 1000
	fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", n)
	sent := 0
	for ; sent < n; sent++ {
		if _, err := conn.Write([]byte(" ")); err != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if sent == n {
		// Every byte went out: the server must at least not have waited for them.
		conn.SetReadDeadline(time.Now().Add(time.Second))
		b, _ := io.ReadAll(conn)
		if len(b) == 0 || strings.Contains(string(b), "201 Created") {
			t.Fatalf("a trickled body was read to its end: %q", b)
		}
	}
	res, err := http.Get("http://" + ln.Addr().String() + "/healthz")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("healthz after the trickle: %v %v", res, err)
	}
}

func TestIdleGamesAreAbandoned(t *testing.T) {
	h := newHarness(t, Config{})
	idle := h.create(humanPair)
	watcher := dialWS(t, h, idle.ID, "")
	waitFor(t, "the first push", func() bool { return watcher.lastSeq() == 0 })
	time.Sleep(2 * time.Millisecond) // the cutoff falls strictly between the two games
	cutoff := time.Now()
	time.Sleep(2 * time.Millisecond)
	active := h.create(humanPair)
	h.served(active)
	h.srv.abandonIdle(cutoff)

	v, b := h.view(idle.ID, idle.Seats[0].Token)
	if !strings.Contains(string(b), `"abandoned":true`) || len(v.Legal) != 0 {
		t.Fatalf("the idle game's view: %s", b)
	}
	for _, tok := range []string{idle.Seats[0].Token, idle.Seats[1].Token} {
		code, b := h.do("POST", "/api/games/"+idle.ID+"/actions", tok, map[string]any{"action": "end", "seq": 0})
		if code != http.StatusForbidden || !strings.Contains(string(b), "abandoned") {
			t.Fatalf("an action in the abandoned game: %d %s", code, b)
		}
	}
	waitFor(t, "the watcher to learn it", func() bool {
		watcher.mu.Lock()
		defer watcher.mu.Unlock()
		for _, m := range watcher.msgs {
			if strings.Contains(string(m), `"abandoned":true`) {
				return true
			}
		}
		return false
	})
	m, _, err := h.srv.store.LoadGame(context.Background(), idle.ID)
	if err != nil || !m.Finished || !m.Abandoned || len(m.Winners) != 0 {
		t.Fatalf("the stored idle game: %+v %v", m, err)
	}
	if r := h.call(http.DefaultClient, "GET", "/api/games?open=1", "", ""); strings.Contains(string(r.body), idle.ID) {
		t.Fatalf("an abandoned game is listed as open: %s", r.body)
	}
	h.served(active)

	// At start, a game idle for longer than IdleAfter is abandoned, not rebuilt.
	h.stop()
	h.start(Config{Limits: Limits{IdleAfter: time.Nanosecond}})
	waitFor(t, "the start's abandonment", func() bool {
		m, _, err := h.srv.store.LoadGame(context.Background(), active.ID)
		return err == nil && m.Abandoned
	})
	h.srv.mu.Lock()
	_, held := h.srv.games[active.ID]
	h.srv.mu.Unlock()
	if held {
		t.Fatal("an idle game was rebuilt at start")
	}
}

// TestStartIsLazy: games are rebuilt after the server answers, and a list loads none.
func TestStartIsLazy(t *testing.T) {
	h := newHarness(t, Config{Limits: Limits{Evict: time.Nanosecond}})
	var ids []string
	for i := 0; i < 3; i++ {
		ids = append(ids, h.create(`{"game":"nexus","seats":[{"name":"Ann"},{"name":"Bob"}]}`).ID)
	}
	h.stop()
	h.start(Config{Limits: Limits{Evict: -1}})
	if r := h.call(http.DefaultClient, "GET", "/healthz", "", ""); r.code != http.StatusOK {
		t.Fatalf("healthz: %d", r.code)
	}
	waitFor(t, "the background rebuild", func() bool {
		h.srv.mu.Lock()
		defer h.srv.mu.Unlock()
		return len(h.srv.games) == 3
	})
	// Forget them, as the eviction of unused games does, and list: nothing is loaded.
	h.srv.mu.Lock()
	h.srv.games = map[string]*game{}
	h.srv.mu.Unlock()
	r := h.call(http.DefaultClient, "GET", "/api/games?open=1", "", "")
	var list struct {
		Games []struct {
			ID  string `json:"id"`
			Seq *int   `json:"seq"`
		} `json:"games"`
	}
	if err := json.Unmarshal(r.body, &list); err != nil || len(list.Games) != 3 {
		t.Fatalf("list: %s", r.body)
	}
	for _, g := range list.Games {
		if g.Seq != nil {
			t.Fatalf("a list gives the seq of a Stellar Nexus game it does not hold: %s", r.body)
		}
	}
	h.srv.mu.Lock()
	n := len(h.srv.games)
	h.srv.mu.Unlock()
	if n != 0 {
		t.Fatalf("a list loaded %d games", n)
	}
	// Asking for one loads it.
	h.view(ids[0], "")
}

func TestListPages(t *testing.T) {
	h := newHarness(t, Config{})
	want := map[string]bool{}
	for i := 0; i < 5; i++ {
		want[h.create(humanPair).ID] = true
	}
	seen := map[string]bool{}
	path := "/api/games?limit=2"
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("the pages never end")
		}
		r := h.call(http.DefaultClient, "GET", path, "", "")
		var p struct {
			Games []struct {
				ID string `json:"id"`
			} `json:"games"`
			Next *int `json:"next_offset"`
		}
		if err := json.Unmarshal(r.body, &p); err != nil || len(p.Games) > 2 {
			t.Fatalf("page: %s", r.body)
		}
		for _, g := range p.Games {
			if seen[g.ID] {
				t.Fatalf("game %s on two pages", g.ID)
			}
			seen[g.ID] = true
		}
		if p.Next == nil {
			break
		}
		path = fmt.Sprintf("/api/games?limit=2&offset=%d", *p.Next)
	}
	if len(seen) != len(want) {
		t.Fatalf("the pages gave %d games of %d", len(seen), len(want))
	}
	for _, bad := range []string{"limit=0", "limit=201", "offset=-1", "limit=x"} {
		if r := h.call(http.DefaultClient, "GET", "/api/games?"+bad, "", ""); r.code != http.StatusBadRequest {
			t.Fatalf("?%s: %d", bad, r.code)
		}
	}
}

// TestHiddenMulligansAreNotCounted: a Stellar Nexus seat's mulligans move neither the
// public action count of /metrics nor any other seat's socket until all have kept.
func TestHiddenMulligansAreNotCounted(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"game":"nexus","seed":8,"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	bob := dialWS(t, h, g.ID, `{"token":"`+g.Seats[1].Token+`"}`)
	spec := dialWS(t, h, g.ID, "")
	waitFor(t, "the first pushes", func() bool { return bob.lastSeq() == 0 && spec.lastSeq() == 0 })
	bob.take()
	spec.take()
	counted := h.countedActions
	before := counted()
	for i, a := range []string{"mulligan", "mulligan", "keep"} {
		if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", g.Seats[0].Token, map[string]any{"action": a, "seq": i}); code != http.StatusOK {
			t.Fatalf("Ann's %s: %d %s", a, code, b)
		}
	}
	if after := counted(); after != before {
		t.Fatalf("hidden mulligans counted in /metrics: %q then %q", before, after)
	}
	// Pushes coalesce and an unchanged view is not sent again, so the sockets see one view
	// when Ann is done (Bob's turn to decide, however many mulligans she took) and it must not
	// tell how many she took; a second one before Bob decides would be a hidden decision seen.
	bobToDecide := func(c *wsRecorder) func() bool {
		return func() bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return len(c.msgs) > 0 && bytes.Contains(c.msgs[len(c.msgs)-1], []byte(`"to_move":"Bob"`))
		}
	}
	for who, c := range map[string]*wsRecorder{"Bob": bob, "the spectator": spec} {
		waitFor(t, who+"'s push when Ann is done", bobToDecide(c))
		if m := c.take(); len(m) != 1 || bytes.Contains(m[0], []byte(`"mulligans":2`)) || bytes.Contains(m[0], []byte(`"mulligans":1`)) {
			t.Fatalf("%s's socket got %d messages for Ann's hidden decisions, want 1 that counts none:\n%s", who, len(m), bytes.Join(m, []byte("\n")))
		}
	}
	if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", g.Seats[1].Token, map[string]any{"action": "keep", "seq": 0}); code != http.StatusOK {
		t.Fatalf("Bob keeps: %d %s", code, b)
	}
	// Bob keeps: now all four decisions are public and counted at once, in one push.
	waitFor(t, "the pushes of the reveal", func() bool { return spec.lastSeq() == 4 && bob.lastSeq() == 4 })
	for who, c := range map[string]*wsRecorder{"Bob": bob, "the spectator": spec} {
		if m := c.take(); len(m) != 1 || !bytes.Contains(m[0], []byte(`"mulligans":2`)) {
			t.Fatalf("%s's socket got %d messages for the reveal, want 1 that shows Ann's two mulligans:\n%s", who, len(m), bytes.Join(m, []byte("\n")))
		}
	}
	if after := counted(); !strings.Contains(after, "starnexus_actions_total 4") {
		t.Fatalf("the four public decisions counted as %q", after)
	}
}

// TestDamagedGameIsSkipped: one damaged row (options that are not JSON) neither stops the
// server from starting nor makes the game list fail; every other game is served, and the
// damaged one is refused on its own.
func TestDamagedGameIsSkipped(t *testing.T) {
	h := newHarness(t, Config{})
	live, finished, good := h.create(humanPair), h.create(humanPair), h.create(humanPair)
	db := h.srv.store.(interface{ SQL() *sql.DB }).SQL()
	if _, err := db.Exec(`UPDATE games SET finished = 1 WHERE id = ?`, finished.ID); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{live.ID, finished.ID} {
		if _, err := db.Exec(`UPDATE games SET options = 'not json' WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
	}
	h.stop()
	h.start(Config{})
	for _, path := range []string{"/api/games", "/api/games?open=1"} {
		r := h.call(http.DefaultClient, "GET", path, "", "")
		if r.code != http.StatusOK || !strings.Contains(string(r.body), good.ID) || strings.Contains(string(r.body), live.ID) || strings.Contains(string(r.body), finished.ID) {
			t.Fatalf("GET %s with damaged games: %d %s", path, r.code, r.body)
		}
	}
	h.served(good)
	if code, b := h.do("GET", "/api/games/"+live.ID+"/view", "", nil); code < 500 || !strings.Contains(string(b), "damaged") {
		t.Fatalf("the damaged game's view: %d %s", code, b)
	}
}

// countedActions is what /metrics says of the actions counted: their total and the number of
// latencies observed.
func (h *harness) countedActions() string {
	r := h.call(http.DefaultClient, "GET", "/metrics", "", "")
	var out []string
	for _, l := range strings.Split(string(r.body), "\n") {
		if strings.HasPrefix(l, "starnexus_actions_total ") || strings.HasPrefix(l, "starnexus_action_seconds_count ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}

// creator is an Extension that creates things at POST /api/things, limited as creates are
// (Host.Allow), and owns no game.
type creator struct{}

func (creator) Routes(mux *http.ServeMux, h *Host) {
	mux.HandleFunc("POST /api/things", func(w http.ResponseWriter, r *http.Request) {
		if err := h.Allow(r, "create"); err != nil {
			WriteError(w, err)
			return
		}
		WriteJSON(w, http.StatusCreated, map[string]string{"made": "thing"})
	})
}
func (creator) Owns(*store.Game) bool         { return false }
func (creator) CheckCreate(*store.Game) error { return nil }
func (creator) Drives(*store.Game) bool       { return true }
func (creator) NewState(context.Context, *Host, *store.Game) (engine.State, error) {
	return nil, errors.New("no game")
}
func (creator) Finish(context.Context, *Host, *store.Game, engine.State, []int) error {
	return errors.New("no game")
}
