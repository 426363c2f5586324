package nexus

import (
	"encoding/json"
	"strings"
	"testing"

	"starnexus/engine"
)

func reserveDecks(t *testing.T) []Deck { return loadShipped(t, FromDeckWithReserve) }

// randomStep applies one random legal action of a random seat that may act.
func randomStep(t *testing.T, s *State, rng *engine.RNG) string {
	t.Helper()
	m := s.ToMove(nil)
	if len(m) == 0 {
		t.Fatalf("nobody to move (%s)", s.pendWord())
	}
	for _, q := range m {
		if len(s.Legal(q, nil)) == 0 {
			t.Fatalf("no legal action for %s (%s)", s.SeatName(q), s.pendWord())
		}
	}
	seat := m[rng.Intn(len(m))]
	l := s.Legal(seat, nil)
	a := l[rng.Intn(len(l))]
	txt := s.ActionText(seat, a)
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("listed action %q refused: %v", txt, err)
	}
	return txt
}

// Reserve swaps (10.1): random swaps of the shipped decks' reserves, then a random game; the
// swap phase ends only with legal decks, and nothing is lost or made on the way.
func TestRandomReserveSwaps(t *testing.T) {
	tab := mustTable(t)
	ds := reserveDecks(t)
	for g := 0; g < 20; g++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}, MaxTurns: 60}, []Deck{ds[g%5], ds[(g+2)%5]}, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		if s.Pend.K != pSwap || len(s.ToMove(nil)) != 2 {
			t.Fatalf("game %d: the first decision is %s for %d seats, want the swaps of both", g, s.pendWord(), len(s.ToMove(nil)))
		}
		total := func() int {
			n := 0
			for p := int8(0); p < s.N; p++ {
				n += s.count(p, zLibrary) + s.count(p, zPile) + int(s.P[p].NR)
				if s.P[p].Hero != 0 {
					n++
				}
			}
			return n
		}
		want := total()
		rng := engine.NewRNG(uint64(g))
		for k := 0; s.Pend.K == pSwap; k++ {
			if k > 100000 {
				t.Fatalf("game %d: the swaps never ended", g)
			}
			// A pure random walk rarely comes back to a legal deck: confirm a legal one now
			// and then.
			if q := engine.Seat(rng.Intn(2)); s.P[q].Swaps && rng.Intn(4) == 0 && s.Allowed(q, mkA(aDone, 0)) == "" {
				s.ApplyTrusted(q, mkA(aDone, 0))
				continue
			}
			txt := randomStep(t, s, &rng)
			if s.Pend.K == pSwap {
				if got := total(); got != want {
					t.Fatalf("game %d after %q: %d cards, want %d", g, txt, got, want)
				}
			}
		}
		for p := int8(0); p < s.N; p++ {
			if n := s.count(p, zLibrary) + s.count(p, zHand); n < 30 || n > 40 || s.count(p, zPile) != 10 || s.P[p].NR > 15 || s.P[p].Hero == 0 {
				t.Fatalf("game %d: %s confirmed an illegal deck: %d library cards, %d resources, reserve %d", g, s.SeatName(engine.Seat(p)), n, s.count(p, zPile), s.P[p].NR)
			}
			if s.count(p, zHand) != 6 {
				t.Fatalf("game %d: %s drew %d cards after the swaps, want 6", g, s.SeatName(engine.Seat(p)), s.count(p, zHand))
			}
		}
		playRandom(t, s, uint64(g), 400000)
	}
}

func TestSwapTexts(t *testing.T) {
	tab := mustTable(t)
	d := reserveDecks(t)[1] // damnareh
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{d, reserveDecks(t)[2]}, 1)
	if err != nil {
		t.Fatal(err)
	}
	lib, res := d.Library[0], d.Reserve[0]
	tests := []struct {
		text, canonical, refusal string
	}{
		{"swap " + lib + " for " + res, "swap " + lib + " for " + res, ""},
		{"SWAP OUT " + strings.ToLower(lib), "swap out " + lib, ""},
		{"swap in " + res, "swap in " + res, ""},
		{"swap in Nexus Shard", "swap in Nexus Shard", "no Nexus Shard in your reserve"},
		{"swap in Kaira Swiftclaw", "swap in Kaira Swiftclaw", "no Kaira Swiftclaw in your reserve"},
		{"swap out Kaira Swiftclaw", "swap out Kaira Swiftclaw", "not your hero"},
		{"swap out Tempest Roc", "swap out Tempest Roc", "no Tempest Roc in your library"},
	}
	for _, tc := range tests {
		a, err := s.ParseAction(0, tc.text)
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if got := s.ActionText(0, a); got != tc.canonical {
			t.Errorf("%q reads as %q, want %q", tc.text, got, tc.canonical)
		}
		if got := s.Allowed(0, a); !strings.Contains(got, tc.refusal) || (tc.refusal == "") != (got == "") {
			t.Errorf("%q: refusal %q, want %q", tc.text, got, tc.refusal)
		}
	}
	if _, err := s.ParseAction(0, "swap out Rot Lanse"); err == nil || !strings.Contains(err.Error(), "Rot Lance") {
		t.Errorf("a misspelt card: %v, want a suggestion of Rot Lance", err)
	}
	// Every listed action is accepted, and "done" is listed exactly when the deck is legal.
	for _, a := range s.Legal(0, nil) {
		if r := s.Allowed(0, a); r != "" {
			t.Errorf("listed %q refused: %s", s.ActionText(0, a), r)
		}
	}
}

