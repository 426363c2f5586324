package nexus

import (
	"starnexus/engine"
)

// Apply implements engine.State. Legal is the one judge: an action it lists now is applied,
// any other is refused, and whyIllegal only explains the refusal (as in Star Realms).
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if !s.listed(int8(seat), a) {
		return &engine.IllegalError{Action: s.ActionText(seat, a), Reason: s.whyIllegal(int8(seat), a)}
	}
	done := s.Done
	s.apply(int8(seat), a)
	s.advance()
	if s.rec != nil {
		s.recOver(done)
	}
	return nil
}

// ApplyTrusted implements engine.State.
func (s *State) ApplyTrusted(seat engine.Seat, a engine.Action) {
	done := s.Done
	s.apply(int8(seat), a)
	s.advance()
	if s.rec != nil {
		s.recOver(done)
	}
}

// listed reports whether Legal lists a for seat now.
func (s *State) listed(seat int8, a engine.Action) bool {
	if s.Done || !s.decides(seat) {
		return false
	}
	var buf [256]engine.Action
	for _, x := range s.legal(seat, buf[:0], 0) {
		if x == a {
			return true
		}
	}
	return false
}

// whyIllegal explains why Legal does not list a for seat now; it never decides. The rule an
// action breaks comes first (explain); an action that breaks none is another form of a listed
// one (unlisted). Like Legal it reads only what seat sees: a refusal is output too (issue 11).
func (s *State) whyIllegal(seat int8, a engine.Action) string {
	if r := s.explain(seat, a); r != "" {
		return r
	}
	return s.unlisted(seat, a)
}

// unlisted explains a refused action that breaks no rule explain knows: Legal offers one
// action for interchangeable objects (the first of them), and one form of a declaration.
func (s *State) unlisted(seat int8, a engine.Action) string {
	switch kindOf(a) {
	case aCast:
		if s.dupBefore(aObj(a), zHand) {
			return "cards of one name in your hand are one action: cast " + s.nameOf(aObj(a)) + " is offered for another copy"
		}
	case aChoose:
		if r := chooseRef(a); s.Pend.K == pPay && r.K == tkObj {
			if rep := s.payRep(oid(r.ID)); rep != oid(r.ID) {
				return s.nameOf(oid(r.ID)) + " and " + s.nameOf(rep) + " are interchangeable, so one answer: choose " + s.nameOf(rep)
			}
		}
	case aAddAttacker:
		if t := int8(aArg(a) & 7); t != noSeat && s.opponentCount(seat) == 1 {
			return "with one opponent the attacked player is not named: add attacker " + s.nameOf(aObj(a))
		}
	case aBlockNew, aBlockHalf:
		var cb [16]oid
		at, b := decodeBlock(a)
		switch mine := s.blockersBy(at, seat, cb[:0]); {
		case len(mine) == 1 && mine[0] == b:
			return s.nameOf(b) + " is your blocker of " + s.nameOf(at) + " already: nothing changes"
		case len(mine) == 0 && kindOf(a) == aBlockNew:
			return "you have no blocker of " + s.nameOf(at) + " yet: block " + s.nameOf(at) + " with " + s.nameOf(b) + " is the action"
		}
	}
	txt := s.ActionText(engine.Seat(seat), a)
	var buf [256]engine.Action
	for _, x := range s.legal(seat, buf[:0], 0) {
		if s.ActionText(engine.Seat(seat), x) == txt {
			return "identical objects are one action: " + txt + " is offered for another of them"
		}
	}
	return "not possible now (" + s.pendWord() + ")"
}

// payRep is the untapped resource that Legal offers for o: the first one interchangeable with
// it (dupBefore), or o.
func (s *State) payRep(o oid) oid {
	if int(o) >= int(s.NO) || s.O[o].Zone != zField || !s.dupBefore(o, zField) {
		return o
	}
	ob := &s.O[o]
	for i := 1; i < int(o); i++ {
		if x := &s.O[i]; x.Def == ob.Def && x.Zone == zField && x.Ctrl == ob.Ctrl && x.Flags&fTapped == ob.Flags&fTapped &&
			x.Flags&(fUsed0|fUsed1) == ob.Flags&(fUsed0|fUsed1) && !s.dupBefore(oid(i), zField) {
			return oid(i)
		}
	}
	return o
}

