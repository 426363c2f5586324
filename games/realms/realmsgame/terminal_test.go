package realmsgame

import (
	"fmt"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/games/realms"
)

// formatSeats lists every format with each seat count it allows.
var formatSeats = []struct {
	format string
	seats  []int
}{
	{"standard", []int{2}},
	{"ffa", []int{3, 4, 5, 6}},
	{"hunter", []int{3, 4, 5, 6}},
	{"hunter-first-blood", []int{3, 4, 5, 6}},
	{"raid", []int{3, 4, 5, 6}},
	{"hydra", []int{4, 6}},
	{"emperor", []int{6}},
}

// TestTargetRulesAgreeWithTheEngine checks the CLI's statement of whom a player may attack and
// whose bases it may target against the engine's CanAttack and legal base attacks, at every
// step of bot games in every format.
func TestTargetRulesAgreeWithTheEngine(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formatSeats {
		for _, n := range f.seats {
			for seed := uint64(1); seed <= 3; seed++ {
				names := make([]string, n)
				for i := range names {
					names[i] = fmt.Sprintf("P%d", i+1)
				}
				st, err := realms.NewGame(cat, realms.Options{Format: f.format, Names: names}, seed)
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRNG(seed)
				bot := realms.Greedy{}
				var buf [realms.MaxSeats]engine.Seat
				for steps := 0; !st.Over(); steps++ {
					if steps > 20000 {
						t.Fatalf("%s/%d seed %d: no end after %d actions", f.format, n, seed, steps)
					}
					v := st.RealmsView(engine.Spectator)
					for by := engine.Seat(0); int(by) < n; by++ {
						for tg := engine.Seat(0); int(tg) < n; tg++ {
							if want := v.CanTarget(by, tg) && !v.Protected(tg); v.CanAttack(by, tg) != want {
								t.Fatalf("%s/%d seed %d: CanAttack(%d, %d) = %v, the CLI says %v", f.format, n, seed, by, tg, !want, want)
							}
						}
					}
					seat := st.ToMove(buf[:0])[0]
					legal := st.Legal(seat, nil)
					reach := basesInReach(Lang(nil, nil), st.RealmsView(seat), seat)
					for _, a := range legal {
						if realms.Describe(a).Kind != "attack-base" {
							continue
						}
						tg := realms.ActionSeat(a)
						name := fmt.Sprintf("%s's %s [", st.SeatName(tg), cat.Card(realms.ActionCard(a)).Name)
						found := false
						for _, r := range reach {
							found = found || strings.HasPrefix(r, name)
						}
						if !v.CanTargetBases(seat, tg) || !found {
							t.Fatalf("%s/%d seed %d: legal %q but the CLI lists %v", f.format, n, seed, st.ActionText(seat, a), reach)
						}
					}
					if err := st.Apply(seat, bot.Choose(st.Observe(seat, nil), legal, &rng)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

func TestMenuFoldsAmounts(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	// Play Hydra until a seat has Trade or Combat to give; the menu shows each gift once.
	st, err := realms.NewGame(cat, realms.Options{Format: "hydra", Names: []string{"A", "B", "C", "D"}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(5)
	var buf [realms.MaxSeats]engine.Seat
	for !st.Over() {
		seat := st.ToMove(buf[:0])[0]
		legal := st.Legal(seat, nil)
		gives := 0
		for _, a := range legal {
			if realms.Describe(a).Kind == "give" {
				gives++
			}
		}
		if gives > 2 {
			shown, hints := numbered(Lang(nil, nil), st, seat)
			seen := map[string]bool{}
			for _, a := range shown {
				text := st.ActionText(seat, a)
				if realms.Describe(a).Kind == "give" {
					key := text[:strings.LastIndex(text, " ")]
					if seen[key] {
						t.Fatalf("the menu lists %q twice", key)
					}
					seen[key] = true
				}
			}
			if len(seen) == 0 || len(hints) == 0 || !strings.Contains(strings.Join(hints, "\n"), "give PLAYER trade N") {
				t.Fatalf("gifts %v, hints %v", seen, hints)
			}
			return
		}
		if err := st.Apply(seat, (realms.Greedy{}).Choose(st.Observe(seat, nil), legal, &rng)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no seat ever had several gifts to make")
}
