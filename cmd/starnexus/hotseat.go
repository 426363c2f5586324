package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/games/realms"
)

// errQuit ends a hot-seat game early; the game has been saved.
var errQuit = errors.New("quit")

const playHelp = `Commands:
  NUMBER           take the numbered action
  ACTION           type an action: play CARD, use CARD primary|ally|scrap, buy CARD,
                   attack PLAYER [N], attack PLAYER:BASE, choose N|CARD|PLAYER, skip, done, end
                   (card names in any case; "attack PLAYER" uses all your Combat)
  show CARD        print a card's text
  look             print the table again
  save             save the game and keep playing
  quit             save the game and leave (continue later with --resume FILE)
  help             this list
`

// hotSeat plays a game with at least one human seat: bots act at once, humans are asked.
func (s *session) hotSeat() error {
	for !s.st.Over() {
		seat := s.toMove()
		if s.bots[seat] != nil {
			if err := s.botMove(seat); err != nil {
				return err
			}
			continue
		}
		if err := s.humanMove(seat); err != nil {
			if errors.Is(err, errQuit) {
				return nil
			}
			return err
		}
	}
	s.lastSeat = engine.Spectator
	fmt.Fprintf(s.out, "\nGame over after %s. Authority: %s\n%s\n", plural(s.turn, "turn"), authorityText(s.st), resultText(s.st))
	if s.unseenByAll() != "" {
		fmt.Fprintf(s.out, "Last actions:\n%s", s.unseenByAll())
	}
	fmt.Fprintf(s.out, "Save this game to %s for replay? [y/N] ", s.savePath)
	line, ok := s.readLine()
	if ok && strings.HasPrefix(strings.ToLower(line), "y") {
		if err := s.save(); err != nil {
			return err
		}
		fmt.Fprintf(s.out, "Watch it again with: starnexus replay %s\n", s.savePath)
	}
	return nil
}

// humanMove asks the human at seat for one action, answering commands until one is taken.
func (s *session) humanMove(seat engine.Seat) error {
	if s.humans > 1 && s.lastSeat != seat {
		if s.tty {
			fmt.Fprint(s.out, "\033[2J\033[H") // hide the previous player's hand
		}
		fmt.Fprintf(s.out, "\n=== %s, your move. Press Enter when the others look away. ===\n", s.st.SeatName(seat))
		if _, ok := s.readLine(); !ok {
			return s.quit()
		}
	}
	s.lastSeat = seat
	shown := s.screen(seat)
	for {
		fmt.Fprint(s.out, "> ")
		line, ok := s.readLine()
		if !ok {
			fmt.Fprintln(s.out)
			return s.quit()
		}
		line = strings.TrimSpace(line)
		word, rest, _ := strings.Cut(line, " ")
		switch strings.ToLower(word) {
		case "":
			continue
		case "help", "?":
			fmt.Fprint(s.out, playHelp)
			continue
		case "show":
			s.show(rest)
			continue
		case "look":
			shown = s.screen(seat)
			continue
		case "save":
			if err := s.save(); err != nil {
				fmt.Fprintf(s.out, "error: %v\n", err)
			}
			continue
		case "quit", "exit":
			return s.quit()
		}
		var a engine.Action
		if n, err := strconv.Atoi(line); err == nil {
			if n < 1 || n > len(shown) {
				fmt.Fprintf(s.out, "error: no action numbered %d (1 to %d)\n", n, len(shown))
				continue
			}
			a = shown[n-1]
		} else {
			a, err = s.st.ParseAction(seat, line)
			if err != nil {
				fmt.Fprintf(s.out, "error: %v\n", err)
				continue
			}
		}
		if err := s.take(seat, a); err != nil {
			fmt.Fprintf(s.out, "error: %v\n", err)
			continue
		}
		return nil
	}
}

func (s *session) quit() error {
	if err := s.save(); err != nil {
		return err
	}
	return errQuit
}

func (s *session) readLine() (string, bool) {
	s.out.Flush()
	if !s.in.Scan() {
		return "", false
	}
	return s.in.Text(), true
}

// show prints a card's text, or suggests names for an unknown card.
func (s *session) show(name string) {
	if strings.TrimSpace(name) == "" {
		fmt.Fprintln(s.out, "error: show which card? as in: show Blob World")
		return
	}
	cat := s.st.Catalog()
	id, err := cat.Lookup(name)
	if err != nil {
		fmt.Fprintf(s.out, "error: %v\n", err)
		return
	}
	writeCardText(s.out, cat.Card(id))
}

