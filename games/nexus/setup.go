package nexus

import (
	"fmt"
	"math"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
)

// Deck is what a player brings to a game: hero, library and resource pile, by card name, and
// an optional reserve (at most 15 cards, 2.1): a player with one swaps before the game (10.1).
type Deck struct {
	Hero     string
	Library  []string
	Resource []string
	Reserve  []string
}

func (s *State) put(p int8, name string, z zone, want Type) (oid, error) {
	d, err := s.tab.Lookup(name)
	if err != nil {
		return 0, err
	}
	t := s.tab.Defs[d].Type
	if want != 0 && t != want && !(want == TResource && t == TSpecial) && !(want == TCreature && (t == TToken)) {
		return 0, fmt.Errorf("%s is a %s card, not allowed there", s.tab.Defs[d].Name, typeName(t))
	}
	o := s.newObj()
	if o == 0 {
		return 0, fmt.Errorf("too many cards (at most %d objects)", objLimit-1)
	}
	s.O[o] = obj{Def: d, Owner: p, Ctrl: p, Zone: z, Gen: s.O[o].Gen, Seq: s.nextSeq()}
	s.number(o, zNone, 0)
	if t == TToken {
		s.O[o].Flags |= fToken
	}
	return o, nil
}

func typeName(t Type) string {
	return [...]string{"?", "Creature", "Instant", "Equipment", "Hero", "Resource", "SpecialResource", "Token"}[t]
}

func newState(tab *Table, opts Options, n int, seed uint64) (*State, error) {
	if n < 2 || n > MaxSeats {
		return nil, fmt.Errorf("nexus: %d players; a game has 2 to %d", n, MaxSeats)
	}
	switch opts.Format {
	case "", "duel":
		opts.Format = "duel"
		if n != 2 {
			return nil, fmt.Errorf("nexus: a duel has 2 players, not %d (use format ffa or allied)", n)
		}
	case "ffa":
		if n < 3 {
			return nil, fmt.Errorf("nexus: free-for-all needs 3 or 4 players")
		}
	case "allied":
		if n != 4 {
			return nil, fmt.Errorf("nexus: allied play is 2 vs 2")
		}
	default:
		return nil, fmt.Errorf("nexus: unknown format %q (duel, ffa, allied)", opts.Format)
	}
	for len(opts.Names) < n {
		opts.Names = append(opts.Names, fmt.Sprintf("P%d", len(opts.Names)+1))
	}
	if opts.MaxTurns < 0 || opts.MaxTurns > math.MaxUint16 {
		return nil, fmt.Errorf("nexus: max_turns %d: from 1 to %d (0: 200)", opts.MaxTurns, math.MaxUint16)
	}
	s := &State{tab: tab, opts: &opts, N: int8(n), rng: engine.NewRNG(seed), NO: 1,
		O: make([]obj, maxObj), Stack: make([]item, maxStack), Mods: make([]mod, maxMods), Jobs: make([]job, maxJobs)}
	for p := 0; p < n; p++ {
		s.P[p].Team = int8(p)
		if opts.Format == "allied" {
			s.P[p].Team = int8(p % 2) // seats 1 and 3 against 2 and 4, alternating at the table
		}
	}
	return s, nil
}

// NewGame sets up a game from its decks (10.1-10.5): if a player brought a reserve, the first
// decision is the reserve swaps of every such player at once (10.1, 2.5); then libraries and
// piles are shuffled, heroes stay secret, opening hands of 6 are drawn and the first seat's
// mulligan is the next decision.
func NewGame(tab *Table, opts Options, decks []Deck, seed uint64) (*State, error) {
	s, err := newState(tab, opts, len(decks), seed)
	if err != nil {
		return nil, err
	}
	reserves := false
	for _, d := range decks {
		reserves = reserves || len(d.Reserve) > 0
	}
	if reserves {
		for p, d := range decks {
			if err := s.loadDeck(int8(p), d); err != nil {
				return nil, fmt.Errorf("nexus: seat %d (%s): %w", p+1, s.SeatName(engine.Seat(p)), err)
			}
			if err := s.setReserve(int8(p), d.Reserve); err != nil {
				return nil, fmt.Errorf("nexus: seat %d (%s): %w", p+1, s.SeatName(engine.Seat(p)), err)
			}
		}
		s.startSwaps()
		return s, nil
	}
	for p, d := range decks {
		if err := s.loadDeck(int8(p), d); err != nil {
			return nil, fmt.Errorf("nexus: seat %d (%s): %w", p+1, s.SeatName(engine.Seat(p)), err)
		}
		s.shuffle(int8(p), zLibrary)
		s.shuffle(int8(p), zPile)
		for k := 0; k < 6; k++ {
			s.draw(int8(p))
		}
	}
	s.Pend = pend{K: pMulligan, Seat: 0}
	return s, nil
}

