package nexus

import (
	"starnexus/engine"
)

// An Action packs its kind in the top 4 bits; the rest depends on the kind:
//
//	cast      object id (bits 0-7)
//	activate  object id (0-7), ability index (8-11), hero flag (12)
//	choose    object id or seat (0-7), target kind (8-9)
//	addatk    object id (0-7), attacked seat (8-10; 7: the only opponent)
//	attack    up to five creatures as 1-based indexes into the player's creatures (5 bits
//	          each, 0-24), attacked seat (25-27)
//	block     the attacker's object id (20-27), up to four blockers as 1-based indexes into the
//	          defending player's creatures (5 bits each, 0-19)
const (
	aPass = iota + 1
	aCast
	aActivate
	aChoose
	aAddAttacker
	aAttack
	aBlock
	aDone
	aKeep
	aMulligan
	aYes
	aNo
)

const noSeat = 7

func kindOf(a engine.Action) int { return int(a >> 28) }
func mkA(kind int, rest uint32) engine.Action {
	return engine.Action(uint32(kind)<<28 | rest&0x0fffffff)
}

func mkCast(o oid) engine.Action { return mkA(aCast, uint32(o)) }
func mkActivate(o oid, ab int, hero bool) engine.Action {
	h := uint32(0)
	if hero {
		h = 1 << 12
	}
	return mkA(aActivate, uint32(o)|uint32(ab&15)<<8|h)
}
func mkChoose(r tref) engine.Action { return mkA(aChoose, uint32(r.ID)|uint32(r.K)<<8) }
func mkAddAttacker(o oid, target int8) engine.Action {
	return mkA(aAddAttacker, uint32(o)|uint32(target&7)<<8)
}

// creatureList appends the creatures p controls on the field, in object order: the indexes
// that attack and block actions use.
func (s *State) creatureList(p int8, buf []oid) []oid {
	for i := 1; i < maxObj; i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() {
			buf = append(buf, oid(i))
		}
	}
	return buf
}

func indexIn(list []oid, o oid) int {
	for i, x := range list {
		if x == o {
			return i + 1
		}
	}
	return 0
}

// mkBlock encodes "block a with bs" for defending player p; ok is false if it can't be encoded.
func (s *State) mkBlock(p int8, a oid, bs []oid) (engine.Action, bool) {
	if len(bs) > 4 {
		return 0, false
	}
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	v := uint32(a) << 20
	for k, b := range bs {
		i := indexIn(list, b)
		if i == 0 || i > 31 {
			return 0, false
		}
		v |= uint32(i) << (5 * k)
	}
	return mkA(aBlock, v), true
}

func (s *State) decodeBlock(p int8, a engine.Action, buf []oid) (oid, []oid) {
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	for k := 0; k < 4; k++ {
		i := int(a>>(5*k)) & 31
		if i == 0 {
			break
		}
		if i <= len(list) {
			buf = append(buf, list[i-1])
		} else {
			buf = append(buf, 0)
		}
	}
	return oid(a >> 20), buf
}

func (s *State) mkAttack(p int8, as []oid, target int8) (engine.Action, bool) {
	if len(as) > 5 {
		return 0, false
	}
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	v := uint32(target&7) << 25
	for k, b := range as {
		i := indexIn(list, b)
		if i == 0 || i > 31 {
			return 0, false
		}
		v |= uint32(i) << (5 * k)
	}
	return mkA(aAttack, v), true
}

func (s *State) decodeAttack(p int8, a engine.Action, buf []oid) ([]oid, int8) {
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	for k := 0; k < 5; k++ {
		i := int(a>>(5*k)) & 31
		if i == 0 {
			break
		}
		if i <= len(list) {
			buf = append(buf, list[i-1])
		} else {
			buf = append(buf, 0)
		}
	}
	return buf, int8(a>>25) & 7
}

// ToMove implements engine.State.
func (s *State) ToMove(buf []engine.Seat) []engine.Seat {
	if s.Done || s.Pend.K == pNone {
		return buf
	}
	if s.Pend.K == pBlock || s.Pend.K == pSwap {
		for p := int8(0); p < s.N; p++ {
			if (s.Pend.K == pBlock && s.P[p].Blocks) || (s.Pend.K == pSwap && s.P[p].Swaps) {
				buf = append(buf, engine.Seat(p))
			}
		}
		return buf
	}
	return append(buf, engine.Seat(s.Pend.Seat))
}

