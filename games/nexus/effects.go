package nexus

import "starnexus/engine"

// ---- zone changes

// move puts object o into zone to of its owner, as a new object (3.3). A token that leaves the
// field ceases to exist (4.6.2). Moving a card with Division into a graveyard creates its
// tokens (17.5).
func (s *State) move(o oid, to zone) {
	ob := &s.O[o]
	d := &s.tab.Defs[ob.Def]
	if s.rec != nil {
		s.recMoved(o, ob.Def, ob.Owner, ob.Zone, to, ob.Num)
	}
	if ob.Zone == zField {
		s.dropMods(o)
		s.leaveCombat(o)
		if ob.has(fToken) {
			*ob = obj{Gen: ob.Gen + 1}
			s.Check = true
			return
		}
	}
	from, num := ob.Zone, ob.Num
	*ob = obj{Def: ob.Def, Owner: ob.Owner, Ctrl: ob.Owner, Zone: to, Gen: ob.Gen + 1, Seq: s.nextSeq()}
	s.number(o, from, num)
	if to == zGrave && d.DivN > 0 {
		s.pushJob(job{K: jDivision, Def: ob.Def, Ctrl: ob.Owner})
	}
	s.Check = true
}

// enterField puts a card onto its controller's field (a creature arrives with full points).
func (s *State) enterField(o oid, ctrl int8) {
	ob := &s.O[o]
	from, num := ob.Zone, ob.Num
	*ob = obj{Def: ob.Def, Owner: ob.Owner, Ctrl: ctrl, Zone: zField, Gen: ob.Gen + 1, Seq: s.nextSeq(), Flags: fArrived}
	s.number(o, from, num)
	if s.rec != nil {
		s.recMoved(o, ob.Def, ob.Owner, from, zField, num)
	}
	d := &s.tab.Defs[ob.Def]
	if d.isCreature() {
		ob.Atk, ob.Dfn = int16(d.S), int16(d.E)
	}
	s.refresh()
	if d.isCreature() {
		s.regenerate(o)
	}
	s.trigger(o, EvArrives)
	s.Check = true
}

// createToken makes a token of Def t on p's field (4.6.1).
func (s *State) createToken(t uint8, p int8) {
	if t == 0 {
		return
	}
	o := s.newObj()
	if o == 0 {
		s.fail(faultObjects) // objLimit objects at once: the game ends, told why
		return
	}
	s.O[o] = obj{Def: t, Owner: p, Ctrl: p, Zone: zNone, Gen: s.O[o].Gen}
	s.enterField(o, p)
	s.O[o].Flags |= fToken
}

// leaveCombat clears the combat links of a creature leaving the field.
func (s *State) leaveCombat(o oid) {
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Blocking == o && s.O[i].Zone == zField {
			s.O[i].Blocking = 0
		}
	}
}

// die makes creatures die together: their triggers are collected first, then they move.
func (s *State) die(list []oid) {
	from := int(s.NJ)
	for _, o := range list {
		ob := &s.O[o]
		d := &s.tab.Defs[ob.Def]
		for ai := range d.Abs {
			if d.Abs[ai].Kind == ATrigger && d.Abs[ai].Event == EvDies {
				if s.rec != nil {
					s.recTrigger(o, ob.Def, ob.Ctrl, ai, triggerWords[EvDies])
				}
				s.pushJob(job{K: jTrigger, Def: ob.Def, Src: o, SGen: ob.Gen, Ab: uint8(ai), Ctrl: ob.Ctrl})
			}
		}
		if !d.isCreature() {
			continue
		}
		for w := 1; w < int(s.NO); w++ {
			wo := &s.O[w]
			if wo.Def == 0 || wo.Zone != zField || oid(w) == o || wo.Ctrl != ob.Ctrl {
				continue
			}
			wd := &s.tab.Defs[wo.Def]
			for ai := range wd.Abs {
				if wd.Abs[ai].Kind == ATrigger && wd.Abs[ai].Event == EvOwnCreatureDies {
					if s.rec != nil {
						s.recTrigger(oid(w), wo.Def, wo.Ctrl, ai, triggerWords[EvOwnCreatureDies])
					}
					s.pushJob(job{K: jTrigger, Def: wo.Def, Src: oid(w), SGen: wo.Gen, Ab: uint8(ai), Ctrl: wo.Ctrl})
				}
			}
		}
	}
	for _, o := range list {
		if s.rec != nil {
			s.emit(s.objEvent(engine.EvDied, o))
		}
		s.move(o, zGrave)
	}
	s.sortJobs(from)
	s.refresh()
}

