package terminal

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/i18n"
)

// DefaultSave is where `quit` saves a game when no file is named.
const DefaultSave = "starnexus-save.json"

// ErrQuit ends a game early at a player's request (quit, or the end of the input); the game
// has been saved.
var ErrQuit = errors.New("quit")

// Options says where a session reads and writes and where it saves.
type Options struct {
	Game engine.Game
	// In is read line by line, unless Lines is set: a scanner shared with the caller.
	In    io.Reader
	Lines *bufio.Scanner
	// Out receives everything; a *bufio.Writer is used as it is (the caller flushes it).
	Out io.Writer
	// TTY: the output is a terminal, cleared when a hot seat changes hands.
	TTY bool
	// SavePath is where save, quit and the end of the input save ("" for DefaultSave).
	SavePath string
	// SaveAtEnd saves a game of bots alone when it ends (humans are asked instead).
	SaveAtEnd bool
	// NewBot makes the bot a seat names ("greedy"): bots.New, given by the program, so that
	// the games' adapters, which implement this package's Presenter, may be imported by the
	// bots' tests.
	NewBot func(g engine.Game, name string) (engine.Bot, error)
	// Keep, if set, replaces saving: the game is kept elsewhere (a campaign's database) and
	// Keep says how to continue it.
	Keep func() error
	// Lang is the catalog of the player's language (English when nil): the session's and the
	// game's texts, the action words shown and read, the card names shown.
	Lang *i18n.Catalog
}

// Session is one game played in the terminal: the state, the record that grows with every
// action, and who plays each seat.
type Session struct {
	g      engine.Game
	pres   Presenter
	st     engine.State
	rec    *engine.Record
	bots   []engine.Bot // nil for a human seat
	rngs   []engine.RNG // each bot seat's own random source
	humans int
	opt    Options

	seen     []int       // per seat: len(rec.Actions) when the seat last acted
	lastSeat engine.Seat // the human seat that saw the screen last (hot-seat handover)
	chosen   engine.Seat // the human seat chosen with "as" while it may act
	narrate  io.Writer   // where the presenter narrates (nil with humans at the table)

	in  *bufio.Scanner
	out *bufio.Writer
	l   Lang // the presenter's language
}

func newSession(o Options) *Session {
	s := &Session{g: o.Game, pres: PresenterOf(o.Game, o.Lang), opt: o, lastSeat: engine.Spectator, chosen: engine.Spectator}
	s.l = s.pres.Lang()
	s.in = o.Lines
	if s.in == nil {
		in := o.In
		if in == nil {
			in = strings.NewReader("")
		}
		s.in = bufio.NewScanner(in)
	}
	if bw, ok := o.Out.(*bufio.Writer); ok {
		s.out = bw
	} else {
		s.out = bufio.NewWriter(o.Out)
	}
	if s.opt.SavePath == "" {
		s.opt.SavePath = DefaultSave
	}
	return s
}

// New sets up a new game from a setup (Prepare is applied) with seats saying who plays each
// seat ("human" or a bot name), and writes its header.
func New(o Options, setup engine.Setup, seats []string) (*Session, error) {
	s := newSession(o)
	setup, err := o.Game.Prepare(setup)
	if err != nil {
		return nil, err
	}
	if len(seats) != setup.Seats() {
		return nil, fmt.Errorf("%d seats but %d names", len(seats), setup.Seats())
	}
	st, err := o.Game.New(setup)
	if err != nil {
		return nil, err
	}
	s.st, s.rec = st, engine.NewRecord(o.Game.Name(), setup, slices.Clone(seats))
	if err := s.seatPlayers(seats); err != nil {
		return nil, err
	}
	s.begin()
	s.pres.Describe(s.out, st, s.rec)
	return s, nil
}

