package nexus

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
)

// ActionText implements engine.State.
func (s *State) ActionText(seat engine.Seat, a engine.Action) string {
	if !s.idsOK(a) {
		return fmt.Sprintf("action#%08x", uint32(a))
	}
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
		return "cast " + s.nameOf(aObj(a))
	case aActivate:
		if aArg(a)&16 != 0 {
			return "activate hero"
		}
		return "activate " + s.nameOf(aObj(a))
	case aChoose:
		r := chooseRef(a)
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
		return "add attacker " + s.nameOf(aObj(a)) + s.atText(int8(aArg(a)&7))
	case aAttack:
		return "attack with none"
	case aBlock, aBlockNew, aBlockHalf:
		return s.blockText(int8(seat), a)
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
	if o == 0 || int(o) >= int(s.NO) || s.O[o].Def == 0 {
		return "?"
	}
	return s.tab.Defs[s.O[o].Def].Name + s.numText(o)
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
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if oid(i) != o && x.Def == ob.Def && x.Zone == ob.Zone && x.Ctrl != ob.Ctrl {
			return s.SeatName(engine.Seat(ob.Ctrl)) + ":" + n
		}
	}
	return n
}

// ParseAction implements engine.State. A text that stands for several actions (a declaration
// naming several creatures, ParseActions) is refused with the texts of those actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	acts, err := s.ParseActions(seat, text)
	if err != nil {
		return 0, err
	}
	if len(acts) > 1 {
		q, t := quoted(clip(text))
		list := strings.Join(s.ExpandedTexts(seat, acts), "; ")
		return 0, notAction("refuse.nexus.parse.several", fmt.Sprintf("%s is %d actions, to be sent one at a time: %s", q, len(acts), list),
			"text", t, "n", len(acts), "actions", list)
	}
	return acts[0], nil
}

// parseOne reads a text that is one action (ParseActions reads the declarations).
func (s *State) parseOne(seat engine.Seat, t string) (engine.Action, error) {
	p := int8(seat)
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
		return attackNone, nil
	}
	word, rest, _ := strings.Cut(t, " ")
	switch strings.ToLower(word) {
	case "cast":
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone == zHand && o.Owner == p },
			func(o oid) bool { return s.canCast(p, o).ok() }, inHand)
		if err != nil {
			return 0, err
		}
		return mkCast(o), nil
	case "activate":
		var ai int
		o, err := s.findObj(p, rest, func(o *obj) bool {
			return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].first(AActive) != nil
		}, func(o oid) bool { return s.canActivate(p, o, s.firstActive(o)).ok() }, withActive)
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
			func(o oid) bool { return s.attackerOK(p, o).ok() && !s.O[o].has(fAttacking) }, onField)
		if err != nil {
			return 0, err
		}
		return mkAddAttacker(o, s.canonTarget(p, target)), nil
	case "block":
		return 0, notAction("refuse.nexus.parse.block", "write block ATTACKER with BLOCKER1[, BLOCKER2...]")
	case "choose":
		return s.parseChoose(p, rest)
	case "swap":
		return s.parseSwap(rest)
	}
	q, text := quoted(clip(t))
	return 0, notAction("refuse.nexus.parse.unknown_action",
		"unknown action "+q+" (actions: cast, activate, attack with, add attacker, block, choose, pass, done, keep, mulligan, yes, no, swap)",
		"text", text)
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
		q, name := quoted(strings.TrimSpace(who))
		return "", 0, notAction("refuse.nexus.parse.no_player", "no player named "+q, "name", name)
	}
	return names, int8(q), nil
}

// canonTarget is the attacked player of an attacker as Legal lists it: unnamed (noSeat) when
// it is the only opponent, so that "attack with X at Bob" in a duel is the listed action.
func (s *State) canonTarget(p, t int8) int8 {
	if t != noSeat && t >= 0 && t < s.N && !s.P[t].Lost && s.opponents(p, t) && s.opponentCount(p) == 1 {
		return noSeat
	}
	return t
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
		if d, ok := s.tab.byName[engine.FoldName(name)]; ok {
			return d, nil
		}
		return 0, &engine.UnknownCardError{Name: clip(name)}
	}
	return s.tab.Lookup(name)
}

