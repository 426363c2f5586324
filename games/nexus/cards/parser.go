package cards

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"starnexus/engine"
)

// ParseError is an ability text that does not follow grammar C.2 or breaks one of its rules:
// where (a 0-based byte offset into Text) and what was expected.
type ParseError struct {
	Text string
	Pos  int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("column %d of %q: %s", e.Pos+1, e.Text, e.Msg)
}

// maxInt bounds every number of ability text: the starter set needs single digits, and a
// bound keeps the engine's arithmetic far from overflow.
const maxInt = 99

// ParseAbility parses one ability line of grammar C.2 (SN Part C) written on a card of type
// cardType, and checks what the grammar alone cannot: which ability kinds a card type may
// have (equipped: on equipment, resolve: on instants, affinity: and dissonance: on special
// resources ...), which selectors fit each verb, that a back-reference (a bare T) refers to a
// slot declared earlier in the same ability, and the filter qualifiers. Token ids are only
// checked for shape here; Load checks that they exist.
func ParseAbility(text string, cardType Type) (Ability, error) {
	p := &parser{src: text, card: cardType}
	ab, err := p.ability()
	if err != nil {
		return Ability{}, err
	}
	ab.Text = text
	return ab, nil
}

type parser struct {
	src  string
	pos  int
	card Type
	ab   *Ability
}

// bail is how the parser unwinds: fail panics with a *ParseError and ability recovers it.
type bail struct{ err *ParseError }

func (p *parser) fail(pos int, format string, args ...any) {
	panic(bail{&ParseError{Text: p.src, Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) ability() (ab Ability, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	p.ab = &ab
	ab.Subject = noSel()
	start := p.pos
	word := p.word(isLower)
	switch word {
	case "static":
		ab.Kind = Static
		p.allow(start, "a static ability", Creature, Token)
		p.expect(": ")
		ab.Subject = p.selector(roleStaticSubject)
		p.expect(" ")
		ab.Change = p.changes()
	case "equipped":
		ab.Kind = Equipped
		p.allow(start, "an equipped: ability", Equipment)
		p.expect(": ")
		ab.Subject = Selector{Kind: SelEquipped, Filter: AnyFilter()}
		ab.Change = p.changes()
	case "when":
		ab.Kind = Trigger
		p.allow(start, "a triggered ability", Creature, Token)
		p.expect(" ")
		p.event()
		p.expect(": ")
		ab.Effects = p.effects()
	case "active":
		ab.Kind = Active
		p.allow(start, "an active ability", Hero, Creature, Token, Equipment)
		if !p.peek("(") {
			p.fail(p.pos, "an active ability needs its cost: active(N)")
		}
		p.expect("(")
		ab.Cost = p.int("the cost in resources", 0)
		p.expect(")")
		if p.peek(" ") {
			p.pos++
			ab.Name = p.quoted()
		}
		p.expect(": ")
		ab.Effects = p.effects()
	case "resolve":
		ab.Kind = Resolve
		p.allow(start, "a resolve: ability", Instant)
		p.expect(": ")
		ab.Effects = p.effects()
	case "affinity", "dissonance":
		ab.Kind = Affinity
		if word == "dissonance" {
			ab.Kind = Dissonance
		}
		p.allow(start, "an "+word+": ability", SpecialResource)
		p.expect(": ")
		ab.Effects = p.effects()
	default:
		msg := fmt.Sprintf("expected an ability kind (static, equipped, when, active, resolve, affinity or dissonance), found %s", p.found(start))
		if s := engine.Closest(word, abilityKindWords, 1); word != "" && len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %q?)", s[0])
		}
		p.fail(start, "%s", msg)
	}
	if p.pos < len(p.src) {
		p.fail(p.pos, "unexpected %s after the end of the ability", p.found(p.pos))
	}
	return ab, nil
}

var abilityKindWords = []string{"static", "equipped", "when", "active", "resolve", "affinity", "dissonance"}

// allow fails unless the card's type is one of types.
func (p *parser) allow(pos int, what string, types ...Type) {
	for _, t := range types {
		if p.card == t {
			return
		}
	}
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.String()
	}
	p.fail(pos, "%s is not allowed on %s card (only on %s)", what, an(p.card), orList(names))
}

