// Package benchmark measures the engines and the bots for "starnexus bench": games per
// second, clone times, search iterations and the levels' decision times. Unlike sim it knows
// the games by name: its figures are compared from commit to commit, so what it measures and
// how stay fixed.
package benchmark

import (
	"time"

	"starnexus/ai"
	"starnexus/ai/ismcts"
	"starnexus/engine"
	"starnexus/games/realms"
)

// BenchResult holds the figures of "starnexus bench"; later issues add keys.
type BenchResult struct {
	GreedyGamesPerSec float64 `json:"realms_2p_greedy_games_per_sec"`
	RandomGamesPerSec float64 `json:"realms_2p_random_games_per_sec"`
	RandomActionsSec  float64 `json:"realms_random_actions_per_sec"`
	CloneNs           float64 `json:"clone_ns"`
	AllocCloneNs      float64 `json:"clone_alloc_ns"`
	FFA4GamesPerSec   float64 `json:"realms_4p_ffa_greedy_games_per_sec"`
	Hydra6GamesPerSec float64 `json:"realms_6p_hydra_greedy_games_per_sec"`

	// ISMCTS iterations per second from a mid-game position, with greedy rollouts (the
	// engine-bound figure) and with velocity rollouts (what hard and expert use).
	ISMCTSItersPerSec         float64 `json:"ismcts_iterations_per_sec"`
	ISMCTSVelocityItersPerSec float64 `json:"ismcts_velocity_iterations_per_sec"`
	// Milliseconds per decision of each difficulty level, averaged over every decision it
	// was asked for in games against greedy (forced ones included, which cost nothing).
	EasyDecisionMs   float64 `json:"easy_decision_ms,omitempty"`
	MediumDecisionMs float64 `json:"medium_decision_ms,omitempty"`
	HardDecisionMs   float64 `json:"hard_decision_ms,omitempty"`
	ExpertDecisionMs float64 `json:"expert_decision_ms,omitempty"`
	// Levels holds every level's figures, the four above included.
	Levels map[string]DecisionTime `json:"levels,omitempty"`
}

// Bench measures the engine and the search bots in the calling goroutine, spending about d
// on each figure (each level's decision time plays whole games, at least two). Run it with
// GOMAXPROCS=1 for one-core figures.
func Bench(cat *realms.Catalog, d time.Duration, levels []Level) BenchResult {
	var r BenchResult
	greedy := []engine.Bot{realms.Greedy{}, realms.Greedy{}}
	random := []engine.Bot{ai.Random{}, ai.Random{}}
	two := realms.Options{Names: []string{"P1", "P2"}}
	games, _, el := PlayGames(cat, two, greedy, d)
	r.GreedyGamesPerSec = float64(games) / el.Seconds()
	games, actions, el := PlayGames(cat, two, random, d)
	r.RandomGamesPerSec = float64(games) / el.Seconds()
	r.RandomActionsSec = float64(actions) / el.Seconds()
	r.CloneNs = CloneNs(cat, d)
	r.AllocCloneNs = AllocCloneNs(cat, d)
	g4 := []engine.Bot{realms.Greedy{}, realms.Greedy{}, realms.Greedy{}, realms.Greedy{}}
	games, _, el = PlayGames(cat, realms.Options{Format: "ffa", Names: []string{"P1", "P2", "P3", "P4"}}, g4, d)
	r.FFA4GamesPerSec = float64(games) / el.Seconds()
	g6 := append(g4, realms.Greedy{}, realms.Greedy{})
	games, _, el = PlayGames(cat, realms.Options{Format: "hydra", Names: []string{"P1", "P2", "P3", "P4", "P5", "P6"}}, g6, d)
	r.Hydra6GamesPerSec = float64(games) / el.Seconds()
	r.ISMCTSItersPerSec = ISMCTSItersPerSec(cat, realms.Greedy{}, d)
	r.ISMCTSVelocityItersPerSec = ISMCTSItersPerSec(cat, realms.Velocity{}, d)
	for _, l := range levels {
		t := TimeDecisions(cat, l.Make, d)
		if r.Levels == nil {
			r.Levels = map[string]DecisionTime{}
		}
		r.Levels[l.Name] = t
		switch l.Name {
		case "easy":
			r.EasyDecisionMs = t.Ms
		case "medium":
			r.MediumDecisionMs = t.Ms
		case "hard":
			r.HardDecisionMs = t.Ms
		case "expert":
			r.ExpertDecisionMs = t.Ms
		}
	}
	return r
}

