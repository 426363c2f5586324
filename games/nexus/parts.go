package nexus

import (
	"starnexus/engine"
)

// DescribeAction implements engine.ActionDescriber: the parts of an action, read from its
// encoding as ActionText writes it for seat. It names what that text names and no more: a
// card in a hidden zone gets no owner and no zone. It is called at the edges only.
func (s *State) DescribeAction(seat engine.Seat, a engine.Action) engine.ActionParts {
	var p engine.ActionParts
	if !s.idsOK(a) {
		return engine.TextParts(s.ActionText(seat, a))
	}
	switch kindOf(a) {
	case aPass:
		p.Verb = "pass"
	case aDone:
		p.Verb = "done"
	case aKeep:
		p.Verb = "keep"
	case aMulligan:
		p.Verb = "mulligan"
	case aYes:
		p.Verb = "yes"
	case aNo:
		p.Verb = "no"
		if s.Pend.K == pJobTarget {
			p.Verb = "skip"
		}
	case aSwap:
		out, in := uint8(a), uint8(a>>8)
		p.Verb = "swap"
		if out != 0 && int(out) < len(s.tab.Defs) {
			p.Card, p.Zone = s.tab.Defs[out].Name, "deck"
		}
		if in != 0 && int(in) < len(s.tab.Defs) {
			p.Target = engine.Target{Kind: "card", Card: s.tab.Defs[in].Name, Zone: "reserve"}
		}
	case aCast:
		p.Verb, p.Zone = "cast", "hand"
		p.Card, p.Number = s.objName(aObj(a))
	case aActivate:
		p.Verb = "activate"
		if aArg(a)&16 != 0 {
			p.Ability, p.Zone = "hero", "hero"
			if h := s.P[seat].Hero; h != 0 && int(h) < len(s.tab.Defs) {
				p.Card = s.tab.Defs[h].Name
			}
			break
		}
		o := aObj(a)
		p.Card, p.Number = s.objName(o)
		p.Zone = "field"
		if d := &s.tab.Defs[s.O[o].Def]; int(aArg(a)&15) < len(d.Abs) {
			p.Ability = d.Abs[aArg(a)&15].Name
		}
	case aChoose:
		p.Verb = "choose"
		r := chooseRef(a)
		switch {
		case r.K == tkPlayer:
			p.Target = s.playerTarget(int8(r.ID))
		case s.Pend.K == pTrigOrder && s.trigIndex(oid(r.ID)) > 0:
			p.Card = s.tab.Defs[s.Jobs[s.trigIndex(oid(r.ID))].Def].Name
		case s.Pend.K == pPay || s.isResource(oid(r.ID)) || s.Pend.K == pLinkOrder:
			p.Card, p.Number = s.objName(oid(r.ID))
			if public(s.O[r.ID].Zone) {
				p.Zone = zoneNames[s.O[r.ID].Zone]
			}
		default:
			p.Target = s.objTarget(oid(r.ID))
		}
	case aAddAttacker:
		p.Verb, p.Zone = "add attacker", "field"
		p.Card, p.Number = s.objName(aObj(a))
		if t := int8(aArg(a) & 7); t != noSeat && t < s.N {
			p.Target = s.playerTarget(t)
		}
	case aAttack:
		p.Verb = "attack"
	case aBlock, aBlockNew, aBlockHalf:
		attacker, blocker := decodeBlock(a)
		p.Verb, p.Zone = "block", "field"
		p.Card, p.Number = s.objName(blocker)
		p.Target = s.objTarget(attacker)
	default:
		return engine.TextParts(s.ActionText(seat, a))
	}
	switch kindOf(a) {
	case aChoose, aYes, aNo:
		p.Asks = s.pendAsker()
	}
	return p
}

// objName is an object's name and the public number its texts give it (0 for none).
func (s *State) objName(o oid) (string, int) {
	if o == 0 || int(o) >= int(s.NO) || s.O[o].Def == 0 {
		return "", 0
	}
	n := 0
	if s.numText(o) != "" {
		n = int(s.O[o].Num)
	}
	return s.tab.Defs[s.O[o].Def].Name, n
}

