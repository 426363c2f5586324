// Package nexusgame is Stellar Nexus as an engine.Game: its formats and options, its decks
// (shipped or brought as deck files), its bots, and what the tools above the engine ask of a
// game (card data, the terminal presenter, the scenario adapter, sim's statistics).
package nexusgame

import (
	"fmt"
	"slices"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
)

// Game is Stellar Nexus. It is read-only once made: games share it.
type Game struct {
	tab *nexus.Table
}

// New makes the game with the built-in starter set.
func New() (*Game, error) {
	tab, err := nexus.Builtin()
	if err != nil {
		return nil, fmt.Errorf("stellar nexus cards: %w", err)
	}
	return &Game{tab: tab}, nil
}

// WithTable makes the game with a card table of the caller's (a scenario's extra cards).
func WithTable(tab *nexus.Table) *Game { return &Game{tab: tab} }

// Table is the game's compiled card table.
func (g *Game) Table() *nexus.Table { return g.tab }

// Name implements engine.Game.
func (g *Game) Name() string { return "nexus" }

// Title implements engine.Game.
func (g *Game) Title() string { return "Stellar Nexus" }

// Formats implements engine.Game: SN 1.6.
func (g *Game) Formats() []engine.Format {
	return []engine.Format{
		{Name: "duel", Title: "Duel", About: "Two players, each with a hero and a deck; bring the other hero to 0 life.", MinSeats: 2, MaxSeats: 2},
		{Name: "ffa", Title: "Free-for-all", About: "Three or four players, each for themselves; blocks are declared by every defender at once.", MinSeats: 3, MaxSeats: nexus.MaxSeats},
		{Name: "allied", Title: "Allied", About: "Two teams of two, seated alternately; allies see each other's hands.", MinSeats: 4, MaxSeats: 4, Teams: true},
	}
}

// Options implements engine.Game.
func (g *Game) Options() []engine.OptionInfo {
	return []engine.OptionInfo{
		{Name: "decks", Values: "one shipped deck per seat, comma-separated (" + strings.Join(decks.Names(), ", ") + ")", Default: "the shipped decks in turn", About: "What each seat plays; a seat that brings a deck file plays that instead."},
		{Name: "reserves", Values: "true|false", Default: "false", About: "Each seat brings its deck's reserve and the game opens with the secret swaps (SN 2.5, 10.1)."},
		{Name: "max_turns", Values: "1-10000", Default: "200", About: "The game is a draw after so many turns."},
		{Name: "last_loser", Values: "a seat number from 1 or a seat's name", About: "Who lost the players' last game: that seat chooses who starts (SN 10.7)."},
		{Name: "attack_refresh", Values: "upkeep|every_step", Default: "upkeep", About: "Variant V1 (SN Part G)."},
		{Name: "modifier_expiry", Values: "cap_only|symmetric", Default: "cap_only", About: "Variant V2 (SN Part G)."},
		{Name: "alteration_unblocks", Values: "true|false", Default: "true", About: "Variant V3 (SN Part G)."},
		{Name: "passive_triggers", Values: "immediate|stack", Default: "immediate", About: "Variant V4 (SN Part G)."},
		{Name: "retain_priority", Values: "false|true", Default: "false", About: "Variant V5 (SN Part G)."},
		{Name: "instant_duration", Values: "phase|turn", Default: "phase", About: "Variant V6 (SN Part G)."},
	}
}

// CustomDeck is what options["decks"] says for a seat that brought a deck file.
const CustomDeck = "custom"

// Prepare implements engine.Game: the format from the number of seats when it is not given,
// one deck per seat (the shipped decks in turn when none is named; CustomDeck for a seat that
// brings a deck file, which must pass the same checks as `deck check`), every option parsed.
func (g *Game) Prepare(s engine.Setup) (engine.Setup, error) {
	_, _, err := g.prepare(&s)
	return s, err
}

// New implements engine.Game.
func (g *Game) New(s engine.Setup) (engine.State, error) {
	opts, ds, err := g.prepare(&s)
	if err != nil {
		return nil, err
	}
	return nexus.NewGame(g.tab, opts, ds, s.Seed)
}

