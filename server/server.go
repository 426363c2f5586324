// Package server is starnexus's HTTP and WebSocket server: the lobby, seats and their
// tokens, per-seat views, spectators, bots, and the web client (docs/api.md).
//
// A game is held in memory as its State, rebuilt from its log in the store; every accepted
// action is committed to the store before it is acknowledged, so a restarted server gives
// every game back exactly. Several processes may share one PostgreSQL store: the store's
// unique (game, seq) key applies an action once, a lease says which process runs a game's
// bots, and the store's change feed tells every process of every move.
package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"starnexus/engine"
	"starnexus/playername"
	"starnexus/store"
)

// Config is what a Server needs.
type Config struct {
	Store store.Store
	// Games lists the games the server plays, the default first.
	Games *engine.Registry
	// Extensions serve what is beyond the general game path (Rise of Empire campaigns): their
	// routes, and the games they own.
	Extensions []Extension
	// AllowSeed accepts a client-chosen seed (tests, puzzles); otherwise seeds come from
	// crypto/rand (DESIGN.md §6).
	AllowSeed bool
	Logger    *slog.Logger
	// Web is the browser client (index.html at its root); nil serves a placeholder page.
	Web fs.FS
	// BotDelay is a pause before each bot move, so that people can follow a bot's turn.
	BotDelay time.Duration
	// Limits bound what clients may cost the server; zero fields take DefaultLimits.
	Limits Limits
	// Origin is the server's public origin (scheme://host[:port]) behind a proxy that
	// rewrites Host; "" takes the request's Host. A request that changes state, or a
	// WebSocket, from a page of another origin is refused (server/http.go).
	Origin string
}

// Server serves games. Make one with New, serve Handler, and Close it.
type Server struct {
	cfg     Config
	store   store.Store
	reg     *engine.Registry
	host    *Host               // the server as its extensions see it
	info    map[string]gameInfo // what the server learned of each game at start (games.go)
	names   *playername.Checker // player names: see names.go
	log     *slog.Logger
	owner   string // this process's name in bot leases
	multi   bool   // other processes share the store
	metrics *metrics
	handler http.Handler
	edge    *edge // the checks and headers of every request (server/http.go)
	lim     Limits
	limiter *limiter
	// thinkers holds a token for each bot decision being computed (nil: no limit).
	thinkers chan struct{}
	// makeBot makes a seat's bot (bots.New; tests count the thinkers with their own).
	makeBot func(game, name string) (engine.Bot, error)

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	games map[string]*game
	load  map[string]*sync.Mutex // serializes loading one game from the store
	// live lists the unfinished games this process knows of (made here, found in the store
	// at start, or loaded since), each with whether it is all bots: the caps count them.
	live    map[string]bool
	sockets int // WebSocket connections open

	narrations narrationCache                  // whole-game narrations (narration.go)
	replays    *replayCache                    // replay records and the views computed from them (replay.go)
	summaries  lru[narrationKey, *summaryJSON] // summaries of finished games (summary.go)
}

// New makes a Server. The unfinished games of the store are rebuilt from their logs in the
// background (a request for one that is not rebuilt yet loads it at once), and games nobody
// has acted in for Limits.IdleAfter are ended as abandoned instead.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	edge, err := newEdge(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Games == nil {
		return nil, errors.New("server: no games (Config.Games)")
	}
	// A player may not take the name of a card of any game the server plays.
	var cardNames []string
	for _, g := range cfg.Games.Games() {
		cardNames = append(cardNames, g.CardNames()...)
	}
	s := &Server{cfg: cfg, store: cfg.Store, reg: cfg.Games, log: cfg.Logger, owner: randomHex(8),
		names: playername.New(cardNames),
		games: map[string]*game{}, load: map[string]*sync.Mutex{}, live: map[string]bool{}, replays: newReplayCache(),
		summaries: lru[narrationKey, *summaryJSON]{size: narrationCacheSize}}
	s.makeBot = s.newBot
	s.host = &Host{s: s}
	if err := s.learnGames(); err != nil {
		return nil, err
	}
	s.edge = edge
	s.lim = cfg.Limits.withDefaults()
	s.limiter = newLimiter(s.lim)
	if s.lim.BotThinkers > 0 {
		s.thinkers = make(chan struct{}, s.lim.BotThinkers)
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics(s)
	changes, err := s.store.Changes(s.ctx)
	if err != nil {
		s.cancel()
		return nil, err
	}
	s.multi = changes != nil
	live, err := s.store.List(ctx, store.Filter{Unfinished: true})
	if err != nil {
		s.cancel()
		return nil, err
	}
	var todo []store.Game
	for _, sum := range live {
		if sum.Damaged != nil {
			// One damaged game must not keep the others from being played: it is left in
			// the store for an operator.
			s.log.Error("damaged game skipped", "game", sum.Game.ID, "err", sum.Damaged)
			continue
		}
		s.live[sum.Game.ID] = allBots(&sum.Game)
		todo = append(todo, sum.Game)
	}
	s.log.Info("unfinished games in the store", "games", len(todo))
	if changes != nil {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.follow(changes)
		}()
	}
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		s.rebuildAll(todo)
	}()
	go func() {
		defer s.wg.Done()
		s.sweep()
	}()
	s.handler = s.routes()
	return s, nil
}

