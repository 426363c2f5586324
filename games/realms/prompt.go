package realms

import (
	"starnexus/engine"
	"starnexus/i18n/msg"
)

// Prompts: the pending decision as players read it, message ids with arguments (catalog
// i18n/en/prompts.json). Every prompt is one sentence: the card and ability that ask, when a
// card asks, then what they ask. It speaks to the seat that decides ("you": "yes") and names
// that seat to the other viewers ("you": "no", "player": its name).

// promptMsgs is the pending decision's prompt for viewer, and the options of a choose-one.
func (s *State) promptMsgs(viewer engine.Seat, asks engine.Asker) (msg.Msg, []msg.Msg) {
	d := &s.dec
	you := "no"
	if viewer == d.Seat {
		you = "yes"
	}
	player := s.SeatName(d.Seat)
	asker := engine.AskerMsg(asks)
	m := func(id string, kv ...any) msg.Msg {
		if asks.Card == "" && id != "turn_start_discard" && id != "gift" {
			return msg.M("prompt.realms.decide", "you", you, "player", player) // no card asks: not in a game
		}
		return msg.M("prompt.realms."+id, append(kv, "you", you, "player", player, "asker", asker)...)
	}
	switch d.Kind {
	case decOption:
		if d.Op == OpDraw || d.Op == OpDrawDiscard {
			e := *d.eff
			e.May = false
			return m("may", "effect", effectMsg(e, false, true)), []msg.Msg{clauses(Ability{e})}
		}
		opts := make([]msg.Msg, 0, len(d.eff.Options))
		for _, o := range d.eff.Options {
			opts = append(opts, AbilityClause(o))
		}
		return m("choose_one"), opts
	case decPlayer:
		return m("opponent_discards", "n", int(d.N)), nil
	}
	mode := "must"
	switch {
	case d.UpTo:
		mode = "up_to"
	case d.May:
		mode = "may"
	}
	more := "no"
	if d.eff != nil && picksCards(d.Op) && int(d.Left) < d.eff.N {
		more = "yes"
	}
	n := int(d.Left)
	switch d.Op {
	case OpScrap:
		return m("scrap", "mode", mode, "n", n, "more", more, "zone", zoneArg(d.Zones)), nil
	case OpScrapRow:
		return m("scrap_row", "mode", mode, "n", n, "more", more), nil
	case OpDiscard:
		return m("discard", "mode", mode, "n", n, "more", more), nil
	case opDiscardTarget:
		if !s.frame.Active {
			return m("turn_start_discard", "n", n), nil
		}
		return m("discard", "mode", "must", "n", n, "more", "no"), nil
	case OpDestroyBase:
		return m("destroy_base", "mode", mode), nil
	case OpAcquireFree:
		kind := "card"
		if d.eff.Kind >= 0 {
			kind = Kind(d.eff.Kind).String()
		}
		dest := map[Dest]string{ToDiscard: "discard", ToDeckTop: "top", ToHand: "hand"}[d.eff.Dest]
		if d.eff.MaxCost >= 0 {
			return m("acquire_free_max", "mode", mode, "kind", kind, "max", d.eff.MaxCost, "dest", dest), nil
		}
		return m("acquire_free", "mode", mode, "kind", kind, "dest", dest), nil
	case OpCopyShip:
		return m("copy_ship"), nil
	case OpCopyBase:
		return m("copy_base"), nil
	case OpAcquiredToHand:
		return m("acquired_to_hand", "mode", mode), nil
	case opGift:
		return m("gift", "to", s.SeatName(d.Target)), nil
	}
	return m("unknown"), nil
}
