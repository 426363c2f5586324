package realms

import "starnexus/engine"

// Accessors for bots: public information only, read without allocating.

// AppendWinners appends the winning seats to buf, like Winners but without allocating: the
// search bots score thousands of finished games a second.
func (s *State) AppendWinners(buf []engine.Seat) []engine.Seat {
	for i := 0; i < int(s.NSeats); i++ {
		if s.winners&(1<<i) != 0 {
			buf = append(buf, engine.Seat(i))
		}
	}
	return buf
}
