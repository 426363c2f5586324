package nexus

import (
	"fmt"
	"strings"

	"starnexus/games/nexus/cards"
	"starnexus/i18n/msg"
)

// Card text for players: every ability line of grammar SN C.2 as a message with arguments
// (catalog i18n/en/nexus-cards.json, ids nexus.card.*), never the engine notation of the
// card data. The walk follows the grammar's productions: an ability kind gives the line's
// frame (a trigger's event, an active ability's name and cost, Affinity ...), each effect a
// sentence, each selector a noun phrase (target, each, this, that ...) built from its kind and
// filter. Templates choose the capital letter of a noun phrase that starts a sentence by the
// argument cap ("yes" or "no"), and a verb's person by person ("you" or "other").

// CardMsgs is a card's text as messages.
type CardMsgs struct {
	// Keywords holds one nexus.card.kw.entry per printed keyword (SN 17 order, then Division),
	// whose arguments name and reminder are the keyword's name and its reminder text.
	Keywords []msg.Msg
	// Text holds one message per ability line, in the order of the card data.
	Text []msg.Msg
}

// CardText is the text of card c of catalog cat (cat gives the tokens that Division and
// create name; nil is allowed and names tokens by id).
func CardText(cat *cards.Catalog, c *cards.Card) CardMsgs {
	out := CardMsgs{Keywords: []msg.Msg{}, Text: []msg.Msg{}}
	for _, k := range c.Keywords.List() {
		out.Keywords = append(out.Keywords, msg.M("nexus.card.kw.entry", "name", KeywordName(k), "reminder", KeywordReminder(k)))
	}
	if d := c.Division; d != nil {
		name, stats := tokenName(cat, d.Token)
		out.Keywords = append(out.Keywords, msg.M("nexus.card.kw.entry",
			"name", msg.M("nexus.card.kw.division", "token", name, "n", d.N),
			"reminder", msg.M("nexus.card.kw.division.reminder", "token", name, "stats", stats, "n", d.N)))
	}
	for i := range c.Abilities {
		out.Text = append(out.Text, AbilityText(cat, c, &c.Abilities[i]))
	}
	return out
}

// Reminders is the reminder entries (nexus.card.kw.entry) of the terms card c's text uses
// that are not its printed keywords: the keywords its abilities grant or filter by, then
// Affinity and Dissonance, so that a client can explain them on hover.
func Reminders(c *cards.Card) []msg.Msg {
	var kws cards.Keywords
	var aff, dis bool
	for _, ab := range c.Abilities {
		kws |= ab.Change.Gains | ab.Subject.Filter.Keywords
		for _, t := range ab.Targets {
			kws |= t.Filter.Keywords
		}
		for _, e := range ab.Effects {
			kws |= e.Keyword | e.Sel.Filter.Keywords | e.Sel2.Filter.Keywords
		}
		aff = aff || ab.Kind == cards.Affinity
		dis = dis || ab.Kind == cards.Dissonance
	}
	out := []msg.Msg{}
	for _, k := range (kws &^ c.Keywords).List() {
		out = append(out, msg.M("nexus.card.kw.entry", "name", KeywordName(k), "reminder", KeywordReminder(k)))
	}
	if aff {
		out = append(out, msg.M("nexus.card.kw.entry", "name", msg.M("nexus.card.affinity"), "reminder", msg.M("nexus.card.affinity.reminder")))
	}
	if dis {
		out = append(out, msg.M("nexus.card.kw.entry", "name", msg.M("nexus.card.dissonance"), "reminder", msg.M("nexus.card.dissonance.reminder")))
	}
	return out
}

// KeywordName is the name of one keyword of SN 17 (nexus.card.kw.agility ...).
func KeywordName(k cards.Keywords) msg.Msg {
	return msg.M("nexus.card.kw." + strings.ToLower(k.String()))
}

// KeywordReminder is the reminder text of one keyword (nexus.card.kw.agility.reminder ...).
func KeywordReminder(k cards.Keywords) msg.Msg {
	return msg.M("nexus.card.kw." + strings.ToLower(k.String()) + ".reminder")
}

// tokenName is a token's name and "S/E", or its id and "?" if cat lacks it.
func tokenName(cat *cards.Catalog, id string) (string, string) {
	if cat != nil {
		if t := cat.Token(id); t != nil {
			return t.Name, fmt.Sprintf("%d/%d", t.S, t.E)
		}
	}
	return id, "?"
}

