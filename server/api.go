package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/store"
)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games", s.handleCreate)
	mux.HandleFunc("GET /api/games", s.handleList)
	mux.HandleFunc("GET /api/games/{id}/view", s.handleView)
	mux.HandleFunc("POST /api/games/{id}/actions", s.handleAction)
	mux.HandleFunc("POST /api/games/{id}/seats/{n}/claim", s.handleClaim)
	mux.HandleFunc("GET /api/games/{id}/log", s.handleLog)
	mux.HandleFunc("GET /api/games/{id}/narration", s.handleNarration)
	mux.HandleFunc("GET /api/games/{id}/replay", s.handleReplay)
	mux.HandleFunc("GET /api/games/{id}/summary", s.handleSummary)
	mux.HandleFunc("GET /api/games/{id}/ws", s.handleWS)
	mux.HandleFunc("GET /api/bots", s.handleBots)
	mux.HandleFunc("GET /api/decks", s.handleDecks)
	mux.HandleFunc("POST /api/decks/check", s.handleDeckCheck)
	mux.HandleFunc("GET /api/cards", s.handleCards)
	mux.HandleFunc("GET /api/messages", s.handleMessages)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	for _, x := range s.cfg.Extensions {
		x.Routes(mux, s.host)
	}
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, errf(http.StatusNotFound, "no such API endpoint: %s %s", r.Method, r.URL.Path))
	})
	if s.cfg.Web != nil {
		mux.Handle("/", noListing(http.FileServerFS(s.cfg.Web)))
	} else {
		mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, placeholder)
		})
	}
	return s.edge.wrap(mux)
}

