// Package scenario reads and runs scenario files: rules tests as data
// (shared/spec/scenario-format.md). A scenario sets up a position, applies actions in their
// text form and checks expectations.
package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Scenario is one scenario of a file.
type Scenario struct {
	Name      string         `yaml:"name"`
	Rule      string         `yaml:"rule"`
	Game      string         `yaml:"game"`
	Format    string         `yaml:"format"`
	Sets      []string       `yaml:"sets"`
	Options   map[string]any `yaml:"options"`
	Variants  map[string]any `yaml:"variants"`
	Seed      *uint64        `yaml:"seed"`
	Players   []Player       `yaml:"players"`
	TradeRow  []string       `yaml:"trade_row"`
	TradeDeck []string       `yaml:"trade_deck"`
	Explorers *int           `yaml:"explorers"`
	Active    string         `yaml:"active"`
	Phase     string         `yaml:"phase"`
	Steps     []Step         `yaml:"steps"`
	Expect    Expect         `yaml:"expect"`
	Cards     []any          `yaml:"cards"`     // extra card designs (Star Realms: docs/cards.md; nexus: SN Part C)
	Political bool           `yaml:"political"` // Star Realms: SR 8.7 political victory
	// SetupError says the setup must be refused: "true" for any reason, or a text the
	// reason must contain, as a step's error: key (docs/scenarios.md).
	SetupError Refusal `yaml:"setup_error"`

	File  string `yaml:"-"` // where it was read from
	Index int    `yaml:"-"` // its position in the file, from 1
}

// Player is one player of a scenario.
type Player struct {
	Name      string   `yaml:"name"`
	Authority *int     `yaml:"authority"`
	Hand      []string `yaml:"hand"`
	Deck      []string `yaml:"deck"`
	Discard   []string `yaml:"discard"`
	InPlay    []string `yaml:"in_play"`
	Role      string   `yaml:"role"`
	Team      *int     `yaml:"team"`

	// Star Realms campaign keys (Rise of Empire, SR 8; docs/scenarios.md).
	Faction      string         `yaml:"faction"`
	Sheets       []StickerSheet `yaml:"sheets"`
	UsedRows     []string       `yaml:"used_rows"` // "Empire 1/3"
	CurrentSheet string         `yaml:"current_sheet"`
	TurnStart    string         `yaml:"turn_start"`

	// Stellar Nexus keys (game: nexus; scenario-format.md). Zones a player omits are empty.
	Hero         string       `yaml:"hero"`
	Life         *int         `yaml:"life"`
	Library      []string     `yaml:"library"` // top first
	ResourcePile []string     `yaml:"resource_pile"`
	Graveyard    []string     `yaml:"graveyard"`
	Exile        []string     `yaml:"exile"`
	Resources    []NexusEntry `yaml:"resources"`
	Field        []NexusEntry `yaml:"field"`
	Reserve      []string     `yaml:"reserve"` // SN 2.5: the game starts with the swaps (10.1)
}

// NexusEntry is a Stellar Nexus card on the field: a name, or a map
// {card, atk, def, tapped, arrived, markers, equipment}.
type NexusEntry struct {
	Card      string
	Atk, Def  *int
	Tapped    bool
	Arrived   bool
	Markers   int
	Equipment []string
}

// UnmarshalYAML reads either form; unknown keys are errors.
func (e *NexusEntry) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		e.Card = n.Value
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: a field entry is a card name or a map {card, atk, def, tapped, arrived, markers, equipment}", n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		var err error
		switch k {
		case "card":
			e.Card = v.Value
		case "atk":
			err = v.Decode(&e.Atk)
		case "def":
			err = v.Decode(&e.Def)
		case "tapped":
			err = v.Decode(&e.Tapped)
		case "arrived":
			err = v.Decode(&e.Arrived)
		case "markers":
			err = v.Decode(&e.Markers)
		case "equipment":
			err = v.Decode(&e.Equipment)
		default:
			return fmt.Errorf("line %d: unknown field entry key %q (known: card, atk, def, tapped, arrived, markers, equipment)", n.Content[i].Line, k)
		}
		if err != nil {
			return fmt.Errorf("line %d: %s: %w", v.Line, k, err)
		}
	}
	if e.Card == "" {
		return fmt.Errorf("line %d: a field entry needs card", n.Line)
	}
	return nil
}

// StickerSheet is a Star Realms campaign sticker sheet of a scenario (SR 8.5).
type StickerSheet struct {
	Name string       `yaml:"name"`
	Rows []StickerRow `yaml:"rows"`
}

