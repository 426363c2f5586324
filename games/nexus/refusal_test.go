package nexus

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/msg"
)

// refusalCatalogs are the English catalog and the French and Spanish ones that show card
// names in their language, as the edges render refusals.
type refusalCatalogs struct{ en, fr, es *i18n.Catalog }

func loadRefusalCatalogs(t testing.TB, tab *Table) refusalCatalogs {
	t.Helper()
	var out [3]*i18n.Catalog
	for i, lang := range []string{"en", "fr", "es"} {
		c, err := i18n.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]string{}
		for _, card := range tab.Catalog().All() {
			if n := card.Names[lang]; n != "" {
				names[card.Name] = n
			}
		}
		out[i] = c.WithNames(names)
	}
	return refusalCatalogs{out[0], out[1], out[2]}
}

// msgIDs appends the id of m and of every message among its arguments.
func msgIDs(m msg.Msg, out []string) []string {
	out = append(out, m.ID)
	for _, v := range m.Args {
		if n, ok := v.(msg.Msg); ok {
			out = msgIDs(n, out)
		}
	}
	return out
}

// msgWords appends the string and number arguments of m and of the messages among them.
func msgWords(m msg.Msg, out []string) []string {
	for _, v := range m.Args {
		switch v := v.(type) {
		case msg.Msg:
			out = msgWords(v, out)
		case string:
			out = append(out, v)
		case int:
			out = append(out, strconv.Itoa(v))
		default:
			out = append(out, "?unexpected argument type")
		}
	}
	return out
}

// check verifies one refusal: a message whose ids every catalog has, that the English catalog
// renders as the English reason and the others render whole, with no argument the English
// reason does not show (a refusal is output: it may tell no more than its English). It
// counts the refusal's id in seen.
func (c refusalCatalogs) check(t *testing.T, err error, seen map[string]int) {
	t.Helper()
	var ie *engine.IllegalError
	if !errors.As(err, &ie) {
		return // not a refusal of the rules (a text that names nothing, an unknown card)
	}
	if ie.Why.ID == "" {
		t.Fatalf("%v: no message", err)
	}
	for _, id := range msgIDs(ie.Why, nil) {
		for _, cat := range []*i18n.Catalog{c.en, c.fr, c.es} {
			if !cat.Has(id) {
				t.Fatalf("%v: the %s catalog has no %q", err, cat.Lang(), id)
			}
		}
	}
	if got := c.en.Render(ie.Why); got != ie.Reason {
		t.Fatalf("%s renders in English as %q, the reason is %q", ie.Why.ID, got, ie.Reason)
	}
	for _, cat := range []*i18n.Catalog{c.fr, c.es} {
		if got := cat.Render(ie.Why); strings.ContainsAny(got, "[{") {
			t.Fatalf("%s renders in %s as %q", ie.Why.ID, cat.Lang(), got)
		}
	}
	for _, w := range msgWords(ie.Why, nil) {
		if !strings.Contains(ie.Reason, w) {
			t.Fatalf("%s: argument %q is not in the reason %q", ie.Why.ID, w, ie.Reason)
		}
	}
	seen[ie.Why.ID]++
}

// garbageTexts are action texts that name objects of s as seat sees them and as it does not:
// block lists (ApplyText checks their blockers first), attacks, casts of other players'
// cards, swaps.
func garbageTexts(s *State, rng *engine.RNG) []string {
	var mine, theirs, attackers []string
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Zone != zField {
			continue
		}
		if o.has(fAttacking) {
			attackers = append(attackers, s.nameOf(oid(i)))
		}
		if o.Ctrl == s.Pend.Seat {
			mine = append(mine, s.nameOf(oid(i)))
		} else {
			theirs = append(theirs, s.nameOf(oid(i)))
		}
	}
	pick := func(l []string) string {
		if len(l) == 0 {
			return "Nexus Shard"
		}
		return l[rng.Intn(len(l))]
	}
	out := []string{
		"attack with " + pick(mine) + ", " + pick(mine),
		"attack with " + pick(theirs),
		"cast " + pick(theirs),
		"activate " + pick(theirs),
		"choose " + pick(theirs),
		"swap " + pick(mine) + " for " + pick(theirs),
		"block " + pick(attackers) + " with " + pick(mine),
		"block " + pick(attackers) + " with " + pick(mine) + ", " + pick(mine),
		"block " + pick(attackers) + " with " + pick(mine) + ", " + pick(theirs),
		"block " + pick(attackers) + " with " + pick(mine) + " and another",
		"block " + pick(mine) + " with " + pick(mine) + ", " + pick(mine),
	}
	return out
}

