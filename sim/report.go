package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// pct formats a proportion as a percentage; interval formats a 95% interval in percent.
func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func interval(ci [2]float64) string { return fmt.Sprintf("[%.1f, %.1f]", 100*ci[0], 100*ci[1]) }

// cpuMs is a seat's CPU milliseconds per decision, "-" where they were not measured.
func cpuMs(s SeatSummary) string {
	if s.CPUDecisions == 0 {
		return "-"
	}
	return ms(s.DecisionCPUMs)
}

// WriteTable prints the summary as readable tables; cards limits the card table (0: all).
func WriteTable(w io.Writer, sum Summary, cards int) {
	bots := make([]string, len(sum.Seats))
	for i, s := range sum.Seats {
		bots[i] = s.Label()
	}
	fmt.Fprintf(w, "%d games of %s%s, bots %s rotating seats, seed %d%s\n", sum.Games, sum.Format,
		setsText(sum.Sets), strings.Join(bots, ","), sum.Seed, sliceText(sum))
	if d := sum.Options["decks"]; strings.HasPrefix(d, "every pairing") {
		fmt.Fprintf(w, "decks: %s, in turn\n", d)
	}
	fmt.Fprintf(w, "%.1f rounds and %.0f actions per game on average; %d draws", sum.AvgRounds, sum.AvgActions, sum.Draws)
	if sum.Errors > 0 {
		fmt.Fprintf(w, "; %d failed games", sum.Errors)
	}
	if sum.Seconds > 0 {
		fmt.Fprintf(w, "; %.2f s", sum.Seconds)
	}
	fmt.Fprintf(w, "\nfirst player wins %s %s\n\n", pct(sum.FirstPlayerWinRate), interval(sum.FirstPlayerCI95))
	head := []string{"bot", "wins", "win rate", "95% interval"}
	if sum.Draws > 0 {
		head = append(head, "score", "score rate", "95% interval")
	}
	tw := newTable(append(head, "ms/decision", "CPU ms", "decisions")...)
	for _, s := range sum.Seats {
		row := []string{s.Label(), fmt.Sprint(s.Wins), pct(s.WinRate), interval(s.CI95)}
		if sum.Draws > 0 {
			row = append(row, scoreText(s.Score), pct(s.ScoreRate), interval(scoreCI(s)))
		}
		tw.row(append(row, ms(s.DecisionMs), cpuMs(s), fmt.Sprint(s.Decisions))...)
	}
	tw.write(w)
	if sum.Draws > 0 {
		fmt.Fprintln(w, "score: a win 1, a draw shared among the seats (half in a duel)")
	}
	fmt.Fprintln(w)
	tw = newTable("position", "wins", "win rate", "95% interval")
	for _, p := range sum.Positions {
		tw.row(ordinal(p.Position), fmt.Sprint(p.Wins), pct(p.WinRate), interval(p.CI95))
	}
	tw.write(w)
	fmt.Fprintln(w)
	for _, g := range []struct {
		what string
		rows []GroupSummary
	}{{"deck", sum.Decks}, {"hero", sum.Heroes}} {
		if len(g.rows) == 0 {
			continue
		}
		tw = newTable(g.what, "player-games", "wins", "win rate", "95% interval")
		for _, r := range g.rows {
			tw.row(r.Name, fmt.Sprint(r.Games), fmt.Sprint(r.Wins), pct(r.WinRate), interval(r.CI95))
		}
		tw.write(w)
		fmt.Fprintln(w)
	}
	if len(sum.Cards) == 0 {
		return
	}
	verb, noun := acquired(sum)
	tw = newTable("card", verb+"/game", noun+"s", "win rate if "+verb, "95% interval", "if not", "impact")
	for i, c := range sum.Cards {
		if cards > 0 && i == cards {
			break
		}
		tw.row(c.Name, fmt.Sprintf("%.2f", c.BoughtPerGame), fmt.Sprint(c.Buyers), pct(c.WinRateWhenBought), interval(c.CI95),
			pct(c.WinRateWhenNot), fmt.Sprintf("%+.1f", 100*c.Impact))
	}
	tw.write(w)
	if cards > 0 && len(sum.Cards) > cards {
		fmt.Fprintf(w, "(%d more cards: --cards 0, --json or --report for all)\n", len(sum.Cards)-cards)
	}
}

