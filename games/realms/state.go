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
	// maxOwn holds a player's deck and discard pile together before they grow: 184 holds the
	// 180 cards one player of a two-player game can own with both boxes and 10 Explorers,
	// and keeps a player (384 bytes) no larger than before issue 12 widened its counts, so
	// that a copy copies no more bytes.
	maxOwn  = 184
	maxHand = 40 // a hand, before it grows
	maxPlay = 32 // a play area, before it grows
	// maxTrade holds the trade deck, which only shrinks during play: 160 cards with both
	// sets. 242 rather than 250 leaves room in the header for the big zones' pointer, so
	// that the header keeps its size, and the players their offset (see CopyTo).
	maxTrade = 242
	rowSize  = 5

	// maxCopies is the most copies of one CardID a game may hold, checked at setup: cards
	// are never created, so ScrapHeap's and CountOwned's bytes never overflow, and no game
	// holds more than 255*255 cards, which keeps every zone count within a uint16.
	maxCopies = 255
	// poolLimit bounds Authority (int32) and tradeLimit Trade and Combat (int16): a game whose
	// pools would pass them ends with a fault instead of wrapping around. No effect adds more
	// than 99 times a count of cards (at most 65025), so one step cannot overflow an int32.
	poolLimit  = 1 << 30
	tradeLimit = 1<<15 - 1
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
// that outgrows its array moves, whole, to the State's big zones (grow, zones.go): the zone
// accessors below return the array or the heap slice, so the rest of the package never
// indexes the arrays. A player holds no pointer, so that copying players is a plain memory
// copy and the garbage collector never scans them.
//
// Its public scalars come first, in a seatTable, which an Observation points to; the
// Observation refers to the public zones (the hand when seen, the discard pile, the play
// area) by slices capped at their length.
type player struct {
	seatTable
	Hand [maxHand]CardID
	Own  [maxOwn]CardID
	Play [maxPlay]inPlay
}

// seatTable is what every seat knows of one player but its cards: authority, pools, zone
// counts and the counts of this turn. Its 32 bytes and the zones make a player of 384.
type seatTable struct {
	Authority int32
	Trade     int16
	Combat    int16
	zoneCounts
	NextShipTop uint8
	// PendingDiscard counts cards this player must discard when its next turn starts (the
	// discard_at_turn_start option, SR 4.13).
	PendingDiscard uint8
	Defeated       bool
	// Played counts the cards of each faction played this turn (SR 4.15); setup refuses a
	// game where more than 255 cards could have one faction (checkSetup).
	Played [numFactions]uint8
	// Colony Wars: "next ship or base acquired this turn" grants (SR 4.16) and the cards
	// this player scrapped from hand or discard pile this turn (The Incinerator). They, and
	// PendingDiscard, end the game with a fault past 255 (addCount).
	NextCardTop, NextCardHand, ScrappedTurn uint8

	seat uint8 // this player's index in State.P, where its big zones are found
	big  uint8 // bit set of the zones (bigHand, bigOwn, bigPlay) that live in State.big
}

// zoneCounts are the sizes of a player's zones.
type zoneCounts struct {
	HandN uint16
	DeckN uint16
	DiscN uint16
	PlayN uint16
}

// Zones of a player that can move to State.big.
const (
	bigHand uint8 = 1 << iota
	bigOwn
	bigPlay
)

// bigZones holds a player's zones that outgrew their arrays, each with the same layout as
// its array (own: deck from the front, discard pile from the back). A nil slice: that zone
// is still in its array.
type bigZones struct {
	hand []CardID
	own  []CardID
	play []inPlay
}

// handBuf, ownBuf and playBuf return the whole storage of one of p's zones: its array, or
// the heap slice it moved to. The zone's count says how much of it is in use.
func (s *State) handBuf(p *player) []CardID {
	if p.big&bigHand != 0 {
		return s.big.z[p.seat].hand
	}
	return p.Hand[:]
}

func (s *State) ownBuf(p *player) []CardID {
	if p.big&bigOwn != 0 {
		return s.big.z[p.seat].own
	}
	return p.Own[:]
}

func (s *State) playBuf(p *player) []inPlay {
	if p.big&bigPlay != 0 {
		return s.big.z[p.seat].play
	}
	return p.Play[:]
}

func (s *State) deck(p *player) []CardID { return s.ownBuf(p)[:p.DeckN] }
func (s *State) discard(p *player) []CardID {
	o := s.ownBuf(p)
	return o[len(o)-int(p.DiscN):]
}
func (s *State) hand(p *player) []CardID     { return s.handBuf(p)[:p.HandN] }
func (s *State) playArea(p *player) []inPlay { return s.playBuf(p)[:p.PlayN] }

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
// use. Its public part, the table, is a struct of its own that an Observation points to; the
// trade deck's order, the random source, the views and the big zones stay outside it.
//
// The layout is measured (see CopyTo): the header keeps its 776 bytes, and so the players
// their offset. The table is packed to 376 bytes without padding, and the three public bytes
// of marks fill the gap after TradeDeck.
type header struct {
	table
	rng       engine.RNG
	TradeDeck [maxTrade]CardID // top at TradeDeck[TradeN-1]
	marks

	views     [MaxSeats]View // see State.View
	spectator View

	// big holds, by seat, the zones that outgrew their arrays, and the recorder of events
	// when events are recorded (events.go); nil in almost every game and in every bot's copy.
	// It belongs to this State alone: CopyTo copies its zones and never its recorder, and
	// the copy of a State without it costs no more than before events existed.
	big *bigArea
}

