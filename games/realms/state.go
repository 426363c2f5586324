// Package realms plays Star Realms by the rules restated in shared/spec/star-realms-rules.md
// (cited as "SR 4.8"). A State is a compact value: zones are fixed-size arrays of CardIDs, so
// that Clone is a copy and the bots' path allocates nothing.
package realms

import (
	"fmt"

	"starnexus/engine"
)

// Size limits of a State. They are far above what the rules produce in play; a scenario
// that exceeds one is refused when it is set up.
const (
	MaxSeats = 6
	maxOwn   = 200 // a player's deck and discard pile together
	maxHand  = 40
	maxPlay  = 32
	maxTrade = 250
	rowSize  = 5
)

// Flags of a card in play.
const (
	usedPrimary uint8 = 1 << iota
	usedAlly
	usedScrap
	allyUnlocked // SR 4.8: the Ally condition held once this turn
	playedNow    // played from hand this turn
)

// inPlay is one card in a play area.
type inPlay struct {
	Card  CardID
	Copy  CardID // what a copying card (Stealth Needle) has become this turn; 0 if nothing
	Flags uint8
	Dmg   uint8 // damage carried by a base (Raid)
}

// player is one seat's cards and pools. The deck fills Own from the front (its top is at
// Own[DeckN-1]); the discard pile fills it from the back, so both share one array.
type player struct {
	Authority   int16
	Trade       int16
	Combat      int16
	HandN       uint8
	DeckN       uint8
	DiscN       uint8
	PlayN       uint8
	NextShipTop uint8
	// PendingDiscard counts cards this player must discard when its next turn starts (the
	// discard_at_turn_start option, SR 4.13).
	PendingDiscard uint8
	Defeated       bool
	Played         [numFactions]uint8 // cards of each faction played this turn (SR 4.15)
	Hand           [maxHand]CardID
	Own            [maxOwn]CardID
	Play           [maxPlay]inPlay

	// Colony Wars: "next ship or base acquired this turn" grants (SR 4.16) and the cards
	// this player scrapped from hand or discard pile this turn (The Incinerator).
	NextCardTop, NextCardHand, ScrappedTurn uint8
}

func (p *player) deck() []CardID    { return p.Own[:p.DeckN] }
func (p *player) discard() []CardID { return p.Own[maxOwn-int(p.DiscN):] }
func (p *player) hand() []CardID    { return p.Hand[:p.HandN] }
func (p *player) play() []inPlay    { return p.Play[:p.PlayN] }

// Options are the settings of one game; they never change during it and are shared by
// every clone.
type Options struct {
	Format      string   // "standard" for now
	Sets        []string // sets that form the trade deck
	Names       []string // seat names, in seat order
	MaxRounds   int      // SR 9.5; 0 means the default of 100
	FirstPlayer int      // seat that starts, from 1; 0 draws it from the seed (SR 2.4, 9.5)
	Explorers   int      // cards in the Explorer pile; 0 means the default of 10 (SR 1.6)

	TeamHandsVisible bool // Hydra: teammates see each other's hands (SR 10.4)
	PassAdjacentOnly bool // Emperor: pass cards only to a teammate seated next to you (SR 10.5)
	// DiscardAtTurnStart makes "opponent discards" take effect at the start of the target's
	// next turn instead of at once (SR 4.13).
	DiscardAtTurnStart bool

	// Campaign holds the Rise of Empire campaign of this game (upgrade.go, SR 8); nil: a
	// game without upgrades.
	Campaign *Campaign
}

// State is one game of Star Realms.
type State struct {
	header
	P [MaxSeats]player
}

// header is everything in a State but the seats, so that CloneInto copies only the seats in
// use.
type header struct {
	cat  *Catalog
	opts *Options
	rng  engine.RNG

	NSeats     uint8
	Fmt        uint8 // format code (format.go)
	Team       [MaxSeats]int8
	Role       [MaxSeats]uint8
	Ended      uint8 // Hydra: seats of the team in turn that have ended their main phase
	Active     engine.Seat
	RoundFirst engine.Seat // seat whose turn begins a round
	Rounds     uint16      // rounds completed
	Turns      uint32      // turns completed
	over       bool
	winners    uint8 // bit set of winning seats

	TradeN    uint8
	Explorers uint8
	Row       [rowSize]CardID
	TradeDeck [maxTrade]CardID // top at TradeDeck[TradeN-1]
	ScrapHeap [256]uint8       // copies of each CardID in the scrap heap

	frame frame
	dec   decision
	outer frame    // an ability set aside while an on-acquire ability resolves (SR 7.1)
	acq   acquired // an acquisition whose on-acquire ability is still to resolve

	// Campaign games (upgrade.go): the sticker rows used (bit r: book row r), and the
	// catalog's first upgraded copy made in this game (UpgradesMade).
	RowsUsed  [maxRows / 64]uint64
	UpgStart  uint8
	setupDone bool

	views     [MaxSeats]View // see State.View
	spectator View
}

// Catalog returns the card data the game uses.
func (s *State) Catalog() *Catalog { return s.cat }

// Options returns the game's options.
func (s *State) Options() *Options { return s.opts }

// Game implements engine.State.
func (s *State) Game() string { return "realms" }

// NumSeats implements engine.State.
func (s *State) NumSeats() int { return int(s.NSeats) }

// SeatName implements engine.State.
func (s *State) SeatName(seat engine.Seat) string {
	if seat < 0 || int(seat) >= len(s.opts.Names) {
		return fmt.Sprintf("seat %d", seat)
	}
	return s.opts.Names[seat]
}

// SeatByName finds a seat by its player's name, case-insensitively.
func (s *State) SeatByName(name string) (engine.Seat, bool) {
	for i, n := range s.opts.Names {
		if engine.EqualFold(n, name) {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

// Over implements engine.State.
func (s *State) Over() bool { return s.over }

// Winners implements engine.State.
func (s *State) Winners() []engine.Seat {
	var out []engine.Seat
	for i := 0; i < int(s.NSeats); i++ {
		if s.winners&(1<<i) != 0 {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := new(State)
	s.CopyTo(c)
	return c
}

// CloneInto implements engine.State.
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return s.Clone()
	}
	s.CopyTo(d)
	return d
}

// CopyTo copies s into dst without allocating: the bots' way to reuse a scratch State.
func (s *State) CopyTo(dst *State) {
	dst.header = s.header
	copy(dst.P[:s.NSeats], s.P[:s.NSeats])
}
