package campaign

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
)

// withSeed is a chosen campaign seed (a reproducible campaign).
func withSeed(n uint64) *uint64 { return &n }

func load(t *testing.T) *campaigns.Campaign {
	t.Helper()
	c, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// playOut plays st to its end with greedy bots.
func playOut(t *testing.T, st *realms.State, seed uint64) {
	t.Helper()
	b, err := newBot("greedy")
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	var buf [realms.MaxSeats]engine.Seat
	for !st.Over() {
		seat := st.ToMove(buf[:0])[0]
		legal := st.Legal(seat, nil)
		if err := st.Apply(seat, b.Choose(st.Observe(seat, nil), legal, &rng)); err != nil {
			t.Fatal(err)
		}
	}
}

func winnerOf(st *realms.State) int {
	w := st.Winners()
	if len(w) != 1 {
		return -1
	}
	return int(w[0])
}

// deckText writes cards as "Scout x8, Viper x2, Cutter": by count, then by name.
func deckText(cat *realms.Catalog, cards []realms.CardID) string {
	count := map[string]int{}
	var names []string
	for _, id := range cards {
		n := cat.Card(id).Name
		if count[n] == 0 {
			names = append(names, n)
		}
		count[n]++
	}
	sort.SliceStable(names, func(a, b int) bool {
		if count[names[a]] != count[names[b]] {
			return count[names[a]] > count[names[b]]
		}
		return names[a] < names[b]
	})
	var parts []string
	for _, n := range names {
		if count[n] > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", n, count[n]))
		} else {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ", ")
}

// roundTrip serialises s and reads it back, as the store does between sessions.
func roundTrip(t *testing.T, s *State) *State {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out State
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// TestWholeCampaign plays the twelve scenarios of Frontier Accord with greedy bots, checking
// after each game what SR 8 says the state keeps, then the post-campaign completion.
func TestWholeCampaign(t *testing.T) {
	c := load(t)
	s, err := New(c, "t", [2]string{"greedy", "greedy"}, withSeed(42))
	if err != nil {
		t.Fatal(err)
	}
	if s.First != 0 {
		t.Fatalf("scenario 1: seat %d first, want the Empire (seat 1, SR 8.2)", s.First+1)
	}
	for n := 1; n <= campaigns.Scenarios; n++ {
		s = roundTrip(t, s)
		if s.Phase() != "scenario" || s.Next != n {
			t.Fatalf("before scenario %d: phase %s next %d", n, s.Phase(), s.Next)
		}
		g, err := s.Start(c, s.BotChoice(c))
		if err != nil {
			t.Fatal(err)
		}
		g.ID = fmt.Sprintf("g%d", n)
		first := s.First
		if err := s.Begin(c, g); err != nil {
			t.Fatal(err)
		}
		st, err := s.NewGame(c, g)
		if err != nil {
			t.Fatal(err)
		}
		if got := int(st.RealmsView(engine.Spectator).Active()); got != first {
			t.Fatalf("scenario %d: seat %d starts, want %d", n, got+1, first+1)
		}
		// Every upgraded card of earlier games is back in the trade deck or the Trade Row
		// (SR 8.9), each once.
		want := map[string]int{}
		for _, u := range s.Upgraded {
			want[realms.UpgradedName(u.Card, realms.RowRef{Sheet: u.Sheet, Row: u.Row})]++
		}
		got := map[string]int{}
		cat := st.Catalog()
		for _, id := range append(st.TradeDeck[:st.TradeN:st.TradeN], st.Row[:]...) {
			if id != 0 && cat.Card(id).Base != 0 {
				got[cat.Card(id).Name]++
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("scenario %d: upgraded copies in the trade deck and row %v, want %v", n, got, want)
		}
		if n == 1 {
			// The personal decks (SR 7.3) replace the standard starting deck: 8 Scouts, one
			// Viper and each side's two cards.
			for i, want := range []string{"Scout x8, Border Runner, Imperial Fighter, Viper", "Scout x8, Customs Cutter, Federation Shuttle, Viper"} {
				p := &st.P[i]
				cards := append(append([]realms.CardID{}, p.Hand[:p.HandN]...), p.Own[:p.DeckN]...)
				if got := deckText(cat, cards); got != want {
					t.Errorf("seat %d starts with %s, want %s", i+1, got, want)
				}
			}
		}
		before := len(s.Upgraded)
		playOut(t, st, uint64(n))
		made := st.UpgradesMade()
		w := winnerOf(st)
		points := [2]int{s.Players[0].Points, s.Players[1].Points}
		if err := s.Record(c, g.ID, w, made); err != nil {
			t.Fatal(err)
		}
		if len(s.Upgraded) != before+len(made) {
			t.Fatalf("scenario %d: %d upgrades kept, want %d", n, len(s.Upgraded), before+len(made))
		}
		for i := range 2 {
			want := points[i]
			if i == w {
				want += c.Scenarios[n-1].VictoryPoints
			}
			if s.Players[i].Points != want {
				t.Fatalf("scenario %d: seat %d has %d points, want %d", n, i+1, s.Players[i].Points, want)
			}
			if len(s.Players[i].Used) != s.Upgrades(i) {
				t.Fatalf("scenario %d: seat %d used %d rows for %d upgrades", n, i+1, len(s.Players[i].Used), s.Upgrades(i))
			}
		}
		if w >= 0 && s.First != w {
			t.Fatalf("scenario %d won by seat %d, but seat %d goes first next (SR 8.2)", n, w+1, s.First+1)
		}
		t.Logf("scenario %d: winner %d, upgrades %d, points %v", n, w+1, len(made), [2]int{s.Players[0].Points, s.Players[1].Points})
	}
	if len(s.Players[0].Sheets) != 4 || len(s.Players[1].Sheets) != 4 {
		t.Fatalf("sheets %v %v, want four each", s.Players[0].Sheets, s.Players[1].Sheets)
	}
	if s.Phase() != "completion" {
		t.Fatalf("after scenario 12: phase %s", s.Phase())
	}
	if err := s.Settle(c); err != nil {
		t.Fatal(err)
	}
	cat, _ := c.GameCatalog(campaigns.Scenarios)
	last := -1
	for !s.Finished {
		seat, ok, err := s.CompletionTurn(c)
		if err != nil || !ok {
			t.Fatalf("completion turn: %v %v", ok, err)
		}
		if seat == last && s.Upgrades(1-seat) < TotalUpgrades {
			cands, _ := s.Candidates(c, 1-seat)
			if len(cands) > 0 {
				t.Fatalf("seat %d completes twice in a row while seat %d still can (SR 8.10: alternate)", seat+1, 2-seat)
			}
		}
		last = seat
		cands, err := s.Candidates(c, seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Complete(c, seat, BotCompletion(cands, cat)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 2 {
		if s.Upgrades(i) != TotalUpgrades {
			t.Errorf("seat %d ends with %d upgrades, want %d (SR 8.10)", i+1, s.Upgrades(i), TotalUpgrades)
		}
	}
	seen := map[string]bool{}
	for _, u := range s.Upgraded {
		k := fmt.Sprintf("%d %s/%d", u.Seat, strings.ToLower(u.Sheet), u.Row)
		if seen[k] {
			t.Errorf("row %s used twice (SR 8.5)", k)
		}
		seen[k] = true
	}
	if w := s.Winner(); w >= 0 && s.Players[w].Points < s.Players[1-w].Points {
		t.Errorf("winner seat %d has fewer points", w+1)
	}
}
