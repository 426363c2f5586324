package realmsgame

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/scenario"
)

// Scenario implements scenario.Adapted: Star Realms positions and expectations of scenario
// files (shared/spec/scenario-format.md, docs/scenarios.md).
func (g *Game) Scenario() scenario.Game { return scenarioAdapter{Cat: g.cat} }

// scenarioAdapter runs Star Realms scenarios against a card catalog.
type scenarioAdapter struct {
	Cat *realms.Catalog
}

// Setup implements scenario.Game.
func (g scenarioAdapter) Setup(sc *scenario.Scenario) (engine.State, error) {
	if sc.Phase != "" || sc.Variants != nil {
		return nil, fmt.Errorf("phase and variants are Stellar Nexus keys")
	}
	pos := realms.Position{Options: realms.Options{Format: sc.Format, Sets: sc.Sets}, Seed: 1,
		TradeRow: sc.TradeRow, TradeDeck: sc.TradeDeck, Explorers: sc.Explorers, Active: sc.Active}
	if sc.Seed != nil {
		pos.Seed = *sc.Seed
	}
	keys := make([]string, 0, len(sc.Options))
	for k := range sc.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := realms.SetOption(&pos.Options, k, fmt.Sprint(sc.Options[k])); err != nil {
			return nil, err
		}
	}
	for _, p := range sc.Players {
		pos.Players = append(pos.Players, realms.PlayerSetup{Name: p.Name, Authority: p.Authority,
			Hand: p.Hand, Deck: p.Deck, Discard: p.Discard, InPlay: p.InPlay, Team: p.Team, Role: p.Role})
	}
	camp, err := campaignOf(sc)
	if err != nil {
		return nil, err
	}
	pos.Options.Campaign = camp
	cat := g.Cat
	if sc.Cards != nil {
		data, err := yaml.Marshal(map[string]any{"set": "scenario", "cards": sc.Cards})
		if err != nil {
			return nil, fmt.Errorf("cards: %w", err)
		}
		if cat, err = cat.WithCards("cards", data); err != nil {
			return nil, err
		}
	}
	return realms.NewPosition(cat, pos)
}

// campaignOf reads the campaign keys of a scenario's players (SR 8): nil when none is given.
func campaignOf(sc *scenario.Scenario) (*realms.Campaign, error) {
	has := sc.Political
	for _, p := range sc.Players {
		has = has || p.Faction != "" || p.Sheets != nil || p.UsedRows != nil || p.CurrentSheet != "" || p.TurnStart != ""
	}
	if !has {
		return nil, nil
	}
	camp := &realms.Campaign{Political: sc.Political}
	for _, p := range sc.Players {
		cs := realms.CampaignSeat{Current: p.CurrentSheet, TurnStart: p.TurnStart}
		if p.Faction != "" {
			f, ok := realms.FactionByName(p.Faction)
			if !ok {
				return nil, fmt.Errorf("%s.faction: unknown faction %q", p.Name, p.Faction)
			}
			cs.Faction = f
		} else if p.Sheets != nil {
			return nil, fmt.Errorf("%s: a player with sheets needs a faction (SR 8.4)", p.Name)
		} else {
			cs.Faction = realms.StarEmpire // no sheets: the faction never shows
		}
		for _, sh := range p.Sheets {
			sheet := realms.StickerSheet{Name: sh.Name}
			for _, r := range sh.Rows {
				sheet.Rows = append(sheet.Rows, realms.StickerRow{Costs: r.Costs, Ship: r.Ship, Base: r.Base})
			}
			cs.Sheets = append(cs.Sheets, sheet)
		}
		for _, u := range p.UsedRows {
			ref, err := rowRef(u)
			if err != nil {
				return nil, fmt.Errorf("%s.used_rows: %w", p.Name, err)
			}
			cs.Used = append(cs.Used, ref)
		}
		camp.Seats = append(camp.Seats, cs)
	}
	return camp, nil
}

// rowRef reads "Empire 1/3".
func rowRef(t string) (realms.RowRef, error) {
	i := strings.LastIndex(t, "/")
	if i < 0 {
		return realms.RowRef{}, fmt.Errorf("%q: write SHEET/ROW, as in \"Empire 1/3\"", t)
	}
	n, err := strconv.Atoi(strings.TrimSpace(t[i+1:]))
	if err != nil || n < 1 {
		return realms.RowRef{}, fmt.Errorf("%q: %q is not a row number", t, t[i+1:])
	}
	return realms.RowRef{Sheet: strings.TrimSpace(t[:i]), Row: n}, nil
}

// Same implements scenario.Game.
func (g scenarioAdapter) Same(a, b engine.State) bool { return scenario.SameValue(a, b) }

