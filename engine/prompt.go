package engine

import "starnexus/i18n/msg"

// AskerMsg names the card and ability of a, for a prompt (catalog i18n/en/prompts.json):
// "Trading Post (Primary)", "Ion Drake #2", "Kaira Swiftclaw (Quickening)". Star Realms'
// slots ("primary", "ally", "scrap", "trigger", "acquire", "sticker") and "hero" have words
// of their own; any other ability name is shown as it is.
func AskerMsg(a Asker) msg.Msg {
	var card any = a.Card
	if a.Number > 0 {
		card = msg.M("prompt.card_number", "card", a.Card, "n", a.Number)
	}
	switch a.Ability {
	case "":
		return msg.M("prompt.asker", "card", card)
	case "primary", "ally", "scrap", "trigger", "acquire", "sticker", "hero", "affinity", "dissonance":
		return msg.M("prompt.asker_slot", "card", card, "slot", a.Ability)
	}
	return msg.M("prompt.asker_named", "card", card, "ability", a.Ability)
}

// ListMsg joins ms as a list (catalog ids prompt.list.*): "A", "A and B", "A, B and C". Its
// messages nest no deeper for a long list: the items before the last are one list argument.
func ListMsg(ms []msg.Msg) msg.Msg {
	switch len(ms) {
	case 0:
		return msg.M("prompt.list.none")
	case 1:
		return ms[0]
	case 2:
		return msg.M("prompt.list.two", "a", ms[0], "b", ms[1])
	}
	head := make([]msg.Msg, 0, len(ms)-1)
	for _, m := range ms[:len(ms)-2] {
		head = append(head, msg.M("prompt.list.comma", "a", m))
	}
	head = append(head, ms[len(ms)-2])
	return msg.M("prompt.list.more", "head", head, "last", ms[len(ms)-1])
}
