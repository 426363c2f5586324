// Package campaign is the state machine of a Rise of Empire campaign (SR 8): two players, their
// factions, the sticker sheets they have received and the rows they have used, every upgraded
// card, the victory points, the scenario reached, who goes first, and the game in progress;
// then, after scenario 12, the post-campaign completion of SR 8.10. A State is plain data that
// serialises to JSON; the content it follows is a campaigns.Campaign.
//
// The life of a campaign: New; then for each scenario Start (the setup, with the first
// player's choice, SR 8.2), Begin (the game is under way: its id is kept so that an
// interrupted game continues from its log), Record (the result, SR 8.8, 8.9); after scenario
// 12, CompletionTurn / Candidates / Complete until Finished (SR 8.10).
//
// Seeds. A game's seed orders every shuffle of the game, and a finished game's log publishes
// it (the server's /log, a saved record). So that nothing published about one game tells the
// shuffles of a later one, each game of a campaign made without a seed draws its own seed from
// crypto/rand when it starts (SeedsSecret); the seed is kept in the store with the game under
// way (the campaign's state and the game's row) and leaves it only with the finished game's
// log. A campaign made with a chosen seed (starnexus campaign new --seed, a client's seed on a
// server run with --allow-seed) derives every game's seed, the bots' setup choices and the
// terminal's bots' random sources from it (SeedsDerived): it replays exactly, and whoever
// chose the seed knows every game, as with an --allow-seed game.
package campaign

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
)

// TotalUpgrades is how many upgrades each player has once the campaign is complete (SR 8.10).
const TotalUpgrades = 20

// State is one campaign.
type State struct {
	Name     string `json:"name"`
	Campaign string `json:"campaign"` // the content's id, e.g. "frontier-accord"
	// Seed is the seed the campaign was made with when Seeds is SeedsDerived; 0 for a
	// SeedsSecret campaign. A state stored before Seeds existed has the seed its games were
	// derived from (see Seeds).
	Seed uint64 `json:"seed"`
	// Seeds says where the games' seeds come from: SeedsDerived or SeedsSecret. A state
	// stored by an earlier version has none: its games were derived from Seed, and anyone who
	// read the first finished game's log can compute Seed. Such a campaign keeps the derived
	// seeds of the games it has started (they are in its results and in the store), and every
	// game it starts from now on draws a secret seed, as in a SeedsSecret campaign: a campaign
	// that was made with a chosen seed cannot be told from one whose seed is public by now.
	Seeds   string    `json:"seeds,omitempty"`
	Players [2]Player `json:"players"`
	Next    int       `json:"next"`  // the next scenario, 1 to 12; 13 once all are played
	First   int       `json:"first"` // the seat (0 or 1) that goes first in the next scenario (SR 8.2)
	// Upgraded lists every upgraded card, in the order made (SR 8.4: permanent; SR 8.9: they
	// go back into the trade deck between games).
	Upgraded []Made   `json:"upgraded"`
	Results  []Result `json:"results"`
	Current  *Game    `json:"current,omitempty"` // the game under way
	Finished bool     `json:"finished"`
}

// Player is one side of the campaign.
type Player struct {
	Who     string          `json:"who"`  // "human" or a bot's name
	Name    string          `json:"name"` // the seat's name in games, e.g. "Empire"
	Faction string          `json:"faction"`
	Sheets  []string        `json:"sheets"` // received so far, in order
	Used    []realms.RowRef `json:"used"`   // sticker rows used up (one sticker per row, ever: SR 8.5)
	Points  int             `json:"points"` // victory points (SR 8.8)
	Wins    int             `json:"wins"`   // scenarios won
	// TokenHash is the hash (store.HashToken) of a human seat's token when the campaign is
	// played through the server: the seat's key to the campaign and to each of its games.
	TokenHash []byte `json:"token_hash,omitempty"`
}

// Made is one upgrade and the seat that made it.
type Made struct {
	Seat int `json:"seat"`
	realms.Upgrade
	Scenario int `json:"scenario"` // 0: made in the post-campaign completion (SR 8.10)
}

// Where a campaign's game seeds come from (State.Seeds).
const (
	SeedsDerived = "derived" // from the campaign's chosen seed: reproducible
	SeedsSecret  = "secret"  // each game's own, from crypto/rand, drawn when it starts
)

