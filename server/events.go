package server

import (
	"encoding/json"
	"fmt"
	"slices"

	"starnexus/engine"
	"starnexus/narrate"
)

// Events (docs/api.md, "Events"): a game whose State is an engine.EventRecorder records
// what each action did once the server has rebuilt it from the log (so that a load or a
// restart tells no client of old actions again); the server keeps the events of the last
// eventKeep actions in memory, never in the store, and puts into a seat's view the events of
// the actions since the view its client last had, as that seat may see them
// (engine.Event.For).

// eventKeep is how many actions' events a game keeps: a client further behind gets the
// events kept and reloads what it missed from the view itself.
const eventKeep = 32

// actionEvents are the events of one action of the log.
type actionEvents struct {
	seq  int // the action's position in the log
	evs  []engine.Event
	turn narrate.Turn // the turn when the action began
}

// eventJSON is one event as a view carries it: ids and arguments, never a sentence.
type eventJSON struct {
	I       int    `json:"i"` // the action's seq, as the view's seq counts
	Kind    string `json:"kind"`
	Seat    int    `json:"seat"` // -1: no seat
	Card    string `json:"card,omitempty"`
	Number  int    `json:"number,omitempty"`
	From    string `json:"from,omitempty"`
	To      string `json:"to,omitempty"`
	Stat    string `json:"stat,omitempty"`
	Amount  int    `json:"amount,omitempty"`
	Total   int    `json:"total,omitempty"` // stat: the value after the change (absent: 0)
	Source  string `json:"source,omitempty"`
	Target  string `json:"target,omitempty"`
	Option  string `json:"option,omitempty"`
	Ability string `json:"ability,omitempty"`
}

// visOrder numbers the log entries in the order one viewer came to see them. A game whose log
// hides entries for a while (a Stellar Nexus mulligan until everyone has kept, a free-for-all
// block until every attacked player has confirmed) reveals them after later ones, which the
// viewer saw at once: numbered by position in the log, the revealed entries would push the
// later ones past the seq the viewer's client already has, and their events would come twice.
// Numbered by when the viewer came to see them, every entry keeps its number, a client's seq
// (publicSeq: how many entries it sees) is the number of the next one, and each action's
// events come once.
type visOrder struct {
	at []int // per log entry, its number for the viewer; -1 while hidden from the viewer
	n  int   // entries numbered so far
}

// startEvents turns recording on for g's State, if it records events, and forgets any kept.
// g.mu is held (or g is not yet shared). The entries visible now are numbered in log order:
// the events of earlier actions are not kept, so nothing is told twice.
func (g *game) startEvents() {
	g.events = nil
	g.rec = nil
	g.vis = nil
	if r, ok := g.st.(engine.EventRecorder); ok {
		r.RecordEvents(true)
		g.rec = r
	}
	g.noteVisible()
}

// noteVisible numbers, for every seat and the spectator, the log entries it sees now and had
// not seen. Only games whose logs hide entries need it.
func (g *game) noteVisible() {
	if g.rec == nil {
		return
	}
	if _, ok := g.st.(logHider); !ok {
		return
	}
	if g.vis == nil {
		g.vis = map[engine.Seat]*visOrder{}
	}
	for s := -1; s < g.st.NumSeats(); s++ {
		viewer := engine.Seat(s)
		v := g.vis[viewer]
		if v == nil {
			v = &visOrder{}
			g.vis[viewer] = v
		}
		h := hiddenEntries(g.st, g.log, viewer)
		for len(v.at) < len(g.log) {
			v.at = append(v.at, -1)
		}
		for i := range g.log {
			if v.at[i] < 0 && (i >= len(h) || !h[i]) {
				v.at[i] = v.n
				v.n++
			}
		}
	}
}

// followTurns turns recording on for a State being rebuilt from its log, before any
// action: keepEvents then follows the turns (for the narration's turn numbers) and keeps no
// event until startEvents.
func (g *game) followTurns() {
	g.turn = narrate.Start(g.st)
	if r, ok := g.st.(engine.EventRecorder); ok {
		r.RecordEvents(true)
	}
}