func orList(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// found describes the text at pos for an error message.
func (p *parser) found(pos int) string {
	if pos >= len(p.src) {
		return "the end of the text"
	}
	rest := p.src[pos:]
	if len(rest) > 12 {
		rest = rest[:12] + "..."
	}
	return fmt.Sprintf("%q", rest)
}

func (p *parser) peek(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

func (p *parser) expect(s string) {
	if !p.peek(s) {
		p.fail(p.pos, "expected %q, found %s", s, p.found(p.pos))
	}
	p.pos += len(s)
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' || c == '_' }
func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// word reads the longest run of bytes satisfying ok.
func (p *parser) word(ok func(byte) bool) string {
	start := p.pos
	for p.pos < len(p.src) && ok(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

func (p *parser) int(what string, least int) int {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	if start == p.pos {
		p.fail(start, "expected %s (a number), found %s", what, p.found(start))
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil || n > maxInt {
		p.fail(start, "%s %s is too large (at most %d)", what, p.src[start:p.pos], maxInt)
	}
	if n < least {
		p.fail(start, "%s must be at least %d, not %d", what, least, n)
	}
	return n
}

func (p *parser) quoted() string {
	start := p.pos
	p.expect(`"`)
	end := strings.IndexByte(p.src[p.pos:], '"')
	if end < 0 {
		p.fail(start, "the quoted name is not closed")
	}
	if end == 0 {
		p.fail(start, "the quoted name is empty")
	}
	name := p.src[p.pos : p.pos+end]
	if !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0 {
		p.fail(start, "the quoted name must be printable text")
	}
	p.pos += end + 1
	return name
}

func (p *parser) event() {
	start := p.pos
	w := p.word(isLower)
	switch w {
	case "arrives":
		p.ab.Event = Arrives
	case "dies":
		p.ab.Event = Dies
	case "deals_wounds_to_player":
		p.ab.Event = DealsWoundsToPlayer
	case "creature_you_control_dies":
		p.ab.Event = CreatureYouControlDies
		if p.peek("[") {
			p.expect("[other]")
			p.ab.EventOther = true
		}
	default:
		msg := fmt.Sprintf("expected an event (arrives, dies, deals_wounds_to_player or creature_you_control_dies[other]), found %s", p.found(start))
		if s := engine.Closest(w, eventNames[1:], 1); w != "" && len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %q?)", s[0])
		}
		p.fail(start, "%s", msg)
	}
}

// changes = change { ", " change }; change = delta | "gains " keyword.
func (p *parser) changes() Change {
	var c Change
	start := p.pos
	sawDelta := false
	for {
		at := p.pos
		if p.peek("gains ") {
			p.pos += len("gains ")
			k := p.keyword()
			if c.Gains.Has(k) {
				p.fail(at, "%s is gained twice", k)
			}
			c.Gains |= k
		} else if p.peek("+") || p.peek("-") {
			if sawDelta {
				p.fail(at, "a second stat change: write one delta such as +1/+1")
			}
			sawDelta = true
			c.DS, c.DE = p.delta()
		} else {
			p.fail(at, "expected a stat change such as +1/+0 or \"gains KEYWORD\", found %s", p.found(at))
		}
		if !p.peek(", ") {
			break
		}
		p.pos += 2
	}
	if c == (Change{}) {
		p.fail(start, "the modifier changes nothing")
	}
	return c
}

func (p *parser) delta() (int, int) {
	sign := func() int {
		switch {
		case p.peek("+"):
			p.pos++
			return 1
		case p.peek("-"):
			p.pos++
			return -1
		}
		p.fail(p.pos, "expected a signed number such as +1 or -2 in a delta, found %s", p.found(p.pos))
		return 0
	}
	s := sign() * p.int("the strength change", 0)
	p.expect("/")
	e := sign() * p.int("the endurance change", 0)
	return s, e
}

func (p *parser) keyword() Keywords {
	start := p.pos
	w := p.word(isIdent)
	if k, ok := KeywordByName(w); ok {
		return k
	}
	if w == "Division" {
		p.fail(start, "Division is only written in the keywords field, never in ability text")
	}
	msg := fmt.Sprintf("expected a keyword (%s), found %s", strings.Join(keywordNames[:], ", "), p.found(start))
	if s := engine.Closest(w, keywordNames[:], 1); w != "" && len(s) > 0 {
		msg += fmt.Sprintf(" (did you mean %q?)", s[0])
	}
	p.fail(start, "%s", msg)
	return 0
}

func (p *parser) effects() []Effect {
	var out []Effect
	for {
		out = append(out, p.effect())
		if !p.peek("; ") {
			return out
		}
		p.pos += 2
	}
}

// argSep reads the ", " before argument number n of the verb.
func (p *parser) argSep(v Verb, what string) {
	if !p.peek(", ") {
		p.fail(p.pos, "%s needs %s: expected \", \", found %s", v, what, p.found(p.pos))
	}
	p.pos += 2
}

func (p *parser) effect() Effect {
	start := p.pos
	w := p.word(isLower)
	e := Effect{Sel: noSel(), Sel2: noSel(), For: noSel()}
	found := false
	for i, s := range verbNames {
		if w == s {
			e.Verb, found = Verb(i), true
		}
	}
	if !found {
		msg := fmt.Sprintf("unknown verb %q", w)
		if w == "" {
			msg = fmt.Sprintf("expected a verb, found %s", p.found(start))
		} else if s := engine.Closest(w, verbNames[:], 1); len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %q?)", s[0])
		}
		p.fail(start, "%s", msg)
	}
	p.expect("(")
	v := e.Verb
	var optional []string // named or flag arguments the verb accepts after its required ones
	switch v {
	case Wound:
		e.Sel = p.selector(roleCreatureOrPlayer)
		p.argSep(v, "a number of wounds")
		e.N = p.int("the number of wounds", 1)
	case Modify:
		e.Sel = p.selector(roleCreatures)
		p.argSep(v, "a stat change such as +2/+0")
		at := p.pos
		e.Delta.DS, e.Delta.DE = p.delta()
		if e.Delta.DS == 0 && e.Delta.DE == 0 {
			p.fail(at, "modify by +0/+0 changes nothing")
		}
		optional = []string{"until"}
	case Grant:
		e.Sel = p.selector(roleCreatures)
		p.argSep(v, "a keyword")
		e.Keyword = p.keyword()
		optional = []string{"until"}
	case Marker:
		e.Sel = p.selector(roleCreatures)
		p.argSep(v, "the marker, +1/+1 or -1/-1")
		at := p.pos
		e.Delta.DS, e.Delta.DE = p.delta()
		if d := e.Delta; !(d.DS == 1 && d.DE == 1 || d.DS == -1 && d.DE == -1) {
			p.fail(at, "a marker is +1/+1 or -1/-1, not %s", p.src[at:p.pos])
		}
		p.argSep(v, "a number of markers")
		e.N = p.int("the number of markers", 1)
	case Counter:
		e.Sel = p.selector(roleRequisition)
		optional = []string{"unless_tap"}
	case Create:
		e.Token = p.tokenID()
		p.argSep(v, "a number of tokens")
		e.N = p.int("the number of tokens", 1)
		optional = []string{"for"}
	case Draw:
		e.Sel = p.selector(rolePlayer)
		p.argSep(v, "a number of cards")
		e.N = p.int("the number of cards", 1)
	case Tap, Untap, Regenerate:
		e.Sel = p.selector(roleCreatures)
	case Destroy:
		e.Sel = p.selector(roleDestroy)
	case Resurrect:
		e.Sel = p.selector(roleGrave)
	case Confront:
		e.Sel = p.selector(roleOneCreature)
		p.argSep(v, "a second creature")
		at := p.pos
		e.Sel2 = p.selector(roleOneCreature)
		if sameObject(e.Sel, e.Sel2) {
			p.fail(at, "a creature can't confront itself")
		}
	case GainLife, LoseLife:
		e.Sel = p.selector(rolePlayer)
		p.argSep(v, "an amount of life")
		e.N = p.int("the amount of life", 1)
	case UntapResources:
		e.Sel = p.selector(rolePlayer)
		p.argSep(v, "a number of resources")
		e.N = p.int("the number of resources", 1)
		optional = []string{"other"}
	}
	for p.peek(", ") {
		p.pos += 2
		at := p.pos
		name := p.word(isLower)
		i := indexOf(optional, name)
		if i < 0 {
			if len(optional) == 0 {
				p.fail(at, "%s takes no further argument, found %s", v, p.found(at))
			}
			p.fail(at, "%s accepts only %s here, found %s", v, orList(argForms(optional)), p.found(at))
		}
		optional = append(optional[:i:i], optional[i+1:]...) // each at most once
		switch name {
		case "until":
			p.expect("=")
			u := p.word(isLower)
			switch u {
			case "phase":
				e.Until = UntilPhase
			case "turn":
				e.Until = UntilTurn
			default:
				p.fail(at, "expected until=phase or until=turn")
			}
		case "unless_tap":
			p.expect("=")
			e.UnlessTap = p.int("unless_tap", 1)
		case "for":
			p.expect("=")
			e.For = p.selector(rolePlayer)
		case "other":
			e.Other = true
		}
	}
	p.expect(")")
	return e
}

func argForms(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		switch n {
		case "until":
			out[i] = "until=phase|turn"
		case "unless_tap":
			out[i] = "unless_tap=N"
		case "for":
			out[i] = "for=PLAYER"
		default:
			out[i] = n
		}
	}
	return out
}

func indexOf(s []string, x string) int {
	for i, y := range s {
		if x == y {
			return i
		}
	}
	return -1
}

func noSel() Selector { return Selector{Filter: AnyFilter()} }

// sameObject reports whether two single-object selectors surely name the same object.
func sameObject(a, b Selector) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case SelSelf, SelEquipped, SelRequisitioned:
		return true
	case SelTarget:
		return a.Slot == b.Slot
	}
	return false
}

