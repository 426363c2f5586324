// Package terminal plays any engine.Game in a terminal: hot-seat humans and bots, the
// commands every game shares (help, show, look, save, quit, as), saving and resuming with the
// record the server stores (engine.Record), narration of the others' moves and replay of a
// saved game. It knows a game only through engine.Game and engine.State; what a game shows
// comes from its Presenter (Presentable), and a game without one gets a plain fallback.
package terminal

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"starnexus/engine"
	"starnexus/i18n"
)

// Presentable is what a game implements to be shown in the terminal its own way.
type Presentable interface {
	// Presenter makes a presenter for one session or replay, speaking the language of lang
	// (English when nil). It may keep state (a turn count): it sees every action of the game,
	// in order, through Before and After.
	Presenter(lang *i18n.Catalog) Presenter
}

// Lang is the language a terminal speaks: the catalog of its texts and the phrasebook of the
// game's actions.
type Lang struct {
	Cat   *i18n.Catalog
	Words *Phrases
}

// NewLang is the language of cat (English when nil) with the action words of a game: the
// catalog ids under prefix, and the game's card names in that language (NewPhrases). prefix
// "" translates no words.
func NewLang(cat *i18n.Catalog, prefix string, names map[string]string) Lang {
	en, err := i18n.Load("en")
	if err != nil { // the embedded English catalog is tested: ids then show as [id]
		en, _ = i18n.New("en", nil)
	}
	if cat == nil {
		cat = en
	}
	words := &Phrases{names: map[string]string{}}
	if prefix != "" {
		words = NewPhrases(en, cat, prefix, names)
	}
	if cat.Lang() != en.Lang() {
		cat = cat.WithNames(names) // card names in messages (prompts, refusals) in the language
	}
	return Lang{Cat: cat, Words: words}
}

// T is the text of message id with its arguments given as name, value pairs.
func (l Lang) T(id string, kv ...any) string { return l.Cat.Render(i18n.M(id, kv...)) }

// Error is err in the language: an engine's refusal by its message (engine.RefusalMsg), the
// action it refuses in the player's words; any other error, and every error in English, as
// the engine words it.
func (l Lang) Error(err error) string {
	m, ok := engine.RefusalMsg(err)
	if !ok || !l.Cat.Has(m.ID) || l.Code() == "en" {
		return err.Error()
	}
	if why, isMsg := m.Args["reason"].(i18n.Msg); m.ID == "refuse.illegal" && isMsg && !l.Cat.Has(why.ID) {
		return err.Error()
	}
	return l.Cat.Render(l.actionWords(m, 0))
}

// actionWords is m with the canonical action texts it quotes (arguments "action", and
// "actions", texts joined by "; ") in the player's words, at any depth; m is not changed.
func (l Lang) actionWords(m i18n.Msg, depth int) i18n.Msg {
	if depth > 8 || len(m.Args) == 0 {
		return m
	}
	args := make(map[string]any, len(m.Args))
	for k, v := range m.Args {
		switch v := v.(type) {
		case string:
			switch k {
			case "action":
				args[k] = l.Words.Show(v)
				continue
			case "actions":
				parts := strings.Split(v, "; ")
				for i, p := range parts {
					parts[i] = l.Words.Show(p)
				}
				args[k] = strings.Join(parts, "; ")
				continue
			}
		case i18n.Msg:
			args[k] = l.actionWords(v, depth+1)
			continue
		}
		args[k] = v
	}
	return i18n.Msg{ID: m.ID, Args: args}
}

// Code is the language's code ("en", "fr", "es").
func (l Lang) Code() string { return l.Cat.Lang() }