// explain names the rule that a refused action breaks, or "" when it finds none. Its texts
// are the refusals players and scenario files know.
func (s *State) explain(seat int8, a engine.Action) string {
	if s.Done {
		return "the game is over"
	}
	if !s.idsOK(a) {
		return "no such object"
	}
	k := kindOf(a)
	if !s.decides(seat) {
		if isBlock(a) && s.Phase == phCombat && s.Step >= stBlockers {
			if r := s.blockCheck(seat, a); r != "" {
				return r
			}
		}
		return "it is not your decision now"
	}
	want := func(kinds ...uint8) string {
		for _, x := range kinds {
			if s.Pend.K == x {
				return ""
			}
		}
		return "that answers no pending decision (" + s.pendWord() + ")"
	}
	switch k {
	case aPass:
		return want(pPrio)
	case aCast:
		if r := want(pPrio); r != "" {
			return r
		}
		if aArg(a) != 0 {
			return "malformed action"
		}
		return s.canCast(seat, aObj(a))
	case aActivate:
		if r := want(pPrio); r != "" {
			return r
		}
		if aArg(a)&16 != 0 {
			if int(aArg(a)&15) != s.heroAb(seat) || aObj(a) != 0 || aArg(a)&^31 != 0 {
				return "your hero has no such ability"
			}
			return s.canHero(seat)
		}
		if aArg(a)&^15 != 0 {
			return "malformed action"
		}
		return s.canActivate(seat, aObj(a), int(aArg(a)&15))
	case aChoose:
		r := chooseRef(a)
		if aArg(a)&^3 != 0 {
			return "malformed action"
		}
		if r.K != tkPlayer && int(r.ID) >= int(s.NO) {
			// An id past the table names no object: refused below as an empty slot is, with the
			// same words, so the table's size tells nothing.
			r.ID = 0
		}
		switch s.Pend.K {
		case pFirst:
			if r.K != tkPlayer || int(r.ID) >= int(s.N) || s.P[r.ID].Lost {
				return "choose a player still in the game"
			}
			return ""
		case pTarget, pJobTarget:
			if r.K == tkObj {
				r.Gen = s.O[r.ID].Gen
			}
			spec, src, below := s.pendSpec()
			if spec == nil {
				return "nothing to choose"
			}
			if spec.Kind == KRequisition && (r.K != tkObj || oid(r.ID) != below) {
				return "a counter can target only the item that was on top of the stack when it was announced (8.6)"
			}
			if !s.legalTarget(seat, src, spec, r) {
				return "not a legal target"
			}
			return ""
		case pTrigOrder:
			if r.K != tkObj || s.trigIndex(oid(r.ID)) < 0 {
				return "choose the card whose passive ability happens next"
			}
			return ""
		case pLinkOrder:
			if s.linkedIndex(oid(r.ID)) < 0 || r.K != tkObj {
				return "choose one of the special resources tapped for the requisition"
			}
			return ""
		case pPay:
			if r.K != tkObj {
				return "choose an untapped resource you control"
			}
			o := &s.O[r.ID]
			if o.Def == 0 || o.Zone != zField || o.Ctrl != seat || !s.isResource(oid(r.ID)) {
				return "choose an untapped resource you control"
			}
			if o.has(fTapped) {
				return "that resource is already tapped"
			}
			return ""
		}
		return want(pFirst, pTarget, pJobTarget, pPay, pLinkOrder, pTrigOrder)
	case aAddAttacker:
		if r := want(pAttack); r != "" {
			return r
		}
		o := aObj(a)
		if aArg(a)&^7 != 0 {
			return "malformed action"
		}
		if s.O[o].has(fAttacking) {
			return "it is already attacking"
		}
		if r := s.attackerOK(seat, o); r != "" {
			return r
		}
		return s.targetOK(seat, int8(aArg(a)&7))
	case aAttack:
		if r := want(pAttack); r != "" {
			return r
		}
		if a != attackNone {
			return "malformed action"
		}
		return ""
	case aBlock, aBlockNew, aBlockHalf:
		if r := s.blockCheck(seat, a); r != "" {
			return r
		}
		return want(pBlock)
	case aSwap:
		if r := want(pSwap); r != "" {
			return r
		}
		return s.swapOK(seat, uint8(a), uint8(a>>8))
	case aDone:
		if s.Pend.K == pSwap {
			if a&^0xf0000000 != 0 {
				return "malformed action"
			}
			return s.deckProblem(seat)
		}
		if s.Pend.K == pAttack {
			if s.ownAttackers(seat) == 0 {
				return "no attacker is declared: use attack with none"
			}
			return ""
		}
		if r := want(pBlock); r != "" {
			return r
		}
		if h := s.halfBlock(seat); h != 0 {
			return "the block of " + s.nameOf(h) + " needs a second blocker: " + menaceRule
		}
		return ""
	case aKeep, aMulligan:
		return want(pMulligan)
	case aYes:
		return want(pUnless, pAffinity)
	case aNo:
		if s.Pend.K == pJobTarget && s.Pend.N == 1 {
			return ""
		}
		return want(pUnless, pAffinity)
	}
	return "unknown action"
}

