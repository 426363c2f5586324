package nexus

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
)

func ip(n int) *int { return &n }

func engShards(n int) []Perm {
	out := make([]Perm, n)
	for i := range out {
		out[i] = Perm{Card: "Nexus Shard"}
	}
	return out
}

// do applies action texts, each by the seat that must act.
func do(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, txt := range texts {
		m := s.ToMove(nil)
		if len(m) == 0 {
			t.Fatalf("%q: nobody to move", txt)
		}
		if err := s.ApplyText(m[0], txt); err != nil {
			t.Fatalf("%q by %s: %v", txt, s.SeatName(m[0]), err)
		}
	}
}

func mover(t *testing.T, s *State) string {
	t.Helper()
	m := s.ToMove(nil)
	if len(m) != 1 {
		t.Fatalf("%d seats to move", len(m))
	}
	return s.SeatName(m[0])
}

func duel(t *testing.T, ann, bob PlayerSetup, phase string) *State {
	t.Helper()
	ann.Name, bob.Name = "Ann", "Bob"
	if ann.Hero == "" {
		ann.Hero = "Kaira Swiftclaw"
	}
	if bob.Hero == "" {
		bob.Hero = "Tarsk Ironvein, Forgemaster"
	}
	s, err := NewPosition(mustTable(t), Position{Players: []PlayerSetup{ann, bob}, Active: "Ann", Phase: phase, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPriorityRounds checks 8.4: who holds priority, step by step.
func TestPriorityRounds(t *testing.T) {
	s := duel(t, PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(2), Field: []Perm{{Card: "Ember Cub"}}},
		PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(2)}, "main1")
	steps := []struct {
		action string // "" checks only
		prio   string
		phase  string
		stack  int
	}{
		{"", "Bob", "main1", 0},                   // 8.4(c): the opponent first
		{"pass", "Ann", "main1", 0},               // then the active player
		{"cast Surge of Fury", "Bob", "main1", 1}, // the caster counts as passed (8.4(d))
		{"pass", "Ann", "main1", 0},               // resolved; the active player gets priority (8.4(f))
		{"pass", "Bob", "main1", 0},               // the count started afresh after the resolution
		{"pass", "Bob", "combat", 0},              // the combat phase's first round starts with Bob
	}
	for i, st := range steps {
		if st.action != "" {
			do(t, s, st.action)
		}
		if got := mover(t, s); got != st.prio || s.PhaseName() != st.phase || int(s.NS) != st.stack {
			t.Fatalf("step %d (%s): priority %s in %s with %d items, want %s in %s with %d", i, st.action, got, s.PhaseName(), s.NS, st.prio, st.phase, st.stack)
		}
	}
	if got := s.Field(0); len(got) != 1 || got[0] != "Ember Cub 2/1 (2,1)" {
		t.Fatalf("the +2/+2 of main phase 1 should have ended with it: %v", got)
	}
}

// TestRoundOrder: the round goes from the seat after the active one, the active side last
// (8.4(c)); in allied play the opposing team first, then the active team (16.4).
func TestRoundOrder(t *testing.T) {
	tab := mustTable(t)
	cases := []struct {
		format, active, want string
	}{
		{"ffa", "C", "DABC"},
		{"ffa", "A", "BCDA"},
		{"allied", "A", "BDAC"},
		{"allied", "B", "CABD"},
	}
	for _, c := range cases {
		pl := []PlayerSetup{{Name: "A", Hero: "Kaira Swiftclaw"}, {Name: "B", Hero: "Kaira Swiftclaw"}, {Name: "C", Hero: "Kaira Swiftclaw"}, {Name: "D", Hero: "Kaira Swiftclaw"}}
		s, err := NewPosition(tab, Position{Options: Options{Format: c.format}, Players: pl, Active: c.active, Phase: "main1"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := 0; i < 4; i++ {
			got = append(got, mover(t, s))
			do(t, s, "pass")
		}
		if strings.Join(got, "") != c.want || s.PhaseName() != "combat" {
			t.Errorf("%s, %s active: priority order %v, then %s; want %s, then combat", c.format, c.active, got, s.PhaseName(), c.want)
		}
	}
}

// TestCombatSequences checks the exchange and blocking sequences of F2 and F3.
func TestCombatSequences(t *testing.T) {
	cases := []struct {
		name     string
		attacker Perm
		blockers []Perm
		block    string
		ann, bob []string // fields when the confrontation step's round opens
		after    []string // Bob's field after the step
	}{
		{"F2", Perm{Card: "Magma Titan", Atk: ip(5), Def: ip(3)}, []Perm{{Card: "Nareh Flayer"}, {Card: "Ironclad Brute"}},
			"block Magma Titan with Nareh Flayer, Ironclad Brute", []string{"Magma Titan 5/5 (0,0)"}, []string{"Nareh Flayer 2/2 (0,0)", "Ironclad Brute 3/3 (2,0)"}, nil},
		{"F2 variant", Perm{Card: "Magma Titan", Atk: ip(5), Def: ip(2)}, []Perm{{Card: "Ironclad Brute", Atk: ip(3), Def: ip(1)}, {Card: "Carrion Mote"}},
			"block Magma Titan with Ironclad Brute, Carrion Mote", []string{"Magma Titan 5/5 (4,0)"}, []string{"Ironclad Brute 3/3 (1,0)", "Carrion Mote 1/1 (1,1)"}, []string{"Carrion Mote 1/1 (1,1)"}},
		{"F3 b", Perm{Card: "Blade Dancer"}, []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote"}},
			"block Blade Dancer with Rivet Sentry, Carrion Mote", []string{"Blade Dancer 3/2 (0,0)"}, []string{"Rivet Sentry 1/4 (0,1)", "Carrion Mote 1/1 (0,1)"}, []string{"Rivet Sentry 1/4 (0,1)", "Carrion Mote 1/1 (0,1)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := duel(t, PlayerSetup{Field: []Perm{c.attacker}}, PlayerSetup{Field: c.blockers}, "combat")
			do(t, s, "attack with "+s.nameOf(s.objs(0, zField)[0]), "pass", "pass", c.block, "done")
			for s.StepName() != "confrontation" {
				do(t, s, "pass")
			}
			if a, b := strings.Join(s.Field(0), "; "), strings.Join(s.Field(1), "; "); a != strings.Join(c.ann, "; ") || b != strings.Join(c.bob, "; ") {
				t.Fatalf("in the confrontation step: Ann %s, Bob %s; want %v, %v", a, b, c.ann, c.bob)
			}
			do(t, s, "pass", "pass")
			if b := strings.Join(s.Field(1), "; "); b != strings.Join(c.after, "; ") {
				t.Fatalf("after the step Bob has %s, want %v", b, c.after)
			}
		})
	}
}

// TestBlockRefusals: illegal declarations are refused with a reason and change nothing (12.3, B48).
func TestBlockRefusals(t *testing.T) {
	cases := []struct {
		attacker, block, reason string
		blockers                []Perm
	}{
		{"Nareh Flayer", "block Nareh Flayer with Rivet Sentry", "Menace", []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote"}}},
		{"Cloud Skimmer", "block Cloud Skimmer with Rivet Sentry", "Alteration", []Perm{{Card: "Rivet Sentry"}}},
		{"Nareh Flayer", "block Nareh Flayer with Rivet Sentry, Carrion Mote", "tapped", []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote", Tapped: true}}},
	}
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			s := duel(t, PlayerSetup{Field: []Perm{{Card: c.attacker}}}, PlayerSetup{Field: c.blockers}, "combat")
			do(t, s, "attack with "+c.attacker, "pass", "pass")
			before := s.Clone().(*State)
			err := s.ApplyText(1, c.block)
			if err == nil || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("%q: got %v, want a refusal naming %s", c.block, err, c.reason)
			}
			if !sameState(s, before) {
				t.Fatal("a refused declaration changed the state")
			}
		})
	}
	// Two blockers satisfy Menace.
	s := duel(t, PlayerSetup{Field: []Perm{{Card: "Nareh Flayer"}}}, PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote"}}}, "combat")
	do(t, s, "attack with Nareh Flayer", "pass", "pass", "block Nareh Flayer with Rivet Sentry, Carrion Mote", "done")
}

// TestCounterUnlessTap: the countered card's controller decides (8.7).
func TestCounterUnlessTap(t *testing.T) {
	for _, pay := range []bool{true, false} {
		s := duel(t, PlayerSetup{Hand: []string{"Rivet Sentry"}, Resources: engShards(4)},
			PlayerSetup{Hand: []string{"Nullifying Gust"}, Resources: engShards(2)}, "main1")
		do(t, s, "pass", "cast Rivet Sentry", "cast Nullifying Gust", "pass")
		if s.Decision() != "unless" || mover(t, s) != "Ann" {
			t.Fatalf("want Ann's unless decision, got %s by %s", s.Decision(), mover(t, s))
		}
		ans := "no"
		if pay {
			ans = "yes"
		}
		do(t, s, ans)
		if pay {
			do(t, s, "pass", "pass")
		}
		onField := len(s.Field(0)) == 1
		if onField != pay || s.UntappedResources(0) != 0 && pay {
			t.Fatalf("pay=%v: field %v, untapped %d", pay, s.Field(0), s.UntappedResources(0))
		}
		if !pay && strings.Join(s.Zone(0, "graveyard"), ",") != "Rivet Sentry" {
			t.Fatalf("the countered creature should be in Ann's graveyard: %v", s.Zone(0, "graveyard"))
		}
	}
}

// TestCounterOnlyTopItem: a counter targets only the item on top when it is announced (8.6).
func TestCounterOnlyTopItem(t *testing.T) {
	s := duel(t, PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(1), Field: []Perm{{Card: "Ember Cub"}}},
		PlayerSetup{Hand: []string{"Absolute Stillness"}, Resources: engShards(4)}, "main1")
	do(t, s, "pass")
	// Ann activates her hero (an ability, not a requisition): Bob's counter has nothing to target.
	do(t, s, "cast Surge of Fury")
	a, _ := s.ParseAction(1, "cast Absolute Stillness")
	if r := s.Allowed(1, a); r != "" {
		t.Fatalf("Absolute Stillness should be castable on Surge of Fury: %s", r)
	}
	do(t, s, "cast Absolute Stillness")
	if got := s.StackNames(); strings.Join(got, ",") != "Absolute Stillness,Surge of Fury" {
		t.Fatalf("stack %v", got)
	}
	do(t, s, "pass")
	if got := s.Zone(0, "graveyard"); strings.Join(got, ",") != "Surge of Fury" {
		t.Fatalf("Surge should be countered: %v", got)
	}
}

func TestHeroOncePerTurn(t *testing.T) {
	s := duel(t, PlayerSetup{Resources: engShards(6), Field: []Perm{{Card: "Ember Cub"}}}, PlayerSetup{Resources: engShards(4)}, "main1")
	do(t, s, "pass", "activate hero", "pass")
	a, _ := s.ParseAction(0, "activate hero")
	if r := s.Allowed(0, a); !strings.Contains(r, "already") {
		t.Fatalf("a second activation this turn: %q", r)
	}
}

func TestMulliganSizes(t *testing.T) {
	want := []int{6, 6, 6, 5, 4, 3, 2, 1, 0, 0}
	for m, w := range want {
		if got := handSize(m); got != w {
			t.Errorf("after %d mulligans: %d cards, want %d", m, got, w)
		}
	}
}

// TestActionTextRoundTrip: every listed action's text parses back to an accepted action with
// the same text, across random games.
func TestActionTextRoundTrip(t *testing.T) {
	tab := mustTable(t)
	for g := 0; g < 60; g++ {
		opts, ds := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 40}, []Deck{factionDeck(t, tab, uint8(1+g%5)), factionDeck(t, tab, uint8(1+(g+2)%5))}
		switch g % 3 {
		case 1:
			opts.Format, opts.Names = "ffa", nil
			ds = append(ds, factionDeck(t, tab, uint8(1+(g+3)%5)))
		case 2:
			opts.Format, opts.Names = "allied", nil
			ds = append(ds, factionDeck(t, tab, uint8(1+(g+3)%5)), factionDeck(t, tab, uint8(1+(g+4)%5)))
		}
		s, err := NewGame(tab, opts, ds, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		for n := 0; n < 3000 && !s.Over(); n++ {
			m := s.ToMove(nil)
			seat := m[rng.Intn(len(m))]
			l := s.Legal(seat, nil)
			seen := map[string]bool{}
			for _, a := range l {
				txt := s.ActionText(seat, a)
				if seen[txt] {
					t.Fatalf("game %d: %q listed twice", g, txt)
				}
				seen[txt] = true
				b, err := s.ParseAction(seat, txt)
				if err != nil {
					t.Fatalf("game %d: %q does not parse: %v", g, txt, err)
				}
				if r := s.Allowed(seat, b); r != "" {
					t.Fatalf("game %d: %q parses to a refused action: %s", g, txt, r)
				}
				if s.ActionText(seat, b) != txt {
					t.Fatalf("game %d: %q parses back as %q", g, txt, s.ActionText(seat, b))
				}
			}
			s.ApplyTrusted(seat, l[rng.Intn(len(l))])
		}
	}
}

// TestTriggersOnStack: variant V4 puts the arrival trigger and the Affinity on the stack, where
// they wait for priority like any item.
func TestTriggersOnStack(t *testing.T) {
	tab := mustTable(t)
	pl := []PlayerSetup{
		{Name: "Ann", Hero: "Tarsk Ironvein, Forgemaster", Hand: []string{"Ironclad Brute"},
			Resources: []Perm{{Card: "Anvil Spire"}, {Card: "Nexus Shard"}, {Card: "Nexus Shard"}}},
		{Name: "Bob", Hero: "Kaira Swiftclaw"},
	}
	s, err := NewPosition(tab, Position{Options: Options{TriggersOnStack: true}, Players: pl, Active: "Ann", Phase: "main1"})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, "pass", "cast Ironclad Brute", "choose Anvil Spire", "pass")
	if s.Decision() != "affinity" {
		t.Fatalf("want the Affinity question, got %s", s.Decision())
	}
	do(t, s, "yes")
	if got := strings.Join(s.StackNames(), ","); got != "Anvil Spire,Ironclad Brute" {
		t.Fatalf("stack %s", got)
	}
	if got := s.Field(0); got[0] != "Ironclad Brute 3/3 (3,3)" {
		t.Fatalf("field %v before the items resolve", got)
	}
	do(t, s, "pass", "pass")
	if got := s.Field(0); got[0] != "Ironclad Brute 4/4 (4,4)" {
		t.Fatalf("field %v after the Affinity", got)
	}
	do(t, s, "pass", "pass")
	if got := s.Field(0); got[0] != "Ironclad Brute 5/5 (5,5)" || s.NS != 0 {
		t.Fatalf("field %v, stack %v after the trigger", got, s.StackNames())
	}
}

