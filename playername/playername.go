// Package playername decides which player names a game accepts. The server (create, claim)
// and the terminal (play --names) ask the same Checker, so that a name refused by one is
// refused by the other.
//
// A player name is written inside action texts ("attack Bob 3", "choose Bob:Scout",
// "block Raider with Bob:Guard"), shown to other players, and compared with the other names of
// its game. So a name is accepted only if:
//
//   - it is a nickname under the PRECIS Nickname profile (RFC 8266, golang.org/x/text): no
//     control, invisible or unassigned characters, no bidirectional tricks; the normalised form
//     (NFKC: fullwidth "Ａnn" becomes "Ann") is the one kept;
//   - its normalised form is at most MaxBytes bytes and has no space, ':' or ',' (the action
//     texts split on them);
//   - it is not a number ("choose 2" answers option 2, so a player "2" could not be chosen);
//   - it is not a word of either action language (hand, none, library, ...) nor the name or
//     alias of a card of either game, compared without case, accents or look-alike letters;
//   - it does not look like another name of the same game (Confusable).
package playername

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// MaxBytes bounds a name's normalised form: it is repeated in every log line and view.
const MaxBytes = 32

// maxInput bounds the name as sent, before any normalisation work: NFKC can shorten a name
// (a fullwidth letter is 3 bytes and becomes 1), but never by more than this factor in a
// name that ends up within MaxBytes.
const maxInput = 4 * MaxBytes

// words are the words of the two action languages that a name could be mistaken for: verbs,
// zones (as qualifiers in "hand:Scout", "library:Bear"), ability slots, pools, the words that
// join arguments ("to", "at", "with", "for") and the answers ("none", "yes", "no"). They are
// read from games/realms/text.go, games/realms/upgrade.go, games/nexus/text.go and
// games/nexus/reserve.go, plus the roles of Star Realms positions and a few words a reader
// would take for a quantifier or a seat ("all", "opponent").
var words = []string{
	// Star Realms actions (scenario-format.md, "Actions").
	"play", "use", "buy", "attack", "give", "pass", "choose", "skip", "done", "end", "upgrade",
	"primary", "ally", "scrap", "trade", "combat", "to", "row",
	"hand", "discard", "deck", "in_play",
	"emperor", "admiral", "boss", "elite",
	// Stellar Nexus actions.
	"keep", "mulligan", "yes", "no", "cast", "activate", "hero", "add", "attacker", "with",
	"at", "block", "swap", "out", "in", "for", "none", "concede",
	"library", "resource_pile", "resource", "resources", "pile", "field", "graveyard", "grave",
	"exile", "stack",
	// Quantifiers and seats.
	"all", "opponent",
}

// Checker checks names against the action languages and a set of card names. Make one with
// New; it is read-only afterwards and safe for concurrent use.
type Checker struct {
	words map[string]bool // reservedKeys of every word of words
	cards map[string]bool // reservedKey of every card name and alias
}

// New makes a Checker that also refuses the given card names (and aliases).
func New(cardNames []string) *Checker {
	c := &Checker{words: map[string]bool{}, cards: map[string]bool{}}
	for _, w := range words {
		for _, k := range reservedKeys(w) {
			c.words[k] = true
		}
	}
	for _, n := range cardNames {
		for _, k := range reservedKeys(n) {
			c.cards[k] = true
		}
	}
	return c
}

// Check returns the form of name to keep, or why it is refused. The reasons name the rule
// broken and the name itself, never a card: a refusal must not teach card names.
func (c *Checker) Check(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("a name may not be empty")
	}
	if len(name) > maxInput {
		return "", fmt.Errorf("a name is at most %d bytes (this one has %d)", MaxBytes, len(name))
	}
	n, err := precis.Nickname.String(name)
	if err != nil {
		return "", fmt.Errorf("the name %+q is not a valid nickname (RFC 8266: no control, invisible or unassigned characters): %w", name, err)
	}
	if len(n) > MaxBytes {
		return "", fmt.Errorf("a name is at most %d bytes (%q has %d)", MaxBytes, n, len(n))
	}
	if strings.ContainsFunc(n, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return "", fmt.Errorf("the name %q may not contain spaces: action texts separate their words with them (attack Bob)", n)
	}
	if strings.ContainsAny(n, ":,") {
		return "", fmt.Errorf("the name %q may not contain ':' or ',': action texts use them (choose Bob:Scout)", n)
	}
	if isNumber(n) {
		return "", fmt.Errorf("the name %q is a number: \"choose %s\" answers an option, not a player", n, n)
	}
	for _, k := range reservedKeys(n) {
		if c.words[k] {
			return "", fmt.Errorf("the name %q is (or looks like) a word of the action texts (hand, none, ...): pick another", n)
		}
		if c.cards[k] {
			return "", fmt.Errorf("the name %q is (or looks like) a card's name: pick another", n)
		}
	}
	return n, nil
}

// isNumber reports whether the parsers could read n as a number (strconv.Atoi accepts "+2"
// and "-1") or a reader would (digits of any script).
func isNumber(n string) bool {
	if _, err := strconv.Atoi(n); err == nil {
		return true
	}
	return !strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsDigit(r) })
}

// Confusable reports whether a and b could be taken for one another: their confusables
// skeletons (Unicode TS #39) agree once case is folded ("Ann", "ann", Cyrillic "Аnn"), or agree
// when the look-alike mapping is made before folding too ("Ivan" and "lvan": a capital I looks
// like a small l, which folding alone would hide).
func Confusable(a, b string) bool {
	ka, kb := keys(a), keys(b)
	for _, x := range ka {
		for _, y := range kb {
			if x == y {
				return true
			}
		}
	}
	return false
}

// Clash returns the index of the first of others that name could be taken for, or -1. Empty
// entries are skipped (a seat whose name is not chosen yet).
func Clash(name string, others []string) int {
	for i, o := range others {
		if o != "" && Confusable(name, o) {
			return i
		}
	}
	return -1
}

// keys are the two skeletons Confusable compares.
func keys(s string) [2]string {
	fold := cases.Fold()
	return [2]string{
		skeleton(fold.String(s)),
		skeleton(fold.String(skeleton(s))),
	}
}

// reservedKeys are keys without accents: "Disseminateur" is still the card Disséminateur.
func reservedKeys(s string) [2]string {
	k := keys(s)
	for i := range k {
		k[i] = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			return r
		}, norm.NFD.String(k[i]))
	}
	return k
}
