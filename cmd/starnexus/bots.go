package main

import (
	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games/realms/realmsgame"
)

// The bots are made by package bots from each game's kit; these names keep the commands'
// code short until the commands take the registry. The bots read no card data.

// realmsLevels are the Star Realms difficulty levels, weakest first (bots.Levels).
func realmsLevels() []bots.Level { return bots.Levels(realmsgame.WithCatalog(nil)) }

// newBot returns the Star Realms bot called name (bots.New).
func newBot(name string) (engine.Bot, error) { return bots.New(realmsgame.WithCatalog(nil), name) }

// botNames lists the Star Realms bots a seat may name.
func botNames() []string { return bots.Names(realmsgame.WithCatalog(nil)) }
