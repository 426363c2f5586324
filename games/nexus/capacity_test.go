package nexus

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
)

// Stress tests of the capacities of docs/decisions.md, "Fixed capacities (Stellar Nexus)":
// each drives one past the size it had before issue 12 through legal actions, checking after
// every action the invariants of the random games, that no limit of the engine was hit, and
// that a copy made before the action shares nothing with the game that goes on.

// sameState reports whether two States are the same game: position, decision, random source
// and the used entries of every table.
func sameState(a, b *State) bool {
	x, y := *a, *b
	x.O, x.Stack, x.Mods, x.Jobs = a.O[:a.NO], a.Stack[:a.NS], a.Mods[:a.NM], a.Jobs[:a.NJ]
	y.O, y.Stack, y.Mods, y.Jobs = b.O[:b.NO], b.Stack[:b.NS], b.Mods[:b.NM], b.Jobs[:b.NJ]
	return reflect.DeepEqual(x, y)
}

// capGame plays a position action by action with the checks of every stress test.
type capGame struct {
	t     *testing.T
	s     *State
	cards [MaxSeats]int
}

func newCapGame(t *testing.T, s *State) *capGame {
	t.Helper()
	if err := checkInvariants(s, cardCounts(s)); err != nil {
		t.Fatal(err)
	}
	return &capGame{t: t, s: s, cards: cardCounts(s)}
}

// apply applies one action and checks the game after it.
func (g *capGame) apply(seat engine.Seat, a engine.Action) {
	g.t.Helper()
	txt := g.s.ActionText(seat, a)
	copyBefore := g.s.Clone().(*State)
	witness := copyBefore.Clone().(*State)
	if err := g.s.Apply(seat, a); err != nil {
		g.t.Fatalf("%s: %v", g.s.SeatName(seat), err)
	}
	if !sameState(copyBefore, witness) {
		g.t.Fatalf("after %q: a copy made before the action changed with the game", txt)
	}
	if f := g.s.Fault(); f != "" {
		g.t.Fatalf("after %q: %s", txt, f)
	}
	if err := checkInvariants(g.s, g.cards); err != nil {
		g.t.Fatalf("after %q: %v", txt, err)
	}
}

// do applies texts, each expanded into its actions (ParseActions), by the seat that must act
// (the first of several); every action of an expansion is one the deciding seat's Legal
// lists, but for a block that replaces a list.
func (g *capGame) do(texts ...string) {
	g.t.Helper()
	for _, txt := range texts {
		m := g.s.ToMove(nil)
		if len(m) == 0 {
			g.t.Fatalf("%q: nobody to move", txt)
		}
		g.by(m[0], txt)
	}
}

func (g *capGame) by(seat engine.Seat, txt string) {
	g.t.Helper()
	acts, err := g.s.ParseActions(seat, txt)
	if err != nil {
		g.t.Fatalf("%q: %v", txt, err)
	}
	for _, a := range acts {
		if kindOf(a) != aBlockNew && !listed(g.s, seat, a) {
			g.t.Fatalf("%q: %q is not listed by Legal", txt, g.s.ActionText(seat, a))
		}
		g.apply(seat, a)
	}
}

// listed reports whether Legal lists an action with a's text for seat.
func listed(s *State, seat engine.Seat, a engine.Action) bool {
	txt := s.ActionText(seat, a)
	for _, b := range s.Legal(seat, nil) {
		if s.ActionText(seat, b) == txt {
			return true
		}
	}
	return false
}

// passUntil passes priority until cond holds.
func (g *capGame) passUntil(cond func() bool) {
	g.t.Helper()
	for k := 0; !cond(); k++ {
		if k > 10000 || g.s.Pend.K != pPrio {
			g.t.Fatalf("passing: stuck at a %s decision", g.s.Decision())
		}
		g.apply(engine.Seat(g.s.Pend.Seat), mkA(aPass, 0))
	}
}

func tokens(name string, n int) []Perm {
	out := make([]Perm, n)
	for i := range out {
		out[i] = Perm{Card: name}
	}
	return out
}

func repeat(name string, n int) string {
	return strings.TrimSuffix(strings.Repeat(name+", ", n), ", ")
}

