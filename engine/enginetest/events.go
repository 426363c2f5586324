package enginetest

import (
	"encoding/json"
	"fmt"
	"reflect"

	"starnexus/engine"
)

// The event checks run when the game's State is an engine.EventRecorder, and pass at once
// when it is not.

// recorder is st as an engine.EventRecorder with recording turned on, or nil.
func recorder(st engine.State) engine.EventRecorder {
	r, ok := st.(engine.EventRecorder)
	if !ok {
		return nil
	}
	r.RecordEvents(true)
	return r
}

// checkEvents: a playout recorded with events on replays (engine.Replay of nothing, then each
// logged action applied with recording on) to the same events, action by action; a Clone of a
// recording State records nothing.
func checkEvents(g engine.Game, cfg Config) error {
	var played [][]engine.Event // events of each action of the playout
	return playouts(g, cfg, 6, func(p *pos) error {
		r := recorder(p.st)
		if r == nil {
			return nil
		}
		if p.step == 0 {
			played = played[:0]
			if evs := r.TakeEvents(nil); len(evs) > 0 {
				return fmt.Errorf("a new State recorded %d events before any action", len(evs))
			}
		} else {
			played = append(played, r.TakeEvents(nil))
		}
		if p.sample && !p.st.Over() {
			if err := cloneRecordsNothing(p.st); err != nil {
				return err
			}
		}
		if !p.st.Over() && p.step < cfg.MaxActions {
			return nil
		}
		b, err := json.Marshal(p.rec)
		if err != nil {
			return fmt.Errorf("encode the record: %w", err)
		}
		var rec engine.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return fmt.Errorf("decode the record: %w", err)
		}
		st, err := engine.Replay(g, &rec, 0)
		if err != nil {
			return fmt.Errorf("replay: %w", err)
		}
		rr := recorder(st)
		for i, la := range rec.Actions {
			seat := engine.Seat(la.Seat)
			a, err := st.ParseAction(seat, la.Action)
			if err == nil {
				err = st.Apply(seat, a)
			}
			if err != nil {
				return fmt.Errorf("replay of action %d (%q): %w", i+1, la.Action, err)
			}
			got := rr.TakeEvents(nil)
			if !reflect.DeepEqual(got, played[i]) {
				return fmt.Errorf("replayed, action %d (%q) records other events:\n%+v\nplayed:\n%+v", i+1, la.Action, got, played[i])
			}
		}
		return nil
	})
}

// cloneRecordsNothing checks that a Clone and a CloneInto of a recording State do not record.
func cloneRecordsNothing(st engine.State) error {
	for _, c := range []engine.State{st.Clone(), st.CloneInto(nil)} {
		moved, err := randomMove(c, new(engine.RNG))
		if err != nil || !moved {
			return err
		}
		if evs := c.(engine.EventRecorder).TakeEvents(nil); len(evs) > 0 {
			return fmt.Errorf("a clone of a recording State recorded %d events", len(evs))
		}
	}
	return nil
}

// eventSteps bounds how far checkHiddenEvents plays the twins on.
const eventSteps = 8

// checkHiddenEvents: at sampled steps, for each seat, a twin that differs from the state only
// in what the seat cannot see (its View determinized) is played on with the state, the same
// action texts, recording events; as long as the twins show a viewer (the seat, the
// spectator) the same View after an action, they show it the same events of that action
// (engine.Event.For). A twin stops where an action does not apply to it alike, and a viewer
// where the Views differ (the action told the viewer something the twins disagree on) or the
// action shuffled a zone (EvShuffled: cards the viewer saw, a discard pile, may have become
// hidden again, so that the Views no longer show what the events told).
func checkHiddenEvents(g engine.Game, cfg Config) error {
	return playouts(g, cfg, 7, func(p *pos) error {
		if !p.sample || p.st.Over() {
			return nil
		}
		if _, ok := p.st.(engine.EventRecorder); !ok {
			return nil
		}
		for s := range p.st.NumSeats() {
			seat := engine.Seat(s)
			r := engine.NewRNG(p.rng.Uint64())
			twin := p.st.Observe(seat, nil).Determinize(nil, &r)
			if err := twinEvents(p.st.Clone(), twin, seat, p.rng); err != nil {
				return fmt.Errorf("a twin that differs in what %s cannot see: %w", p.st.SeatName(seat), err)
			}
		}
		return nil
	})
}

// twinEvents plays a and b on with the same actions and compares the events they show seat
// and the spectator.
func twinEvents(a, b engine.State, seat engine.Seat, rng *engine.RNG) error {
	ra, rb := recorder(a), recorder(b)
	if ra == nil || rb == nil {
		return fmt.Errorf("a clone or a determinization is not an engine.EventRecorder")
	}
	viewers := []engine.Seat{seat, engine.Spectator}
	live := []bool{true, true}
	for k := 0; k < eventSteps && !a.Over(); k++ {
		movers := a.ToMove(nil)
		mover := movers[rng.Intn(len(movers))]
		legal := a.Legal(mover, nil)
		if len(legal) == 0 {
			return nil
		}
		text := a.ActionText(mover, legal[rng.Intn(len(legal))])
		if err := applyText(a, mover, text); err != nil {
			return fmt.Errorf("%q: %w", text, err)
		}
		if applyText(b, mover, text) != nil {
			return nil
		}
		ea, eb := ra.TakeEvents(nil), rb.TakeEvents(nil)
		for i, v := range viewers {
			if !live[i] {
				continue
			}
			va, err := viewJSON(a, v)
			if err != nil {
				return err
			}
			vb, err := viewJSON(b, v)
			if err != nil {
				return err
			}
			if string(va) != string(vb) || shuffles(ea) || shuffles(eb) {
				live[i] = false
				continue
			}
			if fa, fb := seenEvents(ea, v), seenEvents(eb, v); !reflect.DeepEqual(fa, fb) {
				return fmt.Errorf("after %q, seat %d sees other events:\n%+v\n%+v", text, v, fa, fb)
			}
		}
		if !live[0] && !live[1] {
			return nil
		}
	}
	return nil
}

// shuffles reports whether evs shuffle a zone.
func shuffles(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind == engine.EvShuffled {
			return true
		}
	}
	return false
}

// applyText parses text for seat and applies it.
func applyText(st engine.State, seat engine.Seat, text string) error {
	a, err := st.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return st.Apply(seat, a)
}

// seenEvents is evs as seat sees them.
func seenEvents(evs []engine.Event, seat engine.Seat) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if v, ok := e.For(seat); ok {
			out = append(out, v)
		}
	}
	return out
}
