package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"starnexus/games/realms"
	"starnexus/sim"
)

// defaultSeats is the table a format is simulated with when --seats is not given.
var defaultSeats = map[string]int{"standard": 2, "ffa": 4, "hunter": 4, "hunter-first-blood": 4, "hydra": 4, "emperor": 6, "raid": 4}

// runSim implements "starnexus sim": many bot games in parallel, with a summary.
func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "standard", "format: "+strings.Join(realms.Formats, ", "))
	sets := fs.String("sets", "core", "card sets of the trade deck, comma-separated")
	seats := fs.String("seats", "", "a bot per seat, in order (default: greedy at every seat of the format's usual table)")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	check := fs.Bool("check", false, "check the invariants after every action (cards conserved, no negative pool, no hidden card in a view)")
	workers := fs.Int("workers", 0, "games played at once (default: one per core)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
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
	start := time.Now()
	res, err := sim.Run(cat, cfg, newBot)
	if err != nil {
		fmt.Fprintln(stderr, "starnexus sim:", err)
		return 1
	}
	elapsed := time.Since(start)
	if *asJSON {
		out := map[string]any{"games": res.Games, "draws": res.Draws, "errors": len(res.Errors),
			"avg_rounds": float64(res.Rounds) / float64(res.Games), "avg_actions": float64(res.Actions) / float64(res.Games)}
		var seatsOut []map[string]any
		for i, b := range cfg.Seats {
			seatsOut = append(seatsOut, map[string]any{"bot": b, "wins": res.Wins[i], "win_rate": float64(res.Wins[i]) / float64(res.Games)})
		}
		out["seats"] = seatsOut
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stdout, "%d games of %s (%s), seats %s, seed %d", res.Games, *format, strings.Join(cfg.Sets, "+"), strings.Join(cfg.Seats, ","), *seed)
		if *check {
			fmt.Fprint(stdout, ", invariants checked after every action")
		}
		fmt.Fprintf(stdout, "\n%.1f s; %.1f rounds and %.0f actions per game on average; %d draws\n",
			elapsed.Seconds(), float64(res.Rounds)/float64(res.Games), float64(res.Actions)/float64(res.Games), res.Draws)
		for i, b := range cfg.Seats {
			fmt.Fprintf(stdout, "  seat %d %-8s %5d wins  %5.1f%%\n", i+1, b, res.Wins[i], 100*float64(res.Wins[i])/float64(res.Games))
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
