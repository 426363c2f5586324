package main

import (
	"fmt"
	"io"
	"strings"

	"starnexus/games/realms"
)

// cardFaction names a card's factions ("Blob", "Star Empire/Machine Cult") or "Unaligned".
func cardFaction(c *realms.Card) string {
	if c.Faction == 0 {
		return "Unaligned"
	}
	return strings.Join(c.Faction.Names(), "/")
}

// cardCost is the cost as printed, or "-" for a card that cannot be bought.
func cardCost(c *realms.Card) string {
	if c.Cost < 0 {
		return "-"
	}
	return fmt.Sprint(c.Cost)
}

// cardDefense is "5", "5 outpost", or "-" for a ship.
func cardDefense(c *realms.Card) string {
	if c.Kind != realms.Base {
		return "-"
	}
	if c.Outpost {
		return fmt.Sprintf("%d outpost", c.Defense)
	}
	return fmt.Sprint(c.Defense)
}

// cardAbilities lists a card's ability texts as "slot: text", in the order a card prints
// them, statics last.
func cardAbilities(c *realms.Card) []string {
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

// writeCardText prints everything printed on a card, for `show CARD`.
func writeCardText(w io.Writer, c *realms.Card) {
	fmt.Fprintf(w, "%s: %s %s, cost %s", c.Name, cardFaction(c), c.Kind, cardCost(c))
	if c.Kind == realms.Base {
		if c.Outpost {
			fmt.Fprintf(w, ", defense %d, outpost", c.Defense)
		} else {
			fmt.Fprintf(w, ", defense %d", c.Defense)
		}
	}
	fmt.Fprintf(w, " (set %s, %d in the %s deck)\n", c.Set, c.Quantity, c.Deck)
	for _, a := range cardAbilities(c) {
		fmt.Fprintf(w, "  %s\n", a)
	}
	if len(c.Aliases) > 0 {
		fmt.Fprintf(w, "  also known as: %s\n", strings.Join(c.Aliases, ", "))
	}
}

// cardList writes cards as "Scout x3, Viper" keeping the order of first appearance.
func cardList(cat *realms.Catalog, ids []realms.CardID) string {
	if len(ids) == 0 {
		return "(none)"
	}
	var order []realms.CardID
	count := map[realms.CardID]int{}
	for _, id := range ids {
		if count[id] == 0 {
			order = append(order, id)
		}
		count[id]++
	}
	parts := make([]string, 0, len(order))
	for _, id := range order {
		if n := count[id]; n > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", cat.Card(id).Name, n))
		} else {
			parts = append(parts, cat.Card(id).Name)
		}
	}
	return strings.Join(parts, ", ")
}