// LoadRecord reads a saved game and finds its game in reg.
func LoadRecord(reg *engine.Registry, path string) (*engine.Record, engine.Game, error) {
	rec, err := engine.LoadRecord(path)
	if err != nil {
		return nil, nil, err
	}
	g, err := reg.Get(rec.Game)
	if err != nil {
		return nil, nil, fmt.Errorf("load %s: game %q is not playable here (known: %s)", path, engine.Clip(rec.Game, 64), strings.Join(reg.Names(), ", "))
	}
	return rec, g, nil
}

// Check replays every action of rec and reports the first one that does not replay, naming
// path: a corrupt file gives one clear error before anything is shown.
func Check(g engine.Game, rec *engine.Record, path string) error {
	st, err := g.New(rec.Setup())
	if err != nil {
		return fmt.Errorf("corrupt save %s: %w", path, err)
	}
	for i := range rec.Actions {
		if err := replayOne(st, rec, i, path); err != nil {
			return err
		}
	}
	return nil
}

// replayOne applies action i of rec to st through the same text parsing and validation as a
// typed action, so that a hand-edited or damaged file cannot corrupt the game.
func replayOne(st engine.State, rec *engine.Record, i int, path string) error {
	la := rec.Actions[i]
	seat := engine.Seat(la.Seat)
	if st.Over() {
		return fmt.Errorf("corrupt save %s: action %d (%q) comes after the end of the game", path, i+1, engine.Clip(la.Action, 64))
	}
	a, err := st.ParseAction(seat, la.Action)
	if err == nil {
		err = st.Apply(seat, a)
	}
	if err != nil {
		return fmt.Errorf("corrupt save %s: action %d (%s: %q): %w", path, i+1, st.SeatName(seat), engine.Clip(la.Action, 64), err)
	}
	return nil
}

// Resume continues the game saved in path (o.Game is ignored: the record names its game in
// reg); seats, if not nil, replaces who plays each seat. Every action is checked before the
// game is shown; the bots decide again as they did, so that their random sources are where
// they were and a resumed game ends as it would have.
func Resume(o Options, reg *engine.Registry, path string, seats []string) (*Session, error) {
	rec, g, err := LoadRecord(reg, path)
	if err != nil {
		return nil, err
	}
	if err := Check(g, rec, path); err != nil {
		return nil, err
	}
	if seats != nil {
		if len(seats) != len(rec.Seats) {
			return nil, fmt.Errorf("--seats names %d seats but %s has %d", len(seats), path, len(rec.Seats))
		}
		rec.Seats = slices.Clone(seats)
	}
	o.Game = g
	if o.SavePath == "" {
		o.SavePath = path
	}
	s := newSession(o)
	st, err := g.New(rec.Setup())
	if err != nil {
		return nil, fmt.Errorf("corrupt save %s: %w", path, err)
	}
	s.st, s.rec = st, rec
	if err := s.seatPlayers(rec.Seats); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.begin()
	s.pres.Describe(s.out, st, rec)
	for i, la := range rec.Actions {
		seat := engine.Seat(la.Seat)
		if s.bots[seat] != nil && !st.Over() {
			if legal := st.Legal(seat, nil); len(legal) > 0 {
				s.bots[seat].Choose(engine.ObserveFor(st, seat, s.bots[seat], nil), legal, &s.rngs[seat])
			}
		}
		s.pres.Before(s.narrate, st, seat, la.Action)
		if err := replayOne(st, rec, i, path); err != nil {
			return nil, err
		}
		s.applied(seat, i+1)
	}
	if s.humans > 0 {
		fmt.Fprintln(s.out, s.l.T("term.resumed", "file", path, "n", len(rec.Actions)))
	}
	return s, nil
}

// Attach plays on a game set up elsewhere (a campaign's): st is the game after rec's
// actions, bots and rngs say who plays each seat (the session uses rngs as it is, so that
// the caller may reseed a bot before its move).
func Attach(o Options, st engine.State, rec *engine.Record, bs []engine.Bot, rngs []engine.RNG) *Session {
	s := newSession(o)
	s.st, s.rec, s.bots, s.rngs = st, rec, bs, rngs
	for _, b := range bs {
		if b == nil {
			s.humans++
		}
	}
	s.seen = make([]int, st.NumSeats())
	if s.humans == 0 {
		s.narrate = s.out
	}
	return s
}

