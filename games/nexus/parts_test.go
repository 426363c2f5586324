package nexus

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// legalByText finds the legal action of the first seat to move whose text is text.
func legalByText(t *testing.T, s *State, text string) (engine.Seat, engine.Action) {
	t.Helper()
	var texts []string
	for _, seat := range s.ToMove(nil) {
		for _, a := range s.Legal(seat, nil) {
			if s.ActionText(seat, a) == text {
				return seat, a
			}
			texts = append(texts, s.ActionText(seat, a))
		}
	}
	t.Fatalf("%q is not legal now; legal: %q", text, texts)
	return 0, 0
}

// TestDescribeActionEveryVerb: each verb of the action language (docs/api.md, the Stellar
// Nexus actions) is described by its parts, as its canonical text reads.
func TestDescribeActionEveryVerb(t *testing.T) {
	gust := engine.Asker{Card: "Nullifying Gust"}
	counter := func() *State {
		return duel(t, PlayerSetup{Hand: []string{"Rivet Sentry"}, Resources: engShards(4)},
			PlayerSetup{Hand: []string{"Nullifying Gust"}, Resources: engShards(2)}, "main1")
	}
	twoBrutes := func() *State {
		return duel(t, PlayerSetup{Field: []Perm{{Card: "Ironclad Brute"}, {Card: "Ironclad Brute"}}},
			PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}}}, "combat")
	}
	cases := []struct {
		name    string
		st      func() *State
		prelude []string
		text    string
		want    engine.ActionParts
	}{
		{"pass", counter, nil, "pass", engine.ActionParts{Verb: "pass"}},
		{"choose a resource to pay", func() *State {
			s, err := NewPosition(mustTable(t), Position{Options: Options{TriggersOnStack: true}, Active: "Ann", Phase: "main1", Players: []PlayerSetup{
				{Name: "Ann", Hero: "Tarsk Ironvein, Forgemaster", Hand: []string{"Ironclad Brute"},
					Resources: []Perm{{Card: "Anvil Spire"}, {Card: "Nexus Shard"}, {Card: "Nexus Shard"}}},
				{Name: "Bob", Hero: "Kaira Swiftclaw"}}})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}, []string{"pass", "cast Ironclad Brute"}, "choose Anvil Spire",
			engine.ActionParts{Verb: "choose", Card: "Anvil Spire", Zone: "field", Asks: engine.Asker{Card: "Ironclad Brute"}}},
		{"cast", counter, []string{"pass"}, "cast Rivet Sentry", engine.ActionParts{Verb: "cast", Card: "Rivet Sentry", Zone: "hand"}},
		{"yes", counter, []string{"pass", "cast Rivet Sentry", "cast Nullifying Gust", "pass"}, "yes", engine.ActionParts{Verb: "yes", Asks: gust}},
		{"no", counter, []string{"pass", "cast Rivet Sentry", "cast Nullifying Gust", "pass"}, "no", engine.ActionParts{Verb: "no", Asks: gust}},
		{"activate hero", func() *State {
			return duel(t, PlayerSetup{Resources: engShards(6), Field: []Perm{{Card: "Ember Cub"}}}, PlayerSetup{Resources: engShards(4)}, "main1")
		}, []string{"pass"}, "activate hero", engine.ActionParts{Verb: "activate", Card: "Kaira Swiftclaw", Ability: "hero", Zone: "hero"}},
		{"add attacker, numbered", twoBrutes, nil, "add attacker Ironclad Brute #2",
			engine.ActionParts{Verb: "add attacker", Card: "Ironclad Brute", Number: 2, Zone: "field"}},
		{"attack with none", twoBrutes, nil, "attack with none", engine.ActionParts{Verb: "attack"}},
		{"done", twoBrutes, []string{"add attacker Ironclad Brute #1"}, "done", engine.ActionParts{Verb: "done"}},
		{"block", twoBrutes, []string{"add attacker Ironclad Brute #1", "done", "pass", "pass"}, "block Ironclad Brute #1 with Rivet Sentry",
			engine.ActionParts{Verb: "block", Card: "Rivet Sentry", Zone: "field",
				Target: engine.Target{Kind: "card", Card: "Ironclad Brute", Number: 1, Zone: "field", Seat: 0, Player: "Ann"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.st()
			for _, p := range c.prelude {
				seat, a := legalByText(t, s, p)
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
			}
			seat, a := legalByText(t, s, c.text)
			if got := s.DescribeAction(seat, a); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q: parts\n got %+v\nwant %+v", c.text, got, c.want)
			}
		})
	}
}

