package nexus

import (
	"math"

	"starnexus/engine"
)

// advance runs the game until a player must decide: queued passives and resolutions first,
// then state checks, then the turn's structure (phases, steps, priority rounds).
func (s *State) advance() {
	for guard := 0; guard < 100000 && !s.Done; guard++ {
		if s.Pend.K != pNone {
			if !s.autoAnswer() {
				return
			}
			continue
		}
		switch {
		case s.NJ > 0:
			s.runJob()
		case s.Check:
			s.stateChecks()
		default:
			s.flow()
		}
	}
}

// autoAnswer takes a mandatory decision that has exactly one legal answer (scenario-format.md
// conventions). It reports whether it did.
func (s *State) autoAnswer() bool {
	switch s.Pend.K {
	case pTarget, pPay, pJobTarget:
	default:
		return false
	}
	var buf [8]uint32
	l := s.legalRaw(s.Pend.Seat, buf[:0], 2)
	if len(l) != 1 {
		return false
	}
	s.apply(s.Pend.Seat, engine.Action(l[0]))
	return true
}

func (s *State) flow() {
	if s.Sub == 2 {
		s.Pend = pend{K: pPrio, Seat: s.Prio}
		return
	}
	if s.rec != nil && s.Sub == 0 {
		s.recPhase()
	}
	if s.opts.AttackRefresh && s.Sub == 0 {
		s.refreshAttack()
	}
	switch s.Phase {
	case phUpkeep:
		s.upkeep()
	case phCombat:
		s.combatBegin()
	default:
		s.startRound()
	}
}

// refreshAttack is variant V1: atk regenerates at the start of every phase and step.
func (s *State) refreshAttack() {
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && s.tab.Defs[o.Def].isCreature() {
			S, _, _ := s.stats(oid(i))
			o.Atk = s.pts(max(S, 0))
		}
	}
}

// startRound opens a priority round (8.4(c)): the next opponent first, the active player last.
func (s *State) startRound() {
	s.Sub = 2
	var buf [MaxSeats]int8
	s.Prio = s.prioOrder(buf[:0])[0]
	s.Passes = 0
}

// prioOrder is the order of a priority round (8.4(c), 16.4): the opponents in seat order from
// the seat after the active player, then the active player and, in allied play, the ally.
func (s *State) prioOrder(buf []int8) []int8 {
	for k := int8(1); k <= s.N; k++ {
		if q := (s.Active + k) % s.N; !s.P[q].Lost && s.opponents(s.Active, q) {
			buf = append(buf, q)
		}
	}
	for k := int8(0); k < s.N; k++ {
		if q := (s.Active + k) % s.N; !s.P[q].Lost && !s.opponents(s.Active, q) {
			buf = append(buf, q)
		}
	}
	return buf
}

// nextPrio is the player after p in the round's order.
func (s *State) nextPrio(p int8) int8 {
	var buf [MaxSeats]int8
	o := s.prioOrder(buf[:0])
	for i, q := range o {
		if q == p {
			return o[(i+1)%len(o)]
		}
	}
	return o[0]
}

// teamNext is the next player of the active side after p in seat order, or -1.
func (s *State) teamNext(p int8) int8 {
	for q := p + 1; q < p+s.N; q++ {
		r := q % s.N
		if r == s.Active {
			return -1
		}
		if !s.P[r].Lost && !s.opponents(s.Active, r) {
			return r
		}
	}
	return -1
}

// pass is a priority pass (8.4(e)).
func (s *State) pass() {
	s.Pend = pend{}
	s.Passes++
	if s.Passes < s.live() {
		s.Prio = s.nextPrio(s.Prio)
		return
	}
	if s.NS > 0 {
		s.Prio, s.Passes = s.Active, 0 // 8.4(f)
		it := s.Stack[s.NS-1]
		s.NS--
		s.Stack[s.NS] = item{}
		s.pushJob(job{K: jResolve, It: it, Ctrl: it.Ctrl})
		return
	}
	s.endStep()
}

// added is called once a new item is complete on the stack (8.4(d)).
func (s *State) added(seat int8) {
	if s.opts.RetainPriority {
		s.Prio, s.Passes = seat, 0
		return
	}
	s.Passes = 1
	s.Prio = s.nextPrio(seat)
	if s.live() == 1 {
		s.Passes = 0
	}
}

