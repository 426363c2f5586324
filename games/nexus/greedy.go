package nexus

import "starnexus/engine"

// Greedy is the heuristic bot of issue #6: it plays its creatures on curve (the dearest it can
// afford first), equips its own creatures (and puts harmful equipment on the enemy's), kills
// what its removal can kill, counters the opponent's dear requisitions, saves its creatures in
// response and in combat (pump, Dissimulation, Agility), attacks only where no blocker wins the
// exchange unless the attack is lethal, blocks when the block is free or a good trade and
// chump-blocks only against lethal damage, and taps the resources that bring an Affinity.
//
// It reads only what its seat may know: it decides on the public State of its Observation
// (its own hand, the field, the stack, graveyards and the public counts are true in it; every
// hidden card is a placeholder, and its choice does not depend on them). It allocates nothing
// per decision once its scratch State is made: a Greedy is one seat's bot (NewGreedy for
// each).
type Greedy struct {
	scratch *State
}

// NewGreedy returns a greedy bot for one seat.
func NewGreedy() *Greedy { return &Greedy{} }

// Name implements engine.Bot.
func (*Greedy) Name() string { return "greedy" }

// Choose implements engine.Bot.
func (g *Greedy) Choose(ev engine.Observation, legal []engine.Action, _ *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	o := ev.(*Observation)
	return decide(o.readableInto(&g.scratch), int8(o.seat), legal)
}

// readableInto is *scratch (made at first use) filled with the public State the observation
// reads (readable): the State a heuristic bot decides on.
func (o *Observation) readableInto(scratch **State) *State {
	if *scratch == nil {
		*scratch = new(State)
	}
	o.readable(*scratch)
	return *scratch
}

// decide is Greedy's choice for seat me in s, which it reads as me may see it.
func decide(s *State, me int8, legal []engine.Action) engine.Action {
	b := bot{s: s, me: me}
	switch s.Pend.K {
	case pMulligan:
		return pick(legal, b.mulligan())
	case pSwap:
		// The reserve swaps (SN 2.5): greedy plays its deck as built.
		return pick(legal, mkA(aDone, 0))
	case pFirst:
		return pick(legal, mkChoose(tref{K: tkPlayer, ID: uint16(b.me)}))
	case pUnless, pAffinity:
		return pick(legal, mkA(aYes, 0))
	case pPay:
		return b.pay(legal)
	case pTarget, pJobTarget:
		return b.target(legal)
	case pAttack:
		return b.attack(legal)
	case pBlock:
		return b.block(legal)
	case pPrio:
		return b.priority(legal)
	}
	return legal[0]
}

// pick returns want if it is legal, else the first action.
func pick(legal []engine.Action, want engine.Action) engine.Action {
	for _, a := range legal {
		if a == want {
			return a
		}
	}
	return legal[0]
}

// bot is one decision's context.
type bot struct {
	s  *State
	me int8
}

func (b bot) mine(o oid) bool { return !b.s.opponents(b.me, b.s.O[o].Ctrl) }

// life is the seat's life (its team's in allied play).
func (b bot) life() int { return int(*b.s.lifeOf(b.me)) }

// value ranks a creature: its cost, strength, endurance and keywords.
func (b bot) value(o oid) int {
	S, E, kw := b.s.stats(o)
	v := int(b.s.def(o).Cost) + S + E
	for k := kw; k != 0; k &= k - 1 {
		v += 2
	}
	return v
}

func (b bot) mulligan() engine.Action {
	s := b.s
	if s.P[b.me].Mulls > 0 {
		return mkA(aKeep, 0)
	}
	cheap := 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zHand && o.Owner == b.me {
			if d := &s.tab.Defs[o.Def]; d.isCreature() && d.Cost <= 3 {
				cheap++
			}
		}
	}
	if cheap == 0 {
		return mkA(aMulligan, 0)
	}
	return mkA(aKeep, 0)
}

// ---- effects: whether a target slot helps or harms the creature or player chosen

// polarity is +1 if the ability's effects on target slot t help it, -1 if they harm it, 0 if
// neither.
func polarity(ab *Ab, t uint8) int {
	p := 0
	for i := range ab.Effs {
		e := &ab.Effs[i]
		onA := e.A.K == STarget && e.A.T == t
		onB := e.B.K == STarget && e.B.T == t
		if !onA && !onB {
			continue
		}
		switch e.V {
		case VWound, VDestroy, VTap, VCounter, VLoseLife:
			return -1
		case VConfront:
			if onB {
				return -1
			}
			p = 1
		case VModify, VMarker:
			if int(e.DS)+int(e.DE) < 0 || e.DE < 0 {
				return -1
			}
			p = 1
		default:
			p = 1
		}
	}
	return p
}

