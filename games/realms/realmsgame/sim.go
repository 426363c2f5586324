package realmsgame

import (
	"errors"

	"starnexus/engine"
	"starnexus/games/realms"
)

// What sim asks of Star Realms (sim.StatsGame, sim.CheckGame): the cards bought, authority
// round by round, and the engine's invariants.

// SimStats implements sim.StatsGame.
func (g *Game) SimStats() (score, acquired string) { return "authority", "bought" }

// NewTracker implements sim.StatsGame.
func (g *Game) NewTracker(st engine.State) interface {
	Before(seat engine.Seat, a engine.Action) string
	Rounds() int
	Score(seat engine.Seat) int
} {
	s := st.(*realms.State)
	return &tracker{cat: g.cat, pub: s.RealmsView(engine.Spectator)}
}

type tracker struct {
	cat *realms.Catalog
	pub realms.View
}

// Before reports the card a buy action buys (Explorers included).
func (t *tracker) Before(_ engine.Seat, a engine.Action) string {
	if realms.ActionKind(a) == realms.KindBuy {
		return t.cat.Card(realms.ActionCard(a)).Name
	}
	return ""
}

func (t *tracker) Rounds() int                { return t.pub.Rounds() }
func (t *tracker) Score(seat engine.Seat) int { return t.pub.Authority(seat) }

// NewChecker implements sim.CheckGame: cards conserved, the invariants of DESIGN.md §5 after
// every action, and no hidden card in a view every tenth action.
func (g *Game) NewChecker(st engine.State, seed uint64) func(actions int) error {
	s := st.(*realms.State)
	counts := s.CardCounts()
	rng := engine.NewRNG(seed)
	return func(actions int) error {
		if s.CardCounts() != counts {
			return errors.New("cards are not conserved")
		}
		if err := s.CheckInvariants(); err != nil {
			return err
		}
		if actions%10 == 1 {
			return s.CheckHidden(&rng)
		}
		return nil
	}
}
