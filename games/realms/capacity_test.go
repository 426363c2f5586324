package realms

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// Stress tests of docs/decisions.md, "Fixed capacities (Star Realms)": each drives one
// capacity of the State to the size of its array and past it through legal actions, with the
// invariants checked after every action, and checks what the rules say happens there.

// driver applies actions through the validating path. After each it checks the invariants
// (cards conserved, zones within their storage), and every few actions that views hide what
// they should and that copies of the State share no zone with it.
type driver struct {
	t      *testing.T
	s      *State
	c      *checker
	rng    engine.RNG
	n      int
	every  int // the hidden-information and clone checks run every this many actions
	maxOwn int // the most cards seen in one deck and discard pile together
	maxHnd int
	maxPly int
}

func newDriver(t *testing.T, s *State) *driver {
	d := &driver{t: t, s: s, c: newChecker(t, s), rng: engine.NewRNG(1), every: 3}
	d.observe()
	return d
}

func (d *driver) observe() {
	for i := 0; i < int(d.s.NSeats); i++ {
		p := &d.s.P[i]
		d.maxOwn = max(d.maxOwn, int(p.DeckN)+int(p.DiscN))
		d.maxHnd = max(d.maxHnd, int(p.HandN))
		d.maxPly = max(d.maxPly, int(p.PlayN))
	}
}

// do reads text as the named player's action and applies it.
func (d *driver) do(who, text string) {
	d.t.Helper()
	seat, ok := d.s.SeatByName(who)
	if !ok {
		d.t.Fatalf("no player %s", who)
	}
	a, err := d.s.ParseAction(seat, text)
	if err != nil {
		d.t.Fatalf("%s: %v", who, err)
	}
	d.apply(seat, a)
}

func (d *driver) apply(seat engine.Seat, a engine.Action) {
	d.t.Helper()
	text := d.s.ActionText(seat, a)
	if back, err := d.s.ParseAction(seat, text); err != nil || back != a {
		d.t.Fatalf("%q parses to %v, %v", text, back, err)
	}
	if err := d.s.Apply(seat, a); err != nil {
		d.t.Fatalf("%s: %v", d.s.SeatName(seat), err)
	}
	d.c.check(d.s, text)
	if f := d.s.Fault(); f != "" {
		d.t.Fatalf("after %q: the game ended with a fault: %s", text, f)
	}
	d.observe()
	d.n++
	if d.n%d.every == 0 {
		checkHidden(d.t, d.s, &d.rng, text)
		checkCopiesApart(d.t, d.s, &d.rng, text)
	}
}

// playAll has the named player play every card of its hand but those in keep, and use every
// ability but scrap abilities, answering decisions as Greedy would.
func (d *driver) playAll(who string, keep ...string) {
	d.t.Helper()
	seat, _ := d.s.SeatByName(who)
	for !d.s.Over() {
		mover := d.s.toMove()
		legal := d.s.Legal(mover, nil)
		if d.s.Pending() {
			d.apply(mover, Greedy{}.Choose(d.s.Observe(mover, nil), legal, &d.rng))
			continue
		}
		if mover != seat {
			return
		}
		var next engine.Action
		for _, a := range legal {
			k := kindOf(a)
			if k == actPlay && !containsName(keep, d.s.cat.Card(cardOf(a)).Name) || k == actUse && Slot(zoneOf(a)) != ScrapSlot {
				next = a
				break
			}
		}
		if next == 0 {
			return
		}
		d.apply(seat, next)
	}
}

func containsName(list []string, name string) bool {
	for _, n := range list {
		if n == name {
			return true
		}
	}
	return false
}

// zonesText is everything a game's players hold, to compare a State before and after its
// copies were played on.
func zonesText(s *State) string {
	var b strings.Builder
	for i := 0; i < int(s.NSeats); i++ {
		seat := engine.Seat(i)
		p := &s.P[i]
		fmt.Fprintf(&b, "%d: %d %d %d %v %v %v %v %v\n", i, p.Authority, p.Trade, p.Combat,
			s.Cards(seat, InHand), s.Cards(seat, InDeck), s.Cards(seat, InDiscard), s.playArea(p), p.Played)
	}
	return b.String()
}

// checkCopiesApart plays on a Clone, a CopyTo and a determinized copy of s and checks that s
// did not change: a State's zones, grown ones included, belong to it alone.
func checkCopiesApart(t *testing.T, s *State, rng *engine.RNG, after string) {
	t.Helper()
	before := zonesText(s)
	var scratch State
	s.CopyTo(&scratch)
	seat := s.toMove()
	if seat < 0 {
		return
	}
	det := s.Observe(seat, nil).Determinize(nil, rng).(*State)
	for _, c := range []*State{s.Clone().(*State), &scratch, det} {
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("after %q: a copy: %v", after, err)
		}
		for k := 0; k < 30 && !c.Over(); k++ {
			m := c.toMove()
			legal := c.Legal(m, nil)
			c.ApplyTrusted(m, legal[rng.Intn(len(legal))])
		}
	}
	if got := zonesText(s); got != before {
		t.Fatalf("after %q: playing on copies changed the game:\n%s\nwas\n%s", after, got, before)
	}
}

