package realmsgame

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/i18n"
	"starnexus/terminal"
)

// Presenter implements terminal.Presentable: Star Realms in the terminal, with its table,
// narration and card texts, in the language of lang (English when nil): the texts, the
// action words shown and read, the card names shown.
func (g *Game) Presenter(lang *i18n.Catalog) terminal.Presenter {
	return &presenter{l: Lang(g.cat, lang)}
}

// Lang is the terminal's language for Star Realms: lang's texts (English when nil), the
// words of the actions (term.word.realms.*) and the names of cat's cards in that language.
func Lang(cat *realms.Catalog, lang *i18n.Catalog) terminal.Lang {
	names := map[string]string{}
	code := "en"
	if lang != nil {
		code = lang.Lang()
	}
	if cat != nil {
		for i := range cat.Cards {
			c := &cat.Cards[i]
			names[c.Name] = c.NameIn(code)
		}
	}
	return terminal.NewLang(lang, "term.word.realms.", names)
}

// presenter shows one game of Star Realms. It counts turns as the actions go by: the
// narrator's count (a turn opens with its first action) and the screen's (a turn starts when
// the active player changes).
type presenter struct {
	l terminal.Lang
	// narration
	nturn    int
	nactive  engine.Seat
	open     bool   // a turn header has been printed and its authority line not yet
	defeated []bool // per seat, as of the last action narrated
	// the screen's turn count
	started bool
	turn    int
	active  engine.Seat
}

func state(st engine.State) *realms.State { return st.(*realms.State) }

func (p *presenter) Lang() terminal.Lang { return p.l }

func (p *presenter) start(st *realms.State) {
	if !p.started {
		p.started = true
		p.turn, p.active = 1, st.RealmsView(engine.Spectator).Active()
	}
}

func (p *presenter) Help() string {
	return terminal.HelpLine(p.l.T("term.help.action_word"), p.l.T("term.realms.help"))
}

func (p *presenter) Forced(engine.State, engine.Seat, []engine.Action) (engine.Action, bool) {
	return 0, false
}

// CardText prints everything printed on a card, or, in a campaign game, a sticker sheet: what
// each row gives and costs, and the rows used (show Empire 1); or suggests names for an
// unknown card, in the player's language.
func (p *presenter) CardText(es engine.State, name string) (string, error) {
	st := state(es)
	if text, ok, err := p.sheetText(st, name); ok || err != nil {
		return text, err
	}
	cat := st.Catalog()
	lang := p.l.Code()
	if lang == "en" { // who types a French name misspelt reads the French one
		lang = ""
	}
	id, err := cat.LookupIn(name, lang)
	if err != nil {
		if sheets := st.SheetNames(); len(sheets) > 0 {
			return "", fmt.Errorf("%w; %s", err, p.l.T("term.realms.sheets", "list", strings.Join(sheets, ", ")))
		}
		return "", err
	}
	var b strings.Builder
	writeCardText(&b, p.l, cat.Card(id))
	return b.String(), nil
}

// sheetText is the sticker sheet called name in a campaign game, line by line (ok false:
// no sheet of the game has that name).
func (p *presenter) sheetText(st *realms.State, name string) (string, bool, error) {
	sh, owner, used, ok := st.SheetInGame(name)
	if !ok {
		return "", false, nil
	}
	msgs, err := realms.SheetMsgs(sh, st.SeatName(owner), func(row int) bool { return used[row-1] })
	if err != nil {
		return "", true, err
	}
	var b strings.Builder
	for i, m := range msgs {
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(p.l.Cat.Render(m))
		b.WriteString("\n")
	}
	return b.String(), true, nil
}

// GameOver writes the end of a game played by humans.
func (p *presenter) GameOver(w io.Writer, es engine.State) {
	st := state(es)
	p.start(st)
	fmt.Fprintf(w, "\n%s\n%s\n", p.l.T("term.realms.over", "turns", p.turn, "authority", AuthorityText(p.l, st)), ResultText(p.l, st))
}

// Describe prints the format, sets and seed, the options, and who plays each seat (by team,
// with roles, where the format has them).
func (p *presenter) Describe(w io.Writer, es engine.State, rec *engine.Record) {
	Describe(w, p.l, state(es), rec)
}

