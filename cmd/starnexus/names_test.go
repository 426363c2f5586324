package main

import (
	"slices"
	"strings"
	"testing"
)

// TestPlayRefusesNames: the terminal refuses the names the server refuses, in both games,
// before any game starts.
func TestPlayRefusesNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Ann,hand"}, "--names: player 2: the name \"hand\" is (or looks like) a word of the action texts"},
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Scout,Bob"}, "--names: player 1: the name \"Scout\" is (or looks like) a card's name"},
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Ann,2"}, "is a number"},
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Ann,Аnn"}, "--names: player 2: the name \"Аnn\" looks like \"Ann\", player 1's"},
		{[]string{"play", "--seats", "greedy,greedy", "--names", "Ann,Bob:x"}, "may not contain ':' or ','"},
		{[]string{"play", "--game", "nexus", "--seats", "greedy,greedy", "--names", "Ann,ann"}, "looks like \"Ann\""},
		{[]string{"play", "--game", "nexus", "--seats", "greedy,greedy", "--names", "library,Bob"}, "word of the action texts"},
		{[]string{"play", "--game", "nexus", "--seats", "greedy,greedy", "--names", "Ann,Viper"}, "card's name"}, // a Star Realms card, in Stellar Nexus
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, stderr := runStarnexus(t, "", tc.args...)
			if code == 0 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want an error containing %q", code, stderr, tc.want)
			}
			if out != "" {
				t.Errorf("a game started: %q", out)
			}
		})
	}
}

// TestCheckNamesKeepsNormalisedForm: the names are kept in their PRECIS form, as the server
// keeps them.
func TestCheckNamesKeepsNormalisedForm(t *testing.T) {
	names := []string{"Ａnn", "Zoe\u0308", "P3"}
	if err := checkNames(names); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Ann", "Zoë", "P3"}; !slices.Equal(names, want) {
		t.Errorf("kept %+q, want %+q", names, want)
	}
}
