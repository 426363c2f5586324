package campaigns

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"starnexus/games/realms"
)

func printed(t *testing.T) *realms.Catalog {
	t.Helper()
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestShippedCampaigns loads every embedded campaign and sets up every scenario's game, for
// both first players and every setup choice, through the engine.
func TestShippedCampaigns(t *testing.T) {
	if len(Names()) == 0 {
		t.Fatal("no campaign is embedded")
	}
	for _, id := range Names() {
		c, err := Load(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Scenarios) != Scenarios {
			t.Fatalf("%s: %d scenarios", id, len(c.Scenarios))
		}
		perSeat := [2]int{}
		for _, sh := range c.Sheets {
			perSeat[sh.Seat]++
			for k, row := range sh.Rows {
				for col, text := range map[string]string{"ship": row.Ship, "base": row.Base} {
					if text == "" {
						continue
					}
					if _, _, err := realms.ParseSticker(text); err != nil {
						t.Errorf("%s: sheet %s row %d %s: %v", id, sh.Name, k+1, col, err)
					}
				}
			}
		}
		for n, s := range c.Scenarios {
			cat, err := c.GameCatalog(s.Number)
			if err != nil {
				t.Fatal(err)
			}
			for first := range 2 {
				for k := range max(1, len(s.Options())) {
					hooks, err := s.Hooks(first, k)
					if err != nil {
						t.Fatal(err)
					}
					camp := &realms.Campaign{Political: s.Political}
					for i := range 2 {
						cs := hooks[i]
						cs.Faction = c.Seats[i].Faction
						cs.StartingDeck = c.Seats[i].PersonalDeck
						for _, sh := range c.Sheets {
							if sh.Seat == i {
								cs.Sheets = append(cs.Sheets, sh.StickerSheet)
							}
						}
						cs.Current = s.Sheets[i]
						camp.Seats = append(camp.Seats, cs)
					}
					opts := realms.Options{Sets: c.GameSets(), Names: []string{"A", "B"}, FirstPlayer: first + 1, Campaign: camp}
					if err := s.GameOptions(&opts); err != nil {
						t.Fatal(err)
					}
					if _, err := realms.NewGame(cat, opts, uint64(n)); err != nil {
						t.Errorf("%s: scenario %d, first %d, option %d: %v", id, s.Number, first+1, k+1, err)
					}
				}
			}
		}
		t.Logf("%s: %d sheets per seat %v, %d scenarios", id, len(c.Sheets), perSeat, len(c.Scenarios))
	}
}

// TestFrontierAccord checks the shipped campaign against the task's requirements.
func TestFrontierAccord(t *testing.T) {
	c, err := Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	if c.Seats[0].Faction != realms.StarEmpire || c.Seats[1].Faction != realms.TradeFederation {
		t.Errorf("seats %v %v: seat 1 plays the Star Empire, seat 2 the Trade Federation", c.Seats[0].Faction.Names(), c.Seats[1].Faction.Names())
	}
	for i, s := range c.Scenarios {
		if got, want := s.Political, i < 4; got != want {
			t.Errorf("scenario %d: political %v, want %v (SR 8.7)", i+1, got, want)
		}
		if i < 4 && (s.Sheets[0] == "" || s.Sheets[1] == "") {
			t.Errorf("scenario %d gives no sheet", i+1)
		}
	}
	choices, rules := 0, 0
	for _, s := range c.Scenarios {
		if s.Choice != nil {
			choices++
		}
		if len(s.Rules) > 0 {
			rules++
		}
	}
	if choices < 3 || rules < 3 {
		t.Errorf("%d scenarios with a choice, %d with rule changes; want several of each", choices, rules)
	}
	// The Consortium, Kingdom and Scavengers cards get the SR 7.2 on-acquire from faction
	// and cost alone.
	cat := c.Catalog()
	for _, want := range []struct {
		card, acquire string
	}{{"Relay Broker", "may draw 1 then discard 1"}, {"Toll Station", "may draw 1"}, {"Crown Herald", "trade 2"}, {"Royal Granary", "trade 3"}, {"Salvage Skiff", "may scrap 1 from hand"}, {"Wreck Hauler", "scrap up to 2 from hand/discard"}} {
		id, err := cat.Lookup(want.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Card(id).Texts[realms.OnAcquire]; got != want.acquire {
			t.Errorf("%s: on-acquire %q, want %q (SR 7.2)", want.card, got, want.acquire)
		}
	}
	// Unlocked cards enter the trade deck from their scenario on, and stay.
	for _, tc := range []struct {
		scenario int
		card     string
		copies   int
	}{{1, "Relay Broker", 0}, {2, "Relay Broker", 2}, {12, "Relay Broker", 2}, {4, "Wreck Hauler", 1}, {3, "Wreck Hauler", 0}} {
		gc, err := c.GameCatalog(tc.scenario)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := gc.Lookup(tc.card)
		card := gc.Card(id)
		got := 0
		if card.Deck == realms.TradeDeck {
			got = card.Quantity
		}
		if got != tc.copies {
			t.Errorf("scenario %d: %d copies of %s in the trade deck, want %d", tc.scenario, got, tc.card, tc.copies)
		}
	}
}

// base is a valid minimal campaign; the malformed cases edit it.
const base = `name: Test
sets: [core]
cards: cards.yaml
seats:
  - {faction: Star Empire, personal_deck: [Scout x8, Viper x2, Runner]}
  - {faction: Trade Federation, personal_deck: [Scout x8, Viper x2]}
sheets:
  - name: E1
    seat: 1
    rows:
      - {costs: [1], ship: and combat 1, base: authority 1}
      - {costs: [2], ship: and combat 1}
      - {costs: [3], ship: and combat 1}
      - {costs: [4], ship: and combat 1}
      - {costs: [5], ship: and combat 1}
  - name: F1
    seat: 2
    rows:
      - {costs: [1], ship: and trade 1}
      - {costs: [2], ship: and trade 1}
      - {costs: [3], ship: and trade 1}
      - {costs: [4], ship: and trade 1}
      - {costs: [5], ship: and trade 1}
scenarios:
  - {number: 1, name: One, sheets: [E1, F1], political: true, victory_points: 1}
  - {number: 2, name: Two, victory_points: 1, trade_deck: [Broker x2], rules: [{who: first, authority: 40}]}
  - number: 3
    name: Three
    victory_points: 1
    choice:
      prompt: Pick
      options:
        - {name: A, rules: [{who: both, turn_start: trade 1}]}
        - {name: B, rules: [{who: second, hand: [Viper]}]}
  - {number: 4, name: Four, victory_points: 1}
  - {number: 5, name: Five, victory_points: 1}
  - {number: 6, name: Six, victory_points: 1}
  - {number: 7, name: Seven, victory_points: 1}
  - {number: 8, name: Eight, victory_points: 1}
  - {number: 9, name: Nine, victory_points: 1}
  - {number: 10, name: Ten, victory_points: 1}
  - {number: 11, name: Eleven, victory_points: 1}
  - {number: 12, name: Twelve, victory_points: 3}
`

const cardsFile = `set: test-campaign
cards:
  - {name: Runner, faction: Star Empire, type: ship, quantity: 1, deck: starting, primary: trade 1}
  - {name: Broker, faction: Consortium, type: ship, cost: 3, quantity: 2, primary: trade 2}
`

func parse(t *testing.T, campaign, cards string) (*Campaign, error) {
	t.Helper()
	fsys := fstest.MapFS{"x/campaign.yaml": {Data: []byte(campaign)}, "x/cards.yaml": {Data: []byte(cards)}}
	return LoadFS(fsys, "x", printed(t))
}

func TestMinimalCampaign(t *testing.T) {
	c, err := parse(t, base, cardsFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Seats[0].PersonalDeck) != 11 || c.Seats[0].PersonalDeck[10] != "Runner" {
		t.Errorf("personal deck %v", c.Seats[0].PersonalDeck)
	}
	h, err := c.Scenarios[1].Hooks(1, 0)
	if err != nil || h[1].Authority != 40 || h[0].Authority != 0 {
		t.Errorf("scenario 2 with seat 2 first: hooks %+v, %v; want authority 40 for seat 2", h, err)
	}
	h, err = c.Scenarios[2].Hooks(0, 1)
	if err != nil || len(h[1].Hand) != 1 || len(h[0].Hand) != 0 || h[0].TurnStart != "" {
		t.Errorf("scenario 3 option B with seat 1 first: hooks %+v, %v", h, err)
	}
	if _, err := c.Scenarios[2].Hooks(0, 2); err == nil {
		t.Error("option 3 of a 2-option choice accepted")
	}
}

func TestMalformed(t *testing.T) {
	for _, tc := range []struct {
		name       string
		from, to   string // replace in base (from "" : use to as the whole file)
		cards      string // "" keeps cardsFile
		wantInErrs []string
	}{
		{"unknown top key", "sets: [core]", "sets: [core]\nsetts: [x]", "", []string{"x/campaign.yaml", `unknown field "setts"`, "line 3", `did you mean "sets"?`}},
		{"unknown nested key", "{costs: [2], ship: and combat 1}", "{costs: [2], shp: and combat 1}", "", []string{`sheets[0].rows[1]: unknown field "shp"`, `did you mean "ship"?`}},
		{"unknown rule key", "{who: first, authority: 40}", "{hwo: first, authority: 40}", "", []string{`scenarios[1].rules[0]: unknown field "hwo"`, `did you mean "who"?`}},
		{"unknown card in deck", "Viper x2, Runner", "Viper x2, Runer", "", []string{"seats[0].personal_deck[2]", `unknown card "Runer"`, `"Runner"`}},
		{"unknown card in rule", "hand: [Viper]", "hand: [Vipr]", "", []string{"scenario 3 (Three): choice option 2: rules[0]: field hand[0]", `unknown card "Vipr"`, `did you mean "Viper"`}},
		{"bad count", "Scout x8, Viper x2, Runner", "Scout x0, Viper x2, Runner", "", []string{"seats[0].personal_deck[0]", "a count from 1 to 40"}},
		{"sticker does not parse", "ship: and combat 1, base: authority 1", "ship: and combat one, base: authority 1", "", []string{`sheet "E1" row 1: field ship`, "combat one"}},
		{"sticker may not copy", "ship: and combat 1, base: authority 1", "ship: copy another ship played this turn, base: authority 1", "", []string{`sheet "E1" row 1: field ship`, "may not"}},
		{"four rows", "      - {costs: [5], ship: and trade 1}\n", "", "", []string{`sheet "F1": 4 rows; a sheet has 5`}},
		{"no sticker", "{costs: [3], ship: and combat 1}", "{costs: [3]}", "", []string{`sheet "E1" row 3: no sticker`}},
		{"no costs", "{costs: [3], ship: and combat 1}", "{ship: and combat 1}", "", []string{`sheet "E1" row 3: field costs: missing`}},
		{"bad sheet name", "name: E1", "name: E/1", "", []string{`sheet "E/1"`, "may not contain"}},
		{"sheet of the wrong seat", "sheets: [E1, F1]", "sheets: [F1, E1]", "", []string{"scenario 1 (One): field sheets[0]", `sheet "F1" is seat 2's`}},
		{"unknown sheet", "sheets: [E1, F1]", "sheets: [E1, F2]", "", []string{"scenario 1 (One): field sheets[1]", `unknown sheet "F2"`, `did you mean "F1"?`}},
		{"sheet given twice", "{number: 4, name: Four, victory_points: 1}", "{number: 4, name: Four, victory_points: 1, sheets: [E1]}", "", []string{"scenario 4 (Four): field sheets[0]", "given in scenario 1 already"}},
		{"political after 4", "{number: 5, name: Five, victory_points: 1}", "{number: 5, name: Five, victory_points: 1, political: true}", "", []string{"scenario 5 (Five): field political", "scenarios 1 to 4"}},
		{"political without sheets", "{number: 4, name: Four, victory_points: 1}", "{number: 4, name: Four, victory_points: 1, political: true}", "", []string{"scenario 4 (Four): field political", "both seats need a sheet"}},
		{"eleven scenarios", "  - {number: 12, name: Twelve, victory_points: 3}\n", "", "", []string{"field scenarios: a campaign has 12 scenarios", "got 11"}},
		{"numbers out of order", "{number: 7, name: Seven", "{number: 8, name: Seven", "", []string{"scenarios[6]: field number: 8"}},
		{"no victory points", "{number: 6, name: Six, victory_points: 1}", "{number: 6, name: Six}", "", []string{"scenario 6 (Six): field victory_points: missing"}},
		{"bad who", "{who: first, authority: 40}", "{who: frist, authority: 40}", "", []string{"scenario 2 (Two): rules[0]: field who", `unknown seat "frist"`, `did you mean "first"?`}},
		{"empty rule", "{who: first, authority: 40}", "{who: first}", "", []string{"scenario 2 (Two): rules[0]: the rule changes nothing"}},
		{"bad turn_start", "turn_start: trade 1", "turn_start: trade lots", "", []string{"choice option 1: rules[0]: field turn_start", "trade lots"}},
		{"turn_start with and", "turn_start: trade 1", "turn_start: and trade 1", "", []string{"choice option 1: rules[0]: field turn_start", "and trade 1"}},
		{"unknown option", "{number: 8, name: Eight, victory_points: 1}", "{number: 8, name: Eight, victory_points: 1, game_options: {explorer: 5}}", "", []string{"scenario 8 (Eight): field game_options", `unknown option "explorer"`}},
		{"bad option value", "{number: 8, name: Eight, victory_points: 1}", "{number: 8, name: Eight, victory_points: 1, game_options: {explorers: many}}", "", []string{"scenario 8 (Eight): field game_options", "option explorers"}},
		{"first player is the campaign's", "{number: 8, name: Eight, victory_points: 1}", "{number: 8, name: Eight, victory_points: 1, game_options: {first_player: 2}}", "", []string{"scenario 8 (Eight): field game_options: first_player is the campaign's"}},
		{"two turn starts", "{name: A, rules: [{who: both, turn_start: trade 1}]}", "{name: A, rules: [{who: both, turn_start: trade 1}, {who: first, turn_start: combat 1}]}", "", []string{"scenario 3 (Three)", "two turn_start abilities"}},
		{"one option", "        - {name: B, rules: [{who: second, hand: [Viper]}]}\n", "", "", []string{"scenario 3 (Three): choice: field options: 1 options"}},
		{"printed card added to trade deck", "trade_deck: [Broker x2]", "trade_deck: [Cutter]", "", []string{"scenario 2 (Two): field trade_deck", "Cutter is not one of the campaign's own trade-deck cards"}},
		{"same faction twice", "{faction: Trade Federation, personal", "{faction: Star Empire, personal", "", []string{"seats[1].faction: both seats play Star Empire"}},
		{"two factions", "{faction: Trade Federation, personal", "{faction: Trade Federation/Blob, personal", "", []string{"seats[1].faction", "is not one faction"}},
		{"unknown set", "sets: [core]", "sets: [colony-war]", "", []string{"field sets[0]", `unknown set "colony-war"`, `did you mean "colony-wars"?`}},
		{"card file error", "", "", "set: test-campaign\ncards:\n  - {name: Runner, faction: Star Empire, type: ship, quantity: 1, deck: starting, primry: trade 1}\n", []string{"field cards: cards.yaml: card Runner: unknown field \"primry\"", `did you mean "primary"?`}},
		{"card file reuses a printed set", "", "", "set: core\ncards:\n  - {name: Runner, type: ship, quantity: 1, deck: starting}\n", []string{"field cards", `set "core" is a printed set`}},
		{"not yaml", "name: Test", "name: [Test", "", []string{"x/campaign.yaml", "yaml:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := base
			if tc.from != "" {
				if !strings.Contains(base, tc.from) {
					t.Fatalf("the base has no %q", tc.from)
				}
				file = strings.Replace(base, tc.from, tc.to, 1)
			}
			cards := cardsFile
			if tc.cards != "" {
				cards = tc.cards
			}
			_, err := parse(t, file, cards)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.wantInErrs {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestUnknownCampaign(t *testing.T) {
	_, err := Load("frontier-acord")
	if err == nil || !strings.Contains(err.Error(), `did you mean "frontier-accord"?`) {
		t.Fatalf("error %v", err)
	}
	if _, err := LoadFS(fstest.MapFS{}, "nowhere", printed(t)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing directory: %v", err)
	}
}
