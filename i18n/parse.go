package i18n

import (
	"errors"
	"fmt"
	"strings"
)

// node is a piece of a parsed template: literal text, the number of an enclosing plural (#),
// or an argument, plain or choosing among cases (plural, select).
type node struct {
	text  string
	hash  bool
	arg   string
	kind  string // "", "plural" or "select"
	cases map[string][]node
}

// choose is the case of a plural or select: an exact key first ("=3", or the selected
// string), then the category, then "other".
func (n node) choose(exact, eq, category string) []node {
	if c, ok := n.cases[eq]; ok {
		return c
	}
	if c, ok := n.cases[exact]; ok {
		return c
	}
	if c, ok := n.cases[category]; ok {
		return c
	}
	return n.cases["other"]
}

// parse reads a template (the syntax is in the package comment).
func parse(t string) ([]node, error) {
	p := parser{s: t}
	nodes, err := p.nodes(false, false)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q at %d", p.s[p.i], p.i)
	}
	return nodes, nil
}

type parser struct {
	s string
	i int
}

// nodes reads until the end, or until the '}' that closes a case when inCase.
func (p *parser) nodes(inCase, inPlural bool) ([]node, error) {
	var out []node
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, node{text: text.String()})
			text.Reset()
		}
	}
	for p.i < len(p.s) {
		ch := p.s[p.i]
		switch {
		case ch == '\'' && p.i+1 < len(p.s) && p.s[p.i+1] == '\'':
			text.WriteByte('\'')
			p.i += 2
		case ch == '\'' && p.i+2 < len(p.s) && (p.s[p.i+1] == '{' || p.s[p.i+1] == '}') && p.s[p.i+2] == '\'':
			text.WriteByte(p.s[p.i+1])
			p.i += 3
		case ch == '#' && inPlural:
			flush()
			out = append(out, node{hash: true})
			p.i++
		case ch == '{':
			flush()
			p.i++
			n, err := p.placeholder()
			if err != nil {
				return nil, err
			}
			out = append(out, n)
		case ch == '}':
			if !inCase {
				return nil, fmt.Errorf("unmatched '}' at %d", p.i)
			}
			flush()
			return out, nil
		default:
			text.WriteByte(ch)
			p.i++
		}
	}
	if inCase {
		return nil, errors.New("a case is not closed")
	}
	flush()
	return out, nil
}

// placeholder reads what follows a '{' up to its '}'.
func (p *parser) placeholder() (node, error) {
	name := p.word()
	if name == "" {
		return node{}, fmt.Errorf("an argument name is missing at %d", p.i)
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return node{arg: name}, nil
	}
	if p.i >= len(p.s) || p.s[p.i] != ',' {
		return node{}, fmt.Errorf("'}' or ',' expected after {%s", name)
	}
	p.i++
	p.space()
	kind := p.word()
	if kind != "plural" && kind != "select" {
		return node{}, fmt.Errorf("{%s, %s}: only plural and select are known", name, kind)
	}
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != ',' {
		return node{}, fmt.Errorf("',' expected after {%s, %s", name, kind)
	}
	p.i++
	n := node{arg: name, kind: kind, cases: map[string][]node{}}
	for {
		p.space()
		if p.i >= len(p.s) {
			return node{}, fmt.Errorf("{%s, %s}: not closed", name, kind)
		}
		if p.s[p.i] == '}' {
			p.i++
			break
		}
		key := p.word()
		if key == "" {
			return node{}, fmt.Errorf("{%s, %s}: a case name is missing at %d", name, kind, p.i)
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '{' {
			return node{}, fmt.Errorf("{%s, %s}: '{' expected after case %s", name, kind, key)
		}
		p.i++
		body, err := p.nodes(true, kind == "plural")
		if err != nil {
			return node{}, err
		}
		p.i++ // the case's '}'
		n.cases[key] = body
	}
	if _, ok := n.cases["other"]; !ok {
		return node{}, fmt.Errorf("{%s, %s}: the case other is missing", name, kind)
	}
	return n, nil
}

func (p *parser) word() string {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '_' || c == '=' || c == '-' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}
