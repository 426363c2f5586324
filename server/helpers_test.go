package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/nexusgame"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
	"starnexus/store/sqlite"
)

var testCatalog *realms.Catalog

func catalog(t testing.TB) *realms.Catalog {
	t.Helper()
	if testCatalog == nil {
		cat, err := realms.LoadCatalog()
		if err != nil {
			t.Fatal(err)
		}
		testCatalog = cat
	}
	return testCatalog
}

// registry lists Star Realms with cat and Stellar Nexus with its built-in table.
func registry(t testing.TB, cat *realms.Catalog) *engine.Registry {
	t.Helper()
	nx, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.NewRegistry(realmsgame.WithCatalog(cat), nx)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// registered is the game name of the server's registry.
func (s *Server) registered(t testing.TB, name string) engine.Game {
	t.Helper()
	g, err := s.reg.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// nexusTable is the Stellar Nexus card table of the server's registry.
func (s *Server) nexusTable(t testing.TB) *nexus.Table {
	return s.registered(t, "nexus").(*nexusgame.Game).Table()
}

// viewServer is a Server that knows the test registry's games, enough for game.view.
func viewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{reg: registry(t, catalog(t))}
	if err := s.learnGames(); err != nil {
		t.Fatal(err)
	}
	return s
}

// testBot makes a bot of a game as the test registry has it.
func testBot(t testing.TB, game, name string) engine.Bot {
	t.Helper()
	g, err := registry(t, catalog(t)).Get(game)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bots.New(g, name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testBotNames lists the bots of a game as the test registry has it.
func testBotNames(t testing.TB, game string) []string {
	t.Helper()
	g, err := registry(t, catalog(t)).Get(game)
	if err != nil {
		t.Fatal(err)
	}
	return bots.Names(g)
}

type harness struct {
	t   *testing.T
	srv *Server
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
	cfg.Store = st
	if cfg.Games == nil {
		cfg.Games = registry(t, catalog(t))
	}
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.srv = srv
	h.ts = httptest.NewServer(srv.Handler())
	t.Cleanup(h.stop)
}

func (h *harness) stop() {
	if h.srv == nil {
		return
	}
	h.ts.Close()
	h.srv.Close()
	h.srv.store.Close()
	h.srv = nil
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

type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Name  string `json:"name"`
		Kind  string `json:"kind"`
		Token string `json:"token"`
		URL   string `json:"url"`
	} `json:"seats"`
}

func (h *harness) create(req string) created {
	h.t.Helper()
	code, b := h.do("POST", "/api/games", "", req)
	if code != http.StatusCreated {
		h.t.Fatalf("create: %d %s", code, b)
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		h.t.Fatal(err)
	}
	return c
}

type viewT struct {
	Seat    int      `json:"seat"`
	Seq     int      `json:"seq"`
	Legal   []string `json:"legal"`
	Over    bool     `json:"over"`
	ToMove  string   `json:"to_move"`
	Winners []string `json:"winners"`
	Waiting []int    `json:"waiting"`
	Players []struct {
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
