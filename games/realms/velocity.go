package realms

import (
	"math/bits"

	"starnexus/engine"
)

// Velocity is the stronger heuristic bot of issue #4, after the "velocity" bots of the Star
// Realms community: it builds a deck that gets faster each shuffle. It values the cards it
// may buy by their cost and by their synergy with the factions it already owns (Ally
// abilities fire more often in a focused deck), scraps its starting Vipers and Scouts whenever
// an ability lets it, buys scrappers while it still holds many starting cards, destroys
// outposts first and valuable bases next, finishes an opponent it can kill, and keeps its
// authority in mind: when it runs low it prefers outposts, authority and defensive options.
//
// It reads only the Observation it is given, through exported methods (view_bot.go); for
// the multiplayer hand-offs (Hydra gifts, Emperor passes) it defers to Greedy.
type Velocity struct{}

// Name implements engine.Bot.
func (Velocity) Name() string { return "velocity" }

// velo is one decision's context.
type velo struct {
	v        *Observation
	cat      *Catalog
	me       engine.Seat
	auth     int              // own authority
	foe      int              // lowest authority among the opponents we may attack (or any opponent)
	turn     int              // the bot's own turn number, roughly
	counted  bool             // starters and faction are filled in (count)
	starters int              // Vipers and Scouts still owned
	faction  [numFactions]int // bought cards owned, by faction
}

func newVelo(v *Observation) velo {
	c := velo{v: v, cat: v.Catalog(), me: v.Seat(), foe: 1 << 20}
	c.auth = v.Authority(c.me)
	n := v.NumSeats()
	c.turn = v.Turns() / max(n, 1)
	for s := 0; s < n; s++ {
		o := engine.Seat(s)
		if o == c.me || v.Defeated(o) || (v.Team(o) != 0 && v.Team(o) == v.Team(c.me)) {
			continue
		}
		if a := v.Authority(o); a < c.foe {
			c.foe = a
		}
	}
	return c
}

// count fills in what the bot owns, which only buying and scrapping need: its hand, discard
// pile and play area card by card, and its deck, a multiset, in order of CardID.
func (c *velo) count() {
	if c.counted {
		return
	}
	c.counted = true
	v := c.v
	for _, id := range v.Hand(c.me) {
		c.own(id, 1)
	}
	for _, id := range v.Discard(c.me) {
		c.own(id, 1)
	}
	for i := range v.PlayCount(c.me) {
		c.own(v.PlayCard(c.me, i), 1)
	}
	var buf [maxOwn]CardID
	deck := v.Unseen(c.me).Sorted(buf[:0])
	for i := 0; i < len(deck); {
		k := 1
		for i+k < len(deck) && deck[i+k] == deck[i] {
			k++
		}
		c.own(deck[i], k)
		i += k
	}
}

// own counts k copies of card id the bot owns.
func (c *velo) own(id CardID, k int) {
	if id == c.cat.Viper || id == c.cat.Scout {
		c.starters += k
		return
	}
	for f := c.cat.Card(id).Faction; f != 0; f &= f - 1 {
		c.faction[bits.TrailingZeros8(uint8(f))] += k
	}
}

// low reports how far the bot's authority is below a comfortable level, from 0 to 1.
func (c *velo) low() float64 {
	const comfortable = 30
	if c.auth >= comfortable {
		return 0
	}
	return float64(comfortable-c.auth) / comfortable
}

// late is true once some opponent is close to defeat: combat matters more than economy.
func (c *velo) late() bool { return c.foe <= 20 || c.turn >= 12 }

