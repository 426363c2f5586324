package realms

import (
	"fmt"
	"strings"

	"starnexus/engine"
	"starnexus/i18n/msg"
)

// toMove is the first seat that may act now, or -1 once the game is over.
func (s *State) toMove() engine.Seat {
	if s.over {
		return -1
	}
	if s.dec.Kind != decNone {
		return s.dec.Seat
	}
	if s.Fmt == fmtHydra {
		for i := 0; i < int(s.NSeats); i++ {
			if s.canAct(engine.Seat(i)) {
				return engine.Seat(i)
			}
		}
	}
	return s.Active
}

// ToMove implements engine.State: one seat, or every teammate still acting in a Hydra team
// turn (SR 10.4).
func (s *State) ToMove(buf []engine.Seat) []engine.Seat {
	if s.over {
		return buf
	}
	if s.dec.Kind != decNone || s.Fmt != fmtHydra {
		return append(buf, s.toMove())
	}
	for i := 0; i < int(s.NSeats); i++ {
		if s.canAct(engine.Seat(i)) {
			buf = append(buf, engine.Seat(i))
		}
	}
	return buf
}

// Pending reports whether a decision is waiting for an answer.
func (s *State) Pending() bool { return s.dec.Kind != decNone }

// abilityCard is the card whose Ally and Scrap abilities a card in play has: the copied
// card for a copy (SR 4.14).
func (s *State) abilityCard(ip *inPlay) *Card {
	if ip.Copy != 0 {
		return s.cat.Card(ip.Copy)
	}
	return s.cat.Card(ip.Card)
}

// allyReady reports whether the Ally ability of the card at index i of seat's play area can
// be used (SR 4.8).
func (s *State) allyReady(seat engine.Seat, i int) bool {
	return allyReadyIn(&s.cat.info, s.playArea(&s.P[seat]), i)
}

// allyReadyIn is allyReady for the play area pl.
func allyReadyIn(info *[256]cardInfo, pl []inPlay, i int) bool {
	ip := &pl[i]
	if ip.Flags&allyUnlocked != 0 {
		return true
	}
	src := ip.Card
	if ip.Copy != 0 {
		src = ip.Copy
	}
	want := info[src].AllyFac // SR 4.8: the other card must really have this faction
	for j := range pl {
		if j == i {
			continue
		}
		o := &pl[j]
		oi := &info[o.Card]
		if oi.Faction&want != 0 || oi.AllyAll {
			return true
		}
		if o.Copy != 0 && (info[o.Copy].Faction&want != 0 || info[o.Copy].AllyAll) {
			return true
		}
	}
	return false
}

// canUse reports whether the ability slot of the card at index i of seat's play area may be
// used now.
func (s *State) canUse(seat engine.Seat, i int, slot Slot) bool {
	ip := &s.playArea(&s.P[seat])[i]
	switch slot {
	case Primary:
		c := s.cat.Card(ip.Card)
		return c.Kind == Base && ip.Flags&usedPrimary == 0 && c.has(Primary)
	case Ally:
		return ip.Flags&usedAlly == 0 && s.abilityCard(ip).has(Ally) && s.allyReady(seat, i)
	case ScrapSlot:
		return ip.Flags&usedScrap == 0 && s.abilityCard(ip).has(ScrapSlot)
	}
	return false
}

