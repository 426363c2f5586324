package server

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// echoBytes is the most of a client's action text a refusal repeats.
const echoBytes = 64

// admitSocket counts a new WebSocket of client addr on game g if the caps allow it: the
// server's, the game's and the client's. release gives its places back.
func (s *Server) admitSocket(g *game, addr netip.Addr) (release func(), err error) {
	s.mu.Lock()
	full := s.lim.MaxSockets > 0 && s.sockets >= s.lim.MaxSockets
	if !full {
		s.sockets++
	}
	s.mu.Unlock()
	if full {
		ae := errm(http.StatusServiceUnavailable, "server.full_sockets")
		ae.RetryAfter = 30
		return nil, ae
	}
	unserver := func() {
		s.mu.Lock()
		s.sockets--
		s.mu.Unlock()
	}
	g.mu.Lock()
	gameFull := s.lim.MaxSocketsPerGame > 0 && g.sockets >= s.lim.MaxSocketsPerGame
	if !gameFull {
		g.sockets++
	}
	g.mu.Unlock()
	if gameFull {
		unserver()
		ae := errm(http.StatusServiceUnavailable, "server.full_watchers")
		ae.RetryAfter = 30
		return nil, ae
	}
	joined := func() {
		g.mu.Lock()
		g.sockets--
		g.mu.Unlock()
	}
	if !s.limiter.openSocket(addr) {
		joined()
		unserver()
		ae := errm(http.StatusTooManyRequests, "server.too_many_sockets")
		ae.RetryAfter = 30
		return nil, ae
	}
	return func() {
		s.limiter.closeSocket(addr)
		joined()
		unserver()
	}, nil
}

// pinger pings a WebSocket every Limits.PingEvery from the connection's own loop (no
// goroutine of its own while idle: thousands of sockets cost three goroutines each, not
// four); a peer that does not answer in time is gone and the connection ends (cancel). The
// answers arrive through the connection's reader.
type pinger struct {
	ctx    context.Context
	cancel context.CancelFunc
	conn   *websocket.Conn
	wait   time.Duration
	t      *time.Ticker
	busy   atomic.Bool // a ping is waiting for its answer
}

func (s *Server) newPinger(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn) *pinger {
	p := &pinger{ctx: ctx, cancel: cancel, conn: conn, wait: max(s.lim.SocketIdle, s.lim.PingEvery)}
	if s.lim.PingEvery > 0 {
		p.t = time.NewTicker(s.lim.PingEvery)
	}
	return p
}

// tick fires when a ping is due (never when pings are off).
func (p *pinger) tick() <-chan time.Time {
	if p.t == nil {
		return nil
	}
	return p.t.C
}

// ping sends a ping and waits for its answer in the background, unless one is waiting.
func (p *pinger) ping() {
	if !p.busy.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer p.busy.Store(false)
		ctx, cancel := context.WithTimeout(p.ctx, p.wait)
		defer cancel()
		if err := p.conn.Ping(ctx); err != nil {
			p.cancel()
		}
	}()
}

func (p *pinger) stop() {
	if p.t != nil {
		p.t.Stop()
	}
}

// idleHijacker hands the WebSocket library a connection with a read deadline renewed at
// every read: the HTTP server's own timeouts stop applying once a connection is hijacked,
// and a peer that sends nothing at all (not even the answer to a ping) for idle is gone.
type idleHijacker struct {
	http.ResponseWriter
	idle time.Duration
}

func (h idleHijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	c.SetDeadline(time.Time{}) // the HTTP server's deadlines; the socket sets its own
	if h.idle <= 0 {
		return c, rw, nil
	}
	return idleConn{c, h.idle}, rw, nil
}

// idleConn is a net.Conn whose every Read must see a byte within idle.
type idleConn struct {
	net.Conn
	idle time.Duration
}

func (c idleConn) Read(p []byte) (int, error) {
	c.Conn.SetReadDeadline(time.Now().Add(c.idle))
	return c.Conn.Read(p)
}
