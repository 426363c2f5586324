package playername

import (
	"fmt"
	"strings"
	"testing"

	"starnexus/campaign"
	"starnexus/engine"
	"starnexus/games"
	"starnexus/games/nexus"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
)

func gamesChecker(t *testing.T) *Checker {
	t.Helper()
	reg, err := games.Registry()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range reg.Games() {
		names = append(names, g.CardNames()...)
	}
	return New(names)
}

func TestCheckAccepts(t *testing.T) {
	c := gamesChecker(t)
	for _, tc := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{"Zoë", "Zoë"},
		{"Zoe\u0308", "Zoë"}, // decomposed: NFKC composes it
		{"李雷", "李雷"},
		{"Bob_2", "Bob_2"},
		{"P1", "P1"},
		{"Seat3", "Seat3"},
		{"Ａnn", "Ann"},    // fullwidth A: the kept form is the normalised one
		{"ﬁona", "fiona"}, // the fi ligature
		{"Ivan", "Ivan"},
		{"O'Brien", "O'Brien"},
		{strings.Repeat("a", MaxBytes), strings.Repeat("a", MaxBytes)},
		{strings.Repeat("Ｂ", MaxBytes), strings.Repeat("B", MaxBytes)}, // 96 bytes sent, 32 kept
		{"Handel", "Handel"}, // a zone word inside a name is fine
		{"Scouty", "Scouty"},
		{"2Bob", "2Bob"},
	} {
		got, err := c.Check(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Check(%+q) = %+q, %v; want %+q", tc.in, got, err, tc.want)
		}
	}
}

func TestCheckRefuses(t *testing.T) {
	c := gamesChecker(t)
	for _, tc := range []struct{ in, why string }{
		{"", "empty"},
		{strings.Repeat("a", MaxBytes+1), "at most 32 bytes"},
		{strings.Repeat("李", 11), "at most 32 bytes"}, // 33 bytes
		{strings.Repeat("a", 10000), "at most 32 bytes"},
		{"Ann Lee", "spaces"},
		{"Ann\u00a0Lee", "spaces"}, // a no-break space is mapped to a space
		{"Ann\u3000Lee", "spaces"}, // the ideographic space too
		{"a:b", "':' or ','"},
		{"a,b", "':' or ','"},
		{"Bob:Scout", "':' or ','"},
		{"hand", "word of the action texts"},
		{"HAND", "word of the action texts"},
		{"Hand", "word of the action texts"},
		{"ｈａｎｄ", "word of the action texts"}, // fullwidth, normalised to hand
		{"һаnd", "word of the action texts"}, // Cyrillic shha and a
		{"none", "word of the action texts"},
		{"library", "word of the action texts"},
		{"resource_pile", "word of the action texts"},
		{"in_play", "word of the action texts"},
		{"boss", "word of the action texts"},
		{"Scout", "card's name"},
		{"scout", "card's name"},
		{"SCOUT", "card's name"},
		{"Ѕсоut", "card's name"}, // Cyrillic dze, es, o
		{"Blob Fighter", "spaces"},
		{"Pounce", "card's name"},        // Stellar Nexus
		{"sporeling", "card's name"},     // Stellar Nexus
		{"Disséminateur", "card's name"}, // a French alias of Swarmer
		{"Disseminateur", "card's name"}, // without its accent
		{"Rastreadora", "card's name"},   // a Spanish alias of Scout
		{"2", "is a number"},
		{"+2", "is a number"},
		{"-1", "is a number"},
		{"007", "is a number"},
		{"２", "is a number"},      // fullwidth 2
		{"٣", "is a number"},      // Arabic-Indic 3
		{"a\u200db", "nickname"},  // zero-width joiner outside its context
		{"a\u200bb", "nickname"},  // zero-width space
		{"a\u202eb", "nickname"},  // right-to-left override
		{"Ann\u2066", "nickname"}, // left-to-right isolate
		{"a\x00b", "nickname"},
		{"a\tb", "nickname"},
		{"a\nb", "nickname"},
		{"a\x7fb", "nickname"},
		{"Bob\xff", "nickname"}, // not UTF-8
		{" ", "nickname"},       // nothing left after trimming
	} {
		got, err := c.Check(tc.in)
		if err == nil {
			t.Errorf("Check(%+q) = %+q, accepted; want refused (%s)", tc.in, got, tc.why)
			continue
		}
		if !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Check(%+q): %v; want a reason with %q", tc.in, err, tc.why)
		}
	}
}