// linkedIndex is the position of r among the resources still to happen, or -1.
func (s *State) linkedIndex(r oid) int {
	if s.NJ == 0 || s.Jobs[0].K != jLinkOrder {
		return -1
	}
	j := &s.Jobs[0]
	for k := 0; k < int(j.It.NL); k++ {
		if j.It.Linked[k] == r {
			return k
		}
	}
	return -1
}

func (s *State) targetOK(seat, t int8) string {
	if t == noSeat {
		if s.opponentCount(seat) == 1 {
			return ""
		}
		return "name the player it attacks (attack with ... at PLAYER)"
	}
	if t >= s.N || s.P[t].Lost || !s.opponents(seat, t) {
		return "a creature attacks an opponent still in the game"
	}
	return ""
}

// attackDeclared passes the declaration to the ally (16.4) or opens the round.
func (s *State) attackDeclared(seat int8) {
	s.Pend = pend{}
	if n := s.teamNext(seat); n >= 0 {
		s.Pend = pend{K: pAttack, Seat: n}
		return
	}
	s.startRound()
}

func (s *State) opponentCount(seat int8) int {
	n := 0
	for p := int8(0); p < s.N; p++ {
		if !s.P[p].Lost && s.opponents(seat, p) {
			n++
		}
	}
	return n
}

func (s *State) onlyOpponent(seat int8) int8 {
	for p := int8(0); p < s.N; p++ {
		if !s.P[p].Lost && s.opponents(seat, p) {
			return p
		}
	}
	return seat
}

func (s *State) pendWord() string {
	switch s.Pend.K {
	case pSwap:
		return "swap cards with your reserve, then done"
	case pMulligan:
		return "keep or mulligan"
	case pFirst:
		return "choose the starting player"
	case pPrio:
		return "priority: cast, activate or pass"
	case pTarget, pJobTarget:
		return "choose a target"
	case pPay:
		return "choose a resource to tap"
	case pAttack:
		return "declare attackers"
	case pBlock:
		return "declare blockers"
	case pUnless:
		return "yes or no: tap resources so the requisition is not countered"
	case pAffinity:
		return "yes or no: use the Affinity"
	case pLinkOrder:
		return "choose which special resource happens first"
	case pTrigOrder:
		return "choose whose passive ability happens first"
	}
	return "none"
}

