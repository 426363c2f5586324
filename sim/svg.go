package sim

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strings"
)

// The charts are plain SVG text: no library, no script, readable by any browser.

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"}

func color(i int) string { return palette[i%len(palette)] }

type svg struct {
	b    strings.Builder
	w, h float64
}

func newSVG(w, h float64, title string) *svg {
	s := &svg{w: w, h: h}
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&s.b, `<rect width="%g" height="%g" fill="white"/>`+"\n", w, h)
	s.text(w/2, 22, title, `font-size="15" font-weight="bold" text-anchor="middle"`)
	return s
}

func (s *svg) line(x1, y1, x2, y2 float64, attrs string) {
	fmt.Fprintf(&s.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`+"\n", x1, y1, x2, y2, attrs)
}

func (s *svg) rect(x, y, w, h float64, attrs string) {
	fmt.Fprintf(&s.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" %s/>`+"\n", x, y, w, h, attrs)
}

func (s *svg) circle(x, y, r float64, attrs string) {
	fmt.Fprintf(&s.b, `<circle cx="%.1f" cy="%.1f" r="%.1f" %s/>`+"\n", x, y, r, attrs)
}

func (s *svg) text(x, y float64, t, attrs string) {
	fmt.Fprintf(&s.b, `<text x="%.1f" y="%.1f" %s>%s</text>`+"\n", x, y, attrs, html.EscapeString(t))
}

func (s *svg) polyline(pts [][2]float64, attrs string) {
	var b strings.Builder
	for _, p := range pts {
		fmt.Fprintf(&b, "%.1f,%.1f ", p[0], p[1])
	}
	fmt.Fprintf(&s.b, `<polyline points="%s" fill="none" %s/>`+"\n", strings.TrimSpace(b.String()), attrs)
}

func (s *svg) String() string { return s.b.String() + "</svg>\n" }

// textWidth estimates the width of a text at font size px.
func textWidth(t string, px float64) float64 { return float64(len([]rune(t))) * px * 0.56 }

const grid = `stroke="#ddd" stroke-width="1"`

// WinRateChart draws each bot's win rate as a bar with its 95% interval, and the even share.
func WinRateChart(sum Summary) string {
	n := len(sum.Seats)
	left, right, top, rowH := 130.0, 150.0, 60.0, 44.0
	w := 800.0
	h := top + rowH*float64(n) + 50
	s := newSVG(w, h, fmt.Sprintf("Win rate by bot, %d games (whiskers: 95%% Wilson interval)", sum.Games))
	pw := w - left - right
	x := func(p float64) float64 { return left + p*pw }
	bottom := top + rowH*float64(n)
	for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
		s.line(x(p), top-8, x(p), bottom, grid)
		s.text(x(p), bottom+18, fmt.Sprintf("%.0f%%", 100*p), `text-anchor="middle" fill="#555"`)
	}
	if n > 0 {
		even := 1 / float64(n)
		s.line(x(even), top-14, x(even), bottom, `stroke="#888" stroke-dasharray="5,4"`)
		s.text(x(even), top-18, "even share", `text-anchor="middle" fill="#666" font-size="11"`)
	}
	for i, st := range sum.Seats {
		y := top + rowH*float64(i)
		s.text(left-10, y+rowH/2+4, st.Label(), `text-anchor="end" font-size="13"`)
		s.rect(x(0), y+8, x(st.WinRate)-x(0), rowH-16, fmt.Sprintf(`fill="%s" fill-opacity="0.75"`, color(i)))
		cy := y + rowH/2
		lo, hi := x(st.CI95[0]), x(st.CI95[1])
		s.line(lo, cy, hi, cy, `stroke="black" stroke-width="1.5"`)
		s.line(lo, cy-7, lo, cy+7, `stroke="black" stroke-width="1.5"`)
		s.line(hi, cy-7, hi, cy+7, `stroke="black" stroke-width="1.5"`)
		s.text(left+pw+14, cy+4, fmt.Sprintf("%s %s", pct(st.WinRate), interval(st.CI95)), `font-size="12"`)
	}
	s.text(left+pw/2, h-8, "share of games won (a draw is a win for nobody)", `text-anchor="middle" fill="#555"`)
	return s.String()
}

// niceStep returns a round step that cuts span into about n parts.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

