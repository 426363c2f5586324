package nexus

import (
	"errors"

	"starnexus/engine"
)

// Concede makes seat lose now (SN 1.4: a player may concede at any time). It is not an
// engine.Action: an action any seat may take at any moment would put every seat in ToMove
// and in Legal all the time (docs/decisions.md). In a game that goes on, the 14.4 cleanup
// happens (the player's cards leave the game, their stack items and passives are removed,
// turn order and priority skip them; in allied play the team loses, 16.6), and a decision
// the player held passes on as if they had answered it passively.
func (s *State) Concede(seat engine.Seat) error {
	p := int8(seat)
	switch {
	case s.Done:
		return errors.New("the game is over")
	case p < 0 || p >= s.N:
		return errors.New("no such player")
	case s.P[p].Lost:
		return errors.New("that player has already lost")
	}
	if s.rec != nil {
		defer s.recOver(false)
	}
	held, turn := s.Pend, s.Turn
	s.lose(p)
	if s.Done {
		return nil
	}
	for q := int8(0); q < s.N; q++ {
		if s.P[q].Lost {
			s.P[q].Blocks, s.P[q].Swaps = false, false
			s.P[q].Kept = true
		}
	}
	if s.Turn != turn {
		// The active player left: the turn ended at once (eliminate), and with it every
		// decision of that turn.
		for q := int8(0); q < s.N; q++ {
			s.P[q].Blocks = false
		}
		s.Pend = pend{}
		s.advance()
		return nil
	}
	out := s.P[held.Seat].Lost
	switch held.K {
	case pSwap:
		if n := s.nextSwapper(); n >= 0 {
			s.Pend.Seat = n
		} else {
			s.Pend = pend{}
			s.dealOpening()
		}
	case pMulligan:
		if out {
			s.Pend = pend{}
			s.afterMulligan()
		}
	case pFirst:
		if out {
			s.Pend.Seat = s.next(held.Seat)
		}
	case pBlock:
		if s.Pend.K == pBlock && !s.P[s.Pend.Seat].Blocks {
			s.nextBlocker()
		}
	case pUnless:
		if out && s.Pend.K == pUnless {
			s.Pend = pend{}
			if s.NJ > 0 {
				s.Jobs[0].Yes = 2
			}
		}
	case pNone:
	default:
		// Priority, attackers, targets, payments, Affinity and ordering questions: the
		// player's items and passives are gone (14.4), so the decision ends with them.
		if out && s.Pend == held {
			s.Pend = pend{}
		}
	}
	if s.Pend.K == pTarget || s.Pend.K == pPay {
		// An announcement whose item was removed with the player's stack items.
		if s.NS == 0 || s.P[s.Stack[s.NS-1].Ctrl].Lost {
			s.Pend = pend{}
		}
	}
	if s.Pend.K == pTarget && len(s.Legal(engine.Seat(s.Pend.Seat), nil)) == 0 {
		// Another player's announcement lost its only possible target with the player's
		// cards: it is taken back (nothing was paid yet: targets come first, 8.3).
		s.unannounce()
	}
	s.advance()
	return nil
}

// unannounce takes back the item being announced: a requisitioned card returns to its
// owner's hand, a hero's or card's ability may be activated again; the announcer gets
// priority back.
func (s *State) unannounce() {
	s.NS--
	it := s.Stack[s.NS]
	s.Stack[s.NS] = item{}
	switch {
	case it.Hero:
		s.P[it.Ctrl].HeroUsed = false
	case it.Ab < 0:
		ob := &s.O[it.Card]
		*ob = obj{Def: ob.Def, Owner: ob.Owner, Ctrl: ob.Owner, Zone: zHand, Gen: ob.Gen + 1, Seq: s.nextSeq()}
	default:
		s.O[it.Card].Flags &^= s.usedBit(s.def(it.Card), int(it.Ab))
	}
	s.Pend = pend{K: pPrio, Seat: it.Ctrl}
}
