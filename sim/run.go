package sim

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"starnexus/engine"
	"starnexus/games/realms"
)

// Config describes a batch of games.
type Config struct {
	Format  string
	Sets    []string
	Options []string // name=value
	Seats   []string // a bot name per seat, in seat order
	Games   int
	Seed    uint64 // game i uses seed Seed+i
	Check   bool   // check the invariants after every action (slower)
	Workers int    // 0: one per core
}

// GameResult is the outcome of one game.
type GameResult struct {
	Seed    uint64
	Winners []engine.Seat
	Actions int
	Rounds  int
	Err     error
}

// Result sums up a batch.
type Result struct {
	Games   int
	Draws   int
	Wins    []int // per seat
	Actions int
	Rounds  int
	Errors  []error
}

// BotMaker makes the bot a seat names.
type BotMaker func(name string) (engine.Bot, error)

// Run plays cfg.Games games in parallel and returns their summary; every game is seeded from
// cfg.Seed, so a batch is reproducible whatever the number of workers.
func Run(cat *realms.Catalog, cfg Config, makeBot BotMaker) (Result, error) {
	if cfg.Games < 1 {
		return Result{}, errors.New("no games to play")
	}
	opts := realms.Options{Format: cfg.Format, Sets: cfg.Sets}
	for i := range cfg.Seats {
		opts.Names = append(opts.Names, fmt.Sprintf("P%d", i+1))
	}
	if err := realms.ParseOptionPairs(&opts, cfg.Options); err != nil {
		return Result{}, err
	}
	if _, err := realms.NewGame(cat, opts, cfg.Seed); err != nil {
		return Result{}, err
	}
	for _, name := range cfg.Seats {
		if _, err := makeBot(name); err != nil {
			return Result{}, err
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]GameResult, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bots := make([]engine.Bot, len(cfg.Seats))
			for i, name := range cfg.Seats {
				bots[i], _ = makeBot(name)
			}
			for i := range next {
				results[i] = playOne(cat, opts, bots, cfg.Seed+uint64(i), cfg.Check)
			}
		}()
	}
	for i := 0; i < cfg.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	res := Result{Wins: make([]int, len(cfg.Seats))}
	for _, g := range results {
		res.Games++
		res.Actions += g.Actions
		res.Rounds += g.Rounds
		if g.Err != nil {
			res.Errors = append(res.Errors, g.Err)
			continue
		}
		if len(g.Winners) == 0 {
			res.Draws++
		}
		for _, w := range g.Winners {
			res.Wins[w]++
		}
	}
	return res, nil
}

// playOne plays one game; with check it applies every action through the validating path and
// checks the invariants of DESIGN.md §5 after each.
func playOne(cat *realms.Catalog, opts realms.Options, bots []engine.Bot, seed uint64, check bool) (g GameResult) {
	g.Seed = seed
	defer func() {
		if r := recover(); r != nil {
			g.Err = fmt.Errorf("seed %d: engine panic: %v", seed, r)
		}
	}()
	s, err := realms.NewGame(cat, opts, seed)
	if err != nil {
		g.Err = err
		return g
	}
	rngs := make([]engine.RNG, len(bots))
	for i := range rngs {
		rngs[i] = engine.NewRNG(seed*31 + uint64(i) + 1)
	}
	if !check {
		g.Actions = engine.PlayOut(s, bots, rngs, 0)
	} else {
		g.Actions, g.Err = playChecked(s, bots, rngs, seed)
	}
	g.Winners = s.Winners()
	g.Rounds = s.RealmsView(engine.Spectator).Rounds()
	return g
}

func playChecked(s *realms.State, bots []engine.Bot, rngs []engine.RNG, seed uint64) (int, error) {
	counts := s.CardCounts()
	checkRNG := engine.NewRNG(seed)
	var legal []engine.Action
	var movers []engine.Seat
	n := 0
	for ; !s.Over(); n++ {
		movers = s.ToMove(movers[:0])
		if len(movers) == 0 {
			return n, fmt.Errorf("seed %d: the game is not over but nobody may act", seed)
		}
		seat := movers[0]
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return n, fmt.Errorf("seed %d: %s may act but has no legal action", seed, s.SeatName(seat))
		}
		a := bots[seat].Choose(s.View(seat), legal, &rngs[seat])
		text := s.ActionText(seat, a)
		if back, err := s.ParseAction(seat, text); err != nil || back != a {
			return n, fmt.Errorf("seed %d: action %d %q does not parse back (%v)", seed, n+1, text, err)
		}
		if err := s.Apply(seat, a); err != nil {
			return n, fmt.Errorf("seed %d: action %d: bot chose %w", seed, n+1, err)
		}
		if s.CardCounts() != counts {
			return n, fmt.Errorf("seed %d: after action %d %q: cards are not conserved", seed, n+1, text)
		}
		if err := s.CheckInvariants(); err != nil {
			return n, fmt.Errorf("seed %d: after action %d %q: %w", seed, n+1, text, err)
		}
		if n%10 == 0 {
			if err := s.CheckHidden(&checkRNG); err != nil {
				return n, fmt.Errorf("seed %d: after action %d %q: %w", seed, n+1, text, err)
			}
		}
	}
	return n, nil
}
