package terminal

import (
	"slices"
	"strings"

	"starnexus/engine"
	"starnexus/i18n"
)

// Phrases translates action texts between the canonical English the engines read and write
// (saves, scenarios, the API keep it) and the player's language, at the terminal's edge only.
//
// The words of a game's actions are catalog ids under one prefix ("term.word.realms."): the
// English catalog's text is the canonical word or phrase ("play", "attack with"), the
// player's catalog's the word shown and read ("jouer", "atacar con"). Card names are shown
// in the player's language and read in any language by the engines themselves.
type Phrases struct {
	show  []phrase          // canonical words -> the player's words, longest first
	read  []phrase          // the player's words, folded -> canonical words, longest first
	names map[string]string // an English card name -> its name in the player's language
	long  []string          // the English card names, longest first
}

type phrase struct {
	from []string // the words matched, one token each
	to   string
}

// NewPhrases is the phrasebook of one game for the reader of lang: the ids under prefix in
// en (the canonical words) and in lang, and names, every English card name of the game with
// its name in lang (a card's words are never taken for action words). lang nil or English:
// texts are shown and read as they are.
func NewPhrases(en, lang *i18n.Catalog, prefix string, names map[string]string) *Phrases {
	p := &Phrases{names: map[string]string{}}
	if en == nil || lang == nil || lang.Lang() == en.Lang() {
		return p
	}
	local := lang.Messages()
	for id, canon := range en.Messages() {
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		word, ok := local[id]
		if !ok || word == canon {
			continue
		}
		p.show = append(p.show, phrase{strings.Fields(canon), word})
		p.read = append(p.read, phrase{strings.Fields(engine.FoldName(word)), canon})
	}
	longest := func(a, b phrase) int {
		if d := len(b.from) - len(a.from); d != 0 {
			return d
		}
		return strings.Compare(strings.Join(a.from, " "), strings.Join(b.from, " "))
	}
	slices.SortFunc(p.show, longest)
	slices.SortFunc(p.read, longest)
	for en, l := range names {
		if l != "" && l != en {
			p.names[en] = l
		}
		p.long = append(p.long, en) // a name's words are never translated
	}
	slices.SortFunc(p.long, func(a, b string) int {
		if d := len(b) - len(a); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return p
}

// Name is an English card name in the player's language (the name itself when it has no
// other).
func (p *Phrases) Name(en string) string {
	if l, ok := p.names[en]; ok {
		return l
	}
	return en
}

// Show is a canonical action text in the player's language: its words translated, its card
// names given in the player's language ("play Scout" -> "jouer Éclaireur").
func (p *Phrases) Show(text string) string {
	if len(p.show) == 0 && len(p.long) == 0 {
		return text
	}
	var b strings.Builder
	from := 0 // the start of the text not yet written
	for i := 0; i < len(text); i++ {
		if i > 0 && !isSep(text[i-1]) {
			continue
		}
		if en, ok := p.nameAt(text[i:]); ok {
			b.WriteString(p.words(text[from:i]))
			b.WriteString(p.Name(en))
			i += len(en) - 1
			from = i + 1
		}
	}
	b.WriteString(p.words(text[from:]))
	return b.String()
}

// nameAt is the longest English card name that text starts with, ending
// at the end of text or before a separator.
func (p *Phrases) nameAt(text string) (string, bool) {
	for _, en := range p.long {
		if strings.HasPrefix(text, en) && (len(text) == len(en) || isSep(text[len(en)])) {
			return en, true
		}
	}
	return "", false
}

func isSep(c byte) bool { return c == ' ' || c == ':' || c == ',' }

// words translates the canonical words of a text without card names.
func (p *Phrases) words(text string) string {
	toks := tokens(text)
	var b strings.Builder
	for i := 0; i < len(toks); {
		if n, to, ok := match(toks, i, p.show, func(s string) string { return s }); ok {
			b.WriteString(to)
			i += n
			continue
		}
		b.WriteString(toks[i])
		i++
	}
	return b.String()
}

// Read lists the canonical texts a line typed in the player's language may stand for, the
// most likely first: every word of the player's language translated, then its first words
// alone (a card name may hold such a word). The line itself is not among them.
func (p *Phrases) Read(line string) []string {
	if len(p.read) == 0 {
		return nil
	}
	line = strings.Join(strings.Fields(line), " ")
	toks := tokens(line)
	var all, first strings.Builder
	done := false // the first words have been read
	for i := 0; i < len(toks); {
		if n, to, ok := match(toks, i, p.read, engine.FoldName); ok {
			all.WriteString(to)
			if !done {
				first.WriteString(to)
			} else {
				first.WriteString(strings.Join(toks[i:i+n], ""))
			}
			done = true
			i += n
			continue
		}
		if !isSep(toks[i][0]) {
			done = true
		}
		all.WriteString(toks[i])
		first.WriteString(toks[i])
		i++
	}
	var out []string
	for _, t := range []string{all.String(), first.String()} {
		if t != line && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// tokens cuts a text into words and the separators between them (a space, ':' or ','),
// each a token of its own.
func tokens(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if isSep(text[i]) {
			if i > start {
				out = append(out, text[start:i])
			}
			out = append(out, text[i:i+1])
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// match finds the first phrase whose words are the tokens from i (separated by single
// spaces), comparing norm(token) with each word; n is the number of tokens it covers.
func match(toks []string, i int, phrases []phrase, norm func(string) string) (n int, to string, ok bool) {
	if i > 0 && !isSep(toks[i-1][0]) {
		return 0, "", false
	}
	for _, ph := range phrases {
		j := i
		okAll := true
		for k, w := range ph.from {
			if k > 0 {
				if j >= len(toks) || toks[j] != " " {
					okAll = false
					break
				}
				j++
			}
			if j >= len(toks) || norm(toks[j]) != w {
				okAll = false
				break
			}
			j++
		}
		if okAll {
			return j - i, ph.to, true
		}
	}
	return 0, "", false
}