// AuthorityChart draws each bot's mean authority round by round, over grey bars of the share
// of games still running. It stops at the last round that at least 5% of the games reach.
func AuthorityChart(sum Summary) string {
	w, h := 760.0, 440.0
	left, right, top, bottom := 60.0, 60.0, 50.0, 80.0
	s := newSVG(w, h, fmt.Sprintf("Mean %s at the end of each round, %d games", sum.ScoreName, sum.Games))
	last := len(sum.Running) - 1
	for last > 1 && sum.Running[last] < 0.05 {
		last--
	}
	if last < 1 {
		last = 1
	}
	lo, hi := 0.0, 10.0
	for _, a := range sum.Authority {
		for r := 0; r <= last && r < len(a); r++ {
			lo, hi = math.Min(lo, a[r]), math.Max(hi, a[r])
		}
	}
	step := niceStep(hi-lo, 6)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	pw, ph := w-left-right, h-top-bottom
	x := func(r float64) float64 { return left + r/float64(last)*pw }
	y := func(a float64) float64 { return top + (hi-a)/(hi-lo)*ph }
	// games still running, on the right axis
	bw := pw / float64(last) * 0.6
	for r := 1; r <= last && r < len(sum.Running); r++ {
		bh := sum.Running[r] * ph
		s.rect(x(float64(r))-bw/2, top+ph-bh, bw, bh, `fill="#eee"`)
	}
	for _, p := range []float64{0, 0.5, 1} {
		s.text(left+pw+8, top+ph-p*ph+4, fmt.Sprintf("%.0f%%", 100*p), `fill="#999" font-size="11"`)
	}
	s.text(w-14, top+ph/2, "games still running", fmt.Sprintf(`fill="#999" font-size="11" text-anchor="middle" transform="rotate(90 %.1f %.1f)"`, w-14, top+ph/2))
	for a := lo; a <= hi+step/2; a += step {
		s.line(left, y(a), left+pw, y(a), grid)
		s.text(left-8, y(a)+4, fmt.Sprintf("%g", a), `text-anchor="end" fill="#555"`)
	}
	if lo < 0 {
		s.line(left, y(0), left+pw, y(0), `stroke="#999"`)
	}
	rstep := int(math.Max(1, niceStep(float64(last), 12)))
	for r := 0; r <= last; r += rstep {
		s.text(x(float64(r)), top+ph+18, fmt.Sprint(r), `text-anchor="middle" fill="#555"`)
	}
	s.line(left, top+ph, left+pw, top+ph, `stroke="#555"`)
	s.line(left, top, left, top+ph, `stroke="#555"`)
	s.text(left+pw/2, top+ph+38, "round (0: start of the game)", `text-anchor="middle" fill="#555"`)
	s.text(16, top+ph/2, "mean "+sum.ScoreName, fmt.Sprintf(`fill="#555" text-anchor="middle" transform="rotate(-90 16 %.1f)"`, top+ph/2))
	lx := left
	for i, a := range sum.Authority {
		var pts [][2]float64
		for r := 0; r <= last && r < len(a); r++ {
			pts = append(pts, [2]float64{x(float64(r)), y(a[r])})
		}
		s.polyline(pts, fmt.Sprintf(`stroke="%s" stroke-width="2.5"`, color(i)))
		for _, p := range pts {
			s.circle(p[0], p[1], 3, fmt.Sprintf(`fill="%s"`, color(i)))
		}
		name := sum.Seats[i].Label()
		s.line(lx, h-18, lx+24, h-18, fmt.Sprintf(`stroke="%s" stroke-width="3"`, color(i)))
		s.text(lx+30, h-14, name, "")
		lx += 30 + textWidth(name, 12) + 24
	}
	s.rect(lx, h-25, 14, 14, `fill="#eee"`)
	s.text(lx+20, h-14, "share of games still running (right axis)", `fill="#777"`)
	return s.String()
}

