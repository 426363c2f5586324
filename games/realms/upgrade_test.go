package realms

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
)

// testSheet is a sticker sheet of our own for tests: every cost from 1 to 8 is served.
func testSheet(name string) StickerSheet {
	return StickerSheet{Name: name, Rows: []StickerRow{
		{Costs: []int{1, 2}, Ship: "and combat 2", Base: "authority 3"},
		{Costs: []int{3}, Ship: "draw 1", Base: "trade 1"},
		{Costs: []int{4}, Ship: "and trade 1", Base: "combat 2"},
		{Costs: []int{5, 6}, Ship: "may scrap 1 from hand/discard", Base: "draw 1"},
		{Costs: []int{7, 8}, Ship: "combat 3", Base: "trade 2"},
	}}
}

func testCampaign(political bool) *Campaign {
	return &Campaign{
		Seats: []CampaignSeat{
			{Faction: StarEmpire, Sheets: []StickerSheet{testSheet("Empire 1"), testSheet("Empire 2")},
				Used: []RowRef{{"Empire 1", 1}}, Current: "Empire 2"},
			{Faction: TradeFederation, Sheets: []StickerSheet{testSheet("Federation 1")}, Current: "Federation 1"},
		},
		Upgraded:  []Upgrade{{Card: "Cutter", Sheet: "Empire 1", Row: 1, Faction: StarEmpire}},
		Political: political,
	}
}

// foldedCounts counts cards with every upgraded copy counted as its printed card: an upgrade
// changes a card, it neither makes nor destroys one.
func foldedCounts(s *State) map[CardID]int {
	out := map[CardID]int{}
	for id, n := range s.CardCounts() {
		if n == 0 {
			continue
		}
		c := CardID(id)
		if b := s.cat.Card(c).Base; b != 0 {
			c = b
		}
		out[c] += n
	}
	return out
}

// TestCampaignGames plays whole campaign games with every bot and checks, after every
// action, the text round trip, card conservation, the invariants and hidden information; and
// at the end that every upgrade respects SR 8.5.
func TestCampaignGames(t *testing.T) {
	cat := loadCat(t)
	pairs := map[string][]engine.Bot{
		"random":   {randomBot{}, randomBot{}},
		"greedy":   {Greedy{}, Greedy{}},
		"velocity": {Velocity{}, Greedy{}},
	}
	upgrades := 0
	political := 0
	for name, pair := range pairs {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 15; seed++ {
				s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: testCampaign(seed%2 == 0)}, seed)
				if err != nil {
					t.Fatal(err)
				}
				counts := foldedCounts(s)
				rng := engine.NewRNG(seed)
				for n := 0; !s.Over(); n++ {
					seat := s.toMove()
					legal := s.Legal(seat, nil)
					a := pair[seat].Choose(s.Observe(seat, nil), legal, &rng)
					text := s.ActionText(seat, a)
					if back, err := s.ParseAction(seat, text); err != nil || back != a {
						t.Fatalf("seed %d: %q parses to %v, %v", seed, text, back, err)
					}
					if err := s.Apply(seat, a); err != nil {
						t.Fatalf("seed %d: legal action refused: %v", seed, err)
					}
					if got := foldedCounts(s); fmt.Sprint(got) != fmt.Sprint(counts) {
						t.Fatalf("seed %d: after %q cards are not conserved", seed, text)
					}
					if err := s.CheckInvariants(); err != nil {
						t.Fatalf("seed %d: after %q: %v", seed, text, err)
					}
					if n%11 == 0 {
						checkHidden(t, s, &rng, text)
					}
				}
				seen := map[RowRef]bool{{"Empire 1", 1}: true}
				for _, u := range s.UpgradesMade() {
					if seen[u.Row] {
						t.Fatalf("seed %d: row %v used twice", seed, u.Row)
					}
					seen[u.Row] = true
					id, _ := cat.Lookup(u.Card)
					b := s.cat.book
					r, _ := b.row(u.Row)
					if !b.rows[r].serves(cat.Card(id).Cost) || b.rows[r].Seat != u.Seat {
						t.Fatalf("seed %d: %s upgraded with %v by seat %d", seed, u.Card, u.Row, u.Seat)
					}
					upgrades++
				}
				if w := s.Winners(); len(w) == 1 && s.opts.Campaign.Political && s.P[1-w[0]].Authority > 0 {
					political++
				}
			}
		})
	}
	if upgrades == 0 {
		t.Fatal("no bot ever upgraded a card")
	}
	t.Logf("%d upgrades, %d political victories", upgrades, political)
}

