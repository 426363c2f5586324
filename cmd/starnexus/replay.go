package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"starnexus/engine"
	"starnexus/games/realms"
)

// runReplay prints a saved game turn by turn from its log.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: starnexus replay FILE")
		fmt.Fprintln(stderr, "Prints a game saved by `starnexus play` (on quit, at the end, or with --save) turn by turn.")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if err := replayFile(fs.Arg(0), stdout); err != nil {
		fmt.Fprintf(stderr, "starnexus replay: %v\n", err)
		return 1
	}
	return 0
}

// replayFile checks the whole record before printing anything, so that a corrupt file gives
// one clear error rather than half a game.
func replayFile(path string, w io.Writer) error {
	cat, err := realms.LoadCatalog()
	if err != nil {
		return err
	}
	st, rec, err := loadRecord(cat, path)
	if err != nil {
		return err
	}
	if err := checkRecord(st, rec, path); err != nil {
		return err
	}
	describeGame(w, st, rec)
	n := &narrator{w: w}
	for i, la := range rec.Actions {
		n.before(st, engine.Seat(la.Seat), la.Action)
		if _, err := replayLogged(st, rec, i, path); err != nil {
			return err
		}
		n.after(st)
	}
	n.result(st)
	return nil
}