// The swaps are secret (2.5, 1.6): Bob's view and determinizations show nothing of Ann's
// reserve or of her changed sizes until both have confirmed.
func TestSwapsHidden(t *testing.T) {
	tab := mustTable(t)
	ds := reserveDecks(t)
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{ds[0], ds[1]}, 3)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := s.View(1).MarshalJSON()
	out, _ := s.ParseAction(0, "swap out "+ds[0].Library[0])
	if err := s.Apply(0, out); err != nil {
		t.Fatal(err)
	}
	after, _ := s.View(1).MarshalJSON()
	if string(before) != string(after) {
		t.Errorf("Bob's view changed with Ann's swap:\n%s\n%s", before, after)
	}
	var v viewJSON
	if err := json.Unmarshal(after, &v); err != nil {
		t.Fatal(err)
	}
	ann := v.Players[0]
	if ann.Reserve != nil || ann.ReserveCount != nil || ann.LibraryCount != -1 || ann.PileCount != -1 || ann.Hero != "" {
		t.Errorf("Bob sees Ann's reserve, sizes or hero: %+v", ann)
	}
	own, _ := s.View(0).MarshalJSON()
	if !strings.Contains(string(own), `"reserve":[`) {
		t.Errorf("Ann does not see her reserve: %s", own)
	}
	r1 := engine.NewRNG(1)
	d := s.Observe(1, nil).Determinize(nil, &r1).(*State)
	if d.P[0].NR != 0 || d.P[1].NR == 0 {
		t.Errorf("a determinization for Bob keeps Ann's reserve (%d) or loses his own (%d)", d.P[0].NR, d.P[1].NR)
	}
	if n := d.count(0, zLibrary); n != 30 {
		t.Errorf("a determinization for Bob during the swaps gives Ann %d library cards, want the stand-in 30", n)
	}
	if n, want := d.count(1, zLibrary), s.count(1, zLibrary); n != want {
		t.Errorf("a determinization for Bob gives him %d library cards, want his own %d", n, want)
	}
}

// Concede (1.4): at random moments of random games a random player still in concedes; the
// game goes on (14.4 cleanup) or ends, every seat asked has a legal action, and the invariants
// hold.
func TestRandomConcede(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	formats := []struct {
		format string
		n      int
	}{{"duel", 2}, {"ffa", 3}, {"ffa", 4}, {"allied", 4}}
	for g := 0; g < gameCount(40); g++ {
		f := formats[g%len(formats)]
		var ds []Deck
		for k := 0; k < f.n; k++ {
			ds = append(ds, shipped[(g+k)%5])
		}
		s, err := NewGame(tab, Options{Format: f.format, MaxTurns: 80}, ds, uint64(500+g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		cards := cardCounts(s)
		odds := 20 + (g*37)%600 // some concede during the setup, some late in the game
		for n := 0; !s.Over(); n++ {
			if n > 400000 {
				t.Fatalf("game %d: no end", g)
			}
			if rng.Intn(odds) == 0 {
				q := engine.Seat(rng.Intn(int(s.N)))
				err := s.Concede(q)
				if s.P[q].Lost != true {
					t.Fatalf("game %d: %s conceded (%v) but has not lost", g, s.SeatName(q), err)
				}
				if err := checkInvariants(s, cards); err != nil {
					t.Fatalf("game %d after %s conceded: %v", g, s.SeatName(q), err)
				}
				continue
			}
			txt := randomStep(t, s, &rng)
			if err := checkInvariants(s, cards); err != nil {
				t.Fatalf("game %d after %q: %v", g, txt, err)
			}
		}
	}
}

func TestConcedeDuel(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[0], shipped[1]}, 9)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Concede(1); err != nil {
		t.Fatal(err)
	}
	if w := s.Winners(); !s.Over() || len(w) != 1 || w[0] != 0 {
		t.Fatalf("after Bob concedes: over %v, winners %v; want Ann", s.Over(), w)
	}
	if err := s.Concede(0); err == nil {
		t.Error("a concession after the end was accepted")
	}
}

