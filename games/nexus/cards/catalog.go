package cards

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
)

// The starter set of SN Part D, one file for the basic resource and the tokens and one per
// faction (its hero, special resources and requisition cards), in this order.
//
//go:embed data/*.yaml
var dataFiles embed.FS

// BuiltinFiles are the files of the starter set in dataFiles, in catalog order.
var BuiltinFiles = []string{"data/common.yaml", "data/damnareh.yaml", "data/kern.yaml",
	"data/hilote.yaml", "data/rayji.yaml", "data/cypios.yaml"}

// Builtin reads the embedded starter set (SN Part D). Each call reads it afresh; a game keeps
// the Catalog it was given.
func Builtin() (*Catalog, error) { return Load(dataFiles, BuiltinFiles...) }

// BuiltinData is the file system that holds BuiltinFiles, for loading the starter set
// together with cards of one's own (a scenario's test cards).
func BuiltinData() fs.FS { return dataFiles }

// Catalog is a set of card definitions with unique ids and names. It is never changed after
// Load, so every game may share it. Cards are numbered densely from 0 in file order
// (Card.Index).
type Catalog struct {
	cards  []*Card
	byID   map[string]*Card
	byName map[string]*Card // by every name in every language, folded (engine.FoldName)
	names  []cardName       // the same names as written, for suggestions
}

// cardName is one name a card answers to: its text, its language and the card.
type cardName = engine.Name[*Card]

// All returns every card in index order. The slice is the catalog's own: do not change it.
func (c *Catalog) All() []*Card { return c.cards }

// Len is the number of cards.
func (c *Catalog) Len() int { return len(c.cards) }

// Card returns the card with the given Index.
func (c *Catalog) Card(index int) *Card { return c.cards[index] }

// ByID returns the card with the given id, or nil.
func (c *Catalog) ByID(id string) *Card { return c.byID[id] }

// Token returns the token definition with the given id, or nil if there is none.
func (c *Catalog) Token(id string) *Card {
	if t := c.byID[id]; t != nil && t.Type == Token {
		return t
	}
	return nil
}

// ByName finds a card by any of its names, in any language, ignoring case, accents and
// surrounding spaces (engine.FoldName). The error suggests the closest names, in the language
// of the nearest one (ByNameIn).
func (c *Catalog) ByName(name string) (*Card, error) { return c.ByNameIn(name, "") }

// ByNameIn is ByName for a player who reads lang ("en", "fr", "es"): the suggestions of an
// unknown name are in that language ("": the language of the nearest name).
func (c *Catalog) ByNameIn(name, lang string) (*Card, error) {
	if card := c.Find(name); card != nil {
		return card, nil
	}
	return nil, &UnknownCardError{Name: name, Suggest: c.Suggest(name, lang, 3)}
}

// Find is the card that answers to name (as ByName), or nil.
func (c *Catalog) Find(name string) *Card { return c.byName[engine.FoldName(name)] }

// UnknownCardError is a card name no card answers to (engine.UnknownCardError).
type UnknownCardError = engine.UnknownCardError

// Suggest lists up to n cards whose names are closest to name, nearest first, each named in
// lang, or when lang is "" in the language of the nearest name. A card appears once however
// many of its names are close.
func (c *Catalog) Suggest(name, lang string, n int) []string {
	return engine.Suggest(name, lang, n, c.names, func(card *Card, l string) string { return card.NameIn(l) })
}

// addNames indexes every name of card, refusing one that another card has already, in any
// language (a player may type any name in any language).
func (c *Catalog) addNames(card *Card) error {
	all := []cardName{{Text: card.Name, Lang: "en", Key: card}}
	for _, l := range NameLangs() {
		if n, ok := card.Names[l]; ok {
			all = append(all, cardName{Text: n, Lang: l, Key: card})
		}
	}
	for _, n := range all {
		k := engine.FoldName(n.Text)
		if prev := c.byName[k]; prev != nil && prev != card {
			return fmt.Errorf("%q is already a name of card %s (%s): decks name cards, so names must be unique in every language", n.Text, prev.ID, prev.Name)
		}
		c.byName[k] = card
		c.names = append(c.names, n)
	}
	return nil
}

// OfType returns the cards of type t in index order.
func (c *Catalog) OfType(t Type) []*Card {
	var out []*Card
	for _, card := range c.cards {
		if card.Type == t {
			out = append(out, card)
		}
	}
	return out
}

// Heroes returns the hero cards in index order.
func (c *Catalog) Heroes() []*Card { return c.OfType(Hero) }