// keepEvents takes the events of the action just applied and logged, the seq-th of the log.
func (g *game) keepEvents(seq int) {
	r, ok := g.st.(engine.EventRecorder)
	if !ok {
		return
	}
	evs := r.TakeEvents(nil)
	turn := g.turn
	g.turn = narrate.Advance(turn, evs)
	if g.rec == nil {
		return // rebuilding: the turns are followed, nothing is told
	}
	g.noteVisible()
	if len(g.events) == eventKeep && !g.keepAll {
		copy(g.events, g.events[1:])
		g.events = g.events[:eventKeep-1]
	}
	g.events = append(g.events, actionEvents{seq: seq, evs: evs, turn: turn})
}

// eventsFor lists the kept events of the actions viewer sees from its seq since on (as its
// views count seq: publicSeq; each entry numbered by visOrder), as viewer may see them. An
// action whose log entry is hidden from viewer now brings none.
func (g *game) eventsFor(viewer engine.Seat, since int) []eventJSON {
	out := []eventJSON{}
	if len(g.events) == 0 {
		return out
	}
	index := g.viewerIndex(viewer)
	for _, ae := range g.events {
		i, ok := index(ae.seq)
		if !ok || i < since {
			continue
		}
		for _, e := range ae.evs {
			v, ok := e.For(viewer)
			if !ok {
				continue
			}
			out = append(out, eventJSON{I: i, Kind: string(v.Kind), Seat: int(v.Seat), Card: v.Card, Number: v.Number, From: v.From, To: v.To,
				Stat: v.Stat, Amount: v.Amount, Total: v.Total, Source: v.Source, Target: v.Target, Option: v.Option, Ability: v.Ability})
		}
	}
	// In the viewer's order: an entry revealed late comes after the ones seen before it.
	slices.SortStableFunc(out, func(a, b eventJSON) int { return a.I - b.I })
	return out
}

// viewerIndex numbers a log position as viewer's views count actions (visOrder); false while
// the entry is hidden from viewer.
func (g *game) viewerIndex(viewer engine.Seat) func(seq int) (int, bool) {
	if v := g.vis[viewer]; v != nil {
		return func(seq int) (int, bool) {
			if seq >= len(v.at) || v.at[seq] < 0 {
				return 0, false
			}
			return v.at[seq], true
		}
	}
	return func(seq int) (int, bool) { return seq, true }
}

// narrationFor is the narration (package narrate) of the kept events of the actions viewer
// sees from its seq since on: the lines of the events eventsFor lists, in the same order.
func (g *game) narrationFor(viewer engine.Seat, since int) []narrate.Line {
	out := []narrate.Line{}
	index := g.viewerIndex(viewer)
	names := make([]string, g.st.NumSeats())
	for i := range names {
		names[i] = g.st.SeatName(engine.Seat(i))
	}
	var seen []engine.Event
	for _, ae := range g.events {
		i, ok := index(ae.seq)
		if !ok || i < since {
			continue
		}
		seen = seen[:0]
		for _, e := range ae.evs {
			if v, ok := e.For(viewer); ok {
				seen = append(seen, v)
			}
		}
		out = append(out, narrate.New(viewer, names, ae.turn).Action(i, seen)...)
	}
	slices.SortStableFunc(out, func(a, b narrate.Line) int { return a.Seq - b.Seq })
	return out
}

// withEvents adds to the view b (a JSON object) the events viewer may see since seq since,
// and their narration.
func (g *game) withEvents(b []byte, viewer engine.Seat, since int) ([]byte, error) {
	x, err := json.Marshal(struct {
		Events    []eventJSON    `json:"events"`
		Narration []narrate.Line `json:"narration"`
	}{g.eventsFor(viewer, since), g.narrationFor(viewer, since)})
	if err != nil {
		return nil, fmt.Errorf("game %s: events: %w", g.id, err)
	}
	if len(b) < 2 || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("game %s: view is not a JSON object", g.id)
	}
	out := make([]byte, 0, len(b)+len(x))
	out = append(out, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, x[1:]...), nil
}
