// Package terminal plays any engine.Game in a terminal: hot-seat humans and bots, the
// commands every game shares (help, show, look, save, quit, as), saving and resuming with the
// record the server stores (engine.Record), narration of the others' moves and replay of a
// saved game. It knows a game only through engine.Game and engine.State; what a game shows
// comes from its Presenter (Presentable), and a game without one gets a plain fallback.
package terminal

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"starnexus/engine"
)

// Presentable is what a game implements to be shown in the terminal its own way.
type Presentable interface {
	// Presenter makes a presenter for one session or replay. It may keep state (a turn count):
	// it sees every action of the game, in order, through Before and After.
	Presenter() Presenter
}

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

// SinceText writes t.Since as "  NAME: ACTION" lines (skipping those keep refuses), with a
// line for the earlier actions left out; "" when there is none.
func SinceText(st engine.State, t Table, keep func(engine.LoggedAction) bool) string {
	var b strings.Builder
	if t.Earlier > 0 {
		fmt.Fprintf(&b, "  ... (%d earlier actions)\n", t.Earlier)
	}
	for _, la := range t.Since {
		if keep == nil || keep(la) {
			fmt.Fprintf(&b, "  %s: %s\n", st.SeatName(engine.Seat(la.Seat)), la.Action)
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

// PresenterOf returns g's presenter, or the plain one for a game that has none.
func PresenterOf(g engine.Game) Presenter {
	if p, ok := g.(Presentable); ok {
		if pr := p.Presenter(); pr != nil {
			return pr
		}
	}
	return &plain{title: g.Title()}
}

// plain shows a game without a presenter: its View as JSON and its legal actions.
type plain struct {
	title string
	turn  int
}

func (p *plain) Describe(w io.Writer, st engine.State, rec *engine.Record) {
	fmt.Fprintf(w, "%s, %s format, seed %d\n", p.title, rec.Format, rec.Seed)
	if opts := OptionPairs(rec.Options); len(opts) > 0 {
		fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
	}
	players := make([]string, len(rec.Names))
	for i := range rec.Names {
		players[i] = fmt.Sprintf("%s (%s)", rec.Names[i], rec.Seats[i])
	}
	fmt.Fprintf(w, "players: %s\n", strings.Join(players, " vs "))
}

func (p *plain) Before(w io.Writer, st engine.State, seat engine.Seat, text string) {
	p.turn++
	if w != nil {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), text)
	}
}

func (p *plain) After(io.Writer, engine.State) {}

func (p *plain) Result(w io.Writer, st engine.State) {
	fmt.Fprintln(w)
	if !st.Over() {
		var buf [engine.MaxMovers]engine.Seat
		if m := st.ToMove(buf[:0]); len(m) > 0 {
			fmt.Fprintf(w, "Game not finished after %d actions: %s to move.\n", p.turn, st.SeatName(m[0]))
		}
		return
	}
	fmt.Fprintf(w, "Game over after %d actions.\n%s\n", p.turn, WinnerText(st))
}

func (p *plain) GameOver(w io.Writer, st engine.State) { p.Result(w, st) }

func (p *plain) Screen(w io.Writer, st engine.State, seat engine.Seat, t Table) []engine.Action {
	b, err := json.Marshal(st.View(seat))
	if err != nil {
		b = []byte(fmt.Sprintf("(the view cannot be shown: %v)", err))
	}
	fmt.Fprintf(w, "\n---- %s, your move ----\nTable: %s\n", st.SeatName(seat), b)
	if since := SinceText(st, t, nil); since != "" {
		fmt.Fprintf(w, "Since your last action:\n%s", since)
	}
	legal := st.Legal(seat, nil)
	WriteActions(w, st, seat, legal, nil)
	return legal
}

func (p *plain) CardText(engine.State, string) (string, error) {
	return "", fmt.Errorf("%s has no card texts to show", p.title)
}

func (p *plain) Help() string {
	return "  ACTION           type an action as the numbered list writes it\n"
}

func (p *plain) Forced(engine.State, engine.Seat, []engine.Action) (engine.Action, bool) {
	return 0, false
}

// WriteActions writes the numbered action list that ends a screen, with hints after it.
func WriteActions(w io.Writer, st engine.State, seat engine.Seat, shown []engine.Action, hints []string) {
	fmt.Fprintln(w, "Actions:")
	for i, a := range shown {
		fmt.Fprintf(w, "  %2d) %s\n", i+1, st.ActionText(seat, a))
	}
	for _, h := range hints {
		fmt.Fprintf(w, "  (%s)\n", h)
	}
	fmt.Fprintln(w, "Type a number or an action; help lists the commands.")
}

// WinnerText names the winners, or the draw.
func WinnerText(st engine.State) string {
	ws := st.Winners()
	if len(ws) == 0 {
		return "Result: draw (no winner)."
	}
	names := make([]string, len(ws))
	for i, s := range ws {
		names[i] = st.SeatName(s)
	}
	return "Winner: " + strings.Join(names, " and ") + "."
}