// prepare completes s in place and returns the engine's options and decks.
func (g *Game) prepare(s *engine.Setup) (nexus.Options, []nexus.Deck, error) {
	n := len(s.Names)
	if n < 2 || n > nexus.MaxSeats {
		return nexus.Options{}, nil, fmt.Errorf("a game of Stellar Nexus has 2 to %d players, not %d", nexus.MaxSeats, n)
	}
	if len(s.Sets) > 0 {
		return nexus.Options{}, nil, fmt.Errorf("a game of Stellar Nexus has no card sets to choose (leave sets out)")
	}
	if s.Format == "" || s.Format == "standard" {
		s.Format = "duel"
		if n > 2 {
			s.Format = "ffa"
		}
	}
	if _, err := engine.FormatOf(g, s.Format); err != nil {
		return nexus.Options{}, nil, err
	}
	s.Names = slices.Clone(s.Names)
	for i := range s.Names {
		if s.Names[i] == "" {
			s.Names[i] = fmt.Sprintf("P%d", i+1)
		}
	}
	if len(s.Decks) > n {
		return nexus.Options{}, nil, fmt.Errorf("%d deck files for %d seats", len(s.Decks), n)
	}
	opts := nexus.Options{Format: s.Format, Names: s.Names}
	out := map[string]string{}
	reserves := false
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := strings.TrimSpace(s.Options[k])
		switch k {
		case "decks":
			continue
		case "reserves":
			switch strings.ToLower(v) {
			case "true":
				reserves = true
			case "false":
			default:
				return nexus.Options{}, nil, fmt.Errorf("option reserves: %q is not true or false", engine.Clip(v, 64))
			}
		default:
			if err := nexus.SetOption(&opts, k, v); err != nil {
				return nexus.Options{}, nil, err
			}
		}
		out[k] = strings.ToLower(v)
	}
	names := splitDecks(s.Option("decks", ""))
	if len(names) == 0 {
		shipped := decks.Names()
		for i := 0; i < n; i++ {
			names = append(names, shipped[i%len(shipped)])
		}
	}
	if len(names) != n {
		return nexus.Options{}, nil, fmt.Errorf("option decks: %d deck(s) for %d seats (one per seat, in seat order, from %s)", len(names), n, strings.Join(decks.Names(), ", "))
	}
	ds := make([]nexus.Deck, n)
	for i := range names {
		var d *cards.Deck
		var err error
		if i < len(s.Decks) && s.Decks[i] != "" {
			names[i] = CustomDeck
			d, err = g.ParseDeck([]byte(s.Decks[i]))
		} else if names[i] == CustomDeck {
			err = fmt.Errorf("no deck file given")
		} else {
			d, err = decks.Load(names[i])
		}
		if err != nil {
			return nexus.Options{}, nil, fmt.Errorf("seat %d (%s): %w", i+1, s.Names[i], err)
		}
		if reserves {
			ds[i] = nexus.FromDeckWithReserve(d)
		} else {
			ds[i] = nexus.FromDeck(d)
		}
	}
	out["decks"] = strings.Join(names, ",")
	s.Options = out
	return opts, ds, nil
}

// ParseDeck reads a deck file and checks it as `deck check` does: the error holds every
// violation, one per line.
func (g *Game) ParseDeck(text []byte) (*cards.Deck, error) {
	d, err := cards.ParseDeck(text)
	if err != nil {
		return nil, err
	}
	if _, vs := g.tab.Catalog().Resolve(d); len(vs) > 0 {
		msgs := make([]string, len(vs))
		for i, v := range vs {
			msgs[i] = v.String()
		}
		return nil, fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	return d, nil
}

func splitDecks(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.ToLower(strings.TrimSpace(n)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Bots implements engine.Game: the heuristic bots, and the search levels with their own
// budgets (levels): capped rollouts scored by nexus.Evaluator, and nexus.Shortcut to play the
// decisions with one sensible option without searching.
func (g *Game) Bots() engine.BotKit {
	greedy := func() engine.Bot { return nexus.NewGreedy() }
	tactician := func() engine.Bot { return nexus.NewTactician() }
	// The tactician is the rollout policy and prior of hard and expert; easy and medium roll
	// out with greedy, the cheaper and weaker policy (docs/ai.md, "Stellar Nexus search levels").
	return engine.BotKit{Heuristics: []engine.NamedBot{{Name: "greedy", New: greedy}, {Name: "tactician", New: tactician}},
		Light: greedy, Strong: tactician, RolloutCap: rolloutCap, Evaluate: nexus.Evaluator{},
		Levels:   levels(),
		Shortcut: func() engine.Shortcut { return nexus.NewShortcut() }}
}

// rolloutCap is how many actions a Stellar Nexus rollout plays before nexus.Evaluator scores
// it: about three turns of greedy play. Whole duels take 3-8 ms each, which made even the
// 200-iteration levels think for more than a second per decision.
const rolloutCap = 60

// levels returns the Stellar Nexus search levels (docs/ai.md, "Stellar Nexus search levels"):
// budgets set so that, on one core, hard thinks at most 400 ms a decision on average and
// expert at most 1.5 s (measured: about 130 ms and 1.1 s). An iteration of Stellar Nexus
// costs several times one of Star Realms (a rollout of 60 actions of a richer game), so the
// budgets are smaller.
func levels() []engine.LevelSettings {
	return []engine.LevelSettings{
		{Name: "easy", Iterations: 10, Epsilon: 0.1},
		{Name: "medium", Iterations: 100, Epsilon: 0.1},
		{Name: "hard", Iterations: 1200, Strong: true, Prior: 1, Epsilon: 0.1, Reuse: true},
		{Name: "expert", Iterations: 4000, Strong: true, Prior: 1, Epsilon: 0.1, Reuse: true},
	}
}

// CardNames implements engine.Game: every card's name in every language.
func (g *Game) CardNames() []string {
	var names []string
	if g.tab != nil {
		for _, c := range g.tab.Catalog().All() {
			names = append(names, c.Name)
			for _, l := range cards.NameLangs() {
				if n, ok := c.Names[l]; ok && n != c.Name {
					names = append(names, n)
				}
			}
		}
	}
	return names
}
