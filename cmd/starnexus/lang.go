package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"starnexus/i18n"
)

// langFlag adds --lang to a command that prints text for players; h is the help's texts
// (helpText).
func langFlag(fs *flag.FlagSet, h func(string, ...any) string) *string {
	return fs.String("lang", "", h("cli.lang", "langs", strings.Join(i18n.Langs(), ", ")))
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
	if err := langError(flag); err != nil {
		return nil, err
	}
	lang := strings.ToLower(strings.TrimSpace(flag))
	if lang == "" {
		lang = localeLang(getenv)
	}
	cat, err := i18n.Load(lang)
	if err != nil {
		return nil, fmt.Errorf("--lang: %w", err)
	}
	return cat, nil
}

// helpLang is the language of a command's help: the value of --lang among args (--lang X,
// --lang=X, -lang X, -lang=X, before a "--") when it names a catalog, else the locale's
// (localeLang), else English. It reads args before the flags are parsed, so that -h in any
// place is answered in the language asked for.
func helpLang(args []string, getenv func(string) string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				break
			}
			value = args[i+1]
		}
		if l := strings.ToLower(strings.TrimSpace(value)); slices.Contains(i18n.Langs(), l) {
			return l
		}
	}
	if getenv == nil {
		return "en"
	}
	return localeLang(getenv)
}

// helpText is the help's texts in the language helpLang chooses for args: h(id, name, value,
// ...) renders the message id of the cli.* catalog with its arguments.
func helpText(args []string, getenv func(string) string) func(id string, kv ...any) string {
	cat, err := i18n.Load(helpLang(args, getenv))
	if err != nil { // the catalogs are embedded: English always loads
		cat, _ = i18n.Load("en")
	}
	return func(id string, kv ...any) string { return cat.Render(i18n.M(id, kv...)) }
}

// langFlagHelp adds --lang to a command whose own output is not for players (sim, serve,
// bench, ...): it chooses the language of the command's help (helpLang).
func langFlagHelp(fs *flag.FlagSet, h func(string, ...any) string) *string {
	return fs.String("lang", "", h("cli.lang_help", "langs", strings.Join(i18n.Langs(), ", ")))
}

// langError is the error of a --lang that names no catalog, nil for "" or a known language.
func langError(flag string) error {
	lang := strings.ToLower(strings.TrimSpace(flag))
	if lang == "" || slices.Contains(i18n.Langs(), lang) {
		return nil
	}
	return fmt.Errorf("--lang %q: no such language (the languages: %s)", flag, strings.Join(i18n.Langs(), ", "))
}
