package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
	"starnexus/games/nexus/nexusgame"
	"starnexus/store"
)

// nexusView is the part of a Stellar Nexus view the tests read.
type nexusView struct {
	Seat    int      `json:"seat"`
	Game    string   `json:"game"`
	Seq     int      `json:"seq"`
	Legal   []string `json:"legal"`
	Over    bool     `json:"over"`
	ToMove  string   `json:"to_move"`
	Phase   string   `json:"phase"`
	Winners []string `json:"winners"`
	Waiting []int    `json:"waiting"`
	Players []struct {
		Name      string   `json:"name"`
		Hero      string   `json:"hero"`
		Hand      []string `json:"hand"`
		HandCount int      `json:"hand_count"`
	} `json:"players"`
}

func decodeNexus(t *testing.T, b []byte) nexusView {
	t.Helper()
	var v nexusView
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("view %s: %v", b, err)
	}
	return v
}

// nexusPick chooses an action that moves a game along: attack with as much as possible,
// cast, activate, choose, block, keep; then anything but pass; then pass. A declaration of
// blockers may change until confirmed (SN 12.3), so it can go round: at every other step n
// a player who may confirm does.
func nexusPick(legal []string, n int) string {
	if n%2 == 1 && slices.Contains(legal, "done") && slices.ContainsFunc(legal, func(a string) bool { return strings.HasPrefix(a, "block ") }) {
		return "done"
	}
	best := ""
	for _, a := range legal {
		if strings.HasPrefix(a, "attack with ") && a != "attack with none" && len(a) > len(best) {
			best = a
		}
	}
	if best != "" {
		return best
	}
	for _, prefix := range []string{"cast ", "activate ", "choose ", "block ", "keep", "yes", "done"} {
		for _, a := range legal {
			if strings.HasPrefix(a, prefix) {
				return a
			}
		}
	}
	for _, a := range legal {
		if a != "pass" {
			return a
		}
	}
	return legal[0]
}

func TestNexusCreateRefusals(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	for _, c := range []struct{ req, want string }{
		{`{"game":"chess","seats":[{"name":"A"},{"name":"B"}]}`, "unknown game"},
		{`{"game":"nexus","options":{"decks":"rayji,kernn"},"seats":[{"name":"A"},{"name":"B"}]}`, `seat 2 (B): no shipped deck \"kernn\": did you mean \"kern\"?`},
		{`{"game":"nexus","options":{"decks":"rayji"},"seats":[{"name":"A"},{"name":"B"}]}`, "1 deck(s) for 2 seats"},
		{`{"game":"nexus","options":{"decks":"rayji,kern"},"seats":[{"name":"A","deck":"kern"},{"name":"B"}]}`, "not both"},
		{`{"game":"realms","seats":[{"name":"A","deck":"kern"},{"name":"B"}]}`, "seat 1: a game of Star Realms has no decks to choose"},
		{`{"game":"nexus","seats":[{"name":"A"},{"name":"B","kind":"bot","bot":"velocity"}]}`, "unknown bot"},
		{`{"game":"nexus","format":"ffa","seats":[{"name":"A"},{"name":"B"}]}`, "free-for-all"},
		{`{"game":"nexus","format":"allied","seats":[{"name":"A"},{"name":"B"},{"name":"C"}]}`, "allied"},
		{`{"game":"nexus","format":"hydra","seats":[{"name":"A"},{"name":"B"}]}`, "unknown format"},
		{`{"game":"nexus","options":{"max_turn":"9"},"seats":[{"name":"A"},{"name":"B"}]}`, "did you mean max_turns"},
		{`{"game":"nexus","options":{"attack_refresh":"sometimes"},"seats":[{"name":"A"},{"name":"B"}]}`, "upkeep or every_step"},
		{`{"game":"nexus","sets":["core"],"seats":[{"name":"A"},{"name":"B"}]}`, "no card sets"},
	} {
		code, b := h.do("POST", "/api/games", "", c.req)
		if code != http.StatusBadRequest || !strings.Contains(string(b), c.want) {
			t.Errorf("%s: %d %s, want 400 with %q", c.req, code, b, c.want)
		}
	}
	// Formats by the number of seats, decks by seat or by option.
	for _, c := range []struct{ req, format, decks string }{
		{`{"game":"nexus","seats":[{"name":"A"},{"name":"B"}]}`, "duel", "damnareh,kern"},
		{`{"game":"nexus","seats":[{"name":"A","deck":"Rayji"},{"name":"B","deck":"cypios"},{"name":"C"}]}`, "ffa", "rayji,cypios,hilote"},
		{`{"game":"nexus","format":"allied","options":{"decks":"kern,rayji,hilote,cypios"},"seats":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]}`, "allied", "kern,rayji,hilote,cypios"},
	} {
		g := h.create(c.req)
		h.srv.mu.Lock()
		m := h.srv.games[g.ID].meta
		h.srv.mu.Unlock()
		if m.Format != c.format || m.Options["decks"] != c.decks {
			t.Errorf("%s: format %q decks %q, want %q %q", c.req, m.Format, m.Options["decks"], c.format, c.decks)
		}
	}
	// A random deck is one of the shipped ones.
	g := h.create(`{"game":"nexus","seats":[{"name":"A","deck":"random"},{"name":"B","deck":"random"}]}`)
	h.srv.mu.Lock()
	got := deckList(h.srv.games[g.ID].meta.Options["decks"])
	h.srv.mu.Unlock()
	if len(got) != 2 || !slices.Contains(decks.Names(), got[0]) || !slices.Contains(decks.Names(), got[1]) {
		t.Errorf("random decks: %v", got)
	}
}

