package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// TestSaveResumeReplayEveryGame: for each game, a human seat fed a script sends save in
// mid-game and its input ends; play --resume of that file, fed the rest of the script, ends
// exactly as the same game played without interruption (the same record, the same last
// screen), and replay prints it to its end.
func TestSaveResumeReplayEveryGame(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		result string // what the end of the game prints
	}{
		{"realms", []string{"--seats", "human,greedy", "--seed", "5", "--option", "max_rounds=12"}, "Authority: "},
		{"nexus", []string{"--game", "nexus", "--seats", "human,greedy", "--decks", "kern,rayji", "--seed", "3"}, "Result: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			play := func(script, save string, args ...string) string {
				t.Helper()
				code, out, stderr := runStarnexus(t, script, append(append([]string{"play"}, args...), "--save", save)...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				return out
			}
			// The human always takes action 1; count the actions it took in a whole game.
			probe := play(strings.Repeat("1\n", 3000), filepath.Join(dir, "probe.json"), tt.args...)
			if !strings.Contains(probe, "Save this game to ") {
				t.Fatalf("the game did not end:\n%s", tail(probe, 30))
			}
			n := strings.Count(probe, "\n> ")
			full := filepath.Join(dir, "full.json")
			whole := play(strings.Repeat("1\n", n)+"y\n", full, tt.args...)

			cut := filepath.Join(dir, "cut.json")
			first := play(strings.Repeat("1\n", n/2)+"save\n", cut, tt.args...)
			if !strings.Contains(first, "Continue it with: starnexus play --resume "+cut) {
				t.Fatalf("no save in mid-game:\n%s", tail(first, 10))
			}
			code, rest, stderr := runStarnexus(t, strings.Repeat("1\n", n-n/2)+"y\n", "play", "--resume", cut)
			if code != 0 {
				t.Fatalf("resume: exit %d: %s", code, stderr)
			}
			a, err := engine.LoadRecord(full)
			if err != nil {
				t.Fatal(err)
			}
			b, err := engine.LoadRecord(cut)
			if err != nil {
				t.Fatal(err)
			}
			if a.Game != tt.name || !slices.Equal(a.Actions, b.Actions) || a.Seed != b.Seed || !slices.Equal(a.Seats, b.Seats) {
				t.Errorf("the resumed game's record differs: %d actions against %d", len(b.Actions), len(a.Actions))
			}
			end := func(s, path string) string { return strings.ReplaceAll(s[strings.LastIndex(s, "\n> "):], path, "F") }
			if end(whole, full) != end(rest, cut) || !strings.Contains(end(rest, cut), tt.result) {
				t.Errorf("the resumed game ends otherwise:\n%s\n--- played at once:\n%s", end(rest, cut), end(whole, full))
			}
			code, replay, stderr := runStarnexus(t, "", "replay", cut)
			if code != 0 || !strings.Contains(replay, tt.result) || !strings.HasPrefix(replay, whole[:strings.Index(whole, "\n")]) {
				t.Errorf("replay: exit %d %s:\n%s", code, stderr, tail(replay, 20))
			}
		})
	}
}

// TestPlayResumeMissingFile: a missing save is an error, never a new game.
func TestPlayResumeMissingFile(t *testing.T) {
	code, out, stderr := runStarnexus(t, "1\n", "play", "--resume", "/nonexistent.json", "--seats", "human,greedy")
	if code != 1 || !strings.Contains(stderr, "load /nonexistent.json") || out != "" {
		t.Errorf("exit %d, stderr %q, out %q", code, stderr, out)
	}
}

// TestPlayNexusDeckFile: a deck file that deck check accepts plays; its list is never shown
// to the other seat; a broken one is refused with deck check's messages.
func TestPlayNexusDeckFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.yaml")
	src, err := os.ReadFile(filepath.Join("..", "..", "games", "nexus", "decks", "kern.yaml"))
	if err != nil {
		t.Skipf("no shipped deck file to copy: %v", err)
	}
	if err := os.WriteFile(good, src, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runStarnexus(t, "", "play", "--game", "nexus", "--seats", "greedy,greedy", "--decks", good+",rayji", "--seed", "4")
	if code != 0 {
		t.Fatalf("a good deck file: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "P1 (greedy, custom), P2 (greedy, rayji)") || !strings.Contains(out, "Result: ") {
		t.Errorf("the deck file was not played:\n%s", tail(out, 10))
	}
	for i, broken := range []string{
		strings.Replace(string(src), "hero:", "x-hero:", 1),                                              // not a deck file
		strings.Replace(string(src), "Tarsk Ironvein, Forgemaster", "Nobody Atall", 1),                   // an unknown hero
		strings.Replace(string(src), "Forge Apprentice: 3", "Forge Apprentice: 9\n  Magma Tittan: 1", 1), // two violations
	} {
		bad := filepath.Join(dir, fmt.Sprintf("bad%d.yaml", i))
		if err := os.WriteFile(bad, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		_, check, _ := runStarnexus(t, "", "deck", "check", bad)
		code, _, stderr := runStarnexus(t, "", "play", "--game", "nexus", "--seats", "greedy,greedy", "--decks", "rayji,"+bad)
		if code == 0 || strings.TrimSpace(check) == "" {
			t.Fatalf("a broken deck file was played (deck check says %q)", check)
		}
		for _, line := range strings.Split(strings.TrimSpace(check), "\n") {
			if !strings.Contains(stderr, line) {
				t.Errorf("play does not say %q as deck check does:\n%s", line, stderr)
			}
		}
	}
}
