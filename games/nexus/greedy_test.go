package nexus

import (
	"math"
	"testing"

	"starnexus/ai"
	"starnexus/engine"
)

// playBots plays one game between bots (one per seat), each seeing only its View, and
// returns the final state. Every action a bot picks must be one of the legal ones.
func playBots(t testing.TB, s *State, bots []engine.Bot, seed uint64) *State {
	t.Helper()
	rngs := make([]engine.RNG, len(bots))
	for i := range rngs {
		rngs[i] = engine.NewRNG(seed*31 + uint64(i))
	}
	var buf [256]engine.Action
	var mv [8]engine.Seat
	for n := 0; !s.Over(); n++ {
		if n > 400000 {
			t.Fatalf("seed %d: no end after %d actions (turn %d)", seed, n, s.Turn)
		}
		seat := s.ToMove(mv[:0])[0]
		l := s.Legal(seat, buf[:0])
		a := bots[seat].Choose(s.Observe(seat, nil), l, &rngs[seat])
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: %s chose %q: %v", seed, bots[seat].Name(), s.ActionText(seat, a), err)
		}
	}
	return s
}

// greedyVsRandom plays n duels of Greedy against Random with the shipped decks, Greedy in
// seat 1 for even games and seat 2 for odd ones, and returns Greedy's wins in each seat and
// the draws.
func greedyVsRandom(t testing.TB, n int, seed0 uint64) (wins [2]int, draws int) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	for g := 0; g < n; g++ {
		gs := uint64(g) + seed0
		d1, d2 := shipped[g%len(shipped)], shipped[(g/len(shipped)+g+1)%len(shipped)]
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}, MaxTurns: 120}, []Deck{d1, d2}, gs)
		if err != nil {
			t.Fatal(err)
		}
		bots := []engine.Bot{NewGreedy(), ai.Random{}}
		gseat := engine.Seat(g % 2)
		if gseat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		playBots(t, s, bots, gs)
		w := s.Winners()
		switch {
		case len(w) == 0:
			draws++
		case w[0] == gseat:
			wins[gseat]++
		}
	}
	return wins, draws
}

// TestGreedyBeatsRandom: over 200 seeded duels (40 with -short) with seat rotation and every
// pairing of the shipped decks, Greedy wins at least nine in ten (issue #6).
func TestGreedyBeatsRandom(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	bySeat, draws := greedyVsRandom(t, n, 1)
	wins := bySeat[0] + bySeat[1]
	lo, hi := wilson(wins, n)
	t.Logf("greedy won %d of %d duels against random (%d in seat 1, %d in seat 2; %d draws); 95%% Wilson interval %.1f%%-%.1f%%",
		wins, n, bySeat[0], bySeat[1], draws, 100*lo, 100*hi)
	if wins*10 < n*9 {
		t.Fatalf("greedy won only %d of %d duels against random; want at least 90%%", wins, n)
	}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nf)) / (1 + z*z/nf)
	h := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return c - h, c + h
}

// BenchmarkGreedyDuel plays whole duels of Greedy against Greedy with the shipped decks.
func BenchmarkGreedyDuel(b *testing.B) {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	var buf [256]engine.Action
	g := NewGreedy()
	rng := engine.NewRNG(1)
	decisions := 0
	var obs engine.Observation
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[i%5], shipped[(i/5)%5]}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !s.Over() {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			obs = s.Observe(seat, obs)
			s.ApplyTrusted(seat, g.Choose(obs, l, &rng))
			decisions++
		}
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkGreedyPlayOut plays the duels of BenchmarkGreedyDuel through engine.PlayOut, the
// bots' path everywhere else: each decision observes, then chooses.
func BenchmarkGreedyPlayOut(b *testing.B) {
	tab := mustTable(b)
	shipped := shippedDecks(b)
	bots := []engine.Bot{NewGreedy(), NewGreedy()}
	rngs := make([]engine.RNG, 2)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}}, []Deck{shipped[i%5], shipped[(i/5)%5]}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		rngs[0], rngs[1] = engine.NewRNG(uint64(i)), engine.NewRNG(uint64(i)+1)
		engine.PlayOut(s, bots, rngs, 0)
	}
}

