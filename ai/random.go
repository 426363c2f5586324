// Package ai holds bots written against the engine contracts only, so that they play every
// game and format. A game's own heuristic bots live in the game's package.
package ai

import "starnexus/engine"

// Random picks uniformly among the legal actions: the baseline every other bot must beat,
// and the fuzzer of last resort.
type Random struct{}

// Name implements engine.Bot.
func (Random) Name() string { return "random" }

// Blind implements engine.Blind: Random never looks at the game.
func (Random) Blind() {}

// Choose implements engine.Bot.
func (Random) Choose(_ engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return legal[rng.Intn(len(legal))]
}