// Legal implements engine.State.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.canAct(seat) {
		return buf
	}
	if s.dec.Kind != decNone {
		return s.answers(buf, true)
	}
	p := &s.P[seat]
	var seen [4]uint64
	for _, c := range s.hand(p) {
		if seen[c>>6]&(1<<(c&63)) == 0 {
			seen[c>>6] |= 1 << (c & 63)
			buf = append(buf, mkPlay(c))
		}
	}
	start := len(buf)
	pl := s.playArea(p)
	for i := range pl {
		buf = s.usable(pl, i, buf, start)
	}
	seen = [4]uint64{}
	for _, c := range s.Row {
		if c != 0 && seen[c>>6]&(1<<(c&63)) == 0 && s.cat.info[c].Cost <= p.Trade {
			seen[c>>6] |= 1 << (c & 63)
			buf = append(buf, mkBuy(c))
			if s.cat.book != nil {
				buf = s.upgradeActions(seat, c, p.Trade-s.cat.info[c].Cost, buf, func(r int) engine.Action { return mk(actBuy, c, 0, 0, r+1) })
			}
		}
	}
	if s.Explorers > 0 && s.cat.info[s.cat.Explorer].Cost <= p.Trade {
		buf = append(buf, mkBuy(s.cat.Explorer))
	}
	if p.Combat > 0 {
		buf = s.attackActions(seat, buf)
	}
	if s.Fmt == fmtHydra {
		buf = s.giveActions(seat, buf)
	}
	if s.Fmt == fmtEmperor && p.Trade > 0 {
		buf = s.passActions(seat, buf)
	}
	return append(buf, mkWord(actEnd))
}

func contains(list []engine.Action, a engine.Action) bool {
	for _, x := range list {
		if x == a {
			return true
		}
	}
	return false
}

// Apply implements engine.State.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	var buf [128]engine.Action
	legal := s.Legal(seat, buf[:0])
	if !contains(legal, a) {
		reason, why := s.whyIllegal(seat, a)
		return &engine.IllegalError{Action: s.ActionText(seat, a), Reason: reason, Why: why}
	}
	s.ApplyTrusted(seat, a)
	return nil
}

// ApplyTrusted implements engine.State.
func (s *State) ApplyTrusted(seat engine.Seat, a engine.Action) {
	wasOver := s.over
	if s.dec.Kind != decNone {
		s.answer(a)
	} else {
		switch kindOf(a) {
		case actPlay:
			s.play(seat, cardOf(a))
		case actUse:
			s.use(seat, cardOf(a), Slot(zoneOf(a)))
		case actBuy:
			s.buy(seat, cardOf(a), nOf(a))
		case actAttackPlayer:
			s.attackPlayer(seat, seatOf(a), nOf(a))
		case actAttackBase:
			s.attackBase(seat, seatOf(a), cardOf(a), nOf(a))
		case actGive:
			s.give(seat, seatOf(a), zoneOf(a), nOf(a))
		case actPass:
			s.P[seat].Trade--
			s.takeFromDiscard(seat, cardOf(a))
			s.toDiscard(seatOf(a), cardOf(a))
			if s.recording() {
				s.evStat(seat, "trade", -1, 0)
				s.evGiven(seat, seatOf(a), cardOf(a), zoneDiscard)
			}
		case actEnd:
			s.end(seat)
		}
	}
	if s.over && !wasOver && s.recording() {
		s.evGameOver()
	}
}

// play puts a card from hand into play (SR 4.1, 4.2).
func (s *State) play(seat engine.Seat, c CardID) {
	s.takeFromHand(seat, c)
	p := &s.P[seat]
	card := s.cat.Card(c)
	idx := int(p.PlayN)
	if p.big&bigPlay == 0 && idx < maxPlay {
		p.Play[idx] = inPlay{Card: c, Flags: playedNow}
		p.PlayN++
	} else {
		s.toPlay(seat, inPlay{Card: c, Flags: playedNow})
	}
	for i := 0; i < numFactions; i++ {
		if card.Faction&(1<<i) != 0 {
			p.Played[i]++
		}
	}
	if s.recording() {
		s.evMove(seat, c, zoneHand, zoneInPlay, 0)
	}
	if card.Kind != Ship {
		return
	}
	// Triggers of cards already in play ("whenever you play a [FACTION] ship": Fleet HQ,
	// Command Center).
	pl := s.playArea(p) // triggers put no card into play
	for i := 0; i < idx; i++ {
		s.shipTrigger(seat, &pl[i], card)
	}
	pl[idx].Flags |= usedPrimary
	s.startAbility(seat, c, Primary, idx)
}

