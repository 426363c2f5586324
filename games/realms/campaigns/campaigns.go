// Package campaigns reads Rise of Empire campaign content (SR 7, SR 8): personal decks,
// sticker sheets, twelve scenarios and the extra trade-deck cards, as YAML files embedded in
// the binary. Each campaign is a directory holding campaign.yaml and, optionally, a card file
// of its own cards in the format of docs/cards.md. docs/campaigns.md describes the format.
//
// Decoding is strict: an unknown key, a card name that no card file defines, a sticker text
// the ability language does not read, or a scenario that refers to a sheet it may not use is
// an error naming the file, the place in it and, where it can, the closest known name.
package campaigns

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"starnexus/engine"
	"starnexus/games/realms"
)

//go:embed */*.yaml
var files embed.FS

// Scenarios is the number of scenarios of a campaign (SR 8.1).
const Scenarios = 12

// PoliticalScenarios is the last scenario in which political victory may be on (SR 8.7).
const PoliticalScenarios = 4

// Campaign is one campaign's content, checked.
type Campaign struct {
	ID          string // its directory name, e.g. "frontier-accord"
	Name        string
	Description string
	Sets        []string // the printed sets of the trade deck, e.g. core, colony-wars
	Seats       [2]Seat  // seat 1 goes first in scenario 1 (SR 8.2)
	Sheets      []Sheet
	Scenarios   []Scenario // exactly 12, in order

	// CardFile is the campaign's own card file (docs/cards.md), nil if it has none; its set
	// is CardSet.
	CardFile     []byte
	CardFileName string
	CardSet      string

	cat     *realms.Catalog // the printed cards and every card of CardFile
	printed *realms.Catalog
}

// Seat is one side of the campaign.
type Seat struct {
	Name         string // e.g. "Empire"
	Faction      realms.Faction
	PersonalDeck []string // one entry per card (SR 7.3)
}

// Sheet is a sticker sheet and the seat (0 or 1) whose it is.
type Sheet struct {
	realms.StickerSheet
	Seat int
}

// Scenario is one scenario of the campaign.
type Scenario struct {
	Number        int
	Name          string
	Story         string
	Sheets        [2]string         // the sheet each seat receives at this scenario's setup ("" none)
	Political     bool              // SR 8.7
	VictoryPoints int               // the value of this scenario's Victory Point card (SR 8.8)
	TradeDeck     []string          // campaign cards added to the trade deck from this scenario on, one entry per copy
	GameOpts      map[string]string // game options (realms.SetOption): explorers, max_rounds, discard_at_turn_start
	Rules         []Rule
	Choice        *Choice // offered to the first player at setup (SR 8.2)
}

// Rule is a rule change a scenario makes for one or both seats, through the engine's
// campaign hooks (realms.CampaignSeat).
type Rule struct {
	Who       string // both, first, second, seat1 or seat2
	Authority int    // starting authority; 0 keeps it
	Deck      []string
	Hand      []string
	InPlay    []string
	TurnStart string // an ability resolved at the start of each of the seat's turns
}

// Choice is a choice the first player makes at setup between 2 or 3 alternatives.
type Choice struct {
	Prompt  string
	Options []Option
}

// Option is one alternative of a Choice.
type Option struct {
	Name  string
	Text  string
	Rules []Rule
}

// Catalog is the printed card catalog plus the campaign's own cards. Do not modify it.
func (c *Campaign) Catalog() *realms.Catalog { return c.cat }

// Sheet returns the sheet called name.
func (c *Campaign) Sheet(name string) (Sheet, bool) {
	for _, s := range c.Sheets {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return Sheet{}, false
}

// Names lists the embedded campaigns.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// Load reads the embedded campaign id (a directory of games/realms/campaigns).
func Load(id string) (*Campaign, error) {
	if !slices.Contains(Names(), id) {
		msg := fmt.Sprintf("unknown campaign %q (known: %s)", id, strings.Join(Names(), ", "))
		if s := engine.Closest(id, Names(), 1); len(s) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", s[0])
		}
		return nil, errors.New(msg)
	}
	cat, err := realms.LoadCatalog()
	if err != nil {
		return nil, err
	}
	return LoadFS(files, id, cat)
}

