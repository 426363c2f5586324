// Package store keeps the server's games: for each game its setup (game, format, sets,
// options, seed, seats with the hashes of their tokens) and its action log. A game is
// event-sourced: replaying the log from the seed rebuilds it (DESIGN.md §2, §6).
//
// Store is the one interface; store/sqlite (the embedded default) and store/postgres
// implement it, and store/storetest is the conformance suite both pass.
package store

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"time"
)

// Seat kinds.
const (
	Human = "human"
	Bot   = "bot"
	Open  = "open"
)

// Errors a Store returns; callers test them with errors.Is.
var (
	// ErrNotFound: no such game or seat.
	ErrNotFound = errors.New("not found")
	// ErrConflict: an action already holds this (game, seq): somebody else moved first.
	ErrConflict = errors.New("an action is already logged at this seq")
	// ErrSeatTaken: the seat is not open (claimed already, or never open).
	ErrSeatTaken = errors.New("seat is not open")
	// ErrExists: a game with this id exists.
	ErrExists = errors.New("game exists")
	// ErrDamaged: a stored game's row cannot be read back (a column that is not JSON, a seed
	// that is not an integer, ...). The error wrapping it says which game and what is wrong;
	// the row is left as it is, for an operator.
	ErrDamaged = errors.New("damaged row")
)

// Seat is one seat of a game. TokenHash is the SHA-256 of the seat's token (human seats and
// claimed open seats); the token itself is never stored.
type Seat struct {
	Name      string
	Kind      string // Human, Bot or Open (an open seat keeps Kind Open once claimed; Claimed says so)
	Bot       string
	TokenHash []byte
	Claimed   bool
}

// Game is a game's setup: everything but its actions.
type Game struct {
	ID      string
	Game    string
	Format  string
	Sets    []string
	Options map[string]string
	Seed    uint64
	Seats   []Seat
	// Decks holds, per seat, the text of the deck file it brought ("" for none); nil when no
	// seat brought one. Hidden information: only its seat may see it before the game ends.
	Decks   []string
	Created time.Time
	// LastActive is when the game was created or last had an action logged or a seat
	// claimed; the store sets it (CreateGame keeps a non-zero value it is given, for tests
	// and imports). Filter.IdleBefore selects on it.
	LastActive time.Time
	Finished   bool
	// Abandoned: the game was ended by Abandon, unplayed to its end (Finished is then set
	// too and Winners is empty).
	Abandoned bool
	Winners   []int
}

// Action is one logged action: Seq is its position in the game's log from 0.
type Action struct {
	Seq  int
	Seat int
	Text string
}

// Summary describes a game in a listing.
type Summary struct {
	Game     Game
	Actions  int // the game's action count
	OpenSeat []int
	// Damaged, if not nil, says that the game's stored row cannot be read (it wraps
	// ErrDamaged): only Game.ID is then set. List reports such a game instead of failing as
	// a whole, so that one bad row does not hide every other game; the caller logs and skips
	// it.
	Damaged error
}

// Filter chooses which games List returns. Games are listed newest first (by creation).
type Filter struct {
	Unfinished bool // only games not finished
	Limit      int  // at most this many; 0: no limit
	Offset     int  // skip this many first (paging); 0: none
	// Seating, when not SeatingAny, keeps only the games with an open seat still to claim
	// (SeatingOpen) or only those whose every seat is taken (SeatingFull).
	Seating Seating
	// IdleBefore, when not zero, keeps only unfinished games whose LastActive is before it.
	IdleBefore time.Time
}

// Seating chooses games by their open seats (Filter.Seating).
type Seating int

// The values of Filter.Seating.
const (
	SeatingAny  Seating = iota // every game
	SeatingOpen                // a game with an open seat nobody has claimed
	SeatingFull                // a game whose every seat is taken (human, bot or claimed)
)

// Change tells that a game changed in some process: an action was logged (Seq is then the
// game's new action count) or a seat was claimed.
type Change struct {
	Game string
	Seq  int
}

// Store persists games. Every method is safe for concurrent use.
type Store interface {
	// CreateGame stores a new game with no actions (ErrExists if its id is taken).
	CreateGame(ctx context.Context, g *Game) error
	// LoadGame returns a game's setup and its whole log (ErrNotFound).
	LoadGame(ctx context.Context, id string) (*Game, []Action, error)
	// Actions returns the game's actions from seq on.
	Actions(ctx context.Context, id string, from int) ([]Action, error)
	// Append logs an action at a.Seq. It is committed when Append returns nil. A second action
	// at the same (game, seq) is refused with ErrConflict, and so is a seq that leaves a gap.
	Append(ctx context.Context, id string, a Action) error
	// ClaimSeat gives open seat n its name and token hash, once (ErrSeatTaken after that).
	ClaimSeat(ctx context.Context, id string, n int, name string, tokenHash []byte) error
	// Finish marks a game over with its winners (seat numbers).
	Finish(ctx context.Context, id string, winners []int) error
	// Abandon ends an unfinished game as abandoned: Finished and Abandoned are set, with no
	// winners, and no action can be appended after it. ErrNotFound if there is no such game.
	// A game already finished (abandoned or played to its end, possibly by another process
	// a moment before) is left as it is and Abandon returns nil: LoadGame tells which.
	// Other processes hear of it as a seat claim is heard (a Change with Seq -1).
	Abandon(ctx context.Context, id string) error
	// AbandonIdle is Abandon only if the game is still unfinished and its LastActive is
	// still before idleBefore, checked in the same statement, so that an action logged (or a
	// seat claimed) since the caller listed the game as idle saves it. It reports whether it
	// abandoned the game (ErrNotFound if there is no such game).
	AbandonIdle(ctx context.Context, id string, idleBefore time.Time) (bool, error)
	// List returns summaries of games, newest first, as f chooses. It reads no action log
	// (Summary.Actions is the stored count). A game whose row is damaged is listed with
	// Summary.Damaged set, and every other game is listed as usual.
	List(ctx context.Context, f Filter) ([]Summary, error)
	// Lease gives the bots of game id to owner until ttl from now, if nobody else holds an
	// unexpired lease; it reports whether owner holds it. Holding it already renews it.
	Lease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error)
	// Release gives up owner's lease on game id, if it holds it.
	Release(ctx context.Context, id, owner string) error
	// Changes delivers the changes made through other Store values on the same database
	// (other processes), until ctx ends. A backend with one process only returns nil.
	Changes(ctx context.Context) (<-chan Change, error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	Close() error
}

// WALReporter is implemented by a store that keeps a write-ahead log file beside its
// database (store/sqlite): WALBytes is the log's size on disk now, for /metrics.
type WALReporter interface {
	WALBytes() (int64, error)
}

// HashToken is the hash the store keeps of a seat token.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// TokenMatches reports, in constant time, whether token hashes to hash.
func TokenMatches(token string, hash []byte) bool {
	return len(hash) == sha256.Size && subtle.ConstantTimeCompare(HashToken(token), hash) == 1
}
