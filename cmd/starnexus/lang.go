package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"starnexus/i18n"
)

// langFlag adds --lang to a command that prints text for players.
func langFlag(fs *flag.FlagSet) *string {
	return fs.String("lang", "", "the language of the texts: "+strings.Join(i18n.Langs(), ", ")+
		" (default: from the locale, LC_ALL, else LC_MESSAGES, else LANG; English when none is known)")
}

// localeLang is the language the locale environment asks for: the first of LC_ALL,
// LC_MESSAGES and LANG that is set decides (as POSIX reads them), matched against the
// catalogs by i18n.Match ("fr_FR.UTF-8" reads French); English when none is set or the
// locale's language has no catalog ("C", "de_DE").
func localeLang(getenv func(string) string) string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := strings.TrimSpace(getenv(v)); l != "" {
			return i18n.Match(l)
		}
	}
	return "en"
}

// chooseLang loads the catalog of the language asked with --lang (flag, "" when not given),
// else the locale's. An unknown --lang is refused, naming the languages there are.
func chooseLang(flag string, getenv func(string) string) (*i18n.Catalog, error) {
	lang := strings.ToLower(strings.TrimSpace(flag))
	if lang == "" {
		lang = localeLang(getenv)
	} else if !slices.Contains(i18n.Langs(), lang) {
		return nil, fmt.Errorf("--lang %q: no such language (the languages: %s)", flag, strings.Join(i18n.Langs(), ", "))
	}
	cat, err := i18n.Load(lang)
	if err != nil {
		return nil, fmt.Errorf("--lang: %w", err)
	}
	return cat, nil
}
