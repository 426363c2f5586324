package realms

import (
	"regexp"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/i18ntest"
)

// notation matches what the ability language and the action texts write and a player should
// never read: "trade 1", "authority 2", "hand/discard", "cost<=3", "choose 1", "(may skip)".
var notation = regexp.MustCompile(`(?i)\b(trade|combat|authority) \d|hand/discard|<=|\bchoose \d|\(may skip\)|\bdone to stop\b|\bper card\b`)

// promptProblem says what is wrong with a rendered prompt, or "".
func promptProblem(text string) string { return i18ntest.Problem(text, notation) }

// asking opens the decision that the effect e of card's slot would open for seat 0, as exec
// does, on a copy of s; false when e opens none.
func asking(s *State, card CardID, slot Slot, e *Effect) (*State, bool) {
	c := s.Clone().(*State)
	c.frame = frame{Active: true, Seat: 0, Card: card, Slot: slot}
	switch e.Op {
	case OpDraw:
		if !e.May {
			return nil, false
		}
		c.dec = decision{Kind: decOption, Seat: 0, Op: e.Op, NOpt: 1, Left: 1, May: true, eff: e}
	case OpDrawDiscard:
		if e.May {
			c.dec = decision{Kind: decOption, Seat: 0, Op: e.Op, NOpt: 1, Left: 1, May: true, eff: e}
		} else {
			c.dec = decision{Kind: decCards, Seat: 0, Op: OpDiscard, Left: uint16(e.Discard), Must: uint16(e.Discard), Zones: ZoneHand, eff: e}
		}
	case OpOpponentDiscards:
		c.dec = decision{Kind: decPlayer, Seat: 0, Op: e.Op, Left: 1, Must: 1, N: uint8(e.N), eff: e}
	case OpScrap, OpScrapRow, OpDiscard, OpDestroyBase, OpAcquireFree, OpCopyShip, OpCopyBase, OpAcquiredToHand:
		n := uint16(e.N)
		if !picksCards(e.Op) {
			n = 1
		}
		c.dec = decision{Kind: decCards, Seat: 0, Op: e.Op, Left: n, Must: n, May: e.May, UpTo: e.UpTo, Zones: e.Zones, eff: e}
	case OpChooseOne:
		c.dec = decision{Kind: decOption, Seat: 0, Op: e.Op, NOpt: uint8(len(e.Options)), Left: 1, Must: 1, eff: e}
	default:
		return nil, false
	}
	return c, true
}

// walk calls f on every effect of ab, those inside options, ifs and for-eaches included.
func walk(ab Ability, f func(e *Effect)) {
	for i := range ab {
		f(&ab[i])
		for _, o := range ab[i].Options {
			walk(o, f)
		}
		walk(ab[i].Then, f)
	}
}

