package campaign

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"starnexus/bots"
	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
	"starnexus/games/realms/realmsgame"
	"starnexus/store"
)

// DB is a database that keeps games and campaigns: store/sqlite and store/postgres.
type DB interface {
	store.Store
	store.Campaigns
}

// Run is a stored campaign: its record, its state and its content. Every change goes to the
// database in one transaction with the game it starts or ends, so that a process killed at
// any moment leaves a consistent campaign; the game under way is its store log.
type Run struct {
	DB      DB
	Rec     *store.Campaign
	State   *State
	Content *campaigns.Campaign
}

// Create starts and stores a new campaign of content c: reproducible from seed, or with
// secret game seeds when seed is nil (see New).
func Create(ctx context.Context, db DB, c *campaigns.Campaign, name string, who [2]string, seed *uint64) (*Run, error) {
	return CreateWith(ctx, db, c, name, who, seed, nil)
}

// CreateWith is Create where prep, if not nil, completes the new state before it is stored
// (the server gives the human seats their token hashes).
func CreateWith(ctx context.Context, db DB, c *campaigns.Campaign, name string, who [2]string, seed *uint64, prep func(*State)) (*Run, error) {
	for i, w := range who {
		if !strings.EqualFold(w, "human") {
			if _, err := newBot(w); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	st, err := New(c, name, who, seed)
	if err != nil {
		return nil, err
	}
	if prep != nil {
		prep(st)
	}
	data, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	rec := &store.Campaign{Name: st.Name, State: data}
	if err := db.CreateCampaign(ctx, rec); err != nil {
		if errors.Is(err, store.ErrExists) {
			return nil, &storeError{fmt.Sprintf("a campaign named %q exists already (see starnexus campaign list)", st.Name), err}
		}
		return nil, err
	}
	return &Run{DB: db, Rec: rec, State: st, Content: c}, nil
}

// Open loads the stored campaign called name.
func Open(ctx context.Context, db DB, name string) (*Run, error) {
	rec, err := db.LoadCampaign(ctx, name)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, &storeError{fmt.Sprintf("no campaign %q in this database (starnexus campaign list)", name), err}
		}
		return nil, err
	}
	return FromRecord(rec, db)
}

// FromRecord reads a stored campaign's state and loads its content.
func FromRecord(rec *store.Campaign, db DB) (*Run, error) {
	return Contents{}.FromRecord(rec, db)
}

// Contents holds campaign contents by id, each loaded once: a list of campaigns loads the
// card data and the content of each content it meets once, not once per campaign (a load
// parses the card files and the campaign's YAML). The zero value is not usable: make one
// with Contents{} (a map) for one list.
type Contents map[string]*campaigns.Campaign

// Load returns the content id, loading it the first time.
func (cs Contents) Load(id string) (*campaigns.Campaign, error) {
	if c, ok := cs[id]; ok {
		return c, nil
	}
	c, err := campaigns.Load(id)
	if err != nil {
		return nil, err
	}
	cs[id] = c
	return c, nil
}

// FromRecord reads a stored campaign's state, with its content from cs.
func (cs Contents) FromRecord(rec *store.Campaign, db DB) (*Run, error) {
	var st State
	if err := json.Unmarshal(rec.State, &st); err != nil {
		return nil, fmt.Errorf("campaign %s: its stored state: %w", rec.Name, err)
	}
	c, err := cs.Load(st.Campaign)
	if err != nil {
		return nil, fmt.Errorf("campaign %s: %w", rec.Name, err)
	}
	return &Run{DB: db, Rec: rec, State: &st, Content: c}, nil
}

// save writes the state, with w, in one transaction.
func (r *Run) save(ctx context.Context, w store.CampaignSave) error {
	data, err := json.Marshal(r.State)
	if err != nil {
		return err
	}
	r.Rec.State = data
	r.Rec.Game = ""
	if r.State.Current != nil {
		r.Rec.Game = r.State.Current.ID
	}
	return r.DB.SaveCampaign(ctx, r.Rec, w)
}

// Live is the campaign game under way: its State, replayed from the store's log, and the bots
// of its bot seats. A game continued after an interruption replays its log: the bots are not
// asked again for the decisions already logged (the strong bots think for hundreds of
// milliseconds each). A bot's random source for a decision (BotRNG) is drawn from the game's
// seed, the seat and the log's length in a reproducible campaign, so that the continued game
// is the game the uninterrupted run would have played; otherwise from crypto/rand, so that
// nothing about the bots' randomness can be computed from any seed, even the game's own once
// its log publishes it.
type Live struct {
	Game    Game
	St      *realms.State
	Actions []store.Action // the game's log
	Bots    []engine.Bot   // nil for a human seat
	Rngs    []engine.RNG
	derived bool // the campaign is reproducible (State.Reproducible)
}

