package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// `campaign show` prints a sticker sheet in English: each row's costs, what its stickers give
// and what an upgrade costs; without a sheet it lists them; an unknown one is refused with
// the closest name.
func TestCampaignShowSheet(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	if code, _, errOut := runStarnexus(t, "", "campaign", "new", "--name", "x", "--seats", "human,greedy", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args       []string
		code       int
		want, errs string
	}{
		{[]string{"--name", "x", "--db", db, "Empire", "1"}, 0,
			"Empire 1, Empire's sticker sheet\n  When you buy a card from the Trade Row", ""},
		{[]string{"Empire", "1", "--name", "x", "--db", db}, 0,
			"\n  Row 1, cards costing 1 or 2: ship (+2 Trade): +1 Combat. · base (+3 Trade): +2 Authority.\n", ""},
		{[]string{"--name", "x", "--db", db, "federation", "4"}, 0,
			"\n  Row 4, cards costing 7: ship (+2 Trade): +2 Trade. +2 Authority. · base (+3 Trade): +3 Combat.\n  Row 5", ""},
		{[]string{"--name=x", "--db", db, "Federation", "4"}, 0, "Federation receives this sheet at the start of scenario 4.", ""},
		{[]string{"--name", "x", "--db", db}, 0, "The sticker sheets of campaign x: Empire 1, Empire 2", ""},
		{[]string{"--name", "x", "--db", db, "Empire", "9"}, 1, "", `no sheet "Empire 9"`},
		{[]string{"--db", db, "Empire", "1"}, 2, "", "--name is required"},
	} {
		code, out, errOut := runStarnexus(t, "", append([]string{"campaign", "show"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out, tc.want) || !strings.Contains(errOut, tc.errs) {
			t.Errorf("campaign show %v: exit %d\n%s%s\nwant exit %d, %q, %q", tc.args, code, out, errOut, tc.code, tc.want, tc.errs)
		}
	}
}
