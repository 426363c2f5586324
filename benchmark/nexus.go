package benchmark

import (
	"fmt"
	"time"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
)

// NexusDuelsPerSec plays Stellar Nexus duels between two bots (made fresh by mk for each
// seat) for about d, at least two games, with the shipped decks in rotation, and returns
// games per second. Each bot decides from its View, as in play.
func NexusDuelsPerSec(mk func() engine.Bot, d time.Duration) (float64, error) {
	tab, err := nexus.Builtin()
	if err != nil {
		return 0, err
	}
	var ds []nexus.Deck
	for _, n := range decks.Names() {
		dk, err := decks.Load(n)
		if err != nil {
			return 0, fmt.Errorf("deck %s: %w", n, err)
		}
		ds = append(ds, nexus.FromDeck(dk))
	}
	bots := []engine.Bot{mk(), mk()}
	rngs := make([]engine.RNG, 2)
	obs := make([]engine.Observation, 2) // refilled from game to game
	start := time.Now()
	games := 0
	for games < 2 || time.Since(start) < d {
		st, err := nexus.NewGame(tab, nexus.Options{}, []nexus.Deck{ds[games%len(ds)], ds[(games/len(ds)+games+1)%len(ds)]}, uint64(games))
		if err != nil {
			return 0, err
		}
		for i := range rngs {
			rngs[i] = engine.NewRNG(uint64(games)*7 + uint64(i))
		}
		engine.PlayOutWith(st, bots, rngs, obs, 0)
		games++
	}
	return float64(games) / time.Since(start).Seconds(), nil
}

// NexusRandomGamesPerSec plays Stellar Nexus duels between random bots (uniform over the legal
// actions, the shipped decks in rotation) for about d, at least two games, and returns games
// per second.
func NexusRandomGamesPerSec(d time.Duration) (float64, error) {
	g, _, err := NexusRandom(d)
	return g, err
}

// NexusRandom is NexusRandomGamesPerSec with the actions per second too: the engine's
// throughput, which does not change when the rules let random players take longer games.
func NexusRandom(d time.Duration) (gamesPerSec, actionsPerSec float64, err error) {
	tab, err := nexus.Builtin()
	if err != nil {
		return 0, 0, err
	}
	var ds []nexus.Deck
	for _, n := range decks.Names() {
		dk, err := decks.Load(n)
		if err != nil {
			return 0, 0, err
		}
		ds = append(ds, nexus.FromDeck(dk))
	}
	var buf [256]engine.Action
	var mv [8]engine.Seat
	start := time.Now()
	games, actions := 0, 0
	for games < 2 || time.Since(start) < d {
		st, err := nexus.NewGame(tab, nexus.Options{}, []nexus.Deck{ds[games%5], ds[(games/5+1)%5]}, uint64(games))
		if err != nil {
			return 0, 0, err
		}
		rng := engine.NewRNG(uint64(games))
		for !st.Over() {
			m := st.ToMove(mv[:0])
			seat := m[rng.Intn(len(m))]
			l := st.Legal(seat, buf[:0])
			st.ApplyTrusted(seat, l[rng.Intn(len(l))])
			actions++
		}
		games++
	}
	el := time.Since(start).Seconds()
	return float64(games) / el, float64(actions) / el, nil
}