// Check implements scenario.Game.
func (g scenarioAdapter) Check(es engine.State, key string, want any) (bool, string, string, error) {
	s := es.(*realms.State)
	g.Cat = s.Catalog() // the game's own: scenario cards and upgraded copies
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
	case "authority", "trade", "combat", "hand_count", "deck_count", "discard_count":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		var got int
		switch field {
		case "authority":
			got = s.Authority(seat)
		case "trade":
			got = s.Trade(seat)
		case "combat":
			got = s.Combat(seat)
		case "hand_count":
			got = len(s.Cards(seat, realms.InHand))
		case "deck_count":
			got = len(s.Cards(seat, realms.InDeck))
		case "discard_count":
			got = len(s.Cards(seat, realms.InDiscard))
		}
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "hand", "discard", "in_play", "bases":
		return g.multiset(want, s.Cards(seat, field))
	case "deck_top", "discard_top":
		names, err := g.wantCards(want)
		if err != nil {
			return false, "", "", err
		}
		var pile []realms.CardID
		if field == "deck_top" {
			pile = s.Cards(seat, realms.InDeck)
		} else {
			// The discard pile's top is the card put there last (its cards are face up);
			// Cards lists it top first.
			pile = s.Cards(seat, realms.InDiscard)
		}
		got := g.names(pile[:min(len(pile), len(names))])
		return strings.Join(got, ", ") == strings.Join(names, ", "), "[" + strings.Join(g.names(pile), ", ") + "]", "[" + strings.Join(names, ", ") + "] on top", nil
	case "rows_used":
		want, ok := scenario.ToStrings(want)
		if !ok {
			return false, "", "", fmt.Errorf("want a list of rows, as in [\"Empire 1/3\"]")
		}
		var got []string
		for _, r := range s.RowsUsedBy(seat) {
			got = append(got, fmt.Sprintf("%s/%d", r.Sheet, r.Row))
		}
		sort.Strings(got)
		sort.Strings(want)
		gs, ws := "["+strings.Join(got, ", ")+"]", "["+strings.Join(want, ", ")+"]"
		return strings.EqualFold(gs, ws), gs, ws, nil
	case "defeated":
		b, ok := want.(bool)
		if !ok {
			return false, "", "", fmt.Errorf("want true or false, got %v", want)
		}
		got := s.Defeated(seat)
		return got == b, strconv.FormatBool(got), strconv.FormatBool(b), nil
	case "base_damage":
		m, ok := want.(map[string]any)
		if !ok && want != nil {
			return false, "", "", fmt.Errorf("want a map of base name to damage")
		}
		got := s.BaseDamage(seat)
		wantMap := map[realms.CardID]int{}
		for name, v := range m {
			c, err := g.Cat.Lookup(name)
			if err != nil {
				return false, "", "", err
			}
			n, err := scenario.WantInt(v)
			if err != nil {
				return false, "", "", err
			}
			if n != 0 {
				wantMap[c] = n
			}
		}
		return fmt.Sprint(g.damage(got)) == fmt.Sprint(g.damage(wantMap)), g.damage(got), g.damage(wantMap), nil
	}
	return false, "", "", fmt.Errorf("unknown player field %q (known: authority, trade, combat, hand, discard, in_play, bases, hand_count, deck_count, discard_count, deck_top, discard_top, defeated, base_damage, rows_used, sees.PLAYER.FIELD)", field)
}

// checkSeen reads "Q.sees.P.FIELD": what Q's view (the one a client of Q receives) shows of
// P. FIELD is hand (a list, or hidden when Q may not see it: SR 11.1, 10.4, 10.6),
// hand_count or deck_count.
func (g scenarioAdapter) checkSeen(s *realms.State, viewer engine.Seat, key string, want any) (bool, string, string, error) {
	p, field, err := scenario.SeenPlayer(key, s.SeatByName)
	if err != nil {
		return false, "", "", err
	}
	v := s.RealmsView(viewer)
	switch field {
	case "hand_count", "deck_count":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		got := v.HandCount(p)
		if field == "deck_count" {
			got = v.DeckCount(p)
		}
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "hand":
		got := "hidden"
		if v.CanSeeHand(p) {
			names := g.names(v.Hand(p))
			sort.Strings(names)
			got = "[" + strings.Join(names, ", ") + "]"
		}
		if w := fmt.Sprint(want); strings.EqualFold(w, "hidden") {
			return got == "hidden", got, "hidden", nil
		}
		names, err := g.wantCards(want)
		if err != nil {
			return false, "", "", fmt.Errorf("sees: want a list of card names or hidden: %w", err)
		}
		sort.Strings(names)
		w := "[" + strings.Join(names, ", ") + "]"
		return got == w, got, w, nil
	}
	return false, "", "", fmt.Errorf("sees: unknown field %q (hand, hand_count, deck_count)", field)
}

