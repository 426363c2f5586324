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