func copies(name string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = name
	}
	return out
}

func cardList(spec ...any) []string {
	var out []string
	for i := 0; i < len(spec); i++ {
		name := spec[i].(string)
		n := 1
		if i+1 < len(spec) {
			if k, ok := spec[i+1].(int); ok {
				n = k
				i++
			}
		}
		out = append(out, copies(name, n)...)
	}
	return out
}

// The 52 bases of the Core Set and Colony Wars, each with its box count: the 23 that are not
// outposts, then the 29 outposts.
var (
	plainBases = cardList("Blob Wheel", 3, "The Hive", "Blob World", "Barter World", 2, "Central Office", "Fleet HQ",
		"Stellar Reef", 3, "Bioformer", 2, "Plasma Vent", "Orbital Platform", 3, "Storage Silo", 2, "Central Station", 2, "Loyal Colony")
	outposts = cardList("Battle Station", 2, "Mech World", "Junkyard", "Machine Base", "Brain World", "Recycling Station", 2,
		"Space Station", 2, "War World", "Royal Redoubt", "Trading Post", 2, "Defense Center", "Port of Call",
		"Warning Beacon", 3, "The Oracle", "Stealth Tower", "Frontier Station", "The Incinerator", "Command Center", 2,
		"Supply Depot", "Imperial Palace", "Federation Shipyard", "Factory World")
)

func both() Options { return Options{Sets: []string{"core", "colony-wars"}} }

func newPos(t *testing.T, pos Position) *State {
	t.Helper()
	s, err := NewPosition(loadCat(t), pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPlayAreaPastItsArray: with 30 bases in play, a turn of draw ships takes the play area
// past its array of 32 (the index out of range of the hard bot's rollouts). Fleet HQ, the
// Ally abilities and a Stealth Needle copying a ship far down the play area all work there;
// the bases played this turn stay, at indexes past 32, where the opponent destroys them.
func TestPlayAreaPastItsArray(t *testing.T) {
	inPlay := append(append([]string{}, plainBases...), outposts[:7]...)
	// Scouts, kept in hand, are what Machine Base and Junkyard scrap.
	hand := append(cardList("Corvette", 2, "Survey Ship", 3, "Command Ship", "Stealth Needle", "Scout", 4), outposts[7:17]...)
	deck := cardList("Embassy Yacht", 2, "Heavy Cruiser", "Aging Battleship", "Falcon", 2, "Predator", 3, "Blob Fighter", 3,
		"Solar Skiff", 3, "Mothership", "Flagship", "Trade Escort", "Peacekeeper", "Dreadnaught",
		"Battle Mech", "Missile Mech", "The Wrecker", "Scout", 8, "Viper", 2)
	s := newPos(t, Position{Options: both(), Seed: 3, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: hand, Deck: deck, InPlay: inPlay},
		// Scouts first: they are what Bob discards when Royal Redoubt's Ally makes him.
		{Name: "Bob", Hand: cardList("Blob Destroyer", 2, "Ram", 2, "Battle Pod", "Scout", 8), Deck: cardList("Viper", 2)},
	}})
	d := newDriver(t, s)
	d.playAll("Ann", "Stealth Needle", "Scout")
	ann := &s.P[0]
	if ann.PlayN <= maxPlay || s.big == nil || s.big.z[0].play == nil {
		t.Fatalf("Ann has %d cards in play, want more than %d in a grown play area", ann.PlayN, maxPlay)
	}
	d.do("Ann", "play Stealth Needle")
	d.do("Ann", "choose Command Ship")
	needle := s.playArea(ann)[ann.PlayN-1]
	if s.cat.Card(needle.Card).Name != "Stealth Needle" || needle.Copy == 0 || s.cat.Card(needle.Copy).Name != "Command Ship" {
		t.Fatalf("the Stealth Needle at index %d copied %v", ann.PlayN-1, needle.Copy)
	}
	for s.Pending() {
		d.apply(s.toMove(), Greedy{}.Choose(s.Observe(s.toMove(), nil), s.Legal(s.toMove(), nil), &d.rng))
	}
	bases := len(s.Cards(0, InBases))
	d.do("Ann", "end")
	if got := int(ann.PlayN); got != bases || got <= maxPlay {
		t.Fatalf("after Ann's turn %d cards stay in play, want her %d bases (more than %d)", got, bases, maxPlay)
	}
	// Two outposts past the array whose names no other card in play has.
	var far []string
	count := map[CardID]int{}
	for _, ip := range s.playArea(ann) {
		count[ip.Card]++
	}
	for _, ip := range s.playArea(ann)[maxPlay:] {
		if count[ip.Card] == 1 && s.cat.Card(ip.Card).Outpost && s.cat.Card(ip.Card).Defense <= 6 {
			far = append(far, s.cat.Card(ip.Card).Name)
		}
	}
	if len(far) < 2 {
		t.Fatalf("too few outposts past index %d: %v", maxPlay, far)
	}
	for _, a := range []string{"play Blob Destroyer", "play Blob Destroyer", "play Ram", "play Ram", "play Battle Pod", "skip",
		"use Blob Destroyer ally", "choose Ann:" + far[0], "skip", "attack Ann:" + far[1], "end"} {
		d.do("Bob", a)
	}
	for _, n := range far[:2] {
		c := s.cat.byName[strings.ToLower(n)]
		if s.playIndex(0, c, nil) >= 0 || !slicesHas(s.Cards(0, InDiscard), c) {
			t.Fatalf("%s, destroyed, is not in Ann's discard pile", n)
		}
	}
}

