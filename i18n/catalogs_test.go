package i18n

import (
	"bufio"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// sameAsEnglish reads testdata/same-LANG.txt: the ids whose text may equal the English one
// (one per line, a reason after '#'), such as a bare placeholder or a word both languages
// share.
func sameAsEnglish(t *testing.T, lang string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	f, err := os.Open("testdata/same-" + lang + ".txt")
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			out[line] = true
		}
	}
	return out
}

// args lists the placeholders of a template that take an argument, sorted and without
// repeats: a translation must use the English one's arguments, no more and no fewer.
func args(t *testing.T, tpl string) []string {
	t.Helper()
	nodes, err := parse(tpl)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func([]node)
	walk = func(ns []node) {
		for _, n := range ns {
			if n.arg != "" {
				out = append(out, n.arg)
			}
			for _, c := range n.cases {
				walk(c)
			}
		}
	}
	walk(nodes)
	sort.Strings(out)
	return slices.Compact(out)
}

// TestCatalogsComplete: every language has every English id and no other, each translation
// uses the same arguments as the English text, and differs from it unless its id is in the
// language's allow-list (testdata/same-LANG.txt, whose ids must exist and be equal to
// English, so that the list stays short and true).
func TestCatalogsComplete(t *testing.T) {
	en, err := Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Langs() {
		if lang == "en" {
			continue
		}
		t.Run(lang, func(t *testing.T) {
			c, err := Load(lang)
			if err != nil {
				t.Fatal(err)
			}
			same := sameAsEnglish(t, lang)
			var missing []string
			for id, tpl := range en.text {
				tr, ok := c.text[id]
				if !ok {
					missing = append(missing, id)
					continue
				}
				if a, b := args(t, tpl), args(t, tr); !slices.Equal(a, b) {
					t.Errorf("%s %q: arguments %v, English has %v", lang, id, b, a)
				}
				if tr == tpl && !same[id] {
					t.Errorf("%s %q: same text as English (%q); translate it or list it in testdata/same-%s.txt", lang, id, tr, lang)
				}
				if tr != tpl && same[id] {
					t.Errorf("%s %q is in testdata/same-%s.txt but differs from English", lang, id, lang)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%s lacks %d ids, among them %s", lang, len(missing), strings.Join(missing[:min(len(missing), 10)], ", "))
			}
			for id := range c.text {
				if !en.Has(id) {
					t.Errorf("%s has %q, which English has not", lang, id)
				}
			}
			for id := range same {
				if !en.Has(id) {
					t.Errorf("testdata/same-%s.txt names %q, which no catalog has", lang, id)
				}
			}
		})
	}
}
