package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"

	"starnexus/engine"
	"starnexus/narrate"
	"starnexus/store"
)

// The summary of a finished game (docs/api.md, "Summary"): GET /api/games/{id}/summary
// replays the log as the narration and the replays do (newReplayGame), reads every player's authority or life
// from the public view when each turn ends, counts the cards each player bought or cast from
// the public narration's lines and the damage each dealt to the others from the public
// events. It tells only what a spectator saw. It is cached like the narration (per game and
// length of the log) and one not in the cache takes a token of the same "narration" bucket.

// summaryJSON is the answer of GET /api/games/{id}/summary.
type summaryJSON struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Format  string   `json:"format"`
	Sets    []string `json:"sets"`
	Winners []int    `json:"winners"` // seats, in the game's order; empty for a draw
	// Stat is what the totals count: "authority" (Star Realms; a Hydra team's players share
	// their team's) or "life" (Stellar Nexus).
	Stat string `json:"stat"`
	// Cards is what the players' cards are: "bought" (Star Realms: bought or acquired) or
	// "cast" (Stellar Nexus).
	Cards string `json:"cards"`
	// Turns lists every turn played, in order: Totals[k+1] of a player is its total at the
	// end of Turns[k], Totals[0] its total when the game began.
	Turns   []summaryTurn   `json:"turns"`
	Players []summaryPlayer `json:"players"`
	// Log is the saved record (GET /log, with its seed once the game is over); Replay the
	// web client's replay of the game.
	Log    string `json:"log"`
	Replay string `json:"replay"`
}

type summaryTurn struct {
	Turn int `json:"turn"` // its number, as the game counts turns
	Seat int `json:"seat"` // whose turn it was
}

type summaryPlayer struct {
	Seat   int           `json:"seat"`
	Name   string        `json:"name"`
	Kind   string        `json:"kind"`
	Bot    string        `json:"bot,omitempty"`
	Team   int           `json:"team,omitempty"` // from 1 in formats with teams
	Won    bool          `json:"won"`
	Totals []int         `json:"totals"` // one more than Turns
	Turns  int           `json:"turns"`  // turns played (as the active player)
	Damage int           `json:"damage"` // damage dealt to other players' authority or life
	Cards  []summaryCard `json:"cards"`  // bought or cast, most first
}

type summaryCard struct {
	Card  string `json:"card"`
	Count int    `json:"count"`
}

// summaryCards are the narration's lines that count a card: bought (or acquired) in Star
// Realms, cast in Stellar Nexus.
var summaryCards = map[string]string{
	"log.buy": "bought", "log.buy_row": "bought", "log.acquire": "bought", "log.acquire_row": "bought",
	"log.cast": "cast",
}