// Describe writes the game's header again (Attach does not).
func (s *Session) Describe() { s.pres.Describe(s.out, s.st, s.rec) }

// State is the game being played.
func (s *Session) State() engine.State { return s.st }

// Record is the game's record so far.
func (s *Session) Record() *engine.Record { return s.rec }

// Flush writes out what the session has buffered.
func (s *Session) Flush() error { return s.out.Flush() }

// seatPlayers makes a bot for every bot seat.
func (s *Session) seatPlayers(seats []string) error {
	s.bots = make([]engine.Bot, len(seats))
	s.rngs = make([]engine.RNG, len(seats))
	s.humans = 0
	for i, who := range seats {
		if strings.EqualFold(who, "human") {
			s.humans++
			continue
		}
		if s.opt.NewBot == nil {
			return fmt.Errorf("seat %d: no bots here (only humans)", i+1)
		}
		b, err := s.opt.NewBot(s.g, who)
		if err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
		s.bots[i] = b
	}
	return nil
}

// begin gives each bot seat its random source, derived from the seed so that a game is
// reproducible.
func (s *Session) begin() {
	for i := range s.rngs {
		s.rngs[i] = engine.NewRNG(s.rec.Seed + uint64(i) + 1)
	}
	s.seen = make([]int, len(s.rec.Seats))
	if s.humans == 0 {
		s.narrate = s.out
	}
}

// applied notes that seat took the n-th action of the record.
func (s *Session) applied(seat engine.Seat, n int) {
	s.seen[seat] = n
	s.pres.After(s.narrate, s.st)
	if s.chosen != engine.Spectator && !s.mayAct(s.chosen) {
		s.chosen = engine.Spectator
	}
}

// take applies an action for seat and logs it.
func (s *Session) take(seat engine.Seat, a engine.Action) error {
	text := s.st.ActionText(seat, a)
	s.pres.Before(s.narrate, s.st, seat, text)
	if err := s.st.Apply(seat, a); err != nil {
		return err
	}
	s.rec.Actions = append(s.rec.Actions, engine.LoggedAction{Seat: int(seat), Action: text})
	s.applied(seat, len(s.rec.Actions))
	return nil
}

// mayAct reports whether seat is among the seats that may act now.
func (s *Session) mayAct(seat engine.Seat) bool {
	var buf [engine.MaxMovers]engine.Seat
	return slices.Contains(s.st.ToMove(buf[:0]), seat)
}

// Next is the seat that acts next: the first that may act, or the seat a human chose with
// "as" while it may still act.
func (s *Session) Next() engine.Seat {
	var buf [engine.MaxMovers]engine.Seat
	seats := s.st.ToMove(buf[:0])
	if slices.Contains(seats, s.chosen) {
		return s.chosen
	}
	if len(seats) == 0 {
		return engine.Spectator
	}
	return seats[0]
}

// IsBot reports whether a bot plays seat.
func (s *Session) IsBot(seat engine.Seat) bool { return s.bots[seat] != nil }

// botMove lets the bot of seat act once.
func (s *Session) botMove(seat engine.Seat) error {
	legal := s.st.Legal(seat, nil)
	if len(legal) == 0 {
		return fmt.Errorf("%s has no legal action (engine bug)", s.st.SeatName(seat))
	}
	a := s.bots[seat].Choose(engine.ObserveFor(s.st, seat, s.bots[seat], nil), legal, &s.rngs[seat])
	if err := s.take(seat, a); err != nil {
		return fmt.Errorf("bot %s for %s: %w", s.bots[seat].Name(), s.st.SeatName(seat), err)
	}
	return nil
}

