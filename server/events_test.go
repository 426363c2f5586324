package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/coder/websocket"
)

type eventsView struct {
	Seq    int         `json:"seq"`
	Legal  []string    `json:"legal"`
	Events []eventJSON `json:"events"`
}

func (h *harness) eventsView(id, token, since string) eventsView {
	h.t.Helper()
	path := "/api/games/" + id + "/view"
	if since != "" {
		path += "?since=" + since
	}
	code, b := h.do("GET", path, token, nil)
	if code != http.StatusOK {
		h.t.Fatalf("view: %d %s", code, b)
	}
	var v eventsView
	if err := json.Unmarshal(b, &v); err != nil {
		h.t.Fatal(err)
	}
	return v
}

// TestViewsCarryEvents: a view carries the events of the actions since the seq its client
// names, as its seat may see them (the cards Ann draws only to Ann), numbered by action; the
// answer to an action carries the events since the seq it was sent with; a restarted server
// tells no client of old actions again; a bad since is refused.
func TestViewsCarryEvents(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.create(`{"game":"realms","seed":5,"seats":[{"name":"Ann"},{"name":"Bob"}],"options":{"first_player":"1"}}`)
	ann, bob := c.Seats[0].Token, c.Seats[1].Token
	if v := h.eventsView(c.ID, ann, ""); len(v.Events) != 0 {
		t.Fatalf("a view without since carries events: %+v", v.Events)
	}
	code, b := h.do("POST", "/api/games/"+c.ID+"/actions", ann, map[string]any{"action": "play Scout", "seq": 0})
	if code != http.StatusOK {
		t.Fatalf("play Scout: %d %s", code, b)
	}
	var after eventsView
	if err := json.Unmarshal(b, &after); err != nil {
		t.Fatal(err)
	}
	want := []eventJSON{
		{I: 0, Kind: "moved", Seat: 0, Card: "Scout", From: "hand", To: "in_play"},
		{I: 0, Kind: "triggered", Seat: 0, Card: "Scout", Ability: "primary"},
		{I: 0, Kind: "stat", Seat: 0, Stat: "trade", Amount: 1, Total: 1, Source: "Scout"},
	}
	if fmt.Sprint(after.Events) != fmt.Sprint(want) {
		t.Fatalf("the answer to play Scout carries\n%+v\nwant\n%+v", after.Events, want)
	}
	code, b = h.do("POST", "/api/games/"+c.ID+"/actions", ann, map[string]any{"action": "end", "seq": 1})
	if code != http.StatusOK {
		t.Fatalf("end: %d %s", code, b)
	}
	drawn := func(v eventsView) (named, hidden int) {
		for _, e := range v.Events {
			if e.Kind == "moved" && e.From == "deck" && e.To == "hand" && e.Seat == 0 {
				if e.Card != "" {
					named++
				} else {
					hidden++
				}
			}
		}
		return
	}
	if n, h := drawn(h.eventsView(c.ID, ann, "1")); n != 5 || h != 0 {
		t.Errorf("Ann sees %d of her 5 draws named and %d hidden", n, h)
	}
	for who, tok := range map[string]string{"Bob": bob, "a spectator": ""} {
		v := h.eventsView(c.ID, tok, "1")
		if n, h := drawn(v); n != 0 || h != 5 {
			t.Errorf("%s sees %d of Ann's 5 draws named and %d hidden", who, n, h)
		}
		for _, e := range v.Events {
			if e.I != 1 {
				t.Errorf("%s: an event of the end has i %d", who, e.I)
			}
		}
	}
	if v := h.eventsView(c.ID, bob, "0"); len(v.Events) == 0 || v.Events[0].I != 0 {
		t.Errorf("since 0 does not start with the first action's events: %+v", v.Events)
	}
	// A restart rebuilds the game from the log without telling its events again.
	h.stop()
	h.start(Config{AllowSeed: true})
	if v := h.eventsView(c.ID, bob, "0"); len(v.Events) != 0 || v.Seq != 2 {
		t.Errorf("after a restart, since 0 gives seq %d and events %+v", v.Seq, v.Events)
	}
	for _, bad := range []string{"-1", "x"} {
		if code, b := h.do("GET", "/api/games/"+c.ID+"/view?since="+bad, bob, nil); code != http.StatusBadRequest {
			t.Errorf("since=%s: %d %s", bad, code, b)
		}
	}
}

