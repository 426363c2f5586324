package nexus

import (
	mbits "math/bits"

	"starnexus/engine"
)

// Tactician is the strong heuristic bot of issue #17. It plays like Greedy (whose machinery it
// uses: the scratch public State, the target classes, the fight arithmetic of SN 12.6-12.7)
// and improves where a strong player would, in duels (in multiplayer it plays as Greedy):
//
//   - attacks: it chooses the whole attack, one attacker at a time, by weighing the combat
//     that follows: the defender's likely blocks (each blocker where it does its side the most
//     good, Alteration and Menace respected), the creatures lost on each side, the damage that
//     gets through (worth more the lower the defender's life), and the counter-attack it
//     opens itself to with its attackers tapped;
//   - blocks: it chooses each block by the outcome of the whole combat (creatures lost on each
//     side, damage taken, worth more the lower its life), so it blocks with two creatures to
//     kill a big attacker, orders its blockers, and chump-blocks only when the damage would
//     cost more than the creature;
//   - curve: in its main phase it casts the permanents that together spend the most of its
//     resources, not merely the dearest first.
//   - tricks: after blocks it plays the instant or hero ability that does the whole combat the
//     most good, on the creature where it does (tactician_tricks.go), and counts the tricks it
//     can pay for in its attacks and blocks.
//
// It reads only its Observation, like Greedy, and allocates nothing per decision: a
// Tactician is one seat's bot (NewTactician for each).
type Tactician struct {
	scratch *State
}

// NewTactician returns a tactician bot for one seat.
func NewTactician() *Tactician { return &Tactician{} }

// Name implements engine.Bot.
func (*Tactician) Name() string { return "tactician" }

// Choose implements engine.Bot.
func (t *Tactician) Choose(ev engine.Observation, legal []engine.Action, _ *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	o := ev.(*Observation)
	return tacticianDecide(o.readableInto(&t.scratch), int8(o.seat), legal)
}

// tacticianDecide is the Tactician's choice for seat me in s, which it reads as me may see it.
func tacticianDecide(s *State, me int8, legal []engine.Action) engine.Action {
	if s.N != 2 {
		return decide(s, me, legal)
	}
	t := tact{bot: bot{s: s, me: me}, opp: s.onlyOpponent(me)}
	switch s.Pend.K {
	case pAttack:
		return t.attack(legal)
	case pBlock:
		return t.block(legal)
	case pPrio:
		return t.priority(legal)
	case pTarget:
		if t.afterBlocks() {
			if a, ok := t.trickTarget(legal); ok {
				return a
			}
		}
	}
	return decide(s, me, legal)
}

// tact is one Tactician decision's context in a duel.
type tact struct {
	bot
	opp int8
}

// maxSubsetSearch is the most candidate attackers whose every subset the Tactician weighs.
const maxSubsetSearch = 6

// maxCombat bounds the creatures one side brings to a combat that the Tactician weighs.
const maxCombat = 16

// lifeCost is what losing d life from life is worth, in the units of bot.value: a point of
// life is worth little while life is high and more and more as it runs out; losing all of it
// is worth more than any board.
func lifeCost(life, d int) int {
	if d <= 0 {
		return 0
	}
	if d >= life {
		return 10000
	}
	c := 0
	for l := life; l > life-d; l-- {
		c += lifeWeightBase + lifeWeightScale/l
	}
	return c
}

// The weight of a point of life at life l is (lifeWeightBase + lifeWeightScale/l)/10 value
// points.
const (
	lifeWeightBase  = 4
	lifeWeightScale = 160
)

// unit is a creature of a combat as the Tactician weighs it.
type unit struct {
	o   oid
	f   fighter
	v   int // bot.value
	pw  int // strength: its attack points once it regenerates
	kw  KW
	alt bool
}

func (t tact) unit(o oid) unit {
	S, _, kw := t.s.stats(o)
	return unit{o: o, f: t.fighter(o), v: t.value(o), pw: S, kw: kw, alt: kw&Alteration != 0}
}

// ---- attacks

// attackCtx is what an attack decision weighs, gathered once.
type attackCtx struct {
	t        tact
	oppLife  int
	life     int
	blockers []unit // the defender's untapped creatures
	theirs   []unit // all the defender's creatures, strongest first
	home     []unit // my untapped creatures
	back0    int    // their counter-attack if nobody attacks
	tricks   []trick
}

