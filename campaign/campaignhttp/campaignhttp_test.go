package campaignhttp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"starnexus/bots"
	"starnexus/campaign"
	"starnexus/campaign/campaignhttp"
	"starnexus/engine"
	"starnexus/games/realms/campaigns"
	"starnexus/store"
	"starnexus/store/sqlite"
)

type campaignT struct {
	Name    string `json:"name"`
	Phase   string `json:"phase"`
	Next    int    `json:"next"`
	First   int    `json:"first"`
	Game    string `json:"game"`
	Players []struct {
		Name     string   `json:"name"`
		Kind     string   `json:"kind"`
		Sheets   []string `json:"sheets"`
		Used     []string `json:"used"`
		Points   int      `json:"points"`
		Wins     int      `json:"wins"`
		Upgrades int      `json:"upgrades"`
	} `json:"players"`
	Upgraded []struct {
		Seat     int    `json:"seat"`
		Name     string `json:"name"`
		Scenario int    `json:"scenario"`
	} `json:"upgraded"`
	Results  []campaign.Result `json:"results"`
	Scenario *struct {
		Number        int `json:"number"`
		VictoryPoints int `json:"victory_points"`
		First         int `json:"first"`
		Options       []struct {
			Name string `json:"name"`
		} `json:"options"`
		Chosen string `json:"chosen"`
	} `json:"scenario"`
}

type campaignCreated struct {
	Name  string `json:"name"`
	Seats []struct {
		Kind  string `json:"kind"`
		Token string `json:"token"`
	} `json:"seats"`
}

func (h *harness) createCampaign(body string) campaignCreated {
	h.t.Helper()
	code, b := h.do("POST", "/api/campaigns", "", body)
	if code != http.StatusCreated {
		h.t.Fatalf("create campaign: %d %s", code, b)
	}
	var c campaignCreated
	if err := json.Unmarshal(b, &c); err != nil {
		h.t.Fatal(err)
	}
	return c
}

func (h *harness) campaign(name string) campaignT {
	h.t.Helper()
	code, b := h.do("GET", "/api/campaigns/"+url.PathEscape(name), "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("campaign %s: %d %s", name, code, b)
	}
	var c campaignT
	if err := json.Unmarshal(b, &c); err != nil {
		h.t.Fatal(err)
	}
	return c
}

// startScenario starts the campaign's next scenario and returns its game's id.
func (h *harness) startScenario(name, token string, choice int) string {
	h.t.Helper()
	body := "{}"
	if choice > 0 {
		body = `{"choice":` + string(rune('0'+choice)) + `}`
	}
	code, b := h.do("POST", "/api/campaigns/"+url.PathEscape(name)+"/start", token, body)
	if code != http.StatusCreated {
		h.t.Fatalf("start: %d %s", code, b)
	}
	var out struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(b, &out); err != nil || out.Game == "" {
		h.t.Fatalf("start: %s (%v)", b, err)
	}
	return out.Game
}

// playHuman plays token's seat of game id until it is over or stop actions were sent (-1: no
// limit), buying with an upgrade whenever it can; it returns the upgrades bought.
func (h *harness) playHuman(id, token string, stop int) int {
	h.t.Helper()
	upgrades := 0
	for n := 0; n != stop; n++ {
		var v viewT
		waitFor(h.t, "the human's turn or the end", func() bool {
			v, _ = h.view(id, token)
			return v.Over || len(v.Legal) > 0
		})
		if v.Over {
			return upgrades
		}
		action := ""
		for _, a := range v.Legal {
			if strings.Contains(a, " upgrade ") {
				action = a
				upgrades++
				break
			}
		}
		if action == "" {
			action = pick(v.Legal, n)
		}
		code, b := h.do("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": action, "seq": v.Seq})
		if code != http.StatusOK {
			h.t.Fatalf("action %q: %d %s", action, code, b)
		}
	}
	return upgrades
}

func (h *harness) waitOver(id string) viewT {
	h.t.Helper()
	var v viewT
	waitFor(h.t, "game "+id+" to end", func() bool {
		v, _ = h.view(id, "")
		return v.Over
	})
	return v
}

