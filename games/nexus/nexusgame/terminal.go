package nexusgame

import (
	"fmt"
	"io"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/i18n"
	"starnexus/terminal"
)

// Presenter implements terminal.Presentable: Stellar Nexus in the terminal.
func (g *Game) Presenter() terminal.Presenter {
	en, _ := i18n.Load("en") // nil only if the embedded catalog were broken (its tests say not): the prompt then shows the decision's kind
	return &presenter{en: en}
}

// presenter shows one game of Stellar Nexus: a line at each new turn with the life totals,
// the others' actions (priority passes left out), the seat's view as text.
type presenter struct {
	turn int           // the last turn announced
	en   *i18n.Catalog // prompts are in English
}

func state(st engine.State) *nexus.State { return st.(*nexus.State) }

// Describe writes "Stellar Nexus, duel, seed 4: P1 (greedy, damnareh), P2 (human, kern)": a
// seat that brought a deck file shows "custom", never its list.
func (p *presenter) Describe(w io.Writer, es engine.State, rec *engine.Record) {
	decks := splitDecks(rec.Options["decks"])
	parts := make([]string, len(rec.Names))
	for i := range rec.Names {
		deck := "?"
		if i < len(decks) {
			deck = decks[i]
		}
		parts[i] = fmt.Sprintf("%s (%s, %s)", rec.Names[i], rec.Seats[i], deck)
	}
	fmt.Fprintf(w, "Stellar Nexus, %s, seed %d: %s\n", rec.Format, rec.Seed, strings.Join(parts, ", "))
	var opts []string
	for _, kv := range terminal.OptionPairs(rec.Options) {
		if !strings.HasPrefix(kv, "decks=") {
			opts = append(opts, kv)
		}
	}
	if len(opts) > 0 {
		fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
	}
}

// Before announces a new turn, then the action (priority passes are left out).
func (p *presenter) Before(w io.Writer, es engine.State, seat engine.Seat, text string) {
	st := state(es)
	if t := st.TurnNumber(); t != p.turn && t != 0 {
		p.turn = t
		if w != nil {
			fmt.Fprintf(w, "Turn %d: %s (life: %s)\n", t, st.SeatName(st.ActiveSeat()), lifeText(st))
		}
	}
	if w != nil && text != "pass" {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), text)
	}
}

func lifeText(st *nexus.State) string {
	var life []string
	for i := 0; i < st.NumSeats(); i++ {
		if !st.Lost(engine.Seat(i)) {
			life = append(life, fmt.Sprintf("%s %d", st.SeatName(engine.Seat(i)), st.Life(engine.Seat(i))))
		}
	}
	return strings.Join(life, ", ")
}

func (p *presenter) After(io.Writer, engine.State) {}

// Result writes the public view and the result.
func (p *presenter) Result(w io.Writer, es engine.State) {
	st := state(es)
	fmt.Fprintf(w, "\n%s", st.View(engine.Spectator).(*nexus.View).Text())
	if !st.Over() {
		var buf [engine.MaxMovers]engine.Seat
		if m := st.ToMove(buf[:0]); len(m) > 0 {
			fmt.Fprintf(w, "Game not finished on turn %d: %s to act.\n", st.TurnNumber(), st.SeatName(m[0]))
		}
		return
	}
	ws := st.Winners()
	if len(ws) == 0 {
		fmt.Fprintf(w, "Result: a draw after %d turns.\n", st.TurnNumber())
		return
	}
	names := make([]string, len(ws))
	for i, s := range ws {
		names[i] = st.SeatName(s)
	}
	fmt.Fprintf(w, "Result: %s won on turn %d.\n", strings.Join(names, " and "), st.TurnNumber())
}

func (p *presenter) GameOver(w io.Writer, st engine.State) { p.Result(w, st) }

// Screen writes the seat's view, the resources, the others' actions since the seat's last
// one and the numbered actions.
func (p *presenter) Screen(w io.Writer, es engine.State, seat engine.Seat, t terminal.Table) []engine.Action {
	st := state(es)
	fmt.Fprintf(w, "\n%s", st.View(seat).(*nexus.View).Text())
	var res []string
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		if !st.Lost(s) {
			res = append(res, fmt.Sprintf("%s %d/%d", st.SeatName(s), st.UntappedResources(s), len(st.Resources(s))))
		}
	}
	fmt.Fprintf(w, "Resources untapped/total: %s\n", strings.Join(res, ", "))
	since := terminal.SinceText(st, t, func(la engine.LoggedAction) bool {
		// Mulligans stay secret until everybody has kept (SN 10.6): the others' are never
		// listed, nor their priority passes.
		return la.Action != "pass" && la.Action != "keep" && la.Action != "mulligan"
	})
	if since != "" {
		fmt.Fprintf(w, "Since your last action:\n%s", since)
	}
	if d, ok := st.DescribeDecision(seat); ok && p.en != nil && d.Prompt.ID != "" {
		fmt.Fprintf(w, "%s to act: %s\n", st.SeatName(seat), p.en.Render(d.Prompt))
	} else {
		fmt.Fprintf(w, "%s to act (%s):\n", st.SeatName(seat), st.Decision())
	}
	legal := st.Legal(seat, nil)
	terminal.WriteActions(w, st, seat, legal, nil)
	return legal
}

// CardText prints a card as a player reads it, in English: name, faction, type, cost, stats
// or life, then each keyword with its reminder and each ability line (nexus.CardText).
func (p *presenter) CardText(es engine.State, name string) (string, error) {
	cat := state(es).Table().Catalog()
	c, err := cat.ByName(name)
	if err != nil {
		return "", err
	}
	en, err := i18n.Load("en")
	if err != nil {
		return "", fmt.Errorf("card text: %w", err)
	}
	var b strings.Builder
	b.WriteString(en.Render(nexus.CardHead(c)))
	b.WriteString("\n")
	text := nexus.CardText(cat, c)
	for _, m := range text.Keywords {
		fmt.Fprintf(&b, "  %s\n", en.Render(m))
	}
	for _, m := range text.Text {
		fmt.Fprintf(&b, "  %s\n", en.Render(m))
	}
	var other []string
	for _, l := range cards.NameLangs() {
		if n, ok := c.Names[l]; ok && n != c.Name {
			other = append(other, fmt.Sprintf("%s (%s)", n, l))
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(&b, "  also known as: %s\n", strings.Join(other, ", "))
	}
	return b.String(), nil
}

const nexusHelp = `  ACTION           type an action: cast CARD, activate CARD, activate hero, choose CARD|PLAYER,
                   attack with A, B [at PLAYER] (or "attack with none"),
                   block A with B1, B2, done, pass, skip, keep, mulligan, yes, no,
                   swap in CARD, swap out CARD (card names in any case)
`

func (p *presenter) Help() string { return nexusHelp }

// Forced passes priority for a human who may do nothing else: the human is asked only when
// there is a choice.
func (p *presenter) Forced(st engine.State, seat engine.Seat, legal []engine.Action) (engine.Action, bool) {
	if len(legal) == 1 && st.ActionText(seat, legal[0]) == "pass" {
		return legal[0], true
	}
	return 0, false
}
