package campaign

import (
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
)

func fresh(t *testing.T, c *campaigns.Campaign) *State {
	t.Helper()
	s, err := New(c, "t", [2]string{"greedy", "human"}, withSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// begun returns a state with scenario n's game under way (earlier scenarios recorded as
// draws without upgrades).
func begun(t *testing.T, c *campaigns.Campaign, n int) *State {
	t.Helper()
	s := fresh(t, c)
	for k := 1; k <= n; k++ {
		g, err := s.Start(c, max(0, s.BotChoice(c)))
		if err != nil {
			t.Fatal(err)
		}
		g.ID = "g"
		if err := s.Begin(c, g); err != nil {
			t.Fatal(err)
		}
		if k < n {
			if err := s.Record(c, "g", -1, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

func TestTransitionErrors(t *testing.T) {
	c := load(t)
	up := func(seat int, card, sheet string, row int) realms.SeatUpgrade {
		return realms.SeatUpgrade{Seat: engine.Seat(seat), Upgrade: realms.Upgrade{Card: card, Sheet: sheet, Row: row}}
	}
	for _, tc := range []struct {
		name string
		do   func(s *State) error
		want string
	}{
		{"start while playing", func(s *State) error {
			s.Begin(c, Game{ID: "g", Scenario: 1, Choice: -1})
			_, err := s.Start(c, 0)
			return err
		}, "no scenario to start (playing)"},
		{"choice out of range", func(s *State) error { s.Next = 2; _, err := s.Start(c, 3); return err }, "scenario 2: choice 4: choose 1 to 3"},
		{"no choice made", func(s *State) error { s.Next = 2; _, err := s.Start(c, -1); return err }, "choose 1 to 3"},
		{"begin another scenario", func(s *State) error { return s.Begin(c, Game{ID: "g", Scenario: 2}) }, "game of scenario 2 does not follow"},
		{"begin without id", func(s *State) error { return s.Begin(c, Game{Scenario: 1}) }, "needs its store id"},
		{"record without a game", func(s *State) error { return s.Record(c, "g", 0, nil) }, "game g is not the game under way"},
		{"record another game", func(s *State) error { s.Begin(c, Game{ID: "g", Scenario: 1}); return s.Record(c, "h", 0, nil) }, "game h is not the game under way"},
		{"record a bad winner", func(s *State) error { s.Begin(c, Game{ID: "g", Scenario: 1}); return s.Record(c, "g", 2, nil) }, "winner 2"},
		{"a row used twice", func(s *State) error {
			s.Begin(c, Game{ID: "g", Scenario: 1})
			return s.Record(c, "g", 0, []realms.SeatUpgrade{up(0, "Cutter", "Empire 1", 1), up(0, "Scout", "Empire 1", 1)})
		}, "row Empire 1/1 of Empire was used already"},
		{"other content", func(s *State) error { s.Campaign = "other"; _, err := s.Start(c, 0); return err }, `follows content "other"`},
		{"complete during the scenarios", func(s *State) error { return s.Complete(c, 0, realms.Upgrade{}) }, "not Empire's turn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fresh(t, c)
			err := tc.do(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestRecord(t *testing.T) {
	c := load(t)
	for _, tc := range []struct {
		name           string
		scenario       int
		winner         int
		wantFirst      int
		wantPoints     [2]int
		wantUsed       int
		upgradesByRows []realms.SeatUpgrade
	}{
		{"empire wins scenario 1", 1, 0, 0, [2]int{1, 0}, 0, nil},
		{"federation wins scenario 1 and goes first", 1, 1, 1, [2]int{0, 1}, 0, nil},
		{"a draw: the second player goes first", 1, -1, 1, [2]int{0, 0}, 0, nil},
		{"scenario 12 is worth 5", 12, 1, 1, [2]int{0, 5}, 0, nil},
		{"upgrades keep their rows", 1, 0, 0, [2]int{1, 0}, 2, []realms.SeatUpgrade{
			{Seat: 0, Upgrade: realms.Upgrade{Card: "Cutter", Sheet: "Empire 1", Row: 1, Faction: realms.StarEmpire}},
			{Seat: 0, Upgrade: realms.Upgrade{Card: "Corvette", Sheet: "Empire 1", Row: 2, Faction: realms.StarEmpire}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := begun(t, c, tc.scenario)
			first := s.Current.First
			if err := s.Record(c, "g", tc.winner, tc.upgradesByRows); err != nil {
				t.Fatal(err)
			}
			if tc.winner == -1 {
				tc.wantFirst = 1 - first
			}
			if s.First != tc.wantFirst || s.Players[0].Points != tc.wantPoints[0] || s.Players[1].Points != tc.wantPoints[1] {
				t.Fatalf("first %d points %d/%d; want %d, %v", s.First, s.Players[0].Points, s.Players[1].Points, tc.wantFirst, tc.wantPoints)
			}
			if len(s.Players[0].Used) != tc.wantUsed || len(s.Upgraded) != tc.wantUsed || s.Current != nil || s.Next != tc.scenario+1 {
				t.Fatalf("used %v upgraded %v current %v next %d", s.Players[0].Used, s.Upgraded, s.Current, s.Next)
			}
			if tc.scenario == 12 && s.Phase() != "completion" {
				t.Fatalf("after scenario 12: phase %s", s.Phase())
			}
		})
	}
}

func TestSheetsReceivedAtBegin(t *testing.T) {
	c := load(t)
	s := begun(t, c, 4)
	if got := strings.Join(s.Players[0].Sheets, ","); got != "Empire 1,Empire 2,Empire 3,Empire 4" {
		t.Fatalf("Empire's sheets %s", got)
	}
	su, err := s.GameSetup(c, *s.Current)
	if err != nil {
		t.Fatal(err)
	}
	cs := su.Options.Campaign.Seats[1]
	if cs.Current != "Federation 4" || len(cs.Sheets) != 4 || !su.Options.Campaign.Political {
		t.Fatalf("scenario 4 setup: current %q, %d sheets, political %v", cs.Current, len(cs.Sheets), su.Options.Campaign.Political)
	}
	// The personal deck replaces the standard starting deck (SR 7.3): Empire's 8 Scouts, one
	// Viper, Imperial Fighter and Border Runner.
	if got := strings.Join(su.Options.Campaign.Seats[0].StartingDeck, ","); got != strings.Repeat("Scout,", 8)+"Viper,Imperial Fighter,Border Runner" {
		t.Fatalf("Empire's starting deck %s", got)
	}
}

func TestWinner(t *testing.T) {
	for _, tc := range []struct {
		name   string
		points [2]int
		wins   [2]int
		last   int // winner of scenario 12
		want   int
	}{
		{"more points", [2]int{10, 16}, [2]int{8, 4}, 0, 1},
		{"points tie, more wins", [2]int{13, 13}, [2]int{7, 5}, 1, 0},
		{"points and wins tie: scenario 12 decides", [2]int{13, 13}, [2]int{6, 6}, 1, 1},
		{"everything ties and scenario 12 was a draw", [2]int{10, 10}, [2]int{5, 5}, -1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &State{Next: 13}
			for i := range 2 {
				s.Players[i].Points, s.Players[i].Wins = tc.points[i], tc.wins[i]
			}
			s.Results = []Result{{Scenario: 12, Winner: tc.last}}
			if got := s.Winner(); got != tc.want {
				t.Fatalf("winner %d, want %d", got, tc.want)
			}
			s.Next = 12
			if s.Winner() != -1 {
				t.Fatal("a winner before scenario 12 is played")
			}
		})
	}
}

func TestCompletionRules(t *testing.T) {
	c := load(t)
	s := begun(t, c, 12)
	if err := s.Record(c, "g", 1, nil); err != nil {
		t.Fatal(err)
	}
	seat, ok, err := s.CompletionTurn(c)
	if err != nil || !ok || seat != 1 {
		t.Fatalf("first completion turn: seat %d %v %v; want the Federation, winner of scenario 12", seat+1, ok, err)
	}
	for _, tc := range []struct {
		name string
		seat int
		u    realms.Upgrade
		want string
	}{
		{"not your turn", 0, realms.Upgrade{Card: "Cutter", Sheet: "Empire 1", Row: 1}, "not Empire's turn"},
		{"another's sheet", 1, realms.Upgrade{Card: "Cutter", Sheet: "Empire 1", Row: 1}, "no row Empire 1/1 among this player's sheets"},
		{"cost not served", 1, realms.Upgrade{Card: "Cutter", Sheet: "Federation 1", Row: 3}, "serves printed cost 4, and Cutter costs 2"},
		{"a base on a row of another cost", 1, realms.Upgrade{Card: "Barter World", Sheet: "Federation 4", Row: 1}, "serves printed cost 1 or 2 or 3, and Barter World costs 4"},
		{"a starting card", 1, realms.Upgrade{Card: "Scout", Sheet: "Federation 1", Row: 1}, "cannot be upgraded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Complete(c, tc.seat, tc.u)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
	if err := s.Complete(c, 1, realms.Upgrade{Card: "cutter", Sheet: "federation 1", Row: 1}); err != nil {
		t.Fatal(err)
	}
	if u := s.Upgraded[len(s.Upgraded)-1]; u.Card != "Cutter" || u.Sheet != "Federation 1" || u.Faction != realms.TradeFederation || u.Scenario != 0 {
		t.Fatalf("completed %+v", u)
	}
	if err := s.Complete(c, 0, realms.Upgrade{Card: "Cutter", Sheet: "Empire 1", Row: 1}); err != nil {
		t.Fatal(err)
	}
	// Cutter has 3 copies: a third upgrade finds one plain copy, a fourth none.
	if err := s.Complete(c, 1, realms.Upgrade{Card: "Cutter", Sheet: "Federation 2", Row: 1}); err == nil || !strings.Contains(err.Error(), "serves printed cost 1") {
		t.Fatalf("Cutter on a cost-1 row: %v", err)
	}
	if err := s.Complete(c, 1, realms.Upgrade{Card: "Cutter", Sheet: "Federation 3", Row: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.Complete(c, 0, realms.Upgrade{Card: "Cutter", Sheet: "Empire 3", Row: 1}); err == nil || !strings.Contains(err.Error(), "no plain copy of Cutter") {
		t.Fatalf("a fourth Cutter: %v", err)
	}
	if err := s.Complete(c, 0, realms.Upgrade{Card: "Cutter", Sheet: "Empire 1", Row: 1}); err == nil || !strings.Contains(err.Error(), "used up") {
		t.Fatalf("a used row: %v", err)
	}
}

func TestScenarioGameOptions(t *testing.T) {
	c := load(t)
	s := begun(t, c, 8)
	su, err := s.GameSetup(c, *s.Current)
	if err != nil {
		t.Fatal(err)
	}
	if su.Options.Explorers != 5 || su.Options.FirstPlayer != s.Current.First+1 {
		t.Fatalf("Famine Year: %d explorers, first player %d", su.Options.Explorers, su.Options.FirstPlayer)
	}
	st, err := s.NewGame(c, *s.Current)
	if err != nil {
		t.Fatal(err)
	}
	if st.Explorers != 5 {
		t.Fatalf("the game has %d explorers", st.Explorers)
	}
}

// TestBotCompletions: after scenario 12 the bot (the Empire, seat 1) makes its upgrades
// whenever it is its turn and only then; the human's turns wait for the human, and the
// campaign finishes when nobody has any left.
func TestBotCompletions(t *testing.T) {
	c := load(t)
	s := begun(t, c, 12) // seat 1 greedy, seat 2 human
	if made, err := s.BotCompletions(c); err != nil || made != 0 {
		t.Fatalf("bot completions during scenario 12: %d, %v", made, err)
	}
	if err := s.Record(c, "g", 1, nil); err != nil { // the human wins and goes first
		t.Fatal(err)
	}
	if made, err := s.BotCompletions(c); err != nil || made != 0 {
		t.Fatalf("bot completions on the human's turn: %d, %v", made, err)
	}
	for round := 0; s.Phase() == "completion"; round++ {
		seat, ok, err := s.CompletionTurn(c)
		if err != nil || !ok || seat != 1 {
			t.Fatalf("round %d: turn %d %v %v; want the human's (the bot's are made)", round, seat, ok, err)
		}
		cands, err := s.Candidates(c, 1)
		if err != nil {
			t.Fatal(err)
		}
		bot := s.Upgrades(0)
		if err := s.Complete(c, 1, cands[0]); err != nil {
			t.Fatal(err)
		}
		made, err := s.BotCompletions(c)
		if err != nil {
			t.Fatal(err)
		}
		if s.Upgrades(0) != bot+made || made > 1 && s.Upgrades(1) < TotalUpgrades {
			t.Fatalf("round %d: the bot made %d upgrades (%d → %d) while the human had some left", round, made, bot, s.Upgrades(0))
		}
	}
	if !s.Finished || s.Upgrades(0) == 0 || s.Upgrades(1) == 0 {
		t.Fatalf("after the completion: finished %v, upgrades %d and %d", s.Finished, s.Upgrades(0), s.Upgrades(1))
	}
}
