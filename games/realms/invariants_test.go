package realms

import (
	"testing"

	"starnexus/engine"
)

func loadCat(t testing.TB) *Catalog {
	t.Helper()
	cat, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// checker verifies DESIGN.md §5's invariants after every action.
type checker struct {
	t      testing.TB
	counts [256]int
}

func newChecker(t testing.TB, s *State) *checker {
	return &checker{t: t, counts: s.CardCounts()}
}

func (c *checker) check(s *State, after string) {
	c.t.Helper()
	if got := s.CardCounts(); got != c.counts {
		for id := range got {
			if got[id] != c.counts[id] {
				c.t.Fatalf("after %q: card %s: %d copies, want %d (cards are conserved)", after, s.cat.Card(CardID(id)).Name, got[id], c.counts[id])
			}
		}
	}
	if err := s.CheckInvariants(); err != nil {
		c.t.Fatalf("after %q: %v", after, err)
	}
}

// checkHidden fails the test if a View depends on hidden cards (State.CheckHidden).
func checkHidden(t testing.TB, s *State, rng *engine.RNG, after string) {
	t.Helper()
	if err := s.CheckHidden(rng); err != nil {
		t.Fatalf("after %q: %v", after, err)
	}
}

// TestInvariantsRandomAndGreedyGames plays games through the validating path and checks the
// invariants after every action.
func TestInvariantsRandomAndGreedyGames(t *testing.T) {
	cat := loadCat(t)
	bots := map[string][]engine.Bot{
		"random": {randomBot{}, randomBot{}},
		"greedy": {Greedy{}, Greedy{}},
		"mixed":  {Greedy{}, randomBot{}},
	}
	for name, pair := range bots {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 40; seed++ {
				s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, seed)
				if err != nil {
					t.Fatal(err)
				}
				c := newChecker(t, s)
				rng := engine.NewRNG(seed)
				for n := 0; !s.Over(); n++ {
					seat := s.toMove()
					legal := s.Legal(seat, nil)
					if len(legal) == 0 {
						t.Fatalf("seed %d: seat %d must move but has no legal action", seed, seat)
					}
					a := pair[seat].Choose(s.Observe(seat, nil), legal, &rng)
					text := s.ActionText(seat, a)
					// The text form parses back to the same action.
					if back, err := s.ParseAction(seat, text); err != nil || back != a {
						t.Fatalf("seed %d: %q parses to %v, %v", seed, text, back, err)
					}
					if err := s.Apply(seat, a); err != nil {
						t.Fatalf("seed %d: legal action refused: %v", seed, err)
					}
					c.check(s, text)
					if n%7 == 0 {
						checkHidden(t, s, &rng, text)
					}
				}
			}
		})
	}
}

// randomBot plays as ai.Random does: blind (engine.Blind), so that drivers fill no
// observation for it, as in starnexus bench's random games.
type randomBot struct{}

func (randomBot) Name() string { return "random" }
func (randomBot) Blind()       {}
func (randomBot) Choose(_ engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return legal[rng.Intn(len(legal))]
}

// TestIllegalActionsChangeNothing tries actions that are not legal and checks that each is
// refused with a reason and leaves the state as it was.
func TestIllegalActionsChangeNothing(t *testing.T) {
	cat := loadCat(t)
	s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(9)
	for n := 0; n < 400 && !s.Over(); n++ {
		seat := s.toMove()
		legal := s.Legal(seat, nil)
		for k := 0; k < 20; k++ {
			a := engine.Action(rng.Uint64())
			if k%2 == 0 {
				a = mk(1+rng.Intn(11), CardID(1+rng.Intn(len(cat.Cards))), rng.Intn(5), engine.Seat(rng.Intn(2)), rng.Intn(12))
			}
			other := 1 - seat
			for _, who := range []engine.Seat{seat, other} {
				if who == seat && contains(legal, a) {
					continue
				}
				before := *s
				err := s.Apply(who, a)
				if err == nil {
					t.Fatalf("illegal action %q by seat %d accepted", s.ActionText(who, a), who)
				}
				if *s != before {
					t.Fatalf("refused action %q changed the state", s.ActionText(who, a))
				}
				if err.Error() == "" {
					t.Fatal("empty reason")
				}
			}
		}
		s.ApplyTrusted(seat, legal[rng.Intn(len(legal))])
	}
}