// harm estimates whether ability ab kills creature o through target slot t (only wounds,
// shrinking and destruction count).
func (b bot) kills(ab *Ab, t uint8, o oid) bool {
	ob := &b.s.O[o]
	dfn := int(ob.Dfn)
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.A.K != STarget || e.A.T != t {
			continue
		}
		switch e.V {
		case VDestroy:
			return true
		case VWound:
			dfn -= int(e.N)
		case VModify:
			dfn += int(e.DE)
		case VMarker:
			if e.DE < 0 {
				dfn += int(e.DE) * int(max(e.N, 1))
			}
		}
	}
	return dfn <= 0
}

// saves reports whether ability ab on target slot t raises creature o's def above 0 or
// makes it untargetable.
func saveAmount(ab *Ab, t uint8) (de int, veil bool) {
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.A.K != STarget || e.A.T != t {
			continue
		}
		switch e.V {
		case VModify:
			de += int(e.DE)
		case VMarker:
			if e.DE > 0 {
				de += int(e.DE) * int(max(e.N, 1))
			}
		case VRegenerate:
			de += 10
		case VGrant:
			if e.KW&Dissimulation != 0 {
				veil = true
			}
		}
	}
	return
}

// threatened reports whether the top of the stack is an opponent's item that harms my
// creature o, and if so whether it would kill it.
func (b bot) threatened(o oid) (bool, bool) {
	s := b.s
	if s.NS == 0 {
		return false, false
	}
	it := &s.Stack[s.NS-1]
	if !s.opponents(b.me, it.Ctrl) {
		return false, false
	}
	_, ab := s.itemAb(it)
	for k := 0; k < int(it.NT); k++ {
		r := it.Tg[k]
		if r.K != tkObj || oid(r.ID) != o || s.O[o].Gen != r.Gen {
			continue
		}
		if ab == nil { // harmful equipment
			return b.equipPolarity(it) < 0, false
		}
		if polarity(ab, uint8(k)) < 0 {
			return true, b.kills(ab, uint8(k), o)
		}
	}
	return false, false
}

// equipPolarity is the sign of an equipment requisition's effect on its creature.
func (b bot) equipPolarity(it *item) int {
	d := &b.s.tab.Defs[b.s.O[it.Card].Def]
	for i := range d.Abs {
		if ab := &d.Abs[i]; ab.Kind == AEquipped {
			if int(ab.DS)+int(ab.DE) < 0 {
				return -1
			}
			return 1
		}
	}
	return 1
}

// ---- combat arithmetic (12.6, 12.7)

type fighter struct {
	atk, def int
	agile    bool
}

func (b bot) fighter(o oid) fighter {
	ob := &b.s.O[o]
	return fighter{atk: int(ob.Atk), def: int(ob.Dfn), agile: b.s.kw(o)&Agility != 0}
}

// fight plays an attacker against its blockers in order: the agility step, then the
// confrontation step. It reports whether the attacker dies and which blockers die.
func fight(a fighter, bs []fighter) (aDies bool, bDies [4]bool) {
	var bb [4]fighter
	n := copy(bb[:], bs)
	agile := a.agile
	for i := 0; i < n; i++ {
		agile = agile || bb[i].agile
	}
	for pass := 0; pass < 2; pass++ {
		if pass == 0 && !agile {
			continue
		}
		for i := 0; i < n && a.def > 0; i++ {
			if bb[i].def <= 0 {
				continue
			}
			da, db := 0, 0
			if (pass == 0) == a.agile {
				da = min(a.atk, bb[i].def)
			}
			if (pass == 0) == bb[i].agile {
				db = min(bb[i].atk, a.def)
			}
			a.atk -= da
			bb[i].def -= da
			bb[i].atk -= db
			a.def -= db
		}
	}
	for i := 0; i < n; i++ {
		bDies[i] = bb[i].def <= 0
	}
	return a.def <= 0, bDies
}

// blockers appends attacker a's blockers on the field in blocking order (as State.blockersOf,
// in one pass over the objects).
func (b bot) blockers(a oid, buf []oid) []oid {
	s := b.s
	n0 := len(buf)
	for i := 1; i < int(s.NO) && len(buf)-n0 < 8; i++ {
		if o := &s.O[i]; o.Blocking == a && o.Def != 0 && o.Zone == zField && o.BOrder > 0 {
			buf = append(buf, oid(i))
		}
	}
	l := buf[n0:]
	for i := 1; i < len(l); i++ {
		for k := i; k > 0 && s.O[l[k]].BOrder < s.O[l[k-1]].BOrder; k-- {
			l[k], l[k-1] = l[k-1], l[k]
		}
	}
	return buf
}

