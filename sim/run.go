package sim

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"starnexus/engine"
)

// Deck is a deck a configured seat brings: a shipped deck by Name, or a deck file's Text (Name
// then only labels it).
type Deck struct {
	Name string
	Text string
}

// Config describes a batch of games.
type Config struct {
	Format  string
	Sets    []string
	Options []string // name=value
	// Seats names a bot per seat. Game i seats them rotated by i: seat s of game i holds bot
	// (s+i) mod len(Seats), so that every bot plays every position equally often (with two
	// seats, they alternate). Results are attributed to the bot, by its index in Seats.
	Seats []string
	// Decks, if set, gives each entry of Seats a deck, which travels with its bot from seat to
	// seat (the game must be a DeckGame).
	Decks []Deck
	// Pairings, if set (and Decks not), lists decks to play in turn, each a deck per entry of
	// Seats: game i plays Pairings[(i/len(Seats)) mod len(Pairings)], so that consecutive
	// games play a pairing from every rotation of the seats, its decks travelling with
	// their bots.
	Pairings [][]Deck
	Games    int
	Seed     uint64 // game i uses seed Seed+i
	// First makes this run the slice of a longer run that begins at its game First: it plays
	// games First to First+Games-1 of the run of the same Seed (their seeds, seats and decks),
	// so that a long run split this way across machines or cores merges into exactly it.
	First   int
	Check   bool // check the invariants after every action (slower)
	Workers int  // 0: one per core
	// MaxActions fails a game that has not ended after so many actions (0: DefaultMaxActions):
	// a bot going round in circles is reported instead of running for ever.
	MaxActions int
	// Progress, if set, is called after each game with the number of games finished so far,
	// from one goroutine at a time.
	Progress func(done int)
}

// DefaultMaxActions is Config.MaxActions when unset: far beyond any game that ends by its
// rules and turn limits (Stellar Nexus duels last some hundreds of actions, 200 turns a few
// thousand; a Star Realms game a few hundred), reached in seconds by the fast bots.
const DefaultMaxActions = 100000

// GameResult is the outcome of one game. Seats are positions at the table; Bot maps each to
// the index in Config.Seats of the bot that sat there.
type GameResult struct {
	Seed    uint64
	Bot     []int         // per seat: the bot's index in Config.Seats
	First   engine.Seat   // the seat active before any action
	Winners []engine.Seat // empty for a draw
	Actions int
	Rounds  int // completed rounds (0 if the game is not a StatsGame)
	// Bought lists, per seat, the names of the cards it acquired as the game's Tracker counts
	// them (Star Realms: buy actions, Explorers included, cards gained for free not counted;
	// Stellar Nexus: cards cast). Empty if the game is not a StatsGame.
	Bought [][]string
	// Authority holds every seat's score (authority, life) at the start (index 0), at the end
	// of each completed round r (index r) and, if the game ended during a round, at its end
	// (last). Empty if the game is not a StatsGame.
	Authority [][]int
	// Decisions and Thinking are, per seat, the decisions with more than one legal action
	// and the time its bot spent on them (decisions with one legal action are not timed);
	// CPU is the CPU time of the same decisions, nil where the thread clock is not read.
	Decisions []int
	Thinking  []time.Duration
	CPU       []time.Duration
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
	// CPU is per bot the CPU time of those decisions, counted over CPUDecisions of them (the
	// games where the thread clock was read).
	CPU          []time.Duration
	CPUDecisions []int
	Errors       []error
	// Results holds every game in order of its index; Summarize reads it.
	Results []GameResult
}

// BotMaker makes the bot a seat names.
type BotMaker func(name string) (engine.Bot, error)

// ParseOptions reads "name=value" pairs (the --option flag) into a map.
func ParseOptions(pairs []string) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	m := map[string]string{}
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("option %q: write name=value", kv)
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return m, nil
}

// AllPairings returns every ordered choice of a deck per seat among the named decks, mirrors
// included, in a fixed order (the first seat's deck varying slowest).
func AllPairings(names []string, seats int) [][]Deck {
	out := [][]Deck{{}}
	for s := 0; s < seats; s++ {
		var next [][]Deck
		for _, p := range out {
			for _, n := range names {
				next = append(next, append(append([]Deck(nil), p...), Deck{Name: n}))
			}
		}
		out = next
	}
	return out
}

