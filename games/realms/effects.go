package realms

import "starnexus/engine"

// frame is the ability being resolved: which card's ability, where in it, and the count of
// cards the last "this way" effect handled. An ability waits in its frame while a decision
// is pending, and goes on when the decision is answered. Choose-one, if and for-each effects
// are always the last of their list, so entering one replaces the frame's list.
type frame struct {
	Active bool
	Seat   engine.Seat
	Card   CardID // whose ability (for a copy: the copied card)
	Slot   Slot
	Each   bool  // inside the final for-each of the ability
	Opt    uint8 // 0: the ability (or for-each body) itself; k: option k of its final choose-one
	Then   bool  // inside the final if of the current list
	PC     uint8
	Count  uint8
	Left   uint8  // for-each: rounds still to resolve after the current one
	Source uint16 // index in the play area of the card using the ability (for a copy)
	Placed Dest   // on-acquire: where the acquired card (Card) was placed
}

// acquired is an acquisition whose on-acquire ability has yet to resolve (SR 7.1).
type acquired struct {
	Seat engine.Seat
	Card CardID
	Dest Dest
	// Upgraded: the card was upgraded by this acquisition, so the printed on-acquire ability
	// noted before the stickers went on resolves once more (SR 8.6 step 7).
	Upgraded bool
}

// opDiscardTarget is the second half of "opponent discards": the target picks its cards.
const opDiscardTarget Op = 200

// decision kinds.
const (
	decNone uint8 = iota
	decOption
	decCards
	decPlayer
)

// decision is a pending question; until it is answered only its answers are legal.
type decision struct {
	Kind   uint8
	Seat   engine.Seat // who answers
	Op     Op          // the effect that asks
	Left   uint16      // how many more cards may be chosen (a hand, for a discard at turn start)
	Must   uint16      // how many of those must be chosen
	May    bool        // "may": skip declines
	UpTo   bool        // "up to N": done ends it
	Zones  uint8
	NOpt   uint8       // options of a choose-one
	Target engine.Seat // the player who discards (Opponent discards)
	N      uint8       // cards to discard once the target is known
	eff    *Effect
}

// list returns the effects the frame is walking.
func (s *State) list(f *frame) Ability {
	ab := s.cat.Card(f.Card).Abilities[f.Slot]
	if f.Each {
		ab = ab[len(ab)-1].Then
	}
	if f.Opt > 0 {
		ab = ab[len(ab)-1].Options[f.Opt-1]
	}
	if f.Then {
		ab = ab[len(ab)-1].Then
	}
	return ab
}

// startAbility resolves the ability slot of card for seat. source is the play-area index of
// the card that uses it.
func (s *State) startAbility(seat engine.Seat, card CardID, slot Slot, source int) {
	s.frame = frame{Active: true, Seat: seat, Card: card, Slot: slot, Source: uint16(source)}
	if s.recording() {
		s.evTriggered(seat, card, slot)
	}
	s.run()
}

// run walks the frame until the ability ends or a decision must be asked. An on-acquire
// ability waiting in s.acq interrupts the frame (SR 7.1: it resolves once the card is placed
// and the Trade Row refilled); the interrupted ability goes on after it.
func (s *State) run() {
	for s.dec.Kind == decNone && !s.over {
		if s.acq.Card != 0 {
			s.startOnAcquire()
			continue
		}
		if !s.frame.Active {
			if !s.outer.Active {
				return
			}
			s.frame, s.outer = s.outer, frame{}
			continue
		}
		f := &s.frame
		ab := s.list(f)
		if int(f.PC) >= len(ab) {
			if f.Each && f.Left > 0 { // the next round of a for-each
				f.Left--
				f.Opt, f.Then, f.PC = 0, false, 0
				continue
			}
			if s.cat.info[f.Card].Sticker && f.Slot == s.cat.Card(f.Card).StickerOn {
				// An upgraded copy's action sticker resolves right after the ability it follows,
				// the Primary unless it says "ally:" or "scrap:" (SR 8.4).
				*f = frame{Active: true, Seat: f.Seat, Card: f.Card, Slot: Sticker, Source: f.Source}
				if s.recording() {
					s.evTriggered(f.Seat, f.Card, Sticker)
				}
				continue
			}
			f.Active = false
			continue
		}
		e := &ab[f.PC]
		f.PC++
		if s.recording() {
			s.big.rec.src = f.Card
		}
		s.exec(f.Seat, e)
		if s.dec.Kind != decNone {
			s.settle()
		}
	}
}

