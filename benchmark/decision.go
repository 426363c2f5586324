package benchmark

import (
	"time"

	"starnexus/engine"
	"starnexus/games/realms"
)

// Level is a named bot configuration whose decision time the bench measures.
type Level struct {
	Name string
	Make func() engine.Bot
}

// DecisionTime is what a bot spends per decision.
type DecisionTime struct {
	Decisions int     `json:"decisions"` // decisions the bot was asked for
	Searched  int     `json:"searched"`  // of which had more than one legal action
	Ms        float64 `json:"ms"`        // average over all decisions, in milliseconds
	SearchMs  float64 `json:"search_ms"` // average over the decisions with a choice
}

// timed wraps a bot and clocks its decisions.
type timed struct {
	engine.Bot
	t DecisionTime
	d time.Duration
	s time.Duration
}

func (b *timed) Choose(v engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	start := time.Now()
	a := b.Bot.Choose(v, legal, rng)
	el := time.Since(start)
	b.t.Decisions++
	b.d += el
	if len(legal) > 1 {
		b.t.Searched++
		b.s += el
	}
	return a
}

// TimeDecisions plays two-player Core Set games of the bot made by mk against greedy in the
// calling goroutine, alternating seats, until d has passed (at least two games), and
// returns the bot's time per decision.
func TimeDecisions(cat *realms.Catalog, mk func() engine.Bot, d time.Duration) DecisionTime {
	tb := &timed{Bot: mk()}
	opts := realms.Options{Names: []string{"P1", "P2"}}
	start := time.Now()
	for g := 0; g < 2 || time.Since(start) < d; g++ {
		s, err := realms.NewGame(cat, opts, uint64(1000+g))
		if err != nil {
			panic(err)
		}
		bots := []engine.Bot{tb, realms.Greedy{}}
		if g%2 == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		rngs := []engine.RNG{engine.NewRNG(uint64(g)*2 + 1), engine.NewRNG(uint64(g)*2 + 2)}
		engine.PlayOut(s, bots, rngs, 0)
	}
	t := tb.t
	if t.Decisions > 0 {
		t.Ms = float64(tb.d.Microseconds()) / 1000 / float64(t.Decisions)
	}
	if t.Searched > 0 {
		t.SearchMs = float64(tb.s.Microseconds()) / 1000 / float64(t.Searched)
	}
	return t
}
