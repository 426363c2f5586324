package enginetest

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"starnexus/engine"
	"starnexus/scenario"
)

// Perft counts the leaf positions of the action tree below st to depth: the children of a
// position are, for every seat ToMove lists, every action Legal lists for it (so a position
// where several seats may act branches on all their actions), each applied through Apply to a
// copy; a position where the game is over is a leaf before depth. st is not changed.
func Perft(st engine.State, depth int) (int, error) {
	bufs := make([]engine.State, depth)
	return perft(st, depth, bufs)
}

func perft(st engine.State, depth int, bufs []engine.State) (int, error) {
	if depth == 0 || st.Over() {
		return 1, nil
	}
	n := 0
	for _, seat := range st.ToMove(nil) {
		for _, a := range st.Legal(seat, nil) {
			bufs[0] = st.CloneInto(bufs[0])
			if err := bufs[0].Apply(seat, a); err != nil {
				return 0, fmt.Errorf("legal %q refused: %w", st.ActionText(seat, a), err)
			}
			k, err := perft(bufs[0], depth-1, bufs[1:])
			if err != nil {
				return 0, fmt.Errorf("after %q: %w", st.ActionText(seat, a), err)
			}
			n += k
		}
	}
	return n, nil
}

// checkPerft: every position of the perft files counts, at each depth, the leaves the file
// records.
func checkPerft(g engine.Game, cfg Config) error {
	var files []string
	for _, pat := range cfg.PerftFiles {
		m, err := filepath.Glob(pat)
		if err != nil {
			return fmt.Errorf("perft files %q: %w", pat, err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		if len(cfg.PerftFiles) > 0 {
			return fmt.Errorf("no perft file matches %q", cfg.PerftFiles)
		}
		return nil
	}
	ad, ok := g.(scenario.Adapted)
	if !ok {
		return fmt.Errorf("%s has perft files but no scenario adapter to set their positions up", g.Name())
	}
	sg := ad.Scenario()
	for _, f := range files {
		scs, err := scenario.Load(f)
		if err != nil {
			return err
		}
		for _, sc := range scs {
			if err := perftPosition(g, sg, sc); err != nil {
				return fmt.Errorf("%s: %s: %w", f, sc.Name, err)
			}
		}
	}
	return nil
}

func perftPosition(g engine.Game, sg scenario.Game, sc *scenario.Scenario) error {
	if sc.Game != g.Name() {
		return fmt.Errorf("a %q position, not %q", sc.Game, g.Name())
	}
	want, err := perftCounts(sc)
	if err != nil {
		return err
	}
	st, err := sg.Setup(sc)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	doer, _ := sg.(scenario.Doer)
	for i, step := range sc.Steps {
		if step.Expect != nil || step.Error != "" {
			return fmt.Errorf("step %d: a perft position's steps are actions to take, nothing else", i+1)
		}
		if doer != nil {
			err = doer.Do(st, sc.Steps, i)
		} else {
			err = do(st, step)
		}
		if err != nil {
			return fmt.Errorf("step %d (%q): %w", i+1, step.Do, err)
		}
	}
	got := make([]int, len(want))
	for d := range want {
		if got[d], err = Perft(st, d+1); err != nil {
			return fmt.Errorf("perft %d: %w", d+1, err)
		}
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("perft 1..%d = %v, the file records %v", len(want), got, want)
	}
	return nil
}

// do takes a step's action: by the seat it names, else the only seat to move.
func do(st engine.State, step scenario.Step) error {
	movers := st.ToMove(nil)
	var seat engine.Seat = -1
	if step.By != "" {
		for i := range st.NumSeats() {
			if strings.EqualFold(st.SeatName(engine.Seat(i)), step.By) {
				seat = engine.Seat(i)
			}
		}
		if seat < 0 {
			return fmt.Errorf("by: no player named %q", step.By)
		}
	} else if len(movers) == 1 {
		seat = movers[0]
	} else {
		return errors.New("name the seat that acts with by")
	}
	a, err := st.ParseAction(seat, step.Do)
	if err != nil {
		return err
	}
	return st.Apply(seat, a)
}

// perftCounts reads expect: {perft: [n1, n2, ...]}, the only expectation of a perft position.
func perftCounts(sc *scenario.Scenario) ([]int, error) {
	if len(sc.Expect.Keys) != 1 || sc.Expect.Keys[0] != "perft" {
		return nil, errors.New("a perft position expects perft: [n1, n2, ...] and nothing else")
	}
	list, ok := sc.Expect.Values["perft"].([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("perft: want a list of leaf counts, depth 1 first")
	}
	out := make([]int, len(list))
	for i, v := range list {
		n, err := scenario.WantInt(v)
		if err != nil {
			return nil, fmt.Errorf("perft depth %d: %w", i+1, err)
		}
		out[i] = n
	}
	return out, nil
}