// screen prints what seat sees at the table and returns the actions it numbered.
func (s *session) screen(seat engine.Seat) []engine.Action {
	w := s.out
	v := s.st.RealmsView(seat)
	cat := v.Catalog()
	fmt.Fprintf(w, "\n---- Turn %d (round %d): %s's turn. %s to act. ----\n", s.turn, v.Rounds()+1, v.Name(v.Active()), v.Name(seat))
	fmt.Fprintf(w, "Authority: %s\n", authorityText(s.st))
	fmt.Fprintf(w, "Trade Row: %s\n", tradeRowText(v, true))
	fmt.Fprintf(w, "  Explorers: %d (cost %d), trade deck: %d cards\n", v.Explorers(), cat.Card(cat.Explorer).Cost, v.TradeDeckCount())
	n := v.NumSeats()
	for k := 1; k <= n; k++ { // the others first, in turn order after seat; seat itself last
		p := engine.Seat((int(seat) + k) % n)
		label := v.Name(p)
		if p == seat {
			label += " (you)"
		}
		fmt.Fprintf(w, "%s: trade %d, combat %d; hand %d, deck %d, discard %d", label, v.Trade(p), v.Combat(p), v.HandCount(p), v.DeckCount(p), len(v.Discard(p)))
		if v.Defeated(p) {
			fmt.Fprint(w, "; defeated")
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  in play: %s\n", playAreaText(v, p))
		if p == seat {
			fmt.Fprintf(w, "  hand: %s\n", cardList(cat, v.Hand(p)))
		}
	}
	if since := s.sinceLast(seat); since != "" {
		fmt.Fprintf(w, "Since your last action:\n%s", since)
	}
	if pr := v.Prompt(); pr != "" {
		fmt.Fprintf(w, "Decision: %s\n", pr)
	}
	shown, less := numbered(s.st, seat)
	fmt.Fprintln(w, "Actions:")
	for i, a := range shown {
		fmt.Fprintf(w, "  %2d) %s\n", i+1, s.st.ActionText(seat, a))
	}
	if less {
		fmt.Fprintln(w, "  (type \"attack PLAYER N\" to attack with less than all your Combat)")
	}
	fmt.Fprintln(w, "Type a number or an action; help lists the commands.")
	return shown
}

// playAreaText lists a play area, marking bases with their defense.
func playAreaText(v realms.View, seat engine.Seat) string {
	cat := v.Catalog()
	if v.PlayCount(seat) == 0 {
		return "(nothing)"
	}
	parts := make([]string, v.PlayCount(seat))
	for i := range parts {
		c := cat.Card(v.PlayCard(seat, i))
		switch {
		case c.Kind == realms.Base && c.Outpost:
			parts[i] = fmt.Sprintf("%s [outpost, defense %d]", c.Name, c.Defense)
		case c.Kind == realms.Base:
			parts[i] = fmt.Sprintf("%s [base, defense %d]", c.Name, c.Defense)
		default:
			parts[i] = c.Name
		}
	}
	return strings.Join(parts, ", ")
}

// sinceLast lists the actions of the other seats since seat last acted (at most the last 40).
func (s *session) sinceLast(seat engine.Seat) string {
	var b strings.Builder
	acts := s.rec.Actions[s.seen[seat]:]
	if len(acts) > 40 {
		fmt.Fprintf(&b, "  ... (%d earlier actions)\n", len(acts)-40)
		acts = acts[len(acts)-40:]
	}
	for _, la := range acts {
		if engine.Seat(la.Seat) != seat {
			fmt.Fprintf(&b, "  %s: %s\n", s.rec.Names[la.Seat], la.Action)
		}
	}
	return b.String()
}

// unseenByAll lists the actions after the last action of a human seat, for the final screen.
func (s *session) unseenByAll() string {
	last := 0
	for i, b := range s.bots {
		if b == nil {
			last = max(last, s.seen[i])
		}
	}
	var b strings.Builder
	for _, la := range s.rec.Actions[last:] {
		fmt.Fprintf(&b, "  %s: %s\n", s.rec.Names[la.Seat], la.Action)
	}
	return b.String()
}

// numbered lists seat's legal actions for the menu: attacks on a player appear once, with all
// the Combat; less reports whether smaller attacks were left out.
func numbered(st *realms.State, seat engine.Seat) (shown []engine.Action, less bool) {
	legal := st.Legal(seat, nil)
	most := map[engine.Seat]int{}
	for _, a := range legal {
		if realms.ActionKind(a) == realms.KindAttackPlayer {
			t := realms.ActionSeat(a)
			most[t] = max(most[t], realms.ActionAmount(a))
		}
	}
	for _, a := range legal {
		if realms.ActionKind(a) == realms.KindAttackPlayer && realms.ActionAmount(a) < most[realms.ActionSeat(a)] {
			less = true
			continue
		}
		shown = append(shown, a)
	}
	return shown, less
}

// isTerminal reports whether w is a terminal, where the screen may be cleared.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
