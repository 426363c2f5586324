package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
)

const twoHumans = `{"game":"realms","format":"standard","sets":["core"],"seed":42,"seats":[{"name":"Ann","kind":"human"},{"name":"Bob","kind":"human"}]}`

func TestCreateViewAndAct(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(twoHumans)
	if len(g.Seats) != 2 || g.Seats[0].Token == "" || g.Seats[1].Token == "" || g.Seats[0].Token == g.Seats[1].Token || !strings.Contains(g.Seats[0].URL, g.Seats[0].Token) {
		t.Fatalf("created %+v", g)
	}
	ann, bob := g.Seats[0].Token, g.Seats[1].Token
	v, _ := h.view(g.ID, ann)
	if v.Seat != 0 || v.Seq != 0 || (len(v.Legal) == 0) == (v.ToMove == "Ann") || v.Players[0].Hand == nil || v.Players[1].Hand != nil {
		t.Fatalf("Ann's view: %+v", v)
	}
	toMove := ann
	other := bob
	if v.ToMove == "Bob" {
		toMove, other = bob, ann
	}
	spec, _ := h.view(g.ID, "")
	if spec.Seat != -1 || len(spec.Legal) != 0 || spec.Players[0].Hand != nil || spec.Players[1].Hand != nil {
		t.Fatalf("spectator view: %+v", spec)
	}
	if code, _ := h.do("GET", "/api/games/"+g.ID+"/view", "not-a-token", nil); code != http.StatusUnauthorized {
		t.Fatalf("unknown token: %d, want 401", code)
	}
	if code, _ := h.do("GET", "/api/games/nope/view", "", nil); code != http.StatusNotFound {
		t.Fatalf("unknown game: %d, want 404", code)
	}
	act := func(token string, action string, seq int) (int, []byte) {
		return h.do("POST", "/api/games/"+g.ID+"/actions", token, map[string]any{"action": action, "seq": seq})
	}
	mv, _ := h.view(g.ID, toMove)
	if code, b := act("", mv.Legal[0], 0); code != http.StatusUnauthorized {
		t.Fatalf("no token: %d %s, want 401", code, b)
	}
	if code, b := act("bad", mv.Legal[0], 0); code != http.StatusUnauthorized {
		t.Fatalf("bad token: %d %s, want 401", code, b)
	}
	if code, b := act(other, "end", 0); code != http.StatusForbidden {
		t.Fatalf("the seat not to move: %d %s, want 403", code, b)
	}
	if code, b := act(toMove, "fly to the moon", 0); code != http.StatusUnprocessableEntity || !strings.Contains(string(b), `"legal"`) {
		t.Fatalf("nonsense action: %d %s, want 422 with the legal actions", code, b)
	}
	if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", toMove, `{"action":"end"}`); code != http.StatusBadRequest {
		t.Fatalf("no seq: %d %s, want 400", code, b)
	}
	if code, b := act(toMove, "end", 5); code != http.StatusConflict {
		t.Fatalf("seq from the future: %d %s, want 409", code, b)
	}
	code, b := act(toMove, mv.Legal[0], 0)
	if code != http.StatusOK {
		t.Fatalf("act: %d %s", code, b)
	}
	var after viewT
	json.Unmarshal(b, &after)
	if after.Seq != 1 || len(after.Log) != 1 || after.Log[0].Action != mv.Legal[0] {
		t.Fatalf("view after the action: %+v", after)
	}
	// The same request again is stale and changes nothing.
	_, before := h.view(g.ID, toMove)
	if code, b := act(toMove, mv.Legal[0], 0); code != http.StatusConflict {
		t.Fatalf("repeated request: %d %s, want 409", code, b)
	}
	if _, now := h.view(g.ID, toMove); string(now) != string(before) {
		t.Fatal("a refused request changed the view")
	}
	// The log is public and holds no seed while the game is live.
	code, b = h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
	if code != http.StatusOK || strings.Contains(string(b), `"seed"`) || !strings.Contains(string(b), mv.Legal[0]) {
		t.Fatalf("live log: %d %s", code, b)
	}
}

func TestSeedOnlyWithAllowSeed(t *testing.T) {
	h := newHarness(t, Config{})
	if code, b := h.do("POST", "/api/games", "", twoHumans); code != http.StatusBadRequest || !strings.Contains(string(b), "allow-seed") {
		t.Fatalf("seed without --allow-seed: %d %s", code, b)
	}
	for _, bad := range []string{
		`{"seats":[{"name":"A"},{"name":"B","kind":"bot","bot":"nobody"}]}`,
		`{"seats":[{"name":"A"},{"name":"B","kind":"bot","bot":"ismcts:iters=100000000"}]}`,
		`{"format":"hydra","seats":[{"name":"A"},{"name":"B"}]}`,
		`{"seats":[{"name":"A"},{"name":"a"}]}`,
		`{"sets":["nope"],"seats":[{"name":"A"},{"name":"B"}]}`,
		`{"seats":[]}`,
		`{"seats":[{"name":"A"},{"name":"B"}],"options":{"max_rounds":"x"}}`,
	} {
		if code, b := h.do("POST", "/api/games", "", bad); code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", bad, code, b)
		}
	}
	g := h.create(`{"seats":[{"name":"A"},{"name":"B"}]}`)
	if len(g.Seats) != 2 {
		t.Fatal(g)
	}
}