func (s *State) loadDeck(p int8, d Deck) error {
	h, err := s.tab.Lookup(d.Hero)
	if err != nil {
		return fmt.Errorf("hero: %w", err)
	}
	if s.tab.Defs[h].Type != THero {
		return fmt.Errorf("hero: %s is not a hero", s.tab.Defs[h].Name)
	}
	s.P[p].Hero = h
	for _, n := range d.Library {
		d, err := s.tab.Lookup(n)
		if err != nil {
			return fmt.Errorf("library: %w", err)
		}
		if t := s.tab.Defs[d].Type; t != TCreature && t != TInstant && t != TEquipment {
			return fmt.Errorf("library: %s is a %s card; a library holds creatures, instants and equipment (2.1, 2.6)", n, typeName(t))
		}
		if _, err := s.put(p, n, zLibrary, 0); err != nil {
			return err
		}
	}
	for _, n := range d.Resource {
		if _, err := s.put(p, n, zPile, TResource); err != nil {
			return fmt.Errorf("resource pile: %w", err)
		}
	}
	if n := s.specials(p); n > maxLinked {
		return fmt.Errorf("resource pile: %d special resources: a pile holds 10 cards, one of each special resource (SN 2.1, 2.3)", n)
	}
	return nil
}

// specials counts p's special resources in the resource pile and on the field: at most
// maxLinked in any game (2.1, 2.3), the bound of item.Linked.
func (s *State) specials(p int8) int {
	n := 0
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.Def != 0 && o.Owner == p && (o.Zone == zPile || o.Zone == zField) && s.tab.Defs[o.Def].Type == TSpecial {
			n++
		}
	}
	return n
}

// Perm is a creature, resource or equipment placed on the field by a position.
type Perm struct {
	Card      string
	Atk, Def  *int
	Tapped    bool
	Arrived   bool
	Markers   int
	Equipment []string
}

// PlayerSetup is one player of a position (scenario files): zones omitted are empty.
type PlayerSetup struct {
	Name                        string
	Hero                        string
	Life                        *int
	Hand, Library, ResourcePile []string
	Graveyard, Exile            []string
	Resources, Field            []Perm
	Team                        int // allied play: 1 or 2; 0: by seat (1 and 3 against 2 and 4)
	// Reserve (no Phase only): the game starts with the reserve swaps (10.1).
	Reserve []string
}

// Position is a game started from a given position, for scenarios.
type Position struct {
	Options Options
	Players []PlayerSetup
	Active  string
	Phase   string // upkeep, main1, combat, main2, end; default main1
	Seed    uint64
}

