package campaign

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
)

// TestGameOfAndFinishGame plays scenarios 1 to 3 with two bots, recording each game through
// FinishGame (twice: the second call must find it recorded), then sets every played game up
// again with GameOf and replays its stored log: each must end as it ended, with the upgrades
// it made (so its setup was the campaign as it was when it began, not as it is now).
func TestGameOfAndFinishGame(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Create(ctx, db, c, "gameof", [2]string{"greedy", "greedy"}, withSeed(11))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		l, err := r.StartGame(ctx, r.State.BotChoice(c))
		if err != nil {
			t.Fatal(err)
		}
		playGame(t, r, l, -1, false)
		for k, want := range []bool{true, false} {
			got, err := FinishGame(ctx, db, r.State.Name, l.Game.ID, l.St)
			if err != nil || got != want {
				t.Fatalf("scenario %d: FinishGame call %d: recorded %v (want %v), err %v", l.Game.Scenario, k+1, got, want, err)
			}
		}
		if r, err = Open(ctx, db, "gameof"); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.State.Results) != 3 || r.State.Next != 4 {
		t.Fatalf("results %d, next %d; want 3 results, next 4", len(r.State.Results), r.State.Next)
	}
	upgrades := 0
	for _, res := range r.State.Results {
		st, err := r.State.GameOf(c, res.Game)
		if err != nil {
			t.Fatal(err)
		}
		_, acts, err := db.LoadGame(ctx, res.Game)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range acts {
			act, err := st.ParseAction(engine.Seat(a.Seat), a.Text)
			if err == nil {
				err = st.Apply(engine.Seat(a.Seat), act)
			}
			if err != nil {
				t.Fatalf("scenario %d: replaying %q: %v", res.Scenario, a.Text, err)
			}
		}
		if !st.Over() {
			t.Fatalf("scenario %d: the replayed game is not over", res.Scenario)
		}
		winner := -1
		if w := st.Winners(); len(w) == 1 {
			winner = int(w[0])
		}
		if winner != res.Winner || len(st.UpgradesMade()) != res.Upgrades {
			t.Fatalf("scenario %d: replay won by %d with %d upgrades; recorded %d with %d", res.Scenario, winner, len(st.UpgradesMade()), res.Winner, res.Upgrades)
		}
		upgrades += res.Upgrades
	}
	if upgrades == 0 {
		t.Log("no upgrade was made in scenarios 1-3: the setup check of GameOf is weaker")
	}
	if _, err := r.State.GameOf(c, "no-such-game"); err == nil {
		t.Fatal("GameOf of an unknown game: no error")
	}
	if !slices.ContainsFunc(r.State.Results, func(res Result) bool { return r.State.Recorded(res.Game) }) {
		t.Fatal("Recorded is false for a recorded game")
	}
}

// TestFinishGameConcurrent: two callers (as two server processes) record the same game at
// once: one records it, the other finds it recorded; the campaign holds one result.
func TestFinishGameConcurrent(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Create(ctx, db, c, "race", [2]string{"greedy", "random"}, withSeed(2))
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.StartGame(ctx, -1)
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, r, l, -1, false)
	type res struct {
		recorded bool
		err      error
	}
	out := make(chan res, 2)
	for range 2 {
		st := l.St.Clone().(*realms.State)
		go func() {
			rec, err := FinishGame(ctx, db, "race", l.Game.ID, st)
			out <- res{rec, err}
		}()
	}
	a, b := <-out, <-out
	if a.err != nil || b.err != nil || a.recorded == b.recorded {
		t.Fatalf("FinishGame twice at once: %+v and %+v; want one recorded, no error", a, b)
	}
	r, err = Open(ctx, db, "race")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.State.Results) != 1 || r.State.Next != 2 || r.State.Current != nil {
		t.Fatalf("after two recordings: %d results, next %d", len(r.State.Results), r.State.Next)
	}
}
