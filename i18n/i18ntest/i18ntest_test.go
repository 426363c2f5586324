package i18ntest

import (
	"regexp"
	"testing"
)

func TestProblem(t *testing.T) {
	notation := regexp.MustCompile(`\bcombat \d`)
	for _, tt := range []struct{ text, want string }{
		{"Trade Bot (Primary): you may scrap a card.", ""},
		{"", "empty"},
		{"[prompt.scrap]", "a message id is missing from the catalog"},
		{"Ann {who}", "an argument is missing"},
		{"choose one: combat 3", "engine notation"},
	} {
		if got := Problem(tt.text, notation); got != tt.want {
			t.Errorf("Problem(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
