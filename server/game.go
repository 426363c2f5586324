package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/narrate"
	"starnexus/store"
)

// logTail is how many log entries a view carries; the whole log is at /log.
const logTail = 50

// game is one game held in memory: its setup, its State rebuilt from the log, and the
// clients watching it. mu guards everything; it is held while an action is committed, so a
// game's actions are applied one at a time and in the order of the log.
type game struct {
	id string

	mu      sync.Mutex
	meta    *store.Game
	st      engine.State
	log     []store.Action
	last    []int // per seat: the seq of its latest accepted action, -1 if none
	bots    []engine.Bot
	rngs    []*engine.RNG
	clients map[*client]struct{}
	// rec is st recording events, nil when the game records none; events are the events of
	// the last actions (events.go).
	rec     engine.EventRecorder
	events  []actionEvents
	keepAll bool                      // keep every action's events, not the last eventKeep (a narration's replay)
	past    bool                      // a past state of the game, shown by its replay: nobody acts in it
	turn    narrate.Turn              // the turn now, followed from the events (narrate.Advance)
	vis     map[engine.Seat]*visOrder // per viewer, the order it came to see the log entries
	sockets int                       // WebSockets admitted (Limits.MaxSocketsPerGame), a few not yet among clients

	botBusy    bool      // a bot goroutine is thinking for this game
	leaseUntil time.Time // this process holds the bot lease until then
	finished   bool      // Finish (or Abandon) has been recorded in the store
	abandoned  bool      // ended for want of activity (Limits.IdleAfter)
	lastActive time.Time // the last action, claim or load in this process (Limits.Evict)
	// lastUse is when a request last found the game (Unix ns), read without g.mu.
	lastUse atomic.Int64
}

// apiError is a refusal with its HTTP status.
type apiError struct {
	Status int
	Msg    string
	Legal  []string
	Seq    *int
	// RetryAfter, in seconds, goes into a Retry-After header (429, 503).
	RetryAfter int
	// Why is the refusal as a message of the catalogs, when it has one (errm, engineRefusal).
	Why *i18n.Msg
}

func (e *apiError) Error() string { return e.Msg }

func errf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

func seatNames(m *store.Game) []string {
	out := make([]string, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = s.Name
	}
	return out
}

// rebuild sets the game up from its setup and log, checking every action as a typed one.
func (g *game) rebuild(s *Server, m *store.Game, log []store.Action) error {
	st, err := s.newState(m)
	if err != nil {
		return fmt.Errorf("game %s: set up: %w", g.id, err)
	}
	g.meta, g.st, g.log = m, st, nil
	g.rec, g.events, g.vis = nil, nil, nil
	g.last = make([]int, len(m.Seats))
	for i := range g.last {
		g.last[i] = -1
	}
	if g.bots == nil {
		g.bots = make([]engine.Bot, len(m.Seats))
		g.rngs = make([]*engine.RNG, len(m.Seats))
		for i, seat := range m.Seats {
			if seat.Kind == store.Bot {
				b, err := s.makeBot(m.Game, seat.Bot)
				if err != nil {
					return fmt.Errorf("game %s: seat %d: %w", g.id, i, err)
				}
				rng := engine.NewRNG(randomSeed())
				g.bots[i], g.rngs[i] = b, &rng
			}
		}
	}
	g.followTurns()
	for _, a := range log {
		if err := g.replay(a); err != nil {
			return err
		}
	}
	g.startEvents() // after the log: a load tells no client of old actions again
	return nil
}

// replay applies a logged action (from the store) to the state.
func (g *game) replay(a store.Action) error {
	if a.Seq != len(g.log) {
		return fmt.Errorf("game %s: record %d has seq %d", g.id, len(g.log), a.Seq)
	}
	seat := engine.Seat(a.Seat)
	if a.Seat < 0 || a.Seat >= len(g.meta.Seats) {
		return fmt.Errorf("game %s: record %d (%q) names seat %d", g.id, a.Seq, a.Text, a.Seat)
	}
	act, err := parseAction(g.st, seat, a.Text)
	if err == nil {
		err = g.st.Apply(seat, act)
	}
	if err != nil {
		return fmt.Errorf("game %s: record %d (%s: %q): %w", g.id, a.Seq, g.st.SeatName(seat), a.Text, err)
	}
	g.log = append(g.log, a)
	g.last[a.Seat] = a.Seq
	g.keepEvents(a.Seq)
	return nil
}

