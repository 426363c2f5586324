package server

import (
	"net/http"
	"strings"

	"starnexus/engine"
)

// DeckSummary is what a checked deck file holds: its name, its hero and the sizes of its
// library, resource pile and reserve.
type DeckSummary = struct {
	Name, Hero                  string
	Library, Resources, Reserve int
}

// DeckChecker is a game whose seats may bring a deck file (Stellar Nexus): CheckDeckFile
// checks one as `starnexus deck check` does, and a game's creation checks it again. Its
// error holds every problem, one a line.
type DeckChecker interface {
	CheckDeckFile(text []byte) (DeckSummary, error)
}

// maxDeckFile bounds a deck file the check reads (a real one is about a kilobyte).
const maxDeckFile = 64 << 10

// handleDeckCheck checks a deck file before a game is created with it (POST
// /api/decks/check): 200 with ok and the deck's summary, or ok false and its problems. The
// check counts against the client's create rate: it is a step of creating a game.
func (s *Server) handleDeckCheck(w http.ResponseWriter, r *http.Request) {
	if err := s.limiter.allow(s.lim.clientAddr(r), "create"); err != nil {
		writeErr(w, err)
		return
	}
	var req struct {
		Game     string `json:"game"`
		DeckFile string `json:"deck_file"`
	}
	if err := readJSON(r, &req); err != nil {
		writeErr(w, err)
		return
	}
	var g engine.Game
	if req.Game != "" {
		var err error
		if g, err = s.gameOf(strings.ToLower(strings.TrimSpace(req.Game))); err != nil {
			writeErr(w, unknownGame(err))
			return
		}
	} else {
		for _, x := range s.reg.Games() {
			if _, ok := x.(DeckChecker); ok {
				g = x
				break
			}
		}
	}
	dc, ok := g.(DeckChecker)
	if !ok {
		name := s.reg.Names()[0]
		if g != nil {
			name = g.Name()
		}
		writeErr(w, errf(http.StatusBadRequest, "game %q takes no deck files", name))
		return
	}
	if strings.TrimSpace(req.DeckFile) == "" {
		writeErr(w, errf(http.StatusBadRequest, "no deck_file: send the text of a deck file"))
		return
	}
	if len(req.DeckFile) > maxDeckFile {
		writeErr(w, errf(http.StatusRequestEntityTooLarge, "a deck file of %d bytes: at most %d", len(req.DeckFile), maxDeckFile))
		return
	}
	d, err := dc.CheckDeckFile([]byte(req.DeckFile))
	if err != nil {
		var problems []string
		for _, l := range strings.Split(err.Error(), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				problems = append(problems, l)
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"game": g.Name(), "ok": false, "problems": problems})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Name(), "ok": true, "name": d.Name, "hero": d.Hero,
		"library": d.Library, "resources": d.Resources, "reserve": d.Reserve})
}
