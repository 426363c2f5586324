package nexus

import (
	"strings"

	"starnexus/engine"
)

// Events (engine.EventRecorder). A State records what its actions do only when asked: the
// recorder lives behind one pointer, nil in a new State and in every Clone or CloneInto (the
// bots' and search's copies), and every place that records tests it first, so that a game
// that does not record pays one branch per place and nothing else.
//
// Who sees what: a card in a hand is seen by its owner (and, in allied play, the ally, 16.5);
// a card in a library or a resource pile by nobody; the field, the stack, graveyards and exile
// by everyone. A moved card is seen by whoever sees it in the zone it left or the zone it
// entered. Secrets that are revealed later (SN 1.6, 2.5, 10.6, hidden.go) are seen by their
// seat alone until the reveal, which records them again for everyone: the mulligans of each
// player once every player has kept, the free-for-all blocks once every attacked player has
// confirmed, the heroes when the game begins. Reserve swaps are never revealed.

// Stellar Nexus's own kinds of event, beside engine's (docs/api.md lists their arguments).
const (
	// EvCountered: the requisitioned Card (Number) of Seat was countered by Source (8.6).
	EvCountered engine.EventKind = "countered"
	// EvHero: Seat's hero is Card, revealed when the game begins (10.7).
	EvHero engine.EventKind = "hero"
	// EvPhase: a phase (Option: "upkeep", "main1", "combat", "main2", "end") of Seat's turn
	// began; in combat, Stat names the step ("beginning", "attackers", "blockers", "agility",
	// "confrontation", "end_of_combat").
	EvPhase engine.EventKind = "phase"
	// EvGranted: the creature Card (Number) of Seat gained the keywords Option (comma
	// separated) from Source.
	EvGranted engine.EventKind = "granted"
)

var _ engine.EventRecorder = (*State)(nil)

// noSeats is a CardSeen (or Seen) that no seat matches: a card nobody may see.
const noSeats = uint64(1) << 63

// recorder holds the events recorded since the last TakeEvents.
type recorder struct {
	evs []engine.Event
	// secret, when not 0, is the Seen of every event recorded now (a player's secret choice).
	secret uint64
}

// RecordEvents implements engine.EventRecorder.
func (s *State) RecordEvents(on bool) {
	switch {
	case !on:
		s.rec = nil
	case s.rec == nil:
		s.rec = &recorder{}
	}
}

// TakeEvents implements engine.EventRecorder.
func (s *State) TakeEvents(buf []engine.Event) []engine.Event {
	if s.rec == nil {
		return buf
	}
	buf = append(buf, s.rec.evs...)
	clear(s.rec.evs)
	s.rec.evs = s.rec.evs[:0]
	return buf
}

// emit records e (s.rec is not nil).
func (s *State) emit(e engine.Event) {
	if s.rec.secret != 0 && e.Seen == 0 {
		e.Seen = s.rec.secret
	}
	s.rec.evs = append(s.rec.evs, e)
}

// handSeers is the set of seats that see p's hand: p, and its allies (16.5).
func (s *State) handSeers(p int8) uint64 {
	m := engine.SeatBit(engine.Seat(p))
	if s.opts.Format == "allied" {
		for q := int8(0); q < s.N; q++ {
			if !s.opponents(p, q) {
				m |= engine.SeatBit(engine.Seat(q))
			}
		}
	}
	return m
}

// zoneSeers is the set of seats that see a card of owner p in zone z: 0 for everyone,
// noSeats for nobody.
func (s *State) zoneSeers(p int8, z zone) uint64 {
	switch {
	case public(z):
		return 0
	case z == zHand:
		return s.handSeers(p)
	}
	return noSeats
}

// cardSeen is who sees a card that moves from zone a to zone b.
func (s *State) cardSeen(p int8, a, b zone) uint64 {
	x, y := s.zoneSeers(p, a), s.zoneSeers(p, b)
	if x == 0 || y == 0 {
		return 0
	}
	if m := (x | y) &^ noSeats; m != 0 {
		return m
	}
	return noSeats
}

