package realms

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/msg"
)

// refusalCatalogs are the English catalog and the French and Spanish ones that show card
// names in their language, as the edges render them.
func refusalCatalogs(t *testing.T, cat *Catalog) (en *i18n.Catalog, others map[string]*i18n.Catalog) {
	t.Helper()
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	others = map[string]*i18n.Catalog{}
	for _, lang := range []string{"fr", "es"} {
		c, err := i18n.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]string{}
		for i := range cat.Cards {
			names[cat.Cards[i].Name] = cat.Cards[i].NameIn(lang)
		}
		others[lang] = c.WithNames(names)
	}
	return en, others
}

// msgIDs lists the ids of m and of the messages among its arguments.
func msgIDs(m msg.Msg) []string {
	out := []string{m.ID}
	for _, v := range m.Args {
		switch v := v.(type) {
		case msg.Msg:
			out = append(out, msgIDs(v)...)
		case []msg.Msg:
			for _, x := range v {
				out = append(out, msgIDs(x)...)
			}
		}
	}
	return out
}

// refusalTries are actions to try on s that are mostly not legal: every action kind, with
// the cards of the game's zones and any others, every seat and garbage encodings, by the
// seat to move and by others (a seat out of range among them).
func refusalTries(s *State, rng *engine.RNG) (seats []engine.Seat, acts []engine.Action) {
	n := int(s.NSeats)
	mover := s.toMove()
	seats = []engine.Seat{mover, engine.Seat(rng.Intn(n)), engine.Seat(rng.Intn(n + 2)), -1}
	cards := []CardID{0, s.cat.Scout, s.cat.Viper, s.cat.Explorer, CardID(1 + rng.Intn(len(s.cat.Cards))), CardID(s.cat.NumIDs() + 1)}
	cards = append(cards, s.Row[:]...)
	if mover >= 0 {
		p := &s.P[mover]
		cards = append(cards, s.hand(p)...)
		cards = append(cards, s.discard(p)...)
	}
	var inPlay [][2]int // seat, card
	for i := range n {
		for _, c := range s.playArea(&s.P[i]) {
			cards = append(cards, c.Card)
			inPlay = append(inPlay, [2]int{i, int(c.Card)})
		}
	}
	card := func() CardID { return cards[rng.Intn(len(cards))] }
	seat := func() engine.Seat { return engine.Seat(rng.Intn(n + 1)) }
	rows := 0
	if s.cat.book != nil {
		rows = len(s.cat.book.rows)
	}
	combat := 0
	if mover >= 0 {
		combat = int(s.P[mover].Combat)
	}
	for range 8 {
		acts = append(acts,
			mk(rng.Intn(16), card(), rng.Intn(16), seat(), rng.Intn(14)),
			engine.Action(rng.Uint64()),
			mkPlay(card()),
			mkUse(card(), Slot(rng.Intn(int(numSlots)+1))),
			mk(actBuy, card(), 0, 0, rng.Intn(rows+2)),
			mkAttackPlayer(seat(), combat+rng.Intn(3)),
			mkGive(seat(), rng.Intn(3), rng.Intn(6)),
			mkPass(card(), seat()),
			mkChooseOpt(rng.Intn(4)),
			mkChooseCard(card(), rng.Intn(6), seat(), rng.Intn(2) == 0),
			mkChoosePlayer(seat()),
			mkWord(actSkip), mkWord(actDone), mkWord(actEnd),
		)
		if len(inPlay) > 0 {
			b := inPlay[rng.Intn(len(inPlay))]
			acts = append(acts, mkAttackBase(engine.Seat(b[0]), CardID(b[1])))
		}
	}
	return seats, acts
}

