package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRNGIsDeterministicAndUniform(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different streams")
		}
	}
	c, d := NewRNG(43), NewRNG(42)
	if d.Uint64() == c.Uint64() {
		t.Fatal("different seeds, same first value")
	}
	var counts [6]int
	r := NewRNG(1)
	for i := 0; i < 60000; i++ {
		counts[r.Intn(6)]++
	}
	for face, n := range counts {
		if n < 9000 || n > 11000 {
			t.Errorf("face %d: %d of 60000", face, n)
		}
	}
}

func TestShuffleKeepsElements(t *testing.T) {
	r := NewRNG(7)
	x := []int{1, 2, 3, 4, 5, 6, 7, 8}
	Shuffle(&r, x)
	sum := 0
	for _, v := range x {
		sum += v
	}
	if sum != 36 || len(x) != 8 {
		t.Fatalf("shuffle lost elements: %v", x)
	}
}

func TestClosest(t *testing.T) {
	names := []string{"Blob Fighter", "Blob World", "Battle Blob", "Scout", "Viper"}
	tests := []struct {
		q    string
		want string
	}{
		{"Blob Wrld", "Blob World"},
		{"scuot", "Scout"},
		{"viper", "Viper"},
	}
	for _, tt := range tests {
		got := Closest(tt.q, names, 2)
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("Closest(%q) = %v, want %s first", tt.q, got, tt.want)
		}
	}
	if got := Closest("zzzzzzzzzzzz", names, 3); len(got) != 0 {
		t.Errorf("nothing close should suggest nothing, got %v", got)
	}
}

func TestLoadRecordErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ body, want string }{
		{"not json", "not a saved game"},
		{`{"names":["A"],"seats":["human"]}`, `no "game" field`},
		{`{"game":"realms","names":["A","B"],"seats":["human"]}`, "2 names"},
		{`{"game":"realms","names":["A","B"],"seats":["human","greedy"],"actions":[{"seat":5,"action":"end"}]}`, "names seat 5"},
	}
	for i, tt := range tests {
		p := filepath.Join(dir, "save.json")
		if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadRecord(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("case %d: error %v, want %q", i, err, tt.want)
		}
	}
	r := &Record{Game: "realms", Names: []string{"A", "B"}, Seats: []string{"human", "greedy"}, Seed: 3,
		Actions: []LoggedAction{{Seat: 0, Action: "play Scout"}}}
	p := filepath.Join(dir, "ok.json")
	if err := SaveRecord(p, r); err != nil {
		t.Fatal(err)
	}
	back, err := LoadRecord(p)
	if err != nil || back.Seed != 3 || back.Actions[0].Action != "play Scout" {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
}

func TestEqualFold(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Blob Fighter", "blob fighter", true},
		{"BLOB", "blob", true},
		{"Blob", "Blob ", false},
		{"Blob", "Blub", false},
		{"", "", true},
		{"Émile", "émile", false}, // ASCII folding only: other letters compare exactly
		{"[a]", "{a}", false},     // '[' and '{' differ by 32 but are not letters
	} {
		if got := EqualFold(tc.a, tc.b); got != tc.want {
			t.Errorf("EqualFold(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"play Scout", 64, "play Scout"},
		{"abcdef", 3, "abc..."},
		{"éé", 3, "é..."}, // never half a character
		{"", 3, ""},
	} {
		if got := Clip(c.in, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