// ---- decisions

// pay taps the resource that does the most good: a special resource whose Affinity the
// requisition will bring, then basic resources, and a harmful Dissonance last.
func (b bot) pay(legal []engine.Action) engine.Action {
	s := b.s
	var faction uint8
	req := false
	if s.NS > 0 {
		it := &s.Stack[s.NS-1]
		if it.Ab < 0 && !it.Hero {
			req = true
			faction = s.tab.Defs[s.O[it.Card].Def].Faction
		}
	}
	best, bv := legal[0], -100
	for _, a := range legal {
		if kindOf(a) != aChoose {
			continue
		}
		d := &s.tab.Defs[s.O[aObj(a)].Def]
		v := 1
		if d.Type == TSpecial {
			switch {
			case !req:
				v = 2 // triggers nothing (9.6): keep the basics for requisitions
			case d.Faction == faction && d.Faction != 0:
				v = 3
			default:
				v = 0
				if dis := d.first(ADissonance); dis != nil && dissonanceHelps(dis) {
					v = 2
				}
			}
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

func dissonanceHelps(ab *Ab) bool {
	for i := range ab.Effs {
		switch e := &ab.Effs[i]; e.V {
		case VLoseLife, VTap:
			return false
		case VCreate:
			if e.B.K == STarget {
				return false // a token for an opponent
			}
		}
	}
	return true
}

// target chooses a target for the item being announced or the passive being run.
func (b bot) target(legal []engine.Action) engine.Action {
	s := b.s
	var ab *Ab
	var it *item
	slot := s.Pend.I
	if s.Pend.K == pTarget && s.NS > 0 {
		it = &s.Stack[s.NS-1]
		_, ab = s.itemAb(it)
	} else if s.Pend.K == pJobTarget && s.NJ > 0 {
		ab = s.passiveAb(&s.Jobs[0])
	}
	pol := 1
	switch {
	case ab != nil:
		pol = polarity(ab, slot)
	case it != nil:
		pol = b.equipPolarity(it)
	}
	champ, champDS := b.champion(ab, it, slot)
	best, bv := legal[0], -1<<30
	for _, a := range legal {
		v := 0
		switch kindOf(a) {
		case aNo:
			v = 0
		case aChoose:
			v = b.targetValue(a, ab, slot, pol)
			if champ != 0 && chooseRef(a).K == tkObj {
				v += b.duelValue(champ, champDS, aObj(a))
			}
		default:
			continue
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// champion is my creature that will confront the creature chosen for slot (Magma Titan
// itself, or Pounce's first target), with the strength the ability gives it first.
func (b bot) champion(ab *Ab, it *item, slot uint8) (oid, int) {
	s := b.s
	if ab == nil {
		return 0, 0
	}
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.V != VConfront || e.B.K != STarget || e.B.T != slot {
			continue
		}
		var o oid
		var tg [2]tref
		switch {
		case it != nil:
			tg = it.Tg
			if e.A.K == SSelf && it.Ab >= 0 && !it.Hero {
				o = it.Card
			}
		case s.NJ > 0:
			tg = s.Jobs[0].Tg
			if e.A.K == SSelf {
				o = s.Jobs[0].Src
			}
		}
		if e.A.K == STarget && e.A.T < 2 && tg[e.A.T].K == tkObj {
			o = oid(tg[e.A.T].ID)
		}
		if o == 0 || s.O[o].Zone != zField || !b.mine(o) {
			return 0, 0
		}
		ds := 0
		for k := range ab.Effs {
			if x := &ab.Effs[k]; x.V == VModify && x.A.K == e.A.K && x.A.T == e.A.T {
				ds += int(x.DS)
			}
		}
		return o, ds
	}
	return 0, 0
}

// duelValue rates my champion confronting creature x (13.1): killing it and living is best.
func (b bot) duelValue(champ oid, ds int, x oid) int {
	if b.s.O[x].Zone != zField || b.mine(x) {
		return 0
	}
	me := b.fighter(champ)
	me.atk += ds
	them := b.fighter(x)
	var aDies, xDies bool
	switch {
	case me.agile && !them.agile:
		xDies = min(me.atk, them.def) >= them.def
		aDies = !xDies && them.atk >= me.def
	case them.agile && !me.agile:
		aDies = them.atk >= me.def
		xDies = !aDies && me.atk >= them.def
	default:
		aDies, xDies = them.atk >= me.def, me.atk >= them.def
	}
	switch {
	case xDies && !aDies:
		return 300
	case xDies:
		return 50
	case aDies:
		return -100
	}
	return 0
}

func (b bot) targetValue(a engine.Action, ab *Ab, slot uint8, pol int) int {
	s := b.s
	r := chooseRef(a)
	if r.K == tkPlayer {
		if (int8(r.ID) == b.me) == (pol >= 0) {
			return 10
		}
		return -10
	}
	o := oid(r.ID)
	ob := &s.O[o]
	switch ob.Zone {
	case zGrave:
		return 1 + int(s.def(o).Cost)
	case zStack:
		return 1
	case zField:
	default:
		return 0
	}
	if !s.def(o).isCreature() {
		return 0
	}
	val := b.value(o)
	if pol == 0 {
		return 0
	}
	if pol < 0 {
		if b.mine(o) {
			return -100 - val
		}
		v := 100 + val
		if ab != nil && b.kills(ab, slot, o) {
			v += 100
		}
		if ab != nil && ob.has(fTapped) && tapOnly(ab, slot) {
			v -= 150 // tapping a tapped creature does nothing
		}
		return v
	}
	if !b.mine(o) {
		return -100 - val
	}
	v := 100 + val
	if hit, _ := b.threatened(o); hit {
		v += 200
	}
	if ob.Dfn <= 0 {
		v += 150
	}
	if ob.has(fAttacking) || ob.Blocking != 0 {
		v += 50
	}
	if ab != nil && confronts(ab, slot) {
		v += 10 * int(ob.Atk)
	}
	if ab != nil && grantsOnly(ab, slot, Agility) && b.s.kw(o)&Agility != 0 {
		v -= 200 // it has Agility already
	}
	return v
}

// confronts reports whether target slot t is the first creature of a confront effect.
func confronts(ab *Ab, t uint8) bool {
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.V == VConfront && e.A.K == STarget && e.A.T == t {
			return true
		}
	}
	return false
}

func tapOnly(ab *Ab, t uint8) bool {
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.A.K == STarget && e.A.T == t && e.V != VTap {
			return false
		}
	}
	return true
}

func grantsOnly(ab *Ab, t uint8, kw KW) bool {
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.A.K == STarget && e.A.T == t && (e.V != VGrant || e.KW != kw) {
			return false
		}
	}
	return true
}

// blockersFor are the untapped creatures that may block for defending player p.
func (b bot) blockersFor(p int8, buf []oid) []oid {
	s := b.s
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || o.has(fTapped) || !s.tab.Defs[o.Def].isCreature() {
			continue
		}
		if o.Ctrl == p || (s.opts.Format == "allied" && !s.opponents(o.Ctrl, p)) {
			buf = append(buf, oid(i))
		}
	}
	return buf
}

// attackScore rates attacker o against defender p: below 0 means stay home.
func (b bot) attackScore(o oid, p int8, lethal bool) int {
	s := b.s
	if lethal {
		return 100
	}
	ob := &s.O[o]
	if ob.Atk <= 0 {
		return -1
	}
	akw := s.kw(o)
	var bl [maxObj]oid
	blockers := b.blockersFor(p, bl[:0])
	// Blockers are judged by their current points: what they lost since their upkeep stays
	// lost through my turn (6.8).
	me := b.fighter(o)
	val := b.value(o)
	menaceBlockers := 0
	for _, x := range blockers {
		xkw := s.kw(x)
		if akw&Alteration != 0 && xkw&Alteration == 0 {
			continue
		}
		menaceBlockers++
		if akw&Menace != 0 && xkw&Menace == 0 {
			continue
		}
		f := b.fighter(x)
		aDies, bDies := fight(me, []fighter{f})
		if aDies && (!bDies[0] || b.value(x)+1 < val) {
			return -1
		}
	}
	if akw&Menace != 0 && menaceBlockers >= 2 {
		// Two blockers together: stay home if they kill it with points to spare (a pair
		// that barely kills it usually loses one of its own).
		tot := 0
		for _, x := range blockers {
			if akw&Alteration != 0 && s.kw(x)&Alteration == 0 {
				continue
			}
			tot += int(s.O[x].Atk)
		}
		if tot >= me.def+2 {
			return -1
		}
	}
	return int(ob.Atk) + 1
}

// attack adds the best attacker, or confirms the attack when none is worth it.
func (b bot) attack(legal []engine.Action) engine.Action {
	s := b.s
	stop := legal[0]
	// Lethal check per opponent: my available attack against their life and blockers.
	lethal := [MaxSeats]bool{}
	defending := b.holdBack()
	for p := int8(0); p < s.N; p++ {
		if s.P[p].Lost || !s.opponents(b.me, p) {
			continue
		}
		var bl [maxObj]oid
		nb := len(b.blockersFor(p, bl[:0]))
		var ab [32]int
		atks := ab[:0]
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zField && o.Ctrl == b.me && s.tab.Defs[o.Def].isCreature() &&
				(o.has(fAttacking) || s.attackerOK(b.me, oid(i)).ok()) {
				atks = append(atks, int(o.Atk))
			}
		}
		sortDesc(atks)
		n := len(atks)
		sum := 0
		for k := nb; k < n; k++ {
			sum += atks[k]
		}
		// Lethal through any blocks; or a swarm: two or more attackers more than they have
		// blockers, and what gets through takes a third of their life.
		lethal[p] = sum >= int(*s.lifeOf(p)) || (n >= nb+2 && 3*sum >= int(*s.lifeOf(p)))
	}
	best, bv := stop, 0
	for _, a := range legal {
		if kindOf(a) != aAddAttacker {
			continue
		}
		o := aObj(a)
		p := int8(aArg(a) & 7)
		if p == noSeat {
			p = s.onlyOpponent(b.me)
		}
		v := b.attackScore(o, p, lethal[p])
		if v > 0 && !lethal[p] && defending > 0 && b.isDefender(o) {
			continue
		}
		if v > 0 {
			v = v*10 + 20 - int(*s.lifeOf(p)) // in free-for-all, the weakest opponent first
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// holdBack is how many creatures must stay home to block what the opponents could attack
// with next turn, when that threatens half my life or more.
func (b bot) holdBack() int {
	s := b.s
	threat, n := 0, 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && s.opponents(b.me, o.Ctrl) && s.tab.Defs[o.Def].isCreature() {
			S, _, _ := s.stats(oid(i))
			threat += S
			n++
		}
	}
	if threat*2 < b.life() {
		return 0
	}
	home := 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && o.Ctrl == b.me && s.tab.Defs[o.Def].isCreature() && !o.has(fAttacking) && !o.has(fTapped) && !b.canAttackNow(oid(i)) {
			home++
		}
	}
	return max(min(n, 2)-home, 0)
}

func (b bot) canAttackNow(o oid) bool { return b.s.attackerOK(b.me, o).ok() }

// isDefender reports whether o is among my best blockers (the highest endurance among
// those that could attack): those stay home when the opponents threaten.
func (b bot) isDefender(o oid) bool {
	s := b.s
	_, E, _ := s.stats(o)
	better := 0
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if oid(i) == o || x.Def == 0 || x.Zone != zField || x.Ctrl != b.me || x.has(fAttacking) || !s.tab.Defs[x.Def].isCreature() || x.has(fTapped) {
			continue
		}
		if _, E2, _ := s.stats(oid(i)); E2 > E {
			better++
		}
	}
	return better < b.holdBack()
}

