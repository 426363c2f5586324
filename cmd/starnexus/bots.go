package main

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

// botMakers lists the bots a seat may name, for Star Realms.
var botMakers = map[string]func() engine.Bot{
	"random":   func() engine.Bot { return ai.Random{} },
	"greedy":   func() engine.Bot { return realms.Greedy{} },
	"velocity": func() engine.Bot { return realms.Velocity{} },
}

// Levels are the difficulty levels a player picks by name, weakest first. Each is an ISMCTS
// configuration with a budget in iterations, not milliseconds, so that a level plays the same
// on a fast or a busy machine and a seeded game is reproducible. docs/ai.md gives their
// measured strength and time per decision.
var levels = []struct {
	name string
	cfg  ismcts.Config
}{
	// easy searches a little with no regard for the greedy policy's own choice, so it
	// wanders: it plays every card and attacks, but buys and scraps erratically.
	{"easy", ismcts.Config{Iterations: 200, Rollout: realms.Greedy{}, Epsilon: 0.1}},
	// medium searches as little, but tries greedy's choice first and keeps it unless the
	// search finds better.
	{"medium", ismcts.Config{Iterations: 200, Rollout: realms.Greedy{}, Epsilon: 0.1, Prior: 1}},
	// hard plays velocity rollouts and starts from velocity's choice, with five times the
	// budget, and keeps its tree through the deterministic steps of a turn.
	{"hard", ismcts.Config{Iterations: 1000, Rollout: realms.Velocity{}, Epsilon: 0.1, Prior: 1, Reuse: true}},
	// expert is hard with seven times the budget.
	{"expert", ismcts.Config{Iterations: 7000, Rollout: realms.Velocity{}, Epsilon: 0.1, Prior: 1, Reuse: true}},
}

func init() {
	for _, l := range levels {
		cfg := l.cfg
		cfg.Name = l.name
		botMakers[l.name] = func() engine.Bot { return ismcts.New(cfg) }
	}
}

// newBot returns the bot called name, or an error listing the known ones. Besides the names
// of botMakers it accepts "ismcts:key=value:..." for experiments (keys: iters, ms, eps, cap,
// c, reuse, rollout).
func newBot(name string) (engine.Bot, error) {
	name = strings.ToLower(name)
	if rest, ok := strings.CutPrefix(name, "ismcts:"); ok {
		return parseISMCTS(name, rest)
	}
	mk, ok := botMakers[name]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q (known: %s, or human)", name, strings.Join(botNames(), ", "))
	}
	return mk(), nil
}

func parseISMCTS(name, spec string) (engine.Bot, error) {
	cfg := ismcts.Config{Name: name, Rollout: realms.Greedy{}}
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
			b, err := newBot(v)
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

func botNames() []string {
	var n []string
	for k := range botMakers {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }
