package engine

import (
	"testing"

	"starnexus/i18n"
)

func TestAskerAndListMsgs(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	names := func(ns ...string) []i18n.Msg {
		var out []i18n.Msg
		for _, n := range ns {
			out = append(out, AskerMsg(Asker{Card: n}))
		}
		return out
	}
	for _, c := range []struct {
		m    i18n.Msg
		want string
	}{
		{AskerMsg(Asker{Card: "Trading Post", Ability: "primary"}), "Trading Post (Primary)"},
		{AskerMsg(Asker{Card: "Blob Destroyer", Ability: "ally"}), "Blob Destroyer (Ally)"},
		{AskerMsg(Asker{Card: "Ion Drake", Number: 2}), "Ion Drake #2"},
		{AskerMsg(Asker{Card: "Kaira Swiftclaw", Ability: "hero"}), "Kaira Swiftclaw (Hero)"},
		{AskerMsg(Asker{Card: "Sunforge Totem", Ability: "affinity"}), "Sunforge Totem (Affinity)"},
		{AskerMsg(Asker{Card: "Kaira Swiftclaw", Ability: "Quickening"}), "Kaira Swiftclaw (Quickening)"},
		{ListMsg(nil), "nothing"},
		{ListMsg(names("A")), "A"},
		{ListMsg(names("A", "B")), "A and B"},
		{ListMsg(names("A", "B", "C")), "A, B and C"},
		{ListMsg(names("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R")),
			"A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q and R"},
	} {
		if got := en.Render(c.m); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}
