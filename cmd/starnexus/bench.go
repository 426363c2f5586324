package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"starnexus/ai/ismcts"
	"starnexus/benchmark"
	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/realms"
)

// runBench implements "starnexus bench": engine speed on one core, one goroutine.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	h := helpText(args, getenv)
	setUsage(fs, "", h, stderr)
	asJSON := fs.Bool("json", false, h("cli.bench.json"))
	secs := fs.Float64("seconds", 2, h("cli.bench.seconds"))
	noLevels := fs.Bool("no-levels", false, h("cli.bench.no_levels"))
	lang := langFlagHelp(fs, h)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := langError(*lang); err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 2
	}
	runtime.GOMAXPROCS(1)
	cat, err := realms.LoadCatalog()
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	levels := realmsLevels()
	var lv []benchmark.Level
	for _, l := range levels {
		cfg := l.Config
		cfg.Name = l.Name
		lv = append(lv, benchmark.Level{Name: l.Name, Make: func() engine.Bot { return ismcts.New(cfg) }})
	}
	if *noLevels {
		lv = nil
	}
	r := benchmark.Bench(cat, time.Duration(*secs*float64(time.Second)), lv)
	nx, nxActions, err := benchmark.NexusRandom(time.Duration(*secs * float64(time.Second)))
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	nxGreedy, err := benchmark.NexusDuelsPerSec(func() engine.Bot { return nexus.NewGreedy() }, time.Duration(*secs*float64(time.Second)))
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	if *asJSON {
		b, _ := json.Marshal(r)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		m["nexus_2p_random_games_per_sec"] = nx
		m["nexus_random_actions_per_sec"] = nxActions
		m["nexus_2p_greedy_games_per_sec"] = nxGreedy
		b, _ = json.Marshal(m)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "Star Realms, Core Set, 2 players, one core (GOMAXPROCS=1), one goroutine:\n")
	fmt.Fprintf(stdout, "  greedy vs greedy: %10.0f games/s\n", r.GreedyGamesPerSec)
	fmt.Fprintf(stdout, "  random vs random: %10.0f games/s  %12.0f actions/s\n", r.RandomGamesPerSec, r.RandomActionsSec)
	fmt.Fprintf(stdout, "  4-player Free-for-all, greedy: %10.0f games/s\n", r.FFA4GamesPerSec)
	fmt.Fprintf(stdout, "  6-player Hydra, greedy:        %10.0f games/s\n", r.Hydra6GamesPerSec)
	fmt.Fprintf(stdout, "  Clone (bots' path, into a reused State, no allocation): %6.1f ns\n", r.CloneNs)
	fmt.Fprintf(stdout, "  Clone (into a new allocation):                         %6.1f ns\n", r.AllocCloneNs)
	fmt.Fprintf(stdout, "  ISMCTS iterations/s, greedy rollouts:   %8.0f\n", r.ISMCTSItersPerSec)
	fmt.Fprintf(stdout, "  ISMCTS iterations/s, velocity rollouts: %8.0f\n", r.ISMCTSVelocityItersPerSec)
	for _, l := range levels {
		if t, ok := r.Levels[l.Name]; ok {
			fmt.Fprintf(stdout, "  %-6s %8.2f ms per decision (%8.2f ms per decision with a choice; %d decisions, %d with a choice)\n",
				l.Name, t.Ms, t.SearchMs, t.Decisions, t.Searched)
		}
	}
	fmt.Fprintf(stdout, "Stellar Nexus, shipped decks, 2 players, one core:\n")
	fmt.Fprintf(stdout, "  random vs random: %10.0f games/s  %12.0f actions/s\n", nx, nxActions)
	fmt.Fprintf(stdout, "  greedy vs greedy: %10.0f games/s\n", nxGreedy)
	return 0
}
