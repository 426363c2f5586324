package nexus

import (
	"reflect"
	"slices"
	"testing"

	"starnexus/engine"
)

// observedGames plays random games of every format (and a duel with reserve swaps) and calls
// at for every position.
func observedGames(t *testing.T, at func(g, k int, s *State)) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	reserves := loadShipped(t, FromDeckWithReserve)
	games := []struct {
		format string
		decks  []Deck
	}{
		{"duel", []Deck{shipped[0], shipped[1]}},
		{"duel", []Deck{reserves[2], reserves[3]}},
		{"ffa", []Deck{shipped[2], shipped[3], shipped[4]}},
		{"allied", []Deck{shipped[1], shipped[2], shipped[3], shipped[4]}},
	}
	for g, gm := range games {
		s, err := NewGame(tab, Options{Format: gm.format, MaxTurns: 40}, gm.decks, uint64(20+g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		k := 0
		for ; k < 600 && !s.Over(); k++ {
			at(g, k, s)
			seat := s.ToMove(nil)[0]
			l := s.Legal(seat, nil)
			a := l[rng.Intn(len(l))]
			if done := mkA(aDone, 0); s.Pend.K == pSwap && slices.Contains(l, done) && rng.Intn(2) == 0 {
				a = done // a few swaps, then the game
			}
			s.ApplyTrusted(seat, a)
		}
		t.Logf("game %d (%s): %d positions, turn %d", g, gm.format, k, s.Turn)
	}
}

// TestObservationAllowList: at every position of random games, for every seat and the
// spectator, the observation holds of a hidden object its owner, controller, zone and
// generation only; the seat's own library and pile as the true multisets; no other player's
// reserve, secret hero, unrevealed mulligans or secret blocks.
func TestObservationAllowList(t *testing.T) {
	observedGames(t, func(g, k int, s *State) {
		allKept := s.allKept()
		for seat := engine.Spectator; seat < engine.Seat(s.N); seat++ {
			o := s.Observe(seat, nil).(*Observation)
			me := int8(seat)
			for i := 1; i < len(o.o); i++ {
				x := &o.o[i]
				if x.Flags&fHidden == 0 {
					continue
				}
				if *x != (obj{Owner: x.Owner, Ctrl: x.Ctrl, Zone: x.Zone, Gen: x.Gen, Flags: fHidden}) {
					t.Fatalf("game %d action %d seat %d: hidden object %d holds more than its owner, zone and generation: %+v", g, k, seat, i, *x)
				}
			}
			var lib, pile []uint8
			for i := 1; i < int(s.NO); i++ {
				if x := &s.O[i]; x.Def != 0 && x.Owner == me {
					switch x.Zone {
					case zLibrary:
						lib = append(lib, x.Def)
					case zPile:
						pile = append(pile, x.Def)
					}
				}
			}
			slices.Sort(lib)
			slices.Sort(pile)
			if ol, op := o.lib.Sorted(nil), o.pile.Sorted(nil); !slices.Equal(lib, ol) || !slices.Equal(pile, op) {
				t.Fatalf("game %d action %d seat %d: own library %v and pile %v observed as %v and %v", g, k, seat, lib, pile, ol, op)
			}
			for p := int8(0); p < s.N; p++ {
				q := &o.p[p]
				if p != me && (q.NR != 0 || q.Reserve != [maxReserve]uint8{}) {
					t.Fatalf("game %d action %d seat %d: sees player %d's reserve", g, k, seat, p)
				}
				if !o.heroKnown[p] && (q.Hero != 0 || s.P[p].Revealed || o.sees[p]) {
					t.Fatalf("game %d action %d seat %d: player %d's secret hero is observed", g, k, seat, p)
				}
				if !allKept && p != me && (q.Mulls != 0 || o.mullsKnown[p]) {
					t.Fatalf("game %d action %d seat %d: player %d's mulligans are observed before all kept", g, k, seat, p)
				}
				if s.blocksHidden() && p != me && q.Decl != 0 {
					t.Fatalf("game %d action %d seat %d: player %d's count of secret blocks is observed", g, k, seat, p)
				}
			}
			if s.blocksHidden() {
				for i := 1; i < len(o.o); i++ {
					if x := &o.o[i]; x.Blocking != 0 && x.Ctrl != me {
						t.Fatalf("game %d action %d seat %d: player %d's secret block is observed", g, k, seat, x.Ctrl)
					}
				}
			}
		}
	})
}

// TestDeterminizeIgnoresItsMemory: determinizing into a State that was played on (its tables
// hold entries past their counts) gives what determinizing into nothing gives.
func TestDeterminizeIgnoresItsMemory(t *testing.T) {
	var played engine.State
	observedGames(t, func(g, k int, s *State) {
		if k%7 != 0 {
			return
		}
		for seat := engine.Spectator; seat < engine.Seat(s.N); seat++ {
			o := s.Observe(seat, nil)
			r1, r2 := engine.NewRNG(uint64(k)), engine.NewRNG(uint64(k))
			fresh := o.Determinize(nil, &r1)
			if played != nil && played.Game() == "nexus" {
				if reused := o.Determinize(played, &r2); !reflect.DeepEqual(fresh, reused) {
					t.Fatalf("game %d action %d seat %d: the memory Determinize reuses changes its result", g, k, seat)
				}
			}
			// Play the determinization on a little, so that it leaves stale entries behind.
			played = fresh
			rng := engine.NewRNG(uint64(k))
			for n := 0; n < 30 && !played.Over(); n++ {
				m := played.ToMove(nil)[0]
				l := played.Legal(m, nil)
				played.ApplyTrusted(m, l[rng.Intn(len(l))])
			}
		}
	})
}

// TestKeyPredictsOwnMoves (the reuse of a search tree): when a seat acts and moves again right
// away and the action revealed nothing (no object changed between hidden and seen, no hero
// or mulligans were revealed, the seat's library and pile are the same), the key of the determinization it acted in equals the key of
// the real game's next observation.
func TestKeyPredictsOwnMoves(t *testing.T) {
	kept := 0
	observedGames(t, func(g, k int, s *State) {
		seat := s.ToMove(nil)[0]
		l := s.Legal(seat, nil)
		if len(l) < 2 {
			return
		}
		before := s.Observe(seat, nil).(*Observation)
		if before.swapping {
			// Another player's library and pile are made up in size: the determinization's
			// free slots, where the seat's swapped-in cards go, are not the real ones.
			return
		}
		rng := engine.NewRNG(uint64(k))
		det := before.Determinize(nil, &rng)
		a := l[rng.Intn(len(l))]
		next := s.Clone()
		next.ApplyTrusted(seat, a)
		det.ApplyTrusted(seat, a)
		if next.Over() || det.Over() || next.ToMove(nil)[0] != seat || det.ToMove(nil)[0] != seat {
			return
		}
		after := next.Observe(seat, nil).(*Observation)
		if !slices.Equal(before.lib.Sorted(nil), after.lib.Sorted(nil)) || !slices.Equal(before.pile.Sorted(nil), after.pile.Sorted(nil)) {
			return // the seat drew or shuffled
		}
		if before.mullsKnown != after.mullsKnown || before.heroKnown != after.heroKnown {
			return // mulligans or heroes were revealed
		}
		for i := 1; i < min(len(before.o), len(after.o)); i++ {
			if before.o[i].Flags&fHidden != after.o[i].Flags&fHidden {
				return // a card was revealed or hidden
			}
		}
		if after.Key() != det.Observe(seat, nil).Key() {
			t.Fatalf("game %d action %d: after %q the determinization predicts another key than the real game's", g, k, s.ActionText(seat, a))
		}
		kept++
	})
	if kept < 100 {
		t.Fatalf("only %d positions to predict", kept)
	}
}
