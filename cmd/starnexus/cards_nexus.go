package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/cards"
	"starnexus/i18n"
)

// nexusCardJSON is one entry of `starnexus cards --game nexus --json`.
type nexusCardJSON struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	Names    map[string]string `json:"names"` // "en", "fr", "es"
	Faction  string            `json:"faction"`
	Type     string            `json:"type"`
	Cost     *int              `json:"cost"`  // requisition cards only
	Stats    *string           `json:"stats"` // creatures and tokens: "S/E"
	Life     *int              `json:"life"`  // heroes only
	Keywords []string          `json:"keywords"`
	Division *string           `json:"division,omitempty"` // "TK-SPORE x2"
	Limit    *int              `json:"limit"`              // copies per deck; null: unlimited
	Text     []string          `json:"text"`
}

// runNexusCards lists the Stellar Nexus starter set for `starnexus cards --game nexus`.
func runNexusCards(faction, name string, asJSON bool, lang *i18n.Catalog, stdout, stderr io.Writer) int {
	cat, err := cards.Builtin()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	list, err := selectNexusCards(cat, faction, name)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	if asJSON {
		err = writeNexusJSON(stdout, list)
	} else {
		err = writeNexusTable(stdout, list, cat, lang)
	}
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	return 0
}

func selectNexusCards(cat *cards.Catalog, faction, name string) ([]*cards.Card, error) {
	match := func(*cards.Card) bool { return true }
	if strings.TrimSpace(faction) != "" {
		f, err := cards.FactionByName(faction)
		if err != nil {
			return nil, err
		}
		match = func(c *cards.Card) bool { return c.Faction == f }
	}
	text := engine.FoldName(name)
	var out []*cards.Card
	for _, c := range cat.All() {
		if match(c) && nexusNameMatches(c, text) {
			out = append(out, c)
		}
	}
	if len(out) == 0 && text != "" {
		if s := cat.Suggest(name, "", 3); len(s) > 0 {
			return nil, fmt.Errorf("no card matches %q: did you mean %s?", name, strings.Join(s, " or "))
		}
		return nil, fmt.Errorf("no card matches %q", name)
	}
	return out, nil
}

// nexusNameMatches reports whether folded is part of one of the card's names, in any
// language (folded: engine.FoldName).
func nexusNameMatches(c *cards.Card, folded string) bool {
	if strings.Contains(engine.FoldName(c.Name), folded) {
		return true
	}
	for _, n := range c.Names {
		if strings.Contains(engine.FoldName(n), folded) {
			return true
		}
	}
	return false
}

func writeNexusJSON(w io.Writer, list []*cards.Card) error {
	out := make([]nexusCardJSON, 0, len(list))
	for _, c := range list {
		j := nexusCardJSON{ID: c.ID, Name: c.Name, Faction: c.Faction.String(), Type: c.Type.String(),
			Keywords: []string{}, Text: c.Text, Names: map[string]string{"en": c.Name}}
		for _, l := range cards.NameLangs() {
			j.Names[l] = c.NameIn(l)
		}
		if j.Text == nil {
			j.Text = []string{}
		}
		for _, k := range c.Keywords.List() {
			j.Keywords = append(j.Keywords, k.String())
		}
		if c.IsRequisition() {
			j.Cost = &c.Cost
		}
		if c.IsCreature() {
			s := fmt.Sprintf("%d/%d", c.S, c.E)
			j.Stats = &s
		}
		if c.Type == cards.Hero {
			j.Life = &c.Life
		}
		if c.Division != nil {
			d := fmt.Sprintf("%s x%d", c.Division.Token, c.Division.N)
			j.Division = &d
		}
		if c.Limit != cards.Unlimited {
			j.Limit = &c.Limit
		}
		out = append(out, j)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("encode cards: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeNexusTable writes the cards as a table, its headings in lang's language; in a language
// other than English, the names, factions, types and card texts in that language too
// (English lists the ability language).
func writeNexusTable(w io.Writer, list []*cards.Card, cat *cards.Catalog, lang *i18n.Catalog) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, lang.Render(i18n.M("term.cards.nexus_head")))
	for _, c := range list {
		cost, stats := "", ""
		if c.IsRequisition() {
			cost = fmt.Sprint(c.Cost)
		}
		switch {
		case c.IsCreature():
			stats = fmt.Sprintf("%d/%d", c.S, c.E)
		case c.Type == cards.Hero:
			stats = fmt.Sprintf("life %d", c.Life)
		}
		name, notes, faction, kind := c.Name, cardNotes(c), c.Faction.String(), c.Type.String()
		if code := lang.Lang(); code != "en" {
			text := nexus.CardText(cat, c)
			var parts []string
			for _, m := range append(text.Keywords, text.Text...) {
				parts = append(parts, lang.Render(m))
			}
			name, notes = c.NameIn(code), strings.Join(parts, " / ")
			faction, kind = lang.Render(nexus.FactionName(c.Faction)), lang.Render(nexus.TypeName(c.Type))
			if c.Type == cards.Hero {
				stats = lang.Render(i18n.M("nexus.card.head.life", "n", c.Life))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, name, faction, kind, cost, stats, notes)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, lang.Render(i18n.M("term.cards.nexus_count", "n", len(list))))
	return err
}