func slicesHas(list []CardID, c CardID) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// TestRaidDamageOnABasePastTheArray: an Elite damages, then destroys, Boss bases that lie past
// the play area's array (SR 10.6), through the text form that names the damage; the damage
// left on another base is cleared when the Boss's turn starts.
func TestRaidDamageOnABasePastTheArray(t *testing.T) {
	s := newPos(t, Position{Options: Options{Format: "raid", Sets: []string{"core", "colony-wars"}}, Seed: 5, Active: "Ann",
		Players: []PlayerSetup{
			{Name: "Boss", InPlay: append(append([]string{}, plainBases...), outposts...), Hand: cardList("Scout", 3), Deck: cardList("Scout", 5, "Viper", 2)},
			{Name: "Ann", Hand: cardList("Dreadnaught", "Battle Blob", "Mothership"), Deck: cardList("Scout", 8, "Viper", 2)},
			{Name: "Bob"},
		}})
	d := newDriver(t, s)
	d.playAll("Ann")
	d.do("Ann", "attack Boss:Factory World 2")
	fw := s.cat.byName["factory world"]
	if got := s.BaseDamage(0)[fw]; got != 2 {
		t.Fatalf("Factory World carries %d damage, want 2", got)
	}
	d.do("Ann", "attack Boss:Factory World")
	d.do("Ann", "attack Boss:Imperial Palace 3")
	if s.playIndex(0, fw, nil) >= 0 || s.BaseDamage(0)[s.cat.byName["imperial palace"]] != 3 {
		t.Fatalf("Boss's bases after the attacks: damage %v", s.BaseDamage(0))
	}
	d.do("Ann", "end")
	for s.Active != 0 {
		d.apply(s.toMove(), idleBot{}.Choose(nil, s.Legal(s.toMove(), nil), nil))
	}
	if len(s.BaseDamage(0)) != 0 {
		t.Fatalf("damage left at the Boss's turn: %v", s.BaseDamage(0))
	}
}

// fullHand is a hand of maxHand cards, led by a Command Ship that draws past the array.
func fullHand() []string {
	return cardList("Command Ship", "Trade Bot", "Federation Shuttle", 3, "Cutter", 3, "Trade Pod", 3, "Blob Fighter", 3,
		"Missile Bot", 3, "Supply Bot", 3, "Imperial Fighter", 3, "Swarmer", 3, "Battle Bot", 3, "Star Barge", 3,
		"Solar Skiff", 3, "Trade Hauler", 3, "Patrol Cutter", 2)
}

// TestHandPastItsArray: a hand of 40 cards draws past its array; a card at index 40 is
// scrapped from the hand, discards and draws go on, and the whole hand is discarded at the
// end of the turn.
func TestHandPastItsArray(t *testing.T) {
	hand := fullHand()
	if len(hand) != maxHand {
		t.Fatalf("the hand has %d cards", len(hand))
	}
	s := newPos(t, Position{Options: both(), Seed: 9, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: hand, Deck: cardList("Leviathan", "Moonwurm", "Scout", 8, "Viper", 2), InPlay: []string{"Recycling Station"}},
		{Name: "Bob", Hand: cardList("Scout", 5), Deck: cardList("Scout", 3, "Viper", 2)},
	}})
	d := newDriver(t, s)
	d.do("Ann", "play Command Ship")
	ann := &s.P[0]
	if ann.HandN <= maxHand || s.big == nil || s.big.z[0].hand == nil {
		t.Fatalf("Ann holds %d cards, want more than %d in a grown hand", ann.HandN, maxHand)
	}
	if got := s.cat.Card(s.hand(ann)[maxHand]).Name; got != "Moonwurm" {
		t.Fatalf("the card at index %d is %s, want Moonwurm (the second card drawn)", maxHand, got)
	}
	d.do("Ann", "play Trade Bot")
	d.do("Ann", "choose hand:Moonwurm")
	if slicesHas(s.Cards(0, InHand), s.cat.byName["moonwurm"]) {
		t.Fatal("Moonwurm was not scrapped from the hand")
	}
	d.do("Ann", "use Recycling Station primary")
	d.do("Ann", "choose 2")
	d.do("Ann", "choose Leviathan")
	d.do("Ann", "choose Cutter")
	held := int(ann.HandN)
	d.do("Ann", "end")
	if ann.HandN != 5 || int(ann.DiscN) < held {
		t.Fatalf("after the turn: hand %d, discard %d; the hand of %d went to the discard pile", ann.HandN, ann.DiscN, held)
	}
}