// Tokens returns the token definitions in index order.
func (c *Catalog) Tokens() []*Card { return c.OfType(Token) }

// Requisitions returns the requisition cards (creatures, instants, equipment) in index order.
func (c *Catalog) Requisitions() []*Card {
	var out []*Card
	for _, card := range c.cards {
		if card.IsRequisition() {
			out = append(out, card)
		}
	}
	return out
}

// LoadError is a card data file that could not be read: which file, which card (its id, or
// its position when it has none), which field and why.
type LoadError struct {
	File  string
	Line  int    // 0 if unknown
	Card  string // the card's id, or "card #N" (1-based) if it has none yet
	Field string // "" when the problem is not one field's
	Err   error
}

func (e *LoadError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Card != "" {
		fmt.Fprintf(&b, ": card %s", e.Card)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": field %s", e.Field)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *LoadError) Unwrap() error { return e.Err }

// Load reads card data files (the fields of SN C.1 under a top-level "cards:" list; see this
// package's data/ for examples) from fsys and returns their cards as one catalog, numbered in the order of paths and then of
// the files. It is strict: an unknown field, a missing required field, a field the card's type
// does not have, a bad value, ability text that does not parse (grammar C.2), a token id that
// names no token, a duplicate id or name are errors naming the file, the card and the field.
func Load(fsys fs.FS, paths ...string) (*Catalog, error) {
	cat := &Catalog{byID: map[string]*Card{}, byName: map[string]*Card{}}
	type ref struct {
		file, card, field string
		line              int
		token             string
	}
	var refs []ref
	where := map[*Card]string{}
	for _, p := range paths {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("read card data: %w", err)
		}
		file := path.Base(p)
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, &LoadError{File: file, Err: err}
		}
		if len(doc.Content) == 0 {
			return nil, &LoadError{File: file, Err: errors.New(`empty file: expected a mapping with a "cards" list`)}
		}
		root := doc.Content[0]
		if root.Kind != yaml.MappingNode {
			return nil, &LoadError{File: file, Line: root.Line, Err: errors.New(`expected a mapping with a "cards" list`)}
		}
		var list *yaml.Node
		for i := 0; i < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			if k.Value != "cards" {
				return nil, &LoadError{File: file, Line: k.Line, Err: fmt.Errorf("unknown top-level key %q (the only one is \"cards\")", k.Value)}
			}
			list = v
		}
		if list == nil || list.Kind != yaml.SequenceNode {
			return nil, &LoadError{File: file, Line: root.Line, Err: errors.New(`expected "cards:" followed by a list of cards`)}
		}
		for n, node := range list.Content {
			card, err := decodeCard(node)
			if err != nil {
				err.File = file
				if err.Card == "" {
					err.Card = fmt.Sprintf("#%d", n+1)
				}
				return nil, err
			}
			fail := func(field string, e error) error {
				return &LoadError{File: file, Line: node.Line, Card: card.ID, Field: field, Err: e}
			}
			if prev := cat.byID[card.ID]; prev != nil {
				return nil, fail("id", fmt.Errorf("duplicate id (also %q in %s)", prev.Name, where[prev]))
			}
			if prev := cat.byName[engine.FoldName(card.Name)]; prev != nil {
				return nil, fail("name", fmt.Errorf("duplicate name %q (also card %s in %s): decks name cards, so names must be unique", card.Name, prev.ID, where[prev]))
			}
			if err := cat.addNames(card); err != nil {
				return nil, fail("names", err)
			}
			card.Index = len(cat.cards)
			cat.cards = append(cat.cards, card)
			cat.byID[card.ID] = card
			where[card] = file
			if card.Division != nil {
				refs = append(refs, ref{file, card.ID, "keywords", node.Line, card.Division.Token})
			}
			for i, ab := range card.Abilities {
				for _, e := range ab.Effects {
					if e.Verb == Create {
						refs = append(refs, ref{file, card.ID, fmt.Sprintf("text[%d]", i), node.Line, e.Token})
					}
				}
			}
		}
	}
	for _, r := range refs {
		if cat.Token(r.token) != nil {
			continue
		}
		msg := fmt.Errorf("unknown token %q", r.token)
		if c := cat.byID[r.token]; c != nil {
			msg = fmt.Errorf("%q is %s (%s), not a Token", r.token, an(c.Type), c.Name)
		} else {
			var ids []string
			for _, t := range cat.Tokens() {
				ids = append(ids, t.ID)
			}
			if s := engine.Closest(r.token, ids, 1); len(s) > 0 {
				msg = fmt.Errorf("unknown token %q (did you mean %q?)", r.token, s[0])
			} else if len(ids) > 0 {
				msg = fmt.Errorf("unknown token %q (tokens: %s)", r.token, strings.Join(ids, ", "))
			}
		}
		return nil, &LoadError{File: r.file, Line: r.line, Card: r.card, Field: r.field, Err: msg}
	}
	return cat, nil
}

