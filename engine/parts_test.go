package engine_test

import (
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
)

func TestTextParts(t *testing.T) {
	for _, c := range []struct{ text, verb string }{
		{"add 3", "add"},
		{"  end ", "end"},
		{"pass", "pass"},
		{"", ""},
	} {
		if got := engine.TextParts(c.text); got != (engine.ActionParts{Verb: c.verb}) {
			t.Errorf("TextParts(%q) = %+v, want the verb %q alone", c.text, got, c.verb)
		}
	}
}

// describer is the toy game with a describer of its own, to show DescribeAction prefers it.
type describer struct{ engine.State }

func (describer) DescribeAction(engine.Seat, engine.Action) engine.ActionParts {
	return engine.ActionParts{Verb: "add", Amount: 1}
}

func TestDescribeActionFallsBackOnTheText(t *testing.T) {
	st, err := toygame.Game{}.New(engine.Setup{Names: []string{"A", "B"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seat := st.ToMove(nil)[0]
	a := st.Legal(seat, nil)[0]
	if got := engine.DescribeAction(st, seat, a); got.Verb != "add" || got.Amount != 0 {
		t.Errorf("the toy's fallback parts: %+v", got)
	}
	if got := engine.DescribeAction(describer{st}, seat, a); got.Amount != 1 {
		t.Errorf("a describer's own parts are not used: %+v", got)
	}
}
