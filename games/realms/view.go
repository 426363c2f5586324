package realms

import (
	"encoding/json"
	"sort"

	"starnexus/engine"
)

// View is what one seat may know of a game (SR 11.1): its own hand, every public zone, and
// counts of the hidden ones, as the server and the terminal show it to people. It reads the
// State it was made from; none of its methods reveals another seat's hand or any deck order.
// Bots read an Observation instead (observation.go).
type View struct {
	s    *State
	seat engine.Seat
}

// View implements engine.State. The View lives inside the State, so that handing it out
// through the engine.View interface allocates nothing; it is valid until the next View call
// for the same seat.
func (s *State) View(seat engine.Seat) engine.View {
	if seat < 0 || int(seat) >= MaxSeats {
		s.spectator = View{s: s, seat: engine.Spectator}
		return &s.spectator
	}
	s.views[seat] = View{s: s, seat: seat}
	return &s.views[seat]
}

// RealmsView returns the typed view for seat.
func (s *State) RealmsView(seat engine.Seat) View { return View{s: s, seat: seat} }

// Seat implements engine.View.
func (v View) Seat() engine.Seat { return v.seat }

// Catalog is the public card data.
func (v View) Catalog() *Catalog { return v.s.cat }

// NumSeats is the number of seats.
func (v View) NumSeats() int { return int(v.s.NSeats) }

// Name is a seat's player name.
func (v View) Name(seat engine.Seat) string { return v.s.SeatName(seat) }

// Active is the seat whose turn it is.
func (v View) Active() engine.Seat { return v.s.Active }

// ToMove is the seat that must act now (-1 when the game is over).
func (v View) ToMove() engine.Seat { return v.s.toMove() }

// Over reports whether the game has ended.
func (v View) Over() bool { return v.s.over }

// Authority of a seat (its team's in Hydra).
func (v View) Authority(seat engine.Seat) int { return v.s.authority(seat) }

// Trade and Combat pools of a seat (public: they are counted on the table).
func (v View) Trade(seat engine.Seat) int { return int(v.s.P[seat].Trade) }

// Combat pool of a seat.
func (v View) Combat(seat engine.Seat) int { return int(v.s.P[seat].Combat) }

// Defeated reports whether a seat is out of the game.
func (v View) Defeated(seat engine.Seat) bool { return v.s.P[seat].Defeated }

// CanSeeHand reports whether the viewer may see seat's hand (SR 11.1): its own; Raid Elites
// see each other's (SR 10.6); Hydra teammates with the team_hands_visible option (SR 10.4).
func (v View) CanSeeHand(seat engine.Seat) bool { return v.s.canSeeHand(v.seat, seat) }

// Team is a seat's team number from 1 in formats with teams, else 0; Role its role or "".
func (v View) Team(seat engine.Seat) int { return v.s.TeamOf(seat) }

// Role is a seat's role in Emperor and Raid ("emperor", "admiral", "boss", "elite").
func (v View) Role(seat engine.Seat) string { return v.s.RoleName(seat) }

// Format is the game's format name.
func (v View) Format() string { return v.s.FormatName() }

// CanAttack reports whether seat by may attack target's authority now.
func (v View) CanAttack(by, target engine.Seat) bool { return v.s.CanAttack(by, target) }

// CanTarget reports whether seat by may attack target or make it discard in this format,
// outposts aside (SR 4.13, 10).
func (v View) CanTarget(by, target engine.Seat) bool { return v.s.canTarget(by, target) }

// CanTargetBases reports whether seat by may attack or target target's bases in this format,
// outposts aside (SR 10).
func (v View) CanTargetBases(by, target engine.Seat) bool { return v.s.canTargetBases(by, target) }

// Protected reports whether seat is shielded by an outpost (its own, or its Hydra team's).
func (v View) Protected(seat engine.Seat) bool { return v.s.protected(seat) }

// BaseDamage is the damage a card in play carries (Raid), by play-area index.
func (v View) BaseDamage(seat engine.Seat, i int) int { return int(v.s.playArea(&v.s.P[seat])[i].Dmg) }

// Hand is the viewer's own hand; nil for any hand the viewer may not see.
func (v View) Hand(seat engine.Seat) []CardID {
	if !v.CanSeeHand(seat) {
		return nil
	}
	return v.s.hand(&v.s.P[seat])
}

// HandCount is the number of cards in a seat's hand.
func (v View) HandCount(seat engine.Seat) int { return int(v.s.P[seat].HandN) }

// DeckCount is the number of cards in a seat's deck.
func (v View) DeckCount(seat engine.Seat) int { return int(v.s.P[seat].DeckN) }

// Discard is a seat's discard pile (public, SR 2.5).
func (v View) Discard(seat engine.Seat) []CardID { return v.s.discard(&v.s.P[seat]) }

// InPlay lists the cards in a seat's play area.
func (v View) InPlay(seat engine.Seat) []CardID {
	pl := v.s.playArea(&v.s.P[seat])
	out := make([]CardID, len(pl))
	for i := range out {
		out[i] = pl[i].Card
	}
	return out
}

// PlayCount and PlayCard read a play area without allocating.
func (v View) PlayCount(seat engine.Seat) int { return int(v.s.P[seat].PlayN) }

// PlayCard is the card at index i of seat's play area.
func (v View) PlayCard(seat engine.Seat, i int) CardID { return v.s.playArea(&v.s.P[seat])[i].Card }

