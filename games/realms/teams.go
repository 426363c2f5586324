package realms

import (
	"fmt"
	"strings"

	"starnexus/engine"
)

// checkTeams refuses a seating the format's rules cannot play (SR 10.4-10.6). Options alone
// always give SR 9.4's seating, which passes; a scenario's team: and role: keys (Position)
// may change it, and a player left without those keys keeps SR 9.4's team and role, so that
// naming a second Boss or Emperor does not demote the first one silently: the error says
// whom to change.
func (s *State) checkTeams() error {
	n := int(s.NSeats)
	switch s.Fmt {
	case fmtHydra:
		var team [2][]string
		for i := 0; i < n; i++ {
			team[s.Team[i]] = append(team[s.Team[i]], s.SeatName(engine.Seat(i)))
		}
		if len(team[0]) != n/2 {
			return fmt.Errorf("hydra: %d players need two teams of %d (SR 10.4), got team 1 [%s] and team 2 [%s]",
				n, n/2, strings.Join(team[0], ", "), strings.Join(team[1], ", "))
		}
	case fmtEmperor:
		for t := int8(0); t < 2; t++ {
			var emperors, admirals []string
			for i := 0; i < n; i++ {
				if s.Team[i] != t {
					continue
				}
				if s.Role[i] == roleEmperor {
					emperors = append(emperors, s.SeatName(engine.Seat(i)))
				} else {
					admirals = append(admirals, s.SeatName(engine.Seat(i)))
				}
			}
			if len(emperors) != 1 || len(admirals) != 2 {
				return fmt.Errorf("emperor: team %d needs one Emperor and two Admirals (SR 10.5), got Emperors [%s] and Admirals [%s]%s",
					t+1, strings.Join(emperors, ", "), strings.Join(admirals, ", "), unsetHint)
			}
		}
		// Emperors first: a misplaced Emperor is the cause of the Admirals' wrong facing.
		for i := 0; i < n; i++ {
			seat := engine.Seat(i)
			l, r := engine.Seat((i+n-1)%n), engine.Seat((i+1)%n)
			if s.Role[i] == roleEmperor && (!s.teammates(seat, l) || !s.teammates(seat, r)) {
				return fmt.Errorf("emperor: %s, an Emperor, must sit between the two Admirals of their team (SR 10.5), not beside %s and %s",
					s.SeatName(seat), s.SeatName(l), s.SeatName(r))
			}
		}
		for i := 0; i < n; i++ {
			seat := engine.Seat(i)
			if s.Role[i] == roleEmperor {
				continue
			}
			if f := facing(seat); s.Role[f] != roleAdmiral || s.teammates(seat, f) {
				return fmt.Errorf("emperor: %s, an Admiral, must face an enemy Admiral across the table (SR 10.5: seats 1-6 and 3-4), not %s",
					s.SeatName(seat), s.SeatName(f))
			}
		}
	case fmtRaid:
		var bosses []string
		boss := -1
		for i := 0; i < n; i++ {
			if s.Role[i] == roleBoss {
				bosses = append(bosses, s.SeatName(engine.Seat(i)))
				boss = i
			}
		}
		if len(bosses) != 1 {
			return fmt.Errorf("raid: needs exactly one Boss (SR 10.6), got %d [%s]%s", len(bosses), strings.Join(bosses, ", "), unsetHint)
		}
		for i := 0; i < n; i++ {
			if i != boss && s.Team[i] == s.Team[boss] {
				return fmt.Errorf("raid: %s, an Elite, is on the Boss's team %d: every Elite plays against the Boss (SR 10.6)",
					s.SeatName(engine.Seat(i)), s.Team[boss]+1)
			}
		}
	}
	return nil
}

// unsetHint reminds that a player without role: keeps the role of their seat.
const unsetHint = "; a player without role: keeps their seat's role (SR 9.4)"
