package nexus

import "starnexus/engine"

// ---- tricks: instants and abilities played after blocks, weighed on the whole combat

// cmod is what an ability does to one creature of the combat: a strength and endurance
// change, Agility or Alteration gained, or the creature gone from the confrontation
// (destroyed, or tapped: SN 12.5(a)).
type cmod struct {
	o          oid
	ds, de     int
	agile, alt bool
	kill, tap  bool
}

// trickMod reads what ability ab does to the creature of its target slot 0, and the life it
// costs me; ok is false when ab does anything the combat arithmetic does not cover (a second
// target, a confrontation, a requisition, a player).
func trickMod(ab *Ab) (m cmod, lifeCost int, ok bool) {
	if len(ab.Targets) != 1 || ab.Targets[0].Kind != KCreature {
		return m, 0, false
	}
	for i := range ab.Effs {
		e := &ab.Effs[i]
		if e.A.K != STarget {
			if e.V == VLoseLife && e.A.K == SYou {
				lifeCost += int(e.N)
				continue
			}
			return m, 0, false
		}
		if e.A.T != 0 {
			return m, 0, false
		}
		switch e.V {
		case VModify:
			m.ds += int(e.DS)
			m.de += int(e.DE)
		case VMarker:
			n := int(max(e.N, 1))
			m.ds += int(e.DS) * n
			m.de += int(e.DE) * n
		case VWound:
			m.de -= int(e.N)
		case VDestroy:
			m.kill = true
		case VTap:
			m.tap = true
		case VGrant:
			if e.KW&^(Agility|Alteration) != 0 {
				return m, 0, false
			}
			m.agile = m.agile || e.KW&Agility != 0
			m.alt = m.alt || e.KW&Alteration != 0
		case VRegenerate:
			// Before the fights every creature is whole: nothing to regenerate.
		default:
			return m, 0, false
		}
	}
	return m, lifeCost, true
}

// afterBlocks reports whether s is the priority round after blockers are declared, with an
// empty stack: the moment for tricks.
func (t tact) afterBlocks() bool {
	s := t.s
	return s.Phase == phCombat && s.Step == stBlockers
}

// combatValue rates the combat now on the field from my side, with m applied (m.o == 0:
// nothing): the value of the enemy creatures that die minus mine, and the damage that gets
// through to either player, weighed by lifeCost.
func (t tact) combatValue(m cmod) int {
	s := t.s
	score, toOpp, toMe := 0, 0, 0
	sign := func(o oid) int {
		if t.mine(o) {
			return -10
		}
		return 10
	}
	for i := 1; i < int(s.NO); i++ {
		ob := &s.O[i]
		if !ob.has(fAttacking) || ob.Def == 0 || ob.Zone != zField {
			continue
		}
		a := oid(i)
		fa := t.fighter(a)
		alt := s.kw(a)&Alteration != 0
		if a == m.o {
			if m.kill || fa.def+m.de <= 0 {
				score += sign(a) * t.value(a)
				continue
			}
			fa.atk = max(fa.atk+m.ds, 0)
			fa.def += m.de
			fa.agile = fa.agile || m.agile
			alt = alt || m.alt
		}
		var cb [8]oid
		bl := t.blockers(a, cb[:0])
		var fs [4]fighter
		var who [4]oid
		n, dropped := 0, 0
		for _, x := range bl {
			if alt && s.kw(x)&Alteration == 0 {
				dropped++
				continue
			}
			if x == m.o {
				fx := t.fighter(x)
				if m.kill || fx.def+m.de <= 0 {
					score += sign(x) * t.value(x)
					continue
				}
				if m.tap {
					continue
				}
				fx.atk = max(fx.atk+m.ds, 0)
				fx.def += m.de
				fx.agile = fx.agile || m.agile
				if n < 4 {
					fs[n], who[n] = fx, x
					n++
				}
				continue
			}
			if n < 4 {
				fs[n], who[n] = t.fighter(x), x
				n++
			}
		}
		if len(bl) == 0 || dropped == len(bl) {
			if t.mine(a) {
				toOpp += fa.atk
			} else {
				toMe += fa.atk
			}
			continue
		}
		if n == 0 || (a == m.o && m.tap) {
			continue // blocked, nobody left to fight (12.5(d))
		}
		aDies, bDies := fight(fa, fs[:n])
		if aDies {
			score += sign(a) * t.value(a)
		}
		for k := 0; k < n; k++ {
			if bDies[k] {
				score += sign(who[k]) * t.value(who[k])
			}
		}
	}
	opp := int(*s.lifeOf(t.opp))
	if toOpp >= opp {
		score += 100000
	} else {
		score += lifeCost(opp, toOpp)
	}
	return score - lifeCost(t.life(), toMe)
}

