// Package campaignhttp serves Rise of Empire campaigns (SR 8) through the server, as a
// server.Extension that cmd/starnexus mounts: the endpoints under /api/campaigns, and the
// campaigns' games, which it sets up (campaign.State.GameOf) and whose results it records.
//
// The campaign's state lives in the store (store.Campaigns) and follows package campaign, as
// in the terminal; its games are ordinary realms games whose options name the campaign
// ("campaign", "scenario", "first_player"). A human seat of a campaign has one token, given
// when the campaign is created: its key to the campaign's requests and to the seat of each of
// its games. The bots play their games through the server's bot machinery, make the setup
// choice by campaign.State.BotChoice and their post-campaign upgrades by
// campaign.BotCompletion, in the same transaction as the last game's result or the human's
// upgrade that gives them the turn (campaign.Run.Finish, campaign.Run.Complete): reading a
// campaign never writes it.
//
// A campaign created without a seed draws each game's seed from crypto/rand when the game
// starts (campaign.SeedsSecret). The campaign's state holds the seed of the game under way, so
// the state itself never leaves the server: the JSON below lists what may.
package campaignhttp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"starnexus/campaign"
	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
	"starnexus/server"
	"starnexus/store"
)

// Service is the campaigns' server.Extension. Its zero value is ready.
type Service struct{}

var _ server.Extension = Service{}

// game is the registered game a campaign's games play.
const game = "realms"

// Routes implements server.Extension: the campaign endpoints.
func (Service) Routes(mux *http.ServeMux, h *server.Host) {
	en, err := i18n.Load("en")
	if err != nil {
		h.Logger().Error("campaigns: the English catalog", "err", err) // errors then read as their ids
	}
	c := &handlers{h: h, en: en}
	mux.HandleFunc("GET /api/campaigns", c.handleCampaignList)
	mux.HandleFunc("POST /api/campaigns", c.handleCampaignCreate)
	mux.HandleFunc("GET /api/campaigns/{name}", c.handleCampaignStatus)
	mux.HandleFunc("GET /api/campaigns/{name}/sheets", c.handleCampaignSheets)
	mux.HandleFunc("POST /api/campaigns/{name}/start", c.handleCampaignStart)
	mux.HandleFunc("POST /api/campaigns/{name}/complete", c.handleCampaignComplete)
}

// Owns implements server.Extension: a campaign's games.
func (Service) Owns(m *store.Game) bool { return m.Game == game && m.Options["campaign"] != "" }

// CheckCreate implements server.Extension: a create request may not make a campaign game;
// those are started through /api/campaigns/{name}/start.
func (Service) CheckCreate(m *store.Game) error {
	if _, ok := m.Options["campaign"]; ok {
		return server.Errorf(http.StatusBadRequest, "a campaign's games are started with POST /api/campaigns/{name}/start, not created with options")
	}
	return nil
}

// NewState implements server.Extension: the campaign game m, from its campaign's stored
// state.
func (Service) NewState(ctx context.Context, h *server.Host, m *store.Game) (engine.State, error) {
	db, err := campaignDB(h)
	if err != nil {
		return nil, err
	}
	r, err := campaign.Open(ctx, db, m.Options["campaign"])
	if err != nil {
		return nil, err
	}
	return r.State.GameOf(r.Content, m.ID)
}

// Drives implements server.Extension: not a campaign game that a terminal plays (`starnexus
// campaign play` on the same database).
func (Service) Drives(m *store.Game) bool {
	return m.Options[campaign.DriverOption] == campaign.DriverServer
}

// Finish implements server.Extension: the game's result in the campaign and the game's end in
// one transaction, once whatever the number of processes that see it end.
func (Service) Finish(ctx context.Context, h *server.Host, m *store.Game, st engine.State, _ []int) error {
	db, err := campaignDB(h)
	if err != nil {
		return err
	}
	rs, ok := st.(*realms.State)
	if !ok {
		return fmt.Errorf("campaign game %s is not a Star Realms game", m.ID)
	}
	name := m.Options["campaign"]
	// The bots' post-campaign upgrades, after the last scenario, are made in the same
	// transaction as the result.
	recorded, err := campaign.FinishGame(ctx, db, name, m.ID, rs)
	if err != nil {
		return err
	}
	if recorded {
		h.Logger().Info("campaign game recorded", "campaign", name, "game", m.ID, "scenario", m.Options["scenario"])
	}
	return nil
}

