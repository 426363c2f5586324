package server

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
	"starnexus/games/nexus/nexusgame"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
	"starnexus/store"
)

// The games the server plays. Everything else in the server goes through engine.State; this
// file alone knows how each game is set up from a store.Game (game, format, sets, options,
// seat names, seed) and what a create request may leave out.

// gameNames lists the games the server plays, the default first.
func gameNames() []string { return []string{"realms", "nexus"} }

// knownGame reports whether the server plays game.
func knownGame(game string) bool {
	for _, g := range gameNames() {
		if g == game {
			return true
		}
	}
	return false
}

// newState sets up the game m describes, before any action.
func (s *Server) newState(m *store.Game) (engine.State, error) {
	switch m.Game {
	case "realms":
		if isCampaignGame(m) {
			return s.newCampaignGame(m)
		}
		return newRealms(s.cat, m)
	case "nexus":
		return newNexus(s.nexus, m)
	}
	return nil, fmt.Errorf("game %q is not playable here (known: %s)", m.Game, strings.Join(gameNames(), ", "))
}

func newRealms(cat *realms.Catalog, m *store.Game) (*realms.State, error) {
	opts := realms.Options{Format: m.Format, Sets: m.Sets, Names: seatNames(m)}
	for _, k := range sortedKeys(m.Options) {
		if err := realms.SetOption(&opts, k, m.Options[k]); err != nil {
			return nil, err
		}
	}
	return realms.NewGame(cat, opts, m.Seed)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// nexusOptionHelp lists the Stellar Nexus game options a request may set, as strings: the
// decks, the turn limit, and the Part G variants with the values that change the rules.
var nexusOptionHelp = "decks, max_turns, attack_refresh, modifier_expiry, alteration_unblocks, retain_priority, instant_duration"

// newNexus sets up a Stellar Nexus game: options["decks"] names one shipped deck per seat.
func newNexus(tab *nexus.Table, m *store.Game) (*nexus.State, error) {
	if tab == nil {
		return nil, fmt.Errorf("game \"nexus\": no Stellar Nexus card table")
	}
	if len(m.Sets) > 0 {
		return nil, fmt.Errorf("game \"nexus\" has no card sets to choose (leave sets out)")
	}
	opts := nexus.Options{Format: m.Format, Names: seatNames(m)}
	for _, k := range sortedKeys(m.Options) {
		if err := setNexusOption(&opts, k, m.Options[k]); err != nil {
			return nil, fmt.Errorf("option %s: %w", k, err)
		}
	}
	names := deckList(m.Options["decks"])
	if len(names) != len(m.Seats) {
		return nil, fmt.Errorf("option decks: %d deck(s) for %d seats (one per seat, in seat order, from %s)", len(names), len(m.Seats), strings.Join(decks.Names(), ", "))
	}
	ds := make([]nexus.Deck, len(names))
	for i, n := range names {
		d, err := decks.Load(n)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		ds[i] = nexus.FromDeck(d)
	}
	return nexus.NewGame(tab, opts, ds, m.Seed)
}

func deckList(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.ToLower(strings.TrimSpace(n)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// setNexusOption sets one option (the names and values of the scenario files' variants).
func setNexusOption(o *nexus.Options, k, v string) error {
	v = strings.ToLower(strings.TrimSpace(v))
	pick := func(dst *bool, off, on string) error {
		switch v {
		case off:
			*dst = false
		case on:
			*dst = true
		default:
			return fmt.Errorf("%q is not %s or %s", v, off, on)
		}
		return nil
	}
	switch k {
	case "decks":
		return nil // read by newNexus
	case "max_turns":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			return fmt.Errorf("%q is not a number of turns from 1 to 10000", v)
		}
		o.MaxTurns = n
		return nil
	case "attack_refresh":
		return pick(&o.AttackRefresh, "upkeep", "every_step")
	case "modifier_expiry":
		return pick(&o.SymmetricExpiry, "cap_only", "symmetric")
	case "alteration_unblocks":
		return pick(&o.NoAlterationUnbind, "true", "false")
	case "retain_priority":
		return pick(&o.RetainPriority, "false", "true")
	case "instant_duration":
		return pick(&o.InstantTurn, "phase", "turn")
	}
	if c := engine.Closest(k, strings.Split(nexusOptionHelp, ", "), 1); len(c) > 0 {
		return fmt.Errorf("unknown Stellar Nexus option (did you mean %s?)", c[0])
	}
	return fmt.Errorf("unknown Stellar Nexus option (known: %s)", nexusOptionHelp)
}

// completeNexus fills what a nexus create request left out: the format from the number of
// seats, and options["decks"] from the seats' own deck fields or, for a seat that names none,
// the shipped decks in order. "random" picks a shipped deck with crypto/rand. The stored
// options then name every seat's deck, so the log replays the game.
func completeNexus(m *store.Game, seatDecks []string) error {
	if m.Format == "" {
		m.Format = "duel"
		if len(m.Seats) > 2 {
			m.Format = "ffa"
		}
	}
	given := deckList(m.Options["decks"])
	named := false
	for _, d := range seatDecks {
		named = named || strings.TrimSpace(d) != ""
	}
	if len(given) > 0 && named {
		return fmt.Errorf("name the decks either in options.decks or in the seats' deck fields, not both")
	}
	if len(given) == 0 {
		for i := range m.Seats {
			d := ""
			if i < len(seatDecks) {
				d = strings.ToLower(strings.TrimSpace(seatDecks[i]))
			}
			if d == "" {
				d = decks.Names()[i%len(decks.Names())]
			}
			given = append(given, d)
		}
	}
	for i, d := range given {
		if d == "random" {
			given[i] = decks.Names()[int(randomSeed()%uint64(len(decks.Names())))]
		}
	}
	if m.Options == nil {
		m.Options = map[string]string{}
	}
	m.Options["decks"] = strings.Join(given, ",")
	return nil
}

// newBot makes the bot of a seat of game.
func newBot(game, name string) (engine.Bot, error) { return bots.New(transitionalGame(game), name) }

// transitionalGame is the engine.Game of a game's name for the bots, until the server takes
// a registry. The bots read no card data.
func transitionalGame(name string) engine.Game {
	if name == "nexus" {
		return nexusgame.WithTable(nil)
	}
	return realmsgame.WithCatalog(nil)
}

// botNames lists the bots a seat of game may name.
func botNames(game string) []string { return bots.Names(transitionalGame(game)) }

// nonNil makes a missing list of sets (Stellar Nexus has none to choose) an empty one in JSON.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// logHider is a State whose log holds entries some seats may not see yet (Stellar Nexus:
// every player's opening-hand decisions until all have kept, SN 10.6; a free-for-all's block
// declarations until every attacked player has confirmed, SN 1.6). It says which, from the
// State and the log: entry(i) is the seat and text of the i-th of the n entries.
type logHider interface {
	HiddenEntries(viewer engine.Seat, n int, entry func(i int) (engine.Seat, string)) []bool
}

// hiddenEntries says, for each entry of a game's log, whether viewer may not see it now; nil
// when it may see them all. Not only the texts are hidden but their number, which would tell
// the secret (how many mulligans, whether a player changed its blocks): the seq a view
// carries counts only the entries its seat sees, and so do the pushes and /metrics.
func hiddenEntries(st engine.State, log []store.Action, viewer engine.Seat) []bool {
	lh, ok := st.(logHider)
	if !ok {
		return nil
	}
	return lh.HiddenEntries(viewer, len(log), func(i int) (engine.Seat, string) {
		return engine.Seat(log[i].Seat), log[i].Text
	})
}
