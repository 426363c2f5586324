package realmsgame_test

import (
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest"
	"starnexus/games/realms/realmsgame"
)

// Star Realms passes the conformance suite (engine/enginetest) in several of its formats, and
// its perft positions (testdata/perft) count the leaves they record.
func TestConformance(t *testing.T) {
	g, err := realmsgame.New()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Run(t, g, enginetest.Config{
		Setups: []engine.Setup{
			{Names: []string{"Ann", "Bob"}, Seed: 3},
			{Names: []string{"Ann", "Bob"}, Seed: 9, Sets: []string{"core", "colony-wars"}},
			{Names: []string{"Ann", "Bob", "Cid"}, Seed: 5, Format: "ffa"},
			{Names: []string{"Ann", "Bob", "Cid", "Dee"}, Seed: 7, Format: "hydra", Options: map[string]string{"team_hands_visible": "true"}},
			{Names: []string{"A", "B", "C", "D", "E", "F"}, Seed: 2, Format: "emperor"},
			{Names: []string{"Ann", "Bob", "Cid"}, Seed: 4, Format: "raid"},
		},
		Playouts:   2,
		MaxActions: 300,
		PerftFiles: []string{"testdata/perft/*.yaml"},
	})
}
