package enginetest_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest"
	"starnexus/engine/enginetest/toygame"
	"starnexus/scenario"
)

// flaw is one property of the engine contract that a broken toy race breaks on purpose.
type flaw int

const (
	sound                flaw = iota // breaks nothing: the control
	mutatesBeforeRefusal             // Apply counts a turn before it refuses
	acceptsUnlisted                  // Apply reads only the low bits of an action
	parseDisagrees                   // ParseAction reads "add 1" as 2
	listsRefused                     // Legal lists "add 4", which Apply refuses
	sharesMarks                      // Clone and CloneInto share the marks slice
	nondeterministic                 // New deals other marks each time, whatever the seed
	viewLeaks                        // the View shows every seat's mark
	perftMiscount                    // Legal omits "add 3" on an empty total
	eventsDrift                      // events name how many games were made
	eventLeaks                       // the "mark" event is shown to everyone
	obsHoldsState                    // the observation keeps the State it was made from
	keyStale                         // the observation's key ignores the total
	detReusesDst                     // Determinize keeps the marks of the State it reuses
	searchStray                      // SearchLegal lists "add 4", which Legal does not
	searchEmpty                      // SearchLegal lists nothing
)

func (f flaw) String() string {
	return [...]string{"sound", "mutates-before-refusal", "accepts-unlisted", "parse-disagrees", "lists-refused",
		"shares-marks", "nondeterministic", "view-leaks", "perft-miscount", "events-drift", "event-leaks",
		"obs-holds-state", "key-stale", "det-reuses-dst", "search-stray", "search-empty"}[f]
}

// brokenGame is the toy race with one flaw; made counts its games (nondeterministic).
type brokenGame struct {
	toygame.Game
	flaw flaw
	made *int
}

func (g brokenGame) New(s engine.Setup) (engine.State, error) {
	st, err := g.Game.New(s)
	if err != nil {
		return nil, err
	}
	b := &brokenState{State: st.(*toygame.State), flaw: g.flaw, made: g.made}
	*g.made++
	if g.flaw == nondeterministic {
		b.Marks[0] = 1 + (b.Marks[0]+*g.made)%9
	}
	return b, nil
}

func (g brokenGame) Bots() engine.BotKit {
	smart := func() engine.Bot { return unwrapBot{toygame.Smart{}} }
	return engine.BotKit{Heuristics: []engine.NamedBot{{Name: "smart", New: smart}}, Light: smart, Strong: smart}
}

func (g brokenGame) Scenario() scenario.Game { return brokenAdapter{g.Game.Scenario(), g.flaw} }

type brokenAdapter struct {
	toy  scenario.Game
	flaw flaw
}

func (a brokenAdapter) Setup(sc *scenario.Scenario) (engine.State, error) {
	st, err := a.toy.Setup(sc)
	if err != nil {
		return nil, err
	}
	return &brokenState{State: st.(*toygame.State), flaw: a.flaw}, nil
}

func (a brokenAdapter) Check(st engine.State, key string, want any) (bool, string, string, error) {
	return a.toy.Check(st.(*brokenState).State, key, want)
}

func (a brokenAdapter) Same(x, y engine.State) bool { return reflect.DeepEqual(x, y) }

// unwrapBot hands a toy bot the toy's own Observation.
type unwrapBot struct{ engine.Bot }

func (b unwrapBot) Choose(o engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return b.Bot.Choose(o.(*brokenObs).Observation, legal, rng)
}

type brokenState struct {
	*toygame.State
	flaw flaw
	made *int
}

func (s *brokenState) TakeEvents(buf []engine.Event) []engine.Event {
	n := len(buf)
	buf = s.State.TakeEvents(buf)
	for i := range buf[n:] {
		switch s.flaw {
		case eventsDrift:
			if s.made == nil {
				break
			}
			buf[n+i].Source = fmt.Sprint(*s.made)
		case eventLeaks:
			buf[n+i].Seen = 0
		}
	}
	return buf
}

func (s *brokenState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	n := len(buf)
	buf = s.State.Legal(seat, buf)
	switch {
	case len(buf) == n:
	case s.flaw == listsRefused:
		buf = append(buf, 4)
	case s.flaw == perftMiscount && s.Total == 0:
		buf = buf[:len(buf)-1]
	}
	return buf
}

// SearchLegal is Legal without "add 1" unless it is the only action (as a game leaves out
// moves that go round in circles), but for its flaws.
func (s *brokenState) SearchLegal(seat engine.Seat, buf []engine.Action) []engine.Action {
	n := len(buf)
	legal := s.Legal(seat, nil)
	for _, a := range legal {
		if a != 1 || len(legal) == 1 {
			buf = append(buf, a)
		}
	}
	switch {
	case s.flaw == searchEmpty:
		buf = buf[:n]
	case s.flaw == searchStray && len(buf) > n:
		buf = append(buf, 4)
	}
	return buf
}

func (s *brokenState) Apply(seat engine.Seat, a engine.Action) error {
	switch s.flaw {
	case mutatesBeforeRefusal:
		s.Turns++
	case acceptsUnlisted:
		a &= 0xf
	}
	return s.State.Apply(seat, a)
}