// attack adds the attacker that improves the expected combat the most, or confirms the attack
// when none does.
func (t tact) attack(legal []engine.Action) engine.Action {
	s := t.s
	var setBuf, candBuf, blBuf, thBuf, homeBuf [maxCombat]unit
	var candAct [maxCombat]engine.Action
	set, cands := setBuf[:0], candBuf[:0]
	c := attackCtx{t: t, oppLife: int(*s.lifeOf(t.opp)), life: t.life(), blockers: blBuf[:0], theirs: thBuf[:0], home: homeBuf[:0]}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || !s.tab.Defs[o.Def].isCreature() {
			continue
		}
		switch {
		case o.Ctrl == t.opp:
			if len(c.theirs) == maxCombat {
				return decide(s, t.me, legal)
			}
			u := t.unit(oid(i))
			c.theirs = append(c.theirs, u)
			if !o.has(fTapped) {
				c.blockers = append(c.blockers, u)
			}
		case o.Ctrl == t.me:
			if o.has(fAttacking) {
				if len(set) == maxCombat {
					return decide(s, t.me, legal)
				}
				set = append(set, t.unit(oid(i)))
			} else if !o.has(fTapped) {
				if len(c.home) == maxCombat {
					return decide(s, t.me, legal)
				}
				c.home = append(c.home, t.unit(oid(i)))
			}
		}
	}
	for _, a := range legal {
		if kindOf(a) != aAddAttacker {
			continue
		}
		if len(cands) == maxCombat {
			return decide(s, t.me, legal)
		}
		candAct[len(cands)] = a
		cands = append(cands, t.unit(aObj(a)))
	}
	if len(cands) == 0 {
		return legal[0]
	}
	if len(set)+len(cands) > maxCombat {
		return decide(s, t.me, legal)
	}
	th := c.theirs
	for i := 1; i < len(th); i++ {
		for k := i; k > 0 && th[k].pw > th[k-1].pw; k-- {
			th[k], th[k-1] = th[k-1], th[k]
		}
	}
	var tb [maxTricks]trick
	c.tricks = t.myTricks(&tb)
	c.back0 = c.crackBack(nil)
	base := c.score(set)
	if len(cands) <= maxSubsetSearch {
		// Every subset of the candidates: the best one's strongest creature goes first.
		n0 := len(set)
		bestMask, bv := 0, base
		for m := 1; m < 1<<len(cands); m++ {
			sub := set[:n0]
			for k := range cands {
				if m&(1<<k) != 0 {
					sub = append(sub, cands[k])
				}
			}
			if v := c.score(sub); v > bv {
				bestMask, bv = m, v
			}
		}
		if bestMask == 0 {
			return legal[0]
		}
		best := -1
		for k := range cands {
			if bestMask&(1<<k) != 0 && (best < 0 || cands[k].f.atk > cands[best].f.atk) {
				best = k
			}
		}
		return candAct[best]
	}
	best, bv := -1, base
	for k := range cands {
		if v := c.score(append(set, cands[k])); v > bv {
			best, bv = k, v
		}
	}
	if best < 0 {
		// Together they may do what none does alone (a swarm past the blockers): then the
		// strongest goes first.
		if c.score(append(set, cands...)) > base {
			for k := range cands {
				if best < 0 || cands[k].f.atk > cands[best].f.atk {
					best = k
				}
			}
		}
	}
	if best < 0 {
		return legal[0]
	}
	return candAct[best]
}

