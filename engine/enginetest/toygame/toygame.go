// Package toygame is a small game for the tests of the tools above the engine: the server,
// sim, the scenario runner, the terminal loop and the bots play it through engine.Game alone,
// which shows that none of them needs to know a game by name. Only tests import it.
//
// The game is a race: the players take turns adding 1, 2 or 3 to a shared total ("add 2");
// whoever brings it to the target (option target, 10 by default) wins. Each player also holds
// a secret mark, dealt from the seed, that only they see and that decides nothing: it is there
// so that a tool that shows a player another's hidden information can be caught.
package toygame

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"starnexus/engine"
)

// Game is the toy game.
type Game struct{}

// Name implements engine.Game.
func (Game) Name() string { return "toy" }

// Title implements engine.Game.
func (Game) Title() string { return "Toy Race" }

// Formats implements engine.Game.
func (Game) Formats() []engine.Format {
	return []engine.Format{{Name: "race", Title: "Race", About: "Add 1 to 3 in turn; reach the target to win.", MinSeats: 2, MaxSeats: 4}}
}

// Options implements engine.Game.
func (Game) Options() []engine.OptionInfo {
	return []engine.OptionInfo{{Name: "target", Values: "3-100", Default: "10", About: "The total that wins."}}
}

// Prepare implements engine.Game.
func (g Game) Prepare(s engine.Setup) (engine.Setup, error) {
	_, err := prepare(&s)
	return s, err
}

func prepare(s *engine.Setup) (target int, err error) {
	if len(s.Names) < 2 || len(s.Names) > 4 {
		return 0, fmt.Errorf("the toy race has 2 to 4 players, not %d", len(s.Names))
	}
	if s.Format == "" {
		s.Format = "race"
	}
	if s.Format != "race" {
		return 0, fmt.Errorf("toy: unknown format %q (known: race)", engine.Clip(s.Format, 64))
	}
	if len(s.Sets) > 0 || slices.ContainsFunc(s.Decks, func(d string) bool { return d != "" }) {
		return 0, errors.New("the toy race has no sets and no decks")
	}
	s.Names = slices.Clone(s.Names)
	for i := range s.Names {
		if s.Names[i] == "" {
			s.Names[i] = fmt.Sprintf("P%d", i+1)
		}
	}
	target = 10
	for k, v := range s.Options {
		if k != "target" {
			return 0, fmt.Errorf("toy: unknown option %q (known: target)", engine.Clip(k, 64))
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 3 || n > 100 {
			return 0, fmt.Errorf("option target: %q is not a number from 3 to 100", engine.Clip(v, 64))
		}
		target = n
	}
	return target, nil
}

// New implements engine.Game.
func (g Game) New(s engine.Setup) (engine.State, error) {
	target, err := prepare(&s)
	if err != nil {
		return nil, err
	}
	st := &State{Names: s.Names, Target: target, Winner: -1}
	rng := engine.NewRNG(s.Seed)
	st.Marks = make([]int, len(s.Names))
	for i := range st.Marks {
		st.Marks[i] = 1 + rng.Intn(9)
	}
	st.Active = int(s.Seed % uint64(len(s.Names)))
	return st, nil
}

// Bots implements engine.Game: "smart" leaves the total one short of a multiple of four below
// the target when it can, "first" always adds 1.
func (Game) Bots() engine.BotKit {
	smart := func() engine.Bot { return Smart{} }
	return engine.BotKit{
		Heuristics: []engine.NamedBot{{Name: "first", New: func() engine.Bot { return First{} }}, {Name: "smart", New: smart}},
		Light:      smart, Strong: smart,
	}
}

// Cards implements engine.Game: the toy has no cards.
func (Game) Cards() any { return []string{} }

// CardNames implements engine.Game.
func (Game) CardNames() []string { return nil }

// State is one race.
type State struct {
	Names  []string
	Marks  []int // each player's secret mark
	Target int
	Total  int
	Active int
	Winner int // -1 until the game is over
	Turns  int

	rec *[]engine.Event // the events recorded, when recording (engine.EventRecorder)
}

// Game implements engine.State.
func (s *State) Game() string { return "toy" }

// NumSeats implements engine.State.
func (s *State) NumSeats() int { return len(s.Names) }

// SeatName implements engine.State.
func (s *State) SeatName(seat engine.Seat) string {
	if seat < 0 || int(seat) >= len(s.Names) {
		return "spectator"
	}
	return s.Names[seat]
}

// ToMove implements engine.State.
func (s *State) ToMove(buf []engine.Seat) []engine.Seat {
	if s.Over() {
		return buf
	}
	return append(buf, engine.Seat(s.Active))
}

// Legal implements engine.State: add 1, 2 or 3, never past the target.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.Over() || int(seat) != s.Active {
		return buf
	}
	for n := 1; n <= 3 && s.Total+n <= s.Target; n++ {
		buf = append(buf, engine.Action(n))
	}
	return buf
}

// Apply implements engine.State.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	text := s.ActionText(seat, a)
	switch {
	case s.Over():
		return &engine.IllegalError{Action: text, Reason: "the game is over"}
	case int(seat) != s.Active:
		return &engine.IllegalError{Action: text, Reason: "it is not your turn"}
	case a < 1 || a > 3:
		return &engine.IllegalError{Action: text, Reason: "add 1, 2 or 3"}
	case s.Total+int(a) > s.Target:
		return &engine.IllegalError{Action: text, Reason: fmt.Sprintf("the total may not pass %d", s.Target)}
	}
	s.ApplyTrusted(seat, a)
	return nil
}

// ApplyTrusted implements engine.State.
func (s *State) ApplyTrusted(seat engine.Seat, a engine.Action) {
	if s.rec != nil {
		*s.rec = append(*s.rec,
			engine.Event{Kind: engine.EvStat, Seat: seat, Stat: "total", Amount: int(a)},
			engine.Event{Kind: engine.EvCounter, Seat: seat, Stat: "mark", Amount: s.Marks[seat], Seen: engine.SeatBit(seat)})
	}
	s.Total += int(a)
	s.Turns++
	if s.Total >= s.Target {
		s.Winner = int(seat)
		return
	}
	s.Active = (s.Active + 1) % len(s.Names)
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.CloneInto(nil) }

// CloneInto implements engine.State.
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil {
		d = &State{}
	}
	marks := append(d.Marks[:0], s.Marks...)
	*d = *s
	d.Marks = marks
	d.rec = nil
	return d
}

// RecordEvents implements engine.EventRecorder. Each action records "stat total +N" for
// everyone and a "counter mark" event with the player's mark, seen by that player alone.
func (s *State) RecordEvents(on bool) {
	switch {
	case !on:
		s.rec = nil
	case s.rec == nil:
		s.rec = new([]engine.Event)
	}
}

// TakeEvents implements engine.EventRecorder.
func (s *State) TakeEvents(buf []engine.Event) []engine.Event {
	if s.rec == nil {
		return buf
	}
	buf = append(buf, *s.rec...)
	*s.rec = (*s.rec)[:0]
	return buf
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) engine.View { return &View{seat: seat, st: s.Clone().(*State)} }

// Over implements engine.State.
func (s *State) Over() bool { return s.Winner >= 0 }

// Winners implements engine.State.
func (s *State) Winners() []engine.Seat {
	if !s.Over() {
		return nil
	}
	return []engine.Seat{engine.Seat(s.Winner)}
}

// ActionText implements engine.State.
func (s *State) ActionText(seat engine.Seat, a engine.Action) string {
	return "add " + strconv.Itoa(int(a))
}

// ParseAction implements engine.State: "add N" or just "N".
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	t := strings.TrimSpace(strings.ToLower(text))
	t = strings.TrimSpace(strings.TrimPrefix(t, "add"))
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 3 {
		return 0, fmt.Errorf("unknown action %q (add 1, add 2 or add 3)", engine.Clip(text, 64))
	}
	return engine.Action(n), nil
}

// View is what one seat sees: everything but the other players' marks.
type View struct {
	seat engine.Seat
	st   *State
}

// Seat implements engine.View.
func (v *View) Seat() engine.Seat { return v.seat }

// Total is the shared total.
func (v *View) Total() int { return v.st.Total }

// Target is the total that wins.
func (v *View) Target() int { return v.st.Target }

// Mark is the seat's own mark (0 for a spectator).
func (v *View) Mark() int {
	if v.seat < 0 || int(v.seat) >= len(v.st.Marks) {
		return 0
	}
	return v.st.Marks[v.seat]
}

// MarshalJSON implements engine.View.
func (v *View) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"game": "toy", "seat": v.seat, "total": v.st.Total, "target": v.st.Target,
		"active": v.st.Names[v.st.Active], "mark": v.Mark(), "over": v.st.Over()})
}

// Observation is what one seat knows, for the bots: the public race and its own mark. It
// holds no State.
type Observation struct {
	seat   engine.Seat
	names  []string // the players' names, shared and never written
	target int
	total  int
	active int
	winner int
	turns  int
	mark   int // the seat's own mark; 0 for a spectator
}

// Observe implements engine.State.
func (s *State) Observe(seat engine.Seat, dst engine.Observation) engine.Observation {
	o, ok := dst.(*Observation)
	if !ok || o == nil {
		o = new(Observation)
	}
	*o = Observation{seat: seat, names: s.Names, target: s.Target, total: s.Total, active: s.Active, winner: s.Winner, turns: s.Turns}
	if seat >= 0 && int(seat) < len(s.Marks) {
		o.mark = s.Marks[seat]
	}
	return o
}

// Seat implements engine.Observation.
func (o *Observation) Seat() engine.Seat { return o.seat }

// Total is the shared total.
func (o *Observation) Total() int { return o.total }

// Target is the total that wins.
func (o *Observation) Target() int { return o.target }

// Key implements engine.Observation.
func (o *Observation) Key() engine.InfoKey {
	var h engine.Hasher
	for _, v := range []int{int(o.seat), len(o.names), o.target, o.total, o.active, o.winner, o.turns, o.mark} {
		h.Add(uint64(v))
	}
	return h.Key()
}

// Determinize implements engine.Observation: the other players' marks are drawn anew.
func (o *Observation) Determinize(dst engine.State, rng *engine.RNG) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil {
		d = &State{}
	}
	marks := d.Marks[:0]
	for i := range o.names {
		m := o.mark
		if engine.Seat(i) != o.seat {
			m = 1 + rng.Intn(9)
		}
		marks = append(marks, m)
	}
	*d = State{Names: o.names, Marks: marks, Target: o.target, Total: o.total, Active: o.active, Winner: o.winner, Turns: o.turns}
	return d
}

// First always adds 1.
type First struct{}

// Name implements engine.Bot.
func (First) Name() string { return "first" }

// Choose implements engine.Bot.
func (First) Choose(_ engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return legal[0]
}

// Smart plays the race's winning strategy when it can: reach the target, else leave the total
// at target-4k.
type Smart struct{}

// Name implements engine.Bot.
func (Smart) Name() string { return "smart" }

// Choose implements engine.Bot.
func (Smart) Choose(v engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	tv := v.(*Observation)
	for _, a := range legal {
		if (tv.Target()-tv.Total()-int(a))%4 == 0 {
			return a
		}
	}
	return legal[rng.Intn(len(legal))]
}
