package enginetest

import (
	"fmt"
	"reflect"
	"testing"

	"starnexus/engine"
)

// checkObservation: at sampled steps, for each seat and the spectator, the seat's Observation
//   - holds no State, nor a View (which may hold one), found by walking its value;
//   - is refilled without allocating once its buffer is made;
//   - determinizes to the same State whatever memory it is given to reuse (nil, or a State
//     of another moment of the game, whose contents must not leak into the result);
//   - has a key that changes when the seat's View changes from one step to the next, and
//     stays when its information does (the twins of Hidden).
func checkObservation(g engine.Game, cfg Config) error {
	var other engine.State // a state of another moment, reused as Determinize's memory
	var buf engine.Observation
	type seen struct {
		view string
		key  engine.InfoKey
	}
	last := map[engine.Seat]seen{}
	return playouts(g, cfg, 11, func(p *pos) error {
		st := p.st
		if p.step == 0 {
			clear(last)
		}
		seats := []engine.Seat{engine.Spectator}
		for s := range st.NumSeats() {
			seats = append(seats, engine.Seat(s))
		}
		for _, seat := range seats {
			if seat >= 0 {
				view, err := viewJSON(st, seat)
				if err != nil {
					return err
				}
				key := st.Observe(seat, nil).Key()
				if prev, ok := last[seat]; ok && prev.view != string(view) && prev.key == key {
					return fmt.Errorf("seat %d's View changed and its observation's key did not:\n%s\n%s", seat, clip([]byte(prev.view)), clip(view))
				}
				last[seat] = seen{string(view), key}
			}
			if !p.sample {
				continue
			}
			obs := st.Observe(seat, nil)
			if obs.Seat() != seat {
				return fmt.Errorf("the observation of seat %d says it is seat %d's", seat, obs.Seat())
			}
			if path := holdsState(reflect.ValueOf(obs), "observation", map[uintptr]bool{}); path != "" {
				return fmt.Errorf("seat %d's observation holds a State or a View at %s", seat, path)
			}
			buf = st.Observe(seat, buf)
			if n := testing.AllocsPerRun(3, func() { buf = st.Observe(seat, buf) }); n != 0 {
				return fmt.Errorf("refilling seat %d's observation allocates (%v allocations)", seat, n)
			}
			seed := p.rng.Uint64()
			r1, r2 := engine.NewRNG(seed), engine.NewRNG(seed)
			fresh := obs.Determinize(nil, &r1)
			if other != nil && other.Game() == st.Game() {
				reused := obs.Determinize(other, &r2)
				if !same(g, fresh, reused) {
					return fmt.Errorf("seat %d's observation determinizes otherwise into a State of another moment than into nil: the memory it reuses leaks into the result", seat)
				}
			}
			if fresh.NumSeats() != st.NumSeats() {
				return fmt.Errorf("seat %d's determinization has %d seats, not %d", seat, fresh.NumSeats(), st.NumSeats())
			}
		}
		if p.sample && p.step > 0 {
			other = st.Clone()
		}
		return nil
	})
}

var (
	stateType = reflect.TypeOf((*engine.State)(nil)).Elem()
	viewType  = reflect.TypeOf((*engine.View)(nil)).Elem()
)

// holdsState walks v and returns the path to the first value in it that is an engine.State
// or an engine.View, "" if there is none. Pointers are followed once each.
func holdsState(v reflect.Value, path string, done map[uintptr]bool) string {
	if !v.IsValid() {
		return ""
	}
	t := v.Type()
	if t.Kind() != reflect.Interface && (t.Implements(stateType) || t.Implements(viewType)) {
		return path + " (" + t.String() + ")"
	}
	switch t.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return ""
		}
		return holdsState(v.Elem(), path, done)
	case reflect.Pointer:
		if v.IsNil() || done[v.Pointer()] {
			return ""
		}
		done[v.Pointer()] = true
		return holdsState(v.Elem(), path, done)
	case reflect.Struct:
		for i := range t.NumField() {
			if p := holdsState(v.Field(i), path+"."+t.Field(i).Name, done); p != "" {
				return p
			}
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() <= reflect.Complex128 || t.Elem().Kind() == reflect.String {
			return "" // numbers: no State inside
		}
		for i := range v.Len() {
			if p := holdsState(v.Index(i), fmt.Sprintf("%s[%d]", path, i), done); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if p := holdsState(it.Value(), path+"[…]", done); p != "" {
				return p
			}
		}
	case reflect.Func, reflect.Chan:
		return path + " (a " + t.Kind().String() + ", which may reach anything)"
	}
	return ""
}