// Result is the outcome of one scenario.
type Result struct {
	Scenario int    `json:"scenario"`
	Game     string `json:"game"`
	// Seed is the game's seed, public now that the game is over; nil in a result stored by
	// an earlier version, whose game's seed was derived from the campaign's (State.gameSeed).
	Seed   *uint64 `json:"seed,omitempty"`
	First  int     `json:"first"`
	Choice string  `json:"choice,omitempty"`
	Winner int     `json:"winner"` // the seat that took the Victory Point card; -1: a draw
	// Political: the winner won by political victory (SR 8.7), the loser still had authority.
	Political bool `json:"political,omitempty"`
	Points    int  `json:"points"`
	Upgrades  int  `json:"upgrades"`
}

// Game is a campaign game: its setup and, once begun, its id in the store.
type Game struct {
	ID       string `json:"id"`
	Scenario int    `json:"scenario"`
	Seed     uint64 `json:"seed"`
	First    int    `json:"first"`
	Choice   int    `json:"choice"` // an index into the scenario's options; -1 without a choice
}

// New starts a campaign: who[i] plays seat i ("human" or a bot name). Seat 1, the Empire in
// our content, goes first in scenario 1 (SR 8.2). With a seed the campaign is reproducible
// (SeedsDerived); with nil each game draws its own secret seed (SeedsSecret).
func New(c *campaigns.Campaign, name string, who [2]string, seed *uint64) (*State, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, errors.New("a campaign needs a name")
	}
	s := &State{Name: name, Campaign: c.ID, Seeds: SeedsSecret, Next: 1, First: 0, Upgraded: []Made{}, Results: []Result{}}
	if seed != nil {
		s.Seed, s.Seeds = *seed, SeedsDerived
	}
	for i := range 2 {
		if strings.TrimSpace(who[i]) == "" {
			return nil, fmt.Errorf("seat %d: nobody plays it", i+1)
		}
		s.Players[i] = Player{Who: strings.TrimSpace(who[i]), Name: playerName(c.Seats[i].Name), Faction: c.Seats[i].Faction.Names()[0], Sheets: []string{}, Used: []realms.RowRef{}}
	}
	return s, nil
}

// playerName makes a seat's name usable as a player name (no spaces, ':' or ',').
func playerName(n string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == ':' || r == ',' {
			return -1
		}
		return r
	}, n)
}

// check refuses a state that does not belong to c.
func (s *State) check(c *campaigns.Campaign) error {
	if s.Campaign != c.ID {
		return fmt.Errorf("campaign %s follows content %q, not %q", s.Name, s.Campaign, c.ID)
	}
	return nil
}

// Phase says where the campaign is: "scenario" (the next scenario can start), "playing" (a
// game is under way), "completion" (SR 8.10) or "finished".
func (s *State) Phase() string {
	switch {
	case s.Finished:
		return "finished"
	case s.Current != nil:
		return "playing"
	case s.Next > campaigns.Scenarios:
		return "completion"
	}
	return "scenario"
}

// Scenario returns the content of scenario n.
func Scenario(c *campaigns.Campaign, n int) (*campaigns.Scenario, error) {
	if n < 1 || n > len(c.Scenarios) {
		return nil, fmt.Errorf("no scenario %d (1 to %d)", n, len(c.Scenarios))
	}
	return &c.Scenarios[n-1], nil
}

// Start prepares the next scenario's game with the first player's choice (an index into the
// scenario's options; ignored when it has none). The state does not change until Begin.
func (s *State) Start(c *campaigns.Campaign, choice int) (Game, error) {
	if err := s.check(c); err != nil {
		return Game{}, err
	}
	if p := s.Phase(); p != "scenario" {
		return Game{}, fmt.Errorf("campaign %s: no scenario to start (%s)", s.Name, p)
	}
	sc, err := Scenario(c, s.Next)
	if err != nil {
		return Game{}, err
	}
	g := Game{Scenario: s.Next, Seed: s.gameSeed(s.Next), First: s.First, Choice: -1}
	if !s.Reproducible() {
		g.Seed = secretSeed()
	}
	if opts := sc.Options(); len(opts) > 0 {
		if choice < 0 || choice >= len(opts) {
			return Game{}, fmt.Errorf("scenario %d: choice %d: choose 1 to %d", s.Next, choice+1, len(opts))
		}
		g.Choice = choice
	}
	return g, nil
}

// Reproducible says whether the campaign's games derive from its seed (SeedsDerived).
func (s *State) Reproducible() bool { return s.Seeds == SeedsDerived }

