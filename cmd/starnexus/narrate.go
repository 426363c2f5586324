package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"starnexus/engine"
	"starnexus/games/realms"
)

// narrator prints a game as it is played or replayed: a header for each turn with a table
// of the players, every action with the player who took it, each defeat, and everyone's
// authority when a turn ends. It prints only public information, so it may narrate any game
// to anybody.
type narrator struct {
	w        io.Writer
	turn     int
	active   engine.Seat
	open     bool   // a turn header has been printed and its authority line not yet
	defeated []bool // per seat, as of the last action narrated
}

// describeGame prints the format, sets and seed, the options, and who plays each seat (by
// team, with roles, where the format has them).
func describeGame(w io.Writer, st *realms.State, rec *engine.Record) {
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

// before prints the turn header if a new turn starts, then the action about to be taken.
func (n *narrator) before(st *realms.State, seat engine.Seat, text string) {
	v := st.RealmsView(engine.Spectator)
	if n.defeated == nil {
		n.defeated = defeatedSeats(st)
	}
	if !n.open {
		n.turn++
		n.active = v.Active()
		n.open = true
		fmt.Fprintf(n.w, "\nTurn %d (round %d): %s\n", n.turn, v.Rounds()+1, turnOwner(st))
		fmt.Fprintf(n.w, "  trade row: %s\n", tradeRowText(v, false))
		writePlayerTable(n.w, st, v, "  ", false)
		if t := targetsText(v, n.active, false); t != "" {
			fmt.Fprintf(n.w, "  %s\n", t)
		}
	}
	fmt.Fprintf(n.w, "  %s: %s\n", st.SeatName(seat), text)
}

// after reports the players the action defeated, and closes the turn when the action ended
// it.
func (n *narrator) after(st *realms.State) {
	now := defeatedSeats(st)
	if n.defeated != nil {
		if d := newlyDefeated(st, n.defeated, now); d != "" {
			fmt.Fprintf(n.w, "  %s\n", d)
		}
	}
	n.defeated = now
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

// resultText names the winner (a player, or a team with its players) or the draw.
func resultText(st *realms.State) string {
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

// authorityText lists every player's authority; in Hydra, each team's shared authority.
func authorityText(st *realms.State) string {
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
