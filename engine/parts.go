package engine

import (
	"strings"

	"starnexus/i18n/msg"
)

// ActionParts is what one action is made of, as data: a client groups, labels and places the
// legal actions from it and never reads their texts (issue 14). The game fills it; a field
// that does not apply stays zero. It names only what the seat it is made for may see: the
// parts of an action agree with its ActionText for that seat (every name in them appears in
// the text, except the asker, the option's label and a choose-card's zone).
type ActionParts struct {
	// Verb is the action's kind in the game's action language: the leading words of its text
	// ("play", "use", "buy", "attack", "choose", "end"; Stellar Nexus' "cast", "activate",
	// "add attacker", "block", "pass", ...).
	Verb string
	// Card is the card the action acts with (played, used, bought, cast, activated, sent to
	// attack, blocking, passed, swapped out) or the card it chooses, by its name alone.
	Card string
	// Number is the card's public number when its text carries one ("Ion Drake #2": 2).
	Number int
	// Ability names the ability used: Star Realms' "primary", "ally" or "scrap"; "hero" for a
	// Stellar Nexus hero's ability.
	Ability string
	// Target is what the action aims at: a player, a card, an item on the stack.
	Target Target
	// Amount is a number the action carries: the Combat of an attack, what a gift gives.
	Amount int
	// Option is the option a choose-one answer picks, from 1.
	Option int
	// Zone is where the card the action names is: "hand", "discard", "row", "play", "deck",
	// "reserve"...
	Zone string
	// Pool is the pool a gift draws from: "trade" or "combat".
	Pool string
	// Upgrade is the upgrade an acquisition pays for ("Empire 1 row 3").
	Upgrade string
	// Asks is the card and ability whose pending decision the action answers; zero when the
	// action is not an answer or the rules themselves ask (a mulligan, the starting player).
	Asks Asker
}

// Target is what an action aims at.
type Target struct {
	// Kind is "" (no target), "player", "card" (a card or permanent, Zone says where) or
	// "stack" (a spell or ability on the stack).
	Kind string
	// Player is the name of the player aimed at, or of the owner (controller) of the card
	// aimed at; "" when none is known or none may be told. Seat is that player's seat, and
	// means something only when Player is set.
	Player string
	Seat   Seat
	// Card and Number name the card aimed at, as ActionParts.Card and Number do.
	Card   string
	Number int
	// Zone is where that card is ("play", "field", "graveyard", "stack", "reserve"...).
	Zone string
}

// Asker is the card and ability that ask a decision.
type Asker struct {
	Card    string // the card's name ("" when the rules ask)
	Number  int    // its public number, if it shows one
	Ability string // which of its abilities: Star Realms' slot ("primary"...), "hero", or its effect ("scrap")
}

// Decision is the pending decision a seat sees, as data: what asks and what kind of answer it
// takes, so that a client never reads the prompt's text.
type Decision struct {
	// Seat decides (for a decision several seats answer at once, the one it is made for).
	Seat Seat
	// Kind is the kind of answer, in the game's words: Star Realms' "option" (one of Options),
	// "cards" (cards, one at a time), "player"; Stellar Nexus' "priority", "target", "pay",
	// "attack", "block", "mulligan", "first", "unless", "affinity", "order", "swap".
	Kind string
	// Effect is what the answer does ("scrap", "discard", "destroy a base", "draw"...), "" when
	// Kind says it all.
	Effect string
	// Asks is the card and ability that ask; zero when the rules ask.
	Asks Asker
	// Min and Max bound how many more answers it takes (Max 0: as many as the seat likes).
	Min, Max int
	// Optional: the seat may decline (skip, done, no).
	Optional bool
	// Options labels the options of a choose-one: Options[i] is what "choose i+1" does, in
	// the game's notation (tools, tests).
	Options []string
	// Prompt is the whole question as players read it, a message with arguments: the card
	// and ability that ask, when a card asks, and what they ask ("Trade Bot: you may scrap a
	// card from your hand or discard pile."). It is addressed to the seat that decides when
	// the viewer is that seat, and tells the others who decides.
	Prompt msg.Msg
	// OptionMsgs is Options as players read them: OptionMsgs[i] is what "choose i+1" does.
	OptionMsgs []msg.Msg
}

// ActionDescriber is a State that describes its actions as data. It is called at the edges
// only (a server's views), never on a bot's path.
type ActionDescriber interface {
	// DescribeAction returns the parts of a, an action Legal lists for seat now, as that
	// seat may see them.
	DescribeAction(seat Seat, a Action) ActionParts
}

// DecisionDescriber is a State that describes its pending decision as data.
type DecisionDescriber interface {
	// DescribeDecision returns the pending decision as viewer (Spectator: anybody) may see
	// it; false when there is none or the viewer may not know it.
	DescribeDecision(viewer Seat) (Decision, bool)
}

// TextParts is the parts of an action of a game without an ActionDescriber: the first word
// of its text is the verb, and nothing more is known.
func TextParts(text string) ActionParts {
	verb, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return ActionParts{Verb: verb}
}

// DescribeAction returns the parts of a legal action of st for seat: the game's own
// description when st is an ActionDescriber, TextParts of its text otherwise.
func DescribeAction(st State, seat Seat, a Action) ActionParts {
	if d, ok := st.(ActionDescriber); ok {
		return d.DescribeAction(seat, a)
	}
	return TextParts(st.ActionText(seat, a))
}