const placeholder = `<!doctype html><meta charset="utf-8"><title>starnexus</title>
<h1>starnexus</h1><p>The web client is not built into this binary. The JSON API is described in docs/api.md.</p>`

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"error":"encode"}`, http.StatusInternalServerError)
		return
	}
	writeRaw(w, status, b)
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
}

type errBody struct {
	Error  string   `json:"error"`
	Status int      `json:"status,omitempty"`
	Legal  []string `json:"legal,omitempty"`
	Seq    *int     `json:"seq,omitempty"`
	Action string   `json:"action,omitempty"`
	// Msg is the refusal as a message of the catalogs (GET /api/messages), when it has one:
	// what a client shows in its player's language instead of Error.
	Msg *i18n.Msg `json:"msg,omitempty"`
}

func errBodyOf(err error) errBody {
	var ae *apiError
	if errors.As(err, &ae) {
		return errBody{Error: ae.Msg, Status: ae.Status, Legal: ae.Legal, Seq: ae.Seq, Msg: ae.Why}
	}
	return errBody{Error: err.Error(), Status: http.StatusInternalServerError}
}

func writeErr(w http.ResponseWriter, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		retryAfter(w, ae.RetryAfter)
	}
	b := errBodyOf(err)
	writeJSON(w, b.Status, b)
}

func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errf(http.StatusBadRequest, "bad request body: %v", err)
	}
	return nil
}

type createReq struct {
	Game    string            `json:"game"`
	Format  string            `json:"format"`
	Sets    []string          `json:"sets"`
	Options map[string]string `json:"options"`
	Seed    *uint64           `json:"seed"`
	Seats   []struct {
		Name string `json:"name"`
		Kind string `json:"kind"`
		Bot  string `json:"bot"`
		Deck string `json:"deck"` // a game with decks (DeckLister): the seat's shipped deck
		// DeckFile is the text of a deck file the seat brings (engine.Setup.Decks): hidden
		// from every other seat until the game ends.
		DeckFile string `json:"deck_file"`
	} `json:"seats"`
}

type createdSeat struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Bot   string `json:"bot,omitempty"`
	Token string `json:"token,omitempty"`
	URL   string `json:"url,omitempty"`
}

func seatURL(id, token string) string { return "/#/game/" + id + "/" + token }

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if err := s.limiter.allow(s.lim.clientAddr(r), "create"); err != nil {
		writeErr(w, err)
		return
	}
	var req createReq
	if err := readJSON(r, &req); err != nil {
		writeErr(w, err)
		return
	}
	m := &store.Game{ID: newID(), Game: strings.ToLower(strings.TrimSpace(req.Game)), Format: req.Format, Sets: req.Sets, Options: req.Options, Created: time.Now()}
	gm, err := s.gameOf(m.Game)
	if err != nil {
		writeErr(w, unknownGame(err))
		return
	}
	m.Game = gm.Name()
	for _, x := range s.cfg.Extensions {
		if err := x.CheckCreate(m); err != nil {
			writeErr(w, err)
			return
		}
	}
	if req.Seed != nil {
		if !s.cfg.AllowSeed {
			writeErr(w, errf(http.StatusBadRequest, "a client-chosen seed is accepted only when the server runs with --allow-seed"))
			return
		}
		m.Seed = *req.Seed
	} else {
		m.Seed = randomSeed()
	}
	if len(req.Seats) == 0 {
		writeErr(w, errf(http.StatusBadRequest, "no seats"))
		return
	}
	out := make([]createdSeat, len(req.Seats))
	used := make([]string, len(req.Seats)) // the names given so far, by seat
	for i, rs := range req.Seats {
		kind := rs.Kind
		if kind == "" {
			kind = store.Human
		}
		name := strings.TrimSpace(rs.Name)
		st := store.Seat{Kind: kind}
		switch kind {
		case store.Human:
			tok := newToken()
			st.TokenHash = store.HashToken(tok)
			out[i].Token, out[i].URL = tok, seatURL(m.ID, tok)
		case store.Bot:
			// Only the registered names: the "ismcts:k=v" experiment form would let a client
			// set a search budget that occupies the server's cores.
			if known := bots.Names(gm); !slices.Contains(known, strings.ToLower(rs.Bot)) {
				writeErr(w, errf(http.StatusBadRequest, "seat %d: unknown bot %q (known: %s)", i+1, rs.Bot, strings.Join(known, ", ")))
				return
			}
			st.Bot = strings.ToLower(rs.Bot)
		case store.Open:
			name = fmt.Sprintf("Seat%d", i+1)
		default:
			writeErr(w, errf(http.StatusBadRequest, "seat %d: kind %q is not human, bot or open", i+1, kind))
			return
		}
		if name == "" {
			name = fmt.Sprintf("P%d", i+1)
		}
		name, err := s.seatName(name, i, used, http.StatusBadRequest)
		if err != nil {
			writeErr(w, errf(http.StatusBadRequest, "seat %d: %v", i+1, err))
			return
		}
		used[i] = name
		st.Name = name
		m.Seats = append(m.Seats, st)
		out[i].Name, out[i].Kind, out[i].Bot = name, kind, st.Bot
	}
	named, files := make([]string, len(req.Seats)), make([]string, len(req.Seats))
	for i, rs := range req.Seats {
		named[i], files[i] = rs.Deck, rs.DeckFile
	}
	if err := seatDecks(gm, m, named, files); err != nil {
		writeErr(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	// The game's own Prepare completes the setup (defaults, options in their canonical form)
	// and refuses what it would not play, with its messages (a deck file's: those of `deck
	// check`); New then sets the game up once more as every load will.
	if err := prepare(gm, m); err != nil {
		writeErr(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	if _, err := s.newState(m); err != nil {
		writeErr(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	if err := s.reserveLive(m); err != nil {
		writeErr(w, err)
		return
	}
	if err := s.store.CreateGame(r.Context(), m); err != nil {
		s.releaseLive(m.ID)
		s.log.Error("create game", "err", err)
		writeErr(w, errf(http.StatusServiceUnavailable, "could not save the game: %v", err))
		return
	}
	if _, err := s.game(r.Context(), m.ID); err != nil {
		writeErr(w, err)
		return
	}
	s.log.Info("game created", "game", m.ID, "kind", m.Game, "format", m.Format, "seats", len(m.Seats))
	writeJSON(w, http.StatusCreated, map[string]any{"id": m.ID, "seats": out})
}

type gameJSON struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"`
	Format    string     `json:"format"`
	Sets      []string   `json:"sets"`
	Seats     []seatJSON `json:"seats"`
	OpenSeats []int      `json:"open_seats"`
	Seq       *int       `json:"seq"` // null: a Stellar Nexus game this process does not hold
	Over      bool       `json:"over"`
	Abandoned bool       `json:"abandoned,omitempty"`
	Created   time.Time  `json:"created"`
	// Turn is the turn under way, for a live game this process holds (public: every view
	// shows it); absent otherwise, and before the first turn starts.
	Turn *turnJSON `json:"turn,omitempty"`
}

// turnJSON is a listed game's turn: its number and the seat whose turn it is.
type turnJSON struct {
	Number int    `json:"number"`
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Unfinished: q.Get("open") != ""}
	joinable, live := q.Get("joinable") != "", q.Get("live") != ""
	switch {
	case joinable && live:
		writeErr(w, errf(http.StatusBadRequest, "ask for joinable or live games, not both"))
		return
	case joinable:
		f.Unfinished, f.Seating = true, store.SeatingOpen
	case live:
		f.Unfinished, f.Seating = true, store.SeatingFull
	}
	pg, err := pageOf(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	f.Limit, f.Offset = pg.Limit+1, pg.Offset
	list, err := s.store.List(r.Context(), f)
	if err != nil {
		writeErr(w, errf(http.StatusServiceUnavailable, "%v", err))
		return
	}
	more := len(list) > pg.Limit
	if more {
		list = list[:pg.Limit]
	}
	out := make([]gameJSON, 0, len(list))
	for _, sum := range list {
		if sum.Damaged != nil {
			s.log.Error("damaged game left out of a list", "game", sum.Game.ID, "err", sum.Damaged)
			continue
		}
		g := sum.Game
		seq := sum.Actions
		j := gameJSON{ID: g.ID, Game: g.Game, Format: g.Format, Sets: nonNil(g.Sets), OpenSeats: sum.OpenSeat, Seq: &seq, Over: g.Finished,
			Abandoned: g.Abandoned, Created: g.Created.UTC()}
		if !g.Finished {
			// A list never loads a game: what only the State knows (the turn, and for a game
			// that hides its log the count a spectator may see, as Stellar Nexus hides the
			// mulligans' number) is told for a game this process holds.
			hides := s.info[g.Game].hidesLog
			if hides {
				j.Seq = nil
			}
			s.mu.Lock()
			held := s.games[g.ID]
			s.mu.Unlock()
			if held != nil {
				held.mu.Lock()
				if hides {
					n := held.publicSeq(engine.Spectator)
					j.Seq = &n
				}
				if t := held.turn; t.Number > 0 && int(t.Seat) >= 0 && int(t.Seat) < len(g.Seats) && held.st != nil && !held.st.Over() {
					j.Turn = &turnJSON{Number: t.Number, Seat: int(t.Seat), Name: g.Seats[t.Seat].Name}
				}
				held.mu.Unlock()
			}
		}
		if j.OpenSeats == nil {
			j.OpenSeats = []int{}
		}
		for _, st := range g.Seats {
			kind := st.Kind
			if kind == store.Open && st.Claimed {
				kind = store.Human
			}
			j.Seats = append(j.Seats, seatJSON{Name: st.Name, Kind: kind, Bot: st.Bot})
		}
		out = append(out, j)
	}
	body := map[string]any{"games": out, "limit": pg.Limit, "offset": pg.Offset}
	if more {
		body["next_offset"] = pg.Offset + pg.Limit
	}
	writeJSON(w, http.StatusOK, body)
}

// seatFor finds the game and the seat the request's token names: engine.Spectator when
// there is no token and anonymous is allowed.
func (s *Server) seatFor(r *http.Request, anonymous bool) (*game, engine.Seat, error) {
	g, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	tok, given := bearer(r)
	if !given {
		if anonymous {
			return g, engine.Spectator, nil
		}
		return nil, 0, errf(http.StatusUnauthorized, "no token: send Authorization: Bearer TOKEN")
	}
	g.mu.Lock()
	seat, ok := g.seatOf(tok)
	g.mu.Unlock()
	if !ok {
		return nil, 0, errf(http.StatusUnauthorized, "the token names no seat of this game")
	}
	return g, seat, nil
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	g, seat, err := s.seatFor(r, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	since := -1
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeErr(w, errf(http.StatusBadRequest, "since must be a seq (a whole number from 0), not %q", engine.Clip(v, 32)))
			return
		}
		since = n
	}
	g.mu.Lock()
	b, err := g.view(s, seat)
	if err == nil {
		if since < 0 {
			since = g.publicSeq(seat) // no since: no events
		}
		b, err = g.withEvents(b, seat, since)
	}
	g.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	writeRaw(w, http.StatusOK, b)
}

type actionReq struct {
	Action string `json:"action"`
	Seq    *int   `json:"seq"`
}

func (s *Server) handleAction(w http.ResponseWriter, r *http.Request) {
	g, seat, err := s.seatFor(r, false)
	if err != nil {
		writeErr(w, err)
		return
	}
	var req actionReq
	if err := s.readAction(r, &req); err != nil {
		writeErr(w, err)
		return
	}
	if req.Seq == nil || strings.TrimSpace(req.Action) == "" {
		writeErr(w, errf(http.StatusBadRequest, `send {"action": text, "seq": number}`))
		return
	}
	if err := s.checkActionSize(req.Action); err != nil {
		writeErr(w, err)
		return
	}
	b, err := s.act(r.Context(), g, seat, req.Action, *req.Seq, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeRaw(w, http.StatusOK, b)
}

func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	if err := s.limiter.allow(s.lim.clientAddr(r), "claim"); err != nil {
		writeErr(w, err)
		return
	}
	g, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		writeErr(w, errf(http.StatusNotFound, "no seat %q", r.PathValue("n")))
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	if r.ContentLength != 0 {
		if err := readJSON(r, &req); err != nil {
			writeErr(w, err)
			return
		}
	}
	tok, err := s.claim(r.Context(), g, n, strings.TrimSpace(req.Name))
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	name := g.meta.Seats[n].Name
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"name": name, "seat": n, "token": tok, "url": seatURL(g.id, tok)})
}

