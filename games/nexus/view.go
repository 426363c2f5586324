package nexus

import (
	"encoding/json"

	"starnexus/engine"
)

// View is what one seat may know of a game (3.1, 10.3, 10.6, 16.5).
type View struct {
	seat engine.Seat
	st   *State
}

// View implements engine.State: the JSON and text of the server and the terminal (bots read
// Observations, observation.go). The View's State holds no other player's secret block
// declarations (hidden.go), so neither its JSON nor its text can tell them.
func (s *State) View(seat engine.Seat) engine.View {
	st := s.Clone().(*State)
	st.hideBlocks(seat)
	return &View{seat: seat, st: st}
}

// Seat implements engine.View.
func (v *View) Seat() engine.Seat { return v.seat }

type permJSON struct {
	Name string `json:"name"`
	// Number tells copies of one name apart (numbers.go); the texts write "Name #N" when
	// another public object has the name.
	Number    int      `json:"number"`
	Text      string   `json:"text,omitempty"`
	Tapped    bool     `json:"tapped,omitempty"`
	Arrived   bool     `json:"arrived,omitempty"`
	Markers   int      `json:"markers,omitempty"`
	Keywords  []string `json:"keywords,omitempty"`
	Equipment []string `json:"equipment,omitempty"`
	Attacking string   `json:"attacking,omitempty"`
	Blocking  string   `json:"blocking,omitempty"`
	// BlockOrder is the blocker's place among the blockers of the attacker it blocks (1, 2,
	// ...: the defender's order, SN 12.3), hidden with the block itself.
	BlockOrder int  `json:"block_order,omitempty"`
	Token      bool `json:"token,omitempty"`
	// A creature's strength and endurance now (markers, equipment and modifiers included) and
	// the attack and defense points it has left until they are restored (SN 12): the numbers
	// of Text, for a client that draws them.
	Strength    *int `json:"strength,omitempty"`
	Endurance   *int `json:"endurance,omitempty"`
	AttackLeft  *int `json:"attack_left,omitempty"`
	DefenseLeft *int `json:"defense_left,omitempty"`
}

type playerJSON struct {
	Name         string     `json:"name"`
	Hero         string     `json:"hero,omitempty"`
	Life         int        `json:"life"`
	Lost         bool       `json:"lost,omitempty"`
	Hand         []string   `json:"hand,omitempty"`
	HandCount    int        `json:"hand_count"`
	LibraryCount int        `json:"library_count"`
	PileCount    int        `json:"resource_pile_count"`
	Mulligans    *int       `json:"mulligans,omitempty"`
	Reserve      []string   `json:"reserve,omitempty"`       // the seat's own reserve (2.5)
	ReserveCount *int       `json:"reserve_count,omitempty"` // the seat's own reserve size
	Swapping     bool       `json:"swapping,omitempty"`      // still deciding reserve swaps (10.1)
	Graveyard    []string   `json:"graveyard"`
	Exile        []string   `json:"exile"`
	Resources    []permJSON `json:"resources"`
	Field        []permJSON `json:"field"`
	// Declaring: an attacked player who has not confirmed blocks yet (public, like "done").
	Declaring bool `json:"declaring_blocks,omitempty"`
}

type itemJSON struct {
	Name       string   `json:"name"`
	Number     int      `json:"number,omitempty"` // a requisitioned card's public number
	Controller string   `json:"controller"`
	Targets    []string `json:"targets,omitempty"`
	// Source is the card (or hero) the item comes from and Ability the ability's name when
	// the item is an ability rather than a requisition ("Autolyse" of "Ossuary Vent"; empty
	// for an unnamed one); Kind says which: requisition, ability, hero or trigger.
	Source  string `json:"source"`
	Ability string `json:"ability,omitempty"`
	Kind    string `json:"kind"`
}

