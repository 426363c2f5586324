package cards

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
)

// Deck construction limits (SN 2.1).
const (
	MinLibrary   = 30
	MaxLibrary   = 40
	ResourcePile = 10
	MaxReserve   = 15
)

// DeckEntry is a number of copies of one card, by name as written in the deck file.
type DeckEntry struct {
	Name  string
	Count int
}

// Deck is a deck file (docs/decks.md): a hero, a library, a resource pile and an optional
// reserve (SN 2.1). Card names are kept as written; CheckDeck and Resolve look them up.
type Deck struct {
	Name string
	// Names are the deck's name in other languages (NameLangs), by language, as its "names"
	// field gives them; NameIn falls back to Name.
	Names        map[string]string
	Hero         string
	Library      []DeckEntry
	ResourcePile []DeckEntry
	Reserve      []DeckEntry
}

// Size is the number of cards of a list of entries.
func Size(entries []DeckEntry) int {
	n := 0
	for _, e := range entries {
		n += e.Count
	}
	return n
}

var deckFields = []string{"name", "names", "hero", "library", "resource_pile", "reserve"}

// NameIn is the deck's name in lang: its name in that language, or Name.
func (d *Deck) NameIn(lang string) string {
	if n, ok := d.Names[lang]; ok {
		return n
	}
	return d.Name
}

// LoadDeck reads a deck file from the file system.
func LoadDeck(path string) (*Deck, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d, err := ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// ParseDeck reads a deck in the YAML format of docs/decks.md. A card list is either a mapping
// of names to counts ({Ember Cub: 3}) or a list of names, one per copy ([Ember Cub, Ember Cub]).
// It checks the shape only (known keys, counts of at least 1); Catalog.CheckDeck checks the
// cards and the construction rules.
func ParseDeck(data []byte) (*Deck, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("a deck is a mapping with hero, library and resource_pile (and optionally name and reserve)")
	}
	root := doc.Content[0]
	d := &Deck{}
	seen := map[string]bool{}
	for i := 0; i < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %s: %s", v.Line, k.Value, fmt.Sprintf(format, args...))
		}
		if seen[k.Value] {
			return nil, fail("written twice")
		}
		seen[k.Value] = true
		var err error
		switch k.Value {
		case "name", "hero":
			if v.Kind != yaml.ScalarNode || strings.TrimSpace(v.Value) == "" {
				return nil, fail("expected a name")
			}
			if k.Value == "name" {
				d.Name = strings.TrimSpace(v.Value)
			} else {
				d.Hero = strings.TrimSpace(v.Value)
			}
		case "names":
			d.Names, err = NamesField(v)
		case "library":
			d.Library, err = deckList(v)
		case "resource_pile":
			d.ResourcePile, err = deckList(v)
		case "reserve":
			d.Reserve, err = deckList(v)
		default:
			msg := fmt.Sprintf("line %d: unknown key %q (the keys are %s)", k.Line, k.Value, strings.Join(deckFields, ", "))
			return nil, errors.New(msg)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.Value, err)
		}
	}
	return d, nil
}