func (s *brokenState) ApplyTrusted(seat engine.Seat, a engine.Action) {
	if s.flaw == acceptsUnlisted {
		a &= 0xf
	}
	s.State.ApplyTrusted(seat, a)
}

func (s *brokenState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	a, err := s.State.ParseAction(seat, text)
	if err == nil && s.flaw == parseDisagrees && a == 1 {
		a = 2
	}
	return a, err
}

func (s *brokenState) Clone() engine.State { return s.CloneInto(nil) }

func (s *brokenState) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*brokenState)
	if !ok || d == nil {
		d = &brokenState{State: &toygame.State{}}
	}
	s.State.CloneInto(d.State)
	d.flaw, d.made = s.flaw, s.made
	if s.flaw == sharesMarks {
		d.Marks = s.Marks
	}
	return d
}

func (s *brokenState) View(seat engine.Seat) engine.View {
	return &brokenView{View: s.State.View(seat).(*toygame.View), st: s}
}

type brokenView struct {
	*toygame.View
	st *brokenState
}

func (v *brokenView) MarshalJSON() ([]byte, error) {
	b, err := v.View.MarshalJSON()
	if err != nil || v.st.flaw != viewLeaks {
		return b, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	m["marks"] = v.st.Marks
	return json.Marshal(m)
}

func (s *brokenState) Observe(seat engine.Seat, dst engine.Observation) engine.Observation {
	o, ok := dst.(*brokenObs)
	if !ok || o == nil {
		o = &brokenObs{}
	}
	o.Observation = s.State.Observe(seat, o.Observation).(*toygame.Observation)
	o.flaw, o.made, o.leak = s.flaw, s.made, nil
	if s.flaw == obsHoldsState {
		o.leak = s
	}
	return o
}

// brokenObs is the toy's observation with the flaw; leak holds the State with obsHoldsState.
type brokenObs struct {
	*toygame.Observation
	flaw flaw
	made *int
	leak any
}

func (o *brokenObs) Key() engine.InfoKey {
	if o.flaw == keyStale {
		return engine.InfoKey{}
	}
	return o.Observation.Key()
}

func (o *brokenObs) Determinize(dst engine.State, rng *engine.RNG) engine.State {
	d, ok := dst.(*brokenState)
	if !ok || d == nil {
		d = &brokenState{State: &toygame.State{}}
	}
	kept := append([]int(nil), d.Marks...)
	d.State = o.Observation.Determinize(d.State, rng).(*toygame.State)
	if o.flaw == detReusesDst && len(kept) == len(d.Marks) {
		copy(d.Marks, kept)
	}
	d.flaw, d.made = o.flaw, o.made
	return d
}

func brokenConfig() enginetest.Config {
	return enginetest.Config{
		Setups: []engine.Setup{
			{Names: []string{"Ann", "Bob"}, Seed: 3, Options: map[string]string{"target": "30"}},
			{Names: []string{"Ann", "Bob", "Cat"}, Seed: 4, Options: map[string]string{"target": "50"}},
		},
		Playouts:   2,
		Every:      2,
		PerftFiles: []string{"toygame/testdata/perft.yaml"},
	}
}

// TestEveryCheckFailsOnItsBrokenToy: each check of the suite fails on the toy race broken on
// purpose in the property it checks (some also on a second flaw), and the same wrapper without
// a flaw passes every check: the failures come from the flaws.
func TestEveryCheckFailsOnItsBrokenToy(t *testing.T) {
	breaks := map[string]flaw{
		"Illegal":      mutatesBeforeRefusal,
		"Unlisted":     acceptsUnlisted,
		"Fuzz":         parseDisagrees,
		"Clone":        sharesMarks,
		"Replay":       nondeterministic,
		"Hidden":       viewLeaks,
		"Perft":        perftMiscount,
		"Events":       eventsDrift,
		"HiddenEvents": eventLeaks,
		"Observation":  obsHoldsState,
	}
	also := []struct {
		check string
		flaw  flaw
	}{
		{"Unlisted", mutatesBeforeRefusal}, // a refused made-up value changes the state too
		{"Fuzz", listsRefused},
		{"Observation", keyStale},
		{"Observation", detReusesDst},
		{"Fuzz", searchStray},
		{"Fuzz", searchEmpty},
	}
	for _, name := range enginetest.Checks() {
		f, ok := breaks[name]
		if !ok {
			t.Errorf("check %s has no broken toy", name)
			continue
		}
		also = append(also, struct {
			check string
			flaw  flaw
		}{name, f})
	}
	for _, c := range also {
		t.Run(c.check+"/"+c.flaw.String(), func(t *testing.T) {
			made := 0
			err := enginetest.Check(c.check, brokenGame{flaw: c.flaw, made: &made}, brokenConfig())
			if err == nil {
				t.Fatalf("check %s passes on a toy with flaw %s", c.check, c.flaw)
			}
			t.Logf("fails as it must: %v", err)
		})
	}
	t.Run("sound", func(t *testing.T) {
		made := 0
		for _, name := range enginetest.Checks() {
			if err := enginetest.Check(name, brokenGame{flaw: sound, made: &made}, brokenConfig()); err != nil {
				t.Errorf("%s fails on the sound toy: %v", name, err)
			}
		}
	})
}
