// Package i18n holds every string a player reads as a message id with arguments, the
// catalogs that give each id its text in a language (English today; the French and Spanish
// catalogs add files, not code), and the renderer that puts the arguments in.
//
// Games and the server produce Msg values (card text, log lines, prompts); the browser gets
// them as JSON with the catalog (GET /api/messages) and renders them with web/js/i18n.js, the
// terminal with Catalog.Render. Both renderers read the same template syntax and are tested
// on the same cases (testdata/render.json).
//
// A template is text with placeholders, a small subset of ICU MessageFormat that translators
// know: {name} puts an argument in; {n, plural, one {# card} other {# cards}} chooses by the
// language's plural rule (=0 {...} matches a number exactly; # is the number); {x, select,
// ship {...} other {...}} chooses by a string. A quote doubled (”) is a quote; '{' and '}'
// are literal braces.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"starnexus/i18n/msg"
)

// Msg is one message: its id in the catalogs and its arguments (package msg, which the
// engines use without the rest of this package).
type Msg = msg.Msg

// M is a Msg with arguments given as name, value pairs: M("log.plays", "who", "Vex", "card",
// "Blob Fighter").
func M(id string, kv ...any) Msg { return msg.M(id, kv...) }

//go:embed en fr es
var files embed.FS

// Langs lists the languages that have a catalog.
func Langs() []string {
	ents, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// Catalog is the text of every message id in one language.
type Catalog struct {
	lang  string
	text  map[string]string
	names map[string]string // an English card, hero or deck name -> its name here (WithNames)
}

// WithNames is the catalog that also shows names in its language: a string argument that is
// an English name of names (a card's, hero's or deck's) or a numbered one ("Ember Cub #2",
// rendered with "ui.nexus.numbered") is shown as its name in the catalog's language, as the
// web client's nameOf does. Player names never equal a card name (the server refuses them).
func (c *Catalog) WithNames(names map[string]string) *Catalog {
	out := *c
	out.names = make(map[string]string, len(names)+len(c.names))
	maps.Copy(out.names, c.names)
	for en, l := range names {
		if l != "" && l != en {
			out.names[en] = l
		}
	}
	return &out
}

// nameOf is the English name en in the catalog's language, or en.
func (c *Catalog) nameOf(en string) string {
	if len(c.names) == 0 {
		return en
	}
	if l, ok := c.names[en]; ok {
		return l
	}
	if i := strings.LastIndex(en, " #"); i > 0 {
		if n, err := strconv.Atoi(en[i+2:]); err == nil && n > 0 {
			if l, ok := c.names[en[:i]]; ok {
				if c.Has("ui.nexus.numbered") {
					return c.Render(M("ui.nexus.numbered", "card", l, "n", n))
				}
				return l + en[i:]
			}
		}
	}
	return en
}

// Load reads the catalog of lang: every JSON file of its folder, each an object of id ->
// template. An id in two files, a template that does not parse, or an unknown language is an
// error.
func Load(lang string) (*Catalog, error) {
	if !slices.Contains(Langs(), lang) {
		return nil, fmt.Errorf("i18n: no catalog for language %q (have %s)", lang, strings.Join(Langs(), ", "))
	}
	ents, err := fs.ReadDir(files, lang)
	if err != nil {
		return nil, fmt.Errorf("i18n: %s: %w", lang, err)
	}
	c := &Catalog{lang: lang, text: map[string]string{}}
	from := map[string]string{}
	for _, e := range ents {
		if e.IsDir() || path.Ext(e.Name()) != ".json" {
			continue
		}
		name := path.Join(lang, e.Name())
		b, err := files.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for id, t := range m {
			if f, dup := from[id]; dup {
				return nil, fmt.Errorf("i18n: %s: id %q is also in %s", name, id, f)
			}
			if _, err := parse(t); err != nil {
				return nil, fmt.Errorf("i18n: %s: %q: %w", name, id, err)
			}
			from[id], c.text[id] = name, t
		}
	}
	return c, nil
}

// New is a catalog of lang made of the given templates (tests, tools).
func New(lang string, text map[string]string) (*Catalog, error) {
	for id, t := range text {
		if _, err := parse(t); err != nil {
			return nil, fmt.Errorf("i18n: %q: %w", id, err)
		}
	}
	return &Catalog{lang: lang, text: maps.Clone(text)}, nil
}

// Lang is the catalog's language.
func (c *Catalog) Lang() string { return c.lang }

// Messages is every id and its template (a copy), as GET /api/messages serves them.
func (c *Catalog) Messages() map[string]string { return maps.Clone(c.text) }

// Has reports whether the catalog has a text for id.
func (c *Catalog) Has(id string) bool { _, ok := c.text[id]; return ok }

// Render is m in the catalog's language. An id the catalog lacks renders as "[id]", so that
// a missing text shows and tests find it (IDs lists what a Msg needs).
func (c *Catalog) Render(m Msg) string {
	var b strings.Builder
	c.render(&b, m, 0)
	return b.String()
}

// RenderAll is the messages rendered one after the other, separated by "list.sep".
func (c *Catalog) RenderAll(ms []Msg) string {
	var b strings.Builder
	c.renderList(&b, ms, 0)
	return b.String()
}

const maxDepth = 16 // nested messages deeper than this are not rendered (a cycle, a bug)

func (c *Catalog) render(b *strings.Builder, m Msg, depth int) {
	t, ok := c.text[m.ID]
	if !ok || depth > maxDepth {
		b.WriteString("[" + m.ID + "]")
		return
	}
	nodes, err := parse(t)
	if err != nil { // checked at Load; only a New catalog's caller could get here
		b.WriteString("[" + m.ID + "]")
		return
	}
	c.emit(b, nodes, m.Args, "", depth)
}

func (c *Catalog) renderList(b *strings.Builder, ms []Msg, depth int) {
	sep, ok := c.text["list.sep"]
	if !ok {
		sep = " "
	}
	for i, m := range ms {
		if i > 0 {
			b.WriteString(sep)
		}
		c.render(b, m, depth+1)
	}
}

func (c *Catalog) emit(b *strings.Builder, nodes []node, args map[string]any, hash string, depth int) {
	for _, n := range nodes {
		switch {
		case n.arg == "":
			if n.hash {
				b.WriteString(hash)
			} else {
				b.WriteString(n.text)
			}
		case n.kind == "":
			c.value(b, args[n.arg], n.arg, depth)
		case n.kind == "plural":
			num, _ := number(args[n.arg])
			c.emit(b, n.choose(strconv.Itoa(num), "="+strconv.Itoa(num), pluralCategory(c.lang, num)), args, strconv.Itoa(num), depth)
		case n.kind == "select":
			s := fmt.Sprint(args[n.arg])
			c.emit(b, n.choose(s, s, s), args, hash, depth)
		}
	}
}

func (c *Catalog) value(b *strings.Builder, v any, name string, depth int) {
	switch v := v.(type) {
	case nil:
		b.WriteString("{" + name + "}")
	case string:
		b.WriteString(c.nameOf(v))
	case Msg:
		c.render(b, v, depth+1)
	case *Msg:
		c.render(b, *v, depth+1)
	case []Msg:
		c.renderList(b, v, depth)
	case map[string]any: // a Msg that came through JSON
		id, _ := v["id"].(string)
		args, _ := v["args"].(map[string]any)
		c.render(b, Msg{ID: id, Args: args}, depth+1)
	case []any:
		ms := make([]Msg, 0, len(v))
		for _, x := range v {
			if m, ok := x.(map[string]any); ok {
				id, _ := m["id"].(string)
				args, _ := m["args"].(map[string]any)
				ms = append(ms, Msg{ID: id, Args: args})
			}
		}
		c.renderList(b, ms, depth)
	default:
		if n, ok := number(v); ok {
			b.WriteString(strconv.Itoa(n))
		} else {
			fmt.Fprint(b, v)
		}
	}
}

func number(v any) (int, bool) {
	switch v := v.(type) {
	case int:
		return v, true
	case int8:
		return int(v), true
	case int16:
		return int(v), true
	case int32:
		return int(v), true
	case int64:
		return int(v), true
	case uint8:
		return int(v), true
	case uint16:
		return int(v), true
	case uint32:
		return int(v), true
	case uint64:
		return int(v), true
	case float64:
		return int(v), true
	case json.Number:
		n, err := v.Int64()
		return int(n), err == nil
	}
	return 0, false
}

// pluralCategory is the CLDR plural category of a whole number n in lang (French puts 0 and 1
// in "one", English and Spanish 1 alone), from the CLDR data of
// golang.org/x/text. A template without the category's case falls back to "other".
func pluralCategory(lang string, n int) string {
	if n < 0 {
		n = -n
	}
	tag, err := language.Parse(lang)
	if err != nil {
		tag = language.English
	}
	switch plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// Match is the shipped language that best serves a reader who prefers the given languages,
// best first: BCP 47 tags or an Accept-Language header's list ("fr-CA,fr;q=0.9,en;q=0.8"), or
// a POSIX locale ("es_ES.UTF-8"). It matches by golang.org/x/text/language (fr-CA reads fr,
// es-419 reads es); English when nothing matches.
func Match(prefs ...string) string {
	langs := Langs()
	supported := []language.Tag{language.English}
	for _, l := range langs {
		if l != "en" {
			supported = append(supported, language.Make(l))
		}
	}
	m := language.NewMatcher(supported)
	var want []language.Tag
	for _, p := range prefs {
		p = strings.TrimSpace(p)
		if p == "" || p == "C" || p == "POSIX" {
			continue
		}
		if tags, _, err := language.ParseAcceptLanguage(p); err == nil && len(tags) > 0 {
			want = append(want, tags...)
			continue
		}
		// a POSIX locale: language_TERRITORY.codeset@modifier
		if i := strings.IndexAny(p, ".@"); i >= 0 {
			p = p[:i]
		}
		if t, err := language.Parse(strings.ReplaceAll(p, "_", "-")); err == nil {
			want = append(want, t)
		}
	}
	if len(want) == 0 {
		return "en"
	}
	_, i, conf := m.Match(want...)
	if conf == language.No {
		return "en"
	}
	if i == 0 {
		return "en"
	}
	return supported[i].String()
}