func greedyShards(n int) []Perm {
	out := make([]Perm, n)
	for i := range out {
		out[i] = Perm{Card: "Nexus Shard"}
	}
	return out
}

func greedyPerms(names ...string) []Perm {
	out := make([]Perm, len(names))
	for i, n := range names {
		out[i] = Perm{Card: n}
	}
	return out
}

func greedyLife(n int) *int { return &n }

// TestGreedyDecisions puts Greedy (always Ann) in positions where one answer is right: the
// opponent's actions are scripted, then everybody passes until Ann has the decision.
func TestGreedyDecisions(t *testing.T) {
	tests := []struct {
		name     string
		ann, bob PlayerSetup
		active   string
		phase    string
		script   []string // Bob's actions, in order
		want     string   // Greedy's action text
	}{
		{
			name:   "no suicidal attack: the Rivet Sentry kills the Ember Cub and lives",
			ann:    PlayerSetup{Field: greedyPerms("Ember Cub")},
			bob:    PlayerSetup{Field: greedyPerms("Rivet Sentry")},
			active: "Ann", phase: "combat",
			want: "attack with none",
		},
		{
			name:   "attack where no blocker wins the exchange",
			ann:    PlayerSetup{Field: greedyPerms("Ironclad Brute")},
			bob:    PlayerSetup{Field: greedyPerms("Ember Cub")},
			active: "Ann", phase: "combat",
			want: "add attacker Ironclad Brute",
		},
		{
			name:   "an Alteration attacker can't be blocked by others",
			ann:    PlayerSetup{Field: greedyPerms("Cloud Skimmer")},
			bob:    PlayerSetup{Field: greedyPerms("Magma Titan")},
			active: "Ann", phase: "combat",
			want: "add attacker Cloud Skimmer",
		},
		{
			name:   "lethal: attack with everything even into a blocker",
			ann:    PlayerSetup{Field: greedyPerms("Ember Cub", "Dune Stalker")},
			bob:    PlayerSetup{Life: greedyLife(2), Field: greedyPerms("Rivet Sentry")},
			active: "Ann", phase: "combat",
			want: "add attacker Ember Cub", // it would not attack alone into the Sentry
		},
		{
			name:   "a free block: the Sentry survives the Brute",
			ann:    PlayerSetup{Field: greedyPerms("Rivet Sentry")},
			bob:    PlayerSetup{Field: greedyPerms("Ironclad Brute")},
			active: "Bob", phase: "combat",
			script: []string{"add attacker Ironclad Brute", "done"},
			want:   "block Ironclad Brute with Rivet Sentry",
		},
		{
			name:   "no chump block at high life",
			ann:    PlayerSetup{Field: greedyPerms("Carrion Mote")},
			bob:    PlayerSetup{Field: greedyPerms("Ironclad Brute")},
			active: "Bob", phase: "combat",
			script: []string{"add attacker Ironclad Brute", "done"},
			want:   "done",
		},
		{
			name:   "chump block against lethal damage",
			ann:    PlayerSetup{Life: greedyLife(3), Field: greedyPerms("Carrion Mote")},
			bob:    PlayerSetup{Field: greedyPerms("Ironclad Brute")},
			active: "Bob", phase: "combat",
			script: []string{"add attacker Ironclad Brute", "done"},
			want:   "block Ironclad Brute with Carrion Mote",
		},
		{
			name:   "a trade that kills a dearer attacker",
			ann:    PlayerSetup{Field: greedyPerms("Dune Stalker", "Nareh Flayer")},
			bob:    PlayerSetup{Field: greedyPerms("Trophy Hunter")},
			active: "Bob", phase: "combat",
			script: []string{"add attacker Trophy Hunter", "done"},
			want:   "done", // Menace needs two blockers; 2+2 atk kills the 2/3 but one blocker dies
		},
		{
			name:   "counter a dear creature",
			ann:    PlayerSetup{Hand: []string{"Absolute Stillness"}, Resources: greedyShards(4)},
			bob:    PlayerSetup{Hand: []string{"Hollow Colossus"}, Resources: greedyShards(6)},
			active: "Bob", phase: "main1",
			script: []string{"cast Hollow Colossus"},
			want:   "cast Absolute Stillness",
		},
		{
			name:   "save a creature from removal with a pump in response",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: greedyShards(1), Field: greedyPerms("Blade Dancer", "Ironclad Brute")},
			bob:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: greedyShards(2)},
			active: "Bob", phase: "main1",
			script: []string{"cast Autolytic Burst", "choose Blade Dancer"}, // -2/-2 kills the 3/2
			want:   "cast Surge of Fury",
		},
		{
			name:   "no pump when the removal does not kill",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: greedyShards(1), Field: greedyPerms("Blade Dancer", "Ironclad Brute")},
			bob:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: greedyShards(2)},
			active: "Bob", phase: "main1",
			script: []string{"cast Autolytic Burst", "choose Ironclad Brute"},
			want:   "pass",
		},
		{
			name:   "Updraft after blocks: the blocked attacker gets through",
			ann:    PlayerSetup{Hand: []string{"Updraft"}, Resources: greedyShards(1), Field: greedyPerms("Ironclad Brute")},
			bob:    PlayerSetup{Field: greedyPerms("Rivet Sentry")},
			active: "Ann", phase: "combat",
			script: []string{"ANN:add attacker Ironclad Brute", "ANN:done", "block Ironclad Brute with Rivet Sentry", "done"},
			want:   "cast Updraft",
		},
		{
			name:   "Hammerfall Challenge: the strongest of mine confronts what it kills and survives",
			ann:    PlayerSetup{Hand: []string{"Hammerfall Challenge"}, Resources: greedyShards(3), Field: greedyPerms("Rivet Sentry", "Ironclad Brute")},
			bob:    PlayerSetup{Field: greedyPerms("Magma Titan", "Dune Stalker")},
			active: "Ann", phase: "main1",
			script: []string{"ANN:cast Hammerfall Challenge", "ANN:choose Ironclad Brute"},
			want:   "choose Dune Stalker", // the Titan is worth more but would kill the Brute
		},
		{
			name:   "Hammerfall Challenge: the first target is the strongest, not the dearest",
			ann:    PlayerSetup{Hand: []string{"Hammerfall Challenge"}, Resources: greedyShards(3), Field: greedyPerms("Drone Foundry", "Ironclad Brute")},
			bob:    PlayerSetup{Field: greedyPerms("Dune Stalker")},
			active: "Ann", phase: "main1",
			script: []string{"ANN:cast Hammerfall Challenge"},
			want:   "choose Ironclad Brute",
		},
		{
			name:   "Autolyse kills an enemy creature",
			ann:    PlayerSetup{Hero: "Vessa, Matriarch of Nareh", Resources: greedyShards(3)},
			bob:    PlayerSetup{Field: greedyPerms("Dune Stalker")},
			active: "Ann", phase: "main1",
			want: "activate hero",
		},
		{
			name:   "no Autolyse at low life",
			ann:    PlayerSetup{Hero: "Vessa, Matriarch of Nareh", Life: greedyLife(4), Resources: greedyShards(3)},
			bob:    PlayerSetup{Field: greedyPerms("Dune Stalker")},
			active: "Ann", phase: "main1",
			want: "pass",
		},
		{
			name:   "no Autolyse on a creature it does not kill",
			ann:    PlayerSetup{Hero: "Vessa, Matriarch of Nareh", Resources: greedyShards(3)},
			bob:    PlayerSetup{Field: greedyPerms("Rivet Sentry")},
			active: "Ann", phase: "main1",
			want: "pass",
		},
		{
			name:   "removal aims at the enemy creature it kills",
			ann:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: greedyShards(2), Field: greedyPerms("Rivet Sentry")},
			bob:    PlayerSetup{Field: greedyPerms("Blade Dancer")},
			active: "Ann", phase: "main1",
			script: []string{},
			want:   "cast Autolytic Burst",
		},
		{
			name:   "removal targets the enemy, not its own creature",
			ann:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: greedyShards(2), Field: greedyPerms("Rivet Sentry")},
			bob:    PlayerSetup{Field: greedyPerms("Blade Dancer")},
			active: "Ann", phase: "main1",
			script: []string{"ANN:cast Autolytic Burst"},
			want:   "choose Blade Dancer",
		},
		{
			name:   "the pump goes on the threatened creature",
			ann:    PlayerSetup{Hand: []string{"Surge of Fury"}, Resources: greedyShards(1), Field: greedyPerms("Blade Dancer", "Ironclad Brute")},
			bob:    PlayerSetup{Hand: []string{"Autolytic Burst"}, Resources: greedyShards(2)},
			active: "Bob", phase: "main1",
			script: []string{"cast Autolytic Burst", "choose Blade Dancer", "ANN:cast Surge of Fury"},
			want:   "choose Blade Dancer",
		},
		{
			name:   "the dearest creature it can afford first",
			ann:    PlayerSetup{Hand: []string{"Ember Cub", "Pack Alpha", "Dune Stalker"}, Resources: greedyShards(4)},
			bob:    PlayerSetup{},
			active: "Ann", phase: "main1",
			want: "cast Pack Alpha",
		},
		{
			name:   "harmful equipment goes on the enemy",
			ann:    PlayerSetup{Hand: []string{"Shroud of Ash"}, Resources: greedyShards(2), Field: greedyPerms("Rivet Sentry")},
			bob:    PlayerSetup{Field: greedyPerms("Blade Dancer")},
			active: "Ann", phase: "main1",
			script: []string{"ANN:cast Shroud of Ash"},
			want:   "choose Blade Dancer",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := decisionPosition(t, tc.ann, tc.bob, tc.active, tc.phase, tc.script)
			l := s.Legal(0, nil)
			got := s.ActionText(0, NewGreedy().Choose(s.Observe(0, nil), l, nil))
			if got != tc.want {
				var opts []string
				for _, a := range l {
					opts = append(opts, s.ActionText(0, a))
				}
				t.Errorf("greedy chose %q, want %q (legal: %q)", got, tc.want, opts)
			}
		})
	}
}

