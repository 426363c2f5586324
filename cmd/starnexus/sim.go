package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games"
	"starnexus/sim"
)

// defaultSeats is the table a format is simulated with when neither --seats nor --decks says
// how many seats (the format's fewest seats otherwise).
var defaultSeats = map[string]int{"standard": 2, "ffa": 4, "hunter": 4, "hunter-first-blood": 4, "hydra": 4, "emperor": 6, "raid": 4}

// runSim implements "starnexus sim", the balance lab: many bot games of any registered game
// in parallel, seats rotating between games, with win rates, first-player advantage, game
// length and card impact as tables, JSON or a report folder; deck against deck for games
// whose seats bring decks (docs/sim.md).
func runSim(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	reg, err := games.Registry()
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 1
	}
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	h := helpText(args, getenv)
	setUsage(fs, "", h, stderr)
	gameName := fs.String("game", "", h("cli.sim.game", "games", strings.Join(reg.Names(), ", "), "first", reg.Names()[0]))
	format := fs.String("format", "", h("cli.sim.format"))
	sets := fs.String("sets", "", h("cli.sim.sets"))
	seats := fs.String("seats", "", h("cli.sim.seats"))
	deckList := fs.String("decks", "", h("cli.sim.decks"))
	matrix := fs.Bool("matrix", false, h("cli.sim.matrix"))
	merge := fs.Bool("merge", false, h("cli.sim.merge"))
	nGames := fs.Int("games", 100, h("cli.sim.games"))
	seed := fs.Uint64("seed", 1, h("cli.sim.seed"))
	first := fs.Int("first-game", 0, h("cli.sim.first_game"))
	check := fs.Bool("check", false, h("cli.sim.check"))
	workers := fs.Int("workers", 0, h("cli.sim.workers"))
	asJSON := fs.Bool("json", false, h("cli.sim.json"))
	report := fs.String("report", "", h("cli.sim.report"))
	cards := fs.Int("cards", 15, h("cli.sim.cards"))
	lang := langFlagHelp(fs, h)
	var options listFlag
	fs.Var(&options, "option", h("cli.sim.option"))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := langError(*lang); err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 2
	}
	if *merge {
		return runSimMerge(fs.Args(), *asJSON, *report, *cards, stdout, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "starnexus sim: unexpected argument %q (files to merge need --merge)\n", fs.Arg(0))
		return 2
	}
	game, err := reg.Get(*gameName)
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 2
	}
	f, err := engine.FormatOf(game, *format)
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 2
	}
	if *format == "" && game.Name() != reg.Names()[0] {
		f.Name = "" // let the game choose by the number of seats
	}
	makeBot := func(name string) (engine.Bot, error) { return bots.New(game, name) }
	cfg := sim.Config{Format: f.Name, Sets: splitList(*sets), Options: options, Seats: splitList(*seats),
		Games: *nGames, Seed: *seed, First: *first, Check: *check, Workers: *workers}
	allDecks := strings.EqualFold(strings.TrimSpace(*deckList), "all")
	if allDecks && *matrix {
		fmt.Fprintln(stderr, "starnexus sim: --decks all and --matrix both choose the decks: give one")
		return 2
	}
	for _, d := range splitList(*deckList) {
		if allDecks {
			break
		}
		dk, err := simDeck(d)
		if err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 2
		}
		cfg.Decks = append(cfg.Decks, dk)
	}
	if len(cfg.Seats) == 0 {
		n := len(cfg.Decks)
		if *matrix {
			n = 2
		}
		if n == 0 {
			n = f.MinSeats
			if d, ok := defaultSeats[f.Name]; ok && d >= f.MinSeats && d <= f.MaxSeats {
				n = d
			}
		}
		for i := 0; i < n; i++ {
			cfg.Seats = append(cfg.Seats, "greedy")
		}
	}
	if allDecks {
		dg, ok := game.(sim.DeckGame)
		if !ok {
			fmt.Fprintf(stderr, "starnexus sim: %s ships no decks\n", game.Title())
			return 2
		}
		cfg.Pairings = sim.AllPairings(dg.ShippedDecks(), len(cfg.Seats))
	}
	var bar *progressbar.ProgressBar
	total := cfg.Games
	var shipped []sim.Deck
	if *matrix {
		dg, ok := game.(sim.DeckGame)
		if !ok {
			fmt.Fprintf(stderr, "starnexus sim: %s ships no decks to play against each other\n", game.Title())
			return 2
		}
		if len(cfg.Decks) > 0 {
			shipped = cfg.Decks
		} else {
			for _, n := range dg.ShippedDecks() {
				shipped = append(shipped, sim.Deck{Name: n})
			}
		}
		cfg.Decks = nil
		total = cfg.Games * len(shipped) * (len(shipped) - 1) / 2
	}
	if fl, ok := stderr.(*os.File); ok && term.IsTerminal(int(fl.Fd())) {
		bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("games"), progressbar.OptionShowCount(), progressbar.OptionSetWidth(30),
			progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish())
		cfg.Progress = func(done int) { _ = bar.Set(done) }
	}
	finish := func() {
		if bar != nil {
			_ = bar.Finish()
		}
	}
	gameKey := ""
	if game.Name() != reg.Names()[0] {
		gameKey = game.Name()
	}
	if *matrix {
		m, errs, err := sim.RunMatrix(game, cfg, makeBot, shipped)
		finish()
		if err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 1
		}
		m.Game = gameKey
		if *asJSON {
			b, _ := json.Marshal(m)
			fmt.Fprintln(stdout, string(b))
		} else {
			sim.WriteMatrix(stdout, m)
		}
		if *report != "" {
			if err := sim.WriteMatrixReport(*report, m, "starnexus sim "+strings.Join(args, " ")); err != nil {
				fmt.Fprintln(stderr, "starnexus sim:", err)
				return 1
			}
			if !*asJSON {
				fmt.Fprintf(stdout, "\nreport written to %s\n", *report)
			}
		}
		return reportErrors(stderr, errs, total)
	}
	start := time.Now()
	res, err := sim.Run(game, cfg, makeBot)
	finish()
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 1
	}
	sum := sim.Summarize(game, cfg, res)
	sum.Game = gameKey
	sum.Seconds = time.Since(start).Seconds()
	if code := writeSummary(sum, *asJSON, *check, *report, *cards, "starnexus sim "+strings.Join(args, " "), stdout, stderr); code != 0 {
		return code
	}
	return reportErrors(stderr, res.Errors, res.Games)
}

