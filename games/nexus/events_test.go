package nexus

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// recorded applies the texts (each by the seat that must act) to s with recording on and
// returns the events they recorded.
func recorded(t *testing.T, s *State, texts ...string) []engine.Event {
	t.Helper()
	s.RecordEvents(true)
	s.TakeEvents(nil)
	do(t, s, texts...)
	return s.TakeEvents(nil)
}

// passUntil passes (attacks with none, blocks with none) with whoever must act until done(s)
// or the game ends.
func passUntil(t *testing.T, s *State, done func(*State) bool) {
	t.Helper()
	for range 200 {
		if s.Over() || done(s) {
			return
		}
		switch s.Pend.K {
		case pAttack:
			do(t, s, "attack with none")
		case pBlock:
			do(t, s, "done")
		default:
			do(t, s, "pass")
		}
	}
	t.Fatalf("still %s/%s after 200 passes", s.PhaseName(), s.StepName())
}

func evText(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "  %+v\n", e)
	}
	return b.String()
}

// TestEventKinds: from positions, actions record each kind of event with its arguments and
// the seats that may see it.
func TestEventKinds(t *testing.T) {
	fieldOf := func(cards ...string) []Perm {
		var out []Perm
		for _, c := range cards {
			out = append(out, Perm{Card: c})
		}
		return out
	}
	vessa := "Vessa, Matriarch of Nareh"
	cases := []struct {
		name     string
		ann, bob PlayerSetup
		phase    string
		active   string
		texts    []string
		// more passes until this holds (nil: none)
		until func(*State) bool
		want  []engine.Event
	}{
		{
			name:  "cast, resolve to the field, arrival trigger, marker",
			ann:   PlayerSetup{Hand: []string{"Ironclad Brute"}, Resources: engShards(3), Field: fieldOf("Rivet Sentry")},
			texts: []string{"pass", "cast Ironclad Brute", "pass", "choose Rivet Sentry"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "cast", Option: "cast Ironclad Brute"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Ironclad Brute", Number: 1, From: "hand", To: "stack"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Ironclad Brute", Number: 1, From: "stack", To: "field"},
				{Kind: engine.EvTriggered, Seat: 0, Card: "Ironclad Brute", Number: 1, Ability: "arrives"},
				{Kind: engine.EvChose, Seat: 0, Source: "job_target", Option: "choose Rivet Sentry"},
				{Kind: engine.EvCounter, Seat: 0, Card: "Rivet Sentry", Number: 1, Stat: "marker", Amount: 1, Source: "Ironclad Brute"},
			},
		},
		{
			name:  "countered",
			ann:   PlayerSetup{Hand: []string{"Rivet Sentry"}, Resources: engShards(4)},
			bob:   PlayerSetup{Hand: []string{"Nullifying Gust"}, Resources: engShards(2)},
			texts: []string{"pass", "cast Rivet Sentry", "cast Nullifying Gust", "pass", "no"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 1, Source: "cast", Option: "cast Nullifying Gust"},
				{Kind: engine.EvChose, Seat: 1, Source: "target", Option: "choose stack:Rivet Sentry"},
				{Kind: engine.EvChose, Seat: 0, Source: "unless", Option: "no"},
				{Kind: EvCountered, Seat: 0, Card: "Rivet Sentry", Number: 1, Source: "Nullifying Gust"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Rivet Sentry", Number: 1, From: "stack", To: "graveyard"},
				{Kind: engine.EvMoved, Seat: 1, Card: "Nullifying Gust", Number: 1, From: "stack", To: "graveyard"},
			},
		},
		{
			name:  "modifiers and keywords",
			ann:   PlayerSetup{Hand: []string{"Burning Stride"}, Resources: engShards(2), Field: fieldOf("Ember Cub")},
			texts: []string{"pass", "cast Burning Stride", "pass"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "target", Option: "choose Ember Cub"},
				{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Number: 1, Stat: "strength", Amount: 1, Total: 3, Source: "Burning Stride"},
				{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Number: 1, Stat: "endurance", Amount: 1, Total: 2, Source: "Burning Stride"},
				{Kind: EvGranted, Seat: 0, Card: "Ember Cub", Number: 1, Option: "Agility", Source: "Burning Stride"},
			},
		},
		{
			name:  "a hero's ability: life lost and damage to a creature, which dies",
			ann:   PlayerSetup{Hero: vessa, Resources: engShards(3)},
			bob:   PlayerSetup{Field: fieldOf("Ember Cub")},
			texts: []string{"pass", "activate hero", "pass"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "activate", Option: "activate hero"},
				{Kind: engine.EvStat, Seat: 0, Stat: "life", Amount: -1, Total: 19, Source: vessa},
				{Kind: engine.EvDamage, Seat: 1, Card: "Ember Cub", Number: 1, Amount: 2, Source: vessa, Target: "Ember Cub"},
				{Kind: engine.EvDied, Seat: 1, Card: "Ember Cub", Number: 1},
				{Kind: engine.EvMoved, Seat: 1, Card: "Ember Cub", Number: 1, From: "field", To: "graveyard"},
			},
		},
		{
			name:  "combat: attackers, blockers, damage between creatures",
			ann:   PlayerSetup{Field: []Perm{{Card: "Magma Titan", Atk: ip(5), Def: ip(3)}}},
			bob:   PlayerSetup{Field: fieldOf("Nareh Flayer", "Ironclad Brute")},
			phase: "combat",
			texts: []string{"attack with Magma Titan", "pass", "pass", "block Magma Titan with Nareh Flayer, Ironclad Brute", "done"},
			until: func(s *State) bool { return s.PhaseName() == "main2" },
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "attack", Option: "add attacker Magma Titan"},
				{Kind: engine.EvChose, Seat: 1, Source: "block", Option: "block Magma Titan with Nareh Flayer"},
				{Kind: engine.EvChose, Seat: 1, Source: "block", Option: "done"},
				{Kind: EvPhase, Seat: 0, Option: "combat", Stat: "confrontation"},
				{Kind: engine.EvDamage, Seat: 1, Card: "Nareh Flayer", Number: 1, Amount: 2, Source: "Magma Titan", Target: "Nareh Flayer"},
				{Kind: engine.EvDamage, Seat: 0, Card: "Magma Titan", Number: 1, Amount: 2, Source: "Nareh Flayer", Target: "Magma Titan"},
				{Kind: engine.EvDied, Seat: 1, Card: "Nareh Flayer", Number: 1},
			},
		},
		{
			name:  "damage to a player, its trigger, defeat and the end of the game",
			ann:   PlayerSetup{Field: fieldOf("Trophy Hunter")},
			bob:   PlayerSetup{Life: ip(2)},
			phase: "combat",
			texts: []string{"attack with Trophy Hunter", "pass", "pass", "done"},
			until: func(s *State) bool { return false },
			want: []engine.Event{
				{Kind: engine.EvDamage, Seat: 1, Amount: 2, Source: "Trophy Hunter", Target: "Bob"},
				{Kind: engine.EvStat, Seat: 1, Stat: "life", Amount: -2, Source: "Trophy Hunter"},
				{Kind: engine.EvTriggered, Seat: 0, Card: "Trophy Hunter", Number: 1, Ability: "deals_wounds_to_player"},
				{Kind: engine.EvCounter, Seat: 0, Card: "Trophy Hunter", Number: 1, Stat: "marker", Amount: 1, Source: "Trophy Hunter"},
				{Kind: engine.EvDefeated, Seat: 1},
				{Kind: engine.EvGameOver, Seat: 0},
			},
		},
		{
			name:   "a new turn: draw seen by its owner alone, a resource from the pile",
			ann:    PlayerSetup{Library: []string{"Pounce", "Ember Cub"}, ResourcePile: []string{"Nexus Shard"}},
			phase:  "end",
			active: "Bob",
			texts:  []string{"pass", "pass"},
			want: []engine.Event{
				{Kind: engine.EvTurn, Seat: 0, Amount: 3},
				{Kind: EvPhase, Seat: 0, Option: "upkeep"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Pounce", From: "library", To: "hand", CardSeen: 1},
				{Kind: engine.EvMoved, Seat: 0, Card: "Nexus Shard", Number: 1, From: "resource_pile", To: "field"},
				{Kind: EvPhase, Seat: 0, Option: "main1"},
			},
		},
		{
			name:  "affinity of a special resource",
			ann:   PlayerSetup{Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub"}, Resources: []Perm{{Card: "Sunforge Totem"}}, Field: fieldOf("Dune Stalker")},
			texts: []string{"pass", "cast Ember Cub", "pass", "choose Dune Stalker"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "pay", Option: "choose Sunforge Totem"},
				{Kind: engine.EvTriggered, Seat: 0, Card: "Sunforge Totem", Number: 1, Ability: "affinity", Amount: -1},
				{Kind: engine.EvChose, Seat: 0, Source: "job_target", Option: "choose Dune Stalker"},
				{Kind: engine.EvStat, Seat: 0, Card: "Dune Stalker", Number: 1, Stat: "strength", Amount: 2, Total: 4, Source: "Sunforge Totem"},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.ann.Name, c.bob.Name = "Ann", "Bob"
			for _, p := range []*PlayerSetup{&c.ann, &c.bob} {
				if p.Hero == "" {
					p.Hero = "Tarsk Ironvein, Forgemaster"
				}
			}
			if c.active == "" {
				c.active = "Ann"
			}
			if c.phase == "" {
				c.phase = "main1"
			}
			s, err := NewPosition(mustTable(t), Position{Players: []PlayerSetup{c.ann, c.bob}, Active: c.active, Phase: c.phase, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			evs := recorded(t, s, c.texts...)
			if c.until != nil {
				passUntil(t, s, c.until)
				evs = s.TakeEvents(evs)
			}
			for _, w := range c.want {
				if !slices.Contains(evs, w) {
					t.Errorf("no event %+v among\n%s", w, evText(evs))
				}
			}
		})
	}
}

// seenBy is the events as seat sees them.
func seenBy(evs []engine.Event, seat engine.Seat) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if v, ok := e.For(seat); ok {
			out = append(out, v)
		}
	}
	return out
}