func (s *State) endStep() {
	s.Sub = 0
	switch s.Phase {
	case phMain1:
		s.expire(DurPhase)
		s.Phase, s.Step = phCombat, stBegin
	case phMain2:
		s.expire(DurPhase)
		s.Phase = phEnd
	case phEnd:
		s.expire(DurPhase)
		s.expire(DurTurn)
		s.nextTurn()
	case phCombat:
		switch s.Step {
		case stBegin:
			s.Step = stAttackers
		case stAttackers:
			if !s.anyAttacker() {
				s.endCombat()
				return
			}
			s.Step = stBlockers
		case stBlockers:
			s.Step = stConfront
			if s.agilityNeeded() {
				s.Step = stAgility
			}
		case stAgility:
			s.Step = stConfront
		case stConfront:
			s.Step = stEndCombat
			s.Check = true // deferred deaths happen now, together (12.7.4)
		case stEndCombat:
			s.endCombat()
		}
	}
	s.refresh()
}

func (s *State) endCombat() {
	s.expire(DurPhase)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		o.Flags &^= fAttacking | fBlocked | fLeft | fAgile | fTookAlt
		o.Blocking, o.BOrder, o.Target = 0, 0, 0
	}
	s.Phase, s.Step, s.Sub = phMain2, stBegin, 0
}

func (s *State) nextTurn() {
	if s.opts.Format == "allied" { // the other team's turn, led by its first seat (16.4)
		for q := int8(0); q < s.N; q++ {
			if !s.P[q].Lost && s.opponents(s.Active, q) {
				s.Active = q
				break
			}
		}
	} else {
		s.Active = s.next(s.Active)
	}
	s.Phase, s.Step, s.Sub = phUpkeep, stBegin, 0
	max := s.opts.MaxTurns
	if max == 0 {
		max = 200
	}
	if int(s.Turn) >= max { // setup refuses a cap past the uint16 Turn
		s.Done, s.Draw = true, true
	}
	if s.Turn < math.MaxUint16 {
		s.Turn++
	}
	if s.rec != nil && !s.Done {
		s.recTurn()
	}
}

// upkeep runs 11.2 for the active player (and, in allied play, the ally).
func (s *State) upkeep() {
	for p := int8(0); p < s.N; p++ {
		s.P[p].HeroUsed = false
	}
	for i := 1; i < int(s.NO); i++ {
		s.O[i].Flags &^= fUsed0 | fUsed1
	}
	for p := int8(0); p < s.N; p++ {
		if s.P[p].Lost || !(p == s.Active || (s.opts.Format == "allied" && !s.opponents(p, s.Active))) {
			continue
		}
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zField && o.Ctrl == p {
				o.Flags &^= fTapped | fArrived
				if s.tab.Defs[o.Def].isCreature() {
					s.regenerate(oid(i))
				}
			}
		}
		if !s.First {
			if !s.draw(p) {
				turn := s.Turn
				s.lose(p)
				if s.Done || s.Turn != turn {
					// The active player (team) left the game (14.4): the turn passed at once,
					// and the next player's upkeep is a whole upkeep of its own.
					return
				}
			}
		}
		if t := s.top(p, zPile); t != 0 {
			s.enterField(t, p)
			s.O[t].Flags &^= fArrived
		}
	}
	s.First = false
	s.Phase, s.Sub = phMain1, 0
	s.Check = true
}

// ---- combat

func (s *State) anyAttacker() bool {
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].has(fAttacking) && s.O[i].Zone == zField {
			return true
		}
	}
	return false
}

func (s *State) agilityNeeded() bool {
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Zone == zField && o.Def != 0 && (o.has(fAttacking) || o.Blocking != 0) && s.kw(oid(i))&Agility != 0 {
			return true
		}
	}
	return false
}

// combatBegin performs the turn-based action that starts a combat step.
func (s *State) combatBegin() {
	switch s.Step {
	case stBegin:
		s.startRound()
	case stAttackers:
		s.Sub = 1
		s.Pend = pend{K: pAttack, Seat: s.Active}
	case stBlockers:
		s.Sub = 1
		s.startBlocks()
	case stAgility:
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Zone == zField && o.Def != 0 && (o.has(fAttacking) || o.Blocking != 0) && s.kw(oid(i))&Agility != 0 {
				o.Flags |= fAgile
			}
		}
		s.sequences(true)
		s.Check = true
		s.startRound()
	case stConfront:
		s.sequences(false)
		s.startRound()
	case stEndCombat:
		s.playerWounds()
		s.startRound()
	}
}

// defends reports whether seat p is attacked by some attacker (or, in allied play, its team).
func (s *State) attackedBy(p int8, a oid) bool {
	t := s.O[a].Target
	return t == p || (s.opts.Format == "allied" && !s.opponents(p, t))
}

