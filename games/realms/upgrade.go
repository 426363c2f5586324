package realms

import (
	"starnexus/engine"
)

// Rise of Empire campaign mechanisms (SR 8): sticker sheets, upgraded copies of cards, the
// political victory, and the rule hooks a campaign scenario may set.

// StickerSheet is one sheet of action stickers (SR 8.5).
type StickerSheet struct {
	Name string       // unique within a campaign, e.g. "Empire 1"
	Rows []StickerRow // exactly 5 (SR 8.5)
}

// StickerRow is one row of a sheet: the printed costs it serves and its two stickers.
type StickerRow struct {
	Costs []int // the printed costs this row serves, e.g. [1, 2]
	// Ship and Base are the stickers' ability texts in the card ability language. A text
	// starting "and " adds to the Primary (SR 8.4); "ally: ..." and "scrap: ..." add to
	// the card's Ally or Scrap ability; any other text is a new ability resolved with the
	// Primary. "" means no sticker in that column.
	Ship string
	Base string
}

// RowRef names one row of one sheet.
type RowRef struct {
	Sheet string
	Row   int // from 1
}

// Upgrade is one upgraded copy of a card (SR 8.4).
type Upgrade struct {
	Card    string // the card's name
	Sheet   string
	Row     int     // from 1; the column follows from the card's kind
	Faction Faction // the upgrader's faction (SR 8.4), e.g. StarEmpire
}

// CampaignSeat is what one seat brings to a campaign game.
type CampaignSeat struct {
	Faction Faction        // StarEmpire or TradeFederation
	Sheets  []StickerSheet // every sheet this player has received
	Used    []RowRef       // rows used up in earlier games (one sticker per row, ever)
	Current string         // the sheet of the current scenario (political victory, SR 8.7)

	// Rule hooks a campaign scenario may set (docs/scenarios.md).
	Authority int      // starting authority; 0 keeps the format's
	Deck      []string // extra cards shuffled into the starting deck
	Hand      []string // extra cards added to the starting hand
	InPlay    []string // cards in play at the start (bases stay, ships are discarded at the end of the first turn)
	TurnStart string   // an ability resolved at the start of each of this seat's turns, e.g. "trade 1"
}

// Campaign is the Rise of Empire part of a game's options (SR 8). Options.Campaign nil: no
// upgrades are offered.
type Campaign struct {
	Seats     []CampaignSeat // one per seat, in seat order
	Upgraded  []Upgrade      // upgraded copies among the trade deck (they replace plain copies)
	Political bool           // SR 8.7 political victory is on (scenarios 1-4)
}

// SeatUpgrade is one upgrade made during a game.
type SeatUpgrade struct {
	Seat engine.Seat
	Upgrade
	Row RowRef
}

// UpgradesMade lists the upgrades made during this game, in order.
func (s *State) UpgradesMade() []SeatUpgrade {
	return nil
}