var cardFields = []string{"id", "name", "names", "faction", "type", "cost", "stats", "life", "keywords", "text", "limit", "ability_names"}

// decodeCard reads one card mapping. The LoadError it returns lacks only File.
func decodeCard(node *yaml.Node) (*Card, *LoadError) {
	card := &Card{}
	fail := func(n *yaml.Node, field string, format string, args ...any) *LoadError {
		return &LoadError{Line: n.Line, Card: card.ID, Field: field, Err: fmt.Errorf(format, args...)}
	}
	if node.Kind != yaml.MappingNode {
		return nil, fail(node, "", "expected a card (a mapping of id, name, faction, type ...)")
	}
	fields := map[string]*yaml.Node{}
	// The id first, so that every later error can name the card.
	for i := 0; i < len(node.Content); i += 2 {
		if k := node.Content[i]; k.Value == "id" {
			card.ID = strings.TrimSpace(node.Content[i+1].Value)
		}
	}
	for i := 0; i < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		if indexOf(cardFields, k.Value) < 0 {
			msg := fmt.Sprintf("unknown field %q", k.Value)
			if s := engine.Closest(k.Value, cardFields, 1); len(s) > 0 {
				msg += fmt.Sprintf(" (did you mean %q?)", s[0])
			}
			return nil, fail(k, k.Value, "%s", msg)
		}
		if fields[k.Value] != nil {
			return nil, fail(k, k.Value, "written twice")
		}
		fields[k.Value] = v
	}
	str := func(field string) (string, *LoadError) {
		v := fields[field]
		if v == nil {
			return "", fail(node, field, "missing (required for every card, SN C.1)")
		}
		if v.Kind != yaml.ScalarNode || strings.TrimSpace(v.Value) == "" {
			return "", fail(v, field, "expected a non-empty string")
		}
		return strings.TrimSpace(v.Value), nil
	}
	var lerr *LoadError
	if card.ID, lerr = str("id"); lerr != nil {
		return nil, lerr
	}
	if card.Name, lerr = str("name"); lerr != nil {
		return nil, lerr
	}
	if v := fields["names"]; v != nil {
		if lerr := card.decodeNames(v, fail); lerr != nil {
			return nil, lerr
		}
	}
	s, lerr := str("faction")
	if lerr != nil {
		return nil, lerr
	}
	var err error
	if card.Faction, err = FactionByName(s); err != nil {
		return nil, fail(fields["faction"], "faction", "%v", err)
	}
	if s, lerr = str("type"); lerr != nil {
		return nil, lerr
	}
	if card.Type, err = TypeByName(s); err != nil {
		return nil, fail(fields["type"], "type", "%v", err)
	}
	t := card.Type

	// A field is required for some types and meaningless for the others.
	has := func(field string, types ...Type) (*yaml.Node, *LoadError) {
		v := fields[field]
		need := false
		for _, x := range types {
			need = need || x == t
		}
		names := make([]string, len(types))
		for i, x := range types {
			names[i] = x.String()
		}
		switch {
		case v == nil && need:
			return nil, fail(node, field, "missing (required for %s, SN C.1)", an(t))
		case v != nil && !need:
			return nil, fail(v, field, "%s has no %s (only %s)", an(t), field, orList(names))
		}
		return v, nil
	}
	intField := func(v *yaml.Node, field string, least int) (int, *LoadError) {
		n, err := strconv.Atoi(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil {
			return 0, fail(v, field, "expected a whole number, found %q", v.Value)
		}
		if n < least || n > maxInt {
			return 0, fail(v, field, "%d is out of range (%d to %d)", n, least, maxInt)
		}
		return n, nil
	}
	if v, lerr := has("cost", Creature, Instant, Equipment); lerr != nil {
		return nil, lerr
	} else if v != nil {
		if card.Cost, lerr = intField(v, "cost", 0); lerr != nil {
			return nil, lerr
		}
	}
	if v, lerr := has("life", Hero); lerr != nil {
		return nil, lerr
	} else if v != nil {
		if card.Life, lerr = intField(v, "life", 1); lerr != nil {
			return nil, lerr
		}
	}
	if v, lerr := has("stats", Creature, Token); lerr != nil {
		return nil, lerr
	} else if v != nil {
		sv, ev, ok := strings.Cut(v.Value, "/")
		S, err1 := strconv.Atoi(sv)
		E, err2 := strconv.Atoi(ev)
		switch {
		case v.Kind != yaml.ScalarNode || !ok || err1 != nil || err2 != nil || strings.ContainsAny(v.Value, "+ "):
			return nil, fail(v, "stats", "expected strength/endurance such as 2/3, found %q", v.Value)
		case S < 0 || S > maxInt || E < 1 || E > maxInt:
			return nil, fail(v, "stats", "%q is out of range (strength 0 to %d, endurance 1 to %d)", v.Value, maxInt, maxInt)
		}
		card.S, card.E = S, E
	}

	if v := fields["keywords"]; v != nil {
		if v.Kind != yaml.SequenceNode {
			return nil, fail(v, "keywords", "expected a list such as [Agility, Menace]")
		}
		for _, kn := range v.Content {
			if lerr := card.addKeyword(kn, fail); lerr != nil {
				return nil, lerr
			}
		}
	}

	switch t {
	case SpecialResource:
		card.Limit = 1
	case Resource:
		card.Limit = Unlimited
	case Token:
		card.Limit = 0
	default:
		card.Limit = 3
	}
	if v := fields["limit"]; v != nil {
		if t == Token || t == Hero {
			return nil, fail(v, "limit", "%s has no copy limit", an(t))
		}
		if v.Value == "unlimited" {
			card.Limit = Unlimited
		} else if card.Limit, lerr = intField(v, "limit", 1); lerr != nil {
			return nil, fail(v, "limit", "expected a whole number of at least 1 or \"unlimited\", found %q", v.Value)
		}
	}

	if v := fields["text"]; v != nil {
		if v.Kind != yaml.SequenceNode {
			return nil, fail(v, "text", "expected a list of ability strings")
		}
		for i, an := range v.Content {
			field := fmt.Sprintf("text[%d]", i)
			if an.Kind != yaml.ScalarNode {
				return nil, fail(an, field, "expected an ability string")
			}
			ab, err := ParseAbility(an.Value, t)
			if err != nil {
				return nil, fail(an, field, "%v", err)
			}
			card.Abilities = append(card.Abilities, ab)
			card.Text = append(card.Text, an.Value)
		}
	}
	if v := fields["ability_names"]; v != nil {
		if lerr := card.decodeAbilityNames(v, fail); lerr != nil {
			return nil, lerr
		}
	}
	if lerr := card.checkShape(); lerr != nil {
		lerr.Line = node.Line
		return nil, lerr
	}
	return card, nil
}

