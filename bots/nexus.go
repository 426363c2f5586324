package bots

import (
	"starnexus/engine"
	"starnexus/games/nexus"
)

// nexusRolloutCap is how many actions a Stellar Nexus rollout plays before nexus.Evaluator
// scores it: about three turns of greedy play. Whole duels take 3-8 ms each, which made even
// the 200-iteration levels think for more than a second per decision.
const nexusRolloutCap = 60

// nexusBots are Stellar Nexus's bots: the greedy heuristic, which is also the rollout policy
// of every level, with capped rollouts scored by the game's evaluator.
func nexusBots() Game {
	greedy := func() engine.Bot { return nexus.Greedy{} }
	return Game{Heuristics: map[string]func() engine.Bot{"greedy": greedy}, Light: greedy, Strong: greedy,
		RolloutCap: nexusRolloutCap, Evaluate: nexus.Evaluator{}}
}