// TestManyBlockersOneAttacker (SN 12.3; the limit was 4): forty Kern Drones block Magma
// Titan, one listed action at a time; the texts stay short and read back as the action.
func TestManyBlockersOneAttacker(t *testing.T) {
	s := duel(t, PlayerSetup{Hero: "Vessa, Matriarch of Nareh", Field: []Perm{{Card: "Magma Titan", Markers: 50}}},
		PlayerSetup{Field: tokens("Kern Drone", 40)}, "combat")
	g := newCapGame(t, s)
	g.do("attack with Magma Titan")
	g.passUntil(func() bool { return s.Pend.K == pBlock })
	titan := oid(0)
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].has(fAttacking) {
			titan = oid(i)
		}
	}
	for n := 1; n <= 40; n++ {
		var pick engine.Action
		for _, a := range s.Legal(1, nil) {
			if isBlock(a) {
				pick = a
				break
			}
		}
		if pick == 0 {
			t.Fatalf("no block listed after %d blockers", n-1)
		}
		txt := s.ActionText(1, pick)
		if len(txt) > maxBlockText && !strings.Contains(txt, "...") {
			t.Fatalf("a %d-byte text: %q", len(txt), txt)
		}
		if b, err := s.ParseAction(1, txt); err != nil || b != pick {
			t.Fatalf("%q reads back as %v (%v)", txt, b, err)
		}
		g.apply(1, pick)
		var bb [64]oid
		if got := s.blockersOf(titan, bb[:0]); len(got) != n {
			t.Fatalf("after %q: %d blockers, want %d", txt, len(got), n)
		}
	}
	g.do("done")
	g.passUntil(func() bool { return s.Phase == phMain2 })
	// 55 atk kills 27 Drones of 2 def and wounds the 28th; each of the 40 wounds it once.
	if got := s.Field(0); len(got) != 1 || got[0] != "Magma Titan 55/55 (0,15)" {
		t.Fatalf("Ann's field %v", got)
	}
	if n := len(s.Field(1)); n != 13 {
		t.Fatalf("Bob has %d Drones left, want 13", n)
	}
}

// TestManyAttackersAndFarObjects (SN 12.2; the limits were 5 names a text, 32 creatures an
// action could address and 255 objects): 300 Sporelings, then Bob's creatures at ids past
// 300 targeted and blocking, and two more tokens made while the table is full.
func TestManyAttackersAndFarObjects(t *testing.T) {
	s := duel(t, PlayerSetup{Hero: "The Mycelial Choir", Field: tokens("Sporeling", 300), Hand: []string{"Autolytic Burst", "Bloomcaller"},
		Resources: engShards(5)},
		PlayerSetup{Life: ip(400), Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Rivet Sentry"}}}, "main1")
	if s.NO <= 300 || len(s.O) < int(s.NO) {
		t.Fatalf("%d objects in a table of %d", s.NO, len(s.O))
	}
	g := newCapGame(t, s)
	g.do("pass", "cast Autolytic Burst", "choose Bob:Rivet Sentry")
	g.passUntil(func() bool { return s.NS == 0 })
	g.do("cast Bloomcaller")
	g.passUntil(func() bool { return s.NS == 0 })
	if got := len(s.Field(0)); got != 303 {
		t.Fatalf("Ann has %d creatures, want 303", got)
	}
	// The View and a determinization of the grown table.
	js, err := json.Marshal(s.View(1))
	if err != nil || strings.Count(string(js), `"Sporeling"`) != 302 {
		t.Fatalf("Bob's view: %d Sporelings, %v", strings.Count(string(js), `"Sporeling"`), err)
	}
	rng := engine.NewRNG(1)
	d := s.Observe(1, nil).Determinize(nil, &rng).(*State)
	if err := checkInvariants(d, cardCounts(d)); err != nil {
		t.Fatal(err)
	}
	g.passUntil(func() bool { return s.Pend.K == pAttack })
	g.do("attack with " + repeat("Sporeling", 300))
	g.passUntil(func() bool { return s.Pend.K == pBlock })
	g.do("block Sporeling with Rivet Sentry, Rivet Sentry", "done")
	g.passUntil(func() bool { return s.Phase == phMain2 })
	// 299 unblocked Sporelings; the blocked one dies to the healthy Sentry.
	if s.Life(1) != 101 || len(s.Field(0)) != 302 {
		t.Fatalf("Bob's life %d, Ann's creatures %d", s.Life(1), len(s.Field(0)))
	}
}

// TestObjectLimit: a token that would need an id past objLimit ends the game with a fault
// that says so, and nothing else happens.
func TestObjectLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("sixteen thousand objects")
	}
	s := duel(t, PlayerSetup{Hero: "The Mycelial Choir", Field: tokens("Sporeling", objLimit-6), Hand: []string{"Bloomcaller"},
		Resources: engShards(3)}, PlayerSetup{}, "main1")
	if s.NO != objLimit-1 {
		t.Fatalf("%d ids in use, want %d", s.NO-1, objLimit-2)
	}
	do(t, s, "pass", "cast Bloomcaller", "pass")
	if !s.Over() || len(s.Winners()) != 0 || !strings.Contains(s.Fault(), "objects") {
		t.Fatalf("over %v, winners %v, fault %q: want a game ended by the object limit", s.Over(), s.Winners(), s.Fault())
	}
	if len(s.ToMove(nil)) != 0 || len(s.Legal(0, nil)) != 0 {
		t.Fatal("a game ended by a fault still has moves")
	}
	js, err := json.Marshal(s.View(engine.Spectator))
	if err != nil || !strings.Contains(string(js), `"fault":"the game passed a limit of the engine: more than 16383 objects`) {
		t.Fatalf("the view does not tell the fault: %.300s", js)
	}
	if txt := s.View(0).(*View).Text(); !strings.Contains(txt, "Game over, with no winner: the game passed a limit") {
		t.Fatalf("the text view does not tell the fault: %s", txt[max(0, len(txt)-300):])
	}
}

