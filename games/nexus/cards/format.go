package cards

import (
	"fmt"
	"strings"
)

// Format writes the ability back in the canonical text of grammar C.2: a target slot is
// declared (T:kind[filter]) where it is first used and written bare afterwards; a change lists
// its delta before its gained keywords. ParseAbility(a.Format()) gives back a (but Text). The
// starter set is written in this canonical form, so Format returns its Text.
func (a Ability) Format() string {
	f := formatter{ab: &a}
	var b strings.Builder
	switch a.Kind {
	case Static:
		b.WriteString("static: " + f.sel(a.Subject) + " " + formatChange(a.Change))
		return b.String()
	case Equipped:
		return "equipped: " + formatChange(a.Change)
	case Trigger:
		b.WriteString("when " + a.Event.String())
		if a.EventOther {
			b.WriteString("[other]")
		}
	case Active:
		fmt.Fprintf(&b, "active(%d)", a.Cost)
		if a.Name != "" {
			b.WriteString(` "` + a.Name + `"`)
		}
	default:
		b.WriteString(a.Kind.String())
	}
	b.WriteString(": ")
	for i, e := range a.Effects {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(f.effect(e))
	}
	return b.String()
}

type formatter struct {
	ab       *Ability
	declared []bool
}

func formatDelta(ds, de int) string { return fmt.Sprintf("%+d/%+d", ds, de) }

func formatChange(c Change) string {
	var parts []string
	if c.DS != 0 || c.DE != 0 {
		parts = append(parts, formatDelta(c.DS, c.DE))
	}
	for _, k := range c.Gains.List() {
		parts = append(parts, "gains "+k.String())
	}
	return strings.Join(parts, ", ")
}

func kindFilter(obj ObjKind, f Filter) string {
	s := obj.String()
	if q := f.String(); q != "" {
		s += "[" + q + "]"
	}
	return s
}

func (f *formatter) sel(s Selector) string {
	switch s.Kind {
	case SelRequisitioned:
		out := "REQUISITIONED"
		if s.Obj != ObjAny {
			out += ":" + s.Obj.String()
		}
		if q := s.Filter.String(); q != "" {
			out += "[" + q + "]"
		}
		return out
	case SelAll:
		return "ALL:" + kindFilter(s.Obj, s.Filter)
	case SelTarget:
		if s.Slot < 0 || s.Slot >= len(f.ab.Targets) {
			return fmt.Sprintf("T?%d", s.Slot)
		}
		if f.declared == nil {
			f.declared = make([]bool, len(f.ab.Targets))
		}
		t := f.ab.Targets[s.Slot]
		if f.declared[s.Slot] {
			return t.Name
		}
		f.declared[s.Slot] = true
		return t.Name + ":" + kindFilter(t.Obj, t.Filter)
	}
	return s.Kind.String()
}

func (f *formatter) effect(e Effect) string {
	args := []string{}
	n := fmt.Sprint(e.N)
	switch e.Verb {
	case Wound, Draw, GainLife, LoseLife:
		args = append(args, f.sel(e.Sel), n)
	case Modify:
		args = append(args, f.sel(e.Sel), formatDelta(e.Delta.DS, e.Delta.DE))
	case Grant:
		args = append(args, f.sel(e.Sel), e.Keyword.String())
	case Marker:
		args = append(args, f.sel(e.Sel), formatDelta(e.Delta.DS, e.Delta.DE), n)
	case Counter:
		args = append(args, f.sel(e.Sel))
		if e.UnlessTap > 0 {
			args = append(args, fmt.Sprintf("unless_tap=%d", e.UnlessTap))
		}
	case Create:
		args = append(args, e.Token, n)
		if e.For.Kind != SelNone {
			args = append(args, "for="+f.sel(e.For))
		}
	case Confront:
		args = append(args, f.sel(e.Sel), f.sel(e.Sel2))
	case UntapResources:
		args = append(args, f.sel(e.Sel), n)
		if e.Other {
			args = append(args, "other")
		}
	default: // tap, untap, destroy, resurrect, regenerate
		args = append(args, f.sel(e.Sel))
	}
	if e.Until != UntilDefault {
		args = append(args, "until="+e.Until.String())
	}
	return e.Verb.String() + "(" + strings.Join(args, ", ") + ")"
}
