package nexusgame

import (
	"fmt"

	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
)

// CardJSON is one Stellar Nexus card as clients read it (GET /api/cards?game=nexus).
type CardJSON struct {
	Name     string   `json:"name"`
	Faction  string   `json:"faction"`
	Type     string   `json:"type"`
	Cost     *int     `json:"cost,omitempty"`
	Stats    string   `json:"stats,omitempty"`
	Life     *int     `json:"life,omitempty"`
	Keywords []string `json:"keywords"`
	Text     []string `json:"text"`
}

// Cards implements engine.Game: every card of the game's table.
func (g *Game) Cards() any {
	out := []CardJSON{}
	if g.tab == nil {
		return out
	}
	for _, c := range g.tab.Catalog().All() {
		j := CardJSON{Name: c.Name, Faction: c.Faction.String(), Type: c.Type.String(), Keywords: []string{}, Text: c.Text}
		if j.Text == nil {
			j.Text = []string{}
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
// to seats that name none: each deck's name, title and hero. (The server's deck list: the
// struct is written out so that the game needs no import of the server.)
func (g *Game) Decks() ([]struct{ Name, Title, Hero string }, error) {
	var out []struct{ Name, Title, Hero string }
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			return nil, fmt.Errorf("shipped deck %s: %w", n, err)
		}
		out = append(out, struct{ Name, Title, Hero string }{n, d.Name, d.Hero})
	}
	return out, nil
}