func TestBotsAndDecksByGame(t *testing.T) {
	h := newHarness(t, Config{})
	for _, game := range []string{"", "realms", "nexus"} {
		code, b := h.do("GET", "/api/bots?game="+game, "", nil)
		var body struct {
			Bots []struct{ Name string } `json:"bots"`
		}
		json.Unmarshal(b, &body)
		want := testBotNames(t, map[string]string{"": "realms"}[game]+game)
		var names []string
		for _, x := range body.Bots {
			names = append(names, x.Name)
		}
		if code != http.StatusOK || !slices.Equal(names, want) {
			t.Errorf("bots of %q: %d %v, want %v", game, code, names, want)
		}
	}
	if code, _ := h.do("GET", "/api/bots?game=chess", "", nil); code != http.StatusBadRequest {
		t.Errorf("bots of chess: %d, want 400", code)
	}
	code, b := h.do("GET", "/api/decks", "", nil)
	var body struct {
		Decks []struct{ Name, Title, Hero string } `json:"decks"`
	}
	json.Unmarshal(b, &body)
	if code != http.StatusOK || len(body.Decks) != len(decks.Names()) {
		t.Fatalf("decks: %d %s", code, b)
	}
	for i, d := range body.Decks {
		if d.Name != decks.Names()[i] || d.Title == "" || d.Hero == "" {
			t.Errorf("deck %d: %+v", i, d)
		}
	}
	// The nexus cards: every card of every shipped deck, with its text.
	code, b = h.do("GET", "/api/cards?game=nexus", "", nil)
	var cs struct {
		Cards []nexusgame.CardJSON `json:"cards"`
	}
	if err := json.Unmarshal(b, &cs); code != http.StatusOK || err != nil {
		t.Fatalf("nexus cards: %d %v", code, err)
	}
	byName := map[string]nexusgame.CardJSON{}
	for _, c := range cs.Cards {
		byName[c.Name] = c
	}
	for _, n := range decks.Names() {
		d, _ := decks.Load(n)
		if c, ok := byName[d.Hero]; !ok || c.Life == nil || *c.Life <= 0 {
			t.Errorf("deck %s: hero %q: %+v", n, d.Hero, c)
		}
		for _, e := range d.Library {
			c, ok := byName[e.Name]
			if !ok || c.Cost == nil || len(c.Text)+len(c.Keywords) == 0 && c.Stats == "" {
				t.Errorf("deck %s: card %q: %+v", n, e.Name, c)
			}
		}
	}
	if c := byName["Blade Dancer"]; c.Stats == "" || !slices.Contains(c.Keywords, "Agility") ||
		len(c.KeywordText) != 1 || c.KeywordText[0].Args["name"] == nil {
		t.Errorf("Blade Dancer: %+v", c)
	}
	// Text is in messages, the engine notation in rules.
	if c := byName["Surge of Fury"]; len(c.Text) != 1 || c.Text[0].ID != "nexus.card.ab.resolve" ||
		len(c.Rules) != 1 || c.Rules[0] != "resolve: modify(T:creature, +2/+2)" || c.TypeText.ID != "nexus.card.type.instant" {
		t.Errorf("Surge of Fury: %+v", c)
	}
	if code, _ := h.do("GET", "/api/cards?game=chess", "", nil); code != http.StatusBadRequest {
		t.Errorf("cards of chess: %d, want 400", code)
	}
}

