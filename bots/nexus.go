package bots

import (
	"starnexus/ai"
	"starnexus/engine"
)

// nexusBots are Stellar Nexus's bots. Until the game has a heuristic bot of its own, the
// levels play random rollouts.
func nexusBots() Game {
	random := func() engine.Bot { return ai.Random{} }
	return Game{Heuristics: map[string]func() engine.Bot{}, Light: random, Strong: random}
}
