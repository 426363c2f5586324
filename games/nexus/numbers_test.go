package nexus

import (
	"strings"
	"testing"

	"starnexus/engine"
)

// legalTexts checks that every legal action of the seat to move has a text of its own that
// reads back as that action, and returns the texts.
func legalTexts(t *testing.T, s *State) []string {
	t.Helper()
	m := s.ToMove(nil)
	if len(m) == 0 {
		t.Fatal("nobody to move")
	}
	seat := m[0]
	seen := map[string]engine.Action{}
	var out []string
	for _, a := range s.Legal(seat, nil) {
		txt := s.ActionText(seat, a)
		if b, dup := seen[txt]; dup {
			t.Fatalf("%q stands for %08x and %08x", txt, uint32(b), uint32(a))
		}
		seen[txt] = a
		out = append(out, txt)
		acts, err := s.ParseActions(seat, txt)
		if err != nil {
			t.Fatalf("%q does not parse: %v", txt, err)
		}
		if len(acts) != 1 || acts[0] != a {
			t.Fatalf("%q parses as %v, want [%08x]", txt, acts, uint32(a))
		}
	}
	return out
}

func hasText(list []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, x := range list {
			found = found || x == w
		}
		if !found {
			return false
		}
	}
	return true
}

// TestTwinsAreNumbered: with two Ironclad Brutes on each side, every copy is offered by a text
// of its own in targets, equipment, attacks and blocks, and the copy named is the one that is
// hit (SN 7.5, 4.3.1, 12.2, 12.3).
func TestTwinsAreNumbered(t *testing.T) {
	two := []Perm{{Card: "Ironclad Brute"}, {Card: "Ironclad Brute"}}
	s := duel(t, PlayerSetup{Field: two, Resources: engShards(6), Hand: []string{"Autolytic Burst", "Tempered Blade"}, Library: []string{"Rivet Sentry"}},
		PlayerSetup{Field: two, Resources: engShards(2), Library: []string{"Rivet Sentry"}}, "main1")
	// Ann's copies are #1 and #2, Bob's #3 and #4: numbers are per name, across players.
	if got := s.Field(1); !hasText(got, "Ironclad Brute #3 3/3 (3,3)", "Ironclad Brute #4 3/3 (3,3)") {
		t.Fatalf("Bob's field %v", got)
	}
	do(t, s, "pass", "cast Autolytic Burst") // Bob holds priority first (8.4(c))
	texts := legalTexts(t, s)
	if !hasText(texts, "choose Ann:Ironclad Brute #1", "choose Ann:Ironclad Brute #2", "choose Bob:Ironclad Brute #3", "choose Bob:Ironclad Brute #4") {
		t.Fatalf("targets %v", texts)
	}
	do(t, s, "choose Ironclad Brute #4")
	for s.Pend.K == pPay {
		do(t, s, "choose Nexus Shard")
	}
	do(t, s, "pass")
	if got := s.Field(1); !hasText(got, "Ironclad Brute #3 3/3 (3,3)", "Ironclad Brute #4 1/1 (1,1)") {
		t.Fatalf("after Autolytic Burst on #4, Bob's field %v", got)
	}
	do(t, s, "cast Tempered Blade")
	texts = legalTexts(t, s)
	if !hasText(texts, "choose Ann:Ironclad Brute #1", "choose Ann:Ironclad Brute #2", "choose Bob:Ironclad Brute #3") {
		t.Fatalf("equipment targets %v", texts)
	}
	do(t, s, "choose Ironclad Brute #2")
	for s.Pend.K == pPay {
		do(t, s, "choose Nexus Shard")
	}
	do(t, s, "pass")
	if got := s.Field(0); !hasText(got, "Ironclad Brute #1 3/3 (3,3)", "Ironclad Brute #2 5/3 (5,3)") {
		t.Fatalf("after Tempered Blade on #2, Ann's field %v", got)
	}
	for s.Pend.K == pPrio {
		do(t, s, "pass")
	}
	texts = legalTexts(t, s)
	if !hasText(texts, "add attacker Ironclad Brute #1", "add attacker Ironclad Brute #2") {
		t.Fatalf("attackers %v", texts)
	}
	do(t, s, "attack with Ironclad Brute #1, Ironclad Brute #2")
	for s.Pend.K == pPrio {
		do(t, s, "pass")
	}
	texts = legalTexts(t, s)
	if !hasText(texts, "block Ironclad Brute #1 with Ironclad Brute #3", "block Ironclad Brute #1 with Ironclad Brute #4",
		"block Ironclad Brute #2 with Ironclad Brute #3", "block Ironclad Brute #2 with Ironclad Brute #4") {
		t.Fatalf("blocks %v", texts)
	}
	do(t, s, "block Ironclad Brute #2 with Ironclad Brute #3")
	if b := s.O[s.O[findNum(t, s, "Ironclad Brute", 3)].Blocking]; b.Num != 2 {
		t.Fatalf("Brute #3 blocks #%d, want #2", b.Num)
	}
	// The view names the copies too.
	txt := s.View(1).(*View).Text()
	if !strings.Contains(txt, "Ironclad Brute #3") || !strings.Contains(txt, "blocking Ironclad Brute #2") {
		t.Fatalf("Bob's view text does not number the Brutes:\n%s", txt)
	}
}