func sortDesc(a []int) {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k] > a[k-1]; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
}

// block declares the best block, or confirms when none is worth it.
func (b bot) block(legal []engine.Action) engine.Action {
	s := b.s
	incoming := 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.has(fAttacking) && o.Zone == zField && s.attackedBy(b.me, oid(i)) {
			var cb [8]oid
			if len(b.blockers(oid(i), cb[:0])) == 0 {
				incoming += int(o.Atk)
			}
		}
	}
	life := b.life()
	lethal := incoming >= life
	large := incoming*2 >= life || life <= 6
	half := s.halfBlock(b.me)
	best, bv := legal[0], 0
	for _, a := range legal {
		if !isBlock(a) {
			continue
		}
		at, x := decodeBlock(a)
		var cb [8]oid
		cur := b.blockers(at, cb[:0])
		if half == 0 && len(cur) > 0 {
			continue // one block per attacker is enough
		}
		if kindOf(a) == aBlockNew || (kindOf(a) == aBlockHalf && len(cur) > 0) {
			continue // greedy adds to its lists and never starts one again
		}
		var v int
		if kindOf(a) == aBlockHalf {
			// The first of two blockers (Menace): judged with its best second.
			v = -1 << 30
			for i := 1; i < int(s.NO); i++ {
				if y := oid(i); y != x && s.O[i].Blocking == 0 && s.blockerCheck(b.me, at, y).ok() {
					pair := [2]oid{x, y}
					v = max(v, b.blockValue(at, pair[:], lethal, large))
				}
			}
		} else {
			v = b.blockValue(at, append(cur, x), lethal, large)
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// blockValue rates blocking attacker at with list: free blocks and good trades above 0,
// chump blocks only against lethal damage.
func (b bot) blockValue(at oid, list []oid, lethal, large bool) int {
	var fs [4]fighter
	var vs [4]int
	n := min(len(list), len(fs))
	for k, x := range list[:n] {
		fs[k] = b.fighter(x)
		vs[k] = b.value(x)
	}
	return blockRating(b.fighter(at), b.value(at), fs[:n], vs[:n], len(list), lethal, large)
}

// blockRating is blockValue on the fighters and values of the attacker and of its n blockers
// (the first len(fs) of them fight).
func blockRating(a fighter, aVal int, fs []fighter, vals []int, n int, lethal, large bool) int {
	aDies, bDies := fight(a, fs)
	lost := 0
	for k := range fs {
		if bDies[k] {
			lost += vals[k]
		}
	}
	v := 0
	switch {
	case lost == 0 && aDies:
		v = 300 + aVal
	case lost == 0:
		v = 200 + a.atk
	case aDies && (lost <= aVal || large):
		v = 100 + aVal - lost
	case lethal:
		v = 20 + a.atk - lost/4
	}
	if n > 1 && v > 0 {
		v -= 5
	}
	return v
}

// ---- priority

// priority picks the best thing to cast or activate, or passes.
func (b bot) priority(legal []engine.Action) engine.Action {
	best, bv := legal[0], 0 // legal[0] is pass
	for _, a := range legal {
		var v int
		switch kindOf(a) {
		case aCast:
			v = b.castValue(aObj(a))
		case aActivate:
			if aArg(a)&16 != 0 {
				d := &b.s.tab.Defs[b.s.P[b.me].Hero]
				v = b.abilityValue(&d.Abs[int(aArg(a)&15)], 0, false)
			} else {
				o := aObj(a)
				v = b.abilityValue(&b.s.def(o).Abs[int(aArg(a)&15)], o, false)
			}
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

func (b bot) myMain() bool {
	s := b.s
	return s.Active == b.me && (s.Phase == phMain1 || s.Phase == phMain2) && s.NS == 0
}

// castValue rates requisitioning card o now (0: not now).
func (b bot) castValue(o oid) int {
	s := b.s
	d := s.def(o)
	switch d.Type {
	case TCreature:
		if b.myMain() {
			return 50 + int(d.Cost)
		}
		// Deployment: an ambush at the end of an opponent's turn, or a surprise blocker.
		if s.NS == 0 && s.Active != b.me && (s.Phase == phEnd || (s.Phase == phCombat && s.Step == stAttackers)) {
			return 45 + int(d.Cost)
		}
		return 0
	case TEquipment:
		if s.NS != 0 || (s.Active != b.me && s.Phase != phEnd) {
			if !b.myMain() {
				return 0
			}
		}
		it := item{Card: o, Ab: -1, Ctrl: b.me}
		pol := b.equipPolarity(&it)
		if b.bestCreature(pol > 0) == 0 {
			return 0
		}
		return 40 + int(d.Cost)
	case TInstant:
		ab := d.first(AResolve)
		if ab == nil {
			return 0
		}
		return b.abilityValue(ab, 0, true)
	}
	return 0
}

// bestCreature is my (mine) or an opponent's (!mine) most valuable targetable creature.
func (b bot) bestCreature(mine bool) oid {
	s := b.s
	best, bv := oid(0), -1
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || !s.tab.Defs[o.Def].isCreature() || b.mine(oid(i)) != mine || s.kw(oid(i))&Dissimulation != 0 {
			continue
		}
		if v := b.value(oid(i)); v > bv {
			best, bv = oid(i), v
		}
	}
	return best
}

// abilityValue rates using an instant's resolve ability, an active ability (src its
// creature or equipment) or the hero's ability (src 0) now; 0: not now.
func (b bot) abilityValue(ab *Ab, src oid, instant bool) int {
	s := b.s
	if len(ab.Targets) == 0 {
		return b.untargetedValue(ab, src)
	}
	best := 0
	t0 := &ab.Targets[0]
	switch t0.Kind {
	case KRequisition:
		return b.counterValue(ab)
	case KGraveCreature:
		if !b.myMain() && !(s.Phase == phEnd && s.Active != b.me) {
			return 0
		}
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def != 0 && o.Zone == zGrave && s.legalTarget(b.me, src, t0, tref{K: tkObj, ID: uint16(i), Gen: o.Gen}) {
				best = max(best, 40+int(s.tab.Defs[o.Def].Cost))
			}
		}
		return best
	case KPlayer:
		return 0
	}
	pol := polarity(ab, 0)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || !s.tab.Defs[o.Def].isCreature() {
			continue
		}
		r := tref{K: tkObj, ID: uint16(i), Gen: o.Gen}
		if !s.legalTarget(b.me, src, t0, r) {
			continue
		}
		var v int
		if pol < 0 {
			v = b.harmValue(ab, oid(i))
		} else {
			v = b.helpValue(ab, oid(i), src, len(ab.Targets) > 1)
		}
		best = max(best, v)
	}
	if best > 0 && src == 0 && !instant && ab.Effs[0].V == VLoseLife && b.life() <= 5 {
		return 0
	}
	return best
}

// harmValue rates a harmful ability aimed at creature o.
func (b bot) harmValue(ab *Ab, o oid) int {
	s := b.s
	if b.mine(o) {
		return 0
	}
	ob := &s.O[o]
	if tapOnly(ab, 0) {
		if ob.has(fTapped) {
			return 0
		}
		// Tap a would-be attacker at the start of its controller's combat, or my best
		// blocker's match before my attack.
		if s.Active == ob.Ctrl && s.Phase == phCombat && s.Step == stBegin && s.NS == 0 && !ob.has(fArrived) && ob.Atk > 0 {
			return 30 + b.value(o)
		}
		if s.Active == b.me && s.Phase == phMain1 && s.NS == 0 && b.hasAttacker() {
			return 25 + b.value(o)
		}
		return 0
	}
	if b.kills(ab, 0, o) {
		return 60 + b.value(o)
	}
	// -1/-1 markers that do not kill still shrink for good: worth it on a big creature
	// in my main phase.
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.V == VMarker && e.DE < 0 && b.myMain() {
			return 10 + b.value(o)/2
		}
	}
	return 0
}

func (b bot) hasAttacker() bool {
	s := b.s
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.Def != 0 && o.Zone == zField && o.Ctrl == b.me && s.tab.Defs[o.Def].isCreature() && s.attackerOK(b.me, oid(i)).ok() {
			return true
		}
	}
	return false
}

