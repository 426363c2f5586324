package nexus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"starnexus/engine"
)

// TestViewHidesAndDeterminizes: a determinized state shows its seat the same view (nothing
// hidden was used), and a view never names a card of another player's hand or library.
func TestViewHidesAndDeterminizes(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	for g := 0; g < 6; g++ {
		format, n := "duel", 2
		if g%3 == 2 {
			format, n = "allied", 4
		}
		ds := make([]Deck, n)
		for i := range ds {
			ds[i] = shipped[(g+i)%5]
		}
		s, err := NewGame(tab, Options{Format: format, MaxTurns: 30}, ds, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		var dst engine.State
		for k := 0; k < 800 && !s.Over(); k++ {
			for seat := engine.Seat(-1); seat < engine.Seat(n); seat++ {
				v := s.View(seat)
				a, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				dst = s.Observe(seat, nil).Determinize(dst, &rng)
				b, _ := json.Marshal(dst.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("game %d action %d seat %d: the determinized view differs:\n%s\n%s", g, k, seat, a, b)
				}
				if seat >= 0 && s.P[seat].Kept {
					checkHidden(t, s, seat, string(a))
				}
			}
			seat := s.ToMove(nil)[0]
			l := s.Legal(seat, nil)
			s.ApplyTrusted(seat, l[rng.Intn(len(l))])
		}
	}
}

// checkHidden: the hand list of another (non-allied) player never appears in the view.
func checkHidden(t *testing.T, s *State, seat engine.Seat, js string) {
	t.Helper()
	var v viewJSON
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatal(err)
	}
	for p, pj := range v.Players {
		ally := s.opts.Format == "allied" && !s.opponents(int8(seat), int8(p))
		if engine.Seat(p) != seat && !ally && len(pj.Hand) > 0 {
			t.Fatalf("seat %d sees %s's hand %s", seat, pj.Name, strings.Join(pj.Hand, ", "))
		}
	}
}

// TestViewNumbers: a creature's strength, endurance and points left are the numbers its text
// shows, and every stack item names its source and kind.
func TestViewNumbers(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	s, err := NewGame(tab, Options{Format: "duel", MaxTurns: 30}, []Deck{shipped[0], shipped[3]}, 11)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(11)
	creatures, items := 0, 0
	for k := 0; k < 1500 && !s.Over(); k++ {
		b, err := json.Marshal(s.View(0))
		if err != nil {
			t.Fatal(err)
		}
		var v viewJSON
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		for _, p := range v.Players {
			for _, c := range p.Field {
				if c.Strength == nil || c.Endurance == nil || c.AttackLeft == nil || c.DefenseLeft == nil {
					t.Fatalf("action %d: %s has no numbers: %s", k, c.Name, b)
				}
				if !strings.HasSuffix(c.Text, fmt.Sprintf(" %d/%d (%d,%d)", *c.Strength, *c.Endurance, *c.AttackLeft, *c.DefenseLeft)) {
					t.Fatalf("action %d: %q does not show %d/%d (%d,%d)", k, c.Text, *c.Strength, *c.Endurance, *c.AttackLeft, *c.DefenseLeft)
				}
				creatures++
			}
			for _, r := range p.Resources {
				if r.Strength != nil {
					t.Fatalf("the resource %s has a strength", r.Name)
				}
			}
		}
		for _, it := range v.Stack {
			if it.Source == "" || it.Kind == "" {
				t.Fatalf("action %d: the stack item %s has no source or kind: %s", k, it.Name, b)
			}
			if it.Kind == "requisition" && it.Source != it.Name {
				t.Fatalf("action %d: the requisition %s comes from %s", k, it.Name, it.Source)
			}
			items++
		}
		seat := s.ToMove(nil)[0]
		l := s.Legal(seat, nil)
		s.ApplyTrusted(seat, l[rng.Intn(len(l))])
	}
	if creatures == 0 || items == 0 {
		t.Fatalf("the game showed %d creatures and %d stack items: nothing was checked", creatures, items)
	}
}