// TestUpgradeCopiesTheCatalog checks the copy on write of a campaign game's catalog: a clone
// taken before an upgrade keeps its catalog, and identical upgraded copies share one id.
func TestUpgradeCopiesTheCatalog(t *testing.T) {
	cat := loadCat(t)
	pos := Position{Options: Options{Campaign: testCampaign(false)}, Seed: 1,
		Players: []PlayerSetup{
			{Name: "Ann", Hand: []string{"Trade Pod", "Trade Pod"}, Discard: []string{"Cutter (Empire 1/1)"}},
			{Name: "Bob", Hand: []string{"Scout"}},
		},
		TradeRow: []string{"Corvette", "Cutter (Empire 1/1)", "Ram", "Blob Wheel", "Barter World"}, TradeDeck: []string{"Trade Pod"}, Active: "Ann"}
	s, err := NewPosition(cat, pos)
	if err != nil {
		t.Fatal(err)
	}
	if s.Row[1] != s.discard(&s.P[0])[0] {
		t.Fatal("two identical upgraded copies got different ids")
	}
	before := s.Clone().(*State)
	n := s.cat.NumIDs()
	for _, a := range []string{"play Trade Pod", "play Trade Pod", "buy Corvette upgrade Empire 2 row 1"} {
		act, err := s.ParseAction(0, a)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(0, act); err != nil {
			t.Fatal(err)
		}
	}
	if s.cat.NumIDs() != n+1 || before.cat.NumIDs() != n || before.cat == s.cat {
		t.Fatalf("ids: %d after the upgrade, %d in the clone, from %d", s.cat.NumIDs(), before.cat.NumIDs(), n)
	}
	id := s.discard(&s.P[0])[0] // the newest card of the discard pile comes first
	if got := s.cat.Card(id).Name; got != "Corvette (Empire 2/1)" {
		t.Fatalf("the upgraded copy is named %q", got)
	}
	if f := s.cat.Card(id).Faction; f != StarEmpire {
		t.Fatalf("an upgraded Star Empire card by the Star Empire has factions %v", f.Names())
	}
	if _, err := before.cat.Lookup("Corvette (Empire 2/1)"); err == nil {
		t.Fatal("the clone taken before the upgrade knows the upgraded copy")
	}
	// A determinized copy keeps the upgraded copies.
	rng := engine.NewRNG(3)
	d := s.Observe(1, nil).Determinize(nil, &rng).(*State)
	if d.cat.Card(id).Name != "Corvette (Empire 2/1)" || d.CardCounts() != s.CardCounts() {
		t.Fatal("Determinize lost an upgraded copy")
	}
	if got := s.RowsUsedBy(0); !slices.Equal(got, []RowRef{{"Empire 1", 1}, {"Empire 2", 1}}) {
		t.Fatalf("rows used: %v", got)
	}
}