// TestPointsAndLifeLimits: points past pointLimit and life past lifeLimit end the game with
// a fault; a position past them is refused.
func TestPointsAndLifeLimits(t *testing.T) {
	s := duel(t, PlayerSetup{Hero: "Tarsk Ironvein, Forgemaster", Field: []Perm{{Card: "Forge Apprentice", Markers: pointLimit - 2}},
		Resources: engShards(2)}, PlayerSetup{}, "main1")
	do(t, s, "pass", "activate Forge Apprentice", "pass")
	if !s.Over() || !strings.Contains(s.Fault(), "points") {
		t.Fatalf("over %v, fault %q: want the points limit", s.Over(), s.Fault())
	}
	s = duel(t, PlayerSetup{Hero: "The Mycelial Choir", Life: ip(lifeLimit - 3), Hand: []string{"Verdant Renewal"}, Resources: engShards(2)},
		PlayerSetup{}, "main1")
	do(t, s, "pass", "cast Verdant Renewal", "pass")
	if !s.Over() || !strings.Contains(s.Fault(), "life") {
		t.Fatalf("over %v, fault %q: want the life limit", s.Over(), s.Fault())
	}
	for _, ps := range []PlayerSetup{
		{Name: "Ann", Hero: "Kaira Swiftclaw", Field: []Perm{{Card: "Rivet Sentry", Markers: pointLimit}}},
		{Name: "Ann", Hero: "Kaira Swiftclaw", Life: ip(lifeLimit + 1)},
	} {
		_, err := NewPosition(mustTable(t), Position{Players: []PlayerSetup{ps, {Name: "Bob", Hero: "Kaira Swiftclaw"}}, Phase: "main1"})
		if err == nil {
			t.Fatalf("%+v: accepted", ps)
		}
	}
}

// TestStackAndModifiersAndJobs (SN 8.4, 6.2, 7.3(b); the limits were 15 items, 96 modifiers
// and 32 jobs): twenty responses on the stack, then a mass death under Gravetide Wardens on a
// board under three Pack Alphas.
func TestStackAndModifiersAndJobs(t *testing.T) {
	hand := []string{"Field Repairs", "Field Repairs", "Field Repairs", "Surge of Fury", "Surge of Fury", "Surge of Fury",
		"Burning Stride", "Burning Stride", "Burning Stride", "Updraft"}
	annField := append([]Perm{{Card: "Pack Alpha"}, {Card: "Pack Alpha"}, {Card: "Pack Alpha"}, {Card: "Gravetide Warden"},
		{Card: "Gravetide Warden"}}, tokens("Sporeling", 40)...)
	s := duel(t, PlayerSetup{Hero: "Kaira Swiftclaw", Hand: hand, Resources: engShards(20), Field: annField},
		PlayerSetup{Hero: "Vessa, Matriarch of Nareh", Hand: append(hand, "Dread Procession"), Resources: engShards(24),
			Field: []Perm{{Card: "Rivet Sentry"}}}, "main1")
	if s.NM <= maxMods {
		t.Fatalf("%d modifiers: the test should start past %d", s.NM, maxMods)
	}
	g := newCapGame(t, s)
	g.do("pass")
	for k := 0; k < 10; k++ {
		for seat, tg := range []string{"Pack Alpha", "Rivet Sentry"} {
			g.by(engine.Seat(seat), "cast "+hand[k])
			for s.Pend.K == pTarget {
				g.by(engine.Seat(seat), "choose "+tg)
			}
		}
	}
	if s.NS != 20 {
		t.Fatalf("%d items on the stack, want 20", s.NS)
	}
	g.passUntil(func() bool { return s.NS == 0 })
	g.do("pass", "cast Dread Procession")
	g.passUntil(func() bool { return s.NS == 0 })
	// The forty Sporelings (4/1 under three Alphas) die together: 80 Warden triggers.
	wardens := 0
	for _, c := range s.Field(0) {
		if strings.HasPrefix(c, "Gravetide Warden") {
			wardens++
			if !strings.HasSuffix(c, " 45/42 (45,42)") { // "Gravetide Warden #N": several are on the field
				t.Fatalf("%s: want 3/3, +3/+0 from the Alphas, -1/-1 and forty markers", c)
			}
		}
	}
	if wardens != 2 {
		t.Fatalf("field %v", s.Field(0))
	}
}

