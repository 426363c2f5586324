package nexusgame_test

import (
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest"
	"starnexus/games/nexus/nexusgame"
)

// Stellar Nexus passes the conformance suite (engine/enginetest) in each of its formats, and
// its perft positions (testdata/perft) count the leaves they record.
func TestConformance(t *testing.T) {
	g, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Run(t, g, enginetest.Config{
		Setups: []engine.Setup{
			{Names: []string{"Ann", "Bob"}, Seed: 3},
			{Names: []string{"Ann", "Bob", "Cid"}, Seed: 5, Format: "ffa"},
			{Names: []string{"Ann", "Bob", "Cid", "Dee"}, Seed: 7, Format: "allied"},
		},
		MaxActions: 300,
		PerftFiles: []string{"testdata/perft/*.yaml"},
	})
}

// The secret swaps of the reserves (SN 2.5, 10.1) pass the suite too.
func TestConformanceReserves(t *testing.T) {
	g, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Run(t, g, enginetest.Config{
		Setups: []engine.Setup{
			{Names: []string{"Ann", "Bob"}, Seed: 11, Options: map[string]string{"reserves": "true"}},
		},
		MaxActions: 120,
	})
}