// TestEveryCardRefused: no card name or alias of either game without a space is a valid name.
func TestEveryCardRefused(t *testing.T) {
	c := gamesChecker(t)
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := nexus.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, card := range cat.Cards {
		all = append(all, card.Name)
		for _, n := range card.Names {
			all = append(all, n)
		}
		all = append(all, card.Aliases...)
	}
	for _, card := range tab.Catalog().All() {
		all = append(all, card.Name)
		for _, n := range card.Names {
			all = append(all, n)
		}
	}
	checked := 0
	for _, n := range all {
		if strings.ContainsAny(n, " :,") {
			continue
		}
		checked++
		// A card's name in any language, in any case, with or without its accents.
		for _, v := range []string{n, strings.ToLower(n), strings.ToUpper(n), engine.FoldName(n)} {
			if got, err := c.Check(v); err == nil {
				t.Errorf("Check(%q) = %q, accepted; it is a card", v, got)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d one-word card names: the catalogs did not load as expected", checked)
	}
}

// TestDefaultAndCampaignNamesAccepted: the names the server and the CLI give on their own
// (P1, Seat3) and the seats of the shipped campaigns pass, or their games could not start.
func TestDefaultAndCampaignNamesAccepted(t *testing.T) {
	c := gamesChecker(t)
	var names []string
	for i := 1; i <= 8; i++ {
		names = append(names, fmt.Sprintf("P%d", i), fmt.Sprintf("Seat%d", i))
	}
	for _, id := range campaigns.Names() {
		content, err := campaigns.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		st, err := campaign.New(content, "x", [2]string{"human", "human"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range st.Players {
			names = append(names, p.Name)
		}
	}
	for _, n := range names {
		if got, err := c.Check(n); err != nil || got != n {
			t.Errorf("Check(%q) = %q, %v; want it accepted as is", n, got, err)
		}
	}
}

func TestConfusable(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Ann", "Аnn", true}, // Cyrillic capital A
		{"Ann", "аnn", true}, // Cyrillic small a
		{"Ann", "ann", true},
		{"Ann", "ANN", true},
		{"Ann", "Ａnn", true}, // fullwidth, even before normalisation
		{"Ivan", "lvan", true},
		{"Ivan", "ivan", true},
		{"IVAN", "lvan", true},
		{"Straße", "STRASSE", true},
		{"B0b", "Bob", true}, // a zero is confusable with a capital O (TS #39), and O folds to o
		{"Bob", "Rob", false},
		{"Ann", "Anna", false},
		{"Ann", "Bob", false},
		{"ivan", "lvan", false},
	} {
		if got := Confusable(tc.a, tc.b); got != tc.same {
			t.Errorf("Confusable(%+q, %+q) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
		if got := Confusable(tc.b, tc.a); got != tc.same {
			t.Errorf("Confusable(%+q, %+q) = %v, want %v", tc.b, tc.a, got, tc.same)
		}
	}
}

func TestClash(t *testing.T) {
	others := []string{"Bob", "", "Ann", "Cid"}
	if got := Clash("Аnn", others); got != 2 {
		t.Errorf("Clash(Cyrillic Ann) = %d, want 2", got)
	}
	if got := Clash("Dee", others); got != -1 {
		t.Errorf("Clash(Dee) = %d, want -1", got)
	}
	if got := Clash("", others); got != -1 {
		t.Errorf("Clash(\"\") = %d, want -1: empty entries are skipped", got)
	}
}

// TestNewWithoutCards: a Checker with no card names still applies the action language.
func TestNewWithoutCards(t *testing.T) {
	c := New(nil)
	if _, err := c.Check("Scout"); err != nil {
		t.Errorf("Check(Scout) without cards: %v", err)
	}
	if _, err := c.Check("none"); err == nil {
		t.Error("Check(none) accepted")
	}
}
