package realms

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/i18n/msg"
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
	Faction Faction // the upgrader's faction (SR 8.4), e.g. StarEmpire; 0: the row owner's
}

// CampaignSeat is what one seat brings to a campaign game.
type CampaignSeat struct {
	Faction Faction        // StarEmpire or TradeFederation
	Sheets  []StickerSheet // every sheet this player has received
	Used    []RowRef       // rows used up in earlier games (one sticker per row, ever)
	Current string         // the sheet of the current scenario (political victory, SR 8.7)

	// Rule hooks a campaign scenario may set (docs/scenarios.md).
	Authority int // starting authority; 0 keeps the format's
	// StartingDeck is the seat's personal deck (SR 7.3), which replaces the 8 Scouts and 2
	// Vipers of SR 2.1; nil keeps those.
	StartingDeck []string
	Deck         []string // extra cards shuffled into the starting deck before the hands are drawn
	Hand         []string // extra cards added to the starting hand
	InPlay       []string // cards in play at the start (bases stay, ships are discarded at the end of the first turn)
	TurnStart    string   // an ability resolved at the start of each of this seat's turns, e.g. "trade 1"
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

// The compact State keeps one-byte CardIDs. An upgraded copy is a card design of its own
// (its printed card, the sticker, the faction sticker): the design of every upgrade the
// sticker sheets allow is built once when the game is set up (upgradeBook.combos, shared by
// every clone), and a copy present in the game gets an id after the printed cards in the
// game's own Catalog, which is copied (3 KB) each time an upgrade adds a design during play.
// See docs/decisions.md, "Rise of Empire mechanisms".

// maxRows bounds the sticker rows of a campaign game (both seats): RowsUsed is a bit set.
const maxRows = 128

// upgradeCost is the extra Trade an upgrade costs (SR 8.3).
func upgradeCost(k Kind) int16 {
	if k == Base {
		return 3
	}
	return 2
}

// bookRow is one sticker row of one seat.
type bookRow struct {
	Seat    engine.Seat
	Ref     RowRef
	Costs   []int
	Text    [2]string  // by Kind: the ship and base stickers as written
	Ability [2]Ability // by Kind; nil: no sticker
	On      [2]Slot    // by Kind: the ability each sticker follows
	Faction Faction    // the seat's (the faction sticker)
	Before  bool       // used in an earlier game
	Current bool       // on the seat's current sheet (SR 8.7)
}

func (r *bookRow) serves(cost int) bool {
	for _, c := range r.Costs {
		if c == cost {
			return true
		}
	}
	return false
}

type comboKey struct {
	base CardID
	row  uint16
	fac  Faction
}

// upgradeBook is a campaign game's fixed part, shared by every clone of the game.
type upgradeBook struct {
	rows      []bookRow
	rowIdx    map[RowRef]int
	seatRows  [MaxSeats][2]int // rows of each seat: [from, to)
	combos    map[comboKey]*Card
	political bool
	turnStart [MaxSeats]CardID // the ability a seat resolves at the start of its turns (a pseudo card)
}

// setupCampaign validates opts.Campaign and gives the State its campaign catalog.
func (s *State) setupCampaign() error {
	camp := s.opts.Campaign
	if camp == nil {
		return nil
	}
	if len(camp.Seats) != int(s.NSeats) {
		return fmt.Errorf("campaign: %d seats for %d players", len(camp.Seats), s.NSeats)
	}
	base := s.cat
	if base.book != nil || len(base.ext) > 0 {
		return fmt.Errorf("campaign: the catalog is already a campaign game's")
	}
	b := &upgradeBook{rowIdx: map[RowRef]int{}, combos: map[comboKey]*Card{}, political: camp.Political}
	sheetSeat := map[string]int{}
	for i, cs := range camp.Seats {
		who := s.SeatName(engine.Seat(i))
		if len(cs.Faction.Names()) != 1 {
			return fmt.Errorf("campaign: %s: the faction must be one faction, got %q", who, strings.Join(cs.Faction.Names(), "/"))
		}
		b.seatRows[i][0] = len(b.rows)
		for _, sh := range cs.Sheets {
			if err := checkSheetName(sh.Name); err != nil {
				return fmt.Errorf("campaign: %s: %w", who, err)
			}
			if prev, dup := sheetSeat[lower(sh.Name)]; dup {
				return fmt.Errorf("campaign: %s: sheet %q is already %s's (sheet names are unique in a campaign)", who, sh.Name, s.SeatName(engine.Seat(prev)))
			}
			sheetSeat[lower(sh.Name)] = i
			if len(sh.Rows) != 5 {
				return fmt.Errorf("campaign: %s: sheet %q has %d rows; a sheet has 5 (SR 8.5)", who, sh.Name, len(sh.Rows))
			}
			for k, row := range sh.Rows {
				ref := RowRef{Sheet: sh.Name, Row: k + 1}
				br := bookRow{Seat: engine.Seat(i), Ref: ref, Costs: row.Costs, Faction: cs.Faction,
					Current: cs.Current != "" && engine.EqualFold(cs.Current, sh.Name)}
				if len(row.Costs) == 0 {
					return fmt.Errorf("campaign: %s: sheet %q row %d serves no cost", who, sh.Name, k+1)
				}
				for _, c := range row.Costs {
					if c < 0 || c > 99 {
						return fmt.Errorf("campaign: %s: sheet %q row %d: cost %d is out of range", who, sh.Name, k+1, c)
					}
				}
				for kind, text := range [2]string{row.Ship, row.Base} {
					ab, on, err := ParseSticker(text)
					if err != nil {
						return fmt.Errorf("campaign: %s: sheet %q row %d, %s sticker: %w", who, sh.Name, k+1, Kind(kind), err)
					}
					br.Text[kind], br.Ability[kind], br.On[kind] = strings.TrimSpace(text), ab, on
				}
				b.rowIdx[RowRef{Sheet: lower(sh.Name), Row: k + 1}] = len(b.rows)
				b.rows = append(b.rows, br)
			}
		}
		b.seatRows[i][1] = len(b.rows)
		if len(b.rows) > maxRows {
			return fmt.Errorf("campaign: more than %d sticker rows", maxRows)
		}
		if cs.Current != "" {
			if j, ok := sheetSeat[lower(cs.Current)]; !ok || j != i {
				return fmt.Errorf("campaign: %s: the current sheet %q is not one of this player's sheets", who, cs.Current)
			}
		} else if camp.Political {
			return fmt.Errorf("campaign: %s: political victory needs the current sheet (SR 8.7)", who)
		}
	}
	for i, cs := range camp.Seats {
		for _, u := range cs.Used {
			r, ok := b.row(u)
			if !ok || b.rows[r].Seat != engine.Seat(i) {
				return fmt.Errorf("campaign: %s: used row %s/%d is not a row of this player's sheets", s.SeatName(engine.Seat(i)), u.Sheet, u.Row)
			}
			b.rows[r].Before = true
		}
	}
	// Every upgrade a seat may make: each printed trade-deck card its rows serve.
	for r := range b.rows {
		br := &b.rows[r]
		if br.Before {
			continue
		}
		for i := range base.Cards {
			c := &base.Cards[i]
			if c.Deck == TradeDeck && c.Cost >= 0 && br.Ability[c.Kind] != nil && br.serves(c.Cost) {
				b.combos[comboKey{CardID(i + 1), uint16(r), br.Faction}] = b.upgraded(CardID(i+1), c, r, br.Faction)
			}
		}
	}
	cat := *base
	cat.book = b
	s.cat = &cat
	for i, cs := range camp.Seats {
		if strings.TrimSpace(cs.TurnStart) == "" {
			continue
		}
		ab, err := ParseTurnStart(cs.TurnStart)
		if err != nil {
			return fmt.Errorf("campaign: %s: turn_start: %w", s.SeatName(engine.Seat(i)), err)
		}
		pseudo := &Card{Name: "start of " + s.SeatName(engine.Seat(i)) + "'s turn", Cost: -1, Deck: Starting, Quantity: 1}
		pseudo.Abilities[Primary], pseudo.Texts[Primary] = ab, strings.TrimSpace(cs.TurnStart)
		if b.turnStart[i], err = s.addDesign(pseudo); err != nil {
			return err
		}
	}
	return nil
}

// checkSheetName refuses names that would make an upgraded copy's name ambiguous.
func checkSheetName(n string) error {
	if strings.TrimSpace(n) == "" {
		return fmt.Errorf("a sticker sheet has no name")
	}
	if strings.ContainsAny(n, "/():,") {
		return fmt.Errorf("sheet name %q may not contain '/', '(', ')', ':' or ','", n)
	}
	if strings.Contains(lower(n), " row ") || strings.HasSuffix(lower(n), " row") {
		return fmt.Errorf("sheet name %q may not contain the word \"row\"", n)
	}
	return nil
}

func (b *upgradeBook) row(ref RowRef) (int, bool) {
	r, ok := b.rowIdx[RowRef{Sheet: lower(strings.TrimSpace(ref.Sheet)), Row: ref.Row}]
	return r, ok
}

// ParseSticker reads a sticker's ability text (SR 8.4) and says which ability it follows:
// "and EFFECTS" adds to the Primary; "ally: EFFECTS" and "scrap: EFFECTS" add to the card's
// Ally ability (its printed faction's) or Scrap ability, or give it one; other EFFECTS are a
// new ability under the Primary, resolved right after it. "" is no sticker (nil).
func ParseSticker(text string) (Ability, Slot, error) {
	t := strings.TrimSpace(text)
	on := Primary
	if rest, ok := cutPrefixFold(t, "and "); ok {
		t = rest
	} else if rest, ok := cutPrefixFold(t, "ally:"); ok {
		t, on = rest, Ally
	} else if rest, ok := cutPrefixFold(t, "scrap:"); ok {
		t, on = rest, ScrapSlot
	}
	if text != "" && t == "" {
		return nil, on, fmt.Errorf("%q: the sticker has no effect", text)
	}
	ab, err := ParseTurnStart(t)
	return ab, on, err
}

// ParseTurnStart reads an ability that belongs to no printed slot (a sticker's, a turn
// start's): the ability language without copies or "put this card into hand".
func ParseTurnStart(text string) (Ability, error) {
	ab, err := ParseAbility(text)
	if err != nil {
		return nil, err
	}
	for _, e := range flatten(ab) {
		switch e.Op {
		case OpCopyShip, OpCopyBase, OpAcquiredToHand:
			return nil, fmt.Errorf("%q: may not %s", text, effectText(e))
		}
	}
	return ab, nil
}

// upgraded builds the design of printed card c (id) upgraded with row r's sticker and
// faction fac (SR 8.4, 8.6).
func (b *upgradeBook) upgraded(id CardID, c *Card, r int, fac Faction) *Card {
	br := &b.rows[r]
	u := *c
	u.Name = UpgradedName(c.Name, br.Ref)
	u.Aliases, u.Names = nil, nil
	for l, n := range c.Names {
		if u.Names == nil {
			u.Names = map[string]string{}
		}
		u.Names[l] = UpgradedName(n, br.Ref)
	}
	u.Quantity = 1
	u.Base, u.Row, u.Upgrader = id, br.Ref, fac
	u.AllyFaction = c.allyFaction()
	u.Faction = c.Faction | fac
	u.Abilities[Sticker], u.Texts[Sticker], u.StickerOn = br.Ability[c.Kind], br.Text[c.Kind], br.On[c.Kind]
	u.Texts[OnAcquire] = "" // lost for good once the upgrade has resolved it (SR 8.6)
	return &u
}

// UpgradedName is the name of an upgraded copy: "Cutter (Empire 1/3)".
func UpgradedName(card string, row RowRef) string {
	return fmt.Sprintf("%s (%s/%d)", card, row.Sheet, row.Row)
}

// splitUpgradedName reads "Cutter (Empire 1/3)".
func splitUpgradedName(name string) (string, RowRef, bool) {
	name = strings.TrimSpace(name)
	i := strings.LastIndex(name, "(")
	if i < 0 || !strings.HasSuffix(name, ")") {
		return "", RowRef{}, false
	}
	in := name[i+1 : len(name)-1]
	j := strings.LastIndex(in, "/")
	if j < 0 {
		return "", RowRef{}, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(in[j+1:]))
	if err != nil {
		return "", RowRef{}, false
	}
	return strings.TrimSpace(name[:i]), RowRef{Sheet: strings.TrimSpace(in[:j]), Row: n}, true
}

// lookupUpgraded finds an upgraded copy present in this game by its name.
func (c *Catalog) lookupUpgraded(name, lang string) (CardID, error) {
	card, ref, ok := splitUpgradedName(name)
	if !ok {
		return 0, parseErr(fmt.Sprintf("unknown card %q (an upgraded copy is written \"Cutter (Empire 1/3)\")", name),
			"upgraded_name", "name", name, "card", "Cutter")
	}
	base, err := c.LookupIn(card, lang)
	if err != nil {
		return 0, err
	}
	for k, u := range c.ext {
		if u.Base == base && engine.EqualFold(u.Row.Sheet, ref.Sheet) && u.Row.Row == ref.Row {
			return CardID(len(c.Cards) + k + 1), nil
		}
	}
	return 0, parseErr(fmt.Sprintf("no upgraded copy %q in this game", name), "no_upgraded_copy", "name", name)
}

// addDesign gives a design an id in this State's catalog, copying the catalog (copy on
// write: clones share catalogs). An identical design present already keeps its id.
func (s *State) addDesign(card *Card) (CardID, error) {
	for k, u := range s.cat.ext {
		if u == card {
			return CardID(len(s.cat.Cards) + k + 1), nil
		}
	}
	if s.cat.NumIDs() >= 255 {
		return 0, fmt.Errorf("no CardID left for %s: at most %d card designs and upgraded copies in one game", card.Name, 255)
	}
	nc := *s.cat
	nc.ext = append(slices.Clip(s.cat.ext), card)
	id := CardID(nc.NumIDs())
	nc.info[id] = infoOf(card)
	s.cat = &nc
	return id, nil
}

// upgradedID returns the id of printed card base upgraded with row r by faction fac, adding
// the design to the game if it is not there yet, and marks the row used.
func (s *State) upgradedID(base CardID, r int, fac Faction) (CardID, error) {
	b := s.cat.book
	key := comboKey{base, uint16(r), fac}
	u, ok := b.combos[key]
	if !ok {
		// A copy upgraded in an earlier game (its row is used) or by another faction: built
		// at setup only, so the combos stay read-only during play.
		if s.setupDone {
			card, ref := s.cat.Card(base).Name, b.rows[r].Ref
			return 0, parseErr(fmt.Sprintf("%s cannot take row %s/%d", card, ref.Sheet, ref.Row), "cannot_take_row", "card", card, "sheet", ref.Sheet, "row", ref.Row)
		}
		u = b.upgraded(base, s.cat.Card(base), r, fac)
		b.combos[key] = u
	}
	id, err := s.addDesign(u)
	if err != nil {
		return 0, err
	}
	s.RowsUsed[r/64] |= 1 << (r % 64)
	return id, nil
}

// upgradedByName resolves "Cutter (Empire 1/3)" at setup, adding the copy to the game.
func (s *State) upgradedByName(name string) (CardID, error) {
	if id, err := s.cat.Lookup(name); err == nil {
		return id, nil
	}
	card, ref, ok := splitUpgradedName(name)
	if !ok || s.cat.book == nil {
		return s.cat.Lookup(name)
	}
	base, err := s.cat.Lookup(card)
	if err != nil {
		return 0, err
	}
	r, ok := s.cat.book.row(ref)
	if !ok {
		return 0, parseErr(fmt.Sprintf("%q: no sticker row %s/%d in this campaign", name, ref.Sheet, ref.Row), "no_sticker_row", "name", name, "sheet", ref.Sheet, "row", ref.Row)
	}
	return s.upgradedID(base, r, s.cat.book.rows[r].Faction)
}

// lookupCard resolves a card name at setup: printed cards, and upgraded copies in a campaign.
func (s *State) lookupCard(name string) (CardID, error) {
	if s.cat.book != nil && strings.Contains(name, "(") {
		return s.upgradedByName(name)
	}
	return s.cat.Lookup(name)
}

func (s *State) rowUsed(r int) bool { return s.RowsUsed[r/64]&(1<<(r%64)) != 0 }

// canUpgrade reports whether seat may upgrade printed card c with row r when acquiring it
// from the Trade Row with trade Trade left after paying the card (SR 8.3, 8.5).
func (s *State) canUpgrade(seat engine.Seat, c CardID, r int, trade int16) bool {
	b := s.cat.book
	if b == nil || r < b.seatRows[seat][0] || r >= b.seatRows[seat][1] || s.rowUsed(r) {
		return false
	}
	card := s.cat.Card(c)
	br := &b.rows[r]
	return card.Base == 0 && card.Deck == TradeDeck && trade >= upgradeCost(card.Kind) &&
		br.Ability[card.Kind] != nil && br.serves(card.Cost)
}

// upgradeActions appends, for each row seat may use on card c, the action mk(r) makes.
func (s *State) upgradeActions(seat engine.Seat, c CardID, trade int16, buf []engine.Action, mk func(r int) engine.Action) []engine.Action {
	b := s.cat.book
	if c == s.cat.Explorer || s.cat.Card(c).Base != 0 {
		return buf
	}
	for r := b.seatRows[seat][0]; r < b.seatRows[seat][1]; r++ {
		if s.canUpgrade(seat, c, r, trade) {
			buf = append(buf, mk(r))
		}
	}
	return buf
}

// upgrade applies row r's stickers to printed card c just acquired by seat, paying for it
// (SR 8.6 steps 2-4), and returns the upgraded copy. A political victory ends the game at
// once (SR 8.7).
func (s *State) upgrade(seat engine.Seat, c CardID, r int) CardID {
	b := s.cat.book
	s.P[seat].Trade -= upgradeCost(s.cat.Card(c).Kind)
	id, err := s.upgradedID(c, r, b.rows[r].Faction)
	if err != nil {
		panic(err) // canUpgrade checked the row, and checkSetup that ids cannot run out
	}
	if s.recording() {
		s.evUpgraded(seat, c, id)
	}
	if b.political && b.rows[r].Current {
		won := true
		for k := b.seatRows[seat][0]; k < b.seatRows[seat][1]; k++ {
			if b.rows[k].Current && !s.rowUsed(k) {
				won = false
			}
		}
		if won {
			s.over = true
			s.winners = 1 << seat
		}
	}
	return id
}

// UpgradesMade lists the upgrades made during this game, in order.
func (s *State) UpgradesMade() []SeatUpgrade {
	var out []SeatUpgrade
	b := s.cat.book
	if b == nil {
		return nil
	}
	for _, u := range s.cat.ext[s.UpgStart:] {
		if u.Base == 0 {
			continue
		}
		r, _ := b.row(u.Row)
		out = append(out, SeatUpgrade{Seat: b.rows[r].Seat, Row: b.rows[r].Ref,
			Upgrade: Upgrade{Card: s.cat.Card(u.Base).Name, Sheet: b.rows[r].Ref.Sheet, Row: u.Row.Row, Faction: u.Upgrader}})
	}
	return out
}

// RowsUsedBy lists the sticker rows seat has used, in earlier games and in this one.
func (s *State) RowsUsedBy(seat engine.Seat) []RowRef {
	b := s.cat.book
	if b == nil {
		return nil
	}
	var out []RowRef
	for r := b.seatRows[seat][0]; r < b.seatRows[seat][1]; r++ {
		if s.rowUsed(r) {
			out = append(out, b.rows[r].Ref)
		}
	}
	return out
}

// upgradeText is " upgrade SHEET row N" for book row r (n = r+1), or "".
func (s *State) upgradeText(n int) string {
	if n <= 0 || s.cat.book == nil || n > len(s.cat.book.rows) {
		return ""
	}
	ref := s.cat.book.rows[n-1].Ref
	return fmt.Sprintf(" upgrade %s row %d", ref.Sheet, ref.Row)
}

// parseUpgrade splits "Cutter upgrade Empire 1 row 3" into the card text and the book row
// (from 1; 0 without upgrade).
func (s *State) parseUpgrade(seat engine.Seat, text string) (string, int, error) {
	i := strings.Index(lower(text), " upgrade ")
	if i < 0 {
		return text, 0, nil
	}
	card, rest := text[:i], strings.TrimSpace(text[i+len(" upgrade "):])
	if s.cat.book == nil {
		return "", 0, upgradeErr(text, "no_campaign", "this game has no campaign, so no upgrades (SR 8.3)")
	}
	j := strings.LastIndex(lower(rest), " row ")
	if j < 0 {
		return "", 0, upgradeErr(text, "upgrade_syntax", "write \"upgrade SHEET row N\", as in \"buy Cutter upgrade Empire 1 row 3\"", "card", "Cutter")
	}
	n, err := strconv.Atoi(strings.TrimSpace(rest[j+5:]))
	if err != nil {
		word := strings.TrimSpace(rest[j+5:])
		return "", 0, upgradeErr(text, "row_number", fmt.Sprintf("%q is not a row number", word), "word", word)
	}
	ref := RowRef{Sheet: strings.TrimSpace(rest[:j]), Row: n}
	r, ok := s.cat.book.row(ref)
	if !ok {
		var names []string
		b := s.cat.book
		for k := b.seatRows[seat][0]; k < b.seatRows[seat][1]; k += 5 {
			names = append(names, b.rows[k].Ref.Sheet)
		}
		sheets := strings.Join(names, ", ")
		return "", 0, upgradeErr(text, "no_row", fmt.Sprintf("no row %d on a sheet named %q (your sheets: %s)", n, ref.Sheet, sheets),
			"row", n, "sheet", ref.Sheet, "sheets", sheets)
	}
	return card, r + 1, nil
}

// upgradeErr is parseErr for text, the card and upgrade typed after "buy" or "choose", quoted
// whole before the English reason why.
func upgradeErr(text, code, why string, kv ...any) *engine.ParseError {
	return parseErr(fmt.Sprintf("%q: %s", text, why), code, append([]any{"text", text}, kv...)...)
}

// whyNoUpgrade explains why seat may not upgrade card c with book row r now.
func (s *State) whyNoUpgrade(seat engine.Seat, c CardID, r int, trade int16) reason {
	b := s.cat.book
	card := s.cat.Card(c)
	br := &b.rows[r]
	sheet, row := br.Ref.Sheet, br.Ref.Row
	switch {
	case br.Seat != seat:
		who := s.SeatName(br.Seat)
		return because(fmt.Sprintf("sheet %s is %s's", sheet, who), "sheet_of", "sheet", sheet, "player", who)
	case card.Base != 0:
		return because(fmt.Sprintf("%s is upgraded already: a card is upgraded once (SR 8.4)", card.Name), "upgraded_once", "card", card.Name)
	case c == s.cat.Explorer || card.Deck != TradeDeck:
		return because(fmt.Sprintf("only a ship or base acquired from the Trade Row can be upgraded (SR 8.3), not %s", card.Name), "upgrade_trade_row", "card", card.Name)
	case s.rowUsed(r):
		return because(fmt.Sprintf("row %d of %s is used up: one sticker per row, ever (SR 8.5)", row, sheet), "row_used", "row", row, "sheet", sheet)
	case br.Ability[card.Kind] == nil:
		return because(fmt.Sprintf("row %d of %s has no %s sticker", row, sheet, card.Kind), "row_no_sticker", "row", row, "sheet", sheet, "kind", card.Kind.String())
	case !br.serves(card.Cost):
		return because(fmt.Sprintf("row %d of %s serves printed cost %s, and %s costs %d (SR 8.5)", row, sheet, joinInts(br.Costs), card.Name, card.Cost),
			"row_costs", "row", row, "sheet", sheet, "costs", orInts(br.Costs), "card", card.Name, "cost", card.Cost)
	case trade < upgradeCost(card.Kind):
		return because(fmt.Sprintf("the upgrade of a %s costs %d more Trade and you would have %d left (SR 8.3)", card.Kind, upgradeCost(card.Kind), trade),
			"upgrade_cost", "kind", card.Kind.String(), "cost", int(upgradeCost(card.Kind)), "left", int(trade))
	}
	return because("no CardID left for another upgraded copy in this game", "no_card_id")
}

// orInts is joinInts as a message argument: a number, or "A or B" (id refuse.or.two) nested
// as joinInts writes it.
func orInts(v []int) any {
	if len(v) == 0 {
		return ""
	}
	var out any = v[0]
	for _, n := range v[1:] {
		out = msg.M("refuse.or.two", "a", out, "b", n)
	}
	return out
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " or ")
}

