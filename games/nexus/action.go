package nexus

import (
	"starnexus/engine"
)

// An Action packs its kind in the top 4 bits; the rest depends on the kind. An object id
// takes 14 bits (objLimit); bits 14-27 are the kind's argument:
//
//	cast      object id (bits 0-13)
//	activate  object id (0-13), ability index (14-17), hero flag (18)
//	choose    object id or seat (0-13), target kind (14-15)
//	addatk    object id (0-13), attacked seat (14-16; 7: the only opponent)
//	attack    no argument: "attack with none", declare no attacker and confirm
//	block     blocker (0-13), attacker (14-27): the blocker joins the end of the player's
//	          blockers of that attacker (12.3)
//	blocknew  the same, but the player's earlier blockers of that attacker are dropped first
//	blockhalf the same as blocknew for an attacker with Menace and a blocker without it: the
//	          first of two, and the player's next declaration names the second (17.3)
//
// A declaration that names many creatures ("attack with A, B, C", "block A with B1, ..., Bn")
// is several actions (ParseActions), one per creature, so there is no limit to how many.
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

// aBlockNew and aBlockHalf follow aSwap (reserve.go).
const (
	aBlockNew = aSwap + 1 + iota
	aBlockHalf
)

const (
	noSeat = 7
	idBits = 14
	idMask = 1<<idBits - 1
)

func kindOf(a engine.Action) int { return int(a >> 28) }
func mkA(kind int, rest uint32) engine.Action {
	return engine.Action(uint32(kind)<<28 | rest&0x0fffffff)
}

// aObj is the object id of an action (bits 0-13); aArg its argument (bits 14-27).
func aObj(a engine.Action) oid    { return oid(a & idMask) }
func aArg(a engine.Action) uint32 { return uint32(a) >> idBits & (1<<idBits - 1) }

func mkCast(o oid) engine.Action { return mkA(aCast, uint32(o)) }
func mkActivate(o oid, ab int, hero bool) engine.Action {
	h := uint32(0)
	if hero {
		h = 16
	}
	return mkA(aActivate, uint32(o)|(uint32(ab&15)|h)<<idBits)
}
func mkChoose(r tref) engine.Action { return mkA(aChoose, uint32(r.ID)|uint32(r.K)<<idBits) }
func mkAddAttacker(o oid, target int8) engine.Action {
	return mkA(aAddAttacker, uint32(o)|uint32(target&7)<<idBits)
}

// attackNone is "attack with none".
var attackNone = mkA(aAttack, 0)

// mkBlock makes a block action of kind k (aBlock, aBlockNew, aBlockHalf): blocker b of
// attacker a.
func mkBlock(k int, a, b oid) engine.Action { return mkA(k, uint32(b)|uint32(a)<<idBits) }

// isBlock reports whether a is a block declaration, and decodeBlock reads it.
func isBlock(a engine.Action) bool {
	k := kindOf(a)
	return k == aBlock || k == aBlockNew || k == aBlockHalf
}
func decodeBlock(a engine.Action) (attacker, blocker oid) { return oid(aArg(a)), aObj(a) }

// chooseRef is the target of a choose action.
func chooseRef(a engine.Action) tref { return tref{K: uint8(aArg(a) & 3), ID: uint16(aObj(a))} }

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

// SearchLegal implements engine.SearchLegal: Legal without the changes of a block
// declaration (blockChanges), which a search bot need not try since adding blockers reaches
// every declaration, and which let a search start the same declaration again for ever.
func (s *State) SearchLegal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.Done || !s.decides(int8(seat)) {
		return buf
	}
	if s.Pend.K == pBlock {
		return s.blockAdds(int8(seat), buf, 0)
	}
	return s.legal(int8(seat), buf, 0)
}

