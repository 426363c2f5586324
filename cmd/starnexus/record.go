package main

import (
	"fmt"
	"sort"

	"starnexus/engine"
	"starnexus/games/realms"
)

// gameFromRecord sets up the game a Record describes, before any of its actions.
func gameFromRecord(cat *realms.Catalog, rec *engine.Record) (*realms.State, error) {
	if rec.Game != "realms" {
		return nil, fmt.Errorf("game %q is not playable here (known: realms)", rec.Game)
	}
	opts := realms.Options{Format: rec.Format, Sets: rec.Sets, Names: rec.Names}
	keys := make([]string, 0, len(rec.Options))
	for k := range rec.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := realms.SetOption(&opts, k, rec.Options[k]); err != nil {
			return nil, err
		}
	}
	st, err := realms.NewGame(cat, opts, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("set up the game: %w", err)
	}
	return st, nil
}

// replayLogged applies action i of rec to st, through the same text parsing and validation
// as a typed action, so that a hand-edited or damaged file cannot corrupt the game.
func replayLogged(st *realms.State, rec *engine.Record, i int, path string) (engine.Action, error) {
	la := rec.Actions[i]
	seat := engine.Seat(la.Seat)
	if st.Over() {
		return 0, fmt.Errorf("corrupt save %s: action %d (%q) comes after the end of the game", path, i+1, la.Action)
	}
	a, err := st.ParseAction(seat, la.Action)
	if err == nil {
		err = st.Apply(seat, a)
	}
	if err != nil {
		return 0, fmt.Errorf("corrupt save %s: action %d (%s: %q): %w", path, i+1, st.SeatName(seat), la.Action, err)
	}
	return a, nil
}

// loadRecord reads a saved game and sets it up before its first action; the caller replays
// the actions with replayLogged, watching them as it needs.
func loadRecord(cat *realms.Catalog, path string) (*realms.State, *engine.Record, error) {
	rec, err := engine.LoadRecord(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := gameFromRecord(cat, rec)
	if err != nil {
		return nil, nil, fmt.Errorf("corrupt save %s: %w", path, err)
	}
	return st, rec, nil
}

// checkRecord replays every action of rec on a copy of st, which must be the game before its
// first action, and reports the first one that fails; st itself is left as it was.
func checkRecord(st *realms.State, rec *engine.Record, path string) error {
	check := st.Clone().(*realms.State)
	for i := range rec.Actions {
		if _, err := replayLogged(check, rec, i, path); err != nil {
			return err
		}
	}
	return nil
}