// waiting lists the open seats not yet claimed.
func (g *game) waiting() []int {
	var w []int
	for i, s := range g.meta.Seats {
		if s.Kind == store.Open && !s.Claimed {
			w = append(w, i)
		}
	}
	return w
}

// seatOf finds the seat whose token this is, in constant time per seat.
func (g *game) seatOf(token string) (engine.Seat, bool) {
	h := store.HashToken(token)
	found := -1
	for i, s := range g.meta.Seats {
		if len(s.TokenHash) == len(h) && constantEq(s.TokenHash, h) {
			found = i
		}
	}
	return engine.Seat(found), found >= 0
}

func (g *game) canAct(seat engine.Seat) bool {
	if g.past || g.st.Over() || g.abandoned || len(g.waiting()) > 0 {
		return false
	}
	for _, s := range g.st.ToMove(nil) {
		if s == seat {
			return true
		}
	}
	return false
}

// legalTexts lists the actions seat may send now, each text once.
func (g *game) legalTexts(seat engine.Seat) []string {
	out := []string{}
	if seat < 0 || !g.canAct(seat) {
		return out
	}
	seen := map[string]bool{}
	for _, a := range g.st.Legal(seat, nil) {
		t := g.st.ActionText(seat, a)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// parseAction reads an action text for seat. A text that is exactly the text of a legal
// action is that action (the first listed with it), so every text a view lists is accepted
// as it is, even where a game's parser would read it as another object of the same name
// (two attackers called Rivet Sentry); any other text goes to the game's parser. Replaying
// the log on the same state makes the same choice.
func parseAction(st engine.State, seat engine.Seat, text string) (engine.Action, error) {
	if seat >= 0 {
		for _, a := range st.Legal(seat, nil) {
			if st.ActionText(seat, a) == text {
				return a, nil
			}
		}
	}
	return st.ParseAction(seat, text)
}

type seatJSON struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
}

func (g *game) seatsJSON() []seatJSON {
	out := make([]seatJSON, len(g.meta.Seats))
	for i, s := range g.meta.Seats {
		out[i] = seatJSON{Name: s.Name, Kind: s.Kind, Bot: s.Bot}
		if s.Kind == store.Open && s.Claimed {
			out[i].Kind = store.Human
		}
	}
	return out
}

type logEntry struct {
	Seq    int    `json:"seq"`
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Action string `json:"action"`
}

// logJSON lists the log from position from, every entry (the public log of a finished game).
func (g *game) logJSON(from int) []logEntry {
	if from < 0 {
		from = 0
	}
	out := make([]logEntry, 0, len(g.log)-from)
	for _, a := range g.log[from:] {
		out = append(out, logEntry{Seq: a.Seq, Seat: a.Seat, Name: g.meta.Seats[a.Seat].Name, Action: a.Text})
	}
	return out
}

// visibleLog lists the last tail entries of the log that viewer may see now (tail < 0: all),
// numbered as that viewer counts them.
func (g *game) visibleLog(viewer engine.Seat, tail int) []logEntry {
	h := hiddenEntries(g.st, g.log, viewer)
	if h == nil {
		if tail < 0 {
			return g.logJSON(0)
		}
		return g.logJSON(len(g.log) - tail)
	}
	out := []logEntry{}
	for i, a := range g.log {
		if !h[i] {
			out = append(out, logEntry{Seq: len(out), Seat: a.Seat, Name: g.meta.Seats[a.Seat].Name, Action: a.Text})
		}
	}
	if tail >= 0 && len(out) > tail {
		out = out[len(out)-tail:]
	}
	return out
}

// publicSeq is the number of log entries viewer sees now: the seq of its views, and what its
// client sends back with an action.
func (g *game) publicSeq(viewer engine.Seat) int {
	h := hiddenEntries(g.st, g.log, viewer)
	n := len(g.log)
	for _, hidden := range h {
		if hidden {
			n--
		}
	}
	return n
}

// realSeq turns a seq that viewer's client sent (publicSeq counting) into a position of the
// log: the point just after the seq-th entry the viewer sees.
func (g *game) realSeq(viewer engine.Seat, seq int) int {
	h := hiddenEntries(g.st, g.log, viewer)
	if h == nil || seq <= 0 {
		return seq
	}
	c := 0
	for i, hidden := range h {
		if !hidden {
			c++
			if c == seq {
				return i + 1
			}
		}
	}
	return len(g.log) + 1
}

// viewExtra is what the server adds to the game's own View JSON.
type viewExtra struct {
	ID string `json:"id"`
	// Game is added unless the game's View names it (gameInfo).
	Game string `json:"game,omitempty"`
	// Format is added unless the game's View carries it (gameInfo).
	Format string     `json:"format,omitempty"`
	Sets   []string   `json:"sets"`
	Seats  []seatJSON `json:"seats"`
	Seq    int        `json:"seq"`
	Legal  []string   `json:"legal"`
	// Actions lists the same actions as Legal, in the same order, each with its parts
	// (actions.go).
	Actions []actionJSON `json:"actions"`
	// Pending is the pending decision as data, when the game describes it.
	Pending *decisionJSON `json:"pending,omitempty"`
	Log     []logEntry    `json:"log"`
	Waiting []int         `json:"waiting,omitempty"`
	// Campaign names the Rise of Empire campaign of a campaign game.
	Campaign string `json:"campaign,omitempty"`
	// Abandoned: the game ended because nobody acted in it for the server's idle time.
	Abandoned bool `json:"abandoned,omitempty"`
}

// view encodes seat's view (engine.Spectator: the public one). Only the engine's View of
// that seat and public facts go into it.
func (g *game) view(s *Server, seat engine.Seat) ([]byte, error) {
	base, err := g.st.View(seat).MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("game %s: view: %w", g.id, err)
	}
	name, format := g.meta.Game, g.meta.Format
	if in := s.info[g.meta.Game]; in.viewGame {
		name = ""
	}
	if in := s.info[g.meta.Game]; in.viewFormat {
		format = ""
	}
	campaign := ""
	if s.extensionOf(g.meta) != nil {
		campaign = g.meta.Options["campaign"]
	}
	actions := g.legalActions(seat)
	legal := make([]string, len(actions))
	for i, a := range actions {
		legal[i] = a.Text
	}
	x, err := json.Marshal(viewExtra{ID: g.id, Game: name, Format: format, Sets: nonNil(g.meta.Sets), Seats: g.seatsJSON(), Seq: g.publicSeq(seat),
		Legal: legal, Actions: actions, Pending: g.pending(seat), Log: g.visibleLog(seat, logTail), Waiting: g.waiting(), Campaign: campaign, Abandoned: g.abandoned})
	if err != nil {
		return nil, err
	}
	if len(base) < 2 || base[len(base)-1] != '}' {
		return nil, fmt.Errorf("game %s: view is not a JSON object", g.id)
	}
	out := make([]byte, 0, len(base)+len(x)+1)
	out = append(out, base[:len(base)-1]...)
	if len(base) > 2 {
		out = append(out, ',')
	}
	return append(out, x[1:]...), nil
}