// handlers serve the campaign endpoints of one server.
type handlers struct {
	h  *server.Host
	en *i18n.Catalog // the English text of the errors made for players
}

// playerError is a refusal a player reads: its message (campaign.error.*) and HTTP status.
// The response carries the English text as "error", as every error of the API, and the
// message as "msg" for the browser to render (docs/api.md).
type playerError struct {
	status int
	msg    i18n.Msg
}

func (e *playerError) Error() string { return e.msg.ID }

func refuse(status int, id string, kv ...any) error {
	return &playerError{status: status, msg: i18n.M(id, kv...)}
}

// writeError writes err: a playerError with its message, any other as the server does.
func (s *handlers) writeError(w http.ResponseWriter, err error) {
	var pe *playerError
	if !errors.As(err, &pe) {
		server.WriteError(w, err)
		return
	}
	text := pe.msg.ID
	if s.en != nil {
		text = s.en.Render(pe.msg)
	}
	server.WriteJSON(w, pe.status, map[string]any{"error": text, "status": pe.status, "msg": pe.msg})
}

// campaignDB is the store as a campaign database, or an error when it keeps no campaigns.
func campaignDB(h *server.Host) (campaign.DB, error) {
	db, ok := h.Store().(campaign.DB)
	if !ok {
		return nil, server.Errorf(http.StatusNotImplemented, "this server's store keeps no campaigns")
	}
	return db, nil
}

func isHuman(p campaign.Player) bool { return campaign.IsHuman(p) }

// campaignSeat finds the human seat of r whose token the request carries: -1 with no token
// (or no human seat), an error for a token that names none.
func campaignSeat(r *http.Request, run *campaign.Run) (int, error) {
	tok, given := server.Bearer(r)
	if !given {
		return -1, nil
	}
	h := store.HashToken(tok)
	found := -1
	for i, p := range run.State.Players {
		if len(p.TokenHash) == len(h) && subtle.ConstantTimeCompare(p.TokenHash, h) == 1 {
			found = i
		}
	}
	if found < 0 {
		return -1, refuse(http.StatusUnauthorized, "campaign.error.bad_token", "name", run.State.Name)
	}
	return found, nil
}

func hasHuman(run *campaign.Run) bool {
	return slices.ContainsFunc(run.State.Players[:], isHuman)
}

// openCampaign loads the campaign the request's path names.
func (s *handlers) openCampaign(ctx context.Context, name string) (*campaign.Run, error) {
	db, err := campaignDB(s.h)
	if err != nil {
		return nil, err
	}
	run, err := campaign.Open(ctx, db, name)
	if err != nil {
		if _, lerr := db.LoadCampaign(ctx, name); errors.Is(lerr, store.ErrNotFound) {
			return nil, server.Errorf(http.StatusNotFound, "%v", err)
		}
		return nil, server.Errorf(http.StatusServiceUnavailable, "%v", err)
	}
	return run, nil
}

// The JSON of a campaign (docs/api.md).

type campaignPlayerJSON struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Kind    string `json:"kind"` // human or bot
	Bot     string `json:"bot,omitempty"`
	Faction string `json:"faction"`
	// FactionMsg names the faction (realms.card.faction.*).
	FactionMsg i18n.Msg `json:"faction_msg"`
	Sheets     []string `json:"sheets"`
	Used       []string `json:"used"` // the sticker rows used up, "Sheet/row"
	Points     int      `json:"points"`
	Wins       int      `json:"wins"`
	Upgrades   int      `json:"upgrades"`
}

type upgradeJSON struct {
	Seat     int    `json:"seat"`
	Card     string `json:"card"`
	Sheet    string `json:"sheet"`
	Row      int    `json:"row"`
	Name     string `json:"name"`               // the upgraded card's name, "Cutter (Empire 1/3)"
	Scenario int    `json:"scenario,omitempty"` // 0: the post-campaign completion
}

