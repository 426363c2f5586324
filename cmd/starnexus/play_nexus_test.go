package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayNexusBots: bot games play to the end, print every turn and the result, and the same
// seed prints the same game; three and four seats play a free-for-all with one shipped deck
// each by default.
func TestPlayNexusBots(t *testing.T) {
	tests := []struct {
		args []string
		want []string // lines or fragments the output must contain
	}{
		{[]string{"--seats", "greedy,random", "--seed", "4"},
			[]string{"Stellar Nexus, duel, seed 4: P1 (greedy, damnareh), P2 (random, kern)", "Turn 1: P1 (life: P1 20, P2 20)", "\nResult: P1 won on turn "}},
		{[]string{"--seats", "random,greedy", "--decks", "rayji,kern", "--names", "Ann,Bob", "--seed", "9"},
			[]string{"Ann (random, rayji), Bob (greedy, kern)", "\nResult: Bob won on turn "}},
		{[]string{"--seats", "greedy,random,random", "--seed", "2"},
			[]string{"ffa, seed 2: P1 (greedy, damnareh), P2 (random, kern), P3 (random, hilote)", "Result: "}},
		{[]string{"--seats", "greedy,greedy,greedy,greedy", "--decks", "cypios,rayji,kern,hilote", "--seed", "5"},
			[]string{"P4 (greedy, hilote)", "Result: "}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"play", "--game", "nexus"}, tc.args...)
			code, first, stderr := runStarnexus(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(first, w) {
					t.Errorf("output lacks %q; it ends with:\n%s", w, tail(first, 20))
				}
			}
			if _, second, _ := runStarnexus(t, "", args...); first != second {
				t.Error("the same seed printed two different games")
			}
		})
	}
}

// TestPlayNexusHuman: a human sees the phase, life, its own hand (never the bot's), the
// resources and the numbered actions; it answers by number or by text, and a wrong number
// is explained.
func TestPlayNexusHuman(t *testing.T) {
	code, out, stderr := runStarnexus(t, "99\nkeep\n1\nquit\n", "play", "--game", "nexus", "--seats", "human,greedy", "--names", "Ann,Bob", "--decks", "kern,rayji", "--seed", "3", "--save", filepath.Join(t.TempDir(), "g.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range []string{
		"Ann: keep or mulligan", "  hand: ", "Resources untapped/total: Ann 0/0, Bob 0/0",
		"   1) keep\n   2) mulligan\n", "error: no action numbered 99 (1 to 2)", "> ",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if strings.Count(out, "  hand: ") != strings.Count(out, "\nAnn — ") {
		t.Errorf("a hand other than Ann's is shown:\n%s", out)
	}
	if strings.Contains(out, "Bob: mulligan") || strings.Contains(out, "Bob: keep") {
		t.Errorf("the bot's mulligan decision is shown before everybody kept:\n%s", out)
	}
}

func TestPlayNexusErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--seats", "greedy,random", "--decks", "rayji"}, "option decks: 1 deck(s) for 2 seats"},
		{[]string{"--seats", "greedy,random", "--decks", "rayjj,kern"}, `did you mean "rayji"`},
		{[]string{"--seats", "greedy,grredy"}, `seat 2: unknown bot "grredy"`},
		{[]string{"--seats", "greedy"}, "Stellar Nexus has 2 to 4 players, not 1"},
		{[]string{"--seats", "greedy,greedy,greedy", "--format", "duel"}, "a duel has 2 players"},
	}
	for _, tc := range tests {
		args := append([]string{"play", "--game", "nexus", "--seed", "1"}, tc.args...)
		code, _, stderr := runStarnexus(t, "", args...)
		if code == 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error containing %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestPlayNexusHotSeat: with two humans, each move of a new seat starts with a handover line
// and waits for Enter before the hand is shown.
func TestPlayNexusHotSeat(t *testing.T) {
	code, out, stderr := runStarnexus(t, "\nkeep\n\nkeep\nquit\n", "play", "--game", "nexus", "--seats", "human,human", "--names", "Ann,Bob", "--seed", "3", "--save", filepath.Join(t.TempDir(), "g.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ann := strings.Index(out, "=== Ann, your move.")
	bob := strings.Index(out, "=== Bob, your move.")
	if ann < 0 || bob < ann {
		t.Fatalf("no handover to Ann, then Bob:\n%s", out)
	}
	if seg := out[ann:bob]; strings.Count(seg, "  hand: ") != 1 || !strings.Contains(seg, "Bob — (secret hero)") {
		t.Errorf("Ann's screen should show her hand only and Bob's hero hidden:\n%s", seg)
	}
	if !strings.Contains(out[bob:], "Bob: keep or mulligan") {
		t.Errorf("Bob's screen lacks his decision:\n%s", out[bob:])
	}
}

// TestPlayNexusReserves: with --reserves the game opens with the secret swaps (SN 2.5): a
// human sees their reserve, swaps the hero out (confirming that is refused with the rule),
// back in, and a card in; greedy keeps its deck.
func TestPlayNexusReserves(t *testing.T) {
	in := "swap out Kaira Swiftclaw\ndone\nswap in Kaira Swiftclaw\nswap in Pack Alpha\ndone\nquit\n"
	code, out, stderr := runStarnexus(t, in, "play", "--game", "nexus", "--reserves", "--seats", "human,greedy", "--names", "Ann,Bob", "--decks", "rayji,kern", "--seed", "3", "--save", filepath.Join(t.TempDir(), "g.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, out)
	}
	for _, want := range []string{"reserve: Pack Alpha", "swap in Pack Alpha", "Bob: done"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "SN 2.") {
		t.Errorf("confirming a deck without its hero was not refused citing SN 2:\n%s", out)
	}
}
