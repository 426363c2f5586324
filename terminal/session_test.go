package terminal_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
	"starnexus/terminal"
)

func toyRegistry(t *testing.T) *engine.Registry {
	t.Helper()
	reg, err := engine.NewRegistry(toygame.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// playToy plays a new toy race (seed 2: P1, the human, starts) fed script, saving to save.
func playToy(t *testing.T, script, save string) string {
	t.Helper()
	var out bytes.Buffer
	o := terminal.Options{Game: toygame.Game{}, In: strings.NewReader(script), Out: &out, SavePath: save, NewBot: bots.New}
	s, err := terminal.New(o, engine.Setup{Names: []string{"Ann", "Bob"}, Seed: 2, Options: map[string]string{"target": "12"}}, []string{"human", "smart"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	return out.String()
}

func resumeToy(t *testing.T, reg *engine.Registry, script, path string) string {
	t.Helper()
	var out bytes.Buffer
	s, err := terminal.Resume(terminal.Options{In: strings.NewReader(script), Out: &out, NewBot: bots.New}, reg, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	return out.String()
}

// prompts counts the lines a game read from its human.
func prompts(out string) int { return strings.Count(out, "\n> ") }

// TestToyGamePlaysThroughTheTerminal: a game the terminal knows only as an engine.Game, with
// no presenter, plays with a scripted human and a bot: the plain screen, the commands, the
// end, the save offer; cut in the middle by save and the end of the input, it resumes and
// ends exactly as the game played at once, and replays.
func TestToyGamePlaysThroughTheTerminal(t *testing.T) {
	reg := toyRegistry(t)
	dir := t.TempDir()
	probe := playToy(t, "help\nshow anything\nlook\nadd 7\nfrobnicate\n9\n"+strings.Repeat("1\n", 20), filepath.Join(dir, "probe.json"))
	for _, want := range []string{
		"Toy Race, race format, seed 2\noptions: target=12\nplayers: Ann (human) vs Bob (smart)\n",
		`Table: {"active":"Ann"`, "   1) add 1\n   2) add 2\n   3) add 3\n",
		"save [FILE]", "error: Toy Race has no card texts to show",
		`error: unknown action "add 7"`, `error: unknown action "frobnicate"`,
		"error: no action numbered 9 (1 to 3)", "Since your last action:\n  Bob: add ", "Winner: ",
		"Save this game to ",
	} {
		if !strings.Contains(probe, want) {
			t.Errorf("output lacks %q:\n%s", want, probe)
		}
	}
	if strings.Contains(probe, `"seat":1`) {
		t.Errorf("the bot's view was shown:\n%s", probe)
	}

	// The game played at once, saved at the end.
	n := prompts(playToy(t, strings.Repeat("1\n", 20), filepath.Join(dir, "x.json"))) // the human's actions; one more line answers the save offer
	full := filepath.Join(dir, "full.json")
	whole := playToy(t, strings.Repeat("1\n", n)+"y\n", full)
	// The same game, saved after the human's first action, then its input ends.
	cut := filepath.Join(dir, "cut.json")
	first := playToy(t, "1\nsave\n", cut)
	if !strings.Contains(first, "Game saved to "+cut+". Continue it with: starnexus play --resume "+cut) {
		t.Fatalf("no save:\n%s", first)
	}
	rest := resumeToy(t, reg, strings.Repeat("1\n", n-1)+"y\n", cut)
	if !strings.Contains(rest, "Resumed "+cut+" after ") {
		t.Errorf("no resume line:\n%s", rest)
	}
	a, err := engine.LoadRecord(full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.LoadRecord(cut)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Actions, b.Actions) || a.Seed != b.Seed || len(a.Actions) < 4 {
		t.Errorf("the resumed game differs:\n%v\n%v", a.Actions, b.Actions)
	}
	tail := func(s, path string) string { return strings.ReplaceAll(s[strings.LastIndex(s, "\n> "):], path, "F") }
	if tail(whole, full) != tail(rest, cut) {
		t.Errorf("the resumed game ends otherwise:\n%s\n---\n%s", tail(whole, full), tail(rest, cut))
	}
	var replay bytes.Buffer
	if err := terminal.Replay(reg, cut, &replay, nil); err != nil {
		t.Fatal(err)
	}
	for _, la := range b.Actions {
		if !strings.Contains(replay.String(), "  "+b.Names[la.Seat]+": "+la.Action+"\n") {
			t.Errorf("replay lacks %v:\n%s", la, replay.String())
		}
	}
	if !strings.Contains(replay.String(), "Game over after ") {
		t.Errorf("replay lacks the end:\n%s", replay.String())
	}
}

// TestBadSavesAreRefused: a missing, foreign or corrupt record fails with an error naming
// the file; nothing is played.
func TestBadSavesAreRefused(t *testing.T) {
	reg := toyRegistry(t)
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		path, want string
	}{
		{filepath.Join(dir, "nonexistent.json"), "load "},
		{write("chess.json", `{"game":"chess","seats":["human","human"],"names":["A","B"]}`), `game "chess" is not playable here (known: toy)`},
		{write("bad.json", `{"game":"toy","seats":["human","human"],"names":["A","B"],"seed":2,"actions":[{"seat":0,"action":"add 1"},{"seat":1,"action":"add 9"}]}`),
			`action 2 (B: "add 9"): unknown action`},
		{write("turn.json", `{"game":"toy","seats":["human","human"],"names":["A","B"],"seed":2,"actions":[{"seat":1,"action":"add 1"}]}`),
			`action 1 (B: "add 1"): illegal action "add 1": it is not your turn`},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			var out bytes.Buffer
			_, err := terminal.Resume(terminal.Options{In: strings.NewReader("1\n"), Out: &out}, reg, tt.path, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("resume: %v; want an error naming %s and %q", err, tt.path, tt.want)
			}
			if err := terminal.Replay(reg, tt.path, &out, nil); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("replay: %v; want %q", err, tt.want)
			}
			if out.Len() != 0 {
				t.Errorf("a bad file printed something:\n%s", out.String())
			}
		})
	}
}