type optionJSON struct {
	Name    string   `json:"name"`
	Text    string   `json:"text"`
	NameMsg i18n.Msg `json:"name_msg"`
	TextMsg i18n.Msg `json:"text_msg"`
}

type scenarioJSON struct {
	Number        int          `json:"number"`
	Name          string       `json:"name"`
	Story         string       `json:"story"`
	Political     bool         `json:"political"`
	VictoryPoints int          `json:"victory_points"`
	Sheets        [2]string    `json:"sheets"`
	First         int          `json:"first"` // the seat that goes first (SR 8.2)
	Prompt        string       `json:"prompt,omitempty"`
	Options       []optionJSON `json:"options,omitempty"` // the first player's setup choice
	Chosen        string       `json:"chosen,omitempty"`  // the option chosen, in the game under way
	// The texts above as messages (campaign.CONTENT.scenario.N.*, i18n/en/campaign.json).
	NameMsg   i18n.Msg  `json:"name_msg"`
	StoryMsg  i18n.Msg  `json:"story_msg"`
	PromptMsg *i18n.Msg `json:"prompt_msg,omitempty"`
	ChosenMsg *i18n.Msg `json:"chosen_msg,omitempty"`
}

type completionJSON struct {
	Seat       int           `json:"seat"` // whose turn it is to upgrade
	Candidates []upgradeJSON `json:"candidates"`
}

// resultJSON is a scenario's result as the API shows it: campaign.Result without the game's
// seed (the finished game's /log has it).
type resultJSON struct {
	Scenario int    `json:"scenario"`
	Game     string `json:"game"`
	First    int    `json:"first"`
	Choice   string `json:"choice,omitempty"`
	// ChoiceMsg is Choice as a message.
	ChoiceMsg *i18n.Msg `json:"choice_msg,omitempty"`
	Winner    int       `json:"winner"`
	Political bool      `json:"political,omitempty"`
	Points    int       `json:"points"`
	Upgrades  int       `json:"upgrades"`
}

type campaignJSON struct {
	Name       string               `json:"name"`
	Content    string               `json:"content"`
	ContentMsg i18n.Msg             `json:"content_msg"` // the content's name
	Phase      string               `json:"phase"`       // scenario, playing, completion, finished
	Next       int                  `json:"next"`
	First      int                  `json:"first"`
	Game       string               `json:"game,omitempty"` // the game under way
	Players    []campaignPlayerJSON `json:"players"`
	Upgraded   []upgradeJSON        `json:"upgraded"`
	Results    []resultJSON         `json:"results"`
	Scenario   *scenarioJSON        `json:"scenario,omitempty"` // the next scenario
	Completion *completionJSON      `json:"completion,omitempty"`
	Winner     int                  `json:"winner"` // -1 until decided (or shared)
}

