package sim

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"starnexus/engine"
	"starnexus/games/realms"
)

// Config describes a batch of games.
type Config struct {
	Format  string
	Sets    []string
	Options []string // name=value
	// Seats names a bot per seat. Game i seats them rotated by i: seat s of game i holds bot
	// (s+i) mod len(Seats), so that every bot plays every position equally often (with two
	// seats, they alternate). Results are attributed to the bot, by its index in Seats.
	Seats   []string
	Games   int
	Seed    uint64 // game i uses seed Seed+i
	Check   bool   // check the invariants after every action (slower)
	Workers int    // 0: one per core
	// Progress, if set, is called after each game with the number of games finished so far,
	// from one goroutine at a time.
	Progress func(done int)
}

// GameResult is the outcome of one game. Seats are positions at the table; Bot maps each to
// the index in Config.Seats of the bot that sat there.
type GameResult struct {
	Seed    uint64
	Bot     []int         // per seat: the bot's index in Config.Seats
	First   engine.Seat   // the seat active before any action
	Winners []engine.Seat // empty for a draw
	Actions int
	Rounds  int // completed rounds
	// Bought lists, per seat, the cards it bought (buy actions, Explorers included; cards
	// gained for free are not counted).
	Bought [][]realms.CardID
	// Authority holds every seat's authority at the start (index 0), at the end of each
	// completed round r (index r) and, if the game ended during a round, at its end (last).
	Authority [][]int
	// Decisions and Thinking are, per seat, the decisions with more than one legal action
	// and the time its bot spent on them (decisions with one legal action are not timed).
	Decisions []int
	Thinking  []time.Duration
	Err       error
}

// Won reports whether seat is among the winners.
func (g *GameResult) Won(seat engine.Seat) bool {
	for _, w := range g.Winners {
		if w == seat {
			return true
		}
	}
	return false
}

// SeatOf returns the seat bot b held in this game.
func (g *GameResult) SeatOf(b int) engine.Seat {
	for s, x := range g.Bot {
		if x == b {
			return engine.Seat(s)
		}
	}
	return -1
}

// Result sums up a batch. Wins, Decisions and Thinking are per bot (index in Config.Seats),
// whatever seat it held; games that failed count in Games and Errors only.
type Result struct {
	Games     int
	Draws     int
	Wins      []int // per bot
	FirstWins int   // games won by the seat that moved first
	Actions   int
	Rounds    int
	Decisions []int           // per bot: decisions with more than one legal action
	Thinking  []time.Duration // per bot: time spent on them
	Errors    []error
	// Results holds every game in order of its index; Summarize reads it.
	Results []GameResult
}

// BotMaker makes the bot a seat names.
type BotMaker func(name string) (engine.Bot, error)

// Run plays cfg.Games games in parallel and returns their summary; every game is seeded from
// cfg.Seed and gets freshly made bots, so a batch is reproducible whatever the number of
// workers (the decision times aside).
func Run(cat *realms.Catalog, cfg Config, makeBot BotMaker) (Result, error) {
	if cfg.Games < 1 {
		return Result{}, errors.New("no games to play")
	}
	if len(cfg.Seats) == 0 {
		return Result{}, errors.New("no seats")
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
	n := len(cfg.Seats)
	results := make([]GameResult, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bots := make([]engine.Bot, n)
			seatBot := make([]int, n)
			for i := range next {
				for s := range bots {
					seatBot[s] = (s + i) % n
					bots[s], _ = makeBot(cfg.Seats[seatBot[s]])
				}
				results[i] = playOne(cat, opts, bots, seatBot, cfg.Seed+uint64(i), cfg.Check)
				if cfg.Progress != nil {
					mu.Lock()
					done++
					cfg.Progress(done)
					mu.Unlock()
				}
			}
		}()
	}
	for i := 0; i < cfg.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	res := Result{Wins: make([]int, n), Decisions: make([]int, n), Thinking: make([]time.Duration, n), Results: results}
	for i := range results {
		g := &results[i]
		res.Games++
		if g.Err != nil {
			res.Errors = append(res.Errors, g.Err)
			continue
		}
		res.Actions += g.Actions
		res.Rounds += g.Rounds
		if len(g.Winners) == 0 {
			res.Draws++
		}
		if g.Won(g.First) {
			res.FirstWins++
		}
		for s, b := range g.Bot {
			if g.Won(engine.Seat(s)) {
				res.Wins[b]++
			}
			res.Decisions[b] += g.Decisions[s]
			res.Thinking[b] += g.Thinking[s]
		}
	}
	return res, nil
}

