package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"starnexus/loadtest"
)

func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := helpText(args, getenv)
	games := fs.Int("games", 100, h("cli.loadtest.games"))
	interval := fs.Duration("interval", 200*time.Millisecond, h("cli.loadtest.interval"))
	duration := fs.Duration("duration", 30*time.Second, h("cli.loadtest.duration"))
	addr := fs.String("addr", "", h("cli.loadtest.addr"))
	inProcess := fs.Bool("in-process", false, h("cli.loadtest.in_process"))
	asJSON := fs.Bool("json", false, h("cli.loadtest.json"))
	cpuProfile := fs.String("cpuprofile", "", h("cli.loadtest.cpuprofile"))
	langFlagHelp(fs, h)
	if code, ok := parseFlags(fs, args, "starnexus loadtest [--games N] [--interval 200ms] [--duration 30s] [--addr 127.0.0.1:8080] [--json]", h, stderr); !ok {
		return code
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
	target, server := *addr, ""
	if target == "" && !*inProcess {
		a, stopServer, err := startChildServer(stderr)
		if err != nil {
			fmt.Fprintf(stderr, "starnexus loadtest: start the server: %v\n", err)
			return 1
		}
		defer stopServer()
		target, server = a, "'starnexus serve' child process, SQLite in WAL mode"
	}
	res, err := loadtest.Run(ctx, loadtest.Config{Addr: target, Games: *games, Interval: *interval, Duration: *duration, Log: stderr})
	if err == nil && server != "" {
		res.Server = server
	}
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

// startChildServer runs this binary's serve command on a free loopback port with an SQLite
// file in a temporary directory, so that the server has a process (and a Go runtime) of its
// own, as in production; it returns the address and a function that stops it.
func startChildServer(stderr io.Writer) (string, func(), error) {
	exe, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "starnexus-loadtest-")
	if err != nil {
		return "", nil, err
	}
	// The load comes from one address, 127.0.0.1, which the child's per-client limits skip
	// (it would be one client creating 500 games); every other address keeps them.
	cmd := exec.Command(exe, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "load.db"), "--unlimited", "127.0.0.1")
	if os.Getenv("STARNEXUS_TEST_RUN_MAIN") != "" {
		cmd.Env = os.Environ() // a test binary standing in for starnexus
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	stop := func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		os.RemoveAll(dir)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	i := strings.Index(line, "http://")
	if err != nil || i < 0 {
		stop()
		return "", nil, fmt.Errorf("serve printed %q: %v", line, err)
	}
	rest := line[i+len("http://"):]
	addr, _, _ := strings.Cut(rest, "/")
	go io.Copy(io.Discard, out)
	fmt.Fprintf(stderr, "started starnexus serve on %s\n", addr)
	return addr, stop, nil
}
