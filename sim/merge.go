package sim

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
)

// Merge sums up several summaries of the same setup (game, format, sets, options, bots and
// decks) played from seeds that do not overlap, as one: a long run split by seed into
// shorter ones (or into slices of one run, sim --first-game). The merged summary's seed is
// the lowest.
func Merge(sums []Summary) (Summary, error) {
	if len(sums) == 0 {
		return Summary{}, errors.New("nothing to merge")
	}
	first := sums[0]
	type span struct {
		lo, hi uint64
		first  int
	}
	var spans []span
	for i, s := range sums {
		if err := sameSetup(first, s); err != nil {
			return Summary{}, fmt.Errorf("summary %d is not of the same setup as summary 1: %w", i+1, err)
		}
		spans = append(spans, span{s.Seed, s.Seed + uint64(s.Games+s.Errors), s.First})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	for i := 1; i < len(spans); i++ {
		if spans[i].lo < spans[i-1].hi {
			return Summary{}, fmt.Errorf("seeds %d-%d and %d-%d overlap: the same games would count twice",
				spans[i-1].lo, spans[i-1].hi-1, spans[i].lo, spans[i].hi-1)
		}
	}
	n := len(first.Seats)
	out := Summary{Game: first.Game, Format: first.Format, Sets: first.Sets, Seed: spans[0].lo, First: spans[0].first, ScoreName: first.ScoreName,
		Acquired: first.Acquired, Options: first.Options}
	out.Seats = make([]SeatSummary, n)
	out.Positions = make([]PositionSummary, len(first.Positions))
	thinking := make([]float64, n)
	cpu := make([]float64, n)
	cards := map[string]*CardSummary{}
	var order []string
	points := 0
	for _, s := range sums {
		points = max(points, len(s.Running))
	}
	out.Running = make([]float64, points)
	if out.ScoreName != "" {
		out.Authority = make([][]float64, n)
		for b := range out.Authority {
			out.Authority[b] = make([]float64, points)
		}
	}
	for _, s := range sums {
		g := float64(s.Games)
		out.Games += s.Games
		out.Draws += s.Draws
		out.Errors += s.Errors
		out.Seconds += s.Seconds
		out.AvgRounds += s.AvgRounds * g
		out.AvgActions += s.AvgActions * g
		for b, st := range s.Seats {
			o := &out.Seats[b]
			o.Bot, o.Deck, o.Hero = st.Bot, st.Deck, st.Hero
			o.Wins += st.Wins
			o.Decisions += st.Decisions
			thinking[b] += st.DecisionMs * float64(st.Decisions)
			cpu[b] += st.DecisionCPUMs * float64(st.CPUDecisions)
			o.CPUDecisions += st.CPUDecisions
		}
		for p, ps := range s.Positions {
			out.Positions[p].Position = ps.Position
			out.Positions[p].Wins += ps.Wins
		}
		for _, c := range s.Cards {
			cs := cards[c.Name]
			if cs == nil {
				cs = &CardSummary{Name: c.Name}
				cards[c.Name] = cs
				order = append(order, c.Name)
			}
			cs.Bought += c.Bought
			cs.Buyers += c.Buyers
			cs.BuyerWins += c.BuyerWins
		}
		// a run's last point holds every game's final state: later rounds repeat it
		for r := 0; r < points; r++ {
			if r < len(s.Running) {
				out.Running[r] += s.Running[r] * g
			}
			for b := range out.Authority {
				if a := s.Authority[b]; len(a) > 0 {
					out.Authority[b][r] += a[min(r, len(a)-1)] * g
				}
			}
		}
	}
	games := out.Games
	if games > 0 {
		gf := float64(games)
		out.AvgRounds /= gf
		out.AvgActions /= gf
		for r := range out.Running {
			out.Running[r] /= gf
			for b := range out.Authority {
				out.Authority[b][r] /= gf
			}
		}
	}
	playerWins := 0
	for b := range out.Seats {
		o := &out.Seats[b]
		playerWins += o.Wins
		o.CI95 = Wilson(o.Wins, games)
		if games > 0 {
			o.WinRate = float64(o.Wins) / float64(games)
		}
		if o.Decisions > 0 {
			o.DecisionMs = thinking[b] / float64(o.Decisions)
		}
		if o.CPUDecisions > 0 {
			o.DecisionCPUMs = cpu[b] / float64(o.CPUDecisions)
		}
	}
	out.setScores()
	for p := range out.Positions {
		ps := &out.Positions[p]
		ps.CI95 = Wilson(ps.Wins, games)
		if games > 0 {
			ps.WinRate = float64(ps.Wins) / float64(games)
		}
	}
	if len(out.Positions) > 0 {
		out.FirstPlayerWinRate, out.FirstPlayerCI95 = out.Positions[0].WinRate, out.Positions[0].CI95
	}
	playerGames := games * n
	out.Cards = []CardSummary{}
	for _, name := range order {
		cs := cards[name]
		cs.finish(games, playerGames, playerWins)
		out.Cards = append(out.Cards, *cs)
	}
	sortCards(out.Cards)
	if first.Decks != nil {
		out.Decks = groups(out.Seats, games, func(s SeatSummary) string { return s.Deck })
		out.Heroes = groups(out.Seats, games, func(s SeatSummary) string { return s.Hero })
	}
	return out, nil
}

// sameSetup reports how two summaries' setups differ, if they do.
func sameSetup(a, b Summary) error {
	bots := func(s Summary) (out [][3]string) {
		for _, st := range s.Seats {
			out = append(out, [3]string{st.Bot, st.Deck, st.Hero})
		}
		return out
	}
	switch {
	case a.Game != b.Game:
		return fmt.Errorf("game %q, not %q", b.Game, a.Game)
	case a.Format != b.Format:
		return fmt.Errorf("format %q, not %q", b.Format, a.Format)
	case !slices.Equal(a.Sets, b.Sets):
		return fmt.Errorf("sets %v, not %v", b.Sets, a.Sets)
	case !reflect.DeepEqual(a.Options, b.Options):
		return fmt.Errorf("options %v, not %v", b.Options, a.Options)
	case !slices.Equal(bots(a), bots(b)):
		return fmt.Errorf("seats (bot, deck, hero) %v, not %v", bots(b), bots(a))
	case a.ScoreName != b.ScoreName || a.Acquired != b.Acquired:
		return errors.New("the statistics kept differ")
	}
	return nil
}

// MergeMatrices sums up several deck matrices of the same setup played from different seeds.
func MergeMatrices(ms []Matrix) (Matrix, error) {
	if len(ms) == 0 {
		return Matrix{}, errors.New("nothing to merge")
	}
	out := ms[0]
	out.Cells = make([][]MatrixCell, len(out.Decks))
	for i := range out.Cells {
		out.Cells[i] = make([]MatrixCell, len(out.Decks))
	}
	out.GamesPerPair, out.Errors = 0, 0
	seeds := map[uint64]bool{}
	for k, m := range ms {
		if m.Game != out.Game || m.Format != out.Format || !slices.Equal(m.Bots, out.Bots) || !slices.Equal(m.Decks, out.Decks) {
			return Matrix{}, fmt.Errorf("matrix %d is not of the same setup as matrix 1 (game, format, bots and decks must match)", k+1)
		}
		if seeds[m.Seed] {
			return Matrix{}, fmt.Errorf("two matrices start from seed %d: the same games would count twice", m.Seed)
		}
		seeds[m.Seed] = true
		out.Seed = min(out.Seed, m.Seed)
		out.GamesPerPair += m.GamesPerPair
		out.Errors += m.Errors
		for i := range m.Cells {
			for j, c := range m.Cells[i] {
				o := &out.Cells[i][j]
				o.Games += c.Games
				o.Wins += c.Wins
				o.Draws += c.Draws
			}
		}
	}
	out.finish()
	return out, nil
}
