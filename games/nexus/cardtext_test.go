package nexus

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"starnexus/games/nexus/cards"
	"starnexus/games/nexus/decks"
	"starnexus/i18n"
	"starnexus/i18n/i18ntest"
)

func english(t *testing.T) *i18n.Catalog {
	t.Helper()
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	return en
}

func builtin(t *testing.T) *cards.Catalog {
	t.Helper()
	cat, err := cards.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// notation lists what the engine notation of SN C.2 looks like, so that card text a player
// reads shows none of it: each pattern with what it catches.
var notation = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`\[|\]`), "a missing message id [id] or a filter [you,opp]"},
	{regexp.MustCompile(`\{|\}`), "a placeholder left unfilled"},
	{regexp.MustCompile(`\bT\d?\b`), "a target name T, T1"},
	{regexp.MustCompile(`\b[A-Z]{2,}\b`), "an upper-case word (YOU, SELF, EQUIPPED, ALL, TK-SPORE ...)"},
	{regexp.MustCompile(`[A-Za-z0-9]_|_[A-Za-z0-9]`), "an underscore inside a word (lose_life, EACH_OPP)"},
	{regexp.MustCompile(`;`), "an effect separator"},
	{regexp.MustCompile(`[A-Za-z0-9]\(`), "a verb call wound( or active("},
	{regexp.MustCompile(`[+-]\d+/[+-]\d+\)`), "a delta closing a call: +2/+2)"},
	{regexp.MustCompile(`[=@<]`), "a named argument or a kind: unless_tap=, @graveyard, cost<="},
	{regexp.MustCompile(`(^|[.:] )(static|equipped|when|active|resolve|affinity|dissonance)\b`), "an ability kind in lower case"},
	{regexp.MustCompile(`\b(creature_card|creature_you_control_dies|deals_wounds_to_player|untap_resources|gain_life|lose_life)\b`), "a grammar word"},
	{regexp.MustCompile(`\s{2,}|^\s|\s$| [.,:]`), "stray spaces"},
}

// checkPlayerText fails for text that is not plain English.
func checkPlayerText(t *testing.T, where, s string) {
	t.Helper()
	if s == "" {
		t.Errorf("%s: empty", where)
	}
	for _, n := range notation {
		if loc := n.re.FindStringIndex(s); loc != nil {
			t.Errorf("%s: %q has %s at %q", where, s, n.what, s[loc[0]:loc[1]])
		}
	}
}

// checkLine fails unless s is an ability line: a capital first letter, sentences ending in a
// full stop.
func checkLine(t *testing.T, where, s string) {
	t.Helper()
	checkPlayerText(t, where, s)
	if s != "" && (s[0] < 'A' || s[0] > 'Z' || !strings.HasSuffix(s, ".")) {
		t.Errorf("%s: %q does not start with a capital letter or end with a full stop", where, s)
	}
}

// renderCard is everything of card c a player may read, rendered in English.
func renderCard(en *i18n.Catalog, cat *cards.Catalog, c *cards.Card) (head string, kws, text, reminders []string) {
	m := CardText(cat, c)
	for _, k := range m.Keywords {
		kws = append(kws, en.Render(k))
	}
	for _, x := range m.Text {
		text = append(text, en.Render(x))
	}
	for _, r := range Reminders(c) {
		reminders = append(reminders, en.Render(r))
	}
	return en.Render(CardHead(c)), kws, text, reminders
}

// shippedCards is every card of the starter set and every card of every shipped deck.
func shippedCards(t *testing.T, cat *cards.Catalog) []*cards.Card {
	t.Helper()
	var list []*cards.Card
	list = append(list, cat.All()...)
	for _, n := range decks.Names() {
		d, err := decks.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range slices.Concat([]cards.DeckEntry{{Name: d.Hero}}, d.Library, d.ResourcePile, d.Reserve) {
			c, err := cat.ByName(e.Name)
			if err != nil {
				t.Fatalf("deck %s: %v", n, err)
			}
			list = append(list, c)
		}
	}
	return list
}

