// Package sqlstore implements store.Store over database/sql, for the SQL databases whose
// dialects differ only in placeholders: SQLite and PostgreSQL. Actions are written by one
// goroutine that commits them in batches, so that many games' moves share a transaction
// (and a disk sync) without any of them being acknowledged before its commit.
package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"starnexus/store"
)

// Dialect is what differs between databases.
type Dialect struct {
	// Dollar numbers placeholders $1, $2, ... (PostgreSQL) instead of ?.
	Dollar bool
	// Notify, if set, runs inside the transaction that logs actions or claims a seat, so that
	// other processes learn of the change when it commits.
	Notify func(ctx context.Context, tx *sql.Tx, c store.Change) error
	// MaxBatch is the most actions one transaction commits.
	MaxBatch int
}

// DB is a store.Store on a *sql.DB whose schema is already migrated.
type DB struct {
	db      *sql.DB
	d       Dialect
	appends chan appendReq
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once

	// The writer's statements, prepared once: preparing them per action cost more than
	// running them.
	upd, ins *sql.Stmt
}

type appendReq struct {
	id   string
	a    store.Action
	errc chan error
}

// New wraps db and starts its writer.
func New(db *sql.DB, d Dialect) (*DB, error) {
	if d.MaxBatch <= 0 {
		d.MaxBatch = 256
	}
	s := &DB{db: db, d: d, appends: make(chan appendReq, 4096), stop: make(chan struct{}), done: make(chan struct{})}
	var err error
	if s.upd, err = db.Prepare(s.q(`UPDATE games SET actions = actions + 1 WHERE id = ? AND actions = ? AND finished = 0`)); err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if s.ins, err = db.Prepare(s.q(`INSERT INTO actions (game_id, seq, seat, action) VALUES (?, ?, ?, ?)`)); err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	go s.writer()
	return s, nil
}

// SQL returns the underlying database.
func (s *DB) SQL() *sql.DB { return s.db }

// q rewrites ? placeholders for the dialect.
func (s *DB) q(query string) string {
	if !s.d.Dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CreateGame implements store.Store.
func (s *DB) CreateGame(ctx context.Context, g *store.Game) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	defer tx.Rollback()
	if err := s.insertGame(ctx, tx, g); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	return nil
}

