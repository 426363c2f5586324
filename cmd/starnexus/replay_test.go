package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
)

func TestReplayPrintsASavedGame(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.json")
	code, played, stderr := runStarnexus(t, "", "play", "--seats", "greedy,random", "--seed", "3", "--save", save)
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, stderr)
	}
	code, out, stderr := runStarnexus(t, "", "replay", save)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	// The replay is the game as it was narrated while it was played.
	if want := played[:strings.Index(played, "Game saved")]; out != want {
		t.Errorf("replay differs from the game played:\n--- replay\n%s\n--- played\n%s", out, want)
	}
	for _, want := range []string{"Turn 1 (round 1): P", "authority: P1 ", "Game over after"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay lacks %q", want)
		}
	}
}

func TestReplayRejectsCorruptFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, body, want string
	}{
		{"garbage.json", "not json", "not a saved game"},
		{"nogame.json", `{"seats":["human"],"names":["A"]}`, `no "game" field`},
		{"othergame.json", `{"game":"chess","seats":["human","human"],"names":["A","B"]}`, `game "chess" is not playable here`},
		{"badaction.json", `{"game":"realms","seats":["human","human"],"names":["A","B"],"seed":5,"options":{"first_player":"1"},
			"actions":[{"seat":0,"action":"play Scout"},{"seat":0,"action":"buy Battle Blob"}]}`,
			`action 2 (A: "buy Battle Blob"): illegal action`},
		{"badcard.json", `{"game":"realms","seats":["human","human"],"names":["A","B"],"seed":5,"options":{"first_player":"1"},
			"actions":[{"seat":0,"action":"play Scoot"}]}`, `action 1 (A: "play Scoot"): unknown card "Scoot"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := write(tt.name, tt.body)
			code, out, stderr := runStarnexus(t, "", "replay", p)
			if code != 1 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, p) {
				t.Errorf("exit %d, stderr %q; want exit 1 naming %s and %q", code, stderr, p, tt.want)
			}
			if out != "" {
				t.Errorf("a corrupt file printed a partial game:\n%s", out)
			}
		})
	}
}

func TestResumedBotGameContinuesAsBefore(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.json")
	code, played, stderr := runStarnexus(t, "", "play", "--seats", "random,greedy", "--seed", "4", "--save", full)
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, stderr)
	}
	rec, err := engine.LoadRecord(full)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the game short, as a quit would, then let the bots finish it: each bot's random
	// source must be where it was, so the game ends exactly as before.
	rec.Actions = rec.Actions[:len(rec.Actions)/2]
	half := filepath.Join(dir, "half.json")
	if err := engine.SaveRecord(half, rec); err != nil {
		t.Fatal(err)
	}
	code, resumed, stderr := runStarnexus(t, "", "play", "--resume", half)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if want := played[:strings.Index(played, "Game saved")]; resumed != want {
		t.Errorf("the resumed game differs:\n--- resumed\n%s\n--- played\n%s", resumed, want)
	}
}
