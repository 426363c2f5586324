package server

import (
	"context"
	"log/slog"
	"net/http"

	"starnexus/engine"
	"starnexus/store"
)

// Extension serves what lies beyond the server's general game path, as Rise of Empire
// campaigns do (package campaign/campaignhttp): endpoints of its own, and games it owns,
// which it sets up and whose end it records. cmd/starnexus mounts it (Config.Extensions).
type Extension interface {
	// Routes registers the extension's endpoints on mux; h is the server's side of them.
	Routes(mux *http.ServeMux, h *Host)
	// Owns says whether the stored game m is the extension's. An owned game is never ended
	// for want of activity (Limits.IdleAfter): it waits for its players.
	Owns(m *store.Game) bool
	// CheckCreate refuses (with an error made by Errorf) a create request of POST /api/games
	// for a game only the extension may start; nil lets it through.
	CheckCreate(m *store.Game) error
	// NewState sets up a game the extension owns, before any action.
	NewState(ctx context.Context, h *Host, m *store.Game) (engine.State, error)
	// Drives says whether this server plays the bots of an owned game and records its end
	// (not when another program plays it on the same store).
	Drives(m *store.Game) bool
	// Finish records the end of an owned game this server drives, in place of the store's
	// Finish: st is the ended game.
	Finish(ctx context.Context, h *Host, m *store.Game, st engine.State, winners []int) error
}

// extensionOf is the extension that owns m, or nil.
func (s *Server) extensionOf(m *store.Game) Extension {
	for _, x := range s.cfg.Extensions {
		if x.Owns(m) {
			return x
		}
	}
	return nil
}

// drives says whether this server plays g's bots and records its end.
func (s *Server) drives(g *game) bool {
	x := s.extensionOf(g.meta)
	return x == nil || x.Drives(g.meta)
}

// finishGame records the end of g in the store, or through the extension that owns it. g.mu
// is held.
func (s *Server) finishGame(g *game, winners []int) error {
	ctx := context.Background()
	x := s.extensionOf(g.meta)
	if x == nil {
		return s.store.Finish(ctx, g.id, winners)
	}
	if !x.Drives(g.meta) {
		return nil // the program that plays it records it
	}
	return x.Finish(ctx, s.host, g.meta, g.st, winners)
}

// Host is the server as an Extension sees it: its store, its checks, its games.
type Host struct{ s *Server }

// Store is the server's store.
func (h *Host) Store() store.Store { return h.s.store }

// Logger is the server's logger.
func (h *Host) Logger() *slog.Logger { return h.s.log }

// AllowSeed says whether clients may choose seeds (Config.AllowSeed).
func (h *Host) AllowSeed() bool { return h.s.cfg.AllowSeed }

// Allow applies the per-client rate limit of kind ("create", "claim") to r: an error to
// answer with WriteError.
func (h *Host) Allow(r *http.Request, kind string) error {
	return h.s.limiter.allow(h.s.lim.clientAddr(r), kind)
}

// BotNames lists the bots a seat of the registered game may name (nil for an unknown game).
func (h *Host) BotNames(game string) []string { return h.s.botNames(game) }

// Load makes this process hold the stored game id (rebuilt from its log), so that its bots
// play and its clients are served.
func (h *Host) Load(ctx context.Context, id string) error {
	_, err := h.s.game(ctx, id)
	return err
}

// Errorf is a refusal with its HTTP status, for WriteError.
func Errorf(status int, format string, args ...any) error { return errf(status, format, args...) }

// WriteError answers with err as the API's errors are written: its status if Errorf made it
// (500 otherwise), {"error": ...}.
func WriteError(w http.ResponseWriter, err error) { writeErr(w, err) }

// WriteJSON answers with v as JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) { writeJSON(w, status, v) }

// ReadJSON reads a request's JSON body into v, refusing unknown fields (a 400).
func ReadJSON(r *http.Request, v any) error { return readJSON(r, v) }

// Bearer reads "Authorization: Bearer TOKEN"; ok is false when there is no such header.
func Bearer(r *http.Request) (token string, ok bool) { return bearer(r) }

// NewToken is a new secret token (a seat's).
func NewToken() string { return newToken() }
