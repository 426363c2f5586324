package nexus

import (
	"strings"

	"starnexus/engine"
)

// Block declarations in a free-for-all are simultaneous and revealed together (SN 1.6, 12.3,
// 15.2; FR §11.2: "les étapes de blocage ... se font en simultané pour tous les joueurs").
// While the attacked players declare, each one's blocks are known to that player alone: the
// others' Views and a spectator's show none of them, their observations (observation.go) do
// not hold them, and their log entries are hidden (HiddenEntries) until every attacked player
// has confirmed. Which players have confirmed is public, as a player saying "done" at a table
// is: the View's declaring_blocks and to_move, ToMove, and the "done" entries of the log show
// it.
//
// In a duel and in allied play one side declares (allies as one player, 16.4, who see each
// other's hands, 16.5), and the declarations are seen as they are made, as the attacked player
// shows its blockers in FR §8.2 ("met en évidence les créatures qui bloquent").

// blockPrefix starts the text of every block declaration (ActionText).
const blockPrefix = "block "

// blocksHidden reports whether block declarations are being made in secret now.
func (s *State) blocksHidden() bool {
	return s.opts.Format == "ffa" && s.Pend.K == pBlock && !s.Done
}

// hideBlocks removes from s what viewer may not know of the declarations in progress: the
// blocks of every other player (which creature blocks what, in which order), the blocked mark
// of attackers at another player who has confirmed, and the count of their declarations.
func (s *State) hideBlocks(viewer engine.Seat) {
	if !s.blocksHidden() {
		return
	}
	me := int8(viewer) // -1 for a spectator: every player's blocks are hidden
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Blocking != 0 && o.Ctrl != me {
			o.Blocking, o.BOrder = 0, 0
		}
		if o.has(fBlocked) && o.Target != me {
			o.Flags &^= fBlocked
		}
	}
	for p := int8(0); p < s.N; p++ {
		if p != me {
			s.P[p].Decl = 0
		}
	}
}

// sampleBlocks gives attacked player q, who has confirmed blocks that the determinizing seat
// may not see, blocks drawn at random among its legal ones (none is one outcome), so that a
// search does not take "q blocked nothing" for known. It reads only what every seat sees.
func (s *State) sampleBlocks(q int8, rng *engine.RNG) {
	var buf [256]engine.Action
	for range int(s.NO) { // every pick adds a blocker, so this ends long before
		l := s.blockLegal(q, buf[:0], 0)
		k := rng.Intn(len(l) + 1)
		if k == len(l) && s.halfBlock(q) != 0 && len(l) > 0 {
			k = rng.Intn(len(l)) // the first of two Menace blockers has its second
		}
		if k == len(l) {
			break
		}
		s.apply(q, l[k])
	}
	s.P[q].Decl = 0
	for at := 1; at < int(s.NO); at++ {
		if s.O[at].has(fAttacking) && s.O[at].Zone == zField && s.attackedBy(q, oid(at)) {
			var bb [32]oid
			if len(s.blockersOf(oid(at), bb[:0])) > 0 {
				s.O[at].Flags |= fBlocked
			}
		}
	}
}

// allKept reports whether every player has kept an opening hand (10.6).
func (s *State) allKept() bool {
	for p := int8(0); p < s.N; p++ {
		if !s.P[p].Kept {
			return false
		}
	}
	return true
}

// HiddenEntries says which entries of the game's log viewer may not see now, or nil when it
// sees them all. The log is the n actions that led to s, entry(i) giving the seat and the
// text (ActionText) of the i-th. Two secrets reach the log:
//   - opening hands (10.6): until every player has kept, every entry of another player is
//     hidden, since the number of entries would tell the mulligans;
//   - block declarations in a free-for-all (1.6): until every attacked player has confirmed,
//     the last Decl "block" entries of each other player; "done" entries are public.
//
// A viewer's seq counts only the entries it sees, so neither the texts nor their number move
// for the others. Once the game is over every entry is public.
func (s *State) HiddenEntries(viewer engine.Seat, n int, entry func(i int) (seat engine.Seat, text string)) []bool {
	if s.Done {
		return nil
	}
	if !s.allKept() {
		h := make([]bool, n)
		for i := range h {
			seat, _ := entry(i)
			h[i] = seat != viewer
		}
		return h
	}
	if !s.blocksHidden() {
		return nil
	}
	var left [MaxSeats]uint32
	total := uint64(0)
	for p := int8(0); p < s.N; p++ {
		if engine.Seat(p) != viewer {
			left[p] = s.P[p].Decl
			total += uint64(left[p])
		}
	}
	if total == 0 {
		return nil
	}
	h := make([]bool, n)
	for i := n - 1; i >= 0 && total > 0; i-- {
		seat, text := entry(i)
		if seat < 0 || int(seat) >= MaxSeats || left[seat] == 0 || !strings.HasPrefix(text, blockPrefix) {
			continue
		}
		h[i] = true
		left[seat]--
		total--
	}
	return h
}
