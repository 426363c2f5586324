package ismcts

import (
	"testing"

	"starnexus/ai"
	"starnexus/engine"
	"starnexus/engine/enginetest/toygame"
)

// toyAt is a two-player toy race to target with the total set to total, seat 0 to move.
func toyAt(t *testing.T, target, total int) *toygame.State {
	t.Helper()
	st, err := toygame.Game{}.New(engine.Setup{Names: []string{"Ann", "Bob"}, Seed: 2, Options: map[string]string{"target": itoa(target)}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*toygame.State)
	s.Total, s.Active = total, 0
	return s
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestSearchFindsTheToyRaceWin: the race is won by leaving the total a multiple of four short
// of the target. From every position where such a move exists, a search with random rollouts
// finds it, though the rollouts themselves play at random; the marks, hidden and drawn anew by
// every determinization, change nothing.
func TestSearchFindsTheToyRaceWin(t *testing.T) {
	const target = 15
	for total := 0; total < target; total++ {
		want := engine.Action((target - total) % 4)
		if want == 0 {
			continue // a lost position: every move loses against good play
		}
		s := toyAt(t, target, total)
		b := New(Config{Iterations: 3000, Rollout: ai.Random{}})
		rng := engine.NewRNG(uint64(total) + 1)
		legal := s.Legal(0, nil)
		if got := b.Choose(s.Observe(0, nil), legal, &rng); got != want {
			t.Errorf("from total %d of %d the search adds %d, want %d", total, target, got, want)
		}
		if st := b.Stats(); len(legal) > 1 && (st.Searched != 1 || st.Iterations != 3000) {
			t.Errorf("stats %+v, want one search of 3000 iterations", st)
		}
	}
}

// TestReuseNeedsTheSameKey: the kept subtree is used only when the next decision's key is the
// one predicted; in the race the opponent always moves in between, so nothing is reused, and a
// bot that is handed the same position twice does not take it for the predicted one either.
func TestReuseNeedsTheSameKey(t *testing.T) {
	s := toyAt(t, 21, 2)
	b := New(Config{Iterations: 500, Rollout: ai.Random{}, Reuse: true})
	rng := engine.NewRNG(3)
	for range 3 {
		b.Choose(s.Observe(0, nil), s.Legal(0, nil), &rng)
	}
	if st := b.Stats(); st.Reused != 0 {
		t.Fatalf("reused %d subtrees in a game where the opponent always moves next", st.Reused)
	}
}

// countingBot is the first legal action, counting its calls (rollout moves and priors).
type countingBot struct{ calls *int }

func (countingBot) Name() string { return "counting" }
func (c countingBot) Choose(_ engine.Observation, l []engine.Action, _ *engine.RNG) engine.Action {
	*c.calls++
	return l[0]
}

// shortcutFor settles every decision whose legal actions include want.
type shortcutFor struct{ want engine.Action }

func (s shortcutFor) Obvious(_ engine.Observation, legal []engine.Action) (engine.Action, bool) {
	for _, a := range legal {
		if a == s.want {
			return a, true
		}
	}
	return 0, false
}

// TestNoSearchWithoutAChoice: a decision with one legal action, and one the Shortcut settles,
// run no iteration and call no rollout policy; with a Shortcut that does not apply the bot
// searches as usual.
func TestNoSearchWithoutAChoice(t *testing.T) {
	s := toyAt(t, 21, 2)
	tests := []struct {
		name     string
		legal    []engine.Action
		shortcut engine.Shortcut
		want     engine.Action // 0: any
		searched bool
	}{
		{"forced", []engine.Action{2}, nil, 2, false},
		{"forced with a shortcut", []engine.Action{3}, shortcutFor{1}, 3, false},
		{"settled by the shortcut", s.Legal(0, nil), shortcutFor{2}, 2, false},
		{"shortcut does not apply", s.Legal(0, nil), shortcutFor{9}, 0, true},
	}
	for _, tc := range tests {
		calls := 0
		b := New(Config{Iterations: 50, Rollout: countingBot{&calls}, Prior: 1, Shortcut: tc.shortcut})
		rng := engine.NewRNG(1)
		got := b.Choose(s.Observe(0, nil), tc.legal, &rng)
		if tc.want != 0 && got != tc.want {
			t.Errorf("%s: chose %d, want %d", tc.name, got, tc.want)
		}
		st := b.Stats()
		if searched := st.Searched == 1 && st.Iterations == 50 && calls > 0; searched != tc.searched {
			t.Errorf("%s: stats %+v with %d policy calls, want searched %v", tc.name, st, calls, tc.searched)
		}
		if !tc.searched && (calls != 0 || st.Iterations != 0) {
			t.Errorf("%s: %d policy calls and %d iterations for a decision without a choice", tc.name, calls, st.Iterations)
		}
		if wantObvious := tc.shortcut != nil && len(tc.legal) > 1 && !tc.searched; (st.Obvious == 1) != wantObvious {
			t.Errorf("%s: %d decisions counted as obvious", tc.name, st.Obvious)
		}
	}
}
