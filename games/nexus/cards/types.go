// Package cards is the Stellar Nexus card data: the card types, the ability grammar of
// SN Part C and its parser, the catalog of card definitions, the embedded starter set of
// SN Part D, and deck files with their construction rules (SN 2).
//
// Everything here is read once and never changed: a Catalog and the Cards and Abilities in
// it may be shared by every game.
package cards

import (
	"fmt"
	"strings"
)

// Faction is a card's faction (SN 5.1). Neutral is the zero value.
type Faction uint8

// The factions, in the order of SN 5.1.
const (
	Neutral Faction = iota
	DamNareh
	Kern
	Hilote
	Rayji
	Cypios
	numFactions
)

var factionNames = [...]string{"Neutral", "DamNareh", "Kern", "Hilote", "Rayji", "Cypios"}

// Factions lists every faction but Neutral, in SN 5.1 order.
var Factions = [...]Faction{DamNareh, Kern, Hilote, Rayji, Cypios}

// String is the data-file spelling of the faction ("DamNareh").
func (f Faction) String() string {
	if f < numFactions {
		return factionNames[f]
	}
	return fmt.Sprintf("Faction(%d)", f)
}

// FactionByName finds a faction by its data-file spelling, case-insensitively; "Dam'Nareh" and
// "Dam Nareh" are accepted too.
func FactionByName(name string) (Faction, error) {
	n := strings.NewReplacer("'", "", " ", "", "-", "").Replace(strings.TrimSpace(name))
	for i, s := range factionNames {
		if strings.EqualFold(n, s) {
			return Faction(i), nil
		}
	}
	return 0, fmt.Errorf("unknown faction %q (one of %s)", name, strings.Join(factionNames[:], ", "))
}

// Type is a card's type (SN 4).
type Type uint8

// The card types of SN C.1.
const (
	Creature Type = iota
	Instant
	Equipment
	Hero
	Resource // a basic resource
	SpecialResource
	Token
	numTypes
)

var typeNames = [...]string{"Creature", "Instant", "Equipment", "Hero", "Resource", "SpecialResource", "Token"}