// LoadFS reads the campaign in directory dir of fsys against the printed catalog cat.
func LoadFS(fsys fs.FS, dir string, cat *realms.Catalog) (*Campaign, error) {
	name := path.Join(dir, "campaign.yaml")
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("campaign %s: %w", dir, err)
	}
	return Parse(path.Base(dir), name, data, func(f string) ([]byte, error) { return fs.ReadFile(fsys, path.Join(dir, f)) }, cat)
}

// Parse reads a campaign file (its name is used in messages); readCard reads a file the
// campaign names, relative to the campaign file.
func Parse(id, file string, data []byte, readCard func(string) ([]byte, error), cat *realms.Catalog) (*Campaign, error) {
	var y campaignYAML
	if err := decodeStrict(file, data, &y); err != nil {
		return nil, err
	}
	c := &Campaign{ID: id, Name: strings.TrimSpace(y.Name), Description: strings.TrimSpace(y.Description), Sets: y.Sets, cat: cat, printed: cat}
	if err := c.build(&y, readCard); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return c, nil
}

// The YAML shapes of campaign.yaml.
type campaignYAML struct {
	Name        string         `yaml:"name"`
	Description string         `yaml:"description"`
	Sets        []string       `yaml:"sets"`
	Cards       string         `yaml:"cards"`
	Seats       []seatYAML     `yaml:"seats"`
	Sheets      []sheetYAML    `yaml:"sheets"`
	Scenarios   []scenarioYAML `yaml:"scenarios"`
}

type seatYAML struct {
	Name         string   `yaml:"name"`
	Faction      string   `yaml:"faction"`
	PersonalDeck []string `yaml:"personal_deck"`
}

type sheetYAML struct {
	Name string    `yaml:"name"`
	Seat int       `yaml:"seat"`
	Rows []rowYAML `yaml:"rows"`
}

type rowYAML struct {
	Costs []int  `yaml:"costs"`
	Ship  string `yaml:"ship"`
	Base  string `yaml:"base"`
}

type scenarioYAML struct {
	Number        int               `yaml:"number"`
	Name          string            `yaml:"name"`
	Story         string            `yaml:"story"`
	Sheets        []string          `yaml:"sheets"`
	Political     bool              `yaml:"political"`
	VictoryPoints *int              `yaml:"victory_points"`
	TradeDeck     []string          `yaml:"trade_deck"`
	GameOptions   map[string]string `yaml:"game_options"`
	Rules         []ruleYAML        `yaml:"rules"`
	Choice        *choiceYAML       `yaml:"choice"`
}

type ruleYAML struct {
	Who       string   `yaml:"who"`
	Authority int      `yaml:"authority"`
	Deck      []string `yaml:"deck"`
	Hand      []string `yaml:"hand"`
	InPlay    []string `yaml:"in_play"`
	TurnStart string   `yaml:"turn_start"`
}

type choiceYAML struct {
	Prompt  string       `yaml:"prompt"`
	Options []optionYAML `yaml:"options"`
}

type optionYAML struct {
	Name  string     `yaml:"name"`
	Text  string     `yaml:"text"`
	Rules []ruleYAML `yaml:"rules"`
}

// Whos are the values of a rule's "who".
var Whos = []string{"both", "first", "second", "seat1", "seat2"}

