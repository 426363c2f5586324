package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"starnexus/engine"
)

// Matrix is the deck-against-deck table: every pair of decks played by the same two bots,
// the decks following the bots from seat to seat.
type Matrix struct {
	Game         string   `json:"game,omitempty"`
	Format       string   `json:"format"`
	Seed         uint64   `json:"seed"`
	GamesPerPair int      `json:"games_per_pair"`
	Bots         []string `json:"bots"`
	Decks        []string `json:"decks"`
	// Cells[i][j] is deck i's record against deck j (the diagonal is empty).
	Cells [][]MatrixCell `json:"cells"`
	// Overall is each deck's record against all the others.
	Overall []GroupSummary `json:"overall"`
	Errors  int            `json:"errors"`
}

// MatrixCell is one deck's record against another.
type MatrixCell struct {
	Games   int        `json:"games"`
	Wins    int        `json:"wins"`
	Draws   int        `json:"draws"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// RunMatrix plays cfg.Games games for each pair of decks, with cfg.Seats (two bots): the
// first bot brings the first deck of the pair. Failed games are counted in Errors and
// returned.
func RunMatrix(game engine.Game, cfg Config, makeBot BotMaker, decks []Deck) (Matrix, []error, error) {
	if len(cfg.Seats) != 2 {
		return Matrix{}, nil, fmt.Errorf("a deck matrix is played by two seats, not %d", len(cfg.Seats))
	}
	if len(decks) < 2 {
		return Matrix{}, nil, errors.New("a deck matrix needs at least two decks")
	}
	n := len(decks)
	m := Matrix{Seed: cfg.Seed, GamesPerPair: cfg.Games, Bots: cfg.Seats, Cells: make([][]MatrixCell, n)}
	for i, d := range decks {
		m.Decks = append(m.Decks, d.Name)
		m.Cells[i] = make([]MatrixCell, n)
	}
	var errs []error
	progress := cfg.Progress
	pairs := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			c := cfg
			c.Decks = []Deck{decks[i], decks[j]}
			if progress != nil {
				base := pairs * cfg.Games
				c.Progress = func(done int) { progress(base + done) }
			}
			res, err := Run(game, c, makeBot)
			if err != nil {
				return Matrix{}, nil, fmt.Errorf("%s against %s: %w", decks[i].Name, decks[j].Name, err)
			}
			if m.Format == "" {
				m.Format = Summarize(game, c, res).Format
			}
			played := res.Games - len(res.Errors)
			m.Errors += len(res.Errors)
			errs = append(errs, res.Errors...)
			m.Cells[i][j] = MatrixCell{Games: played, Wins: res.Wins[0], Draws: res.Draws}
			m.Cells[j][i] = MatrixCell{Games: played, Wins: res.Wins[1], Draws: res.Draws}
			pairs++
		}
	}
	m.finish()
	return m, errs, nil
}

// finish computes the rates and intervals from the counts.
func (m *Matrix) finish() {
	m.Overall = make([]GroupSummary, len(m.Decks))
	for i := range m.Cells {
		m.Overall[i].Name = m.Decks[i]
		for j := range m.Cells[i] {
			c := &m.Cells[i][j]
			c.CI95 = Wilson(c.Wins, c.Games)
			c.WinRate = 0
			if c.Games > 0 {
				c.WinRate = float64(c.Wins) / float64(c.Games)
			}
			m.Overall[i].Games += c.Games
			m.Overall[i].Wins += c.Wins
		}
		m.Overall[i].finish()
	}
}

// WriteMatrix prints the deck-against-deck table: each row deck's win rate against each
// column deck, with its 95% interval, and each deck's overall record.
func WriteMatrix(w io.Writer, m Matrix) {
	fmt.Fprintf(w, "%d games per pair of decks, bots %s rotating seats, seed %d", m.GamesPerPair, strings.Join(m.Bots, ","), m.Seed)
	if m.Errors > 0 {
		fmt.Fprintf(w, "; %d failed games", m.Errors)
	}
	fmt.Fprintln(w, "\nwin rate of the row's deck against the column's deck [95% interval]")
	fmt.Fprintln(w)
	head := append([]string{"deck"}, m.Decks...)
	head = append(head, "overall")
	tw := newTable(head...)
	for i, d := range m.Decks {
		row := []string{d}
		for j := range m.Decks {
			if i == j {
				row = append(row, "-")
				continue
			}
			c := m.Cells[i][j]
			row = append(row, fmt.Sprintf("%s %s", pct(c.WinRate), interval(c.CI95)))
		}
		o := m.Overall[i]
		row = append(row, fmt.Sprintf("%s %s", pct(o.WinRate), interval(o.CI95)))
		tw.row(row...)
	}
	tw.write(w)
}

// Files of a matrix report.
const (
	MatrixJSON  = "matrix.json"
	ChartMatrix = "matrix.svg"
)

// WriteMatrixReport writes a report folder for a deck matrix: matrix.json, report.md and
// the matrix as an SVG heat map.
func WriteMatrixReport(dir string, m Matrix, command string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# Deck against deck\n\n")
	if command != "" {
		fmt.Fprintf(&md, "```\n%s\n```\n\n", command)
	}
	md.WriteString("![deck matrix](" + ChartMatrix + ")\n\n```\n")
	WriteMatrix(&md, m)
	md.WriteString("```\n\nIntervals are 95% Wilson score intervals; a draw counts as a win for nobody.\n")
	files := map[string][]byte{MatrixJSON: append(js, '\n'), ReportMarkdown: []byte(md.String()), ChartMatrix: []byte(MatrixChart(m))}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
