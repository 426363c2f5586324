package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"starnexus/store"
	"starnexus/store/sqlite"
)

// Continuous writes through the store (actions in many games from many goroutines, and
// games created all along) keep the write-ahead log under sqlite.WALBound, after every
// single write, while they write several times that much WAL in all.
func TestWALStaysBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a few hundred MiB of WAL")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "wal.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const (
		games   = 400
		workers = 40
		actions = 150 // per game: 60,000 in all
		created = 4000
	)
	seats := []store.Seat{{Name: "Ann", Kind: store.Human, TokenHash: store.HashToken("a")}, {Name: "Bob", Kind: store.Bot, Bot: "greedy"}}
	for i := 0; i < games; i++ {
		if err := s.CreateGame(ctx, &store.Game{ID: fmt.Sprintf("g%04d", i), Game: "realms", Format: "standard", Seats: seats}); err != nil {
			t.Fatal(err)
		}
	}
	var peak atomic.Int64
	observe := func() error {
		n, err := s.WALBytes()
		if err != nil {
			return err
		}
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers+1)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each worker plays its games in turn, one action each, like the players of
			// many games at once: the writer commits them in batches.
			for seq := 0; seq < actions; seq++ {
				for g := w; g < games; g += workers {
					a := store.Action{Seq: seq, Seat: seq % 2, Text: fmt.Sprintf("buy Federation Shuttle %d", seq)}
					if err := s.Append(ctx, fmt.Sprintf("g%04d", g), a); err != nil {
						errs <- err
						return
					}
					if err := observe(); err != nil {
						errs <- err
						return
					}
				}
			}
		}()
	}
	wg.Add(1)
	go func() { // a flood of creations beside the actions
		defer wg.Done()
		for i := 0; i < created; i++ {
			g := &store.Game{ID: fmt.Sprintf("c%05d", i), Game: "realms", Format: "standard", Sets: []string{"core"},
				Options: map[string]string{"max_rounds": "100"}, Seats: seats}
			if err := s.CreateGame(ctx, g); err != nil {
				errs <- err
				return
			}
			if err := observe(); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := s.WALEmptied() + peak.Load()
	t.Logf("WAL peak %.1f MiB, %.1f MiB written in all (bound %d MiB)", float64(peak.Load())/(1<<20), float64(total)/(1<<20), sqlite.WALBound>>20)
	if peak.Load() >= sqlite.WALBound {
		t.Fatalf("the WAL reached %d bytes, bound %d", peak.Load(), sqlite.WALBound)
	}
	if s.WALEmptied() < 2*sqlite.WALBound {
		t.Fatalf("only %d bytes of WAL were written and emptied: the load did not test the bound %d", s.WALEmptied(), sqlite.WALBound)
	}
	// Nothing was lost on the way.
	for _, id := range []string{"g0000", fmt.Sprintf("g%04d", games-1)} {
		_, acts, err := s.LoadGame(ctx, id)
		if err != nil || len(acts) != actions {
			t.Fatalf("%s: %d actions, %v", id, len(acts), err)
		}
	}
	if _, _, err := s.LoadGame(ctx, fmt.Sprintf("c%05d", created-1)); err != nil {
		t.Fatal(err)
	}
}
