package nexus

import (
	"encoding/binary"
	"strings"
	"testing"

	"starnexus/engine"
)

// actionShapes appends action values of every shape the encoding has, over the objects,
// seats and definitions of s as seat sees them and beyond: casts, activations (hero too),
// choices of objects and players, attackers at each seat, the three block kinds for each
// attacker, swaps between the seat's deck and reserve, and each kind without argument.
func actionShapes(s *State, seat int8, buf []engine.Action) []engine.Action {
	for k := 1; k <= aBlockHalf; k++ {
		buf = append(buf, mkA(k, 0))
	}
	for o := 0; o <= int(s.NO); o++ {
		buf = append(buf, mkCast(oid(o)), mkActivate(oid(o), 0, false), mkActivate(oid(o), 1, false),
			mkChoose(tref{K: tkObj, ID: uint16(o)}), mkAddAttacker(oid(o), noSeat))
		for t := int8(0); t < s.N; t++ {
			buf = append(buf, mkAddAttacker(oid(o), t))
		}
	}
	for t := 0; t <= int(s.N); t++ {
		buf = append(buf, mkChoose(tref{K: tkPlayer, ID: uint16(t)}))
	}
	for ab := 0; ab < 3; ab++ {
		buf = append(buf, mkActivate(0, ab, true))
	}
	for a := 1; a < int(s.NO); a++ {
		if s.O[a].has(fAttacking) {
			for b := 0; b <= int(s.NO); b++ {
				buf = append(buf, mkBlock(aBlock, oid(a), oid(b)), mkBlock(aBlockNew, oid(a), oid(b)), mkBlock(aBlockHalf, oid(a), oid(b)))
			}
		}
	}
	if s.Pend.K == pSwap {
		outs := []uint8{0, s.P[seat].Hero}
		var seen [256]bool
		for i := 1; i < int(s.NO); i++ {
			if d := s.O[i].Def; s.O[i].Owner == seat && !seen[d] {
				seen[d] = true
				outs = append(outs, d)
			}
		}
		ins := []uint8{0}
		for i := 0; i < int(s.P[seat].NR); i++ {
			ins = append(ins, s.P[seat].Reserve[i])
		}
		for _, o := range outs {
			for _, i := range ins {
				buf = append(buf, mkSwap(o, i))
			}
		}
	}
	return buf
}

// checkVerdicts compares, for every seat, Apply's verdict on the listed actions and on a
// sample of others (shapes and raw words) with Legal's list: a listed action is applied, any
// other is refused with a reason and changes nothing. The explainer agrees with Legal: it
// names no rule a listed action breaks, and an unlisted action that breaks no rule it knows is
// another form of a listed one (never its bare fallback).
func checkVerdicts(t *testing.T, s *State, rng *engine.RNG, extra []engine.Action) {
	t.Helper()
	before := s.Clone().(*State)
	var shapes []engine.Action
	for q := int8(0); q < s.N; q++ {
		seat := engine.Seat(q)
		legal := s.Legal(seat, nil)
		listed := map[engine.Action]bool{}
		for _, a := range legal {
			if listed[a] {
				t.Fatalf("%q listed twice", s.ActionText(seat, a))
			}
			listed[a] = true
			if r := s.explain(q, a); !r.ok() {
				t.Fatalf("%s: listed %q, but the explainer says %q", s.SeatName(seat), s.ActionText(seat, a), r.en)
			}
			c := s.Clone().(*State)
			if err := c.Apply(seat, a); err != nil {
				t.Fatalf("%s: listed %q refused: %v", s.SeatName(seat), s.ActionText(seat, a), err)
			}
		}
		shapes = actionShapes(s, q, shapes[:0])
		sample := append([]engine.Action(nil), extra...)
		sample = append(sample, shapes[:aBlockHalf]...) // each kind without argument
		if s.Pend.K == pBlock && s.decides(q) {         // every block of an attacker by a creature of the seat
			for a := 1; a < int(s.NO); a++ {
				for b := 1; b < int(s.NO) && s.O[a].has(fAttacking); b++ {
					if s.O[b].Ctrl == q && s.O[b].Zone == zField {
						sample = append(sample, mkBlock(aBlock, oid(a), oid(b)), mkBlock(aBlockNew, oid(a), oid(b)), mkBlock(aBlockHalf, oid(a), oid(b)))
					}
				}
			}
		}
		for k := 0; k < 24 && len(shapes) > 0; k++ {
			sample = append(sample, shapes[rng.Intn(len(shapes))])
		}
		sample = append(sample, engine.Action(rng.Uint64()), engine.Action(uint32(rng.Intn(16))<<28|uint32(rng.Intn(int(s.NO)+2))))
		// Ids past the object table, whatever its size: refused, never read.
		for _, id := range []uint32{uint32(len(s.O)), idMask} {
			sample = append(sample, engine.Action(uint32(rng.Intn(16))<<28|uint32(rng.Intn(8))<<idBits|id))
		}
		for _, a := range sample {
			if listed[a] {
				continue
			}
			err := s.Apply(seat, a)
			if err == nil {
				t.Fatalf("%s: %q (%08x) applied, but Legal does not list it", s.SeatName(seat), s.ActionText(seat, a), uint32(a))
			}
			if ie, ok := err.(*engine.IllegalError); !ok || ie.Reason == "" {
				t.Fatalf("%s: %q refused without a reason: %v", s.SeatName(seat), s.ActionText(seat, a), err)
			}
			if s.decides(q) && s.explain(q, a).ok() && strings.HasPrefix(s.unlisted(q, a).en, "not possible now") {
				t.Fatalf("%s: %q breaks no rule the explainer knows, yet Legal does not list it", s.SeatName(seat), s.ActionText(seat, a))
			}
		}
	}
	if !sameState(s, before) {
		t.Fatal("a refused action changed the state")
	}
}

