package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus"
)

// ffaAtBlockers makes a three-player free-for-all through the API and puts in its place (the
// test hook of the probe test) a position at the declaration of blockers: Ann attacks Bob
// with Dune Ambusher and Cid with Ironclad Brute (SN 12.3, 15.2). The attack is applied to the
// State before it is installed, so the game's log starts at the blockers.
func ffaAtBlockers(t *testing.T, h *harness) created {
	t.Helper()
	c := h.create(`{"game":"nexus","format":"ffa","seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cid"}]}`)
	st, err := nexus.NewPosition(h.srv.nexusTable(t), nexus.Position{Options: nexus.Options{Format: "ffa"}, Seed: 4, Active: "Ann", Phase: "combat",
		Players: []nexus.PlayerSetup{
			{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Field: []nexus.Perm{{Card: "Dune Ambusher"}, {Card: "Ironclad Brute"}}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Field: []nexus.Perm{{Card: "Rivet Sentry"}}},
			{Name: "Cid", Hero: "Ilyane of the High Current", Field: []nexus.Perm{{Card: "Rivet Sentry"}, {Card: "Bloomcaller"}}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	play := func(seat engine.Seat, text string) {
		if err := st.ApplyText(seat, text); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	}
	play(0, "attack with Dune Ambusher at Bob, Ironclad Brute at Cid")
	for m := st.ToMove(nil); len(m) == 1; m = st.ToMove(nil) {
		play(m[0], "pass")
	}
	if m := st.ToMove(nil); len(m) != 2 || m[0] != 1 || m[1] != 2 {
		t.Fatalf("Bob and Cid should be declaring blockers: %v", m)
	}
	g, err := h.srv.game(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	g.st = st
	g.mu.Unlock()
	return c
}

// TestHiddenBlocksAreNotCounted: in a free-for-all, the block declarations of one attacked
// player move nothing that the others or a spectator see (SN 1.6): not the view, its seq or
// its log, no push, no count in /metrics; the player's own view and seq do move. Confirming
// is public; the last confirmation reveals them all at once, with their number.
func TestHiddenBlocksAreNotCounted(t *testing.T) {
	h := newHarness(t, Config{})
	g := ffaAtBlockers(t, h)
	ann, bob, cid := g.Seats[0].Token, g.Seats[1].Token, g.Seats[2].Token
	bobWS := dialWS(t, h, g.ID, `{"token":"`+bob+`"}`)
	spec := dialWS(t, h, g.ID, "")
	waitFor(t, "the first pushes", func() bool { return bobWS.lastSeq() == 0 && spec.lastSeq() == 0 })
	bobWS.take()
	spec.take()
	counted := h.countedActions
	act := func(who, token, text string, seq int) {
		t.Helper()
		if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", token, map[string]any{"action": text, "seq": seq}); code != http.StatusOK {
			t.Fatalf("%s's %q at seq %d: %d %s", who, text, seq, code, b)
		}
	}
	views := func() [3][]byte {
		var out [3][]byte
		for i, tok := range []string{ann, bob, ""} {
			_, out[i] = h.view(g.ID, tok)
		}
		return out
	}
	before, metrics := views(), counted()

	// Cid declares one blocker, then two: two entries only she sees.
	act("Cid", cid, "block Ironclad Brute with Rivet Sentry", 0)
	act("Cid", cid, "block Ironclad Brute with Rivet Sentry, Bloomcaller", 1)
	if after := views(); !bytes.Equal(after[0], before[0]) || !bytes.Equal(after[1], before[1]) || !bytes.Equal(after[2], before[2]) {
		t.Fatalf("Cid's hidden blocks changed what the others see:\n%s\n%s", before[2], after[2])
	}
	if v, b := h.view(g.ID, cid); v.Seq != 2 || len(v.Log) != 2 || !strings.Contains(string(b), `"blocking":"Ironclad Brute"`) {
		t.Fatalf("Cid's own view: seq %d, log %v", v.Seq, v.Log)
	}
	if m := counted(); m != metrics {
		t.Fatalf("hidden block declarations counted in /metrics: %q then %q", metrics, m)
	}

	// Bob declares at the seq he sees (0): accepted, and hidden from Cid in turn.
	act("Bob", bob, "block Dune Ambusher with Rivet Sentry", 0)
	// Each push is awaited before the next action, so that none is merged into a later one.
	waitFor(t, "the push of Bob's block to Bob", func() bool { return bobWS.lastSeq() == 1 })
	if v, _ := h.view(g.ID, cid); v.Seq != 2 {
		t.Fatalf("Cid's seq moved to %d with Bob's hidden block", v.Seq)
	}
	if v, _ := h.view(g.ID, ""); v.Seq != 0 || len(v.Log) != 0 {
		t.Fatalf("the spectator's view: seq %d, log %v", v.Seq, v.Log)
	}

	// Cid confirms: public. Bob confirms: all is revealed, and counted, at once.
	act("Cid", cid, "done", 2)
	waitFor(t, "the pushes of Cid's done", func() bool { return bobWS.lastSeq() == 2 && spec.lastSeq() == 1 })
	if v, _ := h.view(g.ID, ""); v.Seq != 1 || len(v.Log) != 1 || v.Log[0].Action != "done" || v.Log[0].Name != "Cid" {
		t.Fatalf("the spectator should see Cid's done alone: seq %d, log %v", v.Seq, v.Log)
	}
	if m := counted(); !strings.Contains(m, "starnexus_actions_total 1") {
		t.Fatalf("Cid's done counted as %q", m)
	}
	act("Bob", bob, "done", 2)
	v, b := h.view(g.ID, "")
	if v.Seq != 5 || len(v.Log) != 5 || !strings.Contains(string(b), `"blocking":"Ironclad Brute"`) || !strings.Contains(string(b), `"blocking":"Dune Ambusher"`) {
		t.Fatalf("after the reveal the spectator sees seq %d: %s", v.Seq, b)
	}
	if m := counted(); !strings.Contains(m, "starnexus_actions_total 5") {
		t.Fatalf("the five actions counted as %q", m)
	}
	// The sockets were sent a view for Bob's own block (Bob's only), Cid's done and the
	// reveal; nothing for Cid's declarations.
	waitFor(t, "the pushes of the reveal", func() bool { return spec.lastSeq() == 5 && bobWS.lastSeq() == 5 })
	for who, c := range map[string]struct {
		r    *wsRecorder
		seqs []int
	}{"Bob": {bobWS, []int{1, 2, 5}}, "the spectator": {spec, []int{1, 5}}} {
		m := c.r.take()
		var seqs []int
		for _, x := range m {
			var v viewT
			if json.Unmarshal(x, &v) == nil && v.Players != nil {
				seqs = append(seqs, v.Seq)
			}
		}
		if len(seqs) != len(m) || !equalInts(seqs, c.seqs) {
			t.Fatalf("%s's socket got views at seqs %v for the declarations and the reveal, want %v:\n%s", who, seqs, c.seqs, bytes.Join(m, []byte("\n")))
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
