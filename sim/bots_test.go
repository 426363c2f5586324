package sim

import (
	"bytes"
	"testing"
	"time"

	"starnexus/ai/ismcts"
	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/realmsgame"
)

// The search bot's tests live here, where games and bots meet: ai/ismcts itself knows only
// the engine contracts. Budgets are tiny so that the tests take seconds; no test times
// anything.

func smallSearch(reuse bool) ismcts.Config {
	return ismcts.Config{Iterations: 12, Rollout: realms.Greedy{}, Epsilon: 0.1, Prior: 1, Reuse: reuse, MaxRolloutActions: 400}
}

// TestISMCTSPlaysWholeGames plays 2-player, 4-player Free-for-all and 4-player Hydra games
// to the end with every seat searching, every action validated and the invariants checked.
func TestISMCTSPlaysWholeGames(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []struct {
		name  string
		seats int
	}{{"standard", 2}, {"ffa", 4}, {"hydra", 4}} {
		t.Run(format.name, func(t *testing.T) {
			var bots []*ismcts.Bot
			mk := func(string) (engine.Bot, error) {
				b := ismcts.New(smallSearch(true))
				bots = append(bots, b)
				return b, nil
			}
			seats := make([]string, format.seats)
			for i := range seats {
				seats[i] = "ismcts"
			}
			res, err := Run(realmsgame.WithCatalog(cat), Config{Format: format.name, Seats: seats, Games: 1, Seed: 3, Check: true, Workers: 1}, mk)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range res.Errors {
				t.Error(e)
			}
			searched := 0
			for _, b := range bots {
				searched += b.Stats().Searched
			}
			if searched == 0 {
				t.Error("no seat ever searched")
			}
		})
	}
}

// midPosition is a two-player game some greedy actions in, at a decision with a choice.
func midPosition(t *testing.T, actions int) (*realms.State, engine.Seat, []engine.Action) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	s, err := realms.NewGame(cat, realms.Options{Names: []string{"Ann", "Bob"}}, 8)
	if err != nil {
		t.Fatal(err)
	}
	engine.PlayOut(s, []engine.Bot{realms.Greedy{}, realms.Greedy{}}, []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}, actions)
	for {
		seat := s.ToMove(nil)[0]
		legal := s.Legal(seat, nil)
		if len(legal) > 1 {
			return s, seat, legal
		}
		s.ApplyTrusted(seat, legal[0])
	}
}

// TestISMCTSSingleLegalActionDoesNotSearch: a forced decision costs nothing.
func TestISMCTSSingleLegalActionDoesNotSearch(t *testing.T) {
	s, seat, legal := midPosition(t, 40)
	b := ismcts.New(ismcts.Config{Iterations: 1 << 30, Rollout: realms.Greedy{}})
	rng := engine.NewRNG(1)
	if got := b.Choose(s.Observe(seat, nil), legal[:1], &rng); got != legal[0] {
		t.Fatalf("chose %v, want the only legal action %v", got, legal[0])
	}
	if st := b.Stats(); st.Searched != 0 || st.Iterations != 0 {
		t.Fatalf("a single legal action ran a search: %+v", st)
	}
}