// apply performs a validated action.
func (s *State) apply(seat int8, a engine.Action) {
	if s.rec != nil {
		s.recChoice(seat, a)
	}
	switch kindOf(a) {
	case aPass:
		s.pass()
	case aCast:
		s.announce(seat, aObj(a), -1, false)
	case aActivate:
		s.announce(seat, aObj(a), int(aArg(a)&15), aArg(a)&16 != 0)
	case aChoose:
		s.choose(seat, chooseRef(a))
	case aAddAttacker:
		t := int8(aArg(a) & 7)
		if t == noSeat {
			t = s.onlyOpponent(seat)
		}
		s.O[aObj(a)].Flags |= fAttacking
		s.O[aObj(a)].Target = t
	case aAttack: // attack with none
		for i := 1; i < int(s.NO); i++ {
			if s.O[i].Ctrl == seat {
				s.O[i].Flags &^= fAttacking
			}
		}
		s.attackDeclared(seat)
	case aBlock, aBlockNew, aBlockHalf:
		s.applyBlock(seat, a)
		if s.blocksHidden() {
			s.P[seat].Decl++ // its log entry is hidden from the others until the reveal
		}
	case aSwap:
		if s.rec != nil {
			s.rec.secret = engine.SeatBit(seatOf(seat)) // reserve swaps stay secret (2.5)
		}
		s.doSwap(seat, uint8(a), uint8(a>>8))
		if s.rec != nil {
			s.rec.secret = 0
		}
	case aDone:
		if s.Pend.K == pSwap {
			s.swapDone(seat)
			return
		}
		s.Pend = pend{}
		if s.Step == stAttackers {
			s.attackDeclared(seat)
			return
		}
		for at := 1; at < int(s.NO); at++ {
			if s.O[at].has(fAttacking) && s.attackedBy(seat, oid(at)) {
				var bb [32]oid
				if len(s.blockersOf(oid(at), bb[:0])) > 0 {
					s.O[at].Flags |= fBlocked
				}
			}
		}
		s.P[seat].Blocks = false
		s.nextBlocker()
	case aKeep:
		s.P[seat].Kept = true
		s.Pend = pend{}
		s.afterMulligan()
	case aMulligan:
		s.mulligan(seat)
	case aYes, aNo:
		ans := int8(1)
		if kindOf(a) == aNo {
			ans = 2
		}
		s.Pend = pend{}
		if s.NJ > 0 {
			s.Jobs[0].Yes = ans
		}
	}
}

// announce starts a requisition or an activation (8.3): the item goes on the stack, then its
// targets and payment are asked.
func (s *State) announce(seat int8, o oid, ab int, hero bool) {
	below := s.topCard()
	it := item{Ctrl: seat, Ab: int8(ab), Hero: hero, Below: below}
	if below != 0 {
		it.BGen = s.O[below].Gen
	}
	switch {
	case hero:
		s.P[seat].HeroUsed = true
	case ab < 0:
		ob := &s.O[o]
		from, num := ob.Zone, ob.Num
		*ob = obj{Def: ob.Def, Owner: ob.Owner, Ctrl: seat, Zone: zStack, Gen: ob.Gen + 1, Seq: s.nextSeq()}
		s.number(o, from, num)
		if s.rec != nil {
			s.recMoved(o, ob.Def, ob.Owner, from, zStack, num)
		}
		it.Card, it.Gen = o, ob.Gen
	default:
		it.Card, it.Gen = o, s.O[o].Gen
		s.O[o].Flags |= s.usedBit(s.def(o), ab)
	}
	s.pushItem(it)
	s.Pend = pend{K: pTarget, Seat: seat}
	s.continueAnnounce(seat)
}

func (s *State) itemCost(it *item) int {
	if it.PDef != 0 {
		return 0
	}
	d, ab := s.itemAb(it)
	if it.Ab < 0 && !it.Hero {
		return int(d.Cost)
	}
	return int(ab.Cost)
}

func (s *State) continueAnnounce(seat int8) {
	it := &s.Stack[s.NS-1]
	specs := s.itemSpecs(it)
	if s.Pend.K == pTarget {
		if int(it.NT) < len(specs) {
			s.Pend.I = it.NT
			return
		}
		s.Pend = pend{K: pPay, Seat: seat, N: int8(s.itemCost(it))}
	}
	if s.Pend.N > 0 {
		return
	}
	s.Pend = pend{}
	if it.PDef != 0 {
		return // a passive put on the stack by the game (V4): priority goes on as it was
	}
	s.added(seat)
}