// TestDiscardPastItsArray is the lost card of the issue: with one card less in the discard
// pile than the deck-and-discard array holds (Explorers of the explorers option), each card
// bought lands in the pile and is paid for once; one goes on top of the deck (Central
// Office) and fills the array; then the deck is reshuffled from a pile past the array and the
// game goes on.
func TestDiscardPastItsArray(t *testing.T) {
	ten := 10
	disc := cardList("Explorer", maxOwn-10, "Scout", 3, "Viper", 2, "Cutter", 3, "Trade Pod")
	s := newPos(t, Position{Options: Options{Sets: []string{"core"}, MaxRounds: 12}, Seed: 2, Active: "Ann", Explorers: &ten,
		Players: []PlayerSetup{
			{Name: "Ann", Hand: copies("Scout", 5), Discard: disc, InPlay: []string{"Central Office"}},
			{Name: "Bob", Hand: copies("Scout", 5), Deck: cardList("Scout", 3, "Viper", 2)},
		}})
	d := newDriver(t, s)
	d.playAll("Ann")
	ann := &s.P[0]
	if own := int(ann.DeckN) + int(ann.DiscN); own != maxOwn-1 || ann.Trade != 7 {
		t.Fatalf("before buying: %d cards in deck and discard, Trade %d", own, ann.Trade)
	}
	d.do("Ann", "buy Explorer") // on top of the deck (Central Office): the array is full
	d.do("Ann", "buy Explorer") // one card past the array
	d.do("Ann", "buy Explorer")
	if own := int(ann.DeckN) + int(ann.DiscN); own != maxOwn+2 || ann.Trade != 1 || s.Explorers != 7 || s.big == nil || s.big.z[0].own == nil {
		t.Fatalf("after three Explorers: %d cards in deck and discard (want %d), Trade %d (want 1), Explorer pile %d (want 7)", own, maxOwn+2, ann.Trade, s.Explorers)
	}
	if top := s.Cards(0, InDeck); len(top) != 1 || top[0] != s.cat.Explorer {
		t.Fatalf("Ann's deck is %v, want the Explorer put on top", top)
	}
	d.do("Ann", "end")
	if ann.HandN != 5 || s.cat.Card(s.hand(ann)[0]).Name != "Explorer" {
		t.Fatal("Ann did not draw the Explorer on top of her deck, then from the reshuffled pile")
	}
	d.every = 10
	bots := []engine.Bot{Greedy{}, Greedy{}}
	for !s.Over() {
		m := s.toMove()
		d.apply(m, bots[m].Choose(s.Observe(m, nil), s.Legal(m, nil), &d.rng))
	}
	if s.Fault() != "" {
		t.Fatal(s.Fault())
	}
}

