// Package sqlite is the embedded store: one SQLite file (modernc.org/sqlite, pure Go) in WAL
// mode. Actions are committed by one writer goroutine in batches; one process owns the file.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"starnexus/store"
	"starnexus/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// The write-ahead log's bounds. SQLite never shrinks the WAL file by itself, and a PASSIVE
// checkpoint under steady writes never catches up with its tail, so the log only grows
// unless it is truncated (a TRUNCATE checkpoint, which holds the write lock while it copies
// what is left of the log into the database and empties the file).
const (
	// WALSoftLimit: past it, the checkpointer goroutine truncates the WAL. It first runs a
	// PASSIVE checkpoint (which copies most of the log while the writer keeps committing),
	// so the truncation itself holds up the writer only briefly.
	WALSoftLimit = 8 << 20
	// WALHardLimit: past it, the goroutine that has just committed truncates the WAL
	// itself before it goes on (the batching writer takes no new batch meanwhile), so
	// however fast the writes come the WAL never exceeds it by more than the transactions
	// committed at that moment (a batch is at most a few MiB).
	WALHardLimit = 32 << 20
	// WALBound is the size the WAL stays under, documented in docs/performance.md and
	// asserted by the tests: the hard limit plus room for the transactions in flight.
	WALBound = 48 << 20
)

// Store is a store.Store on an SQLite file.
type Store struct {
	*sqlstore.DB
	wal        string // the WAL file's path
	soft, hard int64
	kick       chan struct{} // the soft limit is passed
	commits    atomic.Int64  // write transactions committed
	emptied    atomic.Int64  // bytes of WAL the truncations emptied, in all
	ckpt       sync.Mutex    // one checkpoint at a time
	stop, done chan struct{}
	once       sync.Once
}

// Open opens (creating it if needed) the database file at path and applies the migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	return open(ctx, path, WALSoftLimit, WALHardLimit)
}

// open is Open with the WAL limits as parameters, for tests.
func open(ctx context.Context, path string, soft, hard int64) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	// synchronous=NORMAL in WAL mode: a commit survives the process being killed (the
	// WAL is written before Append returns); only a power cut may lose the last commits.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// No checkpoint inside a commit: the writer would stall every game while it copies the
	// WAL into the database. The checkpoints below run beside it instead.
	q.Add("_pragma", "wal_autocheckpoint(0)")
	// When the WAL restarts from its beginning after a checkpoint has caught up, SQLite
	// cuts the file back to this size instead of keeping it at its largest.
	q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", soft))
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
	st := &Store{wal: path + "-wal", soft: soft, hard: hard, kick: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	sdb, err := sqlstore.New(db, sqlstore.Dialect{Committed: st.committed})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	st.DB = sdb
	go st.checkpoints()
	return st, nil
}

// WALBytes implements store.WALReporter: the WAL file's size now (0 when there is none).
func (s *Store) WALBytes() (int64, error) {
	fi, err := os.Stat(s.wal)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("wal size: %w", err)
	}
	return fi.Size(), nil
}

// committed runs after every write transaction commits, in the goroutine that committed it
// (sqlstore.Dialect.Committed). A stat is cheap next to a commit.
func (s *Store) committed() {
	s.commits.Add(1)
	n, err := s.WALBytes()
	if err != nil || n <= s.soft {
		return
	}
	if n <= s.hard {
		select {
		case s.kick <- struct{}{}:
		default: // the checkpointer is told already
		}
		return
	}
	// Past the hard limit: the checkpointer has not kept up, so this goroutine waits for
	// the log to be truncated (by the checkpointer, if it is at it, or by itself).
	s.ckpt.Lock()
	defer s.ckpt.Unlock()
	if n, err := s.WALBytes(); err == nil && n > s.hard {
		s.truncate(context.Background(), 0)
	}
}

// checkpoints keeps the WAL short: a PASSIVE checkpoint every second, which copies the log
// into the database without blocking the writer; a truncation when the soft limit is
// passed; and a truncation when a second went by without a commit (nobody waits then). Close
// truncates it one last time.
func (s *Store) checkpoints() {
	defer close(s.done)
	ctx := context.Background()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	seen := s.commits.Load()
	for {
		select {
		case <-s.stop:
			return
		case <-s.kick:
			s.ckpt.Lock()
			if n, err := s.WALBytes(); err == nil && n > s.soft {
				s.SQL().ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
				// A reader holding an old snapshot makes the truncation wait, and the
				// writer with it: wait a little only, and try again at the next kick.
				s.truncate(ctx, 200)
			}
			s.ckpt.Unlock()
		case <-t.C:
			now := s.commits.Load()
			s.ckpt.Lock()
			if n, err := s.WALBytes(); err == nil && n > 0 && now == seen {
				s.truncate(ctx, 200)
			} else {
				s.SQL().ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
			}
			s.ckpt.Unlock()
			seen = now
		}
	}
}

// truncate runs a TRUNCATE checkpoint: it takes the write lock, copies the rest of the WAL
// into the database and empties the WAL file. busyMS, if not 0, bounds how long it waits for
// readers (otherwise the connection's busy timeout, ten seconds). s.ckpt is held. A failure
// leaves the WAL as it was; the next checkpoint tries again.
func (s *Store) truncate(ctx context.Context, busyMS int) {
	before, err := s.WALBytes()
	if err != nil {
		return
	}
	conn, err := s.SQL().Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	if busyMS > 0 {
		conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA busy_timeout = %d`, busyMS))
		defer conn.ExecContext(ctx, `PRAGMA busy_timeout = 10000`)
	}
	var busy, frames, copied int
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &copied); err == nil && busy == 0 {
		s.emptied.Add(before)
	}
}

// Close stops the checkpoints and closes the database.
func (s *Store) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	s.ckpt.Lock()
	s.truncate(context.Background(), 0)
	s.ckpt.Unlock()
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

var (
	_ store.Store       = (*Store)(nil)
	_ store.Campaigns   = (*Store)(nil)
	_ store.WALReporter = (*Store)(nil)
)