// campaignStatus is the campaign's JSON; brief leaves out the completion's candidates, which
// cost a check of every card on every row (the list).
func campaignStatus(run *campaign.Run, brief bool) campaignJSON {
	st := run.State
	c := run.Content
	out := campaignJSON{Name: st.Name, Content: st.Campaign, ContentMsg: campaign.ContentMsg(c, "name"), Phase: st.Phase(), Next: st.Next, First: st.First, Winner: st.Winner(),
		Results: []resultJSON{}, Upgraded: []upgradeJSON{}}
	for _, r := range st.Results {
		rj := resultJSON{Scenario: r.Scenario, Game: r.Game, First: r.First, Choice: r.Choice,
			Winner: r.Winner, Political: r.Political, Points: r.Points, Upgrades: r.Upgrades}
		rj.ChoiceMsg = choiceMsg(c, r.Scenario, r.Choice)
		out.Results = append(out.Results, rj)
	}
	if st.Current != nil {
		out.Game = st.Current.ID
	}
	for i, p := range st.Players {
		pj := campaignPlayerJSON{Seat: i, Name: p.Name, Kind: store.Bot, Bot: p.Who, Faction: p.Faction, FactionMsg: realms.FactionMsg(c.Seats[i].Faction), Sheets: append([]string{}, p.Sheets...),
			Used: []string{}, Points: p.Points, Wins: p.Wins, Upgrades: st.Upgrades(i)}
		if isHuman(p) {
			pj.Kind, pj.Bot = store.Human, ""
		}
		for _, u := range p.Used {
			pj.Used = append(pj.Used, fmt.Sprintf("%s/%d", u.Sheet, u.Row))
		}
		out.Players = append(out.Players, pj)
	}
	for _, u := range st.Upgraded {
		out.Upgraded = append(out.Upgraded, upgradeOf(u.Seat, u.Upgrade, u.Scenario))
	}
	if sc, err := campaign.Scenario(run.Content, st.Next); err == nil && st.Phase() != "finished" {
		sj := &scenarioJSON{Number: sc.Number, Name: sc.Name, Story: sc.Story, Political: sc.Political, VictoryPoints: sc.VictoryPoints, Sheets: sc.Sheets, First: st.First,
			NameMsg: campaign.ScenarioMsg(c, sc.Number, "name"), StoryMsg: campaign.ScenarioMsg(c, sc.Number, "story")}
		if st.Current != nil {
			sj.First, sj.Chosen = st.Current.First, campaign.ChoiceName(run.Content, *st.Current)
			sj.ChosenMsg = choiceMsg(c, sc.Number, sj.Chosen)
		}
		if sc.Choice != nil {
			sj.Prompt = sc.Choice.Prompt
			pm := campaign.ScenarioMsg(c, sc.Number, "prompt")
			sj.PromptMsg = &pm
			for k, o := range sc.Options() {
				sj.Options = append(sj.Options, optionJSON{Name: o.Name, Text: o.Text,
					NameMsg: campaign.OptionMsg(c, sc.Number, k, "name"), TextMsg: campaign.OptionMsg(c, sc.Number, k, "text")})
			}
		}
		out.Scenario = sj
	}
	if brief {
		return out
	}
	if seat, ok, err := st.CompletionTurn(run.Content); err == nil && ok {
		cj := &completionJSON{Seat: seat, Candidates: []upgradeJSON{}}
		if cands, err := st.Candidates(run.Content, seat); err == nil {
			for _, u := range cands {
				cj.Candidates = append(cj.Candidates, upgradeOf(seat, u, 0))
			}
		}
		out.Completion = cj
	}
	return out
}

// choiceMsg is the message of the option named choice of scenario n (nil: none).
func choiceMsg(c *campaigns.Campaign, n int, choice string) *i18n.Msg {
	sc, err := campaign.Scenario(c, n)
	if err != nil || choice == "" {
		return nil
	}
	for k, o := range sc.Options() {
		if o.Name == choice {
			m := campaign.OptionMsg(c, n, k, "name")
			return &m
		}
	}
	return nil
}

func upgradeOf(seat int, u realms.Upgrade, scenario int) upgradeJSON {
	return upgradeJSON{Seat: seat, Card: u.Card, Sheet: u.Sheet, Row: u.Row, Scenario: scenario,
		Name: realms.UpgradedName(u.Card, realms.RowRef{Sheet: u.Sheet, Row: u.Row})}
}

// The campaign list's pages (docs/api.md): campaigns by name, limit a page.
const (
	campaignPageDefault = 50
	campaignPageMax     = 200
)

