package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"starnexus/store/postgres"
)

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
		srv, err := New(context.Background(), Config{Store: st, Games: registry(t, catalog(t)), AllowSeed: true, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		h := &harness{t: t, srv: srv, ts: httptest.NewServer(srv.Handler())}
		t.Cleanup(h.stop)
		hs = append(hs, h)
	}
	return hs[0], hs[1]
}

func TestTwoProcessesOnePostgres(t *testing.T) {
	a, b := twoProcesses(t)
	g := a.create(`{"seed":99,"options":{"first_player":"1"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	ann, bob := g.Seats[0].Token, g.Seats[1].Token
	// Ann plays through process a, Bob through process b; each sees the other's moves pushed.
	annWS, bobWS := dialWS(t, a, g.ID, ann), dialWS(t, b, g.ID, bob)
	for i := 0; i < 30; i++ {
		v, _ := a.view(g.ID, "")
		h, tok, ws := a, ann, bobWS
		if v.ToMove == "Bob" {
			h, tok, ws = b, bob, annWS
		}
		sv, _ := h.view(g.ID, tok)
		action := pick(sv.Legal, i)
		// The same action sent to both processes at once is applied once.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for k, hh := range []*harness{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[k], _ = hh.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": action, "seq": sv.Seq})
			}()
		}
		wg.Wait()
		if !(codes[0] == 200) != (codes[1] == 200) || (codes[0] != 409 && codes[1] != 409) {
			t.Fatalf("step %d: answers %v, want one 200 and one 409", i, codes)
		}
		waitFor(t, "the other process's push", func() bool { return ws.lastSeq() == sv.Seq+1 })
		va, ba := a.view(g.ID, "")
		_, bb := b.view(g.ID, "")
		if va.Seq != sv.Seq+1 || string(ba) != string(bb) {
			t.Fatalf("step %d: the processes disagree:\n%s\n%s", i, ba, bb)
		}
	}
	// A bot game held by both processes: its bots run in one of them only.
	bg := a.create(`{"options":{"max_rounds":"15"},"seats":[{"name":"X","kind":"bot","bot":"greedy"},{"name":"Y","kind":"bot","bot":"greedy"}]}`)
	b.view(bg.ID, "")
	waitFor(t, "the bot game to end in both processes", func() bool {
		va, _ := a.view(bg.ID, "")
		vb, _ := b.view(bg.ID, "")
		return va.Over && vb.Over
	})
	_, lb := a.do("GET", "/api/games/"+bg.ID+"/log", "", nil)
	var lg logJSON
	json.Unmarshal(lb, &lg)
	na := testutil.ToFloat64(a.srv.metrics.actions)
	nb := testutil.ToFloat64(b.srv.metrics.actions)
	// Process a applied the 30 human actions that reached it first, some of them; the bot
	// actions all went through one process.
	if int(na+nb) != 30+len(lg.Actions) {
		t.Fatalf("actions applied: %v + %v, want %d (each once)", na, nb, 30+len(lg.Actions))
	}
	if code, body := b.do("GET", "/api/games?open=1", "", nil); code != http.StatusOK || !strings.Contains(string(body), g.ID) {
		t.Fatalf("list on b: %d %s", code, body)
	}
}

// TestTwoProcessesOnePostgresNexus: a Stellar Nexus game across two processes: a human's
// moves through one are pushed by the other, and a bot game's actions are each applied once.
func TestTwoProcessesOnePostgresNexus(t *testing.T) {
	a, b := twoProcesses(t)
	g := a.create(`{"game":"nexus","seed":5,"seats":[{"name":"Ann","deck":"rayji"},{"name":"Bob","deck":"kern"}]}`)
	ann, bob := g.Seats[0].Token, g.Seats[1].Token
	annWS, bobWS := dialWS(t, a, g.ID, ann), dialWS(t, b, g.ID, bob)
	for i := 0; i < 40; i++ {
		v, _ := a.view(g.ID, "")
		h, tok, ws := a, ann, bobWS
		if v.ToMove == "Bob" {
			h, tok, ws = b, bob, annWS
		}
		sv, _ := h.view(g.ID, tok)
		n := logLen(h, g.ID)
		if code, body := h.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": nexusPick(sv.Legal, i), "seq": sv.Seq}); code != http.StatusOK {
			t.Fatalf("step %d: %d %s", i, code, body)
		}
		// Both processes hold the action; the other seat's socket shows what that seat may
		// see of it: during the secret mulligans (SN 10.6) its seq does not move.
		waitFor(t, "both processes to hold the action", func() bool { return logLen(a, g.ID) == n+1 && logLen(b, g.ID) == n+1 })
		other := bob
		if tok == bob {
			other = ann
		}
		ov, _ := h.view(g.ID, other)
		waitFor(t, "the other process's push", func() bool { return ws.lastSeq() == ov.Seq })
		_, ba := a.view(g.ID, "")
		_, bb := b.view(g.ID, "")
		if string(ba) != string(bb) {
			t.Fatalf("step %d: the processes disagree:\n%s\n%s", i, ba, bb)
		}
	}
	before := testutil.ToFloat64(a.srv.metrics.actions) + testutil.ToFloat64(b.srv.metrics.actions)
	bg := a.create(`{"game":"nexus","options":{"max_turns":"30"},"seats":[{"name":"X","kind":"bot","bot":"random"},{"name":"Y","kind":"bot","bot":"random"}]}`)
	b.view(bg.ID, "")
	waitFor(t, "the nexus bot game to end in both processes", func() bool {
		va, _ := a.view(bg.ID, "")
		vb, _ := b.view(bg.ID, "")
		return va.Over && vb.Over
	})
	_, lb := a.do("GET", "/api/games/"+bg.ID+"/log", "", nil)
	var lg logJSON
	json.Unmarshal(lb, &lg)
	after := testutil.ToFloat64(a.srv.metrics.actions) + testutil.ToFloat64(b.srv.metrics.actions)
	if int(after-before) != len(lg.Actions) || lg.Options["decks"] != "damnareh,kern" {
		t.Fatalf("bot game: %v actions applied for %d logged; options %v", after-before, len(lg.Actions), lg.Options)
	}
}

// logLen is how many actions process h holds for game id (-1: it does not hold the game).
func logLen(h *harness, id string) int {
	h.srv.mu.Lock()
	g := h.srv.games[id]
	h.srv.mu.Unlock()
	if g == nil {
		return -1
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.log)
}
