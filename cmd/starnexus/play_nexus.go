package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
)

// nexusSetup is what the command line says about a Stellar Nexus game.
type nexusSetup struct {
	format string
	decks  []string
	seats  []string
	names  []string
	seed   uint64
	// reserves: each seat brings its deck's 15-card reserve and the game opens with the
	// secret swaps of SN 2.5 / 10.1.
	reserves bool
}

// nexusGame is a Stellar Nexus game being played from the terminal.
type nexusGame struct {
	st      *nexus.State
	players []engine.Bot // nil: a human seat
	rngs    []engine.RNG
	humans  int
	format  string
	decks   []string
	in      *bufio.Scanner
	out     *bufio.Writer
	turn    int // the last turn announced
	tty     bool
	last    engine.Seat // the human seat that saw the screen last (hot-seat handover)
}

// newNexusGame sets up the game: the format (a duel for two seats, a free-for-all for more,
// unless --format says allied), one shipped deck per seat (default: the shipped decks in
// turn), the bots.
func newNexusGame(g nexusSetup) (*nexusGame, error) {
	tab, err := nexus.Builtin()
	if err != nil {
		return nil, err
	}
	n := len(g.seats)
	if n < 2 || n > nexus.MaxSeats {
		return nil, fmt.Errorf("--seats names %d seats; Stellar Nexus is played by 2 to %d", n, nexus.MaxSeats)
	}
	if g.format == "" || g.format == "standard" {
		g.format = "duel"
		if n > 2 {
			g.format = "ffa"
		}
	}
	if len(g.decks) == 0 {
		shipped := decks.Names()
		for i := 0; i < n; i++ {
			g.decks = append(g.decks, shipped[i%len(shipped)])
		}
	}
	if len(g.decks) != n {
		return nil, fmt.Errorf("--decks names %d decks for %d seats (one per seat, from %s)", len(g.decks), n, strings.Join(decks.Names(), ", "))
	}
	var ds []nexus.Deck
	for _, name := range g.decks {
		d, err := decks.Load(name)
		if err != nil {
			return nil, err
		}
		if g.reserves {
			ds = append(ds, nexus.FromDeckWithReserve(d))
		} else {
			ds = append(ds, nexus.FromDeck(d))
		}
	}
	names := g.names
	for len(names) < n {
		names = append(names, fmt.Sprintf("P%d", len(names)+1))
	}
	if err := checkNames(names); err != nil {
		return nil, err
	}
	st, err := nexus.NewGame(tab, nexus.Options{Format: g.format, Names: names}, ds, g.seed)
	if err != nil {
		return nil, err
	}
	ng := &nexusGame{st: st, players: make([]engine.Bot, n), rngs: make([]engine.RNG, n), format: g.format, decks: g.decks}
	root := engine.NewRNG(g.seed ^ 0x5eed)
	for i, who := range g.seats {
		ng.rngs[i] = engine.NewRNG(root.Uint64())
		if strings.EqualFold(who, "human") {
			ng.humans++
			continue
		}
		b, err := newNexusBot(who)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		ng.players[i] = b
	}
	return ng, nil
}

// runNexusPlay plays Stellar Nexus in the terminal: humans type an action's number or its
// text; bots' actions are narrated, with a line at each new turn and the result at the end.
func runNexusPlay(g nexusSetup, stdin io.Reader, stdout io.Writer) error {
	ng, err := newNexusGame(g)
	if err != nil {
		return err
	}
	ng.in = bufio.NewScanner(stdin)
	ng.out = bufio.NewWriter(stdout)
	ng.tty, ng.last = isTerminal(stdout), engine.Spectator
	defer ng.out.Flush()
	fmt.Fprintf(ng.out, "Stellar Nexus, %s, seed %d: %s\n", ng.format, g.seed, ng.seatList())
	return ng.play()
}

// seatList names each seat with who plays it and its deck.
func (ng *nexusGame) seatList() string {
	var parts []string
	for i := 0; i < ng.st.NumSeats(); i++ {
		who := "human"
		if b := ng.players[i]; b != nil {
			who = b.Name()
		}
		parts = append(parts, fmt.Sprintf("%s (%s, %s)", ng.st.SeatName(engine.Seat(i)), who, ng.decks[i]))
	}
	return strings.Join(parts, ", ")
}