// checkResult checks that the campaign recorded game id (over, won by winners) as its
// scenario n: the result, the points, the next scenario and who goes first.
func checkResult(t *testing.T, c campaignT, n int, id string, winners []string, points int) {
	t.Helper()
	if len(c.Results) != n || c.Results[n-1].Game != id || c.Results[n-1].Scenario != n {
		t.Fatalf("results %+v: want %d, the last game %s", c.Results, n, id)
	}
	res := c.Results[n-1]
	first := res.Winner // SR 8.2: the winner goes first next; after a draw, the second player
	if len(winners) != 1 {
		if res.Winner != -1 {
			t.Fatalf("a draw (%v) recorded as won by %d", winners, res.Winner)
		}
		points, first = 0, 1-res.First
	} else if res.Winner < 0 || c.Players[res.Winner].Name != winners[0] {
		t.Fatalf("recorded winner %d (%+v), the game's winners %v", res.Winner, c.Players, winners)
	}
	phaseOK := c.Phase == "scenario" || n == 12 && (c.Phase == "completion" || c.Phase == "finished")
	if res.Points != points || c.First != first || c.Next != n+1 || !phaseOK || c.Game != "" {
		t.Fatalf("after scenario %d: result %+v, first %d, next %d, phase %s, game %q", n, res, c.First, c.Next, c.Phase, c.Game)
	}
	total := 0
	for _, p := range c.Players {
		total += p.Points
	}
	want := 0
	for _, r := range c.Results {
		want += r.Points
	}
	if total != want {
		t.Fatalf("points %d in all, results give %d", total, want)
	}
}

// TestCampaignBotsThroughServer creates a campaign of two bots, starts its twelve scenarios
// (the setup choices made by the first bot) through the API, lets the server's bots play them
// to the end, reads each recorded result in the status, and sees the bots make their
// post-campaign upgrades until the campaign is finished.
func TestCampaignBotsThroughServer(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.createCampaign(`{"name":"Bots Only","seed":5,"seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"greedy"}]}`)
	if c.Name != "Bots Only" || c.Seats[0].Token != "" || c.Seats[1].Token != "" {
		t.Fatalf("created %+v: bot seats have no token", c)
	}
	st := h.campaign("Bots Only")
	if st.Phase != "scenario" || st.Next != 1 || st.Scenario == nil || st.Scenario.Number != 1 || st.First != 0 {
		t.Fatalf("new campaign: %+v", st)
	}
	for n := 1; n <= 12; n++ {
		vp := h.campaign("Bots Only").Scenario.VictoryPoints
		// (A second start while a scenario is played is refused: TestCampaignHumanThroughServer,
		// whose game waits for its human; here the bots may end it before a second request.)
		id := h.startScenario("Bots Only", "", 0)
		// The bots may have ended the game already.
		if playing := h.campaign("Bots Only"); (playing.Phase != "playing" || playing.Game != id) && len(playing.Results) != n {
			t.Fatalf("scenario %d under way: %+v", n, playing)
		}
		v := h.waitOver(id)
		var got campaignT
		waitFor(t, "the result", func() bool { got = h.campaign("Bots Only"); return len(got.Results) == n })
		checkResult(t, got, n, id, v.Winners, vp)
		if n == 2 && got.Results[1].Choice == "" {
			t.Fatalf("scenario 2's setup choice was not made: %+v", got.Results[1])
		}
	}
	var end campaignT
	waitFor(t, "the end of the campaign", func() bool { end = h.campaign("Bots Only"); return end.Phase == "finished" })
	completed := 0
	for _, u := range end.Upgraded {
		if u.Scenario == 0 {
			completed++
		}
	}
	if completed == 0 || end.Next != 13 {
		t.Fatalf("finished campaign: %d completion upgrades, next %d", completed, end.Next)
	}
	for _, p := range end.Players {
		if p.Upgrades > 20 {
			t.Fatalf("%s has %d upgrades (SR 8.10: at most 20)", p.Name, p.Upgrades)
		}
	}
	code, b := h.do("GET", "/api/campaigns", "", nil)
	if code != http.StatusOK || !strings.Contains(string(b), `"name":"Bots Only"`) {
		t.Fatalf("list: %d %s", code, b)
	}
}