// TestNexusDuelAgainstABot creates a duel with an open seat and a bot, claims the seat and
// plays the game to the end through the API, checking on the way that no view, no socket
// message and no log shows Bob's hand or his secret hero; the final log replays the game.
func TestNexusDuelAgainstABot(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"game":"nexus","seed":11,"options":{"max_turns":"120"},"seats":[{"kind":"open","deck":"rayji"},{"name":"Bob","kind":"bot","bot":"random","deck":"kern"}]}`)
	spec := dialWS(t, h, g.ID, "")
	_, b := h.view(g.ID, "")
	if v := decodeNexus(t, b); len(v.Waiting) != 1 || v.Game != "nexus" {
		t.Fatalf("before the claim: %s", b)
	}
	code, b := h.do("POST", "/api/games/"+g.ID+"/seats/0/claim", "", `{"name":"Ann"}`)
	if code != http.StatusOK {
		t.Fatalf("claim: %d %s", code, b)
	}
	var cl struct{ Token string }
	json.Unmarshal(b, &cl)
	ann := cl.Token
	const bobHero = "Tarsk Ironvein, Forgemaster" // the kern deck's
	steps := 0
	for ; ; steps++ {
		if steps > 20000 {
			t.Fatal("the game did not end")
		}
		_, b := h.view(g.ID, ann)
		v := decodeNexus(t, b)
		if v.Seat != 0 || v.Players[0].Hand == nil && v.Players[0].HandCount > 0 || v.Players[1].Hand != nil {
			t.Fatalf("Ann's view shows the wrong hands: %s", b)
		}
		if v.Players[1].Hero == "" && strings.Contains(string(b), bobHero) {
			t.Fatalf("Ann's view names Bob's secret hero: %s", b)
		}
		// The bot may move between the two requests, so the spectator's view is judged by
		// what it shows itself: a hero it does not name as Bob's is named nowhere in it.
		_, sb := h.view(g.ID, "")
		if sv := decodeNexus(t, sb); strings.Contains(string(sb), `"hand":`) || (sv.Players[1].Hero == "" && strings.Contains(string(sb), bobHero)) {
			t.Fatalf("the spectator's view shows hidden cards: %s", sb)
		}
		if v.Over {
			break
		}
		if len(v.Legal) == 0 {
			if v.ToMove == "Ann" {
				t.Fatalf("Ann is to move with no legal action: %s", b)
			}
			waitFor(t, "Bob's move", func() bool {
				_, b := h.view(g.ID, ann)
				w := decodeNexus(t, b)
				return w.Seq != v.Seq || w.Over
			})
			continue
		}
		code, b = h.do("POST", "/api/games/"+g.ID+"/actions", ann, map[string]any{"action": nexusPick(v.Legal, steps), "seq": v.Seq})
		if code != http.StatusOK && code != http.StatusForbidden && code != http.StatusConflict {
			t.Fatalf("step %d: %q: %d %s", steps, nexusPick(v.Legal, steps), code, b)
		}
	}
	for _, m := range spec.take() {
		if strings.Contains(string(m), `"hand":`) {
			t.Fatalf("a spectator's socket got a hand: %s", m)
		}
	}
	code, b = h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
	var lg logJSON
	if code != http.StatusOK || json.Unmarshal(b, &lg) != nil {
		t.Fatalf("log: %d %s", code, b)
	}
	if !lg.Over || lg.Seed == nil || *lg.Seed != 11 || lg.Options["decks"] != "rayji,kern" || lg.Game != "nexus" {
		t.Fatalf("final log: over %v seed %v options %v", lg.Over, lg.Seed, lg.Options)
	}
	// The log replays the game to the same end.
	m := &store.Game{Game: lg.Game, Format: lg.Format, Options: lg.Options, Seed: *lg.Seed}
	for _, n := range lg.Names {
		m.Seats = append(m.Seats, store.Seat{Name: n})
	}
	st, err := h.srv.newState(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range lg.Actions {
		a, err := parseAction(st, engine.Seat(e.Seat), e.Action)
		if err == nil {
			err = st.Apply(engine.Seat(e.Seat), a)
		}
		if err != nil {
			t.Fatalf("replay %d: %v", e.Seq, err)
		}
	}
	var winners []string
	for _, w := range st.Winners() {
		winners = append(winners, st.SeatName(w))
	}
	if !st.Over() || !slices.Equal(winners, lg.Winners) {
		t.Fatalf("the replay ends over=%v with %v, the game with %v", st.Over(), winners, lg.Winners)
	}
	t.Logf("%d of Ann's steps, %d actions, winners %v", steps, len(lg.Actions), lg.Winners)
}

// TestNexusHiddenCardsChangeNothingForOthers: two games that differ only in which of Bob's
// cards are in his hand and which in his library give Ann and a spectator byte-identical
// views, the same answers to probes and the same bot decisions through Ann's turn, while
// Bob passes. The search bot (easy) decides the same only if nexus.View.Determinize deals
// the hidden cards from an order that does not depend on where they are now (Star Realms
// sorts them before the shuffle); this position once caught it dealing from their present
// places.
func TestNexusHiddenCardsChangeNothingForOthers(t *testing.T) {
	names := testBotNames(t, "nexus")
	for _, bot := range []string{"random", "greedy", "easy"} {
		if !slices.Contains(names, bot) {
			t.Fatalf("no nexus bot %q (have %v)", bot, names)
		}
		t.Run(bot, func(t *testing.T) { nexusInvariance(t, bot) })
	}
}

func nexusInvariance(t *testing.T, bot string) {
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	three := func(tapped bool) []nexus.Perm {
		return []nexus.Perm{{Card: "Nexus Shard", Tapped: tapped}, {Card: "Nexus Shard", Tapped: tapped}, {Card: "Nexus Shard", Tapped: tapped}}
	}
	vs := viewServer(t)
	mk := func(bobHand, bobLibrary []string) *game {
		pos := nexus.Position{Seed: 5, Active: "Ann", Phase: "main1", Players: []nexus.PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub", "Surge of Fury", "Dune Stalker", "Pounce"},
				Library: []string{"Blade Dancer", "Warpaint", "Ember Cub", "Dune Stalker"}, Resources: three(false),
				Field: []nexus.Perm{{Card: "Blade Dancer"}}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: bobHand, Library: bobLibrary, Resources: three(true),
				Field: []nexus.Perm{{Card: "Rivet Sentry"}}},
		}}
		st, err := nexus.NewPosition(tab, pos)
		if err != nil {
			t.Fatal(err)
		}
		meta := &store.Game{ID: "inv", Game: "nexus", Format: "duel",
			Seats: []store.Seat{{Name: "Ann", Kind: store.Human}, {Name: "Bob", Kind: store.Human}}}
		return &game{id: "inv", meta: meta, st: st, last: []int{-1, -1}}
	}
	a := mk([]string{"Magma Titan", "Field Repairs", "Hammerfall Challenge"}, []string{"Rivet Sentry", "Forge Apprentice", "Ironclad Brute", "Arc Gauntlet"})
	b := mk([]string{"Rivet Sentry", "Forge Apprentice", "Ironclad Brute"}, []string{"Arc Gauntlet", "Magma Titan", "Hammerfall Challenge", "Field Repairs"})
	probes := []string{"cast Pounce", "cast Magma Titan", "cast Field Repairs", "activate hero", "attack with Blade Dancer",
		"block Blade Dancer with Rivet Sentry", "choose Bob", "choose Rivet Sentry", "pass", "done"}
	botA, botB := testBot(t, "nexus", bot), testBot(t, "nexus", bot)
	ann := 0
	for step := 0; ; step++ {
		if step > 400 {
			t.Fatal("Ann's turn did not end")
		}
		for _, seat := range []engine.Seat{0, engine.Spectator} {
			va, err := a.view(vs, seat)
			if err != nil {
				t.Fatal(err)
			}
			vb, _ := b.view(vs, seat)
			if string(va) != string(vb) {
				t.Fatalf("step %d: seat %d's views differ:\n%s\n%s", step, seat, va, vb)
			}
			for _, n := range []string{"Magma Titan", "Ironclad Brute", "Forge Apprentice"} {
				if strings.Contains(string(va), n) {
					t.Fatalf("step %d: seat %d's view names %s, a hidden card of Bob's:\n%s", step, seat, n, va)
				}
			}
		}
		sa := a.st.(*nexus.State)
		if sa.Active != 0 || sa.Over() {
			break // Bob's turn: his hand is his to show now
		}
		toMove := a.st.ToMove(nil)
		if fmt.Sprint(toMove) != fmt.Sprint(b.st.ToMove(nil)) || len(toMove) != 1 {
			t.Fatalf("step %d: to move %v and %v", step, toMove, b.st.ToMove(nil))
		}
		var text string
		if toMove[0] == 1 {
			// Bob answers the same in both games: he passes, or declares nothing.
			for _, l := range a.legalTexts(1) {
				if l == "pass" || l == "done" || l == "no" || l == "skip" || l == "attack with none" {
					text = l
					break
				}
			}
			if text == "" {
				t.Fatalf("step %d: Bob cannot pass: %v", step, a.legalTexts(1))
			}
		} else {
			ann++
			_, text = sameAnswers(t, step, a, b, probes, botA, botB)
		}
		for _, g := range []*game{a, b} {
			seat := toMove[0]
			act, err := parseAction(g.st, seat, text)
			if err == nil {
				err = g.st.Apply(seat, act)
			}
			if err != nil {
				t.Fatalf("step %d: %q: %v", step, text, err)
			}
			g.log = append(g.log, store.Action{Seq: len(g.log), Seat: int(seat), Text: text})
		}
	}
	if ann < 3 {
		t.Fatalf("Ann took only %d decisions", ann)
	}
}

// TestNexusAlliedHands: in allied play a seat sees its ally's hand and not the opponents';
// a spectator sees none.
func TestNexusAlliedHands(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"game":"nexus","format":"allied","seed":3,"seats":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]}`)
	// Everybody keeps, so that hands are dealt for good.
	for i := 0; i < 4; i++ {
		v, _ := h.view(g.ID, g.Seats[i].Token)
		if slices.Contains(v.Legal, "keep") {
			if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", g.Seats[i].Token, map[string]any{"action": "keep", "seq": v.Seq}); code != http.StatusOK {
				t.Fatalf("keep: %d %s", code, b)
			}
		}
	}
	for i := 0; i < 4; i++ {
		_, b := h.view(g.ID, g.Seats[i].Token)
		v := decodeNexus(t, b)
		for p := 0; p < 4; p++ {
			ally := p%2 == i%2
			if (v.Players[p].Hand != nil) != ally || (ally && len(v.Players[p].Hand) != v.Players[p].HandCount) {
				t.Errorf("seat %d sees seat %d's hand: %v (ally %v)", i, p, v.Players[p].Hand, ally)
			}
		}
	}
	_, b := h.view(g.ID, "")
	if strings.Contains(string(b), `"hand":`) {
		t.Errorf("the spectator sees a hand: %s", b)
	}
}