// score rates attacking with set: what the defender loses minus what I lose in the blocks it
// is likely to make, the damage that gets through, and the damage its creatures would do
// back next turn past the creatures I keep home.
func (c *attackCtx) score(set []unit) int {
	var asg [maxCombat][2]int8 // the defender's blockers of set[k], as indices+1 in c.blockers
	c.predictBlocks(set, &asg)
	score, dmg := 0, 0
	for k := range set {
		a := &set[k]
		if asg[k][0] == 0 {
			dmg += a.f.atk
			continue
		}
		var fs [2]fighter
		n := 0
		for _, x := range asg[k] {
			if x != 0 {
				fs[n] = c.blockers[x-1].f
				n++
			}
		}
		aDies, bDies := fight(a.f, fs[:n])
		if aDies {
			score -= 10 * a.v
		}
		for i := 0; i < n; i++ {
			if bDies[i] {
				score += 10 * c.blockers[asg[k][i]-1].v
			}
		}
	}
	if dmg >= c.oppLife {
		return 100000 + dmg
	}
	score += lifeCost(c.oppLife, dmg)
	if len(c.tricks) > 0 {
		bonus := 0
		var bl [2]unit
		for k := range set {
			n := 0
			for _, x := range asg[k] {
				if x != 0 {
					bl[n] = c.blockers[x-1]
					n++
				}
			}
			bonus = max(bonus, trickFightGain(c.tricks, &set[k], bl[:n], true, dmg, c.oppLife, c.life))
		}
		if bonus >= trickMinGain {
			score += bonus * trickWeight / 4
		}
	}
	if len(set) > 0 {
		score -= lifeCost(c.life, c.crackBack(set)) - lifeCost(c.life, c.back0)
	}
	return score
}

// predictBlocks fills asg with the blocks the defender is likely to make against set: one at
// a time, the block it rates best as Greedy's block does (blockRating from its side), until
// none is worth making.
func (c *attackCtx) predictBlocks(set []unit, asg *[maxCombat][2]int8) {
	bl := c.blockers
	var used [maxCombat]bool
	incoming := 0
	for k := range set {
		incoming += set[k].f.atk
	}
	for {
		lethal := incoming >= c.oppLife
		large := incoming*2 >= c.oppLife || c.oppLife <= 6
		bk, bx, by, bv := -1, -1, -1, 0
		for k := range set {
			a := &set[k]
			if asg[k][0] != 0 {
				continue
			}
			for i := range bl {
				if used[i] || (a.alt && !bl[i].alt) {
					continue
				}
				if a.kw&Menace == 0 || bl[i].kw&Menace != 0 {
					if v := blockRating(a.f, a.v, []fighter{bl[i].f}, []int{bl[i].v}, 1, lethal, large); v > bv {
						bk, bx, by, bv = k, i, -1, v
					}
					continue
				}
				for j := i + 1; j < len(bl); j++ {
					if used[j] || (a.alt && !bl[j].alt) {
						continue
					}
					if v := blockRating(a.f, a.v, []fighter{bl[i].f, bl[j].f}, []int{bl[i].v, bl[j].v}, 2, lethal, large); v > bv {
						bk, bx, by, bv = k, i, j, v
					}
				}
			}
		}
		if bk < 0 {
			return
		}
		asg[bk][0] = int8(bx + 1)
		used[bx] = true
		if by >= 0 {
			asg[bk][1] = int8(by + 1)
			used[by] = true
		}
		incoming -= set[bk].f.atk
	}
}

// crackBack is the damage the opponent's creatures could deal me next turn, at full strength,
// if every creature of mine that is untapped now and not in set blocks one of them (the
// strongest it may block; Menace attackers are counted as unblocked).
func (c *attackCtx) crackBack(set []unit) int {
	var stopped [maxCombat]bool
	for h := range c.home {
		u := &c.home[h]
		if inUnits(set, u.o) {
			continue
		}
		for k := range c.theirs {
			a := &c.theirs[k]
			if !stopped[k] && (u.alt || !a.alt) && a.kw&Menace == 0 {
				stopped[k] = true
				break
			}
		}
	}
	d := 0
	for k := range c.theirs {
		if !stopped[k] {
			d += c.theirs[k].pw
		}
	}
	return d
}

func inUnits(set []unit, o oid) bool {
	for k := range set {
		if set[k].o == o {
			return true
		}
	}
	return false
}

// ---- blocks

// blockCtx is what a block decision weighs, gathered once: the attackers attacking me with
// the blockers I have declared, and what each contributes to the outcome.
type blockCtx struct {
	t       tact
	life    int
	ats     [maxCombat]unit
	lists   [maxCombat][4]unit
	nl      [maxCombat]int
	contrib [maxCombat]int // value killed minus value lost in the attacker's fight
	n       int
	sum     int // the contributions of all attackers
	dmg     int // the damage of the unblocked ones
	tricks  []trick
}