// act applies text for seat if seq allows it, commits it, and returns the seat's new view
// if wantView (the WebSocket needs none: its push carries it). The caller holds no lock.
func (s *Server) act(ctx context.Context, g *game, seat engine.Seat, text string, seq int, wantView bool) ([]byte, error) {
	start := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if err := g.check(seat, seq); err != nil {
			return nil, err
		}
		a, err := parseAction(g.st, seat, text)
		if err != nil || !contains(g.st.Legal(seat, nil), a) {
			// A refusal says why from what the seat sees, never from the real state: the
			// text is read and judged again on a State dealt from the seat's Observation (its
			// hidden cards made up, a fixed random source), so that no answer depends on a
			// card the seat cannot see (issue 11). A text the stand-in would take gets a fixed
			// answer.
			refused := errm(http.StatusUnprocessableEntity, "server.not_legal", "action", text)
			rng := engine.NewRNG(0)
			st := g.st.Observe(seat, nil).Determinize(nil, &rng)
			b, err := parseAction(st, seat, text)
			if err == nil {
				err = st.Apply(seat, b)
			}
			if err != nil {
				refused = engineRefusal(http.StatusUnprocessableEntity, err)
			}
			refused.Legal = g.legalTexts(seat)
			return nil, refused
		}
		rec := store.Action{Seq: len(g.log), Seat: int(seat), Text: g.st.ActionText(seat, a)}
		err = s.store.Append(ctx, g.id, rec)
		if errors.Is(err, store.ErrConflict) && attempt < 3 {
			// Another process logged an action here first: catch up and judge again.
			if err := s.catchUp(ctx, g); err != nil {
				return nil, err
			}
			s.changed(g) // this process's clients see what it caught up with
			continue
		}
		if err != nil {
			s.log.Error("commit action", "game", g.id, "err", err)
			return nil, errf(http.StatusServiceUnavailable, "the action could not be saved: %v", err)
		}
		public := g.publicSeq(engine.Spectator)
		g.st.ApplyTrusted(seat, a)
		g.log = append(g.log, rec)
		g.keepEvents(rec.Seq)
		g.last[seat] = rec.Seq
		g.lastActive = time.Now()
		// Count the actions a spectator may count: a hidden mulligan counts when all have
		// kept, a free-for-all's block declaration when all attacked players have confirmed,
		// not before (their number would tell them).
		if n := g.publicSeq(engine.Spectator) - public; n > 0 {
			s.metrics.actions.Add(float64(n))
			s.metrics.latency.Observe(time.Since(start).Seconds())
		}
		s.changed(g)
		if !wantView {
			return nil, nil
		}
		b, err := g.view(s, seat)
		if err != nil {
			return nil, err
		}
		return g.withEvents(b, seat, seq)
	}
}

