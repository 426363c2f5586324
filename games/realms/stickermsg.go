package realms

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/i18n/msg"
)

// Sticker sheets as players read them (SR 8.3-8.5): what each row's stickers give, in the
// card-text messages (AbilityMsgs), and what they cost: the printed costs of the cards a row
// serves and the Trade an upgrade costs on top of the card (UpgradeCost). The sheet's own
// words (its title, the row's line, the cost rule) are the campaign catalog's
// (i18n/en/campaign.json, ids campaign.sheet.*).

// UpgradeCost is the Trade an upgrade of a card of kind k costs on top of the card's (SR
// 8.3): 2 for a ship, 3 for a base.
func UpgradeCost(k Kind) int { return int(upgradeCost(k)) }

// StickerText is one action sticker as players read it.
type StickerText struct {
	// Part is the part of the card the sticker joins, as in CardText's JSON: "primary" (it
	// resolves with the card's Primary ability), "ally" or "scrap".
	Part string `json:"part"`
	// Text is the sticker's effects, one sentence a message (AbilityMsgs).
	Text []msg.Msg `json:"text"`
	// Msg is the whole sticker as one message: "Ally: +1 Combat.".
	Msg msg.Msg `json:"msg"`
	// Extra is the Trade the upgrade costs on top of the card (SR 8.3).
	Extra int `json:"extra"`
}

// SheetRowText is one row of a sticker sheet as players read it.
type SheetRowText struct {
	Row   int          `json:"row"`   // from 1
	Costs []int        `json:"costs"` // the printed costs of the cards the row serves
	Ship  *StickerText `json:"ship,omitempty"`
	Base  *StickerText `json:"base,omitempty"`
	// Msg is the row in one message, for the terminal: "Row 1 — cards costing 1 or 2: ship
	// (2 more Trade): +1 Combat. · base (3 more Trade): +2 Authority."
	Msg msg.Msg `json:"msg"`
}

var slotParts = map[Slot]string{Primary: "primary", Ally: "ally", ScrapSlot: "scrap"}

// StickerMsgs reads a sticker's text (ParseSticker) as players read it, for a card of kind k;
// nil for "" (no sticker).
func StickerMsgs(text string, k Kind) (*StickerText, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	ab, on, err := ParseSticker(text)
	if err != nil {
		return nil, err
	}
	st := &StickerText{Part: slotParts[on], Text: AbilityMsgs(ab), Extra: UpgradeCost(k)}
	st.Msg = msg.M("campaign.sheet.sticker", "part", st.Part, "text", st.Text)
	return st, nil
}

// CostsMsg is a list of printed costs: "1", "1 or 2", "1, 2 or 3".
func CostsMsg(costs []int) any {
	switch len(costs) {
	case 0:
		return ""
	case 1:
		return costs[0]
	}
	parts := make([]string, len(costs)-1)
	for i, c := range costs[:len(costs)-1] {
		parts[i] = strconv.Itoa(c)
	}
	return msg.M("campaign.sheet.costs", "some", strings.Join(parts, ", "), "last", costs[len(costs)-1])
}

// SheetText is sheet sh's rows as players read them.
func SheetText(sh StickerSheet) ([]SheetRowText, error) {
	out := make([]SheetRowText, 0, len(sh.Rows))
	for k, row := range sh.Rows {
		r := SheetRowText{Row: k + 1, Costs: append([]int{}, row.Costs...)}
		var err error
		if r.Ship, err = StickerMsgs(row.Ship, Ship); err != nil {
			return nil, fmt.Errorf("sheet %s row %d, ship sticker: %w", sh.Name, k+1, err)
		}
		if r.Base, err = StickerMsgs(row.Base, Base); err != nil {
			return nil, fmt.Errorf("sheet %s row %d, base sticker: %w", sh.Name, k+1, err)
		}
		r.Msg = msg.M("campaign.sheet.row", "n", r.Row, "costs", CostsMsg(r.Costs),
			"ship", stickerCell(r.Ship, Ship), "base", stickerCell(r.Base, Base))
		out = append(out, r)
	}
	return out, nil
}

// stickerCell is one column of a row's line: the sticker with its extra cost, or "no ship
// sticker".
func stickerCell(st *StickerText, k Kind) msg.Msg {
	if st == nil {
		return msg.M("campaign.sheet.no_sticker", "kind", k.String())
	}
	return msg.M("campaign.sheet.cell", "kind", k.String(), "extra", st.Extra, "sticker", st.Msg)
}

// SheetMsgs is sheet sh as lines for a terminal: its title, the cost rule, and one line a
// row, marked "used" where used says so (nil: none).
func SheetMsgs(sh StickerSheet, owner string, used func(row int) bool) ([]msg.Msg, error) {
	rows, err := SheetText(sh)
	if err != nil {
		return nil, err
	}
	out := []msg.Msg{
		msg.M("campaign.sheet.title", "sheet", sh.Name, "owner", owner),
		msg.M("campaign.sheet.rule", "ship", UpgradeCost(Ship), "base", UpgradeCost(Base)),
	}
	for _, r := range rows {
		u := "no"
		if used != nil && used(r.Row) {
			u = "yes"
		}
		out = append(out, msg.M("campaign.sheet.row_line", "row", r.Msg, "used", u))
	}
	return out, nil
}

// SheetInGame is a sticker sheet of this campaign game: its owner and the rows used so far
// (in earlier games and in this one). ok is false when no sheet of the game has that name.
func (s *State) SheetInGame(name string) (sh StickerSheet, owner engine.Seat, used []bool, ok bool) {
	b := s.cat.book
	if b == nil {
		return sh, 0, nil, false
	}
	for k := range b.rows {
		br := &b.rows[k]
		if !engine.EqualFold(br.Ref.Sheet, strings.TrimSpace(name)) {
			continue
		}
		if !ok {
			sh.Name, owner, ok = br.Ref.Sheet, br.Seat, true
		}
		sh.Rows = append(sh.Rows, StickerRow{Costs: br.Costs, Ship: br.Text[Ship], Base: br.Text[Base]})
		used = append(used, s.rowUsed(k))
	}
	return sh, owner, used, ok
}

// SheetNames lists the sticker sheets of this campaign game, in seat order ("" none).
func (s *State) SheetNames() []string {
	b := s.cat.book
	if b == nil {
		return nil
	}
	var out []string
	for k := 0; k < len(b.rows); k += 5 {
		out = append(out, b.rows[k].Ref.Sheet)
	}
	return out
}
