package nexus

import (
	"fmt"
	"strings"

	"starnexus/engine"
)

// Declarations of blockers (12.3) one creature at a time, with no limit on how many block one
// attacker: every block action names one attacker and one blocker (action.go). An attacker
// with Menace needs a blocker with Menace or two or more blockers (17.3): its first blocker
// without Menace is declared with "block A with B and another" (aBlockHalf), and the
// player's next declaration must name a second blocker of A ("block A with B, C"). Texts that
// name several creatures are expanded into these actions by ParseActions.

const menaceRule = "an attacker with Menace can be blocked only by a creature with Menace or by two or more creatures (17.3)"

// blockersBy appends the blockers of attacker a that seat controls, in blocking order.
func (s *State) blockersBy(a oid, seat int8, buf []oid) []oid {
	n0 := len(buf)
	buf = s.blockersOf(a, buf)
	out := buf[:n0]
	for _, b := range buf[n0:] {
		if s.O[b].Ctrl == seat {
			out = append(out, b)
		}
	}
	return out
}

// attackerCheck says why seat may not block attacker a at all, or "".
func (s *State) attackerCheck(seat int8, a oid) why {
	ao := &s.O[a]
	if a == 0 || ao.Def == 0 || ao.Zone != zField || !ao.has(fAttacking) {
		return refuse("refuse.nexus.not_attacking", "that creature is not attacking")
	}
	if !s.attackedBy(seat, a) {
		return refuse("refuse.nexus.not_attacking_you", "that attacker is not attacking you")
	}
	return why{}
}

// blockerCheck says why b may not block attacker a for seat, or "" (12.3, 4.1.4, 17.2).
func (s *State) blockerCheck(seat int8, a, b oid) why {
	bo := &s.O[b]
	if b == 0 || bo.Def == 0 || bo.Zone != zField || bo.Ctrl != seat || !s.tab.Defs[bo.Def].isCreature() {
		return refuse("refuse.nexus.no_such_creature", "you control no such creature")
	}
	if bo.has(fTapped) {
		return refuse("refuse.nexus.tapped_block", "a tapped creature can't block (4.1.4)")
	}
	if bo.Blocking != 0 && bo.Blocking != a {
		return refuse("refuse.nexus.blocking_another", "a creature named is already blocking another attacker")
	}
	if s.kw(a)&Alteration != 0 && s.kw(b)&Alteration == 0 {
		return refuse("refuse.nexus.alteration", "an attacker with Alteration can be blocked only by creatures with Alteration (17.2)")
	}
	return why{}
}

// menaceMet reports whether attacker a's blockers, other than the seat's ones if without is
// set, plus extra, satisfy Menace (17.3); true for an attacker without Menace.
func (s *State) menaceMet(a oid, seat int8, without bool, extra oid) bool {
	if s.kw(a)&Menace == 0 {
		return true
	}
	n := 0
	if extra != 0 {
		n++
		if s.kw(extra)&Menace != 0 {
			return true
		}
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Blocking != a || o.Zone != zField || o.BOrder == 0 || oid(i) == extra || (without && o.Ctrl == seat) {
			continue
		}
		n++
		if s.kw(oid(i))&Menace != 0 {
			return true
		}
	}
	return n >= 2
}

// halfBlock is the attacker with Menace that seat has given one blocker without Menace and
// must give a second (aBlockHalf), or 0.
func (s *State) halfBlock(seat int8) oid {
	if s.Pend.K != pBlock {
		return 0
	}
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Blocking == 0 || o.Ctrl != seat || o.Zone != zField || o.BOrder == 0 {
			continue
		}
		if a := o.Blocking; !s.menaceMet(a, seat, false, 0) {
			return a
		}
	}
	return 0
}

// secondBlocker reports whether seat has a creature other than b that could block a.
func (s *State) secondBlocker(seat int8, a, b oid) bool {
	for i := 1; i < int(s.NO); i++ {
		if oid(i) != b && s.O[i].Blocking == 0 && s.blockerCheck(seat, a, oid(i)).ok() {
			return true
		}
	}
	return false
}

