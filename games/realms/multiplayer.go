package realms

import "starnexus/engine"

// Actions of the multiplayer formats (SR 10): transfers, passes, Raid base damage, and what
// happens when a player is defeated.
const (
	actGive = actDone + 1 + iota
	actPass
)

// Pools named by give actions.
const (
	poolTrade  = 0
	poolCombat = 1
)

// zDeck is the deck, named only by a defeated player's gift.
const zDeck = 5

// opGift is the decision of a defeated Admiral or Elite who may give a card (SR 10.5, 10.6).
const opGift Op = 201

func mkGive(to engine.Seat, pool, n int) engine.Action { return mk(actGive, 0, pool, to, n) }
func mkPass(c CardID, to engine.Seat) engine.Action    { return mk(actPass, c, 0, to, 0) }

// attackActions appends the attacks seat may make with its Combat (SR 6, 9.2, 10).
func (s *State) attackActions(seat engine.Seat, buf []engine.Action) []engine.Action {
	combat := int(s.P[seat].Combat)
	for t := 0; t < int(s.NSeats); t++ {
		ts := engine.Seat(t)
		// canTarget implies canTargetBases (Hunter's bases reach further than its attacks).
		if !s.canTargetBases(seat, ts) {
			continue
		}
		// Whether an outpost shields ts, asked once for all its bases (baseTargetableCard
		// would ask for each, and in Hydra it looks at the whole team's play areas).
		prot := s.protected(ts)
		if tp := s.playArea(&s.P[t]); len(tp) > 0 {
			start := len(buf)
			for i := range tp {
				ip := &tp[i]
				c := s.cat.Card(ip.Card)
				if c.Kind != Base || (prot && !c.Outpost) {
					continue
				}
				left := c.Defense - int(ip.Dmg)
				if left <= combat {
					if a := mkAttackBase(ts, ip.Card); !contains(buf[start:], a) {
						buf = append(buf, a)
					}
				}
				if s.Role[t] == roleBoss && s.Role[seat] == roleElite {
					// SR 10.6: Elites may damage the Boss's bases without destroying them.
					for n := 1; n < left && n <= combat; n++ {
						if a := mk(actAttackBase, ip.Card, 0, ts, n); !contains(buf[start:], a) {
							buf = append(buf, a)
						}
					}
				}
			}
		}
		if !prot && s.canTarget(seat, ts) {
			for n := 1; n <= min(combat, maxAmount); n++ {
				buf = append(buf, mkAttackPlayer(ts, n))
			}
		}
	}
	return buf
}

// giveActions appends Hydra transfers to teammates still acting (SR 10.4).
func (s *State) giveActions(seat engine.Seat, buf []engine.Action) []engine.Action {
	// The pools are read once: appending may write anywhere as far as the compiler knows, so
	// a bound read in the loop would be read again at every action listed.
	trade, combat := min(int(s.P[seat].Trade), maxAmount), min(int(s.P[seat].Combat), maxAmount)
	if trade <= 0 && combat <= 0 {
		return buf
	}
	for t := 0; t < int(s.NSeats); t++ {
		ts := engine.Seat(t)
		if !s.teammates(seat, ts) || !s.canAct(ts) {
			continue
		}
		for n := 1; n <= trade; n++ {
			buf = append(buf, mkGive(ts, poolTrade, n))
		}
		for n := 1; n <= combat; n++ {
			buf = append(buf, mkGive(ts, poolCombat, n))
		}
	}
	return buf
}

// passActions appends Emperor passes: 1 Trade moves a card of the discard pile to a
// teammate's discard pile (SR 10.5).
func (s *State) passActions(seat engine.Seat, buf []engine.Action) []engine.Action {
	var seen [4]uint64
	for _, c := range s.discard(&s.P[seat]) {
		if seen[c>>6]&(1<<(c&63)) != 0 {
			continue
		}
		seen[c>>6] |= 1 << (c & 63)
		for t := 0; t < int(s.NSeats); t++ {
			ts := engine.Seat(t)
			if s.canReceivePass(seat, ts) {
				buf = append(buf, mkPass(c, ts))
			}
		}
	}
	return buf
}

func (s *State) canReceivePass(from, to engine.Seat) bool {
	if !s.teammates(from, to) || s.P[to].Defeated {
		return false
	}
	if s.opts.PassAdjacentOnly {
		d := int(from) - int(to)
		return d == 1 || d == -1
	}
	return true
}

// attackBase spends Combat on a base: destroying it, or in Raid damaging a Boss's base by n.
func (s *State) attackBase(seat, t engine.Seat, c CardID, n int) {
	i := s.playIndex(t, c, func(i int) bool { return s.baseTargetable(t, i) })
	ip := &s.playArea(&s.P[t])[i]
	left := s.cat.Card(c).Defense - int(ip.Dmg)
	if n > 0 && n < left {
		ip.Dmg += uint8(n) // below the defense, at most 99 (catalog.go)
		s.P[seat].Combat -= int16(n)
		if s.recording() {
			s.evAttack(seat, t, c, n)
		}
		return
	}
	s.P[seat].Combat -= int16(left)
	if s.recording() {
		s.evAttack(seat, t, c, left)
	}
	s.destroyBase(t, i)
}

// give moves n of seat's Trade or Combat to a teammate (SR 10.4).
func (s *State) give(seat, to engine.Seat, pool, n int) {
	from, dst := &s.P[seat], &s.P[to]
	stat := "trade"
	if pool == poolTrade {
		from.Trade -= int16(n)
		s.addPool(&dst.Trade, n, faultTrade)
	} else {
		stat = "combat"
		from.Combat -= int16(n)
		s.addPool(&dst.Combat, n, faultCombat)
	}
	if s.recording() {
		s.evStat(seat, stat, -n, 0)
		s.evStat(to, stat, n, 0)
	}
}

