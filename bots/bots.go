// Package bots is the registry of the bots a seat may name, shared by the terminal commands
// and the server: for each game, the name -> constructor map, the difficulty levels, and the
// "ismcts:k=v" form for experiments. The search bots are the same for every game; a game
// brings its own heuristic bots and the rollout policies its levels use.
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
	"starnexus/games/realms"
)

// Game is what a game brings to the registry.
type Game struct {
	// Heuristics are the game's own bots by name ("greedy", ...); "random" is added for all.
	Heuristics map[string]func() engine.Bot
	// Light and Strong are the rollout policies of the levels: easy and medium play Light
	// rollouts, hard and expert Strong ones.
	Light, Strong func() engine.Bot
	// RolloutCap, if not 0, stops the levels' rollouts after so many actions and lets
	// Evaluate score where they stopped: for games whose whole playouts are too slow.
	RolloutCap int
	Evaluate   ismcts.Evaluator
}

// games lists the games the registry knows. It is built by a function, not kept in a
// package variable, so that nothing can change it.
func games() map[string]Game {
	return map[string]Game{
		"realms": {
			Heuristics: map[string]func() engine.Bot{
				"greedy":   func() engine.Bot { return realms.Greedy{} },
				"velocity": func() engine.Bot { return realms.Velocity{} },
			},
			Light:  func() engine.Bot { return realms.Greedy{} },
			Strong: func() engine.Bot { return realms.Velocity{} },
		},
		"nexus": nexusBots(),
	}
}

// Levels are the difficulty levels a player picks by name, weakest first, with Star Realms'
// rollout policies. Each is an ISMCTS configuration with a budget in iterations, not
// milliseconds, so that a level plays the same on a fast or a busy machine and a seeded game
// is reproducible. docs/ai.md gives their measured strength and time per decision.
var Levels = levelsFor(games()["realms"])

// LevelsFor returns the difficulty levels of game (nil for an unknown game).
func LevelsFor(game string) []Level {
	g, ok := games()[game]
	if !ok {
		return nil
	}
	return levelsFor(g)
}

func levelsFor(g Game) []Level {
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
	}
	return levels
}

// New returns the Star Realms bot called name (NewFor("realms", name)).
func New(name string) (engine.Bot, error) { return NewFor("realms", name) }

// NewFor returns the bot called name for game, or an error listing the known ones. Besides
// the registered names it accepts "ismcts:key=value:..." for experiments (keys: iters, ms,
// eps, cap, c, prior, reuse, rollout).
func NewFor(game, name string) (engine.Bot, error) {
	g, ok := games()[game]
	if !ok {
		return nil, fmt.Errorf("no bots for game %q", game)
	}
	name = strings.ToLower(name)
	if rest, ok := strings.CutPrefix(name, "ismcts:"); ok {
		return parseISMCTS(game, g, name, rest)
	}
	if name == "random" {
		return ai.Random{}, nil
	}
	if mk, ok := g.Heuristics[name]; ok {
		return mk(), nil
	}
	for _, l := range levelsFor(g) {
		if l.Name == name {
			return ismcts.New(l.Config), nil
		}
	}
	return nil, fmt.Errorf("unknown bot %q (known: %s, or human)", name, strings.Join(NamesFor(game), ", "))
}

func parseISMCTS(game string, g Game, name, spec string) (engine.Bot, error) {
	cfg := ismcts.Config{Name: name, Rollout: g.Light(), MaxRolloutActions: g.RolloutCap, Evaluate: g.Evaluate}
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
		case "rollout":
			b, err := NewFor(game, v)
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

// Names lists the Star Realms bot names, sorted.
func Names() []string { return NamesFor("realms") }

// NamesFor lists the bot names of game, sorted (nil for an unknown game).
func NamesFor(game string) []string {
	g, ok := games()[game]
	if !ok {
		return nil
	}
	n := []string{"random"}
	for k := range g.Heuristics {
		n = append(n, k)
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