// amount is e.N times its count.
func (s *State) amount(seat engine.Seat, e *Effect) int {
	switch e.Per {
	case PerPlayed:
		n := 0
		for i := 0; i < numFactions; i++ {
			if e.PerFaction&(1<<i) != 0 {
				n += int(s.P[seat].Played[i])
			}
		}
		return e.N * n
	case PerThisWay:
		return e.N * int(s.frame.Count)
	case PerScrappedTurn:
		return e.N * int(s.P[seat].ScrappedTurn)
	}
	return e.N
}

// exec performs one effect, or opens the decision it needs.
func (s *State) exec(seat engine.Seat, e *Effect) {
	p := &s.P[seat]
	switch e.Op {
	case OpTrade:
		n := s.amount(seat, e)
		s.addPool(&p.Trade, n, faultTrade)
		if s.recording() {
			s.evStat(seat, "trade", n, s.big.rec.src)
		}
	case OpCombat:
		n := s.amount(seat, e)
		s.addPool(&p.Combat, n, faultCombat)
		if s.recording() {
			s.evStat(seat, "combat", n, s.big.rec.src)
		}
	case OpAuthority:
		n := s.amount(seat, e)
		s.addAuthority(seat, n)
		if s.recording() {
			s.evStat(s.holder(seat), "authority", n, s.big.rec.src)
		}
	case OpDraw, OpDrawDiscard:
		if e.May {
			// "may draw": a yes/no decision, choose 1 or skip (SR 7.2).
			s.dec = decision{Kind: decOption, Seat: seat, Op: e.Op, NOpt: 1, Left: 1, May: true, eff: e}
			return
		}
		s.draw(seat, s.amount(seat, e))
		if e.Op == OpDrawDiscard {
			n := uint16(min(e.Discard, int(p.HandN)))
			s.dec = decision{Kind: decCards, Seat: seat, Op: OpDiscard, Left: n, Must: n, Zones: ZoneHand, eff: e}
		}
	case OpNextShipTop:
		s.addCount(&p.NextShipTop, 1, faultGrants)
	case OpNextCardTop:
		s.addCount(&p.NextCardTop, 1, faultGrants)
	case OpNextCardHand:
		s.addCount(&p.NextCardHand, 1, faultGrants)
	case OpOpponentDiscards:
		s.dec = decision{Kind: decPlayer, Seat: seat, Op: e.Op, Left: 1, Must: 1, N: uint8(e.N), eff: e}
	case OpScrap, OpScrapRow, OpDiscard, OpDestroyBase, OpAcquireFree, OpCopyShip, OpCopyBase, OpAcquiredToHand:
		s.frame.Count = 0
		n := uint16(e.N)
		if !picksCards(e.Op) {
			n = 1
		}
		d := decision{Kind: decCards, Seat: seat, Op: e.Op, Left: n, Must: n, May: e.May, UpTo: e.UpTo, Zones: e.Zones, eff: e}
		if e.May || e.UpTo {
			d.Must = 0
		}
		s.dec = d
	case OpChooseOne:
		s.dec = decision{Kind: decOption, Seat: seat, Op: e.Op, NOpt: uint8(len(e.Options)), Left: 1, Must: 1, eff: e}
	case OpIf:
		if s.condition(seat, e) {
			s.frame.Then = true
			s.frame.PC = 0
		}
	case OpForEach:
		if n := s.amount(seat, e); n > 0 {
			s.frame.Each, s.frame.Left, s.frame.PC = true, uint8(n-1), 0
		}
	}
}

func (s *State) condition(seat engine.Seat, e *Effect) bool {
	switch e.Cond {
	case CondBases:
		return s.bases(seat) >= e.CondN
	case CondOpponentBases:
		// Any opponent in the game counts, targetable or not: the card says "an opponent".
		for t := 0; t < int(s.NSeats); t++ {
			ts := engine.Seat(t)
			if ts != seat && !s.P[t].Defeated && !s.teammates(seat, ts) && s.bases(ts) >= e.CondN {
				return true
			}
		}
	case CondPlayed:
		p := &s.P[seat]
		for i := 0; i < numFactions; i++ {
			if e.CondFaction&(1<<i) != 0 && p.Played[i] > 0 {
				return true
			}
		}
	}
	return false
}