// handleCampaignList answers a page of campaigns: ?limit=N (default campaignPageDefault, at
// most campaignPageMax) campaigns whose names sort after ?after=NAME; "next" is the request
// of the following page, absent on the last. Each content is loaded once per page, and the
// listed campaigns leave out the completion's candidates, so a page costs the decoding of
// its records and no more.
func (s *handlers) handleCampaignList(w http.ResponseWriter, r *http.Request) {
	db, err := campaignDB(s.h)
	if err != nil {
		server.WriteError(w, err)
		return
	}
	q := r.URL.Query()
	limit := campaignPageDefault
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			server.WriteError(w, server.Errorf(http.StatusBadRequest, "limit: a number of campaigns from 1 to %d", campaignPageMax))
			return
		}
		limit = min(n, campaignPageMax)
	}
	after := q.Get("after")
	// One more than the page says whether another page follows.
	recs, err := db.ListCampaigns(r.Context(), store.CampaignPage{After: after, Limit: limit + 1})
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusServiceUnavailable, "%v", err))
		return
	}
	more := len(recs) > limit
	recs = recs[:min(len(recs), limit)]
	out := []campaignJSON{}
	contents := campaign.Contents{}
	for i := range recs {
		run, err := contents.FromRecord(&recs[i], db)
		if err != nil {
			s.h.Logger().Error("campaign list", "campaign", recs[i].Name, "err", err)
			continue
		}
		out = append(out, campaignStatus(run, true))
	}
	resp := map[string]any{"campaigns": out, "contents": campaigns.Names()}
	if more && len(recs) > 0 {
		next := url.Values{"after": {recs[len(recs)-1].Name}, "limit": {strconv.Itoa(limit)}}
		resp["next"] = "/api/campaigns?" + next.Encode()
	}
	server.WriteJSON(w, http.StatusOK, resp)
}

type campaignCreateReq struct {
	Name    string  `json:"name"`
	Content string  `json:"content"` // the campaign content, "frontier-accord" by default
	Seed    *uint64 `json:"seed"`
	Seats   []struct {
		Kind string `json:"kind"` // human or bot
		Bot  string `json:"bot"`
	} `json:"seats"`
}

func checkCampaignName(name string) error {
	if name == "" {
		return refuse(http.StatusBadRequest, "campaign.error.name_missing")
	}
	if len(name) > 64 {
		return refuse(http.StatusBadRequest, "campaign.error.name_long", "name", name, "max", 64)
	}
	if strings.ContainsAny(name, "/?#%\\\n\r\t") {
		return refuse(http.StatusBadRequest, "campaign.error.name_chars", "name", name)
	}
	return nil
}

func (s *handlers) handleCampaignCreate(w http.ResponseWriter, r *http.Request) {
	if err := s.h.Allow(r, "create"); err != nil {
		server.WriteError(w, err)
		return
	}
	db, err := campaignDB(s.h)
	if err != nil {
		server.WriteError(w, err)
		return
	}
	var req campaignCreateReq
	if err := server.ReadJSON(r, &req); err != nil {
		server.WriteError(w, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	if err := checkCampaignName(name); err != nil {
		s.writeError(w, err)
		return
	}
	if len(req.Seats) != 2 {
		s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.seats", "n", len(req.Seats)))
		return
	}
	content := strings.TrimSpace(req.Content)
	if content == "" {
		content = "frontier-accord"
	}
	c, err := campaigns.Load(content)
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusBadRequest, "%v", err))
		return
	}
	var who [2]string
	var tokens [2]string
	for i, rs := range req.Seats {
		switch strings.ToLower(strings.TrimSpace(rs.Kind)) {
		case "", store.Human:
			who[i], tokens[i] = "human", server.NewToken()
		case store.Bot:
			b := strings.ToLower(strings.TrimSpace(rs.Bot))
			if !slices.Contains(s.h.BotNames(game), b) {
				s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.unknown_bot", "seat", i+1, "bot", rs.Bot, "known", strings.Join(s.h.BotNames(game), ", ")))
				return
			}
			who[i] = b
		default:
			s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.seat_kind", "seat", i+1, "kind", rs.Kind))
			return
		}
	}
	// Without a seed each game draws its own secret one when it starts; a chosen seed makes
	// the campaign reproducible (and known to whoever chose it).
	if req.Seed != nil && !s.h.AllowSeed() {
		server.WriteError(w, server.Errorf(http.StatusBadRequest, "a client-chosen seed is accepted only when the server runs with --allow-seed"))
		return
	}
	run, err := campaign.CreateWith(r.Context(), db, c, name, who, req.Seed, func(st *campaign.State) {
		for i, t := range tokens {
			if t != "" {
				st.Players[i].TokenHash = store.HashToken(t)
			}
		}
	})
	if errors.Is(err, store.ErrExists) {
		s.writeError(w, refuse(http.StatusConflict, "campaign.error.exists", "name", name))
		return
	}
	if err != nil {
		status := http.StatusServiceUnavailable
		switch msg := err.Error(); {
		case strings.HasPrefix(msg, "seat "), strings.Contains(msg, "needs a name"):
			status = http.StatusBadRequest
		}
		server.WriteError(w, server.Errorf(status, "%v", err))
		return
	}
	type seatOut struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		Kind  string `json:"kind"`
		Bot   string `json:"bot,omitempty"`
		Token string `json:"token,omitempty"`
	}
	seats := []seatOut{}
	for i, p := range run.State.Players {
		so := seatOut{Seat: i, Name: p.Name, Kind: store.Bot, Bot: p.Who, Token: tokens[i]}
		if isHuman(p) {
			so.Kind, so.Bot = store.Human, ""
		}
		seats = append(seats, so)
	}
	s.h.Logger().Info("campaign created", "campaign", run.State.Name, "content", c.ID)
	server.WriteJSON(w, http.StatusCreated, map[string]any{"name": run.State.Name, "seats": seats, "campaign": campaignStatus(run, false)})
}

