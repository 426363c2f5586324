// Package storetest is the conformance suite every store.Store backend passes.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"starnexus/store"
)

// Open returns a Store on the database under test. Two calls must reach the same database,
// as two processes would.
type Open func(t *testing.T) store.Store

func newID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func sample(id string) *store.Game {
	return &store.Game{ID: id, Game: "realms", Format: "standard", Sets: []string{"core"},
		Options: map[string]string{"max_rounds": "50"}, Seed: 1<<63 + 12345,
		Seats: []store.Seat{
			{Name: "Ann", Kind: store.Human, TokenHash: store.HashToken("t-ann")},
			{Name: "Bob", Kind: store.Bot, Bot: "greedy"},
			{Name: "Seat 3", Kind: store.Open},
		}}
}

// Run runs the suite.
func Run(t *testing.T, open Open) {
	ctx := context.Background()
	t.Run("CreateLoad", func(t *testing.T) {
		s := open(t)
		id := newID()
		if err := s.CreateGame(ctx, sample(id)); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, sample(id)); !errors.Is(err, store.ErrExists) {
			t.Fatalf("second create: %v, want ErrExists", err)
		}
		g, acts, err := s.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := sample(id)
		if g.Seed != want.Seed || g.Format != "standard" || g.Options["max_rounds"] != "50" || len(g.Sets) != 1 || len(acts) != 0 || g.Finished {
			t.Fatalf("loaded %+v", g)
		}
		if len(g.Seats) != 3 || g.Seats[1].Bot != "greedy" || !store.TokenMatches("t-ann", g.Seats[0].TokenHash) || store.TokenMatches("t-bob", g.Seats[0].TokenHash) {
			t.Fatalf("seats %+v", g.Seats)
		}
		if _, _, err := s.LoadGame(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("load unknown: %v", err)
		}
	})
	t.Run("DeckFiles", func(t *testing.T) {
		// The deck files seats brought are stored with the game, byte for byte, in seat
		// order; a game without any loads with none.
		s := open(t)
		with, without := sample(newID()), sample(newID())
		with.Decks = []string{"", "name: Mine\nhero: Kaira Swiftclaw\nlibrary:\n  - 3 Ember Cub # \u00e9t\u00e9\n", ""}
		for _, g := range []*store.Game{with, without} {
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		for _, want := range []*store.Game{with, without} {
			g, _, err := s.LoadGame(ctx, want.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.Decks, want.Decks) || (want.Decks == nil) != (g.Decks == nil) {
				t.Fatalf("game %s: decks %q, want %q", want.ID, g.Decks, want.Decks)
			}
		}
		for _, sm := range listed(t, s, store.Filter{}, with.ID, without.ID) {
			if sm.Game.ID == with.ID && !slices.Equal(sm.Game.Decks, with.Decks) {
				t.Fatalf("listed decks %q", sm.Game.Decks)
			}
		}
		cleanup(t, s, with.ID, without.ID)
	})
	t.Run("AppendUniqueSeq", func(t *testing.T) {
		s := open(t)
		id := newID()
		if err := s.CreateGame(ctx, sample(id)); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5; i++ {
			if err := s.Append(ctx, id, store.Action{Seq: i, Seat: i % 2, Text: fmt.Sprintf("act %d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Append(ctx, id, store.Action{Seq: 3, Seat: 0, Text: "again"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second action at seq 3: %v, want ErrConflict", err)
		}
		if err := s.Append(ctx, id, store.Action{Seq: 9, Seat: 0, Text: "gap"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("action leaving a gap: %v, want ErrConflict", err)
		}
		acts, err := s.Actions(ctx, id, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != 3 || acts[0].Seq != 2 || acts[0].Text != "act 2" || acts[2].Seat != 0 {
			t.Fatalf("actions from 2: %+v", acts)
		}
		_, all, _ := s.LoadGame(ctx, id)
		if len(all) != 5 {
			t.Fatalf("%d actions, want 5", len(all))
		}
	})
	t.Run("ConcurrentAppendOnceAcrossStores", func(t *testing.T) {
		s1, s2 := open(t), open(t)
		id := newID()
		if err := s1.CreateGame(ctx, sample(id)); err != nil {
			t.Fatal(err)
		}
		for seq := 0; seq < 20; seq++ {
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok := 0
			for k := 0; k < 4; k++ {
				s := s1
				if k%2 == 1 {
					s = s2
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := s.Append(ctx, id, store.Action{Seq: seq, Seat: k, Text: fmt.Sprintf("from %d", k)})
					if err == nil {
						mu.Lock()
						ok++
						mu.Unlock()
					} else if !errors.Is(err, store.ErrConflict) {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if ok != 1 {
				t.Fatalf("seq %d: %d appends succeeded, want exactly 1", seq, ok)
			}
		}
		_, acts, _ := s2.LoadGame(ctx, id)
		if len(acts) != 20 {
			t.Fatalf("%d actions, want 20", len(acts))
		}
	})
	t.Run("ClaimSeatOnce", func(t *testing.T) {
		s := open(t)
		id := newID()
		if err := s.CreateGame(ctx, sample(id)); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimSeat(ctx, id, 2, "Cid", store.HashToken("t-cid")); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimSeat(ctx, id, 2, "Dee", store.HashToken("t-dee")); !errors.Is(err, store.ErrSeatTaken) {
			t.Fatalf("second claim: %v", err)
		}
		if err := s.ClaimSeat(ctx, id, 0, "Eve", store.HashToken("t-eve")); !errors.Is(err, store.ErrSeatTaken) {
			t.Fatalf("claim of a human seat: %v", err)
		}
		if err := s.ClaimSeat(ctx, id, 7, "Eve", nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("claim of a missing seat: %v", err)
		}
		g, _, _ := s.LoadGame(ctx, id)
		if g.Seats[2].Name != "Cid" || !g.Seats[2].Claimed || !store.TokenMatches("t-cid", g.Seats[2].TokenHash) {
			t.Fatalf("claimed seat: %+v", g.Seats[2])
		}
	})
	t.Run("ListAndFinish", func(t *testing.T) {
		s := open(t)
		a, b := newID(), newID()
		ga := sample(a)
		ga.Created = time.Now().Add(-time.Hour)
		if err := s.CreateGame(ctx, ga); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, sample(b)); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, b, store.Action{Seq: 0, Text: "x"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(ctx, a, []int{1}); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, a, store.Action{Seq: 0, Text: "late"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("append to a finished game: %v", err)
		}
		all, err := s.List(ctx, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var seenA, seenB bool
		for _, sm := range all {
			switch sm.Game.ID {
			case a:
				seenA = true
				if !sm.Game.Finished || len(sm.Game.Winners) != 1 || sm.Game.Winners[0] != 1 {
					t.Fatalf("finished game listed as %+v", sm.Game)
				}
			case b:
				seenB = true
				if sm.Actions != 1 || len(sm.OpenSeat) != 1 || sm.OpenSeat[0] != 2 || len(sm.Game.Seats) != 3 {
					t.Fatalf("live game listed as %+v", sm)
				}
			}
		}
		if !seenA || !seenB {
			t.Fatalf("list missed a game: %v %v", seenA, seenB)
		}
		live, err := s.List(ctx, store.Filter{Unfinished: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, sm := range live {
			if sm.Game.ID == a {
				t.Fatal("unfinished list has a finished game")
			}
		}
	})
	t.Run("Games", func(t *testing.T) { runGames(t, open) })
	t.Run("Campaigns", func(t *testing.T) { runCampaigns(t, open) })
	t.Run("Lease", func(t *testing.T) {
		s1, s2 := open(t), open(t)
		id := newID()
		if ok, err := s1.Lease(ctx, id, "p1", time.Minute); err != nil || !ok {
			t.Fatalf("first lease: %v %v", ok, err)
		}
		if ok, err := s2.Lease(ctx, id, "p2", time.Minute); err != nil || ok {
			t.Fatalf("lease held by another: %v %v", ok, err)
		}
		if ok, err := s1.Lease(ctx, id, "p1", time.Minute); err != nil || !ok {
			t.Fatalf("renew: %v %v", ok, err)
		}
		if err := s1.Release(ctx, id, "p1"); err != nil {
			t.Fatal(err)
		}
		if ok, err := s2.Lease(ctx, id, "p2", 50*time.Millisecond); err != nil || !ok {
			t.Fatalf("lease after release: %v %v", ok, err)
		}
		time.Sleep(100 * time.Millisecond)
		if ok, err := s1.Lease(ctx, id, "p1", time.Minute); err != nil || !ok {
			t.Fatalf("lease after expiry: %v %v", ok, err)
		}
	})
}

// campaigns returns the store's store.Campaigns, failing the test without one.
func campaigns(t *testing.T, s store.Store) store.Campaigns {
	cs, ok := s.(store.Campaigns)
	if !ok {
		t.Fatalf("%T does not implement store.Campaigns", s)
	}
	return cs
}

func runCampaigns(t *testing.T, open Open) {
	ctx := context.Background()
	t.Run("CreateLoadList", func(t *testing.T) {
		cs := campaigns(t, open(t))
		name := "camp-" + newID()
		c := &store.Campaign{Name: name, State: []byte(`{"next":1}`)}
		if err := cs.CreateCampaign(ctx, c); err != nil {
			t.Fatal(err)
		}
		if c.Version != 1 {
			t.Fatalf("version %d after create, want 1", c.Version)
		}
		if err := cs.CreateCampaign(ctx, &store.Campaign{Name: name, State: []byte(`{}`)}); !errors.Is(err, store.ErrExists) {
			t.Fatalf("second create: %v, want ErrExists", err)
		}
		got, err := campaigns(t, open(t)).LoadCampaign(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.State) != `{"next":1}` || got.Game != "" || got.Version != 1 || got.Created.IsZero() {
			t.Fatalf("loaded %+v", got)
		}
		if _, err := cs.LoadCampaign(ctx, "nope-"+newID()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("load of a missing campaign: %v, want ErrNotFound", err)
		}
		list, err := cs.ListCampaigns(ctx, store.CampaignPage{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i, l := range list {
			found = found || l.Name == name
			if i > 0 && list[i-1].Name > l.Name {
				t.Fatalf("list not by name: %q before %q", list[i-1].Name, l.Name)
			}
		}
		if !found {
			t.Fatalf("list lacks %s", name)
		}
	})
	t.Run("ListPages", func(t *testing.T) {
		cs := campaigns(t, open(t))
		// Names of our own (the database may hold other tests' campaigns), created out of order.
		prefix := "page-" + newID() + "-"
		want := []string{prefix + "a", prefix + "b", prefix + "c", prefix + "d", prefix + "e"}
		for _, i := range []int{3, 0, 4, 1, 2} {
			if err := cs.CreateCampaign(ctx, &store.Campaign{Name: want[i], State: []byte(`{}`)}); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		pages := 0
		for after := prefix; ; pages++ {
			page, err := cs.ListCampaigns(ctx, store.CampaignPage{After: after, Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(page) > 2 {
				t.Fatalf("a page of %d campaigns, limit 2", len(page))
			}
			mine := 0
			for _, c := range page {
				if c.Name <= after {
					t.Fatalf("page after %q has %q", after, c.Name)
				}
				if len(c.Name) > len(prefix) && c.Name[:len(prefix)] == prefix {
					if string(c.State) != `{}` || c.Version != 1 {
						t.Fatalf("listed %s: state %q, version %d", c.Name, c.State, c.Version)
					}
					got = append(got, c.Name)
					mine++
				}
			}
			if mine < len(page) || len(page) < 2 {
				break // past our names, or the end of the list
			}
			after = page[len(page)-1].Name
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || pages != 2 {
			t.Fatalf("paged through %v in %d full pages, want %v in 2", got, pages, want)
		}
		all, err := cs.ListCampaigns(ctx, store.CampaignPage{After: prefix + "b"})
		if err != nil {
			t.Fatal(err)
		}
		if len(all) < 3 || all[0].Name != prefix+"c" || all[2].Name != prefix+"e" {
			t.Fatalf("the list after %sb without a limit starts with %d campaigns", prefix, len(all))
		}
	})
	t.Run("SaveWithGameAtomically", func(t *testing.T) {
		s := open(t)
		cs := campaigns(t, s)
		name := "camp-" + newID()
		c := &store.Campaign{Name: name, State: []byte(`{"next":1}`)}
		if err := cs.CreateCampaign(ctx, c); err != nil {
			t.Fatal(err)
		}
		gid := newID()
		c.State, c.Game = []byte(`{"next":1,"current":1}`), gid
		if err := cs.SaveCampaign(ctx, c, store.CampaignSave{NewGame: sample(gid)}); err != nil {
			t.Fatal(err)
		}
		if c.Version != 2 {
			t.Fatalf("version %d after a save, want 2", c.Version)
		}
		if _, _, err := s.LoadGame(ctx, gid); err != nil {
			t.Fatalf("the campaign's game: %v", err)
		}
		// A stale version is refused, and nothing of the save happens.
		stale := &store.Campaign{Name: name, State: []byte(`{"stale":true}`), Version: 1}
		other := newID()
		if err := cs.SaveCampaign(ctx, stale, store.CampaignSave{NewGame: sample(other)}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale save: %v, want ErrConflict", err)
		}
		if _, _, err := s.LoadGame(ctx, other); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the stale save created its game: %v", err)
		}
		// A save whose game exists already is refused as a whole: the state stays.
		c2 := *c
		c2.State = []byte(`{"dup":true}`)
		if err := cs.SaveCampaign(ctx, &c2, store.CampaignSave{NewGame: sample(gid)}); !errors.Is(err, store.ErrExists) {
			t.Fatalf("save with an existing game: %v, want ErrExists", err)
		}
		got, err := cs.LoadCampaign(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.State) != `{"next":1,"current":1}` || got.Game != gid || got.Version != 2 {
			t.Fatalf("after refused saves: %+v", got)
		}
		// Finishing the game and saving the result is one write.
		if err := s.Append(ctx, gid, store.Action{Seq: 0, Seat: 0, Text: "end"}); err != nil {
			t.Fatal(err)
		}
		c.State, c.Game = []byte(`{"next":2}`), ""
		if err := cs.SaveCampaign(ctx, c, store.CampaignSave{FinishGame: gid, Winners: []int{1}}); err != nil {
			t.Fatal(err)
		}
		g, acts, err := s.LoadGame(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Finished || len(g.Winners) != 1 || g.Winners[0] != 1 || len(acts) != 1 {
			t.Fatalf("finished game %+v, %d actions", g, len(acts))
		}
		c3 := *c
		if err := cs.SaveCampaign(ctx, &c3, store.CampaignSave{FinishGame: "nope-" + newID()}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("finishing a missing game: %v, want ErrNotFound", err)
		}
		if got, _ := cs.LoadCampaign(ctx, name); got.Version != 3 || string(got.State) != `{"next":2}` {
			t.Fatalf("after a refused finish: %+v", got)
		}
		if err := cs.SaveCampaign(ctx, &store.Campaign{Name: "nope-" + newID(), Version: 1}, store.CampaignSave{}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("saving a missing campaign: %v, want ErrNotFound", err)
		}
	})
}
