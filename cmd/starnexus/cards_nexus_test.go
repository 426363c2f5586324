package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCardsNexusJSON(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "cards", "--game", "nexus", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	byID := map[string]map[string]any{}
	for _, c := range list {
		types[c["type"].(string)]++
		byID[c["id"].(string)] = c
	}
	want := map[string]int{"Hero": 5, "Creature": 34, "Instant": 17, "Equipment": 9, "SpecialResource": 10, "Resource": 1, "Token": 3}
	for typ, n := range want {
		if types[typ] != n {
			t.Errorf("%d cards of type %s, want %d", types[typ], typ, n)
		}
	}
	cd := byID["CY-05"]
	if cd["name"] != "Puffball Colossus" || cd["cost"] != 5.0 || cd["stats"] != "3/5" || cd["division"] != "TK-SPORE x3" || cd["limit"] != 3.0 {
		t.Errorf("CY-05: %v", cd)
	}
	if h := byID["HE-CY"]; h["life"] != 24.0 || h["cost"] != nil || len(h["text"].([]any)) != 1 {
		t.Errorf("HE-CY: %v", h)
	}
	if s := byID["RS-00"]; s["limit"] != nil || s["faction"] != "Neutral" {
		t.Errorf("RS-00: %v", s)
	}
}

func TestCardsNexusTable(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "cards", "--game", "nexus", "--faction", "Dam'Nareh", "--name", "a")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines[1 : len(lines)-1] {
		if !strings.Contains(l, "DamNareh") {
			t.Errorf("line of another faction: %q", l)
		}
	}
	if !strings.Contains(out, "Vessa, Matriarch of Nareh") || !strings.Contains(out, "Shroud of Ash") || strings.Contains(out, "Kern") {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(out, "equipped: -1/-1 / active(2): destroy(SELF)") {
		t.Errorf("abilities are not joined by \" / \":\n%s", out)
	}

	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"cards", "--game", "nexus", "--name", "Ember Cob"}, 1, `did you mean Ember Cub?`},
		{[]string{"cards", "--game", "nexus", "--faction", "Blob"}, 1, `unknown faction "Blob"`},
		{[]string{"cards", "--game", "nexus", "--set", "core"}, 2, "nexus without --set"},
		{[]string{"cards", "--game", "chess"}, 2, `--game "chess"`},
	}
	for _, tc := range tests {
		code, out, stderr := runStarnexus(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+stderr, tc.want) {
			t.Errorf("%v: exit %d, %q %q; want exit %d and %q", tc.args, code, out, stderr, tc.code, tc.want)
		}
	}
}
