package campaignhttp_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"starnexus/campaign/campaignhttp"
	"starnexus/engine"
	"starnexus/games"
	"starnexus/server"
	"starnexus/store"
	"starnexus/store/postgres"
	"starnexus/store/sqlite"
)

// Config is the server's, as the tests moved from package server write it.
type Config = server.Config

func registry(t testing.TB) *engine.Registry {
	t.Helper()
	r, err := games.Registry()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// harness serves a Server with the campaigns mounted, as cmd/starnexus serve does.
type harness struct {
	t   *testing.T
	srv *server.Server
	st  store.Store
	ts  *httptest.Server
	db  string
}

// newHarness serves a Server on an SQLite file in a temporary directory.
func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	h := &harness{t: t, db: filepath.Join(t.TempDir(), "test.db")}
	h.start(cfg)
	return h
}

func (h *harness) start(cfg Config) {
	t := h.t
	st, err := sqlite.Open(context.Background(), h.db)
	if err != nil {
		t.Fatal(err)
	}
	h.serve(st, cfg)
}

func (h *harness) serve(st store.Store, cfg Config) {
	t := h.t
	cfg.Store = st
	cfg.Games = registry(t)
	cfg.Extensions = []server.Extension{campaignhttp.Service{}}
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := server.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.srv, h.st = srv, st
	h.ts = httptest.NewServer(srv.Handler())
	t.Cleanup(h.stop)
}

func (h *harness) stop() {
	if h.srv == nil {
		return
	}
	h.ts.Close()
	h.srv.Close()
	h.st.Close()
	h.srv = nil
}

// twoProcesses serves two Servers, each with its own connection pool, on one PostgreSQL
// database: what two `starnexus serve --db postgres://...` processes are.
func twoProcesses(t *testing.T) (*harness, *harness) {
	dsn := os.Getenv("STARNEXUS_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("STARNEXUS_TEST_POSTGRES is not set")
	}
	var hs []*harness
	for i := 0; i < 2; i++ {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		h := &harness{t: t}
		h.serve(st, Config{AllowSeed: true})
		hs = append(hs, h)
	}
	return hs[0], hs[1]
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// do sends a request and returns the status and body; a body goes as application/json.
func (h *harness) do(method, path, token string, body any) (int, []byte) {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		switch b := body.(type) {
		case string:
			rd = strings.NewReader(b)
		default:
			j, _ := json.Marshal(body)
			rd = bytes.NewReader(j)
		}
	}
	req, _ := http.NewRequest(method, h.ts.URL+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

type logEntry struct {
	Seq    int    `json:"seq"`
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Action string `json:"action"`
}

type viewT struct {
	Seat     int      `json:"seat"`
	Seq      int      `json:"seq"`
	Legal    []string `json:"legal"`
	Over     bool     `json:"over"`
	ToMove   string   `json:"to_move"`
	Winners  []string `json:"winners"`
	Campaign string   `json:"campaign"`
	Players  []struct {
		Name string   `json:"name"`
		Hand []string `json:"hand"`
	} `json:"players"`
	Log []logEntry `json:"log"`
}

func (h *harness) view(id, token string) (viewT, []byte) {
	h.t.Helper()
	code, b := h.do("GET", "/api/games/"+id+"/view", token, nil)
	if code != http.StatusOK {
		h.t.Fatalf("view: %d %s", code, b)
	}
	var v viewT
	if err := json.Unmarshal(b, &v); err != nil {
		h.t.Fatal(err)
	}
	return v, b
}

// pick chooses an action that moves a game along: play, then attack, then buy, then
// anything but end, then end.
func pick(legal []string, turn int) string {
	for _, prefix := range []string{"play ", "attack ", "use ", "buy ", "choose ", "skip", "done"} {
		var opts []string
		for _, a := range legal {
			if strings.HasPrefix(a, prefix) {
				opts = append(opts, a)
			}
		}
		if len(opts) > 0 {
			return opts[turn%len(opts)]
		}
	}
	return legal[len(legal)-1]
}

// waitFor polls until cond holds or the time is up.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// parseAction reads an action text as the server does: the legal action with exactly that
// text first, else the game's parser.
func parseAction(st engine.State, seat engine.Seat, text string) (engine.Action, error) {
	for _, a := range st.Legal(seat, nil) {
		if st.ActionText(seat, a) == text {
			return a, nil
		}
	}
	return st.ParseAction(seat, text)
}