// playVerdicts plays a random game of the given shape, checking the verdicts at every step.
func playVerdicts(t *testing.T, seed uint64, words []byte) {
	tab := mustTable(t)
	base := shippedDecks(t)
	if seed%3 == 0 {
		base = reserveDecks(t)
	}
	opts, ds := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 12}, []Deck{base[seed%5], base[(seed/5)%5]}
	switch seed % 4 {
	case 1:
		opts = Options{Format: "allied", MaxTurns: 12}
		ds = append(ds, base[(seed+2)%5], base[(seed+3)%5])
	case 2:
		opts = Options{Format: "ffa", MaxTurns: 12}
		ds = append(ds, base[(seed+2)%5])
	}
	s, err := NewGame(tab, opts, ds, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	for step := 0; step < 1500 && !s.Over(); step++ {
		var extra []engine.Action
		if len(words) >= 4 {
			extra = append(extra, engine.Action(binary.LittleEndian.Uint32(words)))
			words = words[4:]
		}
		checkVerdicts(t, s, &rng, extra)
		m := s.ToMove(nil)
		seat := m[rng.Intn(len(m))]
		l := s.Legal(seat, nil)
		a := l[rng.Intn(len(l))]
		if s.Pend.K == pSwap && rng.Intn(3) == 0 && s.listed(int8(seat), mkA(aDone, 0)) {
			a = mkA(aDone, 0) // a random walk through the swaps rarely comes back to a legal deck
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("step %d: listed %q refused: %v", step, s.ActionText(seat, a), err)
		}
	}
}

// TestApplyIsLegal: in random duels, free-for-all and allied games (some opening with the
// reserve swaps), Apply accepts exactly what Legal lists, at every step.
func TestApplyIsLegal(t *testing.T) {
	for seed := uint64(0); seed < 8; seed++ {
		playVerdicts(t, seed, nil)
	}
}

// FuzzApplyIsLegal is TestApplyIsLegal with fuzzed seeds and action words.
func FuzzApplyIsLegal(f *testing.F) {
	f.Add(uint64(1), []byte{0, 0, 0, 0x40, 1, 0, 0, 0x70})
	f.Add(uint64(6), []byte("\x03\x00\x00\xd0\x05\x40\x00\xe0"))
	f.Fuzz(playVerdicts)
}

// TestSearchLegalLeavesOutOnlyRestarts: over random games of two and three seats, for every
// seat that may act, SearchLegal lists the actions of Legal, in Legal's order, but the
// changes of a block declaration that start a list again (SN 12.3), never empty when Legal
// is not; and such changes do come up.
func TestSearchLegalLeavesOutOnlyRestarts(t *testing.T) {
	ds := shippedDecks(t)
	restarts := 0
	for game := uint64(0); game < 40; game++ {
		n := 2 + int(game%2)
		var pick []Deck
		for k := 0; k < n; k++ {
			pick = append(pick, ds[(int(game)+2*k)%len(ds)])
		}
		opts := Options{MaxTurns: 30}
		if n > 2 {
			opts.Format = "ffa"
		}
		s, err := NewGame(mustTable(t), opts, pick, game+1)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(game)
		var mv [8]engine.Seat
		for steps := 0; !s.Over() && steps < 5000; steps++ {
			m := s.ToMove(mv[:0])
			for _, q := range m {
				legal := s.Legal(q, nil)
				adds := s.SearchLegal(q, nil)
				if len(adds) == 0 {
					t.Fatalf("game %d: %s has %d legal actions and none to search", game, s.SeatName(q), len(legal))
				}
				k := 0
				for _, a := range legal {
					if k < len(adds) && adds[k] == a {
						k++
						continue
					}
					if s.Pend.K != pBlock || (kindOf(a) != aBlockNew && kindOf(a) != aBlockHalf) {
						t.Fatalf("game %d: SearchLegal leaves out %q", game, s.ActionText(q, a))
					}
					restarts++
				}
				if k != len(adds) {
					t.Fatalf("game %d: SearchLegal lists %d actions Legal does not (in its order)", game, len(adds)-k)
				}
			}
			seat := m[rng.Intn(len(m))]
			legal := s.Legal(seat, nil)
			if err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if restarts == 0 {
		t.Fatal("no declaration could start again in 40 random games")
	}
	t.Logf("%d restarts left out", restarts)
}