// TestOwnPassivesOrder: one player's simultaneous passives of different abilities happen in
// the order that player chooses (7.3.1).
func TestOwnPassivesOrder(t *testing.T) {
	tab := passivesTable(t)
	for _, first := range []string{"Grief Eater", "Mourning Bard"} {
		pl := []PlayerSetup{
			{Name: "Ann", Hero: "Test Hero", Field: []Perm{{Card: "Grief Eater"}, {Card: "Mourning Bard"}, {Card: "Fodder"}}},
			{Name: "Bob", Hero: "Test Hero"},
		}
		s, err := NewPosition(tab, Position{Players: pl, Active: "Ann", Phase: "main1"})
		if err != nil {
			t.Fatal(err)
		}
		do(t, s, "pass", "activate hero", "choose Fodder", "pass")
		if s.Decision() != "order" {
			t.Fatalf("want the order decision, got %q", s.Decision())
		}
		do(t, s, "choose "+first)
		// The Bard's target is asked now: before it if the Bard went first, after the Eater's marker otherwise.
		want := map[string]string{"Grief Eater": "Grief Eater 2/2 (2,2)", "Mourning Bard": "Grief Eater 1/1 (1,1)"}[first]
		if got := s.Field(0)[0]; got != want || s.Decision() != "target" {
			t.Fatalf("%s first: %s with a %s decision, want %s and the Bard's target", first, got, s.Decision(), want)
		}
		do(t, s, "choose Ann")
		if got := s.Field(0)[0]; got != "Grief Eater 2/2 (2,2)" || s.Life(0) != 22 {
			t.Fatalf("%s first: at the end %s, life %d", first, got, s.Life(0))
		}
	}
}

