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

// passUntil passes with whoever must act until done(s) or the game ends.
func passUntil(t *testing.T, s *State, done func(*State) bool) {
	t.Helper()
	for range 200 {
		if s.Over() || done(s) {
			return
		}
		do(t, s, "pass")
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
			name: "cast, resolve to the field, arrival trigger, marker",
			ann:  PlayerSetup{Hand: []string{"Ironclad Brute"}, Resources: engShards(3), Field: fieldOf("Rivet Sentry")},
			texts: []string{"pass", "cast Ironclad Brute", "pass", "choose Rivet Sentry"},
			want: []engine.Event{
				{Kind: engine.EvChose, Seat: 0, Source: "cast", Option: "cast Ironclad Brute"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Ironclad Brute", Number: 1, From: "hand", To: "stack"},
				{Kind: engine.EvMoved, Seat: 0, Card: "Ironclad Brute", Number: 1, From: "stack", To: "field"},
				{Kind: engine.EvTriggered, Seat: 0, Card: "Ironclad Brute", Number: 1, Option: "arrives"},
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
				{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Number: 1, Stat: "strength", Amount: 1, Source: "Burning Stride"},
				{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Number: 1, Stat: "endurance", Amount: 1, Source: "Burning Stride"},
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
				{Kind: engine.EvStat, Seat: 0, Stat: "life", Amount: -1, Source: vessa},
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
				{Kind: engine.EvTriggered, Seat: 0, Card: "Trophy Hunter", Number: 1, Option: "deals_wounds_to_player"},
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
				{Kind: engine.EvTriggered, Seat: 0, Card: "Sunforge Totem", Number: 1, Option: "affinity", Amount: -1},
				{Kind: engine.EvChose, Seat: 0, Source: "job_target", Option: "choose Dune Stalker"},
				{Kind: engine.EvStat, Seat: 0, Card: "Dune Stalker", Number: 1, Stat: "strength", Amount: 2, Source: "Sunforge Totem"},
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
