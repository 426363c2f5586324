package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"starnexus/campaign"
	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
	"starnexus/store"
	"starnexus/store/sqlite"
)

func TestCampaignAllWithBots(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	code, out, errOut := runStarnexus(t, "", "campaign", "new", "--name", "duel", "--seats", "greedy,greedy", "--seed", "11", "--db", db)
	if code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "seat 1: Empire (Star Empire), played by greedy") || !strings.Contains(out, "seat 2: Federation (Trade Federation)") {
		t.Fatalf("new printed:\n%s", out)
	}
	code, out, errOut = runStarnexus(t, "", "campaign", "play", "--name", "duel", "--all", "--db", db)
	if code != 0 {
		t.Fatalf("play --all: exit %d: %s\n%s", code, errOut, out)
	}
	lines := regexp.MustCompile(`(?m)^scenario (\d+) \(`).FindAllStringSubmatch(out, -1)
	if len(lines) != 12 {
		t.Fatalf("%d scenario lines, want 12:\n%s", len(lines), out)
	}
	for i, m := range lines {
		if m[1] != strconv.Itoa(i+1) {
			t.Fatalf("line %d is scenario %s", i+1, m[1])
		}
	}
	if !regexp.MustCompile(`Campaign duel is finished\. (Empire|Federation) wins the campaign|shared victory`).MatchString(out) {
		t.Fatalf("no campaign result:\n%s", out)
	}
	code, status, _ := runStarnexus(t, "", "campaign", "status", "--name", "duel", "--db", db)
	if code != 0 || strings.Count(status, "20 of 20 upgrades") != 2 || !strings.Contains(status, "Finished.") {
		t.Fatalf("status after the campaign:\n%s", status)
	}
	// The points printed on the last scenario line are the ones stored.
	last := regexp.MustCompile(`points Empire (\d+), Federation (\d+)`).FindAllStringSubmatch(out, -1)
	pts := last[len(last)-1]
	if !strings.Contains(status, "Empire (seat 1, Star Empire, played by greedy): "+pts[1]+" victory point") ||
		!strings.Contains(status, "Federation (seat 2, Trade Federation, played by greedy): "+pts[2]+" victory point") {
		t.Fatalf("status points differ from the play's %v:\n%s", pts[1:], status)
	}
	code, list, _ := runStarnexus(t, "", "campaign", "list", "--db", db)
	if code != 0 || !strings.Contains(list, "duel  Frontier Accord") || !strings.Contains(list, "finished") {
		t.Fatalf("list:\n%s", list)
	}
	code, again, _ := runStarnexus(t, "", "campaign", "play", "--name", "duel", "--db", db)
	if code != 0 || !strings.Contains(again, "is finished") {
		t.Fatalf("play after the end: exit %d\n%s", code, again)
	}
}

