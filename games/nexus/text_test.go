package nexus

import (
	"strings"
	"testing"

	"starnexus/engine"
)

// answerTo is everything a seat learns from sending text: the action it reads and what Apply
// says of it, on a copy.
func answerTo(s *State, seat engine.Seat, text string) string {
	a, err := s.ParseAction(seat, text)
	if err != nil {
		return "parse: " + err.Error()
	}
	if err := s.Clone().Apply(seat, a); err != nil {
		return "apply: " + err.Error()
	}
	return "ok: " + s.ActionText(seat, a)
}

// probeTexts is every card name under the verbs that name objects, unqualified and with
// every owner and zone qualifier.
func probeTexts(tab *Table, seats ...string) []string {
	quals := []string{"", "grave:"}
	for _, q := range seats {
		quals = append(quals, q+":")
	}
	for _, z := range zoneNames {
		quals = append(quals, z+":")
	}
	var out []string
	for _, d := range tab.Defs[1:] {
		for _, q := range quals {
			n := q + d.Name
			out = append(out, "choose "+n, "cast "+n, "activate "+n, "attack with "+n, "add attacker "+n,
				"block "+n+" with "+n, "block Blade Dancer with "+n)
		}
	}
	return out
}

// TestNamesResolveOnlyAmongSeenCards: Ann's texts are read among the cards she may see, so
// two games that differ only in which cards Bob holds and which his library holds answer
// every text alike (issue 11: "choose Bob:CARD" used to tell whether Bob held CARD). Her own
// hand and the field are still read.
func TestNamesResolveOnlyAmongSeenCards(t *testing.T) {
	tab := mustTable(t)
	mk := func(bobHand, bobLibrary []string) *State {
		s, err := NewPosition(tab, Position{Seed: 5, Active: "Ann", Phase: "main1", Players: []PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub", "Pounce", "Magma Titan"},
				Library: []string{"Blade Dancer", "Warpaint"}, Resources: engShards(3), Field: []Perm{{Card: "Blade Dancer"}}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: bobHand, Library: bobLibrary, Resources: engShards(3),
				Field: []Perm{{Card: "Rivet Sentry"}}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		toAnn(t, s)
		return s
	}
	a := mk([]string{"Magma Titan", "Field Repairs", "Hammerfall Challenge"}, []string{"Forge Apprentice", "Ironclad Brute", "Arc Gauntlet"})
	b := mk([]string{"Forge Apprentice", "Ironclad Brute", "Arc Gauntlet"}, []string{"Hammerfall Challenge", "Magma Titan", "Field Repairs"})
	texts := probeTexts(tab, "Ann", "Bob")
	for _, text := range texts {
		if x, y := answerTo(a, 0, text), answerTo(b, 0, text); x != y {
			t.Fatalf("%q is answered %q in one game and %q in the other", text, x, y)
		}
	}
	for text, want := range map[string]string{
		"choose Bob:Magma Titan":     "parse: no Magma Titan to choose",
		"choose library:Magma Titan": "parse: no Magma Titan to choose",
		"choose hand:Magma Titan":    `apply: illegal action "choose Magma Titan": that answers no pending decision`,
		"choose Ann:Pounce":          `apply: illegal action "choose Pounce": that answers no pending decision`,
		"choose Rivet Sentry":        `apply: illegal action "choose Rivet Sentry": that answers no pending decision`,
		"cast Pounce":                "ok: cast Pounce",
	} {
		if got := answerTo(a, 0, text); !strings.HasPrefix(got, want) {
			t.Errorf("%q: %q, want %q...", text, got, want)
		}
	}
}

// toAnn passes priority until Ann (seat 0) decides.
func toAnn(t *testing.T, s *State) {
	t.Helper()
	for k := 0; s.ToMove(nil)[0] != 0; k++ {
		if k == 10 {
			t.Fatalf("Ann never decides: %s to move", s.SeatName(s.ToMove(nil)[0]))
		}
		do(t, s, "pass")
	}
}

// TestAlliesNameEachOthersHands: in allied play a seat reads names in its ally's hand (its
// View shows it), never in an opponent's.
func TestAlliesNameEachOthersHands(t *testing.T) {
	tab := mustTable(t)
	s, err := NewPosition(tab, Position{Options: Options{Format: "allied"}, Seed: 5, Active: "Ann", Phase: "main1", Players: []PlayerSetup{
		{Name: "Ann", Hero: "Kaira Swiftclaw", Hand: []string{"Ember Cub"}, Library: []string{"Warpaint"}, Resources: engShards(3)},
		{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Hand: []string{"Magma Titan"}, Library: []string{"Rivet Sentry"}, Resources: engShards(3)},
		{Name: "Cat", Hero: "Kaira Swiftclaw", Hand: []string{"Pounce"}, Library: []string{"Warpaint"}, Resources: engShards(3)},
		{Name: "Dan", Hero: "Tarsk Ironvein, Forgemaster", Hand: []string{"Field Repairs"}, Library: []string{"Rivet Sentry"}, Resources: engShards(3)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	toAnn(t, s)
	for text, want := range map[string]string{
		"choose Cat:Pounce":         `apply: illegal action "choose Pounce": that answers no pending decision`,
		"choose hand:Pounce":        `apply: illegal action "choose Pounce": that answers no pending decision`,
		"choose Bob:Magma Titan":    "parse: no Magma Titan to choose",
		"choose hand:Field Repairs": "parse: no Field Repairs to choose",
	} {
		if got := answerTo(s, 0, text); !strings.HasPrefix(got, want) {
			t.Errorf("Ann's %q: %q, want %q...", text, got, want)
		}
	}
	if got := answerTo(s, 1, "choose Dan:Field Repairs"); !strings.Contains(got, "choose Field Repairs") {
		t.Errorf("Bob's %q: %q, want his ally's card read", "choose Dan:Field Repairs", got)
	}
}

// TestLongNamesGetNoSuggestions: "did you mean" is worked out for names of a usual length
// only (its edit distances cost the product of the lengths), and an error quotes a long text
// only in part.
func TestLongNamesGetNoSuggestions(t *testing.T) {
	tab := mustTable(t)
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, loadShipped(t, FromDeckWithReserve)[:2], 3)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Magma Titan ", 5000)
	for _, text := range []string{"cast " + long, "choose Bob:" + long, "swap out " + long, "swap " + long + " for Pounce",
		"block " + long + " with Rivet Sentry", long} {
		_, err := s.ParseAction(0, text)
		if err == nil || strings.Contains(err.Error(), "did you mean") || len(err.Error()) > 300 {
			t.Errorf("%.40q...: %.400v", text, err)
		}
	}
	if _, err := s.ParseAction(0, "swap out Magma Titn"); err == nil || !strings.Contains(err.Error(), `did you mean "Magma Titan"`) {
		t.Errorf("a short typo: %v, want a suggestion", err)
	}
}

// TestSwapForWithAFullReserve: "swap OUT for IN" keeps the reserve's size, so it is allowed
// with a full reserve; the card swapped out used to be written past the reserve's end.
func TestSwapForWithAFullReserve(t *testing.T) {
	tab := mustTable(t)
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, loadShipped(t, FromDeckWithReserve)[:2], 3)
	if err != nil {
		t.Fatal(err)
	}
	for s.P[0].NR < maxReserve {
		out := ""
		for _, a := range s.Legal(0, nil) {
			if text := s.ActionText(0, a); strings.HasPrefix(text, "swap out ") && !strings.Contains(text, s.HeroName(0)) {
				out = text
				break
			}
		}
		if out == "" {
			t.Fatalf("no card to swap out with %d in the reserve", s.P[0].NR)
		}
		do(t, s, out)
	}
	out, in := s.tab.Defs[s.O[s.top(0, zLibrary)].Def].Name, s.tab.Defs[s.P[0].Reserve[0]].Name
	lib := s.count(0, zLibrary)
	do(t, s, "swap "+out+" for "+in)
	if s.P[0].NR != maxReserve || s.count(0, zLibrary) != lib || s.P[0].Reserve[maxReserve-1] != s.tab.byName[strings.ToLower(out)] {
		t.Fatalf("after swap %s for %s: %d in the reserve (last %s), %d in the library (was %d)", out, in,
			s.P[0].NR, s.tab.Defs[s.P[0].Reserve[maxReserve-1]].Name, s.count(0, zLibrary), lib)
	}
}
