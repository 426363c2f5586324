// Package i18ntest holds what the tests of every part that emits messages check of a rendered
// text: that nothing of the catalog or of the engine's notation shows through.
package i18ntest

import (
	"regexp"
	"strings"
)

// Problem says what is wrong with a text rendered for a player, or "": empty, a message id
// missing from the catalog (rendered "[id]"), an argument missing (a brace left), or a match
// of notation, the patterns of the engine's own words that part must never show.
func Problem(text string, notation *regexp.Regexp) string {
	switch {
	case text == "":
		return "empty"
	case strings.Contains(text, "["):
		return "a message id is missing from the catalog"
	case strings.ContainsAny(text, "{}"):
		return "an argument is missing"
	case notation != nil && notation.MatchString(text):
		return "engine notation"
	}
	return ""
}
