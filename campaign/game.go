package campaign

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
	"starnexus/store"
)

// A campaign game's store option DriverOption says who plays its bots and records its end:
// DriverServer for a game started through the server (starnexus serve), which a terminal
// does not continue; none for a game started in the terminal, whose bots a server holding
// the game leaves alone.
const (
	DriverOption = "driver"
	DriverServer = "server"
)

// GameOf sets up the game with store id id of this campaign, before any action: the game
// under way, or one already played. A game already played is set up as it was when it
// began: the upgrades, rows and sheets of the scenarios before it, and the first player and
// choice its result recorded. The server rebuilds campaign games with it (and replays
// their logs), like any other game.
func (s *State) GameOf(c *campaigns.Campaign, id string) (*realms.State, error) {
	if err := s.check(c); err != nil {
		return nil, err
	}
	if s.Current != nil && s.Current.ID == id {
		return s.NewGame(c, *s.Current)
	}
	for _, r := range s.Results {
		if r.Game != id {
			continue
		}
		sc, err := Scenario(c, r.Scenario)
		if err != nil {
			return nil, err
		}
		g := Game{ID: id, Scenario: r.Scenario, Seed: s.gameSeed(r.Scenario), First: r.First, Choice: -1}
		if r.Seed != nil {
			g.Seed = *r.Seed // every result but those an earlier version stored
		}
		if opts := sc.Options(); len(opts) > 0 {
			for k, o := range opts {
				if o.Name == r.Choice {
					g.Choice = k
				}
			}
			if g.Choice < 0 {
				return nil, fmt.Errorf("campaign %s: game %s: its choice %q is not an option of scenario %d", s.Name, id, r.Choice, r.Scenario)
			}
		}
		return s.before(c, r.Scenario).NewGame(c, g)
	}
	return nil, fmt.Errorf("campaign %s has no game %s", s.Name, id)
}

// before is the campaign as it was when scenario n began: the upgrades made in earlier
// scenarios, their rows, and the sheets received before n.
func (s *State) before(c *campaigns.Campaign, n int) *State {
	out := cloneState(s)
	out.Upgraded = nil
	for i := range out.Players {
		out.Players[i].Used = nil
		out.Players[i].Sheets = nil
	}
	for _, u := range s.Upgraded {
		if u.Scenario >= 1 && u.Scenario < n {
			out.Upgraded = append(out.Upgraded, u)
			p := &out.Players[u.Seat]
			p.Used = append(p.Used, realms.RowRef{Sheet: u.Sheet, Row: u.Upgrade.Row})
		}
	}
	for k := 1; k < n && k <= len(c.Scenarios); k++ {
		for i, sh := range c.Scenarios[k-1].Sheets {
			if sh != "" && !slices.Contains(out.Players[i].Sheets, sh) {
				out.Players[i].Sheets = append(out.Players[i].Sheets, sh)
			}
		}
	}
	return out
}

// Recorded says whether the game with store id id has its result in the campaign already.
func (s *State) Recorded(id string) bool {
	for _, r := range s.Results {
		if r.Game == id {
			return true
		}
	}
	return false
}

// FinishGame records the result of the campaign's game id, which st (its state, over) plays,
// and marks the game finished, in one transaction; it does nothing when the result is
// recorded already. Several processes may call it for the same game: the campaign's
// version lets one save, and the others, reloading, find the result there. recorded is
// true when this call recorded it.
func FinishGame(ctx context.Context, db DB, name, id string, st *realms.State) (recorded bool, err error) {
	for attempt := 0; ; attempt++ {
		r, err := Open(ctx, db, name)
		if err != nil {
			return false, err
		}
		if r.State.Recorded(id) {
			return false, nil
		}
		if r.State.Current == nil || r.State.Current.ID != id {
			return false, fmt.Errorf("campaign %s: game %s is not its game under way", name, id)
		}
		l := &Live{Game: *r.State.Current, St: st}
		_, err = r.Finish(ctx, l)
		if errors.Is(err, store.ErrConflict) && attempt < 5 {
			continue // another process saved the campaign since: look again
		}
		if err != nil {
			return false, err
		}
		return true, nil
	}
}
