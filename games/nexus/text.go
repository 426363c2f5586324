package nexus

import (
	"fmt"
	"strings"

	"starnexus/engine"
)

// ActionText implements engine.State.
func (s *State) ActionText(seat engine.Seat, a engine.Action) string {
	switch kindOf(a) {
	case aPass:
		return "pass"
	case aDone:
		return "done"
	case aKeep:
		return "keep"
	case aMulligan:
		return "mulligan"
	case aYes:
		return "yes"
	case aNo:
		if s.Pend.K == pJobTarget {
			return "skip"
		}
		return "no"
	case aSwap:
		return s.swapText(a)
	case aCast:
		return "cast " + s.nameOf(oid(a))
	case aActivate:
		if a&(1<<12) != 0 {
			return "activate hero"
		}
		return "activate " + s.nameOf(oid(a))
	case aChoose:
		r := tref{K: uint8(a>>8) & 3, ID: uint8(a)}
		if r.K == tkPlayer {
			return "choose " + s.SeatName(engine.Seat(r.ID))
		}
		if k := s.trigIndex(oid(r.ID)); k > 0 && s.Pend.K == pTrigOrder {
			return "choose " + s.tab.Defs[s.Jobs[k].Def].Name // its source may have left the field
		}
		if s.Pend.K == pPay || s.isResource(oid(r.ID)) {
			return "choose " + s.nameOf(oid(r.ID)) // only one's own resources are tapped
		}
		return "choose " + s.refName(oid(r.ID))
	case aAddAttacker:
		return "add attacker " + s.nameOf(oid(a)) + s.atText(int8(a>>8)&7)
	case aAttack:
		var buf [8]oid
		list, t := s.decodeAttack(int8(seat), a, buf[:0])
		if len(list) == 0 {
			return "attack with none"
		}
		return "attack with " + s.joinNames(list) + s.atText(t)
	case aAttackTo:
		var buf [8]oid
		var tb [8]int8
		list, ts := s.decodeAttackTo(int8(seat), a, buf[:0], tb[:0])
		parts := make([]string, len(list))
		for k, o := range list {
			parts[k] = s.nameOf(o) + s.atText(ts[k])
		}
		return "attack with " + strings.Join(parts, ", ")
	case aBlock:
		var buf [8]oid
		at, list := s.decodeBlock(int8(seat), a, buf[:0])
		return "block " + s.nameOf(at) + " with " + s.joinNames(list)
	}
	return fmt.Sprintf("action#%08x", uint32(a))
}

func (s *State) atText(t int8) string {
	if t == noSeat || t >= s.N {
		return ""
	}
	return " at " + s.SeatName(engine.Seat(t))
}

func (s *State) nameOf(o oid) string {
	if o == 0 || s.O[o].Def == 0 {
		return "?"
	}
	return s.tab.Defs[s.O[o].Def].Name
}

func (s *State) joinNames(list []oid) string {
	parts := make([]string, len(list))
	for i, o := range list {
		parts[i] = s.nameOf(o)
	}
	return strings.Join(parts, ", ")
}

// refName names an object as a target: "stack:Name" on the stack, "Owner:Name" when another
// object of that name elsewhere on the field, in a graveyard or in exile belongs to someone
// else. An object in a zone that not everyone sees (a hand, a library) gets its bare name:
// whether another player holds a card of that name there must not show (issue 11).
func (s *State) refName(o oid) string {
	ob := &s.O[o]
	n := s.nameOf(o)
	switch ob.Zone {
	case zStack:
		return "stack:" + n
	case zField, zGrave, zExile:
	default:
		return n
	}
	for i := 1; i < maxObj; i++ {
		x := &s.O[i]
		if oid(i) != o && x.Def == ob.Def && x.Zone == ob.Zone && x.Ctrl != ob.Ctrl {
			return s.SeatName(engine.Seat(ob.Ctrl)) + ":" + n
		}
	}
	return n
}

