package nexus

import (
	"starnexus/engine"
)

// Apply implements engine.State. Legal is the one judge: an action it lists now is applied,
// any other is refused, and whyIllegal only explains the refusal (as in Star Realms).
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if !s.listed(int8(seat), a) {
		w := s.whyIllegal(int8(seat), a)
		return &engine.IllegalError{Action: s.ActionText(seat, a), Reason: w.en, Why: w.m}
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
func (s *State) whyIllegal(seat int8, a engine.Action) why {
	if r := s.explain(seat, a); !r.ok() {
		return r
	}
	return s.unlisted(seat, a)
}

// unlisted explains a refused action that breaks no rule explain knows: Legal offers one
// action for interchangeable objects (the first of them), and one form of a declaration.
func (s *State) unlisted(seat int8, a engine.Action) why {
	switch kindOf(a) {
	case aCast:
		if s.dupBefore(aObj(a), zHand) {
			n := s.nameOf(aObj(a))
			return refuse("refuse.nexus.one_cast_per_name",
				"cards of one name in your hand are one action: cast "+n+" is offered for another copy", "card", n)
		}
	case aChoose:
		if r := chooseRef(a); s.Pend.K == pPay && r.K == tkObj {
			if rep := s.payRep(oid(r.ID)); rep != oid(r.ID) {
				n, nr := s.nameOf(oid(r.ID)), s.nameOf(rep)
				return refuse("refuse.nexus.interchangeable",
					n+" and "+nr+" are interchangeable, so one answer: choose "+nr, "card", n, "other", nr)
			}
		}
	case aAddAttacker:
		if t := int8(aArg(a) & 7); t != noSeat && s.opponentCount(seat) == 1 {
			n := s.nameOf(aObj(a))
			return refuse("refuse.nexus.one_opponent",
				"with one opponent the attacked player is not named: add attacker "+n, "card", n)
		}
	case aBlockNew, aBlockHalf:
		var cb [16]oid
		at, b := decodeBlock(a)
		na, nb := s.nameOf(at), s.nameOf(b)
		switch mine := s.blockersBy(at, seat, cb[:0]); {
		case len(mine) == 1 && mine[0] == b:
			return refuse("refuse.nexus.blocker_already",
				nb+" is your blocker of "+na+" already: nothing changes", "blocker", nb, "attacker", na)
		case len(mine) == 0 && kindOf(a) == aBlockNew:
			return refuse("refuse.nexus.no_blocker_yet",
				"you have no blocker of "+na+" yet: block "+na+" with "+nb+" is the action", "attacker", na, "blocker", nb)
		}
	}
	txt := s.ActionText(engine.Seat(seat), a)
	var buf [256]engine.Action
	for _, x := range s.legal(seat, buf[:0], 0) {
		if s.ActionText(engine.Seat(seat), x) == txt {
			return refuse("refuse.nexus.identical",
				"identical objects are one action: "+txt+" is offered for another of them", "action", txt)
		}
	}
	p := s.pendWhy()
	return refuse("refuse.nexus.not_now", "not possible now ("+p.en+")", "pending", p.m)
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

// explain names the rule that a refused action breaks, or nothing (ok) when it finds none.
// Its texts are the refusals players and scenario files know.
func (s *State) explain(seat int8, a engine.Action) why {
	if s.Done {
		return refuse("refuse.nexus.game_over", "the game is over")
	}
	if !s.idsOK(a) {
		return refuse("refuse.nexus.no_object", "no such object")
	}
	k := kindOf(a)
	if !s.decides(seat) {
		if isBlock(a) && s.Phase == phCombat && s.Step >= stBlockers {
			if r := s.blockCheck(seat, a); !r.ok() {
				return r
			}
		}
		return refuse("refuse.nexus.not_your_decision", "it is not your decision now")
	}
	want := func(kinds ...uint8) why {
		for _, x := range kinds {
			if s.Pend.K == x {
				return why{}
			}
		}
		p := s.pendWhy()
		return refuse("refuse.nexus.answers_nothing", "that answers no pending decision ("+p.en+")", "pending", p.m)
	}
	malformed := refuse("refuse.nexus.malformed", "malformed action")
	switch k {
	case aPass:
		return want(pPrio)
	case aCast:
		if r := want(pPrio); !r.ok() {
			return r
		}
		if aArg(a) != 0 {
			return malformed
		}
		return s.canCast(seat, aObj(a))
	case aActivate:
		if r := want(pPrio); !r.ok() {
			return r
		}
		if aArg(a)&16 != 0 {
			if int(aArg(a)&15) != s.heroAb(seat) || aObj(a) != 0 || aArg(a)&^31 != 0 {
				return refuse("refuse.nexus.hero_no_such_ability", "your hero has no such ability")
			}
			return s.canHero(seat)
		}
		if aArg(a)&^15 != 0 {
			return malformed
		}
		return s.canActivate(seat, aObj(a), int(aArg(a)&15))
	case aChoose:
		r := chooseRef(a)
		if aArg(a)&^3 != 0 {
			return malformed
		}
		if r.K != tkPlayer && int(r.ID) >= int(s.NO) {
			// An id past the table names no object: refused below as an empty slot is, with the
			// same words, so the table's size tells nothing.
			r.ID = 0
		}
		switch s.Pend.K {
		case pFirst:
			if r.K != tkPlayer || int(r.ID) >= int(s.N) || s.P[r.ID].Lost {
				return refuse("refuse.nexus.choose_player", "choose a player still in the game")
			}
			return why{}
		case pTarget, pJobTarget:
			if r.K == tkObj {
				r.Gen = s.O[r.ID].Gen
			}
			spec, src, below := s.pendSpec()
			if spec == nil {
				return refuse("refuse.nexus.nothing_to_choose", "nothing to choose")
			}
			if spec.Kind == KRequisition && (r.K != tkObj || oid(r.ID) != below) {
				return refuse("refuse.nexus.counter_target",
					"a counter can target only the item that was on top of the stack when it was announced (8.6)")
			}
			if !s.legalTarget(seat, src, spec, r) {
				return refuse("refuse.nexus.not_legal_target", "not a legal target")
			}
			return why{}
		case pTrigOrder:
			if r.K != tkObj || s.trigIndex(oid(r.ID)) < 0 {
				return refuse("refuse.nexus.choose_passive", "choose the card whose passive ability happens next")
			}
			return why{}
		case pLinkOrder:
			if s.linkedIndex(oid(r.ID)) < 0 || r.K != tkObj {
				return refuse("refuse.nexus.choose_special", "choose one of the special resources tapped for the requisition")
			}
			return why{}
		case pPay:
			if r.K != tkObj {
				return refuse("refuse.nexus.choose_resource", "choose an untapped resource you control")
			}
			o := &s.O[r.ID]
			if o.Def == 0 || o.Zone != zField || o.Ctrl != seat || !s.isResource(oid(r.ID)) {
				return refuse("refuse.nexus.choose_resource", "choose an untapped resource you control")
			}
			if o.has(fTapped) {
				return refuse("refuse.nexus.resource_tapped", "that resource is already tapped")
			}
			return why{}
		}
		return want(pFirst, pTarget, pJobTarget, pPay, pLinkOrder, pTrigOrder)
	case aAddAttacker:
		if r := want(pAttack); !r.ok() {
			return r
		}
		o := aObj(a)
		if aArg(a)&^7 != 0 {
			return malformed
		}
		if s.O[o].has(fAttacking) {
			return refuse("refuse.nexus.already_attacking", "it is already attacking")
		}
		if r := s.attackerOK(seat, o); !r.ok() {
			return r
		}
		return s.targetOK(seat, int8(aArg(a)&7))
	case aAttack:
		if r := want(pAttack); !r.ok() {
			return r
		}
		if a != attackNone {
			return malformed
		}
		return why{}
	case aBlock, aBlockNew, aBlockHalf:
		if r := s.blockCheck(seat, a); !r.ok() {
			return r
		}
		return want(pBlock)
	case aSwap:
		if r := want(pSwap); !r.ok() {
			return r
		}
		return s.swapOK(seat, uint8(a), uint8(a>>8))
	case aDone:
		if s.Pend.K == pSwap {
			if a&^0xf0000000 != 0 {
				return malformed
			}
			return s.deckProblem(seat)
		}
		if s.Pend.K == pAttack {
			if s.ownAttackers(seat) == 0 {
				return refuse("refuse.nexus.no_attacker", "no attacker is declared: use attack with none")
			}
			return why{}
		}
		if r := want(pBlock); !r.ok() {
			return r
		}
		if h := s.halfBlock(seat); h != 0 {
			n := s.nameOf(h)
			return refuse("refuse.nexus.needs_second_blocker",
				"the block of "+n+" needs a second blocker: "+menaceRule, "attacker", n, "rule", menaceWhy().m)
		}
		return why{}
	case aKeep, aMulligan:
		return want(pMulligan)
	case aYes:
		return want(pUnless, pAffinity)
	case aNo:
		if s.Pend.K == pJobTarget && s.Pend.N == 1 {
			return why{}
		}
		return want(pUnless, pAffinity)
	}
	return refuse("refuse.nexus.unknown_action", "unknown action")
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

func (s *State) targetOK(seat, t int8) why {
	if t == noSeat {
		if s.opponentCount(seat) == 1 {
			return why{}
		}
		return refuse("refuse.nexus.name_attacked", "name the player it attacks (attack with ... at PLAYER)")
	}
	if t >= s.N || s.P[t].Lost || !s.opponents(seat, t) {
		return refuse("refuse.nexus.attack_opponent", "a creature attacks an opponent still in the game")
	}
	return why{}
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

// pendWord names the pending decision, in English.
func (s *State) pendWord() string { return s.pendWhy().en }

// pendWhy is the pending decision as a refusal's part: its words and its message.
func (s *State) pendWhy() why {
	switch s.Pend.K {
	case pSwap:
		return refuse("refuse.nexus.pend.swap", "swap cards with your reserve, then done")
	case pMulligan:
		return refuse("refuse.nexus.pend.mulligan", "keep or mulligan")
	case pFirst:
		return refuse("refuse.nexus.pend.first", "choose the starting player")
	case pPrio:
		return refuse("refuse.nexus.pend.priority", "priority: cast, activate or pass")
	case pTarget, pJobTarget:
		return refuse("refuse.nexus.pend.target", "choose a target")
	case pPay:
		return refuse("refuse.nexus.pend.pay", "choose a resource to tap")
	case pAttack:
		return refuse("refuse.nexus.pend.attack", "declare attackers")
	case pBlock:
		return refuse("refuse.nexus.pend.block", "declare blockers")
	case pUnless:
		return refuse("refuse.nexus.pend.unless", "yes or no: tap resources so the requisition is not countered")
	case pAffinity:
		return refuse("refuse.nexus.pend.affinity", "yes or no: use the Affinity")
	case pLinkOrder:
		return refuse("refuse.nexus.pend.link_order", "choose which special resource happens first")
	case pTrigOrder:
		return refuse("refuse.nexus.pend.trigger_order", "choose whose passive ability happens first")
	}
	return refuse("refuse.nexus.pend.none", "none")
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
