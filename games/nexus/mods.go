package nexus

// stats returns a creature's strength, endurance and keywords (6.2): printed values plus
// markers plus every modifier that applies now.
func (s *State) stats(o oid) (S, E int, kw KW) {
	ob := &s.O[o]
	d := &s.tab.Defs[ob.Def]
	S, E, kw = int(d.S)+int(ob.Markers), int(d.E)+int(ob.Markers), d.KW
	for i := 0; i < int(s.NM); i++ {
		m := &s.Mods[i]
		if m.Tgt == o && m.TGen == ob.Gen {
			S += int(m.DS)
			E += int(m.DE)
			kw |= m.KW
		}
	}
	return
}

func (s *State) kw(o oid) KW {
	_, _, k := s.stats(o)
	return k
}

// capPoints applies 6.6: atk <= S, def <= E, atk >= 0.
func (s *State) capPoints(o oid) {
	S, E, _ := s.stats(o)
	ob := &s.O[o]
	if int(ob.Atk) > S {
		ob.Atk = s.pts(S)
	}
	if ob.Atk < 0 {
		ob.Atk = 0
	}
	if int(ob.Dfn) > E {
		ob.Dfn = s.pts(E)
	}
}

// addMod starts a modifier: S/E and atk/def change by its amounts (6.5).
func (s *State) addMod(m mod) {
	if int(s.NM) == len(s.Mods) {
		s.Mods = grown(s.Mods)
	}
	s.Mods[s.NM] = m
	s.NM++
	ob := &s.O[m.Tgt]
	ob.Atk = s.pts(int(ob.Atk) + int(m.DS))
	ob.Dfn = s.pts(int(ob.Dfn) + int(m.DE))
	s.capPoints(m.Tgt)
	s.Check = true
}

// removeMod ends modifier i: only S/E change back (6.7), unless variant V2.
func (s *State) removeMod(i int) {
	m := s.Mods[i]
	copy(s.Mods[i:s.NM], s.Mods[i+1:s.NM])
	s.NM--
	s.Mods[s.NM] = mod{}
	ob := &s.O[m.Tgt]
	if ob.Gen != m.TGen || ob.Zone != zField {
		return
	}
	if s.opts.SymmetricExpiry {
		ob.Atk = s.pts(int(ob.Atk) - int(m.DS))
		ob.Dfn = s.pts(int(ob.Dfn) - int(m.DE))
	}
	s.capPoints(m.Tgt)
	s.Check = true
}

// expire ends the modifiers of duration d (end of phase or turn, 11.6-11.7).
func (s *State) expire(d Dur) {
	for i := int(s.NM) - 1; i >= 0; i-- {
		if s.Mods[i].Dur == d {
			s.removeMod(i)
		}
	}
}

// dropMods forgets the modifiers on an object that left the field (no point changes).
func (s *State) dropMods(o oid) {
	g := s.O[o].Gen
	for i := int(s.NM) - 1; i >= 0; i-- {
		m := &s.Mods[i]
		if m.Tgt == o && m.TGen == g {
			copy(s.Mods[i:s.NM], s.Mods[i+1:s.NM])
			s.NM--
			s.Mods[s.NM] = mod{}
		}
	}
}

// addMarkers puts n net +1/+1 markers (negative: -1/-1) on a creature (6.10, 6.5).
func (s *State) addMarkers(o oid, n int) {
	ob := &s.O[o]
	ob.Markers = s.pts(int(ob.Markers) + n)
	ob.Atk = s.pts(int(ob.Atk) + n)
	ob.Dfn = s.pts(int(ob.Dfn) + n)
	s.capPoints(o)
	s.Check = true
}

func (s *State) regenerate(o oid) {
	S, E, _ := s.stats(o)
	s.O[o].Atk, s.O[o].Dfn = s.pts(max(S, 0)), s.pts(E)
}

// staticApplies reports whether static ability ab of source src applies to creature t.
func (s *State) staticApplies(src oid, ab *Ab, t oid) bool {
	to := &s.O[t]
	if to.Zone != zField || !s.tab.Defs[to.Def].isCreature() {
		return false
	}
	return s.staticReaches(nil, src, ab, t)
}

// staticReaches is staticApplies for a creature t on the field. field lists the objects on
// the field, or is nil (matchesIn).
func (s *State) staticReaches(field []oid, src oid, ab *Ab, t oid) bool {
	so := &s.O[src]
	if ab.Kind == AEquipped {
		return so.Attached == t
	}
	return s.matchesIn(field, so.Ctrl, src, t, &ab.Subject.F)
}

// matches checks a filter for creature t from the point of view of player you and source src.
func (s *State) matches(you int8, src, t oid, f *Filter) bool {
	return s.matchesIn(nil, you, src, t, f)
}