// TestRefusalMessages: in random games of every format (some opening with the reserve swaps),
// every refusal of actions that are not legal (every kind, other players' objects, garbage
// encodings, texts that name several creatures) is a message that every catalog has, that the
// English catalog renders as the reason, and that French and Spanish render whole.
func TestRefusalMessages(t *testing.T) {
	tab := mustTable(t)
	cats := loadRefusalCatalogs(t, tab)
	base, withReserve := shippedDecks(t), reserveDecks(t)
	seen := map[string]int{}
	for seed := uint64(0); seed < 8; seed++ {
		decks := base
		if seed%3 == 0 {
			decks = withReserve
		}
		opts, ds := Options{Names: []string{"Ann", "Bob"}, MaxTurns: 10}, []Deck{decks[seed%5], decks[(seed/5+1)%5]}
		switch seed % 4 {
		case 1:
			opts = Options{Format: "allied", MaxTurns: 10}
			ds = append(ds, decks[(seed+2)%5], decks[(seed+3)%5])
		case 2:
			opts = Options{Format: "ffa", MaxTurns: 10}
			ds = append(ds, decks[(seed+2)%5])
		}
		s, err := NewGame(tab, opts, ds, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed + 100)
		var shapes []engine.Action
		for step := 0; step < 300 && !s.Over(); step++ {
			if step%5 == 0 {
				for q := int8(0); q < s.N; q++ {
					seat := engine.Seat(q)
					shapes = actionShapes(s, q, shapes[:0])
					sample := shapes // every shape for a seat that decides, a few for the others
					if !s.decides(q) {
						sample = append([]engine.Action(nil), shapes[:aBlockHalf]...)
						for k := 0; k < 8; k++ {
							sample = append(sample, shapes[rng.Intn(len(shapes))])
						}
					}
					sample = append(sample, engine.Action(rng.Uint64()), engine.Action(uint32(rng.Intn(16))<<28|uint32(rng.Intn(int(s.NO)+2))),
						engine.Action(uint32(rng.Intn(16))<<28|uint32(rng.Intn(8))<<idBits|idMask))
					for _, a := range sample {
						cats.check(t, s.Clone().Apply(seat, a), seen)
					}
					for _, txt := range garbageTexts(s, &rng) {
						cats.check(t, s.Clone().(*State).ApplyText(seat, txt), seen)
					}
				}
			}
			m := s.ToMove(nil)
			seat := m[rng.Intn(len(m))]
			l := s.Legal(seat, nil)
			a := l[rng.Intn(len(l))]
			if s.Pend.K == pSwap && rng.Intn(3) == 0 && s.listed(int8(seat), mkA(aDone, 0)) {
				a = mkA(aDone, 0)
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatalf("seed %d step %d: listed %q refused: %v", seed, step, s.ActionText(seat, a), err)
			}
		}
		for q := int8(0); q < s.N && s.Over(); q++ {
			cats.check(t, s.Clone().Apply(engine.Seat(q), mkA(aPass, 0)), seen)
		}
	}
	var ids, unseen []string
	for id := range seen {
		ids = append(ids, id)
	}
	for id := range cats.en.Messages() {
		if strings.HasPrefix(id, "refuse.nexus.") && !strings.HasPrefix(id, "refuse.nexus.pend.") && seen[id] == 0 && id != "refuse.nexus.menace" {
			unseen = append(unseen, id)
		}
	}
	sort.Strings(ids)
	sort.Strings(unseen)
	t.Logf("%d refusal ids met: %s", len(ids), strings.Join(ids, " "))
	t.Logf("not met: %s", strings.Join(unseen, " "))
	if len(ids) < 30 {
		t.Errorf("only %d kinds of refusal met", len(ids))
	}
}

