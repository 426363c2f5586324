package campaign

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"starnexus/store"
	"starnexus/store/postgres"
	"starnexus/store/sqlite"
)

func openDB(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// playGame plays the game under way with its bots, stopping after stop more actions (-1: to
// the end), and records it when it ends and record is set.
func playGame(t *testing.T, r *Run, l *Live, stop int, record bool) {
	t.Helper()
	ctx := context.Background()
	for n := 0; !l.St.Over() && n != stop; n++ {
		if err := r.BotMove(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	if l.St.Over() && record {
		if _, err := r.Finish(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
}

// essence is what a campaign keeps, without the store's random game ids.
func essence(t *testing.T, s *State) string {
	t.Helper()
	c := *s
	c.Results = nil
	for _, r := range s.Results {
		r.Game = ""
		c.Results = append(c.Results, r)
	}
	if c.Current != nil {
		g := *c.Current
		g.ID = ""
		c.Current = &g
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestKillAndResume plays scenarios 1 to 3 of a bot campaign twice: once straight through,
// once killed twice (in the middle of scenario 2's game, and in scenario 3 after the game's
// last action was logged but before its result was recorded), every in-memory object dropped
// and the database reopened each time. Both runs must end in the same campaign state: every
// upgrade, row and point kept, and the interrupted games continued from their logs.
func TestKillAndResume(t *testing.T) {
	dir := t.TempDir()
	killAndResume(t, "killed", func(t *testing.T) DB { return openDB(t, filepath.Join(dir, "killed.db")) })
}

// TestKillAndResumePostgres is the same on PostgreSQL (STARNEXUS_TEST_POSTGRES, as the store
// tests; skipped without it).
func TestKillAndResumePostgres(t *testing.T) {
	dsn := os.Getenv("STARNEXUS_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("STARNEXUS_TEST_POSTGRES is not set")
	}
	var b [4]byte
	rand.Read(b[:])
	killAndResume(t, "killed-"+hex.EncodeToString(b[:]), func(t *testing.T) DB {
		db, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		return db
	})
}

// killAndResume runs the test on the database open reaches (each call: a new process).
func killAndResume(t *testing.T, name string, open func(t *testing.T) DB) {
	ctx := context.Background()
	c := load(t)
	dir := t.TempDir()

	// The straight run.
	ref := openDB(t, filepath.Join(dir, "ref.db"))
	defer ref.Close()
	rr, err := Create(ctx, ref, c, name, [2]string{"random", "greedy"}, withSeed(99))
	if err != nil {
		t.Fatal(err)
	}
	var after []string // the essence after each scenario
	for n := 1; n <= 3; n++ {
		l, err := rr.StartGame(ctx, rr.State.BotChoice(c))
		if err != nil {
			t.Fatal(err)
		}
		playGame(t, rr, l, -1, true)
		after = append(after, essence(t, rr.State))
	}
	if rr.State.Upgrades(0)+rr.State.Upgrades(1) == 0 {
		t.Fatal("no upgrade in three scenarios: the test would not show that upgrades are kept")
	}

	// The interrupted run.
	db := open(t)
	r, err := Create(ctx, db, c, name, [2]string{"random", "greedy"}, withSeed(99))
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.StartGame(ctx, r.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, -1, true)
	l, err = r.StartGame(ctx, r.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, 57, false)
	if l.St.Over() {
		t.Fatal("scenario 2 ended within 57 actions: pick a later stop")
	}
	db.Close() // the kill: nothing in memory survives
	r, l = nil, nil

	db = open(t)
	r, err = Open(ctx, db, name)
	if err != nil {
		t.Fatal(err)
	}
	if got := essence(t, r.State); r.State.Current == nil || r.State.Next != 2 {
		t.Fatalf("after the kill in scenario 2: %s", got)
	}
	if r.State.Players[0].Points+r.State.Players[1].Points != c.Scenarios[0].VictoryPoints && r.State.Results[0].Winner >= 0 {
		t.Fatalf("scenario 1's points lost: %+v", r.State.Players)
	}
	l, err = r.Live(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Actions) != 57 {
		t.Fatalf("the resumed game has %d actions in its log, want 57", len(l.Actions))
	}
	playGame(t, r, l, -1, true)
	// The resumed game is the straight run's game, action for action.
	_, straight, err := ref.LoadGame(ctx, rr.State.Results[1].Game)
	if err != nil {
		t.Fatal(err)
	}
	_, resumed, err := db.LoadGame(ctx, r.State.Results[1].Game)
	if err != nil {
		t.Fatal(err)
	}
	if len(straight) != len(resumed) {
		t.Fatalf("scenario 2: %d actions resumed, %d straight", len(resumed), len(straight))
	}
	for i := range straight {
		if straight[i] != resumed[i] {
			t.Fatalf("scenario 2, action %d: %+v resumed, %+v straight", i, resumed[i], straight[i])
		}
	}
	if got := essence(t, r.State); got != after[1] {
		t.Fatalf("after scenario 2 resumed:\n%s\nwant (straight run):\n%s", got, after[1])
	}

	l, err = r.StartGame(ctx, r.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, -1, false) // over, logged, not recorded
	db.Close()
	r, l = nil, nil

	db = open(t)
	defer db.Close()
	if r, err = Open(ctx, db, name); err != nil {
		t.Fatal(err)
	}
	if r.State.Phase() != "playing" {
		t.Fatalf("phase %s after a kill before the result, want playing", r.State.Phase())
	}
	if l, err = r.Live(ctx); err != nil {
		t.Fatal(err)
	}
	if !l.St.Over() {
		t.Fatal("the replayed game of scenario 3 is not over")
	}
	if _, err := r.Finish(ctx, l); err != nil {
		t.Fatal(err)
	}
	if got := essence(t, r.State); got != after[2] {
		t.Fatalf("after scenario 3 resumed:\n%s\nwant (straight run):\n%s", got, after[2])
	}
	g, _, err := db.LoadGame(ctx, r.State.Results[2].Game)
	if err != nil || !g.Finished {
		t.Fatalf("scenario 3's game: finished %v, %v", g != nil && g.Finished, err)
	}
	// Reopened once more, the campaign is as it was saved.
	again, err := Open(ctx, db, name)
	if err != nil {
		t.Fatal(err)
	}
	if essence(t, again.State) != after[2] {
		t.Fatal("the stored campaign differs from the one in memory")
	}
}

// TestSettlePendingBotCompletions: a campaign stored after its last game with a bot's
// upgrades still to make (as an earlier version could leave it: it made them apart from the
// result) gets them, and is stored finished, from Settle; Settle then has nothing to do.
func TestSettlePendingBotCompletions(t *testing.T) {
	ctx := context.Background()
	c := load(t)
	s := begun(t, c, 12)
	s.Players[1].Who = "greedy" // two bots
	if err := s.Record(c, "g", 0, nil); err != nil {
		t.Fatal(err)
	}
	if s.Phase() != "completion" {
		t.Fatalf("phase %s after scenario 12", s.Phase())
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	if err := db.CreateCampaign(ctx, &store.Campaign{Name: s.Name, State: data}); err != nil {
		t.Fatal(err)
	}
	r, err := Open(ctx, db, s.Name)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	again, err := Open(ctx, db, s.Name)
	if err != nil {
		t.Fatal(err)
	}
	if !again.State.Finished || again.Rec.Version != 2 || again.State.Upgrades(0) == 0 || again.State.Upgrades(1) == 0 {
		t.Fatalf("after Settle: finished %v, version %d, upgrades %d and %d", again.State.Finished, again.Rec.Version, again.State.Upgrades(0), again.State.Upgrades(1))
	}
	if err := again.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if rec, err := db.LoadCampaign(ctx, s.Name); err != nil || rec.Version != 2 {
		t.Fatalf("a second Settle saved again: %v, %v", rec, err)
	}
}