// defeat handles a player whose authority fell to 0 or less (SR 6.6, 9.3, 10).
func (s *State) defeat(t engine.Seat) {
	switch s.Fmt {
	case fmtHydra:
		for i := 0; i < int(s.NSeats); i++ {
			if s.Team[i] == s.Team[t] && !s.P[i].Defeated {
				s.retire(engine.Seat(i))
			}
		}
		s.winTeam(1 - s.Team[t])
		return
	case fmtFirstBlood:
		right := s.rightOf(t)
		s.retire(t)
		s.winners, s.over = 1<<right, true
		s.stop()
		return
	case fmtEmperor:
		if s.Role[t] == roleEmperor {
			s.retire(t)
			s.winTeam(1 - s.Team[t])
			return
		}
		for i := 0; i < int(s.NSeats); i++ {
			if s.teammates(t, engine.Seat(i)) && s.Role[i] == roleEmperor && !s.P[i].Defeated {
				s.askGift(t, engine.Seat(i))
				return
			}
		}
	case fmtRaid:
		if s.Role[t] == roleBoss {
			s.retire(t)
			s.winTeam(1 - s.Team[t])
			return
		}
		if next, ok := s.nextGiftee(t, -1); ok {
			s.askGift(t, next)
			return
		}
	}
	s.retire(t)
	s.checkLastStanding()
}

// askGift lets the defeated seat t give one card of its hand, deck or discard pile to the
// discard pile of seat to, or skip.
func (s *State) askGift(t, to engine.Seat) {
	s.P[t].Defeated = true // out of the game already (SR 6.6); only the gift is left to answer
	s.dec = decision{Kind: decCards, Seat: t, Op: opGift, Target: to, Left: 1, May: true,
		Zones: ZoneHand | ZoneDiscard}
	if int(s.P[t].HandN)+int(s.P[t].DeckN)+int(s.P[t].DiscN) == 0 {
		s.finishGift()
	}
}

// nextGiftee is the next living Elite after seat after (in seat order) who may receive a
// defeated Elite's card (SR 10.6).
func (s *State) nextGiftee(t, after engine.Seat) (engine.Seat, bool) {
	for i := int(after) + 1; i < int(s.NSeats); i++ {
		if engine.Seat(i) != t && s.Role[i] == roleElite && !s.P[i].Defeated {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

// gift moves the chosen card to the receiver's discard pile.
func (s *State) gift(a engine.Action) {
	t, to, c := s.dec.Seat, s.dec.Target, cardOf(a)
	from := zoneHand
	switch zoneOf(a) {
	case zHand:
		s.takeFromHand(t, c)
	case zDiscard:
		s.takeFromDiscard(t, c)
		from = zoneDiscard
	case zDeck:
		s.takeFromDeck(t, c)
		from = zoneDeck
	}
	s.toDiscard(to, c)
	if s.recording() {
		s.evGiven(t, to, c, from)
	}
	s.finishGift()
}

// finishGift moves on to the next receiver, or retires the defeated player.
func (s *State) finishGift() {
	t, to := s.dec.Seat, s.dec.Target
	s.dec = decision{}
	if s.Fmt == fmtRaid {
		if next, ok := s.nextGiftee(t, to); ok {
			s.askGift(t, next)
			return
		}
	}
	s.retire(t)
	s.checkLastStanding()
}

// takeFromDeck removes one copy of c from seat's deck.
func (s *State) takeFromDeck(seat engine.Seat, c CardID) {
	p := &s.P[seat]
	d := s.deck(p)
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == c {
			copy(d[i:], d[i+1:])
			p.DeckN--
			return
		}
	}
}

// retire takes a player out: every card it holds goes to the scrap heap (SR 9.3).
func (s *State) retire(t engine.Seat) {
	if s.recording() {
		s.evRetire(t)
	}
	p := &s.P[t]
	p.Defeated = true
	for _, c := range s.hand(p) {
		s.scrap(c)
	}
	for _, c := range s.deck(p) {
		s.scrap(c)
	}
	for _, c := range s.discard(p) {
		s.scrap(c)
	}
	for _, ip := range s.playArea(p) {
		s.scrap(ip.Card)
	}
	p.HandN, p.DeckN, p.DiscN, p.PlayN = 0, 0, 0, 0
	p.Trade, p.Combat = 0, 0
	s.Ended &^= 1 << t
}

// checkLastStanding ends the game when one team (or player) is left (SR 10.1).
func (s *State) checkLastStanding() {
	team := int8(-1)
	for i := 0; i < int(s.NSeats); i++ {
		if s.P[i].Defeated {
			continue
		}
		if team >= 0 && s.Team[i] != team {
			return
		}
		team = s.Team[i]
	}
	if team < 0 {
		s.over = true
		s.stop()
		return
	}
	s.winTeam(team)
}

// winTeam ends the game with every seat of team as a winner.
func (s *State) winTeam(team int8) {
	s.over = true
	s.winners = 0
	for i := 0; i < int(s.NSeats); i++ {
		if s.Team[i] == team {
			s.winners |= 1 << i
		}
	}
	s.stop()
}

// stop clears whatever was being resolved when the game ended.
func (s *State) stop() {
	s.frame.Active = false
	s.dec = decision{}
}