// blockCheck says why block action act is refused for seat, or "".
func (s *State) blockCheck(seat int8, act engine.Action) why {
	a, b := decodeBlock(act)
	if r := s.attackerCheck(seat, a); !r.ok() {
		return r
	}
	if r := s.blockerCheck(seat, a, b); !r.ok() {
		return r
	}
	if h := s.halfBlock(seat); h != 0 && h != a {
		n := s.nameOf(h)
		return refuse("refuse.nexus.second_blocker_first",
			"first name the second blocker of "+n+": "+menaceRule, "attacker", n, "rule", menaceWhy().m)
	}
	switch kindOf(act) {
	case aBlock:
		if s.O[b].Blocking == a {
			return refuse("refuse.nexus.named_twice", "a creature is named twice")
		}
		if !s.menaceMet(a, seat, false, b) {
			return menaceWhy()
		}
	case aBlockNew:
		if !s.menaceMet(a, seat, true, b) {
			return menaceWhy()
		}
	case aBlockHalf:
		switch {
		case s.kw(a)&Menace == 0:
			return refuse("refuse.nexus.and_another", "\"and another\" is only for an attacker with Menace (17.3)")
		case s.kw(b)&Menace != 0:
			return refuse("refuse.nexus.menace_alone", "a creature with Menace blocks an attacker with Menace alone (17.3)")
		case s.othersBlock(a, seat):
			return refuse("refuse.nexus.already_blocked", "it is already blocked: add your blocker to the list (block A with ..., B)")
		case !s.secondBlocker(seat, a, b):
			return refuse("refuse.nexus.no_second_blocker", "no second creature of yours can block it: "+menaceRule, "rule", menaceWhy().m)
		}
	}
	return why{}
}

// othersBlock reports whether a player other than seat blocks attacker a (allies, 16.7).
func (s *State) othersBlock(a oid, seat int8) bool {
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.Blocking == a && o.Zone == zField && o.BOrder > 0 && o.Ctrl != seat {
			return true
		}
	}
	return false
}

// applyBlock performs a block action that blockCheck accepted.
func (s *State) applyBlock(seat int8, act engine.Action) {
	a, b := decodeBlock(act)
	if kindOf(act) != aBlock {
		for i := 1; i < int(s.NO); i++ {
			if o := &s.O[i]; o.Blocking == a && o.Ctrl == seat {
				o.Blocking, o.BOrder = 0, 0
			}
		}
	}
	s.O[b].Blocking, s.O[b].BOrder = a, 0
	// b goes last; the blockers of a are numbered 1, 2, ... again (12.3: the defender's order).
	var buf [16]oid
	list := s.blockersOf(a, buf[:0])
	for k, x := range list {
		s.O[x].BOrder = uint16(k + 1)
	}
	s.O[b].BOrder = uint16(len(list) + 1)
}

