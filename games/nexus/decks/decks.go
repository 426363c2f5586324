// Package decks holds the five ready-made Stellar Nexus decks, one per faction, as deck files
// (docs/decks.md) embedded in the binary.
package decks

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"starnexus/engine"
	"starnexus/games/nexus/cards"
)

// FS holds the deck files, named NAME.yaml.
//
//go:embed *.yaml
var FS embed.FS

// Names returns the shipped decks' names in SN 5.1 faction order.
func Names() []string {
	return []string{"damnareh", "kern", "hilote", "rayji", "cypios"}
}

// Read returns the deck file of a shipped deck by name (case-insensitive). The error lists or
// suggests the names.
func Read(name string) ([]byte, error) {
	n := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(name), ".yaml"))
	for _, d := range Names() {
		if n == d {
			return fs.ReadFile(FS, d+".yaml")
		}
	}
	if s := engine.Closest(n, Names(), 1); len(s) > 0 {
		return nil, fmt.Errorf("no shipped deck %q: did you mean %q?", name, s[0])
	}
	return nil, fmt.Errorf("no shipped deck %q (the decks are %s)", name, strings.Join(Names(), ", "))
}

// Load reads and parses a shipped deck by name.
func Load(name string) (*cards.Deck, error) {
	data, err := Read(name)
	if err != nil {
		return nil, err
	}
	d, err := cards.ParseDeck(data)
	if err != nil {
		return nil, fmt.Errorf("deck %s: %w", name, err)
	}
	return d, nil
}
