package server

import (
	"net/http"

	"starnexus/playername"
)

// seatName checks the name chosen for seat n (from 0) of a game whose seats are named taken
// ("" for a seat not named yet; taken[n] itself is not compared). It returns the form of the
// name to keep (PRECIS-normalised), a 400 for a name refused on its own (package playername
// says which), or the status clash for a name that looks like another seat's: the action texts
// and the players tell seats apart by name alone.
//
// The checker is the Server's own, made in New from its Star Realms catalog and Stellar Nexus
// table, so a name is refused if it is a card of either game.
func (s *Server) seatName(name string, n int, taken []string, clash int) (string, error) {
	kept, err := s.names.Check(name)
	if err != nil {
		return "", errf(http.StatusBadRequest, "%v", err)
	}
	for k, o := range taken {
		if k != n && o != "" && playername.Confusable(kept, o) {
			return "", errm(clash, "server.name_clash", "name", kept, "other", o)
		}
	}
	return kept, nil
}