// TestPlayToTheEnd plays a whole game through the API and checks the full log, released at
// the end, replays to the same result.
func TestPlayToTheEnd(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"seed":7,"options":{"max_rounds":"40"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	tokens := map[string]string{"Ann": g.Seats[0].Token, "Bob": g.Seats[1].Token}
	v, _ := h.view(g.ID, "")
	for i := 0; !v.Over; i++ {
		if i > 5000 {
			t.Fatal("the game did not end")
		}
		tok := tokens[v.ToMove]
		sv, _ := h.view(g.ID, tok)
		code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": pick(sv.Legal, i), "seq": sv.Seq})
		if code != http.StatusOK {
			t.Fatalf("action %d: %d %s", i, code, b)
		}
		json.Unmarshal(b, &v)
	}
	if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tokens["Ann"], map[string]any{"action": "end", "seq": v.Seq}); code != http.StatusForbidden {
		t.Fatalf("action after the end: %d %s, want 403", code, b)
	}
	code, b := h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
	if code != http.StatusOK {
		t.Fatal(code)
	}
	var lg logJSON
	if err := json.Unmarshal(b, &lg); err != nil {
		t.Fatal(err)
	}
	if !lg.Over || lg.Seed == nil || *lg.Seed != 7 || len(lg.Actions) != v.Seq {
		t.Fatalf("final log: over %v seed %v, %d actions (view seq %d)", lg.Over, lg.Seed, len(lg.Actions), v.Seq)
	}
	rec := &engine.Record{Game: lg.Game, Format: lg.Format, Sets: lg.Sets, Options: lg.Options, Names: lg.Names, Seed: *lg.Seed}
	opts := realms.Options{Format: rec.Format, Sets: rec.Sets, Names: rec.Names}
	for k, val := range rec.Options {
		realms.SetOption(&opts, k, val)
	}
	st, err := realms.NewGame(catalog(t), opts, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range lg.Actions {
		act, err := st.ParseAction(engine.Seat(a.Seat), a.Action)
		if err == nil {
			err = st.Apply(engine.Seat(a.Seat), act)
		}
		if err != nil {
			t.Fatalf("replay %d: %v", a.Seq, err)
		}
	}
	var winners []string
	for _, w := range st.Winners() {
		winners = append(winners, st.SeatName(w))
	}
	if !st.Over() || fmt.Sprint(winners) != fmt.Sprint(lg.Winners) {
		t.Fatalf("replayed: over %v winners %v, log says %v", st.Over(), winners, lg.Winners)
	}
	// Finished games are listed without open=1 only.
	_, b = h.do("GET", "/api/games", "", nil)
	if !strings.Contains(string(b), g.ID) {
		t.Fatal("finished game missing from the list")
	}
	_, b = h.do("GET", "/api/games?open=1", "", nil)
	if strings.Contains(string(b), g.ID) {
		t.Fatal("finished game listed as open or live")
	}
}

func TestClaimOpenSeat(t *testing.T) {
	h := newHarness(t, Config{})
	g := h.create(`{"seats":[{"name":"Ann"},{"kind":"open"}]}`)
	if g.Seats[1].Token != "" || g.Seats[1].Kind != "open" {
		t.Fatalf("open seat: %+v", g.Seats[1])
	}
	ann := g.Seats[0].Token
	v, _ := h.view(g.ID, ann)
	if len(v.Waiting) != 1 || len(v.Legal) != 0 {
		t.Fatalf("waiting view: %+v", v)
	}
	if code, _ := h.do("POST", "/api/games/"+g.ID+"/actions", ann, map[string]any{"action": "end", "seq": 0}); code != http.StatusForbidden {
		t.Fatalf("acting while waiting: %d, want 403", code)
	}
	_, b := h.do("GET", "/api/games?open=1", "", nil)
	if !strings.Contains(string(b), `"open_seats":[1]`) {
		t.Fatalf("open list: %s", b)
	}
	if code, _ := h.do("POST", "/api/games/"+g.ID+"/seats/0/claim", "", `{"name":"Eve"}`); code != http.StatusConflict {
		t.Fatalf("claiming a human seat: %d, want 409", code)
	}
	if code, _ := h.do("POST", "/api/games/"+g.ID+"/seats/1/claim", "", `{"name":"ann"}`); code != http.StatusConflict {
		t.Fatalf("claiming with a taken name: %d, want 409", code)
	}
	code, b := h.do("POST", "/api/games/"+g.ID+"/seats/1/claim", "", `{"name":"Cid"}`)
	if code != http.StatusOK {
		t.Fatalf("claim: %d %s", code, b)
	}
	var c struct {
		Token string `json:"token"`
		Name  string `json:"name"`
	}
	json.Unmarshal(b, &c)
	if c.Token == "" || c.Name != "Cid" {
		t.Fatalf("claim answer %s", b)
	}
	if code, _ := h.do("POST", "/api/games/"+g.ID+"/seats/1/claim", "", `{"name":"Dee"}`); code != http.StatusConflict {
		t.Fatalf("second claim: %d, want 409", code)
	}
	if code, _ := h.do("POST", "/api/games/"+g.ID+"/seats/9/claim", "", `{"name":"Dee"}`); code != http.StatusNotFound {
		t.Fatalf("claim of a missing seat: %d, want 404", code)
	}
	cv, _ := h.view(g.ID, c.Token)
	if cv.Seat != 1 || cv.Players[1].Name != "Cid" || len(cv.Waiting) != 0 || cv.Players[1].Hand == nil {
		t.Fatalf("claimed seat's view: %+v", cv)
	}
	_, b = h.do("GET", "/api/games?open=1", "", nil)
	if !strings.Contains(string(b), `"open_seats":[]`) {
		t.Fatalf("list after the claim: %s", b)
	}
}

func TestBotsPlayTheirSeats(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	// Two bot-only games and one with a human: the bots finish theirs, and answer the human.
	for i := 0; i < 2; i++ {
		h.create(`{"seats":[{"name":"A","kind":"bot","bot":"greedy"},{"name":"B","kind":"bot","bot":"random"}],"options":{"max_rounds":"30"}}`)
	}
	g := h.create(`{"seed":3,"options":{"first_player":"1"},"seats":[{"name":"Ann"},{"name":"Bob","kind":"bot","bot":"greedy"}]}`)
	ann := g.Seats[0].Token
	code, b := h.do("POST", "/api/games/"+g.ID+"/actions", ann, map[string]any{"action": "end", "seq": 0})
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, b)
	}
	waitFor(t, "the bot's turn", func() bool {
		v, _ := h.view(g.ID, ann)
		return v.ToMove == "Ann" && v.Seq > 1
	})
	waitFor(t, "the bot games to end", func() bool {
		_, b := h.do("GET", "/api/games", "", nil)
		return strings.Count(string(b), `"over":true`) == 2
	})
}

