package server

import (
	"context"
	"time"

	"starnexus/engine"
)

// leaseTTL is how long a process holds a game's bots without renewing; another process
// takes them over after it ends (a crashed process's games move on after at most this).
const leaseTTL = 15 * time.Second

// kickBots starts a goroutine that plays the next bot move of g, if a bot seat may act and
// none is thinking. g.mu is held. Each game has at most one bot goroutine, so a slow bot
// delays only its own game.
func (s *Server) kickBots(g *game) {
	if g.botBusy || g.abandoned || s.ctx.Err() != nil || g.st.Over() || len(g.waiting()) > 0 || !s.drives(g) {
		return
	}
	var seat engine.Seat = -1
	for _, t := range g.st.ToMove(nil) {
		if g.bots[t] != nil {
			seat = t
			break
		}
	}
	if seat < 0 {
		return
	}
	g.botBusy = true
	// The bot gets a copy of the state and sees only its seat's View of it.
	st := g.st.Clone()
	seq := g.publicSeq(seat) // act takes the seq as the seat's views count it
	bot, rng := g.bots[seat], g.rngs[seat]
	// One process alone on its database (SQLite) needs no lease: a lease left by a killed
	// predecessor would only hold its bots back.
	needLease := s.multi && time.Until(g.leaseUntil) < leaseTTL/2
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() {
			// A bot that fails must not take the server (and every other game) down.
			if p := recover(); p != nil {
				s.log.Error("bot panicked", "game", g.id, "seat", seat, "panic", p)
				g.mu.Lock()
				g.botBusy = false
				g.mu.Unlock()
			}
		}()
		s.playBot(g, st, seat, seq, bot, rng, needLease)
	}()
}

func (s *Server) playBot(g *game, st engine.State, seat engine.Seat, seq int, bot engine.Bot, rng *engine.RNG, needLease bool) {
	ctx := s.ctx
	done := func() {
		g.mu.Lock()
		g.botBusy = false
		g.mu.Unlock()
	}
	if needLease {
		ok, err := s.store.Lease(ctx, g.id, s.owner, leaseTTL)
		if err != nil || !ok {
			// Another process runs this game's bots (or the database is away): the sweep
			// tries again later.
			if err != nil && ctx.Err() == nil {
				s.log.Warn("bot lease", "game", g.id, "err", err)
			}
			done()
			return
		}
		g.mu.Lock()
		g.leaseUntil = time.Now().Add(leaseTTL)
		g.mu.Unlock()
	}
	legal := st.Legal(seat, nil)
	if len(legal) == 0 {
		done()
		return
	}
	// Bots of all games take turns at the thinkers' places, so that they queue instead of
	// taking every core from the humans' requests.
	a, ok := s.think(ctx, bot, st, seat, legal, rng)
	if !ok {
		done()
		return
	}
	text := st.ActionText(seat, a)
	if s.cfg.BotDelay > 0 {
		select {
		case <-time.After(s.cfg.BotDelay):
		case <-ctx.Done():
		}
	}
	done()
	if ctx.Err() != nil {
		return
	}
	if _, err := s.act(ctx, g, seat, text, seq, false); err != nil {
		// The game moved on (a teammate acted, another process played): think again.
		s.log.Debug("bot move refused", "game", g.id, "seat", seat, "action", text, "err", err)
		g.mu.Lock()
		s.kickBots(g)
		g.mu.Unlock()
	}
}

// think asks bot for its move once a thinker's place is free; ok is false if the server
// stopped first.
func (s *Server) think(ctx context.Context, bot engine.Bot, st engine.State, seat engine.Seat, legal []engine.Action, rng *engine.RNG) (a engine.Action, ok bool) {
	if s.thinkers != nil {
		select {
		case s.thinkers <- struct{}{}:
		case <-ctx.Done():
			return a, false
		}
		defer func() { <-s.thinkers }() // a panicking bot gives its place back too
	}
	return bot.Choose(engine.ObserveFor(st, seat, bot, nil), legal, rng), true
}

func (g *game) hasBots() bool {
	for _, b := range g.bots {
		if b != nil {
			return true
		}
	}
	return false
}