// ParseAction implements engine.State.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	p := int8(seat)
	if p < 0 || p >= s.N {
		return 0, fmt.Errorf("seat %d does not play in this game", seat)
	}
	t := strings.Join(strings.Fields(text), " ")
	low := strings.ToLower(t)
	switch low {
	case "pass":
		return mkA(aPass, 0), nil
	case "done":
		return mkA(aDone, 0), nil
	case "keep":
		return mkA(aKeep, 0), nil
	case "mulligan":
		return mkA(aMulligan, 0), nil
	case "yes":
		return mkA(aYes, 0), nil
	case "no", "skip":
		return mkA(aNo, 0), nil
	case "activate hero":
		return mkActivate(0, max(0, s.heroAb(p)), true), nil
	case "attack with none":
		return mkA(aAttack, noSeat<<25), nil
	}
	word, rest, _ := strings.Cut(t, " ")
	switch strings.ToLower(word) {
	case "cast":
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone == zHand && o.Owner == p },
			func(o oid) bool { return s.canCast(p, o) == "" }, "in your hand")
		if err != nil {
			return 0, err
		}
		return mkCast(o), nil
	case "activate":
		var ai int
		o, err := s.findObj(p, rest, func(o *obj) bool {
			return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].first(AActive) != nil
		}, func(o oid) bool { return s.canActivate(p, o, s.firstActive(o)) == "" }, "with an active ability on your field")
		if err != nil {
			return 0, err
		}
		ai = s.firstActive(o)
		return mkActivate(o, ai, false), nil
	case "add":
		r, ok := cutPrefixFold(rest, "attacker ")
		if !ok {
			break
		}
		names, target, err := s.parseAt(r)
		if err != nil {
			return 0, err
		}
		o, err := s.findObj(p, names, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() },
			func(o oid) bool { return s.attackerOK(p, o) == "" && !s.O[o].has(fAttacking) }, "on your field")
		if err != nil {
			return 0, err
		}
		return mkAddAttacker(o, target), nil
	case "attack":
		r, ok := cutPrefixFold(rest, "with ")
		if !ok {
			break
		}
		// "A, B at P": all at P; "A at P, B at Q": each its own (15.2).
		parts := strings.Split(r, ",")
		var names []string
		var targets []int8
		withAt := 0
		for _, part := range parts {
			n, t, err := s.parseAt(part)
			if err != nil {
				return 0, err
			}
			if t != noSeat {
				withAt++
			}
			names, targets = append(names, n), append(targets, t)
		}
		target := targets[len(targets)-1]
		perAttacker := false
		switch {
		case withAt == len(parts):
			for _, t := range targets {
				perAttacker = perAttacker || t != target
			}
		case withAt > 1 || (withAt == 1 && target == noSeat):
			return 0, fmt.Errorf("name the attacked player once after the last attacker (attack with A, B at P) or after every attacker (attack with A at P, B at Q)")
		}
		var list []oid
		for _, n := range names {
			o, err := s.findObj(p, n, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() },
				func(o oid) bool { return s.attackerOK(p, o) == "" && !contains(list, o) }, "on your field")
			if err != nil {
				return 0, err
			}
			list = append(list, o)
		}
		if perAttacker {
			a, ok := s.mkAttackTo(p, list, targets)
			if !ok {
				return 0, fmt.Errorf("at most four attackers with their own players in one text: add more with \"add attacker NAME at PLAYER\" and then done")
			}
			return a, nil
		}
		a, ok := s.mkAttack(p, list, target)
		if !ok {
			return 0, fmt.Errorf("at most five attackers in one text: add more with \"add attacker NAME\"")
		}
		return a, nil
	case "block":
		an, bn, ok := cutFold(rest, " with ")
		if !ok {
			return 0, fmt.Errorf("write block ATTACKER with BLOCKER1[, BLOCKER2...]")
		}
		// Identical attackers share a name: take the first for which the list is legal.
		var first engine.Action
		var firstErr error
		for i := 1; i < maxObj; i++ {
			o := &s.O[i]
			if o.Zone != zField || !o.has(fAttacking) {
				continue
			}
			at, err := s.findObj(p, an, func(x *obj) bool { return x == o }, nil, "attacking")
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			a, err := s.parseBlockers(p, at, bn)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if s.Pend.K == pBlock && s.validate(p, a) == "" {
				return a, nil
			}
			if first == 0 {
				first = a
			}
		}
		if first != 0 {
			return first, nil
		}
		if firstErr != nil {
			return 0, firstErr
		}
		if _, err := s.lookup(an); err != nil {
			return 0, err
		}
		return 0, fmt.Errorf("%s is not attacking", clip(strings.TrimSpace(an)))
	case "choose":
		return s.parseChoose(p, rest)
	case "swap":
		return s.parseSwap(rest)
	}
	return 0, fmt.Errorf("unknown action %q (actions: cast, activate, attack with, add attacker, block, choose, pass, done, keep, mulligan, yes, no, swap)", clip(text))
}

