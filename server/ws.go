package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"starnexus/engine"
)

// firstMessageWait is how long the server waits for a token before pushing the spectator's
// view to a new WebSocket.
const firstMessageWait = 500 * time.Millisecond

// client is one WebSocket connection watching a game as one seat (or as a spectator).
type client struct {
	g      *game
	seat   engine.Seat
	conn   *websocket.Conn
	notify chan struct{} // a change to push; holds at most one, so pushes coalesce
	once   sync.Once
	done   chan struct{}
}

func (c *client) wake() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

func (c *client) seatNow() engine.Seat {
	c.g.mu.Lock()
	defer c.g.mu.Unlock()
	return c.seat
}

func (c *client) close() { c.once.Do(func() { close(c.done) }) }

type wsAction struct {
	Token  string `json:"token"`
	Action string `json:"action"`
	Seq    *int   `json:"seq"`
}

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	g, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	addr := s.lim.clientAddr(r)
	release, err := s.admitSocket(g, addr)
	if err != nil {
		writeErr(w, err)
		return
	}
	defer release()
	conn, err := websocket.Accept(idleHijacker{w, s.lim.SocketIdle}, r, s.edge.acceptOptions())
	if err != nil {
		return // Accept has answered the request
	}
	conn.SetReadLimit(64 << 10)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	pinger := s.newPinger(ctx, cancel, conn)
	defer pinger.stop()

	// The first message is the token; a spectator sends none (or an empty one). The reader
	// takes it; the first push waits for it up to firstMessageWait, then goes out as the
	// spectator's view (public, so nothing is lost if a token comes later).
	c := &client{g: g, seat: engine.Spectator, conn: conn, notify: make(chan struct{}, 1), done: make(chan struct{})}
	authed := make(chan struct{})
	g.mu.Lock()
	g.clients[c] = struct{}{}
	g.mu.Unlock()
	s.metrics.clients.Inc()
	defer func() {
		g.mu.Lock()
		delete(g.clients, c)
		g.mu.Unlock()
		s.metrics.clients.Dec()
		c.close()
	}()
	go func() {
		defer cancel()
		s.wsRead(ctx, c, authed)
	}()
	firstWait := time.After(firstMessageWait)
wait:
	for {
		select {
		case <-authed:
			break wait
		case <-firstWait:
			break wait
		case <-pinger.tick():
			pinger.ping()
		case <-ctx.Done():
			conn.CloseNow()
			return
		}
	}
	c.wake()
	var last []byte            // what this socket was sent last: an unchanged view is not sent again
	sent := -1                 // the seq of the view sent last, the events' since; -1: none yet
	sentTo := engine.Spectator // the seat sent counts for
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "")
			return
		case <-c.done:
			conn.Close(websocket.StatusGoingAway, "server closing")
			return
		case <-pinger.tick():
			pinger.ping()
			continue
		case <-c.notify:
		}
		g.mu.Lock()
		seat := c.seat
		b, err := g.view(s, seat)
		var push []byte
		if err == nil && !bytes.Equal(b, last) {
			// The events of the actions since the view sent last (none in the first).
			since := sent
			if since < 0 || seat != sentTo { // a seat's seq counts otherwise than a spectator's
				since = g.publicSeq(seat)
			}
			push, err = g.withEvents(b, seat, since)
			sent, sentTo = g.publicSeq(seat), seat
		}
		g.mu.Unlock()
		if err != nil {
			s.log.Error("ws view", "game", g.id, "err", err)
			continue
		}
		if bytes.Equal(b, last) {
			// Nothing this viewer sees has changed (another seat's hidden mulligan, say):
			// a push now would tell that something happened.
			continue
		}
		last = b
		b = push
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		err = conn.Write(wctx, websocket.MessageText, b)
		wcancel()
		if err != nil {
			return
		}
	}
}

// tokenOf reads a first message: the bare token or {"token": "..."}.
func tokenOf(msg []byte) string {
	t := strings.TrimSpace(string(msg))
	if strings.HasPrefix(t, "{") {
		var m wsAction
		if json.Unmarshal([]byte(t), &m) == nil {
			return strings.TrimSpace(m.Token)
		}
	}
	return t
}

func (s *Server) wsRead(ctx context.Context, c *client, authed chan struct{}) {
	for first := true; ; first = false {
		_, msg, err := c.conn.Read(ctx)
		if err != nil {
			return
		}
		if first {
			if tok := tokenOf(msg); tok != "" || !strings.Contains(string(msg), `"action"`) {
				if tok != "" {
					c.g.mu.Lock()
					seat, ok := c.g.seatOf(tok)
					if ok {
						c.seat = seat
					}
					c.g.mu.Unlock()
					if !ok {
						b, _ := json.Marshal(errBody{Error: "the token names no seat of this game", Status: http.StatusUnauthorized})
						c.conn.Write(ctx, websocket.MessageText, b)
						c.conn.Close(4401, "unknown token")
						return
					}
				}
				close(authed)
				c.wake()
				continue
			}
			close(authed)
		}
		var m wsAction
		var reply error
		switch {
		case json.Unmarshal(msg, &m) != nil || m.Seq == nil || strings.TrimSpace(m.Action) == "":
			reply = errf(http.StatusBadRequest, `send {"action": text, "seq": number}`)
		case c.seatNow() < 0:
			reply = errm(http.StatusUnauthorized, "server.spectator")
		case s.checkActionSize(m.Action) != nil:
			reply = s.checkActionSize(m.Action)
		default:
			// Success is answered by the push of the new view.
			_, reply = s.act(ctx, c.g, c.seatNow(), m.Action, *m.Seq, false)
		}
		if reply == nil {
			continue
		}
		var ae *apiError
		if !errors.As(reply, &ae) && ctx.Err() != nil {
			return
		}
		b := errBodyOf(reply)
		b.Action = engine.Clip(m.Action, echoBytes)
		if m.Seq != nil && b.Seq == nil {
			b.Seq = m.Seq
		}
		out, _ := json.Marshal(b)
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = c.conn.Write(wctx, websocket.MessageText, out)
		cancel()
		if err != nil {
			return
		}
	}
}