func (g scenarioAdapter) checkGame(s *realms.State, key string, want any) (bool, string, string, error) {
	switch key {
	case "trade_row":
		return g.multiset(want, s.TradeRowCards())
	case "scrap_heap":
		return g.multiset(want, s.ScrapHeapCards())
	case "trade_deck_count", "explorers":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		got := s.TradeDeckCount()
		if key == "explorers" {
			got = s.ExplorerCount()
		}
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "active":
		name := fmt.Sprint(want)
		got := s.SeatName(s.Active)
		if w, ok := s.SeatByName(name); ok && s.TeamOf(w) > 0 && s.FormatName() == "hydra" && s.TeamOf(w) == s.TeamOf(s.Active) {
			return true, got, name, nil
		}
		return strings.EqualFold(got, name), got, name, nil
	case "winner":
		w := s.Winners()
		got := "none"
		if len(w) > 0 {
			var n []string
			for _, seat := range w {
				n = append(n, s.SeatName(seat))
			}
			got = strings.Join(n, ", ")
		}
		name := fmt.Sprint(want)
		if want == nil {
			name = "none"
		}
		if team, err := scenario.WantInt(want); err == nil && len(w) > 0 {
			// A team number: every winner is of that team.
			ok := true
			for _, seat := range w {
				ok = ok && s.TeamOf(seat) == team
			}
			return ok, got, fmt.Sprintf("team %d", team), nil
		}
		if seat, ok := s.SeatByName(name); ok && s.TeamOf(seat) > 0 {
			// In a team format a player's name stands for that player's team.
			for _, x := range w {
				if x == seat {
					return true, got, name, nil
				}
			}
		}
		return strings.EqualFold(got, name), got, name, nil
	case "upgrades":
		want, ok := scenario.ToStrings(want)
		if !ok {
			return false, "", "", fmt.Errorf("want a list of upgraded copies in the order made, as in [\"Cutter (Empire 1/3)\"]")
		}
		var got []string
		for _, u := range s.UpgradesMade() {
			got = append(got, realms.UpgradedName(u.Card, u.Row))
		}
		gs, ws := "["+strings.Join(got, ", ")+"]", "["+strings.Join(want, ", ")+"]"
		return strings.EqualFold(gs, ws), gs, ws, nil
	case "legal", "not_legal":
		texts, ok := scenario.ToStrings(want)
		if !ok {
			return false, "", "", fmt.Errorf("want a list of action texts")
		}
		movers := s.ToMove(nil)
		var legal []engine.Action
		for _, m := range movers {
			legal = s.Legal(m, legal)
		}
		var wrong []string
		for _, t := range texts {
			found := false
			for _, m := range movers {
				a, err := s.ParseAction(m, t)
				if err != nil {
					if key == "legal" {
						return false, "", "", err
					}
					continue
				}
				for _, l := range legal {
					if l == a {
						found = true
					}
				}
			}
			if found != (key == "legal") {
				wrong = append(wrong, t)
			}
		}
		var all []string
		for _, a := range legal {
			all = append(all, s.ActionText(movers[0], a))
		}
		verb := "legal"
		if key == "not_legal" {
			verb = "not legal"
		}
		return len(wrong) == 0, fmt.Sprintf("%q not %s; legal: [%s]", wrong, verb, strings.Join(all, ", ")), fmt.Sprintf("%q %s", texts, verb), nil
	}
	return false, "", "", fmt.Errorf("unknown key %q (known: trade_row, scrap_heap, trade_deck_count, explorers, active, winner, legal, not_legal, upgrades, or PLAYER.FIELD)", key)
}

func (g scenarioAdapter) damage(m map[realms.CardID]int) string {
	var parts []string
	for c, n := range m {
		parts = append(parts, fmt.Sprintf("%s: %d", g.Cat.Card(c).Name, n))
	}
	sort.Strings(parts)
	return "{" + strings.Join(parts, ", ") + "}"
}

func (g scenarioAdapter) names(ids []realms.CardID) []string {
	out := make([]string, len(ids))
	for i, c := range ids {
		out[i] = g.Cat.Card(c).Name
	}
	return out
}

// wantCards resolves the card names of an expectation to their English names.
func (g scenarioAdapter) wantCards(want any) ([]string, error) {
	if want == nil {
		return nil, nil
	}
	list, ok := scenario.ToStrings(want)
	if !ok {
		return nil, fmt.Errorf("want a list of card names, got %v", want)
	}
	out := make([]string, len(list))
	for i, n := range list {
		c, err := g.Cat.Lookup(n)
		if err != nil {
			return nil, err
		}
		out[i] = g.Cat.Card(c).Name
	}
	return out, nil
}

// multiset compares card lists regardless of order.
func (g scenarioAdapter) multiset(want any, got []realms.CardID) (bool, string, string, error) {
	w, err := g.wantCards(want)
	if err != nil {
		return false, "", "", err
	}
	gn := g.names(got)
	sort.Strings(w)
	sort.Strings(gn)
	ws, gs := "["+strings.Join(w, ", ")+"]", "["+strings.Join(gn, ", ")+"]"
	return ws == gs, gs, ws, nil
}
