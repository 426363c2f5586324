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

// Presenter implements terminal.Presentable: Stellar Nexus in the terminal, in the language
// of lang (English when nil): the texts, the action words shown and read, the card names
// shown.
func (g *Game) Presenter(lang *i18n.Catalog) terminal.Presenter {
	names := map[string]string{}
	code := "en"
	if lang != nil {
		code = lang.Lang()
	}
	if g.tab != nil {
		for _, c := range g.tab.Catalog().All() {
			names[c.Name] = c.NameIn(code)
			for en, by := range c.AbilityNames {
				if n := by[code]; n != "" {
					names[en] = n
				}
			}
		}
	}
	return &presenter{l: terminal.NewLang(lang, "term.word.nexus.", names)}
}

// presenter shows one game of Stellar Nexus: a line at each new turn with the life totals,
// the others' actions (priority passes left out), the seat's view as text.
type presenter struct {
	turn int // the last turn announced
	l    terminal.Lang
}

func state(st engine.State) *nexus.State { return st.(*nexus.State) }

func (p *presenter) Lang() terminal.Lang { return p.l }

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
		if deck == "custom" {
			deck = p.l.T("term.nexus.custom_deck")
		}
		parts[i] = p.l.T("term.player", "name", rec.Names[i], "who", terminal.SeatKind(p.l, rec.Seats[i])+", "+deck)
	}
	format := rec.Format
	if id := "ui.nexus.format." + format; p.l.Code() != "en" && p.l.Cat.Has(id) { // English: as --format takes it
		format = p.l.T(id)
	}
	fmt.Fprintln(w, p.l.T("term.nexus.header", "format", format, "seed", fmt.Sprint(rec.Seed), "list", strings.Join(parts, ", ")))
	var opts []string
	for _, kv := range terminal.OptionPairs(rec.Options) {
		if !strings.HasPrefix(kv, "decks=") {
			opts = append(opts, kv)
		}
	}
	if len(opts) > 0 {
		fmt.Fprintln(w, p.l.T("term.options", "list", strings.Join(opts, " ")))
	}
}

// Before announces a new turn, then the action (priority passes are left out).
func (p *presenter) Before(w io.Writer, es engine.State, seat engine.Seat, text string) {
	st := state(es)
	if t := st.TurnNumber(); t != p.turn && t != 0 {
		p.turn = t
		if w != nil {
			fmt.Fprintln(w, p.l.T("term.nexus.turn", "n", t, "who", st.SeatName(st.ActiveSeat()), "life", lifeText(st)))
		}
	}
	if w != nil && text != "pass" {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), p.l.Words.Show(text))
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
	fmt.Fprintf(w, "\n%s", p.viewText(st.View(engine.Spectator)))
	if !st.Over() {
		var buf [engine.MaxMovers]engine.Seat
		if m := st.ToMove(buf[:0]); len(m) > 0 {
			fmt.Fprintln(w, p.l.T("term.nexus.unfinished", "n", st.TurnNumber(), "who", st.SeatName(m[0])))
		}
		return
	}
	ws := st.Winners()
	if len(ws) == 0 {
		fmt.Fprintln(w, p.l.T("term.nexus.draw", "n", st.TurnNumber()))
		return
	}
	names := make([]string, len(ws))
	for i, s := range ws {
		names[i] = st.SeatName(s)
	}
	fmt.Fprintln(w, p.l.T("term.nexus.won", "names", terminal.And(p.l, names), "count", len(names), "n", st.TurnNumber()))
}

func (p *presenter) GameOver(w io.Writer, st engine.State) { p.Result(w, st) }

// Screen writes the seat's view, the resources, the others' actions since the seat's last
// one and the numbered actions.
func (p *presenter) Screen(w io.Writer, es engine.State, seat engine.Seat, t terminal.Table) []engine.Action {
	st := state(es)
	fmt.Fprintf(w, "\n%s", p.viewText(st.View(seat)))
	var res []string
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		if !st.Lost(s) {
			res = append(res, fmt.Sprintf("%s %d/%d", st.SeatName(s), st.UntappedResources(s), len(st.Resources(s))))
		}
	}
	fmt.Fprintln(w, p.l.T("term.nexus.resources", "list", strings.Join(res, ", ")))
	since := terminal.SinceText(p.l, st, t, func(la engine.LoggedAction) bool {
		// Mulligans stay secret until everybody has kept (SN 10.6): the others' are never
		// listed, nor their priority passes.
		return la.Action != "pass" && la.Action != "keep" && la.Action != "mulligan"
	})
	if since != "" {
		fmt.Fprintf(w, "%s\n%s", p.l.T("term.since"), since)
	}
	if d, ok := st.DescribeDecision(seat); ok && d.Prompt.ID != "" {
		fmt.Fprintln(w, p.l.T("term.nexus.to_act", "who", st.SeatName(seat), "what", p.l.Cat.Render(d.Prompt)))
	} else {
		fmt.Fprintln(w, p.l.T("term.nexus.to_act", "who", st.SeatName(seat), "what", p.decision(st.Decision())))
	}
	legal := st.Legal(seat, nil)
	terminal.WriteActions(w, p.l, st, seat, legal, nil)
	return legal
}

// CardText prints a card as a player reads it, in the player's language: name, faction,
// type, cost, stats or life, then each keyword with its reminder and each ability line
// (nexus.CardText), and the card's names in the other languages.
func (p *presenter) CardText(es engine.State, name string) (string, error) {
	cat := state(es).Table().Catalog()
	code := p.l.Code()
	c, err := cat.ByNameIn(name, suggestIn(code))
	if err != nil {
		return "", err
	}
	l := p.l
	var b strings.Builder
	head := nexus.CardHead(c)
	head.Args["name"] = c.NameIn(code)
	b.WriteString(l.Cat.Render(head))
	b.WriteString("\n")
	text := nexus.CardText(cat, c)
	for _, m := range text.Keywords {
		fmt.Fprintf(&b, "  %s\n", l.Cat.Render(m))
	}
	for _, m := range text.Text {
		fmt.Fprintf(&b, "  %s\n", l.Cat.Render(m))
	}
	var other []string
	if code != "en" && c.NameIn(code) != c.Name {
		other = append(other, c.Name+" (en)")
	}
	for _, lang := range cards.NameLangs() {
		if n, ok := c.Names[lang]; ok && n != c.Name && lang != code {
			other = append(other, fmt.Sprintf("%s (%s)", n, lang))
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(&b, "  %s\n", l.T("term.also_known", "list", strings.Join(other, ", ")))
	}
	return b.String(), nil
}

// suggestIn is the language of the names suggested for an unknown card: the player's, or for
// an English reader the language of the nearest name (who types a French name misspelt
// reads the French one).
func suggestIn(lang string) string {
	if lang == "en" {
		return ""
	}
	return lang
}

func (p *presenter) Help() string {
	return terminal.HelpLine(p.l.T("term.help.action_word"), p.l.T("term.nexus.help"))
}

// Forced passes priority for a human who may do nothing else: the human is asked only when
// there is a choice.
func (p *presenter) Forced(st engine.State, seat engine.Seat, legal []engine.Action) (engine.Action, bool) {
	if len(legal) == 1 && st.ActionText(seat, legal[0]) == "pass" {
		return legal[0], true
	}
	return 0, false
}
