package realms

import "starnexus/i18n/msg"

// CardText is a card's text as players read it, part by part as the printed card sets them
// apart: message ids with arguments (catalog i18n/en/realms-cards.json), one sentence per
// message. The Ally and Scrap parts hold only their effects: the card shows them under the
// faction's Ally mark and the Scrap mark (AllyLabel, ScrapLabel). The on-acquire, trigger and
// static parts say when they apply ("When you acquire this card: ...").
type CardText struct {
	Primary []msg.Msg `json:"primary,omitempty"`
	Ally    []msg.Msg `json:"ally,omitempty"`
	Scrap   []msg.Msg `json:"scrap,omitempty"`
	Acquire []msg.Msg `json:"acquire,omitempty"`
	Trigger []msg.Msg `json:"trigger,omitempty"`
	Static  []msg.Msg `json:"static,omitempty"`
}

// Parts lists the non-empty parts in the order a card prints them, each with its name as in
// the JSON ("primary", "ally", "scrap", "trigger", "acquire", "static").
func (t CardText) Parts() []CardTextPart {
	var out []CardTextPart
	for _, p := range []CardTextPart{{"primary", t.Primary}, {"ally", t.Ally}, {"scrap", t.Scrap}, {"trigger", t.Trigger}, {"acquire", t.Acquire}, {"static", t.Static}} {
		if len(p.Msgs) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// CardTextPart is one part of a CardText.
type CardTextPart struct {
	Name string
	Msgs []msg.Msg
}

// Text is the card's text in messages. An upgraded copy's action sticker (SR 8.4) joins the
// part it follows; its on-acquire ability, spent by the acquisition that upgraded it (SR
// 8.6), is left out.
func (c *Card) Text() CardText {
	var t CardText
	t.Primary = AbilityMsgs(c.Abilities[Primary])
	t.Ally = AbilityMsgs(c.Abilities[Ally])
	t.Scrap = AbilityMsgs(c.Abilities[ScrapSlot])
	if st := AbilityMsgs(c.Abilities[Sticker]); len(st) > 0 {
		switch c.StickerOn {
		case Ally:
			t.Ally = append(t.Ally, st...)
		case ScrapSlot:
			t.Scrap = append(t.Scrap, st...)
		default:
			t.Primary = append(t.Primary, st...)
		}
	}
	if ab := c.Abilities[OnAcquire]; len(ab) > 0 && c.Texts[OnAcquire] != "" {
		t.Acquire = []msg.Msg{onAcquireMsg(ab)}
	}
	if ab := c.Abilities[OnPlayShip]; len(ab) > 0 {
		if c.TriggerFaction == 0 {
			t.Trigger = []msg.Msg{msg.M("realms.card.trigger", "then", AbilityMsgs(ab))}
		} else {
			t.Trigger = []msg.Msg{msg.M("realms.card.trigger_faction", "faction", FactionMsg(c.TriggerFaction), "then", AbilityMsgs(ab))}
		}
	}
	if c.AllyAll {
		t.Static = append(t.Static, msg.M("realms.card.static.ally_all"))
	}
	return t
}

// onAcquireMsg is an on-acquire ability: "When you acquire this card: +2 Trade.", and the
// Colony Wars one in the printed card's sentence: "When you acquire this card, if you have
// played a Blob card this turn, you may put it into your hand."
func onAcquireMsg(ab Ability) msg.Msg {
	if len(ab) == 1 && ab[0].Op == OpIf && ab[0].Cond == CondPlayed && len(ab[0].Then) == 1 && ab[0].Then[0].Op == OpAcquiredToHand {
		return msg.M("realms.card.on_acquire_played_to_hand", "faction", FactionMsg(ab[0].CondFaction), "may", yesNo(ab[0].Then[0].May))
	}
	return msg.M("realms.card.on_acquire", "then", AbilityMsgs(ab))
}

// yesNo is a yes/no argument for a select.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// AllyLabel is the mark an Ally part is printed under: "Blob Ally". An upgraded copy keeps
// its printed card's.
func (c *Card) AllyLabel() msg.Msg {
	return msg.M("realms.card.label.ally", "faction", FactionMsg(c.allyFaction()))
}

// ScrapLabel is the mark a Scrap part is printed under.
func ScrapLabel() msg.Msg { return msg.M("realms.card.label.scrap") }

// FactionMsg names the factions of f: "Blob", "Blob or Star Empire"; "Unaligned" for none.
func FactionMsg(f Faction) msg.Msg {
	var ms []msg.Msg
	for i := range numFactions {
		if f&(1<<i) != 0 {
			ms = append(ms, msg.M(factionIDs[i]))
		}
	}
	if len(ms) == 0 {
		return msg.M("realms.card.faction.unaligned")
	}
	return chain("realms.card.faction_or", ms)
}

var factionIDs = [numFactions]string{
	"realms.card.faction.blob", "realms.card.faction.trade_federation", "realms.card.faction.star_empire",
	"realms.card.faction.machine_cult", "realms.card.faction.consortium", "realms.card.faction.kingdom",
	"realms.card.faction.scavengers",
}

// AbilityMsgs is an ability in sentences, one message each: "+3 Combat.", "Draw a card.",
// "Choose one: +2 Trade; or +3 Combat.", "If you have three or more bases in play: +4
// Authority. Draw a card."
func AbilityMsgs(ab Ability) []msg.Msg {
	var out []msg.Msg
	for _, e := range ab {
		switch e.Op {
		case OpIf, OpChooseOne, OpForEach:
			out = append(out, effectMsg(e, true, false)) // a sentence of its own, with its own stops
		default:
			out = append(out, msg.M("realms.card.sentence", "s", effectMsg(e, false, false)))
		}
	}
	return out
}

// AbilityClause is an ability as one clause with no full stop, its effects joined by "and":
// the label of an option of a "choose one" ("+5 Combat", "Discard up to two cards and draw a
// card for each card discarded this way").
func AbilityClause(ab Ability) msg.Msg { return clauses(ab) }

// clauses is an ability as one clause, its effects joined by "and", for an option of a
// "choose one" (no full stop: the options are joined by "; or"). The effects after the first
// start in lower case.
func clauses(ab Ability) msg.Msg {
	ms := make([]msg.Msg, 0, len(ab))
	for i, e := range ab {
		ms = append(ms, effectMsg(e, false, i > 0))
	}
	return chain("realms.card.and", ms)
}

// chain joins ms two by two with the message id ({a} and {b}): a and (b and c).
func chain(id string, ms []msg.Msg) msg.Msg {
	switch len(ms) {
	case 0:
		return msg.M("realms.card.nothing")
	case 1:
		return ms[0]
	}
	return msg.M(id, "a", ms[0], "b", chain(id, ms[1:]))
}

// lead says how a clause starts, for the catalog's select: "cap" (Draw), "lc" (draw, after
// "and"), "may" (You may draw), "may_lc" (you may draw).
func lead(may, lc bool) string {
	switch {
	case may && lc:
		return "may_lc"
	case may:
		return "may"
	case lc:
		return "lc"
	}
	return "cap"
}

var poolIcons = map[Op]string{OpTrade: "icon.trade", OpCombat: "icon.combat", OpAuthority: "icon.authority"}

// perMsg is the "for each ..." of a count, or false when the effect counts nothing.
func perMsg(e Effect) (msg.Msg, bool) {
	switch e.Per {
	case PerPlayed:
		return msg.M("realms.card.per.played", "faction", FactionMsg(e.PerFaction)), true
	case PerThisWay:
		return msg.M("realms.card.per.this_way", "what", e.PerWhat), true
	case PerScrappedTurn:
		return msg.M("realms.card.per.scrapped_turn"), true
	}
	return msg.Msg{}, false
}

// zoneArg names the zones of a scrap for the catalog's select.
func zoneArg(z uint8) string {
	switch z {
	case ZoneHand:
		return "hand"
	case ZoneDiscard:
		return "discard"
	case ZoneRow:
		return "row"
	}
	return "hand_discard"
}

// effectMsg is one effect as a clause (no full stop), capitalised unless lc; sentence says
// that an if, a choose-one or a for-each stands as a sentence of its own (its inner effects
// are then sentences too), rather than inside an option.
func effectMsg(e Effect, sentence, lc bool) msg.Msg {
	l := lead(e.May, lc)
	switch e.Op {
	case OpTrade, OpCombat, OpAuthority:
		pool := msg.M(poolIcons[e.Op])
		if per, ok := perMsg(e); ok {
			return msg.M("realms.card.gain_per", "n", e.N, "pool", pool, "per", per)
		}
		return msg.M("realms.card.gain", "n", e.N, "pool", pool)
	case OpDraw:
		if per, ok := perMsg(e); ok {
			return msg.M("realms.card.draw_per", "lead", l, "n", e.N, "per", per)
		}
		return msg.M("realms.card.draw", "lead", l, "n", e.N)
	case OpDrawDiscard:
		return msg.M("realms.card.draw_discard", "lead", l, "n", e.N, "d", e.Discard)
	case OpOpponentDiscards:
		return msg.M("realms.card.opponent_discards", "lead", l, "n", e.N)
	case OpScrap, OpScrapRow:
		if e.UpTo {
			return msg.M("realms.card.scrap_up_to", "lead", l, "n", e.N, "zone", zoneArg(e.Zones))
		}
		return msg.M("realms.card.scrap", "lead", l, "n", e.N, "zone", zoneArg(e.Zones))
	case OpDiscard:
		if e.UpTo {
			return msg.M("realms.card.discard_up_to", "lead", l, "n", e.N)
		}
		return msg.M("realms.card.discard", "lead", l, "n", e.N)
	case OpDestroyBase:
		return msg.M("realms.card.destroy_base", "lead", l)
	case OpAcquireFree:
		kind := "card"
		if e.Kind >= 0 {
			kind = Kind(e.Kind).String()
		}
		dest := map[Dest]string{ToDiscard: "discard", ToDeckTop: "top", ToHand: "hand"}[e.Dest]
		if e.MaxCost >= 0 {
			return msg.M("realms.card.acquire_free_max", "lead", l, "kind", kind, "max", e.MaxCost, "dest", dest)
		}
		return msg.M("realms.card.acquire_free", "lead", l, "kind", kind, "dest", dest)
	case OpNextShipTop:
		return msg.M("realms.card.next_acquired", "lead", l, "what", "ship", "dest", "top")
	case OpNextCardTop:
		return msg.M("realms.card.next_acquired", "lead", l, "what", "card", "dest", "top")
	case OpNextCardHand:
		return msg.M("realms.card.next_acquired", "lead", l, "what", "card", "dest", "hand")
	case OpAcquiredToHand:
		return msg.M("realms.card.this_to_hand", "lead", l)
	case OpCopyShip:
		return msg.M("realms.card.copy_ship", "lead", l)
	case OpCopyBase:
		return msg.M("realms.card.copy_base", "lead", l)
	case OpChooseOne:
		opts := make([]msg.Msg, 0, len(e.Options))
		for _, o := range e.Options {
			opts = append(opts, clauses(o))
		}
		id := "realms.card.choose_one_clause"
		if sentence {
			id = "realms.card.choose_one"
		}
		return msg.M(id, "lead", l, "options", chain("realms.card.or", opts))
	case OpForEach:
		return msg.M("realms.card.for_each", "lead", l, "what", e.PerWhat, "then", thenArg(e.Then, sentence))
	case OpIf:
		then := thenArg(e.Then, sentence)
		switch e.Cond {
		case CondOpponentBases:
			return msg.M("realms.card.if_opponent_bases", "lead", l, "n", e.CondN, "then", then)
		case CondPlayed:
			return msg.M("realms.card.if_played", "lead", l, "faction", FactionMsg(e.CondFaction), "then", then)
		}
		return msg.M("realms.card.if_bases", "lead", l, "n", e.CondN, "then", then)
	}
	return msg.M("realms.card.unknown")
}

// thenArg is what an if or a for-each does: sentences, or one clause inside an option.
func thenArg(ab Ability, sentence bool) any {
	if sentence {
		return AbilityMsgs(ab)
	}
	return clauses(ab)
}