// Choose implements engine.Bot.
func (b Velocity) Choose(ev engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	v := ev.(*Observation)
	if v.PendingOp() == OpNone {
		for _, a := range legal {
			if kindOf(a) == actPlay {
				return a // every card is played: their effects do not depend on the order
			}
		}
	}
	c := newVelo(v)
	if v.PendingOp() != OpNone {
		return c.answer(legal)
	}
	combat := v.Combat(c.me)
	var (
		use, scrapUse, buy, base, face, end engine.Action
		buyVal, baseVal, faceVal            = -1e9, -1e9, -1
		other                               bool
	)
	for _, a := range legal {
		switch kindOf(a) {
		case actUse:
			if Slot(zoneOf(a)) != ScrapSlot {
				if use == 0 {
					use = a
				}
			} else if scrapUse == 0 && c.scrapAbilityWorth(cardOf(a), combat) {
				scrapUse = a
			}
		case actBuy:
			if val := c.buyValue(cardOf(a)) + c.upgradeBonus(a); val > buyVal {
				buyVal, buy = val, a
			}
		case actAttackBase:
			if val := c.baseValue(seatOf(a), cardOf(a), combat); val > baseVal {
				baseVal, base = val, a
			}
		case actAttackPlayer:
			t := seatOf(a)
			// The weakest opponent first; the whole pool at once.
			val := nOf(a)*1000 - v.Authority(t)
			if nOf(a) >= v.Authority(t) {
				val += 1 << 20 // lethal
			}
			if val > faceVal {
				faceVal, face = val, a
			}
		case actEnd:
			end = a
		default:
			other = true
		}
	}
	switch {
	case use != 0:
		return use
	case scrapUse != 0:
		return scrapUse
	case buy != 0 && buyVal > 0:
		return buy
	case face != 0 && faceVal >= 1<<20:
		return face
	case base != 0 && baseVal > 0:
		return base
	case face != 0:
		return face
	case base != 0:
		return base
	case other:
		return Greedy{}.Choose(ev, legal, rng)
	case end != 0:
		return end
	}
	return legal[0]
}

// buyValue ranks a card to acquire; below 0 it is not worth a place in the deck.
func (c *velo) buyValue(id CardID) float64 {
	c.count()
	card := c.cat.Card(id)
	val := float64(card.Cost)
	if id == c.cat.Explorer {
		// Explorers dilute a deck once it has better cards; early they speed it up.
		if c.turn >= 8 {
			return 0.2
		}
		return 1.2
	}
	// Faction synergy: an Ally ability fires only with another card of the faction.
	syn := 0
	for i := 0; i < numFactions; i++ {
		if card.Faction&(1<<i) != 0 {
			syn = max(syn, min(c.faction[i], 5))
		}
	}
	w := 0.3
	if len(card.Abilities[Ally]) > 0 {
		w = 0.45
	}
	val += w * float64(syn)
	trade, combat, auth, draw, scrap := abilityWorth(card.Abilities[Primary])
	if c.starters >= 5 && scrap > 0 {
		val += 1.2 // thin the starting cards out early
	}
	if card.Kind == Base {
		if card.Outpost {
			val += 2 * c.low()
		} else {
			val -= 0.5
		}
		val += float64(card.Defense) * 0.15 * c.low()
	}
	val += float64(auth) * 0.3 * c.low()
	if c.late() {
		val += 0.25*float64(combat) - 0.25*float64(trade)
	} else if c.turn < 5 {
		val += 1.0 * float64(trade)
	}
	val += 0.3 * float64(draw)
	return val
}

// upgradeBonus scores the upgrade a buy or free acquisition adds (SR 8.3): the sticker's
// worth now, less the Trade it takes from the next purchase, and a push towards the political
// victory (SR 8.7) while the game is young. Below 0 the plain card is preferred.
func (c *velo) upgradeBonus(a engine.Action) float64 {
	st, political := c.v.UpgradeSticker(a)
	if st == nil {
		return 0
	}
	w := c.optionValue(st)
	if w < 1 {
		return -1
	}
	extra := 2.0
	if c.cat.Card(cardOf(a)).Kind == Base {
		extra = 3
	}
	bonus := 0.6*w - 0.2*extra
	if political && !c.late() {
		bonus += 1.5
	}
	return bonus
}

// abilityWorth sums an ability's trade, combat, authority, draws and card scrapping; of a
// choose-one it counts the best option for each.
func abilityWorth(ab Ability) (trade, combat, auth, draw, scrap int) {
	for _, e := range ab {
		switch e.Op {
		case OpTrade:
			trade += e.N
		case OpCombat:
			combat += e.N
		case OpAuthority:
			auth += e.N
		case OpDraw:
			draw += max(e.N, 1)
		case OpScrap:
			scrap += max(e.N, 1)
		case OpChooseOne:
			for _, o := range e.Options {
				t, cb, a, d, s := abilityWorth(o)
				trade, combat, auth, draw, scrap = max(trade, t), max(combat, cb), max(auth, a), max(draw, d), max(scrap, s)
			}
		}
	}
	return
}