// Presenter shows one game in the terminal. Everything it writes for a seat (Screen) must be
// what that seat may see; everything else (Describe, narration, Result) only public
// information.
type Presenter interface {
	// Describe writes the game's header: the game, its format and options, the seed, and who
	// plays each seat (rec.Seats: "human" or a bot name).
	Describe(w io.Writer, st engine.State, rec *engine.Record)
	// Before is called before every action is applied (played, resumed or replayed), with
	// the state it applies to and the action's canonical text; After after it. When w is not
	// nil they narrate the game; with w nil they only keep count.
	Before(w io.Writer, st engine.State, seat engine.Seat, text string)
	After(w io.Writer, st engine.State)
	// Result writes how a narrated game ended, or who is to move if it has not.
	Result(w io.Writer, st engine.State)
	// GameOver writes the end of a game played by humans: the final position and the result.
	GameOver(w io.Writer, st engine.State)
	// Screen writes what seat sees when it is to act, ending with the numbered actions, and
	// returns those actions in their order.
	Screen(w io.Writer, st engine.State, seat engine.Seat, t Table) []engine.Action
	// CardText is the text of the card called name, for `show CARD`; the error suggests names.
	CardText(st engine.State, name string) (string, error)
	// Help lists how to type the game's actions, one indented line each (for `help`).
	Help() string
	// Forced returns the action a human seat takes without being asked (a priority pass
	// with nothing else to do), if any.
	Forced(st engine.State, seat engine.Seat, legal []engine.Action) (engine.Action, bool)
	// Lang is the language the presenter speaks, which the session speaks too.
	Lang() Lang
}

// Table is what the session knows about the seats that a screen may show.
type Table struct {
	// Humans says which seats humans play.
	Humans []bool
	// Since lists the actions of the other seats since the seat last acted (the last 40);
	// Earlier counts the ones left out before them.
	Since   []engine.LoggedAction
	Earlier int
	// CanSwitch lists the other human seats the player may act for now ("as PLAYER").
	CanSwitch []engine.Seat
}

// SinceText writes t.Since as "  NAME: ACTION" lines in l's language (skipping those keep
// refuses), with a line for the earlier actions left out; "" when there is none.
func SinceText(l Lang, st engine.State, t Table, keep func(engine.LoggedAction) bool) string {
	var b strings.Builder
	if t.Earlier > 0 {
		fmt.Fprintf(&b, "  %s\n", l.T("term.earlier", "n", t.Earlier))
	}
	for _, la := range t.Since {
		if keep == nil || keep(la) {
			fmt.Fprintf(&b, "  %s: %s\n", st.SeatName(engine.Seat(la.Seat)), l.Words.Show(la.Action))
		}
	}
	return b.String()
}

// MultiAction is a State that reads texts standing for several actions ("attack with A, B"):
// the session applies such a text all or none, and logs each action on its own.
type MultiAction interface {
	ParseActions(seat engine.Seat, text string) ([]engine.Action, error)
	ApplyText(seat engine.Seat, text string) error
}

// PresenterOf returns g's presenter in the language of lang (English when nil), or the
// plain one for a game that has none.
func PresenterOf(g engine.Game, lang *i18n.Catalog) Presenter {
	if p, ok := g.(Presentable); ok {
		if pr := p.Presenter(lang); pr != nil {
			return pr
		}
	}
	return &plain{title: g.Title(), lang: NewLang(lang, "", nil)}
}

// plain shows a game without a presenter: its View as JSON and its legal actions.
type plain struct {
	title string
	turn  int
	lang  Lang
}

func (p *plain) Lang() Lang { return p.lang }

func (p *plain) Describe(w io.Writer, st engine.State, rec *engine.Record) {
	fmt.Fprintln(w, p.lang.T("term.header", "game", p.title, "format", rec.Format, "seed", fmt.Sprint(rec.Seed)))
	if opts := OptionPairs(rec.Options); len(opts) > 0 {
		fmt.Fprintln(w, p.lang.T("term.options", "list", strings.Join(opts, " ")))
	}
	fmt.Fprintln(w, p.lang.T("term.players", "list", PlayersText(p.lang, rec, nil)))
}

// PlayersText lists a record's players as "Ann (human) vs Bob (greedy)" in l's language,
// with extra(i), when not "", after seat i's player kind.
func PlayersText(l Lang, rec *engine.Record, extra func(i int) string) string {
	players := make([]string, len(rec.Names))
	for i := range rec.Names {
		who := SeatKind(l, rec.Seats[i])
		if extra != nil {
			if x := extra(i); x != "" {
				who += ", " + x
			}
		}
		players[i] = l.T("term.player", "name", rec.Names[i], "who", who)
	}
	return strings.Join(players, l.T("term.versus"))
}