// TestRefusalTranslations: refusals of given positions in French and Spanish, card names
// (numbered ones too) in the reader's language, numbers by the language's plural rule, the
// rule of Menace inside another refusal, the pending decision inside a refusal.
func TestRefusalTranslations(t *testing.T) {
	tab := mustTable(t)
	cats := loadRefusalCatalogs(t, tab)
	combat := func(t *testing.T) *State {
		s := duel(t, PlayerSetup{Field: []Perm{{Card: "Nareh Flayer"}, {Card: "Nareh Flayer"}}},
			PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote"}, {Card: "Carrion Mote", Tapped: true}}}, "combat")
		do(t, s, "attack with Nareh Flayer #1, Nareh Flayer #2", "pass", "pass")
		return s
	}
	halfBlocked := func(t *testing.T) *State {
		s := combat(t)
		do(t, s, "block Nareh Flayer #1 with Rivet Sentry and another")
		return s
	}
	swaps := func(t *testing.T) *State {
		s, err := NewPosition(tab, Position{Players: []PlayerSetup{
			{Name: "Ann", Hero: "Kaira Swiftclaw", Library: []string{"Ember Cub"}, ResourcePile: []string{"Nexus Shard"},
				Reserve: []string{"Tarsk Ironvein, Forgemaster"}},
			{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Library: []string{"Rivet Sentry"}, ResourcePile: []string{"Nexus Shard"},
				Reserve: []string{"Rivet Sentry"}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		name   string
		state  func(*testing.T) *State
		seat   engine.Seat
		text   string
		id     string
		fr, es string
	}{
		{"menace", combat, 1, "block Nareh Flayer #1 with Rivet Sentry", "refuse.nexus.menace",
			"un attaquant avec Menace ne peut être bloqué que par une créature avec Menace ou par au moins deux créatures (17.3)",
			"un atacante con Amenaza solo puede ser bloqueado por una criatura con Amenaza o por dos o más criaturas (17.3)"},
		{"tapped blocker in a list", combat, 1, "block Nareh Flayer #1 with Rivet Sentry, Carrion Mote #2", "refuse.nexus.of_blocker",
			"Poussière de Charogne nº 2\u00a0: une créature engagée ne peut pas bloquer (4.1.4)",
			"Mota de Carroña n.º 2: una criatura girada no puede bloquear (4.1.4)"},
		{"second blocker missing", halfBlocked, 1, "done", "refuse.nexus.needs_second_blocker",
			"le blocage de Écorcheur de Nareh nº 1 demande un second bloqueur\u00a0: un attaquant avec Menace ne peut être bloqué que par une créature avec Menace ou par au moins deux créatures (17.3)",
			"el bloqueo de Desollador de Nareh n.º 1 necesita un segundo bloqueador: un atacante con Amenaza solo puede ser bloqueado por una criatura con Amenaza o por dos o más criaturas (17.3)"},
		{"pending decision", halfBlocked, 1, "keep", "refuse.nexus.answers_nothing",
			"cela ne répond à aucune décision en attente (déclarer les bloqueurs)",
			"eso no responde a ninguna decisión pendiente (declarar los bloqueadores)"},
		{"not your decision", combat, 0, "pass", "refuse.nexus.not_your_decision",
			"ce n’est pas à vous de décider maintenant", "ahora no te toca decidir"},
		{"not your hero", swaps, 0, "swap out Tarsk Ironvein, Forgemaster", "refuse.nexus.not_your_hero",
			"Tarsk Veine-de-Fer, Maître de Forge n’est pas votre héros", "Tarsk Vetahierro, Maestro Forjador no es tu héroe"},
		{"a hero already", swaps, 0, "swap in Tarsk Ironvein, Forgemaster", "refuse.nexus.has_hero",
			"vous avez déjà un héros (Kaira Griffe-Vive)\u00a0: remplacez-le par Tarsk Veine-de-Fer, Maître de Forge (SN 2.1)",
			"ya tienes un héroe (Kaira Garraveloz): cámbialo por Tarsk Vetahierro, Maestro Forjador (SN 2.1)"},
		{"library size, one card", swaps, 0, "done", "refuse.nexus.deck_library_size",
			"votre bibliothèque compterait 1 carte\u00a0: une bibliothèque en compte de 30 à 40 (SN 2.1)",
			"tu biblioteca tendría 1 carta: una biblioteca tiene de 30 a 40 (SN 2.1)"},
		{"not in the library", swaps, 0, "swap out Rivet Sentry", "refuse.nexus.not_in_deck",
			"votre bibliothèque ne contient aucune carte Sentinelle Rivetée",
			"no hay ninguna carta Centinela Remachado en tu biblioteca"},
	}
	seen := map[string]int{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.state(t).ApplyText(c.seat, c.text)
			var ie *engine.IllegalError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: %v, want a refusal", c.text, err)
			}
			cats.check(t, err, seen)
			if ie.Why.ID != c.id {
				t.Errorf("%q: %s (%s), want %s", c.text, ie.Why.ID, ie.Reason, c.id)
			}
			if got := cats.fr.Render(ie.Why); got != c.fr {
				t.Errorf("French:\n got %q\nwant %q", got, c.fr)
			}
			if got := cats.es.Render(ie.Why); got != c.es {
				t.Errorf("Spanish:\n got %q\nwant %q", got, c.es)
			}
		})
	}
}