// trigger queues the triggered passives of o for event ev (7.3(b)).
func (s *State) trigger(o oid, ev Event) {
	ob := &s.O[o]
	d := &s.tab.Defs[ob.Def]
	for ai := range d.Abs {
		if d.Abs[ai].Kind == ATrigger && d.Abs[ai].Event == ev {
			if s.rec != nil {
				s.recTrigger(o, ob.Def, ob.Ctrl, ai, triggerWords[ev])
			}
			s.pushJob(job{K: jTrigger, Def: ob.Def, Src: o, SGen: ob.Gen, Ab: uint8(ai), Ctrl: ob.Ctrl, Ev: uint8(ev)})
		}
	}
}

func (s *State) pushJob(j job) { s.insertJob(int(s.NJ), j) }

// sortJobs orders the jobs from index from by 7.3.1: the active player's first, then the
// others in turn order; each player's in the order they arose.
func (s *State) sortJobs(from int) {
	for i := from + 1; i < int(s.NJ); i++ {
		for k := i; k > from && s.apnap(s.Jobs[k].Ctrl) < s.apnap(s.Jobs[k-1].Ctrl); k-- {
			s.Jobs[k], s.Jobs[k-1] = s.Jobs[k-1], s.Jobs[k]
		}
	}
	// Each player orders their own (7.3.1): a group of different passives gets a decision.
	for i := from; i < int(s.NJ); {
		j := i
		for j < int(s.NJ) && s.Jobs[j].Ctrl == s.Jobs[i].Ctrl && s.Jobs[j].K == jTrigger {
			j++
		}
		if j-i >= 2 && s.distinctTriggers(i, j) {
			s.insertJob(i, job{K: jTrigOrder, Ctrl: s.Jobs[i].Ctrl, Step: uint32(j - i)})
			j++
		}
		i = max(j, i+1)
	}
}

// distinctTriggers reports whether the trigger jobs in [i, j) are not all the same ability.
func (s *State) distinctTriggers(i, j int) bool {
	for k := i + 1; k < j; k++ {
		if s.Jobs[k].Def != s.Jobs[i].Def || s.Jobs[k].Ab != s.Jobs[i].Ab {
			return true
		}
	}
	return false
}

func (s *State) apnap(p int8) int8 { return (p - s.Active + s.N) % s.N }

// ---- targets

// legalTarget reports whether r is a legal target of spec for player you now (7.5).
func (s *State) legalTarget(you int8, src oid, spec *TSpec, r tref) bool {
	switch r.K {
	case tkPlayer:
		if spec.Kind != KPlayer || int(r.ID) >= int(s.N) || s.P[r.ID].Lost {
			return false
		}
		if spec.F.You && int8(r.ID) != you {
			return false
		}
		return !spec.F.Opp || s.opponents(you, int8(r.ID))
	case tkObj:
		ob := &s.O[r.ID]
		if ob.Def == 0 || ob.Gen != r.Gen {
			return false
		}
		d := &s.tab.Defs[ob.Def]
		switch spec.Kind {
		case KCreature:
			if ob.Zone != zField || !d.isCreature() {
				return false
			}
			// The filter first: it often refuses at once, where the keywords walk the modifiers.
			return s.matches(you, src, oid(r.ID), &spec.F) && s.kw(oid(r.ID))&Dissimulation == 0
		case KRequisition:
			return ob.Zone == zStack
		case KGraveCreature:
			if ob.Zone != zGrave || d.Type != TCreature {
				return false
			}
			if spec.F.You && ob.Owner != you {
				return false
			}
			if spec.F.Opp && !s.opponents(you, ob.Owner) {
				return false
			}
			return spec.F.CostMax < 0 || d.Cost <= spec.F.CostMax
		}
	}
	return false
}

