package nexus

import (
	"testing"

	"starnexus/engine"
)

// Long games: what a search bot's rollouts can meet, the tests meet first. Random games end
// in a few dozen turns; these play until the libraries run out (SN 1.3(b), 40 cards a player)
// with nobody attacking or blocking and every player casting and activating all it can, so
// boards, tokens, statics and passives pile up past the sizes the State had before issue 12
// (255 objects, 96 modifiers, 32 jobs), with the invariants checked after every action.
// NEXUS_RANDOM_GAMES=n plays n games of each format.

// builder is a random policy that never attacks nor blocks and prefers casting and
// activating (creatures' abilities first) to passing.
func builder(s *State, seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	switch s.Pend.K {
	case pAttack:
		for _, a := range legal {
			if a == attackNone || kindOf(a) == aDone {
				return a
			}
		}
	case pBlock:
		for _, a := range legal {
			if kindOf(a) == aDone {
				return a
			}
		}
	case pPrio:
		var buf [64]engine.Action
		acts := buf[:0]
		for _, a := range legal {
			if kindOf(a) == aActivate && aArg(a)&16 == 0 && rng.Intn(2) == 0 {
				return a // a creature's ability (Drone Foundry) half the time it can
			}
			if kindOf(a) == aCast || kindOf(a) == aActivate {
				acts = append(acts, a)
			}
		}
		if len(acts) > 0 {
			return acts[rng.Intn(len(acts))]
		}
	}
	return legal[rng.Intn(len(legal))]
}

// peaks are the largest sizes a game reached.
type peaks struct{ objects, stack, mods, jobs int }

func (p *peaks) see(s *State) {
	p.objects = max(p.objects, int(s.NO)-1)
	p.stack = max(p.stack, int(s.NS))
	p.mods = max(p.mods, int(s.NM))
	p.jobs = max(p.jobs, int(s.NJ))
}

// playLong plays a game to its end with policy, checking every action as playRandom does.
func playLong(t *testing.T, s *State, seed uint64, policy func(*State, engine.Seat, []engine.Action, *engine.RNG) engine.Action, pk *peaks) {
	t.Helper()
	rng := engine.NewRNG(seed)
	cards := cardCounts(s)
	var buf [256]engine.Action
	var mv [8]engine.Seat
	for n := 0; !s.Over(); n++ {
		if n > 2000000 {
			t.Fatalf("seed %d: no end at turn %d", seed, s.Turn)
		}
		m := s.ToMove(mv[:0])
		seat := m[rng.Intn(len(m))]
		l := s.Legal(seat, buf[:0])
		if len(l) == 0 {
			t.Fatalf("seed %d: no legal action for %s (%s)", seed, s.SeatName(seat), s.pendWord())
		}
		a := policy(s, seat, l, &rng)
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: listed action refused: %v", seed, err)
		}
		if f := s.Fault(); f != "" {
			t.Fatalf("seed %d at turn %d: %s", seed, s.Turn, f)
		}
		if err := checkInvariants(s, cards); err != nil {
			t.Fatalf("seed %d turn %d after %q: %v", seed, s.Turn, s.ActionText(seat, a), err)
		}
		pk.see(s)
	}
}

// tokenDeck is a legal deck (40 cards, three copies at most, one of each special resource)
// of every token maker, static and "creature dies" passive of the starter set.
func tokenDeck(hero string) Deck {
	d := Deck{Hero: hero, Resource: []string{"Sporewell", "Anvil Spire", "Ossuary Vent"}}
	for _, n := range []string{"Drone Foundry", "Bloomcaller", "Puffball Colossus", "Spore Drifter", "Carrion Mote",
		"Bloated Thrall", "Choir Elder", "Pack Alpha", "Gravetide Warden", "Sky Marshal", "Regrowth", "Dread Procession", "Rise Again"} {
		d.Library = append(d.Library, n, n, n)
	}
	d.Library = append(d.Library, "Field Repairs")
	for len(d.Resource) < 10 {
		d.Resource = append(d.Resource, "Nexus Shard")
	}
	return d
}

