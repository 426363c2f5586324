package postgres_test

import (
	"context"
	"os"
	"testing"
	"time"

	"starnexus/store"
	"starnexus/store/postgres"
	"starnexus/store/storetest"
)

// dsn is the database the tests use: STARNEXUS_TEST_POSTGRES (.ci/run sets it after
// starting PostgreSQL); without it the tests skip.
func dsn(t *testing.T) string {
	d := os.Getenv("STARNEXUS_TEST_POSTGRES")
	if d == "" {
		t.Skip("STARNEXUS_TEST_POSTGRES is not set")
	}
	return d
}

func open(t *testing.T) store.Store {
	s, err := postgres.Open(context.Background(), dsn(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	dsn(t)
	storetest.Run(t, open)
}

func TestChangesReachOtherProcesses(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a, b := open(t), open(t)
	ch, err := b.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id := "notify-" + time.Now().Format("150405.000000000")
	if err := a.CreateGame(ctx, &store.Game{ID: id, Game: "realms", Format: "standard", Seats: []store.Seat{{Name: "A", Kind: store.Human}, {Name: "B", Kind: store.Open}}}); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, id, store.Action{Seq: 0, Text: "end"}); err != nil {
		t.Fatal(err)
	}
	if err := a.ClaimSeat(ctx, id, 1, "Cid", store.HashToken("x")); err != nil {
		t.Fatal(err)
	}
	if err := a.Abandon(ctx, id); err != nil {
		t.Fatal(err)
	}
	var got []store.Change
	for len(got) < 3 {
		select {
		case c := <-ch:
			if c.Game == id {
				got = append(got, c)
			}
		case <-ctx.Done():
			t.Fatalf("changes heard: %+v", got)
		}
	}
	if got[0].Seq != 1 || got[1].Seq != -1 || got[2].Seq != -1 {
		t.Fatalf("changes %+v, want seq 1, a claim (-1), then the abandon (-1)", got)
	}
}