// SeatKind is who plays a seat, in l's language: "human" translated, a bot by its name in
// the catalog (ui.botname.NAME, as the browser shows it), else as the command line names it.
func SeatKind(l Lang, kind string) string {
	if strings.EqualFold(kind, "human") {
		return l.T("term.human")
	}
	if id := "ui.botname." + strings.ToLower(kind); l.Cat != nil && l.Cat.Has(id) {
		return l.T(id)
	}
	return kind
}

func (p *plain) Before(w io.Writer, st engine.State, seat engine.Seat, text string) {
	p.turn++
	if w != nil {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), p.lang.Words.Show(text))
	}
}

func (p *plain) After(io.Writer, engine.State) {}

func (p *plain) Result(w io.Writer, st engine.State) {
	fmt.Fprintln(w)
	if !st.Over() {
		var buf [engine.MaxMovers]engine.Seat
		if m := st.ToMove(buf[:0]); len(m) > 0 {
			fmt.Fprintln(w, p.lang.T("term.plain.unfinished", "n", p.turn, "who", st.SeatName(m[0])))
		}
		return
	}
	fmt.Fprintf(w, "%s\n%s\n", p.lang.T("term.plain.over", "n", p.turn), WinnerText(p.lang, st))
}

func (p *plain) GameOver(w io.Writer, st engine.State) { p.Result(w, st) }

func (p *plain) Screen(w io.Writer, st engine.State, seat engine.Seat, t Table) []engine.Action {
	b, err := json.Marshal(st.View(seat))
	if err != nil {
		b = []byte(p.lang.T("term.plain.no_view", "error", err.Error()))
	}
	fmt.Fprintf(w, "\n---- %s ----\n%s\n", p.lang.T("term.your_move", "who", st.SeatName(seat)), p.lang.T("term.plain.table", "view", string(b)))
	if since := SinceText(p.lang, st, t, nil); since != "" {
		fmt.Fprintf(w, "%s\n%s", p.lang.T("term.since"), since)
	}
	legal := st.Legal(seat, nil)
	WriteActions(w, p.lang, st, seat, legal, nil)
	return legal
}

func (p *plain) CardText(engine.State, string) (string, error) {
	return "", errors.New(p.lang.T("term.plain.no_cards", "game", p.title))
}

func (p *plain) Help() string {
	return HelpLine(p.lang.T("term.help.action_word"), p.lang.T("term.plain.help"))
}

// HelpLine is one line of `help`: a command in a column of its own, what it does, and the
// further lines of what it does (after a newline) aligned under it.
func HelpLine(cmd, what string) string {
	const col = 17
	pad := strings.Repeat(" ", max(1, col-len([]rune(cmd))))
	lines := strings.Split(what, "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "  %s%s%s\n", cmd, pad, lines[0])
	for _, l := range lines[1:] {
		fmt.Fprintf(&b, "  %s%s\n", strings.Repeat(" ", col), l)
	}
	return b.String()
}

func (p *plain) Forced(engine.State, engine.Seat, []engine.Action) (engine.Action, bool) {
	return 0, false
}

// WriteActions writes the numbered action list that ends a screen in l's language, with
// hints after it.
func WriteActions(w io.Writer, l Lang, st engine.State, seat engine.Seat, shown []engine.Action, hints []string) {
	fmt.Fprintln(w, l.T("term.actions"))
	for i, a := range shown {
		fmt.Fprintf(w, "  %2d) %s\n", i+1, l.Words.Show(st.ActionText(seat, a)))
	}
	for _, h := range hints {
		fmt.Fprintf(w, "  (%s)\n", h)
	}
	fmt.Fprintln(w, l.T("term.type_action", "help", l.T("term.cmd.help")))
}

// WinnerText names the winners, or the draw, in l's language.
func WinnerText(l Lang, st engine.State) string {
	ws := st.Winners()
	if len(ws) == 0 {
		return l.T("term.draw")
	}
	names := make([]string, len(ws))
	for i, s := range ws {
		names[i] = st.SeatName(s)
	}
	return l.T("term.winner", "names", And(l, names))
}

// And joins names as "A, B and C" in l's language.
func And(l Lang, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return l.T("term.and", "list", strings.Join(names[:len(names)-1], ", "), "last", names[len(names)-1])
}
