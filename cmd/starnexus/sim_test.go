package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimJSON runs "starnexus sim --json" and reads back the documented keys, one seat entry
// per seat in the order given.
func TestSimJSON(t *testing.T) {
	var out, errs bytes.Buffer
	if code := runSim([]string{"--seats", "random,greedy", "--games", "20", "--json"}, nil, &out, &errs, noEnv); code != 0 {
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
	if code := runSim([]string{"--seats", "greedy,velocity", "--games", "10", "--report", dir}, nil, &out, &errs, noEnv); code != 0 {
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

// TestSimNexus plays Stellar Nexus deck against deck, a deck file among them, merges two
// halves split by seed into the whole, and refuses to merge different setups.
func TestSimNexus(t *testing.T) {
	dir := t.TempDir()
	deckFile := filepath.Join(dir, "mykern.yaml")
	text, err := os.ReadFile("../../games/nexus/decks/kern.yaml")
	if err != nil {
		t.Skip("no shipped deck file to copy:", err)
	}
	if err := os.WriteFile(deckFile, text, 0o644); err != nil {
		t.Fatal(err)
	}
	files := 0
	run := func(args ...string) map[string]any {
		t.Helper()
		var out, errs bytes.Buffer
		if code := runSim(append([]string{"--game", "nexus", "--json"}, args...), nil, &out, &errs, noEnv); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%v: %s", err, out.String())
		}
		files++
		f := filepath.Join(dir, fmt.Sprintf("run%d.json", files))
		if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		got["file"] = f
		return got
	}
	whole := run("--decks", "rayji,"+deckFile, "--games", "20", "--seed", "1")
	for _, k := range []string{"decks", "heroes", "life_by_round", "cards", "positions"} {
		if _, ok := whole[k]; !ok {
			t.Errorf("no %q", k)
		}
	}
	if whole["cards_counted"] != "cast" || whole["game"] != "nexus" {
		t.Errorf("cards_counted %v, game %v", whole["cards_counted"], whole["game"])
	}
	a := run("--decks", "rayji,"+deckFile, "--games", "8", "--seed", "1")
	b := run("--decks", "rayji,"+deckFile, "--games", "12", "--seed", "9")
	var out, errs bytes.Buffer
	if code := runSim([]string{"--merge", "--json", a["file"].(string), b["file"].(string)}, nil, &out, &errs, noEnv); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errs.String())
	}
	var merged map[string]any
	if err := json.Unmarshal(out.Bytes(), &merged); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "first_player_win_rate", "decks", "heroes", "cards"} {
		if fmt.Sprint(merged[k]) != fmt.Sprint(whole[k]) {
			t.Errorf("merged %s = %v, whole run %v", k, merged[k], whole[k])
		}
	}
	other := run("--decks", "rayji,kern", "--games", "4", "--seed", "30")
	out.Reset()
	errs.Reset()
	if code := runSim([]string{"--merge", a["file"].(string), other["file"].(string)}, nil, &out, &errs, noEnv); code == 0 || !strings.Contains(errs.String(), "not of the same setup") {
		t.Errorf("merging different setups: exit %d, %q", code, errs.String())
	}
	m := run("--matrix", "--games", "2")
	if cells, _ := m["cells"].([]any); len(cells) < 2 {
		t.Errorf("matrix cells %v", m["cells"])
	}
}

// TestSimAllDecks plays every pairing of the shipped Stellar Nexus decks in turn: 50 games
// play each of the 25 ordered pairings from both seats, the summary names the pairings, two
// halves split by seed merge, and --decks all refuses --matrix.
func TestSimAllDecks(t *testing.T) {
	dir := t.TempDir()
	run := func(name string, args ...string) map[string]any {
		t.Helper()
		var out, errs bytes.Buffer
		if code := runSim(append([]string{"--game", "nexus", "--json", "--decks", "all", "--seats", "greedy,tactician"}, args...), nil, &out, &errs, noEnv); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%v: %s", err, out.String())
		}
		if err := os.WriteFile(filepath.Join(dir, name), out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	whole := run("whole.json", "--games", "50", "--seed", "3")
	opts, _ := whole["options"].(map[string]any)
	if d, _ := opts["decks"].(string); !strings.HasPrefix(d, "every pairing of ") || strings.Count(d, ",") != 4 {
		t.Errorf("options decks %q, want every pairing of the five shipped decks", d)
	}
	if whole["games"] != float64(50) {
		t.Errorf("games %v", whole["games"])
	}
	run("a.json", "--games", "20", "--seed", "3")
	run("b.json", "--games", "30", "--seed", "23")
	var out, errs bytes.Buffer
	if code := runSim([]string{"--merge", "--json", filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")}, nil, &out, &errs, noEnv); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errs.String())
	}
	out.Reset()
	errs.Reset()
	if code := runSim([]string{"--game", "nexus", "--decks", "all", "--matrix"}, nil, &out, &errs, noEnv); code != 2 || !strings.Contains(errs.String(), "give one") {
		t.Errorf("--decks all --matrix: exit %d, %q", code, errs.String())
	}
}