// Over implements engine.State.
func (s *State) Over() bool { return s.Done }

// Legal implements engine.State.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.Done || !s.decides(int8(seat)) {
		return buf
	}
	return s.legal(int8(seat), buf, 0)
}

func (s *State) legalRaw(seat int8, buf []uint32, limit int) []uint32 {
	var tmp [64]engine.Action
	l := s.legal(seat, tmp[:0], limit)
	for _, a := range l {
		buf = append(buf, uint32(a))
	}
	return buf
}

// legal lists the actions; limit > 0 stops after that many (the auto-answer only needs to
// know whether there is exactly one).
func (s *State) legal(seat int8, buf []engine.Action, limit int) []engine.Action {
	full := func() bool { return limit > 0 && len(buf) >= limit }
	switch s.Pend.K {
	case pMulligan:
		return append(buf, mkA(aKeep, 0), mkA(aMulligan, 0))
	case pSwap:
		return s.swapLegal(seat, buf)
	case pUnless, pAffinity:
		return append(buf, mkA(aYes, 0), mkA(aNo, 0))
	case pFirst:
		for p := int8(0); p < s.N; p++ {
			if !s.P[p].Lost {
				buf = append(buf, mkChoose(tref{K: tkPlayer, ID: uint8(p)}))
			}
		}
		return buf
	case pPrio:
		buf = append(buf, mkA(aPass, 0))
		for i := 1; i < maxObj && !full(); i++ {
			o := &s.O[i]
			if o.Def == 0 || o.Ctrl != seat {
				continue
			}
			if o.Zone == zHand && s.canCast(seat, oid(i)) == "" && !s.dupBefore(oid(i), zHand) {
				buf = append(buf, mkCast(oid(i)))
			}
			if o.Zone == zField {
				d := &s.tab.Defs[o.Def]
				for ai := range d.Abs {
					if d.Abs[ai].Kind == AActive && s.canActivate(seat, oid(i), ai) == "" && !s.dupActive(oid(i), ai) {
						buf = append(buf, mkActivate(oid(i), ai, false))
					}
				}
			}
		}
		if s.canHero(seat) == "" {
			buf = append(buf, mkActivate(0, s.heroAb(seat), true))
		}
		return buf
	case pTarget, pJobTarget:
		spec, src, below := s.pendSpec()
		if spec == nil {
			return buf
		}
		if s.Pend.K == pJobTarget && s.Pend.N == 1 {
			buf = append(buf, mkA(aNo, 0))
		}
		var cb [maxObj]tref
		cands := s.candidates(seat, src, spec, below, cb[:0])
		for k, r := range cands {
			if !s.dupRef(cands[:k], r) {
				buf = append(buf, mkChoose(r))
				if full() {
					break
				}
			}
		}
		return buf
	case pTrigOrder:
		for k := 1; s.NJ > 0 && k <= int(s.Jobs[0].Step) && k < int(s.NJ); k++ {
			dup := false
			for q := 1; q < k; q++ {
				dup = dup || (s.Jobs[q].Def == s.Jobs[k].Def && s.Jobs[q].Ab == s.Jobs[k].Ab)
			}
			if !dup {
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint8(s.Jobs[k].Src)}))
			}
		}
		return buf
	case pLinkOrder:
		if s.NJ > 0 {
			j := &s.Jobs[0]
			for k := 0; k < int(j.It.NL); k++ {
				r := j.It.Linked[k]
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint8(r), Gen: s.O[r].Gen}))
			}
		}
		return buf
	case pPay:
		for i := 1; i < maxObj && !full(); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zField && o.Ctrl == seat && s.isResource(oid(i)) && !o.has(fTapped) && !s.dupBefore(oid(i), zField) {
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint8(i), Gen: o.Gen}))
			}
		}
		return buf
	case pAttack:
		n := s.ownAttackers(seat)
		if n == 0 {
			buf = append(buf, mkA(aAttack, noSeat<<25))
		} else {
			buf = append(buf, mkA(aDone, 0))
		}
		for i := 1; i < maxObj && !full(); i++ {
			if s.attackerOK(seat, oid(i)) != "" || s.O[i].has(fAttacking) || s.dupAttacker(oid(i)) {
				continue
			}
			if s.opponentCount(seat) == 1 {
				buf = append(buf, mkAddAttacker(oid(i), noSeat))
				continue
			}
			for p := int8(0); p < s.N; p++ {
				if !s.P[p].Lost && s.opponents(seat, p) {
					buf = append(buf, mkAddAttacker(oid(i), p))
				}
			}
		}
		return buf
	case pBlock:
		buf = append(buf, mkA(aDone, 0))
		return s.blockLegal(seat, buf, limit)
	}
	return buf
}

