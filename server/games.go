package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/store"
)

// The games the server plays come from Config.Games, an engine.Registry: the server knows a
// game only through engine.Game (and the small optional interfaces below), sets it up from a
// store.Game with the game's own Prepare and New, and names none.

// gameOf is the registered game a stored game plays, or the registry's error.
func (s *Server) gameOf(name string) (engine.Game, error) { return s.reg.Get(name) }

// setupOf is the engine.Setup that m stores.
func setupOf(m *store.Game) engine.Setup {
	return engine.Setup{Format: m.Format, Sets: m.Sets, Options: m.Options, Names: seatNames(m), Seed: m.Seed, Decks: m.Decks}
}

// newState sets up the game m describes, before any action: through an extension that owns
// it (a campaign's game), or the registered game's New.
func (s *Server) newState(m *store.Game) (engine.State, error) {
	if x := s.extensionOf(m); x != nil {
		return x.NewState(s.ctx, s.host, m)
	}
	g, err := s.gameOf(m.Game)
	if err != nil {
		return nil, err
	}
	return g.New(setupOf(m))
}

// prepare completes a new game's setup with its game's Prepare (the defaults, every option
// checked and written in its canonical form), and writes it back into m.
func prepare(g engine.Game, m *store.Game) error {
	s, err := g.Prepare(setupOf(m))
	if err != nil {
		return err
	}
	m.Format, m.Sets, m.Options, m.Decks = s.Format, s.Sets, s.Options, s.Decks
	return nil
}

// newBot makes the bot of a seat of game.
func (s *Server) newBot(game, name string) (engine.Bot, error) {
	g, err := s.gameOf(game)
	if err != nil {
		return nil, err
	}
	return bots.New(g, name)
}

// botNames lists the bots a seat of game may name (nil for an unknown game).
func (s *Server) botNames(game string) []string {
	g, err := s.gameOf(game)
	if err != nil {
		return nil
	}
	return bots.Names(g)
}

// DeckInfo is a shipped deck a seat may name: its name, its title and hero in English, and
// its title and hero's name by language ("en", "fr", "es").
type DeckInfo = struct {
	Name, Title, Hero string
	Titles, Heroes    map[string]string
}

// DeckLister is a game whose seats each play a deck (Stellar Nexus): its option "decks" names
// one per seat, comma-separated, from Decks (the order in which seats that name none are
// dealt them). A create request's seats may then name their deck ("deck", or "random") or
// bring a deck file ("deck_file"). A game without it takes neither.
type DeckLister interface {
	Decks() ([]DeckInfo, error)
}

// seatDecks writes what a create request's seats say of their decks into m: the names into
// the option "decks" (so that the stored options name every seat's deck and the log replays
// the game), the deck files into m.Decks (the game's Prepare checks them). A seat that names
// none gets the shipped decks in turn; "random" picks a shipped deck with crypto/rand.
// named[i] and files[i] are seat i's deck name and deck file ("" for none).
func seatDecks(g engine.Game, m *store.Game, named, files []string) error {
	m.Decks = nil
	for i, f := range files {
		if f == "" {
			continue
		}
		if strings.TrimSpace(named[i]) != "" {
			return fmt.Errorf("seat %d: name a deck or bring a deck file, not both", i+1)
		}
		m.Decks = files
	}
	var list []DeckInfo
	if dl, ok := g.(DeckLister); ok {
		var err error
		if list, err = dl.Decks(); err != nil {
			return err
		}
	}
	given := deckList(m.Options["decks"])
	for i, n := range named {
		if strings.TrimSpace(n) == "" {
			continue
		}
		if len(list) == 0 {
			return fmt.Errorf("seat %d: a game of %s has no decks to choose", i+1, g.Title())
		}
		if len(given) > 0 {
			return fmt.Errorf("name the decks either in options.decks or in the seats' deck fields, not both")
		}
	}
	if len(list) == 0 {
		return nil
	}
	if len(given) == 0 {
		for i := range m.Seats {
			d := strings.ToLower(strings.TrimSpace(named[i]))
			if d == "" {
				d = list[i%len(list)].Name
			}
			given = append(given, d)
		}
	}
	for i, d := range given {
		if d == "random" {
			given[i] = list[int(randomSeed()%uint64(len(list)))].Name
		}
	}
	if m.Options == nil {
		m.Options = map[string]string{}
	}
	m.Options["decks"] = strings.Join(given, ",")
	return nil
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

// gameInfo is what the server learns once of each registered game: its cards' JSON, whether
// its View carries the game's name and format, and whether its log hides entries from some
// seats for a while (logHider), which the game list must know without holding a State.
type gameInfo struct {
	cards      []byte
	viewGame   bool
	viewFormat bool
	hidesLog   bool
}

// learnGames fills s.info from a State of each registered game set up with its defaults (its
// first format's fewest seats); a game that cannot start so is taken to hide log entries and
// to leave its View without game and format.
func (s *Server) learnGames() error {
	s.info = map[string]gameInfo{}
	for _, g := range s.reg.Games() {
		var in gameInfo
		c, err := json.Marshal(map[string]any{"game": g.Name(), "cards": g.Cards()})
		if err != nil {
			return fmt.Errorf("%s: cards: %w", g.Name(), err)
		}
		in.cards = c
		in.hidesLog = true
		if fs := g.Formats(); len(fs) > 0 {
			names := make([]string, max(fs[0].MinSeats, 1))
			st, err := g.New(engine.Setup{Format: fs[0].Name, Names: names})
			if err == nil {
				_, in.hidesLog = st.(logHider)
				if b, err := st.View(engine.Spectator).MarshalJSON(); err == nil {
					in.viewGame, in.viewFormat = hasKey(b, "game"), hasKey(b, "format")
				}
			}
		}
		s.info[g.Name()] = in
	}
	return nil
}

// hasKey says whether the JSON object b has the top-level key k.
func hasKey(b []byte, k string) bool {
	var m map[string]json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(b)).Decode(&m); err != nil {
		return false
	}
	_, ok := m[k]
	return ok
}

// unknownGame is the 400 of a request that names no registered game.
func unknownGame(err error) error { return errf(http.StatusBadRequest, "%v", err) }

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