// blockLegal appends the block declarations seat may make now: for every attacker at seat,
// each creature that may join its list (the first of two for Menace, "and another"), or,
// while such a block waits for its second blocker, only those. Answers are their texts: one
// action per distinct text (scenario-format.md).
func (s *State) blockLegal(seat int8, buf []engine.Action, limit int) []engine.Action {
	half := s.halfBlock(seat)
	// Texts repeat when two attackers of one name have blockers of the same names: they form
	// a class, and a class lists each blocker name once per kind.
	type class struct {
		rep  oid
		seen [2][4]uint64 // by kind (block, half): a bit per blocker definition
	}
	var cbuf [16]class
	classes := cbuf[:0]
	var b1, b2 [16]oid
	// free: seat's objects on the field that block nothing, in id order. What the inner loop
	// asks of a blocker besides (blockerCheck) depends on the attacker; this part does not,
	// and nothing here changes the objects, so one list serves every attacker.
	var fb [maxObj]oid
	free := fb[:0]
	for b := 1; b < int(s.NO); b++ {
		if bo := &s.O[b]; bo.Def != 0 && bo.Zone == zField && bo.Blocking == 0 && bo.Ctrl == seat {
			free = append(free, oid(b))
		}
	}
	for a := 1; a < int(s.NO); a++ {
		at := oid(a)
		if !s.O[a].has(fAttacking) || s.O[a].Zone != zField || !s.attackedBy(seat, at) || (half != 0 && at != half) {
			continue
		}
		mine := s.blockersBy(at, seat, b1[:0])
		ci := -1
		for k := range classes {
			r := classes[k].rep
			if s.O[r].Def != s.O[a].Def || s.O[a].Num != 0 { // numbered attackers have texts of their own
				continue
			}
			theirs := s.blockersBy(r, seat, b2[:0])
			same := len(theirs) == len(mine)
			for q := 0; same && q < len(mine); q++ {
				same = s.O[theirs[q]].Def == s.O[mine[q]].Def
			}
			if same {
				ci = k
				break
			}
		}
		if ci < 0 {
			classes = append(classes, class{rep: at})
			ci = len(classes) - 1
		}
		menace := s.kw(at)&Menace != 0
		for _, b := range free {
			bo := &s.O[b]
			if !s.blockerCheck(seat, at, b).ok() {
				continue
			}
			kind, h := aBlock, 0
			if !s.menaceMet(at, seat, false, b) {
				if len(mine) > 0 || !menace || s.kw(b)&Menace != 0 || s.othersBlock(at, seat) || !s.secondBlocker(seat, at, b) {
					continue
				}
				kind, h = aBlockHalf, 1
			}
			d := bo.Def
			seen := &classes[ci].seen[h]
			if bo.Num == 0 { // a numbered blocker has a text of its own: every copy is offered
				if seen[d>>6]&(1<<(d&63)) != 0 {
					continue
				}
				seen[d>>6] |= 1 << (d & 63)
			}
			buf = append(buf, mkBlock(kind, at, b))
			if limit > 0 && len(buf) >= limit {
				return buf
			}
		}
	}
	return buf
}

// blockText is the text of a block action: the player's whole list for the attacker once it
// is made.
func (s *State) blockText(seat int8, act engine.Action) string {
	a, b := decodeBlock(act)
	head := "block " + s.nameOf(a) + " with "
	switch kindOf(act) {
	case aBlockHalf:
		return head + s.nameOf(b) + " and another"
	case aBlockNew:
		return head + s.nameOf(b)
	}
	var buf [16]oid
	list := append(s.blockersBy(a, seat, buf[:0]), b)
	if t := head + s.joinNames(list); len(t) <= maxBlockText {
		return t
	}
	return head + "..., " + s.nameOf(b)
}

// maxBlockText is the longest text that lists an attacker's blockers; past it the ones
// declared already are written "...", so that a text never grows with the list (a server
// takes texts of a bounded size).
const maxBlockText = 100

// ParseActions reads a text that may stand for several actions, to be applied in order:
// "attack with A, B[, ...] [at P]" (each attacker added, then done) and "block A with B1,
// ..., Bn" (each blocker joining the list; the player's earlier list for A is replaced). Any
// other text is one action, as ParseAction reads it. Like ParseAction it does not judge
// legality: Apply does, action by action (ApplyText applies them all or none). A text that is
// no action is refused with an engine.ParseError, a name no card answers to with an
// engine.UnknownCardError.
func (s *State) ParseActions(seat engine.Seat, text string) ([]engine.Action, error) {
	p := int8(seat)
	if p < 0 || p >= s.N {
		return nil, fmt.Errorf("seat %d does not play in this game", seat)
	}
	t := strings.Join(strings.Fields(text), " ")
	word, rest, _ := strings.Cut(t, " ")
	switch strings.ToLower(word) {
	case "attack":
		if r, ok := cutPrefixFold(rest, "with "); ok && !strings.EqualFold(strings.TrimSpace(r), "none") {
			return s.parseAttack(p, r)
		}
	case "block":
		if an, bn, ok := cutFold(rest, " with "); ok {
			return s.parseBlock(p, an, bn)
		}
	}
	a, err := s.parseOne(seat, t)
	if err != nil {
		return nil, err
	}
	return []engine.Action{a}, nil
}

