package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"time"

	"starnexus/loadtest"
)

func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "concurrent games between client-side bots")
	interval := fs.Duration("interval", 200*time.Millisecond, "each game's seat to move sends an action this often")
	duration := fs.Duration("duration", 30*time.Second, "how long to offer the load")
	addr := fs.String("addr", "", "target a running server at `host:port` on loopback (default: start one in this process with SQLite)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run (server and clients) to `file`")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: starnexus loadtest [--games N] [--interval 200ms] [--duration 30s] [--addr 127.0.0.1:8080] [--json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "starnexus loadtest: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	tuneGC()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "starnexus loadtest: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "starnexus loadtest: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := loadtest.Run(ctx, loadtest.Config{Addr: *addr, Games: *games, Interval: *interval, Duration: *duration, Log: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "starnexus loadtest: %v\n", err)
		return 1
	}
	if *asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintln(stdout, res)
	}
	return 0
}
