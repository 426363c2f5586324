package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"starnexus/bots"
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
}

// runNexusPlay plays Stellar Nexus in the terminal: humans type an action's number or its
// text; bots' actions are narrated.
func runNexusPlay(g nexusSetup, stdin io.Reader, stdout io.Writer) error {
	tab, err := nexus.Builtin()
	if err != nil {
		return err
	}
	if g.format == "" || g.format == "standard" {
		g.format = "duel"
	}
	n := len(g.seats)
	if len(g.decks) == 0 {
		g.decks = []string{"rayji", "kern", "hilote", "cypios"}[:min(n, 4)]
	}
	if len(g.decks) != n {
		return fmt.Errorf("--decks names %d decks for %d seats", len(g.decks), n)
	}
	var ds []nexus.Deck
	for _, name := range g.decks {
		d, err := decks.Load(name)
		if err != nil {
			return err
		}
		ds = append(ds, nexus.FromDeck(d))
	}
	names := g.names
	for len(names) < n {
		names = append(names, fmt.Sprintf("P%d", len(names)+1))
	}
	st, err := nexus.NewGame(tab, nexus.Options{Format: g.format, Names: names}, ds, g.seed)
	if err != nil {
		return err
	}
	players := make([]engine.Bot, n)
	rngs := make([]engine.RNG, n)
	root := engine.NewRNG(g.seed ^ 0x5eed)
	for i, who := range g.seats {
		rngs[i] = engine.NewRNG(root.Uint64())
		if who == "human" {
			continue
		}
		b, err := bots.NewFor("nexus", who)
		if err != nil {
			return fmt.Errorf("seat %d: %w (human or one of %s)", i+1, err, strings.Join(bots.NamesFor("nexus"), ", "))
		}
		players[i] = b
	}
	in := bufio.NewScanner(stdin)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	fmt.Fprintf(out, "Stellar Nexus, %s, seed %d\n", g.format, g.seed)
	var buf []engine.Action
	for steps := 0; !st.Over(); steps++ {
		if steps > 200000 {
			return fmt.Errorf("the game did not end")
		}
		seat := st.ToMove(nil)[0]
		buf = st.Legal(seat, buf[:0])
		if b := players[seat]; b != nil {
			a := b.Choose(st.View(seat), buf, &rngs[seat])
			text := st.ActionText(seat, a)
			if err := st.Apply(seat, a); err != nil {
				return fmt.Errorf("%s (%s): %w", st.SeatName(seat), b.Name(), err)
			}
			if text != "pass" {
				fmt.Fprintf(out, "%s: %s\n", st.SeatName(seat), text)
			}
			continue
		}
		fmt.Fprintf(out, "\n%s\n", st.View(seat).(*nexus.View).Text())
		for i, a := range buf {
			fmt.Fprintf(out, "  %2d. %s\n", i+1, st.ActionText(seat, a))
		}
		for {
			fmt.Fprintf(out, "%s> ", st.SeatName(seat))
			out.Flush()
			if !in.Scan() {
				return fmt.Errorf("input ended")
			}
			line := strings.TrimSpace(in.Text())
			if line == "quit" {
				return nil
			}
			var a engine.Action
			if k, err := strconv.Atoi(line); err == nil && k >= 1 && k <= len(buf) {
				a = buf[k-1]
			} else if a, err = st.ParseAction(seat, line); err != nil {
				fmt.Fprintf(out, "  %v\n", err)
				continue
			}
			if err := st.Apply(seat, a); err != nil {
				fmt.Fprintf(out, "  %v\n", err)
				continue
			}
			break
		}
	}
	fmt.Fprintf(out, "\n%s", st.View(engine.Spectator).(*nexus.View).Text())
	return nil
}