// tokenID reads a token card id: upper-case letters, digits and hyphens, such as TK-SPORE.
func (p *parser) tokenID() string {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			break
		}
		p.pos++
	}
	if start == p.pos {
		p.fail(start, "expected a token id such as TK-SPORE, found %s", p.found(start))
	}
	return p.src[start:p.pos]
}

// role is where a selector is written: it decides which selectors fit.
type role uint8

const (
	roleStaticSubject    role = iota // static: SELF or ALL:creature
	roleCreatures                    // modify, grant, marker, tap, untap, regenerate
	roleDestroy                      // destroy: creatures, or SELF on an equipment
	roleOneCreature                  // confront: one creature, never ALL
	roleCreatureOrPlayer             // wound
	rolePlayer                       // draw, gain_life, lose_life, untap_resources, for=
	roleRequisition                  // counter
	roleGrave                        // resurrect
)

var roleNeeds = [...]string{
	roleStaticSubject:    "SELF or ALL:creature[...]",
	roleCreatures:        "creatures (SELF, EQUIPPED, REQUISITIONED, ALL:creature or a creature target)",
	roleDestroy:          "creatures or SELF (SELF, EQUIPPED, REQUISITIONED, ALL:creature or a creature target)",
	roleOneCreature:      "one creature (SELF, EQUIPPED, REQUISITIONED or a creature target)",
	roleCreatureOrPlayer: "creatures or players",
	rolePlayer:           "players (YOU, EACH_OPP, EACH_PLAYER, ALL:player or a player target)",
	roleRequisition:      "a requisition target (T:requisition)",
	roleGrave:            "a graveyard target (T:creature_card@graveyard[...])",
}