// table is the public part of the header: what every seat sees of the game but the players.
// Its fields are ordered by alignment so that it holds no padding.
type table struct {
	cat  *Catalog
	opts *Options

	Turns  uint32 // turns completed
	Rounds uint16 // rounds completed (max_rounds is at most maxRoundsLimit)
	frame  frame
	outer  frame // an ability set aside while an on-acquire ability resolves (SR 7.1)

	NSeats     uint8
	Fmt        uint8 // format code (format.go)
	Team       [MaxSeats]int8
	Role       [MaxSeats]uint8
	Ended      uint8 // Hydra: seats of the team in turn that have ended their main phase
	Active     engine.Seat
	RoundFirst engine.Seat // seat whose turn begins a round
	over       bool
	winners    uint8 // bit set of winning seats
	TradeN     uint8
	Explorers  uint8
	Row        [rowSize]CardID
	acq        acquired // an acquisition whose on-acquire ability is still to resolve

	dec decision
	// RowsUsed: campaign games (upgrade.go), the sticker rows used (bit r: book row r).
	RowsUsed [maxRows / 64]uint64
	// ScrapHeap counts the copies of each CardID in the scrap heap. Last: the fields above
	// are read at every action and stay together in the first cache lines.
	ScrapHeap [256]uint8
}

// marks are the public bytes of the header that do not fit in the table without padding.
type marks struct {
	// fault is the limit of this engine that ended the game (fail); faultNone in a game
	// that ended by the rules.
	fault uint8
	// UpgStart: campaign games (upgrade.go), the catalog's first upgraded copy made in this
	// game (UpgradesMade).
	UpgStart  uint8
	setupDone bool
}

// bigArea is what a State holds on the heap, rarely: the zones that outgrew their arrays and
// the recorder of events.
type bigArea struct {
	z   [MaxSeats]bigZones
	rec *recorder // nil: not recording
}

// newState is an empty State of n seats whose players know their seats. The players past n
// are zero here and in a fresh Clone; CopyTo and CloneInto copy only n players, so a reused
// destination that had more seats keeps stale players past n, which nothing reads.
func newState(n int) *State {
	s := &State{}
	s.NSeats = uint8(n)
	for i := 0; i < n; i++ {
		s.P[i].seat = uint8(i)
	}
	return s
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

// CloneInto implements engine.State. It copies as CopyTo does, written out so that the common
// path makes no call.
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return s.Clone()
	}
	if s.big != nil {
		s.copyBig(d)
		return d
	}
	d.header = s.header
	copy(d.P[:s.NSeats], s.P[:s.NSeats])
	return d
}

// CopyTo copies s into dst without allocating, the bots' way to reuse a scratch State,
// unless a zone of s has outgrown its array: then dst gets its own copy of the big zones, so
// that a State never shares a zone. The layout and the code of this copy were measured (on
// the development machine): a header of 784 bytes instead of 776, which moves the players by
// 8 bytes, made it 20% slower (hence maxTrade), and so did the copy of the big zones written
// inline, which made the frame large; a test of s.big before the copy costs less than one
// after it.
func (s *State) CopyTo(dst *State) {
	if s.big != nil {
		s.copyBig(dst)
		return
	}
	dst.header = s.header
	copy(dst.P[:s.NSeats], s.P[:s.NSeats])
}

// copyBig is CopyTo for a State with big zones: dst gets copies of them. It stays out of line
// so that CopyTo and CloneInto keep small frames.
//
//go:noinline
func (s *State) copyBig(dst *State) {
	dst.header = s.header
	copy(dst.P[:s.NSeats], s.P[:s.NSeats])
	dst.big = nil // a copy never records (events.go)
	var c *bigArea
	for i, b := range s.big.z {
		if b.hand == nil && b.own == nil && b.play == nil {
			continue
		}
		if c == nil {
			c = new(bigArea)
		}
		c.z[i] = bigZones{slices.Clone(b.hand), slices.Clone(b.own), slices.Clone(b.play)}
	}
	dst.big = c
}

// Limits of this engine that end a game (State.fail): values no card set reaches, but that
// a designer's cards could (docs/decisions.md, "Fixed capacities (Star Realms)").
const (
	faultNone uint8 = iota
	faultTrade
	faultCombat
	faultAuthority
	faultGrants
	faultScrapped
	faultDiscards
)

var faultTexts = [...]string{"",
	fmt.Sprintf("a Trade pool past %d", tradeLimit),
	fmt.Sprintf("a Combat pool past %d", tradeLimit),
	fmt.Sprintf("an Authority past %d", poolLimit),
	"more than 255 \"next card acquired\" grants in one turn",
	"more than 255 cards scrapped from hand or discard pile in one turn",
	"more than 255 discards owed at the start of a turn",
}

// Fault is the limit of this engine, not of the rules, that ended the game, or "". A game
// with a fault is over without winners; whoever runs it should log the fault.
func (s *State) Fault() string {
	if s.fault == faultNone {
		return ""
	}
	return "the game passed a limit of the engine: " + faultTexts[s.fault]
}

// addPool adds n to a Trade or Combat pool, ending the game with fault if the pool would pass
// tradeLimit.
func (s *State) addPool(pool *int16, n int, fault uint8) {
	v := int(*pool) + n
	if v > tradeLimit {
		s.fail(fault)
		return
	}
	*pool = int16(v)
}

// addCount adds n to a count of one turn (grants, cards scrapped, discards owed), ending the
// game with fault past 255.
func (s *State) addCount(c *uint8, n int, fault uint8) {
	v := int(*c) + n
	if v > 0xff {
		s.fail(fault)
		return
	}
	*c = uint8(v)
}

// fail ends the game because a value would pass a limit of this engine.
func (s *State) fail(fault uint8) {
	if s.fault == faultNone {
		s.fault = fault
	}
	s.over = true
	s.winners = 0
	s.stop()
}
