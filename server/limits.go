package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"starnexus/store"
)

// Limits bound what one client, or all of them together, can cost a public server
// (DESIGN.md §6). docs/server.md lists each with its `serve` flag and default. A zero field
// takes its default (DefaultLimits); a negative one turns that limit off.
type Limits struct {
	// CreatePerMinute and CreateBurst: games and campaigns one client may create (a token
	// bucket: CreateBurst at once, then CreatePerMinute a minute).
	CreatePerMinute float64
	CreateBurst     int
	// ClaimPerMinute and ClaimBurst: open seats one client may claim.
	ClaimPerMinute float64
	ClaimBurst     int
	// NarrationPerMinute and NarrationBurst: whole-game narrations and summaries (GET
	// .../narration, .../summary) one client may ask for that are not in the cache (each
	// replays the game).
	NarrationPerMinute float64
	NarrationBurst     int
	// ReplayPerMinute and ReplayBurst: steps of replays (GET .../replay) one client may ask
	// for that are not in the cache (each replays up to a few dozen actions).
	ReplayPerMinute float64
	ReplayBurst     int
	// MaxLiveGames is the most unfinished games the server holds; MaxBotGames the most of
	// them with no human seat (their bots play without anyone waiting for them).
	MaxLiveGames int
	MaxBotGames  int
	// BotThinkers is the most bot decisions computed at once, all games together: the others
	// queue, so that bots cannot take every core from the humans' requests.
	BotThinkers int
	// IdleAfter: an unfinished game in which nobody has acted for this long ends as
	// abandoned (campaign games excepted: docs/server.md).
	IdleAfter time.Duration
	// Evict: a game nobody watches, whose bots have nothing to do and in which nobody acted
	// for this long, leaves memory; it is rebuilt from the store when somebody asks for it.
	Evict time.Duration
	// MaxActionBytes: a longer action text is refused (413) before any parsing.
	MaxActionBytes int
	// MaxSockets and MaxSocketsPerGame cap the WebSocket connections of the server and of
	// one game; MaxSocketsPerClient those from one client address.
	MaxSockets          int
	MaxSocketsPerGame   int
	MaxSocketsPerClient int
	// PingEvery: the server pings each WebSocket this often; a connection that has sent
	// nothing (not even the answer to a ping) for SocketIdle is closed.
	PingEvery  time.Duration
	SocketIdle time.Duration
	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout are the HTTP server's
	// (HTTPServer): a request's headers, its whole body, its answer, and a kept-alive
	// connection between requests. A body trickled in byte by byte ends at ReadTimeout.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// Unlimited lists client addresses the per-client limits do not apply to (the load
	// generator of `starnexus loadtest` on its own loopback address).
	Unlimited []netip.Prefix
	// TrustedProxies: requests from these addresses are from a reverse proxy, and the client
	// is the last X-Forwarded-For address that is not one of them. Without it the header is
	// ignored (a client could name any address).
	TrustedProxies []netip.Prefix
}

// DefaultLimits are the limits of a server started with no limit flags.
func DefaultLimits() Limits {
	return Limits{
		CreatePerMinute:     20,
		CreateBurst:         20,
		ClaimPerMinute:      30,
		ClaimBurst:          30,
		NarrationPerMinute:  60,
		NarrationBurst:      20,
		ReplayPerMinute:     600,
		ReplayBurst:         120,
		MaxLiveGames:        5000,
		MaxBotGames:         50,
		BotThinkers:         1,
		IdleAfter:           72 * time.Hour,
		Evict:               10 * time.Minute,
		MaxActionBytes:      256,
		MaxSockets:          defaultMaxSockets(),
		MaxSocketsPerGame:   64,
		MaxSocketsPerClient: 32,
		PingEvery:           30 * time.Second,
		SocketIdle:          75 * time.Second,
		ReadHeaderTimeout:   10 * time.Second,
		ReadTimeout:         30 * time.Second,
		WriteTimeout:        30 * time.Second,
		IdleTimeout:         2 * time.Minute,
	}
}