// handleCampaignStatus only reads: a GET never writes the store.
func (s *handlers) handleCampaignStatus(w http.ResponseWriter, r *http.Request) {
	run, err := s.openCampaign(r.Context(), r.PathValue("name"))
	if err != nil {
		server.WriteError(w, err)
		return
	}
	server.WriteJSON(w, http.StatusOK, campaignStatus(run, false))
}

type campaignStartReq struct {
	Choice int `json:"choice"` // the first player's setup option, from 1; 0: none
}

func (s *handlers) handleCampaignStart(w http.ResponseWriter, r *http.Request) {
	var req campaignStartReq
	if r.ContentLength != 0 {
		if err := server.ReadJSON(r, &req); err != nil {
			server.WriteError(w, err)
			return
		}
	}
	run, err := s.openCampaign(r.Context(), r.PathValue("name"))
	if err != nil {
		server.WriteError(w, err)
		return
	}
	seat, err := campaignSeat(r, run)
	if err != nil {
		s.writeError(w, err)
		return
	}
	st := run.State
	if hasHuman(run) && seat < 0 {
		s.writeError(w, refuse(http.StatusUnauthorized, "campaign.error.no_token_start", "name", st.Name))
		return
	}
	if p := st.Phase(); p != "scenario" {
		s.writeError(w, refuse(http.StatusConflict, "campaign.error.no_scenario", "name", st.Name, "phase", p))
		return
	}
	sc, err := campaign.Scenario(run.Content, st.Next)
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusInternalServerError, "%v", err))
		return
	}
	first := st.Players[st.First]
	choice := -1
	if opts := sc.Options(); len(opts) > 0 {
		switch {
		case !isHuman(first):
			if req.Choice != 0 {
				s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.bot_chooses", "name", first.Name))
				return
			}
			choice = st.BotChoice(run.Content)
		case seat != st.First:
			s.writeError(w, refuse(http.StatusForbidden, "campaign.error.first_chooses", "name", first.Name))
			return
		case req.Choice < 1 || req.Choice > len(opts):
			s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.choose_option", "n", sc.Number, "name", first.Name, "max", len(opts)))
			return
		default:
			choice = req.Choice - 1
		}
	} else if req.Choice != 0 {
		s.writeError(w, refuse(http.StatusBadRequest, "campaign.error.no_choice", "n", sc.Number))
		return
	}
	live, err := run.StartGameWith(r.Context(), choice, func(g *store.Game) {
		g.Created = time.Now()
		g.Options[campaign.DriverOption] = campaign.DriverServer
		for i, p := range st.Players {
			if isHuman(p) {
				g.Seats[i].TokenHash = p.TokenHash
			}
		}
	})
	if errors.Is(err, store.ErrConflict) {
		s.writeError(w, refuse(http.StatusConflict, "campaign.error.changed", "name", st.Name))
		return
	}
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusServiceUnavailable, "%v", err))
		return
	}
	if err := s.h.Load(r.Context(), live.Game.ID); err != nil {
		server.WriteError(w, err)
		return
	}
	s.h.Logger().Info("campaign game started", "campaign", st.Name, "game", live.Game.ID, "scenario", live.Game.Scenario)
	server.WriteJSON(w, http.StatusCreated, map[string]any{"game": live.Game.ID, "scenario": live.Game.Scenario, "seat": seat,
		"choice": campaign.ChoiceName(run.Content, live.Game), "campaign": campaignStatus(run, false)})
}

