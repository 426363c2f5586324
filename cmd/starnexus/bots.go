package main

import (
	"starnexus/ai/ismcts"
	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games/realms/realmsgame"
)

// The bots are made by package bots from each game's kit; these names keep the commands'
// code short until the commands take the registry. The bots read no card data.

// levels are the Star Realms difficulty levels, weakest first (bots.Levels).
var levels = func() []struct {
	name string
	cfg  ismcts.Config
} {
	ls := bots.Levels(realmsgame.WithCatalog(nil))
	out := make([]struct {
		name string
		cfg  ismcts.Config
	}, len(ls))
	for i, l := range ls {
		out[i].name, out[i].cfg = l.Name, l.Config
	}
	return out
}()

// newBot returns the Star Realms bot called name (bots.New).
func newBot(name string) (engine.Bot, error) { return bots.New(realmsgame.WithCatalog(nil), name) }

// botNames lists the Star Realms bots a seat may name.
func botNames() []string { return bots.Names(realmsgame.WithCatalog(nil)) }