// helpValue rates a helpful ability aimed at my creature o: saving it from a threat on the
// stack or in combat, winning a fight, or a lasting gain in my main phase.
func (b bot) helpValue(ab *Ab, o oid, src oid, confront bool) int {
	s := b.s
	if !b.mine(o) {
		return 0
	}
	ob := &s.O[o]
	de, veil := saveAmount(ab, 0)
	if hit, dies := b.threatened(o); hit {
		if veil || (dies && de > 0) {
			return 70 + b.value(o)
		}
	}
	if s.Phase == phCombat && ob.Dfn <= 0 && int(ob.Dfn)+de > 0 && (s.Step == stAgility || s.Step == stConfront) {
		return 65 + b.value(o)
	}
	if confront {
		return b.confrontValue(ab, o)
	}
	if s.Phase == phCombat && s.Step == stBlockers && s.NS == 0 {
		if v := b.combatGain(ab, o); v > 0 {
			return v
		}
	}
	// Lasting gains: +1/+1 markers, tokens; in my second main phase with mana to spare.
	if s.Active == b.me && s.Phase == phMain2 && s.NS == 0 {
		for i := range ab.Effs {
			if e := &ab.Effs[i]; e.V == VMarker && e.DE > 0 {
				return 15 + b.value(o)/4
			}
		}
	}
	return 0
}

