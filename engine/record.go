package engine

import (
	"encoding/json"
	"fmt"
	"os"
)

// Record fully describes a game: which game, its options, the seat names, the seed and every
// action taken, in order, in text form. It is the save format, the replay format and the
// crash-recovery format: replaying the actions from the seed reproduces every state.
type Record struct {
	Game    string            `json:"game"`
	Format  string            `json:"format,omitempty"`
	Sets    []string          `json:"sets,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Seats   []string          `json:"seats"` // who plays each seat: "human" or a bot name
	Names   []string          `json:"names"`
	Seed    uint64            `json:"seed"`
	// Decks holds, per seat, the deck file a seat brought ("" for none): Setup.Decks.
	Decks   []string       `json:"decks,omitempty"`
	Actions []LoggedAction `json:"actions"`
}

// NewRecord is the record of a game set up by s, before any action; seats says who plays
// each seat ("human" or a bot name).
func NewRecord(game string, s Setup, seats []string) *Record {
	return &Record{Game: game, Format: s.Format, Sets: s.Sets, Options: s.Options, Seats: seats,
		Names: s.Names, Seed: s.Seed, Decks: s.Decks, Actions: []LoggedAction{}}
}

// Setup is the setup the record starts from.
func (r *Record) Setup() Setup {
	return Setup{Format: r.Format, Sets: r.Sets, Options: r.Options, Names: r.Names, Seed: r.Seed, Decks: r.Decks}
}

// Replay starts the record's game with g and applies its first n actions (all of them if n is
// negative or larger), each parsed from its text and applied as a player's would be. The error
// names the first action that does not replay.
func Replay(g Game, r *Record, n int) (State, error) {
	if r.Game != g.Name() {
		return nil, fmt.Errorf("a %q record cannot be replayed as %q", r.Game, g.Name())
	}
	st, err := g.New(r.Setup())
	if err != nil {
		return nil, fmt.Errorf("set up the recorded game: %w", err)
	}
	if n < 0 || n > len(r.Actions) {
		n = len(r.Actions)
	}
	for i, la := range r.Actions[:n] {
		if la.Seat < 0 || la.Seat >= st.NumSeats() {
			return nil, fmt.Errorf("action %d (%q): no seat %d", i+1, Clip(la.Action, 64), la.Seat)
		}
		seat := Seat(la.Seat)
		a, err := st.ParseAction(seat, la.Action)
		if err == nil {
			err = st.Apply(seat, a)
		}
		if err != nil {
			return nil, fmt.Errorf("action %d (%s: %q) does not replay: %w", i+1, st.SeatName(seat), Clip(la.Action, 64), err)
		}
	}
	return st, nil
}

// LoggedAction is one action of a Record: the seat that took it and its canonical text.
type LoggedAction struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
}

// SaveRecord writes r as indented JSON to path.
func SaveRecord(path string, r *Record) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encode record: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// LoadRecord reads a Record saved by SaveRecord and checks its shape (not its actions: the
// game replays them and reports the first one that fails).
func LoadRecord(path string) (*Record, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("load %s: not a saved game: %w", path, err)
	}
	if r.Game == "" {
		return nil, fmt.Errorf("load %s: not a saved game: no \"game\" field", path)
	}
	if len(r.Names) == 0 || len(r.Seats) != len(r.Names) {
		return nil, fmt.Errorf("load %s: corrupt save: %d seats but %d names", path, len(r.Seats), len(r.Names))
	}
	for i, a := range r.Actions {
		if a.Seat < 0 || a.Seat >= len(r.Names) {
			return nil, fmt.Errorf("load %s: corrupt save: action %d (%q) names seat %d of %d", path, i+1, a.Action, a.Seat, len(r.Names))
		}
	}
	return &r, nil
}