// passivesTable is the common cards and a hero whose ability destroys, with three creatures
// whose passives wait on another creature's death (Grief Eater, Mourning Bard) or die
// (Fodder): for the order of simultaneous passives (7.3.1).
func passivesTable(t *testing.T) *Table {
	t.Helper()
	common, err := os.ReadFile("cards/data/common.yaml")
	if err != nil {
		t.Fatal(err)
	}
	extra := `cards:
  - {id: TS-HE, name: Test Hero, faction: Kern, type: Hero, life: 20, text: ['active(0) "Cull": destroy(T:creature)']}
  - {id: TS-01, name: Grief Eater, faction: Neutral, type: Creature, cost: 1, stats: 1/1,
     text: ["when creature_you_control_dies[other]: marker(SELF, +1/+1, 1)"]}
  - {id: TS-02, name: Mourning Bard, faction: Neutral, type: Creature, cost: 1, stats: 1/3,
     text: ["when creature_you_control_dies[other]: gain_life(T:player, 2)"]}
  - {id: TS-03, name: Fodder, faction: Neutral, type: Creature, cost: 1, stats: 1/1}
`
	cat, err := cards.Load(fstest.MapFS{"common.yaml": {Data: common}, "extra.yaml": {Data: []byte(extra)}}, "common.yaml", "extra.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Compile(cat)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
