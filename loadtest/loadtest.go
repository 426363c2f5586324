// Package loadtest drives a starnexus server through its public API the way players do: N
// concurrent games between client-side bots, each game's seat to move sending an action
// every interval over its WebSocket, and measures the round trip from sending an action to
// receiving the view that includes it.
//
// It talks only to loopback addresses (this machine): a load test is never pointed at
// another host.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"starnexus/games"
	"starnexus/server"
	"starnexus/store/sqlite"
)

// Config says what load to offer.
type Config struct {
	// Addr is the server to target (host:port on loopback); empty starts one in this process
	// on an SQLite file in a temporary directory.
	Addr     string
	Games    int
	Interval time.Duration
	Duration time.Duration
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// Result is what a run measured.
type Result struct {
	Games         int           `json:"games"`
	Interval      time.Duration `json:"interval_ns"`
	Duration      time.Duration `json:"duration_ns"`
	Offered       float64       `json:"offered_actions_per_sec"`
	Achieved      float64       `json:"achieved_actions_per_sec"`
	Actions       int           `json:"actions"`
	Errors        int           `json:"errors"`
	Timeouts      int           `json:"timeouts"`
	GamesFinished int           `json:"games_finished"`
	P50, P90, P99 time.Duration
	Max           time.Duration
	Server        string `json:"server"`
}

// String formats a result for people.
func (r *Result) String() string {
	return fmt.Sprintf("%d games, one action per game every %v, for %v (%s)\n"+
		"offered:  %.0f actions/s\nachieved: %.0f actions/s (%d actions, %d refused, %d timed out, %d games finished and restarted)\n"+
		"round trip: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms",
		r.Games, r.Interval, r.Duration, r.Server, r.Offered, r.Achieved, r.Actions, r.Errors, r.Timeouts, r.GamesFinished,
		ms(r.P50), ms(r.P90), ms(r.P99), ms(r.Max))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// CheckLoopback refuses any address that is not on this machine's loopback.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("address %q is not a loopback address (127.0.0.0/8, ::1, localhost): the load test runs only on this machine", addr)
	}
	return nil
}

// Run offers the load and reports what the server achieved.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	logw := cfg.Log
	if logw == nil {
		logw = io.Discard
	}
	if cfg.Games <= 0 || cfg.Interval <= 0 || cfg.Duration <= 0 {
		return nil, fmt.Errorf("games, interval and duration must be positive")
	}
	res := &Result{Games: cfg.Games, Interval: cfg.Interval, Duration: cfg.Duration}
	addr := cfg.Addr
	if addr == "" {
		a, stop, err := startServer(ctx)
		if err != nil {
			return nil, err
		}
		defer stop()
		addr = a
		res.Server = "in-process server, SQLite in WAL mode"
	} else {
		if err := CheckLoopback(addr); err != nil {
			return nil, err
		}
		res.Server = "server at " + addr
	}
	base := "http://" + addr
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}

	fmt.Fprintf(logw, "setting up %d games on %s\n", cfg.Games, addr)
	runners := make([]*runner, cfg.Games)
	for i := range runners {
		r := &runner{base: base, client: client, interval: cfg.Interval, rng: rand.New(rand.NewPCG(uint64(i), 7))}
		if err := r.setup(ctx); err != nil {
			for _, r := range runners[:i] {
				r.close()
			}
			return nil, fmt.Errorf("set up game %d: %w", i+1, err)
		}
		runners[i] = r
	}
	fmt.Fprintf(logw, "running for %v\n", cfg.Duration)
	rctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for i, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the games over one interval so that they do not all act at once.
			select {
			case <-time.After(cfg.Interval * time.Duration(i) / time.Duration(len(runners))):
			case <-rctx.Done():
				return
			}
			r.run(rctx)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	var lat []time.Duration
	for _, r := range runners {
		r.close()
		lat = append(lat, r.latencies...)
		res.Errors += r.errors
		res.Timeouts += r.timeouts
		res.GamesFinished += r.finished
	}
	res.Actions = len(lat)
	res.Offered = float64(cfg.Games) / cfg.Interval.Seconds()
	res.Achieved = float64(len(lat)) / elapsed.Seconds()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	res.P50, res.P90, res.P99 = pct(0.50), pct(0.90), pct(0.99)
	if len(lat) > 0 {
		res.Max = lat[len(lat)-1]
	}
	return res, nil
}

