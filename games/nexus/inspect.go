package nexus

import (
	"starnexus/engine"
)

// Accessors for clients and the scenario runner. None is on the bots' path.

// Life is a player's life (in allied play, the team's shared total).
func (s *State) Life(seat engine.Seat) int { return int(*s.lifeOf(int8(seat))) }

// Lost reports whether a player has lost.
func (s *State) Lost(seat engine.Seat) bool { return s.P[seat].Lost }

// Zone lists the card names of a player's zone: hand, library (top first), resource_pile (top
// first), graveyard, exile.
func (s *State) Zone(seat engine.Seat, name string) []string {
	z := zNone
	for i, n := range zoneNames {
		if n == name {
			z = zone(i)
		}
	}
	list := s.objs(int8(seat), z)
	if z == zLibrary || z == zPile {
		for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
			list[i], list[j] = list[j], list[i]
		}
	}
	out := []string{}
	for _, o := range list {
		out = append(out, s.nameOf(o))
	}
	return out
}

// Field lists a player's creatures in the notation "Name S/E (atk,def)".
func (s *State) Field(seat engine.Seat) []string {
	out := []string{}
	for _, o := range s.objs(int8(seat), zField) {
		if s.tab.Defs[s.O[o].Def].isCreature() {
			out = append(out, s.creatureText(o))
		}
	}
	return out
}

// Permanents lists the names of every card a player controls on the field; tapped: only the
// tapped ones.
func (s *State) Permanents(seat engine.Seat, tapped bool) []string {
	out := []string{}
	for _, o := range s.objs(int8(seat), zField) {
		if !tapped || s.O[o].has(fTapped) {
			out = append(out, s.nameOf(o))
		}
	}
	return out
}

// Resources lists the names of a player's resources on the field.
func (s *State) Resources(seat engine.Seat) []string {
	out := []string{}
	for _, o := range s.objs(int8(seat), zField) {
		if s.isResource(o) {
			out = append(out, s.nameOf(o))
		}
	}
	return out
}

// UntappedResources counts a player's untapped resources.
func (s *State) UntappedResources(seat engine.Seat) int { return s.untappedResources(int8(seat)) }

// Equipment lists the equipment attached to a player's creatures, by name.
func (s *State) Equipment(seat engine.Seat) []string {
	out := []string{}
	for _, o := range s.objs(int8(seat), zField) {
		if s.tab.Defs[s.O[o].Def].Type == TEquipment {
			out = append(out, s.nameOf(o))
		}
	}
	return out
}

// StackNames lists the stack, top first.
func (s *State) StackNames() []string {
	out := []string{}
	for i := int(s.NS) - 1; i >= 0; i-- {
		out = append(out, s.itemLabel(&s.Stack[i]))
	}
	return out
}

// PhaseName is the current phase; StepName the combat step ("" outside combat).
func (s *State) PhaseName() string { return phaseNames[s.Phase] }

// StepName is the combat step, or "" outside the combat phase.
func (s *State) StepName() string {
	if s.Phase != phCombat {
		return ""
	}
	return stepNames[s.Step]
}

// TurnNumber counts turns from 1.
func (s *State) TurnNumber() int { return int(s.Turn) }

// ActiveSeat is the player whose turn it is.
func (s *State) ActiveSeat() engine.Seat { return engine.Seat(s.Active) }

// PrioritySeat is the player who holds priority now, or -1 if no priority decision is pending.
func (s *State) PrioritySeat() engine.Seat {
	if s.Pend.K == pPrio && !s.Done {
		return engine.Seat(s.Pend.Seat)
	}
	return -1
}

// Decision names the pending decision ("priority", "attack", "block", "target", "pay",
// "unless", "affinity", "mulligan", "first", "order", "swap") or "" when the game is over.
func (s *State) Decision() string {
	if s.Done {
		return ""
	}
	return [...]string{"", "mulligan", "first", "priority", "target", "pay", "attack", "block", "target", "unless", "affinity", "order", "order", "swap"}[s.Pend.K]
}

// IsDraw reports a game that ended with nobody left, or at the turn limit.
func (s *State) IsDraw() bool { return s.Done && s.Draw }

// Allowed reports whether Apply would accept the action, and the reason if not.
func (s *State) Allowed(seat engine.Seat, a engine.Action) string {
	if s.listed(int8(seat), a) {
		return ""
	}
	return s.whyIllegal(int8(seat), a).en
}

// Table is the card table of the game.
func (s *State) Table() *Table { return s.tab }

// BasicFirstResource returns the text "choose NAME" of an untapped resource of the deciding
// seat, basic ones first (the scenario runner's payment without a paying clause).
func (s *State) BasicFirstResource() (string, bool) {
	if s.Pend.K != pPay {
		return "", false
	}
	for pass := 0; pass < 2; pass++ {
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zField && o.Ctrl == s.Pend.Seat && s.isResource(oid(i)) && !o.has(fTapped) &&
				(pass == 1 || s.tab.Defs[o.Def].Type == TResource) {
				return "choose " + s.nameOf(oid(i)), true
			}
		}
	}
	return "", false
}

// TopTargets names the targets chosen so far for the item on top of the stack.
func (s *State) TopTargets() []string {
	var out []string
	if s.NS == 0 {
		return out
	}
	it := &s.Stack[s.NS-1]
	for k := 0; k < int(it.NT); k++ {
		r := it.Tg[k]
		if r.K == tkPlayer {
			out = append(out, s.SeatName(engine.Seat(r.ID)))
		} else {
			out = append(out, s.refName(oid(r.ID)))
		}
	}
	return out
}

// Format is the game's format: duel, ffa or allied.
func (s *State) Format() string { return s.opts.Format }

// TeamOf is a player's team in allied play, from 1.
func (s *State) TeamOf(seat engine.Seat) int { return int(s.P[seat].Team) + 1 }

// StartingLife is the life seat's hero starts the game with: its hero card's life, before the
// heroes are revealed too (they are chosen in secret, SN 10.3), and the team's shared life in
// allied play. For statistics over finished games; it reads a hidden hero.
func (s *State) StartingLife(seat engine.Seat) int {
	life := 0
	for q := int8(0); q < s.N; q++ {
		if q == int8(seat) || (s.opts.Format == "allied" && s.P[q].Team == s.P[seat].Team) {
			life += int(s.tab.Defs[s.P[q].Hero].Life)
		}
	}
	return life
}
