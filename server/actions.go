package server

import (
	"starnexus/engine"
	"starnexus/i18n"
)

// actionJSON is one legal action as a view lists it: its text, which is what a client sends,
// and what it is made of (engine.ActionParts), so that no client reads the text. A game that
// does not describe its actions gets the fallback engine.TextParts: the first word of the
// text as the verb, nothing more.
type actionJSON struct {
	Text    string      `json:"text"`
	Verb    string      `json:"verb"`
	Card    string      `json:"card,omitempty"`
	Number  int         `json:"number,omitempty"`
	Ability string      `json:"ability,omitempty"`
	Target  *targetJSON `json:"target,omitempty"`
	Amount  int         `json:"amount,omitempty"`
	Option  int         `json:"option,omitempty"`
	Zone    string      `json:"zone,omitempty"`
	Pool    string      `json:"pool,omitempty"`
	Upgrade string      `json:"upgrade,omitempty"`
	Asks    *askerJSON  `json:"asks,omitempty"`
}

type targetJSON struct {
	Kind   string `json:"kind"`
	Player string `json:"player,omitempty"`
	Seat   *int   `json:"seat,omitempty"`
	Card   string `json:"card,omitempty"`
	Number int    `json:"number,omitempty"`
	Zone   string `json:"zone,omitempty"`
}

type askerJSON struct {
	Card    string `json:"card,omitempty"`
	Number  int    `json:"number,omitempty"`
	Ability string `json:"ability,omitempty"`
}

// decisionJSON is the pending decision as data (engine.Decision).
type decisionJSON struct {
	Seat     int        `json:"seat"`
	Player   string     `json:"player"`
	Kind     string     `json:"kind"`
	Effect   string     `json:"effect,omitempty"`
	Asks     *askerJSON `json:"asks,omitempty"`
	Min      int        `json:"min"`
	Max      int        `json:"max"`
	Optional bool       `json:"optional,omitempty"`
	Options  []string   `json:"options,omitempty"`
	// Prompt is the question as players read it, a message (GET /api/messages renders it);
	// OptionText is options as players read them, in the same order.
	Prompt     *i18n.Msg  `json:"prompt,omitempty"`
	OptionText []i18n.Msg `json:"option_text,omitempty"`
}

func asker(a engine.Asker) *askerJSON {
	if a == (engine.Asker{}) {
		return nil
	}
	return &askerJSON{Card: a.Card, Number: a.Number, Ability: a.Ability}
}

func partsJSON(text string, p engine.ActionParts) actionJSON {
	out := actionJSON{Text: text, Verb: p.Verb, Card: p.Card, Number: p.Number, Ability: p.Ability, Amount: p.Amount,
		Option: p.Option, Zone: p.Zone, Pool: p.Pool, Upgrade: p.Upgrade, Asks: asker(p.Asks)}
	if t := p.Target; t.Kind != "" {
		out.Target = &targetJSON{Kind: t.Kind, Player: t.Player, Card: t.Card, Number: t.Number, Zone: t.Zone}
		if t.Player != "" {
			seat := int(t.Seat)
			out.Target.Seat = &seat
		}
	}
	return out
}

// legalActions lists the actions seat may send now, each text once, with their parts.
func (g *game) legalActions(seat engine.Seat) []actionJSON {
	out := []actionJSON{}
	if seat < 0 || !g.canAct(seat) {
		return out
	}
	seen := map[string]bool{}
	for _, a := range g.st.Legal(seat, nil) {
		t := g.st.ActionText(seat, a)
		if !seen[t] {
			seen[t] = true
			out = append(out, partsJSON(t, engine.DescribeAction(g.st, seat, a)))
		}
	}
	return out
}

// pending describes the pending decision as viewer may see it; nil when there is none, the
// game does not describe its decisions, or the game waits for its seats.
func (g *game) pending(viewer engine.Seat) *decisionJSON {
	d, ok := g.st.(engine.DecisionDescriber)
	if !ok || g.st.Over() || g.abandoned || len(g.waiting()) > 0 {
		return nil
	}
	dec, ok := d.DescribeDecision(viewer)
	if !ok {
		return nil
	}
	out := &decisionJSON{Seat: int(dec.Seat), Player: g.st.SeatName(dec.Seat), Kind: dec.Kind, Effect: dec.Effect,
		Asks: asker(dec.Asks), Min: dec.Min, Max: dec.Max, Optional: dec.Optional, Options: dec.Options,
		OptionText: dec.OptionMsgs}
	if dec.Prompt.ID != "" {
		out.Prompt = &dec.Prompt
	}
	return out
}