// TestListedTextsAreAccepted: through whole random Stellar Nexus games (of every format),
// every text a seat's view lists resolves to a legal action with that very text, also where
// two objects share a name; so a client that sends what it was offered is never refused.
func TestListedTextsAreAccepted(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	for g, seats := range []int{2, 2, 2, 3, 4, 4} {
		m := &store.Game{Game: "nexus", Seed: uint64(100 + g), Options: map[string]string{"max_turns": "40"}}
		if g == 4 {
			m.Format = "allied"
		}
		for i := 0; i < seats; i++ {
			m.Seats = append(m.Seats, store.Seat{Name: fmt.Sprintf("P%d", i+1)})
		}
		if err := prepare(h.srv.registered(t, "nexus"), m); err != nil {
			t.Fatal(err)
		}
		st, err := h.srv.newState(m)
		if err != nil {
			t.Fatal(err)
		}
		gm := &game{id: "texts", meta: m, st: st, last: make([]int, seats)}
		rng := engine.NewRNG(uint64(g))
		for step := 0; !st.Over(); step++ {
			if step > 50000 {
				t.Fatalf("game %d did not end", g)
			}
			seat := st.ToMove(nil)[0]
			texts := gm.legalTexts(seat)
			if len(texts) == 0 {
				t.Fatalf("game %d step %d: %s has no legal action", g, step, st.SeatName(seat))
			}
			for _, text := range texts {
				a, err := parseAction(st, seat, text)
				if err != nil || !contains(st.Legal(seat, nil), a) || st.ActionText(seat, a) != text {
					t.Fatalf("game %d step %d: the listed %q is not accepted as itself (%v)", g, step, text, err)
				}
			}
			a, _ := parseAction(st, seat, texts[rng.Intn(len(texts))])
			st.ApplyTrusted(seat, a)
		}
	}
}