// bases counts the bases in seat's play area.
func (s *State) bases(seat engine.Seat) int {
	n := 0
	for _, ip := range s.playArea(&s.P[seat]) {
		if s.cat.info[ip.Card].Kind == Base {
			n++
		}
	}
	return n
}

// settle takes the answers nobody needs to be asked for (scenario-format.md): a decision
// with nothing to choose ends; a mandatory one with a single distinct answer is answered.
func (s *State) settle() {
	var buf [64]engine.Action
	for s.dec.Kind != decNone {
		d := &s.dec
		if d.Left == 0 {
			s.endDecision()
			continue
		}
		answers := s.answers(buf[:0], false)
		switch {
		case len(answers) == 0:
			s.endDecision()
		case len(answers) == 1 && d.Must > 0:
			s.answer(answers[0])
		default:
			return
		}
	}
}

// endDecision closes the pending decision and lets the frame go on.
func (s *State) endDecision() {
	s.dec = decision{}
	if !s.frame.Active {
		s.turnStartDiscards()
	}
}

// answers appends the answers of the pending decision (without skip and done unless
// withWords) to buf.
func (s *State) answers(buf []engine.Action, withWords bool) []engine.Action {
	d := &s.dec
	switch d.Kind {
	case decOption:
		for i := 1; i <= int(d.NOpt); i++ {
			buf = append(buf, mkChooseOpt(i))
		}
	case decPlayer:
		for t := 0; t < int(s.NSeats); t++ {
			if s.canTarget(d.Seat, engine.Seat(t)) {
				buf = append(buf, mkChoosePlayer(engine.Seat(t)))
			}
		}
	case decCards:
		buf = s.cardAnswers(buf)
	}
	if withWords {
		if d.May && d.Left > 0 && !d.UpTo {
			buf = append(buf, mkWord(actSkip))
		}
		if d.UpTo {
			buf = append(buf, mkWord(actDone))
		}
	}
	return buf
}

