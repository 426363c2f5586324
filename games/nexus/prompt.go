package nexus

import (
	"starnexus/engine"
	"starnexus/i18n/msg"
)

// Prompts: the pending decision as players read it, message ids with arguments (catalog
// i18n/en/prompts.json). Every prompt is one sentence: the card and ability that ask, when a
// card asks, then what they ask. It speaks to the seat that decides ("you": "yes") and names
// that seat to the other viewers ("you": "no", "player": its name). It names only public
// objects: the cards that ask, targets' kinds, attackers, items on the stack.

// promptMsg is the pending decision's prompt for viewer; seat is the seat that decides as
// the Decision says it (the viewer, when the viewer is one of several who decide at once).
func (s *State) promptMsg(viewer, seat engine.Seat, asks engine.Asker) msg.Msg {
	you := "no"
	if viewer == seat {
		you = "yes"
	}
	player := s.SeatName(seat)
	m := func(id string, kv ...any) msg.Msg {
		kv = append(kv, "you", you, "player", player)
		if asks.Card != "" {
			kv = append(kv, "asker", engine.AskerMsg(asks))
		} else if askerIDs[id] {
			return msg.M("prompt.nexus.unknown", "you", you, "player", player) // no card asks: not in a game
		}
		return msg.M("prompt.nexus."+id, kv...)
	}
	switch s.Pend.K {
	case pMulligan:
		return m("mulligan")
	case pFirst:
		return m("first")
	case pPrio:
		return m("priority")
	case pTarget:
		if s.NS > 0 {
			it := &s.Stack[s.NS-1]
			if specs := s.itemSpecs(it); int(s.Pend.I) < len(specs) {
				return m("target", "target", s.targetMsg(specs[s.Pend.I], you, player))
			}
		}
	case pJobTarget:
		if s.NJ > 0 {
			if ab := s.passiveAb(&s.Jobs[0]); ab != nil && int(s.Pend.I) < len(ab.Targets) {
				id := "target"
				if s.Pend.N == 1 {
					id = "target_may"
				}
				return m(id, "target", s.targetMsg(ab.Targets[s.Pend.I], you, player))
			}
		}
	case pPay:
		return m("pay", "n", int(s.Pend.N))
	case pAttack:
		return m("attack")
	case pBlock:
		return m("block", "attacks", s.attacksMsg(viewer))
	case pUnless:
		return m("unless", "n", int(s.Pend.N), "card", s.counteredName())
	case pAffinity:
		card := ""
		if s.NJ > 0 {
			card = s.nameOf(s.Jobs[0].Req)
		}
		return m("affinity", "card", card)
	case pLinkOrder:
		return m("link_order")
	case pTrigOrder:
		return m("trigger_order")
	case pSwap:
		return m("swap")
	}
	return m("unknown")
}

// askerIDs are the prompts that name the card that asks.
var askerIDs = map[string]bool{"target": true, "target_may": true, "pay": true, "unless": true, "affinity": true, "link_order": true}

// targetMsg is what a target spec designates: "target creature you control", "target
// opponent", "target requisition", "target creature card in your graveyard".
func (s *State) targetMsg(t TSpec, you, player string) msg.Msg {
	kind := map[TKind]string{KCreature: "creature", KPlayer: "player", KRequisition: "requisition", KGraveCreature: "grave"}[t.Kind]
	owner := "any"
	switch {
	case t.F.You:
		owner = "you"
	case t.F.Opp:
		owner = "opp"
	}
	kw := "none"
	for i, name := range kwNames {
		if t.F.KW&(1<<i) != 0 {
			kw = lower(name)
			break
		}
	}
	var max any = "none"
	if t.F.CostMax >= 0 {
		max = int(t.F.CostMax)
	}
	return msg.M("prompt.nexus.target_spec", "kind", kind, "owner", owner, "other", yes(t.F.Other),
		"token", yes(t.F.Token), "equipped", yes(t.F.Equipped), "kw", kw, "max", max, "you", you, "player", player)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// attacksMsg is the attacks declared, the ones on viewer first: "Vex attacks you with Blade
// Dancer and Ember Cub".
func (s *State) attacksMsg(viewer engine.Seat) msg.Msg {
	var ms []msg.Msg
	for pass := 0; pass < 2; pass++ {
		for t := int8(0); t < s.N; t++ {
			if (pass == 0) != (engine.Seat(t) == viewer) {
				continue
			}
			var cards []msg.Msg
			for i := 1; i < int(s.NO); i++ {
				o := &s.O[i]
				if o.Def != 0 && o.Zone == zField && o.has(fAttacking) && o.Target == t {
					name, num := s.objName(oid(i))
					cards = append(cards, engine.AskerMsg(engine.Asker{Card: name, Number: num}))
				}
			}
			if len(cards) == 0 {
				continue
			}
			list := engine.ListMsg(cards)
			if len(cards) > maxNamed {
				list = msg.M("prompt.nexus.creatures", "n", len(cards))
			}
			target := "other"
			if engine.Seat(t) == viewer {
				target = "you"
			}
			ms = append(ms, msg.M("prompt.nexus.attacks", "attacker", s.SeatName(engine.Seat(s.Active)),
				"target", target, "defender", s.SeatName(engine.Seat(t)), "cards", list))
		}
	}
	return engine.ListMsg(ms)
}

// maxNamed is how many attackers a prompt names; more are counted.
const maxNamed = 4

// counteredName is the requisition a counter with "unless" would counter: the target of the
// resolving counter that is on the stack.
func (s *State) counteredName() string {
	if s.NJ == 0 || s.Jobs[0].K != jResolve {
		return ""
	}
	it := &s.Jobs[0].It
	for k := 0; k < int(it.NT); k++ {
		if r := it.Tg[k]; r.K == tkObj && int(r.ID) < int(s.NO) && s.O[r.ID].Zone == zStack {
			return s.nameOf(oid(r.ID))
		}
	}
	return ""
}