// checkParts says how the parts of a legal action disagree with its text, or "".
func checkParts(text string, p engine.ActionParts) string {
	if p.Verb == "" || !strings.HasPrefix(text, p.Verb) {
		return "the verb does not begin the text"
	}
	names := []string{p.Target.Card}
	if p.Ability != "hero" {
		names = append(names, p.Card)
	}
	for _, n := range names {
		if n != "" && !strings.Contains(text, n) {
			return fmt.Sprintf("%q is not in the text", n)
		}
	}
	for _, n := range []int{p.Number, p.Target.Number} {
		if n != 0 && !strings.Contains(text, fmt.Sprintf("#%d", n)) {
			return fmt.Sprintf("#%d is not in the text", n)
		}
	}
	if p.Target.Kind == "player" && !strings.Contains(text, p.Target.Player) {
		return "the target player is not in the text"
	}
	if p.Target.Kind != "" && p.Target.Kind != "player" && p.Target.Card == "" {
		return "a target card without a name"
	}
	return ""
}

// TestDescribeActionAgreesWithText plays random games of every format (the reserve swaps
// too) and checks the parts of every legal action against its canonical text; together the
// games use every verb.
func TestDescribeActionAgreesWithText(t *testing.T) {
	tab := mustTable(t)
	verbs := map[string]bool{}
	check := func(g int, s *State) {
		for _, seat := range s.ToMove(nil) {
			for _, a := range s.Legal(seat, nil) {
				text := s.ActionText(seat, a)
				p := s.DescribeAction(seat, a)
				if why := checkParts(text, p); why != "" {
					t.Fatalf("game %d: %q: %s: %+v", g, text, why, p)
				}
				verbs[p.Verb] = true
			}
		}
	}
	for g := 0; g < 24; g++ {
		opts, ds := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 30}, []Deck{factionDeck(t, tab, uint8(1+g%5)), factionDeck(t, tab, uint8(1+(g+2)%5))}
		switch g % 4 {
		case 1:
			opts.Format, opts.Names = "ffa", nil
			ds = append(ds, factionDeck(t, tab, uint8(1+(g+3)%5)))
		case 2:
			opts.Format, opts.Names = "allied", nil
			ds = append(ds, factionDeck(t, tab, uint8(1+(g+3)%5)), factionDeck(t, tab, uint8(1+(g+4)%5)))
		case 3:
			rs := reserveDecks(t)
			ds = []Deck{rs[g%5], rs[(g+2)%5]}
		}
		s, err := NewGame(tab, opts, ds, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		for n := 0; n < 2000 && !s.Over(); n++ {
			check(g, s)
			if s.Pend.K == pSwap && n > 20 {
				for _, q := range s.ToMove(nil) {
					if s.Allowed(q, mkA(aDone, 0)) == "" {
						s.ApplyTrusted(q, mkA(aDone, 0))
					}
				}
				continue
			}
			m := s.ToMove(nil)
			seat := m[rng.Intn(len(m))]
			l := s.Legal(seat, nil)
			s.ApplyTrusted(seat, l[rng.Intn(len(l))])
		}
	}
	for _, v := range []string{"pass", "done", "keep", "mulligan", "yes", "no", "skip", "swap", "cast", "activate", "choose", "add attacker", "attack", "block"} {
		if !verbs[v] {
			t.Errorf("no game offered a %q action", v)
		}
	}
}

// TestDescribeDecision: the pending decision as data, and its prompt as the spectator and
// the seat that decides read it.
func TestDescribeDecision(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := duel(t, PlayerSetup{Hand: []string{"Rivet Sentry"}, Resources: engShards(4)},
		PlayerSetup{Hand: []string{"Nullifying Gust"}, Resources: engShards(2)}, "main1")
	steps := []struct {
		text           string
		want           engine.Decision
		prompt, public string
	}{
		{"pass", engine.Decision{Seat: 0, Kind: "priority", Optional: true}, "Your priority: cast, activate or pass.", "Ann has priority."},
		{"cast Rivet Sentry", engine.Decision{Seat: 1, Kind: "priority", Optional: true}, "Your priority: cast, activate or pass.", "Bob has priority."},
		{"cast Nullifying Gust", engine.Decision{Seat: 0, Kind: "priority", Optional: true}, "Your priority: cast, activate or pass.", "Ann has priority."},
		{"pass", engine.Decision{Seat: 0, Kind: "unless", Asks: engine.Asker{Card: "Nullifying Gust"}, Min: 1, Max: 1},
			"Nullifying Gust: tap 2 resources so that Rivet Sentry is not countered?",
			"Nullifying Gust: Ann may tap 2 resources so that Rivet Sentry is not countered."},
	}
	for _, st := range steps {
		seat, a := legalByText(t, s, st.text)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if got, ok := s.DescribeDecision(st.want.Seat); !ok || en.Render(got.Prompt) != st.prompt {
			t.Errorf("after %q: the deciding seat's prompt %q, want %q", st.text, en.Render(got.Prompt), st.prompt)
		}
		got, ok := s.DescribeDecision(engine.Spectator)
		if p := en.Render(got.Prompt); p != st.public {
			t.Errorf("after %q: the public prompt %q, want %q", st.text, p, st.public)
		}
		got.Prompt = i18n.Msg{}
		if !ok || !reflect.DeepEqual(got, st.want) {
			t.Fatalf("after %q: %+v, %v\nwant %+v", st.text, got, ok, st.want)
		}
	}
}