// dupBefore reports whether an earlier object in the same zone and control has the same
// definition and state, so that its text would be the same answer.
func (s *State) dupBefore(o oid, z zone) bool {
	ob := &s.O[o]
	for i := 1; i < int(o); i++ {
		x := &s.O[i]
		if x.Def == ob.Def && x.Zone == z && x.Ctrl == ob.Ctrl && (z != zField || (x.Flags&fTapped == ob.Flags&fTapped && x.Flags&(fUsed0|fUsed1) == ob.Flags&(fUsed0|fUsed1))) {
			return true
		}
	}
	return false
}

// dupActive reports whether an earlier card of the same name and controller can activate the
// same ability: "activate NAME" is then already listed.
func (s *State) dupActive(o oid, ai int) bool {
	ob := &s.O[o]
	for i := 1; i < int(o); i++ {
		x := &s.O[i]
		if x.Def == ob.Def && x.Zone == zField && x.Ctrl == ob.Ctrl && s.canActivate(ob.Ctrl, oid(i), ai) == "" {
			return true
		}
	}
	return false
}

func (s *State) dupAttacker(o oid) bool {
	ob := &s.O[o]
	for i := 1; i < int(o); i++ {
		x := &s.O[i]
		if x.Def == ob.Def && x.Zone == zField && x.Ctrl == ob.Ctrl && !x.has(fAttacking) && s.attackerOK(ob.Ctrl, oid(i)) == "" {
			return true
		}
	}
	return false
}

func (s *State) dupRef(prev []tref, r tref) bool {
	if r.K != tkObj {
		return false
	}
	ob := &s.O[r.ID]
	for _, p := range prev {
		if p.K == tkObj {
			x := &s.O[p.ID]
			if x.Def == ob.Def && x.Zone == ob.Zone && x.Ctrl == ob.Ctrl {
				return true
			}
		}
	}
	return false
}

// pendSpec is the target being chosen now: its spec, source and the item a counter may target.
func (s *State) pendSpec() (*TSpec, oid, oid) {
	switch s.Pend.K {
	case pTarget:
		if s.NS == 0 {
			return nil, 0, 0
		}
		it := &s.Stack[s.NS-1]
		specs := s.itemSpecs(it)
		if int(s.Pend.I) >= len(specs) {
			return nil, 0, 0
		}
		src := oid(0)
		if it.Ab >= 0 && !it.Hero {
			src = it.Card
		}
		return &specs[s.Pend.I], src, it.Below
	case pJobTarget:
		if s.NJ == 0 {
			return nil, 0, 0
		}
		j := &s.Jobs[0]
		ab := s.passiveAb(j)
		if ab == nil || int(s.Pend.I) >= len(ab.Targets) {
			return nil, 0, 0
		}
		return &ab.Targets[s.Pend.I], j.Src, 0
	}
	return nil, 0, 0
}

// ---- legality predicates; each returns "" or the reason

func (s *State) untapped(p int8) int { return s.untappedResources(p) }

func (s *State) ownMain(seat int8) bool {
	return !s.opponents(s.Active, seat) && (s.Phase == phMain1 || s.Phase == phMain2) && s.NS == 0
}

func (s *State) targetsExist(seat int8, src oid, specs []TSpec, below oid) string {
	for i := range specs {
		if !s.hasCandidate(seat, src, &specs[i], below) {
			return "it has no legal target"
		}
	}
	return ""
}

func (s *State) topCard() oid {
	if s.NS == 0 {
		return 0
	}
	it := &s.Stack[s.NS-1]
	if it.Ab < 0 && !it.Hero {
		return it.Card
	}
	return 0
}