// combatGain rates a pump or Agility on my creature o in the blockers step: worth it if it
// turns a lost fight into a won or survived one.
func (b bot) combatGain(ab *Ab, o oid) int {
	s := b.s
	ob := &s.O[o]
	if !ob.has(fAttacking) && ob.Blocking == 0 {
		return 0
	}
	var ds, de int
	var agile, alteration bool
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.A.K != STarget || e.A.T != 0 {
			continue
		}
		switch e.V {
		case VModify:
			ds += int(e.DS)
			de += int(e.DE)
		case VMarker:
			if e.DE > 0 {
				ds += int(e.DS) * int(max(e.N, 1))
				de += int(e.DE) * int(max(e.N, 1))
			}
		case VGrant:
			agile = agile || e.KW&Agility != 0
			alteration = alteration || e.KW&Alteration != 0
		}
	}
	before := b.outcome(o, fighter{})
	if alteration && ob.has(fAttacking) && s.kw(o)&Alteration == 0 {
		// Alteration after blocks drops every blocker without it (12.5(c)): unblocked.
		var cb [8]oid
		bl := b.blockers(o, cb[:0])
		free := len(bl) > 0
		for _, x := range bl {
			free = free && s.kw(x)&Alteration == 0
		}
		if free {
			return 40 + int(ob.Atk) - before
		}
	}
	after := b.outcome(o, fighter{atk: ds, def: de, agile: agile})
	if after > before {
		return 40 + after - before
	}
	return 0
}