// TestCampaignSetupErrors checks that a malformed campaign is refused with a precise reason.
func TestCampaignSetupErrors(t *testing.T) {
	cat := loadCat(t)
	four := testSheet("Empire 1")
	four.Rows = four.Rows[:4]
	badSticker := testSheet("Empire 1")
	badSticker.Rows[2].Base = "combat lots"
	cases := []struct {
		name string
		edit func(c *Campaign)
		want string
	}{
		{"seats", func(c *Campaign) { c.Seats = c.Seats[:1] }, "1 seats for 2 players"},
		{"rows", func(c *Campaign) { c.Seats[0].Sheets[0] = four }, "has 4 rows"},
		{"sticker", func(c *Campaign) { c.Seats[0].Sheets[0] = badSticker }, "row 3, base sticker"},
		{"duplicate sheet", func(c *Campaign) { c.Seats[1].Sheets[0].Name = "empire 2" }, "already Ann's"},
		{"sheet name", func(c *Campaign) { c.Seats[1].Sheets[0].Name = "Fed/1" }, "may not contain"},
		{"used row", func(c *Campaign) { c.Seats[0].Used = []RowRef{{"Federation 1", 2}} }, "not a row of this player's sheets"},
		{"current", func(c *Campaign) { c.Seats[1].Current = "Empire 1" }, "not one of this player's sheets"},
		{"political", func(c *Campaign) { c.Political, c.Seats[1].Current = true, "" }, "needs the current sheet"},
		{"faction", func(c *Campaign) { c.Seats[0].Faction = StarEmpire | Blob }, "must be one faction"},
		{"upgraded row", func(c *Campaign) { c.Upgraded[0].Row = 9 }, "no sticker row Empire 1/9"},
		{"upgraded card", func(c *Campaign) { c.Upgraded[0].Card = "Cuter" }, `did you mean "Cutter"`},
		{"no copy left", func(c *Campaign) {
			c.Upgraded = append(c.Upgraded, Upgrade{Card: "Command Ship", Sheet: "Empire 1", Row: 5}, Upgrade{Card: "Command Ship", Sheet: "Empire 2", Row: 5})
		}, "no plain copy"},
		{"turn start", func(c *Campaign) { c.Seats[1].TurnStart = "gain 1 trade" }, "turn_start"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := testCampaign(false)
			tc.edit(c)
			_, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: c}, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestCampaignNewGame checks what NewGame does with a campaign: the upgraded copies replace
// plain ones in the trade deck, and the seat hooks apply.
func TestCampaignNewGame(t *testing.T) {
	cat := loadCat(t)
	c := testCampaign(false)
	c.Seats[0].Authority = 40
	c.Seats[0].Hand = []string{"Corvette"}
	c.Seats[0].InPlay = []string{"Space Station"}
	c.Seats[1].Deck = []string{"Cutter", "Freighter (Federation 1/3)"}
	c.Seats[1].TurnStart = "trade 1"
	s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: c, FirstPlayer: 2}, 4)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := cat.Lookup("Cutter")
	up, err := s.cat.Lookup("Cutter (Empire 1/1)")
	if err != nil {
		t.Fatal(err)
	}
	counts := s.CardCounts()
	if counts[up] != 1 || counts[plain] != cat.Card(plain).Quantity-1+1 { // one replaced, one added to Bob's deck
		t.Fatalf("%d upgraded and %d plain Cutters", counts[up], counts[plain])
	}
	if s.P[0].Authority != 40 || !slices.Contains(s.hand(&s.P[0]), mustID(t, cat, "Corvette")) || s.P[0].PlayN != 1 {
		t.Fatal("Ann's hooks did not apply")
	}
	if s.P[1].Trade != 1 || int(s.P[1].DeckN)+int(s.P[1].HandN) != 12 {
		t.Fatalf("Bob: trade %d at the start of his first turn, %d cards", s.P[1].Trade, int(s.P[1].DeckN)+int(s.P[1].HandN))
	}
	if len(s.UpgradesMade()) != 0 || s.UpgStart != uint8(len(s.cat.ext)) {
		t.Fatal("setup counted as upgrades made")
	}
}