// TestNexusGameSurvivesARestart: a Stellar Nexus game in progress comes back from the store
// exactly (the same views for every seat and a spectator) when the server starts again.
func TestNexusGameSurvivesARestart(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"game":"nexus","seed":21,"seats":[{"name":"Ann","deck":"hilote"},{"name":"Bob","deck":"damnareh"}]}`)
	tokens := map[string]string{"Ann": g.Seats[0].Token, "Bob": g.Seats[1].Token}
	for i := 0; i < 60; i++ {
		v, _ := h.view(g.ID, "")
		sv, _ := h.view(g.ID, tokens[v.ToMove])
		if code, b := h.do("POST", "/api/games/"+g.ID+"/actions", tokens[v.ToMove], map[string]any{"action": nexusPick(sv.Legal, i), "seq": sv.Seq}); code != http.StatusOK {
			t.Fatalf("action %d: %d %s", i, code, b)
		}
	}
	before := map[string]string{}
	for _, tok := range []string{tokens["Ann"], tokens["Bob"], ""} {
		_, b := h.view(g.ID, tok)
		before[tok] = string(b)
	}
	h.stop()
	h.start(Config{AllowSeed: true})
	for tok, want := range before {
		if _, b := h.view(g.ID, tok); string(b) != want {
			t.Fatalf("after the restart the view changed:\n%s\n%s", want, b)
		}
	}
}

// TestNexusMulligansStayHidden: each player's opening-hand decisions and their number are
// hidden from the others until all have kept (SN 10.6): Bob, a spectator, the live log and
// the game list see no entry and no count of Ann's mulligans; then everything is public.
func TestNexusMulligansStayHidden(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"game":"nexus","seed":8,"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	ann, bob := g.Seats[0].Token, g.Seats[1].Token
	act := func(tok, action string, seq int) (int, []byte) {
		return h.do("POST", "/api/games/"+g.ID+"/actions", tok, map[string]any{"action": action, "seq": seq})
	}
	for i, a := range []string{"mulligan", "mulligan", "keep"} {
		if code, b := act(ann, a, i); code != http.StatusOK {
			t.Fatalf("Ann's %s: %d %s", a, code, b)
		}
	}
	if v, _ := h.view(g.ID, ann); v.Seq != 3 || len(v.Log) != 3 {
		t.Fatalf("Ann's own view: seq %d, %d log entries", v.Seq, len(v.Log))
	}
	for who, tok := range map[string]string{"Bob": bob, "a spectator": ""} {
		v, b := h.view(g.ID, tok)
		if v.Seq != 0 || len(v.Log) != 0 || strings.Contains(string(b), `"action":"mulligan"`) || strings.Contains(string(b), `"action":"keep"`) {
			t.Fatalf("%s sees Ann's decisions: %s", who, b)
		}
	}
	_, lb := h.do("GET", "/api/games/"+g.ID+"/log", "", nil)
	_, gl := h.do("GET", "/api/games?open=1", "", nil)
	if strings.Contains(string(lb), `"action":"mulligan"`) || strings.Contains(string(lb), `"action":"keep"`) || !strings.Contains(string(gl), `"seq":0`) {
		t.Fatalf("the live log or the list tells Ann's decisions:\n%s\n%s", lb, gl)
	}
	// Probing seqs tells Bob nothing: beyond his count is refused as such, whatever Ann did.
	for _, seq := range []int{1, 2, 3, 4} {
		if code, b := act(bob, "keep", seq); code != http.StatusConflict || !strings.Contains(string(b), `"seq":0`) {
			t.Fatalf("Bob's probe at %d: %d %s", seq, code, b)
		}
	}
	if code, b := act(ann, "keep", 2); code != http.StatusConflict {
		t.Fatalf("Ann's repeated request: %d %s, want 409", code, b)
	}
	if code, b := act(bob, "keep", 0); code != http.StatusOK {
		t.Fatalf("Bob keeps with the seq of his view: %d %s", code, b)
	}
	v, b := h.view(g.ID, bob)
	if v.Seq != 4 || len(v.Log) != 4 || v.Log[0].Action != "mulligan" || v.Log[0].Seq != 0 || v.Log[3].Action != "keep" {
		t.Fatalf("once all have kept, Bob sees every decision: %s", b)
	}
	if sv, _ := h.view(g.ID, ""); sv.Seq != 4 {
		t.Fatalf("the spectator's seq after the mulligans: %d", sv.Seq)
	}
}

// TestNexusMulliganCountChangesNothingForOthers: while Bob decides on his opening hand, Ann
// and a spectator get byte-identical views whether he has mulliganed twice or not at all.
func TestNexusMulliganCountChangesNothingForOthers(t *testing.T) {
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lib := func(names ...string) []string {
		var out []string
		for len(out) < 14 {
			out = append(out, names...)
		}
		return out
	}
	vs := viewServer(t)
	mk := func() *game {
		pos := nexus.Position{Seed: 9, Players: []nexus.PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Library: lib("Ember Cub", "Dune Stalker", "Pounce"), ResourcePile: lib("Nexus Shard")},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Library: lib("Rivet Sentry", "Magma Titan"), ResourcePile: lib("Nexus Shard")},
		}}
		st, err := nexus.NewPosition(tab, pos)
		if err != nil {
			t.Fatal(err)
		}
		meta := &store.Game{ID: "mull", Game: "nexus", Format: "duel",
			Seats: []store.Seat{{Name: "Ann", Kind: store.Human}, {Name: "Bob", Kind: store.Human}}}
		return &game{id: "mull", meta: meta, st: st, last: []int{-1, -1}}
	}
	play := func(g *game, seat engine.Seat, text string) {
		t.Helper()
		a, err := parseAction(g.st, seat, text)
		if err == nil {
			err = g.st.Apply(seat, a)
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		g.log = append(g.log, store.Action{Seq: len(g.log), Seat: int(seat), Text: text})
		g.last[seat] = len(g.log) - 1
	}
	a, b := mk(), mk()
	play(a, 0, "keep")
	play(b, 0, "keep")
	for k := 0; k < 2; k++ {
		play(b, 1, "mulligan")
		for _, seat := range []engine.Seat{0, engine.Spectator} {
			va, _ := a.view(vs, seat)
			vb, _ := b.view(vs, seat)
			if string(va) != string(vb) {
				t.Fatalf("after Bob's mulligan %d, seat %d's views differ:\n%s\n%s", k+1, seat, va, vb)
			}
		}
		if vb, _ := b.view(vs, 1); !strings.Contains(string(vb), `"mulligans":`+fmt.Sprint(k+1)) {
			t.Fatalf("Bob's own view does not count his mulligans: %s", vb)
		}
	}
	play(a, 1, "keep")
	play(b, 1, "keep")
	if va, _ := a.view(vs, 0); !strings.Contains(string(va), `"seq":2`) {
		t.Fatalf("after all have kept, Ann's view counts every entry: %s", va)
	}
	if vb, _ := b.view(vs, 0); !strings.Contains(string(vb), `"seq":4`) || !strings.Contains(string(vb), `"action":"mulligan"`) {
		t.Fatalf("after all have kept, Ann sees Bob's mulligans: %s", vb)
	}
}
