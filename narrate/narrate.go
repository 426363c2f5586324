// Package narrate turns the events of a game's actions (engine.Event), as one viewer sees
// them, into the lines of a game log: sentences by message id with arguments (catalog
// i18n/en/log.json) that say what happened and name the card or effect that did it.
//
// It knows no game: the zone, stat and keyword names it meets are the events' data, and each
// has a catalog id (log.zone.<name>, log.stat.<name>, log.kw.<name>). Drawing, shuffling,
// priority and phases make no line of their own: a draw an ability makes is told with it
// ("+1 card"), the rest is dropped; a new turn starts a new group (Line.Turn, Line.Active).
// The narrator sees only events already filtered for its viewer (engine.Event.For), so a
// card hidden from the viewer is never named.
package narrate

import (
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/i18n"
)

// Tones of a line: a number that rose, one that fell (never shown as good news), or neither.
const (
	Gain = "gain"
	Loss = "loss"
)

// Line is one entry of the log.
type Line struct {
	Seq    int      `json:"seq"`    // the action whose events it tells, as the viewer numbers actions
	Turn   int      `json:"turn"`   // the turn it belongs to (0: before the first)
	Active int      `json:"active"` // whose turn that is, -1 for none
	Seat   int      `json:"seat"`   // the seat the line is about (who played, whose card), -1 for none
	Msg    i18n.Msg `json:"msg"`
	Tone   string   `json:"tone,omitempty"` // Gain, Loss or ""
	// Names is the card or effect the line names ("Blob Fighter", "defeat"): never empty.
	Names string `json:"names"`
}

// Turn is whose turn it is and its number.
type Turn struct {
	Number int
	Seat   engine.Seat
}

// Advance is t after evs: the last EvTurn among them, if any. EvTurn is public, so any
// viewer's events (or all of them) give the same answer.
func Advance(t Turn, evs []engine.Event) Turn {
	for _, e := range evs {
		if e.Kind == engine.EvTurn {
			t = Turn{Number: e.Amount, Seat: e.Seat}
		}
	}
	return t
}

// Start is the turn before a game's first action: turn 1 of the one seat to move, or turn 0
// (the table's setup) when several or none may move.
func Start(st engine.State) Turn {
	if m := st.ToMove(nil); len(m) == 1 {
		return Turn{Number: 1, Seat: m[0]}
	}
	return Turn{Seat: engine.Spectator}
}

// Narrator tells the actions of one game to one viewer, one action after the other.
type Narrator struct {
	viewer engine.Seat
	names  []string
	turn   Turn
}

// New is a narrator for viewer (engine.Spectator: the public) of a game whose seats have
// these names, at turn start.
func New(viewer engine.Seat, names []string, start Turn) *Narrator {
	return &Narrator{viewer: viewer, names: names, turn: start}
}

// Turn is the turn the narrator is at.
func (n *Narrator) Turn() Turn { return n.turn }

// draft is a line being written: fx and draws are put into its arguments at the end.
type draft struct {
	line   Line
	id     string
	args   map[string]any
	attach string // the card whose effects join this line as fx, "" for none
	fx     []i18n.Msg
	draws  int
	hasFx  bool // the template takes {fx}
}

// action is the narration of one action's events.
type action struct {
	n      *Narrator
	seq    int
	evs    []engine.Event
	out    []*draft
	choice bool            // a choice was made in this action: its moves are told
	gone   map[string]bool // cards that died or were destroyed: their move is not told again
	retire map[engine.Seat]bool
	skip   map[int]bool // events already told with another
	keeps  map[engine.Seat]int
}

// Action narrates the events of the action seq, as the viewer sees them (already filtered:
// engine.Event.For).
func (n *Narrator) Action(seq int, evs []engine.Event) []Line {
	a := &action{n: n, seq: seq, evs: evs, gone: map[string]bool{}, retire: map[engine.Seat]bool{}, skip: map[int]bool{}, keeps: map[engine.Seat]int{}}
	for _, e := range evs {
		if e.Kind == engine.EvDefeated {
			a.retire[e.Seat] = true
		}
	}
	for i, e := range evs {
		if !a.skip[i] {
			a.event(i, e)
		}
	}
	out := make([]Line, 0, len(a.out))
	for _, d := range a.out {
		if d.hasFx {
			fx := d.fx
			if d.draws > 0 {
				fx = append(fx, i18n.M("log.fx.draw", "n", d.draws))
				if d.line.Tone == "" {
					d.line.Tone = Gain
				}
			}
			if len(fx) > 0 {
				d.args["fx"] = i18n.M("log.fx", "list", chain(fx))
			} else {
				d.args["fx"] = i18n.M("log.nofx")
			}
		}
		d.line.Msg = i18n.Msg{ID: d.id, Args: d.args}
		out = append(out, d.line)
	}
	return out
}

// chain joins messages as "a, b, c" (log.and).
func chain(ms []i18n.Msg) i18n.Msg {
	m := ms[0]
	for _, x := range ms[1:] {
		m = i18n.M("log.and", "a", m, "b", x)
	}
	return m
}

// add starts a line about seat.
func (a *action) add(seat engine.Seat, id, names string, kv ...any) *draft {
	d := &draft{id: id, args: map[string]any{}, line: Line{Seq: a.seq, Turn: a.n.turn.Number, Active: int(a.n.turn.Seat), Seat: int(seat), Names: names}}
	for i := 0; i+1 < len(kv); i += 2 {
		k, _ := kv[i].(string)
		d.args[k] = kv[i+1]
	}
	a.out = append(a.out, d)
	return d
}

// person puts into args who seat is: you ("yes" when it is the viewer) and who (its name).
func (a *action) person(args map[string]any, prefix string, seat engine.Seat) {
	you := "no"
	if seat == a.n.viewer && seat >= 0 {
		you = "yes"
	}
	args[prefix+"you"] = you
	args[prefix+"who"] = a.n.name(seat)
}

func (n *Narrator) name(s engine.Seat) string {
	if s >= 0 && int(s) < len(n.names) {
		return n.names[s]
	}
	return ""
}

// seatNamed is the seat whose name is name, or -1.
func (n *Narrator) seatNamed(name string) engine.Seat {
	for i, x := range n.names {
		if x == name && name != "" {
			return engine.Seat(i)
		}
	}
	return engine.Spectator
}

// line starts a line about seat with its person arguments.
func (a *action) line(seat engine.Seat, id, names string, kv ...any) *draft {
	d := a.add(seat, id, names, kv...)
	a.person(d.args, "", seat)
	return d
}

// open is the latest line of this action that takes the effects of card, or nil.
func (a *action) open(card string, seat engine.Seat) *draft {
	for i := len(a.out) - 1; i >= 0; i-- {
		d := a.out[i]
		if d.attach != "" && d.attach == card && engine.Seat(d.line.Seat) == seat {
			return d
		}
	}
	return nil
}

// last is the latest line of this action that takes effects, or nil.
func (a *action) last(seat engine.Seat) *draft {
	if len(a.out) == 0 {
		return nil
	}
	d := a.out[len(a.out)-1]
	if d.attach != "" && engine.Seat(d.line.Seat) == seat {
		return d
	}
	return nil
}

// statMsg names a stat: Trade, Combat and Authority are icons.
func statMsg(stat string) i18n.Msg {
	switch stat {
	case "trade", "combat", "authority":
		return i18n.M("icon." + stat)
	}
	return i18n.M("log.stat." + stat)
}

// zoneMsg names a zone.
func zoneMsg(z string) i18n.Msg { return i18n.M("log.zone." + z) }

// fxOf is a stat change told inside another line ("+3 Combat").
func fxOf(e engine.Event) i18n.Msg {
	if e.Amount < 0 {
		return i18n.M("log.fx.lose", "n", -e.Amount, "stat", statMsg(e.Stat))
	}
	return i18n.M("log.fx.gain", "n", e.Amount, "stat", statMsg(e.Stat))
}

func tone(n int) string {
	if n < 0 {
		return Loss
	}
	return Gain
}

// setTone makes d's tone t, a loss winning over a gain.
func setTone(d *draft, t string) {
	if d.line.Tone != Loss {
		d.line.Tone = t
	}
}

// next finds the first event after i (not yet told) that match accepts.
func (a *action) next(i int, match func(engine.Event) bool) (int, bool) {
	for j := i + 1; j < len(a.evs); j++ {
		if !a.skip[j] && match(a.evs[j]) {
			return j, true
		}
	}
	return 0, false
}

// prev finds the latest event before i that match accepts.
func (a *action) prev(i int, match func(engine.Event) bool) (engine.Event, bool) {
	for j := i - 1; j >= 0; j-- {
		if match(a.evs[j]) {
			return a.evs[j], true
		}
	}
	return engine.Event{}, false
}

func (a *action) event(i int, e engine.Event) {
	switch e.Kind {
	case engine.EvTurn:
		a.n.turn = Turn{Number: e.Amount, Seat: e.Seat}
	case engine.EvMoved:
		a.moved(i, e)
	case engine.EvTriggered:
		a.triggered(e)
	case engine.EvStat:
		a.stat(i, e)
	case engine.EvDamage:
		a.damage(i, e)
	case engine.EvDestroyed:
		a.gone[e.Card] = true
		if e.Source != "" {
			d := a.add(e.Seat, "log.destroyed_by", e.Source, "source", e.Source, "card", e.Card)
			a.person(d.args, "", e.Seat)
			d.line.Tone = Loss
			return
		}
		actor := a.n.turn.Seat
		d := a.line(actor, "log.destroy", e.Card, "card", e.Card)
		a.person(d.args, "t", e.Seat)
		d.line.Tone = Loss
	case engine.EvDied:
		a.gone[e.Card] = true
		d := a.line(e.Seat, "log.dies", e.Card, "card", e.Card)
		d.line.Tone = Loss
	case engine.EvCounter:
		if e.Card == "" {
			return
		}
		if e.Stat == "sticker" {
			a.line(e.Seat, "log.upgrade", e.Card, "card", e.Card)
			return
		}
		src := e.Source
		if src == "" {
			src = e.Card
		}
		d := a.line(e.Seat, "log.marker", src, "source", src, "card", e.Card, "n", signed(e.Amount), "count", abs(e.Amount), "stat", statMsg(e.Stat))
		d.line.Tone = tone(e.Amount)
	case engine.EvChose:
		a.chose(e)
	case engine.EvDefeated:
		d := a.line(e.Seat, "log.defeated", "defeat")
		d.line.Tone = Loss
	case engine.EvGameOver:
		if e.Seat < 0 {
			a.add(e.Seat, "log.draw", "game_over")
			return
		}
		a.line(e.Seat, "log.won", "game_over")
	case "countered":
		d := a.line(e.Seat, "log.countered", e.Card, "card", e.Card, "source", e.Source)
		d.line.Tone = Loss
	case "hero":
		if e.Card != "" {
			a.line(e.Seat, "log.hero", e.Card, "card", e.Card)
		}
	case "granted":
		if e.Card == "" || e.Option == "" {
			return
		}
		var kws []i18n.Msg
		for _, k := range strings.Split(e.Option, ",") {
			kws = append(kws, i18n.M("log.kw."+strings.ToLower(strings.TrimSpace(k))))
		}
		d := a.line(e.Seat, "log.granted", e.Source, "source", e.Source, "card", e.Card, "kw", chain(kws))
		d.line.Tone = Gain
	}
	// EvShuffled, phases and anything else: no line.
}

func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return "+" + strconv.Itoa(n)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (a *action) moved(i int, e engine.Event) {
	from, to := e.From, e.To
	switch {
	case from == "reserve" || to == "reserve" || from == "hero" || to == "hero":
		return // a reserve swap (SN): secret, and not a play
	case from == "deck" && to == "hand", from == "library" && to == "hand":
		if d := a.last(e.Seat); d != nil {
			d.draws++
		}
		return
	case a.retire[e.Seat] && (to == "scrap_heap" || to == "explorers"):
		return // a defeated player's cards leave the game: told by the defeat
	case e.Target != "":
		if e.Card != "" {
			d := a.line(e.Seat, "log.give", e.Card, "card", e.Card)
			a.person(d.args, "t", a.n.seatNamed(e.Target))
		}
		return
	}
	if e.Card == "" {
		return // a card the viewer may not see
	}
	switch {
	case from == "hand" && to == "in_play":
		d := a.line(e.Seat, "log.play", e.Card, "card", e.Card)
		d.attach, d.hasFx = e.Card, true
	case from == "in_play" && (to == "scrap_heap" || to == "explorers"):
		d := a.line(e.Seat, "log.scrap", e.Card, "card", e.Card)
		d.attach, d.hasFx = e.Card, true
	case from == "trade_row" || from == "explorers":
		if to == "scrap_heap" {
			seat := e.Seat
			if seat < 0 {
				seat = a.n.turn.Seat // the Trade Row's card, scrapped by the player whose turn it is
			}
			d := a.line(seat, "log.scrap_from", e.Card, "card", e.Card, "zone", zoneMsg(from))
			a.refill(i, d)
			return
		}
		id := "log.acquire"
		cost := 0
		if p, ok := a.prev(i, func(x engine.Event) bool { return x.Kind == engine.EvStat }); ok && p.Stat == "trade" && p.Amount < 0 && p.Source == "" && p.Seat == e.Seat {
			id, cost = "log.buy", -p.Amount
		}
		d := a.line(e.Seat, id, e.Card, "card", e.Card, "cost", cost, "stat", statMsg("trade"))
		a.refill(i, d)
	case to == "trade_row":
		a.add(e.Seat, "log.row_new", e.Card, "card", e.Card)
	case to == "scrap_heap" || to == "explorers":
		a.line(e.Seat, "log.scrap_from", e.Card, "card", e.Card, "zone", zoneMsg(from))
	case to == "library" || to == "deck" && from == "hand":
		// a mulligan's hand, or a card put back by an effect its source's line tells
	case from == "hand" && to == "discard":
		if a.choice {
			a.line(e.Seat, "log.discard", e.Card, "card", e.Card)
		}
	case from == "in_play" && to == "discard", a.gone[e.Card] && (from == "field" || from == "in_play"):
		// a ship's clean-up, or a card whose death or destruction was told
	case from == "hand" && to == "stack":
		a.line(e.Seat, "log.cast", e.Card, "card", e.Card)
	case from == "stack" && to == "field":
		a.line(e.Seat, "log.arrives", e.Card, "card", e.Card)
	case from == "stack":
		a.line(e.Seat, "log.resolves", e.Card, "card", e.Card, "zone", zoneMsg(to))
	case from == "resource_pile" && to == "field":
		a.line(e.Seat, "log.resource", e.Card, "card", e.Card)
	case from == "discard" && to == "deck", from == "deck" && to == "discard", from == "hand" && to == "deck":
		if a.choice {
			a.line(e.Seat, "log.moved", e.Card, "card", e.Card, "from", zoneMsg(from), "to", zoneMsg(to))
		}
	default:
		a.line(e.Seat, "log.moved", e.Card, "card", e.Card, "from", zoneMsg(from), "to", zoneMsg(to))
	}
}

// refill tells with d the card that took the place in the Trade Row of the one d moved.
func (a *action) refill(i int, d *draft) {
	if j, ok := a.next(i, func(x engine.Event) bool { return x.Kind == engine.EvMoved && x.To == "trade_row" }); ok && a.evs[j].Card != "" {
		a.skip[j] = true
		d.id += "_row"
		d.args["new"] = a.evs[j].Card
	}
}

func (a *action) triggered(e engine.Event) {
	if e.Card == "" {
		return
	}
	if d := a.open(e.Card, e.Seat); d != nil {
		if e.Ability != "primary" && e.Ability != "scrap" {
			d.args["ability"] = e.Ability
		}
		return
	}
	if e.Ability == "primary" || e.Ability == "ally" {
		d := a.line(e.Seat, "log.use", e.Card, "card", e.Card, "ability", e.Ability)
		d.attach, d.hasFx = e.Card, true
		return
	}
	d := a.line(e.Seat, "log.trigger", e.Card, "card", e.Card, "ability", e.Ability)
	d.attach, d.hasFx = e.Card, true
}

func (a *action) stat(i int, e engine.Event) {
	if e.Card != "" { // a creature's strength or endurance
		s, en := 0, 0
		if e.Stat == "strength" {
			s = e.Amount
			if j, ok := a.next(i, func(x engine.Event) bool { return x.Kind == engine.EvStat }); ok {
				x := a.evs[j]
				if x.Card == e.Card && x.Number == e.Number && x.Source == e.Source && x.Stat == "endurance" {
					en = x.Amount
					a.skip[j] = true
				}
			}
		} else {
			en = e.Amount
		}
		src := e.Source
		if src == "" {
			src = e.Card
		}
		d := a.line(e.Seat, "log.pt", src, "source", src, "card", e.Card, "s", signed(s), "e", signed(en))
		d.line.Tone = tone(min(s, en))
		return
	}
	if e.Source == "" {
		return // spending Trade or Combat, a pool emptied, the opening life: told elsewhere or not at all
	}
	if d := a.open(e.Source, e.Seat); d != nil {
		d.fx = append(d.fx, fxOf(e))
		setTone(d, tone(e.Amount))
		return
	}
	id := "log.gain"
	if e.Amount < 0 {
		id = "log.lose"
	}
	if tracked(e.Stat) {
		id += "_total"
	}
	d := a.line(e.Seat, id, e.Source, "source", e.Source, "n", abs(e.Amount), "stat", statMsg(e.Stat), "from", e.Total-e.Amount, "to", e.Total)
	d.line.Tone = tone(e.Amount)
}

// tracked reports whether a stat is a total worth showing before and after (a player's life
// or authority) rather than a pool of the turn.
func tracked(stat string) bool { return stat == "authority" || stat == "life" }