// CardImpactChart plots each card's win rate when bought (with its 95% interval) against how
// often it is bought, with the overall win rate of a player as a dashed line.
func CardImpactChart(sum Summary) string {
	w, h := 860.0, 660.0
	left, right, top, bottom := 70.0, 30.0, 50.0, 80.0
	verb, noun := acquired(sum)
	legend := "green: its " + noun + "s win more often than the other players; red: less often; vertical lines: 95% intervals"
	s := newSVG(w, h, fmt.Sprintf("Card impact, %d games: win rate of the players who %s a card", sum.Games, verb))
	xmax := 0.0
	lo, hi := 1.0, 0.0
	for _, c := range sum.Cards {
		xmax = math.Max(xmax, c.BoughtPerGame)
		lo, hi = math.Min(lo, c.CI95[0]), math.Max(hi, c.CI95[1])
	}
	base := 0.0
	if sum.Games > 0 && len(sum.Seats) > 0 {
		wins := 0
		for _, st := range sum.Seats {
			wins += st.Wins
		}
		base = float64(wins) / float64(sum.Games*len(sum.Seats))
	}
	lo, hi = math.Min(lo, base), math.Max(hi, base)
	if hi <= lo {
		lo, hi = 0, 1
	}
	ystep := niceStep(hi-lo, 8)
	lo, hi = math.Max(0, math.Floor(lo/ystep)*ystep), math.Min(1, math.Ceil(hi/ystep)*ystep)
	xstep := niceStep(xmax, 4)
	xmax = math.Max(xstep, math.Ceil(xmax*1.05/xstep)*xstep)
	pw, ph := w-left-right, h-top-bottom
	// a square-root scale spreads the many cards bought less than once a game
	x := func(v float64) float64 { return left + math.Sqrt(v/xmax)*pw }
	y := func(v float64) float64 { return top + (hi-v)/(hi-lo)*ph }
	for v := lo; v <= hi+ystep/2; v += ystep {
		s.line(left, y(v), left+pw, y(v), grid)
		s.text(left-8, y(v)+4, fmt.Sprintf("%.0f%%", 100*v), `text-anchor="end" fill="#555"`)
	}
	lastTick := -100.0
	for _, v := range []float64{0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 40, 50} {
		if v > xmax || x(v)-lastTick < 36 {
			continue
		}
		lastTick = x(v)
		s.line(x(v), top, x(v), top+ph, grid)
		s.text(x(v), top+ph+18, fmt.Sprintf("%g", v), `text-anchor="middle" fill="#555"`)
	}
	s.line(left, top+ph, left+pw, top+ph, `stroke="#555"`)
	s.line(left, top, left, top+ph, `stroke="#555"`)
	s.line(left, y(base), left+pw, y(base), `stroke="#888" stroke-dasharray="5,4"`)
	s.text(left+pw-4, y(base)-6, fmt.Sprintf("any player: %s", pct(base)), `text-anchor="end" fill="#666" font-size="11"`)
	s.text(left+pw/2, h-30, "copies "+verb+" per game, all players together (square-root scale)", `text-anchor="middle" fill="#555"`)
	s.text(left+pw/2, h-12, legend,
		`text-anchor="middle" fill="#777" font-size="11"`)
	s.text(18, top+ph/2, "win rate when "+verb, fmt.Sprintf(`fill="#555" text-anchor="middle" transform="rotate(-90 18 %.1f)"`, top+ph/2))
	// whiskers and points first, labels on top where they fit
	type box struct{ x0, y0, x1, y1 float64 }
	var placed []box
	for _, c := range sum.Cards {
		px, py := x(c.BoughtPerGame), y(c.WinRateWhenBought)
		placed = append(placed, box{px - 4, py - 4, px + 4, py + 4})
	}
	// the baseline's label, drawn above
	baseLabel := fmt.Sprintf("any player: %s", pct(base))
	placed = append(placed, box{left + pw - 4 - textWidth(baseLabel, 11), y(base) - 17, left + pw - 4, y(base) - 2})
	overlaps := func(b box) bool {
		if b.x0 < left || b.x1 > left+pw || b.y0 < top || b.y1 > top+ph {
			return true
		}
		for _, p := range placed {
			if b.x0 < p.x1 && p.x0 < b.x1 && b.y0 < p.y1 && p.y0 < b.y1 {
				return true
			}
		}
		return false
	}
	for _, c := range sum.Cards {
		px := x(c.BoughtPerGame)
		col := "#2a7"
		if c.Impact < 0 {
			col = "#c33"
		}
		s.line(px, y(c.CI95[0]), px, y(c.CI95[1]), fmt.Sprintf(`stroke="%s" stroke-opacity="0.35" stroke-width="1.5"`, col))
	}
	for _, c := range sum.Cards {
		px, py := x(c.BoughtPerGame), y(c.WinRateWhenBought)
		col := "#2a7"
		if c.Impact < 0 {
			col = "#c33"
		}
		s.circle(px, py, 4, fmt.Sprintf(`fill="%s" stroke="white" stroke-width="0.8"`, col))
	}
	// label the cards with the most evidence first
	order := make([]int, len(sum.Cards))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return sum.Cards[order[a]].Buyers > sum.Cards[order[b]].Buyers })
	for _, i := range order {
		c := sum.Cards[i]
		px, py := x(c.BoughtPerGame), y(c.WinRateWhenBought)
		tw, th := textWidth(c.Name, 10.5), 11.0
		for _, cand := range []box{
			{px + 6, py - th/2, px + 6 + tw, py + th/2},
			{px - 6 - tw, py - th/2, px - 6, py + th/2},
			{px - tw/2, py - 6 - th, px + tw/2, py - 6},
			{px - tw/2, py + 6, px + tw/2, py + 6 + th},
			{px + 5, py - 4 - th, px + 5 + tw, py - 4},
			{px + 5, py + 4, px + 5 + tw, py + 4 + th},
			{px - 5 - tw, py - 4 - th, px - 5, py - 4},
			{px - 5 - tw, py + 4, px - 5, py + 4 + th},
		} {
			if !overlaps(cand) {
				placed = append(placed, cand)
				s.text(cand.x0, cand.y1-2, c.Name, `font-size="10.5" fill="#222"`)
				break
			}
		}
	}
	return s.String()
}

