package engine

// Events say what an action did, as data: an id and its arguments, never an English sentence,
// so that clients narrate, animate and translate them. A State records them only when asked
// (EventRecorder), so that bots and search pay nothing.

// EventKind names what happened. The arguments an event of each kind fills are listed with
// it; docs/api.md gives the JSON.
type EventKind string

// The kinds of event. Games use these where they fit and may add their own (documented in
// docs/api.md).
const (
	// EvMoved: Card (Number) of Seat moved From a zone To another ("hand", "deck", "discard",
	// "in_play", "trade_row", "scrap_heap", "library", "graveyard", "field", "stack"...).
	EvMoved EventKind = "moved"
	// EvStat: Seat's Stat ("trade", "combat", "authority", "life", "resources"...), or the
	// creature Card's ("strength", "endurance"), changed by Amount to Total, because of Source
	// (a card, or "" for the rules).
	EvStat EventKind = "stat"
	// EvDamage: Amount damage dealt by Source to Target (a player, a base, a creature).
	EvDamage EventKind = "damage"
	// EvDestroyed: Card (a base, a creature, a permanent) of Seat left play by damage or an
	// effect (Source); a creature's death is EvDied.
	EvDestroyed EventKind = "destroyed"
	// EvDied: the creature Card (Number) of Seat died.
	EvDied EventKind = "died"
	// EvTriggered: an ability of Card (Number) of Seat triggered (Ability names it).
	EvTriggered EventKind = "triggered"
	// EvShuffled: Seat's From zone (Amount cards) was shuffled to make its To zone; the new
	// order is never told.
	EvShuffled EventKind = "shuffled"
	// EvCounter: Amount counters or markers (Stat names which) placed on (negative: removed
	// from) Card (Number).
	EvCounter EventKind = "counter"
	// EvChose: Seat chose Option (a card, a player, a number) for the decision Source asks.
	EvChose EventKind = "chose"
	// EvTurn: Seat's turn (Amount: its number) began.
	EvTurn EventKind = "turn"
	// EvDefeated: Seat lost (or, for a team, its team did).
	EvDefeated EventKind = "defeated"
	// EvGameOver: the game ended; Target lists nothing, Seat is the first winner or
	// Spectator for a draw.
	EvGameOver EventKind = "game_over"
)

// Event is one thing an action did.
type Event struct {
	Kind   EventKind
	Seat   Seat   // the player it concerns; Spectator for none
	Card   string // the card concerned, "" when none (or hidden from the viewer: see For)
	Number int    // the card's public number among same-name objects, 0 for none
	From   string // EvMoved: the zone it left
	To     string // EvMoved: the zone it entered
	Stat   string // EvStat, EvCounter: what changed
	Amount int    // the change, damage, count or turn number
	Total  int    // EvStat: the stat's value after the change
	Source string // the card or ability that caused it, "" for the rules or the player's choice
	Target string // EvDamage: the player, base or creature hit
	Option string // EvChose: what was chosen, as the action texts write it
	// Ability names the ability of EvTriggered ("primary", "ally", "scrap", "acquire"...).
	Ability string
	// CardSeen is the set of seats (bit s for seat s) that may see Card; 0 means everyone.
	// A card drawn is seen by its owner alone; the others see that a card moved.
	CardSeen uint64
	// Seen is the set of seats that may see the event at all; 0 means everyone. A secret
	// choice (a hero chosen face down, a block not yet revealed) is seen by its seat alone.
	Seen uint64
}

// SeatBit is the bit of seat s in Event.CardSeen and Event.Seen.
func SeatBit(s Seat) uint64 { return 1 << uint(s) }

// For is the event as seat sees it: ok is false when seat may not see it at all; Card (and
// Number) are blanked when seat may not see the card. Spectator sees what every seat may.
func (e Event) For(seat Seat) (Event, bool) {
	if e.Seen != 0 && (seat < 0 || e.Seen&SeatBit(seat) == 0) {
		return Event{}, false
	}
	if e.CardSeen != 0 && (seat < 0 || e.CardSeen&SeatBit(seat) == 0) {
		e.Card, e.Number = "", 0
	}
	e.CardSeen, e.Seen = 0, 0
	return e, true
}

// EventRecorder is a State that can tell what its actions did. Recording is off in a new
// State, and a Clone or CloneInto neither records nor holds recorded events (the bots' and
// search's copies pay nothing); the server and the terminal turn it on for their games. The
// store keeps no events: replaying the log with recording on yields them again.
type EventRecorder interface {
	// RecordEvents turns recording on or off; turning it off forgets what was recorded.
	RecordEvents(on bool)
	// TakeEvents appends to buf the events recorded since the last call, in order, and
	// forgets them.
	TakeEvents(buf []Event) []Event
}