// TestWebSocketPushesCarryEvents: each push carries the events of the actions since the
// previous push to that socket, as its seat may see them: Ann's own draws named to her, blank
// to a spectator, and no event twice.
func TestWebSocketPushesCarryEvents(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.create(`{"game":"realms","seed":5,"seats":[{"name":"Ann"},{"name":"Bob"}],"options":{"first_player":"1"}}`)
	ann := dialWS(t, h, c.ID, `{"token":"`+c.Seats[0].Token+`"}`)
	spec := dialWS(t, h, c.ID, "")
	waitFor(t, "the first pushes", func() bool { return ann.lastSeq() == 0 && spec.lastSeq() == 0 })
	events := func(r *wsRecorder) []eventJSON {
		var out []eventJSON
		for _, m := range r.take() {
			var v eventsView
			if err := json.Unmarshal(m, &v); err != nil {
				t.Fatalf("push %s: %v", m, err)
			}
			out = append(out, v.Events...)
		}
		return out
	}
	if e := append(events(ann), events(spec)...); len(e) != 0 {
		t.Fatalf("the first pushes carry events of no action: %+v", e)
	}
	send := func(action string, seq int) {
		msg, _ := json.Marshal(map[string]any{"action": action, "seq": seq})
		if err := ann.conn.Write(context.Background(), websocket.MessageText, msg); err != nil {
			t.Fatal(err)
		}
	}
	send("play Scout", 0)
	waitFor(t, "the pushes of play Scout", func() bool { return ann.lastSeq() == 1 && spec.lastSeq() == 1 })
	want := fmt.Sprint([]eventJSON{
		{I: 0, Kind: "moved", Seat: 0, Card: "Scout", From: "hand", To: "in_play"},
		{I: 0, Kind: "triggered", Seat: 0, Card: "Scout", Ability: "primary"},
		{I: 0, Kind: "stat", Seat: 0, Stat: "trade", Amount: 1, Total: 1, Source: "Scout"},
	})
	for who, r := range map[string]*wsRecorder{"Ann": ann, "the spectator": spec} {
		if got := fmt.Sprint(events(r)); got != want {
			t.Errorf("%s's push after play Scout carries %s, want %s", who, got, want)
		}
	}
	send("end", 1)
	waitFor(t, "the pushes of end", func() bool { return ann.lastSeq() == 2 && spec.lastSeq() == 2 })
	draws := func(evs []eventJSON) (named, blank int) {
		for _, e := range evs {
			if e.I != 1 {
				t.Errorf("an event of action %d in the push of action 1: %+v", e.I, e)
			}
			if e.Kind == "moved" && e.From == "deck" && e.To == "hand" && e.Seat == 0 {
				if e.Card != "" {
					named++
				} else {
					blank++
				}
			}
		}
		return
	}
	if n, b := draws(events(ann)); n != 5 || b != 0 {
		t.Errorf("Ann's push names %d of her 5 draws and blanks %d", n, b)
	}
	if n, b := draws(events(spec)); n != 0 || b != 5 {
		t.Errorf("the spectator's push names %d of Ann's 5 draws and blanks %d", n, b)
	}
}

// TestRevealedEntriesBringTheirEventsOnce: in a three-player game of Stellar Nexus, each
// player's mulligans are hidden from the others until all have kept (SN 10.6), so Ann's come
// into Bob's view after his own. A client of Bob's that asks, after each action, for the events
// since the seq it has gets every action's events once, in the order they became visible to
// him, and together they are what a client that starts over (since 0) gets.
func TestRevealedEntriesBringTheirEventsOnce(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	c := h.create(`{"game":"nexus","format":"ffa","seed":3,"seats":[{"name":"Ann"},{"name":"Bob"},{"name":"Cid"}]}`)
	tokens := []string{c.Seats[0].Token, c.Seats[1].Token, c.Seats[2].Token}
	bob := tokens[1]
	var got []eventJSON
	since := 0
	for _, step := range []struct {
		seat int
		text string
	}{{0, "mulligan"}, {0, "keep"}, {1, "mulligan"}, {1, "keep"}, {2, "keep"}} {
		v, _ := h.view(c.ID, tokens[step.seat])
		if code, b := h.do("POST", "/api/games/"+c.ID+"/actions", tokens[step.seat], map[string]any{"action": step.text, "seq": v.Seq}); code != http.StatusOK {
			t.Fatalf("seat %d's %q: %d %s", step.seat, step.text, code, b)
		}
		ev := h.eventsView(c.ID, bob, fmt.Sprint(since))
		for _, e := range ev.Events {
			if e.I < since {
				t.Errorf("after %q, an event numbered %d comes with since %d", step.text, e.I, since)
			}
		}
		got = append(got, ev.Events...)
		since = ev.Seq
	}
	if since != 5 {
		t.Fatalf("Bob's seq is %d after five actions he now all sees", since)
	}
	all := h.eventsView(c.ID, bob, "0").Events
	if fmt.Sprint(got) != fmt.Sprint(all) {
		t.Fatalf("Bob's client gathered\n%+v\nbut since 0 gives\n%+v", got, all)
	}
	annKept := false
	for _, e := range got {
		annKept = annKept || (e.Kind == "chose" && e.Seat == 0 && e.Source == "mulligan" && e.Amount == 1)
	}
	if !annKept {
		t.Errorf("Bob never learns that Ann kept after one mulligan: %+v", got)
	}
}
