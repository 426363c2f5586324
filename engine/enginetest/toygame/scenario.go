package toygame

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/scenario"
)

// Scenario implements scenario.Adapted: the toy's scenarios name the players, the options
// (target), the seed and who starts (active:), and expect the total, the target, the player
// to move and the winner.
func (g Game) Scenario() scenario.Game { return scenarioAdapter{g: g} }

type scenarioAdapter struct{ g Game }

// Setup implements scenario.Game.
func (a scenarioAdapter) Setup(sc *scenario.Scenario) (engine.State, error) {
	if len(sc.Sets) > 0 || sc.TradeRow != nil || sc.TradeDeck != nil || sc.Explorers != nil || sc.Cards != nil ||
		sc.Phase != "" || sc.Variants != nil || sc.Political {
		return nil, errors.New("the toy race takes only format, options, seed, players' names and active")
	}
	setup := engine.Setup{Format: sc.Format, Options: map[string]string{}, Seed: 1}
	if sc.Seed != nil {
		setup.Seed = *sc.Seed
	}
	for k, v := range sc.Options {
		setup.Options[k] = fmt.Sprint(v)
	}
	for _, p := range sc.Players {
		if p.Authority != nil || p.Hand != nil || p.Deck != nil || p.Discard != nil || p.InPlay != nil || p.Role != "" || p.Team != nil || p.Hero != "" {
			return nil, fmt.Errorf("player %s: the toy race takes only a name", p.Name)
		}
		setup.Names = append(setup.Names, p.Name)
	}
	st, err := a.g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("toy setup: %w", err)
	}
	s := st.(*State)
	if sc.Active != "" {
		seat, ok := seatByName(s, sc.Active)
		if !ok {
			return nil, fmt.Errorf("active: no player named %q", sc.Active)
		}
		s.Active = int(seat)
	}
	return s, nil
}

func seatByName(s *State, name string) (engine.Seat, bool) {
	for i, n := range s.Names {
		if strings.EqualFold(n, name) {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

// Check implements scenario.Game.
func (a scenarioAdapter) Check(st engine.State, key string, want any) (bool, string, string, error) {
	s := st.(*State)
	switch key {
	case "total", "target":
		n, err := scenario.WantInt(want)
		if err != nil {
			return false, "", "", err
		}
		got := s.Total
		if key == "target" {
			got = s.Target
		}
		return got == n, strconv.Itoa(got), strconv.Itoa(n), nil
	case "active", "winner":
		got := "none"
		if key == "active" && !s.Over() {
			got = s.Names[s.Active]
		}
		if key == "winner" && s.Over() {
			got = s.Names[s.Winner]
		}
		w := "none"
		if want != nil {
			w = fmt.Sprint(want)
		}
		return strings.EqualFold(got, w), got, w, nil
	}
	known := []string{"total", "target", "active", "winner"}
	sort.Strings(known)
	return false, "", "", fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(known, ", "))
}

// Same implements scenario.Game.
func (a scenarioAdapter) Same(x, y engine.State) bool { return scenario.SameValue(x, y) }