func (c *Campaign) build(y *campaignYAML, readCard func(string) ([]byte, error)) error {
	if c.Name == "" {
		return errors.New("field name: missing")
	}
	if len(c.Sets) == 0 {
		return fmt.Errorf("field sets: missing (the printed sets of the trade deck: %s)", strings.Join(c.cat.Sets, ", "))
	}
	for i, s := range c.Sets {
		if !slices.Contains(c.cat.Sets, s) {
			return fmt.Errorf("field sets[%d]: %s", i, unknown("set", s, c.cat.Sets))
		}
	}
	if y.Cards != "" {
		data, err := readCard(y.Cards)
		if err != nil {
			return fmt.Errorf("field cards: %w", err)
		}
		own, err := realms.ParseCardFile(y.Cards, data)
		if err != nil {
			return fmt.Errorf("field cards: %w", err)
		}
		if slices.Contains(c.cat.Sets, own.Sets[0]) {
			return fmt.Errorf("field cards: %s: set %q is a printed set; give the campaign's cards a set of their own", y.Cards, own.Sets[0])
		}
		cat, err := c.cat.WithCards(y.Cards, data)
		if err != nil {
			return fmt.Errorf("field cards: %w", err)
		}
		c.cat, c.CardFile, c.CardFileName, c.CardSet = cat, data, y.Cards, own.Sets[0]
	}
	if len(y.Seats) != 2 {
		return fmt.Errorf("field seats: a campaign has 2 seats (SR 8.1), got %d", len(y.Seats))
	}
	for i, s := range y.Seats {
		at := fmt.Sprintf("seats[%d]", i)
		f, ok := realms.FactionByName(strings.TrimSpace(s.Faction))
		if !ok || len(f.Names()) != 1 {
			return fmt.Errorf("%s.faction: %q is not one faction (the Empire and the Federation: \"Star Empire\", \"Trade Federation\")", at, s.Faction)
		}
		if i == 1 && f == c.Seats[0].Faction {
			return fmt.Errorf("%s.faction: both seats play %s; each player has a faction of their own (SR 8.1)", at, s.Faction)
		}
		deck, err := c.cardList(at+".personal_deck", s.PersonalDeck)
		if err != nil {
			return err
		}
		if len(deck) == 0 {
			return fmt.Errorf("%s.personal_deck: missing (SR 7.3: e.g. \"Scout x8\", \"Viper\", ...)", at)
		}
		name := strings.TrimSpace(s.Name)
		if name == "" {
			name = f.Names()[0]
		}
		c.Seats[i] = Seat{Name: name, Faction: f, PersonalDeck: deck}
	}
	if err := c.buildSheets(y.Sheets); err != nil {
		return err
	}
	return c.buildScenarios(y.Scenarios)
}

func (c *Campaign) buildSheets(sheets []sheetYAML) error {
	seen := map[string]bool{}
	for i, s := range sheets {
		at := fmt.Sprintf("sheets[%d]", i)
		n := strings.TrimSpace(s.Name)
		if n == "" {
			return fmt.Errorf("%s.name: missing", at)
		}
		at = fmt.Sprintf("sheet %q", n)
		if strings.ContainsAny(n, "/[]():,") || slices.Contains(strings.Fields(strings.ToLower(n)), "row") {
			return fmt.Errorf("%s: a sheet's name may not contain '/', brackets, parentheses, ':', ',' or the word \"row\" (upgraded cards are written \"Cutter (Empire 1/3)\")", at)
		}
		if seen[strings.ToLower(n)] {
			return fmt.Errorf("%s: two sheets have this name", at)
		}
		seen[strings.ToLower(n)] = true
		if s.Seat != 1 && s.Seat != 2 {
			return fmt.Errorf("%s: field seat: %d; write 1 (%s) or 2 (%s)", at, s.Seat, c.Seats[0].Name, c.Seats[1].Name)
		}
		if len(s.Rows) != 5 {
			return fmt.Errorf("%s: %d rows; a sheet has 5 (SR 8.5)", at, len(s.Rows))
		}
		sh := Sheet{StickerSheet: realms.StickerSheet{Name: n}, Seat: s.Seat - 1}
		for k, r := range s.Rows {
			rat := fmt.Sprintf("%s row %d", at, k+1)
			if len(r.Costs) == 0 {
				return fmt.Errorf("%s: field costs: missing (the printed costs the row serves, SR 8.5)", rat)
			}
			for _, cost := range r.Costs {
				if cost < 0 || cost > 99 {
					return fmt.Errorf("%s: field costs: %d is not a cost from 0 to 99", rat, cost)
				}
			}
			if strings.TrimSpace(r.Ship) == "" && strings.TrimSpace(r.Base) == "" {
				return fmt.Errorf("%s: no sticker: give a ship or a base sticker (or both)", rat)
			}
			for col, text := range map[string]string{"ship": r.Ship, "base": r.Base} {
				if strings.TrimSpace(text) == "" {
					continue
				}
				if _, _, err := realms.ParseSticker(text); err != nil {
					return fmt.Errorf("%s: field %s: %w", rat, col, err)
				}
			}
			sh.Rows = append(sh.Rows, realms.StickerRow{Costs: r.Costs, Ship: strings.TrimSpace(r.Ship), Base: strings.TrimSpace(r.Base)})
		}
		c.Sheets = append(c.Sheets, sh)
	}
	return nil
}