// candidates appends the legal targets of spec. below is the item a requisition target must be
// (8.6: the item on top when the counter was announced).
func (s *State) candidates(you int8, src oid, spec *TSpec, below oid, buf []tref) []tref {
	if spec.Kind == KPlayer {
		for p := 0; p < int(s.N); p++ {
			r := tref{K: tkPlayer, ID: uint16(p)}
			if s.legalTarget(you, src, spec, r) {
				buf = append(buf, r)
			}
		}
		return buf
	}
	if spec.Kind == KRequisition {
		if below != 0 && s.O[below].Zone == zStack {
			r := tref{K: tkObj, ID: uint16(below), Gen: s.O[below].Gen}
			if s.isRequisition(below) {
				buf = append(buf, r)
			}
		}
		return buf
	}
	z := targetZone(spec.Kind)
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Zone != z {
			continue // legalTarget would refuse it
		}
		r := tref{K: tkObj, ID: uint16(i), Gen: s.O[i].Gen}
		if s.legalTarget(you, src, spec, r) {
			buf = append(buf, r)
		}
	}
	return buf
}

// targetZone is the zone an object must be in to be a legal target of kind k (legalTarget),
// zNone for the kinds that target no object on a table walk.
func targetZone(k TKind) zone {
	switch k {
	case KCreature:
		return zField
	case KGraveCreature:
		return zGrave
	}
	return zNone
}

func (s *State) isRequisition(o oid) bool {
	for i := 0; i < int(s.NS); i++ {
		it := &s.Stack[i]
		if it.Card == o && it.Ab < 0 && !it.Hero {
			return true
		}
	}
	return false
}

// hasCandidate reports whether spec has a legal target: candidates, stopping at the first.
func (s *State) hasCandidate(you int8, src oid, spec *TSpec, below oid) bool {
	if spec.Kind == KPlayer || spec.Kind == KRequisition {
		var buf [MaxSeats]tref // at most a target per seat, or the one item below
		return len(s.candidates(you, src, spec, below, buf[:0])) > 0
	}
	z := targetZone(spec.Kind)
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Zone == z && s.legalTarget(you, src, spec, tref{K: tkObj, ID: uint16(i), Gen: s.O[i].Gen}) {
			return true
		}
	}
	return false
}

// ---- effect execution

// ctx is what an effect needs to know about its source.
type ctx struct {
	ctrl  int8
	src   oid
	sgen  uint16
	def   uint8
	tg    [2]tref
	specs []TSpec
	req   oid
	rgen  uint16
	dur   Dur
	j     *job
}

func (s *State) srcOn(c *ctx) bool {
	return c.src != 0 && s.O[c.src].Gen == c.sgen && s.O[c.src].Zone == zField
}

// creatures appends the creatures a selector designates now.
func (s *State) creatures(c *ctx, sel *Sel, buf []oid) []oid {
	switch sel.K {
	case SSelf:
		if s.srcOn(c) {
			buf = append(buf, c.src)
		}
	case SEquipped:
		if s.srcOn(c) && s.O[c.src].Attached != 0 {
			buf = append(buf, s.O[c.src].Attached)
		}
	case SRequisitioned:
		if c.req != 0 && s.O[c.req].Gen == c.rgen && s.O[c.req].Zone == zField {
			if sel.Kind == 0 || (s.tab.Defs[s.O[c.req].Def].isCreature() && s.matches(c.ctrl, c.src, c.req, &sel.F)) {
				buf = append(buf, c.req)
			}
		}
	case SAll:
		for i := 1; i < int(s.NO); i++ {
			ob := &s.O[i]
			if ob.Def != 0 && ob.Zone == zField && s.tab.Defs[ob.Def].isCreature() && s.matches(c.ctrl, c.src, oid(i), &sel.F) {
				buf = append(buf, oid(i))
			}
		}
	case STarget:
		if int(sel.T) < len(c.specs) {
			r := c.tg[sel.T]
			if r.K == tkObj && s.legalTarget(c.ctrl, c.src, &c.specs[sel.T], r) {
				buf = append(buf, oid(r.ID))
			}
		}
	}
	return buf
}

