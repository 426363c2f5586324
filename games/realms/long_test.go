package realms

import (
	"os"
	"strconv"
	"testing"

	"starnexus/engine"
)

// Long games: the decks of 100 and more cards and the games of 300 and more rounds that a
// search bot's rollouts meet (the play area past 32 was found there), met by the tests first.
// Nobody attacks, so the games last until the round cap; the bots are the rollout policies
// (Greedy, Velocity) and a random player, all kept from attacking and from scrapping their
// own cards.

// peacefulBot plays as its bot would among the actions that neither attack nor scrap a card
// of its own.
type peacefulBot struct{ engine.Bot }

func (b peacefulBot) Choose(v engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	return b.Bot.Choose(v, peaceful(legal), rng)
}

func longBots(n int) []engine.Bot {
	all := []engine.Bot{peacefulBot{Greedy{}}, peacefulBot{Velocity{}}, peacefulBot{randomBot{}}}
	out := make([]engine.Bot, n)
	for i := range out {
		out[i] = all[i%len(all)]
	}
	return out
}

// longGameOptions are the options of a long game: the round cap raised, the Explorer pile of
// 200 (the option's most) and both sets.
func longGameOptions(format string, seats, rounds int) Options {
	return Options{Format: format, Names: names(seats), Sets: []string{"core", "colony-wars"}, MaxRounds: rounds, Explorers: 200}
}

// playLong plays a long game through the validating path with the invariants checked after
// every action, and returns the largest deck and discard pile, hand and play area seen.
func playLong(t *testing.T, s *State, seed uint64) (most, hand, play int) {
	t.Helper()
	c := newChecker(t, s)
	rng := engine.NewRNG(seed)
	bots := longBots(int(s.NSeats))
	var movers []engine.Seat
	for n := 0; !s.Over(); n++ {
		movers = s.ToMove(movers[:0])
		seat := movers[rng.Intn(len(movers))]
		legal := s.Legal(seat, nil)
		if len(legal) == 0 {
			t.Fatalf("seat %d may act but has no legal action", seat)
		}
		a := bots[seat].Choose(s.Observe(seat, nil), legal, &rng)
		text := s.ActionText(seat, a)
		if back, err := s.ParseAction(seat, text); err != nil || back != a {
			t.Fatalf("%q parses to %v, %v", text, back, err)
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("legal action refused: %v", err)
		}
		c.check(s, text)
		if n%211 == 0 {
			checkHidden(t, s, &rng, text)
			checkCopiesApart(t, s, &rng, text)
		}
		for i := 0; i < int(s.NSeats); i++ {
			p := &s.P[i]
			most = max(most, int(p.DeckN)+int(p.DiscN))
			hand, play = max(hand, int(p.HandN)), max(play, int(p.PlayN))
		}
	}
	if s.Fault() != "" {
		t.Fatalf("the game ended with a fault: %s", s.Fault())
	}
	return most, hand, play
}

// TestLongGames plays long games: by default one game of each of five formats; with
// REALMS_LONG_GAMES=n, n games of every format at every seat count.
func TestLongGames(t *testing.T) {
	cat := loadCat(t)
	type game struct {
		format string
		seats  int
	}
	games := []game{{"standard", 2}, {"ffa", 4}, {"hydra", 6}, {"emperor", 6}, {"raid", 6}}
	runs := 0
	if v, err := strconv.Atoi(os.Getenv("REALMS_LONG_GAMES")); err == nil && v > 0 {
		runs = v
		games = nil
		for _, f := range formatSeats {
			for _, n := range f.seats {
				games = append(games, game{f.format, n})
			}
		}
	}
	const rounds = 320
	for _, g := range games {
		for r := 0; r < max(runs, 1); r++ {
			seed := uint64(500 + r)
			s, err := NewGame(cat, longGameOptions(g.format, g.seats, rounds), seed)
			if err != nil {
				t.Fatal(err)
			}
			most, hand, play := playLong(t, s, seed)
			t.Logf("%s, %d players, seed %d: at most %d cards in deck and discard, %d in hand, %d in play", g.format, g.seats, seed, most, hand, play)
			// The default games reach decks of 100 cards; with six players sharing the cards, a
			// game of the longer list may not.
			if int(s.Rounds) != rounds || (runs == 0 && most < 100) {
				t.Fatalf("%s, %d players, seed %d: %d rounds, largest deck and discard %d; want %d rounds and 100 cards or more",
					g.format, g.seats, seed, s.Rounds, most, rounds)
			}
		}
	}
}

// FuzzLongGames grows a game for a number of rounds chosen by the fuzzer (peaceful bots, the
// long-game options, a format chosen by the fuzzer), then drives it with fuzzer-chosen actions
// as FuzzActions does: legal ones must apply and keep the invariants, others must be refused
// without a change. Run: go test ./games/realms -fuzz FuzzLongGames
func FuzzLongGames(f *testing.F) {
	cat := loadCat(f)
	f.Add(uint64(1), byte(0), byte(150), make([]byte, 200))
	f.Add(uint64(2), byte(4), byte(120), []byte{0, 0, 0, 1, 0x80, 0, 0, 3, 0, 0, 0, 2})
	f.Add(uint64(3), byte(6), byte(200), []byte{0, 0, 0, 7, 0, 0, 0, 9})
	f.Fuzz(func(t *testing.T, seed uint64, format, rounds byte, data []byte) {
		fs := formatSeats[int(format)%len(formatSeats)]
		n := fs.seats[int(format)/len(formatSeats)%len(fs.seats)]
		s, err := NewGame(cat, longGameOptions(fs.format, n, 400), seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := longBots(n)
		rngs := make([]engine.RNG, n)
		for i := range rngs {
			rngs[i] = engine.NewRNG(seed + uint64(i))
		}
		var movers []engine.Seat
		for !s.Over() && int(s.Rounds) < 2*int(rounds) {
			movers = s.ToMove(movers[:0])
			seat := movers[0]
			s.ApplyTrusted(seat, bots[seat].Choose(s.Observe(seat, nil), s.Legal(seat, nil), &rngs[seat]))
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("after %d rounds: %v", s.Rounds, err)
		}
		fuzzActions(t, s, data)
	})
}
