// Package games lists the games this program plays: Registry is the one place that names
// them. cmd/starnexus builds it and hands it to the server, sim, the scenario runner and the
// terminal, which know games only through engine.Game.
package games

import (
	"starnexus/engine"
	"starnexus/games/nexus/nexusgame"
	"starnexus/games/realms/realmsgame"
)

// Registry makes the registry of every game, Star Realms (the default) first.
func Registry() (*engine.Registry, error) {
	r, err := realmsgame.New()
	if err != nil {
		return nil, err
	}
	n, err := nexusgame.New()
	if err != nil {
		return nil, err
	}
	return engine.NewRegistry(r, n)
}