// passOrFirst passes if the seat to move may, else takes its first legal action (paying).
func passOrFirst(t *testing.T, s *State) {
	t.Helper()
	seat := engine.Seat(s.Pend.Seat)
	l := s.Legal(seat, nil)
	if len(l) == 0 {
		t.Fatalf("no legal action for %s", s.SeatName(seat))
	}
	if err := s.Apply(seat, l[0]); err != nil {
		t.Fatal(err)
	}
}

// TestGreedyAllocatesNothing: a decision (the observation and the choice) allocates nothing
// once the buffers are made, in every position of a few greedy duels (Greedy is the search
// bots' rollout policy).
func TestGreedyAllocatesNothing(t *testing.T) {
	tab := mustTable(t)
	shipped := shippedDecks(t)
	var buf [256]engine.Action
	g := NewGreedy()
	rng := engine.NewRNG(1)
	for game := 0; game < 3; game++ {
		s, err := NewGame(tab, Options{}, []Deck{shipped[game], shipped[game+1]}, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		var obs engine.Observation
		for n := 0; !s.Over(); n++ {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			var a engine.Action
			if allocs := testing.AllocsPerRun(1, func() { obs = s.Observe(seat, obs); a = g.Choose(obs, l, &rng) }); allocs != 0 {
				t.Fatalf("game %d, action %d (%s): %v allocations", game, n, s.pendWord(), allocs)
			}
			s.ApplyTrusted(seat, a)
		}
	}
}

// TestGreedySeesOnlyItsView: Greedy decides the same in the real game and in states
// determinized from its View (other hands, libraries, piles and secret heroes resampled), at
// every decision of a few duels and a free-for-all: it reads nothing its seat could not know.
func TestGreedySeesOnlyItsView(t *testing.T) {
	seesOnlyItsView(t, "greedy", func() engine.Bot { return NewGreedy() }, 3, 4)
}

// TestGreedyIgnoresHiddenCards: at every decision of a few duels and a free-for-all, Greedy
// decides on its observation (a determinization with made-up hidden cards) as it would on
// the true State: nothing it may not see steers it.
func TestGreedyIgnoresHiddenCards(t *testing.T) {
	ignoresHiddenCards(t, "greedy", NewGreedy(), decide, 2, 4, 70)
}

// seesOnlyItsView plays duels (deck i against deck i+2, seed 50+i) and then a free-for-all
// with a third deck ffaThird, and checks at every decision with a choice that the bot newBot
// makes decides the same on the true game's observation and on observations of states
// determinized from it.
func seesOnlyItsView(t *testing.T, name string, newBot func() engine.Bot, duels, ffaThird int) {
	t.Helper()
	tab := mustTable(t)
	shipped := shippedDecks(t)
	var buf, buf2 [256]engine.Action
	for game := 0; game <= duels; game++ {
		ds := []Deck{shipped[game], shipped[(game+2)%5]}
		opts := Options{}
		if game == duels {
			ds, opts = append(ds, shipped[ffaThird]), Options{Format: "ffa"}
		}
		s, err := NewGame(tab, opts, ds, uint64(50+game))
		if err != nil {
			t.Fatal(err)
		}
		bot := newBot()
		rng := engine.NewRNG(uint64(game))
		var det engine.State
		for n := 0; !s.Over(); n++ {
			seat := engine.Seat(s.Pend.Seat)
			l := s.Legal(seat, buf[:0])
			a := bot.Choose(s.Observe(seat, nil), l, &rng)
			for k := 0; k < 2 && len(l) > 1; k++ {
				det = s.Observe(seat, nil).Determinize(det, &rng)
				l2 := det.Legal(seat, buf2[:0])
				if len(l2) != len(l) {
					t.Fatalf("game %d action %d: the determinized state has %d legal actions, not %d", game, n, len(l2), len(l))
				}
				if b := bot.Choose(det.Observe(seat, nil), l2, &rng); b != a {
					t.Fatalf("game %d action %d (%s): %s chose %q, but %q in a state determinized from its view",
						game, n, s.pendWord(), name, s.ActionText(seat, a), det.ActionText(seat, b))
				}
			}
			s.ApplyTrusted(seat, a)
		}
	}
}

// ignoresHiddenCards plays five duels (deck i%5 against deck (i+offset)%5, seed seedBase+i)
// and a free-for-all with a third deck ffaThird, and checks at every decision with a choice
// that bot decides on its observation as onState, the same rules on the true State, does.
func ignoresHiddenCards(t *testing.T, name string, bot engine.Bot, onState func(*State, int8, []engine.Action) engine.Action,
	offset, ffaThird int, seedBase uint64) {
	t.Helper()
	tab := mustTable(t)
	shipped := shippedDecks(t)
	var buf [256]engine.Action
	for game := 0; game < 6; game++ {
		ds := []Deck{shipped[game%5], shipped[(game+offset)%5]}
		opts := Options{}
		if game == 5 {
			ds, opts = append(ds, shipped[ffaThird]), Options{Format: "ffa"}
		}
		s, err := NewGame(tab, opts, ds, seedBase+uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		var obs engine.Observation
		for n := 0; !s.Over(); n++ {
			seat := s.ToMove(nil)[0]
			l := s.Legal(seat, buf[:0])
			obs = s.Observe(seat, obs)
			a := bot.Choose(obs, l, nil)
			if len(l) > 1 {
				if b := onState(s, int8(seat), l); b != a {
					t.Fatalf("game %d action %d (%s): %s chose %q on its observation, %q on the true State",
						game, n, s.pendWord(), name, s.ActionText(seat, a), s.ActionText(seat, b))
				}
			}
			s.ApplyTrusted(seat, a)
		}
	}
}
