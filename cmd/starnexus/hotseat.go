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
                   attack PLAYER [N], attack PLAYER:BASE [N], choose N|CARD|PLAYER, skip, done, end
                   (card names in any case; "attack PLAYER" uses all your Combat;
                   "attack PLAYER:BASE N" damages a Raid Boss's base without destroying it)
                   Hydra: give PLAYER trade N, give PLAYER combat N (to a teammate)
                   Emperor: pass CARD to PLAYER (1 Trade: a card of your discard pile
                   to a teammate's discard pile)
  as PLAYER        Hydra: act for another human teammate who may still act
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
		case "as":
			if err := s.switchTo(seat, rest); err != nil {
				fmt.Fprintf(s.out, "error: %v\n", err)
				continue
			}
			return nil
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
	fmt.Fprintf(w, "\n---- Turn %d (round %d). Turn of %s. Acting: %s (you). ----\n", s.turn, v.Rounds()+1, turnOwner(s.st), v.Name(seat))
	if t := s.teamTurnText(seat); t != "" {
		fmt.Fprintln(w, t)
	}
	fmt.Fprintf(w, "Trade Row: %s\n", tradeRowText(v, true))
	fmt.Fprintf(w, "  Explorers: %d (cost %d), trade deck: %d cards\n", v.Explorers(), cat.Card(cat.Explorer).Cost, v.TradeDeckCount())
	writePlayerTable(w, s.st, v, "", true)
	fmt.Fprintf(w, "Your hand: %s\n", cardList(cat, v.Hand(seat)))
	for i := 0; i < v.NumSeats(); i++ {
		p := engine.Seat(i)
		if p == seat || v.Defeated(p) {
			continue
		}
		if h := v.Hand(p); h != nil {
			fmt.Fprintf(w, "%s's hand (%s): %s\n", v.Name(p), seeWhy(v), cardList(cat, h))
		}
	}
	if t := targetsText(v, seat, true); t != "" {
		fmt.Fprintln(w, t)
		if b := basesInReach(v, seat); len(b) > 0 {
			fmt.Fprintf(w, "Bases you may attack now: %s\n", strings.Join(b, "; "))
		}
	}
	if since := s.sinceLast(seat); since != "" {
		fmt.Fprintf(w, "Since your last action:\n%s", since)
	}
	if pr := v.Prompt(); pr != "" {
		fmt.Fprintf(w, "Decision: %s\n", pr)
	}
	shown, hints := numbered(s.st, seat)
	fmt.Fprintln(w, "Actions:")
	for i, a := range shown {
		fmt.Fprintf(w, "  %2d) %s\n", i+1, s.st.ActionText(seat, a))
	}
	for _, h := range hints {
		fmt.Fprintf(w, "  (%s)\n", h)
	}
	fmt.Fprintln(w, "Type a number or an action; help lists the commands.")
	return shown
}

// seeWhy says why a viewer may see another player's hand.
func seeWhy(v realms.View) string {
	if v.Format() == "raid" {
		return "Elites see each other's hands"
	}
	return "teammates' hands are visible in this game"
}

// teamTurnText describes a Hydra team turn for seat: which teammates are still acting, which
// have ended, and how to act for another human teammate ("" outside Hydra).
func (s *session) teamTurnText(seat engine.Seat) string {
	v := s.st.RealmsView(seat)
	if v.Format() != "hydra" {
		return ""
	}
	var acting, ended, others []string
	for i := 0; i < v.NumSeats(); i++ {
		p := engine.Seat(i)
		if v.Team(p) != v.Team(v.Active()) || v.Defeated(p) {
			continue
		}
		if s.st.Ended&(1<<uint(p)) != 0 {
			ended = append(ended, v.Name(p))
			continue
		}
		acting = append(acting, v.Name(p))
		if p != seat && s.bots[p] == nil && s.canSwitch(p) {
			others = append(others, fmt.Sprintf("\"as %s\"", v.Name(p)))
		}
	}
	text := fmt.Sprintf("Team %d's turn: still acting %s; ended %s.", v.Team(v.Active()), listOr(acting, "nobody"), listOr(ended, "nobody"))
	if len(others) > 0 {
		text += " Type " + strings.Join(others, " or ") + " to act for a teammate."
	}
	return text
}

// canSwitch reports whether seat is among the seats that may act now.
func (s *session) canSwitch(seat engine.Seat) bool {
	var buf [realms.MaxSeats]engine.Seat
	for _, t := range s.st.ToMove(buf[:0]) {
		if t == seat {
			return true
		}
	}
	return false
}

// switchTo makes the human teammate called name the one acting (Hydra), if they may act now.
func (s *session) switchTo(seat engine.Seat, name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("as whom? as in: as P2")
	}
	t, ok := s.st.SeatByName(name)
	switch {
	case !ok:
		return fmt.Errorf("no player is called %q", name)
	case t == seat:
		return fmt.Errorf("you are already acting as %s", s.st.SeatName(t))
	case !s.canSwitch(t):
		var buf [realms.MaxSeats]engine.Seat
		var names []string
		for _, x := range s.st.ToMove(buf[:0]) {
			names = append(names, s.st.SeatName(x))
		}
		return fmt.Errorf("%s cannot act now (may act: %s)", s.st.SeatName(t), strings.Join(names, ", "))
	case s.bots[t] != nil:
		return fmt.Errorf("%s is played by the %s bot", s.st.SeatName(t), s.bots[t].Name())
	}
	s.chosen = t
	return nil
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

// numbered lists seat's legal actions for the menu. Actions that differ only by an amount
// (attacks on a player, partial damage to a base, Hydra's gifts) appear once, with the most
// (a base attack: destroying the base); hints say how to type the smaller ones.
func numbered(st *realms.State, seat engine.Seat) (shown []engine.Action, hints []string) {
	legal := st.Legal(seat, nil)
	type best struct {
		a engine.Action
		n int
	}
	amount := func(a engine.Action) (key string, n int, ok bool) {
		kind := realms.Describe(a).Kind
		if kind != "attack-player" && kind != "attack-base" && kind != "give" {
			return "", 0, false
		}
		text, n := st.ActionText(seat, a), realms.ActionAmount(a)
		if kind == "attack-base" && n == 0 {
			return text, 1 << 20, true // destroys the base
		}
		return strings.TrimSuffix(text, fmt.Sprintf(" %d", n)), n, true
	}
	most := map[string]best{}
	for _, a := range legal {
		if k, n, ok := amount(a); ok && n > most[k].n {
			most[k] = best{a, n}
		}
	}
	less := map[string]bool{}
	for _, a := range legal {
		if k, _, ok := amount(a); ok && most[k].a != a {
			less[realms.Describe(a).Kind] = true
			continue
		}
		shown = append(shown, a)
	}
	if less["attack-player"] {
		hints = append(hints, `type "attack PLAYER N" to attack with less than all your Combat`)
	}
	if less["attack-base"] {
		hints = append(hints, `type "attack PLAYER:BASE N" to deal N damage to a base without destroying it`)
	}
	if less["give"] {
		hints = append(hints, `type "give PLAYER trade N" or "give PLAYER combat N" to give part of a pool`)
	}
	return shown, hints
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
