package realms

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
)

//go:embed cards/*.yaml
var cardFiles embed.FS

// Catalog is every card design the game knows, indexed by CardID. It is read once and never
// changed, so every State of a game shares it.
type Catalog struct {
	Cards  []Card            // Cards[id-1] is the card with CardID id
	byName map[string]CardID // every name, alias and translation, folded (engine.FoldName)
	names  []cardName        // the same names as written, for suggestions
	Sets   []string          // in file order

	Scout, Viper, Explorer CardID
	info                   [256]cardInfo // by CardID; see index.go
	FleetHQs               []CardID      // cards with a "whenever you play a ship" trigger

	// A campaign game's catalog (upgrade.go) is a copy of the printed one that adds the
	// upgraded copies present in the game, with the ids after the printed cards; each upgrade
	// made during the game copies it again (copy on write, docs/decisions.md).
	ext  []*Card
	book *upgradeBook
}

// Card returns the card with the given id: a printed card, or in a campaign game an upgraded
// copy (ids after the printed cards).
func (c *Catalog) Card(id CardID) *Card {
	if int(id) <= len(c.Cards) {
		return &c.Cards[id-1]
	}
	return c.ext[int(id)-len(c.Cards)-1]
}

// NumIDs is the highest CardID in use: the printed cards, then the upgraded copies.
func (c *Catalog) NumIDs() int { return len(c.Cards) + len(c.ext) }

// Lookup finds a card by any of its names, in any language, or an alias, ignoring case,
// accents and surrounding spaces (engine.FoldName). The error suggests the closest names, in
// the language of the nearest one (LookupIn).
func (c *Catalog) Lookup(name string) (CardID, error) { return c.LookupIn(name, "") }

// LookupIn is Lookup for a player who reads lang ("en", "fr", "es"): the suggestions of an
// unknown name are given in that language ("" : the language of the nearest name).
func (c *Catalog) LookupIn(name, lang string) (CardID, error) {
	if id, ok := c.byName[engine.FoldName(name)]; ok {
		return id, nil
	}
	if strings.Contains(name, "(") {
		return c.lookupUpgraded(name, lang)
	}
	if s := c.Suggest(name, lang, 3); len(s) > 0 {
		return 0, &UnknownCardError{Name: name, Suggest: s}
	}
	return 0, &UnknownCardError{Name: name}
}

// UnknownCardError is a card name no card answers to (engine.UnknownCardError).
type UnknownCardError = engine.UnknownCardError

// Suggest lists up to n printed cards whose names are closest to name, nearest first, each
// named in lang, or when lang is "" in the language of the nearest name (an alias counts as
// English). A card appears once however many of its names are close.
func (c *Catalog) Suggest(name, lang string, n int) []string {
	return engine.Suggest(name, lang, n, c.names, func(id CardID, l string) string { return c.Card(id).NameIn(l) })
}

// cardName is one name a printed card answers to, for suggestions: its text, its language
// ("en" for the name and the aliases) and the card.
type cardName = engine.Name[CardID]

// cardFile is the YAML shape of a card data file (docs/cards.md).
type cardFile struct {
	Set   string     `yaml:"set"`
	Cards []cardYAML `yaml:"cards"`
}

type cardYAML struct {
	Name     string            `yaml:"name"`
	Names    map[string]string `yaml:"names"`
	Aliases  []string          `yaml:"aliases"`
	Faction  string            `yaml:"faction"`
	Type     string            `yaml:"type"`
	Cost     *int              `yaml:"cost"`
	Defense  int               `yaml:"defense"`
	Outpost  bool              `yaml:"outpost"`
	Quantity int               `yaml:"quantity"`
	Deck     string            `yaml:"deck"`
	Primary  string            `yaml:"primary"`
	Ally     string            `yaml:"ally"`
	Scrap    string            `yaml:"scrap"`
	Trigger  string            `yaml:"trigger"`
	Acquire  string            `yaml:"acquire"`
	Static   []string          `yaml:"static"`
}

// LoadCatalog reads the embedded card files.
func LoadCatalog() (*Catalog, error) {
	return LoadCatalogFS(cardFiles, "cards")
}

// LoadCatalogFS reads every *.yaml card file in dir of fsys, in name order.
func LoadCatalogFS(fsys fs.FS, dir string) (*Catalog, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read card files: %w", err)
	}
	names := []string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".yaml") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	cat := &Catalog{byName: map[string]CardID{}}
	for _, n := range names {
		b, err := fs.ReadFile(fsys, path.Join(dir, n))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", n, err)
		}
		if err := cat.addFile(n, b); err != nil {
			return nil, err
		}
	}
	for _, basic := range []struct {
		name string
		id   *CardID
	}{{"Scout", &cat.Scout}, {"Viper", &cat.Viper}, {"Explorer", &cat.Explorer}} {
		id, ok := cat.byName[engine.FoldName(basic.name)]
		if !ok {
			return nil, fmt.Errorf("card files: the basic card %q is missing", basic.name)
		}
		*basic.id = id
	}
	cat.buildIndex()
	return cat, nil
}

