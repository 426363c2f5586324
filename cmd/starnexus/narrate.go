package main

import (
	"fmt"
	"io"
	"strings"

	"starnexus/engine"
	"starnexus/games/realms"
)

// narrator prints a game as it is played or replayed: a header for each turn, every action
// with the player who took it, and everyone's authority when a turn ends. It prints only
// public information, so it may narrate any game to anybody.
type narrator struct {
	w      io.Writer
	turn   int
	active engine.Seat
	open   bool // a turn header has been printed and its authority line not yet
}

// describeGame prints who plays, the options and the seed.
func describeGame(w io.Writer, rec *engine.Record) {
	players := make([]string, len(rec.Names))
	for i, n := range rec.Names {
		players[i] = fmt.Sprintf("%s (%s)", n, rec.Seats[i])
	}
	format, sets := rec.Format, rec.Sets
	if format == "" {
		format = "standard"
	}
	if len(sets) == 0 {
		sets = []string{"core"}
	}
	fmt.Fprintf(w, "Star Realms, %s format, sets %s, seed %d\n", format, strings.Join(sets, "+"), rec.Seed)
	if opts := optionPairs(rec.Options); len(opts) > 0 {
		fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
	}
	fmt.Fprintf(w, "players: %s\n", strings.Join(players, " vs "))
}

// before prints the turn header if a new turn starts, then the action about to be taken.
func (n *narrator) before(st *realms.State, seat engine.Seat, text string) {
	v := st.RealmsView(engine.Spectator)
	if !n.open {
		n.turn++
		n.active = v.Active()
		n.open = true
		fmt.Fprintf(n.w, "\nTurn %d (round %d): %s\n", n.turn, v.Rounds()+1, st.SeatName(n.active))
		fmt.Fprintf(n.w, "  trade row: %s\n", tradeRowText(v, false))
	}
	fmt.Fprintf(n.w, "  %s: %s\n", st.SeatName(seat), text)
}

// after closes the turn when the action ended it.
func (n *narrator) after(st *realms.State) {
	if !n.open || (!st.Over() && st.RealmsView(engine.Spectator).Active() == n.active) {
		return
	}
	n.open = false
	fmt.Fprintf(n.w, "  authority: %s\n", authorityText(st))
}

// result prints how the game ended, or who is to move if it has not.
func (n *narrator) result(st *realms.State) {
	v := st.RealmsView(engine.Spectator)
	fmt.Fprintln(n.w)
	if !st.Over() {
		fmt.Fprintf(n.w, "Game not finished after %s: %s to move.\n", plural(n.turn, "turn"), st.SeatName(v.ToMove()))
		return
	}
	fmt.Fprintf(n.w, "Game over after %s (%s). Authority: %s\n", plural(n.turn, "turn"), plural(v.Rounds(), "round"), authorityText(st))
	fmt.Fprintln(n.w, resultText(st))
}

// resultText is "Winner: P1" or "Draw".
func resultText(st *realms.State) string {
	w := st.Winners()
	if len(w) == 0 {
		return "Result: draw (no winner)."
	}
	names := make([]string, len(w))
	for i, s := range w {
		names[i] = st.SeatName(s)
	}
	return "Winner: " + strings.Join(names, " and ") + "."
}

func authorityText(st *realms.State) string {
	v := st.RealmsView(engine.Spectator)
	parts := make([]string, st.NumSeats())
	for i := range parts {
		s := engine.Seat(i)
		parts[i] = fmt.Sprintf("%s %d", st.SeatName(s), v.Authority(s))
		if v.Defeated(s) {
			parts[i] += " (defeated)"
		}
	}
	return strings.Join(parts, ", ")
}

// tradeRowText lists the Trade Row, with costs if asked.
func tradeRowText(v realms.View, costs bool) string {
	cat := v.Catalog()
	var parts []string
	for _, id := range v.TradeRow() {
		if id == 0 {
			parts = append(parts, "(empty)")
			continue
		}
		c := cat.Card(id)
		if costs {
			parts = append(parts, fmt.Sprintf("%s (%d)", c.Name, c.Cost))
		} else {
			parts = append(parts, c.Name)
		}
	}
	return strings.Join(parts, ", ")
}
