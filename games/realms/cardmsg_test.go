package realms_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
	"starnexus/i18n/i18ntest"
)

// The card text a player reads, as a specification: the printed parts of a dozen cards that
// between them use most of the ability language.
func TestCardTextSpecification(t *testing.T) {
	cat, en := loadText(t)
	tests := []struct {
		card                 string
		primary, ally, scrap string
	}{
		{"Blob Fighter", "+3 Combat.", "Draw a card.", ""},
		{"Battle Pod", "+4 Combat. You may scrap a card in the trade row.", "+2 Combat.", ""},
		{"Blob Carrier", "+7 Combat.", "Acquire any ship for free and put it on top of your deck.", ""},
		{"Blob World", "Choose one: +5 Combat; or Draw a card for each Blob card you have played this turn.", "", ""},
		{"Patrol Mech", "Choose one: +3 Trade; or +5 Combat.", "Scrap a card in your hand or discard pile.", ""},
		{"Brain World", "Scrap up to two cards in your hand or discard pile. Draw a card for each card scrapped this way.", "", ""},
		{"Recycling Station", "Choose one: +1 Trade; or Discard up to two cards and draw a card for each card discarded this way.", "", ""},
		{"Battlecruiser", "+5 Combat. Draw a card.", "Target opponent discards a card.", "Draw a card. You may destroy target base."},
		{"Embassy Yacht", "+3 Authority. +2 Trade. If you have two or more bases in play: Draw two cards.", "", ""},
		{"Freighter", "+4 Trade.", "You may put the next ship you acquire this turn on top of your deck.", ""},
		{"Stealth Needle", "Copy another ship you have played this turn, including its faction.", "", ""},
		{"Central Station", "+2 Trade. If you have three or more bases in play: +4 Authority. Draw a card.", "", ""},
		{"Lancer", "+4 Combat. If an opponent has a base in play: +2 Combat.", "Target opponent discards a card.", ""},
		{"Supply Depot", "Discard up to two cards. For each card discarded this way: Choose one: +2 Trade; or +2 Combat.", "Draw a card.", ""},
		{"Leviathan", "+9 Combat. Draw a card. You may destroy target base.", "Acquire any card costing 3 or less for free and put it into your hand.", ""},
		{"The Incinerator", "Scrap up to two cards in your hand or discard pile.", "+2 Combat for each card you have scrapped from your hand or discard pile this turn.", ""},
		{"Aging Battleship", "+5 Combat.", "Draw a card.", "+2 Combat. Draw two cards."},
		{"Explorer", "+2 Trade.", "", "+2 Combat."},
	}
	for _, tt := range tests {
		t.Run(tt.card, func(t *testing.T) {
			id, err := cat.Lookup(tt.card)
			if err != nil {
				t.Fatal(err)
			}
			text := cat.Card(id).Text()
			for _, p := range []struct {
				name      string
				got, want string
			}{{"primary", en.RenderAll(text.Primary), tt.primary}, {"ally", en.RenderAll(text.Ally), tt.ally}, {"scrap", en.RenderAll(text.Scrap), tt.scrap}} {
				if p.got != p.want {
					t.Errorf("%s:\n got %q\nwant %q", p.name, p.got, p.want)
				}
			}
		})
	}
}

// The parts that say when they apply, and the labels a card prints its parts under.
func TestCardTextTriggersAndLabels(t *testing.T) {
	cat, en := loadText(t)
	camp, err := campaigns.Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	ccat := camp.Catalog()
	tests := []struct {
		cat  *realms.Catalog
		card string
		part func(realms.CardText) []i18n.Msg
		want string
	}{
		{cat, "Fleet HQ", func(t realms.CardText) []i18n.Msg { return t.Trigger }, "Whenever you play a ship: +1 Combat."},
		{cat, "Command Center", func(t realms.CardText) []i18n.Msg { return t.Trigger }, "Whenever you play a Star Empire ship: +2 Combat."},
		{cat, "Mech World", func(t realms.CardText) []i18n.Msg { return t.Static }, "This card counts as an ally of every faction."},
		{cat, "Warning Beacon", func(t realms.CardText) []i18n.Msg { return t.Acquire }, "When you acquire this card, if you have played a Machine Cult card this turn, you may put it into your hand."},
		{ccat, "Relay Broker", func(t realms.CardText) []i18n.Msg { return t.Acquire }, "When you acquire this card: You may draw a card, then discard a card."},
		{ccat, "Crown Herald", func(t realms.CardText) []i18n.Msg { return t.Acquire }, "When you acquire this card: +2 Trade."},
		{ccat, "Salvage Skiff", func(t realms.CardText) []i18n.Msg { return t.Acquire }, "When you acquire this card: You may scrap a card in your hand."},
	}
	for _, tt := range tests {
		id, err := tt.cat.Lookup(tt.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := en.RenderAll(tt.part(tt.cat.Card(id).Text())); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.card, got, tt.want)
		}
	}
	id, _ := cat.Lookup("Star Barge")
	if got, want := en.Render(cat.Card(id).AllyLabel()), "Star Empire Ally"; got != want {
		t.Errorf("ally label: got %q, want %q", got, want)
	}
	if got, want := en.Render(realms.FactionMsg(realms.Blob|realms.StarEmpire)), "Blob or Star Empire"; got != want {
		t.Errorf("two factions: got %q, want %q", got, want)
	}
}