// TestCampaignHumanQuitsAndContinues: a human leaves scenario 1's game; the game stays in the
// database and the next play continues it from its log.
func TestCampaignHumanQuitsAndContinues(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	db := filepath.Join(t.TempDir(), "c.db")
	if code, _, errOut := runStarnexus(t, "", "campaign", "new", "--name", "mine", "--seats", "human,greedy", "--seed", "3", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	code, out, errOut := runStarnexus(t, "1\n1\nquit\n", "campaign", "play", "--name", "mine", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"== Scenario 1: The First Charter ==", "Empire goes first", "Political victory is on", "Empire receives sheet Empire 1", "continue it with: starnexus campaign play --name mine"} {
		if !strings.Contains(out, want) {
			t.Errorf("play lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "--resume") || strings.Contains(out, "Game saved to") {
		t.Errorf("quitting a campaign game points to a saved file, not the campaign:\n%s", out)
	}
	_, status, _ := runStarnexus(t, "", "campaign", "status", "--name", "mine", "--db", db)
	m := regexp.MustCompile(`Under way: scenario 1, The First Charter \(game \S+, (\d+) actions\)`).FindStringSubmatch(status)
	if m == nil || m[1] != "2" {
		t.Fatalf("status after quitting (want 2 actions):\n%s", status)
	}
	code, out, _ = runStarnexus(t, "quit\n", "campaign", "play", "--name", "mine", "--db", db)
	if code != 0 || !strings.Contains(out, "Continuing scenario 1 of campaign mine") || !strings.Contains(out, "after 2 actions") {
		t.Fatalf("second play: exit %d\n%s", code, out)
	}
	if code, _, errOut := runStarnexus(t, "", "campaign", "play", "--name", "mine", "--all", "--db", db); code != 1 || !strings.Contains(errOut, "--all plays bots only") {
		t.Fatalf("--all with a human: exit %d, %s", code, errOut)
	}
}

func TestCampaignErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	if code, _, errOut := runStarnexus(t, "", "campaign", "new", "--name", "x", "--seats", "greedy,greedy", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"campaign", "new", "--name", "x", "--seats", "greedy,greedy", "--db", db}, 1, `a campaign named "x" exists already`},
		{[]string{"campaign", "new", "--name", "y", "--seats", "greedy", "--db", db}, 1, "two seats"},
		{[]string{"campaign", "new", "--name", "y", "--seats", "greedy,gredy", "--db", db}, 1, "seat 2"},
		{[]string{"campaign", "new", "--name", "y", "--campaign", "frontier", "--db", db}, 1, `unknown campaign "frontier"`},
		{[]string{"campaign", "play", "--db", db}, 2, "--name is required"},
		{[]string{"campaign", "status", "--name", "nope", "--db", db}, 1, `no campaign "nope"`},
		{[]string{"campaign", "fly"}, 2, `unknown command "fly"`},
		{[]string{"campaign", "list", "extra", "--db", db}, 2, `unexpected argument "extra"`},
	} {
		code, _, errOut := runStarnexus(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestCampaignHumanCompletion: two humans, or a human and a bot, reach the post-campaign
// completion (the twelve scenarios recorded as draws, without the bot's upgrades, as an
// earlier version could leave them) and complete their upgrades: the humans from the
// numbered lists, the bot by itself, each upgrade printed.
func TestCampaignHumanCompletion(t *testing.T) {
	for _, seats := range []string{"human,human", "human,greedy"} {
		t.Run(seats, func(t *testing.T) { humanCompletion(t, seats) })
	}
}

func humanCompletion(t *testing.T, seats string) {
	path := completionCampaign(t, seats)
	// A wrong answer first, then always the first candidate.
	code, out, errOut := runStarnexus(t, "x\n99\n"+strings.Repeat("1\n", 40), "campaign", "play", "--name", "pair", "--db", path)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "error: answer 1 to ") || strings.Count(out, "completion: ") != 40 || strings.Count(out, "completion: Federation upgrades") != 20 ||
		!strings.Contains(out, "The campaign is a shared victory") {
		t.Fatalf("completion output:\n%s", out)
	}
	// The twelve draws: after each, the second player of the game went first.
	_, status, _ := runStarnexus(t, "", "campaign", "status", "--name", "pair", "--db", path)
	if strings.Count(status, "20 of 20 upgrades") != 2 || !strings.Contains(status, "scenario  2 Toll Lanes           Federation first") {
		t.Fatalf("status:\n%s", status)
	}
}

// completionCampaign is the database of a campaign "pair" of the given seats whose twelve
// scenarios are recorded as draws, without the bot's upgrades: its post-campaign completion
// is next.
func completionCampaign(t *testing.T, seats string) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	if code, _, errOut := runStarnexus(t, "", "campaign", "new", "--name", "pair", "--seats", seats, "--seed", "4", "--db", path); code != 0 {
		t.Fatal(errOut)
	}
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := campaign.Open(ctx, db, "pair")
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 12; n++ {
		g, err := r.State.Start(r.Content, 0)
		if err != nil {
			t.Fatal(err)
		}
		g.ID = "g" + strconv.Itoa(n)
		if err := r.State.Begin(r.Content, g); err != nil {
			t.Fatal(err)
		}
		if err := r.State.Record(r.Content, g.ID, -1, nil); err != nil {
			t.Fatal(err)
		}
	}
	r.Rec.State, _ = json.Marshal(r.State)
	if err := db.SaveCampaign(ctx, r.Rec, store.CampaignSave{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return path
}

func TestAskChoice(t *testing.T) {
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	l := campaignText(en, c)
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	got, err := askChoice(bufio.NewScanner(strings.NewReader("0\nsecond\n2\n")), w, l, "Empire", c, &c.Scenarios[1])
	w.Flush()
	if err != nil || got != 1 {
		t.Fatalf("choice %d, %v", got, err)
	}
	if strings.Count(buf.String(), "error: answer 1 to 3") != 2 || !strings.Contains(buf.String(), "2. Closed lanes") {
		t.Fatalf("printed:\n%s", buf.String())
	}
	if _, err := askChoice(bufio.NewScanner(strings.NewReader("")), w, l, "Empire", c, &c.Scenarios[1]); err == nil {
		t.Fatal("no error at the end of the input")
	}
}

// TestCampaignSeedsCLI: a campaign made without --seed prints no seed: not when it is made,
// not on the screen of its game under way, not in its status, though the database keeps the
// game's seed; two campaigns made with the same --seed play the same scenario.
func TestCampaignSeedsCLI(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	code, made, errOut := runStarnexus(t, "", "campaign", "new", "--name", "s", "--seats", "human,greedy", "--db", path)
	if code != 0 || !strings.Contains(made, "each game's seed secret until the game ends") {
		t.Fatalf("new: exit %d, %s\n%s", code, errOut, made)
	}
	code, play, errOut := runStarnexus(t, "quit\n", "campaign", "play", "--name", "s", "--db", path)
	if code != 0 || !strings.Contains(play, "seed secret until the game ends") {
		t.Fatalf("play: exit %d, %s\n%s", code, errOut, play)
	}
	_, status, _ := runStarnexus(t, "", "campaign", "status", "--name", "s", "--db", path)
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := campaign.Open(ctx, db, "s")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r.State.Current == nil {
		t.Fatalf("no game under way after quitting:\n%s", status)
	}
	seed := strconv.FormatUint(r.State.Current.Seed, 10)
	for _, out := range []string{made, play, status} {
		if strings.Contains(out, seed) || regexp.MustCompile(`seed \d`).MatchString(out) {
			t.Fatalf("a campaign without --seed printed a seed (the game's is %s):\n%s", seed, out)
		}
	}

	var plays [2]string
	for i := range plays {
		path := filepath.Join(t.TempDir(), "same.db")
		code, made, errOut := runStarnexus(t, "", "campaign", "new", "--name", "same", "--seats", "greedy,random", "--seed", "11", "--db", path)
		if code != 0 || !strings.Contains(made, "seed 11 (every game derives from it)") {
			t.Fatalf("new --seed 11: exit %d, %s\n%s", code, errOut, made)
		}
		for range 2 {
			code, out, errOut := runStarnexus(t, "", "campaign", "play", "--name", "same", "--db", path)
			if code != 0 {
				t.Fatalf("play: exit %d, %s\n%s", code, errOut, out)
			}
			plays[i] += out
		}
	}
	if plays[0] != plays[1] || strings.Count(plays[0], "\nscenario ") != 2 {
		t.Fatalf("two campaigns with --seed 11 played differently:\n%s\n---\n%s", plays[0], plays[1])
	}
}