func (c *Campaign) buildScenarios(scs []scenarioYAML) error {
	if len(scs) != Scenarios {
		return fmt.Errorf("field scenarios: a campaign has %d scenarios (SR 8.1), got %d", Scenarios, len(scs))
	}
	given := map[string]int{}
	for i, y := range scs {
		at := fmt.Sprintf("scenario %d", i+1)
		if y.Number != i+1 {
			return fmt.Errorf("scenarios[%d]: field number: %d; scenarios are numbered 1 to %d in order", i, y.Number, Scenarios)
		}
		s := Scenario{Number: y.Number, Name: strings.TrimSpace(y.Name), Story: strings.TrimSpace(y.Story), Political: y.Political}
		if s.Name == "" {
			return fmt.Errorf("%s: field name: missing", at)
		}
		at = fmt.Sprintf("scenario %d (%s)", s.Number, s.Name)
		if y.VictoryPoints == nil || *y.VictoryPoints < 0 {
			return fmt.Errorf("%s: field victory_points: missing or negative (the value of the scenario's Victory Point card, SR 8.8)", at)
		}
		s.VictoryPoints = *y.VictoryPoints
		for k, v := range y.GameOptions {
			if k == "first_player" {
				return fmt.Errorf("%s: field game_options: first_player is the campaign's (SR 8.2: seat 1, then the winner of the last Victory Point card)", at)
			}
			var scratch realms.Options
			if err := realms.SetOption(&scratch, k, v); err != nil {
				return fmt.Errorf("%s: field game_options: %w", at, err)
			}
		}
		s.GameOpts = y.GameOptions
		if len(y.Sheets) > 2 {
			return fmt.Errorf("%s: field sheets: one sheet per seat at most, got %d", at, len(y.Sheets))
		}
		for k, n := range y.Sheets {
			n = strings.TrimSpace(n)
			if n == "" || n == "-" {
				continue
			}
			sh, ok := c.Sheet(n)
			if !ok {
				var names []string
				for _, x := range c.Sheets {
					names = append(names, x.Name)
				}
				return fmt.Errorf("%s: field sheets[%d]: %s", at, k, unknown("sheet", n, names))
			}
			if sh.Seat != k {
				return fmt.Errorf("%s: field sheets[%d]: sheet %q is seat %d's; the list gives seat 1's sheet, then seat 2's", at, k, sh.Name, sh.Seat+1)
			}
			if prev, dup := given[strings.ToLower(sh.Name)]; dup {
				return fmt.Errorf("%s: field sheets[%d]: sheet %q was given in scenario %d already", at, k, sh.Name, prev)
			}
			given[strings.ToLower(sh.Name)] = s.Number
			s.Sheets[k] = sh.Name
		}
		if s.Political {
			if s.Number > PoliticalScenarios {
				return fmt.Errorf("%s: field political: political victory is for scenarios 1 to %d (SR 8.7)", at, PoliticalScenarios)
			}
			if s.Sheets[0] == "" || s.Sheets[1] == "" {
				return fmt.Errorf("%s: field political: political victory counts the sheet of the current scenario (SR 8.7), so both seats need a sheet in this scenario", at)
			}
		}
		if s.Number == 1 && (s.Sheets[0] == "" || s.Sheets[1] == "") {
			return fmt.Errorf("%s: field sheets: each player starts with a sheet in scenario 1 (SR 8.5)", at)
		}
		var err error
		if s.TradeDeck, err = c.cardList(at+": field trade_deck", y.TradeDeck); err != nil {
			return err
		}
		for _, n := range s.TradeDeck {
			id, _ := c.cat.Lookup(n)
			card := c.cat.Card(id)
			if card.Set != c.CardSet || card.Deck != realms.TradeDeck {
				return fmt.Errorf("%s: field trade_deck: %s is not one of the campaign's own trade-deck cards (%s); printed cards come with the sets", at, card.Name, firstNonEmpty(c.CardFileName, "no card file"))
			}
		}
		if s.Rules, err = c.rules(at+": rules", y.Rules); err != nil {
			return err
		}
		if y.Choice != nil {
			ch := &Choice{Prompt: strings.TrimSpace(y.Choice.Prompt)}
			if ch.Prompt == "" {
				return fmt.Errorf("%s: choice: field prompt: missing", at)
			}
			if n := len(y.Choice.Options); n < 2 || n > 3 {
				return fmt.Errorf("%s: choice: field options: %d options; a setup choice offers 2 or 3", at, n)
			}
			for k, o := range y.Choice.Options {
				oat := fmt.Sprintf("%s: choice option %d", at, k+1)
				opt := Option{Name: strings.TrimSpace(o.Name), Text: strings.TrimSpace(o.Text)}
				if opt.Name == "" {
					return fmt.Errorf("%s: field name: missing", oat)
				}
				if opt.Rules, err = c.rules(oat+": rules", o.Rules); err != nil {
					return err
				}
				ch.Options = append(ch.Options, opt)
			}
			s.Choice = ch
		}
		// Every combination of first player and choice must merge into hooks the engine takes.
		for first := range 2 {
			for k := range max(1, len(s.Options())) {
				if _, err := s.Hooks(first, k); err != nil {
					return fmt.Errorf("%s: %w", at, err)
				}
			}
		}
		c.Scenarios = append(c.Scenarios, s)
	}
	return nil
}