// cardAnswers lists the cards a decCards decision may pick, each distinct answer once.
func (s *State) cardAnswers(buf []engine.Action) []engine.Action {
	d := &s.dec
	start := len(buf)
	add := func(a engine.Action) {
		for _, x := range buf[start:] {
			if x == a {
				return
			}
		}
		buf = append(buf, a)
	}
	p := &s.P[d.Seat]
	switch d.Op {
	case OpScrap, OpDiscard:
		both := d.Zones&ZoneHand != 0 && d.Zones&ZoneDiscard != 0
		if d.Zones&ZoneHand != 0 {
			for _, c := range s.hand(p) {
				add(mkChooseCard(c, zHand, 0, both))
			}
		}
		if d.Zones&ZoneDiscard != 0 {
			for _, c := range s.discard(p) {
				add(mkChooseCard(c, zDiscard, 0, both))
			}
		}
	case opGift:
		for _, c := range s.hand(p) {
			add(mkChooseCard(c, zHand, 0, true))
		}
		for _, c := range s.deck(p) {
			add(mkChooseCard(c, zDeck, 0, true))
		}
		for _, c := range s.discard(p) {
			add(mkChooseCard(c, zDiscard, 0, true))
		}
	case opDiscardTarget:
		for _, c := range s.hand(&s.P[d.Target]) {
			add(mkChooseCard(c, zHand, 0, false))
		}
	case OpScrapRow:
		for _, c := range s.Row {
			if c != 0 {
				add(mkChooseCard(c, zRow, 0, false))
			}
		}
	case OpAcquireFree:
		e := d.eff
		for _, c := range s.Row {
			if c == 0 {
				continue
			}
			card := s.cat.Card(c)
			if (e.Kind >= 0 && int(card.Kind) != e.Kind) || (e.MaxCost >= 0 && card.Cost > e.MaxCost) {
				continue
			}
			add(mkChooseCard(c, zRow, 0, false))
			if s.cat.book != nil {
				buf = s.upgradeActions(d.Seat, c, p.Trade, buf, func(r int) engine.Action { return mk(actChooseCard, c, zRow, 0, (r+1)<<1) })
			}
		}
	case OpDestroyBase:
		for t := 0; t < int(s.NSeats); t++ {
			ts := engine.Seat(t)
			if !s.canTargetBases(d.Seat, ts) {
				continue
			}
			for _, ip := range s.playArea(&s.P[t]) {
				if s.baseTargetableCard(ts, ip.Card) {
					add(mkChooseCard(ip.Card, zPlay, ts, true))
				}
			}
		}
	case OpCopyShip:
		src := int(s.frame.Source)
		pl := s.playArea(p)
		for i := range pl {
			if i == src {
				continue
			}
			ip := &pl[i]
			if _, ok := s.copyable(ip, Ship); ok {
				add(mkChooseCard(ip.Card, zPlay, 0, false))
			}
		}
	case OpCopyBase:
		src := int(s.frame.Source)
		for t := 0; t < int(s.NSeats); t++ {
			tp := s.playArea(&s.P[t])
			for i := range tp {
				if t == int(d.Seat) && i == src {
					continue
				}
				if _, ok := s.copyable(&tp[i], Base); ok {
					add(mkChooseCard(tp[i].Card, zPlay, engine.Seat(t), true))
				}
			}
		}
	case OpAcquiredToHand:
		switch s.frame.Placed {
		case ToDiscard:
			if p.DiscN > 0 && s.discard(p)[0] == s.frame.Card {
				add(mkChooseCard(s.frame.Card, zDiscard, 0, false))
			}
		case ToDeckTop:
			if p.DeckN > 0 && s.deck(p)[p.DeckN-1] == s.frame.Card {
				add(mkChooseCard(s.frame.Card, zNone, 0, false))
			}
		}
	}
	return buf
}

// copyable reports whether a card in play is of the kind a copier may copy (ships for
// Stealth Needle, bases for Stealth Tower), and what the copy becomes: a copier that has
// copied something passes on what it copied; one that has not cannot be copied (SR 4.14).
func (s *State) copyable(ip *inPlay, kind Kind) (CardID, bool) {
	c := s.cat.Card(ip.Card)
	if c.Kind != kind {
		return 0, false
	}
	if ip.Copy != 0 {
		return ip.Copy, true
	}
	if isCopier(c) {
		return 0, false
	}
	return ip.Card, true
}

func isCopier(c *Card) bool {
	ab := c.Abilities[Primary]
	for _, e := range ab {
		if e.Op == OpCopyShip || e.Op == OpCopyBase {
			return true
		}
	}
	return false
}

// answer applies one answer (a choose, skip or done action) to the pending decision.
func (s *State) answer(a engine.Action) {
	d := &s.dec
	if s.recording() {
		s.evChose(a)
	}
	if d.Op == opGift {
		if kindOf(a) == actChooseCard {
			s.gift(a)
		} else {
			s.finishGift()
		}
		return
	}
	switch kindOf(a) {
	case actSkip, actDone:
		s.endDecision()
		s.run()
		return
	case actChooseOpt:
		opt := nOf(a)
		if d.Op == OpDraw || d.Op == OpDrawDiscard {
			// Yes to a "may draw": the effect without "may".
			e, seat := &d.eff.Options[0][0], d.Seat
			s.endDecision()
			s.exec(seat, e)
			s.settle()
			s.run()
			return
		}
		s.endDecision()
		// The choose-one is the last effect of its ability (the language allows it nowhere
		// else): step into the option.
		s.frame.Opt = uint8(opt)
		s.frame.PC = 0
		s.run()
		return
	case actChoosePlayer:
		t := seatOf(a)
		if d.Op == OpOpponentDiscards && s.opts.DiscardAtTurnStart {
			// SR 4.13's digital habit: the target discards when its next turn starts.
			s.addCount(&s.P[t].PendingDiscard, int(d.N), faultDiscards)
			s.endDecision()
			s.run()
			return
		}
		if d.Op == OpOpponentDiscards {
			n := min(int(d.N), int(s.P[t].HandN))
			s.dec = decision{Kind: decCards, Seat: t, Op: opDiscardTarget, Target: t, Left: uint16(n), Must: uint16(n)}
			s.settle()
			s.run()
			return
		}
	case actChooseCard:
		if d.Op == OpCopyShip {
			s.copyShip(cardOf(a))
			s.run()
			return
		}
		if d.Op == OpCopyBase {
			s.copyBase(seatOf(a), cardOf(a))
			s.run()
			return
		}
		s.pick(a)
		d.Left--
		if d.Must > 0 {
			d.Must--
		}
		s.frame.Count++
		s.settle()
		s.run()
		return
	}
}