// gameSeed is the seed of the game of scenario n derived from the campaign's seed: every
// game's in a SeedsDerived campaign, and the games an earlier version started.
func (s *State) gameSeed(n int) uint64 { return s.Seed ^ uint64(n)*0x9E3779B97F4A7C15 }

// secretSeed draws a seed from crypto/rand, whose Read never fails (it ends the program
// rather than return weak bytes).
func secretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// BotChoice is the setup choice a bot makes in the next scenario: one of the options, at
// random (a simple policy): drawn from the campaign's seed when it is reproducible, from
// crypto/rand otherwise, so that the choice tells nothing of any seed.
func (s *State) BotChoice(c *campaigns.Campaign) int {
	sc, err := Scenario(c, s.Next)
	if err != nil || len(sc.Options()) == 0 {
		return -1
	}
	seed := s.Seed + uint64(s.Next)*7919
	if !s.Reproducible() {
		seed = secretSeed()
	}
	r := engine.NewRNG(seed)
	return r.Intn(len(sc.Options()))
}

// Begin records that game g (from Start, with its store id) is under way, and gives each
// player the scenario's sheet (SR 8.5).
func (s *State) Begin(c *campaigns.Campaign, g Game) error {
	if err := s.check(c); err != nil {
		return err
	}
	if s.Phase() != "scenario" || g.Scenario != s.Next {
		return fmt.Errorf("campaign %s: game of scenario %d does not follow (phase %s, next scenario %d)", s.Name, g.Scenario, s.Phase(), s.Next)
	}
	if g.ID == "" {
		return errors.New("a campaign game needs its store id")
	}
	sc, err := Scenario(c, g.Scenario)
	if err != nil {
		return err
	}
	for i := range 2 {
		if n := sc.Sheets[i]; n != "" && !slices.Contains(s.Players[i].Sheets, n) {
			s.Players[i].Sheets = append(s.Players[i].Sheets, n)
		}
	}
	s.Current = &g
	return nil
}

// ChoiceName is the name of the option chosen in g ("" without a choice).
func ChoiceName(c *campaigns.Campaign, g Game) string {
	sc, err := Scenario(c, g.Scenario)
	if err != nil || g.Choice < 0 || g.Choice >= len(sc.Options()) {
		return ""
	}
	return sc.Options()[g.Choice].Name
}

// Setup is everything realms.NewGame needs for a campaign game.
type Setup struct {
	Catalog *realms.Catalog
	Options realms.Options
	Seed    uint64
}

// GameSetup builds the game g of this campaign (begun or about to be): the catalog with the
// cards unlocked so far, the sheets received, the rows used, the upgraded cards in the trade
// deck, the political victory, who goes first and the scenario's rule changes. It is the same
// every time for the same state, so that an interrupted game replays from its log.
func (s *State) GameSetup(c *campaigns.Campaign, g Game) (*Setup, error) {
	if err := s.check(c); err != nil {
		return nil, err
	}
	sc, err := Scenario(c, g.Scenario)
	if err != nil {
		return nil, err
	}
	cat, err := c.GameCatalog(g.Scenario)
	if err != nil {
		return nil, err
	}
	hooks, err := sc.Hooks(g.First, g.Choice)
	if err != nil {
		return nil, fmt.Errorf("scenario %d: %w", g.Scenario, err)
	}
	camp := &realms.Campaign{Political: sc.Political}
	for _, u := range s.Upgraded {
		camp.Upgraded = append(camp.Upgraded, u.Upgrade)
	}
	opts := realms.Options{Format: "standard", Sets: c.GameSets(), Campaign: camp}
	if err := sc.GameOptions(&opts); err != nil {
		return nil, err
	}
	opts.FirstPlayer = g.First + 1
	for i := range 2 {
		p := &s.Players[i]
		opts.Names = append(opts.Names, p.Name)
		cs := hooks[i]
		cs.Faction = c.Seats[i].Faction
		cs.Used = slices.Clone(p.Used)
		cs.Current = sc.Sheets[i]
		sheets := slices.Clone(p.Sheets)
		if n := sc.Sheets[i]; n != "" && !slices.Contains(sheets, n) {
			sheets = append(sheets, n)
		}
		for _, n := range sheets {
			sh, ok := c.Sheet(n)
			if !ok {
				return nil, fmt.Errorf("%s's sheet %q is not in campaign %s", p.Name, n, c.ID)
			}
			cs.Sheets = append(cs.Sheets, sh.StickerSheet)
		}
		cs.StartingDeck = c.Seats[i].PersonalDeck
		camp.Seats = append(camp.Seats, cs)
	}
	return &Setup{Catalog: cat, Options: opts, Seed: g.Seed}, nil
}

