package nexus

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"starnexus/ai/ismcts"
	"starnexus/engine"
)

// logged is one action of a test's log, as the server keeps it.
type logged struct {
	seat engine.Seat
	text string
}

// blockGame is a four-player free-for-all at the declaration of blockers (SN 12.3, 15.2): Ann
// attacks Bob with Dune Ambusher and Cid with Ironclad Brute and Forge Apprentice; Dee is not
// attacked. Its log is kept as the server would.
type blockGame struct {
	t   *testing.T
	s   *State
	log []logged
}

func newBlockGame(t *testing.T) *blockGame {
	t.Helper()
	s, err := NewPosition(mustTable(t), Position{Options: Options{Format: "ffa"}, Active: "Ann", Phase: "combat", Seed: 3, Players: []PlayerSetup{
		{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Field: []Perm{{Card: "Dune Ambusher"}, {Card: "Ironclad Brute"}, {Card: "Forge Apprentice"}},
			Hand: []string{"Carrion Mote"}, Library: []string{"Rot Lance", "Nareh Flayer"}},
		{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Forge Apprentice"}},
			Hand: []string{"Ironclad Brute"}, Library: []string{"Rivet Sentry"}},
		{Name: "Cid", Hero: "Ilyane of the High Current", Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Bloomcaller"}, {Card: "Cloud Skimmer"}},
			Library: []string{"Bloomcaller"}},
		{Name: "Dee", Hero: "Kaira Swiftclaw", Field: []Perm{{Card: "Ember Cub"}}, Library: []string{"Ember Cub"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	g := &blockGame{t: t, s: s}
	g.act(0, "attack with Dune Ambusher at Bob, Ironclad Brute at Cid, Forge Apprentice at Cid")
	for s.Pend.K == pPrio {
		g.act(engine.Seat(s.Pend.Seat), "pass")
	}
	if m := s.ToMove(nil); !slices.Equal(m, []engine.Seat{1, 2}) || s.Pend.K != pBlock {
		t.Fatalf("Bob and Cid should declare blockers now; to move %v, %s", m, s.pendWord())
	}
	return g
}

// act applies text for seat and logs it.
func (g *blockGame) act(seat engine.Seat, text string) {
	g.t.Helper()
	acts, err := g.s.ParseActions(seat, text)
	if err != nil {
		g.t.Fatalf("%s's %q: %v", g.s.SeatName(seat), text, err)
	}
	for _, a := range acts { // one log entry per action, its text as Legal lists it now
		txt := g.s.ActionText(seat, a)
		if err := g.s.Apply(seat, a); err != nil {
			g.t.Fatalf("%s's %q: %v", g.s.SeatName(seat), text, err)
		}
		g.log = append(g.log, logged{seat, txt})
	}
}

// hidden lists the entries of the log viewer may not see now.
func (g *blockGame) hidden(viewer engine.Seat) []bool {
	return g.s.HiddenEntries(viewer, len(g.log), func(i int) (engine.Seat, string) { return g.log[i].seat, g.log[i].text })
}

// seen is the log as viewer sees it.
func (g *blockGame) seen(viewer engine.Seat) []logged {
	h := g.hidden(viewer)
	var out []logged
	for i, e := range g.log {
		if h == nil || !h[i] {
			out = append(out, e)
		}
	}
	return out
}

// blockProbes are what a seat might send during the declarations: blocks with every creature
// of the table, confirmations and other decisions.
var blockProbes = []string{
	"block Ironclad Brute with Rivet Sentry", "block Forge Apprentice with Bloomcaller", "block Dune Ambusher with Rivet Sentry",
	"block Dune Ambusher with Forge Apprentice", "block Dune Ambusher with Rivet Sentry, Forge Apprentice",
	"block Ironclad Brute with Cloud Skimmer", "block Forge Apprentice with Ember Cub", "block Dune Ambusher with Cid:Rivet Sentry",
	"done", "pass", "attack with none", "block Bloomcaller with Rivet Sentry",
}

// answers is everything seat can learn from the engine now: its View (JSON and text), its
// legal actions, who is to move, the engine's answer to each probe text (on a copy), the log
// it sees, its observation's key and determinized States of its observation under fixed
// random sources.
func (g *blockGame) answers(seat engine.Seat) []string {
	s := g.s
	v := s.View(seat)
	js, err := json.Marshal(v)
	if err != nil {
		g.t.Fatal(err)
	}
	out := []string{string(js), v.(*View).Text(), fmt.Sprint(s.ToMove(nil))}
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionText(seat, a))
	}
	for _, text := range blockProbes {
		err := s.Clone().(*State).ApplyText(seat, text)
		out = append(out, fmt.Sprintf("%s: %v", text, err))
	}
	out = append(out, fmt.Sprint(g.seen(seat)))
	obs := s.Observe(seat, nil)
	out = append(out, fmt.Sprint(obs.Key()))
	for seed := uint64(1); seed <= 6; seed++ {
		rng := engine.NewRNG(seed)
		d := obs.Determinize(nil, &rng).(*State)
		out = append(out, fmt.Sprintf("%v %v %v %v", d.O, d.P, d.Pend, d.rng))
	}
	return out
}

// same fails unless the twins give seat the same answers.
func sameAnswers(t *testing.T, what string, a, b *blockGame, seat engine.Seat) {
	t.Helper()
	x, y := a.answers(seat), b.answers(seat)
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("%s: seat %d learns which twin it is in (answer %d):\n%s\n%s", what, seat, i, x[i], y[i])
		}
	}
}

// blocksShown lists "Blocker blocking Attacker" for each blocker viewer's JSON view shows.
func blocksShown(t *testing.T, s *State, viewer engine.Seat) []string {
	t.Helper()
	js, err := json.Marshal(s.View(viewer))
	if err != nil {
		t.Fatal(err)
	}
	var v viewJSON
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range v.Players {
		for _, c := range p.Field {
			if c.Blocking != "" {
				out = append(out, p.Name+":"+c.Name+" blocking "+c.Blocking)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestFFABlocksHiddenUntilAllConfirm: in a free-for-all the attacked players declare blockers
// at the same time and the declarations are revealed together (SN 1.6, 15.2). Twins differ
// only in Cid's declarations (two made, one changed; or none): before everyone has
// confirmed, Ann, Bob, Dee and a spectator get the same views, texts, legal actions,
// refusals, visible log and determinized States in both twins, while Cid sees her own; her
// confirmation is public. When Bob confirms last, all blocks show at once.
func TestFFABlocksHiddenUntilAllConfirm(t *testing.T) {
	a, b := newBlockGame(t), newBlockGame(t)
	a.act(2, "block Ironclad Brute with Rivet Sentry")
	a.act(2, "block Forge Apprentice with Bloomcaller")
	a.act(2, "block Forge Apprentice with Cloud Skimmer")
	others := []engine.Seat{engine.Spectator, 0, 1, 3}
	for _, seat := range others {
		sameAnswers(t, "Cid declaring", a, b, seat)
	}
	if got, want := blocksShown(t, a.s, 2), []string{"Cid:Cloud Skimmer blocking Forge Apprentice #1", "Cid:Rivet Sentry blocking Ironclad Brute"}; !slices.Equal(got, want) {
		t.Fatalf("Cid sees her blocks as %v, want %v", got, want)
	}
	if h := a.hidden(2); h != nil {
		t.Fatalf("Cid's own entries are hidden from her: %v", h)
	}
	if n := len(a.seen(1)); n != len(a.log)-3 || n != len(b.seen(1)) {
		t.Fatalf("Bob sees %d of %d entries, want all but Cid's three declarations", n, len(a.log))
	}

	// Bob declares: Cid does not see it either; Bob sees his own.
	for _, g := range []*blockGame{a, b} {
		g.act(1, "block Dune Ambusher with Forge Apprentice")
	}
	if got := blocksShown(t, a.s, 1); !slices.Equal(got, []string{"Bob:Forge Apprentice blocking Dune Ambusher"}) {
		t.Fatalf("Bob sees %v", got)
	}
	for _, seat := range []engine.Seat{engine.Spectator, 0, 2, 3} {
		if got := blocksShown(t, a.s, seat); seat != 2 && len(got) != 0 || seat == 2 && len(got) != 2 {
			t.Fatalf("seat %d sees the blocks %v while Bob and Cid declare", seat, got)
		}
	}

	// Cid confirms: public, her blocks still hidden.
	for _, g := range []*blockGame{a, b} {
		g.act(2, "done")
	}
	for _, seat := range others {
		sameAnswers(t, "Cid confirmed, Bob declaring", a, b, seat)
	}
	if m := a.s.ToMove(nil); !slices.Equal(m, []engine.Seat{1}) {
		t.Fatalf("to move %v after Cid's done", m)
	}
	var v viewJSON
	js, _ := json.Marshal(a.s.View(engine.Spectator))
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	if !v.Players[1].Declaring || v.Players[2].Declaring || v.ToMove != "Bob" {
		t.Fatalf("the spectator should see Bob declaring and Cid done: %s", js)
	}
	// A search from Bob's View does not take Cid's blocks for none: Determinize draws them.
	withBlocks := 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := engine.NewRNG(seed)
		d := b.s.Observe(1, nil).Determinize(nil, &rng).(*State)
		var bb [8]oid
		for i := 1; i < maxObj; i++ {
			at, ao := oid(i), &d.O[i]
			if ao.Zone != zField || !ao.has(fAttacking) || ao.Target != 2 {
				continue
			}
			n := len(d.blockersOf(at, bb[:0]))
			if (n > 0) != ao.has(fBlocked) {
				t.Fatalf("seed %d: %s has %d blockers and blocked %v", seed, d.nameOf(at), n, ao.has(fBlocked))
			}
			if n > 0 {
				withBlocks++
				if r := d.blockListOK(2, at, d.blockersOf(at, bb[:0])); !r.ok() {
					t.Fatalf("seed %d: drawn blocks of %s are illegal: %s", seed, d.nameOf(at), r.en)
				}
			}
		}
	}
	if withBlocks == 0 || withBlocks == 80 {
		t.Fatalf("over 40 determinizations Cid's 2 attackers were blocked %d times: not drawn", withBlocks)
	}
	if seen := a.seen(0); seen[len(seen)-1] != (logged{2, "done"}) {
		t.Fatalf("Ann's log should end with Cid's done: %v", seen)
	}

	// Bob confirms: everything is revealed at once.
	for _, g := range []*blockGame{a, b} {
		g.act(1, "done")
	}
	if a.s.Pend.K != pPrio {
		t.Fatalf("after the last confirmation: %s", a.s.pendWord())
	}
	all := []string{"Bob:Forge Apprentice blocking Dune Ambusher", "Cid:Cloud Skimmer blocking Forge Apprentice #1", "Cid:Rivet Sentry blocking Ironclad Brute"}
	for _, seat := range []engine.Seat{engine.Spectator, 0, 1, 2, 3} {
		if got := blocksShown(t, a.s, seat); !slices.Equal(got, all) {
			t.Fatalf("after the reveal seat %d sees %v, want %v", seat, got, all)
		}
		if h := a.hidden(seat); h != nil {
			t.Fatalf("after the reveal seat %d still misses log entries: %v", seat, h)
		}
		if got := blocksShown(t, b.s, seat); !slices.Equal(got, all[:1]) {
			t.Fatalf("in the twin without Cid's blocks seat %d sees %v", seat, got)
		}
	}
	if len(a.seen(engine.Spectator)) != len(a.log) {
		t.Fatal("the spectator does not see the whole log after the reveal")
	}
}

// TestFFABlockSearchIgnoresHiddenBlocks: a search bot deciding Bob's blocks from his View
// chooses the same action in twins that differ only in Cid's blocks, made or confirmed (the
// information set does not depend on them).
func TestFFABlockSearchIgnoresHiddenBlocks(t *testing.T) {
	for _, confirm := range []bool{false, true} {
		a, b := newBlockGame(t), newBlockGame(t)
		a.act(2, "block Ironclad Brute with Rivet Sentry")
		a.act(2, "block Forge Apprentice with Bloomcaller, Cloud Skimmer")
		if confirm {
			a.act(2, "done")
			b.act(2, "done")
		}
		var got [2]string
		for i, g := range []*blockGame{a, b} {
			bot := ismcts.New(ismcts.Config{Iterations: 300})
			rng := engine.NewRNG(21)
			legal := g.s.Legal(1, nil)
			got[i] = g.s.ActionText(1, bot.Choose(g.s.Observe(1, nil), legal, &rng))
		}
		if got[0] != got[1] {
			t.Fatalf("Cid confirmed %v: Bob's search chose %q in one twin and %q in the other", confirm, got[0], got[1])
		}
	}
}

// TestBlocksSeenInDuelAndAllied: with one side declaring (a duel; allies as one player, SN
// 16.4) the attacking player sees the blocks as they are made (FR §8.2), and the log hides
// nothing.
func TestBlocksSeenInDuelAndAllied(t *testing.T) {
	tab := mustTable(t)
	for _, format := range []string{"duel", "allied"} {
		pl := []PlayerSetup{
			{Name: "Ann", Hero: "Vessa, Matriarch of Nareh", Field: []Perm{{Card: "Dune Ambusher"}}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Field: []Perm{{Card: "Rivet Sentry"}}},
		}
		if format == "allied" {
			pl = append(pl, PlayerSetup{Name: "Cat", Hero: "Kaira Swiftclaw", Team: 1}, PlayerSetup{Name: "Dan", Hero: "Ilyane of the High Current", Team: 2})
			pl[0].Team, pl[1].Team = 1, 2
		}
		s, err := NewPosition(tab, Position{Options: Options{Format: format}, Active: "Ann", Phase: "combat", Players: pl})
		if err != nil {
			t.Fatal(err)
		}
		g := &blockGame{t: t, s: s}
		g.act(0, "attack with Dune Ambusher at Bob")
		for s.Pend.K == pPrio || s.Pend.K == pAttack {
			if s.Pend.K == pAttack {
				g.act(engine.Seat(s.Pend.Seat), "attack with none") // Cat, Ann's ally (16.4)
				continue
			}
			g.act(engine.Seat(s.Pend.Seat), "pass")
		}
		g.act(1, "block Dune Ambusher with Rivet Sentry")
		for seat := engine.Spectator; seat < engine.Seat(s.N); seat++ {
			if got := blocksShown(t, s, seat); !slices.Equal(got, []string{"Bob:Rivet Sentry blocking Dune Ambusher"}) {
				t.Fatalf("%s: seat %d sees %v", format, seat, got)
			}
			if h := g.hidden(seat); h != nil {
				t.Fatalf("%s: the log hides %v from seat %d", format, h, seat)
			}
		}
	}
}

// TestRandomFFABlocksHidden: in random free-for-all games, a block declaration changes
// nothing that another seat or a spectator can learn (view, text, legal actions, visible log)
// until the last confirmation; a determinized State shows its seat its own View.
func TestRandomFFABlocksHidden(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	declared := 0
	for g := 0; g < 8; g++ {
		n := 3 + g%2
		ds := make([]Deck, n)
		for i := range ds {
			ds[i] = shipped[(g+i)%len(shipped)]
		}
		s, err := NewGame(tab, Options{Format: "ffa", MaxTurns: 40}, ds, uint64(100+g))
		if err != nil {
			t.Fatal(err)
		}
		bg := &blockGame{t: t, s: s}
		rng := engine.NewRNG(uint64(g))
		snapshot := func(seat engine.Seat) string {
			js, _ := json.Marshal(s.View(seat))
			var l []string
			for _, a := range s.Legal(seat, nil) {
				l = append(l, s.ActionText(seat, a))
			}
			return fmt.Sprint(string(js), s.View(seat).(*View).Text(), l, bg.seen(seat))
		}
		for k := 0; k < 3000 && !s.Over(); k++ {
			m := s.ToMove(nil)
			seat := m[rng.Intn(len(m))]
			l := s.Legal(seat, nil)
			act := l[rng.Intn(len(l))]
			if s.Pend.K == pBlock && s.ActionText(seat, act) == "done" && len(l) > 1 && rng.Intn(2) == 0 {
				act = l[rng.Intn(len(l))] // declare more often than confirm
			}
			// During the blockers step every action is a block declaration or "done"; every
			// declaration's text starts with blockPrefix, which HiddenEntries relies on.
			text := s.ActionText(seat, act)
			block := s.Pend.K == pBlock && text != "done"
			if block && !strings.HasPrefix(text, blockPrefix) {
				t.Fatalf("game %d: a block declaration reads %q", g, text)
			}
			var before []string
			if block {
				for v := engine.Spectator; v < engine.Seat(n); v++ {
					if v != seat {
						before = append(before, snapshot(v))
					}
				}
				if !s.blocksHidden() {
					t.Fatalf("game %d: a block declaration outside a hidden step", g)
				}
			}
			bg.log = append(bg.log, logged{seat, text})
			s.ApplyTrusted(seat, act)
			if block {
				declared++
				i := 0
				for v := engine.Spectator; v < engine.Seat(n); v++ {
					if v == seat {
						continue
					}
					if after := snapshot(v); after != before[i] {
						t.Fatalf("game %d action %d: seat %d learns of %s's block %q:\n%s\n%s", g, k, v, s.SeatName(seat), bg.log[len(bg.log)-1].text, before[i], after)
					}
					i++
				}
			}
			if s.Pend.K == pBlock {
				for v := engine.Spectator; v < engine.Seat(n); v++ {
					view := s.View(v)
					js, _ := json.Marshal(view)
					r := engine.NewRNG(uint64(k))
					d := s.Observe(v, nil).Determinize(nil, &r)
					if dj, _ := json.Marshal(d.View(v)); string(dj) != string(js) {
						t.Fatalf("game %d action %d seat %d: the determinized State shows another view:\n%s\n%s", g, k, v, js, dj)
					}
				}
			}
		}
	}
	if declared < 20 {
		t.Fatalf("only %d hidden block declarations in the random games", declared)
	}
	t.Logf("%d hidden block declarations checked", declared)
}

// TestHiddenEntriesMulligans: until every player has kept, the log hides every other
// player's entries (SN 10.6), whoever looks; then nothing.
func TestHiddenEntriesMulligans(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	s, err := NewGame(tab, Options{}, []Deck{shipped[0], shipped[1]}, 4)
	if err != nil {
		t.Fatal(err)
	}
	g := &blockGame{t: t, s: s}
	for !s.allKept() {
		if got := g.seen(1); slices.ContainsFunc(got, func(e logged) bool { return e.seat != 1 }) {
			t.Fatalf("Bob sees Ann's opening decisions: %v", got)
		}
		seat := s.ToMove(nil)[0]
		text := s.ActionText(seat, s.Legal(seat, nil)[0])
		if s.Pend.K == pMulligan {
			text = "keep"
			if seat == 0 && s.P[0].Mulls == 0 {
				text = "mulligan"
			}
		}
		g.act(seat, text)
	}
	if len(g.log) < 3 {
		t.Fatalf("only %v before all kept", g.log)
	}
	if h := g.hidden(1); h != nil || !reflect.DeepEqual(g.seen(engine.Spectator), g.log) {
		t.Fatalf("after all have kept the log still hides %v", h)
	}
}