// decodeAbilityNames reads the ability_names field: the names of the card's named abilities
// in other languages, {Quickening: {fr: NAME, es: NAME}}, each key the quoted name of one of
// its abilities.
func (c *Card) decodeAbilityNames(v *yaml.Node, fail func(*yaml.Node, string, string, ...any) *LoadError) *LoadError {
	if v.Kind != yaml.MappingNode {
		return fail(v, "ability_names", "expected {ABILITY: {fr: NAME, es: NAME}}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, n := v.Content[i], v.Content[i+1]
		named := false
		for _, ab := range c.Abilities {
			named = named || (ab.Name != "" && ab.Name == k.Value)
		}
		if !named {
			return fail(k, "ability_names", "%q names no ability of this card's text", k.Value)
		}
		m, err := NamesField(n)
		if err != nil {
			return fail(n, "ability_names", "%s: %v", k.Value, err)
		}
		if c.AbilityNames == nil {
			c.AbilityNames = map[string]map[string]string{}
		}
		if _, dup := c.AbilityNames[k.Value]; dup {
			return fail(k, "ability_names", "%q is written twice", k.Value)
		}
		c.AbilityNames[k.Value] = m
	}
	return nil
}

// decodeNames reads the names field: {fr: NAME, es: NAME}, a language of NameLangs to a name.
func (c *Card) decodeNames(v *yaml.Node, fail func(*yaml.Node, string, string, ...any) *LoadError) *LoadError {
	m, err := NamesField(v)
	if err != nil {
		return fail(v, "names", "%v", err)
	}
	c.Names = m
	return nil
}

// NamesField reads a "names" field of card data or a deck file: a mapping of languages of
// NameLangs to names ({fr: Lame Trempée, es: Hoja Templada}); nil for an empty mapping.
func NamesField(v *yaml.Node) (map[string]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("expected {fr: NAME, es: NAME}")
	}
	var m map[string]string
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, n := v.Content[i], v.Content[i+1]
		if !slices.Contains(NameLangs(), k.Value) {
			return nil, fmt.Errorf("unknown language %q (known: %s)", k.Value, strings.Join(NameLangs(), ", "))
		}
		name := strings.TrimSpace(n.Value)
		if n.Kind != yaml.ScalarNode || name == "" || strings.ContainsAny(name, ":#") {
			return nil, fmt.Errorf("%s: expected a name without ':' or '#', found %q", k.Value, n.Value)
		}
		if _, dup := m[k.Value]; dup {
			return nil, fmt.Errorf("%s is written twice", k.Value)
		}
		if m == nil {
			m = map[string]string{}
		}
		m[k.Value] = name
	}
	return m, nil
}

