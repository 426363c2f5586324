package realms

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"starnexus/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.json from the engine")

// perft counts the leaves of the legal-action tree to the given depth.
func perft(s *State, depth int) int {
	if depth == 0 || s.Over() {
		return 1
	}
	seat := s.toMove()
	legal := s.Legal(seat, nil)
	if depth == 1 {
		return len(legal)
	}
	n := 0
	var child State
	for _, a := range legal {
		s.CopyTo(&child)
		child.ApplyTrusted(seat, a)
		n += perft(&child, depth-1)
	}
	return n
}

// perftPositions are fixed starting points: fresh games, and games after some greedy moves.
func perftPositions(t *testing.T, cat *Catalog) map[string]*State {
	out := map[string]*State{}
	for _, seed := range []uint64{1, 2, 3} {
		for _, moves := range []int{0, 40, 120} {
			s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}}, seed)
			if err != nil {
				t.Fatal(err)
			}
			if moves > 0 {
				engine.PlayOut(s, []engine.Bot{Greedy{}, Greedy{}}, []engine.RNG{engine.NewRNG(seed), engine.NewRNG(seed + 1)}, moves)
			}
			out[fmt.Sprintf("seed%d-after%d", seed, moves)] = s
		}
	}
	return out
}

// TestPerft pins the number of nodes of the legal-action tree at depths 1 to 3 (DESIGN.md
// §5). A change to move generation that changes a count must explain itself; rewrite the
// file with: go test ./games/realms -run Perft -update
func TestPerft(t *testing.T) {
	cat := loadCat(t)
	got := map[string][3]int{}
	for name, s := range perftPositions(t, cat) {
		var c [3]int
		for d := 1; d <= 3; d++ {
			c[d-1] = perft(s, d)
		}
		got[name] = c
	}
	path := filepath.Join("testdata", "perft.json")
	if *update {
		b, _ := json.Marshal(got)
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	var want map[string][3]int
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Errorf("%d positions pinned, %d computed", len(want), len(got))
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: perft 1..3 = %v, pinned %v", name, got[name], w)
		}
	}
}
