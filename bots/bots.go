// Package bots makes the bots a seat may name, for any engine.Game, shared by the terminal,
// sim and the server: the game's own bots (engine.BotKit), "random", the difficulty levels,
// and the "ismcts:k=v" form for experiments. The search bots are the same for every game; a
// game brings its own heuristic bots, the rollout policies its levels use and its evaluator.
package bots

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"starnexus/ai"
	"starnexus/ai/ismcts"
	"starnexus/engine"
)

// Levels returns the difficulty levels of game, weakest first: ISMCTS configurations with the
// game's rollout policies. Each has a budget in iterations, not milliseconds, so that a level
// plays the same on a fast or a busy machine and a seeded game is reproducible. docs/ai.md
// gives their measured strength and time per decision.
func Levels(game engine.Game) []Level { return levelsFor(game.Bots()) }

func levelsFor(g engine.BotKit) []Level {
	if len(g.Levels) > 0 {
		return gameLevels(g)
	}
	levels := []Level{
		// easy searches a little with no regard for the light policy's own choice, so it
		// wanders: it plays every card and attacks, but buys and scraps erratically.
		{"easy", ismcts.Config{Name: "easy", Iterations: 200, Rollout: g.Light(), Epsilon: 0.1}},
		// medium searches as little, but tries the light policy's choice first and keeps it
		// unless the search finds better.
		{"medium", ismcts.Config{Name: "medium", Iterations: 200, Rollout: g.Light(), Epsilon: 0.1, Prior: 1}},
		// hard plays the strong policy's rollouts and starts from its choice, with five times
		// the budget, and keeps its tree through the deterministic steps of a turn.
		{"hard", ismcts.Config{Name: "hard", Iterations: 1000, Rollout: g.Strong(), Epsilon: 0.1, Prior: 1, Reuse: true}},
		// expert is hard with seven times the budget.
		{"expert", ismcts.Config{Name: "expert", Iterations: 7000, Rollout: g.Strong(), Epsilon: 0.1, Prior: 1, Reuse: true}},
	}
	for i := range levels {
		levels[i].Config.MaxRolloutActions, levels[i].Config.Evaluate = g.RolloutCap, g.Evaluate
		levels[i].Config.Shortcut = shortcut(g)
	}
	return levels
}

// gameLevels are the levels a game sets itself (engine.BotKit.Levels).
func gameLevels(g engine.BotKit) []Level {
	levels := make([]Level, len(g.Levels))
	for i, l := range g.Levels {
		policy := g.Light
		if l.Strong {
			policy = g.Strong
		}
		rcap := g.RolloutCap
		if l.RolloutCap != 0 {
			rcap = l.RolloutCap
		}
		levels[i] = Level{l.Name, ismcts.Config{Name: l.Name, Iterations: l.Iterations, Rollout: policy(),
			Epsilon: l.Epsilon, Prior: l.Prior, Reuse: l.Reuse, MaxRolloutActions: rcap, Evaluate: g.Evaluate,
			Shortcut: shortcut(g)}}
	}
	return levels
}

// shortcut is a new judge of obvious decisions from g, or nil if the game has none.
func shortcut(g engine.BotKit) engine.Shortcut {
	if g.Shortcut == nil {
		return nil
	}
	return g.Shortcut()
}

// New returns the bot called name for game, or an error listing the known ones. Besides the
// game's own bots, "random" and the levels, it accepts "ismcts:key=value:..." for experiments
// (keys: iters, ms, eps, cap, c, prior, reuse, rollout, shortcut).
func New(game engine.Game, name string) (engine.Bot, error) {
	g := game.Bots()
	name = strings.ToLower(name)
	if rest, ok := strings.CutPrefix(name, "ismcts:"); ok {
		return parseISMCTS(game, g, name, rest)
	}
	if name == "random" {
		return ai.Random{}, nil
	}
	for _, h := range g.Heuristics {
		if h.Name == name {
			return h.New(), nil
		}
	}
	for _, l := range levelsFor(g) {
		if l.Name == name {
			return ismcts.New(l.Config), nil
		}
	}
	return nil, fmt.Errorf("unknown bot %q (known: %s, or human)", engine.Clip(name, 64), strings.Join(Names(game), ", "))
}

func parseISMCTS(game engine.Game, g engine.BotKit, name, spec string) (engine.Bot, error) {
	cfg := ismcts.Config{Name: name, Rollout: g.Light(), MaxRolloutActions: g.RolloutCap, Evaluate: g.Evaluate, Shortcut: shortcut(g)}
	for _, kv := range strings.Split(spec, ":") {
		k, v, _ := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if err != nil && k != "rollout" {
			return nil, fmt.Errorf("bot %q: %s: %w", name, k, err)
		}
		switch k {
		case "iters":
			cfg.Iterations = int(f)
		case "ms":
			cfg.Time = msDuration(f)
		case "eps":
			cfg.Epsilon = f
		case "cap":
			cfg.MaxRolloutActions = int(f)
		case "c":
			cfg.Exploration = f
		case "prior":
			cfg.Prior = f
		case "reuse":
			cfg.Reuse = f != 0
		case "shortcut":
			if f == 0 {
				cfg.Shortcut = nil
			}
		case "rollout":
			b, err := New(game, v)
			if err != nil {
				return nil, err
			}
			cfg.Rollout = b
		default:
			return nil, fmt.Errorf("bot %q: unknown key %q", name, k)
		}
	}
	return ismcts.New(cfg), nil
}

// Names lists the bot names of game, sorted.
func Names(game engine.Game) []string {
	g := game.Bots()
	n := []string{"random"}
	for _, h := range g.Heuristics {
		n = append(n, h.Name)
	}
	for _, l := range levelsFor(g) {
		n = append(n, l.Name)
	}
	sort.Strings(n)
	return n
}

// Level is a difficulty level: a named ISMCTS configuration.
type Level struct {
	Name   string
	Config ismcts.Config
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }
