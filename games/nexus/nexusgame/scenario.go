package nexusgame

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/scenario"
)

// Scenario implements scenario.Adapted: Stellar Nexus positions, the runner-side conveniences
// of its steps and its expectations (shared/spec/scenario-format.md, game: nexus).
func (g *Game) Scenario() scenario.Game { return scenarioAdapter{Tab: g.tab} }

// scenarioAdapter runs Stellar Nexus scenarios against a card table.
type scenarioAdapter struct {
	Tab *nexus.Table
}

// Setup implements scenario.Game.
func (g scenarioAdapter) Setup(sc *scenario.Scenario) (engine.State, error) {
	if len(sc.Sets) > 0 || sc.TradeRow != nil || sc.TradeDeck != nil || sc.Explorers != nil || sc.Political {
		return nil, fmt.Errorf("sets, trade_row, trade_deck, explorers and political are Star Realms keys")
	}
	tab := g.Tab
	if sc.Cards != nil {
		t, err := nexusTable(sc.Cards)
		if err != nil {
			return nil, err
		}
		tab = t
	}
	pos := nexus.Position{Options: nexus.Options{Format: sc.Format}, Active: sc.Active, Phase: sc.Phase, Seed: 1}
	if sc.Seed != nil {
		pos.Seed = *sc.Seed
	}
	if err := setOptions(&pos.Options, sc); err != nil {
		return nil, err
	}
	for _, p := range sc.Players {
		if p.Authority != nil || p.Deck != nil || p.Discard != nil || p.InPlay != nil || p.Role != "" || p.Faction != "" || p.Sheets != nil {
			return nil, fmt.Errorf("player %s: authority, deck, discard, in_play, role and campaign keys are Star Realms keys (use library, graveyard, field ...)", p.Name)
		}
		ps := nexus.PlayerSetup{Name: p.Name, Hero: p.Hero, Life: p.Life, Hand: p.Hand, Library: p.Library,
			ResourcePile: p.ResourcePile, Graveyard: p.Graveyard, Exile: p.Exile, Reserve: p.Reserve}
		if p.Team != nil {
			ps.Team = *p.Team
		}
		for _, r := range p.Resources {
			ps.Resources = append(ps.Resources, perm(r))
		}
		for _, f := range p.Field {
			ps.Field = append(ps.Field, perm(f))
		}
		pos.Players = append(pos.Players, ps)
	}
	return nexus.NewPosition(tab, pos)
}

// nexusTable compiles the starter set with a scenario's own cards (the cards: key, in the
// card format of SN Part C), which come after it in the catalog.
func nexusTable(list []any) (*nexus.Table, error) {
	data, err := yaml.Marshal(map[string]any{"cards": list})
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	fsys := overlayFS{base: cards.BuiltinData(), name: "scenario-cards.yaml", data: data}
	cat, err := cards.Load(fsys, append(slices.Clone(cards.BuiltinFiles), fsys.name)...)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	return nexus.Compile(cat)
}

// overlayFS adds one file to a file system (read with fs.ReadFile).
type overlayFS struct {
	base fs.FS
	name string
	data []byte
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if name == o.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.ErrUnsupported}
	}
	return o.base.Open(name)
}

func (o overlayFS) ReadFile(name string) ([]byte, error) {
	if name == o.name {
		return slices.Clone(o.data), nil
	}
	return fs.ReadFile(o.base, name)
}

func perm(e scenario.NexusEntry) nexus.Perm {
	return nexus.Perm{Card: e.Card, Atk: e.Atk, Def: e.Def, Tapped: e.Tapped, Arrived: e.Arrived, Markers: e.Markers, Equipment: e.Equipment}
}

// setOptions reads a scenario's variants: (the Part G flags, SN Part G) and options: through
// the one parser of Stellar Nexus options, nexus.SetOption, in name order; the players'
// names come first, for last_loser.
func setOptions(o *nexus.Options, sc *scenario.Scenario) error {
	for _, p := range sc.Players {
		o.Names = append(o.Names, p.Name)
	}
	for _, group := range []struct {
		key  string
		vals map[string]any
	}{{"variants", sc.Variants}, {"options", sc.Options}} {
		keys := make([]string, 0, len(group.vals))
		for k := range group.vals {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := nexus.SetOption(o, k, fmt.Sprint(group.vals[k])); err != nil {
				return fmt.Errorf("%s: %w", group.key, err)
			}
		}
	}
	return nil
}

// Same implements scenario.Game.
func (g scenarioAdapter) Same(a, b engine.State) bool { return scenario.SameValue(a, b) }

// splitInline cuts "cast X on T1, T2 paying R1, R2" into its parts.
func splitInline(text string) (lead string, targets, pays []string) {
	lead = text
	low := strings.ToLower(lead)
	if !strings.HasPrefix(low, "cast ") && !strings.HasPrefix(low, "activate ") {
		return lead, nil, nil
	}
	if i := strings.LastIndex(low, " paying "); i >= 0 {
		pays = splitList(lead[i+len(" paying "):])
		lead = lead[:i]
		low = low[:i]
	}
	if i := strings.Index(low, " on "); i >= 0 {
		targets = splitList(lead[i+len(" on "):])
		lead = lead[:i]
	}
	return strings.TrimSpace(lead), targets, pays
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Do implements scenario.Doer: the runner-side conveniences of scenario-format.md for Stellar Nexus.
func (g scenarioAdapter) Do(st engine.State, steps []scenario.Step, i int) error {
	s := st.(*nexus.State)
	step := steps[i]
	text := strings.TrimSpace(step.Do)
	var next *scenario.Step
	if i+1 < len(steps) && steps[i+1].Expect == nil {
		next = &steps[i+1]
	}
	if strings.EqualFold(text, "concede") {
		// SN 1.4: any player still in the game, at any time (not an engine action).
		if step.By == "" {
			return errors.New("concede: name the player with by")
		}
		seat, ok := s.SeatByName(step.By)
		if !ok {
			return fmt.Errorf("by: no player named %q", step.By)
		}
		return s.Concede(seat)
	}
	if step.Error != "" {
		c := s.Clone().(*nexus.State)
		if err := g.perform(c, step.By, text, next, false); err != nil {
			return err
		}
		*s = *c
		return nil
	}
	if t, ok := cutPrefixFold(text, "pass to "); ok {
		return g.passTo(s, strings.ToLower(strings.TrimSpace(t)))
	}
	return g.perform(s, step.By, text, next, true)
}

func cutPrefixFold(s, p string) (string, bool) {
	if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
		return s[len(p):], true
	}
	return s, false
}

// mover is the seat that must act now.
func mover(s *nexus.State) (engine.Seat, error) {
	m := s.ToMove(nil)
	if len(m) == 0 {
		return 0, errors.New("the game is over: nobody may act")
	}
	return m[0], nil
}

func (g scenarioAdapter) perform(s *nexus.State, by, text string, next *scenario.Step, autopass bool) error {
	lead, targets, pays := splitInline(text)
	var bySeat engine.Seat = -1
	if by != "" {
		b, ok := s.SeatByName(by)
		if !ok {
			return fmt.Errorf("by: no player named %q", by)
		}
		bySeat = b
	}
	if autopass {
		turn := s.TurnNumber()
		for k := 0; k < 1000; k++ {
			m, err := mover(s)
			if err != nil {
				return err
			}
			seat := m
			if bySeat >= 0 {
				seat = bySeat
			}
			if acts, err := s.ParseActions(seat, lead); err == nil && s.Allowed(seat, acts[0]) == "" {
				break
			}
			p := s.PrioritySeat()
			if p < 0 {
				break
			}
			if s.PhaseName() == "end" && s.TurnNumber() == turn {
				// Passing on might end the turn: allowed only while the turn goes on.
				c := s.Clone().(*nexus.State)
				pa, _ := c.ParseAction(p, "pass")
				_ = c.Apply(p, pa)
				if c.TurnNumber() != turn {
					return fmt.Errorf("the turn would end before %q is legal", lead)
				}
			}
			pa, _ := s.ParseAction(p, "pass")
			if err := s.Apply(p, pa); err != nil {
				return err
			}
		}
	}
	movers := s.ToMove(nil)
	if len(movers) == 0 {
		return errors.New("the game is over: nobody may act")
	}
	seat := movers[0]
	if bySeat >= 0 {
		ok := false
		for _, m := range movers {
			ok = ok || m == bySeat
		}
		if !ok {
			return fmt.Errorf("%s may not act now (%s decides)", by, s.SeatName(movers[0]))
		}
		seat = bySeat
	} else if len(movers) > 1 {
		return errors.New("several players may act now; name one with by")
	}
	if err := apply(s, seat, lead); err != nil {
		return err
	}
	for k, t := range targets {
		if s.Decision() != "target" {
			// Taken automatically (one legal answer): it must be the one named.
			got := s.TopTargets()
			if k >= len(got) || !strings.EqualFold(bareName(got[k]), canon(s.Table(), bareName(t))) {
				chosen := "none"
				if k < len(got) {
					chosen = got[k]
				}
				return fmt.Errorf("on %s: not a legal target (the only legal answer was %s)", t, chosen)
			}
			continue
		}
		m, _ := mover(s)
		if err := apply(s, m, "choose "+t); err != nil {
			return fmt.Errorf("on %s: %w", t, err)
		}
	}
	for _, r := range pays {
		if s.Decision() != "pay" {
			break // the rest was tapped automatically: one kind of resource was left
		}
		m, _ := mover(s)
		if err := apply(s, m, "choose "+r); err != nil {
			return fmt.Errorf("paying %s: %w", r, err)
		}
	}
	// Without a paying clause, basic resources are tapped first, unless the next step
	// answers the payment itself.
	if len(pays) == 0 && !(next != nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(next.Do)), "choose ")) {
		for k := 0; k < 40 && s.Decision() == "pay"; k++ {
			t, ok := s.BasicFirstResource()
			if !ok {
				break
			}
			m, _ := mover(s)
			if err := apply(s, m, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// apply applies a step's text: a declaration that names several creatures is several
// actions, applied all or none (nexus.State.ApplyText), so no number of names is too many.
func apply(s *nexus.State, seat engine.Seat, text string) error { return s.ApplyText(seat, text) }

var nexusSteps = []string{"beginning", "attackers", "blockers", "agility", "confrontation", "end_of_combat"}

func (g scenarioAdapter) atPhase(s *nexus.State, want string) bool {
	for _, st := range nexusSteps {
		if want == st {
			return s.StepName() == want
		}
	}
	return s.PhaseName() == want
}

// passTo gives the passive answer for every seat until the phase or combat step is reached,
// in this turn or the next.
func (g scenarioAdapter) passTo(s *nexus.State, want string) error {
	known := append([]string{"upkeep", "main1", "combat", "main2", "end"}, nexusSteps...)
	ok := false
	for _, k := range known {
		ok = ok || k == want
	}
	if !ok {
		return fmt.Errorf("pass to %q: one of %s", want, strings.Join(known, ", "))
	}
	turn := s.TurnNumber()
	left := !g.atPhase(s, want) // the next time the phase begins: leave it first if in it
	for k := 0; k < 10000; k++ {
		at := g.atPhase(s, want)
		if at && left {
			return nil
		}
		left = left || !at
		if s.Over() {
			return fmt.Errorf("pass to %s: the game ended first", want)
		}
		if s.TurnNumber() > turn+1 {
			return fmt.Errorf("pass to %s: not reached in this turn or the next", want)
		}
		m, err := mover(s)
		if err != nil {
			return err
		}
		var txt string
		switch s.Decision() {
		case "priority":
			txt = "pass"
		case "attack":
			txt = "attack with none"
		case "block":
			txt = "done"
		default:
			return fmt.Errorf("pass to %s: %s must answer a %s decision first", want, s.SeatName(m), s.Decision())
		}
		if err := apply(s, m, txt); err != nil {
			return err
		}
	}
	return fmt.Errorf("pass to %s: not reached", want)
}

// Check implements scenario.Game.
func (g scenarioAdapter) Check(es engine.State, key string, want any) (bool, string, string, error) {
	s := es.(*nexus.State)
	who, field, perPlayer := strings.Cut(key, ".")
	if !perPlayer {
		return g.checkGame(s, key, want)
	}
	seat, ok := s.SeatByName(who)
	if !ok {
		return false, "", "", fmt.Errorf("no player named %q", who)
	}
	if rest, ok := strings.CutPrefix(field, "sees."); ok {
		return g.checkSeen(s, seat, rest, want)
	}
	switch field {
	case "life", "resources_untapped", "hand_count", "library_count", "resource_pile_count", "graveyard_count":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		var got int
		switch field {
		case "life":
			got = s.Life(seat)
		case "resources_untapped":
			got = s.UntappedResources(seat)
		case "hand_count":
			got = len(s.Zone(seat, "hand"))
		case "library_count":
			got = len(s.Zone(seat, "library"))
		case "resource_pile_count":
			got = len(s.Zone(seat, "resource_pile"))
		case "graveyard_count":
			got = len(s.Zone(seat, "graveyard"))
		}
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "hand", "graveyard", "exile", "tapped", "resources", "equipment":
		var got []string
		switch field {
		case "tapped":
			got = s.Permanents(seat, true)
		case "resources":
			got = s.Resources(seat)
		case "equipment":
			got = s.Equipment(seat)
		default:
			got = s.Zone(seat, field)
		}
		return multiset(s.Table(), want, got)
	case "reserve":
		return multiset(s.Table(), want, s.ReserveOf(seat))
	case "reserve_count":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		got := len(s.ReserveOf(seat))
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "hero":
		// What the table knows: the hero's name once revealed (10.7), hidden before.
		got := "hidden"
		if s.HeroRevealed(seat) {
			got = s.HeroName(seat)
		}
		w := canon(s.Table(), fmt.Sprint(want))
		return strings.EqualFold(got, w), got, w, nil
	case "field":
		return g.fieldMatch(want, s.Field(seat))
	case "lost":
		b, ok := want.(bool)
		if !ok {
			return false, "", "", fmt.Errorf("want true or false, got %v", want)
		}
		return s.Lost(seat) == b, strconv.FormatBool(s.Lost(seat)), strconv.FormatBool(b), nil
	}
	return false, "", "", fmt.Errorf("unknown expectation %q (life, hand, graveyard, exile, field, tapped, resources, equipment, resources_untapped, hand_count, library_count, resource_pile_count, graveyard_count, lost, hero, reserve, reserve_count, sees.PLAYER.FIELD)", field)
}

// checkSeen reads "Q.sees.P.FIELD": what Q's view (the JSON a client of Q gets) shows of P.
// A count the view hides, or a hero or reserve it leaves out, is "hidden".
func (g scenarioAdapter) checkSeen(s *nexus.State, viewer engine.Seat, key string, want any) (bool, string, string, error) {
	p, field, err := scenario.SeenPlayer(key, s.SeatByName)
	if err != nil {
		return false, "", "", err
	}
	data, err := s.View(viewer).MarshalJSON()
	if err != nil {
		return false, "", "", err
	}
	var v struct {
		Players []map[string]any `json:"players"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return false, "", "", err
	}
	pl := v.Players[p]
	var got string
	switch field {
	case "hand_count", "library_count", "resource_pile_count", "reserve_count":
		got = "hidden"
		if n, ok := pl[field].(float64); ok && n >= 0 {
			got = strconv.Itoa(int(n))
		}
	case "hero":
		got = "hidden"
		if h, ok := pl["hero"].(string); ok && h != "" {
			got = h
		}
	case "reserve", "hand", "blocking":
		got = "hidden"
		if l, ok := pl[field].([]any); ok {
			names := make([]string, len(l))
			for i, x := range l {
				names[i] = fmt.Sprint(x)
			}
			sort.Strings(names)
			got = "[" + strings.Join(names, ", ") + "]"
		}
		if field == "blocking" {
			// The blocks the view shows of P's creatures (a free-for-all hides another
			// player's until all have confirmed, SN 1.6): "Blocker blocking Attacker".
			var names []string
			perms, _ := pl["field"].([]any)
			for _, x := range perms {
				if c, ok := x.(map[string]any); ok && c["blocking"] != nil {
					name := fmt.Sprint(c["name"])
					if t, ok := c["text"].(string); ok {
						name = nameOfText(t) // "Rivet Sentry #2" when a twin is public
					}
					names = append(names, name+" blocking "+fmt.Sprint(c["blocking"]))
				}
			}
			sort.Strings(names)
			got = "[" + strings.Join(names, ", ") + "]"
		}
		if l, err := wantStrings(want); err == nil && l != nil {
			for i, x := range l {
				l[i] = canon(s.Table(), x)
			}
			sort.Strings(l)
			w := "[" + strings.Join(l, ", ") + "]"
			if !numbered(w) && got != "hidden" {
				// Without numbers in the expectation, compare the names sorted without theirs.
				gl := strings.Split(strings.Trim(stripNums(got), "[]"), ", ")
				sort.Strings(gl)
				return strings.EqualFold("["+strings.Join(gl, ", ")+"]", w), got, w, nil
			}
			return sameName(w, got), got, w, nil
		}
	default:
		return false, "", "", fmt.Errorf("sees: unknown field %q (hand_count, library_count, resource_pile_count, reserve_count, hero, reserve, hand, blocking)", field)
	}
	w := fmt.Sprint(want)
	if field == "hero" {
		w = canon(s.Table(), w)
	}
	return strings.EqualFold(got, w), got, w, nil
}

func wantStrings(want any) ([]string, error) {
	if want == nil {
		return nil, nil
	}
	l, ok := want.([]any)
	if !ok {
		return nil, fmt.Errorf("want a list, got %v", want)
	}
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = strings.TrimSpace(fmt.Sprint(x))
	}
	return out, nil
}

func multiset(tab *nexus.Table, want any, got []string) (bool, string, string, error) {
	w, err := wantStrings(want)
	if err != nil {
		return false, "", "", err
	}
	for i, n := range w {
		if _, err := tab.Lookup(stripNums(n)); err != nil {
			return false, "", "", err
		}
		w[i] = canon(tab, n)
	}
	used := make([]bool, len(got))
	ok := len(w) == len(got)
	// Numbered names first: a bare name matches any number of its card, "Name #N" only that one.
	for pass := 0; pass < 2 && ok; pass++ {
		for _, x := range w {
			if numbered(x) != (pass == 0) {
				continue
			}
			found := false
			for i, y := range got {
				if !used[i] && sameName(x, y) {
					used[i], found = true, true
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
	}
	return ok, "[" + strings.Join(got, ", ") + "]", "[" + strings.Join(w, ", ") + "]", nil
}

// canon is a card name as a scenario writes it, in any language and with or without its
// public number ("Titan de Magma #2"), as the engine shows it ("Magma Titan #2"); a creature
// text ("Titan de Magma 5/5 (5,5)") has its name rewritten. Text that names no card is left
// as it is.
func canon(tab *nexus.Table, t string) string {
	t = strings.TrimSpace(t)
	name, rest := t, ""
	if strings.HasSuffix(t, ")") {
		name = nameOfText(t)
		rest = t[len(name):]
	}
	num := ""
	if loc := objNum.FindStringIndex(name); loc != nil && loc[1] == len(name) {
		name, num = name[:loc[0]], name[loc[0]:]
	}
	if d, ok := tab.Find(name); ok {
		return tab.Name(d) + num + rest
	}
	return t
}

// objNum is the public number an object name or text carries: "Ironclad Brute #2".
var objNum = regexp.MustCompile(` #[0-9]+`)

// stripNums drops the public numbers from a name or a text.
func stripNums(t string) string { return objNum.ReplaceAllString(t, "") }

// numbered reports whether an expected name or text names an object by its number.
func numbered(t string) bool { return objNum.MatchString(t) }

// sameName compares an expected name with a shown one: a bare expected name matches the shown
// name with or without its number (the engine writes numbers only when twins are public).
func sameName(want, got string) bool {
	if !numbered(want) {
		got = stripNums(got)
	}
	return strings.EqualFold(strings.TrimSpace(want), strings.TrimSpace(got))
}

// fieldMatch compares creatures as a multiset; a bare name matches any stats.
func (g scenarioAdapter) fieldMatch(want any, got []string) (bool, string, string, error) {
	w, err := wantStrings(want)
	if err != nil {
		return false, "", "", err
	}
	used := make([]bool, len(got))
	for i, x := range w {
		w[i] = canon(g.Tab, x)
	}
	ok := len(w) == len(got)
	// Full texts first, then bare names; numbered ones before those without a number.
	for pass := 0; pass < 4 && ok; pass++ {
		for _, x := range w {
			full := strings.Contains(x, "(")
			if full != (pass < 2) || numbered(x) != (pass%2 == 0) {
				continue
			}
			found := false
			for i, y := range got {
				if used[i] {
					continue
				}
				yy := y
				if !numbered(x) {
					yy = stripNums(y)
				}
				if (full && normSpace(x) == normSpace(yy)) || (!full && strings.EqualFold(nameOfText(yy), x)) {
					used[i], found = true, true
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
	}
	return ok, "[" + strings.Join(got, ", ") + "]", "[" + strings.Join(w, ", ") + "]", nil
}

func normSpace(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.ReplaceAll(strings.ReplaceAll(s, ", ", ","), "( ", "(")
}

// nameOfText strips " S/E (atk,def)" from a creature text.
func nameOfText(t string) string {
	i := strings.LastIndex(t, " (")
	if i < 0 {
		return t
	}
	j := strings.LastIndex(t[:i], " ")
	if j < 0 {
		return t
	}
	return t[:j]
}

func (g scenarioAdapter) checkGame(s *nexus.State, key string, want any) (bool, string, string, error) {
	switch key {
	case "stack":
		w, err := wantStrings(want)
		if err != nil {
			return false, "", "", err
		}
		got := s.StackNames()
		for i, x := range w {
			w[i] = canon(s.Table(), x)
		}
		return sameName(strings.Join(w, "|"), strings.Join(got, "|")), "[" + strings.Join(got, ", ") + "]", "[" + strings.Join(w, ", ") + "] (top first)", nil
	case "phase":
		w := strings.ToLower(fmt.Sprint(want))
		got := s.PhaseName()
		if st := s.StepName(); st != "" {
			got += " (" + st + ")"
		}
		return g.atPhase(s, w), got, w, nil
	case "active":
		got := s.SeatName(s.ActiveSeat())
		return strings.EqualFold(got, fmt.Sprint(want)), got, fmt.Sprint(want), nil
	case "priority":
		got := "none"
		if p := s.PrioritySeat(); p >= 0 {
			got = s.SeatName(p)
		}
		return strings.EqualFold(got, fmt.Sprint(want)), got, fmt.Sprint(want), nil
	case "winner":
		if n, err := scenario.WantInt(want); err == nil && s.Format() == "allied" {
			got := "none"
			if w := s.Winners(); len(w) > 0 {
				got = strconv.Itoa(s.TeamOf(w[0]))
			}
			return got == strconv.Itoa(n), "team " + got, "team " + strconv.Itoa(n), nil
		}
		got := "none"
		if w := s.Winners(); len(w) > 0 {
			names := make([]string, len(w))
			for i, x := range w {
				names[i] = s.SeatName(x)
			}
			got = strings.Join(names, ", ")
		}
		wt := fmt.Sprint(want)
		ok := strings.EqualFold(got, wt)
		if !ok && s.Over() {
			for _, x := range s.Winners() {
				ok = ok || strings.EqualFold(s.SeatName(x), wt)
			}
		}
		return ok, got, wt, nil
	case "legal", "not_legal":
		w, err := wantStrings(want)
		if err != nil {
			return false, "", "", err
		}
		m, err := mover(s)
		if err != nil {
			return key == "not_legal", "game over", strings.Join(w, ", "), nil
		}
		var bad []string
		for _, t := range w {
			lead, _, _ := splitInline(t)
			legal := s.Clone().(*nexus.State).ApplyText(m, lead) == nil
			if legal != (key == "legal") {
				bad = append(bad, t)
			}
		}
		var all []string
		for _, a := range s.Legal(m, nil) {
			all = append(all, s.ActionText(m, a))
		}
		return len(bad) == 0, "legal for " + s.SeatName(m) + ": [" + strings.Join(all, "; ") + "]", key + ": " + strings.Join(bad, ", "), nil
	}
	return false, "", "", fmt.Errorf("unknown expectation %q (stack, phase, active, priority, winner, legal, not_legal, or PLAYER.field)", key)
}

// bareName drops a "Bob:" or "stack:" qualifier.
func bareName(t string) string {
	if _, n, ok := strings.Cut(t, ":"); ok {
		return strings.TrimSpace(n)
	}
	return strings.TrimSpace(t)
}