// TestPassAndGiftIntoFullPiles: an Emperor pass (SR 10.5) and a defeated Elite's gifts (SR
// 10.6) land in discard piles whose storage is full.
func TestPassAndGiftIntoFullPiles(t *testing.T) {
	full := cardList("Explorer", 150, "Scout", maxOwn-160, "Viper", 10)
	t.Run("emperor pass", func(t *testing.T) {
		players := []PlayerSetup{{Name: "A1", Hand: cardList("Scout", 3), Discard: []string{"Cutter"}}, {Name: "E1", Deck: full},
			{Name: "A2"}, {Name: "A3"}, {Name: "E2"}, {Name: "A4"}}
		for i := 2; i < 6; i++ {
			players[i].Hand = cardList("Scout", 5)
		}
		s := newPos(t, Position{Options: Options{Format: "emperor", Explorers: 50}, Seed: 4, Active: "A1", Players: players})
		d := newDriver(t, s)
		d.playAll("A1")
		d.do("A1", "pass Cutter to E1")
		if n := int(s.P[1].DeckN) + int(s.P[1].DiscN); n != maxOwn+1 || s.cat.Card(s.discard(&s.P[1])[0]).Name != "Cutter" {
			t.Fatalf("the Emperor holds %d cards in deck and discard, want %d with the Cutter on the pile", n, maxOwn+1)
		}
	})
	t.Run("raid gift", func(t *testing.T) {
		one := 1
		s := newPos(t, Position{Options: Options{Format: "raid", Explorers: 50}, Seed: 4, Active: "Boss",
			Players: []PlayerSetup{
				{Name: "Boss", Hand: cardList("Viper", 2), Deck: cardList("Scout", 8)},
				{Name: "Ann", Authority: &one, Hand: []string{"Cutter"}, Deck: cardList("Scout", 3)},
				{Name: "Bob", Deck: full},
				{Name: "Cid", Hand: cardList("Scout", 5)},
			}})
		d := newDriver(t, s)
		d.playAll("Boss")
		d.do("Boss", "attack Ann 1")
		d.do("Ann", "choose hand:Cutter")
		if n := int(s.P[2].DeckN) + int(s.P[2].DiscN); n != maxOwn+1 {
			t.Fatalf("Bob holds %d cards in deck and discard, want %d", n, maxOwn+1)
		}
		d.do("Ann", "skip") // nothing for Cid
	})
}

// stackedTurnStart is a turn-start ability of 50 effects of 99 Combat: 4950 Combat, more than
// one action names.
var stackedTurnStart = strings.TrimSuffix(strings.Repeat("combat 99; ", 50), "; ")