// players appends the players a selector designates.
func (s *State) players(c *ctx, sel *Sel, buf []int8) []int8 {
	switch sel.K {
	case SYou:
		buf = append(buf, c.ctrl)
	case SEachOpp, SEachPlayer:
		for p := int8(0); p < s.N; p++ {
			if !s.P[p].Lost && (sel.K == SEachPlayer || s.opponents(c.ctrl, p)) {
				buf = append(buf, p)
			}
		}
	case STarget:
		if int(sel.T) < len(c.specs) {
			r := c.tg[sel.T]
			if r.K == tkPlayer && s.legalTarget(c.ctrl, c.src, &c.specs[sel.T], r) {
				buf = append(buf, int8(r.ID))
			}
		}
	}
	return buf
}

// lifeOf is the life that a player's life changes apply to (16.1: allies share one total).
func (s *State) lifeOf(p int8) *int32 {
	if s.opts.Format == "allied" {
		for q := int8(0); q < s.N; q++ {
			if s.P[q].Team == s.P[p].Team {
				return &s.P[q].Life
			}
		}
	}
	return &s.P[p].Life
}

// exec performs one effect. It returns false when it waits for a decision.
func (s *State) exec(c *ctx, e *Eff) bool {
	var cb [maxObj]oid
	var pb [MaxSeats]int8
	switch e.V {
	case VWound:
		for _, o := range s.creatures(c, &e.A, cb[:0]) {
			s.O[o].Dfn = s.pts(int(s.O[o].Dfn) - int(e.N))
			s.Check = true
			if s.rec != nil {
				s.recDamage(s.srcName(c), o, int(e.N))
			}
		}
		for _, p := range s.players(c, &e.A, pb[:0]) {
			s.addLife(p, -int(e.N))
			s.Check = true
			if s.rec != nil {
				s.recPlayerDamage(s.srcName(c), p, int(e.N))
			}
		}
	case VModify, VGrant:
		d := e.Until
		if d == DurDefault {
			d = c.dur
		}
		for _, o := range s.creatures(c, &e.A, cb[:0]) {
			s.addMod(mod{Tgt: o, TGen: s.O[o].Gen, DS: e.DS, DE: e.DE, KW: e.KW, Dur: d})
			if s.rec != nil {
				s.recMod(c, o, e)
			}
		}
		s.refresh()
	case VMarker:
		n := int(e.N)
		if e.DS < 0 {
			n = -n
		}
		for _, o := range s.creatures(c, &e.A, cb[:0]) {
			s.addMarkers(o, n)
			if s.rec != nil {
				e := s.objEvent(engine.EvCounter, o)
				e.Stat, e.Amount, e.Source = "marker", n, s.srcName(c)
				s.emit(e)
			}
		}
		s.refresh()
	case VCounter:
		return s.counter(c, e)
	case VCreate:
		who := []int8{c.ctrl}
		if e.B.K != SNone {
			who = s.players(c, &e.B, pb[:0])
		}
		for _, p := range who {
			for k := 0; k < int(e.N); k++ {
				s.createToken(e.Token, p)
			}
		}
	case VDraw:
		for _, p := range s.players(c, &e.A, pb[:0]) {
			for k := 0; k < int(e.N); k++ {
				s.draw(p)
			}
		}
	case VTap, VUntap:
		for _, o := range s.creatures(c, &e.A, cb[:0]) {
			s.setTapped(o, e.V == VTap)
		}
	case VDestroy:
		var list []oid
		if e.A.K == SSelf && c.src != 0 && s.O[c.src].Gen == c.sgen && s.O[c.src].Zone == zField && !s.tab.Defs[s.O[c.src].Def].isCreature() {
			if s.rec != nil {
				ev := s.objEvent(engine.EvDestroyed, c.src)
				ev.Source = s.srcName(c)
				s.emit(ev)
			}
			s.move(c.src, zGrave)
			s.refresh()
			break
		}
		list = s.creatures(c, &e.A, cb[:0])
		s.die(list)
	case VResurrect:
		if int(e.A.T) < len(c.specs) {
			r := c.tg[e.A.T]
			if r.K == tkObj && s.legalTarget(c.ctrl, c.src, &c.specs[e.A.T], r) {
				s.enterField(oid(r.ID), c.ctrl)
			}
		}
	case VConfront:
		a := s.creatures(c, &e.A, cb[:0])
		var b2 [maxObj]oid
		b := s.creatures(c, &e.B, b2[:0])
		if len(a) == 1 && len(b) == 1 {
			s.confront(a[0], b[0])
		}
	case VRegenerate:
		for _, o := range s.creatures(c, &e.A, cb[:0]) {
			s.regenerate(o)
		}
	case VGainLife, VLoseLife:
		n := int(e.N)
		if e.V == VLoseLife {
			n = -n
		}
		for _, p := range s.players(c, &e.A, pb[:0]) {
			s.addLife(p, n)
			s.Check = true
			if s.rec != nil {
				s.recLife(s.srcName(c), p, n)
			}
		}
	case VUntapResources:
		for _, p := range s.players(c, &e.A, pb[:0]) {
			left := int(e.N)
			for i := 1; i < int(s.NO) && left > 0; i++ {
				ob := &s.O[i]
				if ob.Def != 0 && ob.Zone == zField && ob.Ctrl == p && s.isResource(oid(i)) && ob.has(fTapped) && !(e.Other && oid(i) == c.src) {
					ob.Flags &^= fTapped
					left--
				}
			}
		}
	}
	return true
}