// StickerRow is one row of a sticker sheet.
type StickerRow struct {
	Costs []int  `yaml:"costs"`
	Ship  string `yaml:"ship"`
	Base  string `yaml:"base"`
}

// Expect maps expectation keys to expected values, in file order.
type Expect struct {
	Keys   []string
	Values map[string]any
}

// UnmarshalYAML keeps the keys in the order written, so failures are reported in that order.
func (e *Expect) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: expect must be a map of key: value", n.Line)
	}
	e.Values = map[string]any{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		var v any
		if err := n.Content[i+1].Decode(&v); err != nil {
			return fmt.Errorf("line %d: expect %s: %w", n.Content[i].Line, k, err)
		}
		if _, dup := e.Values[k]; dup {
			return fmt.Errorf("line %d: expect %s is given twice", n.Content[i].Line, k)
		}
		e.Keys = append(e.Keys, k)
		e.Values[k] = v
	}
	return nil
}

// Refusal is the value of an error key: "true" or a text the reason must contain.
type Refusal string

// UnmarshalYAML takes true or a text; false and an empty text would say nothing.
func (r *Refusal) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode || n.Value == "" {
		return fmt.Errorf("line %d: setup_error needs true or a text", n.Line)
	}
	if n.Value == "false" {
		return fmt.Errorf("line %d: setup_error: false is the same as leaving setup_error out", n.Line)
	}
	*r = Refusal(n.Value)
	return nil
}

// Step is an action (Do), with the seat that takes it (By) and whether it must be refused
// (Error: "true" for any reason, or a text the reason must contain), or a set of
// expectations.
type Step struct {
	Do     string
	By     string
	Error  string // "" when the action must succeed
	Expect *Expect
	Line   int
}

// UnmarshalYAML reads the three step forms of scenario-format.md.
func (s *Step) UnmarshalYAML(n *yaml.Node) error {
	s.Line = n.Line
	switch n.Kind {
	case yaml.ScalarNode:
		s.Do = n.Value
		return nil
	case yaml.MappingNode:
	default:
		return fmt.Errorf("line %d: a step is an action text or a map with do/by/error or expect", n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		switch k {
		case "do":
			s.Do = v.Value
		case "by":
			s.By = v.Value
		case "error":
			if v.Value == "false" {
				return fmt.Errorf("line %d: error: false is the same as leaving error out", v.Line)
			}
			if v.Value == "" {
				return fmt.Errorf("line %d: error needs true or a text", v.Line)
			}
			s.Error = v.Value
		case "expect":
			var e Expect
			if err := v.Decode(&e); err != nil {
				return err
			}
			s.Expect = &e
		default:
			return fmt.Errorf("line %d: unknown step key %q (known: do, by, error, expect)", n.Content[i].Line, k)
		}
	}
	if (s.Do == "") == (s.Expect == nil) {
		return fmt.Errorf("line %d: a step has either do or expect", n.Line)
	}
	if s.Expect != nil && (s.By != "" || s.Error != "") {
		return fmt.Errorf("line %d: an expect step takes no by or error", n.Line)
	}
	return nil
}

// Load reads every scenario of a file. Unknown keys are errors.
func Load(path string) ([]*Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read scenario: %w", err)
	}
	return Parse(path, b)
}

// Parse reads scenarios from data; name is used in messages.
func Parse(name string, data []byte) ([]*Scenario, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var out []*Scenario
	for i := 1; ; i++ {
		var sc Scenario
		err := dec.Decode(&sc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: scenario %d: %w", name, i, err)
		}
		sc.File, sc.Index = name, i
		if sc.Name == "" {
			return nil, fmt.Errorf("%s: scenario %d: missing name", name, i)
		}
		if sc.Game == "" {
			return nil, fmt.Errorf("%s: scenario %d (%s): missing game", name, i, sc.Name)
		}
		if sc.SetupError != "" && (len(sc.Steps) > 0 || len(sc.Expect.Keys) > 0) {
			return nil, fmt.Errorf("%s: scenario %d (%s): a scenario with setup_error has no game to play: no steps or expect", name, i, sc.Name)
		}
		out = append(out, &sc)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no scenario in the file", name)
	}
	return out, nil
}

// Files expands paths: a folder stands for every .yaml/.yml file below it, in name order.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("scenario path: %w", err)
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("scenario path %s: %w", p, err)
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}