// GameOptions applies the scenario's game options to o.
func (s *Scenario) GameOptions(o *realms.Options) error {
	keys := make([]string, 0, len(s.GameOpts))
	for k := range s.GameOpts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := realms.SetOption(o, k, s.GameOpts[k]); err != nil {
			return fmt.Errorf("scenario %d: %w", s.Number, err)
		}
	}
	return nil
}

// Options lists the scenario's setup choice's options (nil without a choice).
func (s *Scenario) Options() []Option {
	if s.Choice == nil {
		return nil
	}
	return s.Choice.Options
}

func (c *Campaign) rules(at string, ys []ruleYAML) ([]Rule, error) {
	var out []Rule
	for i, y := range ys {
		rat := fmt.Sprintf("%s[%d]", at, i)
		r := Rule{Who: strings.ToLower(strings.TrimSpace(y.Who)), Authority: y.Authority, TurnStart: strings.TrimSpace(y.TurnStart)}
		if !slices.Contains(Whos, r.Who) {
			return nil, fmt.Errorf("%s: field who: %s", rat, unknown("seat", y.Who, Whos))
		}
		if r.Authority < 0 {
			return nil, fmt.Errorf("%s: field authority: %d", rat, r.Authority)
		}
		if r.TurnStart != "" {
			if _, err := realms.ParseTurnStart(r.TurnStart); err != nil {
				return nil, fmt.Errorf("%s: field turn_start: %w", rat, err)
			}
		}
		var err error
		for _, z := range []struct {
			field string
			in    []string
			out   *[]string
		}{{"deck", y.Deck, &r.Deck}, {"hand", y.Hand, &r.Hand}, {"in_play", y.InPlay, &r.InPlay}} {
			if *z.out, err = c.cardList(rat+": field "+z.field, z.in); err != nil {
				return nil, err
			}
		}
		if r.Authority == 0 && r.TurnStart == "" && len(r.Deck)+len(r.Hand)+len(r.InPlay) == 0 {
			return nil, fmt.Errorf("%s: the rule changes nothing (give authority, deck, hand, in_play or turn_start)", rat)
		}
		out = append(out, r)
	}
	return out, nil
}