// scrapAbilityWorth decides whether to use a card's own scrap ability now: for a kill, or an
// Explorer's combat once the deck no longer needs it, or a base's when the bot is in danger.
func (c *velo) scrapAbilityWorth(id CardID, combat int) bool {
	_, cb, auth, draw, _ := abilityWorth(c.cat.Card(id).Abilities[ScrapSlot])
	if cb > 0 && combat+cb >= c.foe {
		return true
	}
	if id == c.cat.Explorer {
		return c.turn >= 6
	}
	if auth > 0 && c.auth <= 10 {
		return true
	}
	return draw > 0 && c.late() && c.cat.Card(id).Kind == Ship
}

// baseValue ranks destroying a base: outposts first (the rules force them anyway), then the
// other bases, dearest first, unless the bot's combat can finish their owner instead.
func (c *velo) baseValue(owner engine.Seat, id CardID, combat int) float64 {
	card := c.cat.Card(id)
	val := float64(card.Cost) + float64(card.Defense)/10
	if card.Outpost {
		return val + 100
	}
	if c.v.Authority(owner) <= combat {
		return -1 // hit the face: the kill is here
	}
	return val
}

// answer picks the answer to a pending decision.
func (c *velo) answer(legal []engine.Action) engine.Action {
	op := c.v.PendingOp()
	best, bestVal := legal[0], -1e9
	for _, a := range legal {
		val := 0.0
		switch kindOf(a) {
		case actSkip, actDone:
			val = 0
		case actChooseOpt:
			val = c.optionValue(c.v.PendingOption(nOf(a)))
		case actChoosePlayer:
			val = -float64(c.v.Authority(seatOf(a)))
		case actChooseCard:
			val = c.cardAnswer(op, a)
		}
		if val > bestVal {
			best, bestVal = a, val
		}
	}
	return best
}

// cardAnswer scores one card for a card-picking decision.
func (c *velo) cardAnswer(op Op, a engine.Action) float64 {
	id := cardOf(a)
	card := c.cat.Card(id)
	switch op {
	case OpScrap:
		c.count()
		val := -1.0
		switch id {
		case c.cat.Scout:
			val = 3 // Scouts first: bought cards make trade, and Vipers still hit
		case c.cat.Viper:
			val = 2.5
		case c.cat.Explorer:
			val = 1.5
		}
		if zoneOf(a) == zDiscard {
			val += 0.5 // from the discard pile: the hand keeps its cards
		}
		return val
	case OpDiscard:
		if id == c.cat.Viper || id == c.cat.Scout {
			return 10
		}
		return -1 // cycle only weak cards
	case OpOpponentDiscards:
		return 10 - float64(card.Cost)
	case OpAcquireFree:
		return c.buyValue(id) + c.upgradeBonus(a)
	case OpDestroyBase:
		val := float64(card.Cost) + float64(card.Defense)/10
		if card.Outpost {
			val += 10
		}
		return val
	}
	return float64(card.Cost) + float64(card.Defense)/10
}

// optionValue scores one option of a choose-one ability by what the bot needs now.
func (c *velo) optionValue(ab Ability) float64 {
	val := 0.0
	tw, cw, aw := 1.1, 1.0, 0.3+1.2*c.low()
	if c.late() {
		tw, cw = 0.6, 1.3
	}
	for _, e := range ab {
		n := float64(e.N)
		switch e.Op {
		case OpTrade:
			val += n * tw
		case OpCombat:
			val += n * cw
		case OpAuthority:
			val += n * aw
		case OpDraw:
			if e.Per == PerPlayed {
				n = float64(c.v.PlayedThisTurn(c.me, e.PerFaction))
			}
			val += n * 2.5
		case OpDrawDiscard:
			val += (n-float64(e.Discard))*2.5 + 1
		case OpOpponentDiscards:
			val += 1.5
		case OpScrap:
			if c.count(); c.starters > 0 {
				val += 2
			}
		case OpDiscard:
			val += 1
		}
	}
	return val
}
