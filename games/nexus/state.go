package nexus

import (
	"starnexus/engine"
)

// Sizes of a State (docs/decisions.md, "Fixed capacities (Stellar Nexus)"). The object table,
// the stack, the modifiers and the job queue are slices that start at these lengths, which
// every game of the bench fits, and grow when play needs more (capacity.go): a copy reuses
// the destination's arrays, so the bots' path allocates nothing once they are large enough.
const (
	MaxSeats = 4
	maxObj   = 256 // object slots a game starts with; ids go up to objLimit-1 as it grows
	maxStack = 16
	maxMods  = 96
	maxJobs  = 32
	// maxReserve bounds a reserve while swaps are being made (SN 2.5 allows at most 15 once
	// the player confirms; swapping out first may hold more for a moment).
	maxReserve = 24
	// maxLinked is the most special resources one requisition can be paid with: a resource
	// pile holds 10 cards and one copy of each special resource (2.1, 2.3), and no card puts
	// a resource onto the field from elsewhere (setup refuses positions with more).
	maxLinked = 10
)

// oid is an object id: 1 to objLimit-1, 0 meaning none. Actions carry it in 14 bits.
type oid uint16

type zone uint8

// Zones (SN 3.1). zOut holds the cards of an eliminated player (14.4).
const (
	zNone zone = iota
	zLibrary
	zHand
	zPile
	zField
	zGrave
	zExile
	zStack
	zOut
)

var zoneNames = [...]string{"none", "library", "hand", "resource_pile", "field", "graveyard", "exile", "stack", "out"}

// Object flags.
const (
	fTapped    uint16 = 1 << iota
	fArrived          // not on its controller's field since the start of that player's turn (4.1.3)
	fToken            // a token (4.6)
	fAttacking        // declared as an attacker this combat
	fBlocked          // an attacker that is blocked (12.4)
	fLeft             // left the confrontation (12.5(a))
	fAgile            // had Agility when the agility step began (12.6)
	fUsed0            // first active ability used this turn
	fUsed1            // second active ability used this turn
	fTookAlt          // an attacker that lost a blocker to Alteration this step (12.5(c))
)

// obj is one card or token. A card that changes zones becomes a new object (3.3): its Gen
// changes and every per-object field is reset.
type obj struct {
	Def      uint8
	Owner    int8
	Ctrl     int8
	Zone     zone
	Flags    uint16
	Seq      int16 // order within a zone: higher is nearer the top (library, pile) or later
	Atk, Dfn int16 // within ±pointLimit (capacity.go)
	Markers  int16 // net +1/+1 markers (negative: -1/-1)
	Attached oid   // equipment: the creature it is attached to
	Blocking oid   // a blocker: the attacker it blocks
	BOrder   uint16
	Gen      uint16 // the object's generation: 65,536 zone changes of one id wrap it (decisions.md)
	Target   int8   // an attacker: the player it attacks
	// Num is the object's public number among the public objects of its name (numbers.go),
	// 0 in a hidden zone. A uint16: no game holds more objects than that (objLimit).
	Num uint16
}

func (o *obj) has(f uint16) bool { return o.Flags&f != 0 }

// mod is a continuous modifier on one creature (6.2, 7.4).
type mod struct {
	Tgt    oid
	TGen   uint16
	Src    oid // source object for statics and equipment
	SGen   uint16
	SAb    uint8 // ability index of a static source
	DS, DE int8
	KW     KW
	Dur    Dur
}

// tref is a chosen target.
type tref struct {
	K   uint8  // tkNone, tkObj, tkPlayer
	ID  uint16 // an oid, or a seat
	Gen uint16
}

const (
	tkNone uint8 = iota
	tkObj
	tkPlayer
)

// item is a stack item (8.1).
type item struct {
	Card   oid // the requisitioned card, or the source of an ability (0 for a hero)
	Gen    uint16
	Ab     int8 // -1: a requisition; else the index in Def.Abs of the active ability
	Hero   bool
	Ctrl   int8
	NT     uint8
	Tg     [2]tref
	Below  oid // the item on top when this one was announced (what a counter may target, 8.6)
	BGen   uint16
	NL     uint8
	Linked [maxLinked]oid // special resources tapped for a requisition (9.2)
	// Variant V4: a triggered passive or an Affinity/Dissonance on the stack. PDef is its
	// source's definition (Ab indexes its abilities); Req is the requisitioned card (9.7).
	PDef   uint8
	PDur   Dur
	Req    oid
	ReqGen uint16
}

