package server

import (
	"encoding/json"
	"slices"
	"testing"

	"starnexus/i18n"
)

type partsView struct {
	Legal   []string      `json:"legal"`
	Actions []actionJSON  `json:"actions"`
	Pending *decisionJSON `json:"pending"`
	Seq     int           `json:"seq"`
}

func (h *harness) partsView(id, token string) partsView {
	h.t.Helper()
	_, b := h.view(id, token)
	var v partsView
	if err := json.Unmarshal(b, &v); err != nil {
		h.t.Fatal(err)
	}
	if len(v.Actions) != len(v.Legal) {
		h.t.Fatalf("%d actions for %d legal texts: %s", len(v.Actions), len(v.Legal), b)
	}
	for i, a := range v.Actions {
		if a.Text != v.Legal[i] || a.Verb == "" {
			h.t.Fatalf("action %d: %+v, legal text %q", i, a, v.Legal[i])
		}
	}
	return v
}

// TestViewsCarryActionParts: every game's views list the legal actions with their parts, in
// the order of legal, and the pending decision as data; a game that does not describe its
// actions (the toy) gets the first word of each text as its verb.
func TestViewsCarryActionParts(t *testing.T) {
	h := newHarness(t, Config{Games: toyRegistry(t), AllowSeed: true})

	r := h.create(`{"game":"realms","seed":3,"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	ann, bob := r.Seats[0].Token, r.Seats[1].Token
	v := h.partsView(r.ID, ann)
	verbs := map[string]bool{}
	for _, a := range v.Actions {
		verbs[a.Verb] = true
		if a.Verb == "play" && (a.Card == "" || a.Text != "play "+a.Card || a.Zone != "hand") {
			t.Errorf("a play action's parts: %+v", a)
		}
		if a.Verb == "buy" && a.Card == "" {
			t.Errorf("a buy action's parts: %+v", a)
		}
	}
	if !verbs["play"] || !verbs["end"] || v.Pending != nil {
		t.Errorf("Ann's first view: %+v", v)
	}
	if w := h.partsView(r.ID, bob); len(w.Actions) != 0 || w.Actions == nil {
		t.Errorf("Bob, who may not act, is listed %+v", w.Actions)
	}
	if w := h.partsView(r.ID, ""); len(w.Actions) != 0 {
		t.Errorf("a spectator is listed %+v", w.Actions)
	}

	n := h.create(`{"game":"nexus","seed":5,"seats":[{"name":"Ann","deck":"rayji"},{"name":"Bob","deck":"kern"}]}`)
	nv := h.partsView(n.ID, n.Seats[0].Token)
	if nv.Pending == nil || nv.Pending.Kind == "" {
		t.Fatalf("the nexus view has no pending decision: %+v", nv)
	}
	for _, a := range nv.Actions {
		if !slices.Contains([]string{"keep", "mulligan", "swap", "done", "choose"}, a.Verb) {
			t.Errorf("the first nexus decision lists %+v", a)
		}
	}
	sv := h.partsView(n.ID, "")
	if sv.Pending == nil || sv.Pending.Kind != nv.Pending.Kind {
		t.Fatalf("the spectator's pending decision %+v, Ann's %+v", sv.Pending, nv.Pending)
	}
	// The prompt is a message, rendered with the catalog GET /api/messages serves: it speaks
	// to the seat that decides and names that seat to the others.
	cat, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who  string
		d    *decisionJSON
		want string
	}{
		{"Ann", nv.Pending, "Keep your opening hand or take a mulligan?"},
		{"a spectator", sv.Pending, "Ann decides whether to keep their opening hand."},
	} {
		if c.d.Prompt == nil || cat.Render(*c.d.Prompt) != c.want {
			t.Errorf("%s's prompt %+v, want %q", c.who, c.d.Prompt, c.want)
		}
	}

	toy := h.create(`{"game":"toy","seed":7,"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	tv := h.partsView(toy.ID, toy.Seats[0].Token)
	if len(tv.Actions) == 0 {
		tv = h.partsView(toy.ID, toy.Seats[1].Token)
	}
	if len(tv.Actions) == 0 || tv.Pending != nil {
		t.Fatalf("toy view: %+v", tv)
	}
	for _, a := range tv.Actions {
		if a.Verb != "add" || a.Card != "" || a.Target != nil {
			t.Errorf("the toy's fallback parts: %+v", a)
		}
	}
}
