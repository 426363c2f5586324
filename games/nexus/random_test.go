package nexus

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
)

// factionDeck builds a test deck: three copies of each requisition card of a faction, eight
// Nexus Shards and the faction's two special resources, and its hero.
func factionDeck(t testing.TB, tab *Table, faction uint8) Deck {
	t.Helper()
	var d Deck
	for _, def := range tab.Defs[1:] {
		if def.Faction != faction {
			continue
		}
		switch def.Type {
		case THero:
			d.Hero = def.Name
		case TSpecial:
			d.Resource = append(d.Resource, def.Name)
		case TCreature, TInstant, TEquipment:
			d.Library = append(d.Library, def.Name, def.Name, def.Name)
		}
	}
	for len(d.Resource) < 10 {
		d.Resource = append(d.Resource, "Nexus Shard")
	}
	return d
}

func mustTable(t testing.TB) *Table {
	t.Helper()
	tab, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// checkInvariants verifies what must hold after every action.
func checkInvariants(s *State, cards [MaxSeats]int) error {
	var own [MaxSeats]int
	for i := 1; i < maxObj; i++ {
		o := &s.O[i]
		if o.Def == 0 {
			continue
		}
		if o.Zone == zNone {
			return fmt.Errorf("object %d (%s) is in no zone", i, s.nameOf(oid(i)))
		}
		if o.Zone == zStack && !s.announcing(oid(i)) {
			return fmt.Errorf("%s is in the stack zone but on no stack item", s.nameOf(oid(i)))
		}
		if !o.has(fToken) {
			own[o.Owner]++
		} else if o.Zone != zField {
			return fmt.Errorf("token %s outside the field (%s)", s.nameOf(oid(i)), zoneNames[o.Zone])
		}
		if o.Zone == zField && s.tab.Defs[o.Def].isCreature() {
			S, E, _ := s.stats(oid(i))
			if int(o.Atk) > max(S, 0) || int(o.Dfn) > E || o.Atk < 0 {
				return fmt.Errorf("%s has (%d,%d) above %d/%d", s.nameOf(oid(i)), o.Atk, o.Dfn, S, E)
			}
			if o.Dfn <= 0 && !s.Done && s.NJ == 0 && !(s.Phase == phCombat && s.Step == stConfront) {
				return fmt.Errorf("%s at def %d on the field in %s", s.creatureText(oid(i)), o.Dfn, phaseNames[s.Phase])
			}
		}
		if o.Zone == zField && s.tab.Defs[o.Def].Type == TEquipment {
			a := o.Attached
			if a == 0 || s.O[a].Zone != zField || s.O[a].Ctrl != o.Ctrl || o.Owner != o.Ctrl {
				return fmt.Errorf("equipment %s badly attached", s.nameOf(oid(i)))
			}
		}
	}
	// Equipment changes owner with its creature (4.3.4): compare the total.
	if sum(own) != sum(cards) {
		return fmt.Errorf("cards per owner %v, want %v in total", own, cards)
	}
	return nil
}

func cardCounts(s *State) [MaxSeats]int {
	var own [MaxSeats]int
	for i := 1; i < maxObj; i++ {
		if o := &s.O[i]; o.Def != 0 && !o.has(fToken) {
			own[o.Owner]++
		}
	}
	return own
}

// playRandom plays one game with uniformly random legal actions, checking every action.
func playRandom(t *testing.T, s *State, seed uint64, maxActions int) int {
	t.Helper()
	rng := engine.NewRNG(seed)
	cards := cardCounts(s)
	var buf [256]engine.Action
	var mv [8]engine.Seat
	phase, turn := s.Phase, s.Turn
	for n := 0; n < maxActions; n++ {
		if s.Over() {
			return n
		}
		m := s.ToMove(mv[:0])
		if len(m) == 0 {
			t.Fatalf("seed %d: nobody to move", seed)
		}
		for _, q := range m {
			if len(s.Legal(q, buf[:0])) == 0 {
				t.Fatalf("seed %d: no legal action for %s (%s)", seed, s.SeatName(q), s.pendWord())
			}
		}
		seat := m[rng.Intn(len(m))]
		l := s.Legal(seat, buf[:0])
		a := l[rng.Intn(len(l))]
		txt := s.ActionText(seat, a)
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: listed action %q refused: %v", seed, txt, err)
		}
		// Eliminated players' cards leave the game but stay counted (zone out).
		if err := checkInvariants(s, cards); err != nil {
			t.Fatalf("seed %d after %q (action %d): %v", seed, txt, n, err)
		}
		if (s.Phase != phase || s.Turn != turn) && s.NS != 0 && !s.Done {
			t.Fatalf("seed %d: the phase ended with %d items on the stack", seed, s.NS)
		}
		phase, turn = s.Phase, s.Turn
	}
	t.Fatalf("seed %d: no end after %d actions (turn %d)", seed, maxActions, s.Turn)
	return 0
}

