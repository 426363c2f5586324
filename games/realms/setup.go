package realms

import (
	"fmt"
	"slices"
	"strings"

	"starnexus/engine"
)

func (o *Options) normalize() error {
	if o.Format == "" {
		o.Format = "standard"
	}
	f, ok := formatCode(o.Format)
	if !ok {
		return fmt.Errorf("unknown format %q (known: %s)", o.Format, strings.Join(Formats, ", "))
	}
	if len(o.Sets) == 0 {
		o.Sets = []string{"core"}
	}
	if err := checkSeats(f, len(o.Names)); err != nil {
		return err
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
	if o.MaxRounds < 0 || o.MaxRounds > maxRoundsLimit {
		return fmt.Errorf("max_rounds %d: it must be from 1 to %d", o.MaxRounds, maxRoundsLimit)
	}
	if o.Explorers < 0 || o.Explorers > 200 {
		return fmt.Errorf("explorers %d: the Explorer pile holds 0 to 200 cards", o.Explorers)
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
			return nil, fmt.Errorf("unknown set %q (known: %s)", set, strings.Join(c.Sets, ", "))
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

// NewGame sets up a game by SR 2 and the format's rules (SR 10): starting decks, the Explorer
// pile, the shuffled trade deck and its Trade Row, a first player (drawn from the seed where
// the format leaves it open), authority and the starting hands.
func NewGame(cat *Catalog, opts Options, seed uint64) (*State, error) {
	if err := opts.normalize(); err != nil {
		return nil, err
	}
	s := newState(len(opts.Names))
	s.cat, s.opts, s.rng = cat, &opts, engine.NewRNG(seed)
	s.Fmt, _ = formatCode(opts.Format)
	s.assignTeams()
	if err := s.setupCampaign(); err != nil {
		return nil, err
	}
	deck, err := cat.tradeDeck(opts.Sets)
	if err != nil {
		return nil, err
	}
	if len(deck) > maxTrade {
		return nil, fmt.Errorf("the trade deck has %d cards; at most %d fit", len(deck), maxTrade)
	}
	if err := s.upgradedTradeDeck(deck); err != nil {
		return nil, err
	}
	engine.Shuffle(&s.rng, deck)
	s.TradeN = uint8(copy(s.TradeDeck[:], deck))
	s.refillRow()
	s.Explorers = uint8(s.explorerCount())
	first := s.firstSeat()
	for i := 0; i < int(s.NSeats); i++ {
		if err := s.dealStartingDeck(engine.Seat(i)); err != nil {
			return nil, err
		}
	}
	s.start(first)
	for i := 0; i < int(s.NSeats); i++ {
		s.draw(engine.Seat(i), s.startingHand(engine.Seat(i)))
	}
	if err := s.campaignSeats(); err != nil {
		return nil, err
	}
	s.finishSetup()
	// Without a campaign, a game of at most 255 cards (most games: 110 in a two-player Core
	// Set game) can break none of checkSetup's limits, and is spared its counting.
	if s.opts.Campaign != nil || len(deck)+10*int(s.NSeats)+int(s.Explorers) > maxCopies {
		if err := s.checkSetup(); err != nil {
			return nil, err
		}
	}
	s.turnStart()
	return s, nil
}

// checkSetup refuses a game whose setup would let a count pass its type during play
// (docs/decisions.md, "Fixed capacities (Star Realms)"): more than maxCopies copies of one
// card, more than 255 cards that could have one faction, a starting Authority past
// poolLimit, or a campaign that could need more CardIDs than a byte holds.
func (s *State) checkSetup() error {
	if err := s.checkCopies(); err != nil {
		return err
	}
	for i := 0; i < int(s.NSeats); i++ {
		if a := s.P[i].Authority; a > poolLimit || a < -poolLimit {
			return fmt.Errorf("%s: authority %d is out of range", s.SeatName(engine.Seat(i)), a)
		}
	}
	// Played counts the cards of a faction played in one turn in a byte: at most the cards
	// that have the faction, counting the faction stickers unused rows could still add (SR
	// 8.4).
	var faction [numFactions]int
	add := func(f Faction, n int) {
		for i := range faction {
			if f&(1<<i) != 0 {
				faction[i] += n
			}
		}
	}
	for id, n := range s.CardCounts() {
		add(s.cat.info[id].Faction, n)
	}
	b := s.cat.book
	free := 0
	if b != nil {
		for r := range b.rows {
			if !s.rowUsed(r) {
				free++
				add(b.rows[r].Faction, 1)
			}
		}
	}
	for i, n := range faction {
		if n > 0xff {
			return fmt.Errorf("%d cards could be %s cards in this game; at most 255", n, factionNames[i])
		}
	}
	// Each upgrade made during the game uses a row no other upgrade used (SR 8.5) and adds at
	// most one design: the ids needed are bounded by the rows still unused.
	if n := s.cat.NumIDs() + free; b != nil && n > 255 {
		return fmt.Errorf("campaign: %d card designs and %d unused sticker rows could need %d card ids; a game has 255", s.cat.NumIDs(), free, n)
	}
	return nil
}

// upgradedTradeDeck puts the campaign's upgraded copies in the trade deck, each in place of
// a plain copy of its card (SR 8.9).
func (s *State) upgradedTradeDeck(deck []CardID) error {
	camp := s.opts.Campaign
	if camp == nil {
		return nil
	}
	for _, u := range camp.Upgraded {
		base, err := s.cat.Lookup(u.Card)
		if err != nil {
			return fmt.Errorf("campaign: upgraded card: %w", err)
		}
		r, ok := s.cat.book.row(RowRef{Sheet: u.Sheet, Row: u.Row})
		if !ok {
			return fmt.Errorf("campaign: upgraded %s: no sticker row %s/%d", u.Card, u.Sheet, u.Row)
		}
		fac := u.Faction
		if fac == 0 {
			fac = s.cat.book.rows[r].Faction
		}
		card := s.cat.Card(base)
		if s.cat.book.rows[r].Ability[card.Kind] == nil && s.cat.book.rows[r].Text[card.Kind] == "" {
			return fmt.Errorf("campaign: upgraded %s: row %s/%d has no %s sticker", u.Card, u.Sheet, u.Row, card.Kind)
		}
		id, err := s.upgradedID(base, r, fac)
		if err != nil {
			return fmt.Errorf("campaign: %w", err)
		}
		k := slices.Index(deck, base)
		if k < 0 {
			return fmt.Errorf("campaign: upgraded %s: no plain copy of it left in the trade deck of sets %s", UpgradedName(u.Card, RowRef{u.Sheet, u.Row}), strings.Join(s.opts.Sets, ", "))
		}
		deck[k] = id
	}
	return nil
}

// campaignSeats applies the campaign scenario's hooks to the seats once the hands are drawn:
// starting authority and extra cards in the hand or in play. (The starting deck and its
// extra cards are dealt by dealStartingDeck, before the hands are drawn.)
func (s *State) campaignSeats() error {
	camp := s.opts.Campaign
	if camp == nil {
		return nil
	}
	for i, cs := range camp.Seats {
		seat := engine.Seat(i)
		who := s.SeatName(seat)
		if cs.Authority < 0 {
			return fmt.Errorf("campaign: %s: authority %d", who, cs.Authority)
		}
		if cs.Authority > poolLimit {
			return fmt.Errorf("campaign: %s: authority %d is out of range", who, cs.Authority)
		}
		if cs.Authority > 0 {
			s.P[s.holder(seat)].Authority = int32(cs.Authority)
		}
		for _, zone := range []struct {
			name  string
			cards []string
		}{{"hand", cs.Hand}, {"in_play", cs.InPlay}} {
			for _, n := range zone.cards {
				c, err := s.lookupCard(n)
				if err != nil {
					return fmt.Errorf("campaign: %s.%s: %w", who, zone.name, err)
				}
				if zone.name == "hand" {
					s.toHand(seat, c)
				} else {
					s.toPlay(seat, inPlay{Card: c})
				}
			}
		}
	}
	return nil
}

// finishSetup ends a campaign game's setup: the rows used before are marked, and the
// upgraded copies added from now on are the game's upgrades.
func (s *State) finishSetup() {
	s.setupDone = true
	b := s.cat.book
	if b == nil {
		return
	}
	for r := range b.rows {
		if b.rows[r].Before {
			s.RowsUsed[r/64] |= 1 << (r % 64)
		}
	}
	s.UpgStart = uint8(len(s.cat.ext))
}

// firstSeat is who starts: fixed in Emperor and Raid, the option if set, else drawn from the
// seed; in Hydra the first seat of the team drawn.
func (s *State) firstSeat() engine.Seat {
	switch {
	case s.Fmt == fmtRaid:
		for i := 0; i < int(s.NSeats); i++ {
			if s.Role[i] == roleBoss {
				return engine.Seat(i)
			}
		}
		return 0
	case s.Fmt == fmtEmperor:
		return 0
	case s.opts.FirstPlayer > 0:
		return engine.Seat(s.opts.FirstPlayer - 1)
	case s.Fmt == fmtHydra:
		// The first seat of the team drawn (SR 10.4): a scenario may seat teams otherwise
		// than in halves (SR 9.4).
		t := int8(s.rng.Intn(2))
		for i := 0; i < int(s.NSeats); i++ {
			if s.Team[i] == t {
				return engine.Seat(i)
			}
		}
	}
	return engine.Seat(s.rng.Intn(int(s.NSeats)))
}

// start sets the first turn and the starting authority of every seat (SR 2.1, 10).
func (s *State) start(first engine.Seat) {
	s.Active, s.RoundFirst = first, first
	n := int(s.NSeats)
	for i := 0; i < n; i++ {
		seat := engine.Seat(i)
		a := 50
		switch {
		case s.Fmt == fmtHydra && s.holder(seat) == seat:
			a = 75
			if n == 6 {
				a = 100
			}
		case s.Fmt == fmtHydra:
			a = 0 // the team's authority is kept by its first seat
		case s.Role[i] == roleEmperor:
			a = 60
		case s.Role[i] == roleBoss:
			a, _ = raidBoss(n - 1)
		}
		s.P[i].Authority = int32(a)
	}
}

// startingHand is a seat's opening hand (SR 2.4, 10.1, 10.4-10.6), given the first seat.
func (s *State) startingHand(seat engine.Seat) int {
	n := int(s.NSeats)
	switch s.Fmt {
	case fmtHydra, fmtEmperor:
		if s.Team[seat] == s.Team[s.Active] {
			return 3
		}
		return 5
	case fmtRaid:
		if s.Role[seat] == roleBoss {
			_, h := raidBoss(n - 1)
			return h - 2
		}
		return 5
	}
	switch (int(seat) - int(s.Active) + n) % n {
	case 0:
		return 3
	case 1:
		if n > 2 {
			return 4
		}
	}
	return 5
}

// handSize is what a seat draws in its draw phase (SR 3.4; the Raid Boss more, SR 10.6).
func (s *State) handSize(seat engine.Seat) int {
	if s.Role[seat] == roleBoss {
		_, h := raidBoss(int(s.NSeats) - 1)
		return h
	}
	return 5
}

func (s *State) explorerCount() int {
	if s.opts.Explorers > 0 {
		return s.opts.Explorers
	}
	return 10
}

// dealStartingDeck gives seat a shuffled deck of 8 Scouts and 2 Vipers (SR 2.1), or, in a
// campaign game, the seat's personal deck (SR 7.3) if it has one, with the scenario's extra
// cards shuffled in.
func (s *State) dealStartingDeck(seat engine.Seat) error {
	p := &s.P[seat]
	*p = player{seatTable: seatTable{seat: uint8(seat)}}
	if s.big != nil {
		s.big.z[seat] = bigZones{}
	}
	var personal, extra []string
	if c := s.opts.Campaign; c != nil && int(seat) < len(c.Seats) {
		personal, extra = c.Seats[seat].StartingDeck, c.Seats[seat].Deck
	}
	if len(personal) == 0 {
		for i := 0; i < 8; i++ {
			s.toDeckTop(seat, s.cat.Scout)
		}
		s.toDeckTop(seat, s.cat.Viper)
		s.toDeckTop(seat, s.cat.Viper)
	}
	for _, zone := range []struct {
		name  string
		cards []string
	}{{"starting_deck", personal}, {"deck", extra}} {
		for _, n := range zone.cards {
			c, err := s.lookupCard(n)
			if err != nil {
				return fmt.Errorf("campaign: %s.%s: %w", s.SeatName(seat), zone.name, err)
			}
			s.toDeckTop(seat, c)
		}
	}
	engine.Shuffle(&s.rng, s.deck(p))
	return nil
}