// TestAmountsPastAnAction: 4950 Combat (a campaign's turn-start rule) is more than the 4095
// one attack names: the attacks listed stop at 4095, "attack PLAYER" attacks with 4095, and
// the rest is attacked by a second action (SR 6.3 lets Combat be split). Authority past the
// old 16 bits is kept exactly. In Hydra, gifts of Combat (SR 10.4) split the same way.
func TestAmountsPastAnAction(t *testing.T) {
	cat := loadCat(t)
	camp := func(n int) *Campaign {
		c := &Campaign{}
		for i := 0; i < n; i++ {
			fac := StarEmpire
			if i%2 == 1 {
				fac = TradeFederation
			}
			c.Seats = append(c.Seats, CampaignSeat{Faction: fac, Sheets: []StickerSheet{testSheet(fmt.Sprintf("Sheet %d", i+1))}, Authority: 100000})
		}
		c.Seats[0].TurnStart = stackedTurnStart
		return c
	}
	s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, FirstPlayer: 1, Campaign: camp(2)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, s)
	if s.P[0].Combat != 4950 {
		t.Fatalf("Ann's Combat is %d, want 4950", s.P[0].Combat)
	}
	most := 0
	for _, a := range s.Legal(0, nil) {
		if kindOf(a) == actAttackPlayer {
			most = max(most, nOf(a))
		}
	}
	if most != maxAmount {
		t.Fatalf("the largest attack listed is %d, want %d", most, maxAmount)
	}
	d.do("Ann", "attack Bob")
	d.do("Ann", "attack Bob 855")
	if got := s.authority(1); got != 100000-4950 || s.P[0].Combat != 0 {
		t.Fatalf("Bob's authority %d (want %d), Ann's Combat %d", got, 100000-4950, s.P[0].Combat)
	}

	h, err := NewGame(cat, Options{Format: "hydra", Names: names(4), FirstPlayer: 1, Campaign: camp(4)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	d = newDriver(t, h)
	d.do("P1", "give P2 combat 4095")
	d.do("P1", "give P2 combat 855")
	if h.P[1].Combat != 4950 || h.P[0].Combat != 0 {
		t.Fatalf("after the gifts: P1 %d Combat, P2 %d", h.P[0].Combat, h.P[1].Combat)
	}
	if _, err := h.ParseAction(1, "give P1 combat 4096"); err == nil {
		t.Fatal("a gift of 4096, more than an action names, was read")
	}
}

// TestPoolsPastTheEngineLimit: an Authority that would pass poolLimit, a Trade or Combat pool
// past tradeLimit, and counts of one turn past 255 end the game with a fault (no winner)
// instead of wrapping around; a setup past the Authority limit is refused.
func TestPoolsPastTheEngineLimit(t *testing.T) {
	limit := poolLimit
	s := newPos(t, Position{Seed: 1, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Authority: &limit, Hand: []string{"Cutter", "Scout"}, Deck: copies("Scout", 5)},
		{Name: "Bob", Hand: copies("Scout", 5), Deck: copies("Scout", 5)},
	}})
	if err := s.Apply(0, mkPlay(s.cat.Scout)); err != nil {
		t.Fatal(err)
	}
	if s.Over() || s.Fault() != "" {
		t.Fatal("a Scout ended the game")
	}
	if err := s.Apply(0, mkPlay(s.cat.byName["cutter"])); err != nil {
		t.Fatal(err)
	}
	if !s.Over() || len(s.Winners()) != 0 || !strings.Contains(s.Fault(), "Authority") {
		t.Fatalf("over %v, winners %v, fault %q: want a game ended by the Authority past the limit", s.Over(), s.Winners(), s.Fault())
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	over := poolLimit + 1
	_, err := NewPosition(loadCat(t), Position{Seed: 1, Players: []PlayerSetup{{Name: "Ann", Authority: &over}, {Name: "Bob"}}})
	if err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Fatalf("authority past the limit at setup: %v", err)
	}

	// Trade, Combat and the "next card acquired" grants, white-box: no card set gets near
	// them in one turn.
	for _, tt := range []struct {
		set  func(p *player)
		e    Effect
		want string
	}{
		{func(p *player) { p.Trade = tradeLimit - 1 }, Effect{Op: OpTrade, N: 2}, "Trade"},
		{func(p *player) { p.Combat = tradeLimit - 1 }, Effect{Op: OpCombat, N: 2}, "Combat"},
		{func(p *player) { p.NextShipTop = 0xff }, Effect{Op: OpNextShipTop}, "grants"},
		{func(p *player) { p.NextCardHand = 0xff }, Effect{Op: OpNextCardHand}, "grants"},
	} {
		g, err := NewGame(loadCat(t), Options{Names: []string{"Ann", "Bob"}, FirstPlayer: 1}, 1)
		if err != nil {
			t.Fatal(err)
		}
		tt.set(&g.P[0])
		g.exec(0, &tt.e)
		if !g.Over() || len(g.Winners()) != 0 || !strings.Contains(g.Fault(), tt.want) {
			t.Errorf("%s past the limit: over %v, fault %q", tt.want, g.Over(), g.Fault())
		}
		if err := g.CheckInvariants(); err != nil {
			t.Error(err)
		}
	}
	// The cards scrapped this turn (The Incinerator's count).
	g := newPos(t, Position{Seed: 1, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: []string{"Trade Bot", "Viper"}, Deck: copies("Scout", 5)},
		{Name: "Bob", Hand: copies("Scout", 5), Deck: copies("Scout", 5)},
	}})
	g.P[0].ScrappedTurn = 0xff
	for _, a := range []string{"play Trade Bot", "choose hand:Viper"} {
		act, err := g.ParseAction(0, a)
		if err == nil {
			err = g.Apply(0, act)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || !strings.Contains(g.Fault(), "scrapped") {
		t.Errorf("cards scrapped past the limit: over %v, fault %q", g.Over(), g.Fault())
	}
}

// TestDiscardsOwedPastTheLimit: "opponent discards" owed at the next turn start (the SR 4.13
// option) are counted in a byte: 255 are kept (the printed cards owe at most about 30 in a
// round), one more ends the game with a fault.
func TestDiscardsOwedPastTheLimit(t *testing.T) {
	s := newPos(t, Position{Options: Options{DiscardAtTurnStart: true}, Seed: 1, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: []string{"Imperial Fighter", "Imperial Fighter"}, Deck: copies("Scout", 5)},
		{Name: "Bob", Hand: cardList("Scout", 3, "Viper", 2), Deck: copies("Scout", 5)},
	}})
	s.P[1].PendingDiscard = 0xfe
	d := newDriver(t, s)
	d.do("Ann", "play Imperial Fighter")
	if s.P[1].PendingDiscard != 0xff || s.Over() {
		t.Fatalf("pending discards: %d", s.P[1].PendingDiscard)
	}
	if err := s.Apply(0, mkPlay(s.cat.byName["imperial fighter"])); err != nil {
		t.Fatal(err)
	}
	if !s.Over() || !strings.Contains(s.Fault(), "discards owed") {
		t.Fatalf("over %v, fault %q", s.Over(), s.Fault())
	}
}

