package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimJSON runs "starnexus sim --json" and reads back the documented keys, one seat entry
// per seat in the order given.
func TestSimJSON(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runSim([]string{"--seats", "random,greedy", "--games", "20", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	for _, k := range []string{"games", "draws", "first_player_win_rate", "avg_rounds", "seats", "cards"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no %q in %s", k, out.String())
		}
	}
	seats, _ := got["seats"].([]any)
	if len(seats) != 2 {
		t.Fatalf("seats: %v", got["seats"])
	}
	for i, want := range []string{"random", "greedy"} {
		s := seats[i].(map[string]any)
		if s["bot"] != want {
			t.Errorf("seat %d is %v, want %s", i, s["bot"], want)
		}
		for _, k := range []string{"win_rate", "ci95", "decision_ms"} {
			if _, ok := s[k]; !ok {
				t.Errorf("seat %d has no %q", i, k)
			}
		}
	}
	if wr := seats[1].(map[string]any)["win_rate"].(float64); wr < 0.8 {
		t.Errorf("greedy wins %.2f of its games against random", wr)
	}
	if errs.Len() != 0 {
		t.Errorf("stderr is not a terminal but got %q", errs.String())
	}
}

// TestSimReport writes a report folder and prints the table.
func TestSimReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	var out, errs bytes.Buffer
	if code := runSim([]string{"--seats", "greedy,velocity", "--games", "10", "--report", dir}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"first player wins", "velocity", "95% interval", "report written"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, f := range []string{"summary.json", "report.md", "win_rates.svg", "authority.svg", "card_impact.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
