package realms

import (
	"bytes"
	"reflect"
	"slices"
	"testing"

	"starnexus/engine"
)

// midGame is a game of the format after some greedy actions.
func midGame(t *testing.T, opts Options, seed uint64, actions int) *State {
	t.Helper()
	s, err := NewGame(loadCat(t), opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, len(opts.Names))
	rngs := make([]engine.RNG, len(opts.Names))
	for i := range bots {
		bots[i], rngs[i] = Greedy{}, engine.NewRNG(uint64(i+1))
	}
	engine.PlayOut(s, bots, rngs, actions)
	return s
}

// TestDeterminizeKeepsTheViewAndHidesTheRest checks DESIGN.md §2: a State determinized from a
// seat's Observation looks the same to that seat, holds the same cards, and has its hidden
// cards and random source resampled.
func TestDeterminizeKeepsTheViewAndHidesTheRest(t *testing.T) {
	s := midGame(t, Options{Format: "ffa", Names: []string{"Ann", "Bob", "Cid"}}, 5, 60)
	rng := engine.NewRNG(99)
	var dst engine.State
	var obs engine.Observation
	differs := false
	for i := 0; i < 20; i++ {
		seat := engine.Seat(i % 3)
		want, _ := s.View(seat).MarshalJSON()
		obs = s.Observe(seat, obs)
		dst = obs.Determinize(dst, &rng)
		d := dst.(*State)
		got, _ := d.View(seat).MarshalJSON()
		if !bytes.Equal(want, got) {
			t.Fatalf("seat %d sees a different game after Determinize:\n%s\n%s", seat, want, got)
		}
		if d.CardCounts() != s.CardCounts() {
			t.Fatal("Determinize changed which cards exist")
		}
		if d.rng == s.rng {
			t.Fatal("Determinize kept the real random source")
		}
		if err := d.CheckInvariants(); err != nil {
			t.Fatalf("a determinization breaks an invariant: %v", err)
		}
		for o := range d.P[:d.NSeats] {
			if engine.Seat(o) != seat && !slices.Equal(d.hand(&d.P[o]), s.hand(&s.P[o])) {
				differs = true
			}
		}
	}
	if !differs {
		t.Fatal("20 determinizations never changed a hidden hand")
	}
}

// TestDeterminizeIgnoresHiddenOrder checks DESIGN.md §8's invariance for search bots: two
// games that differ only in how the cards a seat cannot see are arranged give the same
// observation key and determinize to the same State for the same random source.
func TestDeterminizeIgnoresHiddenOrder(t *testing.T) {
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"duel", Options{Names: []string{"Ann", "Bob"}}},
		{"hydra, hands shared", Options{Format: "hydra", Names: names(4), TeamHandsVisible: true}},
		{"raid", Options{Format: "raid", Names: names(3)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := midGame(t, c.opts, 8, 40)
			seats := []engine.Seat{engine.Spectator}
			for i := range int(s.NSeats) {
				seats = append(seats, engine.Seat(i))
			}
			for _, seat := range seats {
				other := s.Clone().(*State)
				shuffleRNG := engine.NewRNG(77)
				other.shuffleHidden(seat, &shuffleRNG) // the same game but for hidden arrangement
				oa, ob := s.Observe(seat, nil), other.Observe(seat, nil)
				if oa.Key() != ob.Key() {
					t.Fatalf("seat %d: the keys differ although only hidden cards were rearranged", seat)
				}
				r1, r2 := engine.NewRNG(5), engine.NewRNG(5)
				a := oa.Determinize(nil, &r1).(*State)
				b := ob.Determinize(nil, &r2).(*State)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("seat %d: determinizations differ although only hidden cards were rearranged", seat)
				}
			}
		})
	}
}

