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
//     cost more than the creature.
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
	if t.scratch == nil {
		t.scratch = new(State)
	}
	o.readable(t.scratch)
	return tacticianDecide(t.scratch, int8(o.seat), legal)
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

// ---- attacks

// attack adds the attacker that improves the expected combat the most, or confirms the attack
// when none does.
func (t tact) attack(legal []engine.Action) engine.Action {
	s := t.s
	var setBuf, candBuf [maxCombat]oid
	var candAct [maxCombat]engine.Action
	set := setBuf[:0]
	cands := candBuf[:0]
	for i := 1; i < int(s.NO) && len(set) < maxCombat; i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Ctrl == t.me && o.Zone == zField {
			set = append(set, oid(i))
		}
	}
	for _, a := range legal {
		if kindOf(a) != aAddAttacker || len(cands) == maxCombat {
			continue
		}
		candAct[len(cands)] = a
		cands = append(cands, aObj(a))
	}
	if len(cands) == 0 {
		return legal[0]
	}
	if len(set)+len(cands) > maxCombat {
		return decide(s, t.me, legal)
	}
	base := t.attackScore(set)
	if len(cands) <= maxSubsetSearch {
		// Every subset of the candidates: the best one's strongest creature goes first.
		n0 := len(set)
		bestMask, bv := 0, base
		for m := 1; m < 1<<len(cands); m++ {
			sub := set[:n0]
			for k, c := range cands {
				if m&(1<<k) != 0 {
					sub = append(sub, c)
				}
			}
			if v := t.attackScore(sub); v > bv {
				bestMask, bv = m, v
			}
		}
		if bestMask == 0 {
			return legal[0]
		}
		best := -1
		for k, c := range cands {
			if bestMask&(1<<k) != 0 && (best < 0 || s.O[c].Atk > s.O[cands[best]].Atk) {
				best = k
			}
		}
		return candAct[best]
	}
	best, bv := -1, base
	for k, c := range cands {
		if v := t.attackScore(append(set, c)); v > bv {
			best, bv = k, v
		}
	}
	if best < 0 && len(cands) > 1 {
		// Together they may do what none does alone (a swarm past the blockers): then the
		// strongest goes first.
		all := append(set, cands...)
		if t.attackScore(all) > base {
			for k, c := range cands {
				if best < 0 || s.O[c].Atk > s.O[cands[best]].Atk {
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

// attackScore rates attacking with set: what the defender loses minus what I lose in the
// blocks it is likely to make, the damage that gets through, and the damage its creatures
// would do back next turn past the creatures I keep home.
func (t tact) attackScore(set []oid) int {
	s := t.s
	oppLife := int(*s.lifeOf(t.opp))
	var blBuf [maxCombat]oid
	blockers := t.blockersFor(t.opp, blBuf[:0])
	if len(blockers) > maxCombat {
		blockers = blockers[:maxCombat]
	}
	var asg [maxCombat][2]oid // the defender's blockers of set[k]
	t.predictBlocks(set, blockers, oppLife, &asg)
	score, dmg := 0, 0
	for k, a := range set {
		if asg[k][0] == 0 {
			dmg += int(s.O[a].Atk)
			continue
		}
		var fs [2]fighter
		n := 0
		for _, x := range asg[k] {
			if x != 0 {
				fs[n] = t.fighter(x)
				n++
			}
		}
		aDies, bDies := fight(t.fighter(a), fs[:n])
		if aDies {
			score -= 10 * t.value(a)
		}
		for i := 0; i < n; i++ {
			if bDies[i] {
				score += 10 * t.value(asg[k][i])
			}
		}
	}
	if dmg >= oppLife {
		return 100000 + dmg
	}
	score += lifeCost(oppLife, dmg)
	// The counter-attack: their creatures all untap; mine that attacked stay tapped.
	life := t.life()
	back := t.crackBack(set)
	if len(set) > 0 {
		score -= lifeCost(life, back) - lifeCost(life, t.crackBack(nil))
	}
	return score
}

// predictBlocks fills asg with the blocks the defender is likely to make against set: one at
// a time, the block it rates best as Greedy's block does (bot.blockValue from its side),
// until none is worth making.
func (t tact) predictBlocks(set, blockers []oid, life int, asg *[maxCombat][2]oid) {
	s := t.s
	def := bot{s: s, me: t.opp}
	var used [maxCombat]bool
	incoming := 0
	for _, a := range set {
		incoming += int(s.O[a].Atk)
	}
	for {
		lethal := incoming >= life
		large := incoming*2 >= life || life <= 6
		bk, bx, by, bv := -1, -1, -1, 0
		for k, a := range set {
			if asg[k][0] != 0 {
				continue
			}
			akw := s.kw(a)
			for i, x := range blockers {
				if used[i] || (akw&Alteration != 0 && s.kw(x)&Alteration == 0) {
					continue
				}
				if akw&Menace == 0 || s.kw(x)&Menace != 0 {
					if v := def.blockValue(a, []oid{x}, lethal, large); v > bv {
						bk, bx, by, bv = k, i, -1, v
					}
					continue
				}
				for j := i + 1; j < len(blockers); j++ {
					y := blockers[j]
					if used[j] || (akw&Alteration != 0 && s.kw(y)&Alteration == 0) {
						continue
					}
					if v := def.blockValue(a, []oid{x, y}, lethal, large); v > bv {
						bk, bx, by, bv = k, i, j, v
					}
				}
			}
		}
		if bk < 0 {
			return
		}
		asg[bk][0] = blockers[bx]
		used[bx] = true
		if by >= 0 {
			asg[bk][1] = blockers[by]
			used[by] = true
		}
		incoming -= int(s.O[set[bk]].Atk)
	}
}

// crackBack is the damage the opponent's creatures could deal me next turn, at full strength,
// if every creature of mine that is untapped now and not in set blocks one of them (the
// strongest it may block).
func (t tact) crackBack(set []oid) int {
	s := t.s
	var atkBuf [maxCombat]oid
	atks := atkBuf[:0]
	for i := 1; i < int(s.NO) && len(atks) < maxCombat; i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && o.Ctrl == t.opp && s.tab.Defs[o.Def].isCreature() {
			atks = append(atks, oid(i))
		}
	}
	// strongest first
	for i := 1; i < len(atks); i++ {
		for k := i; k > 0 && t.power(atks[k]) > t.power(atks[k-1]); k-- {
			atks[k], atks[k-1] = atks[k-1], atks[k]
		}
	}
	var stopped [maxCombat]bool
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || o.Ctrl != t.me || o.has(fTapped) || !s.tab.Defs[o.Def].isCreature() || inSet(set, oid(i)) {
			continue
		}
		alt := s.kw(oid(i))&Alteration != 0
		for k, a := range atks {
			if !stopped[k] && (alt || s.kw(a)&Alteration == 0) && s.kw(a)&Menace == 0 {
				stopped[k] = true
				break
			}
		}
	}
	d := 0
	for k, a := range atks {
		if !stopped[k] {
			d += t.power(a)
		}
	}
	return d
}

// power is a creature's strength (its attack points once it regenerates).
func (t tact) power(o oid) int {
	S, _, _ := t.s.stats(o)
	return S
}

func inSet(set []oid, o oid) bool {
	for _, x := range set {
		if x == o {
			return true
		}
	}
	return false
}

// ---- blocks

// block adds the block that improves the outcome of the whole combat the most, or confirms.
func (t tact) block(legal []engine.Action) engine.Action {
	s := t.s
	half := s.halfBlock(t.me)
	var atBuf [maxCombat]oid
	ats := atBuf[:0]
	for i := 1; i < int(s.NO) && len(ats) < maxCombat; i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Zone == zField && s.attackedBy(t.me, oid(i)) {
			ats = append(ats, oid(i))
		}
	}
	base := t.blockScore(ats, 0, 0, 0)
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
		var cb [8]oid
		if kindOf(a) == aBlockHalf && len(t.blockers(at, cb[:0])) > 0 {
			continue // that starts the list again: the Tactician only adds to its lists
		}
		var v int
		if kindOf(a) == aBlockHalf {
			// The first of two blockers (Menace): judged with its best second.
			v = -1 << 30
			for i := 1; i < int(s.NO); i++ {
				if y := oid(i); y != x && s.O[i].Blocking == 0 && s.blockerCheck(t.me, at, y) == "" {
					v = max(v, t.blockScore(ats, at, x, y))
				}
			}
		} else {
			v = t.blockScore(ats, at, x, 0)
			if half == 0 {
				// A second blocker after it may kill what one alone does not.
				for i := 1; i < int(s.NO); i++ {
					if y := oid(i); y != x && s.O[i].Blocking == 0 && s.blockerCheck(t.me, at, y) == "" {
						v = max(v, t.blockScore(ats, at, x, y))
					}
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

// blockScore rates the combat against the attackers ats with the blocks declared so far plus
// x (and y) added to the end of attacker at's list: the attackers' value that dies minus my
// blockers' that die, minus the damage I take.
func (t tact) blockScore(ats []oid, at, x, y oid) int {
	s := t.s
	score, dmg := 0, 0
	for _, a := range ats {
		var cb [8]oid
		list := t.blockers(a, cb[:0])
		if a == at {
			if x != 0 && len(list) < len(cb) {
				list = append(list, x)
			}
			if y != 0 && len(list) < len(cb) {
				list = append(list, y)
			}
		}
		if len(list) == 0 {
			dmg += int(s.O[a].Atk)
			continue
		}
		var fs [4]fighter
		n := min(len(list), len(fs))
		for k, b := range list[:n] {
			fs[k] = t.fighter(b)
		}
		aDies, bDies := fight(t.fighter(a), fs[:n])
		if aDies {
			score += 10 * t.value(a)
		}
		for k := 0; k < n; k++ {
			if bDies[k] {
				score -= 10 * t.value(list[k])
			}
		}
	}
	return score - lifeCost(t.life(), dmg)
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
	best, bv := legal[0], 0 // legal[0] is pass
	for _, a := range legal {
		var v int
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
