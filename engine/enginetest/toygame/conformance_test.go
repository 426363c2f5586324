package toygame_test

import (
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest"
	"starnexus/engine/enginetest/toygame"
)

// The toy race passes the conformance suite.
func TestConformance(t *testing.T) {
	enginetest.Run(t, toygame.Game{}, enginetest.Config{
		Setups: []engine.Setup{
			{Names: []string{"Ann", "Bob"}, Seed: 3},
			{Names: []string{"Ann", "Bob", "Cat", "Dee"}, Seed: 8, Options: map[string]string{"target": "40"}},
		},
		Playouts:   3,
		Every:      2,
		PerftFiles: []string{"testdata/perft.yaml"},
	})
}