// blockAdds appends the legal block actions that confirm or add to the declaration (Legal's
// list without blockChanges); limit as blockLegal's.
func (s *State) blockAdds(seat int8, buf []engine.Action, limit int) []engine.Action {
	if s.halfBlock(seat) == 0 {
		buf = append(buf, mkA(aDone, 0))
	}
	return s.blockLegal(seat, buf, limit)
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
				buf = append(buf, mkChoose(tref{K: tkPlayer, ID: uint16(p)}))
			}
		}
		return buf
	case pPrio:
		buf = append(buf, mkA(aPass, 0))
		// One walk finds seat's cards in hand and objects on the field, in id order, and counts
		// its untapped resources as untappedResources does. The listing changes nothing, so
		// the count holds for every card and ability (memo) instead of a walk for each.
		var ob [maxObj]oid
		own, untapped := ob[:0], int32(0)
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def == 0 || o.Ctrl != seat || (o.Zone != zHand && o.Zone != zField) {
				continue
			}
			own = append(own, oid(i))
			if o.Zone == zField && !o.has(fTapped) && s.isResource(oid(i)) {
				untapped++
			}
		}
		var m memo
		m.untapped[seat] = untapped + 1
		// inHand holds the definitions of seat's cards in hand met so far: dupBefore(o, zHand)
		// without its walk, as every earlier card it would find is met by this loop first.
		var inHand defSet
		for _, i := range own {
			if full() {
				break
			}
			o := &s.O[i]
			if o.Zone == zHand && !inHand.add(o.Def) && s.castable(&m, seat, i).ok() {
				buf = append(buf, mkCast(i))
			}
			if o.Zone == zField {
				d := &s.tab.Defs[o.Def]
				for ai := range d.Abs {
					if d.Abs[ai].Kind == AActive && s.activable(&m, seat, i, ai).ok() && !s.dupActive(&m, i, ai) {
						buf = append(buf, mkActivate(i, ai, false))
					}
				}
			}
		}
		if s.heroActivable(&m, seat).ok() {
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
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint16(s.Jobs[k].Src)}))
			}
		}
		return buf
	case pLinkOrder:
		if s.NJ > 0 {
			j := &s.Jobs[0]
			for k := 0; k < int(j.It.NL); k++ {
				r := j.It.Linked[k]
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint16(r), Gen: s.O[r].Gen}))
			}
		}
		return buf
	case pPay:
		// seen[used] holds the definitions of the resources listed or skipped so far, by their
		// used-ability flags: dupBefore(o, zField) without its walk (every earlier object it
		// would find is a resource of seat, untapped, met by this loop first).
		var seen [4]defSet
		for i := 1; i < int(s.NO) && !full(); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zField && o.Ctrl == seat && s.isResource(oid(i)) && !o.has(fTapped) &&
				!seen[usedFlags(o)].add(o.Def) {
				buf = append(buf, mkChoose(tref{K: tkObj, ID: uint16(i), Gen: o.Gen}))
			}
		}
		return buf
	case pAttack:
		// Until it is confirmed the declaration may change (12.2): "attack with none" drops
		// the attackers declared and confirms.
		if s.ownAttackers(seat) > 0 {
			buf = append(buf, mkA(aDone, 0))
		}
		buf = append(buf, attackNone)
		for i := 1; i < int(s.NO) && !full(); i++ {
			if !s.attackerOK(seat, oid(i)).ok() || s.O[i].has(fAttacking) || s.dupAttacker(oid(i)) {
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
		buf = s.blockAdds(seat, buf, limit)
		if full() {
			return buf
		}
		return s.blockChanges(seat, buf)
	}
	return buf
}

// defSet is a set of definitions (indexes in Table.Defs, which a uint8 holds).
type defSet [4]uint64

// add puts d into the set and reports whether it was there already.
func (ds *defSet) add(d uint8) bool {
	w, b := d>>6, uint64(1)<<(d&63)
	had := ds[w]&b != 0
	ds[w] |= b
	return had
}

