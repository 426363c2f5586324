package realms

import (
	"fmt"
	"slices"

	"starnexus/engine"
)

// Formats this package plays.
var Formats = []string{"standard"}

func (o *Options) normalize() error {
	if o.Format == "" {
		o.Format = "standard"
	}
	if !slices.Contains(Formats, o.Format) {
		return fmt.Errorf("unknown format %q (known: %v)", o.Format, Formats)
	}
	if len(o.Sets) == 0 {
		o.Sets = []string{"core"}
	}
	if len(o.Names) < 2 || len(o.Names) > MaxSeats {
		return fmt.Errorf("format %s needs 2 players, got %d", o.Format, len(o.Names))
	}
	if o.Format == "standard" && len(o.Names) != 2 {
		return fmt.Errorf("format standard is for 2 players, got %d", len(o.Names))
	}
	seen := map[string]bool{}
	for _, n := range o.Names {
		if n == "" {
			return fmt.Errorf("a player has no name")
		}
		for _, r := range n {
			if r == ':' || r == ',' || r == ' ' {
				return fmt.Errorf("player name %q may not contain spaces, ':' or ','", n)
			}
		}
		k := lower(n)
		if seen[k] {
			return fmt.Errorf("two players are named %q", n)
		}
		seen[k] = true
	}
	if o.MaxRounds < 0 {
		return fmt.Errorf("max_rounds must be positive")
	}
	if o.FirstPlayer < 0 || o.FirstPlayer > len(o.Names) {
		return fmt.Errorf("first player %d: there are %d seats", o.FirstPlayer, len(o.Names))
	}
	return nil
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// tradeDeck lists the trade-deck cards of the sets in opts.
func (c *Catalog) tradeDeck(sets []string) ([]CardID, error) {
	var out []CardID
	for _, set := range sets {
		if !slices.Contains(c.Sets, set) {
			return nil, fmt.Errorf("unknown set %q (known: %v)", set, c.Sets)
		}
		for i := range c.Cards {
			card := &c.Cards[i]
			if card.Set == set && card.Deck == TradeDeck {
				for k := 0; k < card.Quantity; k++ {
					out = append(out, CardID(i+1))
				}
			}
		}
	}
	return out, nil
}

// NewGame sets up a game by SR 2: starting decks, the Explorer pile, the shuffled trade deck
// and its Trade Row, a first player drawn from the seed, and the starting hands.
func NewGame(cat *Catalog, opts Options, seed uint64) (*State, error) {
	if err := opts.normalize(); err != nil {
		return nil, err
	}
	s := &State{}
	s.cat, s.opts, s.rng = cat, &opts, engine.NewRNG(seed)
	s.NSeats = uint8(len(opts.Names))
	deck, err := cat.tradeDeck(opts.Sets)
	if err != nil {
		return nil, err
	}
	if len(deck) > maxTrade {
		return nil, fmt.Errorf("the trade deck has %d cards; at most %d fit", len(deck), maxTrade)
	}
	engine.Shuffle(&s.rng, deck)
	s.TradeN = uint8(copy(s.TradeDeck[:], deck))
	s.refillRow()
	s.Explorers = uint8(s.explorerCount())
	first := engine.Seat(opts.FirstPlayer - 1)
	if opts.FirstPlayer == 0 {
		first = engine.Seat(s.rng.Intn(int(s.NSeats)))
	}
	for i := 0; i < int(s.NSeats); i++ {
		s.dealStartingDeck(engine.Seat(i))
	}
	s.Active, s.RoundFirst = first, first
	for k := 0; k < int(s.NSeats); k++ {
		seat := engine.Seat((int(first) + k) % int(s.NSeats))
		s.draw(seat, startingHand(k))
	}
	return s, nil
}

// startingHand is the opening hand of the k-th player in turn order (SR 2.4).
func startingHand(k int) int {
	if k == 0 {
		return 3
	}
	return 5
}

func (s *State) explorerCount() int {
	if s.opts.Explorers > 0 {
		return s.opts.Explorers
	}
	return 10
}

// dealStartingDeck gives seat authority 50 and a shuffled deck of 8 Scouts and 2 Vipers
// (SR 2.1).
func (s *State) dealStartingDeck(seat engine.Seat) {
	p := &s.P[seat]
	*p = player{Authority: 50}
	for i := 0; i < 8; i++ {
		p.Own[i] = s.cat.Scout
	}
	p.Own[8], p.Own[9] = s.cat.Viper, s.cat.Viper
	p.DeckN = 10
	engine.Shuffle(&s.rng, p.Own[:10])
}