// NewGame sets up the game g of this campaign.
func (s *State) NewGame(c *campaigns.Campaign, g Game) (*realms.State, error) {
	su, err := s.GameSetup(c, g)
	if err != nil {
		return nil, err
	}
	st, err := realms.NewGame(su.Catalog, su.Options, su.Seed)
	if err != nil {
		return nil, fmt.Errorf("scenario %d: %w", g.Scenario, err)
	}
	return st, nil
}

// Record ends the game under way: winner is the seat that won (-1: a draw, nobody takes the
// Victory Point card) and made the upgrades made during it (State.UpgradesMade). The winner
// takes the scenario's points (SR 8.8) and goes first next (SR 8.2; after a draw, the seat
// that went second goes first). Between games the personal decks reset and every other card,
// upgraded ones included, goes back to the trade deck (SR 8.9): nothing to keep but the
// upgrades and the rows used.
func (s *State) Record(c *campaigns.Campaign, gameID string, winner int, made []realms.SeatUpgrade) error {
	if err := s.check(c); err != nil {
		return err
	}
	g := s.Current
	if g == nil || g.ID != gameID {
		return fmt.Errorf("campaign %s: game %s is not the game under way", s.Name, gameID)
	}
	if winner < -1 || winner > 1 {
		return fmt.Errorf("winner %d: a seat 0 or 1, or -1 for a draw", winner)
	}
	sc, err := Scenario(c, g.Scenario)
	if err != nil {
		return err
	}
	for _, u := range made {
		seat := int(u.Seat)
		if seat < 0 || seat > 1 {
			return fmt.Errorf("upgrade of %s by seat %d", u.Card, seat)
		}
		ref := realms.RowRef{Sheet: u.Sheet, Row: u.Upgrade.Row}
		if s.rowUsed(seat, ref) {
			return fmt.Errorf("upgrade of %s: row %s/%d of %s was used already (SR 8.5)", u.Card, ref.Sheet, ref.Row, s.Players[seat].Name)
		}
		s.Players[seat].Used = append(s.Players[seat].Used, ref)
		s.Upgraded = append(s.Upgraded, Made{Seat: seat, Upgrade: u.Upgrade, Scenario: g.Scenario})
	}
	seed := g.Seed
	res := Result{Scenario: g.Scenario, Game: g.ID, Seed: &seed, First: g.First, Choice: ChoiceName(c, *g), Winner: winner, Upgrades: len(made)}
	if winner >= 0 {
		res.Points = sc.VictoryPoints
		s.Players[winner].Points += sc.VictoryPoints
		s.Players[winner].Wins++
		s.First = winner
	} else {
		s.First = 1 - g.First
	}
	s.Results = append(s.Results, res)
	s.Current = nil
	s.Next++
	return nil
}

func (s *State) rowUsed(seat int, ref realms.RowRef) bool {
	for _, u := range s.Players[seat].Used {
		if strings.EqualFold(u.Sheet, ref.Sheet) && u.Row == ref.Row {
			return true
		}
	}
	return false
}

// Upgrades counts the upgrades seat has made.
func (s *State) Upgrades(seat int) int {
	n := 0
	for _, u := range s.Upgraded {
		if u.Seat == seat {
			n++
		}
	}
	return n
}

// Winner is the campaign's winner by victory points (SR 8.8) once scenario 12 is played:
// ties go to the player who won more scenarios, then to the winner of scenario 12. -1: not
// decided yet, or still tied (a shared victory, when scenario 12 was a draw).
func (s *State) Winner() int {
	if s.Next <= campaigns.Scenarios {
		return -1
	}
	a, b := s.Players[0], s.Players[1]
	switch {
	case a.Points != b.Points:
		return boolSeat(b.Points > a.Points)
	case a.Wins != b.Wins:
		return boolSeat(b.Wins > a.Wins)
	}
	for _, r := range s.Results {
		if r.Scenario == campaigns.Scenarios {
			return r.Winner
		}
	}
	return -1
}

func boolSeat(second bool) int {
	if second {
		return 1
	}
	return 0
}

