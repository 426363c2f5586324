package main

import (
	"fmt"

	"starnexus/games"
	"starnexus/playername"
)

// checkNames applies the server's rules for player names (package playername) to the names
// of a new terminal game, so that a game played here could be played on a server too and
// the two never disagree about a name. The names are replaced by the form kept (PRECIS:
// fullwidth "Ａnn" is "Ann").
func checkNames(names []string) error {
	reg, err := games.Registry()
	if err != nil {
		return fmt.Errorf("player names: %w", err)
	}
	// A name may not be a card of any game, whichever game it is for, so that one player
	// keeps one name across them.
	var cards []string
	for _, g := range reg.Games() {
		cards = append(cards, g.CardNames()...)
	}
	c := playername.New(cards)
	for i, n := range names {
		kept, err := c.Check(n)
		if err != nil {
			return fmt.Errorf("--names: player %d: %w", i+1, err)
		}
		if k := playername.Clash(kept, names[:i]); k >= 0 {
			return fmt.Errorf("--names: player %d: the name %q looks like %q, player %d's: the names of one game must look different", i+1, kept, names[k], k+1)
		}
		names[i] = kept
	}
	return nil
}
