package enginetest

import (
	"bytes"
	"fmt"
	"slices"

	"starnexus/engine"
)

// checkHidden: at sampled steps, for each seat, a twin that differs from the state only in
// what the seat cannot see (its Observation determinized with another random source) gives
// that seat the same View, the same information-set key, the same legal action texts, the same outcome for a sample of action
// texts (each card name of the game behind a verb the game uses, and every seat's legal
// texts) and the same decision of the game's Light bot; the spectator's View is the same too.
func checkHidden(g engine.Game, cfg Config) error {
	names := g.CardNames()
	verbs := map[string]bool{}
	var scratch engine.State
	outcome := func(st engine.State, seat engine.Seat, text string) string {
		a, err := st.ParseAction(seat, text)
		if err != nil {
			return "not parsed: " + err.Error()
		}
		scratch = st.CloneInto(scratch)
		if err := scratch.Apply(seat, a); err != nil {
			return "refused: " + err.Error()
		}
		return "accepted"
	}
	light := g.Bots().Light
	return playouts(g, cfg, 5, func(p *pos) error {
		st := p.st
		n := st.NumSeats()
		var all []string // every seat's legal texts
		for s := range n {
			for _, t := range texts(st, engine.Seat(s), st.Legal(engine.Seat(s), nil)) {
				all = append(all, t)
				if v := verb(t); v != "" {
					verbs[v] = true
				}
			}
		}
		if !p.sample {
			return nil
		}
		vs := make([]string, 0, len(verbs))
		for v := range verbs {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		probes := slices.Clone(all)
		for i, name := range names {
			v := ""
			if len(vs) > 0 {
				v = vs[(i+p.step)%len(vs)] + " "
			}
			probes = append(probes, v+name)
		}
		for s := range n {
			seat := engine.Seat(s)
			r := engine.NewRNG(p.rng.Uint64())
			twin := st.Observe(seat, nil).Determinize(nil, &r)
			who := st.SeatName(seat)
			if a, b := st.Observe(seat, nil).Key(), twin.Observe(seat, nil).Key(); a != b {
				return fmt.Errorf("a twin that differs in what %s cannot see gives them another information-set key", who)
			}
			for _, viewer := range []engine.Seat{seat, engine.Spectator} {
				a, err := viewJSON(st, viewer)
				if err != nil {
					return err
				}
				b, err := viewJSON(twin, viewer)
				if err != nil {
					return err
				}
				if !bytes.Equal(a, b) {
					return fmt.Errorf("a twin that differs in what %s cannot see shows seat %d a different view:\n%s\n%s", who, viewer, clip(a), clip(b))
				}
			}
			if a, b := st.ToMove(nil), twin.ToMove(nil); !slices.Equal(a, b) {
				return fmt.Errorf("a twin that differs in what %s cannot see has %v to move, not %v", who, b, a)
			}
			legal, tlegal := st.Legal(seat, nil), twin.Legal(seat, nil)
			if a, b := texts(st, seat, legal), texts(twin, seat, tlegal); !slices.Equal(a, b) {
				return fmt.Errorf("a twin that differs in what %s cannot see gives them other legal actions:\n%q\n%q", who, a, b)
			}
			for _, text := range probes {
				if a, b := outcome(st, seat, text), outcome(twin, seat, text); a != b {
					return fmt.Errorf("a twin that differs in what %s cannot see answers their %q otherwise:\n%s\n%s", who, text, a, b)
				}
			}
			if len(legal) > 0 && light != nil {
				seed := p.rng.Uint64()
				r1, r2 := engine.NewRNG(seed), engine.NewRNG(seed)
				a := light().Choose(engine.ObserveFor(st, seat, light(), nil), legal, &r1)
				b := light().Choose(engine.ObserveFor(twin, seat, light(), nil), tlegal, &r2)
				if ta, tb := st.ActionText(seat, a), twin.ActionText(seat, b); ta != tb {
					return fmt.Errorf("a twin that differs in what %s cannot see changes the Light bot's decision: %q, not %q", who, tb, ta)
				}
			}
		}
		return nil
	})
}