// job kinds: work that happens without the stack (resolution, passives, Affinity).
const (
	jResolve uint8 = iota + 1
	jTrigger
	jLinked
	jDivision
	jLinkOrder // the linked special resources still to happen, in an order their controller picks (9.4)
	jTrigOrder // the next Step jobs are one player's simultaneous passives, in an order they pick (7.3.1)
)

type job struct {
	K      uint8
	Def    uint8 // the source's definition
	Src    oid
	SGen   uint16
	Ab     uint8
	Ctrl   int8
	Step   uint32 // the next effect; for jTrigOrder, how many passives follow to be ordered
	NT     uint8
	Tg     [2]tref
	Req    oid // the requisitioned card (REQUISITIONED, 9.7)
	ReqGen uint16
	Aff    bool  // jLinked: Affinity (else Dissonance)
	It     item  // jResolve: the item being resolved
	Fizz   bool  // jResolve: some target was illegal
	Yes    int8  // answer of a yes/no decision: 0 none, 1 yes, 2 no
	Ev     uint8 // the event, for jTrigger
}

// pending decision kinds.
const (
	pNone uint8 = iota
	pMulligan
	pFirst
	pPrio
	pTarget // targets of the item being announced
	pPay
	pAttack
	pBlock
	pJobTarget
	pUnless
	pAffinity
	pLinkOrder
	pTrigOrder
	pSwap // reserve swaps before the game (10.1, 2.5): every player with a reserve at once
)

type pend struct {
	K    uint8
	Seat int8
	N    int8  // resources still to tap
	I    uint8 // target index
}

// Phases and combat steps.
const (
	phUpkeep uint8 = iota
	phMain1
	phCombat
	phMain2
	phEnd
)

const (
	stBegin uint8 = iota
	stAttackers
	stBlockers
	stAgility
	stConfront
	stEndCombat
)

var phaseNames = [...]string{"upkeep", "main1", "combat", "main2", "end"}
var stepNames = [...]string{"beginning", "attackers", "blockers", "agility", "confrontation", "end_of_combat"}

type player struct {
	Hero     uint8
	Life     int32 // within ±lifeLimit (capacity.go)
	Lost     bool
	HeroUsed bool
	Revealed bool
	Kept     bool
	Mulls    uint8
	Team     int8
	Blocks   bool // an attacked player who has not yet confirmed blocks (declared together, 1.6)
	Swaps    bool // a player with a reserve who has not yet confirmed their swaps (10.1, 1.6)
	NR       uint8
	Reserve  [maxReserve]uint8 // the reserve's cards (definitions), secret (2.5)
	// Decl counts the block declarations this player made in the current blockers step while
	// they are hidden from the others (free-for-all, 1.6): the last Decl of the player's
	// "block" log entries (HiddenEntries). A uint32: 2^32 actions in one step cannot be sent.
	Decl uint32
}

// Options are a game's settings (Part G variants included); shared by every clone.
type Options struct {
	Format string   // duel, ffa, allied
	Names  []string // seat names
	// Part G variants.
	AttackRefresh      bool // V1 every_step
	SymmetricExpiry    bool // V2 symmetric
	NoAlterationUnbind bool // V3 false: the attacker stays blocked
	RetainPriority     bool // V5 true
	InstantTurn        bool // V6 turn
	TriggersOnStack    bool // V4 stack: passives and Affinity/Dissonance use the stack
	// LastLoser is the seat (from 1) that lost the players' most recent game (10.7); 0: none.
	LastLoser int
	// MaxTurns ends the game as a draw after this many turns (0: 200), so random games end.
	MaxTurns int
}

