package sim

import (
	"math"
	"sort"
	"time"

	"starnexus/engine"
	"starnexus/games/realms"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of a proportion of k successes in n trials
// ([0, 1] when n is 0).
func Wilson(k, n int) [2]float64 {
	return WilsonZ(k, n, z95)
}

// WilsonZ is Wilson with the normal quantile z.
func WilsonZ(k, n int, z float64) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return [2]float64{math.Max(0, center-half), math.Min(1, center+half)}
}

// Summary is what "starnexus sim" reports: the JSON of --json and of summary.json.
type Summary struct {
	Format  string   `json:"format"`
	Sets    []string `json:"sets"`
	Seed    uint64   `json:"seed"`
	Games   int      `json:"games"` // games played to the end (failed ones excluded)
	Draws   int      `json:"draws"`
	Errors  int      `json:"errors"`
	Seconds float64  `json:"seconds,omitempty"`
	// FirstPlayerWinRate is the share of games won by the seat that moved first.
	FirstPlayerWinRate float64    `json:"first_player_win_rate"`
	FirstPlayerCI95    [2]float64 `json:"first_player_ci95"`
	AvgRounds          float64    `json:"avg_rounds"`  // completed rounds per game
	AvgActions         float64    `json:"avg_actions"` // actions per game
	// Seats has one entry per configured seat, in the order given, each following its bot
	// from seat to seat.
	Seats []SeatSummary `json:"seats"`
	// Positions are the win rates by position in turn order (1: the first player).
	Positions []PositionSummary `json:"positions"`
	// Cards are the cards bought at least once, by decreasing impact.
	Cards []CardSummary `json:"cards"`
	// Authority holds, per entry of Seats, the mean authority of that bot at the start (index
	// 0) and at the end of each round; a game that is over counts with its final authority.
	Authority [][]float64 `json:"authority_by_round"`
	// Running is, per round, the share of games still being played at its start.
	Running []float64 `json:"running_by_round"`
}

// SeatSummary is one configured bot's record.
type SeatSummary struct {
	Bot        string     `json:"bot"`
	Wins       int        `json:"wins"`
	WinRate    float64    `json:"win_rate"` // wins / games; a draw is not a win
	CI95       [2]float64 `json:"ci95"`
	DecisionMs float64    `json:"decision_ms"` // mean per decision with more than one legal action
	Decisions  int        `json:"decisions"`   // those decisions
}

// PositionSummary is the record of a position in turn order, whoever held it.
type PositionSummary struct {
	Position int        `json:"position"`
	Wins     int        `json:"wins"`
	WinRate  float64    `json:"win_rate"`
	CI95     [2]float64 `json:"ci95"`
}

// CardSummary is a card's record over the batch. A "buyer" is a player in one game who bought
// the card at least once.
type CardSummary struct {
	Name          string  `json:"name"`
	Bought        int     `json:"bought"`          // copies bought in all
	BoughtPerGame float64 `json:"bought_per_game"` // Bought / games
	Buyers        int     `json:"buyers"`          // player-games that bought it
	BuyerWins     int     `json:"buyer_wins"`
	// WinRateWhenBought is BuyerWins / Buyers; WinRateWhenNot the win rate of the players
	// who did not buy it; Impact the difference.
	WinRateWhenBought float64    `json:"win_rate_when_bought"`
	CI95              [2]float64 `json:"ci95"`
	WinRateWhenNot    float64    `json:"win_rate_when_not_bought"`
	Impact            float64    `json:"impact"`
}

