package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
)

// runDeck implements "starnexus deck check|list|show".
func runDeck(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	h := helpText(args, getenv)
	deckUsage := h("cli.deck.usage")
	args = withoutLang(args) // a --lang before the subcommand chooses the help's language
	if len(args) == 0 {
		fmt.Fprintln(stderr, deckUsage)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, deckUsage)
		return 0
	case "check", "list", "show":
	default:
		fmt.Fprintf(stderr, "starnexus deck: unknown subcommand %q\n%s\n", args[0], deckUsage)
		return 2
	}
	rest := args[1:]
	for _, a := range rest {
		if a == "-h" || a == "--help" {
			fmt.Fprintln(stdout, deckUsage)
			return 0
		}
	}
	cat, err := cards.Builtin()
	if err != nil {
		fmt.Fprintf(stderr, "starnexus deck: %v\n", err)
		return 1
	}
	switch args[0] {
	case "check":
		if len(rest) == 0 {
			fmt.Fprintln(stderr, "starnexus deck check: name at least one deck file or shipped deck")
			return 2
		}
		return deckCheck(cat, rest, stdout)
	case "list":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "starnexus deck list: unexpected argument %q\n", rest[0])
			return 2
		}
		return deckList(stdout, stderr)
	default:
		if len(rest) != 1 {
			fmt.Fprintln(stderr, h("cli.usage", "line", "starnexus deck show NAME|FILE"))
			return 2
		}
		return deckShow(cat, rest[0], stdout, stderr)
	}
}

// loadDeckArg reads a deck file, or a shipped deck when arg is no file but a deck's name.
func loadDeckArg(arg string) (*cards.Deck, error) {
	if isDeckFile(arg) {
		return cards.LoadDeck(arg)
	}
	d, err := decks.Load(arg)
	if err != nil {
		return nil, fmt.Errorf("no such file, and %w", err)
	}
	return d, nil
}

// isDeckFile reports whether a deck argument (deck check, play --decks, sim --decks) names a
// deck file rather than a shipped deck: a path that exists, or one that contains a slash or
// ends in .yaml or .yml.
func isDeckFile(arg string) bool {
	if _, err := os.Stat(arg); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return true
	}
	l := strings.ToLower(arg)
	return strings.ContainsAny(arg, `/\`) || strings.HasSuffix(l, ".yaml") || strings.HasSuffix(l, ".yml")
}

func deckCheck(cat *cards.Catalog, args []string, stdout io.Writer) int {
	code := 0
	for _, arg := range args {
		d, err := loadDeckArg(arg)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", arg, err)
			code = 1
			continue
		}
		dc, vs := cat.Resolve(d)
		if len(vs) > 0 {
			for _, v := range vs {
				fmt.Fprintf(stdout, "%s: %s\n", arg, v)
			}
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "%s: ok (hero %s, library %d, resources %d, reserve %d)\n",
			arg, dc.Hero.Name, len(dc.Library), len(dc.ResourcePile), len(dc.Reserve))
	}
	return code
}

func deckList(stdout, stderr io.Writer) int {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tDECK\tHERO\tLIBRARY\tRESERVE")
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			fmt.Fprintf(stderr, "starnexus deck list: %v\n", err)
			return 1
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\n", n, d.Name, d.Hero, cards.Size(d.Library), cards.Size(d.Reserve))
	}
	tw.Flush()
	return 0
}

func deckShow(cat *cards.Catalog, arg string, stdout, stderr io.Writer) int {
	d, err := loadDeckArg(arg)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus deck show: %s: %v\n", arg, err)
		return 1
	}
	dc, vs := cat.Resolve(d)
	if d.Name != "" {
		fmt.Fprintln(stdout, d.Name)
	}
	if dc.Hero != nil {
		fmt.Fprintf(stdout, "Hero: %s (%s, life %d)\n", dc.Hero.Name, dc.Hero.Faction, dc.Hero.Life)
		for _, t := range dc.Hero.Text {
			fmt.Fprintf(stdout, "  %s\n", t)
		}
	}
	section := func(title string, list []*cards.Card) {
		fmt.Fprintf(stdout, "\n%s (%d)\n", title, len(list))
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, g := range groupCards(list) {
			c := g.card
			cost, stats := "", ""
			if c.IsRequisition() {
				cost = fmt.Sprint(c.Cost)
			}
			if c.IsCreature() {
				stats = fmt.Sprintf("%d/%d", c.S, c.E)
			}
			fmt.Fprintf(tw, "  %dx\t%s\t%s\t%s\t%s\t%s\t%s\n", g.n, c.Name, cost, c.Type, c.Faction, stats, cardNotes(c))
		}
		tw.Flush()
	}
	section("Library", dc.Library)
	section("Resource pile", dc.ResourcePile)
	if len(dc.Reserve) > 0 {
		section("Reserve", dc.Reserve)
	}
	if len(vs) > 0 {
		fmt.Fprintln(stdout, "\nNot legal:")
		for _, v := range vs {
			fmt.Fprintf(stdout, "  %s\n", v)
		}
		return 1
	}
	return 0
}

type cardCount struct {
	card *cards.Card
	n    int
}

// groupCards counts the copies of each card, ordered by cost then name.
func groupCards(list []*cards.Card) []cardCount {
	var out []cardCount
	for _, c := range list {
		if i := slices.IndexFunc(out, func(g cardCount) bool { return g.card == c }); i >= 0 {
			out[i].n++
		} else {
			out = append(out, cardCount{c, 1})
		}
	}
	slices.SortStableFunc(out, func(a, b cardCount) int {
		if a.card.Cost != b.card.Cost {
			return a.card.Cost - b.card.Cost
		}
		return strings.Compare(a.card.Name, b.card.Name)
	})
	return out
}

// cardNotes is a card's keywords and ability texts on one line, separated by " / " (an
// ability's own effects are separated by "; ").
func cardNotes(c *cards.Card) string {
	var parts []string
	if k := c.Keywords.String(); k != "" {
		parts = append(parts, k)
	}
	if c.Division != nil {
		parts = append(parts, fmt.Sprintf("Division(%s x%d)", c.Division.Token, c.Division.N))
	}
	parts = append(parts, c.Text...)
	return strings.Join(parts, " / ")
}
