package server

import (
	"context"
	"time"

	"starnexus/store"
)

// sweep runs every few seconds: it lets every game's bots move whose lease this process may
// now take (after another process died), catches up games whose changes a lost notification
// hid, lets go of the games nobody needs in memory, and now and then ends the idle games
// as abandoned.
func (s *Server) sweep() {
	t := time.NewTicker(leaseTTL / 3)
	defer t.Stop()
	lastIdle := time.Now()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		for _, g := range s.liveGames() {
			g.mu.Lock()
			if len(g.clients) == 0 && !g.botBusy && (g.st.Over() || g.abandoned || s.evictable(g)) {
				// A game nobody watches and no bot of this process plays now leaves
				// memory; it is rebuilt from the store if somebody asks for it (a
				// replay, a player coming back).
				g.mu.Unlock()
				s.mu.Lock()
				delete(s.games, g.id)
				s.mu.Unlock()
				continue
			}
			// Only games somebody watches or a bot plays need this safety net; the others
			// follow the notifications, and an action on a stale game meets the (game, seq)
			// key and catches up then.
			if s.multi && !g.st.Over() && (len(g.clients) > 0 || g.hasBots()) {
				if err := s.catchUp(context.Background(), g); err == nil {
					for c := range g.clients {
						c.wake()
					}
				}
			}
			s.kickBots(g)
			g.mu.Unlock()
		}
		if every := s.idleCheckEvery(); every > 0 && time.Since(lastIdle) >= every {
			lastIdle = time.Now()
			s.abandonIdle(s.idleBefore())
			s.limiter.prune(10 * time.Minute)
		}
	}
}

// evictable says whether g may leave memory although it is not over: no bot of its has a
// move to make and nobody has used it for Limits.Evict. g.mu is held.
func (s *Server) evictable(g *game) bool {
	if s.lim.Evict <= 0 || time.Since(time.Unix(0, g.lastUse.Load())) < s.lim.Evict || time.Since(g.lastActive) < s.lim.Evict {
		return false
	}
	for _, seat := range g.st.ToMove(nil) {
		if g.bots[seat] != nil {
			return false
		}
	}
	return true
}

// idleBefore is the last-activity time before which an unfinished game is abandoned (zero:
// never).
func (s *Server) idleBefore() time.Time {
	if s.lim.IdleAfter <= 0 {
		return time.Time{}
	}
	return time.Now().Add(-s.lim.IdleAfter)
}

func (s *Server) idleCheckEvery() time.Duration {
	if s.lim.IdleAfter <= 0 {
		return 0
	}
	return min(max(s.lim.IdleAfter/4, time.Second), time.Minute)
}

// abandonIdle ends as abandoned every unfinished game whose last activity (an action or a
// claimed seat, in any process) is before cutoff. The games an Extension owns (a campaign's)
// are left alone: the campaign waits for its players (docs/server.md).
func (s *Server) abandonIdle(cutoff time.Time) {
	if cutoff.IsZero() {
		return
	}
	const page = 200
	offset := 0
	for s.ctx.Err() == nil {
		list, err := s.store.List(s.ctx, store.Filter{Unfinished: true, IdleBefore: cutoff, Limit: page, Offset: offset})
		if err != nil {
			s.log.Error("list idle games", "err", err)
			return
		}
		for i := range list {
			m := &list[i].Game
			if list[i].Damaged != nil || s.extensionOf(m) != nil || s.abandon(m.ID, cutoff) {
				offset++ // stays in the list: step over it
			}
		}
		if len(list) < page {
			return
		}
	}
}

// abandon ends game id as abandoned if it is still unfinished and idle since before cutoff
// (an action in another process may just have come): the store keeps it finished with no
// winner; its clients are told; its bots stop. It reports whether the game still stands
// among the idle unfinished games (the store failed).
func (s *Server) abandon(id string, cutoff time.Time) bool {
	done, err := s.store.AbandonIdle(s.ctx, id, cutoff)
	if err != nil {
		s.log.Error("abandon game", "game", id, "err", err)
		return true
	}
	if !done {
		return false // acted in, or finished, since it was listed
	}
	s.mu.Lock()
	g := s.games[id]
	delete(s.live, id)
	s.mu.Unlock()
	if g != nil {
		g.mu.Lock()
		g.abandoned, g.finished = true, true
		for c := range g.clients {
			c.wake()
		}
		g.mu.Unlock()
	}
	s.log.Info("game abandoned", "game", id)
	return false
}
