package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"starnexus/engine"
	"starnexus/games/realms"
)

// defaultSave is where `quit` saves a game when neither --save nor --resume names a file.
const defaultSave = "starnexus-save.json"

// listFlag is a flag that may be given several times (--option a=1 --option b=2).
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// session is one game being played from the terminal: the state, the record that grows
// with every action, and who plays each seat.
type session struct {
	st       *realms.State
	rec      *engine.Record
	bots     []engine.Bot // nil for a human seat
	rngs     []engine.RNG // each bot seat's own random source
	humans   int
	savePath string
	// keep, if set, replaces saving to savePath: the game is kept elsewhere (a campaign's
	// database) and keep says how to continue it.
	keep     func() error
	turn     int         // the turn being played, from 1
	active   engine.Seat // whose turn the count refers to
	seen     []int       // per seat: len(rec.Actions) when the seat last acted
	lastSeat engine.Seat // the human seat that saw the screen last (hot-seat handover)
	chosen   engine.Seat // Hydra: the teammate a human chose with "as", while they may act

	in  *bufio.Scanner
	out *bufio.Writer
	tty bool // the output is a terminal: clear it when a hot seat changes hands
	nar *narrator
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seats := fs.String("seats", "human,greedy", "who plays each seat, in order: human or a bot ("+strings.Join(botNames(), ", ")+")")
	names := fs.String("names", "", "player names, comma-separated (default P1,P2,...)")
	seed := fs.Uint64("seed", 0, "random seed (default: drawn from the clock and printed)")
	resume := fs.String("resume", "", "continue the game saved in `FILE`")
	save := fs.String("save", "", "save to `FILE` on quit (default: the --resume file, else "+defaultSave+")")
	format := fs.String("format", "standard", "game format: "+strings.Join(realms.Formats, ", "))
	sets := fs.String("sets", "core", "card sets mixed into the trade deck, comma-separated (core, colony-wars)")
	game := fs.String("game", "realms", "the game: realms or nexus (Stellar Nexus)")
	nexusReserves := fs.Bool("reserves", false, "Stellar Nexus: each seat brings its deck's reserve and may swap cards in secret before the game (SN 2.5)")
	nexusDecks := fs.String("decks", "", "Stellar Nexus: the shipped deck of each seat, comma-separated (damnareh, kern, hilote, rayji, cypios)")
	var options listFlag
	fs.Var(&options, "option", "game option `name=value`; repeatable. Options: max_rounds=N (round cap, a draw when reached; default 100), "+
		"explorers=N (Explorer pile size), first_player=N (seat that starts, from 1; default drawn from the seed), "+
		"team_hands_visible=true (Hydra: teammates see each other's hands), pass_adjacent_only=true (Emperor: pass cards only to a neighbour)")
	if code, ok := parseFlags(fs, args, "starnexus play [--game realms|nexus] [--format F] [--sets core[,colony-wars]] [--decks rayji,kern] [--seats human,greedy] [--names Ann,Bob] [--seed N] [--resume FILE] [--save FILE] [--option name=value ...]", stderr); !ok {
		return code
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if *game == "nexus" {
		if !given["seed"] {
			*seed = uint64(time.Now().UnixNano())
		}
		g := nexusSetup{format: *format, decks: splitList(*nexusDecks), seats: splitList(*seats), names: splitList(*names), seed: *seed, reserves: *nexusReserves}
		if err := runNexusPlay(g, stdin, stdout); err != nil {
			fmt.Fprintf(stderr, "starnexus play: %v\n", err)
			return 1
		}
		return 0
	} else if *game != "realms" {
		fmt.Fprintf(stderr, "starnexus play: unknown game %q (realms, nexus)\n", *game)
		return 2
	}

	cat, err := realms.LoadCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	s := &session{in: bufio.NewScanner(stdin), out: bufio.NewWriter(stdout), tty: isTerminal(stdout), lastSeat: engine.Spectator, chosen: engine.Spectator}
	defer s.out.Flush()
	var seatList []string
	if given["seats"] || *resume == "" {
		seatList = splitList(*seats)
	}
	if *resume != "" {
		for _, f := range []string{"names", "seed", "option", "format", "sets"} {
			if given[f] {
				fmt.Fprintf(stderr, "starnexus play: --%s cannot change a resumed game\n", f)
				return 2
			}
		}
		err = s.resume(cat, *resume, seatList)
	} else {
		if !given["seed"] {
			*seed = uint64(time.Now().UnixNano())
		}
		err = s.start(cat, gameSetup{format: *format, sets: splitList(*sets), seats: seatList, names: splitList(*names), seed: *seed, options: options})
	}
	if err != nil {
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	s.savePath = firstNonEmpty(*save, *resume, defaultSave)
	if s.humans == 0 {
		err = s.autoPlay(given["save"])
	} else {
		err = s.hotSeat()
	}
	if err != nil {
		s.out.Flush()
		fmt.Fprintf(stderr, "starnexus play: %v\n", err)
		return 1
	}
	return 0
}

// gameSetup is what the command line says about a new game.
type gameSetup struct {
	format       string
	sets         []string
	seats, names []string
	seed         uint64
	options      []string
}

// start sets up a new game.
func (s *session) start(cat *realms.Catalog, g gameSetup) error {
	seats, names := g.seats, g.names
	if len(names) == 0 {
		for i := range seats {
			names = append(names, fmt.Sprintf("P%d", i+1))
		}
	}
	if len(names) != len(seats) {
		return fmt.Errorf("%d seats (--seats) but %d names (--names)", len(seats), len(names))
	}
	if err := checkNames(names); err != nil {
		return err
	}
	if len(g.sets) == 0 {
		g.sets = []string{"core"}
	}
	rec := &engine.Record{Game: "realms", Format: g.format, Sets: g.sets, Seats: seats, Names: names, Seed: g.seed, Actions: []engine.LoggedAction{}}
	for _, kv := range g.options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q: write name=value", kv)
		}
		if rec.Options == nil {
			rec.Options = map[string]string{}
		}
		rec.Options[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if err := s.seatPlayers(seats); err != nil {
		return err
	}
	st, err := gameFromRecord(cat, rec)
	if err != nil {
		return err
	}
	s.st, s.rec = st, rec
	s.begin()
	if s.humans == 0 {
		s.nar = &narrator{w: s.out}
	}
	describeGame(s.out, st, rec)
	return nil
}

// resume loads a saved game and replays its actions; seats, if given, replaces who plays.
func (s *session) resume(cat *realms.Catalog, path string, seats []string) error {
	st, rec, err := loadRecord(cat, path)
	if err != nil {
		return err
	}
	if err := checkRecord(st, rec, path); err != nil {
		return err
	}
	if seats != nil {
		if len(seats) != len(rec.Seats) {
			return fmt.Errorf("--seats names %d seats but %s has %d", len(seats), path, len(rec.Seats))
		}
		rec.Seats = seats
	}
	if err := s.seatPlayers(rec.Seats); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	s.st, s.rec = st, rec
	s.begin()
	if s.humans == 0 {
		s.nar = &narrator{w: s.out}
	}
	describeGame(s.out, st, rec)
	for i, la := range rec.Actions {
		seat := engine.Seat(la.Seat)
		if s.bots[seat] != nil && !st.Over() {
			// Let the bot decide as it did, so that its random source is where it was.
			legal := st.Legal(seat, nil)
			if len(legal) > 0 {
				s.bots[seat].Choose(st.View(seat), legal, &s.rngs[seat])
			}
		}
		if s.nar != nil {
			s.nar.before(st, seat, la.Action)
		}
		if _, err := replayLogged(st, rec, i, path); err != nil {
			return err
		}
		s.applied(seat, i+1)
	}
	if s.humans > 0 {
		fmt.Fprintf(s.out, "Resumed %s after %d actions.\n", path, len(rec.Actions))
	}
	return nil
}

// seatPlayers makes a bot for every bot seat, each with its own random source derived from
// the seed so that a game is reproducible.
func (s *session) seatPlayers(seats []string) error {
	s.bots = make([]engine.Bot, len(seats))
	s.rngs = make([]engine.RNG, len(seats))
	s.humans = 0
	for i, who := range seats {
		if strings.EqualFold(who, "human") {
			s.humans++
			continue
		}
		b, err := newBot(who)
		if err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
		s.bots[i] = b
	}
	return nil
}

// begin readies the session for the game in s.st and s.rec: it gives each bot seat its
// random source and starts the turn count.
func (s *session) begin() {
	for i := range s.rngs {
		s.rngs[i] = engine.NewRNG(s.rec.Seed + uint64(i) + 1)
	}
	s.seen = make([]int, len(s.rec.Seats))
	s.turn, s.active = 1, s.st.RealmsView(engine.Spectator).Active()
}

// applied notes that seat took the n-th action of the record.
func (s *session) applied(seat engine.Seat, n int) {
	s.seen[seat] = n
	if s.nar != nil {
		s.nar.after(s.st)
	}
	if a := s.st.RealmsView(engine.Spectator).Active(); a != s.active {
		s.turn++
		s.active = a
		s.chosen = engine.Spectator
	}
}

// take applies an action for seat and logs it.
func (s *session) take(seat engine.Seat, a engine.Action) error {
	text := s.st.ActionText(seat, a)
	if s.nar != nil {
		s.nar.before(s.st, seat, text)
	}
	if err := s.st.Apply(seat, a); err != nil {
		return err
	}
	s.rec.Actions = append(s.rec.Actions, engine.LoggedAction{Seat: int(seat), Action: text})
	s.applied(seat, len(s.rec.Actions))
	return nil
}

// botMove lets the bot of seat act once.
func (s *session) botMove(seat engine.Seat) error {
	legal := s.st.Legal(seat, nil)
	if len(legal) == 0 {
		return fmt.Errorf("%s has no legal action (engine bug)", s.st.SeatName(seat))
	}
	a := s.bots[seat].Choose(s.st.View(seat), legal, &s.rngs[seat])
	if err := s.take(seat, a); err != nil {
		return fmt.Errorf("bot %s for %s: %w", s.bots[seat].Name(), s.st.SeatName(seat), err)
	}
	return nil
}

// autoPlay plays a game of bots to its end, narrating it.
func (s *session) autoPlay(save bool) error {
	for !s.st.Over() {
		if err := s.botMove(s.toMove()); err != nil {
			return err
		}
	}
	s.nar.result(s.st)
	if save {
		return s.save()
	}
	return nil
}

// toMove is the seat that acts next: the first that may act (ToMove lists several in a
// Hydra team turn), or the teammate a human chose with "as" while they may still act.
func (s *session) toMove() engine.Seat {
	var buf [realms.MaxSeats]engine.Seat
	seats := s.st.ToMove(buf[:0])
	for _, t := range seats {
		if t == s.chosen {
			return t
		}
	}
	return seats[0]
}

func (s *session) save() error {
	if s.keep != nil {
		return s.keep()
	}
	if err := engine.SaveRecord(s.savePath, s.rec); err != nil {
		return err
	}
	if s.st.Over() {
		fmt.Fprintf(s.out, "Game saved to %s.\n", s.savePath)
	} else {
		fmt.Fprintf(s.out, "Game saved to %s. Continue it with: starnexus play --resume %s\n", s.savePath, s.savePath)
	}
	return nil
}

// optionPairs lists options as sorted "name=value" texts.
func optionPairs(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