// formatName is a format's name in l's language; in English, as --format takes it.
func formatName(l terminal.Lang, format string) string {
	if l.Code() == "en" {
		return format
	}
	if id := "ui.format." + strings.ReplaceAll(format, "-", "_"); l.Cat.Has(id) {
		return l.T(id)
	}
	return format
}

// roleName is a role's name in l's language ("" for none); in English, as the engine names it.
func roleName(l terminal.Lang, role string) string {
	if role == "" || l.Code() == "en" {
		return role
	}
	if id := "ui.role." + role; l.Cat.Has(id) {
		return l.T(id)
	}
	return role
}

// Describe is the header of a Star Realms game in l's language (the campaign prints it too).
func Describe(w io.Writer, l terminal.Lang, st *realms.State, rec *engine.Record) {
	format, sets := rec.Format, rec.Sets
	if format == "" {
		format = "standard"
	}
	if len(sets) == 0 {
		sets = []string{"core"}
	}
	setList := strings.Join(sets, "+") // in English, as --sets takes them
	if l.Code() != "en" {
		names := make([]string, len(sets))
		for i, set := range sets {
			names[i] = set
			if id := "ui.lobby.set." + strings.ReplaceAll(set, "-", "_"); l.Cat.Has(id) {
				names[i] = l.T(id)
			}
		}
		setList = strings.Join(names, " + ")
	}
	fmt.Fprintln(w, l.T("term.realms.header", "format", formatName(l, format), "sets", setList, "seed", fmt.Sprint(rec.Seed)))
	if opts := terminal.OptionPairs(rec.Options); len(opts) > 0 {
		fmt.Fprintln(w, l.T("term.options", "list", strings.Join(opts, " ")))
	}
	role := func(i int) string { return roleName(l, st.RoleName(engine.Seat(i))) }
	if !hasTeams(st) {
		fmt.Fprintln(w, l.T("term.players", "list", terminal.PlayersText(l, rec, role)))
		return
	}
	var teams []string
	for _, t := range teamNumbers(st) {
		var members []string
		for i := range rec.Names {
			if st.TeamOf(engine.Seat(i)) == t {
				who := terminal.SeatKind(l, rec.Seats[i])
				if r := role(i); r != "" {
					who += ", " + r
				}
				members = append(members, l.T("term.player", "name", rec.Names[i], "who", who))
			}
		}
		teams = append(teams, l.T("term.realms.team_of", "n", t, "list", strings.Join(members, ", ")))
	}
	fmt.Fprintln(w, l.T("term.players", "list", strings.Join(teams, l.T("term.versus"))))
}

// Before prints the turn header if a new turn starts, then the action about to be taken.
func (p *presenter) Before(w io.Writer, es engine.State, seat engine.Seat, text string) {
	st := state(es)
	p.start(st)
	v := st.RealmsView(engine.Spectator)
	if p.defeated == nil {
		p.defeated = defeatedSeats(st)
	}
	if !p.open {
		p.nturn++
		p.nactive = v.Active()
		p.open = true
		if w != nil {
			fmt.Fprintf(w, "\n%s\n", p.l.T("term.realms.turn", "n", p.nturn, "round", v.Rounds()+1, "who", turnOwner(p.l, st)))
			fmt.Fprintf(w, "  %s\n", p.l.T("term.realms.row_line", "list", tradeRowText(p.l, v, false)))
			writePlayerTable(w, p.l, st, v, "  ", false)
			if t := targetsText(p.l, v, p.nactive, false); t != "" {
				fmt.Fprintf(w, "  %s\n", t)
			}
		}
	}
	if w != nil {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), p.l.Words.Show(text))
	}
}