type viewJSON struct {
	Game     string       `json:"game"`
	Seat     int          `json:"seat"`
	Turn     int          `json:"turn"`
	Active   string       `json:"active"`
	Phase    string       `json:"phase"`
	Step     string       `json:"step,omitempty"`
	Decision string       `json:"decision,omitempty"`
	ToMove   string       `json:"to_move,omitempty"`
	Over     bool         `json:"over"`
	Winners  []string     `json:"winners,omitempty"`
	Fault    string       `json:"fault,omitempty"` // a limit of the engine ended the game (State.Fault)
	Players  []playerJSON `json:"players"`
	Stack    []itemJSON   `json:"stack"`
}

// MarshalJSON implements engine.View: hands, libraries and piles stay hidden, secret heroes
// until revealed, mulligan decisions until everyone has kept.
func (v *View) MarshalJSON() ([]byte, error) {
	s := v.st
	out := viewJSON{Game: "nexus", Seat: int(v.seat), Turn: int(s.Turn), Active: s.SeatName(engine.Seat(s.Active)),
		Phase: phaseNames[s.Phase], Over: s.Done, Fault: s.Fault(), Stack: []itemJSON{}}
	if s.Phase == phCombat {
		out.Step = stepNames[s.Step]
	}
	if s.Pend.K != pNone && !s.Done {
		out.Decision = s.pendWord()
		out.ToMove = s.SeatName(engine.Seat(s.Pend.Seat))
	}
	for _, w := range s.Winners() {
		out.Winners = append(out.Winners, s.SeatName(w))
	}
	allKept, swapping := true, false
	for p := int8(0); p < s.N; p++ {
		allKept = allKept && s.P[p].Kept
		swapping = swapping || s.P[p].Swaps
	}
	for p := int8(0); p < s.N; p++ {
		pl := &s.P[p]
		pj := playerJSON{Name: s.SeatName(engine.Seat(p)), Life: int(*s.lifeOf(p)), Lost: pl.Lost,
			HandCount: s.count(p, zHand), LibraryCount: s.count(p, zLibrary), PileCount: s.count(p, zPile),
			Graveyard: s.names(p, zGrave), Exile: s.names(p, zExile), Resources: []permJSON{}, Field: []permJSON{}}
		sees := v.seat >= 0 && (int8(v.seat) == p || (s.opts.Format == "allied" && !s.opponents(int8(v.seat), p)))
		if !allKept && !sees {
			// Hand and library sizes would tell the mulligans, hidden until all have kept (10.6).
			pj.HandCount, pj.LibraryCount = -1, -1
		}
		if swapping && !sees {
			// Swaps are secret and revealed together (1.6, 2.5): sizes would tell them.
			pj.LibraryCount, pj.PileCount = -1, -1
		}
		pj.Swapping = pl.Swaps
		pj.Declaring = pl.Blocks && s.Pend.K == pBlock
		if v.seat >= 0 && int8(v.seat) == p && pl.NR > 0 {
			pj.Reserve = s.ReserveOf(engine.Seat(p))
			n := int(pl.NR)
			pj.ReserveCount = &n
		}
		if (pl.Revealed || sees) && pl.Hero != 0 {
			pj.Hero = s.tab.Defs[pl.Hero].Name
		}
		if sees {
			pj.Hand = s.names(p, zHand)
		}
		if allKept || int8(v.seat) == p {
			m := int(pl.Mulls)
			pj.Mulligans = &m
		}
		for i := 1; i < int(s.NO); i++ {
			o := &s.O[i]
			if o.Def == 0 || o.Zone != zField || o.Ctrl != p {
				continue
			}
			d := &s.tab.Defs[o.Def]
			pm := permJSON{Name: d.Name, Number: int(o.Num), Tapped: o.has(fTapped)}
			switch {
			case s.isResource(oid(i)):
				pj.Resources = append(pj.Resources, pm)
				continue
			case d.Type == TEquipment:
				continue
			}
			pm.Text = s.creatureText(oid(i))
			S, E, _ := s.stats(oid(i))
			atk, dfn := int(o.Atk), int(o.Dfn)
			pm.Strength, pm.Endurance, pm.AttackLeft, pm.DefenseLeft = &S, &E, &atk, &dfn
			pm.Arrived, pm.Markers, pm.Token = o.has(fArrived), int(o.Markers), o.has(fToken)
			kw := s.kw(oid(i))
			for k, n := range kwNames {
				if kw&(1<<k) != 0 {
					pm.Keywords = append(pm.Keywords, n)
				}
			}
			for e := 1; e < int(s.NO); e++ {
				if s.O[e].Def != 0 && s.O[e].Zone == zField && s.O[e].Attached == oid(i) {
					pm.Equipment = append(pm.Equipment, s.nameOf(oid(e)))
				}
			}
			if o.has(fAttacking) {
				pm.Attacking = s.SeatName(engine.Seat(o.Target))
			}
			if o.Blocking != 0 {
				pm.Blocking = s.nameOf(o.Blocking)
				pm.BlockOrder = int(o.BOrder)
			}
			pj.Field = append(pj.Field, pm)
		}
		out.Players = append(out.Players, pj)
	}
	for i := int(s.NS) - 1; i >= 0; i-- {
		it := &s.Stack[i]
		ij := itemJSON{Name: s.itemName(it), Controller: s.SeatName(engine.Seat(it.Ctrl))}
		ij.Source, ij.Ability, ij.Kind = s.itemSource(it)
		if it.Ab < 0 && !it.Hero && it.PDef == 0 && it.Card != 0 {
			ij.Number = int(s.O[it.Card].Num)
		}
		for k := 0; k < int(it.NT); k++ {
			r := it.Tg[k]
			if r.K == tkPlayer {
				ij.Targets = append(ij.Targets, s.SeatName(engine.Seat(r.ID)))
			} else {
				ij.Targets = append(ij.Targets, s.nameOf(oid(r.ID)))
			}
		}
		out.Stack = append(out.Stack, ij)
	}
	return json.Marshal(out)
}