// TestSetupLimits: what setup refuses, with a clear reason, so that no count passes its type
// during play.
func TestSetupLimits(t *testing.T) {
	cat := loadCat(t)
	pos := func(scouts int) Position {
		return Position{Seed: 1, Players: []PlayerSetup{{Name: "Ann", Deck: copies("Scout", scouts)}, {Name: "Bob", Hand: []string{"Viper"}}}}
	}
	if _, err := NewPosition(cat, pos(maxCopies)); err != nil {
		t.Fatalf("%d Scouts: %v", maxCopies, err)
	}
	if _, err := NewPosition(cat, pos(maxCopies+1)); err == nil || !strings.Contains(err.Error(), "at most 255 copies") {
		t.Fatalf("%d Scouts: %v", maxCopies+1, err)
	}
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{Names: []string{"A", "B"}, MaxRounds: maxRoundsLimit + 1}, "max_rounds"},
		{Options{Names: []string{"A", "B"}, Explorers: 201}, "explorers"},
		{Options{Names: []string{"A", "B"}, Explorers: -1}, "explorers"},
	} {
		if _, err := NewGame(cat, tt.opts, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v", tt.opts, err)
		}
	}
	if _, err := NewGame(cat, Options{Names: []string{"A", "B"}, MaxRounds: maxRoundsLimit}, 1); err != nil {
		t.Errorf("max_rounds %d: %v", maxRoundsLimit, err)
	}
	var o Options
	if err := SetOption(&o, "max_rounds", "65536"); err == nil || !strings.Contains(err.Error(), "65535") {
		t.Errorf("option max_rounds=65536: %v", err)
	}

	// A campaign whose designs and unused sticker rows could need more CardIDs than a byte.
	var y strings.Builder
	y.WriteString("set: extra\ncards:\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&y, "  - name: Extra %d\n    faction: Blob\n    type: ship\n    cost: 1\n    quantity: 1\n    primary: combat 1\n", i)
	}
	big, err := cat.WithCards("extra.yaml", []byte(y.String()))
	if err != nil {
		t.Fatal(err)
	}
	sheets := func(prefix string, n int) []StickerSheet {
		var out []StickerSheet
		for i := 0; i < n; i++ {
			out = append(out, testSheet(fmt.Sprintf("%s %d", prefix, i+1)))
		}
		return out
	}
	camp := &Campaign{Seats: []CampaignSeat{{Faction: StarEmpire, Sheets: sheets("Empire", 7)}, {Faction: TradeFederation, Sheets: sheets("Federation", 7)}}}
	if _, err := NewGame(big, Options{Names: []string{"A", "B"}, Campaign: camp}, 1); err == nil || !strings.Contains(err.Error(), "card ids") {
		t.Fatalf("a campaign that could need %d ids: %v", big.NumIDs()+70, err)
	}
	camp.Seats[1].Sheets = sheets("Federation", 5)
	if _, err := NewGame(big, Options{Names: []string{"A", "B"}, Campaign: camp}, 1); err != nil {
		t.Fatalf("a campaign that needs at most %d ids: %v", big.NumIDs()+60, err)
	}

	for _, tt := range []struct{ text, want string }{
		{strings.TrimSuffix(strings.Repeat("trade 1; ", maxEffects+1), "; "), "at most 99"},
		{"choose one: " + strings.TrimSuffix(strings.Repeat("trade 1 | ", maxEffects+1), " | "), "at most 99"},
	} {
		if _, err := ParseAbility(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.40q...: %v", tt.text, err)
		}
	}
	if _, err := ParseAbility(strings.TrimSuffix(strings.Repeat("trade 1; ", maxEffects), "; ")); err != nil {
		t.Errorf("%d effects: %v", maxEffects, err)
	}
	if _, err := ParseCardFile("big.yaml", []byte("set: x\ncards:\n  - name: Huge\n    faction: Blob\n    type: base\n    defense: 100\n    cost: 1\n    quantity: 1\n")); err == nil || !strings.Contains(err.Error(), "defense") {
		t.Errorf("defense 100: %v", err)
	}
}

// hoarder plays everything and buys the best card it can, never attacking and never
// scrapping a card of its own: its deck grows over a long game.
type hoarder struct{}

func (hoarder) Name() string { return "hoarder" }
func (hoarder) Choose(v engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return Greedy{}.Choose(v, peaceful(legal), rng)
}

