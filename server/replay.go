package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"starnexus/engine"
	"starnexus/narrate"
	"starnexus/store"
)

// Replays (docs/api.md, "A replay"): GET /api/games/{id}/replay?step=N answers the view at
// step N (after the first N actions of the log) as the asking seat or the spectator saw it
// then, with no actions, and the narration of the actions before it. The store keeps only the
// log, so a game's replay record replays it once on a State recording events, as a narration
// does (newReplayGame), keeping every action's events and a copy of the State every
// replayEvery actions; a step is computed from the nearest copy before it. Records and views
// are cached; building a record takes a token of the client's "narration" bucket, computing
// a view not in the cache one of its "replay" bucket (Limits).
//
// A live game has a replay too, up to the point its viewer sees now: the steps stop before
// the first entry of the log still hidden from the viewer (a Stellar Nexus mulligan before
// everyone has kept), so that neither a state nor the number of steps tells more than the
// live view did. Every state of a replay is one the viewer's live view showed, as it showed
// it.

const (
	// replayEvery: a record keeps a copy of the State every replayEvery actions.
	replayEvery = 32
	// replayRecords and replayViews bound the records and views kept (least recently used
	// first out).
	replayRecords = 16
	replayViews   = 512
)

// replayRecord is one game replayed: g follows the log with every action's events kept;
// marks[k] is a copy of the State after k*replayEvery actions.
type replayRecord struct {
	mu    sync.Mutex
	g     *game
	marks []engine.State
}

type replayViewKey struct {
	id    string
	seat  engine.Seat
	step  int
	final bool // the last step of a game that has ended (its view tells how it ended)
}

// lru is a small least-recently-used cache.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	size  int
	m     map[K]V
	order []K // least recently used first
}

func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	if ok {
		c.touch(k)
	}
	return v, ok
}

