package nexus

// runJob advances the first queued job; it leaves it queued while it waits for a decision.
func (s *State) runJob() {
	j := &s.Jobs[0]
	done := true
	switch j.K {
	case jResolve:
		done = s.resolve(j)
	case jTrigger, jLinked:
		done = s.runPassive(j)
	case jLinkOrder:
		done = s.linkOrder(j)
	case jTrigOrder:
		n := int(j.Step)
		if n >= 2 && n < int(s.NJ) && s.distinctTriggers(1, n+1) {
			s.Pend = pend{K: pTrigOrder, Seat: j.Ctrl}
			done = false
		}
	case jDivision:
		d := &s.tab.Defs[j.Def]
		for k := 0; k < int(d.DivN); k++ {
			s.createToken(d.DivTok, j.Ctrl)
		}
	}
	if done && s.NJ > 0 {
		s.dropJob(0)
	}
}

// itemDef is the definition behind a stack item, and the ability that resolves (nil for a
// creature or equipment requisition).
func (s *State) itemAb(it *item) (*Def, *Ab) {
	if it.PDef != 0 {
		d := &s.tab.Defs[it.PDef]
		return d, &d.Abs[it.Ab]
	}
	if it.Hero {
		d := &s.tab.Defs[s.P[it.Ctrl].Hero]
		return d, &d.Abs[it.Ab]
	}
	d := &s.tab.Defs[s.O[it.Card].Def]
	if it.Ab >= 0 {
		return d, &d.Abs[it.Ab]
	}
	if d.Type == TInstant {
		return d, d.first(AResolve)
	}
	return d, nil
}

var equipTarget = []TSpec{{Kind: KCreature, F: Filter{CostMax: -1}}}

// itemSpecs are the targets a stack item chose.
func (s *State) itemSpecs(it *item) []TSpec {
	d, ab := s.itemAb(it)
	if ab != nil {
		return ab.Targets
	}
	if d.Type == TEquipment {
		return equipTarget
	}
	return nil
}

// resolve resolves a stack item (8.5, 7.6).
func (s *State) resolve(j *job) bool {
	it := &j.It
	d, ab := s.itemAb(it)
	specs := s.itemSpecs(it)
	req := it.Ab < 0 && !it.Hero
	c := ctx{ctrl: it.Ctrl, tg: it.Tg, specs: specs, j: j, dur: DurTurn}
	if it.PDef != 0 {
		c.src, c.sgen, c.def, c.req, c.rgen, c.dur = it.Card, it.Gen, it.PDef, it.Req, it.ReqGen, it.PDur
	} else if req {
		c.dur = DurPhase
		if s.opts.InstantTurn {
			c.dur = DurTurn
		}
	} else if !it.Hero {
		c.src, c.sgen, c.def = it.Card, it.Gen, s.O[it.Card].Def
	}
	if s.rec != nil && c.def == 0 { // the source events name (events.go)
		c.def = s.P[it.Ctrl].Hero
		if !it.Hero {
			c.def = s.O[it.Card].Def
		}
	}
	if j.Step == 0 {
		illegal := 0
		for i := range specs {
			if !s.legalTarget(it.Ctrl, c.src, &specs[i], it.Tg[i]) {
				illegal++
			}
		}
		if len(specs) > 0 && illegal == len(specs) { // fizzle (7.6)
			if req {
				s.move(it.Card, zGrave)
			}
			return true
		}
		j.Fizz = illegal > 0
		j.Step = 1
	}
	if ab != nil {
		for ei := int(j.Step) - 1; ei < len(ab.Effs); ei++ {
			if !s.exec(&c, &ab.Effs[ei]) {
				j.Step = uint32(ei + 1)
				return false
			}
			j.Step = uint32(ei + 2)
		}
	}
	if !req {
		return true
	}
	card := it.Card
	switch d.Type {
	case TInstant:
		s.move(card, zGrave)
	case TCreature:
		s.enterField(card, it.Ctrl)
	case TEquipment:
		t := it.Tg[0]
		if !s.legalTarget(it.Ctrl, 0, &equipTarget[0], t) {
			s.move(card, zGrave)
			return true
		}
		owner := s.O[t.ID].Ctrl
		s.O[card].Owner = owner // 4.3.4
		s.enterField(card, owner)
		s.O[card].Attached = oid(t.ID)
		s.refresh()
	}
	if j.Fizz {
		return true // 9.3: no Affinity or Dissonance
	}
	if it.NL > 0 {
		s.pushJob(job{K: jLinkOrder, Def: s.O[card].Def, Ctrl: it.Ctrl, Req: card, ReqGen: s.O[card].Gen,
			It: item{Linked: it.Linked, NL: it.NL}})
	}
	return true
}

// linkOrder runs a jLinkOrder job: with one resource left it happens next; with several, the
// controller chooses which happens first. The chosen one runs as a job put before this one.
func (s *State) linkOrder(j *job) bool {
	switch j.It.NL {
	case 0:
		return true
	case 1:
		s.takeLinked(0)
		return false
	}
	s.Pend = pend{K: pLinkOrder, Seat: j.Ctrl}
	return false
}

