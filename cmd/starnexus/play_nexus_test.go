package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlayNexusDeterministic: a bots-only Stellar Nexus game plays to its end, the same way
// twice from the same seed.
func TestPlayNexusDeterministic(t *testing.T) {
	run := func() string {
		var out, errb bytes.Buffer
		code := runPlay([]string{"--game", "nexus", "--decks", "rayji,kern", "--seats", "random,random", "--seed", "4"}, strings.NewReader(""), &out, &errb)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	a, b := run(), run()
	if a != b {
		t.Fatal("two runs from seed 4 differ")
	}
	if !strings.Contains(a, "Game over") {
		t.Fatalf("the game did not end:\n%s", a[max(0, len(a)-500):])
	}
}

// TestPlayNexusHuman: a human seat sees its hand and the numbered legal actions, and a bad
// line is answered with the reason.
func TestPlayNexusHuman(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.NewReader("bogus\n1\nquit\n")
	code := runPlay([]string{"--game", "nexus", "--decks", "rayji,kern", "--seats", "human,random", "--seed", "4"}, in, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{"hand: ", " 1. keep", "unknown action \"bogus\"", "(secret hero)"} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
}
