// Package enginetest is the conformance suite every engine.Game passes, as store/storetest is
// for stores: a game's test calls Run with the setups to start from and its perft position
// files, and each property of the engine contract is a subtest.
//
// The checks play seeded random playouts (engine.RNG) from the setups and test, at every step
// or at sampled ones:
//
//   - Illegal: an illegal action (from a seat that may not take it now, an action legal at
//     another moment) is refused and leaves the state and every View as they were;
//   - Fuzz: Legal and Apply agree: ToMove and Legal agree on who may act, every listed action
//     appears once, applies (through Apply and ApplyTrusted alike), and its text parses back to
//     it; a State that is an engine.SearchLegal lists a part of Legal, in its order, never
//     empty when Legal is not;
//   - Unlisted: made-up action values that Legal does not list (a listed value with a bit
//     flipped, random ones) are refused, and leave the state and every View as they were;
//   - Clone: clones are independent both ways, CloneInto reuses a State of another moment and
//     gives an equal one, and a determinization written into a clone leaves the original alone;
//   - Replay: the record of a playout (engine.NewRecord and the logged texts, through JSON as
//     the store keeps it) replays with engine.Replay to the same state, views, end and winners;
//   - Hidden: a twin that differs from the state only in what a seat cannot see (the seat's
//     Observation determinized with another random source) shows that seat, and the
//     spectator, the same View, the same information-set key, the same legal action texts, the same refusals of a sample of texts (every
//     card name of the game, other seats' actions) and the same decision of the game's Light
//     bot;
//   - Observation: a seat's Observation holds no State (nor a View), is refilled without
//     allocating, determinizes alike into any memory it is given, and its key changes when the
//     seat's View does;
//   - Events (a State that is an engine.EventRecorder): a playout recorded with events on
//     replays to the same events, action by action, and a clone of a recording State records
//     nothing;
//   - HiddenEvents (likewise): a twin that differs only in what a seat cannot see, played on
//     with the state by the same actions, shows the seat and the spectator the same events
//     (engine.Event.For) after every action that leaves them the same View;
//   - Perft: counts of leaf positions to a depth, from positions stored as files, match the
//     counts the files record.
//
// Each check also exists as a function that returns its first violation (Check), which is how
// the suite's own test shows that every check fails on a game broken on purpose.
package enginetest

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"starnexus/engine"
	"starnexus/scenario"
)

// Config is what a game's conformance test gives the suite.
type Config struct {
	// Setups are the games the playouts start from (each is Prepared first). At least one.
	Setups []engine.Setup
	// Playouts is how many random playouts each check plays from each setup (default 1).
	Playouts int
	// MaxActions stops a playout after so many actions (default 200).
	MaxActions int
	// Every is the stride of the sampled steps at which the costlier checks (Illegal, Clone,
	// Hidden) look (default 10: steps 0, 10, 20...).
	Every int
	// Seed seeds the playouts (default 1).
	Seed uint64
	// PerftFiles are glob patterns of perft position files: scenario files (docs/scenarios.md)
	// whose scenarios set a position up through the game's scenario adapter and record, under
	// expect, perft: [n1, n2, ...], the leaf counts at depths 1, 2, .... Steps, if any, are
	// actions taken before counting.
	PerftFiles []string
	// Skip names checks not to run, each with its reason (a known bug of the game, named).
	Skip map[string]string
}

// Checks are the names of the suite's checks, in the order Run runs them.
var checkList = []struct {
	name string
	fn   func(g engine.Game, cfg Config) error
}{
	{"Illegal", checkIllegal},
	{"Fuzz", checkFuzz},
	{"Unlisted", checkUnlisted},
	{"Clone", checkClone},
	{"Replay", checkReplay},
	{"Hidden", checkHidden},
	{"Observation", checkObservation},
	{"Events", checkEvents},
	{"HiddenEvents", checkHiddenEvents},
	{"Perft", checkPerft},
}

// Checks lists the suite's checks by name, in the order Run runs them.
func Checks() []string {
	out := make([]string, len(checkList))
	for i, c := range checkList {
		out[i] = c.name
	}
	return out
}

// Check runs one check of the suite on g and returns its first violation, nil if it holds.
func Check(name string, g engine.Game, cfg Config) error {
	for _, c := range checkList {
		if c.name == name {
			return c.fn(g, cfg.withDefaults())
		}
	}
	return fmt.Errorf("no check %q (known: %v)", name, Checks())
}

// Run runs every check on g, each as a subtest.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	if len(cfg.Setups) == 0 {
		t.Fatal("enginetest: the config names no setup")
	}
	cfg = cfg.withDefaults()
	for _, c := range checkList {
		t.Run(c.name, func(t *testing.T) {
			if why, ok := cfg.Skip[c.name]; ok {
				t.Skip(why)
			}
			if err := c.fn(g, cfg); err != nil {
				t.Fatalf("%s: %v", g.Name(), err)
			}
		})
	}
}

func (c Config) withDefaults() Config {
	if c.Playouts <= 0 {
		c.Playouts = 1
	}
	if c.MaxActions <= 0 {
		c.MaxActions = 200
	}
	if c.Every <= 0 {
		c.Every = 10
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	return c
}

// same reports whether two states are identical: by the game's own equality (its scenario
// adapter's Same) when it has one, else reflect.DeepEqual. Both states are first asked for
// every seat's View: a game may keep its Views inside the State (Star Realms does, so that a
// View allocates nothing), and the comparison must not depend on which Views were asked last.
func same(g engine.Game, a, b engine.State) bool {
	for _, st := range []engine.State{a, b} {
		for s := range st.NumSeats() {
			st.View(engine.Seat(s))
		}
		st.View(engine.Spectator)
	}
	if ad, ok := g.(scenario.Adapted); ok {
		if sg := ad.Scenario(); sg != nil {
			return sg.Same(a, b)
		}
	}
	return reflect.DeepEqual(a, b)
}

// viewJSON is the JSON of seat's View of st.
func viewJSON(st engine.State, seat engine.Seat) ([]byte, error) {
	b, err := st.View(seat).MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("view of seat %d: %w", seat, err)
	}
	return b, nil
}

// allViews is the JSON of every seat's View and the spectator's (last).
func allViews(st engine.State) ([][]byte, error) {
	out := make([][]byte, 0, st.NumSeats()+1)
	for s := 0; s < st.NumSeats(); s++ {
		b, err := viewJSON(st, engine.Seat(s))
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	b, err := viewJSON(st, engine.Spectator)
	if err != nil {
		return nil, err
	}
	return append(out, b), nil
}

// diffViews names the first view that differs between two allViews results, "" if none.
func diffViews(a, b [][]byte) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d views against %d", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			who := fmt.Sprintf("seat %d", i)
			if i == len(a)-1 {
				who = "the spectator"
			}
			return fmt.Sprintf("the view of %s differs:\n%s\n%s", who, clip(a[i]), clip(b[i]))
		}
	}
	return ""
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

// texts is the text of each action of legal, for seat.
func texts(st engine.State, seat engine.Seat, legal []engine.Action) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = st.ActionText(seat, a)
	}
	return out
}