func (s *Server) claim(ctx context.Context, g *game, n int, name string) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n < 0 || n >= len(g.meta.Seats) {
		return "", errm(http.StatusNotFound, "server.no_seat", "n", n)
	}
	seat := g.meta.Seats[n]
	if seat.Kind != store.Open || seat.Claimed {
		return "", errm(http.StatusConflict, "server.seat_not_open", "n", n)
	}
	if name == "" {
		name = seat.Name
	}
	name, err := s.seatName(name, n, seatNames(g.meta), http.StatusConflict)
	if err != nil {
		return "", err
	}
	tok := newToken()
	if err := s.store.ClaimSeat(ctx, g.id, n, name, store.HashToken(tok)); err != nil {
		if errors.Is(err, store.ErrSeatTaken) {
			return "", errm(http.StatusConflict, "server.seat_not_open", "n", n)
		}
		return "", errf(http.StatusServiceUnavailable, "%v", err)
	}
	m := *g.meta
	m.Seats = append([]store.Seat(nil), g.meta.Seats...)
	m.Seats[n].Name, m.Seats[n].TokenHash, m.Seats[n].Claimed = name, store.HashToken(tok), true
	if err := g.rebuild(s, &m, g.log); err != nil {
		return "", errf(http.StatusInternalServerError, "%v", err)
	}
	s.log.Info("seat claimed", "game", g.id, "seat", n)
	s.changed(g)
	return tok, nil
}