// clip shortens a long text for an error message.
func clip(t string) string { return engine.Clip(t, engine.MaxSuggest) }

// findObj resolves a card name (optionally "Owner:Name" or "zone:Name", and "Name #N" for the
// public object of that number) among the objects seat sees for which in holds, preferring
// one for which good holds.
func (s *State) findObj(seat int8, name string, in func(*obj) bool, good func(oid) bool, where place) (oid, error) {
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
	name, num := cutNum(name)
	def, err := s.lookup(name)
	if err != nil {
		return 0, err
	}
	first := oid(0)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != def || !s.sees(seat, o) || !in(o) || (owner >= 0 && o.Ctrl != owner) || (zq != 255 && o.Zone != zq) ||
			(num != 0 && (o.Num != num || !public(o.Zone))) {
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
	card := s.tab.Defs[def].Name
	if num != 0 {
		card += " #" + strconv.Itoa(int(num))
	}
	return 0, notAction("refuse.nexus.parse.no_card", "no "+card+" "+placeWords[where], "card", card, "where", placeKeys[where])
}

func (s *State) parseChoose(p int8, rest string) (engine.Action, error) {
	rest = strings.TrimSpace(rest)
	if q, ok := s.SeatByName(rest); ok {
		return mkChoose(tref{K: tkPlayer, ID: uint16(q)}), nil
	}
	// The pending decision's own answers are looked for only by the seat that decides it; for
	// any other seat a name means what it means outside every decision.
	k := s.Pend.K
	if !s.decides(p) {
		k = pNone
	}
	switch k {
	case pTrigOrder:
		name, _ := cutNum(rest) // the passives are told apart by name only
		d, err := s.lookup(name)
		if err != nil {
			return 0, err
		}
		for k := 1; k <= int(s.Jobs[0].Step) && k < int(s.NJ); k++ {
			if s.Jobs[k].Def == d {
				return mkChoose(tref{K: tkObj, ID: uint16(s.Jobs[k].Src)}), nil
			}
		}
		n := s.tab.Defs[d].Name
		return 0, notAction("refuse.nexus.parse.no_passive", "no passive ability of "+n+" is waiting", "card", n)
	case pLinkOrder:
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Def != 0 }, func(o oid) bool {
			return s.linkedIndex(o) >= 0
		}, toChoose)
		if err != nil {
			return 0, err
		}
		return mkChoose(tref{K: tkObj, ID: uint16(o)}), nil
	case pPay:
		o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.isResource(oidOf(s, o)) },
			func(o oid) bool { return !s.O[o].has(fTapped) }, amongResources)
		if err != nil {
			return 0, err
		}
		// Interchangeable resources are one answer (Legal offers the first): "Nexus Shard #3"
		// reads as the one offered.
		return mkChoose(tref{K: tkObj, ID: uint16(s.payRep(o))}), nil
	case pTarget, pJobTarget:
		spec, src, below := s.pendSpec()
		o, err := s.findObj(p, rest, func(o *obj) bool {
			return o.Zone == zField || o.Zone == zStack || o.Zone == zGrave
		}, func(o oid) bool {
			return spec != nil && (spec.Kind != KRequisition || o == below) &&
				s.legalTarget(p, src, spec, tref{K: tkObj, ID: uint16(o), Gen: s.O[o].Gen})
		}, toChoose)
		if err != nil {
			return 0, err
		}
		return mkChoose(tref{K: tkObj, ID: uint16(o)}), nil
	}
	o, err := s.findObj(p, rest, func(o *obj) bool { return o.Zone != zNone }, nil, toChoose)
	if err != nil {
		return 0, err
	}
	return mkChoose(tref{K: tkObj, ID: uint16(o)}), nil
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