// matchesIn is matches given the objects on the field when the caller has listed them
// (fieldObjs), else nil: "equipped" then walks that list instead of the whole object table.
func (s *State) matchesIn(field []oid, you int8, src, t oid, f *Filter) bool {
	to := &s.O[t]
	if f.You && to.Ctrl != you {
		return false
	}
	if f.Opp && !s.opponents(you, to.Ctrl) {
		return false
	}
	if f.Other && t == src {
		return false
	}
	if f.Token && !to.has(fToken) {
		return false
	}
	if f.Equipped && !s.equippedIn(field, t) {
		return false
	}
	if f.KW != 0 && s.kwExcept(t, src)&f.KW != f.KW {
		return false
	}
	if f.CostMax >= 0 && s.tab.Defs[to.Def].Cost > f.CostMax {
		return false
	}
	return true
}

// kwExcept is t's keywords, leaving out the static contributions of src (a static whose
// subject is filtered on a keyword must not feed itself).
func (s *State) kwExcept(t, src oid) KW {
	ob := &s.O[t]
	kw := s.tab.Defs[ob.Def].KW
	for i := 0; i < int(s.NM); i++ {
		m := &s.Mods[i]
		if m.Tgt == t && m.TGen == ob.Gen && !(m.Dur == DurStatic && m.Src == src) {
			kw |= m.KW
		}
	}
	return kw
}

// equippedIn reports whether an equipment on the field is attached to t; field lists the
// objects on the field (in any order: only whether one exists matters), or is nil.
func (s *State) equippedIn(field []oid, t oid) bool {
	if field != nil {
		for _, i := range field {
			if o := &s.O[i]; o.Attached == t && s.tab.Defs[o.Def].Type == TEquipment {
				return true
			}
		}
		return false
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == zField && o.Attached == t && s.tab.Defs[o.Def].Type == TEquipment {
			return true
		}
	}
	return false
}

// refresh brings the static and equipment modifiers up to date: contributions that stopped
// applying are removed (6.7) and new ones start (6.5). It reports whether the modifiers
// settled: its last pass changed nothing, so that a new call on the same objects and
// modifiers would change nothing either.
//
// Sources and targets are both objects on the field. refresh only adds and removes modifiers
// (points and keywords change, no object changes zone, controller or attachment), so the
// field is listed once per call and the passes walk that list instead of the whole object
// table: the same sources and targets, in the same (id) order.
func (s *State) refresh() (settled bool) {
	var fb, cb [maxObj]oid
	field := s.fieldObjs(fb[:0])
	creatures := cb[:0] // the targets a static can reach (staticApplies)
	for _, o := range field {
		if s.def(o).isCreature() {
			creatures = append(creatures, o)
		}
	}
	for pass := 0; pass < 3; pass++ {
		changed := false
		for i := int(s.NM) - 1; i >= 0; i-- {
			m := &s.Mods[i]
			if m.Dur != DurStatic {
				continue
			}
			so := &s.O[m.Src]
			ok := so.Gen == m.SGen && so.Zone == zField && s.O[m.Tgt].Gen == m.TGen && s.O[m.Tgt].Zone == zField
			if ok {
				ab := &s.tab.Defs[so.Def].Abs[m.SAb]
				ok = s.staticApplies(m.Src, ab, m.Tgt)
			}
			if !ok {
				s.removeMod(i)
				changed = true
			}
		}
		for _, src := range field {
			so := &s.O[src]
			d := &s.tab.Defs[so.Def]
			if !d.HasStatic {
				continue
			}
			for ai := range d.Abs {
				ab := &d.Abs[ai]
				if ab.Kind != AStatic && ab.Kind != AEquipped {
					continue
				}
				if d.Type != TEquipment && ab.Kind == AEquipped {
					continue
				}
				for _, t := range creatures {
					if !s.staticReaches(field, src, ab, t) || s.hasStatic(src, uint8(ai), t) {
						continue
					}
					s.addMod(mod{Tgt: t, TGen: s.O[t].Gen, Src: src, SGen: so.Gen, SAb: uint8(ai),
						DS: ab.DS, DE: ab.DE, KW: ab.KW, Dur: DurStatic})
					changed = true
				}
			}
		}
		if !changed {
			return true
		}
	}
	return false
}

func (s *State) hasStatic(src oid, ab uint8, t oid) bool {
	for i := 0; i < int(s.NM); i++ {
		m := &s.Mods[i]
		if m.Dur == DurStatic && m.Src == src && m.SAb == ab && m.Tgt == t && m.SGen == s.O[src].Gen && m.TGen == s.O[t].Gen {
			return true
		}
	}
	return false
}