// AbilityText is one ability line of card c as a message.
func AbilityText(cat *cards.Catalog, c *cards.Card, ab *cards.Ability) msg.Msg {
	w := writer{cat: cat, card: c, ab: ab, lastOfKind: map[cards.ObjKind]int{}}
	switch ab.Kind {
	case cards.Static:
		return msg.M("nexus.card.ab.static", "who", w.sel(ab.Subject, true), "changes", changes(ab.Change))
	case cards.Equipped:
		return msg.M("nexus.card.ab.equipped", "changes", changes(ab.Change))
	case cards.Trigger:
		ev := msg.M("nexus.card.event." + ab.Event.String())
		if ab.Event == cards.CreatureYouControlDies {
			ev.Args = map[string]any{"other": yesNo(ab.EventOther)}
		}
		return msg.M("nexus.card.ab.trigger", "event", ev, "effects", w.effects(durTurn))
	case cards.Active:
		if ab.Name == "" {
			return msg.M("nexus.card.ab.active", "cost", ab.Cost, "effects", w.effects(durTurn))
		}
		return msg.M("nexus.card.ab.active_named", "name", ab.Name, "cost", ab.Cost, "effects", w.effects(durTurn))
	case cards.Resolve:
		return msg.M("nexus.card.ab.resolve", "effects", w.effects(durPhase))
	case cards.Affinity:
		return msg.M("nexus.card.ab.affinity", "effects", w.effects(durPhase))
	case cards.Dissonance:
		return msg.M("nexus.card.ab.dissonance", "effects", w.effects(durPhase))
	}
	return msg.M("nexus.card.ab.unknown")
}

// The default duration of modify and grant by the ability's kind (SN 7.4): an instant, an
// Affinity or a Dissonance lasts until the end of the phase (the option instant_duration=turn
// of Part G V6 is a table's choice, not the card's text), an active ability and a triggered
// passive until end of turn (jobs.go).
const (
	durPhase = "phase"
	durTurn  = "turn"
)

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// changes is a static or equipped modifier: "gets +1/+0 and has Agility and Menace".
func changes(ch cards.Change) msg.Msg {
	var parts []msg.Msg
	if ch.DS != 0 || ch.DE != 0 {
		parts = append(parts, msg.M("nexus.card.change.stats", "delta", delta(ch.DS, ch.DE)))
	}
	if ch.Gains != 0 {
		parts = append(parts, msg.M("nexus.card.change.gains", "kws", keywordList(ch.Gains)))
	}
	return andList(parts)
}

func delta(s, e int) string { return fmt.Sprintf("%+d/%+d", s, e) }

func keywordList(k cards.Keywords) msg.Msg {
	var ms []msg.Msg
	for _, x := range k.List() {
		ms = append(ms, KeywordName(x))
	}
	return andList(ms)
}

// andList joins messages: "a", "a and b", "a, b and c" (list.and, nexus.card.list.comma).
func andList(ms []msg.Msg) msg.Msg {
	switch len(ms) {
	case 0:
		return msg.M("nexus.card.nothing")
	case 1:
		return ms[0]
	case 2:
		return msg.M("list.and", "a", ms[0], "b", ms[1])
	}
	return msg.M("nexus.card.list.comma", "a", ms[0], "b", andList(ms[1:]))
}

// writer builds the sentences of one ability, keeping track of the target slots already
// declared so that a later mention reads "that creature" (SN C.2: a bare T refers back).
type writer struct {
	cat        *cards.Catalog
	card       *cards.Card
	ab         *cards.Ability
	declared   uint64                // slots written out so far
	lastOfKind map[cards.ObjKind]int // the slot declared last of each kind
}

func (w *writer) effects(dur string) []msg.Msg {
	out := make([]msg.Msg, 0, len(w.ab.Effects))
	for i := range w.ab.Effects {
		out = append(out, w.effect(&w.ab.Effects[i], dur))
	}
	return out
}

