package nexus

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// TestDeterminizeUsesOnlyTheView: two games that differ only in what Ann cannot see (Bob's
// hand and library, the order of Ann's own library) give Ann the same View, the same
// observation key and, with the same random source, the same determinized State; Ann's own library keeps its cards; Bob's hidden
// cards come from the prior (his hero's faction or Neutral), not from his deck.
func TestDeterminizeUsesOnlyTheView(t *testing.T) {
	tab := mustTable(t)
	mk := func(annLib, bobHand, bobLib []string) *State {
		pl := []PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub"}, Library: annLib, Resources: engShards(2)},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: bobHand, Library: bobLib, Resources: engShards(2)},
		}
		s, err := NewPosition(tab, Position{Players: pl, Active: "Ann", Phase: "main1", Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := mk([]string{"Warpaint", "Pounce", "Dune Stalker"}, []string{"Magma Titan", "Rivet Sentry"}, []string{"Field Repairs", "Tempered Blade", "Anvil Duelist"})
	b := mk([]string{"Dune Stalker", "Warpaint", "Pounce"}, []string{"Nullifying Gust", "Cloud Skimmer"}, []string{"Choking Spores", "Regrowth", "Bloomcaller"})
	va, vb := a.View(0), b.View(0)
	ja, _ := va.(*View).MarshalJSON()
	jb, _ := vb.(*View).MarshalJSON()
	if string(ja) != string(jb) {
		t.Fatalf("the two games show Ann different views:\n%s\n%s", ja, jb)
	}
	oa, ob := a.Observe(0, nil), b.Observe(0, nil)
	if oa.Key() != ob.Key() {
		t.Fatal("the two games give Ann different information-set keys")
	}
	for seed := uint64(1); seed <= 20; seed++ {
		ra, rb := engine.NewRNG(seed), engine.NewRNG(seed)
		da := oa.Determinize(nil, &ra).(*State)
		db := ob.Determinize(nil, &rb).(*State)
		if !reflect.DeepEqual(da.O, db.O) || da.P != db.P {
			t.Fatalf("seed %d: the hidden cards steered the determinization", seed)
		}
		lib := da.Zone(0, "library")
		slices.Sort(lib)
		if !slices.Equal(lib, []string{"Dune Stalker", "Pounce", "Warpaint"}) {
			t.Fatalf("seed %d: Ann's own library became %v", seed, lib)
		}
		for _, name := range append(da.Zone(1, "hand"), da.Zone(1, "library")...) {
			d := &tab.Defs[tab.byName[strings.ToLower(name)]]
			if d.Faction != tab.Defs[da.P[1].Hero].Faction && d.Faction != 0 {
				t.Fatalf("seed %d: Bob's hidden card %s is not of his hero's faction", seed, name)
			}
		}
	}
}

// TestDeterminizeDealsFromWhatWasSeen: Bob's hidden cards are dealt from what Ann has seen of
// his deck (the hero's faction, the cards revealed, the copy limit), never from his real
// list: two games whose decks differ only in cards never revealed give identical
// determinizations; no name ever has more than three copies over all of Bob's zones; a card
// he revealed three times is never dealt again; an off-faction card he revealed (Warpaint,
// Rayji, in a Kern deck) may be dealt, and nothing else off his faction.
func TestDeterminizeDealsFromWhatWasSeen(t *testing.T) {
	tab := mustTable(t)
	shown := PlayerSetup{Graveyard: []string{"Warpaint", "Warpaint", "Rivet Sentry"},
		Field: greedyPerms("Rivet Sentry", "Rivet Sentry", "Ironclad Brute")}
	mk := func(hand, lib []string) *State {
		bob := shown
		bob.Name, bob.Hero, bob.Hand, bob.Library, bob.Resources = "Bob", "Tarsk Ironvein, Forgemaster", hand, lib, engShards(3)
		ann := PlayerSetup{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub"}, Library: engLib(), Resources: engShards(2)}
		s, err := NewPosition(tab, Position{Players: []PlayerSetup{ann, bob}, Active: "Ann", Phase: "main1", Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	repeat := func(names []string, n int) []string {
		var out []string
		for len(out) < n {
			out = append(out, names...)
		}
		return out[:n]
	}
	// Bob's real hand and library: a Kern list in one game, Dam'Nareh cards in the other.
	a := mk(repeat([]string{"Magma Titan", "Field Repairs"}, 6), repeat([]string{"Anvil Duelist", "Tempered Blade", "Drone Foundry"}, 22))
	b := mk(repeat([]string{"Choking Spores", "Carrion Mote"}, 6), repeat([]string{"Autolytic Burst", "Bloated Thrall"}, 22))
	oa, ob := a.Observe(0, nil), b.Observe(0, nil)
	if oa.Key() != ob.Key() {
		t.Fatal("the two games give Ann different information-set keys")
	}
	kern := tab.Defs[tab.byName["tarsk ironvein, forgemaster"]].Faction
	warpaint := 0
	for seed := uint64(1); seed <= 200; seed++ {
		ra, rb := engine.NewRNG(seed), engine.NewRNG(seed)
		da := oa.Determinize(nil, &ra).(*State)
		db := ob.Determinize(nil, &rb).(*State)
		if !reflect.DeepEqual(da.O, db.O) || da.P != db.P {
			t.Fatalf("seed %d: Bob's unrevealed cards steered the determinization", seed)
		}
		hidden := append(da.Zone(1, "hand"), da.Zone(1, "library")...)
		if len(hidden) != 28 {
			t.Fatalf("seed %d: %d hidden cards, want Bob's 6 in hand and 22 in library", seed, len(hidden))
		}
		copies := map[string]int{}
		for _, z := range []string{"hand", "library", "graveyard", "field"} {
			for _, name := range da.Zone(1, z) {
				copies[name]++
			}
		}
		for name, n := range copies {
			if n > 3 && name != "Nexus Shard" {
				t.Fatalf("seed %d: %d copies of %s over Bob's zones", seed, n, name)
			}
		}
		for _, name := range hidden {
			d := &tab.Defs[tab.byName[strings.ToLower(name)]]
			switch {
			case name == "Rivet Sentry":
				t.Fatalf("seed %d: a fourth Rivet Sentry was dealt", seed)
			case name == "Warpaint":
				warpaint++
			case d.Faction != kern && d.Faction != 0:
				t.Fatalf("seed %d: Bob's hidden card %s is neither of his faction nor seen", seed, name)
			}
		}
	}
	if warpaint == 0 {
		t.Fatal("the Warpaint Bob revealed was never dealt to him again")
	}
}