// startServer serves a fresh server on 127.0.0.1 with an SQLite file in a temporary directory.
func startServer(ctx context.Context) (string, func(), error) {
	dir, err := os.MkdirTemp("", "starnexus-loadtest-")
	if err != nil {
		return "", nil, err
	}
	reg, err := games.Registry()
	if err != nil {
		return "", nil, err
	}
	st, err := sqlite.Open(ctx, filepath.Join(dir, "load.db"))
	if err != nil {
		return "", nil, err
	}
	// The load generator's own address is not limited per client (see cmd/starnexus serve
	// --unlimited).
	srv, err := server.New(ctx, server.Config{Store: st, Games: reg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limits: server.Limits{Unlimited: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}})
	if err != nil {
		st.Close()
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := srv.HTTPServer()
	go hs.Serve(ln)
	return ln.Addr().String(), func() {
		srv.Close()
		hs.Close()
		st.Close()
		os.RemoveAll(dir)
	}, nil
}

// view is the part of a pushed view the client-side bot reads.
type view struct {
	Seq    int      `json:"seq"`
	ToMove string   `json:"to_move"`
	Over   bool     `json:"over"`
	Legal  []string `json:"legal"`
	Error  string   `json:"error"`
	Seat   int      `json:"seat"`
}

// seat is one seat's WebSocket and the latest view it received.
type seat struct {
	name  string
	conn  *websocket.Conn
	mu    sync.Mutex
	last  view
	views chan struct{} // a view or an error arrived
	errs  atomic.Int64
}

// runner plays one game at a time, starting a new one when a game ends.
type runner struct {
	base     string
	client   *http.Client
	interval time.Duration
	rng      *rand.Rand
	id       string
	seats    []*seat

	latencies []time.Duration
	errors    int
	timeouts  int
	finished  int
}

func (r *runner) setup(ctx context.Context) error {
	body := `{"game":"realms","format":"standard","sets":["core"],"seats":[{"name":"Ann","kind":"human"},{"name":"Bob","kind":"human"}]}`
	res, err := r.client.Post(r.base+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("create: %s: %s", res.Status, bytes.TrimSpace(b))
	}
	var c struct {
		ID    string `json:"id"`
		Seats []struct {
			Name  string `json:"name"`
			Token string `json:"token"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return err
	}
	r.id, r.seats = c.ID, nil
	for _, cs := range c.Seats {
		url := "ws" + strings.TrimPrefix(r.base, "http") + "/api/games/" + c.ID + "/ws"
		conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: r.client})
		if err != nil {
			return err
		}
		conn.SetReadLimit(1 << 22)
		if err := conn.Write(ctx, websocket.MessageText, []byte(cs.Token)); err != nil {
			return err
		}
		s := &seat{name: cs.Name, conn: conn, last: view{Seq: -1}, views: make(chan struct{}, 1)}
		go s.read()
		r.seats = append(r.seats, s)
	}
	return nil
}

func (s *seat) read() {
	for {
		_, b, err := s.conn.Read(context.Background())
		if err != nil {
			return
		}
		v, ok := parseView(b)
		if !ok {
			continue
		}
		s.mu.Lock()
		if v.Error != "" {
			s.errs.Add(1)
		} else if v.Seq >= s.last.Seq {
			s.last = v
		}
		s.mu.Unlock()
		select {
		case s.views <- struct{}{}:
		default:
		}
	}
}

func (s *seat) latest() view {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

func (r *runner) close() {
	for _, s := range r.seats {
		s.conn.Close(websocket.StatusNormalClosure, "")
	}
}

// run acts every interval for the seat to move, until ctx ends.
func (r *runner) run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		var mover *seat
		var v view
		for _, s := range r.seats {
			sv := s.latest()
			if sv.Over {
				r.finished++
				r.close()
				if err := r.setup(ctx); err != nil {
					return
				}
				mover = nil
				break
			}
			if len(sv.Legal) > 0 {
				mover, v = s, sv
			}
		}
		if mover == nil {
			continue
		}
		action := choose(v.Legal, r.rng)
		msg, _ := json.Marshal(map[string]any{"action": action, "seq": v.Seq})
		errsBefore := mover.errs.Load()
		sent := time.Now()
		if err := mover.conn.Write(ctx, websocket.MessageText, msg); err != nil {
			return
		}
		deadline := time.NewTimer(5 * time.Second)
	wait:
		for {
			select {
			case <-ctx.Done():
				deadline.Stop()
				return
			case <-deadline.C:
				r.timeouts++
				break wait
			case <-mover.views:
				if mover.errs.Load() > errsBefore {
					r.errors++
					break wait
				}
				if mover.latest().Seq > v.Seq {
					r.latencies = append(r.latencies, time.Since(sent))
					break wait
				}
			}
		}
		deadline.Stop()
	}
}

// parseView reads the few fields the client-side bot needs without decoding the whole view
// (a full decode of every push costs the load generator, on the same machine, more CPU than
// the server spends on the action). The fields it reads are the server's top-level
// additions, which come after the game's own View; "log" entries come after "legal".
func parseView(b []byte) (view, bool) {
	var v view
	if bytes.HasPrefix(b, []byte(`{"error"`)) {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(b, &e) != nil {
			return v, false
		}
		v.Error = e.Error
		return v, true
	}
	i := bytes.Index(b, []byte(`,"seq":`))
	if i < 0 {
		return v, false
	}
	dec := json.NewDecoder(bytes.NewReader(b[i+len(`,"seq":`):]))
	if dec.Decode(&v.Seq) != nil {
		return v, false
	}
	v.Over = bytes.Contains(b, []byte(`"over":true`))
	if j := bytes.Index(b, []byte(`"legal":`)); j >= 0 {
		dec := json.NewDecoder(bytes.NewReader(b[j+len(`"legal":`):]))
		if dec.Decode(&v.Legal) != nil {
			return v, false
		}
	}
	return v, true
}

// choose is the client-side bot: it moves the game along (play, attack, buy, answer), and
// ends the turn only when nothing else is left, with some randomness among equals.
func choose(legal []string, rng *rand.Rand) string {
	for _, prefix := range []string{"play ", "attack ", "choose ", "buy ", "use ", "skip", "done"} {
		var opts []string
		for _, a := range legal {
			if strings.HasPrefix(a, prefix) {
				opts = append(opts, a)
			}
		}
		if len(opts) > 0 {
			return opts[rng.IntN(len(opts))]
		}
	}
	return legal[len(legal)-1]
}