// Step lets the next seat act once: a bot at once, a human when they have typed an action.
// It returns ErrQuit when the human quit (the game is saved).
func (s *Session) Step() error {
	seat := s.Next()
	if seat == engine.Spectator {
		return fmt.Errorf("nobody may act and the game is not over (engine bug)")
	}
	if s.bots[seat] != nil {
		return s.botMove(seat)
	}
	return s.humanMove(seat)
}

// Run plays the game to its end, or until a human quits. A game of bots alone is narrated;
// at the end of a game with humans, they are offered to save it.
func (s *Session) Run() error {
	defer s.out.Flush()
	for !s.st.Over() {
		if err := s.Step(); err != nil {
			if errors.Is(err, ErrQuit) {
				return nil
			}
			return err
		}
	}
	if s.humans == 0 {
		s.pres.Result(s.out, s.st)
		if s.opt.SaveAtEnd {
			return s.save("")
		}
		return nil
	}
	s.lastSeat = engine.Spectator
	s.pres.GameOver(s.out, s.st)
	if last := s.unseenByAll(); last != "" {
		fmt.Fprintf(s.out, "%s\n%s", s.l.T("term.last_actions"), last)
	}
	if s.opt.Keep != nil {
		return s.opt.Keep()
	}
	fmt.Fprint(s.out, s.l.T("term.save_ask", "file", s.opt.SavePath)+" ")
	line, ok := s.readLine()
	if ok && s.yes(line) {
		if err := s.save(""); err != nil {
			return err
		}
		fmt.Fprintln(s.out, s.l.T("term.watch_again", "file", s.opt.SavePath))
	}
	return nil
}

// yes reports whether an answer starts as "yes" does in English or in the player's
// language.
func (s *Session) yes(line string) bool {
	a := engine.FoldName(line)
	if a == "" {
		return false
	}
	for _, y := range []string{"yes", engine.FoldName(s.l.T("term.yes"))} {
		if y != "" && a[0] == y[0] {
			return true
		}
	}
	return false
}

// commands are the session's own commands, by their English word: each is also read in the
// player's language (term.cmd.WORD).
var commands = [...]string{"help", "show", "look", "as", "save", "quit"}

// command is the English word of the session command word names, in English or in the
// player's language ("" if it names none).
func (s *Session) command(word string) string {
	w := engine.FoldName(word)
	switch w {
	case "?":
		return "help"
	case "exit":
		return "quit"
	}
	for _, c := range commands {
		if w == c || w == engine.FoldName(s.l.T("term.cmd."+c)) {
			return c
		}
	}
	return ""
}

// commandHelp lists the session's commands in the player's language.
func (s *Session) commandHelp() string {
	var b strings.Builder
	b.WriteString(HelpLine(s.l.T("term.cmd.as")+" "+s.l.T("term.help.player_arg"), s.l.T("term.help.as")))
	b.WriteString(HelpLine(s.l.T("term.cmd.show")+" "+s.l.T("term.help.card_arg"), s.l.T("term.help.show")))
	b.WriteString(HelpLine(s.l.T("term.cmd.look"), s.l.T("term.help.look")))
	b.WriteString(HelpLine(s.l.T("term.cmd.save")+" "+s.l.T("term.help.file_arg"), s.l.T("term.help.save")))
	b.WriteString(HelpLine(s.l.T("term.cmd.quit"), s.l.T("term.help.quit")))
	b.WriteString(HelpLine(s.l.T("term.cmd.help"), s.l.T("term.help.help")))
	return b.String()
}

// refuse writes a refusal to the player.
func (s *Session) refuse(err error) {
	fmt.Fprintln(s.out, s.l.T("term.error", "error", s.l.Error(err)))
}

