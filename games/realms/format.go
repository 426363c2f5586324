package realms

import (
	"fmt"

	"starnexus/engine"
)

// Format codes (SR 10). The zero value is the two-player game.
const (
	fmtStandard uint8 = iota
	fmtFFA
	fmtHunter
	fmtFirstBlood
	fmtHydra
	fmtEmperor
	fmtRaid
)

// Formats this package plays, by the names that options, scenario files and --format use.
var Formats = []string{"standard", "ffa", "hunter", "hunter-first-blood", "hydra", "emperor", "raid"}

// Roles of seats (SR 9.4).
const (
	roleNone uint8 = iota
	roleEmperor
	roleAdmiral
	roleBoss
	roleElite
)

var roleNames = [...]string{"", "emperor", "admiral", "boss", "elite"}

func formatCode(name string) (uint8, bool) {
	for i, f := range Formats {
		if f == name {
			return uint8(i), true
		}
	}
	return 0, false
}

// seatRange is how many players a format takes.
func seatRange(f uint8) (lo, hi int) {
	switch f {
	case fmtStandard:
		return 2, 2
	case fmtHydra:
		return 4, 6
	case fmtEmperor:
		return 6, 6
	}
	return 3, 6
}

// raidBoss gives the Boss's authority and hand size by the number of Elites (SR 10.6).
func raidBoss(elites int) (authority, hand int) {
	switch elites {
	case 2:
		return 50, 7
	case 3:
		return 70, 7
	case 4:
		return 70, 8
	}
	return 90, 8
}

// assignTeams sets teams and roles by seat (SR 9.4). Without teams each seat is its own team.
func (s *State) assignTeams() {
	n := int(s.NSeats)
	for i := 0; i < n; i++ {
		s.Team[i], s.Role[i] = int8(i), roleNone
		switch s.Fmt {
		case fmtHydra:
			s.Team[i] = int8(i * 2 / n)
		case fmtEmperor:
			s.Team[i], s.Role[i] = int8(i/3), roleAdmiral
			if i%3 == 1 {
				s.Role[i] = roleEmperor
			}
		case fmtRaid:
			s.Team[i], s.Role[i] = 1, roleElite
			if i == 0 {
				s.Team[i], s.Role[i] = 0, roleBoss
			}
		}
	}
}

// teammates reports whether a and b are different seats of one team.
func (s *State) teammates(a, b engine.Seat) bool { return a != b && s.Team[a] == s.Team[b] }

// holder is the seat whose Authority field holds seat's authority: Hydra teams share one
// (SR 10.4), kept by the team's first seat.
func (s *State) holder(seat engine.Seat) engine.Seat {
	if s.Fmt != fmtHydra {
		return seat
	}
	for i := 0; i < int(s.NSeats); i++ {
		if s.Team[i] == s.Team[seat] {
			return engine.Seat(i)
		}
	}
	return seat
}

// authority is a seat's authority (its team's in Hydra).
func (s *State) authority(seat engine.Seat) int { return int(s.P[s.holder(seat)].Authority) }

// addAuthority changes a seat's (or its team's) authority.
func (s *State) addAuthority(seat engine.Seat, n int) {
	a := &s.P[s.holder(seat)].Authority
	v := int64(*a) + int64(n)
	if v > poolLimit {
		s.fail(faultAuthority)
		return
	}
	*a = int32(v)
}

// leftOf is the next living seat after seat in turn order (its left, SR 9.4).
func (s *State) leftOf(seat engine.Seat) engine.Seat {
	n := int(s.NSeats)
	for k := 1; k < n; k++ {
		t := engine.Seat((int(seat) + k) % n)
		if !s.P[t].Defeated {
			return t
		}
	}
	return seat
}

// rightOf is the previous living seat before seat in turn order.
func (s *State) rightOf(seat engine.Seat) engine.Seat {
	n := int(s.NSeats)
	for k := 1; k < n; k++ {
		t := engine.Seat((int(seat) - k + n) % n)
		if !s.P[t].Defeated {
			return t
		}
	}
	return seat
}

// facing is the enemy Admiral an Admiral faces across the table (SR 10.5): 1-6 and 3-4.
func facing(seat engine.Seat) engine.Seat { return 5 - seat }

