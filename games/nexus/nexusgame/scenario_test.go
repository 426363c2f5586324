package nexusgame_test

import (
	"path/filepath"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus/nexusgame"
	"starnexus/scenario"
)

// runOne runs the first scenario of text with a registry that holds Stellar Nexus alone.
func runOne(t *testing.T, text string) (scenario.Result, error) {
	t.Helper()
	scs, err := scenario.Parse("test.yaml", []byte(text))
	if err != nil {
		return scenario.Result{}, err
	}
	g, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := engine.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	return scenario.NewRunner(reg).Run(scs[0]), nil
}

const nexusBase = `name: t
game: nexus
players:
  - name: Ann
    hero: Kaira Swiftclaw
    hand: [Surge of Fury, Burning Stride]
    resources: [Nexus Shard, Sunforge Totem, Nexus Shard]
    field: [{card: Ember Cub}, {card: Dune Stalker, atk: 1, markers: 1, equipment: [Warpaint]}]
  - name: Bob
    hero: Tarsk Ironvein, Forgemaster
    field: [Rivet Sentry]
active: Ann
phase: main1
`

// TestNexusRunner checks the runner-side conveniences of the nexus format: positions, inline
// on/paying, automatic passes, pass to PHASE, and refusals that leave the state unchanged.
func TestNexusRunner(t *testing.T) {
	cases := []struct {
		name  string
		steps string
		fail  string // "" when the scenario must hold; else a text of the failure
	}{
		{"position", `expect:
  Ann.field: ["Ember Cub 2/1 (2,1)", "Dune Stalker 4/4 (1,4)"]
  Ann.equipment: [Warpaint]
  Bob.field: [Rivet Sentry]
  priority: Bob
  phase: main1
`, ""},
		{"inline target and payment", `steps:
  - cast Surge of Fury on Ember Cub paying Sunforge Totem
  - pass
expect:
  Ann.field: ["Ember Cub 4/3 (4,3)", "Dune Stalker 4/4 (1,4)"]
  Ann.resources_untapped: 2
`, ""},
		{"basic resources first without paying", `steps:
  - cast Surge of Fury on Rivet Sentry
expect:
  Ann.tapped: [Nexus Shard]
  stack: [Surge of Fury]
  priority: Bob
`, ""},
		{"an inline target that is not legal", `steps:
  - {do: cast Surge of Fury on Warpaint, error: true}
expect:
  stack: []
  Ann.hand: [Surge of Fury, Burning Stride]
`, ""},
		{"pass to a combat step and declare", `steps:
  - pass to attackers
  - attack with Ember Cub
  - pass to end_of_combat
expect:
  Bob.life: 18
  Ann.field: ["Ember Cub 2/1 (0,1)", "Dune Stalker 4/4 (1,4)"]
  Ann.tapped: [Ember Cub]
  phase: end_of_combat
`, ""},
		{"the turn would end before the action is legal", `steps:
  - pass to end
  - attack with Ember Cub
`, "the turn would end"},
		{"an unknown card suggests names", `steps:
  - cast Surge of Fuyr
`, "did you mean"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := runOne(t, nexusBase+c.steps)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, f := range res.Failures {
				msgs = append(msgs, f.String())
			}
			all := strings.Join(msgs, "; ")
			switch {
			case c.fail == "" && len(msgs) > 0:
				t.Fatalf("failed: %s", all)
			case c.fail != "" && !strings.Contains(all, c.fail):
				t.Fatalf("want a failure containing %q, got %q", c.fail, all)
			}
		})
	}
}