// selector parses one selector or player and checks that it fits r.
func (p *parser) selector(r role) Selector {
	start := p.pos
	w := p.word(isIdent)
	s := noSel()
	switch {
	case w == "SELF":
		s.Kind = SelSelf
	case w == "EQUIPPED":
		s.Kind = SelEquipped
		if p.card != Equipment {
			p.fail(start, "EQUIPPED is only meaningful on an equipment card, not on %s", an(p.card))
		}
	case w == "REQUISITIONED":
		s.Kind = SelRequisitioned
		if k := p.ab.Kind; k != Affinity && k != Dissonance {
			p.fail(start, "REQUISITIONED is only meaningful in affinity: and dissonance: abilities (SN 9.7)")
		}
		if p.peek(":") {
			p.pos++
			s.Obj = p.objKind()
		}
		s.Filter = p.filter(s.Obj)
	case w == "ALL":
		s.Kind = SelAll
		p.expect(":")
		s.Obj = p.objKind()
		s.Filter = p.filter(s.Obj)
	case w == "YOU":
		s.Kind = SelYou
	case w == "EACH_OPP":
		s.Kind = SelEachOpp
	case w == "EACH_PLAYER":
		s.Kind = SelEachPlayer
	case w == "T" || len(w) == 2 && w[0] == 'T' && w[1] >= '0' && w[1] <= '9':
		s.Kind = SelTarget
		s.Slot = p.target(w, start)
		t := p.ab.Targets[s.Slot]
		s.Obj, s.Filter = t.Obj, t.Filter
	default:
		msg := fmt.Sprintf("expected %s, found %s", roleNeeds[r], p.found(start))
		if w != "" {
			if c := engine.Closest(w, selectorWords, 1); len(c) > 0 {
				msg += fmt.Sprintf(" (did you mean %q?)", c[0])
			}
		}
		p.fail(start, "%s", msg)
	}
	p.fit(s, r, start)
	return s
}