func shippedDecks(t testing.TB) []Deck { return loadShipped(t, FromDeck) }

// loadShipped converts the five shipped decks with conv (FromDeck or FromDeckWithReserve).
func loadShipped(t testing.TB, conv func(*cards.Deck) Deck) []Deck {
	t.Helper()
	var out []Deck
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, conv(d))
	}
	return out
}

func TestRandomDuels(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	games := gameCount(200)
	if testing.Short() {
		games = 40
	}
	over := 0
	for g := 0; g < games; g++ {
		d1, d2 := shipped[g%5], shipped[(g/5)%5]
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}, MaxTurns: 80}, []Deck{d1, d2}, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, uint64(g), 200000)
		if !s.Draw {
			over++
		}
	}
	t.Logf("%d of %d games had a winner", over, games)
}

func TestRandomFreeForAll(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	games := gameCount(50)
	if testing.Short() {
		games = 10
	}
	for g := 0; g < games; g++ {
		ds := []Deck{shipped[g%5], shipped[(g+1)%5], shipped[(g+2)%5], shipped[(g+3)%5]}
		s, err := NewGame(tab, Options{Format: "ffa", MaxTurns: 120}, ds, uint64(1000+g))
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, uint64(g), 400000)
	}
}

func sum(a [MaxSeats]int) int {
	n := 0
	for _, x := range a {
		n += x
	}
	return n
}

func TestRandomAllied(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	games := 30
	if testing.Short() {
		games = 6
	}
	for g := 0; g < games; g++ {
		ds := []Deck{shipped[g%5], shipped[(g+1)%5], shipped[(g+2)%5], shipped[(g+3)%5]}
		s, err := NewGame(tab, Options{Format: "allied", MaxTurns: 120}, ds, uint64(2000+g))
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, uint64(g), 400000)
		if s.Over() && !s.Draw && (s.P[0].Lost != s.P[2].Lost || s.P[1].Lost != s.P[3].Lost) {
			t.Fatalf("game %d: allies lost separately: %+v", g, s.P)
		}
	}
}

// announcing reports whether o is the card of a stack item or of the item being resolved.
func (s *State) announcing(o oid) bool {
	for i := 0; i < int(s.NS); i++ {
		if s.Stack[i].Card == o && s.Stack[i].Ab < 0 {
			return true
		}
	}
	for i := 0; i < int(s.NJ); i++ {
		if s.Jobs[i].K == jResolve && s.Jobs[i].It.Card == o {
			return true
		}
	}
	return false
}

// gameCount is n, or NEXUS_RANDOM_GAMES when set (longer runs by hand: 1000 duels).
func gameCount(n int) int {
	if v, err := strconv.Atoi(os.Getenv("NEXUS_RANDOM_GAMES")); err == nil && v > 0 {
		return v
	}
	return n
}

// TestRandomVariants plays duels with every Part G variant switched on.
func TestRandomVariants(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	opts := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 80, AttackRefresh: true, SymmetricExpiry: true,
		NoAlterationUnbind: true, RetainPriority: true, InstantTurn: true, TriggersOnStack: true}
	for g := 0; g < gameCount(60); g++ {
		s, err := NewGame(tab, opts, []Deck{shipped[g%5], shipped[(g/5)%5]}, uint64(3000+g))
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, uint64(g), 200000)
	}
}