// block adds the block that improves the outcome of the whole combat the most, or confirms.
func (t tact) block(legal []engine.Action) engine.Action {
	s := t.s
	c := blockCtx{t: t, life: t.life()}
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Zone == zField && s.attackedBy(t.me, oid(i)) {
			if c.n == maxCombat {
				return decide(s, t.me, legal)
			}
			c.ats[c.n] = t.unit(oid(i))
			c.n++
		}
	}
	var free [maxCombat]unit
	nf := 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || o.Ctrl != t.me || !s.tab.Defs[o.Def].isCreature() {
			continue
		}
		if o.Blocking != 0 && o.BOrder > 0 {
			for k := 0; k < c.n; k++ {
				if c.ats[k].o == o.Blocking && c.nl[k] < 4 {
					// in blocking order
					l := &c.lists[k]
					j := c.nl[k]
					for j > 0 && s.O[l[j-1].o].BOrder > o.BOrder {
						l[j] = l[j-1]
						j--
					}
					l[j] = t.unit(oid(i))
					c.nl[k]++
				}
			}
		} else if !o.has(fTapped) && nf < maxCombat {
			free[nf] = t.unit(oid(i))
			nf++
		}
	}
	for k := 0; k < c.n; k++ {
		if c.nl[k] == 0 {
			c.dmg += c.ats[k].f.atk
		} else {
			c.contrib[k] = c.fightValue(k, nil)
			c.sum += c.contrib[k]
		}
	}
	var tb [maxTricks]trick
	c.tricks = t.myTricks(&tb)
	half := s.halfBlock(t.me)
	base := c.sum - lifeCost(c.life, c.dmg) + c.trickBonus(-1, nil, c.dmg)
	best, bv := engine.Action(0), base
	found := false
	if half != 0 {
		bv = -1 << 30 // the second blocker must be named
	}
	for _, a := range legal {
		if !isBlock(a) || kindOf(a) == aBlockNew {
			continue
		}
		at, x := decodeBlock(a)
		k := c.index(at)
		xi := unitIndex(free[:nf], x)
		if k < 0 || xi < 0 {
			continue
		}
		if kindOf(a) == aBlockHalf && c.nl[k] > 0 {
			continue // that starts the list again: the Tactician only adds to its lists
		}
		v := -1 << 30
		if kindOf(a) != aBlockHalf {
			v = c.with(k, free[xi:xi+1])
		}
		if half == 0 || kindOf(a) == aBlockHalf {
			// A second blocker after it may kill what one alone does not (and Menace
			// needs one).
			for j := 0; j < nf; j++ {
				if j != xi && s.blockerCheck(t.me, at, free[j].o).ok() {
					v = max(v, c.with(k, []unit{free[xi], free[j]}))
				}
			}
		}
		if v > bv {
			best, bv, found = a, v, true
		}
	}
	if !found {
		return legal[0]
	}
	return best
}

func (c *blockCtx) index(at oid) int {
	for k := 0; k < c.n; k++ {
		if c.ats[k].o == at {
			return k
		}
	}
	return -1
}

func unitIndex(us []unit, o oid) int {
	for k := range us {
		if us[k].o == o {
			return k
		}
	}
	return -1
}

// fightValue is attacker k's fight against its blockers plus extra at the end of the list:
// its value if it dies, minus the value of my blockers that die.
func (c *blockCtx) fightValue(k int, extra []unit) int {
	var fs [4]fighter
	var us [4]*unit
	n := 0
	for i := 0; i < c.nl[k] && n < 4; i++ {
		fs[n], us[n] = c.lists[k][i].f, &c.lists[k][i]
		n++
	}
	for i := range extra {
		if n < 4 {
			fs[n], us[n] = extra[i].f, &extra[i]
			n++
		}
	}
	aDies, bDies := fight(c.ats[k].f, fs[:n])
	v := 0
	if aDies {
		v += 10 * c.ats[k].v
	}
	for i := 0; i < n; i++ {
		if bDies[i] {
			v -= 10 * us[i].v
		}
	}
	return v
}

// with rates the whole combat with extra added to the end of attacker k's blockers.
func (c *blockCtx) with(k int, extra []unit) int {
	sum, dmg := c.sum-c.contrib[k], c.dmg
	if c.nl[k] == 0 {
		dmg -= c.ats[k].f.atk
	}
	return sum + c.fightValue(k, extra) - lifeCost(c.life, dmg) + c.trickBonus(k, extra, dmg)
}

