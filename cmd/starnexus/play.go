package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games"
	"starnexus/games/nexus/cards"
	"starnexus/terminal"
)

// listFlag is a flag that may be given several times (--option a=1 --option b=2).
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// runPlay wires the command line to the terminal session: it builds the registry and the
// setup (engine.Game.Prepare) and plays the game in package terminal.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reg, err := games.Registry()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	def, _ := reg.Get("")
	h := helpText(args, getenv)
	seats := fs.String("seats", "human,greedy", h("cli.play.seats", "bots", strings.Join(bots.Names(def), ", ")))
	names := fs.String("names", "", h("cli.play.names"))
	seed := fs.Uint64("seed", 0, h("cli.play.seed"))
	resume := fs.String("resume", "", h("cli.play.resume"))
	save := fs.String("save", "", h("cli.play.save", "file", terminal.DefaultSave))
	format := fs.String("format", "", h("cli.play.format"))
	sets := fs.String("sets", "", h("cli.play.sets"))
	game := fs.String("game", reg.Names()[0], h("cli.play.game", "games", strings.Join(reg.Names(), h("cli.or"))))
	reserves := fs.Bool("reserves", false, h("cli.play.reserves"))
	decks := fs.String("decks", "", h("cli.play.decks"))
	lang := langFlag(fs, h)
	var options listFlag
	fs.Var(&options, "option", h("cli.play.option"))
	if code, ok := parseFlags(fs, args, "starnexus play [--game realms|nexus] [--format F] [--sets core[,colony-wars]] [--decks rayji,./my.yaml] [--seats human,greedy] [--names Ann,Bob] [--seed N] [--resume FILE] [--save FILE] [--lang fr] [--option name=value ...]", h, stderr); !ok {
		return code
	}
	cat, err := chooseLang(*lang, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 2
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	o := terminal.Options{In: stdin, Out: stdout, TTY: isTerminal(stdout), SavePath: *save, SaveAtEnd: given["save"], NewBot: bots.New, Lang: cat}
	var s *terminal.Session
	if *resume != "" {
		for _, f := range []string{"names", "seed", "option", "format", "sets", "game", "decks", "reserves"} {
			if given[f] {
				fmt.Fprintf(stderr, "starnexus play: --%s cannot change a resumed game\n", f)
				return 2
			}
		}
		var seatList []string
		if given["seats"] {
			seatList = splitList(*seats)
		}
		s, err = terminal.Resume(o, reg, *resume, seatList)
	} else {
		s, err = newGame(o, reg, *game, playSetup{format: *format, sets: splitList(*sets), decks: splitList(*decks), reserves: *reserves,
			seats: splitList(*seats), names: splitList(*names), seed: *seed, seeded: given["seed"], options: options})
	}
	if err != nil {
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	if err := s.Run(); err != nil {
		s.Flush()
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	return 0
}

// playSetup is what the command line says about a new game.
type playSetup struct {
	format       string
	sets, decks  []string
	reserves     bool
	seats, names []string
	seed         uint64
	seeded       bool
	options      []string
}

// newGame makes the setup of a new game of the game called name and starts its session.
func newGame(o terminal.Options, reg *engine.Registry, name string, p playSetup) (*terminal.Session, error) {
	g, err := reg.Get(name)
	if err != nil {
		return nil, err
	}
	o.Game = g
	if !p.seeded {
		p.seed = uint64(time.Now().UnixNano())
	}
	setup := engine.Setup{Format: p.format, Sets: p.sets, Seed: p.seed, Names: p.names}
	if len(setup.Names) == 0 {
		for i := range p.seats {
			setup.Names = append(setup.Names, fmt.Sprintf("P%d", i+1))
		}
	}
	if len(setup.Names) != len(p.seats) {
		return nil, fmt.Errorf("%d seats (--seats) but %d names (--names)", len(p.seats), len(setup.Names))
	}
	if err := checkNames(setup.Names); err != nil {
		return nil, err
	}
	for _, kv := range p.options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("option %q: write name=value", kv)
		}
		if setup.Options == nil {
			setup.Options = map[string]string{}
		}
		setup.Options[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if p.reserves {
		if setup.Options == nil {
			setup.Options = map[string]string{}
		}
		setup.Options["reserves"] = "true"
	}
	if len(p.decks) > 0 {
		if err := deckSetup(g, &setup, p.decks); err != nil {
			return nil, err
		}
	}
	return terminal.New(o, setup, p.seats)
}

// deckParser is a game that reads deck files (Stellar Nexus): ParseDeck checks one as
// `deck check` does, every violation on its own line.
type deckParser interface {
	ParseDeck(text []byte) (*cards.Deck, error)
}

// deckSetup puts --decks into the setup: shipped decks in the decks option, deck files' text
// in Setup.Decks (the option says "custom" for their seats). A deck file that `deck check`
// would refuse is refused with its messages, one line per violation, naming the file.
func deckSetup(g engine.Game, setup *engine.Setup, list []string) error {
	dp, ok := g.(deckParser)
	if !ok {
		return fmt.Errorf("--decks: a game of %s takes no decks", g.Title())
	}
	names := make([]string, len(list))
	var files []string
	for i, arg := range list {
		if !isDeckFile(arg) {
			names[i] = arg
			continue
		}
		b, err := os.ReadFile(arg)
		if err != nil {
			return fmt.Errorf("--decks: deck file refused:\n%s: %w", arg, err)
		}
		if _, err := cards.ParseDeck(b); err != nil { // worded as `deck check` words it
			return fmt.Errorf("--decks: deck file refused:\n%s: %s: %w", arg, arg, err)
		}
		if _, err := dp.ParseDeck(b); err != nil {
			var lines []string
			for _, l := range strings.Split(err.Error(), "\n") {
				lines = append(lines, arg+": "+l)
			}
			return fmt.Errorf("--decks: deck file refused:\n%s", strings.Join(lines, "\n"))
		}
		for len(files) < i {
			files = append(files, "")
		}
		files = append(files, string(b))
		names[i] = "custom"
	}
	if setup.Options == nil {
		setup.Options = map[string]string{}
	}
	setup.Options["decks"] = strings.Join(names, ",")
	setup.Decks = files
	return nil
}

// isTerminal reports whether w is a terminal, where the screen may be cleared.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