func (a *action) damage(i int, e engine.Event) {
	// The stat change it makes, told with it.
	var total *engine.Event
	if j, ok := a.next(i, func(x engine.Event) bool { return x.Kind == engine.EvStat && tracked(x.Stat) && x.Amount == -e.Amount }); ok {
		a.skip[j] = true
		total = &a.evs[j]
	}
	attacker := a.n.turn.Seat
	if p, ok := a.prev(i, func(x engine.Event) bool { return x.Kind == engine.EvStat && x.Stat == "combat" && x.Amount < 0 }); ok {
		attacker = p.Seat
	}
	player := e.Card == "" && a.n.seatNamed(e.Target) == e.Seat
	switch {
	case player && e.Source == "":
		d := a.line(attacker, "log.attack", "combat", "n", e.Amount)
		a.person(d.args, "t", e.Seat)
		a.totals(d, total, e.Seat)
	case player:
		d := a.add(e.Seat, "log.hit", e.Source, "source", e.Source, "n", e.Amount)
		a.person(d.args, "t", e.Seat)
		a.totals(d, total, e.Seat)
	case e.Source == "": // a base attacked
		if j, ok := a.next(i, func(x engine.Event) bool { return x.Kind == engine.EvDestroyed && x.Card == e.Target }); ok {
			a.skip[j] = true
			a.gone[e.Target] = true
			d := a.line(attacker, "log.destroy", e.Target, "card", e.Target, "n", e.Amount)
			a.person(d.args, "t", e.Seat)
			d.line.Tone = Loss
			return
		}
		d := a.line(attacker, "log.attack_card", e.Target, "card", e.Target, "n", e.Amount)
		a.person(d.args, "t", e.Seat)
		d.line.Tone = Loss
	default:
		d := a.add(e.Seat, "log.damage", e.Source, "source", e.Source, "card", e.Target, "n", e.Amount)
		a.person(d.args, "t", e.Seat)
		d.line.Tone = Loss
	}
}

// totals adds to an attack line the target's total before and after.
func (a *action) totals(d *draft, total *engine.Event, seat engine.Seat) {
	d.line.Tone = Loss
	if total == nil {
		d.id += "_plain"
		return
	}
	d.args["stat"] = statMsg(total.Stat)
	d.args["from"], d.args["to"] = total.Total-total.Amount, total.Total
}

// lastKeep reports whether the keep being told is seat's last in an action that reveals the
// keeps of several seats.
func (a *action) lastKeep(seat engine.Seat) bool {
	seats := map[engine.Seat]int{}
	for _, x := range a.evs {
		if x.Kind == engine.EvChose && x.Source == "mulligan" && x.Option == "keep" {
			seats[x.Seat]++
		}
	}
	if len(seats) < 2 {
		return false
	}
	a.keeps[seat]++
	return a.keeps[seat] == seats[seat]
}

func (a *action) chose(e engine.Event) {
	a.choice = true
	opt := e.Option
	switch e.Source {
	case "attack":
		for _, p := range []string{"add attacker ", "attack with "} {
			c, ok := strings.CutPrefix(opt, p)
			if !ok || c == "none" {
				continue
			}
			if c, at, ok := strings.Cut(c, " at "); ok && a.n.seatNamed(at) >= 0 {
				d := a.line(e.Seat, "log.attackers_at", c, "card", c)
				a.person(d.args, "t", a.n.seatNamed(at))
				continue
			}
			a.line(e.Seat, "log.attackers", c, "card", c)
		}
	case "block":
		if strings.HasSuffix(opt, " and another") {
			return
		}
		if rest, ok := strings.CutPrefix(opt, "block "); ok {
			if att, with, ok := strings.Cut(rest, " with "); ok {
				a.line(e.Seat, "log.block", att, "card", att, "with", with)
			}
		}
	case "activate":
		c, _ := strings.CutPrefix(opt, "activate ")
		if c == "hero" {
			a.line(e.Seat, "log.activate_hero", "hero")
			return
		}
		if c != "" {
			a.line(e.Seat, "log.activate", c, "card", c)
		}
	case "mulligan":
		// A keep is told when every player's is revealed together (the action that has the
		// keeps of several seats), once per seat: the last, which counts the mulligans.
		if opt != "keep" || !a.lastKeep(e.Seat) {
			return
		}
		a.line(e.Seat, "log.mulligan", "mulligan", "n", e.Amount)
	case "first":
		if c, ok := strings.CutPrefix(opt, "choose "); ok {
			if s := a.n.seatNamed(c); s >= 0 {
				a.line(s, "log.first", "first_player")
			}
		}
	}
}
