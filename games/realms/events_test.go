package realms

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"starnexus/engine"
)

// evText is a compact text of an event for the tests: its kind and the fields it fills.
func evText(e engine.Event) string {
	var b strings.Builder
	b.WriteString(string(e.Kind))
	if e.Seat != engine.Spectator {
		fmt.Fprintf(&b, " s%d", e.Seat)
	}
	if e.Card != "" {
		b.WriteString(" " + e.Card)
	} else if e.Kind == engine.EvMoved {
		b.WriteString(" ?")
	}
	if e.From != "" || e.To != "" {
		fmt.Fprintf(&b, " %s>%s", e.From, e.To)
	}
	if e.Stat != "" {
		fmt.Fprintf(&b, " %s", e.Stat)
	}
	if e.Amount != 0 {
		fmt.Fprintf(&b, " %+d", e.Amount)
	}
	if e.Kind == engine.EvStat {
		fmt.Fprintf(&b, " =%d", e.Total)
	}
	for _, f := range []struct{ k, v string }{{"src", e.Source}, {"tgt", e.Target}, {"opt", e.Option}, {"ab", e.Ability}} {
		if f.v != "" {
			fmt.Fprintf(&b, " %s=%s", f.k, f.v)
		}
	}
	return b.String()
}

// seenBy is the text of each event of evs as seat sees it.
func seenBy(evs []engine.Event, seat engine.Seat) []string {
	var out []string
	for _, e := range evs {
		if v, ok := e.For(seat); ok {
			out = append(out, evText(v))
		}
	}
	return out
}

// step is an action of an event test: who takes it and its text.
type step struct {
	seat engine.Seat
	text string
}

// applySteps applies steps to s with recording on and returns the events of the last one.
func applySteps(t *testing.T, s *State, steps []step) []engine.Event {
	t.Helper()
	s.RecordEvents(true)
	var evs []engine.Event
	for _, st := range steps {
		a, err := s.ParseAction(st.seat, st.text)
		if err != nil {
			t.Fatalf("%q: %v", st.text, err)
		}
		if err := s.Apply(st.seat, a); err != nil {
			t.Fatalf("%q: %v", st.text, err)
		}
		evs = s.TakeEvents(evs[:0])
	}
	return evs
}

func twoPlayers(hand, inPlay, deck []string, row []string) Position {
	return Position{Seed: 7, Players: []PlayerSetup{
		{Name: "Ann", Hand: hand, InPlay: inPlay, Deck: deck, Discard: []string{}},
		{Name: "Bob", Hand: []string{"Scout", "Viper", "Scout"}, Deck: []string{"Scout", "Scout", "Viper", "Scout", "Scout"}, Discard: []string{}},
	}, TradeRow: row, Active: "Ann"}
}

// matches reports whether got holds want in order, among other events; a "*" in a wanted
// text stands for any text (path.Match).
func matches(got, want []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) {
			if ok, _ := path.Match(want[i], g); ok {
				i++
			}
		}
	}
	return i == len(want)
}

func intp(n int) *int { return &n }