// "attack with A at P, B at Q": one text, attackers at different opponents (15.2).
func TestAttackAtSeveral(t *testing.T) {
	tab := mustTable(t)
	s, err := NewPosition(tab, Position{Options: Options{Format: "ffa"}, Active: "Ann", Phase: "combat", Players: []PlayerSetup{
		{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Field: []Perm{{Card: "Dune Ambusher"}, {Card: "Ember Cub"}, {Card: "Rivet Sentry"}}},
		{Name: "Bob", Hero: "Kaira Swiftclaw"},
		{Name: "Cid", Hero: "Ilyane of the High Current"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text, expanded, err string
	}{
		{"attack with Dune Ambusher at Bob, Ember Cub at Cid", "add attacker Dune Ambusher at Bob; add attacker Ember Cub at Cid; done", ""},
		{"attack with Dune Ambusher at Bob, Ember Cub at Bob", "add attacker Dune Ambusher at Bob; add attacker Ember Cub at Bob; done", ""},
		{"attack with Dune Ambusher, Ember Cub at Cid", "add attacker Dune Ambusher at Cid; add attacker Ember Cub at Cid; done", ""},
		{"attack with Dune Ambusher at Bob, Ember Cub", "", "name the attacked player once"},
		{"attack with Dune Ambusher at Bob, Ember Cub, Rivet Sentry at Cid", "", "name the attacked player once"},
	}
	for _, tc := range tests {
		acts, err := s.ParseActions(0, tc.text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if got := strings.Join(s.ExpandedTexts(0, acts), "; "); got != tc.expanded {
			t.Errorf("%q reads as %q, want %q", tc.text, got, tc.expanded)
		}
		if _, err := s.ParseAction(0, tc.text); err == nil || !strings.Contains(err.Error(), tc.expanded) {
			t.Errorf("ParseAction(%q): %v, want a refusal naming the actions", tc.text, err)
		}
	}
	if err := s.ApplyText(0, "attack with Dune Ambusher at Bob, Ember Cub at Cid, Rivet Sentry at Bob"); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 10 && s.Pend.K == pPrio; k++ {
		s.ApplyTrusted(engine.Seat(s.Pend.Seat), mkA(aPass, 0))
	}
	if m := s.ToMove(nil); len(m) != 2 || m[0] != 1 || m[1] != 2 {
		t.Fatalf("after the attack ToMove is %v, want Bob and Cid blocking at once", m)
	}
	for o, want := range map[string]int8{"Dune Ambusher": 1, "Ember Cub": 2, "Rivet Sentry": 1} {
		found := false
		for i := 1; i < maxObj; i++ {
			if s.O[i].Def != 0 && s.nameOf(oid(i)) == o && s.O[i].Zone == zField {
				found = s.O[i].has(fAttacking) && s.O[i].Target == want
			}
		}
		if !found {
			t.Errorf("%s does not attack %s", o, s.SeatName(engine.Seat(want)))
		}
	}
}

// A player who concedes during the swaps of a three-player game (the first seat, after Bob
// has confirmed) leaves them; Cid's confirmation then starts the game without Ann.
func TestConcedeDuringSwaps(t *testing.T) {
	tab := mustTable(t)
	ds := reserveDecks(t)
	s, err := NewGame(tab, Options{Format: "ffa", Names: []string{"Ann", "Bob", "Cid"}}, []Deck{ds[0], ds[1], ds[2]}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(1, mkA(aDone, 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Concede(0); err != nil {
		t.Fatal(err)
	}
	if m := s.ToMove(nil); len(m) != 1 || m[0] != 2 || s.Pend.K != pSwap {
		t.Fatalf("after Ann concedes: %v decide %s, want Cid swapping", m, s.pendWord())
	}
	if err := s.Apply(2, mkA(aDone, 0)); err != nil {
		t.Fatal(err)
	}
	if s.Pend.K != pMulligan || s.Pend.Seat != 1 || s.count(1, zHand) != 6 || s.count(2, zHand) != 6 || s.count(0, zHand) != 0 {
		t.Fatalf("after the swaps: %s for %d, hands %d %d %d", s.pendWord(), s.Pend.Seat, s.count(0, zHand), s.count(1, zHand), s.count(2, zHand))
	}
	for _, a := range []string{"keep", "keep"} {
		seat := s.ToMove(nil)[0]
		if seat == 0 {
			t.Fatal("Ann, out of the game, is asked to mulligan")
		}
		act, _ := s.ParseAction(seat, a)
		if err := s.Apply(seat, act); err != nil {
			t.Fatal(err)
		}
	}
	if s.Pend.K != pFirst || s.Pend.Seat == 0 {
		t.Fatalf("after the mulligans: %s by seat %d", s.pendWord(), s.Pend.Seat)
	}
	for _, a := range s.Legal(engine.Seat(s.Pend.Seat), nil) {
		if s.ActionText(engine.Seat(s.Pend.Seat), a) == "choose Ann" {
			t.Error("Ann, out of the game, may be chosen to start")
		}
	}
}
