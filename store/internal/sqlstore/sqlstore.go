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
	"math"
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
	// Committed, if set, runs after every write transaction commits (the writer's batches,
	// game creations, claims, finishes, campaign saves), in the goroutine that committed it
	// and before the next batch is taken: store/sqlite bounds its write-ahead log there, so
	// that the bound holds however fast the writes come.
	Committed func()
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
	if s.upd, err = db.Prepare(s.q(`UPDATE games SET actions = actions + 1, last_active = ? WHERE id = ? AND actions = ? AND finished = 0`)); err != nil {
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

// committed runs the dialect's Committed hook.
func (s *DB) committed() {
	if s.d.Committed != nil {
		s.d.Committed()
	}
}

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
	s.committed()
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
	decks, _ := json.Marshal(nonNil(g.Decks))
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
	active := g.LastActive
	if active.IsZero() {
		active = created
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, game, format, sets, options, seed, created, last_active, finished, abandoned, winners, actions, decks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`),
		g.ID, g.Game, g.Format, string(sets), string(optb), int64(g.Seed), created.UnixNano(), active.UnixNano(), b2i(g.Finished), b2i(g.Abandoned), string(win), string(decks)); err != nil {
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

// gameColumns are the games columns a gameRow holds, in its order.
var gameColumns = []string{"id", "game", "format", "sets", "options", "seed", "created", "last_active", "finished", "abandoned", "winners", "actions", "decks"}

// seatColumns are the seats columns a seatRow holds, in its order.
var seatColumns = []string{"n", "name", "kind", "bot", "token_hash", "claimed"}

// cols lists columns for a SELECT, each prefixed with table alias t.
func cols(t string, names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = t + "." + n
	}
	return strings.Join(out, ", ")
}

// pointers lists a pointer to each of v's values: the destinations of a Scan into v.
func pointers(v []any) []any {
	d := make([]any, len(v))
	for i := range v {
		d[i] = &v[i]
	}
	return d
}

// gameRow is a games row as the driver hands it over, before any conversion: a damaged
// column (options that are not JSON, a seed stored as text) must fail the decoding of its
// own game only, never the Scan that a listing needs to reach the next row.
type gameRow struct {
	v [13]any
}

func (r *gameRow) dest() []any { return pointers(r.v[:]) }

// id is the row's game id, readable even when the rest of the row is damaged.
func (r *gameRow) id() string {
	if s, err := text(r.v[0]); err == nil {
		return s
	}
	return fmt.Sprint(r.v[0])
}

// decode converts the row; its error wraps store.ErrDamaged and names the bad column.
func (r *gameRow) decode() (*store.Game, int, error) {
	g := &store.Game{ID: r.id()}
	bad := func(col string, err error) (*store.Game, int, error) {
		return nil, 0, fmt.Errorf("game %s: %w: %s: %v", g.ID, store.ErrDamaged, col, err)
	}
	var err error
	if g.Game, err = text(r.v[1]); err != nil {
		return bad("game", err)
	}
	if g.Format, err = text(r.v[2]); err != nil {
		return bad("format", err)
	}
	if err := jsonColumn(r.v[3], &g.Sets); err != nil {
		return bad("sets", err)
	}
	if err := jsonColumn(r.v[4], &g.Options); err != nil {
		return bad("options", err)
	}
	seed, err := integer(r.v[5])
	if err != nil {
		return bad("seed", err)
	}
	g.Seed = uint64(seed)
	created, err := integer(r.v[6])
	if err != nil {
		return bad("created", err)
	}
	active, err := integer(r.v[7])
	if err != nil {
		return bad("last_active", err)
	}
	g.Created, g.LastActive = time.Unix(0, created), time.Unix(0, active)
	finished, err := integer(r.v[8])
	if err != nil {
		return bad("finished", err)
	}
	abandoned, err := integer(r.v[9])
	if err != nil {
		return bad("abandoned", err)
	}
	g.Finished, g.Abandoned = finished != 0, abandoned != 0
	if err := jsonColumn(r.v[10], &g.Winners); err != nil {
		return bad("winners", err)
	}
	count, err := integer(r.v[11])
	if err != nil || count < 0 {
		if err == nil {
			err = fmt.Errorf("%d is negative", count)
		}
		return bad("actions", err)
	}
	if err := jsonColumn(r.v[12], &g.Decks); err != nil {
		return bad("decks", err)
	}
	if len(g.Decks) == 0 {
		g.Decks = nil
	}
	return g, int(count), nil
}

// seatRow is a seats row as the driver hands it over (all nil: a game without seats, from
// a LEFT JOIN).
type seatRow struct {
	v [6]any
}

func (r *seatRow) dest() []any { return pointers(r.v[:]) }

// addTo decodes the row as the next seat of g; its error wraps store.ErrDamaged.
func (r *seatRow) addTo(g *store.Game) error {
	next := len(g.Seats)
	bad := func(col string, err error) error {
		return fmt.Errorf("game %s: %w: seat %d: %s: %v", g.ID, store.ErrDamaged, next, col, err)
	}
	n, err := integer(r.v[0])
	if err != nil {
		return bad("n", err)
	}
	if n != int64(next) {
		return bad("n", fmt.Errorf("seat %d follows seat %d", n, next-1))
	}
	var st store.Seat
	if st.Name, err = text(r.v[1]); err != nil {
		return bad("name", err)
	}
	if st.Kind, err = text(r.v[2]); err != nil {
		return bad("kind", err)
	}
	if st.Kind != store.Human && st.Kind != store.Bot && st.Kind != store.Open {
		return bad("kind", fmt.Errorf("%s is not %s, %s or %s", describe(r.v[2]), store.Human, store.Bot, store.Open))
	}
	if st.Bot, err = text(r.v[3]); err != nil {
		return bad("bot", err)
	}
	switch h := r.v[4].(type) {
	case nil:
	case []byte:
		st.TokenHash = h
	default:
		return bad("token_hash", fmt.Errorf("%s is not bytes", describe(h)))
	}
	claimed, err := integer(r.v[5])
	if err != nil {
		return bad("claimed", err)
	}
	st.Claimed = claimed != 0
	g.Seats = append(g.Seats, st)
	return nil
}

// text reads a TEXT column.
func text(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("%s is not text", describe(v))
}

// integer reads an INTEGER or BIGINT column (SQLite keeps a value its column's type cannot
// hold as it was written: a seed updated to 'x' comes back as text).
func integer(v any) (int64, error) {
	if n, ok := v.(int64); ok {
		return n, nil
	}
	return 0, fmt.Errorf("%s is not an integer", describe(v))
}

// jsonColumn decodes a TEXT column holding JSON into dst.
func jsonColumn(v any, dst any) error {
	s, err := text(v)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(s), dst); err != nil {
		return fmt.Errorf("%s is not the JSON expected: %w", describe(s), err)
	}
	return nil
}

// describe shows a stored value in an error, briefly: damaged data may be long.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case string:
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		return strconv.Quote(v)
	case []byte:
		return fmt.Sprintf("%d bytes", len(v))
	}
	return fmt.Sprintf("%T %v", v, v)
}

// LoadGame implements store.Store.
func (s *DB) LoadGame(ctx context.Context, id string) (*store.Game, []store.Action, error) {
	var row gameRow
	err := s.db.QueryRowContext(ctx, s.q(`SELECT `+cols("g", gameColumns)+` FROM games g WHERE g.id = ?`), id).Scan(row.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("load game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("load game %s: %w", id, err)
	}
	g, _, err := row.decode()
	if err != nil {
		return nil, nil, fmt.Errorf("load game: %w", err)
	}
	if err := s.seats(ctx, g); err != nil {
		return nil, nil, fmt.Errorf("load game: %w", err)
	}
	acts, err := s.Actions(ctx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	return g, acts, nil
}

// seats reads g's seats into it.
func (s *DB) seats(ctx context.Context, g *store.Game) error {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+cols("s", seatColumns)+` FROM seats s WHERE s.game_id = ? ORDER BY s.n`), g.ID)
	if err != nil {
		return fmt.Errorf("game %s: seats: %w", g.ID, err)
	}
	defer rows.Close()
	g.Seats = nil
	for rows.Next() {
		var r seatRow
		if err := rows.Scan(r.dest()...); err != nil {
			return fmt.Errorf("game %s: seats: %w", g.ID, err)
		}
		if err := r.addTo(g); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("game %s: seats: %w", g.ID, err)
	}
	return nil
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
	now := time.Now().UnixNano()
	for i, r := range batch {
		res, err := upd.ExecContext(ctx, now, r.id, r.a.Seq)
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
	s.committed()
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
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET last_active = ? WHERE id = ?`), time.Now().UnixNano(), id); err != nil {
		return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
	}
	if s.d.Notify != nil {
		if err := s.d.Notify(ctx, tx, store.Change{Game: id, Seq: -1}); err != nil {
			return fmt.Errorf("claim seat %d of %s: notify: %w", n, id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("claim seat %d of %s: %w", n, id, err)
	}
	s.committed()
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
	s.committed()
	return nil
}

// Abandon implements store.Store.
func (s *DB) Abandon(ctx context.Context, id string) error {
	_, err := s.abandon(ctx, id, time.Time{})
	return err
}

// AbandonIdle implements store.Store.
func (s *DB) AbandonIdle(ctx context.Context, id string, idleBefore time.Time) (bool, error) {
	return s.abandon(ctx, id, idleBefore)
}

// abandon ends game id as abandoned if it is unfinished and, when idleBefore is not zero,
// idle since before it; it reports whether it did.
func (s *DB) abandon(ctx context.Context, id string, idleBefore time.Time) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("abandon %s: %w", id, err)
	}
	defer tx.Rollback()
	query, args := `UPDATE games SET finished = 1, abandoned = 1, winners = '[]' WHERE id = ? AND finished = 0`, []any{id}
	if !idleBefore.IsZero() {
		query += ` AND last_active < ?`
		args = append(args, idleBefore.UnixNano())
	}
	res, err := tx.ExecContext(ctx, s.q(query), args...)
	if err != nil {
		return false, fmt.Errorf("abandon %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var c int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM games WHERE id = ?`), id).Scan(&c); err != nil {
			return false, fmt.Errorf("abandon %s: %w", id, err)
		}
		if c == 0 {
			return false, fmt.Errorf("abandon %s: %w", id, store.ErrNotFound)
		}
		return false, nil // finished already, or active since: left as it is
	}
	if s.d.Notify != nil {
		if err := s.d.Notify(ctx, tx, store.Change{Game: id, Seq: -1}); err != nil {
			return false, fmt.Errorf("abandon %s: notify: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("abandon %s: %w", id, err)
	}
	s.committed()
	return true, nil
}

// List implements store.Store. One query reads the chosen games with their seats (a page
// of them, not one query per game), and no action log: Summary.Actions is the games row's
// count.
func (s *DB) List(ctx context.Context, f store.Filter) ([]store.Summary, error) {
	var where []string
	var args []any
	if f.Unfinished || !f.IdleBefore.IsZero() {
		where = append(where, `finished = 0`)
	}
	if !f.IdleBefore.IsZero() {
		where = append(where, `last_active < ?`)
		args = append(args, f.IdleBefore.UnixNano())
	}
	const openSeat = `EXISTS (SELECT 1 FROM seats o WHERE o.game_id = games.id AND o.kind = 'open' AND o.claimed = 0)`
	switch f.Seating {
	case store.SeatingOpen:
		where = append(where, openSeat)
	case store.SeatingFull:
		where = append(where, `NOT `+openSeat)
	}
	page := `SELECT ` + strings.Join(gameColumns, ", ") + ` FROM games`
	if len(where) > 0 {
		page += ` WHERE ` + strings.Join(where, ` AND `)
	}
	page += ` ORDER BY created DESC, id`
	if f.Limit > 0 || f.Offset > 0 {
		// SQLite has no OFFSET without a LIMIT, and PostgreSQL no LIMIT -1: the largest
		// limit both take stands for none.
		limit := int64(math.MaxInt64)
		if f.Limit > 0 {
			limit = int64(f.Limit)
		}
		page += ` LIMIT ` + strconv.FormatInt(limit, 10) + ` OFFSET ` + strconv.Itoa(max(f.Offset, 0))
	}
	query := `SELECT ` + cols("g", gameColumns) + `, ` + cols("s", seatColumns) + ` FROM (` + page + `) g
		LEFT JOIN seats s ON s.game_id = g.id ORDER BY g.created DESC, g.id, s.n`
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var out []store.Summary
	for rows.Next() {
		var gr gameRow
		var sr seatRow
		if err := rows.Scan(append(gr.dest(), sr.dest()...)...); err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		id := gr.id()
		if len(out) == 0 || out[len(out)-1].Game.ID != id {
			var sum store.Summary
			g, count, err := gr.decode()
			if err != nil {
				sum.Game.ID, sum.Damaged = id, err
			} else {
				sum.Game, sum.Actions = *g, count
			}
			out = append(out, sum)
		}
		sum := &out[len(out)-1]
		if sum.Damaged != nil || sr.v[0] == nil {
			continue
		}
		if err := sr.addTo(&sum.Game); err != nil {
			*sum = store.Summary{Game: store.Game{ID: id}, Damaged: err}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	for i := range out {
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
	s.committed()
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
	s.committed()
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
	s.committed()
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
func (s *DB) ListCampaigns(ctx context.Context, p store.CampaignPage) ([]store.Campaign, error) {
	query, args := `SELECT `+campaignCols+` FROM campaigns`, []any{}
	if p.After != "" {
		query += ` WHERE name > ?`
		args = append(args, p.After)
	}
	query += ` ORDER BY name`
	if p.Limit > 0 {
		query += ` LIMIT ` + strconv.Itoa(p.Limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
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
	s.committed()
	c.Version++
	c.Updated = now
	return nil
}
