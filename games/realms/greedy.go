package realms

import "starnexus/engine"

// Greedy is the sensible heuristic bot of issue #2: it plays its whole hand, uses every Ally
// and base ability, buys the best card it can afford by a value table, destroys the outposts
// in its way and then hits the opponent, and answers decisions with simple rules (scrap
// Vipers and Scouts, discard the weakest card, copy or take the most expensive ship).
type Greedy struct{}

// Name implements engine.Bot.
func (Greedy) Name() string { return "greedy" }

// Choose implements engine.Bot.
func (g Greedy) Choose(ev engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	v := ev.(*Observation)
	if len(legal) == 1 {
		return legal[0]
	}
	if v.t.dec.Kind != decNone {
		return g.answer(v, legal)
	}
	cat := v.Catalog()
	me := v.p[v.seat].pub // read once: the loop below may look at it for every action
	var (
		use, buy, base, face, end engine.Action
		give, pass                engine.Action
		buyVal                    = -1.0
		baseVal                   = -1
	)
	for _, a := range legal {
		switch kindOf(a) {
		case actPlay:
			return a // play everything first: order does not matter for these cards
		case actUse:
			if Slot(zoneOf(a)) != ScrapSlot && use == 0 {
				use = a
			}
		case actBuy:
			if val := cardValue(cat.Card(cardOf(a))) + upgradeBonus(v, a); val > buyVal {
				buyVal, buy = val, a
			}
		case actAttackBase:
			c := cat.Card(cardOf(a))
			val := c.Defense
			if c.Outpost {
				val += 100
			}
			if nOf(a) > 0 {
				// Raid: damage that leaves the base standing, only with all the Combat, and
				// after any base that can be destroyed.
				if nOf(a) != int(me.Combat) {
					continue
				}
				val -= 50
			}
			if val > baseVal {
				baseVal, base = val, a
			}
		case actAttackPlayer:
			if nOf(a) > nOf(face) {
				face = a
			}
		case actEnd:
			end = a
		case actGive:
			// Hand what would be lost at the end of the turn to a teammate still playing.
			if (zoneOf(a) == poolTrade && nOf(a) == int(me.Trade)) || (zoneOf(a) == poolCombat && nOf(a) == int(me.Combat)) {
				give = a
			}
		case actPass:
			// Strengthen the Emperor's deck with a good card from the discard pile.
			if v.t.Role[seatOf(a)] == roleEmperor && cat.Card(cardOf(a)).Cost >= 4 && (pass == 0 || cat.Card(cardOf(a)).Cost > cat.Card(cardOf(pass)).Cost) {
				pass = a
			}
		}
	}
	switch {
	case use != 0:
		return use
	case buy != 0:
		return buy
	case base != 0 && (baseVal >= 100 || face == 0):
		return base
	case face != 0:
		return face
	case base != 0:
		return base
	case give != 0:
		return give
	case pass != 0:
		return pass
	case end != 0:
		return end
	}
	return legal[0]
}

// cardValue ranks cards to buy: cost first, a little less for bases without outpost, and a
// little less for the Explorer, which is there only to fill a turn.
func cardValue(c *Card) float64 {
	v := float64(c.Cost)
	if c.Kind == Base && !c.Outpost {
		v -= 0.5
	}
	if c.Deck == ExplorerPile {
		v -= 0.75
	}
	return v
}

// upgradeBonus is what an upgrade adds to a buy or free acquisition (SR 8.3): half the
// sticker's worth as an option, more on the sheet that wins the political victory (SR 8.7).
// A sticker worth less than a Trade is not worth its 2 or 3 Trade: below zero.
func upgradeBonus(v *Observation, a engine.Action) float64 {
	st, political := v.UpgradeSticker(a)
	if st == nil {
		return 0
	}
	w := optionValue(v, st)
	if w < 1 {
		return -1
	}
	if political {
		w += 2
	}
	return 0.5 * w
}

// answer picks the answer to a pending decision.
func (g Greedy) answer(v *Observation, legal []engine.Action) engine.Action {
	cat := v.Catalog()
	d := &v.t.dec
	best, bestVal := legal[0], -1e9
	for _, a := range legal {
		val := 0.0
		switch kindOf(a) {
		case actSkip, actDone:
			val = 0
		case actChooseOpt:
			val = optionValue(v, d.eff.Options[nOf(a)-1])
		case actChoosePlayer:
			val = -float64(v.Authority(seatOf(a)))
		case actChooseCard:
			c := cat.Card(cardOf(a))
			switch d.Op {
			case OpScrap:
				// Scrap starting cards; keep anything bought.
				switch cardOf(a) {
				case cat.Viper:
					val = 3
				case cat.Scout:
					val = 2
				default:
					val = -1
				}
				if zoneOf(a) == zDiscard {
					val += 0.5 // scrapping from the discard pile keeps the hand
				}
			case OpDiscard, opDiscardTarget:
				val = 10 - float64(c.Cost)
				if d.Op == OpDiscard && cardOf(a) != cat.Viper && cardOf(a) != cat.Scout {
					val = -1 // Recycling Station: only cycle weak cards
				}
			default:
				val = float64(c.Cost) + float64(c.Defense)/10 + upgradeBonus(v, a)
			}
		}
		if val > bestVal {
			best, bestVal = a, val
		}
	}
	return best
}

// optionValue scores one option of a choose-one ability.
func optionValue(v *Observation, ab Ability) float64 {
	val := 0.0
	for _, e := range ab {
		n := float64(e.N)
		switch e.Op {
		case OpTrade:
			val += n * 1.1
		case OpCombat:
			val += n
		case OpAuthority:
			val += n * 0.4
		case OpDraw:
			if e.Per == PerPlayed {
				n *= float64(v.p[v.seat].pub.Played[0]) // Blob World counts Blob cards
			}
			val += n * 2.5
		case OpDrawDiscard: // SR 7.2: cycling a weak card is worth a little
			val += (n-float64(e.Discard))*2.5 + 1
		case OpDiscard:
			val += 1
		}
	}
	return val
}
