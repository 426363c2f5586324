package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"starnexus/engine"
)

// tried is an action some seat could take at an earlier step.
type tried struct {
	seat engine.Seat
	a    engine.Action
}

// checkIllegal: at sampled steps, actions a seat may not take now (another seat's, ones legal
// earlier) are refused with a reason and change neither the state nor any View. Values no seat
// could take are the Unlisted check's.
func checkIllegal(g engine.Game, cfg Config) error {
	var earlier []tried
	return playouts(g, cfg, 1, func(p *pos) error {
		st := p.st
		n := st.NumSeats()
		legal := make([][]engine.Action, n)
		for s := range n {
			legal[s] = st.Legal(engine.Seat(s), nil)
		}
		if !p.sample {
			for s := range legal {
				if len(legal[s]) > 0 {
					earlier = append(earlier, tried{engine.Seat(s), legal[s][p.rng.Intn(len(legal[s]))]})
				}
			}
			return nil
		}
		var attempts []tried
		for s := range n {
			for o := range n {
				// Another seat's legal actions, by seat s.
				for k := 0; k < 3 && len(legal[o]) > 0; k++ {
					if a := legal[o][p.rng.Intn(len(legal[o]))]; !containsAction(legal[s], a) {
						attempts = append(attempts, tried{engine.Seat(s), a})
					}
				}
			}
		}
		for k := 0; k < 6 && len(earlier) > 0; k++ {
			e := earlier[p.rng.Intn(len(earlier))]
			if int(e.seat) < n && !containsAction(legal[e.seat], e.a) {
				attempts = append(attempts, e)
			}
		}
		before := st.Clone()
		views, err := allViews(st)
		if err != nil {
			return err
		}
		for _, at := range attempts {
			text := st.ActionText(at.seat, at.a)
			err := st.Apply(at.seat, at.a)
			switch {
			case err == nil:
				return fmt.Errorf("%s's %q (action %#x), which Legal does not list, was accepted", st.SeatName(at.seat), text, uint32(at.a))
			case err.Error() == "":
				return fmt.Errorf("%s's %q was refused with an empty reason", st.SeatName(at.seat), text)
			case !same(g, before, st):
				return fmt.Errorf("%s's refused %q (%v) changed the state", st.SeatName(at.seat), text, err)
			}
			after, err := allViews(st)
			if err != nil {
				return err
			}
			if d := diffViews(views, after); d != "" {
				return fmt.Errorf("%s's refused %q (%v) changed a view: %s", st.SeatName(at.seat), text, err, d)
			}
		}
		return nil
	})
}

// checkFuzz: at every step, ToMove and Legal agree, every listed action appears once, parses
// back from its text, and applies through Apply and through ApplyTrusted to the same state.
func checkFuzz(g engine.Game, cfg Config) error {
	var scratch, trusted engine.State
	return playouts(g, cfg, 2, func(p *pos) error {
		st := p.st
		if p.step == 0 {
			scratch, trusted = nil, nil // States of this setup (see checkClone)
		}
		movers := st.ToMove(nil)
		if st.Over() != (len(movers) == 0) {
			return fmt.Errorf("Over() is %v but ToMove lists %v", st.Over(), movers)
		}
		for s := range st.NumSeats() {
			seat := engine.Seat(s)
			legal := st.Legal(seat, nil)
			if slices.Contains(movers, seat) != (len(legal) > 0) {
				return fmt.Errorf("%s: ToMove %v but %d legal actions", st.SeatName(seat), movers, len(legal))
			}
			if err := checkSearchLegal(st, seat, legal); err != nil {
				return err
			}
			for i, a := range legal {
				text := st.ActionText(seat, a)
				if slices.Contains(legal[:i], a) {
					return fmt.Errorf("%s: Legal lists %q twice", st.SeatName(seat), text)
				}
				back, err := st.ParseAction(seat, text)
				if err != nil {
					return fmt.Errorf("%s: the text %q of a legal action does not parse: %w", st.SeatName(seat), text, err)
				}
				if back != a {
					return fmt.Errorf("%s: %q (action %#x) parses to %#x (%q)", st.SeatName(seat), text, uint32(a), uint32(back), st.ActionText(seat, back))
				}
				scratch = st.CloneInto(scratch)
				if err := scratch.Apply(seat, a); err != nil {
					return fmt.Errorf("%s: legal %q refused: %w", st.SeatName(seat), text, err)
				}
				trusted = st.CloneInto(trusted)
				trusted.ApplyTrusted(seat, a)
				if !same(g, scratch, trusted) {
					return fmt.Errorf("%s: %q through Apply and through ApplyTrusted give different states", st.SeatName(seat), text)
				}
			}
		}
		return nil
	})
}