func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[K]V{}
	}
	if _, ok := c.m[k]; ok {
		c.touch(k)
	} else {
		if len(c.order) >= c.size {
			delete(c.m, c.order[0])
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.m[k] = v
}

// touch moves k to the end of the order; c.mu is held.
func (c *lru[K, V]) touch(k K) {
	if i := slices.Index(c.order, k); i >= 0 {
		c.order = append(slices.Delete(c.order, i, i+1), k)
	}
}

// replayCache holds the replay records and the views computed from them.
type replayCache struct {
	records lru[string, *replayRecord]
	views   lru[replayViewKey, []byte]
}

func newReplayCache() *replayCache {
	return &replayCache{records: lru[string, *replayRecord]{size: replayRecords}, views: lru[replayViewKey, []byte]{size: replayViews}}
}

// replayTurn is where a turn begins in a replay: the step before its first action.
type replayTurn struct {
	Step   int `json:"step"`
	Turn   int `json:"turn"`
	Active int `json:"active"`
}

// replayJSON is where a replay's view is: its step and the steps there are, the turns.
type replayJSON struct {
	Step  int `json:"step"`
	Steps int `json:"steps"`
	// Live: the game goes on; its replay reaches the point the viewer sees now.
	Live bool `json:"live"`
	// Since: the narration tells the actions from step Since to Step.
	Since int          `json:"since"`
	Turns []replayTurn `json:"turns"`
	// Last is the action that led to this step (none at step 0), numbered by its place in
	// the log: every entry before the last step is one the viewer sees now.
	Last *logEntry `json:"last,omitempty"`
}

// replayExtra is what a replay adds to the view at its step.
type replayExtra struct {
	Replay replayJSON `json:"replay"`
	// Narration tells the actions from step Since to Step, numbered by their place in the
	// log (the step each leads from).
	Narration []narrate.Line `json:"narration"`
}

func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	g, seat, err := s.seatFor(r, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	q := r.URL.Query()
	g.mu.Lock()
	m := *g.meta
	log := slices.Clone(g.log)
	waiting := len(g.waiting())
	over := g.st.Over() || g.abandoned
	abandoned := g.abandoned
	steps := len(log)
	for i, hidden := range hiddenEntries(g.st, log, seat) {
		if hidden {
			steps = i
			break
		}
	}
	g.mu.Unlock()
	if waiting > 0 {
		writeErr(w, errm(http.StatusForbidden, "server.replay_waiting", "n", waiting))
		return
	}
	step, err := queryInt(q.Get("step"), steps, "step", steps)
	if err != nil {
		writeErr(w, err)
		return
	}
	since, err := queryInt(q.Get("since"), max(step-1, 0), "since", step)
	if err != nil {
		writeErr(w, err)
		return
	}
	rec, err := s.replayRecord(r, g.id, &m, log)
	if err != nil {
		writeErr(w, err)
		return
	}
	final := over && step == len(log)
	key := replayViewKey{id: g.id, seat: seat, step: step, final: final}
	b, ok := s.replays.views.get(key)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if !ok {
		if err := s.limiter.allow(s.lim.clientAddr(r), "replay"); err != nil {
			writeErr(w, err)
			return
		}
		if b, err = rec.view(s, seat, step, abandoned && final); err != nil {
			s.log.Error("replay", "game", g.id, "step", step, "err", err)
			writeErr(w, errf(http.StatusInternalServerError, "%v", err))
			return
		}
		s.replays.views.put(key, b)
	}
	x := replayExtra{Replay: replayJSON{Step: step, Steps: steps, Live: !over, Since: since, Turns: rec.turns(steps)},
		Narration: rec.narration(seat, since, step)}
	if step > 0 {
		a := log[step-1]
		x.Replay.Last = &logEntry{Seq: a.Seq, Seat: a.Seat, Name: m.Seats[a.Seat].Name, Action: a.Text}
	}
	out, err := joinJSON(b, x)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeRaw(w, http.StatusOK, out)
}

// queryInt reads a whole number from 0 to most from a query value, def when there is none.
func queryInt(v string, def int, name string, most int) (int, error) {
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > most {
		return 0, errf(http.StatusBadRequest, "%s must be a whole number from 0 to %d, not %q", name, most, engine.Clip(v, 32))
	}
	return n, nil
}

// replayRecord returns game id's record replayed to the end of log, from the cache or made
// now (a new one takes a token of the client's narration bucket: it replays the whole log).
func (s *Server) replayRecord(r *http.Request, id string, m *store.Game, log []store.Action) (*replayRecord, error) {
	rec, ok := s.replays.records.get(id)
	if !ok {
		if err := s.limiter.allow(s.lim.clientAddr(r), "narration"); err != nil {
			return nil, err
		}
		g, err := s.newReplayGame(id, m)
		if err != nil {
			s.log.Error("replay", "game", id, "err", err)
			return nil, errf(http.StatusInternalServerError, "%v", err)
		}
		rec = &replayRecord{g: g, marks: []engine.State{g.st.Clone()}}
		s.replays.records.put(id, rec)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if err := rec.extend(log); err != nil {
		s.log.Error("replay", "game", id, "err", err)
		return nil, errf(http.StatusInternalServerError, "%v", err)
	}
	return rec, nil
}

// extend replays the actions of log the record has not replayed yet; rec.mu is held.
func (rec *replayRecord) extend(log []store.Action) error {
	for _, a := range log[min(len(rec.g.log), len(log)):] {
		if err := rec.g.replay(a); err != nil {
			return err
		}
		if len(rec.g.log)%replayEvery == 0 {
			rec.marks = append(rec.marks, rec.g.st.Clone())
		}
	}
	return nil
}

// view is the view of seat at step (0 to the actions replayed), with no actions; ended says
// the game was abandoned there. rec.mu is held.
func (rec *replayRecord) view(s *Server, seat engine.Seat, step int, ended bool) ([]byte, error) {
	g := rec.g
	st := rec.marks[step/replayEvery].Clone() // a copy records no events
	for _, a := range g.log[step/replayEvery*replayEvery : step] {
		act, err := parseAction(st, engine.Seat(a.Seat), a.Text)
		if err == nil {
			err = st.Apply(engine.Seat(a.Seat), act)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: replay record %d (%q): %w", g.id, a.Seq, a.Text, err)
		}
	}
	at := &game{id: g.id, meta: g.meta, st: st, log: g.log[:step], past: true, abandoned: ended}
	return at.view(s, seat)
}

// narration tells the actions from since to step as viewer saw them, numbered by their
// place in the log. rec.mu is held.
func (rec *replayRecord) narration(viewer engine.Seat, since, step int) []narrate.Line {
	g := rec.g
	names := make([]string, g.st.NumSeats())
	for i := range names {
		names[i] = g.st.SeatName(engine.Seat(i))
	}
	out := []narrate.Line{}
	var seen []engine.Event
	for _, ae := range g.events[since:step] {
		seen = seen[:0]
		for _, e := range ae.evs {
			if v, ok := e.For(viewer); ok {
				seen = append(seen, v)
			}
		}
		out = append(out, narrate.New(viewer, names, ae.turn).Action(ae.seq, seen)...)
	}
	return out
}

// turns lists where each turn begins among the first steps steps. rec.mu is held.
func (rec *replayRecord) turns(steps int) []replayTurn {
	g := rec.g
	at := func(i int) narrate.Turn {
		if i < len(g.events) {
			return g.events[i].turn
		}
		return g.turn
	}
	out := []replayTurn{}
	for i := 0; i <= steps; i++ {
		if t := at(i); i == 0 || t != at(i-1) {
			out = append(out, replayTurn{Step: i, Turn: t.Number, Active: int(t.Seat)})
		}
	}
	return out
}

// newReplayGame sets m's game up on a new State that records events and keeps them all, to
// replay its log (a narration's replay, a replay record).
func (s *Server) newReplayGame(id string, m *store.Game) (*game, error) {
	st, err := s.newState(m)
	if err != nil {
		return nil, fmt.Errorf("game %s: set up: %w", id, err)
	}
	g := &game{id: id, meta: m, st: st, keepAll: true, last: make([]int, len(m.Seats))}
	g.followTurns()
	g.startEvents()
	return g, nil
}

// joinJSON adds the fields of x (a struct) to the JSON object b.
func joinJSON(b []byte, x any) ([]byte, error) {
	xb, err := json.Marshal(x)
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("view is not a JSON object")
	}
	out := make([]byte, 0, len(b)+len(xb))
	out = append(out, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, xb[1:]...), nil
}
