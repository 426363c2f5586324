package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/store"
)

// The derivations of a game's seed and a bot's setup choice before each game had its own
// secret seed: game n's seed was the campaign's seed XOR n*golden, so game 1's published seed
// gave the campaign's seed and with it every later game's.
const golden = 0x9E3779B97F4A7C15

func oldGameSeed(campaignSeed uint64, n int) uint64 { return campaignSeed ^ uint64(n)*golden }

// copyFile copies an SQLite database closed by its last connection (so that no write-ahead
// log holds part of it).
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	if _, err := os.Stat(from + "-wal"); err == nil {
		if fi, _ := os.Stat(from + "-wal"); fi.Size() > 0 {
			t.Fatalf("%s still has a write-ahead log after its close", from)
		}
	}
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// replays checks that GameOf sets up the recorded game id so that its stored log replays to
// its recorded end: the seed it uses is the one the game was played with.
func replays(t *testing.T, r *Run, id string) {
	t.Helper()
	st, err := r.State.GameOf(r.Content, id)
	if err != nil {
		t.Fatal(err)
	}
	_, acts, err := r.DB.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		act, err := st.ParseAction(engine.Seat(a.Seat), a.Text)
		if err == nil {
			err = st.Apply(engine.Seat(a.Seat), act)
		}
		if err != nil {
			t.Fatalf("game %s set up by GameOf: replaying %q: %v", id, a.Text, err)
		}
	}
	if !st.Over() {
		t.Fatalf("game %s set up by GameOf: not over after its log", id)
	}
}