func (s *State) defName(d uint8) string {
	if d == 0 {
		return ""
	}
	return s.tab.Defs[d].Name
}

// recMoved records that o (owner p, definition d, number num before) moved from a zone to
// another; o is in its new zone.
func (s *State) recMoved(o oid, d uint8, p int8, from, to zone, num uint16) {
	if n := s.O[o].Num; n != 0 {
		num = n
	}
	if !public(from) && !public(to) {
		num = 0
	}
	s.emit(engine.Event{Kind: engine.EvMoved, Seat: seatOf(p), Card: s.defName(d), Number: int(num),
		From: zoneNames[from], To: zoneNames[to], CardSeen: s.cardSeen(p, from, to)})
}

// objEvent is an event about the public object o.
func (s *State) objEvent(k engine.EventKind, o oid) engine.Event {
	ob := &s.O[o]
	return engine.Event{Kind: k, Seat: seatOf(ob.Ctrl), Card: s.defName(ob.Def), Number: int(ob.Num)}
}

// srcName names the source of an effect.
func (s *State) srcName(c *ctx) string { return s.defName(c.def) }

// recDamage records n damage by source to creature o.
func (s *State) recDamage(src string, o oid, n int) {
	e := s.objEvent(engine.EvDamage, o)
	e.Amount, e.Source, e.Target = n, src, s.nameOf(o)
	s.emit(e)
}

// recPlayerDamage records n damage by source to player p, and p's life change.
func (s *State) recPlayerDamage(src string, p int8, n int) {
	s.emit(engine.Event{Kind: engine.EvDamage, Seat: seatOf(p), Amount: n, Source: src, Target: s.SeatName(seatOf(p))})
	s.recLife(src, p, -n)
}

// recLife records p's life change of n, once made (Total: the life now).
func (s *State) recLife(src string, p int8, n int) {
	s.emit(engine.Event{Kind: engine.EvStat, Seat: seatOf(p), Stat: "life", Amount: n, Total: int(*s.lifeOf(p)), Source: src})
}

// recStat records a change of a creature's strength or endurance.
func (s *State) recStat(src string, o oid, stat string, n int) {
	e := s.objEvent(engine.EvStat, o)
	e.Stat, e.Amount, e.Source = stat, n, src
	S, E, _ := s.stats(o)
	e.Total = S
	if stat == "endurance" {
		e.Total = E
	}
	s.emit(e)
}

