package realms

import (
	"fmt"
	"strings"
	"testing"

	"starnexus/engine"
)

// seating is a Position of n players named P1..Pn in format f, with the teams and roles given
// by seat (0 and "" keep SR 9.4's).
func seating(f string, teams []int, roles []string) Position {
	pos := Position{Options: Options{Format: f}, Seed: 3}
	for i := range max(len(teams), len(roles)) {
		ps := PlayerSetup{Name: fmt.Sprintf("P%d", i+1)}
		if i < len(teams) && teams[i] != 0 {
			ps.Team = &teams[i]
		}
		if i < len(roles) {
			ps.Role = roles[i]
		}
		pos.Players = append(pos.Players, ps)
	}
	return pos
}

// TestImpossibleSeatingsRefused checks that a Position whose teams or roles the format's
// rules cannot play is refused at setup with an error naming the players (SR 10.4-10.6), and
// that the seatings the rules allow start.
func TestImpossibleSeatingsRefused(t *testing.T) {
	cat := loadCat(t)
	tests := []struct {
		name  string
		pos   Position
		error string // "" when the game must start
	}{
		{"raid second boss keeps seat 1 a boss", seating("raid", nil, []string{"", "boss", "", ""}),
			"raid: needs exactly one Boss (SR 10.6), got 2 [P1, P2]; a player without role: keeps their seat's role"},
		{"raid without boss", seating("raid", nil, []string{"elite", "elite", "elite"}), "raid: needs exactly one Boss (SR 10.6), got 0 []"},
		{"raid boss moved", seating("raid", nil, []string{"elite", "boss", "", ""}), ""},
		{"raid elite on the boss's team", seating("raid", []int{0, 1, 0}, nil), "raid: P2, an Elite, is on the Boss's team 1"},
		{"emperor two emperors on team 1", seating("emperor", nil, []string{"emperor", "", "", "", "", ""}),
			"emperor: team 1 needs one Emperor and two Admirals (SR 10.5), got Emperors [P1, P2] and Admirals [P3]"},
		{"emperor team of four", seating("emperor", []int{0, 0, 0, 1, 0, 0}, nil), "emperor: team 1 needs one Emperor and two Admirals"},
		{"emperor without an emperor", seating("emperor", nil, []string{"", "admiral", "", "", "", ""}), "got Emperors [] and Admirals [P1, P2, P3]"},
		{"emperor not flanked", seating("emperor", nil, []string{"emperor", "admiral", "", "", "", ""}), "P1, an Emperor, must sit between the two Admirals of their team"},
		{"emperor teams turned one seat", seating("emperor", []int{2, 1, 1, 1, 2, 2}, []string{"", "admiral", "emperor", "", "admiral", "emperor"}),
			"P1, an Admiral, must face an enemy Admiral across the table (SR 10.5: seats 1-6 and 3-4), not P6"},
		{"emperor teams numbered the other way", seating("emperor", []int{2, 2, 2, 1, 1, 1}, nil), ""},
		{"hydra 3 against 1", seating("hydra", []int{0, 0, 1, 0}, nil), "hydra: 4 players need two teams of 2 (SR 10.4), got team 1 [P1, P2, P3] and team 2 [P4]"},
		{"hydra 6 split 4 and 2", seating("hydra", []int{0, 0, 0, 1, 0, 0}, nil), "two teams of 3"},
		{"hydra teams interleaved", seating("hydra", []int{1, 2, 1, 2}, nil), ""},
		{"hydra as seated", seating("hydra", []int{0, 0, 0, 0, 0, 0}, nil), ""},
		{"raid as seated", seating("raid", []int{0, 0, 0, 0, 0}, nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewPosition(cat, tt.pos)
			if tt.error == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				var roles []string
				for i := 0; i < int(s.NSeats); i++ {
					roles = append(roles, fmt.Sprintf("%s team %d %s", s.SeatName(engine.Seat(i)), s.TeamOf(engine.Seat(i)), s.RoleName(engine.Seat(i))))
				}
				t.Fatalf("started with %v; want a refusal containing %q", roles, tt.error)
			}
			if !strings.Contains(err.Error(), tt.error) {
				t.Fatalf("error %q; want one containing %q", err, tt.error)
			}
		})
	}
}

// TestSeatingByOptionsPasses checks that every format and seat count NewGame accepts gets a
// seating checkTeams accepts (SR 9.4), so that the check NewPosition makes can never refuse
// what options alone set up.
func TestSeatingByOptionsPasses(t *testing.T) {
	cat := loadCat(t)
	for _, f := range Formats {
		for n := 2; n <= MaxSeats; n++ {
			var names []string
			for i := range n {
				names = append(names, fmt.Sprintf("P%d", i+1))
			}
			s, err := NewGame(cat, Options{Format: f, Names: names}, 1)
			if err != nil {
				continue // a seat count the format does not take (checkSeats)
			}
			if err := s.checkTeams(); err != nil {
				t.Errorf("%s with %d players: %v", f, n, err)
			}
		}
	}
}

// TestHydraFirstTeamInterleaved checks that with teams seated alternately the first player
// is drawn from both teams (SR 10.4: random first team), not always from the first half.
func TestHydraFirstTeamInterleaved(t *testing.T) {
	cat := loadCat(t)
	firstTeams := map[int]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		pos := seating("hydra", []int{1, 2, 1, 2}, nil)
		pos.Seed = seed
		s, err := NewPosition(cat, pos)
		if err != nil {
			t.Fatal(err)
		}
		firstTeams[s.TeamOf(s.Active)] = true
	}
	if !firstTeams[1] || !firstTeams[2] {
		t.Fatalf("first teams over 20 seeds: %v; want both", firstTeams)
	}
}