// checkSearchLegal: where st is an engine.SearchLegal, its list for seat is legal's with some
// actions left out, in legal's order, and empty only when legal is.
func checkSearchLegal(st engine.State, seat engine.Seat, legal []engine.Action) error {
	sl, ok := st.(engine.SearchLegal)
	if !ok {
		return nil
	}
	search := sl.SearchLegal(seat, nil)
	if len(search) == 0 && len(legal) > 0 {
		return fmt.Errorf("%s: SearchLegal lists nothing of %d legal actions", st.SeatName(seat), len(legal))
	}
	k := 0
	for _, a := range legal {
		if k < len(search) && search[k] == a {
			k++
		}
	}
	if k < len(search) {
		return fmt.Errorf("%s: SearchLegal lists %q, which Legal does not (or not in its order)", st.SeatName(seat), st.ActionText(seat, search[k]))
	}
	return nil
}

// checkUnlisted: at every step, values Legal does not list for a seat (a listed value with a
// bit flipped, random ones) are refused, and at sampled steps they leave the state and every
// View as they were.
func checkUnlisted(g engine.Game, cfg Config) error {
	var scratch engine.State
	return playouts(g, cfg, 6, func(p *pos) error {
		st := p.st
		if p.step == 0 {
			scratch = nil // a State of this setup (see checkClone)
		}
		var before engine.State
		var views [][]byte
		if p.sample {
			before = st.Clone()
			var err error
			if views, err = allViews(st); err != nil {
				return err
			}
		}
		for s := range st.NumSeats() {
			seat := engine.Seat(s)
			legal := st.Legal(seat, nil)
			for range 4 {
				a := madeUp(p.rng, legal)
				text := st.ActionText(seat, a)
				target := st
				if !p.sample {
					scratch = st.CloneInto(scratch)
					target = scratch
				}
				err := target.Apply(seat, a)
				switch {
				case err == nil:
					return fmt.Errorf("%s: Apply accepts %#x as %q, a value Legal does not list", st.SeatName(seat), uint32(a), text)
				case err.Error() == "":
					return fmt.Errorf("%s's %q was refused with an empty reason", st.SeatName(seat), text)
				case p.sample && !same(g, before, st):
					return fmt.Errorf("%s's refused %q (%v) changed the state", st.SeatName(seat), text, err)
				}
				if p.sample {
					after, err := allViews(st)
					if err != nil {
						return err
					}
					if d := diffViews(views, after); d != "" {
						return fmt.Errorf("%s's refused %q changed a view: %s", st.SeatName(seat), text, d)
					}
				}
			}
		}
		return nil
	})
}