// ms formats milliseconds: to a tenth above 1, to a thousandth below.
func ms(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 1:
		return fmt.Sprintf("%.1f", x)
	case x >= 0.001:
		return fmt.Sprintf("%.3f", x)
	case x > 0:
		return "<0.001"
	}
	return "0"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// table aligns columns: the first left-aligned, the others right-aligned.
type table struct {
	rows [][]string
}

func newTable(head ...string) *table { return &table{rows: [][]string{head}} }

func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(w io.Writer) {
	width := make([]int, len(t.rows[0]))
	for _, r := range t.rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	t.rows = t.rows[:1]
}

// Report files written by WriteReport.
const (
	ReportJSON      = "summary.json"
	ReportMarkdown  = "report.md"
	ChartWinRates   = "win_rates.svg"
	ChartAuthority  = "authority.svg" // the score chart of Star Realms: ScoreName + ".svg"
	ChartCardImpact = "card_impact.svg"
)

// WriteReport writes a report folder: summary.json, report.md with the tables and the
// charts, and the charts as SVG. command is the command line shown in the report.
func WriteReport(dir string, sum Summary, command string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	files := map[string][]byte{
		ReportJSON:     append(js, '\n'),
		ReportMarkdown: []byte(markdown(sum, command)),
		ChartWinRates:  []byte(WinRateChart(sum)),
	}
	if sum.ScoreName != "" {
		files[scoreChart(sum)] = []byte(AuthorityChart(sum))
	}
	if len(sum.Cards) > 0 {
		files[ChartCardImpact] = []byte(CardImpactChart(sum))
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func markdown(sum Summary, command string) string {
	var b strings.Builder
	bots := make([]string, len(sum.Seats))
	for i, s := range sum.Seats {
		bots[i] = s.Label()
	}
	fmt.Fprintf(&b, "# Balance lab: %s\n\n", strings.Join(bots, " vs "))
	if command != "" {
		fmt.Fprintf(&b, "```\n%s\n```\n\n", command)
	}
	fmt.Fprintf(&b, "%d games of %s%s, seed %d%s, seats rotating between games. ", sum.Games, sum.Format, setsText(sum.Sets), sum.Seed, sliceText(sum))
	if d := sum.Options["decks"]; strings.HasPrefix(d, "every pairing") {
		fmt.Fprintf(&b, "Decks: %s in turn, each pairing played from both seats. ", d)
	}
	fmt.Fprintf(&b, "%.1f completed rounds and %.0f actions per game on average; %d draws", sum.AvgRounds, sum.AvgActions, sum.Draws)
	if sum.Errors > 0 {
		fmt.Fprintf(&b, "; %d failed games (left out)", sum.Errors)
	}
	fmt.Fprintf(&b, ". The first player wins %s %s.\n\n", pct(sum.FirstPlayerWinRate), interval(sum.FirstPlayerCI95))
	if sum.Draws > 0 {
		b.WriteString("Intervals are 95% Wilson score intervals. A win rate counts a draw as a win for nobody; a score counts a win 1 " +
			"and shares a draw among the seats (half a win in a duel).\n\n")
	} else {
		b.WriteString("Intervals are 95% Wilson score intervals; a draw counts as a win for nobody.\n\n")
	}
	b.WriteString("## Bots\n\n![win rates](" + ChartWinRates + ")\n\n")
	if sum.Draws > 0 {
		b.WriteString("| bot | wins | win rate | 95% interval | score | score rate | 95% interval | ms per decision | CPU ms per decision | decisions timed |\n" +
			"|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	} else {
		b.WriteString("| bot | wins | win rate | 95% interval | ms per decision | CPU ms per decision | decisions timed |\n|---|--:|--:|--:|--:|--:|--:|\n")
	}
	for _, s := range sum.Seats {
		score := ""
		if sum.Draws > 0 {
			score = fmt.Sprintf(" %s | %s | %s |", scoreText(s.Score), pct(s.ScoreRate), interval(scoreCI(s)))
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s |%s %s | %s | %d |\n", s.Label(), s.Wins, pct(s.WinRate), interval(s.CI95), score, ms(s.DecisionMs), cpuMs(s), s.Decisions)
	}
	b.WriteString("\nms per decision: mean wall time of the bot's decisions with more than one legal action; CPU ms: their mean CPU time " +
		"(the deciding thread's clock, which other work on the machine does not inflate).\n\n")
	b.WriteString("| position in turn order | wins | win rate | 95% interval |\n|---|--:|--:|--:|\n")
	for _, p := range sum.Positions {
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", ordinal(p.Position), p.Wins, pct(p.WinRate), interval(p.CI95))
	}
	for _, g := range []struct {
		what string
		rows []GroupSummary
	}{{"deck", sum.Decks}, {"hero", sum.Heroes}} {
		if len(g.rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n| %s | player-games | wins | win rate | 95%% interval |\n|---|--:|--:|--:|--:|\n", g.what)
		for _, r := range g.rows {
			fmt.Fprintf(&b, "| %s | %d | %d | %s | %s |\n", r.Name, r.Games, r.Wins, pct(r.WinRate), interval(r.CI95))
		}
	}
	if sum.ScoreName != "" {
		score, chart := sum.ScoreName, scoreChart(sum)
		fmt.Fprintf(&b, "\n## %s over the game\n\n![%s](%s)\n\n", capital(score), score, chart)
		fmt.Fprintf(&b, "Mean %s of each bot at the end of each round; a finished game counts with its final %s.\n\n", score, score)
	} else {
		b.WriteString("\n")
	}
	if len(sum.Cards) == 0 {
		return b.String()
	}
	verb, noun := acquired(sum)
	b.WriteString("## Cards\n\n![card impact](" + ChartCardImpact + ")\n\n")
	fmt.Fprintf(&b, "A %s is a player who %s the card at least once in a game; impact is the win rate of %ss minus that of the other players. Sorted by impact.\n\n", noun, verb, noun)
	fmt.Fprintf(&b, "| card | %s per game | %ss | win rate when %s | 95%% interval | when not %s | impact |\n|---|--:|--:|--:|--:|--:|--:|\n", verb, noun, verb, verb)
	for _, c := range sum.Cards {
		fmt.Fprintf(&b, "| %s | %.2f | %d | %s | %s | %s | %+.1f |\n", c.Name, c.BoughtPerGame, c.Buyers, pct(c.WinRateWhenBought), interval(c.CI95), pct(c.WinRateWhenNot), 100*c.Impact)
	}
	return b.String()
}

// scoreChart is the file of the score chart: authority.svg, life.svg.
func scoreChart(sum Summary) string { return sum.ScoreName + ".svg" }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// acquired names what the card figures count: the verb ("bought", "cast") and who does it
// ("buyer", "caster").
func acquired(sum Summary) (verb, noun string) {
	switch sum.Acquired {
	case "":
		return "bought", "buyer"
	case "cast":
		return "cast", "caster"
	}
	return sum.Acquired, "player who " + sum.Acquired + " it"
}

// setsText is " (core+colony-wars)", or "" for a game without sets.
func setsText(sets []string) string {
	if len(sets) == 0 {
		return ""
	}
	return " (" + strings.Join(sets, "+") + ")"
}

// sliceText says which run a summary's games begin in when they are a slice of it.
func sliceText(sum Summary) string {
	if sum.First == 0 {
		return ""
	}
	return fmt.Sprintf(" (from game %d of the run of seed %d)", sum.First, sum.Seed-uint64(sum.First))
}

// scoreText writes a score, which is whole or ends in shares of draws: "21", "21.5", "7.33".
func scoreText(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// scoreCI is a seat's score interval as interval takes it.
func scoreCI(s SeatSummary) [2]float64 {
	if len(s.ScoreCI95) != 2 {
		return [2]float64{0, 1}
	}
	return [2]float64{s.ScoreCI95[0], s.ScoreCI95[1]}
}