// addKeyword adds one entry of the keywords field: a keyword or Division(TOKEN xN).
func (c *Card) addKeyword(kn *yaml.Node, fail func(*yaml.Node, string, string, ...any) *LoadError) *LoadError {
	w := strings.TrimSpace(kn.Value)
	if rest, ok := strings.CutPrefix(w, "Division("); ok {
		inner, ok := strings.CutSuffix(rest, ")")
		tok, n, ok2 := strings.Cut(inner, " x")
		count, err := strconv.Atoi(n)
		if !ok || !ok2 || err != nil || tok == "" || strings.ContainsAny(tok, " ,") {
			return fail(kn, "keywords", "expected Division(TOKEN-ID xN) such as Division(TK-SPORE x2), found %q", w)
		}
		if count < 1 || count > maxInt {
			return fail(kn, "keywords", "Division makes 1 to %d tokens, not %d", maxInt, count)
		}
		if c.Division != nil {
			return fail(kn, "keywords", "Division is written twice")
		}
		if !c.IsRequisition() {
			return fail(kn, "keywords", "%s can't have Division (only requisition cards, SN 17.5)", an(c.Type))
		}
		c.Division = &Division{Token: tok, N: count}
		return nil
	}
	k, ok := KeywordByName(w)
	if !ok {
		msg := fmt.Sprintf("unknown keyword %q (one of %s, Division(TOKEN xN))", w, strings.Join(keywordNames[:], ", "))
		if s := engine.Closest(w, keywordNames[:], 1); len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %q?)", s[0])
		}
		return fail(kn, "keywords", "%s", msg)
	}
	if c.Keywords.Has(k) {
		return fail(kn, "keywords", "%s is written twice", k)
	}
	switch {
	case k == Deployment && c.Type != Creature && c.Type != Equipment:
		return fail(kn, "keywords", "%s can't have Deployment (only creatures and equipment, SN 17.6)", an(c.Type))
	case k != Deployment && !c.IsCreature():
		return fail(kn, "keywords", "%s can't have %s (only creatures, SN 17)", an(c.Type), k)
	}
	c.Keywords |= k
	return nil
}

// checkShape checks the abilities a card type must have.
func (c *Card) checkShape() *LoadError {
	count := map[AbilityKind]int{}
	for _, a := range c.Abilities {
		count[a.Kind]++
	}
	fail := func(format string, args ...any) *LoadError {
		return &LoadError{Card: c.ID, Field: "text", Err: fmt.Errorf(format, args...)}
	}
	switch c.Type {
	case Hero:
		if count[Active] != 1 || len(c.Abilities) != 1 {
			return fail("a hero has exactly one ability, an active one (SN 4.5.2)")
		}
		if c.Faction == Neutral {
			return &LoadError{Card: c.ID, Field: "faction", Err: errors.New("a hero belongs to a faction (SN 5.1)")}
		}
	case SpecialResource:
		if count[Affinity] != 1 || count[Dissonance] != 1 || len(c.Abilities) != 2 {
			return fail("a special resource has exactly one affinity: and one dissonance: ability (SN 9.1)")
		}
		if c.Faction == Neutral {
			return &LoadError{Card: c.ID, Field: "faction", Err: errors.New("a special resource belongs to a faction (SN 4.4.2)")}
		}
	case Resource:
		if len(c.Abilities) > 0 {
			return fail("a basic resource has no ability (SN 4.4.2)")
		}
		if c.Faction != Neutral {
			return &LoadError{Card: c.ID, Field: "faction", Err: errors.New("a basic resource is Neutral (SN 4.4.2)")}
		}
	case Instant:
		if count[Resolve] == 0 {
			return fail("an instant needs a resolve: ability")
		}
	case Equipment:
		if count[Equipped] > 1 {
			return fail("write one equipped: line with every change, separated by \", \"")
		}
	}
	return nil
}