// trickGain is the best gain of the combat by ability ab (src its creature, 0 for an instant
// or the hero) on one creature it may target, and that creature; 0 when none gains.
func (t tact) trickGain(ab *Ab, src oid, base int) (int, oid) {
	s := t.s
	m, lc, ok := trickMod(ab)
	if !ok {
		return 0, 0
	}
	best, bo := 0, oid(0)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField || !s.tab.Defs[o.Def].isCreature() || (!o.has(fAttacking) && o.Blocking == 0) {
			continue
		}
		if !s.legalTarget(t.me, src, &ab.Targets[0], tref{K: tkObj, ID: uint16(i), Gen: o.Gen}) {
			continue
		}
		m.o = oid(i)
		if g := t.combatValue(m) - base - lifeCost(t.life(), lc); g > best {
			best, bo = g, oid(i)
		}
	}
	return best, bo
}

// trickMinGain is the least gain, in tenths of value points, a trick must bring to be played.
const trickMinGain = 50

// trickAbility returns the ability action a would use and its source, if a casts an instant
// or activates an ability.
func (t tact) trickAbility(a engine.Action) (*Ab, oid) {
	s := t.s
	switch kindOf(a) {
	case aCast:
		o := aObj(a)
		if d := s.def(o); d.Type == TInstant {
			return d.first(AResolve), 0
		}
	case aActivate:
		if aArg(a)&16 != 0 {
			return &s.tab.Defs[s.P[t.me].Hero].Abs[int(aArg(a)&15)], 0
		}
		o := aObj(a)
		return &s.def(o).Abs[int(aArg(a)&15)], o
	}
	return nil, 0
}

// trickTarget chooses the target of my trick being announced after blocks: the creature
// whose change does the combat the most good. ok is false when the item is not such a trick.
func (t tact) trickTarget(legal []engine.Action) (engine.Action, bool) {
	s := t.s
	if s.Pend.K != pTarget || s.NS == 0 || s.Pend.I != 0 {
		return 0, false
	}
	it := &s.Stack[s.NS-1]
	if it.Ctrl != t.me {
		return 0, false
	}
	_, ab := s.itemAb(it)
	if ab == nil {
		return 0, false
	}
	m, _, ok := trickMod(ab)
	if !ok {
		return 0, false
	}
	base := t.combatValue(cmod{})
	best, bv := engine.Action(0), 0
	for _, a := range legal {
		if kindOf(a) != aChoose {
			continue
		}
		r := chooseRef(a)
		if r.K != tkObj || s.O[r.ID].Zone != zField {
			continue
		}
		m.o = oid(r.ID)
		if v := t.combatValue(m) - base; v > bv {
			best, bv = a, v
		}
	}
	return best, bv > 0
}

// harms reports whether m shrinks, wounds or destroys its creature (a tap does not count).
func (m cmod) harms() bool { return m.kill || m.ds < 0 || m.de < 0 }

// ---- tricks in hand, counted when choosing attacks and blocks

// maxTricks bounds the tricks in hand a combat decision counts.
const maxTricks = 4

// trick is an instant in my hand or my hero's ability that I can pay for now, as its change
// to one creature.
type trick struct {
	m  cmod
	lc int // the life it costs me
}

// helps reports whether the trick is for my creatures (else for the enemy's).
func (k *trick) helps() bool { return !k.m.harms() && !k.m.tap }

// myTricks fills buf with the tricks I could play after blocks with my untapped resources.
func (t tact) myTricks(buf *[maxTricks]trick) []trick {
	s := t.s
	ts := buf[:0]
	mana := s.untapped(t.me)
	add := func(ab *Ab) {
		if ab == nil || int(ab.Cost) > mana || len(ts) == maxTricks {
			return
		}
		if m, lc, ok := trickMod(ab); ok && (m.kill || m.tap || m.ds != 0 || m.de != 0 || m.agile || m.alt) {
			ts = append(ts, trick{m: m, lc: lc})
		}
	}
	if ai := s.heroAb(t.me); ai >= 0 && !s.P[t.me].HeroUsed {
		add(&s.tab.Defs[s.P[t.me].Hero].Abs[ai])
	}
	for i := 1; i < int(s.NO) && len(ts) < maxTricks; i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zHand || o.Owner != t.me {
			continue
		}
		d := &s.tab.Defs[o.Def]
		if d.Type != TInstant || int(d.Cost) > mana {
			continue
		}
		if ab := d.first(AResolve); ab != nil {
			if m, lc, ok := trickMod(ab); ok && (m.kill || m.tap || m.ds != 0 || m.de != 0 || m.agile || m.alt) {
				ts = append(ts, trick{m: m, lc: lc})
			}
		}
	}
	return ts
}