// TestCardTextEveryShippedCard renders every card of the starter set and every card of every
// shipped deck in English: no missing id, no placeholder, no engine notation.
func TestCardTextEveryShippedCard(t *testing.T) {
	en, cat := english(t), builtin(t)
	for _, c := range shippedCards(t, cat) {
		head, kws, text, rem := renderCard(en, cat, c)
		checkPlayerText(t, c.Name, head)
		if len(text) != len(c.Abilities) {
			t.Errorf("%s: %d lines of text for %d abilities", c.Name, len(text), len(c.Abilities))
		}
		for _, s := range text {
			checkLine(t, c.Name, s)
		}
		want := len(c.Keywords.List())
		if c.Division != nil {
			want++
		}
		if len(kws) != want {
			t.Errorf("%s: keywords %q, want %d", c.Name, kws, want)
		}
		for _, s := range slices.Concat(kws, rem) {
			checkPlayerText(t, c.Name, s)
		}
		checkPlayerText(t, c.Name, en.Render(FactionName(c.Faction)))
		checkPlayerText(t, c.Name, en.Render(TypeName(c.Type)))
	}
}

// TestCardTextExamples is the specification by example: cards of every kind with their
// English text.
func TestCardTextExamples(t *testing.T) {
	en, cat := english(t), builtin(t)
	tests := []struct {
		card     string
		head     string
		keywords []string
		text     []string
	}{
		{"Sunstrider Champion", "Sunstrider Champion: Rayji Creature, cost 5, 4/4", []string{
			"Agility (This creature deals its wounds before creatures without Agility.)",
			"Menace (This creature can be blocked only by a creature with Menace or by two or more creatures.)",
		}, nil},
		{"Bloated Thrall", "Bloated Thrall: Dam'Nareh Creature, cost 3, 2/3", []string{
			"Division (Nareh Husk ×2) (When this card is put into a graveyard from anywhere, its owner creates two 1/1 Nareh Husk tokens.)",
		}, nil},
		{"Surge of Fury", "Surge of Fury: Rayji Instant, cost 1", nil, []string{
			"Target creature gets +2/+2 until end of phase.",
		}},
		{"Pounce", "Pounce: Rayji Instant, cost 3", nil, []string{
			"Target creature you control gets +2/+0 until end of phase. That creature confronts target creature an opponent controls.",
		}},
		{"Regrowth", "Regrowth: Cypios Instant, cost 3", nil, []string{
			"Return target creature card with cost 3 or less from your graveyard to your field.",
		}},
		{"Choking Spores", "Choking Spores: Cypios Instant, cost 3", nil, []string{
			"Counter target card on the stack unless its controller taps 3 more resources.",
		}},
		{"Vessa, Matriarch of Nareh", "Vessa, Matriarch of Nareh: Dam'Nareh Hero, life 20", nil, []string{
			"Autolyse (3): You lose 1 life. Deal 2 wounds to target creature.",
		}},
		{"Sporewell", "Sporewell: Cypios Special resource", nil, []string{
			"Affinity: Create a 1/1 Sporeling token.",
			"Dissonance: Target opponent creates a 1/1 Sporeling token.",
		}},
		{"Anvil Spire", "Anvil Spire: Kern Special resource", nil, []string{
			"Affinity: Put a +1/+1 marker on the creature this resource paid for.",
			"Dissonance: Target creature you control gets +1/+0 until end of phase.",
		}},
		{"Twin Fangs", "Twin Fangs: Rayji Equipment, cost 3", nil, []string{
			"Equipped creature gets +1/+0 and has Agility and Menace.",
		}},
		{"Arc Gauntlet", "Arc Gauntlet: Kern Equipment, cost 2", []string{
			"Deployment (You may cast this card whenever you could cast an instant.)",
		}, []string{
			"Equipped creature has Agility.",
			"Activate (1): The equipped creature gets +1/+0 until end of turn.",
		}},
		{"Shroud of Ash", "Shroud of Ash: Dam'Nareh Equipment, cost 2", nil, []string{
			"Equipped creature gets -1/-1.",
			"Activate (2): Destroy this equipment.",
		}},
		{"Sky Marshal", "Sky Marshal: Hilote Creature, cost 4, 2/4", nil, []string{
			"Each other creature you control with Alteration gets +1/+0.",
		}},
		{"Gravetide Warden", "Gravetide Warden: Dam'Nareh Creature, cost 4, 3/3", []string{
			"Menace (This creature can be blocked only by a creature with Menace or by two or more creatures.)",
		}, []string{
			"When another creature you control dies: Put a +1/+1 marker on this creature.",
		}},
		{"Trophy Hunter", "Trophy Hunter: Rayji Creature, cost 3, 2/3", nil, []string{
			"When this creature deals wounds to a player: Put a +1/+1 marker on this creature.",
		}},
		{"Hunter's Cairn", "Hunter's Cairn: Rayji Special resource", nil, []string{
			"Affinity: You untap 1 tapped resource other than this one.",
			"Dissonance: You lose 1 life.",
		}},
		{"Ossuary Vent", "Ossuary Vent: Dam'Nareh Special resource", nil, []string{
			"Affinity: Put a -1/-1 marker on target creature an opponent controls.",
			"Dissonance: Each player loses 1 life.",
		}},
		{"Sporeling", "Sporeling: Cypios Token, 1/1", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.card, func(t *testing.T) {
			c, err := cat.ByName(tt.card)
			if err != nil {
				t.Fatal(err)
			}
			head, kws, text, _ := renderCard(en, cat, c)
			if head != tt.head {
				t.Errorf("head %q, want %q", head, tt.head)
			}
			if !slices.Equal(kws, tt.keywords) {
				t.Errorf("keywords\n got %q\nwant %q", kws, tt.keywords)
			}
			if !slices.Equal(text, tt.text) {
				t.Errorf("text\n got %q\nwant %q", text, tt.text)
			}
		})
	}
}

