package nexus

import (
	"strconv"

	"starnexus/engine"
	"starnexus/i18n/msg"
)

// why is a refusal: its English text, which players and scenario files know
// (IllegalError.Reason), and the same refusal as a message of the catalogs (IllegalError.Why:
// an id "refuse.nexus.CODE" of i18n/*/refusals-nexus.json and its arguments), which the edges
// render in the player's language and the English catalog renders as the text. Each refusal
// is written once, by refuse, with both. The zero value refuses nothing.
//
// The arguments are what the English text says and nothing more (a refusal is output too:
// issue 11): card names as their English names, numbered ones as "Ember Cub #2" (the edges'
// catalogs show them in the player's language), numbers as ints, a refusal inside another as
// its Msg.
type why struct {
	en string
	m  msg.Msg
}

// refuse is the refusal of catalog id id, with English text en and the message's arguments
// as name, value pairs. A refusal without arguments allocates nothing: the legality
// predicates return them on Legal's paths.
func refuse(id, en string, kv ...any) why {
	if len(kv) == 0 {
		return why{en: en, m: msg.Msg{ID: id}}
	}
	return why{en: en, m: msg.M(id, kv...)}
}

// ok reports whether w refuses nothing.
func (w why) ok() bool { return w.en == "" }

// menaceWhy is the rule of Menace (17.3), alone or after another sentence.
func menaceWhy() why { return refuse("refuse.nexus.menace", menaceRule) }

// notAction is a text that is no action (engine.ParseError), written once as refuse writes a
// refusal: its catalog id ("refuse.nexus.parse.CODE"), its English text and the message's
// arguments, which the English catalog renders as the text.
func notAction(id, en string, kv ...any) error {
	w := refuse(id, en, kv...)
	return &engine.ParseError{Reason: w.en, Why: w.m}
}

// quoted is t as %q quotes it, and the same without its quotes, the argument of a template
// that writes the quotes: the English catalog renders the text exactly, escapes included.
func quoted(t string) (q, inner string) {
	q = strconv.Quote(t)
	return q, q[1 : len(q)-1]
}

// place is where findObj looks for a card, as a refusal names it: the key of the select of
// "refuse.nexus.parse.no_card", and its English words.
type place uint8

const (
	inHand place = iota
	withActive
	onField
	toChoose
	amongResources
	attacking
)

var placeKeys = [...]string{"hand", "active", "field", "choose", "resources", "attacking"}

var placeWords = [...]string{"in your hand", "with an active ability on your field", "on your field", "to choose",
	"among your resources", "attacking"}
