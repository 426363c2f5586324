package realmsgame_test

import (
	"strings"
	"testing"

	"starnexus/campaign"
	"starnexus/games/realms/campaigns"
	"starnexus/games/realms/realmsgame"
)

// In a campaign game, `show SHEET` prints a sticker sheet: its rows, what each gives and
// costs, in English; an unknown name lists the game's sheets.
func TestShowSheet(t *testing.T) {
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(5)
	s, err := campaign.New(c, "show", [2]string{"human", "greedy"}, &seed)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Start(c, -1)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.NewGame(c, g)
	if err != nil {
		t.Fatal(err)
	}
	p := realmsgame.WithCatalog(st.Catalog()).Presenter(nil)
	for _, c := range []struct{ ask, want string }{
		{"Empire 1", "Empire 1, Empire's sticker sheet\n  When you buy a card from the Trade Row"},
		{"empire 1", "\n  Row 1, cards costing 1 or 2: ship (+2 Trade): +1 Combat. · base (+3 Trade): +2 Authority.\n"},
		{"Federation 1", "\n  Row 5, cards costing 7 or 8: ship (+2 Trade): Draw a card. · base (+3 Trade): +4 Authority.\n"},
	} {
		got, err := p.CardText(st, c.ask)
		if err != nil {
			t.Fatalf("show %s: %v", c.ask, err)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("show %s:\n%s\nwant it to contain %q", c.ask, got, c.want)
		}
		if n := strings.Count(got, "\n  Row "); n != 5 {
			t.Errorf("show %s: %d rows, want 5:\n%s", c.ask, n, got)
		}
	}
	if _, err := p.CardText(st, "Empire 9"); err == nil || !strings.Contains(err.Error(), "the sticker sheets of this game: Empire 1, Federation 1") {
		t.Errorf("show Empire 9: %v; want the sheets listed", err)
	}
	if got, err := p.CardText(st, "Scout"); err != nil || !strings.HasPrefix(got, "Scout:") {
		t.Errorf("show Scout: %q, %v", got, err)
	}
}