// playOne plays one game with bots[s] at seat s (seatBot[s] its index in the configuration),
// recording what GameResult holds; with check it applies every action through the validating
// path and checks the invariants of DESIGN.md §5 after each.
func playOne(cat *realms.Catalog, opts realms.Options, bots []engine.Bot, seatBot []int, seed uint64, check bool) (g GameResult) {
	n := len(bots)
	g.Seed = seed
	g.Bot = append([]int(nil), seatBot...)
	g.Bought = make([][]realms.CardID, n)
	g.Decisions = make([]int, n)
	g.Thinking = make([]time.Duration, n)
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
	rngs := make([]engine.RNG, n)
	for i := range rngs {
		rngs[i] = engine.NewRNG(seed*31 + uint64(i) + 1)
	}
	pub := s.RealmsView(engine.Spectator)
	g.First = pub.Active()
	authority := func() []int {
		a := make([]int, n)
		for i := range a {
			a[i] = pub.Authority(engine.Seat(i))
		}
		return a
	}
	g.Authority = append(g.Authority, authority())
	var counts [256]int
	var checkRNG engine.RNG
	if check {
		counts = s.CardCounts()
		checkRNG = engine.NewRNG(seed)
	}
	var legalBuf [256]engine.Action
	var movers [engine.MaxMovers]engine.Seat
	fail := func(format string, args ...any) GameResult {
		g.Err = fmt.Errorf("seed %d: "+format, append([]any{seed}, args...)...)
		return g
	}
	lastRecorded := 0 // actions taken when Authority's last entry was recorded
	for !s.Over() {
		m := s.ToMove(movers[:0])
		if len(m) == 0 {
			return fail("the game is not over but nobody may act")
		}
		seat := m[0]
		legal := s.Legal(seat, legalBuf[:0])
		if len(legal) == 0 {
			return fail("%s may act but has no legal action", s.SeatName(seat))
		}
		var a engine.Action
		if len(legal) > 1 {
			start := time.Now()
			a = bots[seat].Choose(s.View(seat), legal, &rngs[seat])
			g.Thinking[seat] += time.Since(start)
			g.Decisions[seat]++
		} else {
			a = bots[seat].Choose(s.View(seat), legal, &rngs[seat])
		}
		if realms.ActionKind(a) == realms.KindBuy {
			g.Bought[seat] = append(g.Bought[seat], realms.ActionCard(a))
		}
		g.Actions++
		if !check {
			s.ApplyTrusted(seat, a)
		} else {
			text := s.ActionText(seat, a)
			if back, err := s.ParseAction(seat, text); err != nil || back != a {
				return fail("action %d %q does not parse back (%v)", g.Actions, text, err)
			}
			if err := s.Apply(seat, a); err != nil {
				return fail("action %d: bot chose %w", g.Actions, err)
			}
			if s.CardCounts() != counts {
				return fail("after action %d %q: cards are not conserved", g.Actions, text)
			}
			if err := s.CheckInvariants(); err != nil {
				return fail("after action %d %q: %w", g.Actions, text, err)
			}
			if g.Actions%10 == 1 {
				if err := s.CheckHidden(&checkRNG); err != nil {
					return fail("after action %d %q: %w", g.Actions, text, err)
				}
			}
		}
		for pub.Rounds() >= len(g.Authority) {
			g.Authority = append(g.Authority, authority())
			lastRecorded = g.Actions
		}
	}
	if lastRecorded != g.Actions {
		g.Authority = append(g.Authority, authority())
	}
	if f := s.Fault(); f != "" {
		return fail("the game was ended by a limit of the engine: %s", f)
	}
	g.Winners = s.Winners()
	g.Rounds = pub.Rounds()
	return g
}