// ApplyText applies every action a text stands for (ParseActions), all or none: the first
// refusal is returned and the State is left as it was.
func (s *State) ApplyText(seat engine.Seat, text string) error {
	acts, err := s.ParseActions(seat, text)
	if err != nil {
		return err
	}
	if len(acts) == 1 {
		return s.Apply(seat, acts[0])
	}
	if s.decides(int8(seat)) {
		// Every creature a list names is judged first, so that the refusal names the rule the
		// list breaks (a tapped creature, Alteration), not what follows from it.
		for _, a := range acts {
			if at, b := decodeBlock(a); isBlock(a) && s.attackerCheck(int8(seat), at).ok() {
				if r := s.blockerCheck(int8(seat), at, b); !r.ok() {
					n := s.nameOf(b)
					w := refuse("refuse.nexus.of_blocker", n+": "+r.en, "blocker", n, "reason", r.m)
					return &engine.IllegalError{Action: clip(text), Reason: w.en, Why: w.m}
				}
			}
		}
	}
	c := s.Clone().(*State)
	rec, n := s.rec, 0
	if rec != nil { // the copy records for s; a refusal forgets what it recorded
		c.rec, n = rec, len(rec.evs)
	}
	for _, a := range acts {
		if err := c.Apply(seat, a); err != nil {
			if rec != nil {
				rec.evs = rec.evs[:n]
			}
			return err
		}
	}
	c.copyTo(s)
	s.rec = rec
	return nil
}

// ExpandedTexts is the canonical text of each action a text stands for, as each would be
// listed when its turn comes (the actions are tried on a copy; a refused one ends the list).
func (s *State) ExpandedTexts(seat engine.Seat, acts []engine.Action) []string {
	c := s.Clone().(*State)
	var out []string
	for _, a := range acts {
		out = append(out, c.ActionText(seat, a))
		if c.Apply(seat, a) != nil {
			break
		}
	}
	return out
}

// parseAttack reads the names of "attack with NAMES": "A, B at P" sends all at P, "A at P, B
// at Q" each at its own player (15.2). Each becomes "add attacker", then "done" confirms.
func (s *State) parseAttack(p int8, r string) ([]engine.Action, error) {
	parts := strings.Split(r, ",")
	var names []string
	var targets []int8
	withAt := 0
	for _, part := range parts {
		n, t, err := s.parseAt(part)
		if err != nil {
			return nil, err
		}
		if t != noSeat {
			withAt++
		}
		names, targets = append(names, n), append(targets, t)
	}
	last := targets[len(targets)-1]
	switch {
	case withAt == len(parts):
	case withAt > 1 || (withAt == 1 && last == noSeat):
		return nil, notAction("refuse.nexus.parse.attacked_once",
			"name the attacked player once after the last attacker (attack with A, B at P) or after every attacker (attack with A at P, B at Q)")
	default:
		for k := range targets {
			targets[k] = last
		}
	}
	var list []oid
	var acts []engine.Action
	for k, n := range names {
		o, err := s.findObj(p, n, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() },
			func(o oid) bool { return s.attackerOK(p, o).ok() && !contains(list, o) }, onField)
		if err != nil {
			return nil, err
		}
		list = append(list, o)
		if s.O[o].has(fAttacking) && (s.O[o].Target == targets[k] || targets[k] == noSeat) {
			continue // declared already
		}
		acts = append(acts, mkAddAttacker(o, s.canonTarget(p, targets[k])))
	}
	for i := 1; i < int(s.NO); i++ {
		if o := &s.O[i]; o.has(fAttacking) && o.Ctrl == p && o.Zone == zField && !contains(list, oid(i)) {
			n := s.nameOf(oid(i))
			return nil, notAction("refuse.nexus.parse.attacker_already",
				n+" is declared as an attacker already: name every attacker, or add more with add attacker and then done", "card", n)
		}
	}
	return append(acts, mkA(aDone, 0)), nil
}