// defaultMaxSockets leaves at least half of the process's file descriptors to everything
// else (database, new HTTP requests, /healthz): with a low limit, sockets held open by idle
// clients must not starve the rest.
func defaultMaxSockets() int {
	n := 2000
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur > 0 && lim.Cur < math.MaxInt32 {
		n = min(n, int(lim.Cur)/2)
	}
	return max(n, 16)
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	setF := func(v *float64, dv float64) {
		if *v == 0 {
			*v = dv
		}
	}
	setI := func(v *int, dv int) {
		if *v == 0 {
			*v = dv
		}
	}
	setD := func(v *time.Duration, dv time.Duration) {
		if *v == 0 {
			*v = dv
		}
	}
	setF(&l.CreatePerMinute, d.CreatePerMinute)
	setI(&l.CreateBurst, d.CreateBurst)
	setF(&l.ClaimPerMinute, d.ClaimPerMinute)
	setI(&l.ClaimBurst, d.ClaimBurst)
	setF(&l.NarrationPerMinute, d.NarrationPerMinute)
	setI(&l.NarrationBurst, d.NarrationBurst)
	setF(&l.ReplayPerMinute, d.ReplayPerMinute)
	setI(&l.ReplayBurst, d.ReplayBurst)
	setI(&l.MaxLiveGames, d.MaxLiveGames)
	setI(&l.MaxBotGames, d.MaxBotGames)
	setI(&l.BotThinkers, d.BotThinkers)
	setD(&l.IdleAfter, d.IdleAfter)
	setD(&l.Evict, d.Evict)
	setI(&l.MaxActionBytes, d.MaxActionBytes)
	setI(&l.MaxSockets, d.MaxSockets)
	setI(&l.MaxSocketsPerGame, d.MaxSocketsPerGame)
	setI(&l.MaxSocketsPerClient, d.MaxSocketsPerClient)
	setD(&l.PingEvery, d.PingEvery)
	setD(&l.SocketIdle, d.SocketIdle)
	setD(&l.ReadHeaderTimeout, d.ReadHeaderTimeout)
	setD(&l.ReadTimeout, d.ReadTimeout)
	setD(&l.WriteTimeout, d.WriteTimeout)
	setD(&l.IdleTimeout, d.IdleTimeout)
	return l
}

// HTTPServer is an http.Server for s's handler with the timeouts of its Limits (a negative
// one: none).
func (s *Server) HTTPServer() *http.Server {
	pos := func(d time.Duration) time.Duration { return max(d, 0) }
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: pos(s.lim.ReadHeaderTimeout), ReadTimeout: pos(s.lim.ReadTimeout),
		WriteTimeout: pos(s.lim.WriteTimeout), IdleTimeout: pos(s.lim.IdleTimeout), ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelDebug)}
}

// ParsePrefixes reads a comma-separated list of addresses (127.0.0.1) and prefixes
// (10.0.0.0/8), the form of the --unlimited and --trusted-proxy flags.
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or a prefix: %w", f, err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a prefix: %w", f, err)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func inPrefixes(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the address a request's per-client limits count against: the peer's, or
// behind a trusted proxy the last X-Forwarded-For address that is not a trusted proxy.
func (l *Limits) clientAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	a = a.Unmap()
	if !inPrefixes(a, l.TrustedProxies) {
		return a
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return a // a damaged header: count against the proxy itself
		}
		h = h.Unmap()
		if !inPrefixes(h, l.TrustedProxies) {
			return h
		}
	}
	return a
}

// limiter holds the per-client token buckets and socket counts.
type limiter struct {
	lim Limits

	mu      sync.Mutex
	clients map[netip.Addr]*clientState
}

type clientState struct {
	create, claim, narration, replay *rate.Limiter
	sockets                          int
	seen                             time.Time
}

func newLimiter(l Limits) *limiter {
	return &limiter{lim: l, clients: map[netip.Addr]*clientState{}}
}

func (l *limiter) unlimited(a netip.Addr) bool { return inPrefixes(a, l.lim.Unlimited) }

func perMinute(n float64, burst int) *rate.Limiter {
	if n < 0 {
		return rate.NewLimiter(rate.Inf, 0)
	}
	return rate.NewLimiter(rate.Limit(n/60), max(burst, 1))
}

// client returns a's state; l.mu is held.
func (l *limiter) client(a netip.Addr) *clientState {
	c, ok := l.clients[a]
	if !ok {
		c = &clientState{create: perMinute(l.lim.CreatePerMinute, l.lim.CreateBurst), claim: perMinute(l.lim.ClaimPerMinute, l.lim.ClaimBurst),
			narration: perMinute(l.lim.NarrationPerMinute, l.lim.NarrationBurst), replay: perMinute(l.lim.ReplayPerMinute, l.lim.ReplayBurst)}
		l.clients[a] = c
	}
	c.seen = time.Now()
	return c
}