func TestMessagesCatalog(t *testing.T) {
	h := newHarness(t, Config{})
	code, b := h.do("GET", "/api/messages", "", nil)
	if code != http.StatusOK {
		t.Fatalf("GET /api/messages: %d %s", code, b)
	}
	var got struct {
		Lang     string            `json:"lang"`
		Messages map[string]string `json:"messages"`
	}
	if err := json.Unmarshal(b, &got); err != nil || got.Lang != "en" || got.Messages["list.sep"] != " " {
		t.Fatalf("GET /api/messages: %s (%v)", b, err)
	}
	if got.Messages["server.not_now"] == "" || got.Messages["cli.sim.seed"] != "" {
		t.Errorf("GET /api/messages: server.not_now %q (wanted), cli.sim.seed %q (the CLI's help: not wanted)", got.Messages["server.not_now"], got.Messages["cli.sim.seed"])
	}
	if code, b := h.do("GET", "/api/messages?lang=xx", "", nil); code != http.StatusBadRequest || !strings.Contains(string(b), "no catalog") {
		t.Errorf("unknown language: %d %s", code, b)
	}
}

// TestMessagesAcceptLanguage: without ?lang= the catalog is the best match of the request's
// Accept-Language (a regional variant reads its language, an unknown one English); ?lang=
// wins over the header.
func TestMessagesAcceptLanguage(t *testing.T) {
	h := newHarness(t, Config{})
	tests := []struct {
		path, accept, want, vary string
	}{
		{"/api/messages", "", "en", "Accept-Language"},
		{"/api/messages", "fr-CA,fr;q=0.9,en;q=0.8", "fr", "Accept-Language"},
		{"/api/messages", "es-419", "es", "Accept-Language"},
		{"/api/messages", "de-DE,de;q=0.9", "en", "Accept-Language"},
		{"/api/messages", "de,es;q=0.5", "es", "Accept-Language"},
		{"/api/messages?lang=en", "fr", "en", ""},
		{"/api/messages?lang=es", "fr", "es", ""},
	}
	for _, tc := range tests {
		t.Run(tc.path+" "+tc.accept, func(t *testing.T) {
			req, _ := http.NewRequest("GET", h.ts.URL+tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Language", tc.accept)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var got struct {
				Lang     string            `json:"lang"`
				Messages map[string]string `json:"messages"`
			}
			if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("status %d, %v", res.StatusCode, err)
			}
			if got.Lang != tc.want || got.Messages["ui.back_to_lobby"] == "" {
				t.Errorf("lang %q (want %q), %d messages", got.Lang, tc.want, len(got.Messages))
			}
			if v := res.Header.Get("Vary"); v != tc.vary {
				t.Errorf("Vary %q, want %q", v, tc.vary)
			}
		})
	}
}