// peaceful drops attacks and scrap abilities from a main-phase list (decisions keep all
// their answers).
func peaceful(legal []engine.Action) []engine.Action {
	out := make([]engine.Action, 0, len(legal))
	for _, a := range legal {
		switch k := kindOf(a); {
		case k == actAttackPlayer || k == actAttackBase:
		case k == actUse && Slot(zoneOf(a)) == ScrapSlot:
		default:
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// idleBot ends its turns at once and answers decisions with their first answer.
type idleBot struct{}

func (idleBot) Name() string { return "idle" }
func (idleBot) Choose(_ engine.Observation, legal []engine.Action, _ *engine.RNG) engine.Action {
	for _, a := range legal {
		if kindOf(a) == actEnd {
			return a
		}
	}
	return legal[0]
}

// TestLongGameHoardsEveryCard: over a long game (max_rounds raised, the Explorer pile of 200)
// one player buys the whole trade deck and scores of Explorers while the other passes: the
// deck and discard pile pass 200 cards, the play area holds every base of both sets, and the
// game ends at the round cap with every invariant kept after every action.
func TestLongGameHoardsEveryCard(t *testing.T) {
	s, err := NewGame(loadCat(t), Options{Names: []string{"Ann", "Bob"}, Sets: []string{"core", "colony-wars"},
		MaxRounds: 320, Explorers: 200, FirstPlayer: 1}, 7)
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, s)
	d.every = 97
	bots := []engine.Bot{hoarder{}, idleBot{}}
	for !s.Over() {
		m := s.toMove()
		d.apply(m, bots[m].Choose(s.Observe(m, nil), s.Legal(m, nil), &d.rng))
	}
	if s.Fault() != "" || len(s.Winners()) != 0 || s.Rounds != 320 {
		t.Fatalf("the game ended after %d rounds, winners %v, fault %q; want a draw at the cap", s.Rounds, s.Winners(), s.Fault())
	}
	if d.maxOwn <= maxOwn || d.maxPly <= maxPlay {
		t.Fatalf("largest deck and discard pile %d, play area %d: the game never outgrew the arrays (%d, %d)", d.maxOwn, d.maxPly, maxOwn, maxPlay)
	}
	t.Logf("%d actions; at most %d cards in deck and discard, %d in hand, %d in play", d.n, d.maxOwn, d.maxHnd, d.maxPly)
}

// TestCloneIsDeepEqual: a copy equals its State field by field, grown zones included, as the
// scenario runner checks that a refused action changed nothing (reflect.DeepEqual of a Clone
// taken before). The players past the seats in use stay zero in both.
func TestCloneIsDeepEqual(t *testing.T) {
	cat := loadCat(t)
	g, err := NewGame(cat, Options{Format: "ffa", Names: names(3)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := newPos(t, Position{Seed: 1, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: copies("Scout", maxHand+1), Deck: copies("Viper", 5), InPlay: copies("Blob Wheel", maxPlay+1)},
		{Name: "Bob", Hand: copies("Scout", 5)},
	}})
	if p.big == nil || p.P[0].big != bigHand|bigPlay {
		t.Fatalf("the position's zones did not grow: flags %b", p.P[0].big)
	}
	for _, s := range []*State{g, p} {
		var into State
		s.CopyTo(&into)
		for _, c := range []*State{s.Clone().(*State), s.CloneInto(new(State)).(*State), &into} {
			if !reflect.DeepEqual(c, s) {
				t.Fatal("a copy differs from its State")
			}
			if s.big != nil && &c.big.z[0].hand[0] == &s.big.z[0].hand[0] {
				t.Fatal("a copy shares a grown zone with its State")
			}
		}
	}
}

// TestObservationOfAReusedStateWithoutBigZones: a search deals State after State into one
// scratch and observes it each time. An observation made while the scratch held a hand past
// its array (in the big zones) must not keep reading that heap copy once the scratch holds a
// game without big zones: refilled, it equals an observation made afresh.
func TestObservationOfAReusedStateWithoutBigZones(t *testing.T) {
	hand := fullHand()
	big := newPos(t, Position{Options: both(), Seed: 9, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: hand, Deck: cardList("Leviathan", "Moonwurm", "Scout", 8, "Viper", 2)},
		{Name: "Bob", Hand: cardList("Scout", 5), Deck: cardList("Scout", 3, "Viper", 2)},
	}})
	newDriver(t, big).do("Ann", "play Command Ship")
	if big.big == nil {
		t.Fatal("Ann's hand did not grow past its array")
	}
	small := newPos(t, Position{Options: both(), Seed: 9, Active: "Ann", Players: []PlayerSetup{
		{Name: "Ann", Hand: cardList("Scout", 3, "Viper", 2), Deck: cardList("Cutter", 4), Discard: cardList("Trade Pod", 2)},
		{Name: "Bob", Hand: cardList("Scout", 5), Deck: cardList("Scout", 3, "Viper", 2)},
	}})
	scratch := big.Clone().(*State)
	obs := scratch.Observe(0, nil).(*Observation)
	small.CloneInto(scratch)
	if scratch.big != nil {
		t.Fatal("the scratch kept big zones")
	}
	obs = scratch.Observe(0, obs).(*Observation)
	fresh := scratch.Observe(0, nil).(*Observation)
	for seat := engine.Seat(0); seat < 2; seat++ {
		if !slices.Equal(obs.Hand(seat), fresh.Hand(seat)) || !slices.Equal(obs.Discard(seat), fresh.Discard(seat)) ||
			!slices.Equal(obs.Unseen(seat).Sorted(nil), fresh.Unseen(seat).Sorted(nil)) {
			t.Fatalf("seat %d: the refilled observation shows hand %v, discard %v, unseen %v; afresh %v, %v, %v", seat,
				obs.Hand(seat), obs.Discard(seat), obs.Unseen(seat).Sorted(nil), fresh.Hand(seat), fresh.Discard(seat), fresh.Unseen(seat).Sorted(nil))
		}
	}
	if obs.Key() != fresh.Key() {
		t.Fatal("the refilled observation's key differs from a fresh one's")
	}
}
