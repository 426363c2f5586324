package bots

import (
	"starnexus/engine"
	"starnexus/games/nexus"
)

// nexusBots are Stellar Nexus's bots: the greedy heuristic, which is also the rollout policy
// of every level.
func nexusBots() Game {
	greedy := func() engine.Bot { return nexus.Greedy{} }
	return Game{Heuristics: map[string]func() engine.Bot{"greedy": greedy}, Light: greedy, Strong: greedy}
}