func (s *State) choose(seat int8, r tref) {
	switch s.Pend.K {
	case pFirst:
		s.Pend = pend{}
		s.begin(int8(r.ID))
	case pTarget:
		it := &s.Stack[s.NS-1]
		if r.K == tkObj {
			r.Gen = s.O[r.ID].Gen
		}
		it.Tg[it.NT] = r
		it.NT++
		s.continueAnnounce(seat)
	case pJobTarget:
		if r.K == tkObj {
			r.Gen = s.O[r.ID].Gen
		}
		j := &s.Jobs[0]
		j.Tg[j.NT] = r
		j.NT++
		s.Pend = pend{}
	case pLinkOrder:
		s.Pend = pend{}
		s.takeLinked(s.linkedIndex(oid(r.ID)))
	case pTrigOrder:
		s.Pend = pend{}
		s.takeTrigger(s.trigIndex(oid(r.ID)))
	case pPay:
		o := &s.O[r.ID]
		o.Flags |= fTapped
		it := &s.Stack[s.NS-1]
		if s.tab.Defs[o.Def].Type == TSpecial && it.Ab < 0 && !it.Hero {
			if int(it.NL) == len(it.Linked) { // setup refuses more specials than it holds
				s.fail(faultLinked)
				return
			}
			it.Linked[it.NL] = oid(r.ID)
			it.NL++
		}
		s.Pend.N--
		s.continueAnnounce(seat)
	}
}

// ---- setup decisions (10.6, 10.7)

func handSize(mulls int) int {
	if mulls <= 2 {
		return 6
	}
	return max(0, 8-mulls)
}

func (s *State) mulligan(seat int8) {
	if s.rec != nil {
		s.rec.secret = engine.SeatBit(seatOf(seat)) // revealed once every player has kept
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zHand && o.Owner == seat {
			o.Zone = zLibrary
			if s.rec != nil {
				s.recMoved(oid(i), o.Def, seat, zHand, zLibrary, 0)
			}
		}
	}
	s.shuffle(seat, zLibrary)
	s.P[seat].Mulls++
	for k := 0; k < handSize(int(s.P[seat].Mulls)); k++ {
		s.draw(seat)
	}
	if s.rec != nil {
		s.rec.secret = 0
	}
	if handSize(int(s.P[seat].Mulls)) == 0 {
		s.P[seat].Kept = true
		s.Pend = pend{}
		s.afterMulligan()
	}
}

func (s *State) afterMulligan() {
	for p := int8(0); p < s.N; p++ {
		if !s.P[p].Kept {
			s.Pend = pend{K: pMulligan, Seat: p}
			return
		}
	}
	if s.rec != nil {
		s.recMulligans()
	}
	chooser := int8(s.rng.Intn(int(s.N)))
	if s.opts.LastLoser > 0 && s.opts.LastLoser <= int(s.N) {
		chooser = int8(s.opts.LastLoser - 1)
	}
	if s.P[chooser].Lost { // conceded during the setup (1.4)
		chooser = s.next(chooser)
	}
	s.Pend = pend{K: pFirst, Seat: chooser}
}

// begin reveals the heroes and starts the first turn with player first (10.7-10.9).
func (s *State) begin(first int8) {
	for p := int8(0); p < s.N; p++ {
		s.P[p].Revealed = true
		s.P[p].Life = int32(s.tab.Defs[s.P[p].Hero].Life)
	}
	if s.opts.Format == "allied" {
		for p := int8(0); p < s.N; p++ {
			for q := p + 1; q < s.N; q++ {
				if s.P[q].Team == s.P[p].Team {
					s.P[p].Life += s.P[q].Life
					s.P[q].Life = 0
				}
			}
		}
	}
	s.Active, s.Start = first, first
	s.Turn, s.First = 1, true
	s.Phase, s.Step, s.Sub = phUpkeep, stBegin, 0
	if s.rec != nil {
		s.recBegin()
	}
}