func (s *State) canCast(seat int8, o oid) string {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zHand || ob.Owner != seat {
		return "that card is not in your hand"
	}
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return "you do not have priority"
	}
	d := &s.tab.Defs[ob.Def]
	switch {
	case d.Type == TInstant || d.KW&Deployment != 0:
	case d.Type == TCreature || d.Type == TEquipment:
		if !s.ownMain(seat) {
			if d.Type == TEquipment {
				return "an equipment is requisitioned only in your main phase with an empty stack (8.2)"
			}
			return "a creature is requisitioned only in your main phase with an empty stack (8.2)"
		}
	default:
		return "that card can't be requisitioned"
	}
	if s.untapped(seat) < int(d.Cost) {
		return "not enough untapped resources"
	}
	if int(s.NS) >= maxStack-1 {
		return "the stack is full"
	}
	it := item{Card: o, Ab: -1, Ctrl: seat}
	return s.targetsExist(seat, 0, s.itemSpecs(&it), s.topCard())
}

func (s *State) canActivate(seat int8, o oid, ai int) string {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zField || ob.Ctrl != seat {
		return "you control no such card on the field"
	}
	d := &s.tab.Defs[ob.Def]
	if ai < 0 || ai >= len(d.Abs) || d.Abs[ai].Kind != AActive {
		return "that card has no active ability"
	}
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return "you do not have priority"
	}
	if !s.ownMain(seat) {
		return "abilities of creatures and equipment are activated only in your main phase with an empty stack (7.1)"
	}
	if ob.Flags&s.usedBit(d, ai) != 0 {
		return "that ability was already activated this turn"
	}
	ab := &d.Abs[ai]
	if s.untapped(seat) < int(ab.Cost) {
		return "not enough untapped resources"
	}
	return s.targetsExist(seat, o, ab.Targets, 0)
}

func (s *State) usedBit(d *Def, ai int) uint16 {
	n := 0
	for i := 0; i < ai; i++ {
		if d.Abs[i].Kind == AActive {
			n++
		}
	}
	if n == 0 {
		return fUsed0
	}
	return fUsed1
}

func (s *State) heroAb(seat int8) int {
	d := &s.tab.Defs[s.P[seat].Hero]
	for i := range d.Abs {
		if d.Abs[i].Kind == AActive {
			return i
		}
	}
	return -1
}

func (s *State) canHero(seat int8) string {
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return "you do not have priority"
	}
	ai := s.heroAb(seat)
	if ai < 0 {
		return "your hero has no active ability"
	}
	if s.P[seat].HeroUsed {
		return "your hero's ability was already activated this turn (7.2)"
	}
	ab := &s.tab.Defs[s.P[seat].Hero].Abs[ai]
	if s.untapped(seat) < int(ab.Cost) {
		return "not enough untapped resources"
	}
	if int(s.NS) >= maxStack-1 {
		return "the stack is full"
	}
	return s.targetsExist(seat, 0, ab.Targets, s.topCard())
}

func (s *State) attackerOK(seat int8, o oid) string {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zField || ob.Ctrl != seat || !s.tab.Defs[ob.Def].isCreature() {
		return "you control no such creature"
	}
	if ob.has(fTapped) {
		return "a tapped creature can't attack (4.1.4)"
	}
	if ob.has(fArrived) {
		return "it arrived this turn and can't attack yet (4.1.3)"
	}
	return ""
}

// blockListOK checks "block a with bs" for defending player seat (12.3).
func (s *State) blockListOK(seat int8, a oid, bs []oid) string {
	ao := &s.O[a]
	if ao.Zone != zField || !ao.has(fAttacking) {
		return "that creature is not attacking"
	}
	if !s.attackedBy(seat, a) {
		return "that attacker is not attacking you"
	}
	if len(bs) == 0 {
		return "name at least one blocker"
	}
	akw := s.kw(a)
	menace := false
	for k, b := range bs {
		if b == 0 {
			return "no such creature"
		}
		bo := &s.O[b]
		if bo.Zone != zField || bo.Ctrl != seat || !s.tab.Defs[bo.Def].isCreature() {
			return "you control no such creature"
		}
		for _, x := range bs[:k] {
			if x == b {
				return "a creature is named twice"
			}
		}
		if bo.has(fTapped) {
			return "a tapped creature can't block (4.1.4)"
		}
		if bo.Blocking != 0 && bo.Blocking != a {
			return "a creature named is already blocking another attacker"
		}
		bkw := s.kw(b)
		if akw&Alteration != 0 && bkw&Alteration == 0 {
			return "an attacker with Alteration can be blocked only by creatures with Alteration (17.2)"
		}
		if bkw&Menace != 0 {
			menace = true
		}
	}
	if akw&Menace != 0 && !menace && len(bs) < 2 {
		return "an attacker with Menace can be blocked only by a creature with Menace or by two or more creatures (17.3)"
	}
	return ""
}