// ParseCardFile reads one card file on its own, for validating a file a designer wrote.
func ParseCardFile(name string, data []byte) (*Catalog, error) {
	cat := &Catalog{byName: map[string]CardID{}}
	if err := cat.addFile(name, data); err != nil {
		return nil, err
	}
	cat.buildIndex()
	return cat, nil
}

// cardFields are the keys a card may have, for precise messages about unknown ones.
var cardFields = []string{"name", "names", "aliases", "faction", "type", "cost", "defense", "outpost", "quantity", "deck", "primary", "ally", "scrap", "trigger", "acquire", "static"}

// checkFields reports the first unknown key of a card, naming the card, the key and its line.
func checkFields(file string, data []byte) error {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) == 0 {
		return nil // the strict decode reports it
	}
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != "cards" || doc.Content[i+1].Kind != yaml.SequenceNode {
			continue
		}
		for k, card := range doc.Content[i+1].Content {
			name := fmt.Sprintf("#%d", k+1)
			for j := 0; j+1 < len(card.Content); j += 2 {
				if card.Content[j].Value == "name" {
					name = card.Content[j+1].Value
				}
			}
			for j := 0; j+1 < len(card.Content); j += 2 {
				key := card.Content[j]
				known := false
				for _, f := range cardFields {
					known = known || f == key.Value
				}
				if !known {
					msg := fmt.Sprintf("%s: card %s: unknown field %q (line %d; known: %s)", file, name, key.Value, key.Line, strings.Join(cardFields, ", "))
					if s := engine.Closest(key.Value, cardFields, 1); len(s) > 0 {
						msg += fmt.Sprintf("; did you mean %q?", s[0])
					}
					return errors.New(msg)
				}
			}
		}
	}
	return nil
}

func (c *Catalog) addFile(file string, data []byte) error {
	if err := checkFields(file, data); err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f cardFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("%s: empty card file", file)
		}
		return fmt.Errorf("%s: %w", file, err)
	}
	if f.Set == "" {
		return fmt.Errorf("%s: missing \"set\"", file)
	}
	c.Sets = append(c.Sets, f.Set)
	for i, y := range f.Cards {
		card, err := y.build(f.Set)
		if err != nil {
			who := y.Name
			if who == "" {
				who = fmt.Sprintf("#%d", i+1)
			}
			return fmt.Errorf("%s: card %s: %w", file, who, err)
		}
		if len(c.Cards) >= 250 {
			return fmt.Errorf("%s: card %s: more than 250 card designs", file, y.Name)
		}
		id := CardID(len(c.Cards) + 1)
		if err := c.addNames(&card, id); err != nil {
			return fmt.Errorf("%s: card %s: %w", file, card.Name, err)
		}
		c.Cards = append(c.Cards, card)
		if len(card.Abilities[OnPlayShip]) > 0 {
			c.FleetHQs = append(c.FleetHQs, id)
		}
	}
	return nil
}

// addNames indexes every name of card (id): its English name, its names in other languages
// and its aliases. Two cards may not share a name, in one language or across languages (a
// player may type any name in any language), compared folded.
func (c *Catalog) addNames(card *Card, id CardID) error {
	type named struct{ text, lang string }
	all := []named{{card.Name, "en"}}
	for _, l := range NameLangs() {
		if n, ok := card.Names[l]; ok {
			all = append(all, named{n, l})
		}
	}
	for _, a := range card.Aliases {
		all = append(all, named{a, "en"})
	}
	for _, n := range all {
		k := engine.FoldName(n.text)
		if prev, dup := c.byName[k]; dup && prev != id {
			return fmt.Errorf("name %q is already a name of %s", n.text, c.Card(prev).Name)
		}
		c.byName[k] = id
		c.names = append(c.names, cardName{Text: n.text, Lang: n.lang, Key: id})
	}
	return nil
}

// NameLangs are the languages other than English a card may be named in (the "names" field of
// a card file).
func NameLangs() []string { return []string{"fr", "es"} }