func (ng *nexusGame) play() error {
	st := ng.st
	var buf []engine.Action
	for steps := 0; !st.Over(); steps++ {
		if steps > 500000 {
			return fmt.Errorf("the game did not end after %d actions", steps)
		}
		ng.announceTurn()
		seat := st.ToMove(nil)[0]
		buf = st.Legal(seat, buf[:0])
		if b := ng.players[seat]; b != nil {
			a := b.Choose(st.View(seat), buf, &ng.rngs[seat])
			text := st.ActionText(seat, a)
			if err := st.Apply(seat, a); err != nil {
				return fmt.Errorf("%s (%s): %w", st.SeatName(seat), b.Name(), err)
			}
			// Mulligans stay secret until everybody has kept (SN 10.6).
			if text != "pass" && !(ng.humans > 0 && (text == "keep" || text == "mulligan")) {
				fmt.Fprintf(ng.out, "  %s: %s\n", st.SeatName(seat), text)
			}
			continue
		}
		if len(buf) == 1 && st.ActionText(seat, buf[0]) == "pass" {
			// Nothing to do but pass: the human is asked only when there is a choice.
			if err := st.Apply(seat, buf[0]); err != nil {
				return err
			}
			continue
		}
		quit, err := ng.human(seat, buf)
		if err != nil || quit {
			return err
		}
	}
	fmt.Fprintf(ng.out, "\n%s", st.View(engine.Spectator).(*nexus.View).Text())
	fmt.Fprintf(ng.out, "%s\n", ng.result())
	return nil
}

// announceTurn prints a line when a new turn starts: whose it is and the life totals.
func (ng *nexusGame) announceTurn() {
	st := ng.st
	if st.TurnNumber() == ng.turn || st.TurnNumber() == 0 {
		return
	}
	ng.turn = st.TurnNumber()
	var life []string
	for i := 0; i < st.NumSeats(); i++ {
		if st.Lost(engine.Seat(i)) {
			continue
		}
		life = append(life, fmt.Sprintf("%s %d", st.SeatName(engine.Seat(i)), st.Life(engine.Seat(i))))
	}
	fmt.Fprintf(ng.out, "Turn %d: %s (life: %s)\n", ng.turn, st.SeatName(st.ActiveSeat()), strings.Join(life, ", "))
}

// result is the last line: the winner (or winning team), or a draw.
func (ng *nexusGame) result() string {
	w := ng.st.Winners()
	if len(w) == 0 {
		return fmt.Sprintf("Result: a draw after %d turns.", ng.st.TurnNumber())
	}
	var names []string
	for _, s := range w {
		names = append(names, ng.st.SeatName(s))
	}
	return fmt.Sprintf("Result: %s won on turn %d.", strings.Join(names, " and "), ng.st.TurnNumber())
}

// human shows the seat its view and the numbered actions, and applies what it types.
func (ng *nexusGame) human(seat engine.Seat, legal []engine.Action) (quit bool, err error) {
	st, out := ng.st, ng.out
	if ng.humans > 1 && ng.last != seat {
		if ng.tty {
			fmt.Fprint(out, "\033[2J\033[H") // hide the previous player's hand
		}
		fmt.Fprintf(out, "\n=== %s, your move. Press Enter when the others look away. ===\n", st.SeatName(seat))
		out.Flush()
		if !ng.in.Scan() {
			return false, fmt.Errorf("input ended")
		}
		if strings.TrimSpace(ng.in.Text()) == "quit" {
			return true, nil
		}
	}
	ng.last = seat
	fmt.Fprintf(out, "\n%s", st.View(seat).(*nexus.View).Text())
	var res []string
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		if !st.Lost(s) {
			res = append(res, fmt.Sprintf("%s %d/%d", st.SeatName(s), st.UntappedResources(s), len(st.Resources(s))))
		}
	}
	fmt.Fprintf(out, "Resources untapped/total: %s\n", strings.Join(res, ", "))
	fmt.Fprintf(out, "%s to act (%s):\n", st.SeatName(seat), st.Decision())
	for i, a := range legal {
		fmt.Fprintf(out, "  %2d. %s\n", i+1, st.ActionText(seat, a))
	}
	for {
		fmt.Fprintf(out, "%s> ", st.SeatName(seat))
		out.Flush()
		if !ng.in.Scan() {
			return false, fmt.Errorf("input ended")
		}
		line := strings.TrimSpace(ng.in.Text())
		switch line {
		case "quit":
			return true, nil
		case "":
			continue
		}
		var a engine.Action
		if k, err := strconv.Atoi(line); err == nil {
			if k < 1 || k > len(legal) {
				fmt.Fprintf(out, "  no action %d: type 1 to %d or the action's text\n", k, len(legal))
				continue
			}
			a = legal[k-1]
		} else if a, err = st.ParseAction(seat, line); err != nil {
			fmt.Fprintf(out, "  %v\n", err)
			continue
		}
		if err := st.Apply(seat, a); err != nil {
			fmt.Fprintf(out, "  %v\n", err)
			continue
		}
		return false, nil
	}
}
