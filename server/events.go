package server

import (
	"encoding/json"
	"fmt"

	"starnexus/engine"
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
	seq int // the action's position in the log
	evs []engine.Event
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
	Source  string `json:"source,omitempty"`
	Target  string `json:"target,omitempty"`
	Option  string `json:"option,omitempty"`
	Ability string `json:"ability,omitempty"`
}

// startEvents turns recording on for g's State, if it records events, and forgets any kept.
// g.mu is held (or g is not yet shared).
func (g *game) startEvents() {
	g.events = nil
	g.rec = nil
	if r, ok := g.st.(engine.EventRecorder); ok {
		r.RecordEvents(true)
		g.rec = r
	}
}

// keepEvents takes the events of the action just applied, the seq-th of the log.
func (g *game) keepEvents(seq int) {
	if g.rec == nil {
		return
	}
	evs := g.rec.TakeEvents(nil)
	if len(g.events) == eventKeep {
		copy(g.events, g.events[1:])
		g.events = g.events[:eventKeep-1]
	}
	g.events = append(g.events, actionEvents{seq: seq, evs: evs})
}

// eventsFor lists the kept events of the actions viewer sees from its seq since on (as its
// views count seq: publicSeq), as viewer may see them. An action whose log entry is hidden
// from viewer now brings none.
func (g *game) eventsFor(viewer engine.Seat, since int) []eventJSON {
	out := []eventJSON{}
	if len(g.events) == 0 {
		return out
	}
	h := hiddenEntries(g.st, g.log, viewer)
	index := func(seq int) (int, bool) { return seq, true }
	if h != nil {
		pos := make([]int, len(h)) // viewer's count of entries before each
		n := 0
		for i, hidden := range h {
			pos[i] = n
			if !hidden {
				n++
			}
		}
		index = func(seq int) (int, bool) {
			if seq >= len(h) || h[seq] {
				return 0, false
			}
			return pos[seq], true
		}
	}
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
				Stat: v.Stat, Amount: v.Amount, Source: v.Source, Target: v.Target, Option: v.Option, Ability: v.Ability})
		}
	}
	return out
}

// withEvents adds to the view b (a JSON object) the events viewer may see since seq since.
func (g *game) withEvents(b []byte, viewer engine.Seat, since int) ([]byte, error) {
	x, err := json.Marshal(struct {
		Events []eventJSON `json:"events"`
	}{g.eventsFor(viewer, since)})
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
