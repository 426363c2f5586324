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
// narration and card texts.
func (g *Game) Presenter() terminal.Presenter {
	en, _ := i18n.Load("en") // nil only if the embedded catalog were broken (its tests say not): card texts then show the ability language
	return &presenter{en: en}
}

// presenter shows one game of Star Realms. It counts turns as the actions go by: the
// narrator's count (a turn opens with its first action) and the screen's (a turn starts when
// the active player changes).
type presenter struct {
	en *i18n.Catalog // card texts are in English
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

func (p *presenter) start(st *realms.State) {
	if !p.started {
		p.started = true
		p.turn, p.active = 1, st.RealmsView(engine.Spectator).Active()
	}
}

const realmsHelp = `  ACTION           type an action: play CARD, use CARD primary|ally|scrap, buy CARD,
                   attack PLAYER [N], attack PLAYER:BASE [N], choose N|CARD|PLAYER, skip, done, end
                   (card names in any case; "attack PLAYER" uses all your Combat;
                   "attack PLAYER:BASE N" damages a Raid Boss's base without destroying it)
                   in a campaign: buy CARD upgrade SHEET row N; show SHEET prints a sticker
                   sheet (show Empire 1): what each row gives and costs, the rows used
                   Hydra: give PLAYER trade N, give PLAYER combat N (to a teammate)
                   Emperor: pass CARD to PLAYER (1 Trade: a card of your discard pile
                   to a teammate's discard pile)
`

func (p *presenter) Help() string { return realmsHelp }

func (p *presenter) Forced(engine.State, engine.Seat, []engine.Action) (engine.Action, bool) {
	return 0, false
}

// CardText prints everything printed on a card, or, in a campaign game, a sticker sheet: what
// each row gives and costs, and the rows used (show Empire 1); or suggests names for an
// unknown card.
func (p *presenter) CardText(es engine.State, name string) (string, error) {
	st := state(es)
	if text, ok, err := p.sheetText(st, name); ok || err != nil {
		return text, err
	}
	cat := st.Catalog()
	id, err := cat.Lookup(name)
	if err != nil {
		if sheets := st.SheetNames(); len(sheets) > 0 {
			return "", fmt.Errorf("%w; the sticker sheets of this game: %s", err, strings.Join(sheets, ", "))
		}
		return "", err
	}
	var b strings.Builder
	writeCardText(&b, p.en, cat.Card(id))
	return b.String(), nil
}

// sheetText is the sticker sheet called name in a campaign game, line by line (ok false:
// no sheet of the game has that name).
func (p *presenter) sheetText(st *realms.State, name string) (string, bool, error) {
	sh, owner, used, ok := st.SheetInGame(name)
	if !ok {
		return "", false, nil
	}
	if p.en == nil {
		return "", true, fmt.Errorf("sheet %s: the English catalog did not load", sh.Name)
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
		b.WriteString(p.en.Render(m))
		b.WriteString("\n")
	}
	return b.String(), true, nil
}

// GameOver writes the end of a game played by humans.
func (p *presenter) GameOver(w io.Writer, es engine.State) {
	st := state(es)
	p.start(st)
	fmt.Fprintf(w, "\nGame over after %s. Authority: %s\n%s\n", plural(p.turn, "turn"), AuthorityText(st), ResultText(st))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Describe prints the format, sets and seed, the options, and who plays each seat (by team,
// with roles, where the format has them).
func (p *presenter) Describe(w io.Writer, es engine.State, rec *engine.Record) {
	Describe(w, state(es), rec)
}

// Describe is the header of a Star Realms game (the campaign prints it too).
func Describe(w io.Writer, st *realms.State, rec *engine.Record) {
	format, sets := rec.Format, rec.Sets
	if format == "" {
		format = "standard"
	}
	if len(sets) == 0 {
		sets = []string{"core"}
	}
	fmt.Fprintf(w, "Star Realms, %s format, sets %s, seed %d\n", format, strings.Join(sets, "+"), rec.Seed)
	if opts := terminal.OptionPairs(rec.Options); len(opts) > 0 {
		fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
	}
	player := func(i int) string {
		who := rec.Seats[i]
		if r := st.RoleName(engine.Seat(i)); r != "" {
			who += ", " + r
		}
		return fmt.Sprintf("%s (%s)", rec.Names[i], who)
	}
	if !hasTeams(st) {
		players := make([]string, len(rec.Names))
		for i := range rec.Names {
			players[i] = player(i)
		}
		fmt.Fprintf(w, "players: %s\n", strings.Join(players, " vs "))
		return
	}
	var teams []string
	for _, t := range teamNumbers(st) {
		var members []string
		for i := range rec.Names {
			if st.TeamOf(engine.Seat(i)) == t {
				members = append(members, player(i))
			}
		}
		teams = append(teams, fmt.Sprintf("team %d: %s", t, strings.Join(members, ", ")))
	}
	fmt.Fprintf(w, "players: %s\n", strings.Join(teams, " vs "))
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
			fmt.Fprintf(w, "\nTurn %d (round %d): %s\n", p.nturn, v.Rounds()+1, turnOwner(st))
			fmt.Fprintf(w, "  trade row: %s\n", tradeRowText(v, false))
			writePlayerTable(w, st, v, "  ", false)
			if t := targetsText(v, p.nactive, false); t != "" {
				fmt.Fprintf(w, "  %s\n", t)
			}
		}
	}
	if w != nil {
		fmt.Fprintf(w, "  %s: %s\n", st.SeatName(seat), text)
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
		if d := newlyDefeated(st, p.defeated, now); d != "" {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
	p.defeated = now
	if !p.open || (!st.Over() && st.RealmsView(engine.Spectator).Active() == p.nactive) {
		return
	}
	p.open = false
	if w != nil {
		fmt.Fprintf(w, "  authority: %s\n", AuthorityText(st))
	}
}

// Result prints how the game ended, or who is to move if it has not.
func (p *presenter) Result(w io.Writer, es engine.State) {
	st := state(es)
	v := st.RealmsView(engine.Spectator)
	fmt.Fprintln(w)
	if !st.Over() {
		fmt.Fprintf(w, "Game not finished after %s: %s to move.\n", plural(p.nturn, "turn"), st.SeatName(v.ToMove()))
		return
	}
	fmt.Fprintf(w, "Game over after %s (%s). Authority: %s\n", plural(p.nturn, "turn"), plural(v.Rounds(), "round"), AuthorityText(st))
	fmt.Fprintln(w, ResultText(st))
}

// Screen prints what seat sees at the table and returns the actions it numbered.
func (p *presenter) Screen(w io.Writer, es engine.State, seat engine.Seat, t terminal.Table) []engine.Action {
	st := state(es)
	p.start(st)
	v := st.RealmsView(seat)
	cat := v.Catalog()
	fmt.Fprintf(w, "\n---- Turn %d (round %d). Turn of %s. Acting: %s (you). ----\n", p.turn, v.Rounds()+1, turnOwner(st), v.Name(seat))
	if tt := teamTurnText(st, seat, t); tt != "" {
		fmt.Fprintln(w, tt)
	}
	fmt.Fprintf(w, "Trade Row: %s\n", tradeRowText(v, true))
	fmt.Fprintf(w, "  Explorers: %d (cost %d), trade deck: %d cards\n", v.Explorers(), cat.Card(cat.Explorer).Cost, v.TradeDeckCount())
	writePlayerTable(w, st, v, "", true)
	fmt.Fprintf(w, "Your hand: %s\n", cardList(cat, v.Hand(seat)))
	for i := 0; i < v.NumSeats(); i++ {
		o := engine.Seat(i)
		if o == seat || v.Defeated(o) {
			continue
		}
		if h := v.Hand(o); h != nil {
			fmt.Fprintf(w, "%s's hand (%s): %s\n", v.Name(o), seeWhy(v), cardList(cat, h))
		}
	}
	if tt := targetsText(v, seat, true); tt != "" {
		fmt.Fprintln(w, tt)
		if b := basesInReach(v, seat); len(b) > 0 {
			fmt.Fprintf(w, "Bases you may attack now: %s\n", strings.Join(b, "; "))
		}
	}
	if since := terminal.SinceText(st, t, nil); since != "" {
		fmt.Fprintf(w, "Since your last action:\n%s", since)
	}
	if pr := p.prompt(st, seat); pr != "" {
		fmt.Fprintf(w, "Decision: %s\n", pr)
	}
	shown, hints := numbered(st, seat)
	terminal.WriteActions(w, st, seat, shown, hints)
	return shown
}

// prompt is the pending decision in English for seat, its options numbered as "choose N"
// answers them; the engine's own words when the catalog is missing.
func (p *presenter) prompt(st *realms.State, seat engine.Seat) string {
	d, ok := st.DescribeDecision(seat)
	if !ok {
		return ""
	}
	if p.en == nil || d.Prompt.ID == "" {
		return st.DecisionPrompt()
	}
	out := p.en.Render(d.Prompt)
	if len(d.OptionMsgs) > 1 {
		opts := make([]string, len(d.OptionMsgs))
		for i, o := range d.OptionMsgs {
			opts[i] = fmt.Sprintf("%d) %s", i+1, p.en.Render(o))
		}
		out += " " + strings.Join(opts, "; ")
	}
	return out
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
func teamTurnText(st *realms.State, seat engine.Seat, t terminal.Table) string {
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
				others = append(others, fmt.Sprintf("\"as %s\"", v.Name(p)))
			}
		}
	}
	text := fmt.Sprintf("Team %d's turn: still acting %s; ended %s.", v.Team(v.Active()), listOr(acting, "nobody"), listOr(ended, "nobody"))
	if len(others) > 0 {
		text += " Type " + strings.Join(others, " or ") + " to act for a teammate."
	}
	return text
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
func defeatedSeats(st *realms.State) []bool {
	out := make([]bool, st.NumSeats())
	for i := range out {
		out[i] = st.Defeated(engine.Seat(i))
	}
	return out
}

// newlyDefeated says who was defeated between two snapshots ("" if nobody): a whole team at
// once in Hydra.
func newlyDefeated(st *realms.State, was, now []bool) string {
	var names []string
	for i := range now {
		if now[i] && !was[i] {
			names = append(names, st.SeatName(engine.Seat(i)))
		}
	}
	switch {
	case len(names) == 0:
		return ""
	case st.FormatName() == "hydra":
		first := 0
		for i := range now {
			if now[i] && !was[i] {
				first = i
				break
			}
		}
		return fmt.Sprintf("Team %d (%s) is defeated.", st.TeamOf(engine.Seat(first)), strings.Join(names, ", "))
	case len(names) == 1:
		return names[0] + " is defeated."
	}
	return strings.Join(names, " and ") + " are defeated."
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
func teamMembers(st *realms.State, t int, withRoles bool) []string {
	var out []string
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		if st.TeamOf(s) == t {
			out = append(out, nameWithRole(st, s, withRoles))
		}
	}
	return out
}

func nameWithRole(st *realms.State, s engine.Seat, withRole bool) string {
	if r := st.RoleName(s); withRole && r != "" {
		return st.SeatName(s) + " " + r
	}
	return st.SeatName(s)
}

// turnOwner names whose turn it is: a player (with role and team where the format has them),
// or in Hydra the team and its players.
func turnOwner(st *realms.State) string {
	a := st.RealmsView(engine.Spectator).Active()
	if st.FormatName() == "hydra" {
		t := st.TeamOf(a)
		return fmt.Sprintf("team %d (%s)", t, strings.Join(teamMembers(st, t, false), ", "))
	}
	name := st.SeatName(a)
	var tags []string
	if r := st.RoleName(a); r != "" {
		tags = append(tags, r)
	}
	if t := st.TeamOf(a); t != 0 {
		tags = append(tags, fmt.Sprintf("team %d", t))
	}
	if len(tags) > 0 {
		name += " (" + strings.Join(tags, ", ") + ")"
	}
	return name
}

// ResultText names the winner (a player, or a team with its players) or the draw.
func ResultText(st *realms.State) string {
	w := st.Winners()
	if len(w) == 0 {
		return "Result: draw (no winner)."
	}
	if hasTeams(st) {
		t := st.TeamOf(w[0])
		same := true
		for _, s := range w {
			same = same && st.TeamOf(s) == t
		}
		if same {
			names := make([]string, len(w))
			for i, s := range w {
				names[i] = nameWithRole(st, s, true)
			}
			return fmt.Sprintf("Winner: team %d (%s).", t, strings.Join(names, ", "))
		}
	}
	names := make([]string, len(w))
	for i, s := range w {
		names[i] = nameWithRole(st, s, true)
	}
	return "Winner: " + strings.Join(names, " and ") + "."
}

// AuthorityText lists every player's authority; in Hydra, each team's shared authority.
func AuthorityText(st *realms.State) string {
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
			part := fmt.Sprintf("team %d (%s) %d", t, strings.Join(teamMembers(st, t, false), ", "), v.Authority(first))
			if v.Defeated(first) {
				part += " (defeated)"
			}
			parts = append(parts, part)
		}
		return strings.Join(parts, ", ")
	}
	for i := 0; i < st.NumSeats(); i++ {
		s := engine.Seat(i)
		part := fmt.Sprintf("%s %d", st.SeatName(s), v.Authority(s))
		if v.Defeated(s) {
			part += " (defeated)"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// writePlayerTable prints one row per player in seat order: team and role where the format
// has them, authority (the team's in Hydra), hand, deck and discard counts, pools if asked,
// the player's status (whose turn, who has ended in Hydra, who is defeated, who is viewing)
// and the play area with bases' defense, outposts and Raid damage.
func writePlayerTable(w io.Writer, st *realms.State, v realms.View, indent string, pools bool) {
	teams, roles, hydra := hasTeams(st), hasRoles(st), v.Format() == "hydra"
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"player"}
	if teams {
		head = append(head, "team")
	}
	if roles {
		head = append(head, "role")
	}
	if hydra {
		head = append(head, "authority (team)")
	} else {
		head = append(head, "authority")
	}
	head = append(head, "hand", "deck", "discard")
	if pools {
		head = append(head, "trade", "combat")
	}
	head = append(head, "status", "in play")
	fmt.Fprintf(tw, "%s%s\n", indent, strings.Join(head, "\t"))
	for i := 0; i < v.NumSeats(); i++ {
		p := engine.Seat(i)
		name := v.Name(p)
		if p == v.Seat() {
			name += " (you)"
		}
		row := []string{name}
		if teams {
			row = append(row, fmt.Sprint(v.Team(p)))
		}
		if roles {
			row = append(row, v.Role(p))
		}
		row = append(row, fmt.Sprint(v.Authority(p)), fmt.Sprint(v.HandCount(p)), fmt.Sprint(v.DeckCount(p)), fmt.Sprint(len(v.Discard(p))))
		if pools {
			row = append(row, fmt.Sprint(v.Trade(p)), fmt.Sprint(v.Combat(p)))
		}
		row = append(row, seatStatus(st, v, p), playAreaText(v, p))
		fmt.Fprintf(tw, "%s%s\n", indent, strings.Join(row, "\t"))
	}
	tw.Flush()
}

// seatStatus is a player's place in the turn: "defeated", "turn" for the player whose turn it
// is, in a Hydra team turn "acting" or "ended" for each teammate, and "to decide" for a
// player answering a decision outside their turn.
func seatStatus(st *realms.State, v realms.View, p engine.Seat) string {
	switch {
	case v.Defeated(p) && !v.Over() && p == v.ToMove():
		return "defeated, to decide"
	case v.Defeated(p):
		return "defeated"
	case v.Over():
		return "-"
	}
	var parts []string
	if v.Format() == "hydra" {
		if v.Team(p) == v.Team(v.Active()) {
			if st.Ended&(1<<uint(p)) != 0 {
				parts = append(parts, "ended")
			} else {
				parts = append(parts, "acting")
			}
		}
	} else if p == v.Active() {
		parts = append(parts, "turn")
	}
	if st.Pending() && p == v.ToMove() {
		parts = append(parts, "to decide")
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// playAreaText lists a play area, marking bases with their defense and damage.
func playAreaText(v realms.View, seat engine.Seat) string {
	cat := v.Catalog()
	if v.PlayCount(seat) == 0 {
		return "(nothing)"
	}
	parts := make([]string, v.PlayCount(seat))
	for i := range parts {
		c := cat.Card(v.PlayCard(seat, i))
		kind := "base"
		if c.Outpost {
			kind = "outpost"
		}
		switch {
		case c.Kind == realms.Base && v.BaseDamage(seat, i) > 0:
			parts[i] = fmt.Sprintf("%s [%s, defense %d, damage %d]", c.Name, kind, c.Defense, v.BaseDamage(seat, i))
		case c.Kind == realms.Base:
			parts[i] = fmt.Sprintf("%s [%s, defense %d]", c.Name, kind, c.Defense)
		default:
			parts[i] = c.Name
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

// targetsText says whom seat by may attack now (SR 4.13, 10), who is out of reach behind an
// outpost, and whose bases it may target. The subject is "You" when you is set, else the
// player, or in Hydra the team.
func targetsText(v realms.View, by engine.Seat, you bool) string {
	if v.Over() || by < 0 || int(by) >= v.NumSeats() || v.Defeated(by) {
		return ""
	}
	subject := v.Name(by)
	switch {
	case you:
		subject = "You"
	case v.Format() == "hydra":
		subject = fmt.Sprintf("Team %d", v.Team(by))
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
	text := subject + " may attack " + listOr(attack, "nobody")
	switch len(behind) {
	case 0:
	case 1:
		text += fmt.Sprintf(" (%s is behind an outpost)", behind[0])
	default:
		text += fmt.Sprintf(" (%s are behind outposts)", strings.Join(behind, ", "))
	}
	return text + " and target the bases of " + listOr(bases, "nobody") + "."
}

func listOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	return strings.Join(list, ", ")
}

// basesInReach lists the bases by may attack now, outposts first (SR 6.4), as
// "P2's Trading Post [outpost, defense 4]".
func basesInReach(v realms.View, by engine.Seat) []string {
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
			kind := "base"
			if c.Outpost {
				kind = "outpost"
			}
			left := c.Defense - v.BaseDamage(t, k)
			out = append(out, fmt.Sprintf("%s's %s [%s, %d to destroy]", v.Name(t), c.Name, kind, left))
		}
	}
	return out
}

// writeCardText prints everything printed on a card, for `show CARD`.
func writeCardText(w io.Writer, en *i18n.Catalog, c *realms.Card) {
	fmt.Fprintf(w, "%s: %s %s, cost %s", c.Name, CardFaction(c), c.Kind, CardCost(c))
	if c.Kind == realms.Base {
		if c.Outpost {
			fmt.Fprintf(w, ", defense %d, outpost", c.Defense)
		} else {
			fmt.Fprintf(w, ", defense %d", c.Defense)
		}
	}
	fmt.Fprintf(w, " (set %s, %d in the %s deck)\n", c.Set, c.Quantity, c.Deck)
	for _, a := range CardAbilities(en, c) {
		fmt.Fprintf(w, "  %s\n", a)
	}
	var other []string
	for _, l := range realms.NameLangs() {
		if n, ok := c.Names[l]; ok && n != c.Name {
			other = append(other, fmt.Sprintf("%s (%s)", n, l))
		}
	}
	if other = append(other, c.Aliases...); len(other) > 0 {
		fmt.Fprintf(w, "  also known as: %s\n", strings.Join(other, ", "))
	}
}

// cardList writes cards as "Scout x3, Viper" keeping the order of first appearance.
func cardList(cat *realms.Catalog, ids []realms.CardID) string {
	if len(ids) == 0 {
		return "(none)"
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
		if n := count[id]; n > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", cat.Card(id).Name, n))
		} else {
			parts = append(parts, cat.Card(id).Name)
		}
	}
	return strings.Join(parts, ", ")
}
