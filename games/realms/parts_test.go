package realms

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// legalByText finds the legal action of the seat to move whose text is text.
func legalByText(t *testing.T, s *State, text string) (engine.Seat, engine.Action) {
	t.Helper()
	seat := s.ToMove(nil)[0]
	var texts []string
	for _, a := range s.Legal(seat, nil) {
		if s.ActionText(seat, a) == text {
			return seat, a
		}
		texts = append(texts, s.ActionText(seat, a))
	}
	t.Fatalf("%q is not legal now; legal: %q", text, texts)
	return 0, 0
}

// TestDescribeActionEveryVerb: each verb of the action language (docs/scenario-format.md,
// "Actions") is described by its parts, as its canonical text reads.
func TestDescribeActionEveryVerb(t *testing.T) {
	cat := loadCat(t)
	deck := []string{"Scout", "Scout", "Scout", "Scout", "Scout"}
	duel := func(annHand, annPlay, bobPlay []string) Position {
		return Position{Options: Options{Format: "standard", Sets: []string{"core"}}, Seed: 3, Active: "Ann",
			Players: []PlayerSetup{
				{Name: "Ann", Hand: annHand, Deck: deck, InPlay: annPlay, Discard: []string{"Viper"}},
				{Name: "Bob", Hand: deck, Deck: deck, InPlay: bobPlay},
			}}
	}
	ffa := Position{Options: Options{Format: "ffa", Sets: []string{"core"}}, Seed: 3, Active: "Ann",
		Players: []PlayerSetup{
			{Name: "Ann", Hand: []string{"Imperial Fighter"}, Deck: deck},
			{Name: "Bob", Hand: deck, Deck: deck},
			{Name: "Cid", Hand: deck, Deck: deck},
		}}
	one, two := 1, 2
	hydra := Position{Options: Options{Format: "hydra", Sets: []string{"core"}}, Seed: 3, Active: "Ann",
		Players: []PlayerSetup{
			{Name: "Ann", Hand: []string{"Scout", "Viper"}, Deck: deck, Team: &one},
			{Name: "Bob", Hand: deck, Deck: deck, Team: &two},
			{Name: "Cid", Hand: deck, Deck: deck, Team: &one},
			{Name: "Dan", Hand: deck, Deck: deck, Team: &two},
		}}
	bob := func(kind string) engine.Target { return engine.Target{Kind: kind, Seat: 1, Player: "Bob"} }
	tradeBot := engine.Asker{Card: "Trade Bot", Ability: "primary"}
	cases := []struct {
		name    string
		pos     Position
		prelude []string
		text    string
		want    engine.ActionParts
	}{
		{"end", duel(deck, nil, nil), nil, "end", engine.ActionParts{Verb: "end"}},
		{"play", duel([]string{"Scout"}, nil, nil), nil, "play Scout",
			engine.ActionParts{Verb: "play", Card: "Scout", Zone: "hand"}},
		{"use scrap", duel(nil, []string{"Blob Wheel"}, nil), nil, "use Blob Wheel scrap",
			engine.ActionParts{Verb: "use", Card: "Blob Wheel", Ability: "scrap", Zone: "play"}},
		{"buy from the row", duel([]string{"Scout", "Scout"}, nil, nil), []string{"play Scout", "play Scout"}, "buy Explorer",
			engine.ActionParts{Verb: "buy", Card: "Explorer", Zone: "explorers"}},
		{"attack a player", duel([]string{"Viper"}, nil, nil), []string{"play Viper"}, "attack Bob 1",
			engine.ActionParts{Verb: "attack", Target: bob("player"), Amount: 1}},
		{"attack a base", duel([]string{"Viper", "Viper", "Viper", "Viper", "Viper"}, nil, []string{"Blob Wheel"}),
			[]string{"play Viper", "play Viper", "play Viper", "play Viper", "play Viper"}, "attack Bob:Blob Wheel",
			engine.ActionParts{Verb: "attack", Target: engine.Target{Kind: "card", Seat: 1, Player: "Bob", Card: "Blob Wheel", Zone: "play"}}},
		{"choose an option", duel(nil, []string{"Trading Post"}, nil), []string{"use Trading Post primary"}, "choose 2",
			engine.ActionParts{Verb: "choose", Option: 2, Asks: engine.Asker{Card: "Trading Post", Ability: "primary"}}},
		{"choose a card", duel([]string{"Trade Bot", "Scout"}, nil, nil), []string{"play Trade Bot"}, "choose hand:Scout",
			engine.ActionParts{Verb: "choose", Card: "Scout", Zone: "hand", Asks: tradeBot}},
		{"skip", duel([]string{"Trade Bot", "Scout"}, nil, nil), []string{"play Trade Bot"}, "skip",
			engine.ActionParts{Verb: "skip", Asks: tradeBot}},
		{"done", duel([]string{"Scout"}, []string{"Brain World"}, nil), []string{"use Brain World primary"}, "done",
			engine.ActionParts{Verb: "done", Asks: engine.Asker{Card: "Brain World", Ability: "primary"}}},
		{"choose a player", ffa, []string{"play Imperial Fighter"}, "choose Cid",
			engine.ActionParts{Verb: "choose", Target: engine.Target{Kind: "player", Seat: 2, Player: "Cid"}, Asks: engine.Asker{Card: "Imperial Fighter", Ability: "primary"}}},
		{"give", hydra, []string{"play Scout"}, "give Cid trade 1",
			engine.ActionParts{Verb: "give", Target: engine.Target{Kind: "player", Seat: 2, Player: "Cid"}, Amount: 1, Pool: "trade"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := NewPosition(cat, c.pos)
			if err != nil {
				t.Fatal(err)
			}
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

// TestDescribeDecision: the pending decision as data, as its prompt reads it.
func TestDescribeDecision(t *testing.T) {
	cat := loadCat(t)
	deck := []string{"Scout", "Scout", "Scout", "Scout", "Scout"}
	s, err := NewPosition(cat, Position{Options: Options{Format: "standard", Sets: []string{"core"}}, Seed: 3, Active: "Ann",
		Players: []PlayerSetup{
			{Name: "Ann", Hand: []string{"Trade Bot", "Scout", "Viper"}, Deck: deck, InPlay: []string{"Trading Post", "Brain World"}},
			{Name: "Bob", Hand: deck, Deck: deck},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.DescribeDecision(engine.Spectator); ok {
		t.Fatal("a decision is described where none is pending")
	}
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		text string
		want engine.Decision
		// prompt is the prompt as Ann, who decides, reads it; other as anybody else does;
		// options are the options of a choose-one.
		prompt, other string
		options       []string
	}{
		{"use Trading Post primary", engine.Decision{Kind: "option", Effect: "choose one", Asks: engine.Asker{Card: "Trading Post", Ability: "primary"},
			Min: 1, Max: 1, Options: []string{"authority 1", "trade 1"}},
			"Trading Post (Primary): choose one.", "Trading Post (Primary): Ann chooses one.", []string{"+1 Authority", "+1 Trade"}},
		{"choose 1", engine.Decision{}, "", "", nil},
		{"play Trade Bot", engine.Decision{Kind: "cards", Effect: "scrap", Asks: engine.Asker{Card: "Trade Bot", Ability: "primary"}, Max: 1, Optional: true},
			"Trade Bot (Primary): you may scrap a card from your hand or discard pile.",
			"Trade Bot (Primary): Ann may scrap a card from their hand or discard pile.", nil},
		{"skip", engine.Decision{}, "", "", nil},
		{"use Brain World primary", engine.Decision{Kind: "cards", Effect: "scrap", Asks: engine.Asker{Card: "Brain World", Ability: "primary"}, Max: 2, Optional: true},
			"Brain World (Primary): you may scrap up to 2 cards from your hand or discard pile.",
			"Brain World (Primary): Ann may scrap up to 2 cards from their hand or discard pile.", nil},
		{"choose hand:Scout", engine.Decision{Kind: "cards", Effect: "scrap", Asks: engine.Asker{Card: "Brain World", Ability: "primary"}, Max: 1, Optional: true},
			"Brain World (Primary): you may scrap up to one more card from your hand or discard pile.",
			"Brain World (Primary): Ann may scrap up to one more card from their hand or discard pile.", nil},
	}
	for _, st := range steps {
		seat, a := legalByText(t, s, st.text)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		for _, viewer := range []engine.Seat{engine.Spectator, 0, 1} {
			got, ok := s.DescribeDecision(viewer)
			if st.want.Kind == "" {
				if ok {
					t.Fatalf("after %q: %+v described, none pending", st.text, got)
				}
				continue
			}
			want := st.other
			if viewer == 0 {
				want = st.prompt
			}
			if p := en.Render(got.Prompt); p != want {
				t.Errorf("after %q, for seat %d: prompt %q, want %q", st.text, viewer, p, want)
			}
			var opts []string
			for _, o := range got.OptionMsgs {
				opts = append(opts, en.Render(o))
			}
			if !reflect.DeepEqual(opts, st.options) {
				t.Errorf("after %q: options %q, want %q", st.text, opts, st.options)
			}
			got.Prompt, got.OptionMsgs = i18n.Msg{}, nil
			if !ok || !reflect.DeepEqual(got, st.want) {
				t.Fatalf("after %q, for seat %d: %+v, %v\nwant %+v (prompt %q)", st.text, viewer, got, ok, st.want, s.DecisionPrompt())
			}
		}
	}
}

// checkParts says how the parts of a legal action disagree with its text, or "".
func checkParts(text string, p engine.ActionParts) string {
	if p.Verb == "" || !strings.HasPrefix(text, p.Verb) {
		return "the verb is not the text's first word"
	}
	for _, n := range []string{p.Card, p.Target.Card, p.Target.Player, p.Upgrade, p.Pool} {
		if n != "" && !strings.Contains(text, n) {
			return fmt.Sprintf("%q is not in the text", n)
		}
	}
	if p.Target.Player != "" && p.Target.Kind == "" {
		return "a target player without a kind"
	}
	for _, n := range []int{p.Amount, p.Option} {
		if n != 0 && !slices.Contains(strings.Fields(text), strconv.Itoa(n)) {
			return fmt.Sprintf("%d is not in the text", n)
		}
	}
	if (p.Asks != engine.Asker{}) && !slices.Contains([]string{"choose", "skip", "done"}, p.Verb) {
		return "an action that answers no decision names an asker"
	}
	return ""
}

// TestDescribeActionAgreesWithText plays random games of every format and checks the parts of
// every legal action against its canonical text; together the games use every verb.
func TestDescribeActionAgreesWithText(t *testing.T) {
	cat := loadCat(t)
	verbs := map[string]bool{}
	for _, f := range formatSeats {
		for _, n := range f.seats {
			for seed := uint64(1); seed <= 3; seed++ {
				s, err := NewGame(cat, Options{Format: f.format, Names: names(n)}, seed)
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRNG(seed)
				for !s.Over() {
					seat := s.ToMove(nil)[0]
					legal := s.Legal(seat, nil)
					for _, a := range legal {
						text := s.ActionText(seat, a)
						p := s.DescribeAction(seat, a)
						if why := checkParts(text, p); why != "" {
							t.Fatalf("%s seed %d: %q: %s: %+v", f.format, seed, text, why, p)
						}
						verbs[p.Verb] = true
					}
					if err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	for _, v := range []string{"end", "play", "use", "buy", "attack", "choose", "give", "pass", "skip", "done"} {
		if !verbs[v] {
			t.Errorf("no game offered a %q action", v)
		}
	}
}