// startBlocks lets every attacked player declare blockers, all at once (12.3, 1.6, 15.2).
func (s *State) startBlocks() {
	for p := int8(0); p < s.N; p++ {
		s.P[p].Blocks, s.P[p].Decl = false, 0
		if s.P[p].Lost {
			continue
		}
		for i := 1; i < int(s.NO); i++ {
			if s.O[i].has(fAttacking) && s.O[i].Zone == zField && s.attackedBy(p, oid(i)) {
				s.P[p].Blocks = true
				break
			}
		}
	}
	s.nextBlocker()
}

// nextBlocker keeps the block decision open while an attacked player has not confirmed, and
// opens the round when all have: then every declaration is revealed at once (1.6).
func (s *State) nextBlocker() {
	for k := int8(1); k <= s.N; k++ {
		if p := (s.Active + k) % s.N; s.P[p].Blocks {
			s.Pend = pend{K: pBlock, Seat: p}
			return
		}
	}
	if s.rec != nil && s.opts.Format == "ffa" {
		s.recBlocks() // every declaration is revealed at once (1.6)
	}
	for p := int8(0); p < s.N; p++ {
		s.P[p].Decl = 0
	}
	s.Pend = pend{}
	s.startRound()
}

// blockersOf appends the blockers of attacker a that still confront it, in blocking order.
func (s *State) blockersOf(a oid, buf []oid) []oid {
	n0 := len(buf)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Blocking == a && o.Zone == zField && o.BOrder > 0 {
			buf = append(buf, oid(i))
			for k := len(buf) - 1; k > n0 && s.O[buf[k]].BOrder < s.O[buf[k-1]].BOrder; k-- {
				buf[k], buf[k-1] = buf[k-1], buf[k]
			}
		}
	}
	return buf
}

// sequences runs every blocking sequence (12.7.2, 12.7.3); agility: the agility step (12.6).
func (s *State) sequences(agility bool) {
	var bb [32]oid
	for a := 1; a < int(s.NO); a++ {
		ao := &s.O[a]
		if !ao.has(fAttacking) || ao.Zone != zField || ao.has(fLeft) {
			continue
		}
		for _, b := range s.blockersOf(oid(a), bb[:0]) {
			bo := &s.O[b]
			if bo.has(fLeft) {
				continue
			}
			if ao.Dfn <= 0 {
				break
			}
			var da, db bool
			if agility {
				da, db = ao.has(fAgile), bo.has(fAgile)
			} else {
				da, db = !ao.has(fAgile), !bo.has(fAgile)
			}
			s.exchange(oid(a), b, da, db)
		}
	}
	s.Check = true
}

// playerWounds is 12.8: unblocked attackers wound the player they attack, then every attacker
// still on the field becomes tapped.
func (s *State) playerWounds() {
	for a := 1; a < int(s.NO); a++ {
		ao := &s.O[a]
		if !ao.has(fAttacking) || ao.Zone != zField || ao.has(fBlocked) || ao.Atk <= 0 || s.P[ao.Target].Lost {
			continue
		}
		s.addLife(ao.Target, -int(ao.Atk))
		if s.rec != nil {
			s.recPlayerDamage(s.nameOf(oid(a)), ao.Target, int(ao.Atk))
		}
		ao.Atk = 0
		s.trigger(oid(a), EvDealsWoundsToPlayer)
	}
	for a := 1; a < int(s.NO); a++ {
		ao := &s.O[a]
		if ao.has(fAttacking) && ao.Zone == zField {
			ao.Flags |= fTapped
		}
	}
	s.Check = true
}

// ---- state checks (14)

func (s *State) stateChecks() {
	s.Check = false
	// What refresh reads: the objects' zones, generations, definitions, controllers,
	// attachments and token flags, and the modifiers. Of what follows only the zone changes
	// (a player losing, deaths, loose equipment) touch those; the rest changes blocks, points
	// and life. settled stays true while a second refresh at the end would change nothing.
	settled := s.refresh()
	// 12.5(c): a blocker without Alteration stops blocking an attacker with Alteration.
	if s.Phase == phCombat && s.Step >= stBlockers {
		for b := 1; b < int(s.NO); b++ {
			bo := &s.O[b]
			if bo.Blocking == 0 || bo.Zone != zField {
				continue
			}
			a := bo.Blocking
			if s.kw(a)&Alteration != 0 && s.kw(oid(b))&Alteration == 0 {
				bo.Blocking, bo.BOrder = 0, 0
				s.O[a].Flags |= fTookAlt
			}
		}
		for a := 1; a < int(s.NO); a++ {
			ao := &s.O[a]
			if ao.has(fTookAlt) {
				ao.Flags &^= fTookAlt
				var bb [32]oid
				if len(s.blockersOf(oid(a), bb[:0])) == 0 && !s.opts.NoAlterationUnbind {
					ao.Flags &^= fBlocked
				}
			}
		}
	}
	// (a) players at 0 life or less lose.
	for p := int8(0); p < s.N; p++ {
		if !s.P[p].Lost && *s.lifeOf(p) <= 0 {
			s.lose(p)
			settled = false // the cards of an eliminated player leave (14.4)
		}
	}
	if s.Done {
		return
	}
	// (b) creatures at def 0 or less die, except during the confrontation step; (c) loose
	// equipment goes to the graveyard; (d) caps.
	var db [maxObj]oid
	dying := db[:0]
	deferred := s.Phase == phCombat && s.Step == stConfront
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField {
			continue
		}
		d := &s.tab.Defs[o.Def]
		if d.isCreature() {
			s.capPoints(oid(i))
			if o.Dfn <= 0 && !deferred {
				dying = append(dying, oid(i))
			}
		}
	}
	if len(dying) > 0 {
		s.die(dying)
		settled = false
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && s.tab.Defs[o.Def].Type == TEquipment {
			c := o.Attached
			if c == 0 || s.O[c].Zone != zField || !s.tab.Defs[s.O[c].Def].isCreature() {
				s.move(oid(i), zGrave)
				settled = false
			}
		}
	}
	if !settled {
		s.refresh()
	}
}

