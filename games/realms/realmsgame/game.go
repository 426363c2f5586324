// Package realmsgame is Star Realms as an engine.Game: its formats (SR 10) and options, its
// card sets, its bots, and what the tools above the engine ask of a game (card data, the
// terminal presenter, the scenario adapter, sim's statistics).
package realmsgame

import (
	"fmt"
	"slices"
	"strings"

	"starnexus/engine"
	"starnexus/games/realms"
)

// Game is Star Realms with one card catalog. It is read-only once made: games share it.
type Game struct {
	cat *realms.Catalog
}

// New makes the game with the embedded card catalog (Core Set and Colony Wars).
func New() (*Game, error) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		return nil, fmt.Errorf("star realms cards: %w", err)
	}
	return &Game{cat: cat}, nil
}

// WithCatalog makes the game with a catalog of the caller's.
func WithCatalog(cat *realms.Catalog) *Game { return &Game{cat: cat} }

// Catalog is the game's card catalog.
func (g *Game) Catalog() *realms.Catalog { return g.cat }

// Name implements engine.Game.
func (g *Game) Name() string { return "realms" }

// Title implements engine.Game.
func (g *Game) Title() string { return "Star Realms" }

// formatList is the rulebooks' formats (SR 10), with a sentence each for a lobby.
func formatList() []struct {
	name, title, about string
	teams              bool
	roles              []string
} {
	return []struct {
		name, title, about string
		teams              bool
		roles              []string
	}{
		{"standard", "Two players", "One against one: bring the other player's Authority to 0.", false, nil},
		{"ffa", "Free-for-all", "Everyone for themselves; you may attack any opponent, and the last one standing wins.", false, nil},
		{"hunter", "Hunter", "You may attack only the player to your left; the last one standing wins.", false, nil},
		{"hunter-first-blood", "Hunter First Blood", "Hunter, but the game ends when the first player falls: the one who defeated them wins.", false, nil},
		{"hydra", "Hydra", "Two teams, each playing its turn together with shared Trade, Combat and Authority.", true, nil},
		{"emperor", "Emperor", "Two teams of three: an Emperor with an Admiral on each side; defeat the other Emperor.", true, []string{"emperor", "admiral"}},
		{"raid", "Raid", "The Elites team up against one Boss, who starts with more Authority and a bigger hand.", true, []string{"boss", "elite"}},
	}
}

// Formats implements engine.Game.
func (g *Game) Formats() []engine.Format {
	var out []engine.Format
	for _, f := range formatList() {
		lo, hi, _ := realms.FormatSeats(f.name)
		out = append(out, engine.Format{Name: f.name, Title: f.title, About: f.about, MinSeats: lo, MaxSeats: hi,
			Teams: f.teams, Roles: slices.Clone(f.roles)})
	}
	return out
}

// Options implements engine.Game.
func (g *Game) Options() []engine.OptionInfo {
	return []engine.OptionInfo{
		{Name: "max_rounds", Values: "1-1000", Default: "100", About: "The game is a draw after so many rounds (SR 9.5)."},
		{Name: "explorers", Values: "0-200", Default: "10", About: "Cards in the Explorer pile (SR 1.6)."},
		{Name: "first_player", Values: "a seat number from 1", Default: "drawn from the seed", About: "Who starts (SR 2.4)."},
		{Name: "team_hands_visible", Values: "true|false", Default: "false", About: "Hydra: teammates see each other's hands (SR 10.4)."},
		{Name: "pass_adjacent_only", Values: "true|false", Default: "false", About: "Emperor: pass cards only to a teammate seated next to you (SR 10.5)."},
		{Name: "discard_at_turn_start", Values: "true|false", Default: "false", About: "\"Target opponent discards\" waits for the start of that player's turn (SR 4.13)."},
	}
}

// Prepare implements engine.Game.
func (g *Game) Prepare(s engine.Setup) (engine.Setup, error) {
	_, err := g.prepare(&s, true)
	return s, err
}

// New implements engine.Game.
func (g *Game) New(s engine.Setup) (engine.State, error) {
	opts, err := g.prepare(&s, false)
	if err != nil {
		return nil, err
	}
	return realms.NewGame(g.cat, opts, s.Seed)
}

// prepare completes s in place and parses it into the engine's options: the one parser of
// Star Realms options. With check it also sets the game up once, so that every refusal of
// New (seat counts, names, sets) is Prepare's too.
func (g *Game) prepare(s *engine.Setup, check bool) (realms.Options, error) {
	if slices.ContainsFunc(s.Decks, func(d string) bool { return d != "" }) {
		return realms.Options{}, fmt.Errorf("a game of Star Realms takes no deck files: every player starts with the same deck (SR 1.4)")
	}
	s.Decks = nil
	if s.Format == "" {
		s.Format = "standard"
	}
	if len(s.Sets) == 0 {
		s.Sets = []string{"core"}
	}
	s.Names = slices.Clone(s.Names)
	for i := range s.Names {
		if s.Names[i] == "" {
			s.Names[i] = fmt.Sprintf("P%d", i+1)
		}
	}
	opts := realms.Options{Format: s.Format, Sets: slices.Clone(s.Sets), Names: s.Names}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := map[string]string{}
	for _, k := range keys {
		v := strings.TrimSpace(s.Options[k])
		if err := realms.SetOption(&opts, k, v); err != nil {
			return realms.Options{}, err
		}
		out[k] = v
	}
	if len(out) == 0 {
		out = nil
	}
	s.Options = out
	if check {
		if _, err := realms.NewGame(g.cat, opts, s.Seed); err != nil {
			return realms.Options{}, err
		}
	}
	return opts, nil
}

// Bots implements engine.Game: greedy, and velocity (the strong rollout policy).
func (g *Game) Bots() engine.BotKit {
	greedy := func() engine.Bot { return realms.Greedy{} }
	velocity := func() engine.Bot { return realms.Velocity{} }
	return engine.BotKit{
		Heuristics: []engine.NamedBot{{Name: "greedy", New: greedy}, {Name: "velocity", New: velocity}},
		Light:      greedy, Strong: velocity,
	}
}

// CardNames implements engine.Game: every card's name, its French and Spanish names and its
// aliases.
func (g *Game) CardNames() []string {
	var names []string
	if g.cat != nil {
		for _, c := range g.cat.Cards {
			names = append(names, c.Name)
			for _, l := range realms.NameLangs() {
				if n, ok := c.Names[l]; ok && n != c.Name {
					names = append(names, n)
				}
			}
			names = append(names, c.Aliases...)
		}
	}
	return names
}
