package sim

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
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

// TestAllPairings lists every ordered choice of a deck per seat, and setupFor plays them in
// turn, each from every rotation of the seats with the decks travelling with their bots.
func TestAllPairings(t *testing.T) {
	ps := AllPairings([]string{"a", "b", "c"}, 2)
	if len(ps) != 9 {
		t.Fatalf("%d pairings of three decks for two seats, want 9", len(ps))
	}
	seen := map[string]bool{}
	for _, p := range ps {
		seen[p[0].Name+p[1].Name] = true
	}
	if len(seen) != 9 {
		t.Errorf("pairings repeat: %v", seen)
	}
	if got := PairingsLabel(ps); got != "every pairing of a, b, c" {
		t.Errorf("label %q", got)
	}
	if got := PairingsLabel(ps[:2]); got != "a-a a-b" {
		t.Errorf("label of two pairings %q", got)
	}
}

// deckToy is the toy game with decks: WithDecks records each seat's deck in the setup's
// options, where TestSetupForPairings reads it.
type deckToy struct{ toygame.Game }

func (deckToy) ShippedDecks() []string { return []string{"a", "b"} }
func (deckToy) WithDecks(s engine.Setup, names, texts []string) engine.Setup {
	s.Options = map[string]string{"decks": strings.Join(names, ",")}
	return s
}
func (deckToy) DeckHero(name, text string) (string, error) { return "", nil }

func TestSetupForPairings(t *testing.T) {
	cfg := Config{Seats: []string{"x", "y"}, Pairings: AllPairings([]string{"a", "b"}, 2)}
	var got []string
	for i := 0; i < 8; i++ {
		s, err := setupFor(deckToy{}, engine.Setup{}, cfg, i)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s.Options["decks"])
	}
	// game i seats bot (s+i) mod 2 at seat s; pairing i/2 gives bot x its first deck
	want := []string{"a,a", "a,a", "a,b", "b,a", "b,a", "a,b", "b,b", "b,b"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("decks by game %v, want %v", got, want)
	}
}

// TestEndlessGameFails: a game that has not ended after MaxActions actions is a failed game
// that says so (a bot going round in circles), not a run that never returns.
func TestEndlessGameFails(t *testing.T) {
	game := realmsgame.WithCatalog(catalog(t))
	res, err := Run(game, Config{Seats: []string{"greedy", "greedy"}, Games: 2, Seed: 1, MaxActions: 30}, makeBot)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 2 || !strings.Contains(res.Errors[0].Error(), "no end after 30 actions") {
		t.Fatalf("errors %v, want both games stopped after 30 actions", res.Errors)
	}
	res, err = Run(game, Config{Seats: []string{"greedy", "greedy"}, Games: 2, Seed: 1}, makeBot)
	if err != nil || len(res.Errors) != 0 || res.Actions < 60 {
		t.Fatalf("without a limit: %d actions, errors %v, %v", res.Actions, res.Errors, err)
	}
}
