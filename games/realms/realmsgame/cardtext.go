package realmsgame

import (
	"fmt"
	"strings"

	"starnexus/games/realms"
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

// CardAbilities lists a card's ability texts as "slot: text", in the order a card prints
// them, statics last.
func CardAbilities(c *realms.Card) []string {
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
