// Package realms plays Star Realms by the rules restated in shared/spec/star-realms-rules.md
// (cited as "SR 4.8"). A State is a compact value: zones are fixed-size arrays of CardIDs, so
// that Clone is a copy and the bots' path allocates nothing.
package realms

import (
	"fmt"
	"slices"

	"starnexus/engine"
)

// Sizes of a State's arrays. A zone that outgrows its array moves to the heap (bigZones), so
// these sizes bound nothing the rules allow; they are the sizes at which a game stays
// compact. docs/decisions.md, "Fixed capacities (Star Realms)", argues every bound below.
const (
	MaxSeats = 6
	maxOwn   = 200 // a player's deck and discard pile together, before they grow
	maxHand  = 40  // a hand, before it grows
	maxPlay  = 32  // a play area, before it grows
	maxTrade = 250 // the trade deck, which only shrinks during play
	rowSize  = 5

	// maxCopies is the most copies of one CardID a game may hold, checked at setup: cards
	// are never created, so ScrapHeap's and CountOwned's bytes never overflow, and no game
	// holds more than 255*255 cards, which keeps every zone count within a uint16.
	maxCopies = 255
	// poolLimit bounds Trade, Combat and Authority (int32): a game whose pools would pass
	// it ends with a Fault instead of wrapping around. No effect adds more than 99 times a
	// count of cards (at most 65025), so a pool below the limit cannot overflow in one step.
	poolLimit = 1 << 30
	// maxAmount is the largest amount one attack or give action names (12 bits of the
	// action). Combat and Trade may be split freely (SR 6.3, 10.4), so larger amounts are
	// given or attacked in several actions.
	maxAmount = 0xfff
	// maxRoundsLimit is the highest max_rounds option: Rounds is a uint16.
	maxRoundsLimit = 0xffff
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
// Own[DeckN-1]); the discard pile fills it from the back, so both share one array. A zone
// that outgrows its array moves, whole, to big (grow, zones.go): the zone accessors below
// return the array or the heap slice, so the rest of the package never indexes the arrays.
type player struct {
	Authority   int32
	Trade       int32
	Combat      int32
	HandN       uint16
	DeckN       uint16
	DiscN       uint16
	PlayN       uint16
	NextShipTop uint16
	// PendingDiscard counts cards this player must discard when its next turn starts (the
	// discard_at_turn_start option, SR 4.13).
	PendingDiscard uint16
	Defeated       bool
	Played         [numFactions]uint16 // cards of each faction played this turn (SR 4.15)
	Hand           [maxHand]CardID
	Own            [maxOwn]CardID
	Play           [maxPlay]inPlay

	// Colony Wars: "next ship or base acquired this turn" grants (SR 4.16) and the cards
	// this player scrapped from hand or discard pile this turn (The Incinerator).
	NextCardTop, NextCardHand, ScrappedTurn uint16

	// big holds the zones that outgrew their arrays; nil in almost every game. It is owned
	// by this State alone: CopyTo copies it (header.spill says which seats have one).
	big *bigZones
}

// bigZones holds a player's zones that outgrew their arrays, each with the same layout as
// its array (own: deck from the front, discard pile from the back). A nil slice: that zone
// is still in its array.
type bigZones struct {
	hand []CardID
	own  []CardID
	play []inPlay
}

// handBuf, ownBuf and playBuf return the whole storage of a zone: its array, or the heap
// slice it moved to. The zone's count says how much of it is in use.
func (p *player) handBuf() []CardID {
	if p.big != nil && p.big.hand != nil {
		return p.big.hand
	}
	return p.Hand[:]
}

func (p *player) ownBuf() []CardID {
	if p.big != nil && p.big.own != nil {
		return p.big.own
	}
	return p.Own[:]
}

func (p *player) playBuf() []inPlay {
	if p.big != nil && p.big.play != nil {
		return p.big.play
	}
	return p.Play[:]
}

func (p *player) deck() []CardID { return p.ownBuf()[:p.DeckN] }
func (p *player) discard() []CardID {
	o := p.ownBuf()
	return o[len(o)-int(p.DiscN):]
}
func (p *player) hand() []CardID { return p.handBuf()[:p.HandN] }
func (p *player) play() []inPlay { return p.playBuf()[:p.PlayN] }

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
	Rounds     uint16      // rounds completed (max_rounds is at most maxRoundsLimit)
	Turns      uint32      // turns completed
	over       bool
	winners    uint8 // bit set of winning seats
	spill      uint8 // bit set of seats whose player has big zones (CopyTo copies them)
	// fault says why the game was ended by a limit the rules do not have (fail); "" in a
	// game that ended by the rules.
	fault string

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

// CopyTo copies s into dst without allocating, the bots' way to reuse a scratch State,
// unless a zone of s has outgrown its array: then the big zones are copied to new slices.
func (s *State) CopyTo(dst *State) {
	dst.header = s.header
	copy(dst.P[:s.NSeats], s.P[:s.NSeats])
	if s.spill != 0 {
		s.copyBig(dst)
	}
}

// copyBig gives dst its own copy of every big zone of s: a State never shares a zone.
func (s *State) copyBig(dst *State) {
	for i := 0; i < int(s.NSeats); i++ {
		if b := s.P[i].big; b != nil {
			dst.P[i].big = &bigZones{hand: slices.Clone(b.hand), own: slices.Clone(b.own), play: slices.Clone(b.play)}
		}
	}
}

// Fault is why the game was ended by a limit of this engine rather than by the rules (a pool
// past poolLimit), or "" (docs/decisions.md, "Fixed capacities (Star Realms)"). A game with a
// fault is over without winners; whoever runs it should log the fault.
func (s *State) Fault() string { return s.fault }

// addPool adds n to a pool (Trade, Combat or Authority), ending the game with a fault if the
// pool would pass poolLimit.
func (s *State) addPool(pool *int32, n int, what string) {
	v := int64(*pool) + int64(n)
	if v > poolLimit {
		s.fail("%s %d: past this engine's limit of %d", what, v, poolLimit)
		return
	}
	*pool = int32(v)
}

// addGrant counts one more "next ship (or base) acquired this turn" grant (SR 4.16),
// ending the game with a fault past 65535 grants in one turn.
func (s *State) addGrant(n *uint16) {
	if *n == 0xffff {
		s.fail("more than %d \"next card acquired\" grants in one turn: past this engine's limit", 0xffff)
		return
	}
	*n++
}

// fail ends the game because a value would pass a limit of this engine.
func (s *State) fail(format string, args ...any) {
	if s.fault == "" {
		s.fault = fmt.Sprintf(format, args...)
	}
	s.over = true
	s.winners = 0
	s.stop()
}