// use uses an ability of a card in play (SR 4.3, 4.8, 4.10).
func (s *State) use(seat engine.Seat, c CardID, slot Slot) {
	i := s.playIndex(seat, c, func(i int) bool { return s.canUse(seat, i, slot) })
	p := &s.P[seat]
	ip := &s.playArea(p)[i]
	src := ip.Card
	if ip.Copy != 0 && slot != Primary {
		src = ip.Copy
	}
	switch slot {
	case Primary:
		ip.Flags |= usedPrimary
	case Ally:
		ip.Flags |= usedAlly
	case ScrapSlot:
		// SR 4.8: Ally abilities that are ready stay ready after this card leaves.
		for j := range s.playArea(p) {
			if j != i && s.allyReady(seat, j) {
				s.playArea(p)[j].Flags |= allyUnlocked
			}
		}
		gone := s.removeFromPlay(seat, i)
		s.scrap(gone.Card)
		if s.recording() {
			s.evMove(seat, gone.Card, zoneInPlay, s.scrapZone(gone.Card), 0)
		}
		s.startAbility(seat, src, slot, 0)
		return
	}
	s.startAbility(seat, src, slot, i)
}

// buy acquires a card from the Trade Row or the Explorer pile by paying its cost (SR 5.1);
// r > 0 upgrades it with book row r-1 on the way (SR 8.6).
func (s *State) buy(seat engine.Seat, c CardID, r int) {
	p := &s.P[seat]
	card := s.cat.Card(c)
	p.Trade -= int16(card.Cost)
	from := zoneTradeRow
	if c == s.cat.Explorer && s.rowIndex(c) < 0 {
		s.Explorers--
		from = zoneExplorers
	} else {
		s.Row[s.rowIndex(c)] = 0
	}
	if s.recording() {
		s.evStat(seat, "trade", -card.Cost, 0)
		s.big.rec.from = from
	}
	if r > 0 {
		c = s.upgrade(seat, c, r-1)
	}
	s.acquire(seat, c, r > 0) // redirects (SR 4.16), refill, on-acquire (SR 7.1)
}

// attackPlayer spends n Combat on target's authority (SR 6.3).
func (s *State) attackPlayer(seat, target engine.Seat, n int) {
	s.P[seat].Combat -= int16(n)
	s.addAuthority(target, -n)
	if s.recording() {
		s.evAttack(seat, target, 0, n)
		s.evStat(s.holder(target), "authority", -n, 0)
	}
	if s.authority(target) <= 0 {
		s.defeat(target)
	}
}

// end ends seat's main phase. In a Hydra team turn the team discards and draws together
// once its last player has ended (SR 10.4).
func (s *State) end(seat engine.Seat) {
	if s.Fmt != fmtHydra {
		s.cleanUp(seat)
		s.Turns++
		s.advance()
		return
	}
	s.Ended |= 1 << seat
	for i := 0; i < int(s.NSeats); i++ {
		if s.canAct(engine.Seat(i)) {
			return
		}
	}
	for i := 0; i < int(s.NSeats); i++ {
		if s.Ended&(1<<i) != 0 {
			s.cleanUp(engine.Seat(i))
		}
	}
	s.Ended = 0
	s.Turns++
	s.advance()
}

// cleanUp runs seat's discard and draw phases (SR 3.3, 3.4).
func (s *State) cleanUp(seat engine.Seat) {
	p := &s.P[seat]
	if s.recording() {
		s.evCleanUp(seat)
	}
	p.Trade, p.Combat, p.NextShipTop = 0, 0, 0
	p.NextCardTop, p.NextCardHand, p.ScrappedTurn = 0, 0, 0
	p.Played = [numFactions]uint8{}
	// Room for every card that may go to the discard pile, made once, so that the loops
	// below write to the pile without a call.
	own := s.ownBuf(p)
	if need := int(p.DeckN) + int(p.DiscN) + int(p.PlayN) + int(p.HandN); need > len(own) {
		own = s.growOwn(seat, need)
	}
	kept := 0
	pl := s.playArea(p)
	for i := range pl {
		ip := pl[i]
		if s.cat.Card(ip.Card).Kind == Ship {
			p.DiscN++
			own[len(own)-int(p.DiscN)] = ip.Card
			continue
		}
		pl[kept] = inPlay{Card: ip.Card, Dmg: ip.Dmg}
		kept++
	}
	clear(pl[kept:])
	p.PlayN = uint16(kept)
	for _, c := range s.hand(p) {
		p.DiscN++
		own[len(own)-int(p.DiscN)] = c
	}
	p.HandN = 0
	s.draw(seat, s.handSize(seat))
}