func (s *State) isResource(o oid) bool {
	t := s.tab.Defs[s.O[o].Def].Type
	return t == TResource || t == TSpecial
}

// setTapped taps or untaps a creature. A creature tapped after blocks leaves the
// confrontation (12.5(a)).
func (s *State) setTapped(o oid, tap bool) {
	ob := &s.O[o]
	if tap {
		if s.Phase == phCombat && (ob.has(fAttacking) || ob.Blocking != 0) {
			ob.Flags |= fLeft
		}
		ob.Flags |= fTapped
	} else {
		ob.Flags &^= fTapped
	}
}

// draw draws one card; an empty library does nothing outside the upkeep (14.5).
func (s *State) draw(p int8) bool {
	t := s.top(p, zLibrary)
	if t == 0 {
		return false
	}
	s.O[t].Zone = zHand
	s.O[t].Seq = s.nextSeq()
	if s.rec != nil {
		s.recMoved(t, s.O[t].Def, p, zLibrary, zHand, 0)
	}
	return true
}

// counter resolves counter(T:requisition[, unless_tap=n]) (8.6, 8.7).
func (s *State) counter(c *ctx, e *Eff) bool {
	var cb [maxObj]oid
	list := s.targetObjs(c, &e.A, cb[:0])
	if len(list) == 0 {
		return true
	}
	o := list[0]
	idx := -1
	for i := 0; i < int(s.NS); i++ {
		if s.Stack[i].Card == o && s.Stack[i].Ab < 0 && !s.Stack[i].Hero {
			idx = i
		}
	}
	if idx < 0 {
		return true
	}
	victim := s.Stack[idx].Ctrl
	if e.UnlessTap > 0 && s.untappedResources(victim) >= int(e.UnlessTap) {
		if c.j.Yes == 0 {
			s.Pend = pend{K: pUnless, Seat: victim, N: e.UnlessTap}
			return false
		}
		if c.j.Yes == 1 {
			s.tapResources(victim, int(e.UnlessTap))
			c.j.Yes = 0
			return true
		}
		c.j.Yes = 0
	}
	copy(s.Stack[idx:s.NS], s.Stack[idx+1:s.NS])
	s.NS--
	s.Stack[s.NS] = item{}
	if s.rec != nil {
		ev := s.objEvent(EvCountered, o)
		ev.Source = s.srcName(c)
		s.emit(ev)
	}
	s.move(o, zGrave)
	return true
}

