package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"starnexus/store"
	"starnexus/store/sqlite"
	"starnexus/store/storetest"
)

func TestConformance(t *testing.T) {
	// One file for the whole suite; the Open for a "second process" reuses the same Store,
	// since one process owns an SQLite file.
	path := filepath.Join(t.TempDir(), "test.db")
	var once sync.Once
	var s *sqlite.Store
	storetest.Run(t, func(t *testing.T) store.Store {
		once.Do(func() {
			var err error
			if s, err = sqlite.Open(context.Background(), path); err != nil {
				t.Fatal(err)
			}
		})
		return s
	})
	if s != nil {
		s.Close()
	}
}

func TestReopenKeepsGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{ID: "g1", Game: "realms", Format: "standard", Seats: []store.Seat{{Name: "A", Kind: store.Human}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g1", store.Action{Seq: 0, Text: "end"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, acts, err := s.LoadGame(ctx, "g1")
	if err != nil || len(acts) != 1 || acts[0].Text != "end" {
		t.Fatalf("after reopen: %v %+v", err, acts)
	}
}