// ISMCTSItersPerSec runs searches of 200 iterations with the given rollout policy (epsilon
// 0.1, prior 1, no reuse) from a mid-game position for about d.
func ISMCTSItersPerSec(cat *realms.Catalog, rollout engine.Bot, d time.Duration) float64 {
	s, seat, legal := searchPosition(cat)
	bot := ismcts.New(ismcts.Config{Iterations: 200, Rollout: rollout, Epsilon: 0.1, Prior: 1})
	rng := engine.NewRNG(1)
	obs := s.Observe(seat, nil)
	start := time.Now()
	for time.Since(start) < d {
		bot.Choose(obs, legal, &rng)
	}
	return float64(bot.Stats().Iterations) / time.Since(start).Seconds()
}

// searchPosition is midGame advanced to the next decision with a choice.
func searchPosition(cat *realms.Catalog) (*realms.State, engine.Seat, []engine.Action) {
	s := midGame(cat)
	for {
		seat := s.ToMove(nil)[0]
		legal := s.Legal(seat, nil)
		if len(legal) > 1 {
			return s, seat, legal
		}
		s.ApplyTrusted(seat, legal[0])
	}
}

// PlayGames plays complete games with fresh seeds for about d and counts games and actions.
func PlayGames(cat *realms.Catalog, opts realms.Options, bots []engine.Bot, d time.Duration) (games, actions int, elapsed time.Duration) {
	rngs := make([]engine.RNG, len(bots))
	obs := make([]engine.Observation, len(bots)) // refilled from game to game
	start := time.Now()
	for seed := uint64(1); ; seed++ {
		s, err := realms.NewGame(cat, opts, seed)
		if err != nil {
			panic(err)
		}
		for i := range rngs {
			rngs[i] = engine.NewRNG(seed*7 + uint64(i))
		}
		actions += engine.PlayOutWith(s, bots, rngs, obs, 0)
		games++
		if games%64 == 0 {
			if elapsed = time.Since(start); elapsed >= d {
				return games, actions, elapsed
			}
		}
	}
}

// CloneNs times the bots' Clone (CloneInto a reused State, which allocates nothing) on a
// mid-game state. AllocCloneNs times Clone into a new allocation.
func CloneNs(cat *realms.Catalog, d time.Duration) float64 {
	s := midGame(cat)
	var sink engine.State = s.Clone()
	return timeLoop(d, func() { sink = s.CloneInto(sink) })
}

// AllocCloneNs times Clone, which allocates a new State each time.
func AllocCloneNs(cat *realms.Catalog, d time.Duration) float64 {
	s := midGame(cat)
	var sink engine.State
	ns := timeLoop(d, func() { sink = s.Clone() })
	_ = sink
	return ns
}

// midGame is a state 150 greedy actions into a game.
func midGame(cat *realms.Catalog) *realms.State {
	s, err := realms.NewGame(cat, realms.Options{Names: []string{"P1", "P2"}}, 42)
	if err != nil {
		panic(err)
	}
	rngs := []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}
	engine.PlayOut(s, []engine.Bot{realms.Greedy{}, realms.Greedy{}}, rngs, 150)
	return s
}

// timeLoop runs f in batches for about d and returns nanoseconds per call.
func timeLoop(d time.Duration, f func()) float64 {
	n := 0
	start := time.Now()
	for {
		for i := 0; i < 1000; i++ {
			f()
		}
		n += 1000
		if el := time.Since(start); el >= d {
			return float64(el.Nanoseconds()) / float64(n)
		}
	}
}