func TestLongGames(t *testing.T) {
	tab := mustTable(t)
	formats := []struct {
		format string
		seats  int
	}{{"duel", 2}, {"ffa", 4}, {"allied", 4}}
	random := func(_ *State, _ engine.Seat, l []engine.Action, rng *engine.RNG) engine.Action {
		return l[rng.Intn(len(l))]
	}
	var all peaks
	for _, f := range formats {
		games := gameCount(2)
		if testing.Short() {
			games = 1
		}
		for g := 0; g < games; g++ {
			for pi, policy := range []func(*State, engine.Seat, []engine.Action, *engine.RNG) engine.Action{builder, random} {
				heroes := []string{"Kaira Swiftclaw", "The Mycelial Choir", "Tarsk Ironvein, Forgemaster", "Vessa, Matriarch of Nareh", "Ilyane of the High Current"}
				var ds []Deck
				for k := 0; k < f.seats; k++ {
					d := factionDeck(t, tab, uint8(1+(g+k)%5))
					if pi == 0 {
						d = tokenDeck(heroes[(g+k)%5])
					}
					ds = append(ds, d)
				}
				// No turn cap short of the libraries: 40 cards a player, one drawn a turn.
				s, err := NewGame(tab, Options{Format: f.format, MaxTurns: 400}, ds, uint64(7000+g))
				if err != nil {
					t.Fatal(err)
				}
				var pk peaks
				playLong(t, s, uint64(g*2+pi), policy, &pk)
				t.Logf("%s game %d policy %d: %d turns, peaks %+v", f.format, g, pi, s.Turn, pk)
				all.objects, all.stack = max(all.objects, pk.objects), max(all.stack, pk.stack)
				all.mods, all.jobs = max(all.mods, pk.mods), max(all.jobs, pk.jobs)
			}
		}
	}
	// The builders' boards pass the sizes the State had before issue 12.
	if all.objects <= 255 || all.mods <= 96 {
		t.Errorf("peaks %+v: the long games should pass 255 objects and 96 modifiers", all)
	}
}

// FuzzLongGames: a four-player game of token decks grown by the builder policy for up to
// 12,750 actions, then fuzzer actions as in FuzzActions: the engine never panics on a grown
// table, a refused action changes nothing, an accepted one has the text of a listed one.
func FuzzLongGames(f *testing.F) {
	f.Add(uint64(1), []byte{40, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(3), []byte{255, 0x20, 0x00, 0x01, 0x05, 0xe1, 0x00, 0x40, 0x01, 0xff, 0xff, 0xff, 0xff})
	tab := mustTable(f)
	heroes := []string{"Kaira Swiftclaw", "The Mycelial Choir", "Tarsk Ironvein, Forgemaster", "Vessa, Matriarch of Nareh"}
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		if len(data) == 0 {
			return
		}
		var ds []Deck
		for k := 0; k < 4; k++ {
			ds = append(ds, tokenDeck(heroes[(int(seed%4)+k)%4]))
		}
		s, err := NewGame(tab, Options{Format: []string{"ffa", "allied"}[seed%2], MaxTurns: 400}, ds, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		for n := 0; n < int(data[0])*50 && !s.Over(); n++ {
			m := s.ToMove(nil)
			seat := m[rng.Intn(len(m))]
			s.ApplyTrusted(seat, builder(s, seat, s.Legal(seat, nil), &rng))
		}
		data = data[1:]
		for len(data) >= 5 && !s.Over() {
			m := s.ToMove(nil)
			seat := m[int(data[0])%len(m)]
			legal := s.Legal(seat, nil)
			a := engine.Action(uint32(data[1]) | uint32(data[2])<<8 | uint32(data[3])<<16 | uint32(data[4])<<24)
			if data[0]%2 == 0 && len(legal) > 0 {
				a = legal[rng.Intn(len(legal))]
			}
			data = data[5:]
			txt := s.ActionText(seat, a)
			before := s.Clone().(*State)
			if err := s.Apply(seat, a); err != nil {
				if !sameState(s, before) {
					t.Fatalf("refused %q changed the state", txt)
				}
				continue
			}
			if kindOf(a) != aBlockNew && !listed(before, seat, a) { // as in FuzzActions
				t.Fatalf("accepted %q, which Legal does not list", txt)
			}
		}
	})
}