// MatrixChart draws the deck matrix as a heat map: each cell the row deck's win rate against
// the column deck (blue above one half, red below), with its 95% interval.
func MatrixChart(m Matrix) string {
	n := len(m.Decks)
	label := 12.0
	for _, d := range m.Decks {
		label = math.Max(label, textWidth(d, 13))
	}
	left, top, cw, ch := label+30, 90.0, 130.0, 48.0
	w := math.Max(left+cw*float64(n+1)+20, 620)
	h := top + ch*float64(n) + 50
	s := newSVG(w, h, fmt.Sprintf("Deck against deck, %d games per pair", m.GamesPerPair))
	s.text(w/2, 42, "win rate of the row's deck against the column's deck, 95% Wilson interval below", `text-anchor="middle" fill="#555" font-size="11"`)
	for j, d := range m.Decks {
		s.text(left+cw*(float64(j)+0.5), top-12, d, `text-anchor="middle" font-size="13" font-weight="bold"`)
	}
	s.text(left+cw*(float64(n)+0.5), top-12, "overall", `text-anchor="middle" font-size="13" font-weight="bold"`)
	cell := func(x, y float64, rate float64, ci [2]float64) {
		// white at one half, full colour at 0 or 1
		col := "#2166ac"
		if rate < 0.5 {
			col = "#b2182b"
		}
		s.rect(x, y, cw, ch, fmt.Sprintf(`fill="%s" fill-opacity="%.2f" stroke="white" stroke-width="2"`, col, math.Min(1, math.Abs(rate-0.5)*1.6)))
		ink := "#111"
		if math.Abs(rate-0.5)*1.6 > 0.55 {
			ink = "white"
		}
		s.text(x+cw/2, y+ch/2-2, pct(rate), fmt.Sprintf(`text-anchor="middle" font-size="14" font-weight="bold" fill="%s"`, ink))
		s.text(x+cw/2, y+ch/2+14, interval(ci), fmt.Sprintf(`text-anchor="middle" font-size="10.5" fill="%s"`, ink))
	}
	for i, d := range m.Decks {
		y := top + ch*float64(i)
		s.text(left-10, y+ch/2+4, d, `text-anchor="end" font-size="13" font-weight="bold"`)
		for j := range m.Decks {
			x := left + cw*float64(j)
			if i == j {
				s.rect(x, y, cw, ch, `fill="#f2f2f2" stroke="white" stroke-width="2"`)
				continue
			}
			c := m.Cells[i][j]
			cell(x, y, c.WinRate, c.CI95)
		}
		if i < len(m.Overall) {
			cell(left+cw*float64(n)+6, y, m.Overall[i].WinRate, m.Overall[i].CI95)
		}
	}
	s.text(w/2, h-14, fmt.Sprintf("bots %s, rotating seats; a draw is a win for nobody", strings.Join(m.Bots, ", ")), `text-anchor="middle" fill="#555"`)
	return s.String()
}