// String is the data-file spelling of the type ("SpecialResource").
func (t Type) String() string {
	if t < numTypes {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", t)
}

// TypeByName finds a type by its data-file spelling, case-insensitively.
func TypeByName(name string) (Type, error) {
	for i, s := range typeNames {
		if strings.EqualFold(strings.TrimSpace(name), s) {
			return Type(i), nil
		}
	}
	return 0, fmt.Errorf("unknown type %q (one of %s)", name, strings.Join(typeNames[:], ", "))
}

// Keywords is a set of the keywords of SN 17 (Division is not in the set: see Card.Division).
type Keywords uint8

// The keywords, one bit each.
const (
	Agility Keywords = 1 << iota
	Alteration
	Menace
	Dissimulation
	Deployment
	allKeywords = Agility | Alteration | Menace | Dissimulation | Deployment
)

var keywordNames = [...]string{"Agility", "Alteration", "Menace", "Dissimulation", "Deployment"}

// Has reports whether every keyword of k2 is in k.
func (k Keywords) Has(k2 Keywords) bool { return k&k2 == k2 }

// String lists the keywords in SN 17 order, comma-separated ("Agility, Menace"); "" if none.
func (k Keywords) String() string {
	var parts []string
	for i, s := range keywordNames {
		if k&(1<<i) != 0 {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// List returns the single keywords of k in SN 17 order.
func (k Keywords) List() []Keywords {
	var out []Keywords
	for i := range keywordNames {
		if k&(1<<i) != 0 {
			out = append(out, 1<<i)
		}
	}
	return out
}

// KeywordByName finds one keyword by its exact spelling ("Agility"). Division is not one: it
// only appears in a card's keywords field, with its arguments.
func KeywordByName(name string) (Keywords, bool) {
	for i, s := range keywordNames {
		if name == s {
			return 1 << i, true
		}
	}
	return 0, false
}

// Unlimited is the Limit of a card that may be in a deck in any number (basic resources).
const Unlimited = -1

// Card is one card definition (SN C.1).
type Card struct {
	ID, Name string
	// Names are the card's names in other languages (NameLangs), by language: our own French
	// and Spanish names for the invented starter set (docs/cards.md). NameIn falls back to
	// Name.
	Names map[string]string
	// AbilityNames are the names of its named abilities (a hero's "Quickening") in other
	// languages: the English name, then a language of NameLangs, to a name. Shown, never read.
	AbilityNames map[string]map[string]string
	Faction      Faction
	Type         Type
	Cost         int // requisition cost (Creature, Instant, Equipment)
	S, E         int // printed strength and endurance (Creature, Token)
	Life         int // starting life (Hero)
	Keywords     Keywords
	Division     *Division // Division(TK x n) (SN 17.5), nil if none
	// Limit is the copy limit in a deck: 3 by default (SN 2.2), 1 for special resources
	// (SN 2.3), Unlimited for basic resources, 0 for tokens (never in a deck).
	Limit     int
	Abilities []Ability
	Text      []string // the ability texts as written in the data file
	// Index is the card's position in its Catalog, dense from 0, so that the engine can store
	// a card as a small integer (Catalog.Card(i)).
	Index int
}

// NameIn is the card's name in lang: its name in that language (Names), or the English name
// when it has none or lang is "en" or unknown.
func (c *Card) NameIn(lang string) string {
	if n, ok := c.Names[lang]; ok {
		return n
	}
	return c.Name
}

// NameLangs are the languages other than English a card or a deck may be named in (the
// "names" field of card data and deck files).
func NameLangs() []string { return []string{"fr", "es"} }

// IsRequisition reports whether the card is a requisition card: one that goes in a library
// and is requisitioned from hand (creatures, instants, equipment).
func (c *Card) IsRequisition() bool {
	return c.Type == Creature || c.Type == Instant || c.Type == Equipment
}

// IsResource reports whether the card goes in a resource pile (basic or special).
func (c *Card) IsResource() bool { return c.Type == Resource || c.Type == SpecialResource }

// IsCreature reports whether the card is a creature on the field (creatures and tokens, 4.6.1).
func (c *Card) IsCreature() bool { return c.Type == Creature || c.Type == Token }

// Division is the keyword Division(Token x N) (SN 17.5).
type Division struct {
	Token string // the token card's ID
	N     int
}

// AbilityKind is the kind of one ability line (SN C.2).
type AbilityKind uint8

// The ability kinds of grammar C.2.
const (
	Static     AbilityKind = iota // static: modifier (7.3(a))
	Equipped                      // equipped: changes (4.3.3)
	Trigger                       // when event: effects (7.3(b))
	Active                        // active(n) "name": effects (7.1, 7.2)
	Resolve                       // resolve: effects (instants, 4.2)
	Affinity                      // affinity: effects (9.2)
	Dissonance                    // dissonance: effects (9.2)
	numAbilityKinds
)

var abilityKindNames = [...]string{"static", "equipped", "trigger", "active", "resolve", "affinity", "dissonance"}

func (k AbilityKind) String() string {
	if k < numAbilityKinds {
		return abilityKindNames[k]
	}
	return fmt.Sprintf("AbilityKind(%d)", k)
}

// Event is what a triggered ability waits for.
type Event uint8

// The events of grammar C.2.
const (
	NoEvent                Event = iota
	Arrives                      // when arrives
	Dies                         // when dies
	DealsWoundsToPlayer          // when deals_wounds_to_player
	CreatureYouControlDies       // when creature_you_control_dies (EventOther: [other])
	numEvents
)

var eventNames = [...]string{"", "arrives", "dies", "deals_wounds_to_player", "creature_you_control_dies"}

func (e Event) String() string {
	if e < numEvents {
		return eventNames[e]
	}
	return fmt.Sprintf("Event(%d)", e)
}

// Ability is one parsed ability line.
type Ability struct {
	Kind       AbilityKind
	Text       string // the source text, for display
	Cost       int    // Active: resources to tap
	Name       string // Active: the quoted name ("Autolyse"), may be empty
	Event      Event  // Trigger
	EventOther bool   // creature_you_control_dies[other]: not this creature itself
	Subject    Selector
	Change     Change   // Static / Equipped: the changes
	Effects    []Effect // Trigger, Active, Resolve, Affinity, Dissonance: in the order written
	// Targets are the target slots the ability declares, in the order they are first written
	// (T, T1, T2 ...): what a player chooses when announcing (SN 7.5). A Selector of kind
	// SelTarget refers to Targets[Slot].
	Targets []TargetSpec
}

// Change is a stat change and keyword gains: a static or equipped modifier, or a delta.
type Change struct {
	DS, DE int
	Gains  Keywords
}

// Verb is an effect's verb (SN C.3).
type Verb uint8

// The verbs of SN C.3.
const (
	Wound Verb = iota
	Modify
	Grant
	Marker
	Counter
	Create
	Draw
	Tap
	Untap
	Destroy
	Resurrect
	Confront
	Regenerate
	GainLife
	LoseLife
	UntapResources
	numVerbs
)

var verbNames = [...]string{"wound", "modify", "grant", "marker", "counter", "create", "draw", "tap",
	"untap", "destroy", "resurrect", "confront", "regenerate", "gain_life", "lose_life", "untap_resources"}

// String is the verb as written in ability text ("gain_life").
func (v Verb) String() string {
	if v < numVerbs {
		return verbNames[v]
	}
	return fmt.Sprintf("Verb(%d)", v)
}

// Until is a duration override of modify and grant (SN 7.4).
type Until uint8

// The durations.
const (
	UntilDefault Until = iota // by the source (SN 7.4)
	UntilPhase                // until=phase
	UntilTurn                 // until=turn
)

func (u Until) String() string {
	switch u {
	case UntilDefault:
		return "default"
	case UntilPhase:
		return "phase"
	case UntilTurn:
		return "turn"
	}
	return fmt.Sprintf("Until(%d)", u)
}

// Effect is one verb call of an ability.
type Effect struct {
	Verb      Verb
	Sel       Selector // first selector / player argument
	Sel2      Selector // confront's second selector
	N         int      // wound/draw count, marker count, create count, life, untap count
	Delta     Change   // modify; marker (+1/+1 or -1/-1)
	Keyword   Keywords // grant
	Token     string   // create: token card ID
	UnlessTap int      // counter: 0 = hard counter
	For       Selector // create ... for=PLAYER (zero, SelNone = the effect's controller)
	Until     Until
	Other     bool // untap_resources(..., other): not this card
}

// SelKind is what a selector designates.
type SelKind uint8

// The selector kinds.
const (
	SelNone          SelKind = iota
	SelSelf                  // SELF: this card
	SelEquipped              // EQUIPPED: the creature this equipment is attached to
	SelRequisitioned         // REQUISITIONED[:kind[filter]] (SN 9.7)
	SelAll                   // ALL:kind[filter], untargeted
	SelTarget                // T, T1 ...: Ability.Targets[Slot]
	SelYou                   // YOU: the controller
	SelEachOpp               // EACH_OPP
	SelEachPlayer            // EACH_PLAYER
	numSelKinds
)

var selKindNames = [...]string{"none", "SELF", "EQUIPPED", "REQUISITIONED", "ALL", "target", "YOU", "EACH_OPP", "EACH_PLAYER"}

func (k SelKind) String() string {
	if k < numSelKinds {
		return selKindNames[k]
	}
	return fmt.Sprintf("SelKind(%d)", k)
}

// ObjKind is the kind of object a selector or target designates.
type ObjKind uint8

// The object kinds of grammar C.2.
const (
	ObjAny           ObjKind = iota // not said (REQUISITIONED alone)
	ObjCreature                     // creature
	ObjPlayer                       // player
	ObjRequisition                  // requisition: a requisition on the stack
	ObjGraveCreature                // creature_card@graveyard
	numObjKinds
)

var objKindNames = [...]string{"any", "creature", "player", "requisition", "creature_card@graveyard"}

// String is the kind as written in ability text.
func (k ObjKind) String() string {
	if k < numObjKinds {
		return objKindNames[k]
	}
	return fmt.Sprintf("ObjKind(%d)", k)
}

// NoMaxCost is Filter.MaxCost when the filter has no cost<= qualifier.
const NoMaxCost = -1

// Filter is a selector's or target's qualifiers ([you,other,Alteration,cost<=3]). You and Opp
// are relative to the ability's controller; for a player kind, they select that player.
// MaxCost is NoMaxCost (-1) unless the filter says cost<=N.
type Filter struct {
	You, Opp, Other, Token, Equipped bool
	Keywords                         Keywords // the object must have all of these
	MaxCost                          int      // NoMaxCost: none
}

// AnyFilter is the filter with no qualifier.
func AnyFilter() Filter { return Filter{MaxCost: NoMaxCost} }

// String writes the qualifiers in grammar order ("you,other,Alteration,cost<=3"), "" if none.
func (f Filter) String() string {
	var q []string
	for _, x := range []struct {
		on bool
		s  string
	}{{f.You, "you"}, {f.Opp, "opp"}, {f.Other, "other"}, {f.Token, "token"}, {f.Equipped, "equipped"}} {
		if x.on {
			q = append(q, x.s)
		}
	}
	for _, k := range f.Keywords.List() {
		q = append(q, k.String())
	}
	if f.MaxCost != NoMaxCost {
		q = append(q, fmt.Sprintf("cost<=%d", f.MaxCost))
	}
	return strings.Join(q, ",")
}

// Selector designates the objects or players an effect applies to.
type Selector struct {
	Kind SelKind
	Slot int     // SelTarget: index into Ability.Targets
	Obj  ObjKind // SelAll, SelRequisitioned (ObjAny if not said), SelTarget: the slot's kind
	// Filter is the selector's filter; for SelTarget a copy of the slot's filter. For kinds
	// without a filter it is AnyFilter().
	Filter Filter
}

// TargetSpec is one target slot of an ability: what the player must choose (SN 7.5).
type TargetSpec struct {
	Name   string // "T", "T1"
	Obj    ObjKind
	Filter Filter
}

// an writes the type with its indefinite article ("an Instant", "a Creature") for messages.
func an(t Type) string {
	if s := t.String(); strings.ContainsRune("AEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + t.String()
}
