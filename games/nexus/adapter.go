package nexus

import (
	"fmt"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
)

// Compile turns a card catalog into the engine's Table. Def index = Card.Index + 1.
func Compile(cat *cards.Catalog) (*Table, error) {
	if cat.Len() > 254 {
		return nil, fmt.Errorf("nexus: the catalog has %d cards; the engine holds at most 254", cat.Len())
	}
	t := &Table{Defs: make([]Def, cat.Len()+1), byName: map[string]uint8{}, cat: cat}
	for _, c := range cat.All() {
		d := Def{ID: c.ID, Name: c.Name, Faction: uint8(c.Faction), Cost: int8(c.Cost), S: int8(c.S), E: int8(c.E),
			Life: int16(c.Life), KW: KW(c.Keywords), Limit: int8(max(-1, min(c.Limit, 100)))}
		switch c.Type {
		case cards.Creature:
			d.Type = TCreature
		case cards.Instant:
			d.Type = TInstant
		case cards.Equipment:
			d.Type = TEquipment
		case cards.Hero:
			d.Type = THero
		case cards.Resource:
			d.Type = TResource
		case cards.SpecialResource:
			d.Type = TSpecial
		case cards.Token:
			d.Type = TToken
		}
		if c.Division != nil {
			tk := cat.Token(c.Division.Token)
			if tk == nil {
				return nil, fmt.Errorf("nexus: %s: Division names unknown token %q", c.Name, c.Division.Token)
			}
			d.DivTok, d.DivN = uint8(tk.Index+1), int8(c.Division.N)
		}
		actives := 0
		for _, a := range c.Abilities {
			if a.Kind == cards.Active {
				actives++
			}
		}
		// An action names an ability by its index in 4 bits, and its text by its card's name
		// ("activate NAME"): more would be abilities no player could use.
		if len(c.Abilities) > 16 || actives > 1 {
			return nil, fmt.Errorf("nexus: %s: %d abilities, %d of them active: the engine holds at most 16, one of them active", c.Name, len(c.Abilities), actives)
		}
		for _, a := range c.Abilities {
			ab, err := compileAb(cat, &a)
			if err != nil {
				return nil, fmt.Errorf("nexus: %s: %w", c.Name, err)
			}
			d.Abs = append(d.Abs, ab)
			d.HasStatic = d.HasStatic || ab.Kind == AStatic || ab.Kind == AEquipped
		}
		t.Defs[c.Index+1] = d
		t.byName[engine.FoldName(c.Name)] = uint8(c.Index + 1)
		for _, n := range c.Names {
			t.byName[engine.FoldName(n)] = uint8(c.Index + 1)
		}
	}
	return t, nil
}

func compileAb(cat *cards.Catalog, a *cards.Ability) (Ab, error) {
	ab := Ab{Cost: int8(a.Cost), Name: a.Name, Subject: compileSel(a.Subject), DS: int8(a.Change.DS), DE: int8(a.Change.DE), KW: KW(a.Change.Gains)}
	switch a.Kind {
	case cards.Static:
		ab.Kind = AStatic
	case cards.Equipped:
		ab.Kind = AEquipped
	case cards.Trigger:
		ab.Kind = ATrigger
	case cards.Active:
		ab.Kind = AActive
	case cards.Resolve:
		ab.Kind = AResolve
	case cards.Affinity:
		ab.Kind = AAffinity
	case cards.Dissonance:
		ab.Kind = ADissonance
	}
	switch a.Event {
	case cards.Arrives:
		ab.Event = EvArrives
	case cards.Dies:
		ab.Event = EvDies
	case cards.DealsWoundsToPlayer:
		ab.Event = EvDealsWoundsToPlayer
	case cards.CreatureYouControlDies:
		ab.Event = EvOwnCreatureDies
	}
	if len(a.Targets) > len(item{}.Tg) {
		return ab, fmt.Errorf("%d targets in one ability (T, T1 and T2): the engine holds at most %d", len(a.Targets), len(item{}.Tg))
	}
	for _, ts := range a.Targets {
		ab.Targets = append(ab.Targets, TSpec{Kind: TKind(ts.Obj), F: compileFilter(ts.Filter)})
	}
	for _, e := range a.Effects {
		ef := Eff{V: Verb(e.Verb + 1), A: compileSel(e.Sel), B: compileSel(e.Sel2), N: int8(e.N),
			DS: int8(e.Delta.DS), DE: int8(e.Delta.DE), KW: KW(e.Keyword), UnlessTap: int8(e.UnlessTap), Other: e.Other}
		if e.Verb == cards.Create && e.For.Kind != cards.SelNone {
			ef.B = compileSel(e.For)
		}
		switch e.Until {
		case cards.UntilPhase:
			ef.Until = DurPhase
		case cards.UntilTurn:
			ef.Until = DurTurn
		}
		if e.Token != "" {
			tk := cat.Token(e.Token)
			if tk == nil {
				return ab, fmt.Errorf("unknown token %q", e.Token)
			}
			ef.Token = uint8(tk.Index + 1)
		}
		ab.Effs = append(ab.Effs, ef)
	}
	return ab, nil
}

func compileFilter(f cards.Filter) Filter {
	return Filter{You: f.You, Opp: f.Opp, Other: f.Other, Token: f.Token, Equipped: f.Equipped, KW: KW(f.Keywords), CostMax: int8(f.MaxCost)}
}

func compileSel(s cards.Selector) Sel {
	return Sel{K: SelKind(s.Kind), T: uint8(s.Slot), Kind: TKind(s.Obj), F: compileFilter(s.Filter)}
}

// Builtin compiles the embedded starter set. A Table is read-only: games share it.
func Builtin() (*Table, error) {
	cat, err := cards.Builtin()
	if err != nil {
		return nil, err
	}
	return Compile(cat)
}

// Lookup finds a card by any of its names, in any language, ignoring case and accents
// (engine.FoldName); the error suggests the closest names, in the language of the nearest one.
func (t *Table) Lookup(name string) (uint8, error) { return t.LookupIn(name, "") }

// Find is the card that answers to name (as Lookup), false if none does.
func (t *Table) Find(name string) (uint8, bool) {
	i, ok := t.byName[engine.FoldName(name)]
	return i, ok
}

// LookupIn is Lookup for a player who reads lang: an unknown name's suggestions are in that
// language ("": the language of the nearest name).
func (t *Table) LookupIn(name, lang string) (uint8, error) {
	if i, ok := t.byName[engine.FoldName(name)]; ok {
		return i, nil
	}
	_, err := t.cat.ByNameIn(name, lang)
	if err == nil { // the catalog knows a name the table does not: not a table of this catalog
		err = fmt.Errorf("card %q is not in the game's table", name)
	}
	return 0, err
}

// Catalog is the card catalog the Table was compiled from.
func (t *Table) Catalog() *cards.Catalog { return t.cat }

// Name of a definition.
func (t *Table) Name(i uint8) string { return t.Defs[i].Name }