type campaignCompleteReq struct {
	Card  string `json:"card"`
	Sheet string `json:"sheet"`
	Row   int    `json:"row"`
}

func (s *handlers) handleCampaignComplete(w http.ResponseWriter, r *http.Request) {
	var req campaignCompleteReq
	if err := server.ReadJSON(r, &req); err != nil {
		server.WriteError(w, err)
		return
	}
	run, err := s.openCampaign(r.Context(), r.PathValue("name"))
	if err != nil {
		server.WriteError(w, err)
		return
	}
	seat, err := campaignSeat(r, run)
	if err != nil {
		s.writeError(w, err)
		return
	}
	if seat < 0 {
		s.writeError(w, refuse(http.StatusUnauthorized, "campaign.error.no_token", "name", run.State.Name))
		return
	}
	// A campaign stored by an earlier version may still wait for a bot's upgrades: they are
	// made here, in memory, before looking whose turn it is, and saved with the human's
	// upgrade (a refusal saves nothing).
	if _, err := run.State.BotCompletions(run.Content); err != nil {
		server.WriteError(w, server.Errorf(http.StatusInternalServerError, "%v", err))
		return
	}
	turn, ok, err := run.State.CompletionTurn(run.Content)
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusInternalServerError, "%v", err))
		return
	}
	if !ok {
		s.writeError(w, refuse(http.StatusConflict, "campaign.error.not_completion", "name", run.State.Name, "phase", run.State.Phase()))
		return
	}
	if turn != seat {
		s.writeError(w, refuse(http.StatusForbidden, "campaign.error.not_your_turn", "name", run.State.Players[turn].Name))
		return
	}
	// The bots' upgrades that follow are saved with the human's.
	u := realms.Upgrade{Card: req.Card, Sheet: req.Sheet, Row: req.Row}
	if err := run.Complete(r.Context(), seat, u); err != nil {
		status := http.StatusUnprocessableEntity
		if errors.Is(err, store.ErrConflict) {
			status = http.StatusConflict
		}
		server.WriteError(w, server.Errorf(status, "%v", err))
		return
	}
	server.WriteJSON(w, http.StatusOK, campaignStatus(run, false))
}

// The sticker sheets of a campaign (docs/api.md): every sheet of its content, received or
// not, with what each row gives and costs and the rows used.

type sheetRowJSON struct {
	realms.SheetRowText
	Used bool `json:"used"`
	// Upgrade is the upgraded card that used the row, "Cutter (Empire 1/3)"; Scenario the
	// scenario it was made in (0: the post-campaign completion).
	Upgrade  string `json:"upgrade,omitempty"`
	Scenario int    `json:"scenario,omitempty"`
}

type sheetJSON struct {
	Name  string `json:"name"`
	Seat  int    `json:"seat"`  // its owner's seat
	Owner string `json:"owner"` // its owner's name
	// From is the scenario whose setup gives the sheet (0: none gives it).
	From     int  `json:"from"`
	Received bool `json:"received"`
	// Current: the sheet of the next scenario, or of the game under way (the political
	// victory of SR 8.7 counts its rows).
	Current bool           `json:"current"`
	Rows    []sheetRowJSON `json:"rows"`
}