// humanMove asks the human at seat for one action, answering commands until one is taken.
func (s *Session) humanMove(seat engine.Seat) error {
	legal := s.st.Legal(seat, nil)
	if a, ok := s.pres.Forced(s.st, seat, legal); ok {
		// Taken for the seat, not by it: its next screen still lists what the others did
		// since it last chose.
		seen := s.seen[seat]
		err := s.take(seat, a)
		s.seen[seat] = seen
		return err
	}
	if s.humans > 1 && s.lastSeat != seat {
		if s.opt.TTY {
			fmt.Fprint(s.out, "\033[2J\033[H") // hide the previous player's hand
		}
		fmt.Fprintf(s.out, "\n=== %s ===\n", s.l.T("term.handover", "who", s.st.SeatName(seat)))
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
		rest = strings.TrimSpace(rest)
		if line == "" {
			continue
		}
		switch s.command(word) {
		case "help":
			fmt.Fprintf(s.out, "%s\n%s%s%s", s.l.T("term.commands"), HelpLine(s.l.T("term.help.number_arg"), s.l.T("term.help.number")), s.pres.Help(), s.commandHelp())
			continue
		case "show":
			if rest == "" {
				s.refuse(errors.New(s.l.T("term.show_which", "show", s.l.T("term.cmd.show"))))
				continue
			}
			text, err := s.pres.CardText(s.st, rest)
			if err != nil {
				s.refuse(err)
				continue
			}
			fmt.Fprint(s.out, text)
			continue
		case "look":
			shown = s.screen(seat)
			continue
		case "as":
			if err := s.switchTo(seat, rest); err != nil {
				s.refuse(err)
				continue
			}
			return nil
		case "save":
			if err := s.save(rest); err != nil {
				s.refuse(err)
			}
			continue
		case "quit":
			return s.quit()
		}
		if n, err := strconv.Atoi(line); err == nil {
			if n < 1 || n > len(shown) {
				s.refuse(errors.New(s.l.T("term.no_number", "n", n, "max", len(shown))))
				continue
			}
			if err := s.take(seat, shown[n-1]); err != nil {
				s.refuse(err)
				continue
			}
			return nil
		}
		if err := s.typed(seat, line); err != nil {
			s.refuse(err)
			continue
		}
		return nil
	}
}

// typed applies an action typed as text, in English or in the player's language (the
// canonical texts the words may stand for are tried in turn when the line itself is not an
// action; the refusal given is the one of the first reading in the player's language).
func (s *Session) typed(seat engine.Seat, line string) error {
	err := s.typedCanonical(seat, line)
	if err == nil {
		return nil
	}
	var first error
	for _, c := range s.l.Words.Read(line) {
		e := s.typedCanonical(seat, c)
		if e == nil {
			return nil
		}
		if first == nil {
			first = e
		}
	}
	if first != nil {
		return first
	}
	return err
}

// typedCanonical applies an action typed as text: several at once, all or none, for a text
// that stands for several (MultiAction).
func (s *Session) typedCanonical(seat engine.Seat, line string) error {
	if m, ok := s.st.(MultiAction); ok {
		acts, err := m.ParseActions(seat, line)
		if err != nil {
			return err
		}
		if len(acts) > 1 {
			// Judge the whole text on a copy first: a refusal leaves the game as it was.
			if err := s.st.Clone().(MultiAction).ApplyText(seat, line); err != nil {
				return err
			}
			for _, a := range acts {
				if err := s.take(seat, a); err != nil {
					return err
				}
			}
			return nil
		}
		if len(acts) == 1 {
			return s.take(seat, acts[0])
		}
	}
	a, err := s.st.ParseAction(seat, line)
	if err != nil {
		return err
	}
	return s.take(seat, a)
}

// screen prints what seat sees and returns the actions it numbered.
func (s *Session) screen(seat engine.Seat) []engine.Action {
	t := Table{Humans: make([]bool, len(s.bots))}
	for i, b := range s.bots {
		t.Humans[i] = b == nil
	}
	acts := s.rec.Actions[s.seen[seat]:]
	if len(acts) > 40 {
		t.Earlier = len(acts) - 40
		acts = acts[len(acts)-40:]
	}
	for _, la := range acts {
		if engine.Seat(la.Seat) != seat {
			t.Since = append(t.Since, la)
		}
	}
	var buf [engine.MaxMovers]engine.Seat
	for _, p := range s.st.ToMove(buf[:0]) {
		if p != seat && s.bots[p] == nil {
			t.CanSwitch = append(t.CanSwitch, p)
		}
	}
	return s.pres.Screen(s.out, s.st, seat, t)
}