// TestPersonalDeck checks SR 7.3: a campaign seat's personal deck replaces the 8 Scouts and 2
// Vipers, the scenario's extra deck cards are shuffled in before the opening hand is drawn
// (so over many seeds they reach the opening hand), and an unknown card is refused.
func TestPersonalDeck(t *testing.T) {
	cat := loadCat(t)
	personal := append(slices.Repeat([]string{"Scout"}, 8), "Viper", "Imperial Fighter", "Cutter")
	inHand := 0
	for seed := uint64(1); seed <= 40; seed++ {
		c := testCampaign(false)
		c.Seats[0].StartingDeck = personal
		c.Seats[0].Deck = []string{"Corvette"}
		s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: c, FirstPlayer: 1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, id := range append(slices.Clone(s.hand(&s.P[0])), s.P[0].Own[:s.P[0].DeckN]...) {
			got[s.cat.Card(id).Name]++
		}
		want := map[string]int{"Scout": 8, "Viper": 1, "Imperial Fighter": 1, "Cutter": 1, "Corvette": 1}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d: Ann's cards %v, want %v", seed, got, want)
		}
		if n := int(s.P[1].DeckN) + int(s.P[1].HandN); n != 10 {
			t.Fatalf("seed %d: Bob has %d cards, want the standard 10", seed, n)
		}
		if slices.Contains(s.hand(&s.P[0]), mustID(t, cat, "Corvette")) {
			inHand++
		}
	}
	if inHand == 0 {
		t.Error("the extra deck card never reached an opening hand in 40 games: it is not shuffled in before the draw")
	}
	c := testCampaign(false)
	c.Seats[1].StartingDeck = []string{"Scout", "Vipr"}
	if _, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: c}, 1); err == nil || !strings.Contains(err.Error(), "Viper") {
		t.Errorf("an unknown personal-deck card: error %v, want one suggesting Viper", err)
	}
}

