package cards

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func builtin(t testing.TB) *Catalog {
	t.Helper()
	cat, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestBuiltinCounts checks the contents of SN Part D: 5 heroes, 60 requisition cards (12 per
// faction), 10 special resources (2 per faction), 1 basic resource and 3 tokens.
func TestBuiltinCounts(t *testing.T) {
	cat := builtin(t)
	byType := map[Type]int{}
	perFaction := map[Faction]map[Type]int{}
	for i, c := range cat.All() {
		if c.Index != i || cat.Card(i) != c {
			t.Errorf("%s has Index %d at position %d", c.ID, c.Index, i)
		}
		if cat.ByID(c.ID) != c {
			t.Errorf("ByID(%s) does not find it", c.ID)
		}
		byType[c.Type]++
		if perFaction[c.Faction] == nil {
			perFaction[c.Faction] = map[Type]int{}
		}
		perFaction[c.Faction][c.Type]++
	}
	if n := len(cat.Heroes()); n != 5 {
		t.Errorf("%d heroes, want 5", n)
	}
	if n := len(cat.Requisitions()); n != 60 {
		t.Errorf("%d requisition cards, want 60", n)
	}
	if n := byType[SpecialResource]; n != 10 {
		t.Errorf("%d special resources, want 10", n)
	}
	if n := byType[Resource]; n != 1 {
		t.Errorf("%d basic resources, want 1", n)
	}
	if n := len(cat.Tokens()); n != 3 {
		t.Errorf("%d tokens, want 3", n)
	}
	if cat.Len() != 79 {
		t.Errorf("%d cards, want 79", cat.Len())
	}
	for _, f := range Factions {
		m := perFaction[f]
		if req := m[Creature] + m[Instant] + m[Equipment]; req != 12 || m[Hero] != 1 || m[SpecialResource] != 2 {
			t.Errorf("%s: %d requisition cards, %d heroes, %d special resources; want 12, 1, 2", f, req, m[Hero], m[SpecialResource])
		}
	}
}

func TestBuiltinCards(t *testing.T) {
	cat := builtin(t)
	any := AnyFilter()
	opp := filt(func(f *Filter) { f.Opp = true })
	tests := []struct {
		name string
		want Card // Index and Text are not compared
	}{
		{"Vessa, Matriarch of Nareh", Card{
			ID: "HE-DN", Name: "Vessa, Matriarch of Nareh", Faction: DamNareh, Type: Hero, Life: 20, Limit: 3,
			Abilities: []Ability{{
				Kind: Active, Cost: 3, Name: "Autolyse", Subject: sel(SelNone),
				Text: `active(3) "Autolyse": lose_life(YOU, 1); wound(T:creature, 2)`,
				Effects: []Effect{
					eff(Effect{Verb: LoseLife, Sel: sel(SelYou), N: 1}),
					eff(Effect{Verb: Wound, Sel: tgt(0, ObjCreature, any), N: 2}),
				},
				Targets: []TargetSpec{{"T", ObjCreature, any}},
			}},
		}},
		{"bloated thrall", Card{
			ID: "DN-03", Name: "Bloated Thrall", Faction: DamNareh, Type: Creature, Cost: 3, S: 2, E: 3,
			Division: &Division{Token: "TK-HUSK", N: 2}, Limit: 3,
		}},
		{"Sunstrider Champion", Card{
			ID: "RA-05", Name: "Sunstrider Champion", Faction: Rayji, Type: Creature, Cost: 5, S: 4, E: 4,
			Keywords: Agility | Menace, Limit: 3,
		}},
		{"Arc Gauntlet", Card{
			ID: "KE-10", Name: "Arc Gauntlet", Faction: Kern, Type: Equipment, Cost: 2, Keywords: Deployment, Limit: 3,
			Abilities: []Ability{
				{Kind: Equipped, Text: "equipped: gains Agility", Subject: sel(SelEquipped), Change: Change{Gains: Agility}},
				{Kind: Active, Cost: 1, Text: "active(1): modify(EQUIPPED, +1/+0)", Subject: sel(SelNone),
					Effects: []Effect{eff(Effect{Verb: Modify, Sel: sel(SelEquipped), Delta: Change{DS: 1}})}},
			},
		}},
		{"Sporewell", Card{
			ID: "SR-CY1", Name: "Sporewell", Faction: Cypios, Type: SpecialResource, Limit: 1,
			Abilities: []Ability{
				{Kind: Affinity, Text: "affinity: create(TK-SPORE, 1)", Subject: sel(SelNone),
					Effects: []Effect{eff(Effect{Verb: Create, Token: "TK-SPORE", N: 1})}},
				{Kind: Dissonance, Text: "dissonance: create(TK-SPORE, 1, for=T:player[opp])", Subject: sel(SelNone),
					Effects: []Effect{eff(Effect{Verb: Create, Token: "TK-SPORE", N: 1, For: tgt(0, ObjPlayer, opp)})},
					Targets: []TargetSpec{{"T", ObjPlayer, opp}}},
			},
		}},
		{"Nexus Shard", Card{ID: "RS-00", Name: "Nexus Shard", Faction: Neutral, Type: Resource, Limit: Unlimited}},
		{"Sporeling", Card{ID: "TK-SPORE", Name: "Sporeling", Faction: Cypios, Type: Token, S: 1, E: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := cat.ByName(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			got := *c
			got.Index, got.Text, got.Names, got.AbilityNames = 0, nil, nil, nil // names: TestNames*, TestAbilityNames
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
			if len(c.Text) != len(c.Abilities) {
				t.Errorf("%d texts for %d abilities", len(c.Text), len(c.Abilities))
			}
		})
	}
	if tk := cat.Token("TK-DRONE"); tk == nil || tk.Name != "Kern Drone" || tk.S != 1 || tk.E != 2 {
		t.Errorf("Token(TK-DRONE) = %+v", tk)
	}
	if cat.Token("KE-06") != nil {
		t.Error("Token(KE-06) found a creature")
	}
	c, _ := cat.ByName("Drone Foundry")
	if !c.IsRequisition() || c.IsResource() || !c.IsCreature() {
		t.Error("Drone Foundry: wrong type predicates")
	}
}

func TestByNameSuggests(t *testing.T) {
	cat := builtin(t)
	_, err := cat.ByName("Ember Cob")
	if err == nil || !strings.Contains(err.Error(), `did you mean "Ember Cub"`) {
		t.Errorf("ByName(Ember Cob) = %v, want a suggestion of Ember Cub", err)
	}
	_, err = cat.ByName("Zzyzx Qwerty")
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("ByName(Zzyzx Qwerty) = %v, want an error without suggestion", err)
	}
}

// TestLoadErrors feeds malformed files to Load: each error must name the file, the card and
// the field, and say why.
func TestLoadErrors(t *testing.T) {
	const tokens = `
  - {id: TK-SPORE, name: Sporeling, faction: Cypios, type: Token, stats: 1/1}
`
	tests := []struct {
		name string
		yaml string
		want []string // parts of the message
	}{
		{"unknown key", `cards:
  - {id: X-01, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1, keyword: [Agility]}`,
			[]string{"bad.yaml:2", "card X-01", "field keyword", `unknown field "keyword" (did you mean "keywords"?)`}},
		{"unknown top-level key", "card: []", []string{"bad.yaml:1", `unknown top-level key "card"`}},
		{"unknown verb", `cards:
  - {id: X-02, name: Burst, faction: DamNareh, type: Instant, cost: 2, text: ["resolve: modfy(T:creature, -2/-2)"]}`,
			[]string{"card X-02", "field text[0]", `unknown verb "modfy" (did you mean "modify"?)`, "column 10"}},
		{"bad delta", `cards:
  - {id: X-03, name: Burst, faction: DamNareh, type: Instant, cost: 2, text: ["resolve: modify(T:creature, -2-2)"]}`,
			[]string{"card X-03", "field text[0]", `expected "/"`}},
		{"missing stats", `cards:
  - {id: X-04, name: Cub, faction: Rayji, type: Creature, cost: 1}`,
			[]string{"card X-04", "field stats", "missing (required for a Creature"}},
		{"bad stats", `cards:
  - {id: X-05, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: "2-1"}`,
			[]string{"card X-05", "field stats", `expected strength/endurance such as 2/3, found "2-1"`}},
		{"stats on an instant", `cards:
  - {id: X-06, name: Burst, faction: Rayji, type: Instant, cost: 1, stats: 1/1, text: ["resolve: tap(T:creature)"]}`,
			[]string{"card X-06", "field stats", "an Instant has no stats"}},
		{"missing cost", `cards:
  - {id: X-07, name: Cub, faction: Rayji, type: Creature, stats: 2/1}`,
			[]string{"card X-07", "field cost", "missing"}},
		{"missing id", `cards:
  - {name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1}`,
			[]string{"card #1", "field id", "missing (required for every card"}},
		{"unknown faction", `cards:
  - {id: X-08, name: Cub, faction: Ryji, type: Creature, cost: 1, stats: 2/1}`,
			[]string{"card X-08", "field faction", `unknown faction "Ryji"`}},
		{"unknown token in create", `cards:` + tokens + `
  - {id: X-09, name: Caller, faction: Cypios, type: Creature, cost: 3, stats: 2/2, text: ["when arrives: create(TK-SPOR, 2)"]}`,
			[]string{"card X-09", "field text[0]", `unknown token "TK-SPOR" (did you mean "TK-SPORE"?)`}},
		{"unknown token in Division", `cards:` + tokens + `
  - {id: X-10, name: Drifter, faction: Cypios, type: Creature, cost: 1, stats: 1/1, keywords: ["Division(TK-HUSK x1)"]}`,
			[]string{"card X-10", "field keywords", `unknown token "TK-HUSK"`}},
		{"Division of a creature", `cards:` + tokens + `
  - {id: X-11, name: Drifter, faction: Cypios, type: Creature, cost: 1, stats: 1/1, keywords: ["Division(X-11 x1)"]}`,
			[]string{"card X-11", `"X-11" is a Creature (Drifter), not a Token`}},
		{"bad Division", `cards:
  - {id: X-12, name: Drifter, faction: Cypios, type: Creature, cost: 1, stats: 1/1, keywords: ["Division(TK-SPORE 1)"]}`,
			[]string{"card X-12", "field keywords", "expected Division(TOKEN-ID xN)"}},
		{"unknown keyword", `cards:
  - {id: X-13, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1, keywords: [Agilty]}`,
			[]string{"card X-13", "field keywords", `unknown keyword "Agilty"`, `did you mean "Agility"`}},
		{"keyword on an instant", `cards:
  - {id: X-14, name: Burst, faction: Rayji, type: Instant, cost: 1, keywords: [Menace], text: ["resolve: tap(T:creature)"]}`,
			[]string{"card X-14", "an Instant can't have Menace"}},
		{"duplicate id", `cards:
  - {id: X-15, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1}
  - {id: X-15, name: Pup, faction: Rayji, type: Creature, cost: 1, stats: 2/1}`,
			[]string{"bad.yaml:3", "card X-15", "field id", "duplicate id"}},
		{"duplicate name", `cards:
  - {id: X-16, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1}
  - {id: X-17, name: cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1}`,
			[]string{"card X-17", "field name", `duplicate name "cub"`}},
		{"hero without ability", `cards:
  - {id: X-18, name: Nobody, faction: Rayji, type: Hero, life: 20}`,
			[]string{"card X-18", "field text", "exactly one ability, an active one"}},
		{"special resource without dissonance", `cards:
  - {id: X-19, name: Rock, faction: Rayji, type: SpecialResource, text: ["affinity: draw(YOU, 1)"]}`,
			[]string{"card X-19", "one affinity: and one dissonance:"}},
		{"resolve on a creature", `cards:
  - {id: X-20, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1, text: ["resolve: draw(YOU, 1)"]}`,
			[]string{"card X-20", "field text[0]", "a resolve: ability is not allowed on a Creature card"}},
		{"bad limit", `cards:
  - {id: X-21, name: Shard, faction: Neutral, type: Resource, limit: lots}`,
			[]string{"card X-21", "field limit", `"unlimited", found "lots"`}},
		{"not a list", `cards: {id: X-22}`, []string{`expected "cards:" followed by a list`}},
		{"syntax", "cards: [", []string{"bad.yaml"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"data/bad.yaml": {Data: []byte(tc.yaml)}}
			_, err := Load(fsys, "data/bad.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Errorf("error %T, want *LoadError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestLoadDefaults checks the copy limits implied by the type and the limit field.
func TestLoadDefaults(t *testing.T) {
	fsys := fstest.MapFS{"a.yaml": {Data: []byte(`cards:
  - {id: A, name: Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1}
  - {id: B, name: Rock, faction: Rayji, type: SpecialResource, text: ["affinity: draw(YOU, 1)", "dissonance: lose_life(YOU, 1)"]}
  - {id: C, name: Shard, faction: Neutral, type: Resource}
  - {id: D, name: Rare Cub, faction: Rayji, type: Creature, cost: 1, stats: 2/1, limit: 1}
  - {id: E, name: Free Shard, faction: Neutral, type: Resource, limit: 4}
`)}}
	cat, err := Load(fsys, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"A": 3, "B": 1, "C": Unlimited, "D": 1, "E": 4}
	for id, limit := range want {
		if got := cat.ByID(id).Limit; got != limit {
			t.Errorf("%s: Limit %d, want %d", id, got, limit)
		}
	}
}