// rebuildAll rebuilds the games found unfinished at start, one at a time, so that their bots
// play on and an end the store missed is recorded; the idle ones end as abandoned.
func (s *Server) rebuildAll(list []store.Game) {
	idle := s.idleBefore()
	n := 0
	for i := range list {
		if s.ctx.Err() != nil {
			return
		}
		m := &list[i]
		if !idle.IsZero() && m.LastActive.Before(idle) && s.extensionOf(m) == nil {
			s.abandon(m.ID, idle)
			continue
		}
		if _, err := s.game(s.ctx, m.ID); err != nil {
			s.log.Error("rebuild game", "game", m.ID, "err", err)
			continue
		}
		n++
	}
	s.log.Info("games rebuilt from the store", "games", n)
}

// allBots reports whether no seat of m is a human's (or open for one).
func allBots(m *store.Game) bool {
	for _, st := range m.Seats {
		if st.Kind != store.Bot {
			return false
		}
	}
	return len(m.Seats) > 0
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops the bots and the change feed and waits for them. It does not close the store.
func (s *Server) Close() {
	s.cancel()
	// Never s.mu while a game's lock is wanted: the lock order is g.mu, then s.mu.
	for _, g := range s.liveGames() {
		g.mu.Lock()
		for c := range g.clients {
			c.close()
		}
		g.mu.Unlock()
	}
	s.wg.Wait()
}

// game returns the game with this id, loading and rebuilding it from the store if this
// process does not hold it yet (it may have been made by another process).
func (s *Server) game(ctx context.Context, id string) (*game, error) {
	s.mu.Lock()
	if g, ok := s.games[id]; ok {
		s.mu.Unlock()
		g.lastUse.Store(time.Now().UnixNano())
		return g, nil
	}
	l, ok := s.load[id]
	if !ok {
		l = &sync.Mutex{}
		s.load[id] = l
	}
	s.mu.Unlock()
	l.Lock()
	defer l.Unlock()
	s.mu.Lock()
	g, ok := s.games[id]
	s.mu.Unlock()
	if ok {
		return g, nil
	}
	m, acts, err := s.store.LoadGame(ctx, id)
	if err != nil {
		s.mu.Lock()
		delete(s.load, id)
		s.mu.Unlock()
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, errm(http.StatusNotFound, "server.no_game", "id", engine.Clip(id, 64))
	}
	if err != nil {
		return nil, err
	}
	g = &game{id: id, clients: map[*client]struct{}{}}
	if err := g.rebuild(s, m, acts); err != nil {
		s.mu.Lock()
		delete(s.load, id)
		s.mu.Unlock()
		return nil, err
	}
	g.finished, g.abandoned = m.Finished, m.Abandoned
	g.lastActive = time.Now()
	g.lastUse.Store(g.lastActive.UnixNano())
	s.mu.Lock()
	s.games[id] = g
	delete(s.load, id)
	if !m.Finished {
		s.live[id] = allBots(m)
	}
	s.mu.Unlock()
	g.mu.Lock()
	s.changed(g) // records an end the store missed, and lets the bots go on
	g.mu.Unlock()
	return g, nil
}

func (s *Server) liveGames() []*game {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		out = append(out, g)
	}
	return out
}

// follow applies the changes other processes report.
func (s *Server) follow(changes <-chan store.Change) {
	for c := range changes {
		var gs []*game
		if c.Game == "" {
			gs = s.liveGames()
		} else {
			s.mu.Lock()
			g, ok := s.games[c.Game]
			s.mu.Unlock()
			if !ok {
				continue // loaded from the store when somebody asks for it
			}
			gs = []*game{g}
		}
		for _, g := range gs {
			g.mu.Lock()
			if c.Seq < 0 || c.Seq > len(g.log) {
				if err := s.catchUp(s.ctx, g); err != nil {
					s.log.Error("catch up", "game", g.id, "err", err)
				} else {
					s.changed(g)
				}
			}
			g.mu.Unlock()
		}
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err)) // never fails on supported systems
	}
	return hex.EncodeToString(b)
}

// newToken is a seat token: 32 bytes from crypto/rand.
func newToken() string { return randomHex(32) }

// newID is a game id: 12 characters from crypto/rand, easy to read aloud.
func newID() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return binary.LittleEndian.Uint64(b[:])
}

func constantEq(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }

// bearer reads "Authorization: Bearer TOKEN"; ok is false when there is no such header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", false
	}
	tok, found := strings.CutPrefix(h, "Bearer ")
	if !found {
		return "", true // a header that names no seat: refused as unknown
	}
	return strings.TrimSpace(tok), true
}