// TestEventVisibility: a drawn card is blank for the opponent and a spectator; a free-for-all
// block is seen by its seat alone until every attacked player has confirmed, then by all;
// mulligans are seen by their seat alone until every player has kept.
func TestEventVisibility(t *testing.T) {
	t.Run("draw", func(t *testing.T) {
		s := duel(t, PlayerSetup{Library: []string{"Pounce"}}, PlayerSetup{Library: []string{"Ember Cub"}}, "end")
		evs := recorded(t, s, "pass", "pass") // Bob's turn, then Ann's
		passUntil(t, s, func(s *State) bool { return s.ActiveSeat() == 0 && s.PhaseName() == "main1" })
		evs = s.TakeEvents(evs)
		var draw *engine.Event
		for i, e := range evs {
			if e.Kind == engine.EvMoved && e.From == "library" && e.Seat == 0 {
				draw = &evs[i]
			}
		}
		if draw == nil {
			t.Fatalf("no draw among\n%s", evText(evs))
		}
		for _, c := range []struct {
			seat engine.Seat
			card string
		}{{0, "Pounce"}, {1, ""}, {engine.Spectator, ""}} {
			v, ok := draw.For(c.seat)
			if !ok || v.Card != c.card || v.To != "hand" {
				t.Errorf("seat %d sees the draw as %+v (%v), want card %q", c.seat, v, ok, c.card)
			}
		}
	})
	t.Run("free-for-all blocks", func(t *testing.T) {
		pl := []PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Field: []Perm{{Card: "Ember Cub"}, {Card: "Dune Ambusher"}}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Field: []Perm{{Card: "Rivet Sentry"}}},
			{Name: "Cid", Hero: "Tarsk Ironvein, Forgemaster", Field: []Perm{{Card: "Anvil Duelist"}}},
		}
		s, err := NewPosition(mustTable(t), Position{Options: Options{Format: "ffa"}, Players: pl, Active: "Ann", Phase: "combat", Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s.RecordEvents(true)
		passUntil(t, s, func(s *State) bool { return s.Pend.K == pAttack })
		for _, txt := range []string{"add attacker Ember Cub at Bob", "add attacker Dune Ambusher at Cid", "done"} {
			if err := s.ApplyText(0, txt); err != nil {
				t.Fatalf("%q: %v", txt, err)
			}
		}
		passUntil(t, s, func(s *State) bool { return s.Pend.K == pBlock })
		s.TakeEvents(nil)
		if err := s.ApplyText(1, "block Ember Cub with Rivet Sentry"); err != nil {
			t.Fatal(err)
		}
		evs := s.TakeEvents(nil)
		if len(evs) != 1 || evs[0].Kind != engine.EvChose {
			t.Fatalf("Bob's block recorded\n%s", evText(evs))
		}
		for seat, want := range []bool{false, true, false} {
			if _, ok := evs[0].For(engine.Seat(seat)); ok != want {
				t.Errorf("seat %d sees Bob's block before the reveal: %v", seat, ok)
			}
		}
		if _, ok := evs[0].For(engine.Spectator); ok {
			t.Error("a spectator sees Bob's block before the reveal")
		}
		for _, a := range []struct {
			seat engine.Seat
			text string
		}{{1, "done"}, {2, "done"}} {
			if err := s.ApplyText(a.seat, a.text); err != nil {
				t.Fatal(err)
			}
		}
		evs = s.TakeEvents(nil)
		want := engine.Event{Kind: engine.EvChose, Seat: 1, Card: "Rivet Sentry", Number: 1, Source: "block", Target: "Ember Cub",
			Option: "block Ember Cub with Rivet Sentry"}
		if !slices.Contains(evs, want) {
			t.Fatalf("no public reveal %+v among\n%s", want, evText(evs))
		}
		for _, seat := range []engine.Seat{0, 1, 2, engine.Spectator} {
			if !slices.Contains(seenBy(evs, seat), want) {
				t.Errorf("seat %d does not see the reveal", seat)
			}
		}
	})
	t.Run("mulligans", func(t *testing.T) {
		s, err := NewGame(mustTable(t), Options{Names: []string{"Ann", "Bob"}}, shippedDecks(t)[:2], 3)
		if err != nil {
			t.Fatal(err)
		}
		evs := recorded(t, s, "mulligan")
		if len(evs) == 0 {
			t.Fatal("a mulligan recorded nothing")
		}
		if v := seenBy(evs, 1); len(v) != 0 {
			t.Fatalf("Bob sees Ann's mulligan:\n%s", evText(v))
		}
		if v := seenBy(evs, 0); len(v) != len(evs) {
			t.Fatalf("Ann sees %d of the %d events of her mulligan", len(v), len(evs))
		}
		evs = recorded(t, s, "keep", "keep")
		want := engine.Event{Kind: engine.EvChose, Seat: 0, Source: "mulligan", Option: "keep", Amount: 1}
		if !slices.Contains(seenBy(evs, 1), want) {
			t.Fatalf("once both kept, Bob does not see %+v among\n%s", want, evText(seenBy(evs, 1)))
		}
	})
}