// grammarCases walks the productions of grammar SN C.2 that the starter set leaves out or
// uses once: every ability kind, event, verb, selector, object kind, filter qualifier and
// named argument, each with its English.
var grammarCases = []struct {
	typ  cards.Type
	text string
	want string
}{
	// ability kinds and events
	{cards.Creature, "static: SELF +1/+1, gains Menace", "This creature gets +1/+1 and has Menace."},
	{cards.Token, "static: SELF gains Agility, gains Alteration, gains Dissimulation", "This creature has Agility, Alteration and Dissimulation."},
	{cards.Creature, "static: ALL:creature -1/-0", "Each creature gets -1/+0."},
	{cards.Equipment, "equipped: gains Deployment", "Equipped creature has Deployment."},
	{cards.Creature, "when dies: draw(EACH_OPP, 2)", "When this creature dies: Each opponent draws 2 cards."},
	{cards.Creature, "when creature_you_control_dies: gain_life(YOU, 1)", "When a creature you control dies: You gain 1 life."},
	{cards.Creature, "when arrives: wound(EACH_PLAYER, 1)", "When this creature arrives on the field: Deal 1 wound to each player."},
	{cards.Creature, "active(0): untap(SELF)", "Activate (0): Untap this creature."},
	{cards.Equipment, `active(4) "Overload": destroy(EQUIPPED)`, "Overload (4): Destroy the equipped creature."},
	{cards.Hero, `active(1) "Study": draw(T:player, 1)`, "Study (1): Target player draws a card."},
	// verbs, durations and named arguments
	{cards.Instant, "resolve: modify(T:creature, +3/-1, until=turn)", "Target creature gets +3/-1 until end of turn."},
	{cards.Creature, "active(1): grant(SELF, Menace, until=phase)", "Activate (1): This creature gains Menace until end of phase."},
	{cards.Creature, "when arrives: modify(ALL:creature[opp,token], -1/-1)", "When this creature arrives on the field: Each creature token an opponent controls gets -1/-1 until end of turn."},
	{cards.Instant, "resolve: marker(ALL:creature[you], +1/+1, 3)", "Put three +1/+1 markers on each creature you control."},
	{cards.Instant, "resolve: counter(T:requisition[opp,cost<=2], unless_tap=1)", "Counter target card on the stack with cost 2 or less that an opponent cast unless its controller taps 1 more resource."},
	{cards.Instant, "resolve: counter(T:requisition[you])", "Counter target card on the stack that you cast."},
	{cards.Instant, "resolve: create(TK-SPORE, 7, for=EACH_OPP)", "Each opponent creates 7 1/1 Sporeling tokens."},
	{cards.Instant, "resolve: create(TK-HUSK, 1, for=YOU)", "Create a 1/1 Nareh Husk token."},
	{cards.Instant, "resolve: draw(ALL:player[opp], 1); draw(ALL:player, 2); draw(ALL:player[you], 3)", "Each opponent draws a card. Each player draws 2 cards. You draw 3 cards."},
	{cards.Instant, "resolve: tap(ALL:creature[opp,Agility,Menace])", "Tap each creature an opponent controls with Agility and Menace."},
	{cards.Instant, "resolve: untap(T:creature[you,equipped])", "Untap target equipped creature you control."},
	{cards.Instant, "resolve: destroy(T:creature[other,cost<=4])", "Destroy target other creature with cost 4 or less."},
	{cards.Instant, "resolve: resurrect(T:creature_card@graveyard[opp,Agility])", "Return target creature card with Agility from an opponent's graveyard to your field."},
	{cards.Instant, "resolve: resurrect(T:creature_card@graveyard)", "Return target creature card from a graveyard to your field."},
	{cards.Instant, "resolve: regenerate(ALL:creature[you]); wound(T:player[opp], 3)", "Regenerate each creature you control. Deal 3 wounds to target opponent."},
	{cards.Instant, "resolve: gain_life(T:player, 2); lose_life(T, 2)", "Target player gains 2 life. That player loses 2 life."},
	{cards.Instant, "resolve: lose_life(EACH_OPP, 1); gain_life(EACH_PLAYER, 1)", "Each opponent loses 1 life. Each player gains 1 life."},
	{cards.Hero, `active(2) "Mirror": draw(T:player[you], 1)`, "Mirror (2): You draw a card."},
	{cards.Instant, "resolve: untap_resources(T:player[opp], 2)", "Target opponent untaps 2 tapped resources."},
	{cards.Instant, "resolve: wound(ALL:player[opp], 1); wound(ALL:creature[opp], 1); wound(YOU, 1)", "Deal 1 wound to each opponent. Deal 1 wound to each creature an opponent controls. Deal 1 wound to you."},
	// back-references: "that" for the last target of its kind, a rank when another came between
	{cards.Instant, "resolve: tap(T1:creature); tap(T2:creature); untap(T1); wound(T2, 1)", "Tap target creature. Tap target creature. Untap the first target creature. Deal 1 wound to that creature."},
	{cards.Instant, "resolve: confront(T1:creature[you], T2:creature[opp]); regenerate(T1)", "Target creature you control confronts target creature an opponent controls. Regenerate the first target creature."},
	// REQUISITIONED in its forms
	{cards.SpecialResource, "affinity: grant(REQUISITIONED, Agility)", "Affinity: The card this resource paid for gains Agility until end of phase."},
	{cards.SpecialResource, "dissonance: wound(REQUISITIONED:creature[Menace], 1)", "Dissonance: Deal 1 wound to the creature with Menace this resource paid for."},
	{cards.SpecialResource, "affinity: create(TK-DRONE, 2, for=T:player)", "Affinity: Target player creates two 1/2 Kern Drone tokens."},
	{cards.SpecialResource, "dissonance: untap_resources(EACH_OPP, 1, other)", "Dissonance: Each opponent untaps 1 tapped resource other than this one."},
}