// StartGame sets up the next scenario with the first player's choice (see State.Start) and
// stores its game and the campaign together.
func (r *Run) StartGame(ctx context.Context, choice int) (*Live, error) {
	return r.StartGameWith(ctx, choice, nil)
}

// StartGameWith is StartGame where prep, if not nil, completes the store game before it is
// saved (the server gives the human seats their token hashes).
func (r *Run) StartGameWith(ctx context.Context, choice int, prep func(*store.Game)) (*Live, error) {
	st := r.State
	g, err := st.Start(r.Content, choice)
	if err != nil {
		return nil, err
	}
	var b [4]byte
	rand.Read(b[:])
	g.ID = fmt.Sprintf("campaign-%s-%02d-%s", strings.Map(idRune, st.Name), g.Scenario, hex.EncodeToString(b[:]))
	su, err := st.GameSetup(r.Content, g)
	if err != nil {
		return nil, err
	}
	if _, err := realms.NewGame(su.Catalog, su.Options, su.Seed); err != nil {
		return nil, fmt.Errorf("scenario %d: %w", g.Scenario, err)
	}
	sg := &store.Game{ID: g.ID, Game: "realms", Format: su.Options.Format, Sets: su.Options.Sets, Seed: su.Seed,
		Options: map[string]string{"campaign": st.Name, "scenario": strconv.Itoa(g.Scenario), "first_player": strconv.Itoa(g.First + 1)}}
	for i, p := range st.Players {
		seat := store.Seat{Name: su.Options.Names[i], Kind: store.Human}
		if !strings.EqualFold(p.Who, "human") {
			seat.Kind, seat.Bot = store.Bot, p.Who
		}
		sg.Seats = append(sg.Seats, seat)
	}
	if prep != nil {
		prep(sg)
	}
	prev := cloneState(st)
	if err := st.Begin(r.Content, g); err != nil {
		return nil, err
	}
	if err := r.save(ctx, store.CampaignSave{NewGame: sg}); err != nil {
		r.State = prev
		return nil, err
	}
	return r.live(ctx, true)
}

func idRune(r rune) rune {
	if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
		return r
	}
	return '_'
}

// Live rebuilds the game under way from the campaign state and replays its store log. It
// refuses a game that the server plays (DriverOption).
func (r *Run) Live(ctx context.Context) (*Live, error) { return r.live(ctx, false) }