type logJSON struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Format  string            `json:"format"`
	Sets    []string          `json:"sets"`
	Names   []string          `json:"names"`
	Seats   []seatJSON        `json:"seats"`
	Over    bool              `json:"over"`
	Winners []string          `json:"winners"`
	Actions []logEntry        `json:"actions"`
	Seed    *uint64           `json:"seed,omitempty"`
	Options map[string]string `json:"options,omitempty"`
}

func (s *Server) handleLog(w http.ResponseWriter, r *http.Request) {
	g, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	j := logJSON{ID: g.id, Game: g.meta.Game, Format: g.meta.Format, Sets: nonNil(g.meta.Sets), Names: seatNames(g.meta), Seats: g.seatsJSON(),
		Over: g.st.Over(), Winners: []string{}, Actions: g.visibleLog(engine.Spectator, -1)}
	for _, seat := range g.st.Winners() {
		j.Winners = append(j.Winners, g.st.SeatName(seat))
	}
	if j.Over {
		// Only now may the seed (and with it every deck order) leave the server.
		seed := g.meta.Seed
		j.Seed, j.Options = &seed, g.meta.Options
	}
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, j)
}

func (s *Server) handleBots(w http.ResponseWriter, r *http.Request) {
	type bot struct {
		Name string `json:"name"`
	}
	g, err := s.gameOf(r.URL.Query().Get("game"))
	if err != nil {
		writeErr(w, unknownGame(err))
		return
	}
	game := g.Name()
	out := []bot{}
	for _, n := range bots.Names(g) {
		out = append(out, bot{n})
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": game, "bots": out})
}

// handleDecks lists the shipped decks a seat of the game may name (?game=, by default the
// first registered game that has decks).
func (s *Server) handleDecks(w http.ResponseWriter, r *http.Request) {
	type deck struct {
		Name   string            `json:"name"`
		Title  string            `json:"title"`
		Hero   string            `json:"hero"`
		Titles map[string]string `json:"titles"` // by language: "en", "fr", "es"
		Heroes map[string]string `json:"heroes"`
	}
	var g engine.Game
	if name := r.URL.Query().Get("game"); name != "" {
		var err error
		if g, err = s.gameOf(name); err != nil {
			writeErr(w, unknownGame(err))
			return
		}
	} else {
		for _, x := range s.reg.Games() {
			if _, ok := x.(DeckLister); ok {
				g = x
				break
			}
		}
	}
	dl, ok := g.(DeckLister)
	if !ok {
		name := s.reg.Names()[0]
		if g != nil {
			name = g.Name()
		}
		writeErr(w, errf(http.StatusBadRequest, "game %q has no decks to choose", name))
		return
	}
	list, err := dl.Decks()
	if err != nil {
		writeErr(w, errf(http.StatusInternalServerError, "%v", err))
		return
	}
	out := []deck{}
	for _, d := range list {
		out = append(out, deck{Name: d.Name, Title: d.Title, Hero: d.Hero, Titles: d.Titles, Heroes: d.Heroes})
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Name(), "decks": out})
}

