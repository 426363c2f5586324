package sim

import (
	"runtime"
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
)

// TestToyGameThroughRun plays the toy game, which implements none of sim's optional
// interfaces, through Run and Summarize: win rates, positions and game length, and no card
// or score figures.
func TestToyGameThroughRun(t *testing.T) {
	game := toygame.Game{}
	makeBot := func(name string) (engine.Bot, error) {
		if name == "smart" {
			return toygame.Smart{}, nil
		}
		return toygame.First{}, nil
	}
	cfg := Config{Seats: []string{"smart", "first", "first"}, Games: 30, Seed: 4, Check: true, Workers: 2}
	res, err := Run(game, cfg, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Error(e)
	}
	sum := Summarize(game, cfg, res)
	if sum.Games != 30 || sum.Format != "race" || sum.AvgActions <= 0 || len(sum.Positions) != 3 {
		t.Errorf("summary %+v", sum)
	}
	wins := 0
	for _, s := range sum.Seats {
		wins += s.Wins
	}
	if wins+sum.Draws != 30 {
		t.Errorf("%d wins and %d draws in 30 games", wins, sum.Draws)
	}
	for _, st := range sum.Seats {
		// on Linux every timed decision is also timed by the thread's CPU clock
		if runtime.GOOS == "linux" && (st.CPUDecisions != st.Decisions || st.DecisionCPUMs < 0) {
			t.Errorf("%s: %d decisions, %d timed in CPU (%.3f ms)", st.Bot, st.Decisions, st.CPUDecisions, st.DecisionCPUMs)
		}
	}
	if len(sum.Cards) != 0 || sum.Authority != nil || sum.ScoreName != "" {
		t.Errorf("figures the toy game cannot give: %+v", sum)
	}
	if _, err := Run(game, Config{Seats: []string{"first", "first"}, Decks: []Deck{{Name: "a"}, {Name: "b"}}, Games: 1}, makeBot); err == nil {
		t.Error("decks given to a game without decks were accepted")
	}
}