// turnStart resolves the active seat's turn-start ability (a campaign scenario's rule).
func (s *State) turnStart() {
	b := s.cat.book
	if b == nil || s.over || b.turnStart[s.Active] == 0 {
		return
	}
	s.startAbility(s.Active, b.turnStart[s.Active], Primary, 0)
}

// UpgradeSticker is the action sticker a buy or choose action would apply (nil if none):
// for bots.
func (o *Observation) UpgradeSticker(a engine.Action) (Ability, bool) {
	s := o.t
	n := nOf(a)
	if kindOf(a) == actChooseCard {
		n >>= 1
	} else if kindOf(a) != actBuy {
		return nil, false
	}
	if n == 0 || s.cat.book == nil || n > len(s.cat.book.rows) {
		return nil, false
	}
	br := &s.cat.book.rows[n-1]
	return br.Ability[s.cat.Card(cardOf(a)).Kind], br.Current && s.cat.book.political
}

// CheckUpgrade reports whether the player in seat (from 0) may upgrade a copy of card with
// row ref of one of their sheets outside a game, as after the campaign (SR 8.10): the row is
// theirs and unused (not in Used, nor the row of a copy in Upgraded), it has a sticker in the
// card's column, and it serves the card's printed cost. nil means yes.
func (c *Catalog) CheckUpgrade(camp *Campaign, seat int, card string, ref RowRef) error {
	if camp == nil || seat < 0 || seat >= len(camp.Seats) {
		return fmt.Errorf("no seat %d in the campaign", seat+1)
	}
	id, err := c.Lookup(card)
	if err != nil {
		return err
	}
	cd := c.Card(id)
	if cd.Base != 0 || cd.Deck != TradeDeck || cd.Cost < 0 {
		return fmt.Errorf("%s cannot be upgraded: only a printed trade-deck card can (SR 8.3, 8.4)", cd.Name)
	}
	cs := &camp.Seats[seat]
	var row *StickerRow
	for i := range cs.Sheets {
		if engine.EqualFold(cs.Sheets[i].Name, strings.TrimSpace(ref.Sheet)) && ref.Row >= 1 && ref.Row <= len(cs.Sheets[i].Rows) {
			row = &cs.Sheets[i].Rows[ref.Row-1]
		}
	}
	if row == nil {
		return fmt.Errorf("no row %s/%d among this player's sheets", ref.Sheet, ref.Row)
	}
	same := func(r RowRef) bool {
		return engine.EqualFold(r.Sheet, strings.TrimSpace(ref.Sheet)) && r.Row == ref.Row
	}
	for _, u := range cs.Used {
		if same(u) {
			return fmt.Errorf("row %s/%d is used up: one sticker per row, ever (SR 8.5)", ref.Sheet, ref.Row)
		}
	}
	for _, u := range camp.Upgraded {
		if same(RowRef{u.Sheet, u.Row}) {
			return fmt.Errorf("row %s/%d is used up by %s (SR 8.5)", ref.Sheet, ref.Row, UpgradedName(u.Card, RowRef{u.Sheet, u.Row}))
		}
	}
	text := row.Ship
	if cd.Kind == Base {
		text = row.Base
	}
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("row %s/%d has no %s sticker", ref.Sheet, ref.Row, cd.Kind)
	}
	if !slices.Contains(row.Costs, cd.Cost) {
		return fmt.Errorf("row %s/%d serves printed cost %s, and %s costs %d (SR 8.5)", ref.Sheet, ref.Row, joinInts(row.Costs), cd.Name, cd.Cost)
	}
	return nil
}
