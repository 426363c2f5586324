package sim

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
)

// TestWilson checks the score interval against the values Newcombe (1998, Statistics in
// Medicine 17:857, table II, method 3) gives, and the edge cases.
func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{29, 29, 0.8830, 1}, // n/(n+z²), the mirror of 0/29
		{5, 10, 0.2366, 0.7634},
	}
	for _, c := range cases {
		got := Wilson(c.k, c.n)
		if math.Abs(got[0]-c.lo) > 0.00006 || math.Abs(got[1]-c.hi) > 0.00006 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, got[0], got[1], c.lo, c.hi)
		}
	}
	if got := Wilson(0, 0); got != [2]float64{0, 1} {
		t.Errorf("Wilson(0, 0) = %v, want [0, 1]", got)
	}
}

func catalog(t *testing.T) *realms.Catalog {
	t.Helper()
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestRotationFollowsTheBot plays random against greedy with seats alternating: greedy's
// entry must win most games whichever seat it held, and random's entry few.
func TestRotationFollowsTheBot(t *testing.T) {
	cat := catalog(t)
	cfg := Config{Seats: []string{"random", "greedy"}, Games: 40, Seed: 3}
	res, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	var greedyWins [2]int // by the seat greedy held
	for i, g := range res.Results {
		if g.Err != nil {
			t.Fatal(g.Err)
		}
		if want := []int{i % 2, (i + 1) % 2}; !reflect.DeepEqual(g.Bot, want) {
			t.Fatalf("game %d seats bots %v, want %v", i, g.Bot, want)
		}
		if s := g.SeatOf(1); g.Won(s) {
			greedyWins[s]++
		}
	}
	if greedyWins[0] < 15 || greedyWins[1] < 15 {
		t.Errorf("greedy won %v of 20+20 games by seat; want most in each", greedyWins)
	}
	if res.Wins[1] != greedyWins[0]+greedyWins[1] || res.Wins[0] > 5 {
		t.Errorf("wins by bot %v; greedy by seat %v", res.Wins, greedyWins)
	}
	sum := Summarize(realmsgame.WithCatalog(cat), cfg, res)
	if sum.Seats[0].Bot != "random" || sum.Seats[1].Bot != "greedy" || sum.Seats[1].WinRate < 0.8 {
		t.Errorf("seats %+v", sum.Seats)
	}
	if sum.Seats[1].CI95[0] > sum.Seats[1].WinRate || sum.Seats[1].CI95[1] < sum.Seats[1].WinRate {
		t.Errorf("greedy's interval %v misses its win rate %v", sum.Seats[1].CI95, sum.Seats[1].WinRate)
	}
}

// TestRunIsDeterministic plays the same batch on one and two workers: every game's record
// but the clocks must match.
func TestRunIsDeterministic(t *testing.T) {
	cat := catalog(t)
	cfg := Config{Seats: []string{"greedy", "random", "greedy"}, Format: "ffa", Games: 12, Seed: 11, Workers: 1}
	one, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	two, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range [][]GameResult{one.Results, two.Results} {
		for i := range r {
			r[i].Thinking, r[i].CPU = nil, nil
		}
	}
	if !reflect.DeepEqual(one.Results, two.Results) || !reflect.DeepEqual(one.Wins, two.Wins) {
		t.Error("the results depend on the number of workers")
	}
	for i, g := range one.Results {
		if len(g.Authority) < g.Rounds+1 || len(g.Authority) > g.Rounds+2 {
			t.Errorf("game %d: %d authority points for %d rounds", i, len(g.Authority), g.Rounds)
		}
		if g.Authority[0][0] != 50 {
			t.Errorf("game %d starts with authority %v", i, g.Authority[0])
		}
		bought := 0
		for _, b := range g.Bought {
			bought += len(b)
		}
		if bought == 0 {
			t.Errorf("game %d: nobody bought anything", i)
		}
	}
}

// TestSummaryJSON checks the documented shape of --json.
func TestSummaryJSON(t *testing.T) {
	cat := catalog(t)
	cfg := Config{Seats: []string{"greedy", "random"}, Games: 10, Seed: 5}
	res, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(Summarize(realmsgame.WithCatalog(cat), cfg, res))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Games              *int     `json:"games"`
		Draws              *int     `json:"draws"`
		FirstPlayerWinRate *float64 `json:"first_player_win_rate"`
		AvgRounds          *float64 `json:"avg_rounds"`
		Seats              []struct {
			Bot        *string   `json:"bot"`
			WinRate    *float64  `json:"win_rate"`
			CI95       []float64 `json:"ci95"`
			DecisionMs *float64  `json:"decision_ms"`
		} `json:"seats"`
		Cards []struct {
			Name              *string  `json:"name"`
			BoughtPerGame     *float64 `json:"bought_per_game"`
			WinRateWhenBought *float64 `json:"win_rate_when_bought"`
		} `json:"cards"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Games == nil || *got.Games != 10 || got.Draws == nil || got.FirstPlayerWinRate == nil || got.AvgRounds == nil || *got.AvgRounds <= 0 {
		t.Fatalf("top-level keys missing or wrong: %s", b)
	}
	if len(got.Seats) != 2 || got.Seats[0].Bot == nil || *got.Seats[0].Bot != "greedy" || *got.Seats[1].Bot != "random" {
		t.Fatalf("seats not in the order given: %s", b)
	}
	for _, s := range got.Seats {
		if s.WinRate == nil || len(s.CI95) != 2 || s.DecisionMs == nil {
			t.Fatalf("seat entry incomplete: %s", b)
		}
	}
	if len(got.Cards) == 0 {
		t.Fatalf("no cards: %s", b)
	}
	for _, c := range got.Cards {
		if c.Name == nil || c.BoughtPerGame == nil || c.WinRateWhenBought == nil {
			t.Fatalf("card entry incomplete: %s", b)
		}
	}
}

// TestReport writes a report folder and checks its files: JSON, Markdown with the tables,
// and well-formed SVG.
func TestReport(t *testing.T) {
	cat := catalog(t)
	cfg := Config{Seats: []string{"greedy", "random"}, Games: 20, Seed: 9}
	res, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(realmsgame.WithCatalog(cat), cfg, res)
	dir := filepath.Join(t.TempDir(), "out")
	if err := WriteReport(dir, sum, "starnexus sim --seats greedy,random --games 20 --seed 9"); err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(dir, ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	var back Summary
	if err := json.Unmarshal(js, &back); err != nil || back.Games != 20 {
		t.Errorf("summary.json: %v, %d games", err, back.Games)
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportMarkdown))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| greedy |", ChartWinRates, ChartAuthority, ChartCardImpact, "--seats greedy,random"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, name := range []string{ChartWinRates, ChartAuthority, ChartCardImpact} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(f)
		tokens := 0
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", name, err)
				break
			}
			tokens++
		}
		f.Close()
		if tokens < 20 {
			t.Errorf("%s has only %d tokens", name, tokens)
		}
	}
	var table strings.Builder
	WriteTable(&table, sum, 5)
	if !strings.Contains(table.String(), "greedy") || !strings.Contains(table.String(), "more cards") {
		t.Errorf("table:\n%s", table.String())
	}
}

// TestSlicesMergeIntoTheRun plays a run of three bots (so seat rotation and seeds both
// matter) and the same run in two slices (Config.First): the slices hold the same games, and
// merged they give the run's own summary.
func TestSlicesMergeIntoTheRun(t *testing.T) {
	cat := catalog(t)
	game := realmsgame.WithCatalog(cat)
	cfg := Config{Seats: []string{"greedy", "random", "greedy"}, Format: "ffa", Games: 7, Seed: 21, Workers: 1}
	whole, err := Run(game, cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	var parts []Result
	var sums []Summary
	for _, sl := range []struct{ first, games int }{{0, 4}, {4, 3}} {
		c := cfg
		c.First, c.Games = sl.first, sl.games
		r, err := Run(game, c, makeBot)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, r)
		sums = append(sums, Summarize(game, c, r))
	}
	var games []GameResult
	for _, r := range append([]Result{whole}, parts...) {
		for i := range r.Results {
			r.Results[i].Thinking, r.Results[i].CPU = nil, nil
		}
	}
	games = append(append(games, parts[0].Results...), parts[1].Results...)
	if !reflect.DeepEqual(games, whole.Results) {
		t.Error("the slices of a run do not play its games")
	}
	if sums[1].Seed != 25 || sums[1].First != 4 {
		t.Errorf("the second slice says seed %d, first game %d; want 25 and 4", sums[1].Seed, sums[1].First)
	}
	merged, err := Merge(sums)
	if err != nil {
		t.Fatal(err)
	}
	want := Summarize(game, cfg, whole)
	for _, s := range []*Summary{&merged, &want} {
		s.Seconds = 0
		for i := range s.Seats {
			s.Seats[i].DecisionMs, s.Seats[i].DecisionCPUMs = 0, 0
		}
	}
	if merged.Seed != want.Seed || merged.First != 0 || merged.Games != want.Games {
		t.Errorf("merged: seed %d first %d games %d; the run: seed %d games %d", merged.Seed, merged.First, merged.Games, want.Seed, want.Games)
	}
	for i := range want.Seats {
		if merged.Seats[i].Wins != want.Seats[i].Wins {
			t.Errorf("bot %d: %d wins merged, %d in the run", i, merged.Seats[i].Wins, want.Seats[i].Wins)
		}
	}
	if _, err := Run(game, Config{Seats: cfg.Seats, Format: "ffa", Games: 1, First: -1}, makeBot); err == nil {
		t.Error("a negative first game is accepted")
	}
}

// TestDrawsScoreHalf: in games cut short by the round limit, some are drawn; each seat's
// score is its wins plus its share of the draws (half in a duel) with the Wilson interval
// of that proportion, slices merge to the same scores, both reports show them, and a batch
// without draws has no score at all.
func TestDrawsScoreHalf(t *testing.T) {
	game := realmsgame.WithCatalog(catalog(t))
	cfg := Config{Seats: []string{"greedy", "random"}, Games: 12, Seed: 5, Workers: 1, Options: []string{"max_rounds=11"}}
	res, err := Run(game, cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(game, cfg, res)
	if sum.Draws == 0 || sum.Draws == sum.Games {
		t.Fatalf("%d draws in %d games: pick a limit that draws some", sum.Draws, sum.Games)
	}
	t.Logf("%d draws in %d games", sum.Draws, sum.Games)
	for _, s := range sum.Seats {
		want := float64(s.Wins) + float64(sum.Draws)/2
		ci := wilsonPoints(want, sum.Games, z95)
		if s.Score != want || s.ScoreRate != want/float64(sum.Games) || len(s.ScoreCI95) != 2 || s.ScoreCI95[0] != ci[0] || s.ScoreCI95[1] != ci[1] {
			t.Errorf("%s: %d wins, %d draws of %d: score %v rate %v %v, want %v", s.Bot, s.Wins, sum.Draws, sum.Games, s.Score, s.ScoreRate, s.ScoreCI95, want)
		}
	}
	if lo, hi := Wilson(1, 2)[0], wilsonPoints(1.5, 2, z95)[0]; hi <= lo {
		t.Errorf("the interval of 1.5 of 2 (%v) starts no higher than that of 1 of 2 (%v)", hi, lo)
	}
	var parts []Summary
	for _, sl := range []struct{ first, games int }{{0, 5}, {5, 7}} {
		c := cfg
		c.First, c.Games = sl.first, sl.games
		r, err := Run(game, c, makeBot)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, Summarize(game, c, r))
	}
	merged, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range merged.Seats {
		if s.Score != sum.Seats[i].Score || !reflect.DeepEqual(s.ScoreCI95, sum.Seats[i].ScoreCI95) {
			t.Errorf("%s merged: score %v %v; the run: %v %v", s.Bot, s.Score, s.ScoreCI95, sum.Seats[i].Score, sum.Seats[i].ScoreCI95)
		}
	}
	var table strings.Builder
	WriteTable(&table, sum, 0)
	md := markdown(sum, "")
	for _, out := range []string{table.String(), md} {
		if !strings.Contains(out, "score rate") || !strings.Contains(out, scoreText(sum.Seats[0].Score)) {
			t.Errorf("no scores in the report:\n%s", out)
		}
	}
	cfg.Options = nil
	res, err = Run(game, cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	plain := Summarize(game, cfg, res)
	b, _ := json.Marshal(plain)
	if plain.Draws != 0 || strings.Contains(string(b), "score") {
		t.Errorf("%d draws; the JSON of a batch without draws: %s", plain.Draws, b)
	}
}
