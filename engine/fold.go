package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// FoldName is the form in which the games compare names a player types with the names of
// their data (cards, decks, heroes), in every language: lower case, the Latin diacritics
// removed (é -> e, ñ -> n, ç -> c), the ligatures written out (œ -> oe, æ -> ae, ß -> ss),
// typographic apostrophes and dashes made plain (’ -> ', – -> -), surrounding spaces
// removed and inner runs of spaces made one. "  Yate  Diplomático " and "yate diplomatico"
// fold to the same text, as do "PRÉDATEUR" and "predateur".
//
// It is written here, with its own table, so that the engines need no text library; it knows
// the letters of the Latin alphabets the games are played in (Latin-1 and Latin Extended-A),
// and leaves other characters lower-cased but otherwise as they are.
func FoldName(s string) string {
	if isFolded(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is pending: written before the next character, if any
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		}
		if f, ok := foldRune(r); ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// isFolded reports whether s is already folded: lower-case ASCII without surrounding or
// doubled spaces (the common case, answered without allocating).
func isFolded(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf || ('A' <= c && c <= 'Z'):
			return false
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' {
				return false
			}
		case c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			return false
		}
	}
	return true
}

// foldRune is the folded text of a non-ASCII letter or punctuation mark of foldGroups, ok
// false for any other character.
func foldRune(r rune) (string, bool) {
	for _, g := range foldGroups {
		if strings.ContainsRune(g[1], r) {
			return g[0], true
		}
	}
	return "", false
}

// foldGroups are the accented and ligature letters of the Latin alphabets (both cases) and
// the typographic punctuation found in names, each after the text it folds to.
var foldGroups = [...][2]string{
	{"a", "ÀÁÂÃÄÅàáâãäåĀāĂăĄą"},
	{"c", "ÇçĆćĈĉĊċČč"},
	{"d", "ĎďĐđÐð"},
	{"e", "ÈÉÊËèéêëĒēĔĕĖėĘęĚě"},
	{"g", "ĜĝĞğĠġĢģ"},
	{"h", "ĤĥĦħ"},
	{"i", "ÌÍÎÏìíîïĨĩĪīĬĭĮįİı"},
	{"j", "Ĵĵ"},
	{"k", "Ķķ"},
	{"l", "ĹĺĻļĽľĿŀŁł"},
	{"n", "ÑñŃńŅņŇň"},
	{"o", "ÒÓÔÕÖØòóôõöøŌōŎŏŐő"},
	{"r", "ŔŕŖŗŘř"},
	{"s", "ŚśŜŝŞşŠš"},
	{"t", "ŢţŤťŦŧ"},
	{"u", "ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų"},
	{"w", "Ŵŵ"},
	{"y", "ÝýÿŶŷŸ"},
	{"z", "ŹźŻżŽž"},
	{"ae", "Ææ"},
	{"oe", "Œœ"},
	{"ss", "ß"},
	{"th", "Þþ"},
	{"'", "‘’‛ʼ"},
	{"-", "‐‑‒–—"},
}