// writeSummary prints a summary (table or JSON) and writes its report folder if asked.
func writeSummary(sum sim.Summary, asJSON, check bool, report string, cards int, command string, stdout, stderr io.Writer) int {
	if asJSON {
		b, err := json.Marshal(sum)
		if err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 1
		}
		fmt.Fprintln(stdout, string(b))
	} else {
		if check {
			fmt.Fprintln(stdout, "invariants checked after every action")
		}
		sim.WriteTable(stdout, sum, cards)
	}
	if report != "" {
		if err := sim.WriteReport(report, sum, command); err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 1
		}
		if !asJSON {
			fmt.Fprintf(stdout, "\nreport written to %s\n", report)
		}
	}
	return 0
}

func reportErrors(stderr io.Writer, errs []error, games int) int {
	for i, e := range errs {
		if i == 10 {
			fmt.Fprintf(stderr, "... and %d more errors\n", len(errs)-10)
			break
		}
		fmt.Fprintln(stderr, "error:", e)
	}
	if len(errs) > 0 {
		fmt.Fprintf(stderr, "%d of %d games failed\n", len(errs), games)
		return 1
	}
	return 0
}

// simDeck reads a --decks entry: a deck file (isDeckFile) or a shipped deck's name.
func simDeck(arg string) (sim.Deck, error) {
	if !isDeckFile(arg) {
		return sim.Deck{Name: arg}, nil
	}
	b, err := os.ReadFile(arg)
	if err != nil {
		return sim.Deck{}, fmt.Errorf("deck file: %w", err)
	}
	return sim.Deck{Name: strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg)), Text: string(b)}, nil
}

// runSimMerge implements "starnexus sim --merge a.json b.json ...": several --json results
// of one setup (summaries, or deck matrices) merged into one.
func runSimMerge(files []string, asJSON bool, report string, cards int, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "starnexus sim: --merge needs the --json files to merge")
		return 2
	}
	var sums []sim.Summary
	var ms []sim.Matrix
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 1
		}
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(b, &probe); err != nil {
			fmt.Fprintf(stderr, "starnexus sim: %s: not a sim --json result: %v\n", f, err)
			return 1
		}
		if _, ok := probe["cells"]; ok {
			var m sim.Matrix
			if err := json.Unmarshal(b, &m); err != nil {
				fmt.Fprintf(stderr, "starnexus sim: %s: %v\n", f, err)
				return 1
			}
			ms = append(ms, m)
			continue
		}
		var s sim.Summary
		if err := json.Unmarshal(b, &s); err != nil {
			fmt.Fprintf(stderr, "starnexus sim: %s: %v\n", f, err)
			return 1
		}
		if _, ok := probe["seats"]; !ok {
			fmt.Fprintf(stderr, "starnexus sim: %s: not a sim --json result (no seats)\n", f)
			return 1
		}
		sums = append(sums, s)
	}
	if len(sums) > 0 && len(ms) > 0 {
		fmt.Fprintln(stderr, "starnexus sim: cannot merge summaries with deck matrices: different setups")
		return 1
	}
	if len(ms) > 0 {
		m, err := sim.MergeMatrices(ms)
		if err != nil {
			fmt.Fprintln(stderr, "starnexus sim: cannot merge:", err)
			return 1
		}
		if asJSON {
			b, _ := json.Marshal(m)
			fmt.Fprintln(stdout, string(b))
		} else {
			sim.WriteMatrix(stdout, m)
		}
		if report != "" {
			if err := sim.WriteMatrixReport(report, m, "starnexus sim --merge "+strings.Join(files, " ")); err != nil {
				fmt.Fprintln(stderr, "starnexus sim:", err)
				return 1
			}
		}
		return 0
	}
	sum, err := sim.Merge(sums)
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim: cannot merge:", err)
		return 1
	}
	return writeSummary(sum, asJSON, false, report, cards, "starnexus sim --merge "+strings.Join(files, " "), stdout, stderr)
}
