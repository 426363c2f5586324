package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
	"starnexus/i18n"
	"starnexus/terminal"
)

// listedCard is a card as listed for one set: Scout, Viper and Explorer are listed once for
// every set asked for.
type listedCard struct {
	set  string
	card *realms.Card
}

func runCards(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("cards", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := helpText(args, getenv)
	var sets listFlag
	fs.Var(&sets, "set", h("cli.cards.set"))
	faction := fs.String("faction", "", h("cli.cards.faction"))
	name := fs.String("name", "", h("cli.cards.name"))
	asJSON := fs.Bool("json", false, h("cli.cards.json"))
	game := fs.String("game", "realms", h("cli.cards.game"))
	langName := langFlag(fs, h)
	if code, ok := parseFlags(fs, args, "starnexus cards [--game realms|nexus] [--set core] [--faction Blob] [--name text] [--json] [--lang fr]", h, stderr); !ok {
		return code
	}
	lang, err := chooseLang(*langName, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 2
	}
	if *game == "nexus" && len(sets) == 0 {
		return runNexusCards(*faction, *name, *asJSON, lang, stdout, stderr)
	} else if *game != "realms" {
		fmt.Fprintf(stderr, "starnexus cards: --game %q: use realms, or nexus without --set\n", *game)
		return 2
	}
	cat, err := realms.LoadCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	list, err := selectCards(cat, splitList(strings.Join(sets, ",")), *faction, *name)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	if *asJSON {
		err = writeCardsJSON(stdout, list)
	} else {
		err = writeCardsTable(stdout, list, lang)
	}
	if err != nil {
		fmt.Fprintf(stderr, "starnexus cards: %v\n", err)
		return 1
	}
	return 0
}

// selectCards lists the cards of the sets asked for (all when none), filtered.
func selectCards(cat *realms.Catalog, sets []string, faction, name string) ([]listedCard, error) {
	for _, s := range sets {
		if !slices.Contains(cat.Sets, s) {
			return nil, fmt.Errorf("unknown set %q (known: %s)", s, strings.Join(cat.Sets, ", "))
		}
	}
	if len(sets) == 0 {
		sets = cat.Sets
	}
	match, err := factionFilter(faction)
	if err != nil {
		return nil, err
	}
	basics := []realms.CardID{cat.Scout, cat.Viper, cat.Explorer}
	var out []listedCard
	for _, set := range sets {
		var ids []realms.CardID
		for i := range cat.Cards {
			if cat.Cards[i].Set == set {
				ids = append(ids, realms.CardID(i+1))
			}
		}
		for _, b := range basics { // every set's box is played with the basic cards
			if !slices.Contains(ids, b) {
				ids = append(ids, b)
			}
		}
		for _, id := range ids {
			c := cat.Card(id)
			if match(c) && nameMatches(c, name) {
				out = append(out, listedCard{set: set, card: c})
			}
		}
	}
	if len(out) == 0 && name != "" {
		var all []string
		for _, c := range cat.Cards {
			all = append(all, c.Name)
		}
		if s := engine.Closest(name, all, 3); len(s) > 0 {
			return nil, fmt.Errorf("no card matches %q: did you mean %s?", name, strings.Join(s, " or "))
		}
		return nil, fmt.Errorf("no card matches %q", name)
	}
	return out, nil
}

// factionFilter returns the test for --faction; "" matches every card.
func factionFilter(name string) (func(*realms.Card) bool, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return func(*realms.Card) bool { return true }, nil
	case strings.EqualFold(name, "unaligned"):
		return func(c *realms.Card) bool { return c.Faction == 0 }, nil
	}
	f, ok := realms.FactionByName(name)
	if !ok {
		known := append(realms.Faction(^uint8(0)).Names(), "Unaligned")
		return nil, fmt.Errorf("unknown faction %q (known: %s)", name, strings.Join(known, ", "))
	}
	return func(c *realms.Card) bool { return c.Faction&f != 0 }, nil
}

// nameMatches reports whether text is part of one of the card's names, in any language, or
// of an alias, ignoring case and accents.
func nameMatches(c *realms.Card, text string) bool {
	text = engine.FoldName(text)
	if text == "" || strings.Contains(engine.FoldName(c.Name), text) {
		return true
	}
	for _, n := range c.Names {
		if strings.Contains(engine.FoldName(n), text) {
			return true
		}
	}
	for _, a := range c.Aliases {
		if strings.Contains(engine.FoldName(a), text) {
			return true
		}
	}
	return false
}

func writeCardsJSON(w io.Writer, list []listedCard) error {
	out := make([]realmsgame.CardJSON, 0, len(list))
	for _, l := range list {
		out = append(out, realmsgame.CardOf(l.set, l.card))
	}
	return realmsgame.WriteCardsJSON(w, out)
}

// writeCardsTable writes the cards as a table in lang's language: headings, names, sets,
// factions, kinds and texts.
func writeCardsTable(w io.Writer, list []listedCard, lang *i18n.Catalog) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, lang.Render(i18n.M("term.cards.head")))
	l := terminal.Lang{Cat: lang}
	trade, copies, other := 0, 0, 0
	for _, item := range list {
		c := item.card
		if c.Deck == realms.TradeDeck {
			trade++
			copies += c.Quantity
		} else {
			other++
		}
		qty := fmt.Sprint(c.Quantity)
		if c.Deck != realms.TradeDeck {
			qty += " " + lang.Render(i18n.M("term.cards.deck."+c.Deck.String()))
		}
		name, faction, kind, defense := c.Name, realmsgame.CardFaction(c), c.Kind.String(), realmsgame.CardDefense(c)
		if lang.Lang() != "en" {
			name, faction = c.NameIn(lang.Lang()), lang.Render(realms.FactionMsg(c.Faction))
			kind = lang.Render(i18n.M("term.realms." + kind))
			if c.Kind == realms.Base && c.Outpost {
				defense = fmt.Sprintf("%d %s", c.Defense, lang.Render(i18n.M("term.realms.outpost")))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, setText(l, item.set), faction, kind, realmsgame.CardCost(c), defense, qty,
			strings.Join(realmsgame.CardAbilities(lang, c), " / "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, lang.Render(i18n.M("term.cards.count", "trade", trade, "copies", copies, "other", other)))
	return err
}