func (y *cardYAML) build(set string) (Card, error) {
	c := Card{Name: strings.TrimSpace(y.Name), Aliases: y.Aliases, Set: set, Quantity: y.Quantity, Cost: -1}
	if c.Name == "" {
		return c, fmt.Errorf("field name: missing")
	}
	if strings.ContainsAny(c.Name, ":,()") {
		return c, fmt.Errorf("field name: %q may not contain ':', ',' or parentheses (upgraded copies are written \"Cutter (Empire 1/3)\")", c.Name)
	}
	for l, n := range y.Names {
		if !slices.Contains(NameLangs(), l) {
			return c, fmt.Errorf("field names: unknown language %q (known: %s)", l, strings.Join(NameLangs(), ", "))
		}
		n = strings.TrimSpace(n)
		if n == "" || strings.ContainsAny(n, ":,()") {
			return c, fmt.Errorf("field names: %s: %q must be a name without ':', ',' or parentheses", l, n)
		}
		if c.Names == nil {
			c.Names = map[string]string{}
		}
		c.Names[l] = n
	}
	for i, a := range c.Aliases {
		if a = strings.TrimSpace(a); a == "" || strings.ContainsAny(a, ":,()") {
			return c, fmt.Errorf("field aliases: %q must be a name without ':', ',' or parentheses", a)
		}
		c.Aliases[i] = a
	}
	if y.Faction != "" {
		for _, part := range strings.Split(y.Faction, "/") {
			f, ok := FactionByName(strings.TrimSpace(part))
			if !ok {
				return c, fmt.Errorf("field faction: unknown faction %q (known: %s)", part, strings.Join(factionNames[:], ", "))
			}
			c.Faction |= f
		}
	}
	switch y.Type {
	case "ship":
		c.Kind = Ship
		if y.Defense != 0 || y.Outpost {
			return c, fmt.Errorf("field defense: a ship has no defense or outpost")
		}
	case "base":
		c.Kind = Base
		if y.Defense < 1 || y.Defense > 99 {
			return c, fmt.Errorf("field defense: a base has a defense from 1 to 99")
		}
	default:
		return c, fmt.Errorf("field type: %q is neither ship nor base", y.Type)
	}
	c.Defense, c.Outpost = y.Defense, y.Outpost
	switch y.Deck {
	case "", "trade":
		c.Deck = TradeDeck
	case "explorer":
		c.Deck = ExplorerPile
	case "starting":
		c.Deck = Starting
	default:
		return c, fmt.Errorf("field deck: %q is not trade, explorer or starting", y.Deck)
	}
	if y.Cost != nil {
		if *y.Cost < 0 || *y.Cost > 99 {
			return c, fmt.Errorf("field cost: %d is out of range", *y.Cost)
		}
		c.Cost = *y.Cost
	} else if c.Deck != Starting {
		return c, fmt.Errorf("field cost: missing (only starting cards have no cost)")
	}
	if c.Quantity < 1 {
		return c, fmt.Errorf("field quantity: must be at least 1")
	}
	for slot, text := range map[Slot]string{Primary: y.Primary, Ally: y.Ally, ScrapSlot: y.Scrap} {
		ab, err := ParseAbility(text)
		if err != nil {
			return c, fmt.Errorf("field %s: %w", slot, err)
		}
		c.Abilities[slot], c.Texts[slot] = ab, strings.TrimSpace(text)
	}
	if y.Ally != "" && c.Faction == 0 {
		return c, fmt.Errorf("field ally: an unaligned card has no Ally ability")
	}
	if y.Trigger != "" {
		if err := c.parseTrigger(y.Trigger); err != nil {
			return c, fmt.Errorf("field trigger: %w", err)
		}
	}
	if y.Acquire != "" {
		ab, err := ParseAbility(y.Acquire)
		if err != nil {
			return c, fmt.Errorf("field acquire: %w", err)
		}
		for _, e := range flatten(ab) {
			if e.Op == OpAcquireFree {
				return c, fmt.Errorf("field acquire: an on-acquire ability may not acquire another card")
			}
		}
		c.Abilities[OnAcquire], c.Texts[OnAcquire] = ab, strings.TrimSpace(y.Acquire)
	}
	if y.Acquire == "" && c.Deck == TradeDeck {
		if text := genericOnAcquire(c.Faction, c.Cost); text != "" {
			ab, err := ParseAbility(text)
			if err != nil {
				return c, fmt.Errorf("generic on-acquire %q: %w", text, err)
			}
			c.Abilities[OnAcquire], c.Texts[OnAcquire] = ab, text
		}
	}
	for _, s := range y.Static {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "ally of all factions":
			c.AllyAll = true
		default:
			return c, fmt.Errorf("field static: unknown static ability %q (known: \"ally of all factions\")", s)
		}
		c.StaticTxt = append(c.StaticTxt, s)
	}
	for slot, ab := range c.Abilities {
		for _, e := range flatten(ab) {
			switch {
			case e.Op == OpCopyShip && (slot != int(Primary) || c.Kind != Ship):
				return c, fmt.Errorf("field %s: \"copy another ship played this turn\" works only as a ship's Primary", Slot(slot))
			case e.Op == OpCopyBase && (slot != int(Primary) || c.Kind != Base):
				return c, fmt.Errorf("field %s: \"copy another base in play\" works only as a base's Primary", Slot(slot))
			case e.Op == OpAcquiredToHand && slot != int(OnAcquire):
				return c, fmt.Errorf("field %s: \"put this card into hand\" works only in the acquire field (an on-acquire ability)", Slot(slot))
			}
		}
	}
	return c, nil
}

