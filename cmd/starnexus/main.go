// Command starnexus plays space card games by their printed rules: in the terminal, as
// scenario files for rules tests, and as benchmarks and simulations.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one verb of the binary. It gets its arguments (without the verb) and the
// streams to use, and returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the verbs; getenv reads the environment (the locale of the commands that
// print text for players: --lang).
func commands(getenv func(string) string) map[string]command {
	withEnv := func(f func(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int) func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return f(args, stdin, stdout, stderr, getenv)
		}
	}
	return map[string]command{
		"play":     {"play a game in the terminal (hot-seat or against bots)", withEnv(runPlay)},
		"replay":   {"print a saved game turn by turn", withEnv(runReplay)},
		"cards":    {"list and filter the card data", withEnv(runCards)},
		"scenario": {"run rules scenarios: scenario run PATH...", runScenario},
		"bench":    {"measure engine speed (games and actions per second)", runBench},
		"sim":      {"play many bot games and report win rates", runSim},
		"serve":    {"serve the web client, the JSON API and WebSocket play", runServe},
		"loadtest": {"measure a server under N concurrent games (loopback only)", runLoadtest},
		"campaign": {"a Rise of Empire campaign: campaign new|play|status|list", withEnv(runCampaign)},
		"deck":     {"check Stellar Nexus decks: deck check FILE|NAME..., deck list, deck show NAME", runDeck},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(args, stdin, stdout, stderr, os.Getenv)
}

// runEnv is run reading the environment with getenv.
func runEnv(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cmds := commands(getenv)
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout, cmds)
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "starnexus: unknown command %q\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// parseFlags parses a command's flags and prints usageLine with the defaults on -h. ok is
// false when the command must return code at once: help was asked, a flag was wrong, or an
// argument was left over.
func parseFlags(fs *flag.FlagSet, args []string, usageLine string, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+usageLine)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "starnexus %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: starnexus COMMAND [options]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'starnexus COMMAND -h' for a command's options.")
}
