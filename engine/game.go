package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Game is one game starnexus plays: everything about it that is not one game in progress
// (DESIGN.md §2, OpenSpiel's split). The server, sim, the scenario runner, the terminal loop
// and the bots know games only through this interface and the Registry that lists them.
//
// What a tool needs beyond it (a terminal presenter, a scenario adapter, sim's statistics,
// deck files) is an optional interface that the tool's package defines and a game implements,
// as net/http's Flusher is: the tool asserts it, and a game without it is refused by that tool
// with a clear error.
type Game interface {
	// Name is the game's identifier in options, records, URLs and scenario files ("realms").
	Name() string
	// Title is its name for people ("Star Realms").
	Title() string
	// Formats lists the ways to play it, the default first.
	Formats() []Format
	// Options documents the options a Setup may set, by name.
	Options() []OptionInfo
	// Prepare checks a setup and returns it complete: the format and the sets defaulted,
	// every option parsed and validated by the game's one option parser (the CLI, the API and
	// scenario files all come through here) and written back in its canonical form, missing
	// names filled in ("P1"...). A setup Prepare accepts, New accepts.
	Prepare(s Setup) (Setup, error)
	// New starts a game from a setup, before any action (Prepare is applied first).
	New(s Setup) (State, error)
	// Bots are the game's own bots and what a search bot plugs in.
	Bots() BotKit
	// Cards is the card data clients need to draw and explain the game, ready for JSON.
	Cards() any
	// CardNames lists every name a card of the game answers to (aliases included): a player
	// may not take one as a name.
	CardNames() []string
}

// Setup is everything that decides a game before its first action. With the action log it
// makes a Record (Record.Setup).
type Setup struct {
	Format  string
	Sets    []string
	Options map[string]string
	Names   []string
	Seed    uint64
	// Decks holds, per seat, the text of a deck file that seat brings ("" for none: the seat
	// plays what Options name). It is hidden information: only its seat may see it before
	// the game ends.
	Decks []string
}

// Seats is the number of seats the setup names.
func (s Setup) Seats() int { return len(s.Names) }

// Option returns an option's value, or def when it is not set.
func (s Setup) Option(name, def string) string {
	if v, ok := s.Options[name]; ok {
		return v
	}
	return def
}

// Format is one way to play a game.
type Format struct {
	Name     string // as options and --format write it ("hunter")
	Title    string // for people ("Hunter")
	About    string // one sentence a lobby can show
	MinSeats int
	MaxSeats int
	Teams    bool     // seats play in teams
	Roles    []string // the roles some seats take, if any ("emperor", "admiral")
}

// OptionInfo documents one option of a game.
type OptionInfo struct {
	Name    string
	Values  string // what it takes ("1-65535", "on|off", a deck per seat)
	Default string
	About   string
}

// BotKit is what a game brings to the bots: its own (heuristic) bots, and the policies and
// evaluator that the game-independent search levels plug in.
type BotKit struct {
	// Heuristics are the game's own bots by name ("greedy", ...), the strongest last.
	Heuristics []NamedBot
	// Light and Strong are the rollout policies of the search levels: the weaker levels play
	// Light rollouts, the stronger ones Strong ones.
	Light, Strong func() Bot
	// RolloutCap, if not 0, stops the levels' rollouts after so many actions and lets
	// Evaluate score where they stopped: for games whose whole playouts are too slow.
	RolloutCap int
	Evaluate   Evaluator
	// Levels, if set, are the game's own settings of the search levels, weakest first, by
	// name (easy, medium, hard, expert): budgets chosen for the game's cost per iteration.
	// Unset, the levels take the defaults of the bots package.
	Levels []LevelSettings
	// Shortcut, if set, makes for each search bot the game's judge of decisions that need no
	// search (nil: every decision with more than one legal action is searched).
	Shortcut func() Shortcut
}

// LevelSettings is one search level of a game: its budget and what it plugs in.
type LevelSettings struct {
	Name       string
	Iterations int     // per decision
	Strong     bool    // rollouts and prior from BotKit.Strong (else Light)
	Prior      float64 // weight of the policy's own choice in the tree (0: none)
	Epsilon    float64 // chance of a uniform move in a rollout
	Reuse      bool    // keep the tree through the deterministic steps of a turn
	RolloutCap int     // 0: BotKit.RolloutCap
}

// Shortcut tells a search bot that a decision has one sensible option, so that it plays it
// without searching. It reads only the seat's Observation, as a bot does.
type Shortcut interface {
	// Obvious returns the action to play and true when every other legal action is
	// pointless or leads to the same position; false when the decision needs a search.
	// legal holds more than one action.
	Obvious(obs Observation, legal []Action) (Action, bool)
}

// SearchLegal is implemented by States whose Legal lists moves that go round in circles:
// actions that undo what the seat has just done in the same decision and put a position it
// has had back (Stellar Nexus lets a defender start a block declaration again until it is
// confirmed, SN 12.3). A search that tried them could choose them for ever, its tree seeing
// the same position again below itself: a search bot lists a State's actions with
// SearchLegal instead, which leaves those out and keeps every outcome the seat can reach
// (every final declaration can be built by adding to it). The result is never empty when
// Legal is not, and holds only actions Legal lists.
type SearchLegal interface {
	SearchLegal(seat Seat, buf []Action) []Action
}

// NamedBot is a bot a seat may name.
type NamedBot struct {
	Name string
	New  func() Bot
}

// Evaluator scores a State where a search's rollout stopped before the end of the game: it
// writes in rewards[s] the chance it gives seat s to win, in [0, 1]. The State is the
// searching bot's own determinization, so reading all of it reveals nothing.
type Evaluator interface {
	Evaluate(st State, rewards []float64)
}

// Registry lists the games a program plays. It is built by a function of the program's (no
// package holds one), and handed to the server, sim, the scenario runner and the terminal.
type Registry struct {
	games []Game
}

// NewRegistry lists games, the default first. Two games may not share a name.
func NewRegistry(games ...Game) (*Registry, error) {
	if len(games) == 0 {
		return nil, errors.New("a registry needs at least one game")
	}
	r := &Registry{}
	for _, g := range games {
		if g == nil || g.Name() == "" {
			return nil, errors.New("a registered game needs a name")
		}
		if _, err := r.Get(g.Name()); err == nil {
			return nil, fmt.Errorf("game %q registered twice", g.Name())
		}
		r.games = append(r.games, g)
	}
	return r, nil
}

// Get returns the game called name ("" for the default one), or an error naming the games
// there are.
func (r *Registry) Get(name string) (Game, error) {
	if name == "" && len(r.games) > 0 {
		return r.games[0], nil
	}
	for _, g := range r.games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", Clip(name, 64), strings.Join(r.Names(), ", "))
}

// Games lists the registered games, the default first.
func (r *Registry) Games() []Game { return slices.Clone(r.games) }

// Names lists the registered games' names, the default first.
func (r *Registry) Names() []string {
	out := make([]string, len(r.games))
	for i, g := range r.games {
		out[i] = g.Name()
	}
	return out
}

// FormatOf returns the format called name of g ("" for its default), or an error naming its
// formats.
func FormatOf(g Game, name string) (Format, error) {
	fs := g.Formats()
	if name == "" && len(fs) > 0 {
		return fs[0], nil
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		if f.Name == name {
			return f, nil
		}
		names[i] = f.Name
	}
	return Format{}, fmt.Errorf("%s: unknown format %q (known: %s)", g.Name(), Clip(name, 64), strings.Join(names, ", "))
}