// TestCardTextGrammar renders every production of the grammar.
func TestCardTextGrammar(t *testing.T) {
	en, cat := english(t), builtin(t)
	for _, tt := range grammarCases {
		ab, err := cards.ParseAbility(tt.text, tt.typ)
		if err != nil {
			t.Errorf("%s: %v", tt.text, err)
			continue
		}
		c := &cards.Card{Name: "X", Type: tt.typ, Abilities: []cards.Ability{ab}}
		got := en.Render(AbilityText(cat, c, &c.Abilities[0]))
		if got != tt.want {
			t.Errorf("%s\n got %q\nwant %q", tt.text, got, tt.want)
		}
		checkLine(t, tt.text, got)
	}
}

// TestCardTextIDs checks that every message id the card text may emit is in the English
// catalog, walking the messages of every shipped card and every grammar case, and the ids
// built from names (keywords, factions, types, events).
func TestCardTextIDs(t *testing.T) {
	en, cat := english(t), builtin(t)
	var ms []i18n.Msg
	for _, c := range cat.All() {
		m := CardText(cat, c)
		ms = slices.Concat(ms, m.Keywords, m.Text, Reminders(c), []i18n.Msg{CardHead(c)})
	}
	for _, tt := range grammarCases {
		ab, err := cards.ParseAbility(tt.text, tt.typ)
		if err != nil {
			t.Fatal(err)
		}
		c := &cards.Card{Type: tt.typ, Abilities: []cards.Ability{ab}}
		ms = append(ms, AbilityText(cat, c, &c.Abilities[0]))
	}
	for k := cards.Agility; k <= cards.Deployment; k <<= 1 {
		ms = append(ms, KeywordName(k), KeywordReminder(k))
	}
	for f := cards.Neutral; f <= cards.Cypios; f++ {
		ms = append(ms, FactionName(f))
	}
	for ty := cards.Creature; ty <= cards.Token; ty++ {
		ms = append(ms, TypeName(ty))
	}
	for ev := cards.Arrives; ev <= cards.CreatureYouControlDies; ev++ {
		ab := cards.Ability{Kind: cards.Trigger, Event: ev}
		ms = append(ms, AbilityText(cat, &cards.Card{}, &ab))
	}
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case i18n.Msg:
			seen[v.ID] = true
			for _, a := range v.Args {
				walk(a)
			}
		case []i18n.Msg:
			for _, m := range v {
				walk(m)
			}
		}
	}
	for _, m := range ms {
		walk(m)
	}
	for id := range seen {
		if !en.Has(id) {
			t.Errorf("id %q is not in the English catalog", id)
		}
	}
	// And the other way: every nexus.card id of the catalog is one the code emits, but the
	// texts for an ability or effect a newer grammar would add.
	for id := range en.Messages() {
		if strings.HasPrefix(id, "nexus.card.") && !seen[id] && !strings.HasSuffix(id, ".unknown") && id != "nexus.card.nothing" {
			t.Errorf("catalog id %q is never emitted", id)
		}
	}
}

