package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"starnexus/games"
	"starnexus/terminal"
)

// runReplay prints a saved game, of any game, turn by turn from its log.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := helpText(args, getenv)
	lang := langFlag(fs, h)
	fs.Usage = func() {
		fmt.Fprintln(stderr, h("cli.usage", "line", "starnexus replay [--lang fr] FILE"))
		fmt.Fprintln(stderr, h("cli.replay.about"))
		printDefaults(fs, h, stderr)
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
	cat, err := chooseLang(*lang, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus replay: %v\n", err)
		return 2
	}
	reg, err := games.Registry()
	if err == nil {
		err = terminal.Replay(reg, fs.Arg(0), stdout, cat)
	}
	if err != nil {
		fmt.Fprintf(stderr, "starnexus replay: %v\n", err)
		return 1
	}
	return 0
}