// TestISMCTSIsDeterministic: with a fixed seed and an iteration budget, two bots play the
// same game move for move.
func TestISMCTSIsDeterministic(t *testing.T) {
	play := func() []byte {
		cat, err := realms.LoadCatalog()
		if err != nil {
			t.Fatal(err)
		}
		s, err := realms.NewGame(cat, realms.Options{Names: []string{"Ann", "Bob"}}, 21)
		if err != nil {
			t.Fatal(err)
		}
		bots := []engine.Bot{ismcts.New(smallSearch(true)), ismcts.New(smallSearch(false))}
		engine.PlayOut(s, bots, []engine.RNG{engine.NewRNG(5), engine.NewRNG(6)}, 0)
		out, err := s.View(engine.Spectator).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b := play(), play()
	if !bytes.Equal(a, b) {
		t.Fatalf("the same seeds gave two different games:\n%s\n%s", a, b)
	}
}

// TestISMCTSIterationsAllocateNothing: once its node pool, scratch State and observation
// buffers exist, a search allocates nothing per iteration, and a whole decision nothing,
// with tree reuse (whose expected observation's key is a hash) or without.
func TestISMCTSIterationsAllocateNothing(t *testing.T) {
	s, seat, legal := midPosition(t, 60)
	perDecision := func(cfg ismcts.Config) float64 {
		b := ismcts.New(cfg)
		rng := engine.NewRNG(3)
		var obs engine.Observation
		for i := 0; i < 5; i++ { // grow the pool and the buffers
			obs = s.Observe(seat, obs)
			b.Choose(obs, legal, &rng)
		}
		return testing.AllocsPerRun(20, func() {
			obs = s.Observe(seat, obs) // the driver's observation buffer, refilled
			b.Choose(obs, legal, &rng)
		})
	}
	cfg := smallSearch(false)
	cfg.Iterations = 100
	if n := perDecision(cfg); n != 0 {
		t.Errorf("a 100-iteration decision without reuse allocates %v times, want 0", n)
	}
	cfg.Reuse = true
	if n := perDecision(cfg); n != 0 {
		t.Errorf("a 100-iteration decision with reuse allocates %v times, want 0", n)
	}
}

// TestISMCTSReusesTheTreeWithinATurn: playing a card that draws nothing keeps the subtree
// for the next decision of the same turn.
func TestISMCTSReusesTheTreeWithinATurn(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	s, err := realms.NewGame(cat, realms.Options{Names: []string{"Ann", "Bob"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallSearch(true)
	cfg.Iterations = 200
	b := ismcts.New(cfg)
	engine.PlayOut(s, []engine.Bot{b, realms.Greedy{}}, []engine.RNG{engine.NewRNG(1), engine.NewRNG(2)}, 0)
	if st := b.Stats(); st.Reused == 0 || st.Reused >= st.Searched {
		t.Fatalf("reused the tree in %d of %d searched decisions, want some but not all", st.Reused, st.Searched)
	}
}

// TestVelocityPlaysEveryFormat plays a checked batch of each format with velocity at half the
// seats, and checks that its decisions allocate nothing (it is the hard levels' rollout).
func TestVelocityPlaysEveryFormat(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name string) (engine.Bot, error) {
		if name == "velocity" {
			return realms.Velocity{}, nil
		}
		return realms.Greedy{}, nil
	}
	for format, n := range map[string]int{"standard": 2, "ffa": 4, "hunter": 3, "hydra": 6, "emperor": 6, "raid": 4} {
		seats := make([]string, n)
		for i := range seats {
			seats[i] = []string{"velocity", "greedy"}[i%2]
		}
		res, err := Run(realmsgame.WithCatalog(cat), Config{Format: format, Seats: seats, Games: 10, Seed: 11, Check: true, Workers: 1}, mk)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Errors {
			t.Errorf("%s: %v", format, e)
		}
	}
	s, _, _ := midPosition(t, 1)
	var legal [256]engine.Action
	var movers [engine.MaxMovers]engine.Seat
	rng := engine.NewRNG(1)
	var obs engine.Observation
	allocs := testing.AllocsPerRun(300, func() {
		if s.Over() {
			return
		}
		seat := s.ToMove(movers[:0])[0]
		l := s.Legal(seat, legal[:0])
		obs = s.Observe(seat, obs)
		s.ApplyTrusted(seat, realms.Velocity{}.Choose(obs, l, &rng))
	})
	if allocs != 0 {
		t.Errorf("velocity allocates %v times per decision, want 0", allocs)
	}
}

// TestTimeBudgetStops: a search bounded by time alone stops and answers legally.
func TestTimeBudgetStops(t *testing.T) {
	s, seat, legal := midPosition(t, 50)
	b := ismcts.New(ismcts.Config{Time: 2 * time.Millisecond, Rollout: realms.Greedy{}, Prior: 1})
	rng := engine.NewRNG(1)
	if a := b.Choose(s.Observe(seat, nil), legal, &rng); !containsAction(legal, a) {
		t.Fatalf("chose %v, not among the legal actions", a)
	}
}

func containsAction(l []engine.Action, a engine.Action) bool {
	for _, x := range l {
		if x == a {
			return true
		}
	}
	return false
}
