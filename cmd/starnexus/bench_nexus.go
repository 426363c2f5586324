package main

import (
	"time"

	"starnexus/engine"
	"starnexus/games/nexus"
	"starnexus/games/nexus/decks"
)

// nexusRandomGamesPerSec plays Stellar Nexus duels between random bots (uniform over the legal
// actions, the shipped decks in rotation) for about d, at least two games, and returns games
// per second.
func nexusRandomGamesPerSec(d time.Duration) (float64, error) {
	tab, err := nexus.Builtin()
	if err != nil {
		return 0, err
	}
	var ds []nexus.Deck
	for _, n := range decks.Names() {
		dk, err := decks.Load(n)
		if err != nil {
			return 0, err
		}
		ds = append(ds, nexus.FromDeck(dk))
	}
	var buf [256]engine.Action
	var mv [8]engine.Seat
	start := time.Now()
	games := 0
	for games < 2 || time.Since(start) < d {
		st, err := nexus.NewGame(tab, nexus.Options{}, []nexus.Deck{ds[games%5], ds[(games/5+1)%5]}, uint64(games))
		if err != nil {
			return 0, err
		}
		rng := engine.NewRNG(uint64(games))
		for !st.Over() {
			m := st.ToMove(mv[:0])
			seat := m[rng.Intn(len(m))]
			l := st.Legal(seat, buf[:0])
			st.ApplyTrusted(seat, l[rng.Intn(len(l))])
		}
		games++
	}
	return float64(games) / time.Since(start).Seconds(), nil
}
