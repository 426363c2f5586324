// Package engine holds the game-agnostic contracts that every game of starnexus implements
// and that clients, bots, the scenario runner and the server are written against.
//
// The model follows OpenSpiel's State API: a State holds a whole game with its own seeded
// random source, does no I/O and reads no clock. Every decision a player makes is an Action;
// a multi-step effect becomes a pending decision whose answers are the only legal actions.
package engine

import (
	"fmt"

	"starnexus/i18n/msg"
)

// Seat identifies a player by position in turn order, from 0. Spectator is the public seat.
type Seat int8

// Spectator is the seat of somebody who watches: it sees only public information.
const Spectator Seat = -1

// Action is a move in its compact in-memory form. Its meaning is private to the game that
// made it; text is produced and parsed only at the edges (ActionText, ParseAction).
type Action uint32

// State is one whole game. Implementations keep every field inside the value so that Clone
// is a copy, and they never allocate in Legal, Apply or Clone on the bots' path.
type State interface {
	// Game names the game ("realms", "nexus").
	Game() string
	// NumSeats is the number of seats at the table, defeated ones included.
	NumSeats() int
	// SeatName is the name the action texts use for a seat.
	SeatName(s Seat) string
	// ToMove appends to buf the seats that may act now and returns it. It is empty once the
	// game is over.
	ToMove(buf []Seat) []Seat
	// Legal appends to buf every action seat may take now, each once, and returns it.
	Legal(seat Seat, buf []Action) []Action
	// Apply performs the action for seat, or returns an error saying why it is illegal and
	// leaves the state untouched.
	Apply(seat Seat, a Action) error
	// ApplyTrusted performs an action that Legal has just listed for seat, skipping the
	// validation. It is the bots' fast path; an action that was not legal corrupts the state.
	ApplyTrusted(seat Seat, a Action)
	// Clone returns an independent copy in a new allocation.
	Clone() State
	// CloneInto copies the state into dst, which must be a State of the same game made by an
	// earlier Clone, and returns it, allocating nothing: the bots' and search's way to copy.
	// A nil or foreign dst gets a fresh Clone.
	CloneInto(dst State) State
	// View returns what seat may know (Spectator: the public view), for clients: its JSON is
	// what the server sends. Bots read Observations instead.
	View(seat Seat) View
	// Observe fills seat's observation (Spectator: the public one) for the bots, reusing dst,
	// an observation of this game made by an earlier Observe, without allocating; nil or a
	// foreign dst gets a new one.
	Observe(seat Seat, dst Observation) Observation
	// Over reports whether the game has ended.
	Over() bool
	// Winners lists the winning seats once the game is over; empty for a draw.
	Winners() []Seat
	// ActionText is the canonical text of an action, as Legal would list it for seat.
	ActionText(seat Seat, a Action) string
	// ParseAction reads an action text (canonical or shorthand) for seat. It fails on text that
	// names nothing real (an unknown card: the error suggests the closest names); it does not
	// judge legality, which is Apply's job.
	ParseAction(seat Seat, text string) (Action, error)
}

// View is what one seat may know of a State. Games give it typed accessors; every View can
// be encoded as JSON for clients, and names the seat it was made for.
type View interface {
	Seat() Seat
	// MarshalJSON encodes exactly the information the seat may see.
	MarshalJSON() ([]byte, error)
}

// Bot chooses an action for a seat from that seat's Observation and the legal actions. It
// never sees the State itself: a search bot holds States only through Observation.Determinize.
type Bot interface {
	Name() string
	Choose(obs Observation, legal []Action, rng *RNG) Action
}

// IllegalError is returned by Apply when an action is not legal now.
type IllegalError struct {
	Action string // the action's text
	Reason string // why it is refused, in English
	// Why is the reason as a message of the catalogs (a code with arguments, ids
	// "refuse.GAME.*"), for the edges to render in the player's language; the English
	// catalog renders it as Reason. Empty (no ID) if the game gives none.
	Why msg.Msg
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("illegal action %q: %s", e.Action, e.Reason)
}