func (s *State) playerTarget(p int8) engine.Target {
	return engine.Target{Kind: "player", Seat: engine.Seat(p), Player: s.SeatName(engine.Seat(p))}
}

// objTarget is an object aimed at: its controller and zone only when the zone is public.
func (s *State) objTarget(o oid) engine.Target {
	name, num := s.objName(o)
	t := engine.Target{Kind: "card", Card: name, Number: num}
	if o == 0 || int(o) >= int(s.NO) {
		return t
	}
	ob := &s.O[o]
	if !public(ob.Zone) {
		return t
	}
	t.Zone = zoneNames[ob.Zone]
	if ob.Zone == zStack {
		t.Kind = "stack"
	}
	t.Seat, t.Player = engine.Seat(ob.Ctrl), s.SeatName(engine.Seat(ob.Ctrl))
	return t
}

// pendAsker is the card and ability that ask the pending decision; zero when the rules ask.
func (s *State) pendAsker() engine.Asker {
	switch s.Pend.K {
	case pTarget, pPay:
		if s.NS > 0 {
			return s.itemAsker(&s.Stack[s.NS-1])
		}
	case pJobTarget, pUnless, pAffinity, pLinkOrder:
		if s.NJ > 0 {
			j := &s.Jobs[0]
			if j.K == jResolve {
				return s.itemAsker(&j.It)
			}
			if int(j.Def) < len(s.tab.Defs) && j.Def != 0 {
				a := engine.Asker{Card: s.tab.Defs[j.Def].Name}
				if j.K == jLinked {
					a.Ability = "dissonance"
					if j.Aff {
						a.Ability = "affinity"
					}
					return a
				}
				if d := &s.tab.Defs[j.Def]; int(j.Ab) < len(d.Abs) {
					a.Ability = d.Abs[j.Ab].Name
				}
				return a
			}
		}
	}
	return engine.Asker{}
}

// itemAsker is the card of a stack item and the ability it uses.
func (s *State) itemAsker(it *item) engine.Asker {
	switch {
	case it.PDef != 0:
		a := engine.Asker{Card: s.tab.Defs[it.PDef].Name}
		if d := &s.tab.Defs[it.PDef]; it.Ab >= 0 && int(it.Ab) < len(d.Abs) {
			a.Ability = d.Abs[it.Ab].Name
		}
		return a
	case it.Hero:
		return engine.Asker{Card: s.tab.Defs[s.P[it.Ctrl].Hero].Name, Ability: "hero"}
	}
	name, num := s.objName(it.Card)
	a := engine.Asker{Card: name, Number: num}
	if it.Ab >= 0 {
		if d := &s.tab.Defs[s.O[it.Card].Def]; int(it.Ab) < len(d.Abs) {
			a.Ability = d.Abs[it.Ab].Name
		}
	}
	return a
}

// DescribeDecision implements engine.DecisionDescriber: what the views' "decision" says, as
// data.
func (s *State) DescribeDecision(viewer engine.Seat) (engine.Decision, bool) {
	if s.Done || s.Pend.K == pNone {
		return engine.Decision{}, false
	}
	d := engine.Decision{Seat: engine.Seat(s.Pend.Seat), Kind: s.Decision(), Asks: s.pendAsker()}
	switch s.Pend.K {
	case pPrio, pAttack, pBlock, pSwap:
		d.Optional = true
	case pJobTarget:
		d.Min, d.Max = 1, 1
		d.Optional = s.Pend.N == 1
	default:
		d.Min, d.Max = 1, 1
	}
	if s.Pend.K == pBlock || s.Pend.K == pSwap {
		for _, seat := range s.ToMove(nil) {
			if seat == viewer {
				d.Seat = viewer // several seats answer at once: the viewer is one of them
			}
		}
	}
	d.Prompt = s.promptMsg(viewer, d.Seat, d.Asks)
	return d, true
}
