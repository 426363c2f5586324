package nexusgame

import (
	"errors"
	"fmt"
	"strings"

	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
	"starnexus/i18n"
)

// CardJSON is one Stellar Nexus card as clients read it (GET /api/cards?game=nexus). What a
// player reads is in messages (package i18n, ids nexus.card.*): the text, one message per
// ability line, the keywords with their reminders, the faction and the type. Rules is the
// engine notation of the card data (SN C.2), for scenario and deck writers; never shown to a
// player.
type CardJSON struct {
	Name string `json:"name"`
	// Names is the card's name in each language of the catalogs ("en", "fr", "es").
	Names       map[string]string `json:"names"`
	Faction     string            `json:"faction"`
	FactionText i18n.Msg          `json:"faction_text"`
	Type        string            `json:"type"`
	TypeText    i18n.Msg          `json:"type_text"`
	Cost        *int              `json:"cost,omitempty"`
	Stats       string            `json:"stats,omitempty"`
	Life        *int              `json:"life,omitempty"`
	Keywords    []string          `json:"keywords"`
	KeywordText []i18n.Msg        `json:"keyword_text"`
	Text        []i18n.Msg        `json:"text"`
	Reminders   []i18n.Msg        `json:"reminders"`
	Rules       []string          `json:"rules"`
	// AbilityNames are the names of its named abilities (a hero's) in each language, by
	// English name: shown where the ability is named (prompts, the hero's button).
	AbilityNames map[string]map[string]string `json:"ability_names,omitempty"`
}

// Cards implements engine.Game: every card of the game's table.
func (g *Game) Cards() any {
	out := []CardJSON{}
	if g.tab == nil {
		return out
	}
	cat := g.tab.Catalog()
	for _, c := range cat.All() {
		msgs := nexus.CardText(cat, c)
		j := CardJSON{Name: c.Name, Names: map[string]string{"en": c.Name}, Faction: c.Faction.String(), FactionText: nexus.FactionName(c.Faction),
			Type: c.Type.String(), TypeText: nexus.TypeName(c.Type), Keywords: []string{},
			KeywordText: msgs.Keywords, Text: msgs.Text, Reminders: nexus.Reminders(c), Rules: c.Text}
		if j.Rules == nil {
			j.Rules = []string{}
		}
		for _, l := range cards.NameLangs() {
			j.Names[l] = c.NameIn(l)
		}
		for en, by := range c.AbilityNames {
			if j.AbilityNames == nil {
				j.AbilityNames = map[string]map[string]string{}
			}
			j.AbilityNames[en] = map[string]string{"en": en}
			for l, n := range by {
				j.AbilityNames[en][l] = n
			}
		}
		for _, k := range c.Keywords.List() {
			j.Keywords = append(j.Keywords, k.String())
		}
		if c.IsRequisition() {
			cost := c.Cost
			j.Cost = &cost
		}
		if c.IsCreature() {
			j.Stats = fmt.Sprintf("%d/%d", c.S, c.E)
		}
		if c.Type == cards.Hero {
			life := c.Life
			j.Life = &life
		}
		out = append(out, j)
	}
	return out
}

// Decks lists the shipped decks a seat may name, in the order the option "decks" deals them
// to seats that name none: each deck's name, title and hero, and the title and the hero's name
// in each language ("en", "fr", "es"). (The server's deck list: the struct is written out so
// that the game needs no import of the server.)
func (g *Game) Decks() ([]struct {
	Name, Title, Hero string
	Titles, Heroes    map[string]string
}, error) {
	var out []struct {
		Name, Title, Hero string
		Titles, Heroes    map[string]string
	}
	cat := g.tab.Catalog()
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			return nil, fmt.Errorf("shipped deck %s: %w", n, err)
		}
		hero, err := cat.ByName(d.Hero)
		if err != nil {
			return nil, fmt.Errorf("shipped deck %s: hero: %w", n, err)
		}
		titles, heroes := map[string]string{"en": d.Name}, map[string]string{"en": hero.Name}
		for _, l := range cards.NameLangs() {
			titles[l], heroes[l] = d.NameIn(l), hero.NameIn(l)
		}
		out = append(out, struct {
			Name, Title, Hero string
			Titles, Heroes    map[string]string
		}{n, d.Name, d.Hero, titles, heroes})
	}
	return out, nil
}

// CheckDeckFile reads a deck file and checks it as `deck check` does: either what it holds
// (its name, its hero, the sizes of its library, resource pile and reserve) or an error with
// every problem on its own line ("library: unknown card \"Rivet Sentri\": did you mean
// \"Rivet Sentry\"?"). (The server's deck check: the struct is written out so that the game
// needs no import of the server.)
func (g *Game) CheckDeckFile(text []byte) (struct {
	Name, Hero                  string
	Library, Resources, Reserve int
}, error) {
	var out struct {
		Name, Hero                  string
		Library, Resources, Reserve int
	}
	d, err := cards.ParseDeck(text)
	if err != nil {
		return out, err
	}
	dc, vs := g.tab.Catalog().Resolve(d)
	if len(vs) > 0 {
		msgs := make([]string, len(vs))
		for i, v := range vs {
			msgs[i] = v.String()
		}
		return out, errors.New(strings.Join(msgs, "\n"))
	}
	out.Name, out.Hero = d.Name, dc.Hero.Name
	out.Library, out.Resources, out.Reserve = len(dc.Library), len(dc.ResourcePile), len(dc.Reserve)
	return out, nil
}
