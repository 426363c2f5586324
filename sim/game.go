package sim

import "starnexus/engine"

// What sim asks of a game beyond engine.Game. Each is optional: a game without StatsGame still
// gets win rates, positions and game length; a game without DeckGame takes no --decks.
// Their signatures use only engine and standard types, so that a game implements them without
// importing sim.

// Tracker follows one game for the statistics. It is an alias of an interface literal so that
// a game's NewTracker can return it without naming sim.
type Tracker = interface {
	// Before is told each action before it is applied, and returns the name of the card the
	// action acquires ("" for none): the card a Star Realms player buys, the card a Stellar
	// Nexus player casts.
	Before(seat engine.Seat, a engine.Action) string
	// Rounds is the number of rounds completed so far.
	Rounds() int
	// Score is a seat's score now: the number the game is won by (authority, life).
	Score(seat engine.Seat) int
}

// StatsGame is a game that tells sim what happens in its games.
type StatsGame interface {
	// SimStats names the score ("authority") and what acquiring a card means ("bought").
	SimStats() (score, acquired string)
	// NewTracker follows st, a game before its first action.
	NewTracker(st engine.State) Tracker
}

// CheckGame is a game whose states sim can check after every action (--check).
type CheckGame interface {
	// NewChecker returns a function called after every action of st (actions: how many so
	// far); it returns what is wrong, if anything. seed seeds the checks' own randomness.
	NewChecker(st engine.State, seed uint64) func(actions int) error
}

// DeckGame is a game whose seats bring decks.
type DeckGame interface {
	// ShippedDecks lists the decks that come with the game, by name.
	ShippedDecks() []string
	// WithDecks returns s with a deck per seat: texts[i] the text of a deck file seat i brings,
	// or "" for the shipped deck names[i].
	WithDecks(s engine.Setup, names, texts []string) engine.Setup
	// DeckHero names the hero (or the like) of a shipped deck or a deck file's text, for the
	// statistics by hero ("" if the game has none).
	DeckHero(name, text string) (string, error)
}