// trickBonus is what my best trick in hand would add to the combat after blocks, with extra
// added to attacker k's blockers, dmg the unblocked attackers' damage.
func (c *blockCtx) trickBonus(k int, extra []unit, dmg int) int {
	if len(c.tricks) == 0 {
		return 0
	}
	best := 0
	var l [4]unit
	for j := 0; j < c.n; j++ {
		n := copy(l[:], c.lists[j][:c.nl[j]])
		if j == k {
			n += copy(l[n:], extra)
		}
		best = max(best, trickFightGain(c.tricks, &c.ats[j], l[:n], false, dmg, c.life, c.life))
	}
	if best < trickMinGain {
		return 0
	}
	return best * trickWeight / 4
}

// ---- priority

// priority rates every action as Greedy does, then spends its mana on the creatures and
// equipment that use the most of it this turn (not merely the dearest first).
func (t tact) priority(legal []engine.Action) engine.Action {
	s := t.s
	curve := t.myMain()
	var fit uint32 // the card costs that belong to a set using the most mana, if curve
	if curve {
		fit = t.curveFit(legal)
	}
	tricks := t.afterBlocks() && s.NS == 0
	if tricks {
		base := t.combatValue(cmod{})
		best, bv := legal[0], trickMinGain-1
		for _, a := range legal {
			if ab, src := t.trickAbility(a); ab != nil {
				if g, _ := t.trickGain(ab, src, base); g > bv {
					best, bv = a, g
				}
			}
		}
		if bv >= trickMinGain {
			return best
		}
	}
	best, bv := legal[0], 0 // legal[0] is pass
	for _, a := range legal {
		var v int
		if tricks {
			if ab, _ := t.trickAbility(a); ab != nil {
				if _, _, ok := trickMod(ab); ok {
					continue // weighed above: not worth it
				}
			}
		}
		switch kindOf(a) {
		case aCast:
			o := aObj(a)
			v = t.castValue(o)
			if d := s.def(o); curve && v > 0 && (d.Type == TCreature || d.Type == TEquipment) && fit&(1<<uint(d.Cost)) == 0 {
				v = 0
			}
		case aActivate:
			if aArg(a)&16 != 0 {
				d := &s.tab.Defs[s.P[t.me].Hero]
				v = t.abilityValue(&d.Abs[int(aArg(a)&15)], 0, false)
			} else {
				o := aObj(a)
				v = t.abilityValue(&s.def(o).Abs[int(aArg(a)&15)], o, false)
			}
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// curveFit returns, as a set of cost bits, the costs of the permanents in my hand that Greedy
// would cast now and that belong to a set of them spending the most of my untapped resources.
func (t tact) curveFit(legal []engine.Action) uint32 {
	s := t.s
	mana := s.untapped(t.me)
	if mana <= 0 || mana > 30 {
		return ^uint32(0)
	}
	var costs [16]int
	n := 0
	for i := 1; i < int(s.NO) && n < len(costs); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zHand || o.Owner != t.me {
			continue
		}
		d := &s.tab.Defs[o.Def]
		if (d.Type != TCreature && d.Type != TEquipment) || int(d.Cost) > mana || d.Cost < 0 || !castOffered(legal, o.Def, s) || t.castValue(oid(i)) <= 0 {
			continue
		}
		costs[n] = int(d.Cost)
		n++
	}
	if n == 0 {
		return 0
	}
	limit := uint32(1)<<uint(mana+1) - 1
	reach := func(skip int) uint32 {
		r := uint32(1)
		for k := 0; k < n; k++ {
			if k != skip {
				r |= (r << uint(costs[k])) & limit
			}
		}
		return r
	}
	all := reach(-1)
	top := 31 - mbits.LeadingZeros32(all)
	var fit uint32
	for k := 0; k < n; k++ {
		c := costs[k]
		if fit&(1<<uint(c)) != 0 || top < c {
			continue
		}
		if reach(k)&(1<<uint(top-c)) != 0 {
			fit |= 1 << uint(c)
		}
	}
	return fit
}

// castOffered reports whether a card of definition def is cast by an action of legal.
func castOffered(legal []engine.Action, def uint8, s *State) bool {
	for _, a := range legal {
		if kindOf(a) == aCast && s.O[aObj(a)].Def == def {
			return true
		}
	}
	return false
}