// modded applies m to f: gone when it kills or taps it (it leaves the confrontation), dies
// when it kills it.
func modded(f fighter, m *cmod) (g fighter, gone, dies bool) {
	if m.kill || f.def+m.de <= 0 {
		return f, true, true
	}
	if m.tap {
		return f, true, false
	}
	f.atk = max(f.atk+m.ds, 0)
	f.def += m.de
	f.agile = f.agile || m.agile
	return f, false, false
}

// fightScore is the value of a fight from the side of mineA (whether the attacker is mine):
// +10 value for each enemy that dies, -10 for each of mine.
func fightScore(a *unit, bl []unit, mineA bool) int {
	var fs [4]fighter
	n := 0
	for i := range bl {
		if n < 4 {
			fs[n] = bl[i].f
			n++
		}
	}
	aDies, bDies := fight(a.f, fs[:n])
	v := 0
	sa := 10
	if mineA {
		sa = -10
	}
	if aDies {
		v += sa * a.v
	}
	for i := 0; i < n; i++ {
		if bDies[i] {
			v -= sa * bl[i].v
		}
	}
	return v
}

// trickFightGain is the best a trick of ts does to the fight of attacker a against its
// blockers bl (none: unblocked; then dmg is the damage of the combat's unblocked attackers
// against the defender, whose life is life), from my side; mineA says whether a is mine.
func trickFightGain(ts []trick, a *unit, bl []unit, mineA bool, dmg, life, myLife int) int {
	best := 0
	if len(bl) == 0 {
		for k := range ts {
			tr := &ts[k]
			g := -lifeCost(myLife, tr.lc)
			switch {
			case mineA && tr.helps() && tr.m.ds > 0:
				g += lifeCost(life, dmg+tr.m.ds) - lifeCost(life, dmg)
			case !mineA && !tr.helps() && a.kw&Dissimulation == 0:
				f, gone, dies := modded(a.f, &tr.m)
				if gone && !dies {
					continue // tapped, it still deals its damage (12.5(a))
				}
				if dies {
					g += 10 * a.v
					f.atk = 0
				}
				g += lifeCost(life, dmg) - lifeCost(life, dmg-a.f.atk+f.atk)
			default:
				continue
			}
			best = max(best, g)
		}
		return best
	}
	base := fightScore(a, bl, mineA)
	var tmp [4]unit
	for k := range ts {
		tr := &ts[k]
		lc := lifeCost(myLife, tr.lc)
		if tr.helps() == mineA {
			// on the attacker
			if !tr.helps() && a.kw&Dissimulation != 0 {
				continue
			}
			if tr.m.alt && a.kw&Alteration == 0 {
				free := true
				for i := range bl {
					free = free && bl[i].kw&Alteration == 0
				}
				if free {
					best = max(best, -base+lifeCost(life, dmg+a.f.atk)-lifeCost(life, dmg)-lc)
					continue
				}
			}
			x := *a
			f, gone, dies := modded(a.f, &tr.m)
			if gone {
				g := 0
				if dies {
					g = 10 * a.v
				}
				best = max(best, g-base-lc)
				continue
			}
			x.f = f
			best = max(best, fightScore(&x, bl, mineA)-base-lc)
			continue
		}
		// on one of the blockers
		for i := range bl {
			if !tr.helps() && bl[i].kw&Dissimulation != 0 {
				continue
			}
			f, gone, dies := modded(bl[i].f, &tr.m)
			n := copy(tmp[:], bl)
			g := 0
			if gone {
				copy(tmp[i:n-1], tmp[i+1:n])
				n--
				if dies {
					g += 10 * bl[i].v
				}
			} else {
				tmp[i].f = f
			}
			if n == 0 {
				best = max(best, g-base-lc) // blocked, nobody left: no fight
				continue
			}
			best = max(best, g+fightScore(a, tmp[:n], mineA)-base-lc)
		}
	}
	return best
}

// trickWeight is how much of a trick's gain in hand counts, in quarters.
const trickWeight = 4