// checkClone: at sampled steps, play on a clone leaves the original as it was and the other
// way round; CloneInto into a State of another moment gives an equal State that is just as
// independent; a determinization written into a clone leaves the original alone.
func checkClone(g engine.Game, cfg Config) error {
	var old engine.State // a clone from an earlier step, reused by CloneInto
	return playouts(g, cfg, 3, func(p *pos) error {
		if p.step == 0 {
			// CloneInto reuses States of the same setup, as the bots and the search do: a
			// game may leave what lies past its seats in a reused State of more seats as it
			// was (Star Realms does), which no equality of the game's should have to ignore.
			old = nil
		}
		if !p.sample {
			return nil
		}
		st := p.st
		ref := st.Clone()
		if !same(g, ref, st) {
			return errors.New("a Clone differs from its original")
		}
		views, err := allViews(st)
		if err != nil {
			return err
		}
		unchanged := func(what string) error {
			if !same(g, ref, st) {
				return fmt.Errorf("%s changed the original", what)
			}
			after, err := allViews(st)
			if err != nil {
				return err
			}
			if d := diffViews(views, after); d != "" {
				return fmt.Errorf("%s changed the original's view: %s", what, d)
			}
			return nil
		}
		play := func(s engine.State, n int) error {
			for range n {
				if ok, err := randomMove(s, p.rng); err != nil || !ok {
					return err
				}
			}
			return nil
		}
		// Play on a clone.
		c := st.Clone()
		if err := play(c, 12); err != nil {
			return fmt.Errorf("on a clone: %w", err)
		}
		if err := unchanged("playing on a clone"); err != nil {
			return err
		}
		// Play on the original's copy: its clone stays.
		o := st.Clone()
		c, cref := o.Clone(), o.Clone()
		if err := play(o, 12); err != nil {
			return err
		}
		if !same(g, c, cref) {
			return errors.New("playing on a state changed its clone")
		}
		// CloneInto a state of another moment (or a fresh one at the first step).
		if old == nil {
			old = st.Clone()
			if err := play(old, 30); err != nil {
				return err
			}
		}
		r := st.CloneInto(old)
		if !same(g, r, st) {
			return errors.New("CloneInto a state of another moment differs from its original")
		}
		if err := play(r, 12); err != nil {
			return fmt.Errorf("on a CloneInto copy: %w", err)
		}
		if err := unchanged("playing on a CloneInto copy"); err != nil {
			return err
		}
		old = r
		// A determinization written into a clone writes into the clone alone.
		for s := range st.NumSeats() {
			into := st.Clone()
			st.Observe(engine.Seat(s), nil).Determinize(into, p.rng)
			if err := unchanged(fmt.Sprintf("determinizing seat %d's view into a clone", s)); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkReplay: the record of each playout, through JSON, replays to the state the playout
// reached, with the same views, end and winners; so does its first half.
func checkReplay(g engine.Game, cfg Config) error {
	var half engine.State
	var halfViews [][]byte
	halfAt := cfg.MaxActions / 2
	return playouts(g, cfg, 4, func(p *pos) error {
		st := p.st
		if p.step == 0 {
			half, halfViews = nil, nil
		}
		if p.step == halfAt && !st.Over() {
			half = st.Clone()
			var err error
			if halfViews, err = allViews(st); err != nil {
				return err
			}
		}
		if !st.Over() && p.step < cfg.MaxActions {
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
		compare := func(n int, want engine.State, wantViews [][]byte) error {
			got, err := engine.Replay(g, &rec, n)
			if err != nil {
				return fmt.Errorf("replay of %d actions: %w", n, err)
			}
			gotViews, err := allViews(got)
			if err != nil {
				return err
			}
			if d := diffViews(wantViews, gotViews); d != "" {
				return fmt.Errorf("replay of %d actions: %s", n, d)
			}
			if got.Over() != want.Over() || !slices.Equal(got.Winners(), want.Winners()) {
				return fmt.Errorf("replay of %d actions: over %v, winners %v; played: over %v, winners %v", n, got.Over(), got.Winners(), want.Over(), want.Winners())
			}
			if !same(g, got, want) {
				return fmt.Errorf("replay of %d actions: the state differs from the one played", n)
			}
			return nil
		}
		views, err := allViews(st)
		if err != nil {
			return err
		}
		if err := compare(-1, st, views); err != nil {
			return err
		}
		if half != nil {
			return compare(halfAt, half, halfViews)
		}
		return nil
	})
}
