package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"starnexus/engine"
)

// formatSeats lists every format with each seat count it allows.
var formatSeats = []struct {
	format string
	seats  []int
}{
	{"standard", []int{2}},
	{"ffa", []int{3, 4, 5, 6}},
	{"hunter", []int{3, 4, 5, 6}},
	{"hunter-first-blood", []int{3, 4, 5, 6}},
	{"raid", []int{3, 4, 5, 6}},
	{"hydra", []int{4, 6}},
	{"emperor", []int{6}},
}

// botSeats is n seats alternating greedy and random, starting with first.
func botSeats(n int, first string) string {
	other := map[string]string{"greedy": "random", "random": "greedy"}
	seats := make([]string, n)
	for i := range seats {
		seats[i] = first
		first = other[first]
	}
	return strings.Join(seats, ",")
}

func TestPlayEveryFormatWithBots(t *testing.T) {
	for _, f := range formatSeats {
		for _, n := range f.seats {
			for _, first := range []string{"greedy", "random"} {
				seats := botSeats(n, first)
				t.Run(fmt.Sprintf("%s/%d/%s", f.format, n, first), func(t *testing.T) {
					t.Parallel()
					args := []string{"play", "--format", f.format, "--seats", seats, "--seed", fmt.Sprint(n + 10)}
					code, out, stderr := runStarnexus(t, "", args...)
					if code != 0 {
						t.Fatalf("exit %d: %s", code, stderr)
					}
					if again := func() string { _, o, _ := runStarnexus(t, "", args...); return o }(); again != out {
						t.Fatalf("the same command printed two different games")
					}
					if !strings.Contains(out, "Star Realms, "+f.format+" format, sets core, seed") {
						t.Errorf("the format is not announced:\n%.300s", out)
					}
					if !strings.Contains(out, "\nGame over after ") {
						t.Fatalf("the game did not end:\n%s", tail(out, 20))
					}
					last := tail(out, 1)
					if !strings.HasPrefix(last, "Winner: ") && !strings.HasPrefix(last, "Result: draw") {
						t.Errorf("no winner or draw at the end: %q", last)
					}
					if (f.format == "hydra" || f.format == "emperor") && strings.HasPrefix(last, "Winner: ") && !strings.HasPrefix(last, "Winner: team ") {
						t.Errorf("a team game's winner is not a team: %q", last)
					}
					if strings.Contains(out, "\nGame over after ") && !strings.Contains(out, "may attack") {
						t.Errorf("the narration never says who may be attacked")
					}
				})
			}
		}
	}
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestPlayRefusesWrongSeatCounts(t *testing.T) {
	tests := []struct {
		format, seats, want string
	}{
		{"hydra", "greedy,greedy,greedy", "format hydra is for 4 or 6 players, got 3"},
		{"hydra", "greedy,greedy,greedy,greedy,greedy", "format hydra is for 4 or 6 players, got 5"},
		{"emperor", "greedy,greedy,greedy,greedy", "format emperor is for 6 players, got 4"},
		{"ffa", "greedy,greedy", "format ffa is for 3 to 6 players, got 2"},
		{"standard", "greedy,greedy,greedy", "format standard is for 2 players, got 3"},
		{"chess", "greedy,greedy", `unknown format "chess"`},
	}
	for _, tt := range tests {
		t.Run(tt.format+"/"+tt.seats, func(t *testing.T) {
			code, _, stderr := runStarnexus(t, "", "play", "--format", tt.format, "--seats", tt.seats)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want an error containing %q", code, stderr, tt.want)
			}
		})
	}
	code, _, stderr := runStarnexus(t, "", "play", "--resume", "x.json", "--format", "ffa")
	if code == 0 || !strings.Contains(stderr, "--format cannot change a resumed game") {
		t.Errorf("--format with --resume: exit %d, stderr %q", code, stderr)
	}
}

func TestResumedMultiplayerGameEndsAsBefore(t *testing.T) {
	tests := []struct{ format, seats, sets string }{
		{"ffa", botSeats(4, "random"), "core"},
		{"ffa", botSeats(3, "greedy"), "core,colony-wars"},
		{"hunter", botSeats(5, "greedy"), "core"},
		{"raid", botSeats(4, "greedy"), "core"},
		{"hydra", botSeats(6, "random"), "core"},
		{"emperor", botSeats(6, "greedy"), "core"},
	}
	for _, tt := range tests {
		t.Run(tt.format+"/"+tt.sets, func(t *testing.T) {
			dir := t.TempDir()
			full := filepath.Join(dir, "full.json")
			code, played, stderr := runStarnexus(t, "", "play", "--format", tt.format, "--sets", tt.sets, "--seats", tt.seats, "--seed", "21", "--save", full)
			if code != 0 {
				t.Fatalf("play: exit %d: %s", code, stderr)
			}
			rec, err := engine.LoadRecord(full)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Format != tt.format || strings.Join(rec.Sets, ",") != tt.sets {
				t.Fatalf("the save records format %q and sets %v, want %s and %s", rec.Format, rec.Sets, tt.format, tt.sets)
			}
			rec.Actions = rec.Actions[:len(rec.Actions)/2]
			half := filepath.Join(dir, "half.json")
			if err := engine.SaveRecord(half, rec); err != nil {
				t.Fatal(err)
			}
			code, resumed, stderr := runStarnexus(t, "", "play", "--resume", half)
			if code != 0 {
				t.Fatalf("resume: exit %d: %s", code, stderr)
			}
			want := played[:strings.Index(played, "Game saved")]
			if resumed != want {
				t.Errorf("the resumed game differs:\n--- resumed\n%s\n--- played\n%s", tail(resumed, 10), tail(want, 10))
			}
			code, replayed, stderr := runStarnexus(t, "", "replay", full)
			if code != 0 || replayed != want {
				t.Errorf("replay: exit %d (%s), same as played: %v", code, stderr, replayed == want)
			}
		})
	}
}