func mustID(t *testing.T, cat *Catalog, name string) CardID {
	t.Helper()
	id, err := cat.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestGenericOnAcquire checks SR 7.2's table for each faction and cost band, and that other
// factions and costs get nothing.
func TestGenericOnAcquire(t *testing.T) {
	cases := []struct {
		f    Faction
		cost int
		want string
	}{
		{Consortium, 1, "may draw 1 then discard 1"}, {Consortium, 4, "may draw 1 then discard 1"},
		{Consortium, 5, "may draw 1"}, {Consortium, 6, "may draw 1"}, {Consortium, 8, "may draw 2 then discard 1"},
		{Kingdom, 2, "trade 2"}, {Kingdom, 5, "trade 3"}, {Kingdom, 7, "trade 5"},
		{Scavengers, 3, "may scrap 1 from hand"}, {Scavengers, 6, "may scrap 1 from hand/discard"},
		{Scavengers, 7, "scrap up to 2 from hand/discard"},
		{Kingdom | StarEmpire, 4, "trade 2"}, {Blob, 4, ""}, {Kingdom, 0, ""}, {Kingdom, 9, ""},
	}
	for _, tc := range cases {
		got := genericOnAcquire(tc.f, tc.cost)
		if got != tc.want {
			t.Errorf("%v cost %d: %q, want %q", tc.f.Names(), tc.cost, got, tc.want)
		}
		if got == "" {
			continue
		}
		ab, err := ParseAbility(got)
		if err != nil || abilityText(ab) != got {
			t.Errorf("%q does not round-trip: %q, %v", got, abilityText(ab), err)
		}
	}
}

// TestUpgradedNames checks the upgraded copy's name form both ways, and the parsing of
// stickers.
func TestUpgradedNames(t *testing.T) {
	for _, n := range []string{"Cutter (Empire 1/3)", "Blob World (My sheet/5)", " Ram ( Empire 2 / 1 ) "} {
		card, ref, ok := splitUpgradedName(n)
		if !ok || strings.TrimSpace(UpgradedName(card, ref)) == "" || ref.Row < 1 {
			t.Fatalf("%q: %q %v %v", n, card, ref, ok)
		}
	}
	for _, n := range []string{"Cutter", "Cutter (Empire 1)", "Cutter (Empire 1/x)", "Cutter (Empire 1/3"} {
		if _, _, ok := splitUpgradedName(n); ok {
			t.Fatalf("%q read as an upgraded name", n)
		}
	}
	stickers := []struct {
		text string
		ok   bool
		on   Slot
	}{{"and combat 2", true, Primary}, {"draw 1; trade 1", true, Primary}, {"AND authority 3", true, Primary},
		{"ally: draw 1", true, Ally}, {"Scrap: combat 3", true, ScrapSlot}, {"scrap:", false, ScrapSlot},
		{"copy another ship played this turn", false, Primary}, {"and", false, Primary}}
	for _, st := range stickers {
		_, on, err := ParseSticker(st.text)
		if (err == nil) != st.ok || on != st.on {
			t.Errorf("sticker %q: %v, follows %v", st.text, err, on)
		}
	}
}

// TestCheckUpgrade checks the validation of an upgrade made outside a game (SR 8.10).
func TestCheckUpgrade(t *testing.T) {
	cat := loadCat(t)
	camp := testCampaign(false)
	cases := []struct {
		seat int
		card string
		ref  RowRef
		want string // "" for allowed
	}{
		{0, "Corvette", RowRef{"Empire 2", 1}, ""},
		{0, "Barter World", RowRef{"empire 2", 3}, ""},
		{0, "Corvette", RowRef{"Empire 1", 1}, "used up"},
		{1, "Corvette", RowRef{"Empire 2", 1}, "no row Empire 2/1"},
		{0, "Corvette", RowRef{"Empire 2", 2}, "serves printed cost 3"},
		{0, "Explorer", RowRef{"Empire 2", 1}, "cannot be upgraded"},
		{0, "Scout", RowRef{"Empire 2", 1}, "cannot be upgraded"},
		{0, "Corvete", RowRef{"Empire 2", 1}, "did you mean"},
		{2, "Corvette", RowRef{"Empire 2", 1}, "no seat 3"},
	}
	for _, tc := range cases {
		err := cat.CheckUpgrade(camp, tc.seat, tc.card, tc.ref)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s with %v: %v, want %q", tc.card, tc.ref, err, tc.want)
		}
	}
	camp.Seats[0].Sheets[1].Rows[0].Base = ""
	if err := cat.CheckUpgrade(camp, 0, "Storage Silo", RowRef{"Empire 2", 1}); err == nil || !strings.Contains(err.Error(), "no base sticker") {
		t.Errorf("a missing base sticker: %v", err)
	}
}

// TestCampaignIllegalActionsChangeNothing sends campaign games actions Legal did not list,
// upgrades with any row among them, and checks each is refused with a reason and changes
// nothing (SR 11.3).
func TestCampaignIllegalActionsChangeNothing(t *testing.T) {
	cat := loadCat(t)
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: testCampaign(true)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		rows := len(s.cat.book.rows)
		for n := 0; n < 300 && !s.Over(); n++ {
			seat := s.toMove()
			legal := s.Legal(seat, nil)
			for k := 0; k < 12; k++ {
				c := CardID(1 + rng.Intn(s.cat.NumIDs()+2))
				var a engine.Action
				switch k % 3 {
				case 0:
					a = mk(actBuy, c, 0, 0, rng.Intn(rows+3))
				case 1:
					a = mk(actChooseCard, c, zRow, 0, rng.Intn(rows+3)<<1)
				default:
					a = engine.Action(rng.Uint64())
				}
				for _, who := range []engine.Seat{seat, 1 - seat} {
					if who == seat && contains(legal, a) {
						continue
					}
					before := *s
					err := s.Apply(who, a)
					if err == nil {
						t.Fatalf("seed %d: illegal %q by seat %d accepted", seed, s.ActionText(who, a), who)
					}
					if *s != before || err.Error() == "" {
						t.Fatalf("seed %d: refused %q changed the state or gave no reason", seed, s.ActionText(who, a))
					}
				}
			}
			s.ApplyTrusted(seat, legal[rng.Intn(len(legal))])
		}
	}
}