var selectorWords = []string{"SELF", "EQUIPPED", "REQUISITIONED", "ALL", "YOU", "EACH_OPP", "EACH_PLAYER", "T", "T1", "T2"}

// target reads the rest of a target after its name: a declaration (":kind[filter]") adds a
// slot; a bare name refers back to a slot declared earlier in the ability.
func (p *parser) target(name string, start int) int {
	slot := -1
	for i, t := range p.ab.Targets {
		if t.Name == name {
			slot = i
		}
	}
	if !p.peek(":") {
		if slot < 0 {
			p.fail(start, "%s is not declared: its first use needs a kind, such as %s:creature", name, name)
		}
		return slot
	}
	if slot >= 0 {
		p.fail(start, "%s is already declared in this ability: write %s alone to refer to it", name, name)
	}
	if p.ab.Kind == Static || p.ab.Kind == Equipped {
		p.fail(start, "a %s ability has no targets", p.ab.Kind)
	}
	p.pos++
	t := TargetSpec{Name: name, Obj: p.objKind()}
	t.Filter = p.filter(t.Obj)
	p.ab.Targets = append(p.ab.Targets, t)
	return len(p.ab.Targets) - 1
}

var objWords = []string{"creature", "player", "requisition", "creature_card@graveyard"}

func (p *parser) objKind() ObjKind {
	start := p.pos
	w := p.word(func(c byte) bool { return isLower(c) || c == '@' })
	for i, s := range objKindNames {
		if i > 0 && w == s {
			return ObjKind(i)
		}
	}
	msg := fmt.Sprintf("expected a kind (creature, player, requisition or creature_card@graveyard), found %s", p.found(start))
	if c := engine.Closest(w, objWords, 1); w != "" && len(c) > 0 {
		msg += fmt.Sprintf(" (did you mean %q?)", c[0])
	}
	p.fail(start, "%s", msg)
	return 0
}

var qualWords = []string{"you", "opp", "other", "token", "equipped", "Agility", "Alteration", "Menace", "Dissimulation", "Deployment", "cost<="}

