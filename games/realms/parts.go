package realms

import (
	"strings"

	"starnexus/engine"
)

// DescribeAction implements engine.ActionDescriber: the parts of an action, read from its
// encoding as ActionText writes it. It is called at the edges only (a server's views).
func (s *State) DescribeAction(seat engine.Seat, a engine.Action) engine.ActionParts {
	name := func(c CardID) string {
		if c == 0 || int(c) > s.cat.NumIDs() {
			return ""
		}
		return s.cat.Card(c).Name
	}
	player := func(t engine.Seat) engine.Target {
		return engine.Target{Kind: "player", Seat: t, Player: s.SeatName(t)}
	}
	upgrade := func(n int) string {
		return strings.TrimPrefix(s.upgradeText(n), " upgrade ")
	}
	var p engine.ActionParts
	switch kindOf(a) {
	case actEnd:
		p.Verb = "end"
	case actPlay:
		p.Verb, p.Card, p.Zone = "play", name(cardOf(a)), "hand"
	case actUse:
		p.Verb, p.Card, p.Zone = "use", name(cardOf(a)), "play"
		p.Ability = Slot(zoneOf(a) % int(numSlots)).String()
	case actBuy:
		p.Verb, p.Card, p.Upgrade = "buy", name(cardOf(a)), upgrade(nOf(a))
		p.Zone = "row"
		if p.Card == "Explorer" {
			p.Zone = "explorers"
		}
	case actAttackPlayer:
		p.Verb, p.Target, p.Amount = "attack", player(seatOf(a)), nOf(a)
	case actAttackBase:
		p.Verb, p.Amount = "attack", nOf(a)
		p.Target = engine.Target{Kind: "card", Seat: seatOf(a), Player: s.SeatName(seatOf(a)), Card: name(cardOf(a)), Zone: "play"}
	case actChooseOpt:
		p.Verb, p.Option = "choose", nOf(a)
	case actChoosePlayer:
		p.Verb, p.Target = "choose", player(seatOf(a))
	case actChooseCard:
		p.Verb, p.Card = "choose", name(cardOf(a))
		if z := zoneOf(a); z < len(zoneNames) {
			p.Zone = zoneNames[z]
		}
		if nOf(a)&qualified == 0 {
			p.Upgrade = upgrade(nOf(a) >> 1)
		} else if zoneOf(a) == zPlay {
			p.Target = engine.Target{Kind: "card", Seat: seatOf(a), Player: s.SeatName(seatOf(a)), Card: p.Card, Zone: "play"}
		}
	case actGive:
		p.Verb, p.Target, p.Amount, p.Pool = "give", player(seatOf(a)), nOf(a), "trade"
		if zoneOf(a) == poolCombat {
			p.Pool = "combat"
		}
	case actPass:
		p.Verb, p.Card, p.Zone, p.Target = "pass", name(cardOf(a)), "hand", player(seatOf(a))
	case actSkip:
		p.Verb = "skip"
	case actDone:
		p.Verb = "done"
	}
	switch kindOf(a) {
	case actChooseOpt, actChoosePlayer, actChooseCard, actSkip, actDone:
		if s.dec.Kind != decNone && s.dec.Seat == seat {
			p.Asks = s.asker()
		}
	}
	return p
}

// asker is the card and ability the pending decision comes from.
func (s *State) asker() engine.Asker {
	if !s.frame.Active || s.frame.Card == 0 {
		return engine.Asker{Ability: opWord(s.dec.Op)}
	}
	return engine.Asker{Card: s.cat.Card(s.frame.Card).Name, Ability: s.frame.Slot.String()}
}

// opWord is what answering a decision of op does.
func opWord(op Op) string {
	switch op {
	case OpScrap:
		return "scrap"
	case OpScrapRow:
		return "scrap from the trade row"
	case OpDiscard, opDiscardTarget:
		return "discard"
	case OpDestroyBase:
		return "destroy a base"
	case OpAcquireFree:
		return "acquire for free"
	case OpCopyShip:
		return "copy a ship"
	case OpCopyBase:
		return "copy a base"
	case OpAcquiredToHand:
		return "put the acquired card into hand"
	case OpDraw, OpDrawDiscard:
		return "draw"
	case OpOpponentDiscards:
		return "choose who discards"
	case OpChooseOne:
		return "choose one"
	}
	return ""
}

// DescribeDecision implements engine.DecisionDescriber. A Star Realms decision is public:
// every view carries its prompt.
func (s *State) DescribeDecision(viewer engine.Seat) (engine.Decision, bool) {
	d := &s.dec
	if d.Kind == decNone || s.over {
		return engine.Decision{}, false
	}
	out := engine.Decision{Seat: d.Seat, Effect: opWord(d.Op), Asks: s.asker()}
	if out.Asks.Card == "" {
		out.Asks = engine.Asker{}
	}
	switch d.Kind {
	case decOption:
		out.Kind, out.Min, out.Max = "option", 1, 1
		if d.Op == OpDraw || d.Op == OpDrawDiscard {
			out.Optional = true
			out.Options = []string{effectText(d.eff.Options[0][0])}
			break
		}
		out.Effect = "choose one"
		for _, o := range d.eff.Options {
			out.Options = append(out.Options, abilityText(o))
		}
	case decPlayer:
		out.Kind, out.Min, out.Max = "player", 1, 1
	default:
		out.Kind, out.Max, out.Min = "cards", int(d.Left), int(d.Must)
		out.Optional = d.May || d.UpTo
	}
	out.Prompt, out.OptionMsgs = s.promptMsgs(viewer, out.Asks)
	return out, true
}
