package enginetest

import (
	"fmt"
	"strings"

	"starnexus/engine"
)

// pos is one step of a random playout, as a check sees it.
type pos struct {
	g      engine.Game
	setup  engine.Setup // prepared
	st     engine.State // the playout's state: a check that changes it must work on a clone
	step   int          // actions taken so far
	sample bool         // a sampled step (Config.Every)
	rng    *engine.RNG  // the check's own random source, apart from the playout's choices
	rec    *engine.Record
	where  string // "setup 1, playout 1, step 30" for messages
}

// playouts plays cfg.Playouts random playouts from each setup and calls visit before each
// action and once at the end (after the last action, st over or MaxActions reached). salt
// separates the random streams of the checks.
func playouts(g engine.Game, cfg Config, salt uint64, visit func(p *pos) error) error {
	for i, raw := range cfg.Setups {
		setup, err := g.Prepare(raw)
		if err != nil {
			return fmt.Errorf("setup %d: %w", i+1, err)
		}
		for k := 0; k < cfg.Playouts; k++ {
			seed := cfg.Seed*1_000_003 + uint64(i)*7919 + uint64(k)*104729 + salt
			s := setup
			s.Seed = setup.Seed + uint64(k)
			if err := playout(g, s, cfg, seed, fmt.Sprintf("setup %d, playout %d", i+1, k+1), visit); err != nil {
				return err
			}
		}
	}
	return nil
}

func playout(g engine.Game, setup engine.Setup, cfg Config, seed uint64, name string, visit func(p *pos) error) error {
	st, err := g.New(setup)
	if err != nil {
		return fmt.Errorf("%s: New: %w", name, err)
	}
	seats := make([]string, st.NumSeats())
	for i := range seats {
		seats[i] = "random"
	}
	choose, own := engine.NewRNG(seed), engine.NewRNG(seed^0x5eed)
	p := &pos{g: g, setup: setup, st: st, rng: &own, rec: engine.NewRecord(g.Name(), setup, seats)}
	var movers []engine.Seat
	var legal []engine.Action
	for p.step = 0; ; p.step++ {
		p.sample = p.step%cfg.Every == 0
		p.where = fmt.Sprintf("%s, step %d", name, p.step)
		if err := visit(p); err != nil {
			return fmt.Errorf("%s: %w", p.where, err)
		}
		if st.Over() || p.step >= cfg.MaxActions {
			return nil
		}
		movers = st.ToMove(movers[:0])
		if len(movers) == 0 {
			return fmt.Errorf("%s: the game is not over but nobody is to move", p.where)
		}
		seat := movers[choose.Intn(len(movers))]
		legal = st.Legal(seat, legal[:0])
		if len(legal) == 0 {
			return fmt.Errorf("%s: %s is to move but has no legal action", p.where, st.SeatName(seat))
		}
		a := legal[choose.Intn(len(legal))]
		text := st.ActionText(seat, a)
		if err := st.Apply(seat, a); err != nil {
			return fmt.Errorf("%s: %s's legal %q refused: %w", p.where, st.SeatName(seat), text, err)
		}
		p.rec.Actions = append(p.rec.Actions, engine.LoggedAction{Seat: int(seat), Action: text})
	}
}

// randomMove applies one random legal action to st; false when nobody may act.
func randomMove(st engine.State, rng *engine.RNG) (bool, error) {
	movers := st.ToMove(nil)
	if len(movers) == 0 {
		return false, nil
	}
	seat := movers[rng.Intn(len(movers))]
	legal := st.Legal(seat, nil)
	if len(legal) == 0 {
		return false, fmt.Errorf("%s is to move but has no legal action", st.SeatName(seat))
	}
	a := legal[rng.Intn(len(legal))]
	if err := st.Apply(seat, a); err != nil {
		return false, fmt.Errorf("legal %q refused: %w", st.ActionText(seat, a), err)
	}
	return true, nil
}

// madeUp returns an action value that Legal does not list for seat: a legal value with a bit
// flipped, or a random one.
func madeUp(rng *engine.RNG, legal []engine.Action) engine.Action {
	for {
		var a engine.Action
		if len(legal) > 0 && rng.Intn(2) == 0 {
			a = legal[rng.Intn(len(legal))] ^ engine.Action(1)<<rng.Intn(32)
		} else {
			a = engine.Action(rng.Uint64())
		}
		if !containsAction(legal, a) {
			return a
		}
	}
}

func containsAction(legal []engine.Action, a engine.Action) bool {
	for _, b := range legal {
		if a == b {
			return true
		}
	}
	return false
}

// verb is the first word of an action text, lower case.
func verb(text string) string {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
