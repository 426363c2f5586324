package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"starnexus/engine"
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
	return wilsonPoints(float64(k), n, z)
}

// wilsonPoints is WilsonZ for a count that may be fractional (points where a draw is half a
// win), the usual reading of a score as a proportion of n trials.
func wilsonPoints(k float64, n int, z float64) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	nf := float64(n)
	p := k / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return [2]float64{math.Max(0, center-half), math.Min(1, center+half)}
}

// Summary is what "starnexus sim" reports: the JSON of --json and of summary.json.
type Summary struct {
	// Game is the game played, left out for the registry's default game (Star Realms).
	Game   string   `json:"game,omitempty"`
	Format string   `json:"format"`
	Sets   []string `json:"sets"`
	Seed   uint64   `json:"seed"` // the first game's
	// First is the index of the first game in the run it is a slice of (sim --first-game):
	// that run's seed is Seed-First.
	First   int     `json:"first,omitempty"`
	Games   int     `json:"games"` // games played to the end (failed ones excluded)
	Draws   int     `json:"draws"`
	Errors  int     `json:"errors"`
	Seconds float64 `json:"seconds,omitempty"`
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
	// Authority holds, per entry of Seats, the mean score (authority, life: ScoreName) of that
	// bot at the start (index 0) and at the end of each round; a game that is over counts with
	// its final score. Its JSON key is ScoreName + "_by_round" ("authority_by_round"), left
	// out for a game that does not keep a score.
	Authority [][]float64 `json:"-"`
	// ScoreName names the score ("authority", "life"); "" if the game tells sim none.
	ScoreName string `json:"-"`
	// Running is, per round, the share of games still being played at its start.
	Running []float64 `json:"running_by_round"`
	// Acquired names what Cards counts when it is not buying a card ("cast"); the card keys
	// keep their names ("bought", "buyers"...) whatever the game.
	Acquired string `json:"cards_counted,omitempty"`
	// Options are the game options set, in the game's canonical form.
	Options map[string]string `json:"options,omitempty"`
	// Decks and Heroes are the records by deck and by hero when the seats bring decks: a
	// deck played by two entries of Seats counts both.
	Decks  []GroupSummary `json:"decks,omitempty"`
	Heroes []GroupSummary `json:"heroes,omitempty"`
}