// After reports the players the action defeated, and closes the turn when the action ended
// it.
func (p *presenter) After(w io.Writer, es engine.State) {
	st := state(es)
	p.start(st)
	if a := st.RealmsView(engine.Spectator).Active(); a != p.active {
		p.turn++
		p.active = a
	}
	now := defeatedSeats(st)
	if p.defeated != nil && w != nil {
		if d := newlyDefeated(p.l, st, p.defeated, now); d != "" {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
	p.defeated = now
	if !p.open || (!st.Over() && st.RealmsView(engine.Spectator).Active() == p.nactive) {
		return
	}
	p.open = false
	if w != nil {
		fmt.Fprintf(w, "  %s\n", p.l.T("term.realms.authority_line", "list", AuthorityText(p.l, st)))
	}
}

// Result prints how the game ended, or who is to move if it has not.
func (p *presenter) Result(w io.Writer, es engine.State) {
	st := state(es)
	v := st.RealmsView(engine.Spectator)
	fmt.Fprintln(w)
	if !st.Over() {
		fmt.Fprintln(w, p.l.T("term.realms.unfinished", "turns", p.nturn, "who", st.SeatName(v.ToMove())))
		return
	}
	fmt.Fprintln(w, p.l.T("term.realms.over_rounds", "turns", p.nturn, "rounds", v.Rounds(), "authority", AuthorityText(p.l, st)))
	fmt.Fprintln(w, ResultText(p.l, st))
}

// Screen prints what seat sees at the table and returns the actions it numbered.
func (p *presenter) Screen(w io.Writer, es engine.State, seat engine.Seat, t terminal.Table) []engine.Action {
	st := state(es)
	p.start(st)
	l := p.l
	v := st.RealmsView(seat)
	cat := v.Catalog()
	fmt.Fprintf(w, "\n---- %s ----\n", l.T("term.realms.screen", "n", p.turn, "round", v.Rounds()+1, "owner", turnOwner(l, st), "who", v.Name(seat)))
	if tt := teamTurnText(l, st, seat, t); tt != "" {
		fmt.Fprintln(w, tt)
	}
	fmt.Fprintln(w, l.T("term.realms.row", "list", tradeRowText(l, v, true)))
	fmt.Fprintf(w, "  %s\n", l.T("term.realms.piles", "explorers", v.Explorers(), "cost", cat.Card(cat.Explorer).Cost, "deck", v.TradeDeckCount()))
	writePlayerTable(w, l, st, v, "", true)
	fmt.Fprintln(w, l.T("term.realms.hand", "list", cardList(l, cat, v.Hand(seat))))
	for i := 0; i < v.NumSeats(); i++ {
		o := engine.Seat(i)
		if o == seat || v.Defeated(o) {
			continue
		}
		if h := v.Hand(o); h != nil {
			fmt.Fprintln(w, l.T("term.realms.hand_of", "who", v.Name(o), "why", seeWhy(l, v), "list", cardList(l, cat, h)))
		}
	}
	if tt := targetsText(l, v, seat, true); tt != "" {
		fmt.Fprintln(w, tt)
		if b := basesInReach(l, v, seat); len(b) > 0 {
			fmt.Fprintln(w, l.T("term.realms.bases_in_reach", "list", strings.Join(b, "; ")))
		}
	}
	if since := terminal.SinceText(l, st, t, nil); since != "" {
		fmt.Fprintf(w, "%s\n%s", l.T("term.since"), since)
	}
	if pr := p.prompt(st, seat); pr != "" {
		fmt.Fprintln(w, l.T("term.realms.decision", "what", pr))
	}
	shown, hints := numbered(l, st, seat)
	terminal.WriteActions(w, l, st, seat, shown, hints)
	return shown
}

// prompt is the pending decision for seat in the player's language, its options numbered as
// "choose N" answers them; the engine's own words when the decision has no message.
func (p *presenter) prompt(st *realms.State, seat engine.Seat) string {
	d, ok := st.DescribeDecision(seat)
	if !ok {
		return ""
	}
	if d.Prompt.ID == "" {
		return st.DecisionPrompt()
	}
	out := p.l.Cat.Render(d.Prompt)
	if len(d.OptionMsgs) > 1 {
		opts := make([]string, len(d.OptionMsgs))
		for i, o := range d.OptionMsgs {
			opts[i] = fmt.Sprintf("%d) %s", i+1, p.l.Cat.Render(o))
		}
		out += " " + strings.Join(opts, "; ")
	}
	return out
}

// seeWhy says why a viewer may see another player's hand.
func seeWhy(l terminal.Lang, v realms.View) string {
	if v.Format() == "raid" {
		return l.T("term.realms.see_elites")
	}
	return l.T("term.realms.see_team")
}

// teamTurnText describes a Hydra team turn for seat: which teammates are still acting, which
// have ended, and how to act for another human teammate ("" outside Hydra).
func teamTurnText(l terminal.Lang, st *realms.State, seat engine.Seat, t terminal.Table) string {
	v := st.RealmsView(seat)
	if v.Format() != "hydra" {
		return ""
	}
	var acting, ended, others []string
	for i := 0; i < v.NumSeats(); i++ {
		p := engine.Seat(i)
		if v.Team(p) != v.Team(v.Active()) || v.Defeated(p) {
			continue
		}
		if st.Ended&(1<<uint(p)) != 0 {
			ended = append(ended, v.Name(p))
			continue
		}
		acting = append(acting, v.Name(p))
		for _, c := range t.CanSwitch {
			if c == p {
				others = append(others, fmt.Sprintf("\"%s %s\"", l.T("term.cmd.as"), v.Name(p)))
			}
		}
	}
	nobody := l.T("term.nobody")
	text := l.T("term.realms.team_turn", "n", v.Team(v.Active()), "acting", listOr(acting, nobody), "ended", listOr(ended, nobody))
	if len(others) > 0 {
		text += " " + l.T("term.realms.team_switch", "list", strings.Join(others, l.T("term.or")))
	}
	return text
}

// numbered lists seat's legal actions for the menu. Actions that differ only by an amount
// (attacks on a player, partial damage to a base, Hydra's gifts) appear once, with the most
// (a base attack: destroying the base); hints say how to type the smaller ones.
func numbered(l terminal.Lang, st *realms.State, seat engine.Seat) (shown []engine.Action, hints []string) {
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
		hints = append(hints, l.T("term.realms.hint.attack"))
	}
	if less["attack-base"] {
		hints = append(hints, l.T("term.realms.hint.attack_base"))
	}
	if less["give"] {
		hints = append(hints, l.T("term.realms.hint.give"))
	}
	return shown, hints
}

func defeatedSeats(st *realms.State) []bool {
	out := make([]bool, st.NumSeats())
	for i := range out {
		out[i] = st.Defeated(engine.Seat(i))
	}
	return out
}

// newlyDefeated says who was defeated between two snapshots ("" if nobody): a whole team at
// once in Hydra.
func newlyDefeated(l terminal.Lang, st *realms.State, was, now []bool) string {
	var names []string
	first := -1
	for i := range now {
		if now[i] && !was[i] {
			names = append(names, st.SeatName(engine.Seat(i)))
			if first < 0 {
				first = i
			}
		}
	}
	switch {
	case len(names) == 0:
		return ""
	case st.FormatName() == "hydra":
		return l.T("term.realms.team_defeated", "n", st.TeamOf(engine.Seat(first)), "list", strings.Join(names, ", "))
	}
	return l.T("term.defeated", "n", len(names), "names", terminal.And(l, names))
}

// hasTeams reports whether the game's format has teams (Hydra, Emperor, Raid).
func hasTeams(st *realms.State) bool { return st.NumSeats() > 0 && st.TeamOf(0) != 0 }

// hasRoles reports whether some seat has a role (Emperor, Raid).
func hasRoles(st *realms.State) bool {
	for i := 0; i < st.NumSeats(); i++ {
		if st.RoleName(engine.Seat(i)) != "" {
			return true
		}
	}
	return false
}

// teamNumbers lists the team numbers in the order of their first seat.
func teamNumbers(st *realms.State) []int {
	var out []int
	seen := map[int]bool{}
	for i := 0; i < st.NumSeats(); i++ {
		if t := st.TeamOf(engine.Seat(i)); !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// teamMembers lists the names of team t's players in seat order, with their roles if
// withRoles.
func teamMembers(l terminal.Lang, st *realms.State, t int, withRoles bool) []string {
	var out []string
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		if st.TeamOf(s) == t {
			out = append(out, nameWithRole(l, st, s, withRoles))
		}
	}
	return out
}

func nameWithRole(l terminal.Lang, st *realms.State, s engine.Seat, withRole bool) string {
	if r := roleName(l, st.RoleName(s)); withRole && r != "" {
		return st.SeatName(s) + " " + r
	}
	return st.SeatName(s)
}

// turnOwner names whose turn it is: a player (with role and team where the format has them),
// or in Hydra the team and its players.
func turnOwner(l terminal.Lang, st *realms.State) string {
	a := st.RealmsView(engine.Spectator).Active()
	if st.FormatName() == "hydra" {
		t := st.TeamOf(a)
		return l.T("term.realms.team_of", "n", t, "list", strings.Join(teamMembers(l, st, t, false), ", "))
	}
	name := st.SeatName(a)
	var tags []string
	if r := roleName(l, st.RoleName(a)); r != "" {
		tags = append(tags, r)
	}
	if t := st.TeamOf(a); t != 0 {
		tags = append(tags, l.T("term.realms.team", "n", t))
	}
	if len(tags) > 0 {
		name += " (" + strings.Join(tags, ", ") + ")"
	}
	return name
}

// ResultText names the winner (a player, or a team with its players) or the draw, in l's
// language.
func ResultText(l terminal.Lang, st *realms.State) string {
	w := st.Winners()
	if len(w) == 0 {
		return l.T("term.draw")
	}
	names := make([]string, len(w))
	for i, s := range w {
		names[i] = nameWithRole(l, st, s, true)
	}
	if hasTeams(st) {
		t := st.TeamOf(w[0])
		same := true
		for _, s := range w {
			same = same && st.TeamOf(s) == t
		}
		if same {
			return l.T("term.realms.winner_team", "n", t, "list", strings.Join(names, ", "))
		}
	}
	return l.T("term.winner", "names", terminal.And(l, names))
}

// AuthorityText lists every player's authority; in Hydra, each team's shared authority.
func AuthorityText(l terminal.Lang, st *realms.State) string {
	v := st.RealmsView(engine.Spectator)
	var parts []string
	if st.FormatName() == "hydra" {
		for _, t := range teamNumbers(st) {
			var first engine.Seat = -1
			for i := 0; i < st.NumSeats(); i++ {
				if st.TeamOf(engine.Seat(i)) == t {
					first = engine.Seat(i)
					break
				}
			}
			part := fmt.Sprintf("%s %d", l.T("term.realms.team_of", "n", t, "list", strings.Join(teamMembers(l, st, t, false), ", ")), v.Authority(first))
			if v.Defeated(first) {
				part += " (" + l.T("term.realms.status.defeated") + ")"
			}
			parts = append(parts, part)
		}
		return strings.Join(parts, ", ")
	}
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		part := fmt.Sprintf("%s %d", st.SeatName(s), v.Authority(s))
		if v.Defeated(s) {
			part += " (" + l.T("term.realms.status.defeated") + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// writePlayerTable prints one row per player in seat order: team and role where the format
// has them, authority (the team's in Hydra), hand, deck and discard counts, pools if asked,
// the player's status (whose turn, who has ended in Hydra, who is defeated, who is viewing)
// and the play area with bases' defense, outposts and Raid damage.
func writePlayerTable(w io.Writer, l terminal.Lang, st *realms.State, v realms.View, indent string, pools bool) {
	teams, roles, hydra := hasTeams(st), hasRoles(st), v.Format() == "hydra"
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	col := func(c string) string { return l.T("term.realms.col." + c) }
	head := []string{col("player")}
	if teams {
		head = append(head, col("team"))
	}
	if roles {
		head = append(head, col("role"))
	}
	if hydra {
		head = append(head, col("authority_team"))
	} else {
		head = append(head, col("authority"))
	}
	head = append(head, col("hand"), col("deck"), col("discard"))
	if pools {
		head = append(head, col("trade"), col("combat"))
	}
	head = append(head, col("status"), col("in_play"))
	fmt.Fprintf(tw, "%s%s\n", indent, strings.Join(head, "\t"))
	for i := 0; i < v.NumSeats(); i++ {
		p := engine.Seat(i)
		name := v.Name(p)
		if p == v.Seat() {
			name += " " + l.T("ui.you")
		}
		row := []string{name}
		if teams {
			row = append(row, fmt.Sprint(v.Team(p)))
		}
		if roles {
			row = append(row, roleName(l, v.Role(p)))
		}
		row = append(row, fmt.Sprint(v.Authority(p)), fmt.Sprint(v.HandCount(p)), fmt.Sprint(v.DeckCount(p)), fmt.Sprint(len(v.Discard(p))))
		if pools {
			row = append(row, fmt.Sprint(v.Trade(p)), fmt.Sprint(v.Combat(p)))
		}
		row = append(row, seatStatus(l, st, v, p), playAreaText(l, v, p))
		fmt.Fprintf(tw, "%s%s\n", indent, strings.Join(row, "\t"))
	}
	tw.Flush()
}

// seatStatus is a player's place in the turn: "defeated", "turn" for the player whose turn it
// is, in a Hydra team turn "acting" or "ended" for each teammate, and "to decide" for a
// player answering a decision outside their turn.
func seatStatus(l terminal.Lang, st *realms.State, v realms.View, p engine.Seat) string {
	status := func(s string) string { return l.T("term.realms.status." + s) }
	switch {
	case v.Defeated(p) && !v.Over() && p == v.ToMove():
		return status("defeated") + ", " + status("to_decide")
	case v.Defeated(p):
		return status("defeated")
	case v.Over():
		return "-"
	}
	var parts []string
	if v.Format() == "hydra" {
		if v.Team(p) == v.Team(v.Active()) {
			if st.Ended&(1<<uint(p)) != 0 {
				parts = append(parts, status("ended"))
			} else {
				parts = append(parts, status("acting"))
			}
		}
	} else if p == v.Active() {
		parts = append(parts, status("turn"))
	}
	if st.Pending() && p == v.ToMove() {
		parts = append(parts, status("to_decide"))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// kindName is "base" or "outpost" in l's language, for a base.
func kindName(l terminal.Lang, c *realms.Card) string {
	if c.Outpost {
		return l.T("term.realms.outpost")
	}
	return l.T("term.realms.base")
}

// playAreaText lists a play area, marking bases with their defense and damage.
func playAreaText(l terminal.Lang, v realms.View, seat engine.Seat) string {
	cat := v.Catalog()
	if v.PlayCount(seat) == 0 {
		return l.T("term.realms.nothing")
	}
	parts := make([]string, v.PlayCount(seat))
	for i := range parts {
		c := cat.Card(v.PlayCard(seat, i))
		name := l.Words.Name(c.Name)
		switch {
		case c.Kind == realms.Base && v.BaseDamage(seat, i) > 0:
			parts[i] = l.T("term.realms.base_damaged", "card", name, "kind", kindName(l, c), "defense", c.Defense, "damage", v.BaseDamage(seat, i))
		case c.Kind == realms.Base:
			parts[i] = l.T("term.realms.base_in_play", "card", name, "kind", kindName(l, c), "defense", c.Defense)
		default:
			parts[i] = name
		}
	}
	return strings.Join(parts, ", ")
}

// tradeRowText lists the Trade Row, with costs if asked.
func tradeRowText(l terminal.Lang, v realms.View, costs bool) string {
	cat := v.Catalog()
	var parts []string
	for _, id := range v.TradeRow() {
		if id == 0 {
			parts = append(parts, l.T("term.realms.empty"))
			continue
		}
		c := cat.Card(id)
		if costs {
			parts = append(parts, fmt.Sprintf("%s (%d)", l.Words.Name(c.Name), c.Cost))
		} else {
			parts = append(parts, l.Words.Name(c.Name))
		}
	}
	return strings.Join(parts, ", ")
}

// targetsText says whom seat by may attack now (SR 4.13, 10), who is out of reach behind an
// outpost, and whose bases it may target. The subject is the reader when you is set, else the
// player, or in Hydra the team.
func targetsText(l terminal.Lang, v realms.View, by engine.Seat, you bool) string {
	if v.Over() || by < 0 || int(by) >= v.NumSeats() || v.Defeated(by) {
		return ""
	}
	var attack, behind, bases []string
	for i := 0; i < v.NumSeats(); i++ {
		t := engine.Seat(i)
		if v.CanTarget(by, t) {
			if v.CanAttack(by, t) {
				attack = append(attack, v.Name(t))
			} else {
				behind = append(behind, v.Name(t))
			}
		}
		if v.CanTargetBases(by, t) {
			bases = append(bases, v.Name(t))
		}
	}
	subject := "other"
	who := v.Name(by)
	switch {
	case you:
		subject = "you"
	case v.Format() == "hydra":
		who = l.T("term.realms.team_cap", "n", v.Team(by))
	}
	nobody := l.T("term.nobody")
	behindText := ""
	if len(behind) > 0 {
		behindText = " " + l.T("term.realms.behind", "n", len(behind), "list", strings.Join(behind, ", "))
	}
	return l.T("term.realms.targets", "subject", subject, "who", who, "attack", listOr(attack, nobody), "behind", behindText, "bases", listOr(bases, nobody))
}

func listOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	return strings.Join(list, ", ")
}

// basesInReach lists the bases by may attack now, outposts first (SR 6.4), as
// "P2's Trading Post [outpost, defense 4]".
func basesInReach(l terminal.Lang, v realms.View, by engine.Seat) []string {
	cat := v.Catalog()
	var out []string
	for i := 0; i < v.NumSeats(); i++ {
		t := engine.Seat(i)
		if !v.CanTargetBases(by, t) {
			continue
		}
		guard := v.Protected(t)
		for k := 0; k < v.PlayCount(t); k++ {
			c := cat.Card(v.PlayCard(t, k))
			if c.Kind != realms.Base || (guard && !c.Outpost) {
				continue
			}
			left := c.Defense - v.BaseDamage(t, k)
			out = append(out, l.T("term.realms.base_reach", "who", v.Name(t), "card", l.Words.Name(c.Name), "kind", kindName(l, c), "n", left))
		}
	}
	return out
}

// writeCardText prints everything printed on a card in l's language, for `show CARD`.
func writeCardText(w io.Writer, l terminal.Lang, c *realms.Card) {
	kind := l.T("term.realms.ship")
	if c.Kind == realms.Base {
		kind = l.T("term.realms.base")
	}
	head := l.T("term.realms.card_head", "card", l.Words.Name(c.Name), "faction", l.Cat.Render(realms.FactionMsg(c.Faction)), "kind", kind, "cost", CardCost(c))
	if c.Kind == realms.Base {
		if c.Outpost {
			head += ", " + l.T("term.realms.card_defense_outpost", "n", c.Defense)
		} else {
			head += ", " + l.T("term.realms.card_defense", "n", c.Defense)
		}
	}
	deck := c.Deck.String()
	if id := "term.realms.deck." + deck; l.Cat.Has(id) {
		deck = l.T(id)
	}
	set := c.Set
	if id := "ui.lobby.set." + strings.ReplaceAll(set, "-", "_"); l.Cat.Has(id) {
		set = l.T(id)
	}
	fmt.Fprintf(w, "%s %s\n", head, l.T("term.realms.card_set", "set", set, "n", c.Quantity, "deck", deck))
	for _, a := range CardAbilities(l.Cat, c) {
		fmt.Fprintf(w, "  %s\n", a)
	}
	var other []string
	code := l.Code()
	if code != "en" && c.NameIn(code) != c.Name {
		other = append(other, fmt.Sprintf("%s (en)", c.Name))
	}
	for _, lang := range realms.NameLangs() {
		if n, ok := c.Names[lang]; ok && n != c.Name && lang != code {
			other = append(other, fmt.Sprintf("%s (%s)", n, lang))
		}
	}
	if other = append(other, c.Aliases...); len(other) > 0 {
		fmt.Fprintf(w, "  %s\n", l.T("term.also_known", "list", strings.Join(other, ", ")))
	}
}

// cardList writes cards as "Scout x3, Viper" keeping the order of first appearance.
func cardList(l terminal.Lang, cat *realms.Catalog, ids []realms.CardID) string {
	if len(ids) == 0 {
		return l.T("term.realms.none")
	}
	var order []realms.CardID
	count := map[realms.CardID]int{}
	for _, id := range ids {
		if count[id] == 0 {
			order = append(order, id)
		}
		count[id]++
	}
	parts := make([]string, 0, len(order))
	for _, id := range order {
		name := l.Words.Name(cat.Card(id).Name)
		if n := count[id]; n > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", name, n))
		} else {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, ", ")
}