// Summarize computes the figures of a batch from its games.
func Summarize(cat *realms.Catalog, cfg Config, res Result) Summary {
	n := len(cfg.Seats)
	sum := Summary{Format: cfg.Format, Sets: cfg.Sets, Seed: cfg.Seed, Errors: len(res.Errors), Draws: res.Draws}
	if sum.Format == "" {
		sum.Format = "standard"
	}
	if len(sum.Sets) == 0 {
		sum.Sets = []string{"core"}
	}
	var ok []*GameResult
	for i := range res.Results {
		if res.Results[i].Err == nil {
			ok = append(ok, &res.Results[i])
		}
	}
	games := len(ok)
	sum.Games = games
	posWins := make([]int, n)
	bought := map[realms.CardID]*CardSummary{}
	playerGames, playerWins := 0, 0
	maxPoints := 0
	for _, g := range ok {
		sum.AvgRounds += float64(g.Rounds)
		sum.AvgActions += float64(g.Actions)
		maxPoints = max(maxPoints, len(g.Authority))
		for p := 0; p < n; p++ {
			if g.Won(engine.Seat((int(g.First) + p) % n)) {
				posWins[p]++
			}
		}
		for s := range g.Bot {
			won := g.Won(engine.Seat(s))
			playerGames++
			if won {
				playerWins++
			}
			seen := map[realms.CardID]bool{}
			for _, c := range g.Bought[s] {
				cs := bought[c]
				if cs == nil {
					cs = &CardSummary{Name: cat.Card(c).Name}
					bought[c] = cs
				}
				cs.Bought++
				if !seen[c] {
					seen[c] = true
					cs.Buyers++
					if won {
						cs.BuyerWins++
					}
				}
			}
		}
	}
	if games > 0 {
		sum.AvgRounds /= float64(games)
		sum.AvgActions /= float64(games)
		sum.FirstPlayerWinRate = float64(posWins[0]) / float64(games)
	}
	sum.FirstPlayerCI95 = Wilson(posWins[0], games)
	for b, name := range cfg.Seats {
		ss := SeatSummary{Bot: name, Wins: res.Wins[b], CI95: Wilson(res.Wins[b], games), Decisions: res.Decisions[b]}
		if games > 0 {
			ss.WinRate = float64(res.Wins[b]) / float64(games)
		}
		if res.Decisions[b] > 0 {
			ss.DecisionMs = float64(res.Thinking[b]) / float64(time.Millisecond) / float64(res.Decisions[b])
		}
		sum.Seats = append(sum.Seats, ss)
	}
	for p := 0; p < n; p++ {
		ps := PositionSummary{Position: p + 1, Wins: posWins[p], CI95: Wilson(posWins[p], games)}
		if games > 0 {
			ps.WinRate = float64(posWins[p]) / float64(games)
		}
		sum.Positions = append(sum.Positions, ps)
	}
	sum.Cards = []CardSummary{}
	for _, cs := range bought {
		cs.BoughtPerGame = float64(cs.Bought) / float64(games)
		cs.WinRateWhenBought = float64(cs.BuyerWins) / float64(cs.Buyers)
		cs.CI95 = Wilson(cs.BuyerWins, cs.Buyers)
		if others := playerGames - cs.Buyers; others > 0 {
			cs.WinRateWhenNot = float64(playerWins-cs.BuyerWins) / float64(others)
		}
		cs.Impact = cs.WinRateWhenBought - cs.WinRateWhenNot
		sum.Cards = append(sum.Cards, *cs)
	}
	sort.Slice(sum.Cards, func(i, j int) bool {
		a, b := sum.Cards[i], sum.Cards[j]
		if a.Impact != b.Impact {
			return a.Impact > b.Impact
		}
		return a.Name < b.Name
	})
	sum.Authority = make([][]float64, n)
	for b := range sum.Authority {
		sum.Authority[b] = make([]float64, maxPoints)
	}
	sum.Running = make([]float64, maxPoints)
	for _, g := range ok {
		for r := 0; r < maxPoints; r++ {
			pt := g.Authority[min(r, len(g.Authority)-1)]
			if r < len(g.Authority) {
				sum.Running[r]++
			}
			for s, b := range g.Bot {
				sum.Authority[b][r] += float64(pt[s])
			}
		}
	}
	for r := 0; r < maxPoints && games > 0; r++ {
		sum.Running[r] /= float64(games)
		for b := range sum.Authority {
			sum.Authority[b][r] /= float64(games)
		}
	}
	return sum
}