// recGrant records keywords granted to a creature.
func (s *State) recGrant(src string, o oid, kw KW) {
	var names []string
	for i, n := range kwNames {
		if kw&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	e := s.objEvent(EvGranted, o)
	e.Option, e.Source = strings.Join(names, ", "), src
	s.emit(e)
}

var triggerWords = [...]string{"", "arrives", "dies", "deals_wounds_to_player", "creature_you_control_dies"}

// recTrigger records that ability ai of o (definition d, controller p) triggered on ev.
func (s *State) recTrigger(o oid, d uint8, p int8, ai int, word string) {
	e := engine.Event{Kind: engine.EvTriggered, Seat: seatOf(p), Card: s.defName(d), Ability: word, Amount: ai}
	if o != 0 && s.O[o].Def == d && public(s.O[o].Zone) {
		e.Number = int(s.O[o].Num)
	}
	s.emit(e)
}

// recChoice records seat's action a, before it is applied: what it chose, for which decision.
func (s *State) recChoice(seat int8, a engine.Action) {
	k := kindOf(a)
	if k == aPass {
		return
	}
	e := engine.Event{Kind: engine.EvChose, Seat: seatOf(seat), Option: s.ActionText(seatOf(seat), a), Source: s.decisionID(a)}
	switch {
	case s.Pend.K == pSwap, s.Pend.K == pMulligan:
		if k != aDone { // confirming one's swaps is seen, as a player saying "done"
			e.Seen = engine.SeatBit(seatOf(seat))
		}
	case isBlock(a) && s.blocksHidden():
		e.Seen = engine.SeatBit(seatOf(seat))
	}
	s.emit(e)
}

// decisionID names the decision an action answers.
func (s *State) decisionID(a engine.Action) string {
	switch kindOf(a) {
	case aCast:
		return "cast"
	case aActivate:
		return "activate"
	}
	return [...]string{"none", "mulligan", "first", "priority", "target", "pay", "attack", "block", "job_target",
		"unless", "affinity", "link_order", "trigger_order", "swap"}[s.Pend.K]
}

// recMulligans reveals every player's mulligans once all have kept (10.6).
func (s *State) recMulligans() {
	for p := int8(0); p < s.N; p++ {
		s.emit(engine.Event{Kind: engine.EvChose, Seat: seatOf(p), Source: "mulligan", Option: "keep", Amount: int(s.P[p].Mulls)})
	}
}

// recBlocks reveals the free-for-all blocks once every attacked player has confirmed (1.6).
func (s *State) recBlocks() {
	var bb [32]oid
	for a := 1; a < int(s.NO); a++ {
		ao := &s.O[a]
		if !ao.has(fAttacking) || ao.Zone != zField {
			continue
		}
		for _, b := range s.blockersOf(oid(a), bb[:0]) {
			e := s.objEvent(engine.EvChose, b)
			e.Source, e.Target = "block", s.nameOf(oid(a))
			e.Option = "block " + s.nameOf(oid(a)) + " with " + s.nameOf(b)
			s.emit(e)
		}
	}
}

// recBegin records the heroes revealed, the starting life totals and the first turn.
func (s *State) recBegin() {
	for p := int8(0); p < s.N; p++ {
		s.emit(engine.Event{Kind: EvHero, Seat: seatOf(p), Card: s.defName(s.P[p].Hero)})
	}
	for p := int8(0); p < s.N; p++ {
		if s.lifeOf(p) == &s.P[p].Life {
			s.recLife("", p, int(s.P[p].Life))
		}
	}
	s.recTurn()
}

func (s *State) recTurn() {
	s.emit(engine.Event{Kind: engine.EvTurn, Seat: seatOf(s.Active), Amount: int(s.Turn)})
}

func (s *State) recPhase() {
	e := engine.Event{Kind: EvPhase, Seat: seatOf(s.Active), Option: phaseNames[s.Phase]}
	if s.Phase == phCombat {
		e.Stat = stepNames[s.Step]
	}
	s.emit(e)
}

// recOver records the end of the game if it just ended.
func (s *State) recOver(wasDone bool) {
	if wasDone || !s.Done {
		return
	}
	e := engine.Event{Kind: engine.EvGameOver, Seat: engine.Spectator}
	if w := s.Winners(); len(w) > 0 {
		e.Seat = w[0]
	}
	s.emit(e)
}

// recMod records a modifier effect e on creature o.
func (s *State) recMod(c *ctx, o oid, e *Eff) {
	src := s.srcName(c)
	if e.DS != 0 {
		s.recStat(src, o, "strength", int(e.DS))
	}
	if e.DE != 0 {
		s.recStat(src, o, "endurance", int(e.DE))
	}
	if e.KW != 0 {
		s.recGrant(src, o, e.KW)
	}
}

// recSwap records p's reserve swap (seen by p alone: apply sets the secret).
func (s *State) recSwap(p int8, out, in uint8) {
	where := func(d uint8) string {
		if z := s.swapZone(d); z != zNone {
			return zoneNames[z]
		}
		return "hero"
	}
	if out != 0 {
		s.emit(engine.Event{Kind: engine.EvMoved, Seat: seatOf(p), Card: s.defName(out), From: where(out), To: "reserve"})
	}
	if in != 0 {
		s.emit(engine.Event{Kind: engine.EvMoved, Seat: seatOf(p), Card: s.defName(in), From: "reserve", To: where(in)})
	}
}