// deckList reads {Name: count, ...} or [Name, Name, ...]; a null value is an empty list.
func deckList(v *yaml.Node) ([]DeckEntry, error) {
	var out []DeckEntry
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, nil
		}
	case yaml.MappingNode:
		seen := map[string]bool{}
		for i := 0; i < len(v.Content); i += 2 {
			k, c := v.Content[i], v.Content[i+1]
			name := strings.TrimSpace(k.Value)
			if k.Kind != yaml.ScalarNode || name == "" {
				return nil, fmt.Errorf("line %d: expected a card name", k.Line)
			}
			if seen[engine.FoldName(name)] {
				return nil, fmt.Errorf("line %d: %q is written twice", k.Line, name)
			}
			seen[engine.FoldName(name)] = true
			n, err := strconv.Atoi(c.Value)
			if c.Kind != yaml.ScalarNode || err != nil || n < 1 || n > 99 {
				return nil, fmt.Errorf("line %d: %q: expected a number of copies from 1 to 99, found %q", c.Line, name, c.Value)
			}
			out = append(out, DeckEntry{name, n})
		}
		return out, nil
	case yaml.SequenceNode:
		for _, c := range v.Content {
			name := strings.TrimSpace(c.Value)
			if c.Kind != yaml.ScalarNode || name == "" {
				return nil, fmt.Errorf("line %d: expected a card name", c.Line)
			}
			if i := slices.IndexFunc(out, func(e DeckEntry) bool { return engine.FoldName(e.Name) == engine.FoldName(name) }); i >= 0 {
				out[i].Count++
			} else {
				out = append(out, DeckEntry{name, 1})
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("line %d: expected {Card Name: copies, ...} or a list of card names", v.Line)
}

// Violation is one way a deck breaks the construction rules.
type Violation struct {
	Zone string // "hero", "library", "resource pile" or "reserve"
	Rule string // the rule broken ("SN 2.2"), "" for an unknown card
	Msg  string // the whole message, rule included
}

func (v Violation) String() string { return v.Msg }
func (v Violation) Error() string  { return v.Msg }

// DeckCards is a deck with its cards looked up: every copy in file order.
type DeckCards struct {
	Hero         *Card
	Library      []*Card
	ResourcePile []*Card
	Reserve      []*Card
}

// CheckDeck checks a deck against the construction rules of SN 2 and returns every
// violation, in the order hero, library, resource pile, reserve (none: the deck is legal).
func (c *Catalog) CheckDeck(d *Deck) []Violation {
	_, v := c.Resolve(d)
	return v
}

// Resolve looks up every card of a deck and checks it (CheckDeck). Unknown names are left out
// of the DeckCards; the deck is legal only if the violations are empty.
func (c *Catalog) Resolve(d *Deck) (DeckCards, []Violation) {
	var out DeckCards
	var vs []Violation
	add := func(zone, rule, format string, args ...any) {
		vs = append(vs, Violation{Zone: zone, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	// lookup finds the entries' cards; copies of the same card written differently merge.
	lookup := func(zone string, entries []DeckEntry) ([]*Card, map[*Card]int, []*Card) {
		var all, order []*Card
		count := map[*Card]int{}
		for _, e := range entries {
			card, err := c.ByName(e.Name)
			if err != nil {
				add(zone, "", "%s: %v", zone, err)
				continue
			}
			if count[card] == 0 {
				order = append(order, card)
			}
			count[card] += e.Count
			for range e.Count {
				all = append(all, card)
			}
		}
		return all, count, order
	}

	switch {
	case d.Hero == "":
		add("hero", "SN 2.1", "no hero: a deck has exactly one (SN 2.1)")
	default:
		h, err := c.ByName(d.Hero)
		switch {
		case err != nil:
			add("hero", "", "hero: %v", err)
		case h.Type != Hero:
			add("hero", "SN 2.1", "hero %q is %s, not a hero (SN 2.1)", h.Name, an(h.Type))
		default:
			out.Hero = h
		}
	}

	lib, count, order := lookup("library", d.Library)
	out.Library = lib
	for _, card := range order {
		switch {
		case card.IsResource():
			add("library", "SN 2.6", "%q is a resource: resources go in the resource pile, never the library (SN 2.6)", card.Name)
		case card.Type == Token:
			add("library", "SN 4.6", "%q is a token: tokens are made by effects and are never part of a deck (SN 4.6)", card.Name)
		case card.Type == Hero:
			add("library", "SN 2.1", "%q is a hero: a deck names its hero under hero:, never in the library (SN 2.1)", card.Name)
		case card.Limit != Unlimited && count[card] > card.Limit:
			add("library", "SN 2.2", "library has %d copies of %q (at most %d, SN 2.2)", count[card], card.Name, card.Limit)
		}
	}
	if n := Size(d.Library); n < MinLibrary || n > MaxLibrary {
		add("library", "SN 2.1", "library has %d cards (%d-%d, SN 2.1)", n, MinLibrary, MaxLibrary)
	}

	pile, count, order := lookup("resource pile", d.ResourcePile)
	out.ResourcePile = pile
	for _, card := range order {
		switch {
		case !card.IsResource():
			add("resource pile", "SN 2.1", "%q is %s: the resource pile holds only resources (SN 2.1)", card.Name, an(card.Type))
		case card.Type == SpecialResource && count[card] > card.Limit:
			add("resource pile", "SN 2.3", "resource pile has %d copies of special resource %q (at most %d, SN 2.3)", count[card], card.Name, card.Limit)
		case card.Limit != Unlimited && count[card] > card.Limit:
			add("resource pile", "SN 2.3", "resource pile has %d copies of %q (at most %d, SN 2.3)", count[card], card.Name, card.Limit)
		}
	}
	if n := Size(d.ResourcePile); n != ResourcePile {
		add("resource pile", "SN 2.1", "resource pile has %d cards (exactly %d, SN 2.1)", n, ResourcePile)
	}

	res, _, order := lookup("reserve", d.Reserve)
	out.Reserve = res
	for _, card := range order {
		if card.Type == Token {
			add("reserve", "SN 4.6", "%q is a token: tokens are made by effects and are never part of a deck (SN 4.6)", card.Name)
		}
	}
	if n := Size(d.Reserve); n > MaxReserve {
		add("reserve", "SN 2.5", "reserve has %d cards (at most %d, SN 2.1, 2.5)", n, MaxReserve)
	}
	return out, vs
}

// Swap is a set of reserve exchanges made before a game (SN 2.5): Out moves cards from the
// library, resource pile or hero into the reserve, then In moves cards from the reserve into
// the library (requisition cards), the resource pile (resources) or the hero slot (a hero).
// Swaps need not be one-for-one.
type Swap struct {
	Out []DeckEntry
	In  []DeckEntry
}

// ApplySwap returns the deck after the exchanges of s, and the violations: a card that is not
// where the swap takes it from, a second hero, and every construction rule the resulting deck
// breaks (SN 2.5: the result must satisfy 2.1-2.3 and the reserve may not grow past 15). d is
// not changed.
func (c *Catalog) ApplySwap(d *Deck, s Swap) (*Deck, []Violation) {
	nd := &Deck{
		Name:         d.Name,
		Names:        d.Names,
		Hero:         d.Hero,
		Library:      slices.Clone(d.Library),
		ResourcePile: slices.Clone(d.ResourcePile),
		Reserve:      slices.Clone(d.Reserve),
	}
	var vs []Violation
	bad := func(format string, args ...any) {
		vs = append(vs, Violation{Zone: "reserve", Rule: "SN 2.5", Msg: fmt.Sprintf(format, args...)})
	}
	zoneOf := func(card *Card) (*[]DeckEntry, string) {
		if card.IsResource() {
			return &nd.ResourcePile, "resource pile"
		}
		return &nd.Library, "library"
	}
	for _, e := range s.Out {
		card, err := c.ByName(e.Name)
		if err != nil {
			bad("swap out: %v", err)
			continue
		}
		if card.Type == Hero {
			if c.Find(nd.Hero) != card || e.Count != 1 {
				bad("swap out: %q is not the deck's hero (%s)", card.Name, nd.Hero)
				continue
			}
			nd.Hero = ""
		} else {
			zone, zname := zoneOf(card)
			if !c.take(zone, card, e.Count) {
				bad("swap out: the %s has fewer than %d %q", zname, e.Count, card.Name)
				continue
			}
		}
		c.put(&nd.Reserve, card, e.Count)
	}
	for _, e := range s.In {
		card, err := c.ByName(e.Name)
		if err != nil {
			bad("swap in: %v", err)
			continue
		}
		if !c.take(&nd.Reserve, card, e.Count) {
			bad("swap in: the reserve has fewer than %d %q", e.Count, card.Name)
			continue
		}
		if card.Type == Hero {
			if nd.Hero != "" || e.Count != 1 {
				bad("swap in: the deck already has hero %q: swap it out to bring in %q (SN 2.1)", nd.Hero, card.Name)
				continue
			}
			nd.Hero = card.Name
			continue
		}
		zone, _ := zoneOf(card)
		c.put(zone, card, e.Count)
	}
	return nd, append(vs, c.CheckDeck(nd)...)
}

// take removes n copies of card (every entry that names it, in any language) from entries;
// false and no change if there are fewer.
func (c *Catalog) take(entries *[]DeckEntry, card *Card, n int) bool {
	have := 0
	for _, e := range *entries {
		if c.Find(e.Name) == card {
			have += e.Count
		}
	}
	if have < n || n < 1 {
		return false
	}
	out := (*entries)[:0]
	for _, e := range *entries {
		if c.Find(e.Name) == card && n > 0 {
			k := min(n, e.Count)
			e.Count -= k
			n -= k
		}
		if e.Count > 0 {
			out = append(out, e)
		}
	}
	*entries = out
	return true
}

// put adds n copies of card to entries: to the entry that names it, else as a new entry under
// its English name.
func (c *Catalog) put(entries *[]DeckEntry, card *Card, n int) {
	for i, e := range *entries {
		if c.Find(e.Name) == card {
			(*entries)[i].Count += n
			return
		}
	}
	*entries = append(*entries, DeckEntry{card.Name, n})
}
