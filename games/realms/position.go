package realms

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
)

// PlayerSetup is one player of a Position. A nil zone is empty, unless Hand, Deck and Discard
// are all nil: then the player gets the normal starting deck and hand.
type PlayerSetup struct {
	Name      string
	Authority *int
	Hand      []string
	Deck      []string // top first
	Discard   []string
	InPlay    []string
	Team      *int   // from 1; overrides SR 9.4's seating in formats with teams
	Role      string // emperor, admiral, boss or elite; overrides SR 9.4
}

// Position is a game set up in a chosen state, as a scenario file describes it
// (scenario-format.md). Nil lists mean "as in a normal game".
type Position struct {
	Options   Options
	Seed      uint64
	Players   []PlayerSetup
	TradeRow  []string // nil: the top of the trade deck
	TradeDeck []string // top first; nil: the sets' trade deck minus cards placed elsewhere
	Explorers *int
	Active    string // whose main phase it is; "" is the first player
}

// SetOption sets a game option from its text form, as scenario files and --option give it.
func SetOption(o *Options, key, value string) error {
	switch key {
	case "max_rounds":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxRoundsLimit {
			return fmt.Errorf("option max_rounds: %q is not a number from 1 to %d", value, maxRoundsLimit)
		}
		o.MaxRounds = n
	case "explorers":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 200 {
			return fmt.Errorf("option explorers: %q is not a number from 0 to 200", value)
		}
		o.Explorers = n
	case "first_player":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxSeats {
			return fmt.Errorf("option first_player: %q is not a seat number from 1", value)
		}
		o.FirstPlayer = n
	case "team_hands_visible", "pass_adjacent_only", "discard_at_turn_start":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("option %s: %q is not true or false", key, value)
		}
		switch key {
		case "team_hands_visible":
			o.TeamHandsVisible = b
		case "pass_adjacent_only":
			o.PassAdjacentOnly = b
		default:
			o.DiscardAtTurnStart = b
		}
	default:
		return fmt.Errorf("unknown option %q (known: max_rounds, explorers, first_player, team_hands_visible, pass_adjacent_only, discard_at_turn_start)", key)
	}
	return nil
}