// outcome scores my creature o's fight this combat with a bonus: +value of the enemies that
// die, -value of mine that die.
func (b bot) outcome(o oid, bonus fighter) int {
	s := b.s
	ob := &s.O[o]
	boost := func(x oid) fighter {
		f := b.fighter(x)
		if x == o {
			f.atk += bonus.atk
			f.def += bonus.def
			f.agile = f.agile || bonus.agile
		}
		return f
	}
	at := o
	if ob.Blocking != 0 {
		at = ob.Blocking
	}
	var cb [8]oid
	bl := b.blockers(at, cb[:0])
	if len(bl) == 0 || len(bl) > 4 {
		return 0
	}
	var fs [4]fighter
	for k, x := range bl {
		fs[k] = boost(x)
	}
	aDies, bDies := fight(boost(at), fs[:len(bl)])
	score := 0
	sign := func(x oid) int {
		if b.mine(x) {
			return -1
		}
		return 1
	}
	if aDies {
		score += sign(at) * b.value(at)
	}
	for k, x := range bl {
		if bDies[k] {
			score += sign(x) * b.value(x)
		}
	}
	return score
}

// confrontValue rates "my o confronts an enemy" (Pounce, Hammerfall Challenge): worth it if
// mine kills an enemy creature and lives.
func (b bot) confrontValue(ab *Ab, o oid) int {
	s := b.s
	if !b.myMain() || len(ab.Targets) < 2 {
		return 0
	}
	ds := 0
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.V == VModify && e.A.K == STarget && e.A.T == 0 {
			ds += int(e.DS)
		}
	}
	me := b.fighter(o)
	me.atk += ds
	best := 0
	for i := 1; i < int(s.NO); i++ {
		x := &s.O[i]
		if x.Def == 0 || x.Zone != zField || !s.tab.Defs[x.Def].isCreature() || b.mine(oid(i)) {
			continue
		}
		if !s.legalTarget(b.me, 0, &ab.Targets[1], tref{K: tkObj, ID: uint16(i), Gen: x.Gen}) {
			continue
		}
		aDies, bDies := fight(me, []fighter{b.fighter(oid(i))})
		if bDies[0] && !aDies {
			best = max(best, 50+b.value(oid(i)))
		}
	}
	return best
}