// handleCards answers the card data of a game (?game=, the default game without it), as the
// game gives it (engine.Game.Cards), made once at start.
func (s *Server) handleCards(w http.ResponseWriter, r *http.Request) {
	g, err := s.gameOf(r.URL.Query().Get("game"))
	if err != nil {
		writeErr(w, unknownGame(err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(s.info[g.Name()].cards)
}

// handleMessages serves the catalog of a language: the one ?lang= names, else the best match
// of the request's Accept-Language among the shipped catalogs (English when none matches):
// every message id a client renders (card text, log lines, labels) and its template (package
// i18n).
func (s *Server) handleMessages(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	chosen := lang == ""
	if chosen {
		lang = i18n.Match(r.Header.Get("Accept-Language"))
	}
	c, err := i18n.Load(lang)
	if err != nil {
		writeErr(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	if chosen {
		// The answer depends on the header: a cache must not give one reader's to another.
		w.Header().Set("Vary", "Accept-Language")
	}
	w.Header().Set("Cache-Control", "max-age=3600")
	msgs := c.Messages()
	for id := range msgs {
		if strings.HasPrefix(id, "cli.") { // the command line's help: no client shows it
			delete(msgs, id)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"lang": c.Lang(), "messages": msgs})
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		http.Error(w, "database: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	io.WriteString(w, "ok\n")
}
