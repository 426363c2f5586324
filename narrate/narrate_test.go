package narrate_test

import (
	"fmt"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games"
	"starnexus/i18n"
	"starnexus/narrate"
)

// catalog is the English catalog. The icon ids (icon.trade...) belong to the card texts'
// catalog; where it is not there, their English words stand in.
func catalog(t *testing.T) *i18n.Catalog {
	t.Helper()
	c, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	msgs := c.Messages()
	for _, s := range []string{"trade", "combat", "authority"} {
		if _, ok := msgs["icon."+s]; !ok {
			msgs["icon."+s] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	c, err = i18n.New("en", msgs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// played is a recorded game: every action's events, unfiltered.
type played struct {
	names []string
	start narrate.Turn
	evs   [][]engine.Event
}

// play plays a seeded game of name with its first heuristic bot on every seat, recording
// events, for at most max actions.
func play(t *testing.T, reg *engine.Registry, name, format string, seats int, seed uint64, max int) played {
	t.Helper()
	g, err := reg.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}[:seats]
	st, err := g.New(engine.Setup{Format: format, Names: names, Seed: seed})
	if err != nil {
		t.Fatalf("%s %s %d seats: %v", name, format, seats, err)
	}
	rec, ok := st.(engine.EventRecorder)
	if !ok {
		t.Fatalf("%s records no events", name)
	}
	rec.RecordEvents(true)
	p := played{names: names, start: narrate.Start(st)}
	h := g.Bots().Heuristics
	bot := h[len(h)-1].New()
	rng := engine.NewRNG(seed)
	for i := 0; i < max && !st.Over(); i++ {
		m := st.ToMove(nil)
		if len(m) == 0 {
			break
		}
		legal := st.Legal(m[0], nil)
		st.ApplyTrusted(m[0], bot.Choose(st.Observe(m[0], nil), legal, &rng))
		p.evs = append(p.evs, rec.TakeEvents(nil))
	}
	return p
}

// narrate tells the whole game to viewer.
func (p played) narrate(viewer engine.Seat) [][]narrate.Line {
	n := narrate.New(viewer, p.names, p.start)
	out := make([][]narrate.Line, len(p.evs))
	for i, evs := range p.evs {
		out[i] = n.Action(i, seen(evs, viewer))
	}
	return out
}

func seen(evs []engine.Event, viewer engine.Seat) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if v, ok := e.For(viewer); ok {
			out = append(out, v)
		}
	}
	return out
}

// names lists the card and effect names a message carries, its nested messages' included.
func names(m i18n.Msg, out map[string]bool) {
	for k, v := range m.Args {
		switch v := v.(type) {
		case string:
			if k == "card" || k == "source" || k == "new" || k == "with" {
				out[v] = true
			}
		case i18n.Msg:
			names(v, out)
		}
	}
}

// visible lists every name the viewer's events of one action carry.
func visible(evs []engine.Event) map[string]bool {
	out := map[string]bool{}
	for _, e := range evs {
		for _, s := range []string{e.Card, e.Source, e.Target, e.Option} {
			if s != "" {
				out[s] = true
			}
		}
	}
	return out
}

// inOption reports whether a choice the viewer saw in evs names n.
func inOption(evs []engine.Event, viewer engine.Seat, n string) bool {
	for _, e := range seen(evs, viewer) {
		if e.Kind == engine.EvChose && strings.Contains(e.Option, n) {
			return true
		}
	}
	return false
}

// effects are the ids of lines that name an effect of the rules rather than a card: a turn's
// entry names a card (a "card" or "source" argument) or is one of them.
var effects = map[string]bool{
	"log.attack": true, "log.attack_plain": true, "log.defeated": true, "log.won": true, "log.draw": true,
	"log.mulligan": true, "log.first": true, "log.activate_hero": true,
}

// TestNarration narrates seeded bot games of both games, every format at its fewest and
// most seats, to every seat and the spectator, and checks every line: it renders in English
// with no missing id and no placeholder left; it names a card or an effect; a line that tells
// a number falling has Tone loss and none that rises; and it names nothing its viewer's
// events of that action did not show (a card another seat drew stays hidden).
func TestNarration(t *testing.T) {
	reg, err := games.Registry()
	if err != nil {
		t.Fatal(err)
	}
	cat := catalog(t)
	type run struct {
		game, format string
		seats        int
	}
	var runs []run
	for _, g := range reg.Games() {
		for _, f := range g.Formats() {
			for _, n := range []int{f.MinSeats, min(f.MaxSeats, 6)} {
				if len(runs) > 0 && runs[len(runs)-1] == (run{g.Name(), f.Name, n}) {
					continue
				}
				runs = append(runs, run{g.Name(), f.Name, n})
			}
		}
	}
	kinds := map[string]int{}
	for _, r := range runs {
		t.Run(fmt.Sprintf("%s/%s/%d", r.game, r.format, r.seats), func(t *testing.T) {
			p := play(t, reg, r.game, r.format, r.seats, 7, 3000)
			viewers := []engine.Seat{engine.Spectator}
			for s := 0; s < r.seats; s++ {
				viewers = append(viewers, engine.Seat(s))
			}
			lines := 0
			for _, v := range viewers {
				for i, ls := range p.narrate(v) {
					shown := visible(seen(p.evs[i], v))
					for _, l := range ls {
						lines++
						kinds[l.Msg.ID]++
						text := cat.Render(l.Msg)
						if strings.ContainsAny(text, "[{}") {
							t.Fatalf("viewer %d, action %d: %q renders as %q", v, i, l.Msg.ID, text)
						}
						named := map[string]bool{}
						names(l.Msg, named)
						if l.Names == "" || (len(named) == 0 && !effects[l.Msg.ID]) {
							t.Errorf("viewer %d, action %d: %q names no card or effect", v, i, text)
						}
						for n := range named {
							if !shown[n] && !inOption(p.evs[i], v, n) {
								t.Fatalf("viewer %d, action %d: %q names %q, which its events did not show", v, i, text, n)
							}
						}
						from, ok1 := l.Msg.Args["from"].(int)
						to, ok2 := l.Msg.Args["to"].(int)
						falls := ok1 && ok2 && to < from
						lost := strings.HasPrefix(l.Msg.ID, "log.lose") || l.Msg.ID == "log.dies" || l.Msg.ID == "log.defeated"
						if (falls || lost) && l.Tone != narrate.Loss {
							t.Errorf("viewer %d, action %d: %q tells a loss with tone %q", v, i, text, l.Tone)
						}
						if ok1 && ok2 && to > from && l.Tone == narrate.Loss {
							t.Errorf("viewer %d, action %d: %q tells a gain with tone loss", v, i, text)
						}
						if l.Turn > 0 && l.Active < 0 {
							t.Errorf("viewer %d, action %d: turn %d of no seat", v, i, l.Turn)
						}
					}
				}
			}
			if lines == 0 {
				t.Fatalf("%d actions told nothing", len(p.evs))
			}
		})
	}
	for _, id := range []string{"log.play", "log.buy_row", "log.attack", "log.cast", "log.arrives", "log.attackers", "log.hit"} {
		if kinds[id] == 0 {
			t.Errorf("no game told a %s line (%v)", id, kinds)
		}
	}
}

// TestHiddenDraws: a card drawn by an ability is counted for everyone and named to nobody.
func TestHiddenDraws(t *testing.T) {
	evs := []engine.Event{
		{Kind: engine.EvMoved, Seat: 0, Card: "Survey Ship", From: "hand", To: "in_play"},
		{Kind: engine.EvTriggered, Seat: 0, Card: "Survey Ship", Ability: "primary"},
		{Kind: engine.EvStat, Seat: 0, Stat: "trade", Amount: 1, Total: 1, Source: "Survey Ship"},
		{Kind: engine.EvMoved, Seat: 0, Card: "Blob Wheel", From: "deck", To: "hand", CardSeen: engine.SeatBit(0)},
	}
	cat := catalog(t)
	for _, tc := range []struct {
		viewer engine.Seat
		want   string
	}{
		{1, "Ann plays Survey Ship: +1 Trade, +1 card"},
		{0, "You play Survey Ship: +1 Trade, +1 card"},
	} {
		n := narrate.New(tc.viewer, []string{"Ann", "Bob"}, narrate.Turn{Number: 3, Seat: 0})
		ls := n.Action(0, seen(evs, tc.viewer))
		if len(ls) != 1 || cat.Render(ls[0].Msg) != tc.want || ls[0].Tone != narrate.Gain {
			t.Errorf("viewer %d: %+v, want one line %q", tc.viewer, ls, tc.want)
		}
	}
}

// TestLines: the sentences of typical actions.
func TestLines(t *testing.T) {
	cat := catalog(t)
	names := []string{"Vex", "You"}
	tests := []struct {
		name string
		evs  []engine.Event
		want []string
		tone []string
	}{
		{"an attack on the viewer", []engine.Event{
			{Kind: engine.EvStat, Seat: 0, Stat: "combat", Amount: -5},
			{Kind: engine.EvDamage, Seat: 1, Amount: 5, Target: "You"},
			{Kind: engine.EvStat, Seat: 1, Stat: "authority", Amount: -5, Total: 44},
		}, []string{"Vex attacks you for 5: 49 → 44"}, []string{narrate.Loss}},
		{"a life lost to an effect", []engine.Event{
			{Kind: engine.EvStat, Seat: 1, Stat: "life", Amount: -1, Total: 19, Source: "Ossuary Vent"},
		}, []string{"Ossuary Vent: you lose 1 life: 20 → 19"}, []string{narrate.Loss}},
		{"a buy, the row refilled", []engine.Event{
			{Kind: engine.EvStat, Seat: 0, Stat: "trade", Amount: -2},
			{Kind: engine.EvMoved, Seat: 0, Card: "Cutter", From: "trade_row", To: "discard"},
			{Kind: engine.EvMoved, Seat: -1, Card: "Trade Bot", From: "trade_deck", To: "trade_row"},
		}, []string{"Vex buys Cutter for 2 Trade; Trade Bot enters the Trade Row"}, []string{""}},
		{"a base destroyed", []engine.Event{
			{Kind: engine.EvStat, Seat: 0, Stat: "combat", Amount: -5},
			{Kind: engine.EvDamage, Seat: 1, Amount: 5, Target: "Blob Wheel"},
			{Kind: engine.EvDestroyed, Seat: 1, Card: "Blob Wheel"},
			{Kind: engine.EvMoved, Seat: 1, Card: "Blob Wheel", From: "in_play", To: "discard"},
		}, []string{"Vex destroys your Blob Wheel"}, []string{narrate.Loss}},
		{"a scrap from hand by a choice", []engine.Event{
			{Kind: engine.EvChose, Seat: 0, Option: "choose hand:Viper", Source: "Trade Federation"},
			{Kind: engine.EvMoved, Seat: 0, Card: "Viper", From: "hand", To: "scrap_heap"},
		}, []string{"Vex scraps Viper from hand"}, []string{""}},
		{"a creature dies", []engine.Event{
			{Kind: engine.EvDied, Seat: 0, Card: "Pack Alpha", Number: 1},
			{Kind: engine.EvMoved, Seat: 0, Card: "Pack Alpha", Number: 1, From: "field", To: "graveyard"},
		}, []string{"Vex’s Pack Alpha dies"}, []string{narrate.Loss}},
		{"a trigger and its effect, a pump", []engine.Event{
			{Kind: engine.EvTriggered, Seat: 0, Card: "Kaira Swiftclaw", Ability: "arrives"},
			{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Stat: "strength", Amount: 2, Total: 3, Source: "Kaira Swiftclaw"},
			{Kind: engine.EvStat, Seat: 0, Card: "Ember Cub", Stat: "endurance", Amount: 0, Total: 1, Source: "Kaira Swiftclaw"},
		}, []string{"Kaira Swiftclaw triggers", "Kaira Swiftclaw: Vex’s Ember Cub gets +2/+0"}, []string{"", narrate.Gain}},
		{"draws, shuffles, phases and passes tell nothing", []engine.Event{
			{Kind: engine.EvShuffled, Seat: 0, From: "discard", To: "deck", Amount: 10},
			{Kind: engine.EvMoved, Seat: 0, From: "deck", To: "hand"},
			{Kind: "phase", Seat: 0, Option: "main1"},
			{Kind: engine.EvTurn, Seat: 1, Amount: 4},
		}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := narrate.New(1, names, narrate.Turn{Number: 3, Seat: 0})
			ls := n.Action(5, tc.evs)
			var got, tones []string
			for _, l := range ls {
				got = append(got, cat.Render(l.Msg))
				tones = append(tones, l.Tone)
				if l.Seq != 5 || l.Turn != 3 || l.Active != 0 {
					t.Errorf("line %+v: want seq 5, turn 3 of seat 0", l)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || fmt.Sprint(tones) != fmt.Sprint(tc.tone) {
				t.Errorf("got %q %q, want %q %q", got, tones, tc.want, tc.tone)
			}
		})
	}
}