// HasOutpost reports whether a seat has an outpost in play.
func (v View) HasOutpost(seat engine.Seat) bool { return v.s.hasOutpost(seat) }

// TradeRow is the Trade Row (0 for an empty slot).
func (v View) TradeRow() [rowSize]CardID { return v.s.Row }

// TradeDeckCount is the number of cards left in the trade deck.
func (v View) TradeDeckCount() int { return int(v.s.TradeN) }

// Explorers is the size of the Explorer pile.
func (v View) Explorers() int { return int(v.s.Explorers) }

// Prompt describes the pending decision ("" if none).
func (v View) Prompt() string { return v.s.DecisionPrompt() }

// ActionText is the text of an action for the viewer.
func (v View) ActionText(a engine.Action) string { return v.s.ActionText(v.seat, a) }

// Rounds is the number of completed rounds.
func (v View) Rounds() int { return int(v.s.Rounds) }

// viewJSON is the encoded form of a View.
type viewJSON struct {
	Seat       int          `json:"seat"`
	Format     string       `json:"format"`
	Active     string       `json:"active"`
	ToMove     string       `json:"to_move,omitempty"`
	Over       bool         `json:"over"`
	Winners    []string     `json:"winners,omitempty"`
	Prompt     string       `json:"prompt,omitempty"`
	Players    []playerJSON `json:"players"`
	TradeRow   []string     `json:"trade_row"`
	TradeDeck  int          `json:"trade_deck_count"`
	Explorers  int          `json:"explorers"`
	ScrapHeap  []string     `json:"scrap_heap"`
	RoundsDone int          `json:"rounds_done"`
}

type playerJSON struct {
	Name      string     `json:"name"`
	Team      int        `json:"team,omitempty"`
	Role      string     `json:"role,omitempty"`
	CanAttack bool       `json:"attackable_by_viewer,omitempty"`
	Authority int        `json:"authority"`
	Trade     int        `json:"trade"`
	Combat    int        `json:"combat"`
	Defeated  bool       `json:"defeated,omitempty"`
	Hand      []string   `json:"hand,omitempty"`
	HandCount int        `json:"hand_count"`
	DeckCount int        `json:"deck_count"`
	Discard   []string   `json:"discard"`
	InPlay    []playJSON `json:"in_play"`
	// Unseen lists, sorted by name, the cards of the player's hand and deck taken together
	// that the viewer cannot see: what a careful player knows in aggregate (DESIGN.md §2).
	Unseen []string `json:"unseen,omitempty"`
}

type playJSON struct {
	Card    string `json:"card"`
	Damage  int    `json:"damage,omitempty"`
	Copy    string `json:"copy,omitempty"`
	Base    bool   `json:"base,omitempty"`
	Defense int    `json:"defense,omitempty"`
	Outpost bool   `json:"outpost,omitempty"`
}

// MarshalJSON implements engine.View.
func (v View) MarshalJSON() ([]byte, error) {
	s := v.s
	names := func(ids []CardID) []string {
		out := make([]string, 0, len(ids))
		for _, c := range ids {
			out = append(out, s.cat.Card(c).Name)
		}
		return out
	}
	j := viewJSON{Seat: int(v.seat), Format: s.FormatName(), Active: s.SeatName(s.Active), Over: s.over, Prompt: s.DecisionPrompt(),
		TradeDeck: int(s.TradeN), Explorers: int(s.Explorers), RoundsDone: int(s.Rounds)}
	if t := s.toMove(); t >= 0 {
		j.ToMove = s.SeatName(t)
	}
	for _, w := range s.Winners() {
		j.Winners = append(j.Winners, s.SeatName(w))
	}
	for _, c := range s.Row {
		if c != 0 {
			j.TradeRow = append(j.TradeRow, s.cat.Card(c).Name)
		}
	}
	for c, n := range s.ScrapHeap {
		for k := 0; k < int(n); k++ {
			j.ScrapHeap = append(j.ScrapHeap, s.cat.Card(CardID(c)).Name)
		}
	}
	for i := 0; i < int(s.NSeats); i++ {
		seat := engine.Seat(i)
		p := &s.P[i]
		pj := playerJSON{Name: s.SeatName(seat), Team: s.TeamOf(seat), Role: s.RoleName(seat), Authority: s.authority(seat), Trade: int(p.Trade), Combat: int(p.Combat),
			Defeated: p.Defeated, HandCount: int(p.HandN), DeckCount: int(p.DeckN), Discard: names(s.discard(p))}
		if v.seat >= 0 && int(v.seat) < int(s.NSeats) {
			pj.CanAttack = s.CanAttack(v.seat, seat)
		}
		if v.CanSeeHand(seat) {
			pj.Hand = names(s.hand(p))
			sort.Strings(pj.Hand)
			pj.Unseen = names(s.deck(p))
		} else {
			pj.Unseen = append(names(s.hand(p)), names(s.deck(p))...)
		}
		sort.Strings(pj.Unseen)
		for _, ip := range s.playArea(p) {
			c := s.cat.Card(ip.Card)
			pl := playJSON{Card: c.Name, Base: c.Kind == Base, Outpost: c.Outpost, Damage: int(ip.Dmg)}
			if c.Kind == Base {
				pl.Defense = c.Defense
			}
			if ip.Copy != 0 {
				pl.Copy = s.cat.Card(ip.Copy).Name
			}
			pj.InPlay = append(pj.InPlay, pl)
		}
		j.Players = append(j.Players, pj)
	}
	return json.Marshal(j)
}
