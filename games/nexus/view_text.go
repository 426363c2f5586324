package nexus

import (
	"fmt"
	"strings"
)

// Text renders the view for a terminal: phase and step, whose priority, life totals, each
// creature as "Name S/E (atk,def)" with markers, equipment, tapped and arrived marks, the
// resources, and the stack. It shows only what the view's seat may know. An object in a
// public zone whose name another public object shares is written "Name #N" (numbers.go), as
// the actions name it.
func (v *View) Text() string {
	s := v.st
	var b strings.Builder
	phase := phaseNames[s.Phase]
	if s.Phase == phCombat {
		phase += " / " + stepNames[s.Step]
	}
	fmt.Fprintf(&b, "Turn %d, %s's turn, %s", s.Turn, s.SeatName(seatOf(s.Active)), phase)
	if s.Pend.K != pNone && !s.Done {
		fmt.Fprintf(&b, "; %s: %s", s.SeatName(seatOf(s.Pend.Seat)), s.pendWord())
	}
	b.WriteString("\n")
	allKept, swapping := true, false
	for p := int8(0); p < s.N; p++ {
		allKept = allKept && s.P[p].Kept
		swapping = swapping || s.P[p].Swaps
	}
	for p := int8(0); p < s.N; p++ {
		pl := &s.P[p]
		sees := v.seat >= 0 && (int8(v.seat) == p || (s.opts.Format == "allied" && !s.opponents(int8(v.seat), p)))
		hero := "(secret hero)"
		if pl.Revealed || sees {
			hero = s.tab.Defs[pl.Hero].Name
			if pl.Hero == 0 {
				hero = "(no hero: swap one in)"
			}
		}
		status := ""
		if pl.Lost {
			status = " LOST"
		}
		fmt.Fprintf(&b, "\n%s%s — %s", s.SeatName(seatOf(p)), status, hero)
		if pl.Revealed {
			fmt.Fprintf(&b, ", life %d", *s.lifeOf(p))
		} else {
			b.WriteString(", life set when the heroes are revealed (SN 10.4)")
		}
		if allKept || sees {
			fmt.Fprintf(&b, ", hand %d, library %d", s.count(p, zHand), s.count(p, zLibrary))
		}
		if swapping && !sees {
			b.WriteString(", resource pile ?\n")
		} else {
			fmt.Fprintf(&b, ", resource pile %d\n", s.count(p, zPile))
		}
		if v.seat >= 0 && int8(v.seat) == p && pl.NR > 0 {
			fmt.Fprintf(&b, "  reserve: %s\n", listOrNone(s.ReserveOf(seatOf(p))))
		}
		if sees {
			fmt.Fprintf(&b, "  hand: %s\n", listOrNone(s.names(p, zHand)))
		}
		var res []string
		for _, o := range s.objs(p, zField) {
			if s.isResource(o) {
				n := s.nameOf(o)
				if s.O[o].has(fTapped) {
					n += " (tapped)"
				}
				res = append(res, n)
			}
		}
		fmt.Fprintf(&b, "  resources: %s\n", listOrNone(res))
		for _, o := range s.objs(p, zField) {
			if !s.tab.Defs[s.O[o].Def].isCreature() {
				continue
			}
			fmt.Fprintf(&b, "  %s\n", s.creatureLine(o))
		}
		if g := s.names(p, zGrave); len(g) > 0 {
			fmt.Fprintf(&b, "  graveyard: %s\n", strings.Join(g, ", "))
		}
		if e := s.names(p, zExile); len(e) > 0 {
			fmt.Fprintf(&b, "  exile: %s\n", strings.Join(e, ", "))
		}
	}
	if s.NS > 0 {
		b.WriteString("\nStack (top first):\n")
		for i := int(s.NS) - 1; i >= 0; i-- {
			it := &s.Stack[i]
			fmt.Fprintf(&b, "  %s (%s)", s.itemLabel(it), s.SeatName(seatOf(it.Ctrl)))
			for k := 0; k < int(it.NT); k++ {
				if it.Tg[k].K == tkPlayer {
					fmt.Fprintf(&b, " -> %s", s.SeatName(seatOf(int8(it.Tg[k].ID))))
				} else {
					fmt.Fprintf(&b, " -> %s", s.refName(oid(it.Tg[k].ID)))
				}
			}
			b.WriteString("\n")
		}
	}
	if s.Done {
		if f := s.Fault(); f != "" {
			fmt.Fprintf(&b, "\nGame over, with no winner: %s.\n", f)
		} else if w := s.Winners(); len(w) > 0 {
			fmt.Fprintf(&b, "\nGame over: %s won.\n", s.SeatName(w[0]))
		} else {
			b.WriteString("\nGame over: a draw.\n")
		}
	}
	return b.String()
}

func (s *State) creatureLine(o oid) string {
	ob := &s.O[o]
	line := s.creatureText(o)
	if ob.Markers > 0 {
		line += fmt.Sprintf(" [%d +1/+1]", ob.Markers)
	} else if ob.Markers < 0 {
		line += fmt.Sprintf(" [%d -1/-1]", -ob.Markers)
	}
	kw := s.kw(o)
	var k []string
	for i, n := range kwNames {
		if kw&(1<<i) != 0 {
			k = append(k, n)
		}
	}
	if len(k) > 0 {
		line += " {" + strings.Join(k, ", ") + "}"
	}
	for e := 1; e < int(s.NO); e++ {
		if s.O[e].Def != 0 && s.O[e].Zone == zField && s.O[e].Attached == o {
			line += " +" + s.nameOf(oid(e))
		}
	}
	if ob.has(fToken) {
		line += " (token)"
	}
	if ob.has(fTapped) {
		line += " (tapped)"
	}
	if ob.has(fArrived) {
		line += " (arrived)"
	}
	if ob.has(fAttacking) {
		line += " attacking " + s.SeatName(seatOf(ob.Target))
	}
	if ob.Blocking != 0 {
		line += " blocking " + s.nameOf(ob.Blocking)
	}
	return line
}

func listOrNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}