// TestNotationCheck checks the check: every ability line of the card data, in engine
// notation, is caught by it.
func TestNotationCheck(t *testing.T) {
	for _, c := range builtin(t).All() {
		for _, line := range c.Text {
			caught := false
			for _, n := range notation {
				caught = caught || n.re.MatchString(line)
			}
			if !caught {
				t.Errorf("%s: %q passes for English", c.Name, line)
			}
		}
	}
	for _, tt := range grammarCases {
		caught := false
		for _, n := range notation {
			caught = caught || n.re.MatchString(tt.text)
		}
		if !caught {
			t.Errorf("%q passes for English", tt.text)
		}
	}
}

// cardTextGolden is testdata/cardtext.json: every ability line and keyword entry of the
// starter set as a message and its English, which web/tests/cardtext.test.js renders with
// the browser's renderer to check that a player reads the same text there.
const cardTextGolden = "testdata/cardtext.json"

type goldenLine struct {
	Card string   `json:"card"`
	Msg  i18n.Msg `json:"msg"`
	Want string   `json:"want"`
}

// TestCardTextGolden compares the starter set's text with the golden file; with
// UPDATE_GOLDEN=1 it writes the file instead.
func TestCardTextGolden(t *testing.T) {
	en, cat := english(t), builtin(t)
	lines := []goldenLine{}
	for _, c := range cat.All() {
		m := CardText(cat, c)
		for _, x := range slices.Concat([]i18n.Msg{CardHead(c)}, m.Keywords, m.Text, Reminders(c)) {
			lines = append(lines, goldenLine{c.Name, x, en.Render(x)})
		}
	}
	got := []byte("[\n")
	for i, l := range lines { // one line each, for readable diffs
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b...)
		if i < len(lines)-1 {
			got = append(got, ',')
		}
		got = append(got, '\n')
	}
	got = append(got, "]\n"...)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(cardTextGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(cardTextGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not the card text of today: run UPDATE_GOLDEN=1 go test ./games/nexus -run Golden and read the diff", cardTextGolden)
	}
}

