package realms

import (
	"testing"

	"starnexus/i18n"
)

// A sticker sheet reads in English from the catalogs: each row's costs, each sticker's
// effect in the card-text words with the part it joins, and what the upgrade costs.
func TestSheetMsgs(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	sh := StickerSheet{Name: "Empire 1", Rows: []StickerRow{
		{Costs: []int{1, 2}, Ship: "and combat 1", Base: "authority 2"},
		{Costs: []int{3}, Ship: "ally: trade 1", Base: ""},
		{Costs: []int{4, 5, 6}, Ship: "scrap: draw 1", Base: "and trade 1"},
		{Costs: []int{7}, Ship: "", Base: "may scrap 1 from trade row"},
		{Costs: []int{8}, Ship: "opponent discards 1", Base: "draw 1"},
	}}
	msgs, err := SheetMsgs(sh, "Empire", func(row int) bool { return row == 2 })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Empire 1, Empire's sticker sheet",
		"When you buy a card from the Trade Row, you may upgrade it with an unused row of your sheets that serves its printed cost: the row's sticker for its kind joins the card for good, for 2 more Trade on a ship, 3 more on a base. Each row is used once, ever (SR 8.3-8.5).",
		"Row 1, cards costing 1 or 2: ship (+2 Trade): +1 Combat. · base (+3 Trade): +2 Authority.",
		"Row 2, cards costing 3: ship (+2 Trade): Ally: +1 Trade. · no base sticker (used)",
		"Row 3, cards costing 4, 5 or 6: ship (+2 Trade): Scrap: Draw a card. · base (+3 Trade): +1 Trade.",
		"Row 4, cards costing 7: no ship sticker · base (+3 Trade): You may scrap a card in the trade row.",
		"Row 5, cards costing 8: ship (+2 Trade): Target opponent discards a card. · base (+3 Trade): Draw a card.",
	}
	if len(msgs) != len(want) {
		t.Fatalf("%d lines, want %d", len(msgs), len(want))
	}
	for i, m := range msgs {
		if got := en.Render(m); got != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i, got, want[i])
		}
	}
	rows, err := SheetText(sh)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		row        int
		ship, base string // part, "" without a sticker
	}{{1, "primary", "primary"}, {2, "ally", ""}, {3, "scrap", "primary"}, {4, "", "primary"}} {
		r := rows[c.row-1]
		for _, k := range []struct {
			got  *StickerText
			want string
			cost int
		}{{r.Ship, c.ship, 2}, {r.Base, c.base, 3}} {
			switch {
			case k.want == "" && k.got != nil:
				t.Errorf("row %d: a sticker where there is none: %+v", c.row, k.got)
			case k.want != "" && (k.got == nil || k.got.Part != k.want || k.got.Extra != k.cost):
				t.Errorf("row %d: sticker %+v, want part %s, extra %d", c.row, k.got, k.want, k.cost)
			}
		}
	}
	if _, err := SheetText(StickerSheet{Name: "Bad", Rows: []StickerRow{{Costs: []int{1}, Ship: "fly away"}}}); err == nil {
		t.Error("a sticker the ability language does not read is an error")
	}
}