// canTarget reports whether by may attack the player target or make them discard (SR 4.13,
// 6.3, 10), outposts aside.
func (s *State) canTarget(by, target engine.Seat) bool {
	if target == by || target < 0 || int(target) >= int(s.NSeats) || s.P[target].Defeated || s.teammates(by, target) {
		return false
	}
	switch s.Fmt {
	case fmtHunter, fmtFirstBlood:
		return target == s.leftOf(by)
	case fmtEmperor:
		if s.Role[by] == roleEmperor {
			return true
		}
		f := facing(by)
		return target == f || (s.P[f].Defeated && s.Role[target] == roleEmperor)
	case fmtRaid:
		return s.Role[by] == roleBoss || s.Role[target] == roleBoss
	}
	return true
}

// canTargetBases reports whether by may attack or target target's bases, outposts aside.
func (s *State) canTargetBases(by, target engine.Seat) bool {
	if s.Fmt == fmtHunter || s.Fmt == fmtFirstBlood {
		if target == by || int(target) >= int(s.NSeats) || s.P[target].Defeated {
			return false
		}
		return target == s.leftOf(by) || target == s.rightOf(by)
	}
	return s.canTarget(by, target)
}

// protected reports whether seat is shielded by an outpost (SR 6.4): its own, or in Hydra
// any of its team's (SR 10.4).
func (s *State) protected(seat engine.Seat) bool {
	if s.Fmt != fmtHydra {
		return s.hasOutpost(seat)
	}
	for i := 0; i < int(s.NSeats); i++ {
		if s.Team[i] == s.Team[seat] && s.hasOutpost(engine.Seat(i)) {
			return true
		}
	}
	return false
}

// hasOutpost reports whether seat has an outpost in play.
func (s *State) hasOutpost(seat engine.Seat) bool {
	for _, ip := range s.playArea(&s.P[seat]) {
		if s.cat.info[ip.Card].Outpost { // only bases are outposts (catalog.go)
			return true
		}
	}
	return false
}

// baseTargetable reports whether the base at index i of seat's play area may be attacked or
// targeted as far as outposts go (SR 6.4).
func (s *State) baseTargetable(seat engine.Seat, i int) bool {
	return s.baseTargetableCard(seat, s.playArea(&s.P[seat])[i].Card)
}

// baseTargetableCard is baseTargetable for a card in seat's play area.
func (s *State) baseTargetableCard(seat engine.Seat, id CardID) bool {
	c := s.cat.Card(id)
	if c.Kind != Base {
		return false
	}
	return c.Outpost || !s.protected(seat)
}

// canAct reports whether seat may take main-phase actions now: the active seat, or in a
// Hydra team turn any teammate who has not ended (SR 10.4).
func (s *State) canAct(seat engine.Seat) bool {
	if s.over || seat < 0 || int(seat) >= int(s.NSeats) {
		return false
	}
	if s.dec.Kind != decNone {
		return seat == s.dec.Seat // a defeated player may still answer its gift
	}
	// The table's fields first: they rule out most seats without reading a player.
	if s.Fmt == fmtHydra {
		return s.Team[seat] == s.Team[s.Active] && s.Ended&(1<<seat) == 0 && !s.P[seat].Defeated
	}
	return seat == s.Active && !s.P[seat].Defeated
}

// RoleName is a seat's role ("emperor", "admiral", "boss", "elite"), or "".
func (s *State) RoleName(seat engine.Seat) string { return roleNames[s.Role[seat]] }

// TeamOf is a seat's team number from 1 in formats with teams, else 0.
func (s *State) TeamOf(seat engine.Seat) int {
	switch s.Fmt {
	case fmtHydra, fmtEmperor, fmtRaid:
		return int(s.Team[seat]) + 1
	}
	return 0
}

// FormatName is the game's format.
func (s *State) FormatName() string { return Formats[s.Fmt] }

// CanAttack reports whether by may attack target's authority now (outposts included).
func (s *State) CanAttack(by, target engine.Seat) bool {
	return s.canTarget(by, target) && !s.protected(target)
}

func checkSeats(f uint8, n int) error {
	lo, hi := seatRange(f)
	if n < lo || n > hi || (f == fmtHydra && n != 4 && n != 6) {
		want := fmt.Sprintf("%d to %d", lo, hi)
		switch {
		case lo == hi:
			want = fmt.Sprint(lo)
		case f == fmtHydra:
			want = "4 or 6"
		}
		return fmt.Errorf("format %s is for %s players, got %d", Formats[f], want, n)
	}
	return nil
}

// FormatSeats returns how many players the format called name takes.
func FormatSeats(name string) (lo, hi int, ok bool) {
	f, ok := formatCode(name)
	if !ok {
		return 0, 0, false
	}
	lo, hi = seatRange(f)
	return lo, hi, true
}