// hiddenTo reports whether seat q cannot see zone name z of player p (the normalization of
// cards newly revealed to q: their names differ in a twin by nature).
func (s *State) hiddenTo(q engine.Seat, p engine.Seat, z string) bool {
	switch z {
	case "field", "stack", "graveyard", "exile", "none":
		return false
	case "hand":
		return q < 0 || s.handSeers(int8(p))&engine.SeatBit(q) == 0
	}
	return true
}

// asSeen is what seat q sees of evs, cards newly revealed to q (moved from a zone q does not
// see to one it does) blanked.
func (s *State) asSeen(evs []engine.Event, q engine.Seat) []engine.Event {
	out := seenBy(evs, q)
	for i, e := range out {
		if e.Kind == engine.EvMoved && s.hiddenTo(q, e.Seat, e.From) && !s.hiddenTo(q, e.Seat, e.To) {
			out[i].Card, out[i].Number = "", 0
		}
	}
	return out
}

// ends a secret: the action revealed what a twin could not know (the mulligans, the heroes,
// the free-for-all blocks).
func revealsSecret(before, after *State) bool {
	return (!before.allKept() && after.allKept()) || (!before.P[0].Revealed && after.P[0].Revealed) ||
		(before.blocksHidden() && !after.blocksHidden())
}