// FuzzCardText checks that every ability the grammar accepts renders as an English line
// with no engine notation (the active ability's name, free text of the card data, set
// aside; tokens as in a loaded catalog, whose Load refuses an unknown one).
func FuzzCardText(f *testing.F) {
	cat, err := cards.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	en, err := i18n.Load("en")
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cat.All() {
		for _, a := range c.Abilities {
			f.Add(a.Text, uint8(c.Type))
		}
	}
	for _, tt := range grammarCases {
		f.Add(tt.text, uint8(tt.typ))
	}
	f.Fuzz(func(t *testing.T, text string, typ uint8) {
		ct := cards.Type(typ % uint8(cards.Token+1))
		ab, err := cards.ParseAbility(text, ct)
		if err != nil {
			return
		}
		for _, e := range ab.Effects {
			if e.Verb == cards.Create && cat.Token(e.Token) == nil {
				return
			}
		}
		if ab.Name != "" {
			ab.Name = "Name"
		}
		c := &cards.Card{Name: "X", Type: ct, Abilities: []cards.Ability{ab}}
		checkLine(t, text, en.Render(AbilityText(cat, c, &c.Abilities[0])))
	})
}

// abilityLanguage matches what of the card data's own words (grammar SN C.2) may never show
// in a card's text, whatever the language: verb calls, selectors, filters, named arguments,
// token ids and ability kinds.
var abilityLanguage = `\b(static|equipped|when|active|resolve|affinity|dissonance|wound|modify|grant|marker|counter|create|draw|tap|untap|destroy|resurrect|confront|regenerate|gain_life|lose_life|untap_resources)\(|` +
	`\b(YOU|SELF|EQUIPPED|REQUISITIONED|EACH_OPP|EACH_PLAYER|ALL|T\d?)\b|\bTK-|@graveyard|\[(you|opp|other|token|equipped)|cost<=|unless_tap|until=|for=|creature_card|creature_you_control_dies|deals_wounds_to_player|;|^(static|equipped|when \w+|active|resolve|affinity|dissonance):`

// translations lists, for each language other than English, what would betray an English
// text left in its card text: words of the English templates that the language's own never
// use.
var translations = []struct {
	lang    string
	english string
}{
	{"fr", `\b(target|creature|creatures|you control|opponent|each|Each|until end of|wounds?|token|tokens|graveyard|field|Activate|gets|gains|draws?|Affinity|Agility|Deployment|Alteration|Instant|Equipment|Special resource|Hero|Creature|life|this|This|stack)\b`},
}

// TestCardTextTranslated renders every card of the starter set and of every shipped deck, and
// every construction of the grammar, in each translated language: no message id missing, no
// argument left, no fragment of the ability language and no English word of the templates.
func TestCardTextTranslated(t *testing.T) {
	cat := builtin(t)
	list := shippedCards(t, cat)
	var grammar []*cards.Card
	for _, tt := range grammarCases {
		ab, err := cards.ParseAbility(tt.text, tt.typ)
		if err != nil {
			t.Fatalf("%s: %v", tt.text, err)
		}
		grammar = append(grammar, &cards.Card{Name: "X", Type: tt.typ, Abilities: []cards.Ability{ab}})
	}
	for _, tr := range translations {
		t.Run(tr.lang, func(t *testing.T) {
			c, err := i18n.Load(tr.lang)
			if err != nil {
				t.Fatal(err)
			}
			bad := regexp.MustCompile(abilityLanguage + `|` + tr.english)
			check := func(where, s string) {
				t.Helper()
				if p := i18ntest.Problem(s, bad); p != "" {
					t.Errorf("%s: %q: %s (%q)", where, s, p, bad.FindString(s))
				}
			}
			for _, card := range slices.Concat(list, grammar) {
				m := CardText(cat, card)
				for _, x := range slices.Concat(m.Keywords, m.Text, Reminders(card)) {
					check(card.Name, c.Render(x))
				}
				for _, x := range m.Text {
					if s := c.Render(x); s == "" || !strings.HasSuffix(s, ".") {
						t.Errorf("%s: %q does not end with a full stop", card.Name, s)
					}
				}
				if card.Name != "X" {
					// the head names the card, whose name is not the catalog's to translate
					head := strings.TrimPrefix(c.Render(CardHead(card)), card.Name)
					check(card.Name+" head", head)
				}
			}
		})
	}
}

