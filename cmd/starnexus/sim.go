package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"starnexus/games/realms"
	"starnexus/sim"
)

// defaultSeats is the table a format is simulated with when --seats is not given.
var defaultSeats = map[string]int{"standard": 2, "ffa": 4, "hunter": 4, "hunter-first-blood": 4, "hydra": 4, "emperor": 6, "raid": 4}

// runSim implements "starnexus sim", the balance lab: many bot games in parallel, seats
// rotating between games, with win rates, first-player advantage, game length and card
// impact as tables, JSON or a report folder (docs/sim.md).
func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "standard", "format: "+strings.Join(realms.Formats, ", "))
	sets := fs.String("sets", "core", "card sets of the trade deck, comma-separated")
	seats := fs.String("seats", "", "a bot per seat, comma-separated (names or levels: "+strings.Join(botNames(), ", ")+
		"); seats rotate between games (default: greedy at every seat of the format's usual table)")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	check := fs.Bool("check", false, "check the invariants after every action (cards conserved, no negative pool, no hidden card in a view)")
	workers := fs.Int("workers", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	report := fs.String("report", "", "write a report folder `DIR`: summary.json, report.md and SVG charts")
	cards := fs.Int("cards", 15, "cards shown in the table (0: all)")
	var options listFlag
	fs.Var(&options, "option", "game option `name=value`; repeatable")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg := sim.Config{Format: *format, Sets: splitList(*sets), Options: options, Seats: splitList(*seats),
		Games: *games, Seed: *seed, Check: *check, Workers: *workers}
	if len(cfg.Seats) == 0 {
		n, ok := defaultSeats[*format]
		if !ok {
			fmt.Fprintf(stderr, "starnexus sim: unknown format %q (known: %s)\n", *format, strings.Join(realms.Formats, ", "))
			return 2
		}
		for i := 0; i < n; i++ {
			cfg.Seats = append(cfg.Seats, "greedy")
		}
	}
	cat, err := realms.LoadCatalog()
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 1
	}
	var bar *progressbar.ProgressBar
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar = progressbar.NewOptions(cfg.Games, progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("games"), progressbar.OptionShowCount(), progressbar.OptionSetWidth(30),
			progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish())
		cfg.Progress = func(done int) { _ = bar.Set(done) }
	}
	start := time.Now()
	res, err := sim.Run(cat, cfg, newBot)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 1
	}
	sum := sim.Summarize(cat, cfg, res)
	sum.Seconds = time.Since(start).Seconds()
	if *asJSON {
		b, _ := json.Marshal(sum)
		fmt.Fprintln(stdout, string(b))
	} else {
		if *check {
			fmt.Fprintln(stdout, "invariants checked after every action")
		}
		sim.WriteTable(stdout, sum, *cards)
	}
	if *report != "" {
		command := "starnexus sim " + strings.Join(args, " ")
		if err := sim.WriteReport(*report, sum, command); err != nil {
			fmt.Fprintln(stderr, "starnexus sim:", err)
			return 1
		}
		if !*asJSON {
			fmt.Fprintf(stdout, "\nreport written to %s\n", *report)
		}
	}
	for i, e := range res.Errors {
		if i == 10 {
			fmt.Fprintf(stderr, "... and %d more errors\n", len(res.Errors)-10)
			break
		}
		fmt.Fprintln(stderr, "error:", e)
	}
	if len(res.Errors) > 0 {
		fmt.Fprintf(stderr, "%d of %d games failed\n", len(res.Errors), res.Games)
		return 1
	}
	return 0
}
