package sim

import (
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
)

func makeBot(name string) (engine.Bot, error) {
	if name == "random" {
		return randomBot{}, nil
	}
	return realms.Greedy{}, nil
}

type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Choose(_ engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return legal[rng.Intn(len(legal))]
}

// TestRunChecksEveryFormat plays a small checked batch of each format and expects every game
// to end without an invariant failure, with the same results on one worker as on two.
func TestRunChecksEveryFormat(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string][]string{
		"standard":           {"greedy", "random"},
		"ffa":                {"greedy", "random", "greedy", "random"},
		"hunter":             {"greedy", "random", "greedy"},
		"hunter-first-blood": {"greedy", "greedy", "random", "random", "greedy"},
		"hydra":              {"greedy", "random", "greedy", "random", "greedy", "random"},
		"emperor":            {"greedy", "random", "greedy", "random", "greedy", "random"},
		"raid":               {"greedy", "random", "greedy", "random", "greedy", "random"},
	}
	for format, seats := range tables {
		t.Run(format, func(t *testing.T) {
			cfg := Config{Format: format, Seats: seats, Games: 20, Seed: 7, Check: true, Workers: 1}
			one, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range one.Errors {
				t.Error(e)
			}
			cfg.Workers = 2
			two, err := Run(realmsgame.WithCatalog(cat), cfg, makeBot)
			if err != nil {
				t.Fatal(err)
			}
			if one.Actions != two.Actions || one.Draws != two.Draws {
				t.Errorf("results depend on the number of workers: %+v vs %+v", one, two)
			}
		})
	}
}
