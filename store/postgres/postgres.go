// Package postgres is the store for deployments of several server processes on one
// PostgreSQL database (github.com/jackc/pgx/v5). The unique (game, seq) key makes an action
// apply exactly once whichever process receives it; a lease row says which process runs a
// game's bots; LISTEN/NOTIFY tells every process of every change, so each pushes it to its
// own clients.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"starnexus/store"
	"starnexus/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// channel is the NOTIFY channel; a payload is "seq game-id" (seq -1: a seat was claimed).
const channel = "starnexus_changes"

// Store is a store.Store on a PostgreSQL database.
type Store struct {
	*sqlstore.DB
	dsn string
}

// Open connects to the database at dsn (postgres://...) and applies the migrations.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	sub, _ := fs.Sub(migrations, "migrations")
	p, err := goose.NewProvider(goose.DialectPostgres, db, sub)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	notify := func(ctx context.Context, tx *sql.Tx, c store.Change) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, strconv.Itoa(c.Seq)+" "+c.Game)
		return err
	}
	sdb, err := sqlstore.New(db, sqlstore.Dialect{Dollar: true, Notify: notify})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return &Store{DB: sdb, dsn: dsn}, nil
}

// Changes implements store.Store: it listens on its own connection and reconnects after a
// failure, until ctx ends. A process also hears its own changes; the server ignores those it
// already has.
func (s *Store) Changes(ctx context.Context) (<-chan store.Change, error) {
	conn, err := s.listen(ctx)
	if err != nil {
		return nil, err
	}
	out := make(chan store.Change, 1024)
	go func() {
		defer close(out)
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				conn.Close(context.Background())
				if ctx.Err() != nil {
					return
				}
				for conn, err = s.listen(ctx); err != nil; conn, err = s.listen(ctx) {
					select {
					case <-ctx.Done():
						return
					case <-time.After(time.Second):
					}
				}
				// Changes may have been missed while disconnected: say so with seq -1 for
				// every game, which the server reads as "reload what you hold".
				out <- store.Change{Seq: -1}
				continue
			}
			seq, id, ok := strings.Cut(n.Payload, " ")
			if !ok {
				continue
			}
			k, err := strconv.Atoi(seq)
			if err != nil {
				continue
			}
			select {
			case out <- store.Change{Game: id, Seq: k}:
			case <-ctx.Done():
				conn.Close(context.Background())
				return
			}
		}
	}()
	return out, nil
}

func (s *Store) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: listen: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		conn.Close(ctx)
		return nil, fmt.Errorf("postgres: listen: %w", err)
	}
	return conn, nil
}

var (
	_ store.Store     = (*Store)(nil)
	_ store.Campaigns = (*Store)(nil)
)
