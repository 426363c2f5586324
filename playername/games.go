package playername

import (
	"starnexus/games/nexus"
	"starnexus/games/realms"
)

// ForGames makes the Checker of a server or a terminal that plays both games: every card
// name and alias of the Star Realms catalog (the French and Spanish aliases included) and
// every card of the Stellar Nexus table is refused as a name, whichever game the name is for,
// so that one player keeps one name across both.
func ForGames(cat *realms.Catalog, tab *nexus.Table) *Checker {
	var names []string
	if cat != nil {
		for _, c := range cat.Cards {
			names = append(names, c.Name)
			names = append(names, c.Aliases...)
		}
	}
	if tab != nil {
		for _, d := range tab.Defs[1:] { // Defs[0] is "no card"
			names = append(names, d.Name)
		}
	}
	return New(names)
}