func (r *Run) live(ctx context.Context, anyDriver bool) (*Live, error) {
	g := r.State.Current
	if g == nil {
		return nil, fmt.Errorf("campaign %s has no game under way", r.State.Name)
	}
	st, err := r.State.NewGame(r.Content, *g)
	if err != nil {
		return nil, err
	}
	m, acts, err := r.DB.LoadGame(ctx, g.ID)
	if err != nil {
		return nil, fmt.Errorf("campaign %s: its game %s: %w", r.State.Name, g.ID, err)
	}
	if m.Options[DriverOption] == DriverServer && !anyDriver {
		return nil, fmt.Errorf("campaign %s: its game %s was started on the server, which plays its bots and records it: continue it in the browser (starnexus serve)", r.State.Name, g.ID)
	}
	l := &Live{Game: *g, St: st, Actions: acts, Bots: make([]engine.Bot, 2), Rngs: make([]engine.RNG, 2), derived: r.State.Reproducible()}
	for i, p := range r.State.Players {
		if !strings.EqualFold(p.Who, "human") {
			if l.Bots[i], err = newBot(p.Who); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	for k, a := range acts {
		seat := engine.Seat(a.Seat)
		if st.Over() {
			return nil, fmt.Errorf("game %s: action %d (%q) comes after the end of the game", g.ID, k, a.Text)
		}
		act, err := st.ParseAction(seat, a.Text)
		if err == nil {
			err = st.Apply(seat, act)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: action %d (%s: %q): %w", g.ID, k, st.SeatName(seat), a.Text, err)
		}
	}
	return l, nil
}

// BotRNG sets seat's random source for its decision at the current point of the log and
// returns it (see Live).
func (l *Live) BotRNG(seat engine.Seat) *engine.RNG {
	seed := secretSeed()
	if l.derived {
		seed = l.Game.Seed ^ uint64(len(l.Actions))*0x9E3779B97F4A7C15 + uint64(seat) + 1
	}
	l.Rngs[seat] = engine.NewRNG(seed)
	return &l.Rngs[seat]
}

// Log stores an action already applied to l.St (its text as ActionText gave it).
func (r *Run) Log(ctx context.Context, l *Live, seat engine.Seat, text string) error {
	a := store.Action{Seq: len(l.Actions), Seat: int(seat), Text: text}
	if err := r.DB.Append(ctx, l.Game.ID, a); err != nil {
		return err
	}
	l.Actions = append(l.Actions, a)
	return nil
}

// BotMove lets the bot of the seat to move act once, and stores the action.
func (r *Run) BotMove(ctx context.Context, l *Live) error {
	var buf [realms.MaxSeats]engine.Seat
	seat := l.St.ToMove(buf[:0])[0]
	b := l.Bots[seat]
	if b == nil {
		return fmt.Errorf("%s is a human seat", l.St.SeatName(seat))
	}
	a := b.Choose(engine.ObserveFor(l.St, seat, b, nil), l.St.Legal(seat, nil), l.BotRNG(seat))
	text := l.St.ActionText(seat, a)
	if err := l.St.Apply(seat, a); err != nil {
		return fmt.Errorf("bot %s for %s: %w", b.Name(), l.St.SeatName(seat), err)
	}
	return r.Log(ctx, l, seat, text)
}

// Finish records the result of the game of l, which is over, and marks the game finished,
// in one transaction. After the last scenario the same transaction holds the bots'
// post-campaign upgrades up to a human's turn (State.BotCompletions), or the campaign's end.
func (r *Run) Finish(ctx context.Context, l *Live) (Result, error) {
	if !l.St.Over() {
		return Result{}, fmt.Errorf("game %s is not over", l.Game.ID)
	}
	winner := -1
	var seats []int
	for _, w := range l.St.Winners() {
		seats = append(seats, int(w))
	}
	if len(seats) == 1 {
		winner = seats[0]
	}
	prev := cloneState(r.State)
	if err := r.State.Record(r.Content, l.Game.ID, winner, l.St.UpgradesMade()); err != nil {
		return Result{}, err
	}
	// In a two-player game only a political victory ends with the loser's authority above 0.
	if winner >= 0 && l.St.RealmsView(engine.Spectator).Authority(engine.Seat(1-winner)) > 0 {
		r.State.Results[len(r.State.Results)-1].Political = true
	}
	if _, err := r.State.BotCompletions(r.Content); err != nil {
		r.State = prev
		return Result{}, err
	}
	if err := r.save(ctx, store.CampaignSave{FinishGame: l.Game.ID, Winners: seats}); err != nil {
		r.State = prev
		return Result{}, err
	}
	return r.State.Results[len(r.State.Results)-1], nil
}

// Complete makes one post-campaign upgrade (SR 8.10) and, in the same save, the bots' upgrades
// that follow it up to a human's turn or the campaign's end.
func (r *Run) Complete(ctx context.Context, seat int, u realms.Upgrade) error {
	prev := cloneState(r.State)
	if err := r.State.Complete(r.Content, seat, u); err != nil {
		r.State = prev
		return err
	}
	if _, err := r.State.BotCompletions(r.Content); err != nil {
		r.State = prev
		return err
	}
	if err := r.save(ctx, store.CampaignSave{}); err != nil {
		r.State = prev
		return err
	}
	return nil
}

// Settle brings a campaign in its completion up to date and stores it if that changed it:
// it finishes a completion that has nothing left to do and makes the bots' pending upgrades.
// Finish and Complete leave nothing pending; a campaign stored by an earlier version, which
// made the bots' upgrades apart from the last game's result, may have some.
func (r *Run) Settle(ctx context.Context) error {
	if r.State.Phase() != "completion" {
		return nil
	}
	prev := cloneState(r.State)
	made, err := r.State.BotCompletions(r.Content)
	if err != nil {
		r.State = prev
		return err
	}
	if made == 0 && !r.State.Finished {
		return nil
	}
	if err := r.save(ctx, store.CampaignSave{}); err != nil {
		r.State = prev
		return err
	}
	return nil
}

func cloneState(s *State) *State {
	data, _ := json.Marshal(s)
	var out State
	json.Unmarshal(data, &out)
	return &out
}

// newBot makes a Star Realms bot by name. The bots do not read the card catalog, so the game
// they are made for needs none.
func newBot(name string) (engine.Bot, error) { return bots.New(realmsgame.WithCatalog(nil), name) }

// storeError says what a store's error means for a campaign in the store's words
// (store.ErrExists, store.ErrNotFound stay reachable by errors.Is, so that an edge may say it
// in the player's language).
type storeError struct {
	text string
	err  error
}

func (e *storeError) Error() string { return e.text }
func (e *storeError) Unwrap() error { return e.err }

// NameTaken reports whether err is Create's refusal of a name another campaign has.
func NameTaken(err error) bool { return isStoreError(err, store.ErrExists) }

// Unknown reports whether err is Open's answer for a name no campaign has.
func Unknown(err error) bool { return isStoreError(err, store.ErrNotFound) }

func isStoreError(err, target error) bool {
	var se *storeError
	return errors.As(err, &se) && errors.Is(se.err, target)
}
