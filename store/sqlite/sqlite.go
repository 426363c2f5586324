// Package sqlite is the embedded store: one SQLite file (modernc.org/sqlite, pure Go) in WAL
// mode. Actions are committed by one writer goroutine in batches; one process owns the file.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"starnexus/store"
	"starnexus/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store on an SQLite file.
type Store struct {
	*sqlstore.DB
	stop, done chan struct{}
	once       sync.Once
}

// Open opens (creating it if needed) the database file at path and applies the migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	// synchronous=NORMAL in WAL mode: a commit survives the process being killed (the
	// WAL is written before Append returns); only a power cut may lose the last commits.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// No checkpoint inside a commit: the writer would stall every game while it copies the
	// WAL into the database. A goroutine checkpoints in the background instead.
	q.Add("_pragma", "wal_autocheckpoint(0)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	sdb, err := sqlstore.New(db, sqlstore.Dialect{})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	st := &Store{DB: sdb, stop: make(chan struct{}), done: make(chan struct{})}
	go st.checkpoints()
	return st, nil
}

// checkpoints copies the WAL into the database file every second, without blocking the writer
// (PASSIVE), and once more, fully, on Close.
func (s *Store) checkpoints() {
	defer close(s.done)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.SQL().Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// Close stops the checkpoints and closes the database.
func (s *Store) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	s.SQL().Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return s.DB.Close()
}

func migrate(ctx context.Context, db *sql.DB) error {
	p, err := goose.NewProvider(goose.DialectSQLite3, db, mustSub(migrations, "migrations"))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Changes implements store.Store: one process owns an SQLite file, so there are none.
func (s *Store) Changes(ctx context.Context) (<-chan store.Change, error) { return nil, nil }

var _ store.Store = (*Store)(nil)
var _ store.Campaigns = (*Store)(nil)
