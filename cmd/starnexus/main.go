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
	"strings"
)

// command is one verb of the binary. It gets its arguments (without the verb) and the
// streams to use, and returns the process exit code.
type command struct {
	summary string // the id of its line in the command list (catalog cli.*)
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the verbs; getenv reads the environment (the locale of the commands that
// print text for players, and of every command's help: --lang).
func commands(getenv func(string) string) map[string]command {
	withEnv := func(f func(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int) func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return f(args, stdin, stdout, stderr, getenv)
		}
	}
	return map[string]command{
		"play":     {"cli.cmd.play", withEnv(runPlay)},
		"replay":   {"cli.cmd.replay", withEnv(runReplay)},
		"cards":    {"cli.cmd.cards", withEnv(runCards)},
		"scenario": {"cli.cmd.scenario", withEnv(runScenario)},
		"bench":    {"cli.cmd.bench", withEnv(runBench)},
		"sim":      {"cli.cmd.sim", withEnv(runSim)},
		"serve":    {"cli.cmd.serve", withEnv(runServe)},
		"loadtest": {"cli.cmd.loadtest", withEnv(runLoadtest)},
		"campaign": {"cli.cmd.campaign", withEnv(runCampaign)},
		"deck":     {"cli.cmd.deck", withEnv(runDeck)},
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
	if first := withoutLang(args); len(first) == 0 || first[0] == "help" || first[0] == "-h" || first[0] == "--help" {
		usage(stdout, cmds, helpText(args, getenv))
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "starnexus: unknown command %q\n", args[0])
		usage(stderr, cmds, helpText(args, getenv))
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// withoutLang is args without the --lang flags that lead them (starnexus --lang fr -h).
func withoutLang(args []string) []string {
	for len(args) > 0 {
		switch a := args[0]; {
		case a == "--lang" || a == "-lang":
			args = args[min(2, len(args)):]
		case strings.HasPrefix(a, "--lang=") || strings.HasPrefix(a, "-lang="):
			args = args[1:]
		default:
			return args
		}
	}
	return args
}

// parseFlags parses a command's flags and prints usageLine with the defaults on -h, in the
// help's language (h: helpText). ok is false when the command must return code at once: help
// was asked, a flag was wrong, --lang names no language, or an argument was left over.
func parseFlags(fs *flag.FlagSet, args []string, usageLine string, h func(string, ...any) string, stderr io.Writer) (code int, ok bool) {
	setUsage(fs, usageLine, h, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if f := fs.Lookup("lang"); f != nil {
		if err := langError(f.Value.String()); err != nil {
			fmt.Fprintf(stderr, "starnexus %s: %v\n", fs.Name(), err)
			return 2, false
		}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "starnexus %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// setUsage makes fs print its help to w on -h or a wrong flag, in the help's language (h:
// helpText): "usage: " and usageLine ("Usage of NAME:" when usageLine is ""), then every
// flag (printDefaults).
func setUsage(fs *flag.FlagSet, usageLine string, h func(string, ...any) string, w io.Writer) {
	fs.SetOutput(w)
	fs.Usage = func() {
		if usageLine == "" {
			fmt.Fprintln(w, h("cli.usage_of", "name", fs.Name()))
		} else {
			fmt.Fprintln(w, h("cli.usage", "line", usageLine))
		}
		printDefaults(fs, h, w)
	}
}

// printDefaults is fs.PrintDefaults with its "(default X)" in the help's language (h:
// helpText): the flag package writes every flag's usage, which comes from the catalog, and
// its default, whose words are the only English left.
func printDefaults(fs *flag.FlagSet, h func(string, ...any) string, w io.Writer) {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	lines := strings.SplitAfter(b.String(), "\n")
	for i, l := range lines {
		body := strings.TrimSuffix(l, "\n")
		if j := strings.LastIndex(body, " (default "); j >= 0 && strings.HasSuffix(body, ")") {
			lines[i] = body[:j] + " " + h("cli.default", "value", body[j+len(" (default "):len(body)-1]) + l[len(body):]
		}
	}
	fmt.Fprint(w, strings.Join(lines, ""))
}

// usage prints the command list in the help's language (h: helpText).
func usage(w io.Writer, cmds map[string]command, h func(string, ...any) string) {
	fmt.Fprintln(w, h("cli.main.usage"))
	fmt.Fprintln(w, "\n"+h("cli.main.commands"))
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, h(cmds[n].summary))
	}
	fmt.Fprintln(w, "\n"+h("cli.main.more"))
}