// setupFor is the setup of game i: bot (s+i) mod n at seat s, with its deck.
func setupFor(game engine.Game, base engine.Setup, cfg Config, i int) (engine.Setup, error) {
	s := base
	s.Seed = cfg.Seed + uint64(i)
	decks := cfg.Decks
	if len(decks) == 0 && len(cfg.Pairings) > 0 {
		decks = cfg.Pairings[(i/len(cfg.Seats))%len(cfg.Pairings)]
	}
	if len(decks) == 0 {
		return s, nil
	}
	dg, ok := game.(DeckGame)
	if !ok {
		return s, fmt.Errorf("%s: the seats of this game bring no decks", game.Name())
	}
	n := len(cfg.Seats)
	names, texts := make([]string, n), make([]string, n)
	for seat := range names {
		d := decks[(seat+i)%n]
		names[seat], texts[seat] = d.Name, d.Text
	}
	return dg.WithDecks(s, names, texts), nil
}

// Run plays cfg.Games games of game in parallel and returns their summary; every game is
// seeded from cfg.Seed and gets freshly made bots, so a batch is reproducible whatever the
// number of workers (the decision times aside).
func Run(game engine.Game, cfg Config, makeBot BotMaker) (Result, error) {
	if cfg.Games < 1 {
		return Result{}, errors.New("no games to play")
	}
	if cfg.First < 0 {
		return Result{}, fmt.Errorf("first game %d: the games of a run are numbered from 0", cfg.First)
	}
	if len(cfg.Seats) == 0 {
		return Result{}, errors.New("no seats")
	}
	if len(cfg.Decks) > 0 && len(cfg.Decks) != len(cfg.Seats) {
		return Result{}, fmt.Errorf("%d decks for %d seats: give one deck per seat", len(cfg.Decks), len(cfg.Seats))
	}
	if len(cfg.Decks) > 0 && len(cfg.Pairings) > 0 {
		return Result{}, errors.New("give decks per seat or pairings of decks, not both")
	}
	for k, p := range cfg.Pairings {
		if len(p) != len(cfg.Seats) {
			return Result{}, fmt.Errorf("pairing %d has %d decks for %d seats", k+1, len(p), len(cfg.Seats))
		}
	}
	opts, err := ParseOptions(cfg.Options)
	if err != nil {
		return Result{}, err
	}
	base := engine.Setup{Format: cfg.Format, Sets: cfg.Sets, Options: opts}
	for i := range cfg.Seats {
		base.Names = append(base.Names, fmt.Sprintf("P%d", i+1))
	}
	// every rotation of the decks (of every pairing), checked once before any game
	checks := 1
	if len(cfg.Decks) > 0 {
		checks = len(cfg.Seats)
	} else if len(cfg.Pairings) > 0 {
		checks = len(cfg.Seats) * len(cfg.Pairings)
	}
	for i := 0; i < checks; i++ {
		s, err := setupFor(game, base, cfg, i)
		if err != nil {
			return Result{}, err
		}
		if _, err := game.Prepare(s); err != nil {
			return Result{}, err
		}
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
			// one thread per worker, so that its thread clock times its decisions alone
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			bots := make([]engine.Bot, n)
			seatBot := make([]int, n)
			for i := range next {
				for s := range bots {
					seatBot[s] = (s + cfg.First + i) % n
					bots[s], _ = makeBot(cfg.Seats[seatBot[s]])
				}
				setup, err := setupFor(game, base, cfg, cfg.First+i)
				if err != nil {
					results[i] = GameResult{Seed: setup.Seed, Err: err}
				} else {
					results[i] = playOne(game, setup, bots, seatBot, cfg.Check, cfg.MaxActions)
				}
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
	res := Result{Wins: make([]int, n), Decisions: make([]int, n), Thinking: make([]time.Duration, n),
		CPU: make([]time.Duration, n), CPUDecisions: make([]int, n), Results: results}
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
			if g.CPU != nil {
				res.CPU[b] += g.CPU[s]
				res.CPUDecisions[b] += g.Decisions[s]
			}
		}
	}
	return res, nil
}

