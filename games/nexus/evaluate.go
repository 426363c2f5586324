package nexus

import (
	"math"

	"starnexus/engine"
)

// Evaluator scores an unfinished game for the search bots (it satisfies ai/ismcts.Evaluator
// without importing it): each side's life plus what it has on the field and in hand, turned
// into a chance to win by a softmax over the sides still in the game. The search calls it on
// its own determinization, so reading every zone reveals nothing.
type Evaluator struct{}

// evalScale is how many points of score separate sides whose chances differ by a factor e:
// about two creatures or eight life.
const evalScale = 8.0

// Evaluate implements ai/ismcts.Evaluator: rewards[seat] is the chance that seat's side wins.
func (Evaluator) Evaluate(st engine.State, rewards []float64) {
	s := st.(*State)
	var score [MaxSeats]float64
	var alive, lifeCounted [MaxSeats]bool
	for p := int8(0); p < s.N; p++ {
		t := s.P[p].Team
		if s.P[p].Lost {
			continue
		}
		alive[t] = true
		if !lifeCounted[t] { // allied players share one life total (16.1)
			lifeCounted[t] = true
			score[t] += float64(*s.lifeOf(p))
		}
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		switch o.Zone {
		case zField:
			if o.Ctrl < 0 || o.Ctrl >= s.N {
				continue
			}
			d := &s.tab.Defs[o.Def]
			t := s.P[o.Ctrl].Team
			switch {
			case d.isCreature():
				S, E, _ := s.stats(oid(i))
				// Printed strength and endurance count for the turns to come, current points for
				// this one.
				score[t] += 1.2*float64(S+E)/2 + 0.8*float64(int(o.Atk)+max(int(o.Dfn), 0))/2
			case d.Type == TResource || d.Type == TSpecial:
				score[t] += 0.8
			}
		case zHand:
			if o.Owner >= 0 && o.Owner < s.N {
				score[s.P[o.Owner].Team] += 1.0
			}
		}
	}
	best := math.Inf(-1)
	for t := range score {
		if alive[t] && score[t] > best {
			best = score[t]
		}
	}
	var w [MaxSeats]float64
	sum := 0.0
	for t := range score {
		if alive[t] {
			w[t] = math.Exp((score[t] - best) / evalScale)
			sum += w[t]
		}
	}
	for p := 0; p < len(rewards); p++ {
		rewards[p] = 0
		if p < int(s.N) && !s.P[p].Lost && sum > 0 {
			rewards[p] = w[s.P[p].Team] / sum
		}
	}
}
