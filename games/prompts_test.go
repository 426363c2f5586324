package games

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// notation matches what the games' ability languages and action texts write, which a player
// should never read in a prompt: "trade 1", "hand/discard", "T:creature", "creature[you]",
// "modify(", "choose 1", "attack with none".
var notation = regexp.MustCompile(`(?i)\b(trade|combat|authority) \d|hand/discard|<=|\bchoose \d|\(may skip\)|\bT\d?:|\[[a-z,]+\]|\b[a-z_]+\(|\battack with none\b|\badd attacker\b`)

// msgIDs appends the ids of m and of the messages in its arguments.
func msgIDs(m i18n.Msg, out []string) []string {
	out = append(out, m.ID)
	for _, v := range m.Args {
		switch v := v.(type) {
		case i18n.Msg:
			out = msgIDs(v, out)
		case []i18n.Msg:
			for _, x := range v {
				out = msgIDs(x, out)
			}
		}
	}
	return out
}

// TestPromptsOfSeededGames plays seeded games of both games in several formats, the bots
// choosing and now and then a random legal action, and reads every pending decision's prompt
// as the seat that decides and as a spectator read it: English with no missing id, no
// missing argument and no engine notation, naming the card that asks when one does; the
// options of a choose-one in English too. Every kind of decision of both games comes up.
func TestPromptsOfSeededGames(t *testing.T) {
	reg, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	type game struct {
		name string
		s    engine.Setup
	}
	var games []game
	names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}
	cw := []string{"core", "colony-wars"}
	decks := []string{"damnareh", "kern", "hilote", "rayji", "cypios"}
	for seed := uint64(1); seed <= 10; seed++ {
		d := func(i uint64) string { return decks[(seed+i)%5] }
		games = append(games,
			game{"realms", engine.Setup{Names: names[:2], Seed: seed, Sets: cw}},
			game{"realms", engine.Setup{Format: "ffa", Names: names[:4], Seed: seed, Sets: cw}},
			game{"realms", engine.Setup{Format: "hunter", Names: names[:3], Seed: seed, Sets: cw}},
			game{"realms", engine.Setup{Format: "hydra", Names: names[:4], Seed: seed, Sets: cw}},
			game{"realms", engine.Setup{Format: "emperor", Names: names, Seed: seed, Sets: cw}},
			game{"realms", engine.Setup{Format: "raid", Names: names[:4], Seed: seed, Sets: cw, Options: map[string]string{"discard_at_turn_start": "true"}}},
			game{"nexus", engine.Setup{Names: names[:2], Seed: seed, Options: map[string]string{"reserves": "true", "decks": d(0) + "," + d(2)}}},
			game{"nexus", engine.Setup{Format: "ffa", Names: names[:4], Seed: seed,
				Options: map[string]string{"passive_triggers": "stack", "last_loser": "1", "decks": d(0) + "," + d(1) + "," + d(3) + "," + d(4)}}},
			game{"nexus", engine.Setup{Format: "allied", Names: names[:4], Seed: seed}},
		)
	}
	kinds := map[string]bool{}
	prompts := map[string]bool{}
	for _, gm := range games {
		g, err := reg.Get(gm.name)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(gm.s)
		if err != nil {
			t.Fatal(err)
		}
		dd, ok := st.(engine.DecisionDescriber)
		if !ok {
			t.Fatalf("%s describes no decisions", gm.name)
		}
		rng := engine.NewRNG(gm.s.Seed)
		bot := g.Bots().Heuristics[0].New()
		var obs engine.Observation
		for n := 0; n < 3000 && !st.Over(); n++ {
			seats := st.ToMove(nil)
			seat := seats[rng.Intn(len(seats))]
			for _, viewer := range []engine.Seat{seat, engine.Spectator} {
				d, ok := dd.DescribeDecision(viewer)
				if !ok {
					continue
				}
				kinds[gm.name+" "+d.Kind] = true
				prompts[d.Prompt.ID] = true
				text := en.Render(d.Prompt)
				where := func() string {
					return gm.name + " " + gm.s.Format + " " + d.Kind + " for seat " + strconv.Itoa(int(viewer))
				}
				if strings.ContainsAny(text, "[{}") || notation.MatchString(text) {
					t.Errorf("%s: prompt %q", where(), text)
				}
				if d.Asks.Card != "" && !strings.HasPrefix(text, d.Asks.Card) {
					t.Errorf("%s: prompt %q does not start with %s, which asks", where(), text, d.Asks.Card)
				}
				if len(d.OptionMsgs) != len(d.Options) {
					t.Errorf("%s: options %q, in English %v", where(), d.Options, d.OptionMsgs)
				}
				ms := append([]i18n.Msg{d.Prompt}, d.OptionMsgs...)
				for _, m := range ms[1:] {
					if o := en.Render(m); strings.ContainsAny(o, "[{}") || notation.MatchString(o) {
						t.Errorf("%s: option %q", where(), o)
					}
				}
				var ids []string
				for _, m := range ms {
					ids = msgIDs(m, ids)
				}
				for _, id := range ids {
					if !en.Has(id) {
						t.Errorf("%s: the catalog lacks %q", where(), id)
					}
				}
			}
			legal := st.Legal(seat, nil)
			var a engine.Action
			if rng.Intn(3) == 0 {
				a = legal[rng.Intn(len(legal))]
			} else {
				obs = st.Observe(seat, obs)
				a = bot.Choose(obs, legal, &rng)
			}
			if err := st.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"realms option", "realms cards", "realms player",
		"nexus priority", "nexus target", "nexus pay", "nexus attack", "nexus block", "nexus mulligan", "nexus first",
		"nexus unless", "nexus affinity", "nexus order", "nexus swap"} {
		if !kinds[k] {
			t.Errorf("no game asked a %s decision", k)
		}
	}
	var ids []string
	for id := range prompts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if len(ids) < 25 {
		t.Errorf("only %d prompts came up: %v", len(ids), ids)
	}
}