func (s *State) blockLegal(seat int8, buf []engine.Action, limit int) []engine.Action {
	var cl [maxObj]oid
	mine := s.creatureList(seat, cl[:0])
	// Answers are their texts: a list of the same names is one answer (scenario-format.md).
	var seen [128]uint64
	ns := 0
	add := func(a oid, list []oid) {
		key := uint64(s.O[a].Def)
		for _, b := range list {
			key = key<<8 | uint64(s.O[b].Def)
		}
		for _, k := range seen[:ns] {
			if k == key {
				return
			}
		}
		if act, ok := s.mkBlock(seat, a, list); ok {
			if ns < len(seen) {
				seen[ns] = key
				ns++
			}
			buf = append(buf, act)
		}
	}
	for a := 1; a < maxObj; a++ {
		if !s.O[a].has(fAttacking) || s.O[a].Zone != zField || !s.attackedBy(seat, oid(a)) {
			continue
		}
		var cur [8]oid
		cb := s.blockersOf(oid(a), cur[:0])
		if len(cb) >= 4 {
			continue
		}
		for bi, b := range mine {
			if s.O[b].Blocking != 0 || s.O[b].has(fTapped) {
				continue
			}
			list := append(cb, b)
			if s.blockListOK(seat, oid(a), list) == "" {
				add(oid(a), list)
				continue
			}
			if len(cb) > 0 {
				continue
			}
			for _, b2 := range mine[bi+1:] { // Menace: pairs
				if s.O[b2].Blocking != 0 || s.O[b2].has(fTapped) {
					continue
				}
				pair := [2]oid{b, b2}
				if s.blockListOK(seat, oid(a), pair[:]) == "" {
					add(oid(a), pair[:])
				}
			}
		}
		if limit > 0 && len(buf) >= limit {
			return buf
		}
	}
	return buf
}

// ownAttackers counts the attackers seat has declared.
func (s *State) ownAttackers(seat int8) int {
	n := 0
	for i := 1; i < maxObj; i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Ctrl == seat && o.Zone == zField {
			n++
		}
	}
	return n
}

// aAttackTo is "attack with A at P, B at Q" (15.2, 16.7): attackers with their own attacked
// players, declared and confirmed at once. Up to four pairs of 7 bits: the creature's 1-based
// index into the player's creatures (bits 0-4) and the attacked seat (5-6).
const aAttackTo = aSwap + 1

func (s *State) mkAttackTo(p int8, as []oid, targets []int8) (engine.Action, bool) {
	if len(as) > 4 || len(as) != len(targets) {
		return 0, false
	}
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	v := uint32(0)
	for k, b := range as {
		i := indexIn(list, b)
		if i == 0 || i > 31 || targets[k] < 0 || targets[k] > 3 {
			return 0, false
		}
		v |= (uint32(i) | uint32(targets[k])<<5) << (7 * k)
	}
	return mkA(aAttackTo, v), true
}

func (s *State) decodeAttackTo(p int8, a engine.Action, buf []oid, tbuf []int8) ([]oid, []int8) {
	var cl [maxObj]oid
	list := s.creatureList(p, cl[:0])
	for k := 0; k < 4; k++ {
		x := int(a>>(7*k)) & 127
		i := x & 31
		if i == 0 {
			break
		}
		o := oid(0)
		if i <= len(list) {
			o = list[i-1]
		}
		buf = append(buf, o)
		tbuf = append(tbuf, int8(x>>5))
	}
	return buf, tbuf
}
