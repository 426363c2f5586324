package cards

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// legalDeck is a legal Rayji deck of 33 library cards; tests change one thing at a time.
func legalDeck() *Deck {
	return &Deck{
		Name: "test",
		Hero: "Kaira Swiftclaw",
		Library: []DeckEntry{
			{"Ember Cub", 3}, {"Dune Stalker", 3}, {"Blade Dancer", 3}, {"Pack Alpha", 3},
			{"Sunstrider Champion", 3}, {"Dune Ambusher", 3}, {"Trophy Hunter", 3},
			{"Surge of Fury", 3}, {"Burning Stride", 3}, {"Pounce", 3}, {"Warpaint", 3},
		},
		ResourcePile: []DeckEntry{{"Sunforge Totem", 1}, {"Hunter's Cairn", 1}, {"Nexus Shard", 8}},
		Reserve:      []DeckEntry{{"Twin Fangs", 3}, {"Updraft", 2}},
	}
}

func TestCheckDeck(t *testing.T) {
	cat := builtin(t)
	tests := []struct {
		name   string
		change func(d *Deck)
		want   []string // the violation messages, in order
	}{
		{"legal", func(d *Deck) {}, nil},
		{"four copies", func(d *Deck) { d.Library[0].Count = 4 },
			[]string{`library has 4 copies of "Ember Cub" (at most 3, SN 2.2)`}},
		{"four copies written apart", func(d *Deck) { d.Library = append(d.Library, DeckEntry{"ember cub", 1}) },
			[]string{`library has 4 copies of "Ember Cub" (at most 3, SN 2.2)`}},
		{"41 cards", func(d *Deck) {
			d.Library = append(d.Library, DeckEntry{"Twin Fangs", 3}, DeckEntry{"Cloud Skimmer", 3}, DeckEntry{"Updraft", 2})
		}, []string{"library has 41 cards (30-40, SN 2.1)"}},
		{"29 cards", func(d *Deck) { d.Library = d.Library[:9]; d.Library = append(d.Library, DeckEntry{"Updraft", 2}) },
			[]string{"library has 29 cards (30-40, SN 2.1)"}},
		{"two copies of a special resource", func(d *Deck) { d.ResourcePile[0].Count = 2; d.ResourcePile[2].Count = 7 },
			[]string{`resource pile has 2 copies of special resource "Sunforge Totem" (at most 1, SN 2.3)`}},
		{"resource in the library", func(d *Deck) { d.Library = append(d.Library, DeckEntry{"Nexus Shard", 1}) },
			[]string{`"Nexus Shard" is a resource: resources go in the resource pile, never the library (SN 2.6)`}},
		{"special resource in the library", func(d *Deck) { d.Library = append(d.Library, DeckEntry{"Veil Root", 1}) },
			[]string{`"Veil Root" is a resource: resources go in the resource pile, never the library (SN 2.6)`}},
		{"no hero", func(d *Deck) { d.Hero = "" }, []string{"no hero: a deck has exactly one (SN 2.1)"}},
		{"hero not a hero", func(d *Deck) { d.Hero = "Ember Cub" },
			[]string{`hero "Ember Cub" is a Creature, not a hero (SN 2.1)`}},
		{"unknown hero", func(d *Deck) { d.Hero = "Kaira Swiftclaws" },
			[]string{`hero: unknown card "Kaira Swiftclaws": did you mean "Kaira Swiftclaw"?`}},
		{"hero in the library", func(d *Deck) { d.Library = append(d.Library, DeckEntry{"The Mycelial Choir", 1}) },
			[]string{`"The Mycelial Choir" is a hero: a deck names its hero under hero:, never in the library (SN 2.1)`}},
		{"token in the library", func(d *Deck) { d.Library = append(d.Library, DeckEntry{"Sporeling", 2}) },
			[]string{`"Sporeling" is a token: tokens are made by effects and are never part of a deck (SN 4.6)`}},
		{"unknown card", func(d *Deck) { d.Library[1].Name = "Dune Stalkr" },
			[]string{`library: unknown card "Dune Stalkr": did you mean "Dune Stalker"?`}},
		{"creature in the resource pile", func(d *Deck) {
			d.ResourcePile[2] = DeckEntry{"Nexus Shard", 7}
			d.ResourcePile = append(d.ResourcePile, DeckEntry{"Ember Cub", 1})
		},
			[]string{`"Ember Cub" is a Creature: the resource pile holds only resources (SN 2.1)`}},
		{"nine resources", func(d *Deck) { d.ResourcePile[2].Count = 7 },
			[]string{"resource pile has 9 cards (exactly 10, SN 2.1)"}},
		{"reserve over 15", func(d *Deck) { d.Reserve = append(d.Reserve, DeckEntry{"Nexus Shard", 11}) },
			[]string{"reserve has 16 cards (at most 15, SN 2.1, 2.5)"}},
		{"reserve of any type", func(d *Deck) {
			d.Reserve = append(d.Reserve, DeckEntry{"Nexus Shard", 2}, DeckEntry{"The Mycelial Choir", 1}, DeckEntry{"Veil Root", 1})
		}, nil},
		{"token in the reserve", func(d *Deck) { d.Reserve = append(d.Reserve, DeckEntry{"Kern Drone", 1}) },
			[]string{`"Kern Drone" is a token: tokens are made by effects and are never part of a deck (SN 4.6)`}},
		{"several at once", func(d *Deck) { d.Hero = ""; d.Library[0].Count = 11; d.ResourcePile[2].Count = 9 },
			[]string{"no hero: a deck has exactly one (SN 2.1)", `library has 11 copies of "Ember Cub" (at most 3, SN 2.2)`,
				"library has 41 cards (30-40, SN 2.1)", "resource pile has 11 cards (exactly 10, SN 2.1)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := legalDeck()
			tc.change(d)
			var got []string
			for _, v := range cat.CheckDeck(d) {
				got = append(got, v.Msg)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("violations\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	cat := builtin(t)
	dc, vs := cat.Resolve(legalDeck())
	if len(vs) > 0 {
		t.Fatal(vs)
	}
	if dc.Hero.ID != "HE-RA" || len(dc.Library) != 33 || len(dc.ResourcePile) != 10 || len(dc.Reserve) != 5 {
		t.Fatalf("hero %s, library %d, pile %d, reserve %d", dc.Hero.ID, len(dc.Library), len(dc.ResourcePile), len(dc.Reserve))
	}
	if dc.Library[0].ID != "RA-01" || dc.Library[3].ID != "RA-02" || dc.ResourcePile[9].ID != "RS-00" {
		t.Errorf("cards out of file order: %s %s %s", dc.Library[0].ID, dc.Library[3].ID, dc.ResourcePile[9].ID)
	}
}

func TestParseDeck(t *testing.T) {
	mapForm := `name: Rayji Hunt
hero: Kaira Swiftclaw
library: {Ember Cub: 3, Dune Stalker: 2}
resource_pile: {Sunforge Totem: 1, Nexus Shard: 9}
reserve: {Updraft: 1}
`
	listForm := `name: Rayji Hunt
hero: Kaira Swiftclaw
library: [Ember Cub, Dune Stalker, Ember Cub, Dune Stalker, ember cub]
resource_pile:
  - Sunforge Totem
  - Nexus Shard
  - {Nexus Shard: 8}
reserve: [Updraft]
`
	want := &Deck{
		Name: "Rayji Hunt", Hero: "Kaira Swiftclaw",
		Library:      []DeckEntry{{"Ember Cub", 3}, {"Dune Stalker", 2}},
		ResourcePile: []DeckEntry{{"Sunforge Totem", 1}, {"Nexus Shard", 9}},
		Reserve:      []DeckEntry{{"Updraft", 1}},
	}
	got, err := ParseDeck([]byte(mapForm))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("map form: got %+v, want %+v", got, want)
	}
	// The list form does not allow the nested mapping above: it is an error.
	if _, err := ParseDeck([]byte(listForm)); err == nil || !strings.Contains(err.Error(), "expected a card name") {
		t.Errorf("list with a mapping item: %v", err)
	}
	got, err = ParseDeck([]byte(strings.Replace(listForm, "  - {Nexus Shard: 8}\n", strings.Repeat("  - Nexus Shard\n", 8), 1)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("list form: got %+v, want %+v", got, want)
	}

	bad := []struct{ yaml, want string }{
		{"hero: X\nlibary: {A: 1}", `unknown key "libary"`},
		{"hero: X\nlibrary: {A: 0}", "number of copies from 1 to 99"},
		{"hero: X\nlibrary: {A: three}", `found "three"`},
		{"hero: X\nlibrary: {A: 1, a: 2}", `"a" is written twice`},
		{"hero: X\nlibrary: 3", "expected {Card Name: copies, ...} or a list of card names"},
		{"hero: [X]", "hero: expected a name"},
		{"- X", "a deck is a mapping"},
		{"hero: X\nhero: Y", "written twice"},
	}
	for _, tc := range bad {
		_, err := ParseDeck([]byte(tc.yaml))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseDeck(%q) = %v, want an error containing %q", tc.yaml, err, tc.want)
		}
	}
}

func TestApplySwap(t *testing.T) {
	cat := builtin(t)
	tests := []struct {
		name  string
		swap  Swap
		check func(d *Deck) error
		want  []string
	}{
		{"one for one", Swap{Out: []DeckEntry{{"Pounce", 2}}, In: []DeckEntry{{"Twin Fangs", 2}}},
			func(d *Deck) error {
				if Size(d.Library) != 33 || Size(d.Reserve) != 5 {
					return fmt.Errorf("library %d, reserve %d", Size(d.Library), Size(d.Reserve))
				}
				if i := indexEntry(d.Library, "Twin Fangs"); i < 0 || d.Library[i].Count != 2 {
					return fmt.Errorf("library %v", d.Library)
				}
				if i := indexEntry(d.Reserve, "Pounce"); i < 0 || d.Reserve[i].Count != 2 {
					return fmt.Errorf("reserve %v", d.Reserve)
				}
				return nil
			}, nil},
		{"not one for one", Swap{In: []DeckEntry{{"Twin Fangs", 3}, {"Updraft", 2}}},
			func(d *Deck) error {
				if Size(d.Library) != 38 || len(d.Reserve) != 0 {
					return fmt.Errorf("library %d, reserve %v", Size(d.Library), d.Reserve)
				}
				return nil
			}, nil},
		{"result too small", Swap{Out: []DeckEntry{{"Pounce", 3}, {"Warpaint", 3}}},
			nil, []string{"library has 27 cards (30-40, SN 2.1)"}},
		{"reserve grows past 15", Swap{Out: []DeckEntry{{"Pounce", 3}, {"Warpaint", 3}, {"Surge of Fury", 3}, {"Ember Cub", 2}}},
			nil, []string{"library has 22 cards (30-40, SN 2.1)", "reserve has 16 cards (at most 15, SN 2.1, 2.5)"}},
		{"not in the reserve", Swap{In: []DeckEntry{{"Updraft", 3}}},
			nil, []string{`swap in: the reserve has fewer than 3 "Updraft"`}},
		{"not in the library", Swap{Out: []DeckEntry{{"Updraft", 1}}},
			nil, []string{`swap out: the library has fewer than 1 "Updraft"`}},
		{"hero swap", Swap{Out: []DeckEntry{{"Kaira Swiftclaw", 1}}, In: []DeckEntry{{"The Mycelial Choir", 1}}},
			nil, []string{`swap in: the reserve has fewer than 1 "The Mycelial Choir"`, "no hero: a deck has exactly one (SN 2.1)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := legalDeck()
			before := legalDeck()
			nd, vs := cat.ApplySwap(d, tc.swap)
			if !reflect.DeepEqual(d, before) {
				t.Error("ApplySwap changed its argument")
			}
			var got []string
			for _, v := range vs {
				got = append(got, v.Msg)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("violations\n%q\nwant\n%q", got, tc.want)
			}
			if tc.check != nil {
				if err := tc.check(nd); err != nil {
					t.Error(err)
				}
			}
		})
	}

	// A hero in the reserve can replace the deck's hero.
	d := legalDeck()
	d.Reserve = append(d.Reserve, DeckEntry{"The Mycelial Choir", 1})
	nd, vs := cat.ApplySwap(d, Swap{Out: []DeckEntry{{"Kaira Swiftclaw", 1}}, In: []DeckEntry{{"the mycelial choir", 1}}})
	if len(vs) > 0 || nd.Hero != "The Mycelial Choir" || indexEntry(nd.Reserve, "Kaira Swiftclaw") < 0 {
		t.Errorf("hero swap: %v, hero %q, reserve %v", vs, nd.Hero, nd.Reserve)
	}
	// Bringing in a second hero without swapping the first out is refused.
	_, vs = cat.ApplySwap(d, Swap{In: []DeckEntry{{"The Mycelial Choir", 1}}})
	if len(vs) == 0 || !strings.Contains(vs[0].Msg, `already has hero "Kaira Swiftclaw"`) {
		t.Errorf("second hero: %v", vs)
	}
}

func indexEntry(es []DeckEntry, name string) int {
	for i, e := range es {
		if strings.EqualFold(e.Name, name) {
			return i
		}
	}
	return -1
}