// insertGame stores a new game inside tx (ErrExists if its id is taken).
func (s *DB) insertGame(ctx context.Context, tx *sql.Tx, g *store.Game) error {
	sets, _ := json.Marshal(nonNil(g.Sets))
	opts := g.Options
	if opts == nil {
		opts = map[string]string{}
	}
	optb, _ := json.Marshal(opts)
	win, _ := json.Marshal(nonNilInts(g.Winners))
	var n int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM games WHERE id = ?`), g.ID).Scan(&n); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	if n > 0 {
		return fmt.Errorf("create game %s: %w", g.ID, store.ErrExists)
	}
	created := g.Created
	if created.IsZero() {
		created = time.Now()
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, game, format, sets, options, seed, created, finished, winners, actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`),
		g.ID, g.Game, g.Format, string(sets), string(optb), int64(g.Seed), created.UnixNano(), b2i(g.Finished), string(win)); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	for i, st := range g.Seats {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game_id, n, name, kind, bot, token_hash, claimed) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			g.ID, i, st.Name, st.Kind, st.Bot, st.TokenHash, b2i(st.Claimed)); err != nil {
			return fmt.Errorf("create game %s: seat %d: %w", g.ID, i, err)
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilInts(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

type rowScanner interface{ Scan(...any) error }

func scanGame(r rowScanner, count *int) (*store.Game, error) {
	var g store.Game
	var sets, opts, win string
	var seed, created int64
	var finished int
	if err := r.Scan(&g.ID, &g.Game, &g.Format, &sets, &opts, &seed, &created, &finished, &win, count); err != nil {
		return nil, err
	}
	g.Seed, g.Created, g.Finished = uint64(seed), time.Unix(0, created), finished != 0
	if err := json.Unmarshal([]byte(sets), &g.Sets); err != nil {
		return nil, fmt.Errorf("game %s: sets: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, fmt.Errorf("game %s: options: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(win), &g.Winners); err != nil {
		return nil, fmt.Errorf("game %s: winners: %w", g.ID, err)
	}
	return &g, nil
}

const gameCols = `id, game, format, sets, options, seed, created, finished, winners, actions`

func (s *DB) seats(ctx context.Context, g *store.Game) error {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT name, kind, bot, token_hash, claimed FROM seats WHERE game_id = ? ORDER BY n`), g.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	g.Seats = g.Seats[:0]
	for rows.Next() {
		var st store.Seat
		var claimed int
		if err := rows.Scan(&st.Name, &st.Kind, &st.Bot, &st.TokenHash, &claimed); err != nil {
			return err
		}
		st.Claimed = claimed != 0
		g.Seats = append(g.Seats, st)
	}
	return rows.Err()
}

// LoadGame implements store.Store.
func (s *DB) LoadGame(ctx context.Context, id string) (*store.Game, []store.Action, error) {
	var count int
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(`SELECT `+gameCols+` FROM games WHERE id = ?`), id), &count)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("load game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	if err := s.seats(ctx, g); err != nil {
		return nil, nil, fmt.Errorf("load game %s: seats: %w", id, err)
	}
	acts, err := s.Actions(ctx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	return g, acts, nil
}

// Actions implements store.Store.
func (s *DB) Actions(ctx context.Context, id string, from int) ([]store.Action, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seq, seat, action FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq`), id, from)
	if err != nil {
		return nil, fmt.Errorf("load actions of %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Action
	for rows.Next() {
		var a store.Action
		if err := rows.Scan(&a.Seq, &a.Seat, &a.Text); err != nil {
			return nil, fmt.Errorf("load actions of %s: %w", id, err)
		}
		if a.Seq != from+len(out) {
			return nil, fmt.Errorf("load actions of %s: the log jumps from %d to %d", id, from+len(out)-1, a.Seq)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Append implements store.Store: it hands the action to the writer and waits for its commit.
func (s *DB) Append(ctx context.Context, id string, a store.Action) error {
	r := appendReq{id: id, a: a, errc: make(chan error, 1)}
	select {
	case s.appends <- r:
	case <-s.stop:
		return fmt.Errorf("append to %s: store closed", id)
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued the action may commit; wait for the verdict even if ctx ends, so that the
	// caller never acknowledges or forgets an action whose fate it does not know.
	return <-r.errc
}

// writer commits queued actions, as many as are waiting (up to MaxBatch) per transaction.
func (s *DB) writer() {
	defer close(s.done)
	batch := make([]appendReq, 0, s.d.MaxBatch)
	for {
		batch = batch[:0]
		select {
		case r := <-s.appends:
			batch = append(batch, r)
		case <-s.stop:
			// Drain what was queued before Close.
			for {
				select {
				case r := <-s.appends:
					batch = append(batch, r)
				default:
					if len(batch) > 0 {
						s.commit(batch)
					}
					return
				}
			}
		}
	more:
		for len(batch) < s.d.MaxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

func (s *DB) commit(batch []appendReq) {
	ctx := context.Background()
	// Lock games in one order in every process, so that two processes' batches on one
	// PostgreSQL database cannot deadlock. (A process has at most one action of a game in
	// flight, so the order within a game does not arise.)
	sort.SliceStable(batch, func(i, j int) bool { return batch[i].id < batch[j].id })
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, r := range batch {
			r.errc <- err
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		fail(fmt.Errorf("append: %w", err))
		return
	}
	upd, ins := tx.StmtContext(ctx, s.upd), tx.StmtContext(ctx, s.ins)
	last := map[string]int{}
	for i, r := range batch {
		res, err := upd.ExecContext(ctx, r.id, r.a.Seq)
		if err != nil {
			tx.Rollback()
			fail(fmt.Errorf("append to %s at %d: %w", r.id, r.a.Seq, err))
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			errs[i] = fmt.Errorf("append to %s at %d: %w", r.id, r.a.Seq, store.ErrConflict)
			continue
		}
		if _, err := ins.ExecContext(ctx, r.id, r.a.Seq, r.a.Seat, r.a.Text); err != nil {
			tx.Rollback()
			fail(fmt.Errorf("append to %s at %d: %w", r.id, r.a.Seq, err))
			return
		}
		last[r.id] = r.a.Seq + 1
	}
	if s.d.Notify != nil {
		for id, seq := range last {
			if err := s.d.Notify(ctx, tx, store.Change{Game: id, Seq: seq}); err != nil {
				tx.Rollback()
				fail(fmt.Errorf("append: notify: %w", err))
				return
			}
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("append: commit: %w", err))
		return
	}
	for i, r := range batch {
		r.errc <- errs[i]
	}
}

// ClaimSeat implements store.Store.
func (s *DB) ClaimSeat(ctx context.Context, id string, n int, name string, tokenHash []byte) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE seats SET name = ?, token_hash = ?, claimed = 1 WHERE game_id = ? AND n = ? AND kind = 'open' AND claimed = 0`), name, tokenHash, id, n)
	if err != nil {
		return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
	}
	if k, _ := res.RowsAffected(); k == 0 {
		var c int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats WHERE game_id = ? AND n = ?`), id, n).Scan(&c); err != nil {
			return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
		}
		if c == 0 {
			return fmt.Errorf("claim seat %d of %s: %w", n, id, store.ErrNotFound)
		}
		return fmt.Errorf("claim seat %d of %s: %w", n, id, store.ErrSeatTaken)
	}
	if s.d.Notify != nil {
		if err := s.d.Notify(ctx, tx, store.Change{Game: id, Seq: -1}); err != nil {
			return fmt.Errorf("claim seat %d of %s: notify: %w", n, id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
	}
	return nil
}

// Finish implements store.Store.
func (s *DB) Finish(ctx context.Context, id string, winners []int) error {
	win, _ := json.Marshal(nonNilInts(winners))
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE games SET finished = 1, winners = ? WHERE id = ?`), string(win), id)
	if err != nil {
		return fmt.Errorf("finish %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("finish %s: %w", id, store.ErrNotFound)
	}
	return nil
}

// List implements store.Store.
func (s *DB) List(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	query := `SELECT ` + gameCols + ` FROM games`
	if f.Unfinished {
		query += ` WHERE finished = 0`
	}
	query += ` ORDER BY created DESC, id`
	if f.Limit > 0 {
		query += ` LIMIT ` + strconv.Itoa(f.Limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query))
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	var out []store.Summary
	for rows.Next() {
		var sum store.Summary
		g, err := scanGame(rows, &sum.Actions)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("list games: %w", err)
		}
		sum.Game = *g
		out = append(out, sum)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	for i := range out {
		if err := s.seats(ctx, &out[i].Game); err != nil {
			return nil, fmt.Errorf("list games: seats: %w", err)
		}
		for n, st := range out[i].Game.Seats {
			if st.Kind == store.Open && !st.Claimed {
				out[i].OpenSeat = append(out[i].OpenSeat, n)
			}
		}
	}
	return out, nil
}

// Lease implements store.Store.
func (s *DB) Lease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error) {
	now := time.Now()
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO leases (game_id, owner, expires) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
		WHERE leases.owner = excluded.owner OR leases.expires < ?`), id, owner, now.Add(ttl).UnixNano(), now.UnixNano()); err != nil {
		return false, fmt.Errorf("lease %s: %w", id, err)
	}
	var got string
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT owner FROM leases WHERE game_id = ?`), id).Scan(&got); err != nil {
		return false, fmt.Errorf("lease %s: %w", id, err)
	}
	return got == owner, nil
}

// Release implements store.Store.
func (s *DB) Release(ctx context.Context, id, owner string) error {
	if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM leases WHERE game_id = ? AND owner = ?`), id, owner); err != nil {
		return fmt.Errorf("release %s: %w", id, err)
	}
	return nil
}

// Ping implements store.Store.
func (s *DB) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Close stops the writer after it has committed what was queued, and closes the database.
func (s *DB) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	s.upd.Close()
	s.ins.Close()
	return s.db.Close()
}

// CreateCampaign implements store.Campaigns.
func (s *DB) CreateCampaign(ctx context.Context, c *store.Campaign) error {
	now := time.Now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create campaign %s: %w", c.Name, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM campaigns WHERE name = ?`), c.Name).Scan(&n); err != nil {
		return fmt.Errorf("create campaign %s: %w", c.Name, err)
	}
	if n > 0 {
		return fmt.Errorf("create campaign %s: %w", c.Name, store.ErrExists)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO campaigns (name, state, game_id, version, created, updated) VALUES (?, ?, ?, 1, ?, ?)`),
		c.Name, c.State, c.Game, now.UnixNano(), now.UnixNano()); err != nil {
		return fmt.Errorf("create campaign %s: %w", c.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create campaign %s: %w", c.Name, err)
	}
	c.Version, c.Created, c.Updated = 1, now, now
	return nil
}

const campaignCols = `name, state, game_id, version, created, updated`

func scanCampaign(r rowScanner) (*store.Campaign, error) {
	var c store.Campaign
	var created, updated int64
	if err := r.Scan(&c.Name, &c.State, &c.Game, &c.Version, &created, &updated); err != nil {
		return nil, err
	}
	c.Created, c.Updated = time.Unix(0, created), time.Unix(0, updated)
	return &c, nil
}

// LoadCampaign implements store.Campaigns.
func (s *DB) LoadCampaign(ctx context.Context, name string) (*store.Campaign, error) {
	c, err := scanCampaign(s.db.QueryRowContext(ctx, s.q(`SELECT `+campaignCols+` FROM campaigns WHERE name = ?`), name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("campaign %s: %w", name, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("campaign %s: %w", name, err)
	}
	return c, nil
}

// ListCampaigns implements store.Campaigns.
func (s *DB) ListCampaigns(ctx context.Context) ([]store.Campaign, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+campaignCols+` FROM campaigns ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("list campaigns: %w", err)
	}
	defer rows.Close()
	var out []store.Campaign
	for rows.Next() {
		c, err := scanCampaign(rows)
		if err != nil {
			return nil, fmt.Errorf("list campaigns: %w", err)
		}
		out = append(out, *c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list campaigns: %w", err)
	}
	return out, nil
}

// SaveCampaign implements store.Campaigns.
func (s *DB) SaveCampaign(ctx context.Context, c *store.Campaign, w store.CampaignSave) error {
	now := time.Now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save campaign %s: %w", c.Name, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE campaigns SET state = ?, game_id = ?, version = version + 1, updated = ? WHERE name = ? AND version = ?`),
		c.State, c.Game, now.UnixNano(), c.Name, c.Version)
	if err != nil {
		return fmt.Errorf("save campaign %s: %w", c.Name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var k int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM campaigns WHERE name = ?`), c.Name).Scan(&k); err != nil {
			return fmt.Errorf("save campaign %s: %w", c.Name, err)
		}
		if k == 0 {
			return fmt.Errorf("save campaign %s: %w", c.Name, store.ErrNotFound)
		}
		return fmt.Errorf("save campaign %s: version %d is stale: %w", c.Name, c.Version, store.ErrConflict)
	}
	if w.NewGame != nil {
		if err := s.insertGame(ctx, tx, w.NewGame); err != nil {
			return fmt.Errorf("save campaign %s: %w", c.Name, err)
		}
	}
	if w.FinishGame != "" {
		win, _ := json.Marshal(nonNilInts(w.Winners))
		res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET finished = 1, winners = ? WHERE id = ?`), string(win), w.FinishGame)
		if err != nil {
			return fmt.Errorf("save campaign %s: finish %s: %w", c.Name, w.FinishGame, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("save campaign %s: finish %s: %w", c.Name, w.FinishGame, store.ErrNotFound)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save campaign %s: %w", c.Name, err)
	}
	c.Version++
	c.Updated = now
	return nil
}
