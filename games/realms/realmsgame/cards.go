package realmsgame

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"starnexus/games/realms"
	"starnexus/i18n"
)

// CardJSON is one Star Realms card as clients read it: GET /api/cards and `starnexus cards
// --json`. Text is what a client shows: each part's sentences as message ids with arguments
// (i18n/en/realms-cards.json). Names is the card's name in each language of the catalogs
// ("en", "fr", "es"): the official name where a rulebook gives one, else the English name.
// Aliases are other spellings a player may type. Primary, Ally, Scrap, Trigger, Acquire and Static are the same
// abilities in the engine's ability language (docs/cards.md), for scenario writers and tools.
type CardJSON struct {
	Name     string            `json:"name"`
	Set      string            `json:"set"`
	Faction  []string          `json:"faction"`
	Type     string            `json:"type"`
	Cost     *int              `json:"cost"`
	Defense  *int              `json:"defense"`
	Outpost  bool              `json:"outpost"`
	Quantity int               `json:"quantity"`
	Deck     string            `json:"deck"`
	Names    map[string]string `json:"names"`
	Aliases  []string          `json:"aliases"`
	Primary  string            `json:"primary,omitempty"`
	Ally     string            `json:"ally,omitempty"`
	Scrap    string            `json:"scrap,omitempty"`
	Trigger  string            `json:"trigger,omitempty"`
	Acquire  string            `json:"acquire,omitempty"`
	Static   []string          `json:"static,omitempty"`
	// Text is the card's text by part; AllyLabel the mark its Ally part is printed under
	// ("Blob Ally"), present when it has an Ally part.
	Text      realms.CardText `json:"text"`
	AllyLabel *i18n.Msg       `json:"ally_label,omitempty"`
}

// CardOf is card c as listed for set.
func CardOf(set string, c *realms.Card) CardJSON {
	j := CardJSON{Name: c.Name, Set: set, Faction: c.Faction.Names(), Type: c.Kind.String(), Outpost: c.Outpost,
		Quantity: c.Quantity, Deck: c.Deck.String(), Aliases: c.Aliases, Static: c.StaticTxt,
		Text:    c.Text(),
		Primary: c.Texts[realms.Primary], Ally: c.Texts[realms.Ally], Scrap: c.Texts[realms.ScrapSlot], Trigger: c.Texts[realms.OnPlayShip], Acquire: c.Texts[realms.OnAcquire]}
	if len(j.Text.Ally) > 0 {
		l := c.AllyLabel()
		j.AllyLabel = &l
	}
	j.Names = map[string]string{"en": c.Name}
	for _, l := range realms.NameLangs() {
		j.Names[l] = c.NameIn(l)
	}
	if j.Aliases == nil {
		j.Aliases = []string{}
	}
	if c.Cost >= 0 {
		cost := c.Cost
		j.Cost = &cost
	}
	if c.Kind == realms.Base {
		def := c.Defense
		j.Defense = &def
	}
	return j
}

// WriteCardsJSON writes cards as an indented JSON array and a newline.
func WriteCardsJSON(w io.Writer, cards []CardJSON) error {
	if cards == nil {
		cards = []CardJSON{}
	}
	b, err := json.MarshalIndent(cards, "", "  ")
	if err != nil {
		return fmt.Errorf("encode cards: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// SetCards lists the cards of the sets asked for (every set of the catalog when none), each
// set with the basic cards (Scout, Viper, Explorer) its box is played with.
func SetCards(cat *realms.Catalog, sets []string) []CardJSON {
	if len(sets) == 0 {
		sets = cat.Sets
	}
	basics := []realms.CardID{cat.Scout, cat.Viper, cat.Explorer}
	out := []CardJSON{}
	for _, set := range sets {
		var ids []realms.CardID
		for i := range cat.Cards {
			if cat.Cards[i].Set == set {
				ids = append(ids, realms.CardID(i+1))
			}
		}
		for _, b := range basics {
			if b != 0 && !slices.Contains(ids, b) {
				ids = append(ids, b)
			}
		}
		for _, id := range ids {
			out = append(out, CardOf(set, cat.Card(id)))
		}
	}
	return out
}

// Cards implements engine.Game: every card of every set, as `starnexus cards --json` lists
// them.
func (g *Game) Cards() any {
	if g.cat == nil {
		return []CardJSON{}
	}
	return SetCards(g.cat, nil)
}
