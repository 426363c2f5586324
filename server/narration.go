package server

import (
	"net/http"
	"slices"
	"sync"

	"starnexus/engine"
	"starnexus/narrate"
	"starnexus/store"
)

// The narration of a whole game (docs/api.md, "Narration"): the store keeps no events, so
// GET /api/games/{id}/narration replays the log on a new State with events recorded, as a
// rebuild does, keeping every action's events, and narrates them for the seat asking exactly
// as its views do (narrationFor). The lines are cached per game, seat and length of the log;
// a narration not in the cache takes a token of the client's "narration" bucket (Limits).

// narrationCacheSize bounds the narrations kept; a full cache starts again empty.
const narrationCacheSize = 256

type narrationKey struct {
	id   string
	seat engine.Seat
	n    int // actions in the log
}

type narrationCache struct {
	mu sync.Mutex
	m  map[narrationKey][]narrate.Line
}

func (c *narrationCache) get(k narrationKey) ([]narrate.Line, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.m[k]
	return l, ok
}

func (c *narrationCache) put(k narrationKey, l []narrate.Line) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= narrationCacheSize {
		c.m = map[narrationKey][]narrate.Line{}
	}
	c.m[k] = l
}

// narrationJSON is the answer of GET /api/games/{id}/narration.
type narrationJSON struct {
	// Seq is the seq of the seat's view the narration reaches: a view asked with since=Seq
	// carries the narration of what follows.
	Seq       int            `json:"seq"`
	Narration []narrate.Line `json:"narration"`
}

func (s *Server) handleNarration(w http.ResponseWriter, r *http.Request) {
	g, seat, err := s.seatFor(r, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	m := *g.meta
	log := slices.Clone(g.log)
	seq := g.publicSeq(seat)
	g.mu.Unlock()
	key := narrationKey{id: g.id, seat: seat, n: len(log)}
	lines, ok := s.narrations.get(key)
	if !ok {
		if err := s.limiter.allow(s.lim.clientAddr(r), "narration"); err != nil {
			writeErr(w, err)
			return
		}
		lines, err = s.narrateGame(g.id, &m, log, seat)
		if err != nil {
			s.log.Error("narration", "game", g.id, "err", err)
			writeErr(w, errf(http.StatusInternalServerError, "%v", err))
			return
		}
		s.narrations.put(key, lines)
	}
	writeJSON(w, http.StatusOK, narrationJSON{Seq: seq, Narration: lines})
}

// narrateGame replays log on a new State of m with events recorded and narrates every
// action for viewer, as its views number them.
func (s *Server) narrateGame(id string, m *store.Game, log []store.Action, viewer engine.Seat) ([]narrate.Line, error) {
	g, err := s.newReplayGame(id, m)
	if err != nil {
		return nil, err
	}
	for _, a := range log {
		if err := g.replay(a); err != nil {
			return nil, err
		}
	}
	return g.narrationFor(viewer, 0), nil
}