// TestSecretSeedsNotComputable: a campaign made without a seed plays its first game; then
// its database is copied whole, so that two campaigns share everything stored about it, let
// alone what is published (game 1's seed and log, the campaign's state). Each starts its
// second game: if game 2's seed were any function of that data, the two would be equal, and
// they differ; neither is the old derivation from game 1's seed; and each is kept in the
// store, where another process finds it.
func TestSecretSeedsNotComputable(t *testing.T) {
	ctx := context.Background()
	c := load(t)
	dir := t.TempDir()
	a := openDB(t, filepath.Join(dir, "a.db"))
	r, err := Create(ctx, a, c, "secret", [2]string{"greedy", "random"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.State.Reproducible() || r.State.Seed != 0 || r.State.Seeds != SeedsSecret {
		t.Fatalf("a campaign without a seed: seeds %q, seed %d", r.State.Seeds, r.State.Seed)
	}
	l, err := r.StartGame(ctx, r.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, -1, true)
	g1, _, err := a.LoadGame(ctx, l.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	seed1 := g1.Seed // what the finished game's log publishes
	if res := r.State.Results[0]; res.Seed == nil || *res.Seed != seed1 {
		t.Fatalf("the result of game 1 keeps seed %v, the store %d", res.Seed, seed1)
	}
	a.Close()
	copyFile(t, filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db"))

	var seed2 [2]uint64
	for i, path := range []string{"a.db", "b.db"} {
		db := openDB(t, filepath.Join(dir, path))
		r, err := Open(ctx, db, "secret")
		if err != nil {
			t.Fatal(err)
		}
		replays(t, r, r.State.Results[0].Game)
		l, err := r.StartGame(ctx, r.State.BotChoice(c))
		if err != nil {
			t.Fatal(err)
		}
		seed2[i] = l.Game.Seed
		// The secret is in the database: the game's row and the campaign's state, as
		// another process (a server, the terminal) reads them.
		db.Close()
		db = openDB(t, filepath.Join(dir, path))
		g2, _, err := db.LoadGame(ctx, l.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Open(ctx, db, "secret")
		if err != nil {
			t.Fatal(err)
		}
		if g2.Seed != seed2[i] || again.State.Current == nil || again.State.Current.Seed != seed2[i] {
			t.Fatalf("game 2's seed %d: the store has %d, the campaign %+v", seed2[i], g2.Seed, again.State.Current)
		}
		if _, err := again.Live(ctx); err != nil {
			t.Fatalf("game 2 set up again in another process: %v", err)
		}
		db.Close()
	}
	if seed2[0] == seed2[1] {
		t.Fatalf("two campaigns that share everything about game 1 drew the same seed %d for game 2", seed2[0])
	}
	for _, s := range seed2 {
		if s == seed1 || s == oldGameSeed(oldGameSeed(seed1, 1), 2) {
			t.Fatalf("game 2's seed %d follows from game 1's %d", s, seed1)
		}
	}
}

// TestSecretBotChoices: in a campaign without a seed, the bots' setup choices and their
// random sources come from crypto/rand, not from anything stored; in a reproducible one they
// are the same every time.
func TestSecretBotChoices(t *testing.T) {
	c := load(t)
	for _, seed := range []*uint64{nil, withSeed(3)} {
		s, err := New(c, "t", [2]string{"greedy", "greedy"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s.Next = 2 // scenario 2 offers three options
		seen := map[int]bool{}
		for range 60 {
			k := s.BotChoice(c)
			if k < 0 || k >= 3 {
				t.Fatalf("choice %d of 3", k)
			}
			seen[k] = true
		}
		// 60 draws of 3 options give one value only with a chance of 3^-59.
		if want := 1; seed == nil && len(seen) == want || seed != nil && len(seen) != want {
			t.Fatalf("seed %v: the bot chose %v in 60 tries", seed, seen)
		}
		l := &Live{Game: Game{Seed: 9}, Rngs: make([]engine.RNG, 2), derived: s.Reproducible()}
		x, y := l.BotRNG(1).Uint64(), l.BotRNG(1).Uint64()
		if (x == y) != (seed != nil) {
			t.Fatalf("seed %v: two random sources for the same decision draw %d and %d", seed, x, y)
		}
	}
}

// TestReproducibleCampaigns: two campaigns made with the same seed play the same games: the
// same seeds, setup choices, actions and results.
func TestReproducibleCampaigns(t *testing.T) {
	ctx := context.Background()
	c := load(t)
	dir := t.TempDir()
	var logs [2][]string
	for i := range 2 {
		db := openDB(t, filepath.Join(dir, fmt.Sprintf("%d.db", i)))
		defer db.Close()
		r, err := Create(ctx, db, c, fmt.Sprintf("same-%d", i), [2]string{"random", "greedy"}, withSeed(77))
		if err != nil {
			t.Fatal(err)
		}
		if !r.State.Reproducible() || r.State.Seed != 77 {
			t.Fatalf("a campaign with seed 77: seeds %q, seed %d", r.State.Seeds, r.State.Seed)
		}
		for n := 1; n <= 2; n++ {
			l, err := r.StartGame(ctx, r.State.BotChoice(c))
			if err != nil {
				t.Fatal(err)
			}
			if l.Game.Seed != oldGameSeed(77, n) {
				t.Fatalf("scenario %d: seed %d, want the derived %d", n, l.Game.Seed, oldGameSeed(77, n))
			}
			playGame(t, r, l, -1, true)
			_, acts, err := db.LoadGame(ctx, l.Game.ID)
			if err != nil {
				t.Fatal(err)
			}
			res := r.State.Results[n-1]
			res.Game = ""
			b, _ := json.Marshal(res)
			logs[i] = append(logs[i], string(b))
			for _, a := range acts {
				logs[i] = append(logs[i], fmt.Sprintf("%d %s", a.Seat, a.Text))
			}
		}
	}
	if a, b := strings.Join(logs[0], "\n"), strings.Join(logs[1], "\n"); a != b {
		t.Fatalf("two campaigns with seed 77 differ:\n%.2000s\n---\n%.2000s", a, b)
	}
}

// TestCampaignOfEarlierVersion: a campaign stored before each game had its own seed (no
// "seeds", results without a seed, games derived from the campaign's seed) still loads: its
// played games are set up with the seeds they were played with, and its next game draws a
// secret seed instead of the derived one, which game 1's log gives away.
func TestCampaignOfEarlierVersion(t *testing.T) {
	ctx := context.Background()
	c := load(t)
	db := openDB(t, filepath.Join(t.TempDir(), "old.db"))
	defer db.Close()
	r, err := Create(ctx, db, c, "old", [2]string{"greedy", "greedy"}, withSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.StartGame(ctx, r.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, -1, true)
	// Rewrite the stored state as the earlier version wrote it.
	var raw map[string]any
	if err := json.Unmarshal(r.Rec.State, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "seeds")
	for _, res := range raw["results"].([]any) {
		delete(res.(map[string]any), "seed")
	}
	if r.Rec.State, err = json.Marshal(raw); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveCampaign(ctx, r.Rec, store.CampaignSave{}); err != nil {
		t.Fatal(err)
	}

	old, err := Open(ctx, db, "old")
	if err != nil {
		t.Fatal(err)
	}
	if old.State.Reproducible() || old.State.Results[0].Seed != nil {
		t.Fatalf("the rewritten state: seeds %q, result %+v", old.State.Seeds, old.State.Results[0])
	}
	replays(t, old, old.State.Results[0].Game)
	l, err = old.StartGame(ctx, old.State.BotChoice(c))
	if err != nil {
		t.Fatal(err)
	}
	if l.Game.Seed == oldGameSeed(5, 2) {
		t.Fatalf("the old campaign's game 2 has the derived seed %d", l.Game.Seed)
	}
	playGame(t, old, l, -1, true)
	if res := old.State.Results[1]; res.Seed == nil || *res.Seed != l.Game.Seed {
		t.Fatalf("game 2's result keeps seed %v, want %d", res.Seed, l.Game.Seed)
	}
	replays(t, old, old.State.Results[1].Game)
}