func (w *writer) effect(e *cards.Effect, dur string) msg.Msg {
	until := func() string {
		switch e.Until {
		case cards.UntilPhase:
			return durPhase
		case cards.UntilTurn:
			return durTurn
		}
		return dur
	}
	switch e.Verb {
	case cards.Wound:
		return msg.M("nexus.card.eff.wound", "who", w.sel(e.Sel, false), "n", e.N)
	case cards.Modify:
		return msg.M("nexus.card.eff.modify", "who", w.sel(e.Sel, true), "delta", delta(e.Delta.DS, e.Delta.DE), "dur", until())
	case cards.Grant:
		return msg.M("nexus.card.eff.grant", "who", w.sel(e.Sel, true), "kw", KeywordName(e.Keyword), "dur", until())
	case cards.Marker:
		return msg.M("nexus.card.eff.marker", "who", w.sel(e.Sel, false), "marker", delta(e.Delta.DS, e.Delta.DE), "n", e.N)
	case cards.Counter:
		if e.UnlessTap > 0 {
			return msg.M("nexus.card.eff.counter_unless", "who", w.sel(e.Sel, false), "n", e.UnlessTap)
		}
		return msg.M("nexus.card.eff.counter", "who", w.sel(e.Sel, false))
	case cards.Create:
		name, stats := tokenName(w.cat, e.Token)
		if e.For.Kind == cards.SelNone || e.For.Kind == cards.SelYou {
			return msg.M("nexus.card.eff.create", "token", name, "stats", stats, "n", e.N)
		}
		return msg.M("nexus.card.eff.create_for", "who", w.sel(e.For, true), "person", person(e.For), "token", name, "stats", stats, "n", e.N)
	case cards.Draw:
		return msg.M("nexus.card.eff.draw", "who", w.sel(e.Sel, true), "person", person(e.Sel), "n", e.N)
	case cards.Tap:
		return msg.M("nexus.card.eff.tap", "who", w.sel(e.Sel, false))
	case cards.Untap:
		return msg.M("nexus.card.eff.untap", "who", w.sel(e.Sel, false))
	case cards.Destroy:
		return msg.M("nexus.card.eff.destroy", "who", w.sel(e.Sel, false))
	case cards.Resurrect:
		return msg.M("nexus.card.eff.resurrect", "who", w.sel(e.Sel, false))
	case cards.Confront:
		a := w.sel(e.Sel, true)
		return msg.M("nexus.card.eff.confront", "a", a, "b", w.sel(e.Sel2, false))
	case cards.Regenerate:
		return msg.M("nexus.card.eff.regenerate", "who", w.sel(e.Sel, false))
	case cards.GainLife:
		return msg.M("nexus.card.eff.gain_life", "who", w.sel(e.Sel, true), "person", person(e.Sel), "n", e.N)
	case cards.LoseLife:
		return msg.M("nexus.card.eff.lose_life", "who", w.sel(e.Sel, true), "person", person(e.Sel), "n", e.N)
	case cards.UntapResources:
		return msg.M("nexus.card.eff.untap_resources", "who", w.sel(e.Sel, true), "person", person(e.Sel), "n", e.N, "other", yesNo(e.Other))
	}
	return msg.M("nexus.card.eff.unknown")
}

// person is the grammatical person of a player selector as a sentence's subject: "you" (You
// draw) or "other" (Each opponent draws).
func person(s cards.Selector) string {
	switch {
	case s.Kind == cards.SelYou,
		(s.Kind == cards.SelAll || s.Kind == cards.SelTarget) && s.Obj == cards.ObjPlayer && s.Filter.You:
		return "you"
	}
	return "other"
}