// switchTo makes the human seat called name the one acting, if it may act now.
func (s *Session) switchTo(seat engine.Seat, name string) error {
	if name == "" {
		return errors.New(s.l.T("term.as_whom", "as", s.l.T("term.cmd.as")))
	}
	t := engine.Spectator
	for i := 0; i < s.st.NumSeats(); i++ {
		if strings.EqualFold(s.st.SeatName(engine.Seat(i)), name) {
			t = engine.Seat(i)
		}
	}
	switch {
	case t == engine.Spectator:
		return errors.New(s.l.T("term.as_nobody", "name", engine.Clip(name, 64)))
	case t == seat:
		return errors.New(s.l.T("term.as_already", "who", s.st.SeatName(t)))
	case !s.mayAct(t):
		var buf [engine.MaxMovers]engine.Seat
		var names []string
		for _, x := range s.st.ToMove(buf[:0]) {
			names = append(names, s.st.SeatName(x))
		}
		return errors.New(s.l.T("term.as_cannot", "who", s.st.SeatName(t), "list", strings.Join(names, ", ")))
	case s.bots[t] != nil:
		return errors.New(s.l.T("term.as_bot", "who", s.st.SeatName(t), "bot", s.bots[t].Name()))
	}
	s.chosen = t
	return nil
}

// unseenByAll lists the actions after the last action of a human seat, for the final screen.
func (s *Session) unseenByAll() string {
	last := 0
	for i, b := range s.bots {
		if b == nil {
			last = max(last, s.seen[i])
		}
	}
	var b strings.Builder
	for _, la := range s.rec.Actions[last:] {
		fmt.Fprintf(&b, "  %s: %s\n", s.rec.Names[la.Seat], s.l.Words.Show(la.Action))
	}
	return b.String()
}

func (s *Session) quit() error {
	if err := s.save(""); err != nil {
		return err
	}
	return ErrQuit
}

// save writes the record to path, or to the session's save file; a path named becomes the
// session's save file.
func (s *Session) save(path string) error {
	if s.opt.Keep != nil {
		return s.opt.Keep()
	}
	if path != "" {
		s.opt.SavePath = path
	}
	if err := engine.SaveRecord(s.opt.SavePath, s.rec); err != nil {
		return err
	}
	if s.st.Over() {
		fmt.Fprintln(s.out, s.l.T("term.saved", "file", s.opt.SavePath))
	} else {
		fmt.Fprintln(s.out, s.l.T("term.saved_continue", "file", s.opt.SavePath))
	}
	return nil
}

func (s *Session) readLine() (string, bool) {
	s.out.Flush()
	if !s.in.Scan() {
		return "", false
	}
	return s.in.Text(), true
}

// Replay prints the game saved in path, narrated from its first action to its last in the
// language of lang (English when nil). The whole record is checked first, so that a corrupt
// file gives one clear error rather than half a game.
func Replay(reg *engine.Registry, path string, w io.Writer, lang *i18n.Catalog) error {
	rec, g, err := LoadRecord(reg, path)
	if err != nil {
		return err
	}
	if err := Check(g, rec, path); err != nil {
		return err
	}
	st, err := g.New(rec.Setup())
	if err != nil {
		return fmt.Errorf("corrupt save %s: %w", path, err)
	}
	p := PresenterOf(g, lang)
	p.Describe(w, st, rec)
	for i, la := range rec.Actions {
		p.Before(w, st, engine.Seat(la.Seat), la.Action)
		if err := replayOne(st, rec, i, path); err != nil {
			return err
		}
		p.After(w, st)
	}
	p.Result(w, st)
	return nil
}

// OptionPairs lists options as sorted "name=value" texts.
func OptionPairs(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