// TestEventsProperties: over random duels, free-for-all and allied games (with reserves) with
// recording on, replaying the actions' texts with recording on yields the same events; and at
// sampled steps, for each seat, a twin that differs only in what the seat cannot see (its
// View determinized) records, for the same action, the same events as the seat sees them.
func TestEventsProperties(t *testing.T) {
	tab := mustTable(t)
	decks := loadShipped(t, FromDeckWithReserve)
	type logged struct {
		seat engine.Seat
		text string
	}
	formats := []struct {
		format string
		seats  int
	}{{"duel", 2}, {"ffa", 3}, {"ffa", 4}, {"allied", 4}}
	for fi, f := range formats {
		for g := range 3 {
			seed := uint64(100*fi + g + 1)
			t.Run(fmt.Sprintf("%s%d/%d", f.format, f.seats, seed), func(t *testing.T) {
				ds := make([]Deck, f.seats)
				for i := range ds {
					ds[i] = decks[(g+i)%len(decks)]
				}
				opts := Options{Format: f.format, MaxTurns: 30}
				s, err := NewGame(tab, opts, ds, seed)
				if err != nil {
					t.Fatal(err)
				}
				s.RecordEvents(true)
				rng := engine.NewRNG(seed)
				var log []logged
				var steps [][]engine.Event
				twins := 0
				for n := 0; n < 3000 && !s.Over(); n++ {
					m := s.ToMove(nil)
					seat := m[rng.Intn(len(m))]
					l := s.Legal(seat, nil)
					a := l[rng.Intn(len(l))]
					if s.Pend.K == pSwap && kindOf(l[0]) == aDone && rng.Intn(3) == 0 {
						a = l[0] // a few swaps, then the game
					}
					text := s.ActionText(seat, a)
					before := s.Clone().(*State)
					if err := s.Apply(seat, a); err != nil {
						t.Fatalf("%q: %v", text, err)
					}
					evs := s.TakeEvents(nil)
					log = append(log, logged{seat, text})
					steps = append(steps, evs)
					if n%5 != 0 || revealsSecret(before, s) {
						continue
					}
					for q := range f.seats {
						viewer := engine.Seat(q)
						r := engine.NewRNG(rng.Uint64())
						twin := before.Observe(viewer, nil).Determinize(nil, &r).(*State)
						ta, err := twin.ParseAction(seat, text)
						if err != nil || twin.ActionText(seat, ta) != text {
							continue // not the same action in the twin
						}
						twin.RecordEvents(true)
						if twin.Apply(seat, ta) != nil {
							continue
						}
						twins++
						got, want := s.asSeen(twin.TakeEvents(nil), viewer), s.asSeen(evs, viewer)
						if !slices.Equal(got, want) {
							t.Fatalf("action %d (%s: %q): a twin that differs in what seat %d cannot see shows it other events:\n%s\nnot\n%s",
								n, s.SeatName(seat), text, q, evText(got), evText(want))
						}
					}
				}
				if twins == 0 {
					t.Fatal("no twin compared")
				}
				t.Logf("%d twins, %d actions", twins, len(log))
				r, err := NewGame(tab, opts, ds, seed)
				if err != nil {
					t.Fatal(err)
				}
				r.RecordEvents(true)
				for i, la := range log {
					a, err := r.ParseAction(la.seat, la.text)
					if err == nil {
						err = r.Apply(la.seat, a)
					}
					if err != nil {
						t.Fatalf("replay of action %d %q: %v", i, la.text, err)
					}
					if got := r.TakeEvents(nil); !slices.Equal(got, steps[i]) {
						t.Fatalf("replayed action %d %q records\n%s\nnot\n%s", i, la.text, evText(got), evText(steps[i]))
					}
				}
			})
		}
	}
}