// campaignSheets is the sheets' JSON; made lists the upgrades of the game under way (public:
// each was bought in front of both players).
func campaignSheets(run *campaign.Run, made []realms.SeatUpgrade) (map[string]any, error) {
	st, c := run.State, run.Content
	next := st.Next
	if st.Current != nil {
		next = st.Current.Scenario
	}
	sheets := []sheetJSON{}
	for _, sh := range c.Sheets {
		rows, err := realms.SheetText(sh.StickerSheet)
		if err != nil {
			return nil, fmt.Errorf("campaign %s: %w", st.Name, err)
		}
		p := st.Players[sh.Seat]
		sj := sheetJSON{Name: sh.Name, Seat: sh.Seat, Owner: p.Name, Received: slices.Contains(p.Sheets, sh.Name), Rows: []sheetRowJSON{}}
		for _, sc := range c.Scenarios {
			if sc.Sheets[sh.Seat] == sh.Name {
				sj.From = sc.Number
				sj.Current = sc.Number == next && st.Phase() != "completion" && st.Phase() != "finished"
			}
		}
		for _, r := range rows {
			rj := sheetRowJSON{SheetRowText: r}
			for _, u := range p.Used {
				rj.Used = rj.Used || (strings.EqualFold(u.Sheet, sh.Name) && u.Row == r.Row)
			}
			for _, u := range st.Upgraded {
				if u.Seat == sh.Seat && strings.EqualFold(u.Sheet, sh.Name) && u.Row == r.Row {
					rj.Used, rj.Upgrade, rj.Scenario = true, realms.UpgradedName(u.Card, realms.RowRef{Sheet: sh.Name, Row: r.Row}), u.Scenario
				}
			}
			for _, u := range made {
				if int(u.Seat) == sh.Seat && strings.EqualFold(u.Sheet, sh.Name) && u.Row.Row == r.Row {
					rj.Used, rj.Upgrade, rj.Scenario = true, realms.UpgradedName(u.Card, realms.RowRef{Sheet: sh.Name, Row: r.Row}), next
				}
			}
			sj.Rows = append(sj.Rows, rj)
		}
		sheets = append(sheets, sj)
	}
	return map[string]any{
		"sheets": sheets,
		"extra":  map[string]int{"ship": realms.UpgradeCost(realms.Ship), "base": realms.UpgradeCost(realms.Base)},
		"rule":   i18n.M("campaign.sheet.rule", "ship", realms.UpgradeCost(realms.Ship), "base", realms.UpgradeCost(realms.Base)),
	}, nil
}

// madeUnderWay is the upgrades made so far in the campaign's game under way (nil: none),
// from its log replayed on its setup. A failure is logged: the sheets then show the rows of
// the games played.
func (s *handlers) madeUnderWay(ctx context.Context, run *campaign.Run) []realms.SeatUpgrade {
	cur := run.State.Current
	if cur == nil || cur.ID == "" {
		return nil
	}
	fail := func(err error) []realms.SeatUpgrade {
		s.h.Logger().Error("campaign sheets: the game under way", "campaign", run.State.Name, "game", cur.ID, "err", err)
		return nil
	}
	st, err := run.State.GameOf(run.Content, cur.ID)
	if err != nil {
		return fail(err)
	}
	_, acts, err := s.h.Store().LoadGame(ctx, cur.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // begun in the campaign, not stored yet
	}
	if err != nil {
		return fail(err)
	}
	for _, a := range acts {
		act, err := st.ParseAction(engine.Seat(a.Seat), a.Text)
		if err == nil {
			err = st.Apply(engine.Seat(a.Seat), act)
		}
		if err != nil {
			return fail(fmt.Errorf("replaying %q: %w", a.Text, err))
		}
	}
	return st.UpgradesMade()
}

// handleCampaignSheets only reads: the sheets are public, as on the table.
func (s *handlers) handleCampaignSheets(w http.ResponseWriter, r *http.Request) {
	run, err := s.openCampaign(r.Context(), r.PathValue("name"))
	if err != nil {
		server.WriteError(w, err)
		return
	}
	out, err := campaignSheets(run, s.madeUnderWay(r.Context(), run))
	if err != nil {
		server.WriteError(w, server.Errorf(http.StatusInternalServerError, "%v", err))
		return
	}
	server.WriteJSON(w, http.StatusOK, out)
}