// TestObservationShowsOnlyWhatTheSeatMaySee: hands are there only for the seats that see them
// (SR 10.4, 10.6, 11.1), every public zone is capped at its length so that it cannot be
// resliced into the cards past it, and the multisets hold exactly the cards not seen.
func TestObservationShowsOnlyWhatTheSeatMaySee(t *testing.T) {
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"duel", Options{Names: []string{"Ann", "Bob"}}},
		{"hydra, hands shared", Options{Format: "hydra", Names: names(4), TeamHandsVisible: true}},
		{"hydra", Options{Format: "hydra", Names: names(4)}},
		{"raid", Options{Format: "raid", Names: names(3)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := midGame(t, c.opts, 4, 50)
			for viewer := engine.Spectator; int(viewer) < int(s.NSeats); viewer++ {
				o := s.Observe(viewer, nil).(*Observation)
				v := s.RealmsView(viewer)
				for i := range int(s.NSeats) {
					seat := engine.Seat(i)
					p := &s.P[i]
					hand := o.Hand(seat)
					if v.CanSeeHand(seat) != o.CanSeeHand(seat) || (len(hand) == int(p.HandN)) != (v.CanSeeHand(seat) || p.HandN == 0) || cap(hand) != len(hand) {
						t.Fatalf("viewer %d, seat %d: the observation shows the hand %v, the View says %v", viewer, seat, hand, v.CanSeeHand(seat))
					}
					for _, z := range [][]CardID{hand, o.Discard(seat)} {
						if cap(z) != len(z) {
							t.Fatalf("viewer %d, seat %d: a zone of %d cards has room for %d", viewer, seat, len(z), cap(z))
						}
					}
					if pl := o.p[i].playCards(); cap(pl) != len(pl) || len(pl) != int(p.PlayN) {
						t.Fatalf("viewer %d, seat %d: a play area of %d cards has room for %d", viewer, seat, len(pl), cap(pl))
					}
					want := slices.Clone(s.deck(p))
					if !v.CanSeeHand(seat) {
						want = append(want, s.hand(p)...)
					}
					slices.Sort(want)
					if got := o.Unseen(seat).Sorted(nil); !slices.Equal(got, want) {
						t.Fatalf("viewer %d, seat %d: unseen %v, want %v", viewer, seat, got, want)
					}
				}
				want := slices.Sorted(slices.Values(s.TradeDeck[:s.TradeN]))
				if got := o.TradeDeck().Sorted(nil); !slices.Equal(got, want) {
					t.Fatalf("viewer %d: trade deck %v, want %v", viewer, got, want)
				}
			}
		})
	}
}

// TestKeyPredictsAnOwnMove is what ISMCTS's tree reuse rests on: after the seat's own action
// in a determinization, when the action reveals nothing (playing a card, buying one), the
// observation of the determinization has the key of the real game's after the same action;
// and once a card is drawn the keys part.
func TestKeyPredictsAnOwnMove(t *testing.T) {
	s := midGame(t, Options{Names: []string{"Ann", "Bob"}}, 12, 30)
	rng := engine.NewRNG(3)
	same, parted := 0, 0
	for step := 0; step < 200 && !s.Over(); step++ {
		seat := s.toMove()
		legal := s.Legal(seat, nil)
		a := Greedy{}.Choose(s.Observe(seat, nil), legal, &rng)
		det := s.Observe(seat, nil).Determinize(nil, &rng)
		drawn := s.P[seat].HandN
		s.ApplyTrusted(seat, a)
		det.ApplyTrusted(seat, a)
		real, predicted := s.Observe(seat, nil).Key(), det.Observe(seat, nil).Key()
		switch quiet := kindOf(a) == actPlay || kindOf(a) == actBuy; {
		case quiet && s.P[seat].HandN == drawn-1 && s.dec.Kind == decNone:
			if real != predicted {
				t.Fatalf("step %d: %s changed the key of the determinization otherwise than the real game's", step, s.ActionText(seat, a))
			}
			same++
		case real != predicted:
			parted++
		}
	}
	if same < 20 || parted == 0 {
		t.Fatalf("%d quiet actions kept the key, %d actions parted it: too few to tell", same, parted)
	}
}

// TestDeterminizeIntoItsOwnState: a State the observation reads is never dealt into (the
// observation would read the cards it deals), and the real game stays as it was.
func TestDeterminizeIntoItsOwnState(t *testing.T) {
	s := midGame(t, Options{Names: []string{"Ann", "Bob"}}, 6, 40)
	before := s.Clone()
	rng := engine.NewRNG(1)
	d := s.Observe(0, nil).Determinize(s, &rng)
	if d == engine.State(s) {
		t.Fatal("Determinize dealt into the State its observation reads")
	}
	if !reflect.DeepEqual(before, engine.State(s)) {
		t.Fatal("Determinize changed the real game")
	}
}

// TestObserveAllocatesNothing: refilling an observation, and the greedy bot's choice from it,
// allocate nothing.
func TestObserveAllocatesNothing(t *testing.T) {
	s := midGame(t, Options{Format: "ffa", Names: names(4)}, 2, 80)
	seat := s.toMove()
	legal := s.Legal(seat, nil)
	rng := engine.NewRNG(1)
	obs := s.Observe(seat, nil)
	if n := testing.AllocsPerRun(50, func() {
		obs = s.Observe(seat, obs)
		Greedy{}.Choose(obs, legal, &rng)
		Velocity{}.Choose(obs, legal, &rng)
	}); n != 0 {
		t.Fatalf("observing and choosing allocate %v times", n)
	}
}