// findNum is the object of a name and number on the table.
func findNum(t *testing.T, s *State, name string, n uint16) oid {
	t.Helper()
	for i := 1; i < int(s.NO); i++ {
		if s.O[i].Def != 0 && s.O[i].Num == n && s.tab.Defs[s.O[i].Def].Name == name {
			return oid(i)
		}
	}
	t.Fatalf("no %s #%d", name, n)
	return 0
}

// TestNumbersStayWhilePublic: a number is kept from the field to the graveyard, dropped when
// the card goes back to a hidden zone, and a card entering a public zone takes the smallest
// number no public object of its name holds; the JSON view carries it.
func TestNumbersStayWhilePublic(t *testing.T) {
	s := duel(t, PlayerSetup{Field: []Perm{{Card: "Ironclad Brute"}, {Card: "Ironclad Brute"}}, Resources: engShards(3), Library: []string{"Rivet Sentry"}},
		PlayerSetup{Resources: engShards(1), Library: []string{"Rivet Sentry"}}, "main1")
	one, two := findNum(t, s, "Ironclad Brute", 1), findNum(t, s, "Ironclad Brute", 2)
	s.move(one, zGrave)
	if n := s.O[one].Num; n != 1 {
		t.Fatalf("Brute #1 in the graveyard has number %d", n)
	}
	if got := s.Zone(0, "graveyard"); len(got) != 1 || got[0] != "Ironclad Brute #1" {
		t.Fatalf("graveyard %v, want [Ironclad Brute #1]", got)
	}
	s.move(one, zHand)
	if n := s.O[one].Num; n != 0 {
		t.Fatalf("Brute in the hand has number %d, want none", n)
	}
	if got := s.Field(0); len(got) != 1 || got[0] != "Ironclad Brute 3/3 (3,3)" {
		t.Fatalf("a Brute alone in public zones is written without its number: %v", got)
	}
	do(t, s, "pass", "cast Ironclad Brute")
	if n := s.O[one].Num; n != 1 || s.O[one].Zone != zStack {
		t.Fatalf("the Brute cast again has number %d in zone %s, want 1 on the stack", n, zoneNames[s.O[one].Zone])
	}
	if n := s.O[two].Num; n != 2 {
		t.Fatalf("Brute #2 became #%d", n)
	}
	data, err := s.View(1).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"name":"Ironclad Brute","number":2`) || !strings.Contains(string(data), `"name":"Ironclad Brute","number":1`) {
		t.Fatalf("the JSON view lacks the numbers: %s", data)
	}
}

// TestNumbersTellNothingHidden: two games that differ only in hidden cards (Ann's library holds
// three Ironclad Brutes in one, Rivet Sentries in the other; Bob's hand a Brute or a Sentry) give the Brute Ann casts the same
// number, and a spectator the same view: a number never counts the cards of hidden zones.
func TestNumbersTellNothingHidden(t *testing.T) {
	game := func(lib, bobHand []string) *State {
		return duel(t, PlayerSetup{Field: []Perm{{Card: "Ironclad Brute"}}, Resources: engShards(3), Hand: []string{"Ironclad Brute"}, Library: lib},
			PlayerSetup{Field: []Perm{{Card: "Ironclad Brute"}}, Resources: engShards(1), Hand: bobHand, Library: []string{"Rivet Sentry"}}, "main1")
	}
	a := game([]string{"Ironclad Brute", "Ironclad Brute", "Rivet Sentry", "Ironclad Brute"}, []string{"Ironclad Brute"})
	b := game([]string{"Rivet Sentry", "Rivet Sentry", "Rivet Sentry", "Rivet Sentry"}, []string{"Rivet Sentry"})
	for _, s := range []*State{a, b} {
		do(t, s, "pass", "cast Ironclad Brute")
		for s.Pend.K == pPay {
			do(t, s, "choose Nexus Shard")
		}
		do(t, s, "pass")
		if s.Pend.K == pJobTarget {
			do(t, s, "choose Ironclad Brute #3")
		}
	}
	for _, seat := range []engine.Seat{engine.Spectator, 1} {
		va, vb := a.View(seat).(*View).Text(), b.View(seat).(*View).Text()
		va, vb = va[strings.Index(va, "resources:"):], vb[strings.Index(vb, "resources:"):]
		if seat == engine.Spectator && va != vb {
			t.Fatalf("the spectator's views differ:\n%s\n---\n%s", va, vb)
		}
		if !strings.Contains(va, "Ironclad Brute #3") || !strings.Contains(vb, "Ironclad Brute #3") {
			t.Fatalf("the Brute cast from the hand should be #3 in both games:\n%s\n---\n%s", va, vb)
		}
	}
}