// advance starts the next turn: the next living seat, or in Hydra the other team, counting
// rounds (SR 3.1, 9.5).
func (s *State) advance() {
	n := int(s.NSeats)
	next := int(s.Active)
	for k := 0; k < n; k++ {
		next = (next + 1) % n
		if next == int(s.RoundFirst) {
			s.Rounds++
		}
		if s.P[next].Defeated {
			continue
		}
		if s.Fmt == fmtHydra && s.Team[next] == s.Team[s.Active] {
			continue
		}
		break
	}
	s.Active = engine.Seat(next)
	if max := s.maxRounds(); int(s.Rounds) >= max {
		s.over = true
		return
	}
	if s.Role[next] == roleBoss {
		// SR 10.6: damage to the Boss's bases lasts until the start of the Boss's turn.
		pl := s.playArea(&s.P[next])
		for i := range pl {
			pl[i].Dmg = 0
		}
	}
	if s.recording() {
		s.evTurn()
	}
	s.turnStart()
	s.turnStartDiscards()
}

// turnStartDiscards asks a player whose turn is under way to make the discards owed to an
// earlier "opponent discards" (the discard_at_turn_start option, SR 4.13).
func (s *State) turnStartDiscards() {
	if s.over || s.dec.Kind != decNone {
		return
	}
	for i := 0; i < int(s.NSeats); i++ {
		seat := engine.Seat(i)
		p := &s.P[i]
		if p.PendingDiscard == 0 || !s.canAct(seat) {
			continue
		}
		n := min(int(p.PendingDiscard), int(p.HandN))
		p.PendingDiscard = 0
		if n == 0 {
			continue
		}
		s.dec = decision{Kind: decCards, Seat: seat, Op: opDiscardTarget, Target: seat, Left: uint16(n), Must: uint16(n)}
		s.settle()
		return
	}
}

func (s *State) maxRounds() int {
	if s.opts.MaxRounds > 0 {
		return s.opts.MaxRounds
	}
	return 100
}

// whyIllegal explains why a refused action is not legal now: in English, and as a message of
// the catalogs (ids refuse.realms.*, i18n/en/refusals-realms.json) that the English catalog
// renders as the same text, without the list of legal actions that some English reasons
// append (the edges list legal actions their own way).
func (s *State) whyIllegal(seat engine.Seat, a engine.Action) (string, msg.Msg) {
	w := s.refusal(seat, a)
	if w.legal {
		return w.text + "; legal: " + s.legalTexts(seat), w.msg
	}
	return w.text, w.msg
}

// reason is why an action is refused: its English text and its message.
type reason struct {
	text  string
	msg   msg.Msg
	legal bool // the English text goes on with the list of legal actions
}

// because is a reason with its English text and the message id refuse.realms.CODE.
func because(text, code string, kv ...any) reason {
	return reason{text: text, msg: msg.M("refuse.realms."+code, kv...)}
}

