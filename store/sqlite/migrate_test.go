package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
)

// A database made before the last-activity column keeps its games, each active as of its
// creation, none abandoned.
func TestMigrationDatesExistingGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, mustSub(migrations, "migrations"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 2); err != nil {
		t.Fatal(err)
	}
	created := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	if _, err := db.Exec(`INSERT INTO games (id, game, format, sets, options, seed, created) VALUES ('old', 'realms', 'standard', '["core"]', '{}', 7, ?)`, created.UnixNano()); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO seats (game_id, n, name, kind) VALUES ('old', 0, 'Ann', 'human')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, _, err := s.LoadGame(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if !g.LastActive.Equal(created) || g.Abandoned || g.Finished || g.Decks != nil {
		t.Fatalf("migrated game: last active %v (created %v), abandoned %v", g.LastActive, created, g.Abandoned)
	}
}