func (s *Server) handleSummary(w http.ResponseWriter, r *http.Request) {
	g, _, err := s.seatFor(r, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	g.mu.Lock()
	m := *g.meta
	log := slices.Clone(g.log)
	over := g.st.Over()
	g.mu.Unlock()
	if !over {
		writeErr(w, errm(http.StatusConflict, "server.not_over"))
		return
	}
	key := narrationKey{id: g.id, seat: engine.Spectator, n: len(log)}
	sum, ok := s.summaries.get(key)
	if !ok {
		if err := s.limiter.allow(s.lim.clientAddr(r), "narration"); err != nil {
			writeErr(w, err)
			return
		}
		sum, err = s.summarize(g.id, &m, log)
		if err != nil {
			s.log.Error("summary", "game", g.id, "err", err)
			writeErr(w, errf(http.StatusInternalServerError, "%v", err))
			return
		}
		s.summaries.put(key, sum)
	}
	writeJSON(w, http.StatusOK, sum)
}

// publicTotals is what a summary reads from the public view: each player's team and
// authority or life.
type publicTotals struct {
	Active  string `json:"active"`
	Players []struct {
		Team      int  `json:"team"`
		Authority *int `json:"authority"`
		Life      *int `json:"life"`
	} `json:"players"`
}

// totals reads every player's authority or life from g's public view.
func (g *game) totals() (publicTotals, error) {
	var p publicTotals
	b, err := g.st.View(engine.Spectator).MarshalJSON()
	if err != nil {
		return p, fmt.Errorf("game %s: view: %w", g.id, err)
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("game %s: view: %w", g.id, err)
	}
	if len(p.Players) != g.st.NumSeats() {
		return p, fmt.Errorf("game %s: the view lists %d players for %d seats", g.id, len(p.Players), g.st.NumSeats())
	}
	return p, nil
}

func (p publicTotals) values() []int {
	out := make([]int, len(p.Players))
	for i, x := range p.Players {
		switch {
		case x.Authority != nil:
			out[i] = *x.Authority
		case x.Life != nil:
			out[i] = *x.Life
		}
	}
	return out
}

// summarize replays a finished game's log and sums it up, from what a spectator sees. The
// spectator's narration, made by the same replay, goes into the narration cache.
func (s *Server) summarize(id string, m *store.Game, log []store.Action) (*summaryJSON, error) {
	var (
		turns  = []summaryTurn{}
		points [][]int // the totals at the start, then at the end of each turn of turns
		first  publicTotals
		prev   narrate.Turn
	)
	g, err := s.newReplayGame(id, m)
	if err != nil {
		return nil, err
	}
	// After each action i (-1: before the first), the totals when a turn ends.
	sample := func(i int) error {
		ended := i >= 0 && g.turn != prev // the action began a new turn: prev is over
		// A total of 0 before the first turn ends is one not dealt yet (Stellar Nexus sets
		// the players' life once all have kept their hands): the start is when it is.
		undealt := i >= 0 && len(turns) == 0 && slices.Contains(points[0], 0)
		if i >= 0 && !ended && !undealt && i < len(log)-1 {
			return nil
		}
		p, err := g.totals()
		if err != nil {
			return err
		}
		switch {
		case i < 0:
			first = p
			points = append(points, p.values())
		case undealt && !ended:
			points[0] = p.values()
		case ended && (prev.Number <= 0 || prev.Seat < 0 || g.turn.Number <= prev.Number):
			// The table's setup was no turn: several seats to move, or a turn 1 guessed
			// before the first player was chosen (Stellar Nexus mulligans and first player),
			// unless the turn it gives way to is not the first (a Hydra team's turn 1).
			if g.turn.Number > 1 && prev.Number <= 0 {
				turns = append(turns, summaryTurn{Turn: g.turn.Number - 1, Seat: g.seatNamed(first.Active)})
				points = append(points, p.values())
			} else {
				points[0] = p.values()
			}
		default:
			// The turn prev ended, or the game did in it (the last action).
			turns = append(turns, summaryTurn{Turn: prev.Number, Seat: int(prev.Seat)})
			points = append(points, p.values())
		}
		prev = g.turn
		return nil
	}
	if err := sample(-1); err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := g.replay(a); err != nil {
			return nil, err
		}
		if err := sample(i); err != nil {
			return nil, err
		}
	}
	n := g.st.NumSeats()
	sum := &summaryJSON{ID: id, Game: m.Game, Format: m.Format, Sets: nonNil(m.Sets), Winners: []int{}, Stat: "authority", Cards: "bought",
		Turns: turns, Log: "/api/games/" + id + "/log", Replay: "#/replay/" + id}
	if len(first.Players) > 0 && first.Players[0].Life != nil {
		sum.Stat, sum.Cards = "life", "cast"
	}
	won := map[int]bool{}
	for _, w := range g.st.Winners() {
		sum.Winners = append(sum.Winners, int(w))
		won[int(w)] = true
	}
	seats := g.seatsJSON()
	damage := g.damageDealt()
	for i := range n {
		p := summaryPlayer{Seat: i, Name: g.st.SeatName(engine.Seat(i)), Kind: seats[i].Kind, Bot: seats[i].Bot, Team: first.Players[i].Team,
			Won: won[i], Damage: damage[i], Cards: []summaryCard{}}
		for _, pt := range points {
			p.Totals = append(p.Totals, pt[i])
		}
		for _, t := range turns {
			if t.Seat == i {
				p.Turns++
			}
		}
		if p.Turns == 0 && p.Team != 0 {
			// A Hydra team plays its turns together, named by its first seat.
			for _, t := range turns {
				if first.Players[t.Seat].Team == p.Team {
					p.Turns++
				}
			}
		}
		sum.Players = append(sum.Players, p)
	}
	lines := g.narrationFor(engine.Spectator, 0)
	s.narrations.put(narrationKey{id: id, seat: engine.Spectator, n: len(log)}, lines)
	counts := make([]map[string]int, n)
	for _, l := range lines {
		if summaryCards[l.Msg.ID] == "" || l.Seat < 0 || l.Seat >= n {
			continue
		}
		if counts[l.Seat] == nil {
			counts[l.Seat] = map[string]int{}
		}
		counts[l.Seat][l.Names]++
	}
	for i, c := range counts {
		for card, k := range c {
			sum.Players[i].Cards = append(sum.Players[i].Cards, summaryCard{Card: card, Count: k})
		}
		sort.Slice(sum.Players[i].Cards, func(a, b int) bool {
			x, y := sum.Players[i].Cards[a], sum.Players[i].Cards[b]
			return x.Count > y.Count || x.Count == y.Count && x.Card < y.Card
		})
	}
	return sum, nil
}

// seatNamed is the seat named name, or 0.
func (g *game) seatNamed(name string) int {
	for i := range g.st.NumSeats() {
		if g.st.SeatName(engine.Seat(i)) == name {
			return i
		}
	}
	return 0
}

// damageDealt sums, per seat, the damage dealt to other players in the kept events, as a
// spectator sees them. An attack with Combat (no source) is the attacker's: the seat whose
// Combat just fell, else the active player; damage from a card is its controller's: the seat
// whose card of that name last entered play or the stack (or whose hero it is), else the
// active player's.
func (g *game) damageDealt() []int {
	n := g.st.NumSeats()
	out := make([]int, n)
	names := map[string]int{}
	for i := range n {
		names[g.st.SeatName(engine.Seat(i))] = i
	}
	owner := map[string]int{}
	turn := narrate.Start(g.st)
	for _, ae := range g.events {
		combat := -1
		for _, e := range ae.evs {
			e, ok := e.For(engine.Spectator)
			if !ok {
				continue
			}
			switch e.Kind {
			case engine.EvTurn:
				turn = narrate.Turn{Number: e.Amount, Seat: e.Seat}
			case engine.EvMoved:
				if e.Card != "" && e.Seat >= 0 && (e.To == "stack" || e.To == "field" || e.To == "in_play") {
					owner[e.Card] = int(e.Seat)
				}
			case "hero":
				if e.Card != "" && e.Seat >= 0 {
					owner[e.Card] = int(e.Seat)
				}
			case engine.EvStat:
				if e.Stat == "combat" && e.Amount < 0 && e.Seat >= 0 {
					combat = int(e.Seat)
				}
			case engine.EvDamage:
				target, ok := names[e.Target]
				if !ok || e.Card != "" || target != int(e.Seat) {
					continue // a base or a creature
				}
				by := int(turn.Seat)
				if e.Source == "" && combat >= 0 {
					by = combat
				} else if o, ok := owner[e.Source]; ok && e.Source != "" {
					by = o
				}
				if by >= 0 && by < n && by != target {
					out[by] += e.Amount
				}
			}
		}
	}
	return out
}