// filter reads an optional "[qual,qual]" for objects of kind k.
func (p *parser) filter(k ObjKind) Filter {
	f := AnyFilter()
	if !p.peek("[") {
		return f
	}
	p.pos++
	for {
		at := p.pos
		w := p.word(isIdent)
		var dup bool
		switch w {
		case "you":
			dup, f.You = f.You, true
		case "opp":
			dup, f.Opp = f.Opp, true
		case "other":
			dup, f.Other = f.Other, true
		case "token":
			dup, f.Token = f.Token, true
		case "equipped":
			dup, f.Equipped = f.Equipped, true
		case "cost":
			p.expect("<=")
			dup = f.MaxCost != NoMaxCost
			f.MaxCost = p.int("the cost bound", 0)
		default:
			kw, ok := KeywordByName(w)
			if !ok {
				msg := fmt.Sprintf("unknown filter qualifier %q (one of you, opp, other, token, equipped, a keyword, cost<=N)", w)
				if w == "" {
					msg = fmt.Sprintf("expected a filter qualifier (you, opp, other, token, equipped, a keyword, cost<=N), found %s", p.found(at))
				}
				if c := engine.Closest(w, qualWords, 1); w != "" && len(c) > 0 {
					msg += fmt.Sprintf(" (did you mean %q?)", c[0])
				}
				p.fail(at, "%s", msg)
			}
			dup = f.Keywords.Has(kw)
			f.Keywords |= kw
		}
		if dup {
			p.fail(at, "qualifier %q is written twice", p.src[at:p.pos])
		}
		if f.You && f.Opp {
			p.fail(at, "a filter can't be both you and opp")
		}
		if bad := qualFits(w, k); bad != "" {
			p.fail(at, "%s", bad)
		}
		if p.peek("]") {
			p.pos++
			return f
		}
		if !p.peek(",") {
			p.fail(p.pos, "expected \",\" or \"]\" in the filter, found %s", p.found(p.pos))
		}
		p.pos++
	}
}

// qualFits says why qualifier w makes no sense for objects of kind k, or "" if it does.
func qualFits(w string, k ObjKind) string {
	switch k {
	case ObjPlayer:
		if w != "you" && w != "opp" {
			return fmt.Sprintf("a player filter takes only you or opp, not %q", w)
		}
	case ObjRequisition:
		if w != "you" && w != "opp" && w != "cost" {
			return fmt.Sprintf("a requisition filter takes only you, opp or cost<=N, not %q", w)
		}
	case ObjGraveCreature:
		if w == "other" || w == "token" || w == "equipped" {
			return fmt.Sprintf("a graveyard card can't be %q (filter of creature_card@graveyard)", w)
		}
	}
	return ""
}

// fit checks that selector s may be written where role r expects it.
func (p *parser) fit(s Selector, r role, pos int) {
	bad := func() {
		p.fail(pos, "%s needs %s here, not %s", p.verbName(r), roleNeeds[r], p.src[pos:p.pos])
	}
	creatureObj := s.Obj == ObjCreature || (s.Kind == SelRequisitioned && s.Obj == ObjAny)
	switch r {
	case roleStaticSubject:
		if !(s.Kind == SelSelf || s.Kind == SelAll && s.Obj == ObjCreature) {
			bad()
		}
	case roleCreatures, roleDestroy, roleOneCreature, roleCreatureOrPlayer:
		switch s.Kind {
		case SelSelf:
			if p.card != Creature && p.card != Token && !(r == roleDestroy && p.card == Equipment) {
				p.fail(pos, "SELF on %s card is not a creature", an(p.card))
			}
		case SelEquipped:
		case SelRequisitioned, SelTarget:
			if !creatureObj && !(r == roleCreatureOrPlayer && s.Obj == ObjPlayer) {
				bad()
			}
		case SelAll:
			if r == roleOneCreature || !(s.Obj == ObjCreature || r == roleCreatureOrPlayer && s.Obj == ObjPlayer) {
				bad()
			}
		case SelYou, SelEachOpp, SelEachPlayer:
			if r != roleCreatureOrPlayer {
				bad()
			}
		default:
			bad()
		}
	case rolePlayer:
		switch s.Kind {
		case SelYou, SelEachOpp, SelEachPlayer:
		case SelAll, SelTarget:
			if s.Obj != ObjPlayer {
				bad()
			}
		default:
			bad()
		}
	case roleRequisition:
		if s.Kind != SelTarget || s.Obj != ObjRequisition {
			bad()
		}
	case roleGrave:
		if s.Kind != SelTarget || s.Obj != ObjGraveCreature {
			bad()
		}
	}
}

func (p *parser) verbName(r role) string {
	switch r {
	case roleStaticSubject:
		return "a static modifier"
	case rolePlayer:
		return "this argument"
	}
	return "this effect"
}