// parseBlock reads "block A with NAMES" (or "block A with B and another"). Identical
// attackers share a name: the first for which every action is accepted is taken, one whose
// list the names extend before one whose list they replace (the reading Legal lists).
func (s *State) parseBlock(p int8, an, bn string) ([]engine.Action, error) {
	var first, replace []engine.Action
	var firstErr error
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Zone != zField || !o.has(fAttacking) {
			continue
		}
		at, err := s.findObj(p, an, func(x *obj) bool { return x == o }, nil, attacking)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		acts, extends, err := s.blockActions(p, at, bn)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if s.Pend.K == pBlock && s.decides(p) {
			c := s.Clone().(*State)
			ok := true
			for _, a := range acts {
				if c.Apply(engine.Seat(p), a) != nil {
					ok = false
					break
				}
			}
			if ok && extends {
				return acts, nil
			}
			if ok && replace == nil {
				replace = acts
			}
		}
		if first == nil {
			first = acts
		}
	}
	switch {
	case replace != nil:
		return replace, nil
	case first != nil:
		return first, nil
	case firstErr != nil:
		return nil, firstErr
	}
	if _, err := s.lookup(an); err != nil {
		return nil, err
	}
	n := clip(strings.TrimSpace(an))
	return nil, notAction("refuse.nexus.parse.not_attacking", n+" is not attacking", "name", n)
}

// blockActions turns the blocker names of "block at with NAMES" into actions: the names
// that extend the player's current list are added (extends); otherwise the list starts
// again.
func (s *State) blockActions(p int8, at oid, bn string) (acts []engine.Action, extends bool, err error) {
	half := false
	if r, ok := cutSuffixFold(strings.TrimSpace(bn), " and another"); ok {
		bn, half = r, true
	}
	var cb [16]oid
	cur := s.blockersBy(at, p, cb[:0])
	var list []oid
	if r, ok := cutPrefixFold(strings.TrimSpace(bn), "...,"); ok {
		// "...": the blockers declared already, then the new ones.
		bn, list = r, append(list, cur...)
	}
	for _, n := range strings.Split(bn, ",") {
		k := len(list) // its place in the list
		o, err := s.findObj(p, n, func(o *obj) bool { return o.Zone == zField && o.Ctrl == p && s.tab.Defs[o.Def].isCreature() },
			func(o oid) bool {
				if contains(list, o) {
					return false
				}
				if k < len(cur) && cur[k] == o {
					return true
				}
				if half && s.kw(o)&Menace != 0 {
					return false // the first of two is one without Menace
				}
				return s.blockerCheck(p, at, o).ok() && !(k < len(cur) && s.O[cur[k]].Def == s.O[o].Def)
			}, onField)
		if err != nil {
			return nil, false, err
		}
		if _, num := cutNum(strings.TrimSpace(n)); num == 0 && k < len(cur) && s.O[cur[k]].Def == s.O[o].Def && !contains(list, cur[k]) {
			o = cur[k] // the same name (no number) at the same place: the creature already there
		}
		list = append(list, o)
	}
	if half {
		if len(list) != 1 {
			return nil, false, notAction("refuse.nexus.parse.and_another", "write block ATTACKER with BLOCKER and another: one blocker, the first of two")
		}
		return []engine.Action{mkBlock(aBlockHalf, at, list[0])}, len(cur) == 0, nil
	}
	prefix := len(cur) < len(list)
	for k := 0; prefix && k < len(cur); k++ {
		prefix = cur[k] == list[k]
	}
	var rest []oid
	if !prefix || len(cur) == 0 {
		k := aBlockNew
		if len(cur) == 0 {
			k = aBlock
		}
		b := list[0]
		if len(list) > 1 && s.kw(at)&Menace != 0 && s.kw(b)&Menace == 0 && !s.othersBlock(at, p) {
			k = aBlockHalf
		}
		acts, rest = append(acts, mkBlock(k, at, b)), list[1:]
	} else {
		rest = list[len(cur):]
	}
	for _, b := range rest {
		acts = append(acts, mkBlock(aBlock, at, b))
	}
	return acts, prefix || len(cur) == 0, nil
}

func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}