// State is a whole game of Stellar Nexus.
type State struct {
	tab  *Table
	opts *Options

	N      int8 // seats
	Active int8
	Start  int8
	Phase  uint8
	Step   uint8
	Sub    uint8 // 0: the phase or step has not begun; 1: decisions; 2: priority round
	Turn   uint16
	First  bool // the starting player's first upkeep (10.9)
	Done   bool
	Draw   bool

	Prio   int8
	Passes uint8
	Check  bool // state checks are due

	Pend pend
	P    [MaxSeats]player

	// O is the object table (index 0 unused); NO is one past the highest id in use, the
	// bound of every walk over the objects. Stack, Mods and Jobs hold NS, NM and NJ entries;
	// all four grow when full (capacity.go).
	O     []obj
	NO    int32
	Seq   int16
	Stack []item
	NS    int32
	Mods  []mod
	NM    int32
	Jobs  []job
	NJ    int32
	// fault is the limit of the engine that ended the game (Fault), 0 if none.
	fault uint8

	rng engine.RNG
	// rec records the events of the actions when not nil (events.go); copies never record.
	rec *recorder
}

// Game implements engine.State.
func (s *State) Game() string { return "nexus" }

// NumSeats implements engine.State.
func (s *State) NumSeats() int { return int(s.N) }

// SeatName implements engine.State.
func (s *State) SeatName(seat engine.Seat) string {
	if int(seat) < len(s.opts.Names) && seat >= 0 {
		return s.opts.Names[seat]
	}
	return "P" + string(rune('1'+seat))
}

// SeatByName finds a seat by its name, case-insensitively.
func (s *State) SeatByName(name string) (engine.Seat, bool) {
	for i := 0; i < int(s.N); i++ {
		if engine.EqualFold(s.SeatName(engine.Seat(i)), name) {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := new(State)
	s.copyTo(c)
	return c
}

// CloneInto implements engine.State.
func (s *State) CloneInto(dst engine.State) engine.State {
	if d, ok := dst.(*State); ok && d != nil {
		s.copyTo(d)
		return d
	}
	return s.Clone()
}

// Winners implements engine.State.
func (s *State) Winners() []engine.Seat {
	var out []engine.Seat
	if !s.Done || s.Draw {
		return out
	}
	for i := 0; i < int(s.N); i++ {
		if !s.P[i].Lost {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

func seatOf(p int8) engine.Seat { return engine.Seat(p) }

// decides reports whether seat may answer the pending decision: its holder, or any attacked
// player still declaring blockers.
func (s *State) decides(seat int8) bool {
	if s.Pend.K == pNone || seat < 0 || seat >= s.N {
		return false
	}
	switch s.Pend.K {
	case pBlock:
		return s.P[seat].Blocks
	case pSwap:
		return s.P[seat].Swaps
	}
	return s.Pend.Seat == seat
}

func (s *State) def(o oid) *Def { return &s.tab.Defs[s.O[o].Def] }

// next returns the next seat after p in turn order that is still in the game.
func (s *State) next(p int8) int8 {
	for i := int8(1); i <= s.N; i++ {
		q := (p + i) % s.N
		if !s.P[q].Lost {
			return q
		}
	}
	return p
}

func (s *State) live() uint8 {
	n := uint8(0)
	for i := 0; i < int(s.N); i++ {
		if !s.P[i].Lost {
			n++
		}
	}
	return n
}

// opponents reports whether a and b are on different sides.
func (s *State) opponents(a, b int8) bool {
	if a == b {
		return false
	}
	if s.opts.Format == "allied" {
		return s.P[a].Team != s.P[b].Team
	}
	return true
}

// top returns the top object of a player's ordered zone (library, pile), or 0.
func (s *State) top(p int8, z zone) oid {
	best, bs := oid(0), int16(-32768)
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == z && o.Owner == p && o.Seq > bs {
			best, bs = oid(i), o.Seq
		}
	}
	return best
}

// fieldObjs appends the objects on the field, in id order (an object with no definition is
// never on the field).
func (s *State) fieldObjs(buf []oid) []oid {
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.Def != 0 && o.Zone == zField {
			buf = append(buf, oid(i))
		}
	}
	return buf
}

func (s *State) count(p int8, z zone) int {
	n := 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == z && o.Owner == p {
			n++
		}
	}
	return n
}

// shuffle reorders a player's zone randomly.
func (s *State) shuffle(p int8, z zone) {
	var buf [maxObj]oid
	ids := buf[:0]
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Zone == z && o.Owner == p {
			ids = append(ids, oid(i))
		}
	}
	for i := len(ids) - 1; i > 0; i-- {
		j := s.rng.Intn(i + 1)
		ids[i], ids[j] = ids[j], ids[i]
	}
	for _, o := range ids {
		s.O[o].Seq = s.nextSeq()
	}
}