// playOne plays one game with bots[s] at seat s (seatBot[s] its index in the configuration),
// recording what GameResult holds; with check it applies every action through the validating
// path, parses every action's text back, and runs the game's own checks (CheckGame) after each.
func playOne(game engine.Game, setup engine.Setup, bots []engine.Bot, seatBot []int, check bool, maxActions int) (g GameResult) {
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	n := len(bots)
	seed := setup.Seed
	g.Seed = seed
	g.Bot = append([]int(nil), seatBot...)
	g.Decisions = make([]int, n)
	g.Thinking = make([]time.Duration, n)
	if _, ok := threadCPU(); ok {
		g.CPU = make([]time.Duration, n)
	}
	defer func() {
		if r := recover(); r != nil {
			g.Err = fmt.Errorf("seed %d: engine panic: %v", seed, r)
		}
	}()
	s, err := game.New(setup)
	if err != nil {
		g.Err = err
		return g
	}
	rngs := make([]engine.RNG, n)
	for i := range rngs {
		rngs[i] = engine.NewRNG(seed*31 + uint64(i) + 1)
	}
	var movers [engine.MaxMovers]engine.Seat
	if m := s.ToMove(movers[:0]); len(m) > 0 {
		g.First = m[0]
	}
	var tr Tracker
	if sg, ok := game.(StatsGame); ok {
		tr = sg.NewTracker(s)
		g.Bought = make([][]string, n)
	}
	score := func() []int {
		a := make([]int, n)
		for i := range a {
			a[i] = tr.Score(engine.Seat(i))
		}
		return a
	}
	if tr != nil {
		g.Authority = append(g.Authority, score())
	}
	var checker func(int) error
	if cg, ok := game.(CheckGame); ok && check {
		checker = cg.NewChecker(s, seed)
	}
	var legalBuf [256]engine.Action
	fail := func(format string, args ...any) GameResult {
		g.Err = fmt.Errorf("seed %d: "+format, append([]any{seed}, args...)...)
		return g
	}
	lastRecorded := 0 // actions taken when Authority's last entry was recorded
	obs := make([]engine.Observation, s.NumSeats())
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
			cpu, _ := threadCPU()
			obs[seat] = engine.ObserveFor(s, seat, bots[seat], obs[seat])
			a = bots[seat].Choose(obs[seat], legal, &rngs[seat])
			g.Thinking[seat] += time.Since(start)
			if g.CPU != nil {
				end, _ := threadCPU()
				g.CPU[seat] += end - cpu
			}
			g.Decisions[seat]++
		} else {
			obs[seat] = engine.ObserveFor(s, seat, bots[seat], obs[seat])
			a = bots[seat].Choose(obs[seat], legal, &rngs[seat])
		}
		if g.Actions >= maxActions {
			return fail("no end after %d actions (%s was to play %q): a bot may be going round in circles",
				g.Actions, s.SeatName(seat), s.ActionText(seat, a))
		}
		if tr != nil {
			if c := tr.Before(seat, a); c != "" {
				g.Bought[seat] = append(g.Bought[seat], c)
			}
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
			if checker != nil {
				if err := checker(g.Actions); err != nil {
					return fail("after action %d %q: %w", g.Actions, text, err)
				}
			}
		}
		if tr != nil {
			for tr.Rounds() >= len(g.Authority) {
				g.Authority = append(g.Authority, score())
				lastRecorded = g.Actions
			}
		}
	}
	if tr != nil && lastRecorded != g.Actions {
		g.Authority = append(g.Authority, score())
	}
	if f, ok := s.(interface{ Fault() string }); ok {
		if msg := f.Fault(); msg != "" {
			return fail("the game was ended by a limit of the engine: %s", msg)
		}
	}
	g.Winners = s.Winners()
	if tr != nil {
		g.Rounds = tr.Rounds()
	}
	return g
}
