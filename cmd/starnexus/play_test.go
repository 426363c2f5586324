package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
)

// runCmd runs a starnexus command line with stdin and returns its exit code and streams.
func runStarnexus(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runEnv(args, strings.NewReader(stdin), &out, &errOut, func(string) string { return "" }) // no locale: English
	return code, out.String(), errOut.String()
}

func TestPlayBotsAreReproducible(t *testing.T) {
	tests := []struct {
		seats string
		seed  string
	}{
		{"greedy,random", "3"},
		{"random,greedy", "7"},
		{"greedy,greedy", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.seats+"/"+tt.seed, func(t *testing.T) {
			args := []string{"play", "--seats", tt.seats, "--seed", tt.seed}
			code, first, stderr := runStarnexus(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			_, second, _ := runStarnexus(t, "", args...)
			if first != second {
				t.Fatalf("the same seed printed two different games")
			}
			if !strings.Contains(first, "Winner: ") && !strings.Contains(first, "Result: draw") {
				t.Fatalf("no winner or draw in:\n%s", first)
			}
			if !strings.Contains(first, "seed "+tt.seed) {
				t.Errorf("the seed is not printed")
			}
		})
	}
}

func TestPlayHumanSavesAndResumes(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	// Seed 5 gives P1 a first hand of Scout, Scout, Viper: action 1 is "play Scout".
	script := strings.Join([]string{
		"help",
		"1",
		"show Blob World",
		"buy Battle Blob", // not in the Trade Row: refused, nothing changes
		"frobnicate",
		"99",
		"quit",
	}, "\n") + "\n"
	code, out, stderr := runStarnexus(t, script, "play", "--seed", "5", "--names", "Ann,Bob", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Ann (you)",
		"hand: Scout x2, Viper",
		"show CARD",
		"Blob World: Blob base, cost 8, defense 7",
		"Choose one: +5 Combat; or Draw a card for each Blob card you have played this turn.",
		`error: illegal action "buy Battle Blob": Battle Blob is not in the Trade Row; legal:`,
		`unknown action "frobnicate"`,
		"error: no action numbered 99",
		"Game saved to " + save,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(out, "Bob (you)") {
		t.Errorf("the screen was shown to the bot seat")
	}
	rec, err := engine.LoadRecord(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != 1 || rec.Actions[0].Action != "play Scout" || rec.Seed != 5 {
		t.Fatalf("saved %+v, want seed 5 and one action: play Scout", rec)
	}

	code, out, stderr = runStarnexus(t, "play Viper\nquit\n", "play", "--resume", save)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "Resumed "+save+" after 1 action.") {
		t.Errorf("resume output lacks the resume line:\n%s", out)
	}
	rec, err = engine.LoadRecord(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != 2 || rec.Actions[1].Action != "play Viper" {
		t.Fatalf("after resume saved %+v", rec.Actions)
	}
}

func TestPlayHotSeatHidesTheOtherHand(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	// Two humans: each screen shows only the hand of the seat to move.
	code, out, stderr := runStarnexus(t, "\nend\n\nquit\n", "play", "--seats", "human,human", "--seed", "5", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Count(out, "hand: ") != 2 || !strings.Contains(out, "P1 (you)") || !strings.Contains(out, "P2 (you)") {
		t.Fatalf("want one hand shown per seat:\n%s", out)
	}
	if !strings.Contains(out, "Since your last action:\n  P1: end") {
		t.Errorf("P2 is not told what P1 did:\n%s", out)
	}
}

func TestShowUnknownCardSuggests(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	_, out, _ := runStarnexus(t, "show Blob Wrld\nshow\nquit\n", "play", "--seed", "1", "--save", save)
	if !strings.Contains(out, `unknown card "Blob Wrld": did you mean "Blob World"`) {
		t.Errorf("no suggestion in:\n%s", out)
	}
	if !strings.Contains(out, "show which card?") {
		t.Errorf("a bare show is not explained")
	}
}

func TestPlayRejectsBadArguments(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--seats", "human,wizard"}, `unknown bot "wizard" (known: easy, expert, greedy, hard, medium, random, velocity, or human)`},
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Ann"}, "2 seats (--seats) but 1 names"},
		{[]string{"play", "--seats", "greedy,greedy", "--option", "max_rounds"}, "write name=value"},
		{[]string{"play", "--seats", "greedy,greedy", "--option", "colour=red"}, `unknown option "colour"`},
		{[]string{"play", "--resume", "nowhere.json"}, "load nowhere.json"},
		{[]string{"play", "--resume", "x.json", "--seed", "3"}, "--seed cannot change a resumed game"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := runStarnexus(t, "", tt.args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want an error containing %q", code, stderr, tt.want)
			}
		})
	}
}

func TestPlayOptionsReachTheGame(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "play", "--seats", "random,random", "--seed", "2", "--option", "max_rounds=2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "options: max_rounds=2") || !strings.Contains(out, "(2 rounds)") || !strings.Contains(out, "Result: draw") {
		t.Errorf("max_rounds=2 was not applied:\n%s", out)
	}
}

func TestPlayOffersTheSaveAtTheEnd(t *testing.T) {
	tests := []struct {
		answer string
		saved  bool
	}{{"y", true}, {"n", false}, {"", false}}
	for _, tt := range tests {
		t.Run("answer "+tt.answer, func(t *testing.T) {
			save := filepath.Join(t.TempDir(), "game.json")
			// With a cap of one round, the human's "end" ends the game in a draw.
			code, out, stderr := runStarnexus(t, "end\n"+tt.answer+"\n", "play", "--seed", "5", "--option", "max_rounds=1", "--save", save)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(out, "Result: draw") || !strings.Contains(out, "Save this game to "+save+" for replay? [y/N]") {
				t.Fatalf("no result or no save offer:\n%s", out)
			}
			_, err := engine.LoadRecord(save)
			if saved := err == nil; saved != tt.saved {
				t.Errorf("saved %v, want %v", saved, tt.saved)
			}
		})
	}
}
