package nexus

import (
	"encoding/binary"
	"testing"

	"starnexus/engine"
)

// FuzzActions feeds arbitrary action words and choices to a duel: the engine never panics,
// a refused action changes nothing, and an accepted one has the text of a listed action.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(7), []byte("\x20\x00\x00\x05\x30\x00\x10\x01\xff\xff\xff\xff"))
	tab := mustTable(f)
	shipped := shippedDecks(f)
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		opts, ds := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 30}, []Deck{shipped[seed%5], shipped[(seed/5)%5]}
		switch seed % 4 {
		case 1:
			opts = Options{Format: "allied", MaxTurns: 30}
			ds = append(ds, shipped[(seed+2)%5], shipped[(seed+3)%5])
		case 2:
			opts = Options{Format: "ffa", MaxTurns: 30}
			ds = append(ds, shipped[(seed+2)%5])
		}
		s, err := NewGame(tab, opts, ds, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		for len(data) >= 5 && !s.Over() {
			m := s.ToMove(nil)
			pick := data[0]
			seat := m[int(pick)%len(m)]
			legal := s.Legal(seat, nil)
			texts := map[string]bool{}
			for _, a := range legal {
				texts[s.ActionText(seat, a)] = true
			}
			a := engine.Action(binary.LittleEndian.Uint32(data[1:5]))
			data = data[5:]
			if pick%2 == 0 && len(legal) > 0 { // half the time a listed action
				a = legal[rng.Intn(len(legal))]
			}
			txt := s.ActionText(seat, a)
			before := s.Clone().(*State)
			if err := s.Apply(seat, a); err != nil {
				if !sameState(s, before) {
					t.Fatalf("refused %q changed the state", txt)
				}
				continue
			}
			// Apply accepts only what Legal lists (a block that starts a list again too, SN 12.3).
			if !texts[txt] {
				t.Fatalf("accepted %q, which Legal does not list (%v)", txt, texts)
			}
		}
	})
}
