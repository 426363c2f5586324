package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDeckCheckShipped(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "deck", "check", "damnareh", "kern", "hilote", "rayji", "cypios")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if !strings.Contains(l, ": ok (hero ") || !strings.Contains(l, "resources 10, reserve 15)") {
			t.Errorf("line %q", l)
		}
	}
	if !strings.HasPrefix(lines[3], "rayji: ok (hero Kaira Swiftclaw, library 33,") {
		t.Errorf("rayji line %q", lines[3])
	}
}

func TestDeckCheckFiles(t *testing.T) {
	dir := filepath.Join("testdata", "decks")
	tests := []struct {
		file string
		code int
		want string // the whole output for this file
	}{
		{"four-copies.yaml", 1, `library has 4 copies of "Ember Cub" (at most 3, SN 2.2)`},
		{"forty-one.yaml", 1, "library has 41 cards (30-40, SN 2.1)"},
		{"two-totems.yaml", 1, `resource pile has 2 copies of special resource "Sunforge Totem" (at most 1, SN 2.3)`},
		{"shard-in-library.yaml", 1, `"Nexus Shard" is a resource: resources go in the resource pile, never the library (SN 2.6)`},
		{"list-form.yaml", 0, "ok (hero The Mycelial Choir, library 30, resources 10, reserve 0)"},
		{"missing.yaml", 1, "open " + filepath.Join(dir, "missing.yaml") + ": no such file or directory"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dir, tc.file)
			code, out, stderr := runStarnexus(t, "", "deck", "check", path)
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)", code, tc.code, stderr)
			}
			if !strings.HasPrefix(out, path+": "+tc.want) || strings.Count(out, "\n") != 1 {
				t.Errorf("output\n%s\nwant the one line\n%s: %s", out, path, tc.want)
			}
		})
	}
	// Several files: every one is reported, and one bad deck fails the run.
	code, out, _ := runStarnexus(t, "", "deck", "check", "rayji", filepath.Join(dir, "four-copies.yaml"), "kern")
	if code != 1 || strings.Count(out, "\n") != 3 || !strings.HasPrefix(out, "rayji: ok") {
		t.Errorf("exit %d, output\n%s", code, out)
	}
}

func TestDeckUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"deck"}, 2, "usage: starnexus deck check"},
		{[]string{"deck", "check"}, 2, "name at least one deck"},
		{[]string{"deck", "burn"}, 2, `unknown subcommand "burn"`},
		{[]string{"deck", "show"}, 2, "usage: starnexus deck show"},
		{[]string{"deck", "check", "rayj"}, 1, `did you mean "rayji"?`},
	}
	for _, tc := range tests {
		code, out, stderr := runStarnexus(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+stderr, tc.want) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d and %q", tc.args, code, out, stderr, tc.code, tc.want)
		}
	}
}

func TestDeckListAndShow(t *testing.T) {
	code, out, stderr := runStarnexus(t, "", "deck", "list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"damnareh", "Kern Forgeline", "Ilyane of the High Current", "Rayji Hunt", "The Mycelial Choir"} {
		if !strings.Contains(out, want) {
			t.Errorf("deck list lacks %q:\n%s", want, out)
		}
	}
	code, out, stderr = runStarnexus(t, "", "deck", "show", "rayji")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Rayji Hunt", "Hero: Kaira Swiftclaw (Rayji, life 22)", "Library (33)", "3x  Ember Cub",
		"Resource pile (10)", "8x  Nexus Shard", "Reserve (15)"} {
		if !strings.Contains(out, want) {
			t.Errorf("deck show lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runStarnexus(t, "", "deck", "show", filepath.Join("testdata", "decks", "two-totems.yaml"))
	if code != 1 || !strings.Contains(out, "Not legal:\n  resource pile has 2 copies") {
		t.Errorf("show of an illegal deck: exit %d\n%s", code, out)
	}
}