// NewPosition builds the State a Position describes.
func NewPosition(cat *Catalog, pos Position) (*State, error) {
	opts := pos.Options
	opts.Names = nil
	for _, p := range pos.Players {
		opts.Names = append(opts.Names, p.Name)
	}
	if err := opts.normalize(); err != nil {
		return nil, err
	}
	s := newState(len(opts.Names))
	s.cat, s.opts, s.rng = cat, &opts, engine.NewRNG(pos.Seed)
	s.Fmt, _ = formatCode(opts.Format)
	s.assignTeams()
	if err := s.overrideTeams(pos.Players); err != nil {
		return nil, err
	}
	if err := s.checkTeams(); err != nil {
		return nil, err
	}
	active := s.firstSeat()
	if pos.Active != "" {
		a, ok := s.SeatByName(pos.Active)
		if !ok {
			return nil, fmt.Errorf("active: no player named %q", pos.Active)
		}
		active = a
	}
	s.start(active)
	if err := s.setupCampaign(); err != nil {
		return nil, err
	}
	placed := map[CardID]int{}
	ids := func(what string, names []string) ([]CardID, error) {
		out := make([]CardID, 0, len(names))
		for _, n := range names {
			c, err := s.lookupCard(n)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", what, err)
			}
			if b := s.cat.Card(c).Base; b != 0 {
				placed[b]++ // an upgraded copy stands for a copy of its card
			} else {
				placed[c]++
			}
			out = append(out, c)
		}
		return out, nil
	}
	for i, ps := range pos.Players {
		seat := engine.Seat(i)
		p := &s.P[i]
		if ps.Authority != nil {
			if a := *ps.Authority; a > poolLimit || a < -poolLimit {
				return nil, fmt.Errorf("%s.authority: %d is out of range", ps.Name, a)
			}
			s.P[s.holder(seat)].Authority = int32(*ps.Authority)
		}
		who := ps.Name
		if ps.Hand == nil && ps.Deck == nil && ps.Discard == nil {
			a := p.Authority
			if err := s.dealStartingDeck(seat); err != nil {
				return nil, err
			}
			p.Authority = a
			s.draw(seat, s.startingHand(seat))
		} else {
			hand, err := ids(who+".hand", ps.Hand)
			if err != nil {
				return nil, err
			}
			deck, err := ids(who+".deck", ps.Deck)
			if err != nil {
				return nil, err
			}
			disc, err := ids(who+".discard", ps.Discard)
			if err != nil {
				return nil, err
			}
			// No zone has a size limit of its own: zones grow (zones.go), and checkSetup
			// refuses more copies of a card than a game may hold.
			for _, c := range hand {
				s.toHand(seat, c)
			}
			for k := len(deck) - 1; k >= 0; k-- {
				s.toDeckTop(seat, deck[k])
			}
			for _, c := range disc {
				s.toDiscard(seat, c)
			}
		}
		inplay, err := ids(who+".in_play", ps.InPlay)
		if err != nil {
			return nil, err
		}
		for _, c := range inplay {
			s.toPlay(seat, inPlay{Card: c})
		}
	}
	row, err := ids("trade_row", pos.TradeRow)
	if err != nil {
		return nil, err
	}
	if len(row) > rowSize {
		return nil, fmt.Errorf("trade_row: at most %d cards, got %d", rowSize, len(row))
	}
	copy(s.Row[:], row)
	if pos.TradeDeck != nil {
		deck, err := ids("trade_deck", pos.TradeDeck)
		if err != nil {
			return nil, err
		}
		if len(deck) > maxTrade {
			return nil, fmt.Errorf("trade_deck: at most %d cards", maxTrade)
		}
		for k := len(deck) - 1; k >= 0; k-- {
			s.TradeDeck[s.TradeN] = deck[k]
			s.TradeN++
		}
	} else {
		full, err := cat.tradeDeck(opts.Sets)
		if err != nil {
			return nil, err
		}
		rest := full[:0]
		for _, c := range full {
			if placed[c] > 0 {
				placed[c]--
				continue
			}
			rest = append(rest, c)
		}
		if len(rest) > maxTrade {
			return nil, fmt.Errorf("the trade deck has %d cards; at most %d fit", len(rest), maxTrade)
		}
		engine.Shuffle(&s.rng, rest)
		s.TradeN = uint8(copy(s.TradeDeck[:], rest))
	}
	if pos.TradeRow == nil {
		s.refillRow()
	}
	s.finishSetup()
	s.Explorers = uint8(s.explorerCount())
	if pos.Explorers != nil {
		if *pos.Explorers < 0 || *pos.Explorers > 200 {
			return nil, fmt.Errorf("explorers: %d is out of range", *pos.Explorers)
		}
		s.Explorers = uint8(*pos.Explorers)
	}
	if err := s.checkSetup(); err != nil {
		return nil, err
	}
	return s, nil
}

// overrideTeams applies the team and role a scenario gives a player.
func (s *State) overrideTeams(players []PlayerSetup) error {
	for i, ps := range players {
		if ps.Team == nil && ps.Role == "" {
			continue
		}
		switch s.Fmt {
		case fmtHydra, fmtEmperor, fmtRaid:
		default:
			return fmt.Errorf("%s: format %s has no teams or roles", ps.Name, Formats[s.Fmt])
		}
		if ps.Team != nil {
			if *ps.Team < 1 || *ps.Team > 2 {
				return fmt.Errorf("%s: team %d: teams are 1 and 2", ps.Name, *ps.Team)
			}
			s.Team[i] = int8(*ps.Team - 1)
		}
		if ps.Role != "" {
			r := -1
			for k, n := range roleNames {
				if k > 0 && engine.EqualFold(n, ps.Role) {
					r = k
				}
			}
			ok := r > 0 && ((s.Fmt == fmtEmperor && (r == int(roleEmperor) || r == int(roleAdmiral))) ||
				(s.Fmt == fmtRaid && (r == int(roleBoss) || r == int(roleElite))))
			if !ok {
				return fmt.Errorf("%s: role %q does not exist in format %s", ps.Name, ps.Role, Formats[s.Fmt])
			}
			s.Role[i] = uint8(r)
			if s.Fmt == fmtRaid {
				s.Team[i] = 1
				if s.Role[i] == roleBoss {
					s.Team[i] = 0
				}
			}
		}
	}
	return nil
}

// ParseOptionPairs reads "name=value" pairs (the --option flag) into o.
func ParseOptionPairs(o *Options, pairs []string) error {
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q: write name=value", kv)
		}
		if err := SetOption(o, strings.TrimSpace(k), strings.TrimSpace(v)); err != nil {
			return err
		}
	}
	return nil
}