// TestCampaignHumanThroughServer: a human seat against a bot. The human's token is its key
// to the campaign and to its seat in every game; it buys with an upgrade whenever it can, and
// the status keeps the upgrades, the rows used and the points.
func TestCampaignHumanThroughServer(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.createCampaign(`{"name":"duel","seed":21,"seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`)
	tok := c.Seats[0].Token
	if tok == "" || c.Seats[1].Token != "" {
		t.Fatalf("created %+v: want a token for the human seat only", c)
	}
	refusals := []struct {
		method, path, token, body string
		want                      int
	}{
		{"POST", "/api/campaigns/duel/start", "", "{}", http.StatusUnauthorized},
		{"POST", "/api/campaigns/duel/start", "not-a-token", "{}", http.StatusUnauthorized},
		{"POST", "/api/campaigns/duel/start", tok, `{"choice":1}`, http.StatusBadRequest}, // scenario 1 has no choice
		{"POST", "/api/campaigns/duel/complete", tok, `{"card":"Cutter","sheet":"Empire 1","row":1}`, http.StatusConflict},
		{"GET", "/api/campaigns/nobody", "", "", http.StatusNotFound},
		{"POST", "/api/campaigns", "", `{"name":"duel","seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`, http.StatusConflict},
		{"POST", "/api/campaigns", "", `{"name":"x","seats":[{"kind":"bot","bot":"grredy"},{"kind":"human"}]}`, http.StatusBadRequest},
		{"POST", "/api/campaigns", "", `{"name":"x","seats":[{"kind":"human"}]}`, http.StatusBadRequest},
		{"POST", "/api/games", "", `{"options":{"campaign":"duel","scenario":"1"},"seats":[{"name":"A"},{"name":"B"}]}`, http.StatusBadRequest},
	}
	for _, r := range refusals {
		var body any
		if r.body != "" {
			body = r.body
		}
		if code, b := h.do(r.method, r.path, r.token, body); code != r.want {
			t.Errorf("%s %s %s: %d %s; want %d", r.method, r.path, r.body, code, b, r.want)
		}
	}
	id := h.startScenario("duel", tok, 0)
	if again, b := h.do("POST", "/api/campaigns/duel/start", tok, "{}"); again != http.StatusConflict {
		t.Fatalf("a second start while scenario 1 is played: %d %s", again, b)
	}
	v, _ := h.view(id, tok)
	if v.Seat != 0 || v.Players[0].Name != "Empire" || v.Players[0].Hand == nil {
		t.Fatalf("the human's view of its campaign game: seat %d, players %+v", v.Seat, v.Players)
	}
	upgrades := h.playHuman(id, tok, -1)
	v = h.waitOver(id)
	var st campaignT
	waitFor(t, "the result", func() bool { st = h.campaign("duel"); return len(st.Results) == 1 })
	checkResult(t, st, 1, id, v.Winners, 1)
	if upgrades == 0 {
		t.Fatal("the human never could buy with an upgrade in scenario 1 (the test needs one)")
	}
	if st.Players[0].Upgrades != upgrades || len(st.Players[0].Used) != upgrades || st.Results[0].Upgrades < upgrades {
		t.Fatalf("the human bought %d upgraded cards; status: %+v, result %+v", upgrades, st.Players[0], st.Results[0])
	}
	for _, u := range st.Upgraded {
		if u.Scenario != 1 || !strings.Contains(u.Name, "(") {
			t.Fatalf("upgraded card %+v", u)
		}
	}
	// Scenario 2 offers a choice to its first player, the winner of scenario 1.
	if st.First == 0 {
		if code, b := h.do("POST", "/api/campaigns/duel/start", tok, "{}"); code != http.StatusBadRequest {
			t.Fatalf("start without the choice: %d %s", code, b)
		}
		id = h.startScenario("duel", tok, 3)
	} else {
		if code, b := h.do("POST", "/api/campaigns/duel/start", tok, `{"choice":1}`); code != http.StatusBadRequest {
			t.Fatalf("the human chose for the bot: %d %s", code, b)
		}
		id = h.startScenario("duel", tok, 0)
	}
	if st = h.campaign("duel"); st.Game != id || st.Phase != "playing" || st.Scenario.Chosen == "" ||
		(st.First == 0 && st.Scenario.Chosen != st.Scenario.Options[2].Name) {
		t.Fatalf("scenario 2 under way: %+v, %+v", st, st.Scenario)
	}
	h.playHuman(id, tok, 5)
}

