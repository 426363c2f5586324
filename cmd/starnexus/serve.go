package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"starnexus/campaign/campaignhttp"
	"starnexus/games"
	"starnexus/server"
	"starnexus/store"
	"starnexus/store/postgres"
	"starnexus/store/sqlite"
	"starnexus/web"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := helpText(args, getenv)
	addr := fs.String("addr", "127.0.0.1:8080", h("cli.serve.addr"))
	dbFlag := fs.String("db", "starnexus.db", h("cli.serve.db"))
	allowSeed := fs.Bool("allow-seed", false, h("cli.serve.allow_seed"))
	botDelay := fs.Duration("bot-delay", 0, h("cli.serve.bot_delay"))
	verbose := fs.Bool("v", false, h("cli.serve.v"))
	limits := limitFlags(fs, h)
	origin := fs.String("origin", "", h("cli.serve.origin"))
	langFlagHelp(fs, h)
	if code, ok := parseFlags(fs, args, "starnexus serve [--addr 127.0.0.1:8080] [--db FILE | --db postgres://...] [--allow-seed]", h, stderr); !ok {
		return code
	}
	lim, err := limits()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus serve: %v\n", err)
		return 2
	}
	tuneGC()
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, serveConfig{addr: *addr, db: *dbFlag, allowSeed: *allowSeed, botDelay: *botDelay, origin: *origin, limits: lim}, logger, stdout); err != nil {
		fmt.Fprintf(stderr, "starnexus serve: %v\n", err)
		return 1
	}
	return 0
}

type serveConfig struct {
	addr      string
	db        string
	allowSeed bool
	botDelay  time.Duration
	origin    string // --origin: the public origin behind a proxy
	limits    server.Limits
}

// openStore opens the database a --db flag names.
func openStore(ctx context.Context, db string) (store.Store, error) {
	if db == "" {
		return nil, errors.New("--db: name an SQLite file or a postgres:// URL")
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, db)
}

// serve runs the server until ctx ends; ready, if not nil, gets the address it listens on.
func serve(ctx context.Context, cfg serveConfig, logger *slog.Logger, stdout io.Writer) error {
	reg, err := games.Registry()
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg.db)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, ok := st.(*sqlite.Store); ok {
		// One server per SQLite file: each keeps its games in memory and would not see the
		// other's moves. (`campaign play` beside a server takes no such lock.)
		release, err := sqlite.LockServer(cfg.db)
		if err != nil {
			return err
		}
		defer release()
	}
	srv, err := server.New(ctx, server.Config{Store: st, Games: reg, AllowSeed: cfg.allowSeed, Logger: logger,
		Extensions: []server.Extension{campaignhttp.Service{}}, Web: web.Files, BotDelay: cfg.botDelay, Origin: cfg.origin, Limits: cfg.limits})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	hs := srv.HTTPServer()
	fmt.Fprintf(stdout, "starnexus is serving on http://%s/ (database %s): open it in a browser\n", ln.Addr(), redact(cfg.db))
	logger.Info("listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Close() // closes the WebSockets, which Shutdown does not wait for
	return hs.Shutdown(sctx)
}

// redact hides a password in a database URL.
func redact(db string) string {
	if at := strings.LastIndex(db, "@"); at > 0 {
		if i := strings.Index(db, "://"); i >= 0 && i < at {
			return db[:i+3] + "...@" + db[at+1:]
		}
	}
	return db
}

// tuneGC lets the heap grow to five times the live data between collections (GOGC=400)
// unless GOGC is set: the server's live heap is small (games are a few kilobytes each), and
// with the default the collector's pauses and assists set the round trip's p99 under load
// (docs/performance.md).
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