// allow takes a token from a's bucket kind ("create", "claim", "narration" or "replay"); when there is none it
// answers 429 with the wait in Retry-After.
func (l *limiter) allow(a netip.Addr, kind string) error {
	if l.unlimited(a) {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(a)
	b := c.create
	switch kind {
	case "claim":
		b = c.claim
	case "narration":
		b = c.narration
	case "replay":
		b = c.replay
	}
	r := b.Reserve()
	if !r.OK() {
		ae := errm(http.StatusTooManyRequests, "server.too_many")
		ae.RetryAfter = 60
		return ae
	}
	if d := r.Delay(); d > 0 {
		r.Cancel()
		secs := int(math.Ceil(d.Seconds()))
		ae := errm(http.StatusTooManyRequests, "server.too_many_kind", "kind", kind, "secs", secs)
		ae.RetryAfter = secs
		return ae
	}
	return nil
}

// openSocket counts a new WebSocket of client a, if its cap allows it; closeSocket gives it
// back.
func (l *limiter) openSocket(a netip.Addr) bool {
	if l.unlimited(a) || l.lim.MaxSocketsPerClient < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.client(a)
	if c.sockets >= l.lim.MaxSocketsPerClient {
		return false
	}
	c.sockets++
	return true
}

func (l *limiter) closeSocket(a netip.Addr) {
	if l.unlimited(a) || l.lim.MaxSocketsPerClient < 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if c, ok := l.clients[a]; ok && c.sockets > 0 {
		c.sockets--
	}
}

// prune forgets the clients with no socket that have not been seen for a while (their
// buckets are full again by then).
func (l *limiter) prune(olderThan time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for a, c := range l.clients {
		if c.sockets == 0 && time.Since(c.seen) > olderThan {
			delete(l.clients, a)
		}
	}
}

// retryAfter writes the Retry-After header of a 429 or 503.
func retryAfter(w http.ResponseWriter, secs int) {
	if secs > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
}

// reserveLive counts m among the live games if the caps allow one more (503 otherwise).
func (s *Server) reserveLive(m *store.Game) error {
	bots := allBots(m)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lim.MaxLiveGames > 0 && len(s.live) >= s.lim.MaxLiveGames {
		ae := errm(http.StatusServiceUnavailable, "server.full_games", "n", s.lim.MaxLiveGames)
		ae.RetryAfter = 60
		return ae
	}
	if bots && s.lim.MaxBotGames > 0 {
		n := 0
		for _, b := range s.live {
			if b {
				n++
			}
		}
		if n >= s.lim.MaxBotGames {
			ae := errm(http.StatusServiceUnavailable, "server.full_bot_games", "n", s.lim.MaxBotGames)
			ae.RetryAfter = 60
			return ae
		}
	}
	s.live[m.ID] = bots
	return nil
}

// releaseLive forgets a reserved game that was not made after all.
func (s *Server) releaseLive(id string) {
	s.mu.Lock()
	delete(s.live, id)
	s.mu.Unlock()
}

// page is a list request's window: at most Limit items after the first Offset.
type page struct{ Limit, Offset int }

const (
	defaultPage = 50
	maxPage     = 200
)

// pageOf reads ?limit=N&offset=M (limit 1 to maxPage, default defaultPage).
func pageOf(r *http.Request) (page, error) {
	p := page{Limit: defaultPage}
	q := r.URL.Query()
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPage {
			return p, errf(http.StatusBadRequest, "limit must be a number from 1 to %d", maxPage)
		}
		p.Limit = n
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p, errf(http.StatusBadRequest, "offset must be a number from 0")
		}
		p.Offset = n
	}
	return p, nil
}

// maxActionBody is the most bytes an action request's body may hold: the JSON around an
// action text of the longest allowed length.
func (s *Server) maxActionBody() int64 {
	if s.lim.MaxActionBytes < 0 {
		return 1 << 20
	}
	return int64(s.lim.MaxActionBytes)*6 + 256 // every byte escaped as \u00XX at worst
}

// readAction reads an action request's body, refusing (413) one longer than an action may be
// before decoding it.
func (s *Server) readAction(r *http.Request, v any) error {
	limit := s.maxActionBody()
	body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return errf(http.StatusBadRequest, "bad request body: %v", err)
	}
	if int64(len(body)) > limit {
		return errf(http.StatusRequestEntityTooLarge, "the request body is longer than an action may be (%d bytes)", limit)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errf(http.StatusBadRequest, "bad request body: %v", err)
	}
	return nil
}

// checkActionSize refuses (413) an action text longer than Limits.MaxActionBytes, before any
// parsing: a parser's suggestions cost time with the length of what it reads.
func (s *Server) checkActionSize(text string) error {
	if s.lim.MaxActionBytes > 0 && len(text) > s.lim.MaxActionBytes {
		return errf(http.StatusRequestEntityTooLarge, "the action text is %d bytes long; an action is at most %d", len(text), s.lim.MaxActionBytes)
	}
	return nil
}
