package sim

import (
	"starnexus/games/nexus/nexusgame"
	"starnexus/games/realms/realmsgame"
)

// The games implement sim's optional interfaces.
var (
	_ StatsGame = (*realmsgame.Game)(nil)
	_ CheckGame = (*realmsgame.Game)(nil)
	_ StatsGame = (*nexusgame.Game)(nil)
	_ DeckGame  = (*nexusgame.Game)(nil)
)