// TestCampaignRestart stops the server in the middle of a campaign game and starts another
// on the same database, which continues the game from its log; then the game's last
// actions are logged while no server runs (a server killed before it recorded the end):
// the next server records the result when it rebuilds the game, and the one after that
// finds it recorded and records nothing again.
func TestCampaignRestart(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.createCampaign(`{"name":"restart","seed":8,"seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`)
	tok := c.Seats[0].Token
	id := h.startScenario("restart", tok, 0)
	h.playHuman(id, tok, 12)
	before, _ := h.view(id, "")
	h.stop()
	h.start(Config{AllowSeed: true})
	after, _ := h.view(id, "")
	if after.Seq < before.Seq || after.Over {
		t.Fatalf("rebuilt game: seq %d (was %d), over %v", after.Seq, before.Seq, after.Over)
	}
	h.playHuman(id, tok, 20)
	h.stop()

	// No server: finish the game as the terminal would, without recording its end.
	ctx := context.Background()
	db, err := sqlite.Open(ctx, h.db)
	if err != nil {
		t.Fatal(err)
	}
	r, err := campaign.Open(ctx, db, "restart")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Live(ctx); err == nil || !strings.Contains(err.Error(), "started on the server") {
		t.Fatalf("the terminal continues a game the server plays: %v", err)
	}
	st, err := r.State.GameOf(r.Content, id)
	if err != nil {
		t.Fatal(err)
	}
	_, acts, err := db.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(seat engine.Seat, text string) {
		t.Helper()
		a, err := parseAction(st, seat, text)
		if err == nil {
			err = st.Apply(seat, a)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range acts {
		apply(engine.Seat(a.Seat), a.Text)
	}
	rg, err := registry(t).Get("realms")
	if err != nil {
		t.Fatal(err)
	}
	bot, err := bots.New(rg, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1)
	for turn := len(acts); !st.Over(); turn++ {
		seat := st.ToMove(nil)[0]
		legal := st.Legal(seat, nil)
		text := st.ActionText(seat, bot.Choose(st.Observe(seat, nil), legal, &rng))
		if seat == 0 {
			var texts []string
			for _, a := range legal {
				texts = append(texts, st.ActionText(seat, a))
			}
			text = pick(texts, turn)
		}
		apply(seat, text)
		if err := db.Append(ctx, id, store.Action{Seq: turn, Seat: int(seat), Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	var winners []string
	for _, w := range st.Winners() {
		winners = append(winners, st.SeatName(w))
	}
	db.Close()

	for range 2 {
		h.start(Config{AllowSeed: true})
		var st campaignT
		waitFor(t, "the result", func() bool { st = h.campaign("restart"); return len(st.Results) == 1 })
		checkResult(t, st, 1, id, winners, 1)
		if v, _ := h.view(id, ""); !v.Over {
			t.Fatal("the finished campaign game, rebuilt, is not over")
		}
		h.stop()
	}
}

// TestCampaignTerminalGame: a campaign game started in the terminal (starnexus campaign
// play) is rebuilt by a server on the same database, which neither plays its bots nor
// records its end: the terminal does.
func TestCampaignTerminalGame(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	h.stop()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, h.db)
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(4)
	r, err := campaign.Create(ctx, db, c, "terminal", [2]string{"greedy", "greedy"}, &seed)
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.StartGame(ctx, -1)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	h.start(Config{AllowSeed: true})
	if v, _ := h.view(l.Game.ID, ""); v.Seq != 0 || v.Campaign != "terminal" {
		t.Fatalf("the terminal's campaign game as the server shows it: seq %d, campaign %q", v.Seq, v.Campaign)
	}
	h.stop()
	// Played to its end by the terminal: the server that loads it records nothing, and its
	// bots never played in it (the store's log is the terminal's alone).
	db, err = sqlite.Open(ctx, h.db)
	if err != nil {
		t.Fatal(err)
	}
	m, acts, err := db.LoadGame(ctx, l.Game.ID)
	if err != nil || len(acts) != 0 {
		t.Fatalf("the server played the bots of a terminal's campaign game: %d actions (%v)", len(acts), err)
	}
	if !(campaignhttp.Service{}).Owns(m) || (campaignhttp.Service{}).Drives(m) {
		t.Fatalf("a terminal's campaign game: owned %v, driven %v", (campaignhttp.Service{}).Owns(m), (campaignhttp.Service{}).Drives(m))
	}
	run, err := campaign.Open(ctx, db, "terminal")
	if err != nil {
		t.Fatal(err)
	}
	st, err := run.State.GameOf(run.Content, l.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !st.Over(); n++ {
		seat := st.ToMove(nil)[0]
		a := st.Legal(seat, nil)[0]
		text := st.ActionText(seat, a)
		if err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if err := db.Append(ctx, l.Game.ID, store.Action{Seq: n, Seat: int(seat), Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	h.start(Config{AllowSeed: true})
	if v, _ := h.view(l.Game.ID, ""); !v.Over {
		t.Fatal("the terminal's finished game is not over on the server")
	}
	if got := h.campaign("terminal"); got.Phase != "playing" || len(got.Results) != 0 {
		t.Fatalf("the server recorded a terminal's game: %+v", got)
	}
}

// TestCampaignTwoProcessesPostgres: two servers on one PostgreSQL database both hold a
// campaign game that their bots play; both see it end, and the campaign records it once.
func TestCampaignTwoProcessesPostgres(t *testing.T) {
	a, b := twoProcesses(t)
	name := "pg-" + randomHex(4)
	a.createCampaign(`{"name":"` + name + `","seed":3,"seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"random"}]}`)
	id := a.startScenario(name, "", 0)
	b.view(id, "") // process b holds the game too
	va, vb := a.waitOver(id), b.waitOver(id)
	if strings.Join(va.Winners, ",") != strings.Join(vb.Winners, ",") {
		t.Fatalf("winners %v in a, %v in b", va.Winners, vb.Winners)
	}
	for _, h := range []*harness{a, b} {
		var st campaignT
		waitFor(t, "the result", func() bool { st = h.campaign(name); return len(st.Results) >= 1 })
		checkResult(t, st, 1, id, va.Winners, 1)
	}
	// The next scenario starts once, whichever process is asked.
	id2 := b.startScenario(name, "", 0)
	if code, body := a.do("POST", "/api/campaigns/"+name+"/start", "", "{}"); code != http.StatusConflict {
		t.Fatalf("a second start through process a: %d %s", code, body)
	}
	b.waitOver(id2)
	var st campaignT
	waitFor(t, "the second result", func() bool { st = a.campaign(name); return len(st.Results) == 2 })
	if st.Results[1].Game != id2 {
		t.Fatalf("results %+v", st.Results)
	}
}

// TestCampaignCompletionThroughServer: a campaign whose twelve scenarios were played (by
// bots, in package campaign) and whose seat 1 is a human's by the time the last game ends:
// the bot makes its post-campaign upgrades with the last result and with each of the human's,
// the human makes theirs through the API in turn (SR 8.10), reading the campaign never
// writes it, and the campaign ends finished with both sides' upgrades made.
func TestCampaignCompletionThroughServer(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	h.stop()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, h.db)
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(4)
	r, err := campaign.Create(ctx, db, c, "complete", [2]string{"greedy", "greedy"}, &seed)
	if err != nil {
		t.Fatal(err)
	}
	const tok = "the-human-token"
	for r.State.Phase() == "scenario" {
		l, err := r.StartGame(ctx, r.State.BotChoice(c))
		if err != nil {
			t.Fatal(err)
		}
		for !l.St.Over() {
			if err := r.BotMove(ctx, l); err != nil {
				t.Fatal(err)
			}
		}
		if l.Game.Scenario == 12 {
			// Seat 1 is a human's from here on: saved with the last result.
			r.State.Players[0].Who, r.State.Players[0].TokenHash = "human", store.HashToken(tok)
		}
		if _, err := r.Finish(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	if r.State.Phase() != "completion" {
		t.Fatalf("after scenario 12 the campaign is %s", r.State.Phase())
	}
	if seat, ok, err := r.State.CompletionTurn(c); err != nil || !ok || seat != 0 {
		t.Fatalf("the stored completion waits for seat %d (%v, %v); the bot's turns are made with the last result", seat, ok, err)
	}
	if r.State.Results[11].Winner == 1 && r.State.Upgrades(1) == 0 {
		t.Fatal("the bot, first in the completion, made no upgrade with the last result")
	}
	db.Close()
	h.start(Config{AllowSeed: true})
	stored := func() int {
		t.Helper()
		rec, err := h.st.(store.Campaigns).LoadCampaign(ctx, "complete")
		if err != nil {
			t.Fatal(err)
		}
		return rec.Version
	}

	type statusT struct {
		Phase      string `json:"phase"`
		Completion *struct {
			Seat       int `json:"seat"`
			Candidates []struct {
				Card  string `json:"card"`
				Sheet string `json:"sheet"`
				Row   int    `json:"row"`
			} `json:"candidates"`
		} `json:"completion"`
		Players []struct {
			Upgrades int `json:"upgrades"`
		} `json:"players"`
	}
	status := func() statusT {
		code, b := h.do("GET", "/api/campaigns/complete", "", nil)
		var s statusT
		if code != http.StatusOK || json.Unmarshal(b, &s) != nil {
			t.Fatalf("status: %d %s", code, b)
		}
		return s
	}
	version := stored()
	for range 3 {
		if s := status(); s.Completion == nil || s.Completion.Seat != 0 {
			t.Fatalf("completion %+v, want the human's turn", s.Completion)
		}
		if code, b := h.do("GET", "/api/campaigns", "", nil); code != http.StatusOK {
			t.Fatalf("list: %d %s", code, b)
		}
	}
	if v := stored(); v != version {
		t.Fatalf("reading the campaign wrote it: version %d, then %d", version, v)
	}
	made := 0
	for s := status(); s.Phase == "completion"; s = status() {
		if s.Completion == nil || s.Completion.Seat != 0 || len(s.Completion.Candidates) == 0 {
			t.Fatalf("completion: %+v; want the human's turn (the bot plays its own)", s.Completion)
		}
		if code, b := h.do("POST", "/api/campaigns/complete/complete", "", `{"card":"x","sheet":"y","row":1}`); code != http.StatusUnauthorized {
			t.Fatalf("a completion without a token: %d %s", code, b)
		}
		u := s.Completion.Candidates[made%len(s.Completion.Candidates)]
		code, b := h.do("POST", "/api/campaigns/complete/complete", tok, u)
		if code != http.StatusOK {
			t.Fatalf("complete %+v: %d %s", u, code, b)
		}
		if bad, b := h.do("POST", "/api/campaigns/complete/complete", tok, u); bad == http.StatusOK {
			t.Fatalf("the same row twice: %d %s", bad, b)
		}
		made++
	}
	s := status()
	if s.Phase != "finished" || made == 0 {
		t.Fatalf("after %d human upgrades: phase %s", made, s.Phase)
	}
	r, err = func() (*campaign.Run, error) {
		db, err := sqlite.Open(ctx, h.db)
		if err != nil {
			return nil, err
		}
		t.Cleanup(func() { db.Close() })
		return campaign.Open(ctx, db, "complete")
	}()
	if err != nil {
		t.Fatal(err)
	}
	human := 0
	for _, u := range r.State.Upgraded {
		if u.Scenario == 0 && u.Seat == 0 {
			human++
		}
	}
	if human != made || s.Players[0].Upgrades != r.State.Upgrades(0) {
		t.Fatalf("the human made %d completion upgrades; the campaign has %d (%d in all)", made, human, r.State.Upgrades(0))
	}
	for seat := range 2 {
		cands, err := r.State.Candidates(c, seat)
		if err != nil {
			t.Fatal(err)
		}
		if r.State.Upgrades(seat) < campaign.TotalUpgrades && len(cands) > 0 {
			t.Fatalf("seat %d: %d upgrades and %d candidates left in a finished campaign", seat, r.State.Upgrades(seat), len(cands))
		}
	}
}

// TestCampaignSecretSeedsThroughServer: a campaign created without a seed (the server has no
// --allow-seed). Game 1's log publishes its seed once it ends; game 2's seed, kept in the
// store, is neither game 1's nor the one the campaign's old derivation gives from it, and
// nothing the campaign endpoints answer (creation, status, list) holds a seed.
func TestCampaignSecretSeedsThroughServer(t *testing.T) {
	h := newHarness(t, Config{})
	code, created := h.do("POST", "/api/campaigns", "", `{"name":"secret","seats":[{"kind":"bot","bot":"greedy"},{"kind":"bot","bot":"random"}]}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, created)
	}
	published := []string{string(created)}
	id1 := h.startScenario("secret", "", 0)
	h.waitOver(id1)
	waitFor(t, "game 1's result", func() bool { return len(h.campaign("secret").Results) == 1 })
	code, b := h.do("GET", "/api/games/"+id1+"/log", "", nil)
	var lg struct {
		Seed *uint64 `json:"seed"`
	}
	if code != http.StatusOK || json.Unmarshal(b, &lg) != nil || lg.Seed == nil {
		t.Fatalf("game 1's log: %d %s", code, b)
	}
	seed1 := *lg.Seed

	id2 := h.startScenario("secret", "", 0)
	g2, _, err := h.st.LoadGame(context.Background(), id2)
	if err != nil {
		t.Fatal(err)
	}
	seed2 := g2.Seed
	// The old derivation: game n's seed was the campaign's seed ^ n*golden (mod 2^64).
	golden := uint64(0x9E3779B97F4A7C15)
	if seed2 == seed1 || seed2 == seed1^golden^2*golden {
		t.Fatalf("game 2's seed %d follows from game 1's %d", seed2, seed1)
	}
	for _, path := range []string{"/api/campaigns/secret", "/api/campaigns"} {
		code, b := h.do("GET", path, "", nil)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, code, b)
		}
		published = append(published, string(b))
	}
	for _, body := range published {
		for _, seed := range []uint64{seed1, seed2} {
			if strings.Contains(body, strconv.FormatUint(seed, 10)) || strings.Contains(body, `"seed"`) {
				t.Fatalf("a campaign answer holds a seed (game 1's %d, game 2's %d): %s", seed1, seed2, body)
			}
		}
	}
}

// TestCampaignListPages: the list comes in pages of ?limit= campaigns by name, each naming
// the request of the next page; the limit has a default and a maximum, and a bad one is
// refused.
func TestCampaignListPages(t *testing.T) {
	h := newHarness(t, Config{})
	db := h.st.(campaign.DB)
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	const n = campaignhttp.PageMax + 5
	for i := range n {
		if _, err := campaign.Create(context.Background(), db, c, fmt.Sprintf("c%03d", i), [2]string{"human", "greedy"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	type page struct {
		Campaigns []campaignT `json:"campaigns"`
		Contents  []string    `json:"contents"`
		Next      string      `json:"next"`
	}
	get := func(path string) page {
		t.Helper()
		code, b := h.do("GET", path, "", nil)
		var p page
		if code != http.StatusOK || json.Unmarshal(b, &p) != nil {
			t.Fatalf("%s: %d %.300s", path, code, b)
		}
		return p
	}
	var names []string
	pages := 0
	for path := "/api/campaigns?limit=60"; path != ""; pages++ {
		p := get(path)
		if len(p.Campaigns) > 60 || len(p.Contents) == 0 {
			t.Fatalf("%s: %d campaigns, contents %v", path, len(p.Campaigns), p.Contents)
		}
		for _, c := range p.Campaigns {
			names = append(names, c.Name)
			if c.Phase != "scenario" || len(c.Players) != 2 {
				t.Fatalf("listed %+v", c)
			}
		}
		path = p.Next
	}
	if len(names) != n || pages != 4 {
		t.Fatalf("%d campaigns in %d pages, want %d in 4", len(names), pages, n)
	}
	for i, name := range names {
		if name != fmt.Sprintf("c%03d", i) {
			t.Fatalf("campaign %d of the pages is %s", i, name)
		}
	}
	if p := get("/api/campaigns"); len(p.Campaigns) != campaignhttp.PageDefault || p.Next != "/api/campaigns?after=c049&limit=50" {
		t.Fatalf("the default page: %d campaigns, next %q", len(p.Campaigns), p.Next)
	}
	if p := get("/api/campaigns?limit=100000"); len(p.Campaigns) != campaignhttp.PageMax || p.Next == "" {
		t.Fatalf("a limit above the maximum: %d campaigns, next %q", len(p.Campaigns), p.Next)
	}
	if p := get("/api/campaigns?after=c200&limit=10"); len(p.Campaigns) != 4 || p.Campaigns[0].Name != "c201" || p.Next != "" {
		t.Fatalf("the last page: %d campaigns, next %q", len(p.Campaigns), p.Next)
	}
	for _, bad := range []string{"0", "-1", "x"} {
		if code, b := h.do("GET", "/api/campaigns?limit="+bad, "", nil); code != http.StatusBadRequest {
			t.Fatalf("limit=%s: %d %s", bad, code, b)
		}
	}
}

// TestCampaignGetNeverWrites: a campaign stored after its last game with a bot's upgrades
// still to make (as an earlier version could leave it, which made them when the status was
// read): reading its status and the list shows the bot's turn and writes nothing; a refused
// completion request writes nothing either.
func TestCampaignGetNeverWrites(t *testing.T) {
	h := newHarness(t, Config{})
	ctx := context.Background()
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(6)
	s, err := campaign.New(c, "pending", [2]string{"greedy", "greedy"}, &seed)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= campaigns.Scenarios; k++ {
		g, err := s.Start(c, max(0, s.BotChoice(c)))
		if err != nil {
			t.Fatal(err)
		}
		g.ID = fmt.Sprintf("g%d", k)
		if err := s.Begin(c, g); err != nil {
			t.Fatal(err)
		}
		if err := s.Record(c, g.ID, 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	db := h.st.(campaign.DB)
	if err := db.CreateCampaign(ctx, &store.Campaign{Name: "pending", State: data}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		code, b := h.do("GET", "/api/campaigns/pending", "", nil)
		var st struct {
			Phase      string `json:"phase"`
			Completion *struct {
				Seat int `json:"seat"`
			} `json:"completion"`
		}
		if code != http.StatusOK || json.Unmarshal(b, &st) != nil || st.Phase != "completion" || st.Completion == nil || st.Completion.Seat != 1 {
			t.Fatalf("status: %d %.300s; want the bot's (seat 2's) completion turn", code, b)
		}
		if code, b := h.do("GET", "/api/campaigns", "", nil); code != http.StatusOK {
			t.Fatalf("list: %d %s", code, b)
		}
		if code, b := h.do("POST", "/api/campaigns/pending/complete", "", `{"card":"Cutter","sheet":"Federation 1","row":1}`); code != http.StatusUnauthorized {
			t.Fatalf("a completion without a token: %d %s", code, b)
		}
	}
	rec, err := db.LoadCampaign(ctx, "pending")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Version != 1 || string(rec.State) != string(data) {
		t.Fatalf("the campaign was written: version %d", rec.Version)
	}
}