// NewPosition builds a game in progress: heroes revealed, hands kept, the given phase of the
// active player's turn just beginning.
func NewPosition(tab *Table, pos Position) (*State, error) {
	opts := pos.Options
	opts.Names = nil
	for _, p := range pos.Players {
		opts.Names = append(opts.Names, p.Name)
	}
	s, err := newState(tab, opts, len(pos.Players), pos.Seed)
	if err != nil {
		return nil, err
	}
	for i, ps := range pos.Players {
		p := int8(i)
		if err := s.placePlayer(p, ps); err != nil {
			return nil, fmt.Errorf("player %s: %w", ps.Name, err)
		}
	}
	s.refresh()
	for i, ps := range pos.Players {
		s.setPoints(int8(i), ps)
		if ps.Team > 0 && s.opts.Format == "allied" {
			s.P[i].Team = int8(ps.Team - 1)
		}
	}
	if s.opts.Format == "allied" {
		if err := s.checkAlliedTeams(pos); err != nil {
			return nil, err
		}
		for p := int8(0); p < s.N; p++ {
			for q := p + 1; q < s.N; q++ {
				if s.P[q].Team == s.P[p].Team {
					s.P[p].Life += s.P[q].Life
					s.P[q].Life = 0
				}
			}
		}
	}
	s.Active = 0
	if pos.Active != "" {
		a, ok := s.SeatByName(pos.Active)
		if !ok {
			return nil, fmt.Errorf("active: no player named %q", pos.Active)
		}
		s.Active = int8(a)
	}
	s.Start, s.Turn = s.Active, 2
	switch strings.ToLower(pos.Phase) {
	case "":
		// The setup (10.1-10.5): heroes secret until the first player is chosen; reserve swaps
		// if any player has a reserve; then libraries shuffled, six cards each, mulligans in
		// seat order.
		s.Turn = 0
		for p := int8(0); p < s.N; p++ {
			s.P[p].Kept, s.P[p].Revealed = false, false
			if err := s.setReserve(p, pos.Players[p].Reserve); err != nil {
				return nil, fmt.Errorf("player %s: %w", pos.Players[p].Name, err)
			}
		}
		if s.startSwaps() {
			return s, nil
		}
		for p := int8(0); p < s.N; p++ {
			s.shuffle(p, zLibrary)
			for k := 0; k < 6; k++ {
				s.draw(p)
			}
		}
		s.Pend = pend{K: pMulligan, Seat: 0}
		return s, nil
	case "main1":
		s.Phase = phMain1
	case "upkeep":
		s.Phase = phUpkeep
	case "combat":
		s.Phase, s.Step = phCombat, stAttackers
	case "main2":
		s.Phase = phMain2
	case "end":
		s.Phase = phEnd
	default:
		return nil, fmt.Errorf("phase %q: one of upkeep, main1, combat, main2, end", pos.Phase)
	}
	for _, ps := range pos.Players {
		if len(ps.Reserve) > 0 {
			return nil, fmt.Errorf("player %s: reserve: swaps happen before the game (10.1): give no phase", ps.Name)
		}
	}
	s.refresh()
	s.Check = true
	s.advance()
	if s.fault != faultNone {
		return nil, fmt.Errorf("the position: %s", s.Fault())
	}
	return s, nil
}

