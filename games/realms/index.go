package realms

import "starnexus/engine"

// cardInfo is what the hot paths ask of a card, packed in one small array so that Legal and
// the bots read it without chasing the Card structs.
type cardInfo struct {
	Kind    Kind
	Outpost bool
	AllyAll bool
	Faction Faction
	AllyFac Faction // what the card's Ally ability needs (SR 4.8)
	Sticker bool    // an upgraded copy with an action sticker (resolved after the Primary)
	Slots   uint8   // bit s set: the card has an ability in slot s (Primary, Ally, ScrapSlot)
	Cost    int16
	Defense int16
}

// buildIndex fills the Catalog's card index; it runs once the cards are read.
func (c *Catalog) buildIndex() {
	for i := range c.Cards {
		c.info[i+1] = infoOf(&c.Cards[i])
	}
}

func infoOf(card *Card) cardInfo {
	info := cardInfo{Kind: card.Kind, Outpost: card.Outpost, AllyAll: card.AllyAll, Faction: card.Faction,
		AllyFac: card.allyFaction(), Sticker: len(card.Abilities[Sticker]) > 0,
		Cost: int16(card.Cost), Defense: int16(card.Defense)}
	for slot := Primary; slot <= ScrapSlot; slot++ {
		if card.has(slot) {
			info.Slots |= 1 << slot
		}
	}
	return info
}

// usable appends to buf the use actions of the card at index i of the play area pl
// (SR 4.3, 4.8, 4.10), without duplicates from start on.
func (s *State) usable(pl []inPlay, i int, buf []engine.Action, start int) []engine.Action {
	ip := &pl[i]
	own := &s.cat.info[ip.Card]
	src := own
	if ip.Copy != 0 {
		src = &s.cat.info[ip.Copy]
	}
	// The used flags share their bits with the slots: usedPrimary is bit Primary, and so on.
	avail := src.Slots&^(1<<Primary) | own.Slots&(1<<Primary)
	avail &^= ip.Flags & (usedPrimary | usedAlly | usedScrap)
	if own.Kind != Base {
		avail &^= 1 << Primary // a ship's Primary happened when it was played
	}
	if avail == 0 {
		return buf
	}
	if avail&(1<<Ally) != 0 && !allyReadyIn(&s.cat.info, pl, i) {
		avail &^= 1 << Ally
	}
	for slot := Primary; slot <= ScrapSlot; slot++ {
		if avail&(1<<slot) != 0 {
			if a := mkUse(ip.Card, slot); !contains(buf[start:], a) {
				buf = append(buf, a)
			}
		}
	}
	return buf
}