// checkRefusal checks one refusal: its message has an id that every catalog has, the English
// catalog renders it as the English reason without the list of legal actions, and the French
// and Spanish catalogs render it whole. It returns the message's id.
func checkRefusal(t *testing.T, s *State, seat engine.Seat, a engine.Action, err error, en *i18n.Catalog, others map[string]*i18n.Catalog) string {
	t.Helper()
	var ie *engine.IllegalError
	if !errors.As(err, &ie) {
		t.Fatalf("%q by seat %d: %v is not an IllegalError", s.ActionText(seat, a), seat, err)
	}
	why := ie.Why
	if !strings.HasPrefix(why.ID, "refuse.realms.") {
		t.Fatalf("%q by seat %d (%s): message id %q", ie.Action, seat, ie.Reason, why.ID)
	}
	for _, id := range msgIDs(why) {
		if !en.Has(id) {
			t.Fatalf("%q: no English text for %q", ie.Action, id)
		}
		for lang, c := range others {
			if !c.Has(id) {
				t.Fatalf("%q: no %s text for %q", ie.Action, lang, id)
			}
		}
	}
	want, _, _ := strings.Cut(ie.Reason, "; legal: ")
	if why.ID == "refuse.realms.decision_pending" {
		// The prompt is the one the edges show (DescribeDecision), not DecisionPrompt's
		// English of the ability language.
		prompt, ok := why.Args["prompt"].(msg.Msg)
		if !ok || prompt.ID == "" {
			t.Fatalf("%q: a pending decision without its prompt: %v", ie.Action, why)
		}
		want = strings.Replace(want, s.DecisionPrompt(), en.Render(prompt), 1)
		for lang, c := range others {
			if p := c.Render(prompt); !strings.Contains(c.Render(why), p) {
				t.Errorf("%q: %s %q lacks the prompt %q", ie.Action, lang, c.Render(why), p)
			}
		}
	}
	if got := en.Render(why); got != want {
		t.Fatalf("%q by seat %d: English message %q, the reason says %q", ie.Action, seat, got, want)
	}
	for lang, c := range others {
		if got := c.Render(why); strings.ContainsAny(got, "[{}]") {
			t.Fatalf("%q: %s %q has a missing text or argument", ie.Action, lang, got)
		}
	}
	return why.ID
}