// The options of a "choose one", as a prompt offers them.
func TestAbilityClause(t *testing.T) {
	_, en := loadText(t)
	ab, err := realms.ParseAbility("choose one: trade 1 | discard up to 2; draw 1 per card discarded this way")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range ab[0].Options {
		got = append(got, en.Render(realms.AbilityClause(o)))
	}
	if want := []string{"+1 Trade", "Discard up to two cards and draw a card for each card discarded this way"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// An upgraded copy's action sticker joins the part it follows (SR 8.4).
func TestCardTextSticker(t *testing.T) {
	cat, en := loadText(t)
	id, _ := cat.Lookup("Cutter")
	for _, tt := range []struct {
		sticker, part, want string
	}{
		{"and combat 1", "primary", "+4 Authority. +2 Trade. +1 Combat."},
		{"ally: draw 1", "ally", "+4 Combat. Draw a card."},
		{"scrap: trade 2", "scrap", "+2 Trade."},
	} {
		u := *cat.Card(id)
		ab, on, err := realms.ParseSticker(tt.sticker)
		if err != nil {
			t.Fatal(err)
		}
		u.Abilities[realms.Sticker], u.Texts[realms.Sticker], u.StickerOn = ab, tt.sticker, on
		got := ""
		for _, p := range u.Text().Parts() {
			if p.Name == tt.part {
				got = en.RenderAll(p.Msgs)
			}
		}
		if got != tt.want {
			t.Errorf("%q: %s got %q, want %q", tt.sticker, tt.part, got, tt.want)
		}
	}
}

// grammar is every construction of the ability language (docs/cards.md, ability.go), so that
// the check below covers effects no printed card uses yet.
var grammar = []string{
	"trade 1", "combat 12", "authority 5", "draw 1", "draw 2", "draw 3", "draw 7", "may draw 1", "may draw 4",
	"trade 2 per Kingdom card played this turn", "combat 1 per card scrapped this way", "authority 1 per card discarded this way",
	"draw 1 per card scrapped from hand/discard this turn", "draw 2 per Blob card played this turn",
	"draw 1 then discard 1", "may draw 2 then discard 2", "draw 5 then discard 3",
	"opponent discards 1", "opponent discards 2", "opponent discards 4",
	"scrap 1 from hand", "may scrap 1 from discard", "scrap 2 from hand/discard", "may scrap 5 from trade row",
	"scrap up to 1 from hand", "scrap up to 3 from discard", "may scrap up to 2 from trade row", "scrap up to 6 from hand/discard",
	"discard 1", "may discard 2", "discard 6", "discard up to 1", "discard up to 3", "discard up to 9",
	"destroy target base", "may destroy target base",
	"acquire free card", "acquire free ship to top of deck", "may acquire free base cost<=4 to hand", "acquire free card cost<=0",
	"put next ship acquired this turn on top of deck", "may put next ship or base acquired this turn on top of deck",
	"put next ship or base acquired this turn into hand", "may put this card into hand", "put this card into hand",
	"copy another ship played this turn", "copy another base in play",
	"choose one: trade 1 | combat 1 | authority 1", "choose one: trade 1; combat 1 | may scrap 1 from hand; draw 1 | destroy target base; opponent discards 1",
	"choose one: authority 2 | may discard 1; acquire free card cost<=2; copy another base in play; put next ship acquired this turn on top of deck",
	"choose one: combat 1 | trade 1; if bases >= 2: draw 1; combat 2", "choose one: draw 1 then discard 1 | combat 1; may draw 1 then discard 1",
	"choose one: combat 1 | trade 1; scrap up to 2 from hand; may put this card into hand; copy another ship played this turn; draw 1 per card scrapped this way",
	"choose one: combat 1 | trade 1; may put next ship or base acquired this turn into hand; may destroy target base",
	"if bases >= 1: trade 1", "if bases >= 2: draw 1; combat 2", "if bases >= 3: authority 4",
	"if opponent bases >= 1: combat 2", "if opponent bases >= 2: combat 2", "if opponent bases >= 4: draw 1",
	"if played Scavengers: may put this card into hand", "if played Consortium: trade 1; may scrap 1 from trade row",
	"discard up to 2; for each card discarded this way: choose one: trade 2 | combat 2",
	"may scrap up to 3 from hand/discard; for each card scrapped this way: authority 1; draw 1",
}

// cardTexts is every text the card-text messages produce: each card of every set (its parts,
// its Ally and Scrap marks), every upgrade sticker and turn-start ability of the campaigns,
// every construction of the ability language and every faction name, each with where it comes
// from.
func cardTexts(t *testing.T, cat *realms.Catalog) []cardTextCase {
	t.Helper()
	var out []cardTextCase
	add := func(what string, ms []i18n.Msg) { out = append(out, cardTextCase{what, ms}) }
	addCard := func(c *realms.Card) {
		parts := c.Text().Parts()
		if len(parts) == 0 {
			t.Errorf("%s has no text", c.Name)
		}
		for _, p := range parts {
			add(c.Name+" "+p.Name, p.Msgs)
		}
		add(c.Name+" ally label", []i18n.Msg{c.AllyLabel(), realms.ScrapLabel()})
	}
	for i := range cat.Cards {
		addCard(&cat.Cards[i])
	}
	for _, name := range campaigns.Names() {
		camp, err := campaigns.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		ccat := camp.Catalog()
		for i := range ccat.Cards {
			addCard(&ccat.Cards[i])
		}
		for _, sh := range camp.Sheets {
			for r, row := range sh.Rows {
				for _, text := range []string{row.Ship, row.Base} {
					if text == "" {
						continue
					}
					ab, _, err := realms.ParseSticker(text)
					if err != nil {
						t.Fatalf("%s row %d: %v", sh.Name, r+1, err)
					}
					add(fmt.Sprintf("%s %s row %d %q", name, sh.Name, r+1, text), realms.AbilityMsgs(ab))
				}
			}
		}
		for _, sc := range camp.Scenarios {
			rules := slices.Clone(sc.Rules)
			if sc.Choice != nil {
				for _, o := range sc.Choice.Options {
					rules = append(rules, o.Rules...)
				}
			}
			for _, r := range rules {
				if r.TurnStart == "" {
					continue
				}
				ab, err := realms.ParseTurnStart(r.TurnStart)
				if err != nil {
					t.Fatal(err)
				}
				add(fmt.Sprintf("%s scenario %d turn start", name, sc.Number), realms.AbilityMsgs(ab))
			}
		}
	}
	for _, g := range grammar {
		ab, err := realms.ParseAbility(g)
		if err != nil {
			t.Fatalf("%q: %v", g, err)
		}
		add(g, realms.AbilityMsgs(ab))
	}
	for f := realms.Faction(1); f != 0 && f < 1<<7; f <<= 1 {
		add("faction", []i18n.Msg{realms.FactionMsg(f)})
	}
	add("no faction", []i18n.Msg{realms.FactionMsg(0)})
	add("two factions", []i18n.Msg{realms.FactionMsg(realms.Blob | realms.MachineCult)})
	return out
}

type cardTextCase struct {
	what string
	msgs []i18n.Msg
}

// Every card of every set, every upgrade sticker and turn-start ability of the campaigns, and
// every construction of the ability language render in English with no missing message, no
// placeholder and no engine notation left; every id they use is in the catalog, and every
// realms.card id of the catalog is used.
func TestCardTextComplete(t *testing.T) {
	cat, en := loadText(t)
	used := map[string]bool{}
	for _, c := range cardTexts(t, cat) {
		collectIDs(c.msgs, used)
		s := en.RenderAll(c.msgs)
		if bad := notation(s); bad != "" {
			t.Errorf("%s: %q: %s", c.what, s, bad)
		}
	}
	for id := range used {
		if !en.Has(id) {
			t.Errorf("message id %q is not in the English catalog", id)
		}
	}
	unused := []string{}
	for id := range en.Messages() {
		// unknown, nothing and choose_one_clause are guards for what the grammar cannot
		// produce today (an unknown Op, an empty chain, a choose-one inside an option).
		if (strings.HasPrefix(id, "realms.card.") || strings.HasPrefix(id, "icon.")) && !used[id] &&
			!slices.Contains([]string{"realms.card.unknown", "realms.card.nothing", "realms.card.choose_one_clause"}, id) {
			unused = append(unused, id)
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		t.Errorf("catalog ids no card or construction uses: %v", unused)
	}
}

var (
	// lowercase engine words followed by a number: "combat 3", "draw 1", "scrap up to 2"
	engineCount = regexp.MustCompile(`\b(trade|combat|authority|draw|discards?|scrap|to) (\d+)\b( (\w+))?`)
	engineWords = regexp.MustCompile(`from hand|from discard|from trade row|hand/discard|acquire free|cost<|\bper [A-Z]|\bper card\b|choose one:|if bases|if opponent bases|if played|put next|this card into hand\b|top of deck|whenever you play a ship:|ally of all factions`)
)

// notation says what in s is not plain English: a missing message ([id]), a placeholder left
// ({n}), engine punctuation (;, |, <=, >=) or engine phrases; "" if none.
func notation(s string) string {
	switch {
	case strings.ContainsAny(s, "[]{}|<>="):
		return "engine or template punctuation"
	case strings.Contains(strings.ReplaceAll(s, "; or ", ""), ";"):
		return `";" other than between the options of "Choose one"`
	case engineWords.MatchString(s):
		return "engine phrase " + engineWords.FindString(s)
	case strings.Contains(s, "  ") || strings.Contains(s, " .") || strings.Contains(s, ".."):
		return "spacing or stops"
	case s != "" && !strings.ContainsAny(s[:1], "+ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
		return "starts in lower case"
	}
	for _, m := range engineCount.FindAllStringSubmatch(s, -1) {
		if m[4] != "card" && m[4] != "cards" && m[4] != "or" {
			return "engine count " + m[0]
		}
	}
	return ""
}

func collectIDs(ms []i18n.Msg, ids map[string]bool) {
	for _, m := range ms {
		ids[m.ID] = true
		for _, a := range m.Args {
			switch a := a.(type) {
			case i18n.Msg:
				collectIDs([]i18n.Msg{a}, ids)
			case []i18n.Msg:
				collectIDs(a, ids)
			}
		}
	}
}

func loadText(t *testing.T) (*realms.Catalog, *i18n.Catalog) {
	t.Helper()
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	return cat, en
}

// abilityWords is what the ability language (the card data's own words: "combat 3", "may
// scrap", "ally:", "hand/discard", "cost<=4") and the English card vocabulary look like, so
// that a text rendered in another language shows none of it.
var abilityWords = regexp.MustCompile(`(?i)\b(trade|combat|authority|draw|scrap|scrapped|discard|discards|acquire|acquired|ally|may|per|from|hand|deck|row|free|opponent|target|each|choose|one|if|whenever|this|that|turn|up|into|top|cost|card|cards|ship|ships|the|you|your|and|or|for|of|on)\b|[<>=|;]\s*\d|hand/discard|\w:\w`)

// abilityLanguage matches the card data's own words (docs/cards.md), which no language's card
// text may show: counts after an engine word ("combat 3", "draw 1"), "may scrap", part
// labels with a colon ("ally:"), zones and filters as the data writes them, the punctuation
// of the grammar.
var abilityLanguage = regexp.MustCompile(`(?i)\b(trade|combat|authority|draw|discards?|scrap)( up to)? \d|\bmay (scrap|draw|discard|destroy|acquire|put)\b|` +
	`\b(ally|scrap|primary|choose one|if bases|if opponent bases|if played|when acquired)\s*:|from hand|from discard|from trade row|hand/discard|acquire free|` +
	`cost\s*[<>]=?|\bper (card|[a-z]+ card)|put next|top of deck|into hand\b|copy another|ally of all factions|[|<>=]`)

// TestCardTextTranslated renders every text of TestCardTextComplete's cases in each language
// but English: no message missing from the language's catalog, no argument left, no word of the
// ability language or of the English card text, and each text starts as a sentence does.
func TestCardTextTranslated(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	cases := cardTexts(t, cat)
	for _, tt := range []struct {
		lang     string
		start    string         // the characters a text may start with
		notation *regexp.Regexp // the ability language, and English words where it says so
		english  *regexp.Regexp // English words the language's card text never uses (nil: in notation)
	}{
		{"es", "+ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÑ¿", abilityWords, nil},
		{"fr", "+ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÉÈÊÎÔÙÛÇ«", abilityLanguage,
			regexp.MustCompile(`\b(Trade|Authority|Draw|draw|Scrap|scrap|card|cards|your|hand|discard|pile|Trade Row|trade row|Choose|for free|Acquire|acquire|Whenever|When|Ally|base|ship|target|opponent|Unaligned|Star Empire|Machine Cult|Trade Federation|Kingdom|Scavengers)\b`)},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			c, err := i18n.Load(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range cases {
				s := c.RenderAll(x.msgs)
				if p := i18ntest.Problem(s, tt.notation); p != "" {
					t.Errorf("%s: %q: %s (%q)", x.what, s, p, tt.notation.FindString(s))
				}
				if tt.english != nil {
					if w := tt.english.FindString(s); w != "" {
						t.Errorf("%s: %q: English word %q", x.what, s, w)
					}
				}
				if r := []rune(s); len(r) > 0 && !strings.ContainsRune(tt.start, r[0]) {
					t.Errorf("%s: %q does not start as a sentence", x.what, s)
				}
				if strings.Contains(s, "  ") || strings.Contains(s, " .") || strings.Contains(s, "..") {
					t.Errorf("%s: %q: spacing or stops", x.what, s)
				}
			}
		})
	}
}
