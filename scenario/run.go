package scenario

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"starnexus/engine"
)

// Failure is one way a scenario did not hold.
type Failure struct {
	Step   int    // 1-based step number; 0 for setup, len(steps)+1 for the final expect
	Line   int    // line of the step in the file, when known
	What   string // the expectation key or the action
	Want   string
	Got    string
	After  string // the action that preceded the failure
	Reason string // for setup errors and refused actions
}

func (f Failure) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "step %d", f.Step)
	if f.Line > 0 {
		fmt.Fprintf(&b, " (line %d)", f.Line)
	}
	if f.What != "" {
		fmt.Fprintf(&b, ": %s", f.What)
	}
	if f.Want != "" || f.Got != "" {
		fmt.Fprintf(&b, ": want %s, got %s", f.Want, f.Got)
	}
	if f.Reason != "" {
		fmt.Fprintf(&b, ": %s", f.Reason)
	}
	if f.After != "" {
		fmt.Fprintf(&b, " (after %q)", f.After)
	}
	return b.String()
}

// Result is the outcome of one scenario.
type Result struct {
	Scenario *Scenario
	Failures []Failure
}

// OK reports whether the scenario held.
func (r Result) OK() bool { return len(r.Failures) == 0 }

// Game is what the runner needs from a game: building the position and reading facts.
type Game interface {
	// Setup builds the scenario's starting State.
	Setup(sc *Scenario) (engine.State, error)
	// Check compares one expectation; err reports a malformed expectation.
	Check(st engine.State, key string, want any) (ok bool, got string, wantText string, err error)
	// Same reports whether two states are identical (a refused action changes nothing).
	Same(a, b engine.State) bool
}

// Adapted is the optional interface of an engine.Game whose scenarios the runner can run:
// Scenario returns the game's adapter. A registered game without it is refused with a clear
// failure, as is a game the registry does not list.
type Adapted interface {
	Scenario() Game
}

// Runner runs scenarios of the games of a registry.
type Runner struct {
	reg *engine.Registry
}

// NewRunner returns a Runner for the games of reg: a scenario's game: key names one of them.
func NewRunner(reg *engine.Registry) *Runner { return &Runner{reg: reg} }

// adapter finds the scenario adapter of the game called name.
func (r *Runner) adapter(name string) (Game, error) {
	if r.reg == nil {
		return nil, errors.New("the scenario runner has no games")
	}
	if name == "" {
		return nil, errors.New("missing game")
	}
	g, err := r.reg.Get(name)
	if err != nil {
		return nil, err
	}
	a, ok := g.(Adapted)
	if !ok {
		return nil, fmt.Errorf("game %q (%s) has no scenario adapter: the runner cannot set up its positions", g.Name(), g.Title())
	}
	sg := a.Scenario()
	if sg == nil {
		return nil, fmt.Errorf("game %q (%s) has no scenario adapter: the runner cannot set up its positions", g.Name(), g.Title())
	}
	return sg, nil
}

// Run runs one scenario. A failed expectation is reported and the scenario goes on; a step
// whose outcome differs from the file's (refused where it must succeed, accepted where it must
// be refused) is reported and ends the scenario, since the steps after it would start from a
// state the file does not describe. A panic (an engine or runner bug) is reported as this
// scenario's failure, at the step where it happened, so that a run of many files goes on to
// the next scenario.
func (r *Runner) Run(sc *Scenario) (res Result) {
	res.Scenario = sc
	at := Failure{} // the step under way, for a panic's report
	defer func() {
		if p := recover(); p != nil {
			at.Reason = fmt.Sprintf("panic: %v%s", p, panicSite())
			res.Failures = append(res.Failures, at)
		}
	}()
	fail := func(f Failure) Result {
		res.Failures = append(res.Failures, f)
		return res
	}
	g, err := r.adapter(sc.Game)
	if err != nil {
		return fail(Failure{Reason: err.Error()})
	}
	st, err := g.Setup(sc)
	if sc.SetupError != "" {
		if f, failed := refusalOutcome(string(sc.SetupError), err); failed {
			f.What = "setup_error"
			return fail(f)
		}
		return res
	}
	if err != nil {
		return fail(Failure{Reason: "setup: " + err.Error()})
	}
	last := ""
	for i, step := range sc.Steps {
		n := i + 1
		at = Failure{Step: n, Line: step.Line, What: step.Do, After: last}
		if step.Expect != nil {
			res.Failures = append(res.Failures, r.check(g, st, step.Expect, n, step.Line, last)...)
			continue
		}
		if d, ok := g.(Doer); ok {
			before := st.Clone()
			err := d.Do(st, sc.Steps, i)
			if err != nil && !g.Same(before, st) && step.Error != "" {
				return fail(Failure{Step: n, Line: step.Line, What: step.Do, Reason: "a refused action changed the state"})
			}
			if f, failed, stop := stepOutcome(step, n, err, last); failed {
				res.Failures = append(res.Failures, f)
				if stop {
					return res
				}
			}
			if step.Error == "" {
				last = step.Do
			}
			continue
		}
		seat, err := stepSeat(st, step)
		if err == nil {
			var a engine.Action
			a, err = st.ParseAction(seat, step.Do)
			if err == nil {
				before := st.Clone()
				err = st.Apply(seat, a)
				if err != nil && !g.Same(before, st) {
					return fail(Failure{Step: n, Line: step.Line, What: step.Do, Reason: "a refused action changed the state"})
				}
			}
		}
		if f, failed, stop := stepOutcome(step, n, err, last); failed {
			res.Failures = append(res.Failures, f)
			if stop {
				return res
			}
		}
		if step.Error == "" {
			last = step.Do
		}
	}
	at = Failure{Step: len(sc.Steps) + 1, What: "expect", After: last}
	res.Failures = append(res.Failures, r.check(g, st, &sc.Expect, len(sc.Steps)+1, 0, last)...)
	return res
}