// pick carries out the card chosen by a decCards answer.
func (s *State) pick(a engine.Action) {
	d := &s.dec
	c := cardOf(a)
	seat := d.Seat
	switch d.Op {
	case OpScrap:
		from := zoneHand
		if zoneOf(a) == zDiscard {
			s.takeFromDiscard(seat, c)
			from = zoneDiscard
		} else {
			s.takeFromHand(seat, c)
		}
		s.scrap(c)
		if s.recording() {
			s.evMove(seat, c, from, s.scrapZone(c), 0)
		}
		s.addCount(&s.P[seat].ScrappedTurn, 1, faultScrapped) // SR 4.15-style count (The Incinerator)
	case OpDiscard, opDiscardTarget:
		s.takeFromHand(seat, c)
		s.toDiscard(seat, c)
		if s.recording() {
			s.evMove(seat, c, zoneHand, zoneDiscard, 0)
		}
	case OpScrapRow:
		i := s.rowIndex(c)
		s.Row[i] = 0
		s.scrap(c)
		if s.recording() {
			s.evMove(engine.Spectator, c, zoneTradeRow, s.scrapZone(c), 0)
		}
		s.refillRow()
	case OpAcquireFree:
		i := s.rowIndex(c)
		s.Row[i] = 0
		r := nOf(a) >> 1
		if r > 0 { // SR 8.3: a free acquisition may be upgraded too, for its Trade
			c = s.upgrade(seat, c, r-1)
		}
		dest := d.eff.Dest
		if dest == ToDiscard {
			dest = s.redirect(seat, c)
		}
		s.place(seat, c, dest)
		if s.recording() {
			s.evMove(seat, c, zoneTradeRow, destZone(dest), 0)
		}
		s.refillRow()
		if !s.over {
			s.acq = acquired{Seat: seat, Card: c, Dest: dest, Upgraded: r > 0}
		}
	case OpAcquiredToHand:
		from := zoneDiscard
		if s.frame.Placed == ToDeckTop {
			s.P[seat].DeckN--
			from = zoneDeck
		} else {
			s.takeFromDiscard(seat, c)
		}
		s.toHand(seat, c)
		if s.recording() {
			s.evMove(seat, c, from, zoneHand, 0)
		}
	case OpDestroyBase:
		owner := seatOf(a)
		i := s.playIndex(owner, c, func(i int) bool { return s.baseTargetable(owner, i) })
		s.destroyBase(owner, i)
	}
}

// copyShip makes the card using the current ability a copy of the chosen ship (SR 4.14) and
// resolves the copied Primary as its own.
func (s *State) copyShip(c CardID) {
	seat := s.dec.Seat
	p := &s.P[seat]
	src := int(s.frame.Source)
	pl := s.playArea(p)
	i := s.playIndex(seat, c, func(i int) bool { _, ok := s.copyable(&pl[i], Ship); return ok && i != src })
	target, _ := s.copyable(&pl[i], Ship)
	pl[src].Copy = target
	s.endDecision()
	s.frame = frame{Active: true, Seat: seat, Card: target, Slot: Primary, Source: uint16(src)}
	if s.recording() {
		s.evTriggered(seat, target, Primary)
	}
}

