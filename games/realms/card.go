package realms

import "strings"

// CardID is a card's index in a Catalog plus one; 0 means no card. States store cards as
// CardIDs so that zones are small arrays of bytes.
type CardID uint8

// Faction is a bit set of factions.
type Faction uint8

// The factions of SR 1.2.
const (
	Blob Faction = 1 << iota
	TradeFederation
	StarEmpire
	MachineCult
	Consortium
	Kingdom
	Scavengers
	numFactions = iota
)

var factionNames = [numFactions]string{"Blob", "Trade Federation", "Star Empire", "Machine Cult", "Consortium", "Kingdom", "Scavengers"}

// FactionByName returns the faction whose name is s (case-insensitive).
func FactionByName(s string) (Faction, bool) {
	for i, n := range factionNames {
		if strings.EqualFold(n, s) {
			return 1 << i, true
		}
	}
	return 0, false
}

// Names lists the factions in f.
func (f Faction) Names() []string {
	out := []string{}
	for i, n := range factionNames {
		if f&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Kind is ship or base (SR 1.1).
type Kind uint8

// The two kinds of card.
const (
	Ship Kind = iota
	Base
)

func (k Kind) String() string {
	if k == Base {
		return "base"
	}
	return "ship"
}

// Slot names one of a card's abilities.
type Slot uint8

// Ability slots (SR 1.4). Trigger abilities are not used by a player; they fire.
const (
	Primary Slot = iota
	Ally
	ScrapSlot
	OnPlayShip // "whenever you play a [FACTION] ship" (Fleet HQ, Command Center)
	OnAcquire  // resolved when the card is acquired (SR 7.1; Colony Wars "may put this card into hand")
	Sticker    // an upgraded copy's action sticker, resolved right after the Primary (SR 8.4)
	numSlots
)

var slotNames = [numSlots]string{"primary", "ally", "scrap", "trigger", "acquire", "sticker"}

func (s Slot) String() string { return slotNames[s] }

// Card is one card design, as read from the card data.
type Card struct {
	Name string
	// Names are the card's names in other languages (NameLangs), by language: the official
	// ones of the rulebooks; a language without a name shows the English one (NameIn).
	Names     map[string]string
	Aliases   []string // other spellings a player may type
	Set       string
	Faction   Faction
	Kind      Kind
	Outpost   bool
	Cost      int  // -1: cannot be bought
	Defense   int  // bases only
	Quantity  int  // copies in the set's box
	Deck      Deck // where the copies live at setup
	Abilities [numSlots]Ability
	AllyAll   bool // static: counts as an ally of every faction (Mech World)
	// TriggerFaction limits the OnPlayShip trigger to ships of these factions (Command
	// Center: "whenever you play a Star Empire ship"); 0: every ship (Fleet HQ).
	TriggerFaction Faction
	Texts          [numSlots]string
	StaticTxt      []string

	// AllyFaction is the faction an Ally ability of this card needs in another card (SR 4.8);
	// 0 means Faction. An upgraded copy keeps its printed Ally faction while its Faction
	// gains the upgrader's.
	AllyFaction Faction
	// Upgraded copies (SR 8.4, upgrade.go): Base is the printed card, Row the sticker's row,
	// Upgrader the faction sticker's faction. Base is 0 for a printed card. An upgraded
	// copy's Abilities[OnAcquire] is the printed on-acquire ability, resolved only by the
	// acquisition that upgrades it (SR 8.6); its Texts[OnAcquire] is empty.
	Base     CardID
	Row      RowRef
	Upgrader Faction
	// StickerOn is the ability the action sticker (Abilities[Sticker]) follows: Primary,
	// Ally or ScrapSlot (ParseSticker).
	StickerOn Slot
}

// has reports whether the card has an ability in slot, counting an action sticker that
// follows it.
// NameIn is the card's name in lang: its name in that language (Names), or the English name
// when the rulebooks give none or lang is "en" or unknown.
func (c *Card) NameIn(lang string) string {
	if n, ok := c.Names[lang]; ok {
		return n
	}
	return c.Name
}

func (c *Card) has(slot Slot) bool {
	return len(c.Abilities[slot]) > 0 || (c.StickerOn == slot && len(c.Abilities[Sticker]) > 0)
}

// allyFaction is what an Ally ability of c needs (SR 4.8).
func (c *Card) allyFaction() Faction {
	if c.AllyFaction != 0 {
		return c.AllyFaction
	}
	return c.Faction
}

// Deck says where a card's copies start the game.
type Deck uint8

// Decks a card may belong to.
const (
	TradeDeck Deck = iota
	ExplorerPile
	Starting
)

var deckNames = [...]string{"trade", "explorer", "starting"}

func (d Deck) String() string { return deckNames[d] }

// Ability is a sequence of effects resolved left to right.
type Ability []Effect

// Op is what an effect does.
type Op uint8

// Effect operations of the ability language (docs/cards.md).
const (
	OpNone Op = iota
	OpTrade
	OpCombat
	OpAuthority
	OpDraw
	OpOpponentDiscards
	OpScrap          // scrap cards from own hand and/or discard pile
	OpScrapRow       // scrap cards from the Trade Row
	OpDiscard        // discard cards from own hand
	OpDestroyBase    // destroy target base
	OpAcquireFree    // acquire a card from the Trade Row without paying
	OpNextShipTop    // the next ship acquired this turn goes on top of the deck
	OpCopyShip       // become a copy of another ship played this turn
	OpChooseOne      // one of Options
	OpIf             // Then, if the condition holds
	OpNextCardTop    // the next ship or base acquired this turn goes on top of the deck
	OpNextCardHand   // the next ship or base acquired this turn goes into the hand
	OpCopyBase       // become a copy of another base in play until the end of the turn
	OpAcquiredToHand // on acquire: put the card just acquired into the hand
	OpForEach        // Then, once per card handled by the previous effect ("for each card ... this way")
	OpDrawDiscard    // draw N, then discard Discard cards from hand (SR 7.2, Consortium)
)

// Zone bits for effects that pick cards.
const (
	ZoneHand uint8 = 1 << iota
	ZoneDiscard
	ZoneRow
	ZonePlay
)

// Per says what a "per ..." count counts.
type Per uint8

// Counts for "per ..." effects.
const (
	PerNone         Per = iota
	PerPlayed           // cards of PerFaction played this turn (SR 4.15)
	PerThisWay          // cards scrapped or discarded by the previous effect of this ability
	PerScrappedTurn     // cards the player scrapped from hand or discard pile this turn (The Incinerator)
)

// Cond is a condition of an "if" effect.
type Cond uint8

// Conditions.
const (
	CondNone          Cond = iota
	CondBases              // you have at least N bases in play
	CondOpponentBases      // an opponent you may target has at least N bases in play (Lancer)
	CondPlayed             // you played a card of CondFaction this turn (on-acquire abilities)
)

// Effect is one step of an ability.
type Effect struct {
	Op          Op
	N           int  // amount, or the maximum number of cards
	May         bool // optional ("may"): the player can decline
	UpTo        bool // "up to N": zero to N cards
	Zones       uint8
	Per         Per
	PerFaction  Faction
	PerWhat     string // "scrapped" or "discarded", for PerThisWay
	Cond        Cond
	CondN       int
	CondFaction Faction   // for CondPlayed
	Then        Ability   // for OpIf and OpForEach
	Options     []Ability // for OpChooseOne
	Kind        int       // for OpAcquireFree: -1 any, else Kind
	MaxCost     int       // for OpAcquireFree: -1 any cost
	Dest        Dest      // for OpAcquireFree
	Discard     int       // for OpDrawDiscard: cards discarded after the draw
}

// Dest is where an acquired card goes.
type Dest uint8

// Destinations of an acquisition (SR 5.1).
const (
	ToDiscard Dest = iota
	ToDeckTop
	ToHand
)