// usedFlags is o's fUsed0 and fUsed1 as a number from 0 to 3.
func usedFlags(o *obj) int {
	n := 0
	if o.has(fUsed0) {
		n |= 1
	}
	if o.has(fUsed1) {
		n |= 2
	}
	return n
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
func (s *State) dupActive(m *memo, o oid, ai int) bool {
	ob := &s.O[o]
	if ob.Num != 0 {
		return false // a numbered object has a text of its own: each copy is offered (numbers.go)
	}
	for i := 1; i < int(o); i++ {
		x := &s.O[i]
		if x.Def == ob.Def && x.Zone == zField && x.Ctrl == ob.Ctrl && s.activable(m, ob.Ctrl, oid(i), ai).ok() {
			return true
		}
	}
	return false
}

func (s *State) dupAttacker(o oid) bool {
	ob := &s.O[o]
	if ob.Num != 0 {
		return false // each numbered copy may be the one that attacks
	}
	for i := 1; i < int(o); i++ {
		x := &s.O[i]
		if x.Def == ob.Def && x.Zone == zField && x.Ctrl == ob.Ctrl && !x.has(fAttacking) && s.attackerOK(ob.Ctrl, oid(i)).ok() {
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
	if ob.Num != 0 {
		return false // the player picks which numbered copy is targeted
	}
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

// memo holds counts that several legality predicates would each make with a walk over the
// object table. It lives in one call that changes nothing (a listing of legal actions), so
// a count made once holds for the whole call; the zero value knows nothing. A nil *memo
// counts every time.
type memo struct {
	untapped [MaxSeats]int32 // 1 + a seat's untapped resources; 0: not counted yet
}

// untappedIn is untapped(p), counted at most once per memo.
func (s *State) untappedIn(m *memo, p int8) int {
	if m == nil {
		return s.untapped(p)
	}
	if m.untapped[p] == 0 {
		m.untapped[p] = int32(s.untapped(p)) + 1
	}
	return int(m.untapped[p]) - 1
}

func (s *State) ownMain(seat int8) bool {
	return !s.opponents(s.Active, seat) && (s.Phase == phMain1 || s.Phase == phMain2) && s.NS == 0
}

func (s *State) targetsExist(seat int8, src oid, specs []TSpec, below oid) why {
	for i := range specs {
		if !s.hasCandidate(seat, src, &specs[i], below) {
			return refuse("refuse.nexus.no_legal_target", "it has no legal target")
		}
	}
	return why{}
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

func (s *State) canCast(seat int8, o oid) why { return s.castable(nil, seat, o) }

// castable is canCast with a memo (memo).
func (s *State) castable(m *memo, seat int8, o oid) why {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zHand || ob.Owner != seat {
		return refuse("refuse.nexus.not_in_hand", "that card is not in your hand")
	}
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return refuse("refuse.nexus.no_priority", "you do not have priority")
	}
	d := &s.tab.Defs[ob.Def]
	switch {
	case d.Type == TInstant || d.KW&Deployment != 0:
	case d.Type == TCreature || d.Type == TEquipment:
		if !s.ownMain(seat) {
			if d.Type == TEquipment {
				return refuse("refuse.nexus.equipment_main", "an equipment is requisitioned only in your main phase with an empty stack (8.2)")
			}
			return refuse("refuse.nexus.creature_main", "a creature is requisitioned only in your main phase with an empty stack (8.2)")
		}
	default:
		return refuse("refuse.nexus.not_requisitionable", "that card can't be requisitioned")
	}
	if s.untappedIn(m, seat) < int(d.Cost) {
		return refuse("refuse.nexus.not_enough_resources", "not enough untapped resources")
	}
	it := item{Card: o, Ab: -1, Ctrl: seat}
	return s.targetsExist(seat, 0, s.itemSpecs(&it), s.topCard())
}

func (s *State) canActivate(seat int8, o oid, ai int) why { return s.activable(nil, seat, o, ai) }

// activable is canActivate with a memo (memo).
func (s *State) activable(m *memo, seat int8, o oid, ai int) why {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zField || ob.Ctrl != seat {
		return refuse("refuse.nexus.no_such_card_field", "you control no such card on the field")
	}
	d := &s.tab.Defs[ob.Def]
	if ai < 0 || ai >= len(d.Abs) || d.Abs[ai].Kind != AActive {
		return refuse("refuse.nexus.no_active_ability", "that card has no active ability")
	}
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return refuse("refuse.nexus.no_priority", "you do not have priority")
	}
	if !s.ownMain(seat) {
		return refuse("refuse.nexus.activate_main", "abilities of creatures and equipment are activated only in your main phase with an empty stack (7.1)")
	}
	if ob.Flags&s.usedBit(d, ai) != 0 {
		return refuse("refuse.nexus.ability_used", "that ability was already activated this turn")
	}
	ab := &d.Abs[ai]
	if s.untappedIn(m, seat) < int(ab.Cost) {
		return refuse("refuse.nexus.not_enough_resources", "not enough untapped resources")
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

func (s *State) canHero(seat int8) why { return s.heroActivable(nil, seat) }

// heroActivable is canHero with a memo (memo).
func (s *State) heroActivable(m *memo, seat int8) why {
	if s.Pend.K != pPrio || s.Pend.Seat != seat {
		return refuse("refuse.nexus.no_priority", "you do not have priority")
	}
	ai := s.heroAb(seat)
	if ai < 0 {
		return refuse("refuse.nexus.hero_no_ability", "your hero has no active ability")
	}
	if s.P[seat].HeroUsed {
		return refuse("refuse.nexus.hero_used", "your hero's ability was already activated this turn (7.2)")
	}
	ab := &s.tab.Defs[s.P[seat].Hero].Abs[ai]
	if s.untappedIn(m, seat) < int(ab.Cost) {
		return refuse("refuse.nexus.not_enough_resources", "not enough untapped resources")
	}
	return s.targetsExist(seat, 0, ab.Targets, s.topCard())
}

func (s *State) attackerOK(seat int8, o oid) why {
	ob := &s.O[o]
	if ob.Def == 0 || ob.Zone != zField || ob.Ctrl != seat || !s.tab.Defs[ob.Def].isCreature() {
		return refuse("refuse.nexus.no_such_creature", "you control no such creature")
	}
	if ob.has(fTapped) {
		return refuse("refuse.nexus.tapped_attack", "a tapped creature can't attack (4.1.4)")
	}
	if ob.has(fArrived) {
		return refuse("refuse.nexus.arrived", "it arrived this turn and can't attack yet (4.1.3)")
	}
	return why{}
}

// ownAttackers counts the attackers seat has declared.
func (s *State) ownAttackers(seat int8) int {
	n := 0
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Ctrl == seat && o.Zone == zField {
			n++
		}
	}
	return n
}