// completionCampaign is the engine's view of seat's side after the campaign, for
// realms.Catalog.CheckUpgrade.
func (s *State) completionCampaign(c *campaigns.Campaign, seat int) (*realms.Campaign, error) {
	camp := &realms.Campaign{Seats: make([]realms.CampaignSeat, 2)}
	for i := range 2 {
		cs := &camp.Seats[i]
		cs.Faction, cs.Used = c.Seats[i].Faction, s.Players[i].Used
		for _, n := range s.Players[i].Sheets {
			sh, ok := c.Sheet(n)
			if !ok {
				return nil, fmt.Errorf("sheet %q is not in campaign %s", n, c.ID)
			}
			cs.Sheets = append(cs.Sheets, sh.StickerSheet)
		}
	}
	for _, u := range s.Upgraded {
		camp.Upgraded = append(camp.Upgraded, u.Upgrade)
	}
	return camp, nil
}

// lastDeck is the campaign's last trade deck, the one the completion upgrades: its catalog
// and the names of its trade-deck cards, built on first use (the catalog is parsed from the
// content's card file) and kept for the rest of one completion step, which checks it often.
type lastDeck struct {
	c     *campaigns.Campaign
	cat   *realms.Catalog
	names []string
}

func (d *lastDeck) load() error {
	if d.cat != nil {
		return nil
	}
	cat, err := d.c.GameCatalog(campaigns.Scenarios)
	if err != nil {
		return err
	}
	for i := 1; i <= len(cat.Cards); i++ {
		card := cat.Card(realms.CardID(i))
		if card.Deck == realms.TradeDeck && slices.Contains(d.c.GameSets(), card.Set) {
			d.names = append(d.names, card.Name)
		}
	}
	d.cat = cat
	return nil
}

// plainCopies counts the copies of each trade-deck card of the campaign's last trade deck
// that are not upgraded.
func (s *State) plainCopies(d *lastDeck) (map[string]int, error) {
	if err := d.load(); err != nil {
		return nil, err
	}
	plain := map[string]int{}
	for _, n := range d.names {
		id, _ := d.cat.Lookup(n)
		plain[n] = d.cat.Card(id).Quantity
	}
	for _, u := range s.Upgraded {
		plain[u.Card]--
	}
	return plain, nil
}

// Candidates lists the upgrades seat may make in the post-campaign completion (SR 8.10): an
// unused row of one of its sheets on a plain copy of a trade-deck card whose printed cost the
// row serves and whose kind has a sticker in the row (realms.Catalog.CheckUpgrade).
func (s *State) Candidates(c *campaigns.Campaign, seat int) ([]realms.Upgrade, error) {
	return s.candidates(&lastDeck{c: c}, seat, false)
}

// candidates is Candidates; with one it stops at the first candidate (CompletionTurn only
// asks whether there is one, and checking every card on every row is the completion's cost).
func (s *State) candidates(d *lastDeck, seat int, one bool) ([]realms.Upgrade, error) {
	plain, err := s.plainCopies(d)
	if err != nil {
		return nil, err
	}
	camp, err := s.completionCampaign(d.c, seat)
	if err != nil {
		return nil, err
	}
	var out []realms.Upgrade
	for _, sh := range camp.Seats[seat].Sheets {
		for k := range sh.Rows {
			ref := realms.RowRef{Sheet: sh.Name, Row: k + 1}
			for _, n := range d.names {
				if plain[n] > 0 && d.cat.CheckUpgrade(camp, seat, n, ref) == nil {
					out = append(out, realms.Upgrade{Card: n, Sheet: sh.Name, Row: k + 1, Faction: d.c.Seats[seat].Faction})
					if one {
						return out, nil
					}
				}
			}
		}
	}
	return out, nil
}

// CompletionTurn is the seat whose turn it is to complete an upgrade (SR 8.10): the players
// alternate, starting with the winner of the last scenario's Victory Point card (the seat
// that would go first); a player who has 20 upgrades, or no candidate left, is done. ok is
// false once both are done.
func (s *State) CompletionTurn(c *campaigns.Campaign) (seat int, ok bool, err error) {
	return s.completionTurn(&lastDeck{c: c})
}

func (s *State) completionTurn(d *lastDeck) (seat int, ok bool, err error) {
	if s.Phase() != "completion" {
		return 0, false, nil
	}
	var need [2]bool
	for i := range 2 {
		if s.Upgrades(i) >= TotalUpgrades {
			continue
		}
		cands, err := s.candidates(d, i, true)
		if err != nil {
			return 0, false, err
		}
		need[i] = len(cands) > 0
	}
	made := 0
	for _, u := range s.Upgraded {
		if u.Scenario == 0 {
			made++
		}
	}
	turn := (s.First + made) % 2
	switch {
	case need[turn]:
		return turn, true, nil
	case need[1-turn]:
		return 1 - turn, true, nil
	}
	return 0, false, nil
}