// lose marks p (in allied play, p's team) as having lost, and ends the game or removes the
// player's cards (14.4).
func (s *State) lose(p int8) {
	for q := int8(0); q < s.N; q++ {
		if (q == p || (s.opts.Format == "allied" && !s.opponents(p, q))) && !s.P[q].Lost {
			s.P[q].Lost = true
			if s.rec != nil {
				s.emit(engine.Event{Kind: engine.EvDefeated, Seat: seatOf(q)})
			}
		}
	}
	s.Check = true
	// Sides left: players, or teams in allied play.
	left := 0
	var seen [MaxSeats]bool
	for q := int8(0); q < s.N; q++ {
		if s.P[q].Lost {
			continue
		}
		k := q
		if s.opts.Format == "allied" {
			k = s.P[q].Team
		}
		if !seen[k] {
			seen[k] = true
			left++
		}
	}
	if left <= 1 {
		s.Done = true
		s.Draw = left == 0
		s.Pend = pend{}
		return
	}
	s.eliminate()
}

// eliminate removes every card of lost players from the game (14.4).
func (s *State) eliminate() {
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || !s.P[o.Owner].Lost || o.Zone == zOut {
			continue
		}
		if s.rec != nil && (public(o.Zone) || o.Zone == zHand) {
			s.recMoved(oid(i), o.Def, o.Owner, o.Zone, zOut, o.Num)
		}
		if o.Zone == zField {
			s.dropMods(oid(i))
			s.leaveCombat(oid(i))
		}
		if o.has(fToken) {
			*o = obj{Gen: o.Gen + 1}
			continue
		}
		*o = obj{Def: o.Def, Owner: o.Owner, Ctrl: o.Owner, Zone: zOut, Gen: o.Gen + 1}
	}
	for i := 1; i < int(s.NO); i++ { // equipment of lost players on others' creatures is theirs now
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && s.P[o.Ctrl].Lost {
			s.move(oid(i), zGrave)
		}
	}
	for i := int(s.NS) - 1; i >= 0; i-- {
		if s.P[s.Stack[i].Ctrl].Lost {
			copy(s.Stack[i:s.NS], s.Stack[i+1:s.NS])
			s.NS--
			s.Stack[s.NS] = item{}
		}
	}
	for i := int(s.NJ) - 1; i >= 0; i-- {
		if s.P[s.Jobs[i].Ctrl].Lost {
			s.dropJob(i)
		}
	}
	if s.P[s.Prio].Lost {
		s.Prio = s.next(s.Prio)
	}
	if s.P[s.Active].Lost && s.Turn > 0 { // before the first turn (setup) nobody is active
		// The turn ends at once; what is left on the stack is removed, requisitioned cards
		// going to their owners' graveyards as if countered.
		for s.NS > 0 {
			s.NS--
			it := s.Stack[s.NS]
			s.Stack[s.NS] = item{}
			if it.Ab < 0 && !it.Hero && s.O[it.Card].Zone == zStack {
				s.move(it.Card, zGrave)
			}
		}
		s.NJ = 0
		s.expire(DurPhase)
		s.expire(DurTurn)
		s.endCombat()
		s.nextTurn()
	}
	if s.Passes >= s.live() {
		s.Passes = s.live() - 1
	}
}

func (s *State) dropJob(i int) {
	copy(s.Jobs[i:s.NJ], s.Jobs[i+1:s.NJ])
	s.NJ--
	s.Jobs[s.NJ] = job{}
}