// copyBase makes the base using the current ability (Stealth Tower) a copy of owner's base
// c until the end of the turn, and resolves the copied Primary at once (SR 4.14).
func (s *State) copyBase(owner engine.Seat, c CardID) {
	seat := s.dec.Seat
	src := int(s.frame.Source)
	op := s.playArea(&s.P[owner])
	i := s.playIndex(owner, c, func(i int) bool {
		_, ok := s.copyable(&op[i], Base)
		return ok && (owner != seat || i != src)
	})
	target, _ := s.copyable(&op[i], Base)
	s.playArea(&s.P[seat])[src].Copy = target
	s.endDecision()
	s.frame = frame{Active: true, Seat: seat, Card: target, Slot: Primary, Source: uint16(src)}
	if s.recording() {
		s.evTriggered(seat, target, Primary)
	}
}

// redirect says where a card acquired without a named destination goes, using up one of the
// player's "next ship (or base) acquired this turn" grants (SR 4.16). A ship takes a
// ship-only grant first, so that a ship-or-base grant stays for a later base; between the
// ship-or-base grants, "into hand" goes before "on top of deck" (docs/decisions.md).
func (s *State) redirect(seat engine.Seat, c CardID) Dest {
	p := &s.P[seat]
	ship := s.cat.Card(c).Kind == Ship
	switch {
	case ship && p.NextShipTop > 0:
		p.NextShipTop--
		return ToDeckTop
	case p.NextCardHand > 0:
		p.NextCardHand--
		return ToHand
	case p.NextCardTop > 0:
		p.NextCardTop--
		return ToDeckTop
	}
	return ToDiscard
}

// acquire places a card just taken from the Trade Row or the Explorer pile (and upgraded,
// if upgraded says so), refills the Trade Row and resolves the card's on-acquire ability
// (SR 5.1, 4.16, 7.1, 8.6): the hook of buy.
func (s *State) acquire(seat engine.Seat, c CardID, upgraded bool) {
	dest := s.redirect(seat, c)
	s.place(seat, c, dest)
	if s.recording() {
		s.evMove(seat, c, s.big.rec.from, destZone(dest), 0)
	}
	s.refillRow()
	if !s.over { // a political victory (SR 8.7) ends the game at the upgrade
		s.acq = acquired{Seat: seat, Card: c, Dest: dest, Upgraded: upgraded}
	}
	s.run()
}

// startOnAcquire resolves the on-acquire ability of the card in s.acq, setting aside the
// ability that acquired it (if any) until it ends.
func (s *State) startOnAcquire() {
	a := s.acq
	s.acq = acquired{}
	card := s.cat.Card(a.Card)
	if len(card.Abilities[OnAcquire]) == 0 || (card.Base != 0 && !a.Upgraded) {
		// An upgraded copy has lost its printed on-acquire ability (SR 8.6).
		return
	}
	if s.frame.Active {
		s.outer = s.frame
	}
	s.frame = frame{Active: true, Seat: a.Seat, Card: a.Card, Slot: OnAcquire, Placed: a.Dest}
	if s.recording() {
		s.evTriggered(a.Seat, a.Card, OnAcquire)
	}
}

// shipTrigger fires the "whenever you play a [FACTION] ship" trigger of the card in play ip
// for the ship just played (Fleet HQ, Command Center). A copy has the copied card's trigger.
func (s *State) shipTrigger(seat engine.Seat, ip *inPlay, ship *Card) {
	card := s.abilityCard(ip)
	tr := card.Abilities[OnPlayShip]
	if len(tr) == 0 || (card.TriggerFaction != 0 && card.TriggerFaction&ship.Faction == 0) {
		return
	}
	if s.recording() {
		id := ip.Card
		if ip.Copy != 0 {
			id = ip.Copy
		}
		s.evTriggered(seat, id, OnPlayShip)
	}
	for j := range tr {
		s.exec(seat, &tr[j])
	}
}

// place puts an acquired card where it goes.
func (s *State) place(seat engine.Seat, c CardID, dest Dest) {
	switch dest {
	case ToDeckTop:
		s.toDeckTop(seat, c)
	case ToHand:
		s.toHand(seat, c)
	default:
		s.toDiscard(seat, c)
	}
}

// destroyBase sends the base at index i of owner's play area to its owner's discard pile
// (SR 6.2, 6.5).
func (s *State) destroyBase(owner engine.Seat, i int) {
	b := s.removeFromPlay(owner, i)
	s.toDiscard(owner, b.Card)
	if s.recording() {
		s.evDestroyed(owner, b.Card)
	}
}
