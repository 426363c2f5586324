package engine

import (
	"errors"

	"starnexus/i18n/msg"
)

// ParseError is a text a game cannot read as an action (a word it does not know, a missing
// number...): Reason in English, as Error gives it, and Why, the same as a message of the
// catalogs (ids "refuse.GAME.parse.*"). ParseAction returns it, or UnknownCardError for a card
// name.
type ParseError struct {
	Reason string
	Why    msg.Msg
}

func (e *ParseError) Error() string { return e.Reason }

// RefusalMsg is err as a message of the catalogs, for an edge to show in the player's
// language: an illegal action with its reason (IllegalError.Why), an unknown card name with
// its suggestions, a text that is no action (ParseError). ok is false for any other error, and
// for a refusal whose game gives no message: the edge shows err's own English text then.
func RefusalMsg(err error) (m msg.Msg, ok bool) {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe.Why, pe.Why.ID != ""
	}
	var ie *IllegalError
	if errors.As(err, &ie) {
		if ie.Why.ID == "" {
			return msg.Msg{}, false
		}
		return msg.M("refuse.illegal", "action", ie.Action, "reason", ie.Why), true
	}
	var ue *UnknownCardError
	if errors.As(err, &ue) {
		if len(ue.Suggest) == 0 {
			return msg.M("refuse.unknown_card", "name", ue.Name), true
		}
		q := make([]msg.Msg, len(ue.Suggest))
		for i, s := range ue.Suggest {
			q[i] = msg.M("refuse.quoted", "text", s)
		}
		return msg.M("refuse.unknown_card_suggest", "name", ue.Name, "list", orList(q)), true
	}
	return msg.Msg{}, false
}

// orList joins ms as alternatives (ids refuse.or.*): "A", "A or B", "A, B or C".
func orList(ms []msg.Msg) msg.Msg {
	switch len(ms) {
	case 1:
		return ms[0]
	case 2:
		return msg.M("refuse.or.two", "a", ms[0], "b", ms[1])
	}
	head := make([]msg.Msg, 0, len(ms)-1)
	for _, m := range ms[:len(ms)-2] {
		head = append(head, msg.M("prompt.list.comma", "a", m))
	}
	head = append(head, ms[len(ms)-2])
	return msg.M("refuse.or.more", "head", head, "last", ms[len(ms)-1])
}