// TestRefusalsAreMessages plays random games of every format, a campaign among them, and at
// each step tries actions that are not legal: every refusal is a message of the catalogs
// (checkRefusal). Most reasons are met; the others are in TestRefusalMessagesTranslated.
func TestRefusalsAreMessages(t *testing.T) {
	cat := loadCat(t)
	en, others := refusalCatalogs(t, cat)
	games := []struct {
		name string
		opts Options
	}{
		{"standard", Options{Names: []string{"Ann", "Bob"}}},
		{"campaign", Options{Names: []string{"Ann", "Bob"}, Campaign: testCampaign(false)}},
		{"ffa", Options{Format: "ffa", Names: names(4)}},
		{"hunter", Options{Format: "hunter", Names: names(3)}},
		{"hydra", Options{Format: "hydra", Names: names(4)}},
		{"emperor", Options{Format: "emperor", Names: names(6)}},
		{"raid", Options{Format: "raid", Names: names(4)}},
	}
	seen := map[string]int{}
	for _, g := range games {
		for seed := uint64(1); seed <= 2; seed++ {
			s, err := NewGame(cat, g.opts, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(seed)
			for step := 0; step < 5000; step++ {
				if step >= 300 && !s.Over() { // the rest of the game quickly, then its end
					seat := s.toMove()
					l := s.Legal(seat, nil)
					s.ApplyTrusted(seat, l[rng.Intn(len(l))])
					continue
				}
				seats, acts := refusalTries(s, &rng)
				legal := map[engine.Seat][]engine.Action{}
				for _, seat := range seats {
					if seat >= 0 && int(seat) < int(s.NSeats) {
						legal[seat] = s.Legal(seat, nil)
					}
				}
				for i, a := range acts {
					seat := seats[i%len(seats)]
					if contains(legal[seat], a) {
						continue
					}
					err := s.Apply(seat, a)
					if err == nil {
						t.Fatalf("%s seed %d: %q by seat %d accepted", g.name, seed, s.ActionText(seat, a), seat)
					}
					seen[checkRefusal(t, s, seat, a, err, en, others)]++
				}
				if s.Over() {
					break
				}
				seat := s.toMove()
				l := s.Legal(seat, nil)
				s.ApplyTrusted(seat, l[rng.Intn(len(l))])
			}
		}
	}
	// Reasons random games seldom meet: TestRefusalMessagesTranslated makes all but the last.
	rare := []string{"row_no_sticker", "teammates_playing", "upgrade_cost", "upgraded_once", "no_card_id"}
	var missed []string
	for id := range en.Messages() {
		// The texts that are no action (refuse.realms.parse.*): TestParseRefusalsAreMessages.
		if code, ok := strings.CutPrefix(id, "refuse.realms."); ok && !strings.HasPrefix(code, "parse.") && seen[id] == 0 {
			missed = append(missed, id)
			if !slices.Contains(rare, code) {
				t.Errorf("no refusal met %s", id)
			}
		}
	}
	slices.Sort(missed)
	t.Logf("%d reasons met, %d not: %v", len(seen), len(missed), missed)
}

// TestRefusalMessagesTranslated renders chosen refusals in French and Spanish, card names
// in the reader's language, among them the reasons random games do not meet.
func TestRefusalMessagesTranslated(t *testing.T) {
	cat := loadCat(t)
	en, others := refusalCatalogs(t, cat)
	duel := Options{Names: []string{"Ann", "Bob"}}
	campaign := func() Options {
		c := testCampaign(false)
		c.Seats[0].Sheets[1].Rows[2].Base = "" // Empire 2 row 3: no base sticker
		return Options{Names: []string{"Ann", "Bob"}, Campaign: c}
	}
	// upgrade is buying the Trade Row's first card, made card, with row ref of the sheets and
	// trade Trade to spend, in the turn of the row's owner (of the other seat if theirs).
	upgrade := func(card string, ref RowRef, trade int, theirs bool) func(*testing.T, *State) (engine.Seat, engine.Action) {
		return func(t *testing.T, s *State) (engine.Seat, engine.Action) {
			c := cardNamed(t, s, card)
			r, ok := s.cat.book.row(ref)
			if !ok {
				t.Fatalf("no row %v", ref)
			}
			s.Row[0] = c
			seat := s.cat.book.rows[r].Seat
			if theirs {
				seat = 1 - seat
			}
			s.Active = seat
			s.P[seat].Trade = int16(trade)
			return seat, mk(actBuy, c, 0, 0, r+1)
		}
	}
	tests := []struct {
		name   string
		opts   Options
		setup  func(*testing.T, *State) (engine.Seat, engine.Action)
		id     string
		fr, es string
	}{
		{"game over", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			s.over = true
			return 0, mkWord(actEnd)
		}, "over", "la partie est terminée", "la partida ha terminado"},
		{"not your turn", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return 1 - s.toMove(), mkWord(actEnd)
		}, "not_your_turn", "c’est au tour de Bob", "es el turno de Bob"},
		{"no such seat", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return 5, mkWord(actEnd)
		}, "no_seat", "cette place n’existe pas", "ese asiento no existe"},
		{"not in hand", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return s.toMove(), mkPlay(s.cat.Explorer)
		}, "not_in_hand", "Prospecteur n’est pas dans votre main", "Exploradora no está en tu mano"},
		{"too dear", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return s.toMove(), mkBuy(s.cat.Explorer)
		}, "cost", "Prospecteur coûte 2 et vous avez 0 Commerce", "Exploradora cuesta 2 y tienes 0 de Comercio"},
		{"no ally ability", duel, func(t *testing.T, s *State) (engine.Seat, engine.Action) {
			seat := s.toMove()
			if err := s.Apply(seat, mkPlay(s.cat.Scout)); err != nil {
				t.Fatal(err)
			}
			return seat, mkUse(s.cat.Scout, Ally)
		}, "no_ability", "Éclaireur n’a pas d’action Allié", "Rastreadora no tiene habilidad de aliado"},
		{"ship primary", duel, func(t *testing.T, s *State) (engine.Seat, engine.Action) {
			seat := s.toMove()
			if err := s.Apply(seat, mkPlay(s.cat.Scout)); err != nil {
				t.Fatal(err)
			}
			return seat, mkUse(s.cat.Scout, Primary)
		}, "ship_primary", "l’action Primaire d’un Vaisseau s’applique quand il est joué", "la habilidad principal de una nave se aplica al jugarla"},
		{"no decision", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return s.toMove(), mkWord(actSkip)
		}, "no_decision", "il n’y a aucune décision à prendre", "no hay ninguna decisión que responder"},
		{"no combat", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return s.toMove(), mkAttackPlayer(1-s.toMove(), 3)
		}, "combat", "vous avez 0 Combat", "tienes 0 de Combate"},
		{"give outside Hydra", duel, func(_ *testing.T, s *State) (engine.Seat, engine.Action) {
			return s.toMove(), mkGive(1-s.toMove(), 0, 1)
		}, "give_hydra", "seul le format L’Hydre permet de donner du Commerce ou du Combat à un coéquipier (SR 10.4)",
			"solo en el formato Hidra se da Comercio o Combate a un compañero (SR 10.4)"},
		{"teammate ended", Options{Format: "hydra", Names: names(4)}, func(t *testing.T, s *State) (engine.Seat, engine.Action) {
			for i := range int(s.NSeats) {
				if seat := engine.Seat(i); seat != s.Active && s.teammates(seat, s.Active) {
					s.Ended |= 1 << seat
					return seat, mkWord(actEnd)
				}
			}
			t.Fatal("no teammate")
			return 0, 0
		}, "teammates_playing", "vous avez terminé votre phase principale\u00a0; vos coéquipiers jouent encore",
			"has terminado tu fase principal; tus compañeros de equipo siguen jugando"},
		{"upgrade too dear", campaign(), upgrade("Cutter", RowRef{"Empire 2", 1}, 3, false), "upgrade_cost",
			"l’amélioration d’un Vaisseau coûte 2 Commerce de plus et il vous resterait 1 Commerce (SR 8.3)",
			"la mejora de una nave cuesta 2 de Comercio más y te quedaría 1 de Comercio (SR 8.3)"},
		{"upgrade of a base too dear", campaign(), upgrade("Trading Post", RowRef{"Empire 2", 2}, 5, false), "upgrade_cost",
			"l’amélioration d’une Base coûte 3 Commerce de plus et il vous resterait 2 Commerce (SR 8.3)",
			"la mejora de una base cuesta 3 de Comercio más y te quedarían 2 de Comercio (SR 8.3)"},
		{"row serves other costs", campaign(), upgrade("Cutter", RowRef{"Empire 2", 4}, 8, false), "row_costs",
			"la ligne 4 de Empire 2 sert aux cartes de coût imprimé 5 ou 6, et Cutter coûte 2 (SR 8.5)",
			"la fila 4 de Empire 2 sirve para cartas de coste impreso 5 o 6, y Mercante cuesta 2 (SR 8.5)"},
		{"row used", campaign(), upgrade("Cutter", RowRef{"Empire 1", 1}, 8, false), "row_used",
			"la ligne 1 de Empire 1 a déjà servi\u00a0: un seul autocollant par ligne, pour toujours (SR 8.5)",
			"la fila 1 de Empire 1 ya se ha usado: una pegatina por fila, para siempre (SR 8.5)"},
		{"row without sticker", campaign(), upgrade("Trading Post", RowRef{"Empire 2", 3}, 8, false), "row_no_sticker",
			"la ligne 3 de Empire 2 n’a pas d’autocollant Base", "la fila 3 de Empire 2 no tiene pegatina de base"},
		{"another's sheet", campaign(), upgrade("Cutter", RowRef{"Federation 1", 1}, 8, true), "sheet_of",
			"la planche Federation 1 appartient à Bob", "la hoja Federation 1 es de Bob"},
		{"upgraded once", campaign(), func(t *testing.T, s *State) (engine.Seat, engine.Action) {
			seat, _ := upgrade("Cutter", RowRef{"Empire 2", 1}, 8, false)(t, s)
			for id := len(s.cat.Cards) + 1; id <= s.cat.NumIDs(); id++ {
				if s.cat.Card(CardID(id)).Base != 0 {
					r, _ := s.cat.book.row(RowRef{"Empire 2", 1})
					s.Row[0] = CardID(id)
					return seat, mk(actBuy, CardID(id), 0, 0, r+1)
				}
			}
			t.Fatal("no upgraded copy")
			return 0, 0
		}, "upgraded_once", "Cutter (Empire 1/1) porte déjà une amélioration\u00a0: une carte n’est améliorée qu’une fois (SR 8.4)",
			"Cutter (Empire 1/1) ya tiene una mejora: una carta solo se mejora una vez (SR 8.4)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewGame(cat, tc.opts, 1)
			if err != nil {
				t.Fatal(err)
			}
			seat, a := tc.setup(t, s)
			err = s.Apply(seat, a)
			if err == nil {
				t.Fatalf("%q accepted", s.ActionText(seat, a))
			}
			if id := checkRefusal(t, s, seat, a, err, en, others); id != "refuse.realms."+tc.id {
				t.Errorf("%v: id %q, want refuse.realms.%s", err, id, tc.id)
			}
			var ie *engine.IllegalError
			errors.As(err, &ie)
			if got := others["fr"].Render(ie.Why); got != tc.fr {
				t.Errorf("French %q, want %q", got, tc.fr)
			}
			if got := others["es"].Render(ie.Why); got != tc.es {
				t.Errorf("Spanish %q, want %q", got, tc.es)
			}
		})
	}
}

// cardNamed is the id of the card named name.
func cardNamed(t *testing.T, s *State, name string) CardID {
	t.Helper()
	c, err := s.cat.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
