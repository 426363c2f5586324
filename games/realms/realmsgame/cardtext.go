package realmsgame

import (
	"fmt"
	"strings"

	"starnexus/games/realms"
	"starnexus/i18n"
)

// CardFaction names a card's factions ("Blob", "Star Empire/Machine Cult") or "Unaligned".
func CardFaction(c *realms.Card) string {
	if c.Faction == 0 {
		return "Unaligned"
	}
	return strings.Join(c.Faction.Names(), "/")
}

// CardCost is the cost as printed, or "-" for a card that cannot be bought.
func CardCost(c *realms.Card) string {
	if c.Cost < 0 {
		return "-"
	}
	return fmt.Sprint(c.Cost)
}

// CardDefense is "5", "5 outpost", or "-" for a ship.
func CardDefense(c *realms.Card) string {
	if c.Kind != realms.Base {
		return "-"
	}
	if c.Outpost {
		return fmt.Sprintf("%d outpost", c.Defense)
	}
	return fmt.Sprint(c.Defense)
}

// CardAbilities lists a card's abilities in the order a card prints them, one line a part,
// in the language of cat: "+3 Combat. You may scrap a card in the trade row.", "Blob Ally:
// Draw a card.", "Scrap: +3 Trade.", "Whenever you play a ship: +1 Combat." With no catalog
// (nil) they are in the ability language instead, labelled by slot ("ally: draw 1").
func CardAbilities(cat *i18n.Catalog, c *realms.Card) []string {
	if cat == nil {
		return cardNotation(c)
	}
	var out []string
	for _, p := range c.Text().Parts() {
		text := cat.RenderAll(p.Msgs)
		switch p.Name {
		case "ally":
			text = cat.Render(i18n.M("term.realms.labelled", "label", c.AllyLabel(), "text", text))
		case "scrap":
			text = cat.Render(i18n.M("term.realms.labelled", "label", realms.ScrapLabel(), "text", text))
		}
		out = append(out, text)
	}
	return out
}

// cardNotation lists a card's ability texts as "slot: text" in the ability language, in the
// order a card prints them, statics last.
func cardNotation(c *realms.Card) []string {
	slots := [...]struct {
		slot  realms.Slot
		label string
	}{{realms.Primary, "primary"}, {realms.Sticker, "sticker"}, {realms.Ally, "ally"}, {realms.ScrapSlot, "scrap"}, {realms.OnPlayShip, "trigger"}, {realms.OnAcquire, "on acquire"}}
	var out []string
	for _, s := range slots {
		if t := c.Texts[s.slot]; t != "" {
			out = append(out, s.label+": "+t)
		}
	}
	for _, t := range c.StaticTxt {
		out = append(out, "static: "+t)
	}
	return out
}
