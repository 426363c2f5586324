package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Closest returns up to n candidates nearest to name by edit distance, nearest first, for
// "did you mean" messages. Names are compared folded (FoldName: case, accents and spaces
// ignored).
func Closest(name string, candidates []string, n int) []string {
	idx := ClosestIndex(name, candidates, n)
	out := make([]string, len(idx))
	for i, k := range idx {
		out[i] = candidates[k]
	}
	return out
}

// ClosestIndex is Closest by position: the indexes in candidates of up to n candidates
// nearest to name, nearest first (the first of equally near ones first).
func ClosestIndex(name string, candidates []string, n int) []int {
	type scored struct {
		i, d int
	}
	q := FoldName(name)
	all := make([]scored, 0, len(candidates))
	for i, c := range candidates {
		lc := FoldName(c)
		d := editDistance(q, lc)
		if strings.Contains(lc, q) && q != "" {
			d = min(d, 1+len(lc)-len(q)) / 2
		}
		all = append(all, scored{i, d})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].d < all[j].d })
	out := []int{}
	for _, s := range all {
		if len(out) == n {
			break
		}
		if s.d > max(2, len(q)/3) {
			break
		}
		out = append(out, s.i)
	}
	return out
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// EqualFold reports whether a and b are equal under ASCII case folding: the games' name
// comparisons on their hot paths (card and player names are matched case-insensitively).
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// MaxSuggest is the longest name for which the games' parsers suggest close names: edit
// distances cost the product of the lengths, and no card name is half this long.
const MaxSuggest = 64

// Clip is at most the first n bytes of text, cut at a character boundary, with "..." when
// cut: what an error message may quote of a client's text.
func Clip(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "..."
}

// UnknownCardError is a card name no card of a game answers to, with the closest names
// (none if nothing is close), already in the language the player is to read them in. The
// games' lookups return it, so that an edge may render it in the player's language.
type UnknownCardError struct {
	Name    string
	Suggest []string
}

func (e *UnknownCardError) Error() string {
	if len(e.Suggest) == 0 {
		return fmt.Sprintf("unknown card %q", e.Name)
	}
	q := make([]string, len(e.Suggest))
	for i, s := range e.Suggest {
		q[i] = strconv.Quote(s)
	}
	list := q[0]
	if len(q) > 1 {
		list = strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
	}
	return fmt.Sprintf("unknown card %q: did you mean %s?", e.Name, list)
}

// Name is one name a thing answers to (a card, a deck): its text, its language and the key
// of the thing it names, for Suggest.
type Name[K comparable] struct {
	Text, Lang string
	Key        K
}

// Suggest lists up to n things whose names are closest to name, nearest first, each named by
// nameIn in lang, or when lang is "" in the language of the nearest name. A thing appears
// once however many of its names are close.
func Suggest[K comparable](name, lang string, n int, names []Name[K], nameIn func(K, string) string) []string {
	texts := make([]string, len(names))
	for i, e := range names {
		texts[i] = e.Text
	}
	var out []string
	var seen []K
	for _, k := range ClosestIndex(strings.TrimSpace(name), texts, len(texts)) {
		e := names[k]
		if slices.Contains(seen, e.Key) {
			continue
		}
		if lang == "" {
			lang = e.Lang
		}
		seen = append(seen, e.Key)
		out = append(out, nameIn(e.Key, lang))
		if len(out) == n {
			break
		}
	}
	return out
}