// takeLinked starts the k-th remaining linked resource of the jLinkOrder job at the queue's
// front: its Affinity (same faction as the requisitioned card) or Dissonance (9.2).
func (s *State) takeLinked(k int) {
	j := &s.Jobs[0]
	r := j.It.Linked[k]
	copy(j.It.Linked[k:], j.It.Linked[k+1:])
	j.It.NL--
	rd := &s.tab.Defs[s.O[r].Def]
	req := &s.tab.Defs[j.Def]
	nj := job{K: jLinked, Def: s.O[r].Def, Src: r, SGen: s.O[r].Gen, Ctrl: s.O[r].Ctrl,
		Req: j.Req, ReqGen: j.ReqGen, Aff: rd.Faction != 0 && rd.Faction == req.Faction}
	if s.rec != nil {
		word := "dissonance"
		if nj.Aff {
			word = "affinity"
		}
		s.recTrigger(r, nj.Def, nj.Ctrl, -1, word)
	}
	s.insertJob(0, nj)
}

// passiveAb is the ability a trigger or linked-resource job runs.
func (s *State) passiveAb(j *job) *Ab {
	d := &s.tab.Defs[j.Def]
	if j.K == jTrigger {
		return &d.Abs[j.Ab]
	}
	if j.Aff {
		return d.first(AAffinity)
	}
	return d.first(ADissonance)
}

// runPassive runs a triggered passive (7.3(b)) or an Affinity/Dissonance (9.2): Step 0 asks
// whether to use an Affinity, Step 1 chooses targets, then the effects happen.
func (s *State) runPassive(j *job) bool {
	ab := s.passiveAb(j)
	if ab == nil || (j.K == jLinked && j.Yes == 2) {
		return true
	}
	c := ctx{ctrl: j.Ctrl, src: j.Src, sgen: j.SGen, def: j.Def, specs: ab.Targets, req: j.Req, rgen: j.ReqGen, j: j, dur: DurPhase}
	if j.K == jTrigger {
		c.dur = DurTurn
	}
	if j.Step == 0 {
		for i := range ab.Targets {
			if !s.hasCandidate(j.Ctrl, j.Src, &ab.Targets[i], 0) {
				return true // no legal target: it does nothing
			}
		}
		if j.K == jLinked && j.Aff {
			// An Affinity with targets is asked as its first target, with skip to decline;
			// one without targets as yes or no (9.2).
			if j.Yes == 2 {
				return true
			}
			if j.Yes == 0 && (len(ab.Targets) == 0 || s.opts.TriggersOnStack) {
				s.Pend = pend{K: pAffinity, Seat: j.Ctrl}
				return false
			}
		}
		j.Step = 1
		if s.opts.TriggersOnStack {
			// Variant V4: it goes on the stack; its targets are chosen now, then priority.
			ai := 0
			for k := range s.tab.Defs[j.Def].Abs {
				if &s.tab.Defs[j.Def].Abs[k] == ab {
					ai = k
				}
			}
			s.pushItem(item{Card: j.Src, Gen: j.SGen, Ab: int8(ai), Ctrl: j.Ctrl, PDef: j.Def, PDur: c.dur, Req: j.Req, ReqGen: j.ReqGen})
			s.Pend = pend{K: pTarget, Seat: j.Ctrl}
			s.continueAnnounce(j.Ctrl)
			return true
		}
	}
	if j.Step == 1 {
		for int(j.NT) < len(ab.Targets) {
			var buf [maxObj]tref
			cands := s.candidates(j.Ctrl, j.Src, &ab.Targets[j.NT], 0, buf[:0])
			optional := j.K == jLinked && j.Aff && j.NT == 0
			switch {
			case len(cands) == 0:
				return true
			case len(cands) == 1 && !optional:
				j.Tg[j.NT] = cands[0]
				j.NT++
			default:
				s.Pend = pend{K: pJobTarget, Seat: j.Ctrl, I: j.NT}
				if optional {
					s.Pend.N = 1 // skip is an answer
				}
				return false
			}
		}
		j.Step = 2
	}
	c.tg = j.Tg
	for ei := int(j.Step) - 2; ei < len(ab.Effs); ei++ {
		if !s.exec(&c, &ab.Effs[ei]) {
			j.Step = uint32(ei + 2)
			return false
		}
		j.Step = uint32(ei + 3)
	}
	return true
}

// trigIndex is the position (1..n) of a queued passive of source o in the group being
// ordered, or -1.
func (s *State) trigIndex(o oid) int {
	if s.NJ == 0 || s.Jobs[0].K != jTrigOrder {
		return -1
	}
	for k := 1; k <= int(s.Jobs[0].Step) && k < int(s.NJ); k++ {
		if s.Jobs[k].Src == o {
			return k
		}
	}
	return -1
}

// takeTrigger moves the k-th passive of the group to the front: it happens next.
func (s *State) takeTrigger(k int) {
	t := s.Jobs[k]
	copy(s.Jobs[1:k+1], s.Jobs[0:k])
	s.Jobs[0] = t
	s.Jobs[1].Step--
}