// screens splits hot-seat output into the screens shown, each starting at its "---- Turn"
// header.
func screens(out string) []string {
	parts := strings.Split(out, "\n---- Turn ")
	return parts[1:]
}

// handLine finds "label: cards" in a screen.
func handLine(screen, label string) (string, bool) {
	m := regexp.MustCompile("(?m)^" + regexp.QuoteMeta(label) + ".*: (.*)$").FindStringSubmatch(screen)
	if m == nil {
		return "", false
	}
	return m[1], true
}

func TestHotSeatFreeForAllHidesOtherHands(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	code, out, stderr := runStarnexus(t, "\nend\n\nend\n\nquit\n", "play", "--format", "ffa", "--seats", "human,human,human",
		"--seed", "4", "--option", "first_player=1", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sc := screens(out)
	if len(sc) != 3 {
		t.Fatalf("want 3 screens, got %d:\n%s", len(sc), out)
	}
	for i, s := range sc {
		me := fmt.Sprintf("P%d", i+1)
		if !strings.Contains(s, "Acting: "+me+" (you)") || !strings.Contains(s, "\n"+me+" (you) ") {
			t.Errorf("screen %d is not %s's:\n%s", i+1, me, s)
		}
		if _, ok := handLine(s, "Your hand"); !ok {
			t.Errorf("screen %d does not show the player's own hand", i+1)
		}
		if strings.Contains(s, "'s hand") {
			t.Errorf("screen %d shows another player's hand:\n%s", i+1, s)
		}
		if !strings.Contains(s, "player ") || !strings.Contains(s, "authority") || !strings.Contains(s, " hand ") {
			t.Errorf("screen %d has no player table:\n%s", i+1, s)
		}
	}
	if !strings.Contains(sc[0], "You may attack P2, P3 and target the bases of P2, P3.") {
		t.Errorf("P1 is not told whom it may attack:\n%s", sc[0])
	}
}

func TestHotSeatRaidElitesSeeEachOtherHands(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	// The Boss (a bot) plays first; then each Elite's screen shows the other Elite's hand.
	code, out, stderr := runStarnexus(t, "\nend\n\nquit\n", "play", "--format", "raid", "--seats", "greedy,human,human", "--seed", "3", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sc := screens(out)
	if len(sc) != 2 {
		t.Fatalf("want 2 screens, got %d:\n%s", len(sc), out)
	}
	p3sees, ok := handLine(sc[0], "P3's hand (Elites see each other's hands)")
	if !ok {
		t.Fatalf("P2's screen does not show P3's hand:\n%s", sc[0])
	}
	p3has, _ := handLine(sc[1], "Your hand")
	if p3sees != p3has {
		t.Errorf("P2 saw P3's hand as %q, P3 has %q", p3sees, p3has)
	}
	if _, ok := handLine(sc[1], "P2's hand (Elites see each other's hands)"); !ok {
		t.Errorf("P3's screen does not show P2's hand:\n%s", sc[1])
	}
	for i, s := range sc {
		if strings.Contains(s, "P1's hand") {
			t.Errorf("screen %d shows the Boss's hand", i+1)
		}
		if !strings.Contains(s, "boss") || !strings.Contains(s, "elite") {
			t.Errorf("screen %d does not show the roles:\n%s", i+1, s)
		}
		if !strings.Contains(s, "You may attack P1 and target the bases of P1.") {
			t.Errorf("screen %d does not say that Elites attack only the Boss:\n%s", i+1, s)
		}
	}
}

func TestHotSeatHydraTeammatesAndAs(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	script := "\nas P3\nas P2\n\nplay Scout\nend\n\nquit\n"
	code, out, stderr := runStarnexus(t, script, "play", "--format", "hydra", "--seats", "human,human,greedy,greedy",
		"--seed", "3", "--option", "first_player=1", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Turn of team 1 (P1, P2). Acting: P1 (you).",
		`Team 1's turn: still acting P1, P2; ended nobody. Type "as P2" to act for a teammate.`,
		"error: P3 cannot act now (may act: P1, P2)",
		"=== P2, your move.",
		"Turn of team 1 (P1, P2). Acting: P2 (you).",
		"Team 1's turn: still acting P1; ended P2.",
		"authority (team)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(out, "P2's hand") || strings.Contains(out, "P1's hand") {
		t.Errorf("a teammate's hand is shown without team_hands_visible")
	}
	rec, err := engine.LoadRecord(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != 2 || rec.Actions[0] != (engine.LoggedAction{Seat: 1, Action: "play Scout"}) || rec.Actions[1].Seat != 1 {
		t.Errorf("saved %+v, want P2's play Scout and end", rec.Actions)
	}

	// With team_hands_visible, teammates see each other's hands.
	code, out, stderr = runStarnexus(t, "\nquit\n", "play", "--format", "hydra", "--seats", "human,human,greedy,greedy",
		"--seed", "3", "--option", "first_player=1", "--option", "team_hands_visible=true", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "P2's hand (teammates' hands are visible in this game): ") || strings.Contains(out, "P3's hand") {
		t.Errorf("team_hands_visible does not show exactly the teammate's hand:\n%s", out)
	}
}
