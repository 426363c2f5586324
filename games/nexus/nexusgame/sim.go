package nexusgame

import (
	"maps"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
)

// What sim asks of Stellar Nexus (sim.StatsGame, sim.DeckGame): the cards cast, life round by
// round, and the decks the seats bring.

// SimStats implements sim.StatsGame.
func (g *Game) SimStats() (score, acquired string) { return "life", "cast" }

// NewTracker implements sim.StatsGame.
func (g *Game) NewTracker(st engine.State) interface {
	Before(seat engine.Seat, a engine.Action) string
	Rounds() int
	Score(seat engine.Seat) int
} {
	return tracker{st.(*nexus.State)}
}

type tracker struct{ s *nexus.State }

// Before reports the card a cast action casts, without its number ("Ion Drake #2").
func (t tracker) Before(seat engine.Seat, a engine.Action) string {
	name, ok := strings.CutPrefix(t.s.ActionText(seat, a), "cast ")
	if !ok {
		return ""
	}
	if i := strings.LastIndex(name, " #"); i > 0 {
		name = name[:i]
	}
	return name
}

// Rounds counts the rounds of turns completed: turn 1 is the first.
func (t tracker) Rounds() int { return max(0, int(t.s.Turn)-1) / int(t.s.N) }

// Score is the seat's life; before the heroes are revealed, the life its hero will start with.
func (t tracker) Score(seat engine.Seat) int {
	if t.s.TurnNumber() == 0 {
		return t.s.StartingLife(seat)
	}
	return t.s.Life(seat)
}

// ShippedDecks implements sim.DeckGame.
func (g *Game) ShippedDecks() []string { return decks.Names() }

// WithDecks implements sim.DeckGame: the names go to the decks option, the texts to
// Setup.Decks.
func (g *Game) WithDecks(s engine.Setup, names, texts []string) engine.Setup {
	s.Options = maps.Clone(s.Options)
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	list := make([]string, len(names))
	s.Decks = nil
	for i, n := range names {
		list[i] = n
		if i < len(texts) && texts[i] != "" {
			list[i] = CustomDeck
			if s.Decks == nil {
				s.Decks = make([]string, len(names))
			}
			s.Decks[i] = texts[i]
		}
	}
	s.Options["decks"] = strings.Join(list, ",")
	return s
}

// DeckHero implements sim.DeckGame: the deck's hero.
func (g *Game) DeckHero(name, text string) (string, error) {
	var d *cards.Deck
	var err error
	if text != "" {
		d, err = g.ParseDeck([]byte(text))
	} else {
		d, err = decks.Load(name)
	}
	if err != nil {
		return "", err
	}
	return d.Hero, nil
}