// Hooks merges the rules of the scenario and of its chosen option (an index into Options;
// ignored without a choice) into the per-seat hooks of a game whose first player is seat
// first (0 or 1). Two turn-start abilities or two authorities for one seat are an error.
func (s *Scenario) Hooks(first, option int) ([2]realms.CampaignSeat, error) {
	var out [2]realms.CampaignSeat
	rules := s.Rules
	if opts := s.Options(); len(opts) > 0 {
		if option < 0 || option >= len(opts) {
			return out, fmt.Errorf("choice %d: the choice has options 1 to %d", option+1, len(opts))
		}
		rules = append(slices.Clip(rules), opts[option].Rules...)
	}
	for _, r := range rules {
		var seats []int
		switch r.Who {
		case "both":
			seats = []int{0, 1}
		case "first":
			seats = []int{first}
		case "second":
			seats = []int{1 - first}
		case "seat1":
			seats = []int{0}
		case "seat2":
			seats = []int{1}
		}
		for _, k := range seats {
			o := &out[k]
			if r.Authority > 0 {
				if o.Authority > 0 && o.Authority != r.Authority {
					return out, fmt.Errorf("seat %d gets two starting authorities (%d and %d)", k+1, o.Authority, r.Authority)
				}
				o.Authority = r.Authority
			}
			if r.TurnStart != "" {
				if o.TurnStart != "" {
					return out, fmt.Errorf("seat %d gets two turn_start abilities (%q and %q); write them as one", k+1, o.TurnStart, r.TurnStart)
				}
				o.TurnStart = r.TurnStart
			}
			o.Deck = append(o.Deck, r.Deck...)
			o.Hand = append(o.Hand, r.Hand...)
			o.InPlay = append(o.InPlay, r.InPlay...)
		}
	}
	return out, nil
}

// cardList expands "Scout x8" entries and checks every name against the catalog.
func (c *Campaign) cardList(at string, in []string) ([]string, error) {
	var out []string
	for i, e := range in {
		name, n := strings.TrimSpace(e), 1
		if k := strings.LastIndex(name, " x"); k > 0 {
			if v, err := strconv.Atoi(name[k+2:]); err == nil {
				if v < 1 || v > 40 {
					return nil, fmt.Errorf("%s[%d]: %q: a count from 1 to 40", at, i, e)
				}
				name, n = strings.TrimSpace(name[:k]), v
			}
		}
		id, err := c.cat.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", at, i, err)
		}
		for range n {
			out = append(out, c.cat.Card(id).Name)
		}
	}
	return out, nil
}