// translatedNotation is what the card grammar (SN C.2: its verbs, selectors, kinds and
// punctuation) and the English card text look like, so that a text rendered in another
// language shows none of it. Card, token and ability names are taken out before the check:
// they are not the card text's to translate.
var translatedNotation = regexp.MustCompile(`(?i:\b(wound|wounds|modify|grant|marker|markers|counter|create|creates|draw|draws|tap|untap|taps|destroy|resurrect|return|confront|confronts|regenerate|gain|gains|lose|loses|gets|has|static|equipped|when|whenever|active|activate|resolve|affinity|dissonance|agility|alteration|menace|dissimulation|deployment|division|target|creature|creatures|player|opponent|card|cards|token|tokens|resource|resources|instant|equipment|hero|life|graveyard|field|stack|cost|you|your|the|until|end|phase|turn|with|control|controls|each|this|that|and|or|of|to|on|from|other)\b)|\b[A-Z]{2,}\b|\bT\d?[,)]|[A-Za-z0-9]_|_[A-Za-z0-9]|[A-Za-z0-9]\(|[=@<;]|[+-]\d+/[+-]\d+\)|\s{2,}|^\s|\s$| [.,:]`)

// TestCardTextTranslatedStrictly renders everything of every shipped card a player reads
// (faction and type names too), and every grammar case, with the names taken out, against the
// stricter translatedNotation: for the languages that share no word of it with English
// (Spanish; French keeps Menace, Dissimulation and the like, and is checked by
// TestCardTextTranslated alone).
func TestCardTextTranslatedStrictly(t *testing.T) {
	cat := builtin(t)
	list := shippedCards(t, cat)
	var names []string
	for _, c := range cat.All() {
		names = append(names, c.Name)
		for _, ab := range c.Abilities {
			if ab.Name != "" {
				names = append(names, ab.Name)
			}
		}
	}
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) }) // longest first
	unname := func(s string) string {
		for _, n := range names {
			s = strings.ReplaceAll(s, n, "N")
		}
		return s
	}
	var grammar []i18n.Msg
	for _, tt := range grammarCases {
		ab, err := cards.ParseAbility(tt.text, tt.typ)
		if err != nil {
			t.Fatal(err)
		}
		c := &cards.Card{Type: tt.typ, Abilities: []cards.Ability{ab}}
		grammar = append(grammar, AbilityText(cat, c, &c.Abilities[0]))
	}
	for _, lang := range []string{"es"} {
		t.Run(lang, func(t *testing.T) {
			tr, err := i18n.Load(lang)
			if err != nil {
				t.Fatal(err)
			}
			check := func(where string, m i18n.Msg) {
				t.Helper()
				s := tr.Render(m)
				if p := i18ntest.Problem(unname(s), translatedNotation); p != "" {
					t.Errorf("%s: %q: %s (%q)", where, s, p, translatedNotation.FindString(unname(s)))
				}
			}
			for _, c := range list {
				m := CardText(cat, c)
				for _, x := range slices.Concat(m.Keywords, m.Text, Reminders(c), []i18n.Msg{CardHead(c), FactionName(c.Faction), TypeName(c.Type)}) {
					check(c.Name, x)
				}
			}
			for i, m := range grammar {
				check(grammarCases[i].text, m)
			}
		})
	}
}