// TestEventsByKind checks, for each kind of event, that an action from a position records
// it as each seat may see it (SR 11.1).
func TestEventsByKind(t *testing.T) {
	cat := loadCat(t)
	deck := []string{"Viper", "Scout", "Scout", "Scout", "Scout", "Scout"}
	hydra := func(visible bool) Position {
		pos := seating("hydra", nil, nil)
		pos.Options.TeamHandsVisible = visible
		pos.Active = "P1"
		for i := range 4 {
			pos.Players = append(pos.Players, PlayerSetup{Name: fmt.Sprintf("P%d", i+1), Hand: []string{"Scout", "Viper"}, Deck: []string{"Cutter", "Scout"}, Discard: []string{}})
		}
		return pos
	}
	tests := []struct {
		name  string
		pos   Position
		steps []step
		// want maps a seat (Spectator included) to the events it sees of the last step, in
		// order, among others.
		want map[engine.Seat][]string
	}{
		{"play: moved, triggered, stat with its source", twoPlayers([]string{"Battle Pod"}, nil, deck, nil),
			[]step{{0, "play Battle Pod"}},
			map[engine.Seat][]string{engine.Spectator: {"moved s0 Battle Pod hand>in_play", "triggered s0 Battle Pod ab=primary", "stat s0 combat +4 =4 src=Battle Pod"}}},
		{"ally ability draws: the card to its owner only", twoPlayers([]string{"Blob Fighter", "Battle Pod"}, nil, deck, nil),
			[]step{{0, "play Battle Pod"}, {0, "skip"}, {0, "play Blob Fighter"}, {0, "use Blob Fighter ally"}},
			map[engine.Seat][]string{
				0:                {"triggered s0 Blob Fighter ab=ally", "moved s0 Viper deck>hand"},
				1:                {"triggered s0 Blob Fighter ab=ally", "moved s0 ? deck>hand"},
				engine.Spectator: {"moved s0 ? deck>hand"}}},
		{"scrap ability: the base goes to the scrap heap", twoPlayers(nil, []string{"Blob Wheel"}, deck, nil),
			[]step{{0, "use Blob Wheel scrap"}},
			map[engine.Seat][]string{engine.Spectator: {"moved s0 Blob Wheel in_play>scrap_heap", "triggered s0 Blob Wheel ab=scrap", "stat s0 trade +3 =3 src=Blob Wheel"}}},
		{"a choice and a Trade Row refill, public", twoPlayers([]string{"Battle Pod"}, nil, deck, nil),
			[]step{{0, "play Battle Pod"}, {0, "choose Missile Bot"}},
			map[engine.Seat][]string{1: {"chose s0 src=Battle Pod opt=choose Missile Bot", "moved Missile Bot trade_row>scrap_heap", "moved * trade_deck>trade_row"}}},
		{"buy an Explorer", twoPlayers([]string{"Scout", "Scout"}, nil, deck, nil),
			[]step{{0, "play Scout"}, {0, "play Scout"}, {0, "buy Explorer"}},
			map[engine.Seat][]string{1: {"stat s0 trade -2 =0", "moved s0 Explorer explorers>discard"}}},
		{"buy from the Trade Row, refilled", twoPlayers([]string{"Scout", "Scout", "Scout"}, nil, deck, []string{"Cutter", "Scout", "Scout", "Scout", "Scout"}),
			[]step{{0, "play Scout"}, {0, "play Scout"}, {0, "buy Cutter"}},
			map[engine.Seat][]string{1: {"stat s0 trade -2 =0", "moved s0 Cutter trade_row>discard", "moved * trade_deck>trade_row"}}},
		{"attack a player", twoPlayers([]string{"Viper"}, nil, deck, nil),
			[]step{{0, "play Viper"}, {0, "attack Bob 1"}},
			map[engine.Seat][]string{1: {"stat s0 combat -1 =0", "damage s1 +1 tgt=Bob", "stat s1 authority -1 =49"}}},
		{"a base destroyed", func() Position {
			p := twoPlayers([]string{"Battle Pod", "Viper"}, nil, deck, nil)
			p.Players[1].InPlay = []string{"Blob Wheel"}
			return p
		}(),
			[]step{{0, "play Battle Pod"}, {0, "skip"}, {0, "play Viper"}, {0, "attack Bob:Blob Wheel"}},
			map[engine.Seat][]string{engine.Spectator: {"stat s0 combat -5 =0", "damage s1 +5 tgt=Blob Wheel", "destroyed s1 Blob Wheel", "moved s1 Blob Wheel in_play>discard"}}},
		{"end of turn: discards public, draws to the owner, the next turn", twoPlayers([]string{"Viper", "Scout"}, nil, deck, nil),
			[]step{{0, "play Viper"}, {0, "end"}},
			map[engine.Seat][]string{
				0: {"stat s0 combat -1 =0", "moved s0 Viper in_play>discard", "moved s0 Scout hand>discard", "moved s0 Scout deck>hand", "turn s1 +2"},
				1: {"stat s0 combat -1 =0", "moved s0 Viper in_play>discard", "moved s0 Scout hand>discard", "moved s0 ? deck>hand", "turn s1 +2"}}},
		{"a reshuffle tells no order", twoPlayers([]string{"Scout"}, nil, []string{"Viper"}, nil),
			[]step{{0, "end"}},
			map[engine.Seat][]string{0: {"moved s0 Viper deck>hand", "shuffled s0 discard>deck +1", "moved s0 Scout deck>hand"}, 1: {"moved s0 ? deck>hand", "shuffled s0 discard>deck +1", "moved s0 ? deck>hand"}}},
		{"opponent discards: whose choice, public", twoPlayers([]string{"Imperial Fighter"}, nil, deck, nil),
			[]step{{0, "play Imperial Fighter"}, {1, "choose Viper"}},
			map[engine.Seat][]string{0: {"chose s1 src=Imperial Fighter opt=choose Viper", "moved s1 Viper hand>discard"}}},
		{"a trigger of a base in play", twoPlayers([]string{"Scout"}, []string{"Fleet HQ"}, deck, nil),
			[]step{{0, "play Scout"}},
			map[engine.Seat][]string{1: {"moved s0 Scout hand>in_play", "triggered s0 Fleet HQ ab=trigger", "stat s0 combat +1 =1 src=Fleet HQ", "triggered s0 Scout ab=primary", "stat s0 trade +1 =1 src=Scout"}}},
		{"defeat and game over", func() Position {
			p := twoPlayers([]string{"Viper"}, nil, deck, nil)
			p.Players[1].Authority = intp(1)
			return p
		}(),
			[]step{{0, "play Viper"}, {0, "attack Bob 1"}},
			map[engine.Seat][]string{
				0: {"damage s1 +1 tgt=Bob", "stat s1 authority -1 =0", "moved s1 ? hand>scrap_heap", "moved s1 ? deck>scrap_heap", "defeated s1", "game_over s0"},
				1: {"moved s1 Scout hand>scrap_heap", "moved s1 Scout deck>scrap_heap", "moved s1 Viper deck>scrap_heap", "defeated s1", "game_over s0"}}},
		{"hydra: a give moves the pool between teammates", hydra(false),
			[]step{{0, "play Scout"}, {0, "give P2 trade 1"}},
			map[engine.Seat][]string{engine.Spectator: {"stat s0 trade -1 =0", "stat s1 trade +1 =1"}}},
		{"hydra with team_hands_visible: a teammate sees the cards drawn", hydra(true),
			[]step{{0, "end"}, {1, "end"}},
			map[engine.Seat][]string{0: {"moved s1 Cutter deck>hand"}, 2: {"moved s1 ? deck>hand"}}},
		{"hydra without it: the teammate does not", hydra(false),
			[]step{{0, "end"}, {1, "end"}},
			map[engine.Seat][]string{0: {"moved s1 ? deck>hand"}, 1: {"moved s1 Cutter deck>hand"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewPosition(cat, tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			evs := applySteps(t, s, tt.steps)
			for seat, want := range tt.want {
				if got := seenBy(evs, seat); !matches(got, want) {
					t.Errorf("seat %d sees\n%q\nwant, in order,\n%q", seat, got, want)
				}
			}
		})
	}
}
