package nexus

import (
	"math"
	"testing"
)

// TestEvaluator checks the rollout evaluator's direction: more life, a bigger board or a
// bigger hand raise a side's chance; chances sum to 1 over the sides; a side that lost has 0;
// allied players share their team's chance.
func TestEvaluator(t *testing.T) {
	cases := []struct {
		name     string
		ann, bob PlayerSetup
		annAhead bool // Ann's chance above one half
	}{
		{"equal positions are even", PlayerSetup{}, PlayerSetup{}, false},
		{"more life", PlayerSetup{Life: ip(20)}, PlayerSetup{Life: ip(5)}, true},
		{"a creature on the field", PlayerSetup{Field: []Perm{{Card: "Magma Titan"}}}, PlayerSetup{}, true},
		{"cards in hand", PlayerSetup{Hand: []string{"Surge of Fury", "Warpaint", "Ember Cub"}}, PlayerSetup{}, true},
		{"the opponent's board outweighs a little life", PlayerSetup{Life: ip(24)}, PlayerSetup{Life: ip(20), Field: []Perm{{Card: "Magma Titan"}, {Card: "Ironclad Brute"}}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.ann.Life == nil {
				tc.ann.Life = ip(20)
			}
			if tc.bob.Life == nil {
				tc.bob.Life = ip(20)
			}
			s := duel(t, tc.ann, tc.bob, "main1")
			r := make([]float64, 2)
			Evaluator{}.Evaluate(s, r)
			if math.Abs(r[0]+r[1]-1) > 1e-9 {
				t.Fatalf("chances %v do not sum to 1", r)
			}
			if tc.name == "equal positions are even" {
				if math.Abs(r[0]-0.5) > 1e-9 {
					t.Fatalf("equal positions: %v", r)
				}
				return
			}
			if (r[0] > 0.5) != tc.annAhead {
				t.Fatalf("Ann's chance %.3f, want it %s one half", r[0], map[bool]string{true: "above", false: "below"}[tc.annAhead])
			}
		})
	}
	t.Run("a lost player scores 0", func(t *testing.T) {
		s := duel(t, PlayerSetup{Life: ip(20)}, PlayerSetup{Life: ip(20)}, "main1")
		s.P[1].Lost = true
		r := []float64{0.3, 0.3}
		Evaluator{}.Evaluate(s, r)
		if r[0] != 1 || r[1] != 0 {
			t.Fatalf("chances %v, want [1 0]", r)
		}
	})
	t.Run("allies share a chance", func(t *testing.T) {
		pl := []PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Field: []Perm{{Card: "Magma Titan"}}},
			{Name: "Bob", Hero: "Kaira Swiftclaw"},
			{Name: "Cid", Hero: "Kaira Swiftclaw"},
			{Name: "Dee", Hero: "Kaira Swiftclaw"},
		}
		s, err := NewPosition(mustTable(t), Position{Options: Options{Format: "allied"}, Players: pl, Active: "Ann", Phase: "main1"})
		if err != nil {
			t.Fatal(err)
		}
		r := make([]float64, 4)
		Evaluator{}.Evaluate(s, r)
		if r[0] != r[2] || r[1] != r[3] || r[0] <= r[1] || math.Abs(r[0]+r[1]-1) > 1e-9 {
			t.Fatalf("allied chances %v: want Ann = Cid > Bob = Dee, teams summing to 1", r)
		}
	})
}
