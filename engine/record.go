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
	Actions []LoggedAction    `json:"actions"`
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