// TestTriggerOrderPastTheQueue (SN 7.3.1; the order was not asked past 32 jobs): two
// different "whenever a creature you control dies" passives and thirty deaths: the player
// orders all sixty, and every one happens.
func TestTriggerOrderPastTheQueue(t *testing.T) {
	tab, err := extraTable(t, `cards:
  - {id: TS-01, name: Grief Eater, faction: Neutral, type: Creature, cost: 1, stats: 1/1,
     text: ["when creature_you_control_dies[other]: marker(SELF, +1/+1, 1)"]}
  - {id: TS-02, name: Mourning Bard, faction: Neutral, type: Creature, cost: 1, stats: 1/3,
     text: ["when creature_you_control_dies[other]: gain_life(YOU, 1)"]}
`)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPosition(tab, Position{Active: "Bob", Phase: "main1", Players: []PlayerSetup{
		{Name: "Ann", Hero: "Kaira Swiftclaw", Field: append([]Perm{{Card: "Grief Eater", Markers: 2}, {Card: "Mourning Bard"}}, tokens("Sporeling", 30)...)},
		{Name: "Bob", Hero: "Vessa, Matriarch of Nareh", Hand: []string{"Dread Procession"}, Resources: engShards(4)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	g := newCapGame(t, s)
	g.do("pass", "cast Dread Procession")
	g.passUntil(func() bool { return s.Pend.K != pPrio || s.NS == 0 })
	asked := 0
	for s.Decision() == "order" {
		if asked == 0 && s.NJ <= maxJobs {
			t.Fatalf("%d jobs: the test should pass %d", s.NJ, maxJobs)
		}
		g.by(0, "choose Mourning Bard")
		asked++
	}
	if asked != 30 || s.Life(0) != 52 {
		t.Fatalf("asked %d times, life %d: want 30 and 52", asked, s.Life(0))
	}
	if got := s.Field(0); len(got) != 2 || got[0] != "Grief Eater 32/32 (32,32)" {
		t.Fatalf("field %v", got)
	}
}

// TestOrderNumbersRenumbered: a game whose order numbers pass the int16 plays exactly as its
// twin that starts them low (renumber keeps every zone's order).
func TestOrderNumbersRenumbered(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	for g := 0; g < 6; g++ {
		var twins [2]*State
		for k := range twins {
			s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[g%5], shipped[(g+1)%5]}, uint64(g))
			if err != nil {
				t.Fatal(err)
			}
			twins[k] = s
		}
		twins[1].Seq = math.MaxInt16 - 40 // the opening deal and the first turns pass it
		rng := engine.NewRNG(uint64(g))
		renumbered := false
		for n := 0; n < 3000 && !twins[0].Over(); n++ {
			a, b := twins[0], twins[1]
			seat := engine.Seat(a.ToMove(nil)[0])
			la, lb := a.Legal(seat, nil), b.Legal(seat, nil)
			if len(la) != len(lb) {
				t.Fatalf("game %d action %d: %d and %d legal actions", g, n, len(la), len(lb))
			}
			k := rng.Intn(len(la))
			if a.ActionText(seat, la[k]) != b.ActionText(seat, lb[k]) {
				t.Fatalf("game %d action %d: %q and %q", g, n, a.ActionText(seat, la[k]), b.ActionText(seat, lb[k]))
			}
			a.ApplyTrusted(seat, la[k])
			b.ApplyTrusted(seat, lb[k])
			renumbered = renumbered || b.Seq < a.Seq
			for p := engine.Seat(0); p < 2; p++ {
				for _, z := range []string{"library", "hand", "graveyard", "resource_pile"} {
					if x, y := a.Zone(p, z), b.Zone(p, z); !reflect.DeepEqual(x, y) {
						t.Fatalf("game %d action %d: %s's %s %v and %v", g, n, a.SeatName(p), z, x, y)
					}
				}
			}
		}
		if !renumbered {
			t.Fatalf("game %d: the order numbers never wrapped", g)
		}
	}
}

// TestTurnCap: max_turns past the uint16 is refused; at 65535 the game ends there.
func TestTurnCap(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	if _, err := NewGame(tab, Options{MaxTurns: math.MaxUint16 + 1}, shipped[:2], 1); err == nil {
		t.Fatal("max_turns 65536 accepted")
	}
	s, err := NewGame(tab, Options{MaxTurns: math.MaxUint16}, shipped[:2], 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1)
	for n := 0; n < 200000 && !s.Over(); n++ {
		if s.Turn > 0 && s.Turn < math.MaxUint16-1 {
			s.Turn = math.MaxUint16 - 1 // as if the players had played that long
		}
		seat := s.ToMove(nil)[0]
		l := s.Legal(seat, nil)
		s.ApplyTrusted(seat, l[rng.Intn(len(l))])
	}
	if !s.Over() || s.Turn != math.MaxUint16 {
		t.Fatalf("over %v at turn %d", s.Over(), s.Turn)
	}
}

// TestSpecialResourcesBound: item.Linked holds every special resource a requisition can be
// paid with, because setup refuses more than ten of them (a pile of 10 cards, one copy of
// each, SN 2.1, 2.3); a reserve can't bring more (its swaps must leave a legal pile).
func TestSpecialResourcesBound(t *testing.T) {
	tab := mustTable(t)
	var specials []string
	for _, d := range tab.Defs[1:] {
		if d.Type == TSpecial {
			specials = append(specials, d.Name)
		}
	}
	if len(specials) != maxLinked {
		t.Fatalf("%d special resources in the starter set", len(specials))
	}
	var res []Perm
	for _, n := range append(specials, specials[0]) {
		res = append(res, Perm{Card: n})
	}
	_, err := NewPosition(tab, Position{Phase: "main1", Players: []PlayerSetup{{Name: "Ann", Hero: "Kaira Swiftclaw", Resources: res},
		{Name: "Bob", Hero: "Kaira Swiftclaw"}}})
	if err == nil || !strings.Contains(err.Error(), "2.3") {
		t.Fatalf("eleven special resources: %v", err)
	}
	d := shippedDecks(t)[0]
	d.Resource = append(append([]string(nil), specials...), specials[1])
	if _, err := NewGame(tab, Options{}, []Deck{d, shippedDecks(t)[1]}, 1); err == nil {
		t.Fatal("a pile of eleven special resources accepted")
	}
}

// extraTable compiles the starter set with the cards of extra (a file of the card format).
func extraTable(t *testing.T, extra string) (*Table, error) {
	t.Helper()
	fsys := fstest.MapFS{"extra.yaml": {Data: []byte(extra)}}
	for _, f := range cards.BuiltinFiles {
		data, err := os.ReadFile("cards/" + f)
		if err != nil {
			t.Fatal(err)
		}
		fsys[f] = &fstest.MapFile{Data: data}
	}
	cat, err := cards.Load(fsys, append(cards.BuiltinFiles[:len(cards.BuiltinFiles):len(cards.BuiltinFiles)], "extra.yaml")...)
	if err != nil {
		t.Fatal(err)
	}
	return Compile(cat)
}

// TestCompileRefusesWhatActionsCannotName: an ability with three targets (an item holds two)
// and a card with two active abilities ("activate NAME" names one) are refused when the
// catalog is compiled, not met in play.
func TestCompileRefusesWhatActionsCannotName(t *testing.T) {
	for _, c := range []struct{ card, want string }{
		{`{id: TS-03, name: Triple Strike, faction: Neutral, type: Instant, cost: 1, text: ["resolve: wound(T:creature, 1); wound(T1:creature, 1); wound(T2:creature, 1)"]}`, "3 targets"},
		{`{id: TS-04, name: Two Tricks, faction: Neutral, type: Creature, cost: 1, stats: 1/1, text: ["active(1): draw(YOU, 1)", "active(2): gain_life(YOU, 1)"]}`, "2 of them active"},
	} {
		_, err := extraTable(t, "cards:\n  - "+c.card+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a refusal naming %q", c.card, err, c.want)
		}
	}
}