// blockListOK checks a whole list of blockers of attacker a for seat (12.3, 17.2, 17.3).
func (s *State) blockListOK(seat int8, a oid, bs []oid) why {
	if r := s.attackerCheck(seat, a); !r.ok() {
		return r
	}
	if len(bs) == 0 {
		return refuse("refuse.nexus.name_blocker", "name at least one blocker")
	}
	menace := false
	for k, b := range bs {
		if r := s.blockerCheck(seat, a, b); !r.ok() {
			return r
		}
		if contains(bs[:k], b) {
			return refuse("refuse.nexus.named_twice", "a creature is named twice")
		}
		menace = menace || s.kw(b)&Menace != 0
	}
	if s.kw(a)&Menace != 0 && !menace && len(bs) < 2 {
		return menaceWhy()
	}
	return why{}
}

// blockChanges appends the declarations that change seat's list for an attacker it blocks
// already (12.3: "the declaration can be changed until confirmed"): the list started again
// with one blocker (aBlockNew), or with the first of two for Menace (aBlockHalf), other than
// the list it is already (which would change nothing, and let a declaration go round in
// place). blockLegal
// leaves them out so that its picks always add a blocker (sampleBlocks); a list started
// again is listed only where the seat has one, since with none it is blockLegal's block.
func (s *State) blockChanges(seat int8, buf []engine.Action) []engine.Action {
	half := s.halfBlock(seat)
	var b1, b2 [16]oid
	for a := 1; a < int(s.NO); a++ {
		at := oid(a)
		if !s.O[a].has(fAttacking) || s.O[a].Zone != zField || !s.attackedBy(seat, at) || (half != 0 && at != half) {
			continue
		}
		mine := s.blockersBy(at, seat, b1[:0])
		if len(mine) == 0 || s.sameListBefore(seat, at, mine, b2[:0]) {
			continue
		}
		menace := s.kw(at)&Menace != 0
		others := menace && s.othersBlock(at, seat)
		var seen [2][4]uint64 // by kind (new, half): a bit per unnumbered blocker definition
		for b := 1; b < int(s.NO); b++ {
			bo := &s.O[b]
			if bo.Def == 0 || bo.Ctrl != seat || bo.Zone != zField || (bo.Blocking != 0 && bo.Blocking != at) ||
				(len(mine) == 1 && mine[0] == oid(b)) || !s.blockerCheck(seat, at, oid(b)).ok() {
				continue // not a blocker of at, or the list as it is (no change)
			}
			// blockCheck's tests of each kind, the attacker's having been made above.
			for h, kind := range [2]int{aBlockNew, aBlockHalf} {
				if kind == aBlockNew && !s.menaceMet(at, seat, true, oid(b)) ||
					kind == aBlockHalf && (!menace || s.kw(oid(b))&Menace != 0 || others || !s.secondBlocker(seat, at, oid(b))) {
					continue
				}
				act := mkBlock(kind, at, oid(b))
				if d := bo.Def; bo.Num == 0 {
					if seen[h][d>>6]&(1<<(d&63)) != 0 {
						continue
					}
					seen[h][d>>6] |= 1 << (d & 63)
				}
				buf = append(buf, act)
			}
		}
	}
	return buf
}

// sameListBefore reports whether an earlier unnumbered attacker of at's name has a list of
// seat's blockers of the same names as mine: the changes of both have the same texts.
func (s *State) sameListBefore(seat int8, at oid, mine, buf []oid) bool {
	if s.O[at].Num != 0 {
		return false
	}
	for r := 1; r < int(at); r++ {
		o := &s.O[r]
		if o.Def != s.O[at].Def || o.Num != 0 || !o.has(fAttacking) || o.Zone != zField || !s.attackedBy(seat, oid(r)) {
			continue
		}
		theirs := s.blockersBy(oid(r), seat, buf[:0])
		same := len(theirs) == len(mine)
		for q := 0; same && q < len(mine); q++ {
			same = s.O[theirs[q]].Def == s.O[mine[q]].Def
		}
		if same {
			return true
		}
	}
	return false
}
