package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestWebSocketPlay(t *testing.T) {
	h := newHarness(t, Config{AllowSeed: true})
	g := h.create(`{"seed":4,"options":{"first_player":"1"},"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	ann := dialWS(t, h, g.ID, `{"token":"`+g.Seats[0].Token+`"}`)
	spec := dialWS(t, h, g.ID, "")
	waitFor(t, "the first pushes", func() bool { return ann.lastSeq() == 0 && spec.lastSeq() == 0 })
	first := ann.take()
	var v viewT
	json.Unmarshal(first[len(first)-1], &v)
	if v.Seat != 0 || len(v.Legal) == 0 || v.Players[0].Hand == nil {
		t.Fatalf("Ann's first push: %s", first[len(first)-1])
	}
	msg, _ := json.Marshal(map[string]any{"action": v.Legal[0], "seq": 0})
	if err := ann.conn.Write(context.Background(), websocket.MessageText, msg); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the pushes of the new view", func() bool { return ann.lastSeq() == 1 && spec.lastSeq() == 1 })
	for _, m := range spec.take() {
		var sv viewT
		json.Unmarshal(m, &sv)
		if sv.Seat != -1 || len(sv.Legal) != 0 || sv.Players[0].Hand != nil || sv.Players[1].Hand != nil {
			t.Fatalf("spectator push: %s", m)
		}
	}
	// The same message again is stale: an error comes back and nothing changes.
	ann.take()
	ann.conn.Write(context.Background(), websocket.MessageText, msg)
	waitFor(t, "the refusal", func() bool {
		ann.mu.Lock()
		defer ann.mu.Unlock()
		return len(ann.msgs) > 0
	})
	if m := ann.take(); !strings.Contains(string(m[0]), `"status":409`) {
		t.Fatalf("repeated message answered %s", m[0])
	}
	if hv, _ := h.view(g.ID, ""); hv.Seq != 1 {
		t.Fatalf("seq %d after a refused repeat", hv.Seq)
	}
}

func TestWebSocketUnknownToken(t *testing.T) {
	h := newHarness(t, Config{})
	g := h.create(`{"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	url := "ws" + strings.TrimPrefix(h.ts.URL, "http") + "/api/games/" + g.ID + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.Write(ctx, websocket.MessageText, []byte("forged-token"))
	_, b, err := conn.Read(ctx)
	if err != nil || !strings.Contains(string(b), `"status":401`) || strings.Contains(string(b), "players") {
		t.Fatalf("first message after a forged token: %s %v", b, err)
	}
	if _, _, err := conn.Read(ctx); websocket.CloseStatus(err) != 4401 {
		t.Fatalf("close: %v, want status 4401", err)
	}
}