func (s *State) parseBlockers(p int8, at oid, bn string) (engine.Action, error) {
	var list []oid
	for _, n := range strings.Split(bn, ",") {
		o, err := s.findObj(p, n, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() },
			func(o oid) bool {
				return !contains(list, o) && !s.O[o].has(fTapped) && (s.O[o].Blocking == 0 || s.O[o].Blocking == at) &&
					(s.kw(at)&Alteration == 0 || s.kw(o)&Alteration != 0)
			}, "on your field")
		if err != nil {
			return 0, err
		}
		list = append(list, o)
	}
	a, ok := s.mkBlock(p, at, list)
	if !ok {
		return 0, fmt.Errorf("at most four blockers of one attacker can be written")
	}
	return a, nil
}

func contains(list []oid, o oid) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

func (s *State) firstActive(o oid) int {
	d := s.def(o)
	for i := range d.Abs {
		if d.Abs[i].Kind == AActive {
			return i
		}
	}
	return 0
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

func cutFold(s, sep string) (string, string, bool) {
	i := strings.Index(strings.ToLower(s), strings.ToLower(sep))
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// parseAt splits "NAMES at PLAYER".
func (s *State) parseAt(r string) (string, int8, error) {
	names, who, ok := cutFold(r, " at ")
	if !ok {
		return r, noSeat, nil
	}
	q, found := s.SeatByName(strings.TrimSpace(who))
	if !found {
		return "", 0, fmt.Errorf("no player named %q", strings.TrimSpace(who))
	}
	return names, int8(q), nil
}

// sees reports whether seat may see object o, the only objects a text may name: those on the
// field, on the stack, in a graveyard or in exile, and the hands the seat's View shows (its
// own; its ally's in allied play). Libraries, resource piles, other hands and objects out of
// the game are never resolved by name, so that no answer to a text (the action it reads, the
// refusal it gets) can depend on a card the seat cannot see: otherwise a player could probe
// another's hand and deck card by card (issue 11).
func (s *State) sees(seat int8, o *obj) bool {
	if o.Def == 0 {
		return false
	}
	switch o.Zone {
	case zField, zStack, zGrave, zExile:
		return true
	case zHand:
		return seat >= 0 && seat < s.N && (o.Owner == seat || (s.opts.Format == "allied" && !s.opponents(seat, o.Owner)))
	}
	return false
}

// lookup finds a card definition by name; a long unknown name is refused without
// suggestions, and is quoted only in part.
func (s *State) lookup(name string) (uint8, error) {
	name = strings.TrimSpace(name)
	if len(name) > engine.MaxSuggest {
		if d, ok := s.tab.byName[strings.ToLower(name)]; ok {
			return d, nil
		}
		return 0, fmt.Errorf("unknown card %q", clip(name))
	}
	return s.tab.Lookup(name)
}

// clip shortens a long text for an error message.
func clip(t string) string { return engine.Clip(t, engine.MaxSuggest) }

// findObj resolves a card name (optionally "Owner:Name" or "zone:Name") among the objects seat
// sees for which in holds, preferring one for which good holds.
func (s *State) findObj(seat int8, name string, in func(*obj) bool, good func(oid) bool, where string) (oid, error) {
	name = strings.TrimSpace(name)
	owner, zq := int8(-1), zone(255)
	if q, n, ok := strings.Cut(name, ":"); ok {
		if p, found := s.SeatByName(q); found {
			owner, name = int8(p), strings.TrimSpace(n)
		} else {
			for z, zn := range zoneNames {
				if strings.EqualFold(q, zn) || (strings.EqualFold(q, "grave") && zone(z) == zGrave) {
					zq, name = zone(z), strings.TrimSpace(n)
				}
			}
		}
	}
	def, err := s.lookup(name)
	if err != nil {
		return 0, err
	}
	first := oid(0)
	for i := 1; i < maxObj; i++ {
		o := &s.O[i]
		if o.Def != def || !s.sees(seat, o) || !in(o) || (owner >= 0 && o.Ctrl != owner) || (zq != 255 && o.Zone != zq) {
			continue
		}
		if good == nil || good(oid(i)) {
			return oid(i), nil
		}
		if first == 0 {
			first = oid(i)
		}
	}
	if first != 0 {
		return first, nil
	}
	return 0, fmt.Errorf("no %s %s", s.tab.Defs[def].Name, where)
}

func (s *State) parseChoose(p int8, rest string) (engine.Action, error) {
	rest = strings.TrimSpace(rest)
	if q, ok := s.SeatByName(rest); ok {
		return mkChoose(tref{K: tkPlayer, ID: uint8(q)}), nil
	}
	// The pending decision's own answers are looked for only by the seat that decides it; for
	// any other seat a name means what it means outside every decision.
	k := s.Pend.K
	if !s.decides(p) {
		k = pNone
	}
	switch k {
	case pTrigOrder:
		d, err := s.lookup(rest)
		if err != nil {
			return 0, err
		}
		for k := 1; k <= int(s.Jobs[0].Step) && k < int(s.NJ); k++ {
			if s.Jobs[k].Def == d {
				return mkChoose(tref{K: tkObj, ID: uint8(s.Jobs[k].Src)}), nil
			}
		}
		return 0, fmt.Errorf("no passive ability of %s is waiting", s.tab.Defs[d].Name)
	case pLinkOrder:
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Def != 0 }, func(o oid) bool {
			return s.linkedIndex(o) >= 0
		}, "to choose")
		if err != nil {
			return 0, err
		}
		return mkChoose(tref{K: tkObj, ID: uint8(o)}), nil
	case pPay:
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.isResource(oidOf(s, o)) },
			func(o oid) bool { return !s.O[o].has(fTapped) }, "among your resources")
		if err != nil {
			return 0, err
		}
		return mkChoose(tref{K: tkObj, ID: uint8(o)}), nil
	case pTarget, pJobTarget:
		spec, src, below := s.pendSpec()
		o, err := s.findObj(p, rest, func(o *obj) bool {
			return o.Zone == zField || o.Zone == zStack || o.Zone == zGrave
		}, func(o oid) bool {
			return spec != nil && (spec.Kind != KRequisition || o == below) &&
				s.legalTarget(p, src, spec, tref{K: tkObj, ID: uint8(o), Gen: s.O[o].Gen})
		}, "to choose")
		if err != nil {
			return 0, err
		}
		return mkChoose(tref{K: tkObj, ID: uint8(o)}), nil
	}
	o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone != zNone }, nil, "to choose")
	if err != nil {
		return 0, err
	}
	return mkChoose(tref{K: tkObj, ID: uint8(o)}), nil
}

func oidOf(s *State, o *obj) oid {
	for i := range s.O {
		if &s.O[i] == o {
			return oid(i)
		}
	}
	return 0
}

// CreatureText is the Part F notation "Name S/E (atk,def)".
func (s *State) creatureText(o oid) string {
	S, E, _ := s.stats(o)
	ob := &s.O[o]
	return fmt.Sprintf("%s %d/%d (%d,%d)", s.nameOf(o), S, E, ob.Atk, ob.Dfn)
}
