package main

import (
	"starnexus/ai/ismcts"
	"starnexus/bots"
	"starnexus/engine"
)

// The bot registry lives in package bots, shared with the server; these names keep the
// commands' code short.

// levels are the difficulty levels, weakest first (bots.Levels).
var levels = func() []struct {
	name string
	cfg  ismcts.Config
} {
	out := make([]struct {
		name string
		cfg  ismcts.Config
	}, len(bots.Levels))
	for i, l := range bots.Levels {
		out[i].name, out[i].cfg = l.Name, l.Config
	}
	return out
}()

// newBot returns the bot called name (bots.New).
func newBot(name string) (engine.Bot, error) { return bots.New(name) }

// botNames lists the bots a seat may name.
func botNames() []string { return bots.Names() }
