package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
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
		{I: 0, Kind: "stat", Seat: 0, Stat: "trade", Amount: 1, Source: "Scout"},
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
