package realms

import "starnexus/engine"

// An Action packs, from the high bits down: kind (4 bits), card (8), zone or slot (4),
// seat (4) and a number (12).
const (
	actEnd = iota + 1
	actPlay
	actUse
	actBuy
	actAttackPlayer
	actAttackBase
	actChooseOpt
	actChooseCard
	actChoosePlayer
	actSkip
	actDone
)

// Zones named in choose actions.
const (
	zNone = iota
	zHand
	zDiscard
	zRow
	zPlay
)

// qualified marks a choose-card action whose text names its zone or owner.
const qualified = 1

func mk(kind int, card CardID, zone int, seat engine.Seat, n int) engine.Action {
	return engine.Action(uint32(kind)<<28 | uint32(card)<<20 | uint32(zone&15)<<16 | uint32(uint8(seat)&15)<<12 | uint32(n&0xfff))
}

func kindOf(a engine.Action) int         { return int(a >> 28) }
func cardOf(a engine.Action) CardID      { return CardID(a >> 20) }
func zoneOf(a engine.Action) int         { return int(a>>16) & 15 }
func seatOf(a engine.Action) engine.Seat { return engine.Seat((a >> 12) & 15) }
func nOf(a engine.Action) int            { return int(a & 0xfff) }

func mkWord(kind int) engine.Action              { return mk(kind, 0, 0, 0, 0) }
func mkPlay(c CardID) engine.Action              { return mk(actPlay, c, 0, 0, 0) }
func mkUse(c CardID, slot Slot) engine.Action    { return mk(actUse, c, int(slot), 0, 0) }
func mkBuy(c CardID) engine.Action               { return mk(actBuy, c, 0, 0, 0) }
func mkChooseOpt(i int) engine.Action            { return mk(actChooseOpt, 0, 0, 0, i) }
func mkChoosePlayer(t engine.Seat) engine.Action { return mk(actChoosePlayer, 0, 0, t, 0) }
func mkAttackPlayer(t engine.Seat, n int) engine.Action {
	return mk(actAttackPlayer, 0, 0, t, n)
}
func mkAttackBase(t engine.Seat, c CardID) engine.Action { return mk(actAttackBase, c, 0, t, 0) }

// mkChooseCard: q says whether the text qualifies the card with its zone (or owner, for a
// card in play). The flag is part of the action so that each distinct answer has one text.
func mkChooseCard(c CardID, zone int, owner engine.Seat, q bool) engine.Action {
	n := 0
	if q {
		n = qualified
	}
	return mk(actChooseCard, c, zone, owner, n)
}

// ActionInfo describes an action for bots and clients without its text.
type ActionInfo struct {
	Kind   string // end, play, use, buy, attack-player, attack-base, choose-option, choose-card, choose-player, skip, done
	Card   CardID
	Slot   Slot
	Zone   string // hand, discard, row, play for choose-card
	Seat   engine.Seat
	Amount int
}

var kindNames = [...]string{"", "end", "play", "use", "buy", "attack-player", "attack-base", "choose-option", "choose-card", "choose-player", "skip", "done", "give", "pass"}
var zoneNames = [...]string{"", "hand", "discard", "row", "play", "deck"}

// Describe decodes an action made by this package.
func Describe(a engine.Action) ActionInfo {
	k := kindOf(a)
	info := ActionInfo{Card: cardOf(a), Seat: seatOf(a), Amount: nOf(a)}
	if k < len(kindNames) {
		info.Kind = kindNames[k]
	}
	switch k {
	case actUse:
		info.Slot = Slot(zoneOf(a))
	case actChooseCard:
		if z := zoneOf(a); z < len(zoneNames) {
			info.Zone = zoneNames[z]
		}
	}
	return info
}

// Action kinds, exported for bots that sort actions quickly without decoding them fully.
const (
	KindEnd          = actEnd
	KindPlay         = actPlay
	KindUse          = actUse
	KindBuy          = actBuy
	KindAttackPlayer = actAttackPlayer
	KindAttackBase   = actAttackBase
	KindChooseOpt    = actChooseOpt
	KindChooseCard   = actChooseCard
	KindChoosePlayer = actChoosePlayer
	KindSkip         = actSkip
	KindDone         = actDone
	KindGive         = actGive
	KindPass         = actPass
)

// Kind returns an action's kind (one of the Kind constants).
func ActionKind(a engine.Action) int { return kindOf(a) }

// ActionCard returns the card an action names (0 if none).
func ActionCard(a engine.Action) CardID { return cardOf(a) }

// ActionSeat returns the seat an action names (attacks, player choices, base owners).
func ActionSeat(a engine.Action) engine.Seat { return seatOf(a) }

// ActionAmount returns an attack's amount or a choose-one option's number.
func ActionAmount(a engine.Action) int { return nOf(a) }

// ActionSlot returns the ability slot of a use action.
func ActionSlot(a engine.Action) Slot { return Slot(zoneOf(a)) }