// refusal is why a refused action is not legal now. Its arguments are the English text's:
// card names (rendered in the reader's language by the catalogs), seat names, numbers and
// select words, never hidden information.
func (s *State) refusal(seat engine.Seat, a engine.Action) reason {
	if s.over {
		return because("the game is over", "over")
	}
	if seat < 0 || int(seat) >= int(s.NSeats) {
		return because("no such seat", "no_seat")
	}
	if t := s.toMove(); !s.canAct(seat) {
		who := s.SeatName(t)
		if s.dec.Kind != decNone {
			return because(fmt.Sprintf("%s must answer a decision first", who), "must_answer", "player", who)
		}
		if s.Fmt == fmtHydra && s.teammates(seat, s.Active) {
			return because("you have ended your main phase; your teammates are still playing", "teammates_playing")
		}
		return because(fmt.Sprintf("it is %s's turn", who), "not_your_turn", "player", who)
	}
	if c := cardOf(a); int(c) > s.cat.NumIDs() || kindOf(a) < actEnd || kindOf(a) > actPass ||
		int(seatOf(a)) >= int(s.NSeats) || (c == 0 && (kindOf(a) == actPlay || kindOf(a) == actUse || kindOf(a) == actBuy || kindOf(a) == actAttackBase || kindOf(a) == actChooseCard)) {
		w := because("not an action of this game", "not_an_action")
		w.legal = true
		return w
	}
	if s.dec.Kind != decNone {
		var prompt msg.Msg
		if d, ok := s.DescribeDecision(seat); ok {
			prompt = d.Prompt
		}
		w := because(fmt.Sprintf("a decision is pending (%s)", s.DecisionPrompt()), "decision_pending", "prompt", prompt)
		w.legal = true
		return w
	}
	w := s.refusalNow(seat, a)
	w.legal = true
	return w
}