// itemName is a stack item's name: the card, or the ability's name ("Autolyse").
func (s *State) itemName(it *item) string {
	if it.PDef != 0 {
		return s.tab.Defs[it.PDef].Name
	}
	if it.Hero {
		d := &s.tab.Defs[s.P[it.Ctrl].Hero]
		if n := d.Abs[it.Ab].Name; n != "" {
			return n
		}
		return d.Name
	}
	d := &s.tab.Defs[s.O[it.Card].Def]
	if it.Ab >= 0 && d.Abs[it.Ab].Name != "" {
		return d.Abs[it.Ab].Name
	}
	return d.Name
}

// itemSource is where a stack item comes from: the card or hero's name, the ability's name
// (empty for a requisition or an unnamed ability) and the item's kind.
func (s *State) itemSource(it *item) (source, ability, kind string) {
	switch {
	case it.PDef != 0:
		d := &s.tab.Defs[it.PDef]
		if it.Ab >= 0 && int(it.Ab) < len(d.Abs) {
			ability = d.Abs[it.Ab].Name
		}
		return d.Name, ability, "trigger"
	case it.Hero:
		d := &s.tab.Defs[s.P[it.Ctrl].Hero]
		return d.Name, d.Abs[it.Ab].Name, "hero"
	}
	d := &s.tab.Defs[s.O[it.Card].Def]
	if it.Ab >= 0 {
		return d.Name, d.Abs[it.Ab].Name, "ability"
	}
	return d.Name, "", "requisition"
}

// names lists a player's zone, oldest first.
func (s *State) names(p int8, z zone) []string {
	out := []string{}
	for _, o := range s.objs(p, z) {
		out = append(out, s.nameOf(o))
	}
	return out
}

// objs lists the objects of a player's zone (owned; on the field, controlled) by Seq, oldest
// first.
func (s *State) objs(p int8, z zone) []oid {
	var out []oid
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != z {
			continue
		}
		if (z == zField && o.Ctrl == p) || (z != zField && o.Owner == p) {
			out = append(out, oid(i))
		}
	}
	for i := 1; i < len(out); i++ {
		for k := i; k > 0 && s.O[out[k]].Seq < s.O[out[k-1]].Seq; k-- {
			out[k], out[k-1] = out[k-1], out[k]
		}
	}
	return out
}