// GroupSummary is the record of the seats that shared a deck, or a hero.
type GroupSummary struct {
	Name    string     `json:"name"`
	Games   int        `json:"games"` // player-games
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// SeatSummary is one configured bot's record.
type SeatSummary struct {
	Bot     string     `json:"bot"`
	Deck    string     `json:"deck,omitempty"`
	Hero    string     `json:"hero,omitempty"`
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"` // wins / games; a draw is not a win
	CI95    [2]float64 `json:"ci95"`
	// Score is the bot's points when some games were drawn (Summary.Draws > 0, else absent): a
	// win is 1 and a draw an equal share of 1 among the seats, half in a duel. ScoreRate is
	// Score / games and ScoreCI95 its Wilson interval.
	Score      float64   `json:"score,omitempty"`
	ScoreRate  float64   `json:"score_rate,omitempty"`
	ScoreCI95  []float64 `json:"score_ci95,omitempty"`
	DecisionMs float64   `json:"decision_ms"` // mean per decision with more than one legal action
	Decisions  int       `json:"decisions"`   // those decisions
	// DecisionCPUMs is the mean CPU time of CPUDecisions of those decisions (the thread's
	// clock, which other work on the machine does not inflate as it does the wall time);
	// absent where the clock was not read.
	DecisionCPUMs float64 `json:"decision_cpu_ms,omitempty"`
	CPUDecisions  int     `json:"cpu_decisions,omitempty"`
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

// PairingsLabel names a list of deck pairings for a summary's options: "every pairing of a, b"
// when it is every ordered pairing of a set of decks (as `sim --decks all` plays), else the
// pairings themselves.
func PairingsLabel(pairings [][]Deck) string {
	if len(pairings) == 0 {
		return ""
	}
	var names []string
	seen := map[string]bool{}
	var list []string
	for _, p := range pairings {
		var ns []string
		for _, d := range p {
			ns = append(ns, d.Name)
			if !seen[d.Name] {
				seen[d.Name] = true
				names = append(names, d.Name)
			}
		}
		list = append(list, strings.Join(ns, "-"))
	}
	want := 1
	for range pairings[0] {
		want *= len(names)
	}
	if want == len(pairings) && len(names) > 1 {
		return "every pairing of " + strings.Join(names, ", ")
	}
	return strings.Join(list, " ")
}

// Summarize computes the figures of a batch of game from its games. Format, sets and
// options are game's canonical ones (its Prepare of the first game's setup).
func Summarize(game engine.Game, cfg Config, res Result) Summary {
	n := len(cfg.Seats)
	sum := Summary{Format: cfg.Format, Sets: cfg.Sets, Seed: cfg.Seed + uint64(cfg.First), First: cfg.First, Errors: len(res.Errors), Draws: res.Draws}
	if opts, err := ParseOptions(cfg.Options); err == nil {
		base := engine.Setup{Format: cfg.Format, Sets: cfg.Sets, Options: opts, Names: make([]string, n)}
		if setup, err := setupFor(game, base, cfg, 0); err == nil {
			if setup, err = game.Prepare(setup); err == nil {
				sum.Format, sum.Sets = setup.Format, setup.Sets
				sum.Options = map[string]string{}
				for k, v := range setup.Options {
					if k != "decks" || len(cfg.Decks) == 0 { // the decks are in Seats
						sum.Options[k] = v
					}
				}
				if len(cfg.Pairings) > 0 {
					sum.Options["decks"] = PairingsLabel(cfg.Pairings)
				}
				if len(sum.Options) == 0 {
					sum.Options = nil
				}
			}
		}
	}
	if sum.Sets == nil {
		sum.Sets = []string{}
	}
	if sg, ok := game.(StatsGame); ok {
		score, acquired := sg.SimStats()
		sum.ScoreName = score
		if acquired != "bought" {
			sum.Acquired = acquired
		}
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
	bought := map[string]*CardSummary{}
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
			if len(g.Bought) == 0 {
				continue
			}
			seen := map[string]bool{}
			for _, c := range g.Bought[s] {
				cs := bought[c]
				if cs == nil {
					cs = &CardSummary{Name: c}
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
		if len(res.CPUDecisions) > b && res.CPUDecisions[b] > 0 {
			ss.CPUDecisions = res.CPUDecisions[b]
			ss.DecisionCPUMs = float64(res.CPU[b]) / float64(time.Millisecond) / float64(res.CPUDecisions[b])
		}
		if len(cfg.Decks) == n {
			ss.Deck = cfg.Decks[b].Name
			if dg, ok := game.(DeckGame); ok {
				ss.Hero, _ = dg.DeckHero(cfg.Decks[b].Name, cfg.Decks[b].Text)
			}
		}
		sum.Seats = append(sum.Seats, ss)
	}
	sum.setScores()
	if len(cfg.Decks) == n {
		sum.Decks = groups(sum.Seats, games, func(s SeatSummary) string { return s.Deck })
		sum.Heroes = groups(sum.Seats, games, func(s SeatSummary) string { return s.Hero })
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
		cs.finish(games, playerGames, playerWins)
		sum.Cards = append(sum.Cards, *cs)
	}
	sortCards(sum.Cards)
	if sum.ScoreName == "" {
		return sum
	}
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

// groups sums the seats' records by key (a deck, a hero), in order of first appearance; each
// seat played games games. Seats with no key are left out.
func groups(seats []SeatSummary, games int, key func(SeatSummary) string) []GroupSummary {
	var out []GroupSummary
	at := map[string]int{}
	for _, s := range seats {
		k := key(s)
		if k == "" {
			continue
		}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, GroupSummary{Name: k})
		}
		out[i].Games += games
		out[i].Wins += s.Wins
	}
	for i := range out {
		out[i].finish()
	}
	return out
}

func (g *GroupSummary) finish() {
	g.CI95 = Wilson(g.Wins, g.Games)
	g.WinRate = 0
	if g.Games > 0 {
		g.WinRate = float64(g.Wins) / float64(g.Games)
	}
}

// plainSummary is Summary without its methods, for the default encoding.
type plainSummary Summary

// MarshalJSON writes the scores by round under ScoreName + "_by_round", just before
// "running_by_round".
func (s Summary) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(plainSummary(s))
	if err != nil || s.ScoreName == "" {
		return b, err
	}
	scores, err := json.Marshal(s.Authority)
	if err != nil {
		return nil, err
	}
	const anchor = `,"running_by_round":`
	i := bytes.Index(b, []byte(anchor))
	if i < 0 {
		return nil, errors.New("summary: no running_by_round key")
	}
	key, _ := json.Marshal(s.ScoreName + "_by_round")
	out := make([]byte, 0, len(b)+len(key)+len(scores)+2)
	out = append(out, b[:i]...)
	out = append(out, ',')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, scores...)
	return append(out, b[i:]...), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Summary) UnmarshalJSON(b []byte) error {
	var p plainSummary
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return err
	}
	for k, v := range keys {
		if name, ok := strings.CutSuffix(k, "_by_round"); ok && name != "running" {
			p.ScoreName = name
			if err := json.Unmarshal(v, &p.Authority); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		}
	}
	*s = Summary(p)
	return nil
}

// finish computes a card's rates from its counts.
func (cs *CardSummary) finish(games, playerGames, playerWins int) {
	cs.BoughtPerGame = float64(cs.Bought) / float64(games)
	cs.WinRateWhenBought = float64(cs.BuyerWins) / float64(cs.Buyers)
	cs.CI95 = Wilson(cs.BuyerWins, cs.Buyers)
	if others := playerGames - cs.Buyers; others > 0 {
		cs.WinRateWhenNot = float64(playerWins-cs.BuyerWins) / float64(others)
	}
	cs.Impact = cs.WinRateWhenBought - cs.WinRateWhenNot
}

// sortCards orders cards by decreasing impact, then by name.
func sortCards(cards []CardSummary) {
	sort.Slice(cards, func(i, j int) bool {
		a, b := cards[i], cards[j]
		if a.Impact != b.Impact {
			return a.Impact > b.Impact
		}
		return a.Name < b.Name
	})
}

// Label names a configured seat for people: its bot, and its deck if it brings one.
func (s SeatSummary) Label() string {
	if s.Deck == "" {
		return s.Bot
	}
	return s.Bot + " (" + s.Deck + ")"
}

// setScores fills the seats' Score, ScoreRate and ScoreCI95 from their wins and the draws
// (each seat has a share of every draw), or clears them when no game was drawn.
func (sum *Summary) setScores() {
	for i := range sum.Seats {
		s := &sum.Seats[i]
		s.Score, s.ScoreRate, s.ScoreCI95 = 0, 0, nil
		if sum.Draws == 0 || sum.Games == 0 {
			continue
		}
		s.Score = float64(s.Wins) + float64(sum.Draws)/float64(len(sum.Seats))
		s.ScoreRate = s.Score / float64(sum.Games)
		ci := wilsonPoints(s.Score, sum.Games, z95)
		s.ScoreCI95 = ci[:]
	}
}