// TestNexusSetupErrors: Star Realms keys, bad variants, bad test cards and misplaced
// reserves are refused with a reason.
func TestNexusSetupErrors(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\ntrade_row: [Scout]", 1), "Star Realms keys"},
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\nvariants: {modifier_expiry: sideways}", 1), "variants: option modifier_expiry: \"sideways\" is not cap_only or symmetric"},
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\noptions: {last_loser: Cat}", 1), "options: option last_loser: no player named \"Cat\""},
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\noptions: {max_turn: 3}", 1), "did you mean max_turns"},
		{strings.Replace(nexusBase, "phase: main1", "phase: lunch", 1), "one of upkeep"},
		{strings.Replace(nexusBase, "hero: Kaira Swiftclaw", "hero: Kaira Swiftclw", 1), "did you mean"},
		// Test cards are checked like the starter set's files.
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\ncards: [{id: T1, name: Odd One, faction: Neutral, type: Creature, cost: 1}]", 1), "stats"},
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\ncards: [{id: T1, name: Ember Cub, faction: Rayji, type: Creature, cost: 1, stats: 1/1}]", 1), "duplicate name"},
		{strings.Replace(nexusBase, "phase: main1", "phase: main1\ncards: [{id: T1, name: Odd One, faction: Neutral, type: Instant, cost: 1, text: [\"resolve: wund(T:creature, 1)\"]}]", 1), "T1"},
		{strings.Replace(nexusBase, "    field: [Rivet Sentry]", "    field: [Rivet Sentry]\n    reserve: [Ember Cub]", 1), "before the game"},
		{strings.Replace(strings.Replace(nexusBase, "phase: main1\n", "", 1), "    field: [Rivet Sentry]", "    reserve: [Nareh Husk]", 1), "token"},
	}
	for _, c := range cases {
		res, err := runOne(t, c.yaml)
		if err != nil {
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("want %q, got %v", c.want, err)
			}
			continue
		}
		if len(res.Failures) == 0 || !strings.Contains(res.Failures[0].String(), c.want) {
			t.Errorf("want a setup failure containing %q, got %v", c.want, res.Failures)
		}
	}
}

// snRules are the numbered rules of SN 6 to SN 17 (and SN 2.5 and 1.4, which the swaps and
// concession brought in), as numbered in shared/reference/stellar-nexus-rules-en.md.
var snRules = strings.Fields(`1.4 2.5
6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8 6.9 6.10 6.11
7.1 7.2 7.3 7.3.1 7.4 7.5 7.6
8.1 8.2 8.3 8.4 8.5 8.6 8.7
9.1 9.2 9.3 9.4 9.5 9.6 9.7
10.1 10.2 10.3 10.4 10.5 10.6 10.7 10.8 10.9
11.1 11.2 11.3 11.4 11.5 11.6 11.7 11.8 11.9
12.1 12.2 12.3 12.4 12.5 12.6 12.7 12.7.1 12.7.2 12.7.3 12.7.4 12.7.5 12.8 12.9
13.1 13.2
14.1 14.2 14.3 14.4 14.5
15.1 15.2 15.3
16.1 16.2 16.3 16.4 16.5 16.6 16.7
17.1 17.2 17.3 17.4 17.5 17.6`)

// TestNexusRuleCoverage: every numbered rule of SN 6-17 is cited by a nexus scenario (issue
// #6), directly or through one of its parts ("SN 12.7.2" covers 12.7, "SN 14.2(a)" 14.2).
func TestNexusRuleCoverage(t *testing.T) {
	files, err := scenario.Files([]string{filepath.Join("..", "..", "..", "testdata", "scenarios", "nexus")})
	if err != nil {
		t.Fatal(err)
	}
	cited := map[string]bool{}
	for _, f := range files {
		scs, err := scenario.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range scs {
			r := strings.TrimPrefix(strings.TrimSpace(sc.Rule), "SN ")
			for r != "" {
				cited[r] = true
				i := strings.LastIndexAny(r, ".(")
				if i < 0 {
					break
				}
				r = r[:i]
			}
		}
	}
	for _, r := range snRules {
		if !cited[r] {
			t.Errorf("SN %s has no scenario", r)
		}
	}
}

// TestNexusOptions: variants: and options: go through the game's one option parser, so any
// option it knows is set, and the position starts.
func TestNexusOptions(t *testing.T) {
	cases := []string{
		"variants: {passive_triggers: stack, retain_priority: true}",
		"options: {max_turns: 5, last_loser: 2}",
		"options: {attack_refresh: every_step, last_loser: bob}",
		"variants: {alteration_unblocks: false}",
	}
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			res, err := runOne(t, strings.Replace(nexusBase, "phase: main1", "phase: main1\n"+c, 1)+"expect:\n  priority: Bob\n")
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range res.Failures {
				t.Error(f)
			}
		})
	}
}