func unknown(what, got string, known []string) string {
	msg := fmt.Sprintf("unknown %s %q (known: %s)", what, got, strings.Join(known, ", "))
	if s := engine.Closest(got, known, 1); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return msg
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// decodeStrict decodes data into v, refusing unknown keys with their path, line and the
// closest known key.
func decodeStrict(file string, data []byte, v any) error {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if len(root.Content) == 0 {
		return fmt.Errorf("%s: empty campaign file", file)
	}
	if err := checkKeys(root.Content[0], reflect.TypeOf(v).Elem(), ""); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// checkKeys walks node along type t and reports the first mapping key t does not have.
func checkKeys(node *yaml.Node, t reflect.Type, at string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t.Kind() == reflect.Struct && node.Kind == yaml.MappingNode:
		fields := map[string]reflect.Type{}
		var names []string
		for i := range t.NumField() {
			tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if tag != "" && tag != "-" {
				fields[tag] = t.Field(i).Type
				names = append(names, tag)
			}
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			k := node.Content[i]
			ft, ok := fields[k.Value]
			if !ok {
				where := strings.TrimPrefix(at, ".")
				if where != "" {
					where += ": "
				}
				msg := fmt.Sprintf("%sunknown field %q (line %d; known: %s)", where, k.Value, k.Line, strings.Join(names, ", "))
				if s := engine.Closest(k.Value, names, 1); len(s) > 0 {
					msg += fmt.Sprintf("; did you mean %q?", s[0])
				}
				return errors.New(msg)
			}
			if err := checkKeys(node.Content[i+1], ft, at+"."+k.Value); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Slice && node.Kind == yaml.SequenceNode:
		for i, n := range node.Content {
			if err := checkKeys(n, t.Elem(), fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Unlocked counts the copies of the campaign's own trade-deck cards that the scenarios up to
// and including scenario upTo have added to the trade deck.
func (c *Campaign) Unlocked(upTo int) map[string]int {
	out := map[string]int{}
	for _, s := range c.Scenarios {
		if s.Number > upTo {
			break
		}
		for _, n := range s.TradeDeck {
			out[n]++
		}
	}
	return out
}

// GameSets are the sets of a campaign game's trade deck: the printed ones and the campaign's.
func (c *Campaign) GameSets() []string {
	if c.CardSet == "" {
		return slices.Clone(c.Sets)
	}
	return append(slices.Clone(c.Sets), c.CardSet)
}

// GameCatalog is the catalog of a game of scenario n: the printed cards and the campaign's
// own, in which each of the campaign's trade-deck cards has as many copies as the scenarios
// so far have added (SR 8.9: unlocked content stays). A card not added yet stays known by
// name (a scenario's rule may put it in a deck) but out of the trade deck.
func (c *Campaign) GameCatalog(n int) (*realms.Catalog, error) {
	if c.CardFile == nil {
		return c.cat, nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(c.CardFile, &root); err != nil {
		return nil, fmt.Errorf("%s: %w", c.CardFileName, err)
	}
	unlocked := c.Unlocked(n)
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != "cards" {
			continue
		}
		for _, card := range doc.Content[i+1].Content {
			var name, deck string
			for j := 0; j+1 < len(card.Content); j += 2 {
				switch card.Content[j].Value {
				case "name":
					name = card.Content[j+1].Value
				case "deck":
					deck = card.Content[j+1].Value
				}
			}
			if deck != "" && deck != "trade" {
				continue
			}
			id, err := c.cat.Lookup(name)
			if err != nil {
				return nil, err
			}
			k := unlocked[c.cat.Card(id).Name]
			setKey(card, "quantity", strconv.Itoa(max(k, 1)))
			if k == 0 {
				setKey(card, "deck", "starting")
			}
		}
	}
	data, err := yaml.Marshal(&root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.CardFileName, err)
	}
	return c.printed.WithCards(c.CardFileName, data)
}

// setKey sets a mapping node's scalar key to value, adding it if missing.
func setKey(m *yaml.Node, key, value string) {
	for j := 0; j+1 < len(m.Content); j += 2 {
		if m.Content[j].Value == key {
			m.Content[j+1] = &yaml.Node{Kind: yaml.ScalarNode, Value: value}
			return
		}
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
}