// refusalNow is why a refused action is not legal in the seat's own turn, no decision pending.
func (s *State) refusalNow(seat engine.Seat, a engine.Action) reason {
	p := &s.P[seat]
	c := cardOf(a)
	name := "" // the card's name; only a pass may name card 0 here (refusal)
	if c != 0 {
		name = s.cat.Card(c).Name
	}
	switch kindOf(a) {
	case actChooseOpt, actChooseCard, actChoosePlayer, actSkip, actDone:
		return because("there is no decision to answer", "no_decision")
	case actPlay:
		return because(fmt.Sprintf("%s is not in your hand", name), "not_in_hand", "card", name)
	case actUse:
		slot := Slot(zoneOf(a))
		i := s.playIndex(seat, c, nil)
		card := s.cat.Card(c)
		switch {
		case slot > ScrapSlot:
			return because("only primary, ally and scrap abilities are used", "use_slot")
		case i < 0:
			return because(fmt.Sprintf("%s is not in your play area", name), "not_in_play", "card", name)
		case slot == Primary && card.Kind == Ship:
			return because("a ship's Primary ability happens when it is played", "ship_primary")
		case slot == Ally && s.abilityCard(&s.playArea(p)[i]).has(Ally) && !s.allyReady(seat, i):
			return because(fmt.Sprintf("%s has no ally in play", name), "no_ally", "card", name)
		case !s.abilityCard(&s.playArea(p)[i]).has(slot):
			return because(fmt.Sprintf("%s has no %s ability", name, slot), "no_ability", "card", name, "slot", slot.String())
		default:
			return because(fmt.Sprintf("the %s ability of %s was already used this turn", slot, name), "ability_used", "card", name, "slot", slot.String())
		}
	case actBuy:
		card := s.cat.Card(c)
		r := nOf(a)
		switch {
		case r > 0 && s.cat.book == nil:
			return because("this game has no campaign, so no upgrades (SR 8.3)", "no_campaign")
		case r > 0 && r > len(s.cat.book.rows):
			return because("no such sticker row", "no_sticker_row")
		case r > 0 && int(card.Cost) <= int(p.Trade) && (s.rowIndex(c) >= 0 || c == s.cat.Explorer):
			return s.whyNoUpgrade(seat, c, r-1, p.Trade-int16(card.Cost))
		case c == s.cat.Explorer && s.Explorers == 0:
			return because("the Explorer pile is empty", "no_explorer")
		case c != s.cat.Explorer && s.rowIndex(c) < 0:
			return because(fmt.Sprintf("%s is not in the Trade Row", name), "not_in_row", "card", name)
		default:
			return because(fmt.Sprintf("%s costs %d and you have %d Trade", name, card.Cost, p.Trade),
				"cost", "card", name, "cost", card.Cost, "trade", int(p.Trade))
		}
	case actGive:
		t := seatOf(a)
		who := s.SeatName(t)
		switch {
		case s.Fmt != fmtHydra:
			return because("only Hydra teammates give Trade or Combat (SR 10.4)", "give_hydra")
		case !s.teammates(seat, t):
			return because(fmt.Sprintf("%s is not your teammate", who), "not_teammate", "player", who)
		case !s.canAct(t):
			return because(fmt.Sprintf("%s has ended their turn", who), "turn_ended", "player", who)
		default:
			return because(fmt.Sprintf("you have %d Trade and %d Combat", p.Trade, p.Combat),
				"give_pools", "trade", int(p.Trade), "combat", int(p.Combat))
		}
	case actPass:
		t := seatOf(a)
		who := s.SeatName(t)
		switch {
		case s.Fmt != fmtEmperor:
			return because("only Emperor teammates pass cards (SR 10.5)", "pass_emperor")
		case !s.canReceivePass(seat, t):
			return because(fmt.Sprintf("%s cannot receive a card from you", who), "pass_receiver", "player", who)
		case p.Trade < 1:
			return because("passing a card costs 1 Trade", "pass_cost")
		case c == 0:
			return because("not an action of this game", "not_an_action")
		default:
			return because(fmt.Sprintf("%s is not in your discard pile", name), "not_in_discard", "card", name)
		}
	case actAttackPlayer, actAttackBase:
		t := seatOf(a)
		who := s.SeatName(t)
		switch {
		case kindOf(a) == actAttackBase && !s.canTargetBases(seat, t):
			return because(fmt.Sprintf("you may not attack %s's bases in this format", who), "attack_bases_format", "player", who)
		case kindOf(a) == actAttackPlayer && !s.canTarget(seat, t):
			return because(fmt.Sprintf("you may not attack %s in this format", who), "attack_format", "player", who)
		case kindOf(a) == actAttackPlayer && s.protected(t):
			return because(fmt.Sprintf("%s has an outpost in play (SR 6.4)", who), "outpost", "player", who)
		case kindOf(a) == actAttackPlayer:
			return because(fmt.Sprintf("you have %d Combat", p.Combat), "combat", "combat", int(p.Combat))
		case s.playIndex(t, c, nil) < 0:
			return because(fmt.Sprintf("%s has no %s in play", who, name), "no_base", "player", who, "card", name)
		case s.playIndex(t, c, func(i int) bool { return s.baseTargetable(t, i) }) < 0:
			return because(fmt.Sprintf("%s has an outpost in play: attack the outposts first (SR 6.4)", who), "outposts_first", "player", who)
		default:
			card := s.cat.Card(c)
			return because(fmt.Sprintf("%s has defense %d and you have %d Combat", name, card.Defense, p.Combat),
				"defense", "card", name, "defense", card.Defense, "combat", int(p.Combat))
		}
	}
	return because("not possible now", "not_now")
}

func (s *State) legalTexts(seat engine.Seat) string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionText(seat, a))
	}
	return strings.Join(compactAttacks(out), ", ")
}

// compactAttacks shortens "attack Bob 1, attack Bob 2, ..., attack Bob 9" in messages.
func compactAttacks(texts []string) []string {
	var out []string
	for i := 0; i < len(texts); i++ {
		t := texts[i]
		if strings.HasPrefix(t, "attack ") && strings.HasSuffix(t, " 1") {
			j := i
			prefix := strings.TrimSuffix(t, "1")
			for j+1 < len(texts) && texts[j+1] == fmt.Sprintf("%s%d", prefix, j+2-i) {
				j++
			}
			if j > i {
				out = append(out, fmt.Sprintf("%s1..%d", prefix, j-i+1))
				i = j
				continue
			}
		}
		out = append(out, t)
	}
	return out
}