// parseTrigger reads "whenever you play a ship: EFFECTS" or "whenever you play a FACTION
// ship: EFFECTS" into the card's OnPlayShip slot.
func (c *Card) parseTrigger(text string) error {
	const known = "known triggers: \"whenever you play a ship: EFFECTS\", \"whenever you play a FACTION ship: EFFECTS\""
	head, rest, found := strings.Cut(strings.TrimSpace(text), ":")
	w := strings.Fields(strings.ToLower(head))
	if !found || len(w) < 5 || w[0] != "whenever" || w[1] != "you" || w[2] != "play" || w[3] != "a" || w[len(w)-1] != "ship" {
		return fmt.Errorf("%q: %s", text, known)
	}
	if len(w) > 5 {
		f, ok := FactionByName(strings.Join(w[4:len(w)-1], " "))
		if !ok {
			return fmt.Errorf("%q: unknown faction %q (known: %s)", text, strings.Join(w[4:len(w)-1], " "), strings.Join(factionNames[:], ", "))
		}
		c.TriggerFaction = f
	}
	ab, err := ParseAbility(rest)
	if err != nil {
		return err
	}
	if len(ab) == 0 {
		return fmt.Errorf("%q: nothing after the colon", text)
	}
	for _, e := range ab {
		switch e.Op {
		case OpTrade, OpCombat, OpAuthority, OpDraw:
			if e.Per != PerNone && e.Per != PerPlayed {
				return fmt.Errorf("%q: a trigger may count only \"per FACTION card played this turn\"", text)
			}
		default:
			return fmt.Errorf("a trigger may only gain trade, combat, authority or draw")
		}
	}
	c.Abilities[OnPlayShip], c.Texts[OnPlayShip] = ab, strings.TrimSpace(text)
	return nil
}

// flatten lists an ability's effects, including those inside options and conditions.
func flatten(ab Ability) []Effect {
	var out []Effect
	for _, e := range ab {
		out = append(out, e)
		out = append(out, flatten(e.Then)...)
		for _, o := range e.Options {
			out = append(out, flatten(o)...)
		}
	}
	return out
}

// genericOnAcquire is the on-acquire ability of SR 7.2's table for a card of faction f and
// printed cost: Rise of Empire's Consortium, Kingdom and Scavengers cards get it from their
// faction and cost alone, unless their data gives an "acquire" field. "" if the table has
// nothing for the card. A card of two of these factions takes the first in the table's order.
func genericOnAcquire(f Faction, cost int) string {
	band := 0 // 1-4, 5-6, 7-8
	switch {
	case cost >= 1 && cost <= 4:
	case cost == 5 || cost == 6:
		band = 1
	case cost == 7 || cost == 8:
		band = 2
	default:
		return ""
	}
	switch {
	case f&Consortium != 0:
		return [...]string{"may draw 1 then discard 1", "may draw 1", "may draw 2 then discard 1"}[band]
	case f&Kingdom != 0:
		return [...]string{"trade 2", "trade 3", "trade 5"}[band]
	case f&Scavengers != 0:
		return [...]string{"may scrap 1 from hand", "may scrap 1 from hand/discard", "scrap up to 2 from hand/discard"}[band]
	}
	return ""
}

// WithCards returns a copy of the catalog with the cards of one more card file (the format of
// docs/cards.md; name is used in messages): a scenario's or a campaign's own cards. The
// receiver is not changed.
func (c *Catalog) WithCards(name string, data []byte) (*Catalog, error) {
	if c.book != nil || len(c.ext) > 0 {
		return nil, fmt.Errorf("%s: cards are added to a printed catalog, not to a game's", name)
	}
	n := &Catalog{Cards: slices.Clone(c.Cards), byName: make(map[string]CardID, len(c.byName)), names: slices.Clone(c.names), Sets: slices.Clone(c.Sets),
		Scout: c.Scout, Viper: c.Viper, Explorer: c.Explorer, FleetHQs: slices.Clone(c.FleetHQs)}
	for k, v := range c.byName {
		n.byName[k] = v
	}
	if err := n.addFile(name, data); err != nil {
		return nil, err
	}
	n.buildIndex()
	return n, nil
}