// panicSite names the function and line that panicked: the first frame of the panicking
// stack outside the runtime, read while the deferred recover runs on top of it.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && f.Function != "" {
			return fmt.Sprintf(" (in %s, %s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// Doer is an optional Game extension that performs action steps itself, for the runner-side
// conveniences of its game (Stellar Nexus: passing priority before each action, "pass to
// PHASE", inline on/paying clauses). Do performs steps[i]; when that step must be refused
// (Error set) it must leave st unchanged if it returns an error.
type Doer interface {
	Do(st engine.State, steps []Step, i int) error
}

// stepOutcome judges a step's result against its error: key. failed reports a failure; stop
// says the scenario cannot go on: the step was refused where it must succeed, or accepted
// where it must be refused. A refusal for another reason than the file's changed nothing
// (the runner checks it), so the scenario goes on after it.
func stepOutcome(step Step, n int, err error, last string) (f Failure, failed, stop bool) {
	switch {
	case step.Error == "" && err != nil:
		return Failure{Step: n, Line: step.Line, What: step.Do, Reason: "refused: " + err.Error(), After: last}, true, true
	case step.Error != "" && err == nil:
		return Failure{Step: n, Line: step.Line, What: step.Do, Reason: "was accepted but must be refused", After: last}, true, true
	case step.Error != "":
		if f, failed := refusalOutcome(step.Error, err); failed {
			f.Step, f.Line, f.What = n, step.Line, step.Do
			return f, true, false
		}
	}
	return Failure{}, false, false
}

// refusalOutcome judges an error against an error: key's value ("true", or a text the
// reason must contain, in any case).
func refusalOutcome(want string, err error) (Failure, bool) {
	switch {
	case err == nil:
		return Failure{Reason: "was accepted but must be refused"}, true
	case want != "true" && !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(want)):
		return Failure{Want: fmt.Sprintf("a refusal containing %q", want), Got: fmt.Sprintf("%q", err.Error())}, true
	}
	return Failure{}, false
}

// stepSeat is the seat that takes a step: the one named by "by", else the only seat to move.
func stepSeat(st engine.State, step Step) (engine.Seat, error) {
	movers := st.ToMove(nil)
	if step.By != "" {
		for i := 0; i < st.NumSeats(); i++ {
			if strings.EqualFold(st.SeatName(engine.Seat(i)), step.By) {
				for _, m := range movers {
					if m == engine.Seat(i) {
						return m, nil
					}
				}
				return 0, fmt.Errorf("%s may not act now", step.By)
			}
		}
		return 0, fmt.Errorf("by: no player named %q", step.By)
	}
	switch len(movers) {
	case 0:
		return 0, errors.New("the game is over: nobody may act")
	case 1:
		return movers[0], nil
	}
	return 0, errors.New("several players may act now; name one with by")
}

func (r *Runner) check(g Game, st engine.State, e *Expect, step, line int, after string) []Failure {
	var out []Failure
	for _, k := range e.Keys {
		ok, got, want, err := g.Check(st, k, e.Values[k])
		switch {
		case err != nil:
			out = append(out, Failure{Step: step, Line: line, What: k, Reason: err.Error(), After: after})
		case !ok:
			out = append(out, Failure{Step: step, Line: line, What: k, Want: want, Got: got, After: after})
		}
	}
	return out
}