// untargetedValue rates an ability without targets: tokens, draw, life, mass shrinking.
func (b bot) untargetedValue(ab *Ab, src oid) int {
	s := b.s
	v := 0
	for i := range ab.Effs {
		e := &ab.Effs[i]
		switch e.V {
		case VCreate, VDraw:
			v += 20
		case VMarker:
			if e.A.K == SSelf && e.DE > 0 {
				v += 18
			}
		case VModify:
			if e.A.K == SAll && e.A.F.Opp && e.DE < 0 {
				// Dread Procession: count the enemies it kills.
				k := 0
				for o := 1; o < int(s.NO); o++ {
					x := &s.O[o]
					if x.Def != 0 && x.Zone == zField && s.tab.Defs[x.Def].isCreature() && !b.mine(oid(o)) && int(x.Dfn)+int(e.DE) <= 0 {
						k += b.value(oid(o))
					}
				}
				if k == 0 {
					return 0
				}
				v += 40 + k
			} else if e.A.K == SEquipped && e.DS > 0 {
				return 0 // only useful in combat, and usable only in my main phase
			}
		case VGainLife:
			if b.life() <= 10 {
				v += 35
			} else {
				v += 5
			}
		}
	}
	if v == 0 {
		return 0
	}
	// Tokens, draws, markers and life are for spare mana: my second main phase, or the end
	// of an opponent's turn; mass removal whenever.
	if v < 40 && !(s.NS == 0 && ((s.Active == b.me && s.Phase == phMain2) || (s.Active != b.me && s.Phase == phEnd))) {
		return 0
	}
	_ = src
	return v
}

// counterValue rates countering the requisition on top of the stack.
func (b bot) counterValue(ab *Ab) int {
	s := b.s
	c := s.topCard()
	if c == 0 || s.NS == 0 || !s.opponents(b.me, s.Stack[s.NS-1].Ctrl) {
		return 0
	}
	for i := range ab.Effs {
		if e := &ab.Effs[i]; e.V == VCounter && e.UnlessTap > 0 && s.untapped(s.Stack[s.NS-1].Ctrl) >= int(e.UnlessTap) {
			return 0 // they would pay
		}
	}
	d := s.def(c)
	v := int(d.Cost) * 10
	it := &s.Stack[s.NS-1]
	for k := 0; k < int(it.NT); k++ {
		if r := it.Tg[k]; r.K == tkObj && s.O[r.ID].Zone == zField && b.mine(oid(r.ID)) {
			v += 30
		}
	}
	if v < 30 {
		return 0
	}
	return 30 + v
}
