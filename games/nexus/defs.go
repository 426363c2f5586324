// Package nexus plays Stellar Nexus by the rules of
// shared/reference/stellar-nexus-rules-en.md (cited as "SN 12.7"), Part A with the
// resolutions of Part B and the variants of Part G as options.
//
// The engine works on its own compiled form of the cards (Def, Ab, Eff below), built once per
// catalog from package cards by adapter.go, so that the State holds only small integers.
package nexus

import "starnexus/games/nexus/cards"

// Type is a card type (SN 4).
type Type uint8

// Card types.
const (
	TCreature Type = iota + 1
	TInstant
	TEquipment
	THero
	TResource
	TSpecial
	TToken
)

// KW is a set of keywords (SN 17), one bit each.
type KW uint8

// Keywords.
const (
	Agility KW = 1 << iota
	Alteration
	Menace
	Dissimulation
	Deployment
)

var kwNames = [...]string{"Agility", "Alteration", "Menace", "Dissimulation", "Deployment"}

// Verb is an effect verb of the ability grammar (SN C.3).
type Verb uint8

// Verbs.
const (
	VWound Verb = iota + 1
	VModify
	VGrant
	VMarker
	VCounter
	VCreate
	VDraw
	VTap
	VUntap
	VDestroy
	VResurrect
	VConfront
	VRegenerate
	VGainLife
	VLoseLife
	VUntapResources
)

// SelKind says what a selector designates.
type SelKind uint8

// Selector kinds.
const (
	SNone SelKind = iota
	SSelf
	SEquipped
	SRequisitioned
	SAll
	STarget // the target numbered T
	SYou
	SEachOpp
	SEachPlayer
)

// TKind is the kind of object a target or an ALL selector ranges over.
type TKind uint8

// Target kinds.
const (
	KCreature TKind = iota + 1
	KPlayer
	KRequisition
	KGraveCreature // creature_card@graveyard
)

// Filter is the qualifier list of a selector (SN C.2 qual).
type Filter struct {
	You, Opp, Other, Token, Equipped bool
	KW                               KW
	CostMax                          int8 // -1: no cost bound
}

// Sel is a selector.
type Sel struct {
	K    SelKind
	T    uint8 // target index for STarget
	Kind TKind // for SAll, SRequisitioned, STarget
	F    Filter
}

// Dur is how long a continuous effect lasts (SN 7.4).
type Dur uint8

// Durations.
const (
	DurDefault Dur = iota // from the source: phase for instants and resources, turn for actives
	DurPhase
	DurTurn
	DurStatic // while the source applies (statics and equipment)
)

// Eff is one effect.
type Eff struct {
	V         Verb
	A, B      Sel // B: the second creature of confront, the player of for=
	N         int8
	DS, DE    int8
	KW        KW
	Token     uint8 // Def index of a token
	UnlessTap int8
	Until     Dur
	Other     bool
}

// AbKind is the kind of an ability.
type AbKind uint8

// Ability kinds.
const (
	AStatic AbKind = iota + 1
	AEquipped
	ATrigger
	AActive
	AResolve
	AAffinity
	ADissonance
)

// Event is the event of a triggered passive.
type Event uint8

// Events.
const (
	EvArrives Event = iota + 1
	EvDies
	EvDealsWoundsToPlayer
	EvOwnCreatureDies // creature_you_control_dies[other]
)

// TSpec is one target an ability must choose.
type TSpec struct {
	Kind TKind
	F    Filter
}

// Ab is one ability.
type Ab struct {
	Kind    AbKind
	Cost    int8
	Name    string
	Event   Event
	Subject Sel // static: the creatures it modifies (ALL:creature[...]); equipped: EQUIPPED
	DS, DE  int8
	KW      KW
	Effs    []Eff
	Targets []TSpec
}

// Def is one card definition.
type Def struct {
	ID      string
	Name    string
	Faction uint8 // 0 Neutral
	Type    Type
	Cost    int8
	S, E    int8
	Life    int16
	KW      KW
	DivTok  uint8 // Division token Def index, 0 if none
	DivN    int8
	Limit   int8 // copies allowed in a deck (2.2, 2.3); -1: unlimited (basic resources)
	Abs     []Ab
	// HasStatic: the card has a static or equipped ability (refresh looks only at those).
	HasStatic bool
}

// Table is a compiled catalog. Index 0 is unused so that 0 means "no card".
type Table struct {
	Defs   []Def
	byName map[string]uint8
	cat    *cards.Catalog
}

// first returns the first ability of kind k, or nil.
func (d *Def) first(k AbKind) *Ab {
	for i := range d.Abs {
		if d.Abs[i].Kind == k {
			return &d.Abs[i]
		}
	}
	return nil
}

func (d *Def) isCreature() bool { return d.Type == TCreature || d.Type == TToken }
