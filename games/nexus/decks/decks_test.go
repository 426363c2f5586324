package decks

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"starnexus/games/nexus/cards"
)

// TestShippedDecks checks that every shipped deck is legal (SN 2), is built around its
// faction (its hero, its two special resources, mostly its own cards) and has a full reserve.
func TestShippedDecks(t *testing.T) {
	cat, err := cards.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range Names() {
		t.Run(name, func(t *testing.T) {
			d, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			dc, vs := cat.Resolve(d)
			for _, v := range vs {
				t.Errorf("violation: %s", v)
			}
			if len(vs) > 0 {
				return
			}
			faction := cards.Factions[i]
			if dc.Hero.Faction != faction {
				t.Errorf("hero %s is %s, want %s", dc.Hero.Name, dc.Hero.Faction, faction)
			}
			own := 0
			for _, c := range dc.Library {
				if c.Faction == faction {
					own++
				}
			}
			if own*10 < len(dc.Library)*8 {
				t.Errorf("only %d of %d library cards are %s (want at least 80%%)", own, len(dc.Library), faction)
			}
			specials := 0
			for _, c := range dc.ResourcePile {
				if c.Type == cards.SpecialResource {
					specials++
					if c.Faction != faction {
						t.Errorf("special resource %s is %s", c.Name, c.Faction)
					}
				}
			}
			if specials != 2 {
				t.Errorf("%d special resources, want its faction's 2", specials)
			}
			if len(dc.Reserve) != cards.MaxReserve {
				t.Errorf("reserve of %d cards, want %d", len(dc.Reserve), cards.MaxReserve)
			}
			// A sensible curve: a third of the library costs 2 or less, at most a sixth 5 or more.
			cheap, dear := 0, 0
			for _, c := range dc.Library {
				if c.Cost <= 2 {
					cheap++
				}
				if c.Cost >= 5 {
					dear++
				}
			}
			if cheap*3 < len(dc.Library) || dear*6 > len(dc.Library) {
				t.Errorf("curve: %d cards cost 2 or less and %d cost 5 or more, of %d", cheap, dear, len(dc.Library))
			}
			if d.Name == "" {
				t.Error("the deck has no name")
			}
		})
	}
}

func TestNamesMatchFiles(t *testing.T) {
	entries, err := fs.ReadDir(FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		files = append(files, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	want := slices.Sorted(slices.Values(Names()))
	if !slices.Equal(files, want) {
		t.Errorf("files %v, names %v", files, want)
	}
}

func TestReadUnknown(t *testing.T) {
	if _, err := Read("Rayji.yaml"); err != nil {
		t.Errorf("Read(Rayji.yaml): %v", err)
	}
	_, err := Read("kernn")
	if err == nil || !strings.Contains(err.Error(), `did you mean "kern"`) {
		t.Errorf("Read(kernn) = %v, want a suggestion", err)
	}
}