// targetObjs returns the objects of a target selector that are still legal.
func (s *State) targetObjs(c *ctx, sel *Sel, buf []oid) []oid {
	if sel.K != STarget || int(sel.T) >= len(c.specs) {
		return buf
	}
	r := c.tg[sel.T]
	if r.K == tkObj && s.legalTarget(c.ctrl, c.src, &c.specs[sel.T], r) {
		buf = append(buf, oid(r.ID))
	}
	return buf
}

func (s *State) untappedResources(p int8) int {
	n := 0
	for i := 1; i < int(s.NO); i++ {
		ob := &s.O[i]
		if ob.Def != 0 && ob.Zone == zField && ob.Ctrl == p && !ob.has(fTapped) && s.isResource(oid(i)) {
			n++
		}
	}
	return n
}

// tapResources taps n untapped resources of p, basic ones first (the 8.7 tax: which ones
// does not matter, 9.6).
func (s *State) tapResources(p int8, n int) {
	for pass := 0; pass < 2 && n > 0; pass++ {
		for i := 1; i < int(s.NO) && n > 0; i++ {
			ob := &s.O[i]
			if ob.Def != 0 && ob.Zone == zField && ob.Ctrl == p && !ob.has(fTapped) && s.isResource(oid(i)) &&
				(pass == 1 || s.tab.Defs[ob.Def].Type == TResource) {
				ob.Flags |= fTapped
				n--
			}
		}
	}
}

// confront performs one exchange outside combat (13.1).
func (s *State) confront(x, y oid) {
	ox, oy := &s.O[x], &s.O[y]
	if ox.Zone != zField || oy.Zone != zField || ox.Dfn <= 0 || oy.Dfn <= 0 {
		return
	}
	ax, ay := s.kw(x)&Agility != 0, s.kw(y)&Agility != 0
	switch {
	case ax && !ay:
		s.strike(x, y)
		if oy.Dfn > 0 {
			s.strike(y, x)
		}
	case ay && !ax:
		s.strike(y, x)
		if ox.Dfn > 0 {
			s.strike(x, y)
		}
	default:
		s.exchange(x, y, true, true)
	}
	s.Check = true
}

// strike: x deals min(atk x, def y) wounds to y and spends that atk (6.9).
func (s *State) strike(x, y oid) {
	ox, oy := &s.O[x], &s.O[y]
	if ox.Dfn <= 0 || ox.Atk <= 0 || oy.Dfn <= 0 {
		return
	}
	w := min(ox.Atk, oy.Dfn)
	ox.Atk -= w
	oy.Dfn -= w
	if s.rec != nil {
		s.recDamage(s.nameOf(x), y, int(w))
	}
}

// exchange: x and y deal wounds at the same time from the values before (12.7.1); dx and dy
// say which of them deal wounds.
func (s *State) exchange(x, y oid, dx, dy bool) {
	ox, oy := &s.O[x], &s.O[y]
	var wx, wy int16
	if dx && ox.Atk > 0 && ox.Dfn > 0 && oy.Dfn > 0 {
		wx = min(ox.Atk, oy.Dfn)
	}
	if dy && oy.Atk > 0 && oy.Dfn > 0 && ox.Dfn > 0 {
		wy = min(oy.Atk, ox.Dfn)
	}
	ox.Atk -= wx
	oy.Dfn -= wx
	oy.Atk -= wy
	ox.Dfn -= wy
	if s.rec != nil {
		if wx > 0 {
			s.recDamage(s.nameOf(x), y, int(wx))
		}
		if wy > 0 {
			s.recDamage(s.nameOf(y), x, int(wy))
		}
	}
}
