package realms

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

// TestTextsReadNoHiddenCard: while Bob chooses which card of his hand to discard, Ann's
// texts are read and answered alike whatever his hand holds (issue 11): a name is matched
// against the answers of a decision only by the seat that decides it. Bob's own texts still
// find his answers.
func TestTextsReadNoHiddenCard(t *testing.T) {
	cat := loadCat(t)
	mk := func(bobHand []string) *State {
		s, err := NewPosition(cat, Position{Options: Options{Format: "standard", Sets: []string{"core"}}, Seed: 7, Active: "Ann",
			Players: []PlayerSetup{
				{Name: "Ann", Hand: []string{"Imperial Fighter", "Scout", "Viper"}, Deck: []string{"Scout", "Scout", "Scout", "Scout", "Scout"}},
				{Name: "Bob", Hand: bobHand, Deck: []string{"Scout", "Scout", "Scout", "Scout", "Scout"}, InPlay: []string{"Blob Wheel"}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.ParseAction(0, "play Imperial Fighter")
		if err == nil {
			err = s.Apply(0, a)
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ToMove(nil); len(got) != 1 || got[0] != 1 {
			t.Fatalf("to move after Imperial Fighter: %v, want Bob deciding his discard", got)
		}
		return s
	}
	a := mk([]string{"Viper", "Viper", "Scout", "Scout", "Scout"})
	b := mk([]string{"Scout", "Explorer", "Scout", "Scout", "Scout"})
	quals := []string{"", "hand:", "discard:", "row:", "play:", "deck:", "Ann:", "Bob:"}
	for _, c := range cat.Cards {
		for _, q := range quals {
			n := q + c.Name
			for _, text := range []string{"choose " + n, "play " + n, "buy " + n, "use " + n + " ally", "attack Bob:" + c.Name, "pass " + n + " to Bob"} {
				if x, y := answerTo(a, 0, text), answerTo(b, 0, text); x != y {
					t.Fatalf("Ann's %q is answered %q in one game and %q in the other", text, x, y)
				}
			}
		}
	}
	if got := answerTo(a, 1, "choose Viper"); got != "ok: choose Viper" {
		t.Errorf("Bob's choose Viper: %q", got)
	}
	if got := answerTo(b, 1, "choose hand:Explorer"); got != "ok: choose Explorer" {
		t.Errorf("Bob's choose hand:Explorer: %q", got)
	}
}

// TestLongNamesGetNoSuggestions: "did you mean" is worked out for names of a usual length
// only (its edit distances cost the product of the lengths), and an error quotes a long text
// only in part.
func TestLongNamesGetNoSuggestions(t *testing.T) {
	cat := loadCat(t)
	s, err := NewGame(cat, Options{Format: "standard", Names: []string{"Ann", "Bob"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Blob Fighter ", 5000)
	for _, text := range []string{"play " + long, "buy " + long, "use " + long + " ally", "choose hand:" + long, "attack Bob:" + long,
		"pass " + long + " to Bob", "attack " + long, long} {
		_, err := s.ParseAction(0, text)
		if err == nil || strings.Contains(err.Error(), "did you mean") || len(err.Error()) > 400 {
			t.Errorf("%.40q...: %.400v", text, err)
		}
	}
	if _, err := s.ParseAction(0, "play Blob Fightr"); err == nil || !strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a short typo: %v, want a suggestion", err)
	}
}