func (s *State) placePlayer(p int8, ps PlayerSetup) error {
	h, err := s.tab.Lookup(ps.Hero)
	if ps.Hero == "" {
		return fmt.Errorf("a hero is required")
	}
	if err != nil {
		return fmt.Errorf("hero: %w", err)
	}
	if s.tab.Defs[h].Type != THero {
		return fmt.Errorf("hero: %s is not a hero", s.tab.Defs[h].Name)
	}
	s.P[p].Hero, s.P[p].Revealed, s.P[p].Kept = h, true, true
	s.P[p].Life = int32(s.tab.Defs[h].Life)
	if ps.Life != nil {
		if *ps.Life > lifeLimit || *ps.Life < -lifeLimit {
			return fmt.Errorf("life %d: at most %d either way", *ps.Life, lifeLimit)
		}
		s.P[p].Life = int32(*ps.Life)
	}
	zones := []struct {
		names []string
		z     zone
		what  string
	}{{ps.Hand, zHand, "hand"}, {ps.Graveyard, zGrave, "graveyard"}, {ps.Exile, zExile, "exile"}}
	for _, zz := range zones {
		for _, n := range zz.names {
			if _, err := s.put(p, n, zz.z, 0); err != nil {
				return fmt.Errorf("%s: %w", zz.what, err)
			}
		}
	}
	// Libraries and piles are listed top first: the top gets the highest Seq.
	for i := len(ps.Library) - 1; i >= 0; i-- {
		if _, err := s.put(p, ps.Library[i], zLibrary, 0); err != nil {
			return fmt.Errorf("library: %w", err)
		}
	}
	for i := len(ps.ResourcePile) - 1; i >= 0; i-- {
		if _, err := s.put(p, ps.ResourcePile[i], zPile, TResource); err != nil {
			return fmt.Errorf("resource_pile: %w", err)
		}
	}
	for _, r := range ps.Resources {
		o, err := s.put(p, r.Card, zField, TResource)
		if err != nil {
			return fmt.Errorf("resources: %w", err)
		}
		if r.Tapped {
			s.O[o].Flags |= fTapped
		}
	}
	if n := s.specials(p); n > maxLinked {
		return fmt.Errorf("%d special resources in the resource pile and on the field: a pile holds 10 cards, one of each special resource (SN 2.1, 2.3)", n)
	}
	for _, f := range ps.Field {
		o, err := s.put(p, f.Card, zField, TCreature)
		if err != nil {
			return fmt.Errorf("field: %w", err)
		}
		for _, v := range []*int{&f.Markers, f.Atk, f.Def} {
			if v != nil && (*v > pointLimit || *v < -pointLimit) {
				return fmt.Errorf("field: %s: %d points or markers: at most %d either way", f.Card, *v, pointLimit)
			}
		}
		ob := &s.O[o]
		ob.Markers = int16(f.Markers)
		if f.Tapped {
			ob.Flags |= fTapped
		}
		if f.Arrived {
			ob.Flags |= fArrived
		}
		for _, e := range f.Equipment {
			eo, err := s.put(p, e, zField, TEquipment)
			if err != nil {
				return fmt.Errorf("field: %s: equipment: %w", f.Card, err)
			}
			s.O[eo].Attached = o
		}
	}
	return nil
}

// setPoints gives p's creatures full points unless the position says otherwise.
func (s *State) setPoints(p int8, ps PlayerSetup) {
	k := 0
	for i := 1; i < int(s.NO); i++ {
		ob := &s.O[i]
		if ob.Def == 0 || ob.Owner != p || ob.Zone != zField || !s.tab.Defs[ob.Def].isCreature() {
			continue
		}
		f := ps.Field[k]
		k++
		s.regenerate(oid(i))
		if f.Atk != nil {
			ob.Atk = int16(*f.Atk)
		}
		if f.Def != nil {
			ob.Dfn = int16(*f.Def)
		}
	}
}

// FromDeckWithReserve is FromDeck with the deck's reserve: the game starts with the reserve
// swaps (10.1).
func FromDeckWithReserve(d *cards.Deck) Deck {
	out := FromDeck(d)
	for _, e := range d.Reserve {
		for k := 0; k < e.Count; k++ {
			out.Reserve = append(out.Reserve, e.Name)
		}
	}
	return out
}

// FromDeck turns a deck file (package cards) into the Deck a game is set up from, without
// its reserve (no swaps: the deck is played as it is).
func FromDeck(d *cards.Deck) Deck {
	out := Deck{Hero: d.Hero}
	for _, e := range d.Library {
		for k := 0; k < e.Count; k++ {
			out.Library = append(out.Library, e.Name)
		}
	}
	for _, e := range d.ResourcePile {
		for k := 0; k < e.Count; k++ {
			out.Resource = append(out.Resource, e.Name)
		}
	}
	return out
}

// checkAlliedTeams refuses a position whose teams no allied game can have (SN 16, "Allied
// play (2 vs 2)"): a team number other than 1 or 2, or teams of unequal size (3 against 1).
func (s *State) checkAlliedTeams(pos Position) error {
	var size [2]int
	for i, ps := range pos.Players {
		if ps.Team < 0 || ps.Team > 2 {
			return fmt.Errorf("player %s: team %d (allied play has teams 1 and 2)", ps.Name, ps.Team)
		}
		size[s.P[i].Team]++
	}
	if size[0] != size[1] {
		return fmt.Errorf("allied play needs two teams of the same size, not %d against %d", size[0], size[1])
	}
	return nil
}