func promptState(t *testing.T) *State {
	t.Helper()
	deck := []string{"Scout", "Scout", "Scout", "Scout", "Scout"}
	s, err := NewPosition(loadCat(t), Position{Options: Options{Format: "ffa", Sets: []string{"core", "colony-wars"}}, Seed: 3, Active: "Ann",
		Players: []PlayerSetup{{Name: "Ann", Hand: deck, Deck: deck}, {Name: "Bob", Hand: deck, Deck: deck}, {Name: "Cid", Hand: deck, Deck: deck}}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEveryCardsPromptReads: every decision any card of the sets can ask reads as English,
// names the card that asks, and lists its options (a choose-one's, a "may draw"'s) in
// English too; the catalog has every id it uses. Two effects no printed card has (the
// campaign's "may draw" on acquire) are asked too.
func TestEveryCardsPromptReads(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := promptState(t)
	synthetic := Ability{{Op: OpDraw, N: 1, May: true}, {Op: OpDrawDiscard, N: 1, Discard: 1, May: true},
		{Op: OpDiscard, N: 2, UpTo: true}, {Op: OpScrap, N: 2, Zones: ZoneHand}, {Op: OpAcquiredToHand}}
	for i := range synthetic[:2] { // as the parser writes a "may draw": one option, the draw
		sure := synthetic[i]
		sure.May = false
		synthetic[i].Options = []Ability{{sure}}
	}
	ids := map[string]bool{}
	asked := 0
	for id := CardID(1); int(id) <= s.cat.NumIDs(); id++ {
		card := s.cat.Card(id)
		for slot := Primary; slot < numSlots; slot++ {
			ab := card.Abilities[slot]
			if id == 1 && slot == Primary {
				ab = append(ab, synthetic...)
			}
			walk(ab, func(e *Effect) {
				c, ok := asking(s, id, slot, e)
				if !ok {
					return
				}
				asked++
				for _, viewer := range []engine.Seat{0, 1, engine.Spectator} {
					d, ok := c.DescribeDecision(viewer)
					if !ok {
						t.Fatalf("%s %s %v: no decision described", card.Name, slot, e.Op)
					}
					ids[d.Prompt.ID] = true
					text := en.Render(d.Prompt)
					if p := promptProblem(text); p != "" || !strings.HasPrefix(text, card.Name+" (") {
						t.Errorf("%s %s: prompt %q: %s, or the card is not named first", card.Name, slot, text, p)
					}
					if len(d.OptionMsgs) != len(d.Options) {
						t.Errorf("%s %s: %d options, %d in English", card.Name, slot, len(d.Options), len(d.OptionMsgs))
					}
					for _, o := range d.OptionMsgs {
						if ot := en.Render(o); promptProblem(ot) != "" {
							t.Errorf("%s %s: option %q: %s", card.Name, slot, ot, promptProblem(ot))
						}
					}
				}
			})
		}
	}
	if asked < 50 {
		t.Errorf("only %d decisions asked", asked)
	}
	for id := range ids {
		if !en.Has(id) {
			t.Errorf("the catalog lacks %s", id)
		}
	}
}

// TestPromptSpecification: prompts as the seat that decides reads them, a specification in
// English.
func TestPromptSpecification(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := promptState(t)
	find := func(name string, slot Slot, op Op) (*State, bool) {
		id, err := s.cat.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var out *State
		walk(s.cat.Card(id).Abilities[slot], func(e *Effect) {
			if e.Op == op && out == nil {
				out, _ = asking(s, id, slot, e)
			}
		})
		return out, out != nil
	}
	for _, c := range []struct {
		card    string
		slot    Slot
		op      Op
		want    string
		options string
	}{
		{"Trading Post", Primary, OpChooseOne, "Trading Post (Primary): choose one.", "+1 Authority | +1 Trade"},
		{"Trade Bot", Primary, OpScrap, "Trade Bot (Primary): you may scrap a card from your hand or discard pile.", ""},
		{"Blob Destroyer", Ally, OpDestroyBase, "Blob Destroyer (Ally): you may destroy target base.", ""},
		{"Blob Destroyer", Ally, OpScrapRow, "Blob Destroyer (Ally): you may scrap a card from the Trade Row.", ""},
		{"Battle Pod", Primary, OpScrapRow, "Battle Pod (Primary): you may scrap a card from the Trade Row.", ""},
		{"Battlecruiser", Ally, OpOpponentDiscards, "Battlecruiser (Ally): choose the opponent who discards a card.", ""},
		{"Recycling Station", Primary, OpChooseOne, "Recycling Station (Primary): choose one.",
			"+1 Trade | Discard up to two cards and draw a card for each card discarded this way"},
		{"Stealth Needle", Primary, OpCopyShip, "Stealth Needle (Primary): choose another ship you have played this turn to copy.", ""},
		{"Brain World", Primary, OpScrap, "Brain World (Primary): you may scrap up to 2 cards from your hand or discard pile.", ""},
		{"Fleet HQ", Primary, OpChooseOne, "", ""},
	} {
		st, ok := find(c.card, c.slot, c.op)
		if !ok {
			if c.want != "" {
				t.Errorf("%s %s asks no %v", c.card, c.slot, c.op)
			}
			continue
		}
		d, _ := st.DescribeDecision(0)
		var opts []string
		for _, o := range d.OptionMsgs {
			opts = append(opts, en.Render(o))
		}
		if got := en.Render(d.Prompt); got != c.want || strings.Join(opts, " | ") != c.options {
			t.Errorf("%s %s:\n got %q %q\nwant %q %q", c.card, c.slot, got, strings.Join(opts, " | "), c.want, c.options)
		}
	}
}

// TestRulesPrompts: the decisions no card asks, as the seat that decides and the others read
// them.
func TestRulesPrompts(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := promptState(t)
	for _, c := range []struct {
		dec       decision
		mine, bob string
	}{
		{decision{Kind: decCards, Seat: 0, Op: opGift, Target: 2, Left: 1, May: true, Zones: ZoneHand | ZoneDiscard},
			"You are out of the game: you may give a card from your hand, deck or discard pile to Cid.",
			"Ann is out of the game and may give a card from their hand, deck or discard pile to Cid."},
		{decision{Kind: decCards, Seat: 0, Op: opDiscardTarget, Target: 0, Left: 2, Must: 2},
			"Discard 2 cards: an opponent made you discard at the start of your turn.",
			"Ann discards 2 cards: an opponent made them discard at the start of their turn."},
		{decision{Kind: decCards, Seat: 0, Op: OpScrap, Left: 1, Must: 1, Zones: ZoneHand}, "Make your choice.", "Ann decides."},
	} {
		st := s.Clone().(*State)
		st.frame, st.dec = frame{}, c.dec
		for viewer, want := range map[engine.Seat]string{0: c.mine, 1: c.bob} {
			d, ok := st.DescribeDecision(viewer)
			if got := en.Render(d.Prompt); !ok || got != want {
				t.Errorf("seat %d reads %q, want %q", viewer, got, want)
			}
		}
	}
}
