package nexus

import (
	"testing"

	"starnexus/engine"
)

// TestShortcutDecisions: the decisions Shortcut settles without a search, and the ones it
// leaves to the search, in set positions (Ann decides; Bob acts first as the script says).
func TestShortcutDecisions(t *testing.T) {
	withCairn := append(engShards(2), Perm{Card: "Hunter's Cairn"})
	tests := []struct {
		name   string
		ann    PlayerSetup
		bob    PlayerSetup
		active string
		script []string
		want   string // the action text Shortcut plays, "" when it leaves the decision to the search
	}{
		{
			name:   "a pump with nothing to pump for: pass",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury", "Burning Stride"}, Resources: engShards(1), Field: greedyPerms("Blade Dancer")},
			active: "Ann", script: []string{"pass"},
			want: "pass",
		},
		{
			name:   "a hero ability that lasts the turn: search",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(2), Field: greedyPerms("Blade Dancer")},
			active: "Ann", script: []string{"pass"},
		},
		{
			name:   "in the opponent's main phase too",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(1), Field: greedyPerms("Blade Dancer")},
			active: "Bob",
			want:   "pass",
		},
		{
			name:   "a pump and a creature to play: search",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury", "Ember Cub"}, Resources: engShards(2), Field: greedyPerms("Blade Dancer")},
			active: "Ann", script: []string{"pass"},
		},
		{
			name:   "a pump in answer to removal: search",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: engShards(1), Field: greedyPerms("Blade Dancer")},
			bob:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: engShards(2)},
			active: "Bob", script: []string{"pass", "cast Autolytic Burst"},
		},
		{
			name:   "a pump with a special resource whose Affinity could matter: search",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: []Perm{{Card: "Nexus Shard"}, {Card: "Hunter's Cairn"}}, Field: greedyPerms("Blade Dancer")},
			active: "Ann", script: []string{"pass"},
		},
		{
			name:   "removal: search",
			ann:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: engShards(2)},
			bob:    PlayerSetup{Field: greedyPerms("Blade Dancer")},
			active: "Ann", script: []string{"pass"},
		},
		{
			name:   "paying with every untapped resource: the first",
			ann:    PlayerSetup{Hand: []string{"Blade Dancer"}, Resources: withCairn},
			active: "Ann", script: []string{"pass", "cast Blade Dancer"},
			want: "choose Nexus Shard #1",
		},
		{
			name:   "paying with a choice of resources left: search",
			ann:    PlayerSetup{Hand: []string{"Dune Stalker"}, Resources: withCairn},
			active: "Ann", script: []string{"pass", "cast Dune Stalker"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.ann.Library, tc.bob.Library = engLib(), engLib()
			s := duelAt(t, tc.ann, tc.bob, tc.active)
			do(t, s, tc.script...)
			if m := mover(t, s); m != "Ann" {
				t.Fatalf("%s to move, want Ann", m)
			}
			legal := s.Legal(0, nil)
			if len(legal) < 2 {
				t.Fatalf("Ann has %d legal actions, want a choice", len(legal))
			}
			a, ok := NewShortcut().Obvious(s.Observe(0, nil), legal)
			switch {
			case tc.want == "" && ok:
				t.Fatalf("settled %q, want a search", s.ActionText(0, a))
			case tc.want != "" && !ok:
				t.Fatalf("left to the search, want %q", tc.want)
			case ok && s.ActionText(0, a) != tc.want:
				t.Fatalf("settled %q, want %q", s.ActionText(0, a), tc.want)
			}
		})
	}
}

// TestShortcutKeepsTheDeckAsBuilt: in the reserve swaps the search bots play their deck as
// built.
func TestShortcutKeepsTheDeckAsBuilt(t *testing.T) {
	ds := loadShipped(t, FromDeckWithReserve)
	s, err := NewGame(mustTable(t), Options{}, ds[:2], 3)
	if err != nil {
		t.Fatal(err)
	}
	if s.Pend.K != pSwap {
		t.Fatalf("pending %d, want the swaps", s.Pend.K)
	}
	legal := s.Legal(0, nil)
	a, ok := NewShortcut().Obvious(s.Observe(0, nil), legal)
	if !ok || a != mkA(aDone, 0) {
		t.Fatalf("Obvious = %q, %v; want done", s.ActionText(0, a), ok)
	}
}

func engLib() []string { return []string{"Nexus Shard", "Nexus Shard", "Nexus Shard"} }

func duelAt(t *testing.T, ann, bob PlayerSetup, active string) *State {
	t.Helper()
	ann.Name, bob.Name = "Ann", "Bob"
	ann.Hero, bob.Hero = "Kaira Swiftclaw", "Tarsk Ironvein, Forgemaster"
	s, err := NewPosition(mustTable(t), Position{Players: []PlayerSetup{ann, bob}, Active: active, Phase: "main1", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var _ engine.Shortcut = (*Shortcut)(nil)