// check says whether seat may send an action now, given the seq its client last saw (as its
// views count: publicSeq).
func (g *game) check(seat engine.Seat, seq int) error {
	if g.st.Over() {
		return errm(http.StatusForbidden, "server.over")
	}
	if g.abandoned {
		return errm(http.StatusForbidden, "server.abandoned")
	}
	if w := g.waiting(); len(w) > 0 {
		return errm(http.StatusForbidden, "server.waiting", "n", len(w))
	}
	n := g.publicSeq(seat)
	if seq > n || seq < 0 {
		ae := errm(http.StatusConflict, "server.bad_seq", "seq", seq, "n", n)
		ae.Seq = &n
		return ae
	}
	if g.last[seat] >= g.realSeq(seat, seq) {
		ae := errm(http.StatusConflict, "server.stale", "who", g.st.SeatName(seat), "seq", seq)
		ae.Seq = &n
		return ae
	}
	if !g.canAct(seat) {
		return errm(http.StatusForbidden, "server.not_now", "who", g.st.SeatName(seat))
	}
	return nil
}

func contains(list []engine.Action, a engine.Action) bool {
	for _, x := range list {
		if x == a {
			return true
		}
	}
	return false
}

// changed is called with g.mu held after any change: it records the end of the game, wakes
// the game's clients and lets its bots move.
func (s *Server) changed(g *game) {
	if g.st.Over() && !g.finished {
		g.finished = true
		s.mu.Lock()
		delete(s.live, g.id)
		s.mu.Unlock()
		var w []int
		for _, seat := range g.st.Winners() {
			w = append(w, int(seat))
		}
		if err := s.finishGame(g, w); err != nil {
			s.log.Error("finish game", "game", g.id, "err", err)
		}
		if f, ok := g.st.(interface{ Fault() string }); ok && f.Fault() != "" {
			// The engine ended the game at one of its limits (docs/decisions.md, Fixed
			// capacities): never silently.
			s.log.Error("game ended by an engine limit", "game", g.id, "fault", f.Fault(), "actions", len(g.log))
		}
		s.log.Info("game over", "game", g.id, "actions", len(g.log))
	}
	for c := range g.clients {
		c.wake()
	}
	s.kickBots(g)
}

// catchUp applies the actions and seat claims other processes committed. g.mu is held.
func (s *Server) catchUp(ctx context.Context, g *game) error {
	m, acts, err := s.store.LoadGame(ctx, g.id)
	if err != nil {
		return errf(http.StatusServiceUnavailable, "reload game: %v", err)
	}
	claimed := false
	for i := range m.Seats {
		if m.Seats[i].Claimed != g.meta.Seats[i].Claimed {
			claimed = true
		}
	}
	if claimed && len(g.log) == 0 {
		// Names changed: set the game up again with them (no action was taken yet).
		if err := g.rebuild(s, m, acts); err != nil {
			return errf(http.StatusInternalServerError, "%v", err)
		}
	} else {
		g.meta.Finished, g.meta.Abandoned = m.Finished, m.Abandoned
		if m.Abandoned {
			g.abandoned, g.finished = true, true // another process ended it
		}
		for _, a := range acts[min(len(g.log), len(acts)):] {
			if err := g.replay(a); err != nil {
				return errf(http.StatusInternalServerError, "%v", err)
			}
		}
	}
	if g.st.Over() {
		g.finished = g.finished || m.Finished
	}
	return nil
}