// sel is selector s as a noun phrase; cap: it starts a sentence.
func (w *writer) sel(s cards.Selector, capital bool) msg.Msg {
	c := yesNo(capital)
	switch s.Kind {
	case cards.SelSelf:
		what := "creature"
		if w.card.Type == cards.Equipment {
			what = "equipment"
		}
		return msg.M("nexus.card.sel.self", "cap", c, "what", what)
	case cards.SelEquipped:
		return msg.M("nexus.card.sel.equipped", "cap", c)
	case cards.SelRequisitioned:
		return msg.M("nexus.card.sel.requisitioned", "cap", c, "noun", noun(s.Obj, s.Filter, false, false))
	case cards.SelYou:
		return msg.M("nexus.card.sel.you", "cap", c)
	case cards.SelEachOpp:
		return msg.M("nexus.card.sel.each_opp", "cap", c)
	case cards.SelEachPlayer:
		return msg.M("nexus.card.sel.each_player", "cap", c)
	case cards.SelAll:
		if s.Obj == cards.ObjPlayer {
			switch {
			case s.Filter.You:
				return msg.M("nexus.card.sel.you", "cap", c)
			case s.Filter.Opp:
				return msg.M("nexus.card.sel.each_opp", "cap", c)
			}
			return msg.M("nexus.card.sel.each_player", "cap", c)
		}
		return msg.M("nexus.card.sel.each", "cap", c, "noun", noun(s.Obj, s.Filter, false, false))
	case cards.SelTarget:
		bit := uint64(1) << uint(s.Slot)
		if w.declared&bit == 0 {
			w.declared |= bit
			w.lastOfKind[s.Obj] = s.Slot
			if s.Obj == cards.ObjPlayer && s.Filter.You { // the only player it may be
				return msg.M("nexus.card.sel.you", "cap", c)
			}
			return msg.M("nexus.card.sel.target", "noun", noun(s.Obj, s.Filter, true, capital))
		}
		if w.lastOfKind[s.Obj] == s.Slot {
			return msg.M("nexus.card.sel.that", "cap", c, "kind", s.Obj.String())
		}
		// Another target of the same kind came in between: name it by its rank among the
		// ability's targets of that kind.
		n := 0
		for i, t := range w.ab.Targets {
			if t.Obj == s.Obj {
				n++
			}
			if i == s.Slot {
				break
			}
		}
		return msg.M("nexus.card.sel.nth", "cap", c, "n", n, "kind", s.Obj.String())
	}
	return msg.M("nexus.card.sel.unknown")
}

// noun is what a selector's kind and filter describe: "other creature with Agility you
// control", "creature card with cost 3 or less from your graveyard", "opponent". A target's
// noun (target) says "target" itself, capitalised if capital: where a language puts that
// word, and the article whose gender is the noun's, is the noun template's choice (French
// "une créature ciblée que vous contrôlez", "un adversaire ciblé").
func noun(k cards.ObjKind, f cards.Filter, target, capital bool) msg.Msg {
	ctrl := "any"
	switch {
	case f.You:
		ctrl = "you"
	case f.Opp:
		ctrl = "opp"
	}
	var with []msg.Msg
	for _, x := range f.Keywords.List() {
		with = append(with, KeywordName(x))
	}
	if f.MaxCost != cards.NoMaxCost {
		with = append(with, msg.M("nexus.card.noun.cost", "n", f.MaxCost))
	}
	var withMsg any = ""
	if len(with) > 0 {
		withMsg = msg.M("nexus.card.noun.with", "what", andList(with))
	}
	id := map[cards.ObjKind]string{
		cards.ObjCreature:      "nexus.card.noun.creature",
		cards.ObjPlayer:        "nexus.card.noun.player",
		cards.ObjRequisition:   "nexus.card.noun.requisition",
		cards.ObjGraveCreature: "nexus.card.noun.grave",
	}[k]
	if id == "" {
		id = "nexus.card.noun.card"
	}
	return msg.M(id, "other", yesNo(f.Other), "equipped", yesNo(f.Equipped), "token", yesNo(f.Token), "with", withMsg, "ctrl", ctrl,
		"target", yesNo(target), "cap", yesNo(capital))
}

// FactionName is a faction's name as players read it (nexus.card.faction.damnareh:
// "Dam'Nareh").
func FactionName(f cards.Faction) msg.Msg {
	return msg.M("nexus.card.faction." + strings.ToLower(f.String()))
}

// TypeName is a card type's name as players read it (nexus.card.type.specialresource:
// "Special resource").
func TypeName(t cards.Type) msg.Msg {
	return msg.M("nexus.card.type." + strings.ToLower(t.String()))
}

// CardHead is a card's first line: "Blade Dancer: Rayji Creature, cost 3, 3/2" (name,
// faction, type, then the cost of a library card, a creature's stats, a hero's life).
func CardHead(c *cards.Card) msg.Msg {
	extra := []msg.Msg{}
	if c.IsRequisition() {
		extra = append(extra, msg.M("nexus.card.head.cost", "n", c.Cost))
	}
	if c.IsCreature() {
		extra = append(extra, msg.M("nexus.card.head.stats", "s", c.S, "e", c.E))
	}
	if c.Type == cards.Hero {
		extra = append(extra, msg.M("nexus.card.head.life", "n", c.Life))
	}
	var rest any = ""
	for i := len(extra) - 1; i >= 0; i-- {
		rest = msg.M("nexus.card.head.part", "part", extra[i], "rest", rest)
	}
	return msg.M("nexus.card.head", "name", c.Name, "faction", FactionName(c.Faction), "type", TypeName(c.Type), "extra", rest)
}
