package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"starnexus/store"
)

// sqlStore is what the SQL backends expose: the suite damages rows through it, as a disk
// error or a hand edit would, and removes the games it dated in the future.
type sqlStore interface{ SQL() *sql.DB }

// rawSQL returns the store's database, or skips the test for a backend without one.
func rawSQL(t *testing.T, s store.Store) *sql.DB {
	t.Helper()
	r, ok := s.(sqlStore)
	if !ok {
		t.Skipf("%T gives no access to its rows", s)
	}
	return r.SQL()
}

// exec runs a statement on the store's database. The suite's ids are hex, so they are
// written into the statement: that keeps it free of the dialects' placeholders.
func exec(t *testing.T, db *sql.DB, query string) {
	t.Helper()
	if _, err := db.Exec(query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// forget deletes games (and their seats and actions) when the test ends: a database shared
// with other tests (PostgreSQL) must not keep damaged rows, or games dated in the future
// that would head every other test's listing.
func forget(t *testing.T, db *sql.DB, ids ...string) {
	t.Cleanup(func() {
		in := "'" + strings.Join(ids, "', '") + "'"
		for _, table := range []string{"actions", "seats", "leases"} {
			db.Exec(`DELETE FROM ` + table + ` WHERE game_id IN (` + in + `)`)
		}
		db.Exec(`DELETE FROM games WHERE id IN (` + in + `)`)
	})
}

// cleanup forgets games when the backend allows it.
func cleanup(t *testing.T, s store.Store, ids ...string) {
	if db, ok := s.(sqlStore); ok {
		forget(t, db.SQL(), ids...)
	}
}

// listed returns the summaries of f's listing whose ids are among ids, in listed order.
func listed(t *testing.T, s store.Store, f store.Filter, ids ...string) []store.Summary {
	t.Helper()
	all, err := s.List(context.Background(), f)
	if err != nil {
		t.Fatalf("list %+v: %v", f, err)
	}
	var out []store.Summary
	for _, sm := range all {
		for _, id := range ids {
			if sm.Game.ID == id {
				out = append(out, sm)
			}
		}
	}
	return out
}

func ids(sums []store.Summary) string {
	var b []string
	for _, sm := range sums {
		b = append(b, sm.Game.ID)
	}
	return strings.Join(b, " ")
}

func runGames(t *testing.T, open Open) {
	ctx := context.Background()
	t.Run("LastActive", func(t *testing.T) {
		s := open(t)
		id := newID()
		g := sample(id)
		g.Created = time.Now().Add(-time.Hour).Truncate(time.Second)
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		cleanup(t, s, id)
		got, _, err := s.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !got.LastActive.Equal(g.Created) || got.Abandoned {
			t.Fatalf("new game: last active %v, created %v, abandoned %v", got.LastActive, g.Created, got.Abandoned)
		}
		last := got.LastActive
		step := func(what string, do func() error) {
			t.Helper()
			before := time.Now()
			if err := do(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			got, _, err := s.LoadGame(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got.LastActive.Before(before) || !got.LastActive.After(last) {
				t.Fatalf("after %s: last active %v, want from %v on (and after %v)", what, got.LastActive, before, last)
			}
			sm := listed(t, s, store.Filter{Unfinished: true}, id)
			if len(sm) != 1 || !sm[0].Game.LastActive.Equal(got.LastActive) {
				t.Fatalf("after %s: listed as %+v, loaded last active %v", what, sm, got.LastActive)
			}
			last = got.LastActive
		}
		step("an action", func() error { return s.Append(ctx, id, store.Action{Seq: 0, Text: "x"}) })
		step("a seat claim", func() error { return s.ClaimSeat(ctx, id, 2, "Cid", store.HashToken("t-cid")) })
		// A refused action is no activity.
		if err := s.Append(ctx, id, store.Action{Seq: 0, Text: "again"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second action at 0: %v", err)
		}
		if got, _, _ := s.LoadGame(ctx, id); !got.LastActive.Equal(last) {
			t.Fatalf("a refused action moved last active from %v to %v", last, got.LastActive)
		}
		// A given LastActive is kept, for imports and for tests of idle games.
		other := sample(newID())
		other.LastActive = time.Now().Add(-48 * time.Hour).Truncate(time.Second)
		if err := s.CreateGame(ctx, other); err != nil {
			t.Fatal(err)
		}
		cleanup(t, s, other.ID)
		if got, _, _ := s.LoadGame(ctx, other.ID); !got.LastActive.Equal(other.LastActive) {
			t.Fatalf("given last active %v, stored %v", other.LastActive, got.LastActive)
		}
	})
	t.Run("IdleBefore", func(t *testing.T) {
		s := open(t)
		now := time.Now()
		mk := func(active time.Time) string {
			g := sample(newID())
			g.Created, g.LastActive = active.Add(-time.Minute), active
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			cleanup(t, s, g.ID)
			return g.ID
		}
		idle, idleFinished, recent := mk(now.Add(-3*time.Hour)), mk(now.Add(-3*time.Hour)), mk(now.Add(-time.Minute))
		idler := mk(now.Add(-5 * time.Hour))
		if err := s.Finish(ctx, idleFinished, []int{0}); err != nil {
			t.Fatal(err)
		}
		f := store.Filter{IdleBefore: now.Add(-time.Hour)}
		if got := ids(listed(t, s, f, idle, idleFinished, recent, idler)); got != idle+" "+idler {
			t.Fatalf("idle for an hour: %q, want %q (newest first)", got, idle+" "+idler)
		}
		// Unfinished adds nothing to IdleBefore, which lists unfinished games only.
		f.Unfinished = true
		if got := ids(listed(t, s, f, idle, idleFinished, recent, idler)); got != idle+" "+idler {
			t.Fatalf("idle and unfinished: %q", got)
		}
		if got := ids(listed(t, s, store.Filter{IdleBefore: now.Add(-4 * time.Hour)}, idle, idleFinished, recent, idler)); got != idler {
			t.Fatalf("idle for four hours: %q, want %q", got, idler)
		}
		// An action makes a game active again.
		if err := s.Append(ctx, idle, store.Action{Seq: 0, Text: "x"}); err != nil {
			t.Fatal(err)
		}
		if got := ids(listed(t, s, store.Filter{IdleBefore: now.Add(-time.Hour)}, idle, idleFinished, recent, idler)); got != idler {
			t.Fatalf("idle after an action in one: %q, want %q", got, idler)
		}
	})
	t.Run("Seating", func(t *testing.T) {
		s := open(t)
		waiting, claimed, seated, done := newID(), newID(), newID(), newID()
		for _, id := range []string{waiting, claimed, seated, done} {
			g := sample(id)
			switch id {
			case seated:
				g.Seats[2] = store.Seat{Name: "Cid", Kind: store.Bot, Bot: "random"}
			case done:
				g.Finished = true
			}
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		cleanup(t, s, waiting, claimed, seated, done)
		if err := s.ClaimSeat(ctx, claimed, 2, "Cid", store.HashToken("t-cid")); err != nil {
			t.Fatal(err)
		}
		has := func(f store.Filter) map[string]bool {
			out := map[string]bool{}
			for _, sm := range listed(t, s, f, waiting, claimed, seated, done) {
				out[sm.Game.ID] = true
			}
			return out
		}
		for _, c := range []struct {
			f    store.Filter
			want []string
		}{
			{store.Filter{Seating: store.SeatingOpen}, []string{waiting, done}},
			{store.Filter{Seating: store.SeatingOpen, Unfinished: true}, []string{waiting}},
			{store.Filter{Seating: store.SeatingFull, Unfinished: true}, []string{claimed, seated}},
			{store.Filter{Seating: store.SeatingFull}, []string{claimed, seated}},
			{store.Filter{Unfinished: true}, []string{waiting, claimed, seated}},
		} {
			got := has(c.f)
			if len(got) != len(c.want) {
				t.Errorf("%+v: %d games, want %d", c.f, len(got), len(c.want))
			}
			for _, id := range c.want {
				if !got[id] {
					t.Errorf("%+v: %s missing", c.f, id)
				}
			}
		}
	})
	t.Run("Paging", func(t *testing.T) {
		s := open(t)
		// Games dated a hundred years on head the listing whatever else the database holds
		// (an earlier run's such games are dated from an earlier now; Unix nanoseconds end
		// in 2262); they are deleted at the end when the backend allows it.
		base := time.Now().AddDate(100, 0, 0)
		var mine []string // newest first
		for i := 0; i < 5; i++ {
			g := sample(newID())
			g.Created = base.Add(time.Duration(i) * time.Second)
			if i == 1 {
				g.Finished = true
			}
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			mine = append([]string{g.ID}, mine...)
		}
		cleanup(t, s, mine...)
		page := func(f store.Filter) string {
			t.Helper()
			got, err := s.List(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			return ids(got)
		}
		for _, c := range []struct {
			f    store.Filter
			want []string
		}{
			{store.Filter{Limit: 2}, mine[0:2]},
			{store.Filter{Limit: 2, Offset: 2}, mine[2:4]},
			{store.Filter{Limit: 1, Offset: 4}, mine[4:5]},
			{store.Filter{Limit: 3, Offset: 1}, mine[1:4]},
			// The finished game (the second oldest, mine[3]) is not counted among the
			// unfinished ones.
			{store.Filter{Unfinished: true, Limit: 2, Offset: 2}, []string{mine[2], mine[4]}},
			{store.Filter{Unfinished: true, Limit: 4}, []string{mine[0], mine[1], mine[2], mine[4]}},
		} {
			if got := page(c.f); got != strings.Join(c.want, " ") {
				t.Errorf("%+v: %q, want %q", c.f, got, strings.Join(c.want, " "))
			}
		}
		// An offset without a limit lists the rest.
		rest, err := s.List(ctx, store.Filter{Offset: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(rest) < 2 || ids(rest[:2]) != mine[3]+" "+mine[4] {
			t.Fatalf("offset 3 without a limit starts with %q", ids(rest[:min(2, len(rest))]))
		}
		// Seats come with each listed game, in order.
		got, _ := s.List(ctx, store.Filter{Limit: 2})
		for _, sm := range got {
			if len(sm.Game.Seats) != 3 || sm.Game.Seats[0].Name != "Ann" || sm.Game.Seats[2].Kind != store.Open || len(sm.OpenSeat) != 1 || sm.OpenSeat[0] != 2 {
				t.Fatalf("listed %s with seats %+v, open %v", sm.Game.ID, sm.Game.Seats, sm.OpenSeat)
			}
		}
	})
	t.Run("Abandon", func(t *testing.T) {
		s := open(t)
		id, played := newID(), newID()
		for _, g := range []string{id, played} {
			if err := s.CreateGame(ctx, sample(g)); err != nil {
				t.Fatal(err)
			}
			cleanup(t, s, g)
		}
		if err := s.Append(ctx, id, store.Action{Seq: 0, Text: "x"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Abandon(ctx, id); err != nil {
			t.Fatal(err)
		}
		g, acts, err := s.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Finished || !g.Abandoned || len(g.Winners) != 0 || len(acts) != 1 {
			t.Fatalf("abandoned game: %+v with %d actions", g, len(acts))
		}
		if err := s.Append(ctx, id, store.Action{Seq: 1, Text: "late"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("action after abandon: %v, want ErrConflict", err)
		}
		if err := s.Abandon(ctx, id); err != nil {
			t.Fatalf("second abandon: %v", err)
		}
		if err := s.Abandon(ctx, "nope-"+newID()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("abandon of a missing game: %v, want ErrNotFound", err)
		}
		// A game played to its end stays as it ended.
		if err := s.Finish(ctx, played, []int{1}); err != nil {
			t.Fatal(err)
		}
		if err := s.Abandon(ctx, played); err != nil {
			t.Fatalf("abandon of a finished game: %v", err)
		}
		if g, _, _ := s.LoadGame(ctx, played); !g.Finished || g.Abandoned || len(g.Winners) != 1 || g.Winners[0] != 1 {
			t.Fatalf("finished game after abandon: %+v", g)
		}
		sm := listed(t, s, store.Filter{}, id)
		if len(sm) != 1 || !sm[0].Game.Abandoned || !sm[0].Game.Finished || sm[0].Actions != 1 {
			t.Fatalf("listed as %+v", sm)
		}
		if sm := listed(t, s, store.Filter{Unfinished: true}, id); len(sm) != 0 {
			t.Fatal("an abandoned game is listed as unfinished")
		}
		if sm := listed(t, s, store.Filter{IdleBefore: time.Now().Add(time.Hour)}, id); len(sm) != 0 {
			t.Fatal("an abandoned game is listed as idle")
		}
	})
	t.Run("AbandonIdle", func(t *testing.T) {
		s := open(t)
		now := time.Now()
		mk := func() string {
			g := sample(newID())
			g.LastActive = now.Add(-2 * time.Hour)
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			cleanup(t, s, g.ID)
			return g.ID
		}
		idle, saved, claimed := mk(), mk(), mk()
		cutoff := now.Add(-time.Hour)
		if got := ids(listed(t, s, store.Filter{IdleBefore: cutoff}, idle, saved, claimed)); strings.Count(got, " ") != 2 {
			t.Fatalf("idle games listed: %q", got)
		}
		// Between the listing and the sweep, one game gets an action and one a player.
		if err := s.Append(ctx, saved, store.Action{Seq: 0, Text: "x"}); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimSeat(ctx, claimed, 2, "Cid", store.HashToken("t-cid")); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[string]bool{idle: true, saved: false, claimed: false} {
			did, err := s.AbandonIdle(ctx, id, cutoff)
			if err != nil || did != want {
				t.Fatalf("abandon idle %s: %v, %v; want %v", id, did, err, want)
			}
			g, _, err := s.LoadGame(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if g.Finished != want || g.Abandoned != want {
				t.Fatalf("after abandon idle (%v): finished %v, abandoned %v", want, g.Finished, g.Abandoned)
			}
		}
		if did, err := s.AbandonIdle(ctx, idle, cutoff); did || err != nil {
			t.Fatalf("second abandon idle: %v, %v", did, err)
		}
		if _, err := s.AbandonIdle(ctx, "nope-"+newID(), cutoff); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("abandon idle of a missing game: %v, want ErrNotFound", err)
		}
	})
	t.Run("DamagedRows", func(t *testing.T) {
		s := open(t)
		db := rawSQL(t, s)
		good := newID()
		if err := s.CreateGame(ctx, sample(good)); err != nil {
			t.Fatal(err)
		}
		forget(t, db, good)
		damage := map[string]string{ // the column named in the error: the damage
			"options": `UPDATE games SET options = 'not json' WHERE id = '%s'`,
			"sets":    `UPDATE games SET sets = '{"core"' WHERE id = '%s'`,
			"winners": `UPDATE games SET winners = 'x' WHERE id = '%s'`,
			"kind":    `UPDATE seats SET kind = 'wizard' WHERE game_id = '%s' AND n = 1`,
			"seed":    `UPDATE games SET seed = 'x' WHERE id = '%s'`,
		}
		bad := map[string]string{} // id: column
		var all []string
		for col, q := range damage {
			id := newID()
			if err := s.CreateGame(ctx, sample(id)); err != nil {
				t.Fatal(err)
			}
			forget(t, db, id)
			if _, err := db.Exec(fmt.Sprintf(q, id)); err != nil {
				// PostgreSQL's BIGINT cannot hold text: that damage cannot happen there.
				t.Logf("%s cannot be damaged so: %v", col, err)
				continue
			}
			bad[id] = col
			all = append(all, id)
		}
		if len(bad) < 4 {
			t.Fatalf("only %d kinds of damage made", len(bad))
		}
		for _, f := range []store.Filter{{}, {Unfinished: true}, {IdleBefore: time.Now().Add(time.Hour)}} {
			sums := listed(t, s, f, append([]string{good}, all...)...)
			if len(sums) != len(all)+1 {
				t.Fatalf("%+v: listed %d of the %d games", f, len(sums), len(all)+1)
			}
			for _, sm := range sums {
				col, damaged := bad[sm.Game.ID]
				if !damaged {
					if sm.Damaged != nil || len(sm.Game.Seats) != 3 || sm.Game.Options["max_rounds"] != "50" {
						t.Fatalf("%+v: the good game listed as %+v", f, sm)
					}
					continue
				}
				if !errors.Is(sm.Damaged, store.ErrDamaged) || !strings.Contains(sm.Damaged.Error(), col) || !strings.Contains(sm.Damaged.Error(), sm.Game.ID) {
					t.Fatalf("%+v: game with damaged %s listed with error %v", f, col, sm.Damaged)
				}
			}
		}
		for id, col := range bad {
			_, _, err := s.LoadGame(ctx, id)
			if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), col) || !strings.Contains(err.Error(), id) {
				t.Fatalf("load of a game with damaged %s: %v", col, err)
			}
		}
		if _, _, err := s.LoadGame(ctx, good); err != nil {
			t.Fatalf("the good game: %v", err)
		}
	})
	t.Run("ListReadsNoLog", func(t *testing.T) {
		s := open(t)
		db := rawSQL(t, s)
		id := newID()
		if err := s.CreateGame(ctx, sample(id)); err != nil {
			t.Fatal(err)
		}
		forget(t, db, id)
		for i := 0; i < 3; i++ {
			if err := s.Append(ctx, id, store.Action{Seq: i, Text: "x"}); err != nil {
				t.Fatal(err)
			}
		}
		// A log with a hole fails to load, but the listing, which reads no log, is whole.
		exec(t, db, `DELETE FROM actions WHERE game_id = '`+id+`' AND seq = 1`)
		if _, _, err := s.LoadGame(ctx, id); err == nil {
			t.Fatal("a log with a hole loaded")
		}
		sm := listed(t, s, store.Filter{}, id)
		if len(sm) != 1 || sm[0].Damaged != nil || sm[0].Actions != 3 {
			t.Fatalf("listed as %+v", sm)
		}
	})
}