// Complete makes one post-campaign upgrade for seat (SR 8.10), then finishes the campaign
// when nobody has any left to make.
func (s *State) Complete(c *campaigns.Campaign, seat int, u realms.Upgrade) error {
	return s.complete(&lastDeck{c: c}, seat, u)
}

func (s *State) complete(d *lastDeck, seat int, u realms.Upgrade) error {
	c := d.c
	turn, ok, err := s.completionTurn(d)
	if err != nil {
		return err
	}
	if !ok || turn != seat {
		return fmt.Errorf("campaign %s: it is not %s's turn to complete an upgrade", s.Name, s.Players[seat].Name)
	}
	plain, err := s.plainCopies(d)
	if err != nil {
		return err
	}
	cat := d.cat
	camp, err := s.completionCampaign(c, seat)
	if err != nil {
		return err
	}
	ref := realms.RowRef{Sheet: strings.TrimSpace(u.Sheet), Row: u.Row}
	if err := cat.CheckUpgrade(camp, seat, u.Card, ref); err != nil {
		return fmt.Errorf("%s: %w", s.Players[seat].Name, err)
	}
	id, _ := cat.Lookup(u.Card)
	card := cat.Card(id).Name
	if plain[card] <= 0 {
		return fmt.Errorf("%s: no plain copy of %s is left in the trade deck to upgrade", s.Players[seat].Name, card)
	}
	for _, sh := range camp.Seats[seat].Sheets {
		if strings.EqualFold(sh.Name, ref.Sheet) {
			ref.Sheet = sh.Name
		}
	}
	u = realms.Upgrade{Card: card, Sheet: ref.Sheet, Row: ref.Row, Faction: c.Seats[seat].Faction}
	s.Players[seat].Used = append(s.Players[seat].Used, realms.RowRef{Sheet: u.Sheet, Row: u.Row})
	s.Upgraded = append(s.Upgraded, Made{Seat: seat, Upgrade: u})
	return s.settle(d)
}

// settle finishes the campaign when the completion has nothing left to do.
func (s *State) settle(d *lastDeck) error {
	if s.Phase() != "completion" {
		return nil
	}
	_, ok, err := s.completionTurn(d)
	if err != nil {
		return err
	}
	if !ok {
		s.Finished = true
	}
	return nil
}

// Settle finishes a campaign whose completion has nothing to do (call after the last Record).
func (s *State) Settle(c *campaigns.Campaign) error { return s.settle(&lastDeck{c: c}) }

// IsHuman says whether p is a human's seat rather than a bot's.
func IsHuman(p Player) bool { return strings.EqualFold(p.Who, "human") }

// BotCompletions makes the post-campaign upgrades (SR 8.10) of the bot seats, by
// BotCompletion, for as long as it is a bot's turn, and finishes the campaign when nobody has
// any upgrade left to make; it returns how many it made. Outside the completion it does
// nothing. Run calls it whenever the completion may have reached a bot's turn (the last
// game recorded, a human's upgrade made), so that a stored campaign never waits for a bot.
func (s *State) BotCompletions(c *campaigns.Campaign) (int, error) {
	d := &lastDeck{c: c}
	if err := s.settle(d); err != nil {
		return 0, err
	}
	made := 0
	for s.Phase() == "completion" {
		seat, ok, err := s.completionTurn(d)
		if err != nil {
			return made, err
		}
		if !ok || IsHuman(s.Players[seat]) {
			break
		}
		cands, err := s.candidates(d, seat, false)
		if err != nil {
			return made, err
		}
		// Each upgrade uses a row for good, so the loop ends: at most TotalUpgrades a seat.
		if err := s.complete(d, seat, BotCompletion(cands, d.cat)); err != nil {
			return made, fmt.Errorf("bot %s's completion: %w", s.Players[seat].Who, err)
		}
		made++
	}
	return made, nil
}

// BotCompletion is a bot's post-campaign upgrade: the most expensive card, then the first
// by name, on the first free row (a simple policy).
func BotCompletion(cands []realms.Upgrade, cat *realms.Catalog) realms.Upgrade {
	best := cands[0]
	cost := func(n string) int {
		id, err := cat.Lookup(n)
		if err != nil {
			return -1
		}
		return cat.Card(id).Cost
	}
	for _, u := range cands[1:] {
		if cost(u.Card) > cost(best.Card) {
			best = u
		}
	}
	return best
}
