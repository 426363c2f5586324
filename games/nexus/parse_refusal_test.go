package nexus

import (
	"errors"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/msg"
)

// checkParse verifies an error of ParseAction, ParseActions or ApplyText for a text that is
// no action: an engine.ParseError with its message, or an engine.UnknownCardError; a message
// (engine.RefusalMsg) whose ids every catalog has, that the English catalog renders as the
// error's text and the others render whole, with no argument the English does not show. It
// returns the message.
func (c refusalCatalogs) checkParse(t *testing.T, text string, err error) msg.Msg {
	t.Helper()
	checkParseType(t, text, err)
	m, ok := engine.RefusalMsg(err)
	if !ok {
		t.Fatalf("%q: %v: no message", text, err)
	}
	for _, id := range msgIDs(m, nil) {
		for _, cat := range []*i18n.Catalog{c.en, c.fr, c.es} {
			if !cat.Has(id) {
				t.Fatalf("%q: %v: the %s catalog has no %q", text, err, cat.Lang(), id)
			}
		}
	}
	if got := c.en.Render(m); got != err.Error() {
		t.Fatalf("%q: %s renders in English as %q, the error is %q", text, m.ID, got, err.Error())
	}
	for _, cat := range []*i18n.Catalog{c.fr, c.es} {
		if got := cat.Render(m); strings.ContainsAny(got, "[{") {
			t.Fatalf("%q: %s renders in %s as %q", text, m.ID, cat.Lang(), got)
		}
	}
	shown := msg.Msg{ID: m.ID, Args: map[string]any{}}
	for k, v := range m.Args {
		if k != "where" { // a select's key: the English shows its words
			shown.Args[k] = v
		}
	}
	for _, w := range msgWords(shown, nil) {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("%q: %s: argument %q is not in the error %q", text, m.ID, w, err.Error())
		}
	}
	return m
}

// checkParseType verifies that err, an error for text, is an engine.ParseError with its
// message or an engine.UnknownCardError.
func checkParseType(t *testing.T, text string, err error) {
	t.Helper()
	var pe *engine.ParseError
	var ue *engine.UnknownCardError
	switch {
	case errors.As(err, &pe):
		if pe.Why.ID == "" {
			t.Fatalf("%q: %v: no message", text, err)
		}
	case errors.As(err, &ue):
	default:
		t.Fatalf("%q: %T %v: neither a ParseError nor an UnknownCardError", text, err, err)
	}
}

// orderGame is a duel of a test table whose player Ann has two different passives waiting,
// in the order she chooses (TestOwnPassivesOrder).
func orderGame(t *testing.T) *State {
	t.Helper()
	tab := passivesTable(t)
	s, err := NewPosition(tab, Position{Players: []PlayerSetup{
		{Name: "Ann", Hero: "Test Hero", Field: []Perm{{Card: "Grief Eater"}, {Card: "Mourning Bard"}, {Card: "Fodder"}, {Card: "Kern Drone"}}},
		{Name: "Bob", Hero: "Test Hero"},
	}, Active: "Ann", Phase: "main1"})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, "pass", "activate hero", "choose Fodder", "pass")
	if s.Pend.K != pTrigOrder {
		t.Fatalf("want the order decision, got %q", s.Decision())
	}
	return s
}

// parseStates are the positions of TestParseRefusals, by name.
func parseStates(t *testing.T, tab *Table) map[string]func(*testing.T) *State {
	combat := func(t *testing.T) *State {
		return duel(t, PlayerSetup{Field: []Perm{{Card: "Nareh Flayer"}, {Card: "Nareh Flayer"}}},
			PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Carrion Mote"}, {Card: "Carrion Mote", Tapped: true}}}, "combat")
	}
	return map[string]func(*testing.T) *State{
		"combat": combat,
		"attacked": func(t *testing.T) *State {
			s := combat(t)
			do(t, s, "attack with Nareh Flayer #1, Nareh Flayer #2", "pass", "pass")
			return s
		},
		"one added": func(t *testing.T) *State {
			s := combat(t)
			do(t, s, "add attacker Nareh Flayer #1")
			return s
		},
		"main": func(t *testing.T) *State {
			return duel(t, PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}}, Resources: engShards(3), Hand: []string{"Ironclad Brute", "Ember Cub"}},
				PlayerSetup{Field: []Perm{{Card: "Ironclad Brute"}}, Resources: engShards(1)}, "main1")
		},
		"paying": func(t *testing.T) *State {
			s := duel(t, PlayerSetup{Field: []Perm{{Card: "Rivet Sentry"}}, Resources: append(engShards(3), Perm{Card: "Sunforge Totem"}), Hand: []string{"Ironclad Brute"}},
				PlayerSetup{Resources: engShards(1)}, "main1")
			do(t, s, "pass", "cast Ironclad Brute")
			if s.Pend.K != pPay {
				t.Fatalf("want the pay decision, got %q", s.Decision())
			}
			return s
		},
		"swaps": func(t *testing.T) *State {
			s, err := NewPosition(tab, Position{Players: []PlayerSetup{
				{Name: "Ann", Hero: "Kaira Swiftclaw", Library: []string{"Ember Cub"}, ResourcePile: []string{"Nexus Shard"},
					Reserve: []string{"Rivet Sentry"}},
				{Name: "Bob", Hero: "Tarsk Ironvein, Forgemaster", Library: []string{"Rivet Sentry"}, ResourcePile: []string{"Nexus Shard"}},
			}})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"order": orderGame,
	}
}

// TestParseRefusals: every error of ParseAction for a text that is no action is a message of
// the catalogs (an engine.ParseError, or an engine.UnknownCardError for a card name) that the
// English catalog renders as the error, and French and Spanish render whole; ApplyText gives
// the same error. A few are checked word for word in French and Spanish.
func TestParseRefusals(t *testing.T) {
	tab := mustTable(t)
	cats := loadRefusalCatalogs(t, tab)
	states := parseStates(t, tab)
	long := "cast " + strings.Repeat("Nareh Flayer ", 8)
	cases := []struct {
		state  string
		seat   engine.Seat
		text   string
		id     string // "": an UnknownCardError
		fr, es string // "": not checked word for word
	}{
		{"combat", 0, "attack with Nareh Flayer #1, Nareh Flayer #2", "refuse.nexus.parse.several",
			"«\u00a0attack with Nareh Flayer #1, Nareh Flayer #2\u00a0» correspond à 3 actions, à envoyer une par une\u00a0: add attacker Nareh Flayer #1; add attacker Nareh Flayer #2; done",
			"«attack with Nareh Flayer #1, Nareh Flayer #2» son 3 acciones, que se envían de una en una: add attacker Nareh Flayer #1; add attacker Nareh Flayer #2; done"},
		{"combat", 0, "attack with Nareh Flayer, Nareh Flayer at Bob", "refuse.nexus.parse.several", "", ""},
		{"attacked", 1, "block Nareh Flayer #1", "refuse.nexus.parse.block",
			"écrivez «\u00a0bloquer ATTAQUANT avec BLOQUEUR\u00a0», ou plusieurs bloqueurs séparés par des virgules («\u00a0bloquer ATTAQUANT avec BLOQUEUR1, BLOQUEUR2\u00a0»)",
			"escribe «bloquear ATACANTE con BLOQUEADOR», o varios bloqueadores separados por comas («bloquear ATACANTE con BLOQUEADOR1, BLOQUEADOR2»)"},
		{"main", 0, "dance with Ember Cub", "refuse.nexus.parse.unknown_action",
			"action inconnue «\u00a0dance with Ember Cub\u00a0» (actions\u00a0: réquisitionner, activer, attaquer avec, ajouter attaquant, bloquer, choisir, passer, terminé, garder, mulligan, oui, non, remplacer, écarter, intégrer)",
			"acción desconocida «dance with Ember Cub» (acciones: requisar, activar, atacar con, añadir atacante, bloquear, elegir, pasar, listo, conservar, mulligan, sí, no, cambiar, apartar, incorporar)"},
		{"main", 0, `say "hi"`, "refuse.nexus.parse.unknown_action", "", ""},
		{"main", 0, "add", "refuse.nexus.parse.unknown_action", "", ""},
		{"combat", 0, "attack with Nareh Flayer at Zed", "refuse.nexus.parse.no_player",
			"aucun joueur ne s’appelle «\u00a0Zed\u00a0»", "ningún jugador se llama «Zed»"},
		{"combat", 0, "add attacker Nareh Flayer at Zed", "refuse.nexus.parse.no_player", "", ""},
		{"main", 0, long, "", "", ""},
		{"main", 0, "cast Embr Cub", "", "", ""},
		{"main", 0, "cast Rivet Sentry", "refuse.nexus.parse.no_card",
			"aucune carte Sentinelle Rivetée dans votre main", "ninguna carta Centinela Remachado en tu mano"},
		{"main", 0, "cast Ember Cub #2", "refuse.nexus.parse.no_card", "", ""},
		{"main", 0, "activate Ember Cub", "refuse.nexus.parse.no_card", "", ""},
		{"combat", 0, "add attacker Rivet Sentry", "refuse.nexus.parse.no_card", "", ""},
		{"combat", 0, "attack with Nareh Flayer #3", "refuse.nexus.parse.no_card",
			"aucune carte Écorcheur de Nareh nº 3 sur votre terrain", "ninguna carta Desollador de Nareh n.º 3 en tu campo"},
		{"main", 0, "choose Tempest Roc", "refuse.nexus.parse.no_card", "", ""},
		{"paying", 0, "choose Rivet Sentry", "refuse.nexus.parse.no_card", "", ""},
		{"attacked", 1, "block Rivet Sentry with Carrion Mote", "refuse.nexus.parse.no_card",
			"aucune carte Sentinelle Rivetée n’attaque", "ninguna carta Centinela Remachado está atacando"},
		{"attacked", 1, "block Nareh Flayer #1 with Tempest Roc", "refuse.nexus.parse.no_card", "", ""},
		{"order", 0, "choose Fodder", "refuse.nexus.parse.no_passive", "", ""},
		{"order", 0, "choose Kern Drone", "refuse.nexus.parse.no_passive",
			"aucune capacité passive de la carte Drone de Kern n’est en attente", "ninguna habilidad pasiva de la carta Dron de Kern está en espera"},
		{"combat", 0, "attack with Nareh Flayer #1 at Bob, Nareh Flayer #2", "refuse.nexus.parse.attacked_once", "", ""},
		{"one added", 0, "attack with Nareh Flayer #2", "refuse.nexus.parse.attacker_already",
			"Écorcheur de Nareh nº 1 figure déjà parmi les attaquants\u00a0: nommez tous les attaquants, ou ajoutez-en avec «\u00a0ajouter attaquant\u00a0» puis «\u00a0terminé\u00a0»",
			"Desollador de Nareh n.º 1 ya figura entre los atacantes: nombra a todos los atacantes, o añade más con «añadir atacante» y luego «listo»"},
		{"combat", 1, "block Nareh Flayer with Rivet Sentry", "refuse.nexus.parse.not_attacking",
			"Écorcheur de Nareh n’attaque pas", "Desollador de Nareh no está atacando"},
		{"attacked", 1, "block Nareh Flayer #1 with Rivet Sentry, Carrion Mote #1 and another", "refuse.nexus.parse.and_another",
			"écrivez «\u00a0bloquer ATTAQUANT avec BLOQUEUR et un autre\u00a0»\u00a0: un seul bloqueur, le premier des deux",
			"escribe «bloquear ATACANTE con BLOQUEADOR y otro»: un solo bloqueador, el primero de los dos"},
		{"swaps", 0, "swap Ember Cub", "refuse.nexus.parse.swap",
			"écrivez «\u00a0remplacer SORTANTE par ENTRANTE\u00a0», «\u00a0écarter SORTANTE\u00a0» ou «\u00a0intégrer ENTRANTE\u00a0»",
			"escribe «cambiar SALE por ENTRA», «apartar SALE» o «incorporar ENTRA»"},
		{"swaps", 0, "swap out Embr Cub", "", "", ""},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			s := states[c.state](t)
			_, err := s.ParseAction(c.seat, c.text)
			m := cats.checkParse(t, c.text, err)
			var ue *engine.UnknownCardError
			if c.id == "" && !errors.As(err, &ue) {
				t.Fatalf("%q: %v, want an unknown card", c.text, err)
			}
			if c.id != "" && m.ID != c.id {
				t.Fatalf("%q: %s (%v), want %s", c.text, m.ID, err, c.id)
			}
			seen[m.ID] = true
			if c.id != "refuse.nexus.parse.several" {
				if err2 := s.ApplyText(c.seat, c.text); err2 == nil || err2.Error() != err.Error() {
					t.Errorf("%q: ApplyText gives %v, ParseAction %v", c.text, err2, err)
				}
			}
			if c.fr != "" {
				if got := cats.fr.Render(m); got != c.fr {
					t.Errorf("French:\n got %q\nwant %q", got, c.fr)
				}
				if got := cats.es.Render(m); got != c.es {
					t.Errorf("Spanish:\n got %q\nwant %q", got, c.es)
				}
			}
		})
	}
	for id := range cats.en.Messages() {
		if strings.HasPrefix(id, "refuse.nexus.parse.") && !seen[id] {
			t.Errorf("no case reaches %s", id)
		}
	}
}

// garbageVocabulary is what the random texts of TestParseGarbage are made of: the words of
// the actions, numbers, player names (and names of nobody), card names in every language and
// spelt wrong, a zone and an owner prefix.
func garbageVocabulary(tab *Table) []string {
	words := []string{"cast", "activate", "hero", "attack", "with", "none", "add", "attacker", "block", "and", "another",
		"choose", "swap", "out", "in", "for", "at", "pass", "done", "keep", "mulligan", "yes", "no", "skip",
		",", "...,", "#", "#1", "#2", "#0", "#99999", "1", "2", "-3", "Ann", "Bob", "Cid", "Zed", "Bob:", "stack:", "grave:",
		"Ember Cub #1", "Nareh Flayer #2", "Nareh Flayr", "NEXUS SHARD", `"`, `\`, "{x}", "Ärger"}
	for _, c := range tab.Catalog().All() {
		for _, n := range c.Names {
			words = append(words, n)
		}
	}
	return words
}

// TestParseGarbage: random texts of the actions' words, numbers, card and player names, read
// by every seat in positions of every decision: every error of ParseAction and ParseActions
// is an engine.ParseError with its message or an engine.UnknownCardError (checkParse). Two
// errors stay plain English, both a caller's bug rather than a player's text: a seat that
// does not play in the game, and a card the catalog knows but the game's table lacks (a table
// not compiled from its catalog).
func TestParseGarbage(t *testing.T) {
	tab := mustTable(t)
	cats := loadRefusalCatalogs(t, tab)
	words := garbageVocabulary(tab)
	rng := engine.NewRNG(7)
	text := func() string {
		n := 1 + rng.Intn(7)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = words[rng.Intn(len(words))]
		}
		if rng.Intn(8) == 0 { // a long name, past the suggestions
			parts = append(parts, strings.Repeat("Tempest Roc ", 1+rng.Intn(8)))
		}
		sep := " "
		if rng.Intn(4) == 0 {
			sep = ", "
		}
		return strings.Join(parts, sep)
	}
	var states []*State
	for name, mk := range parseStates(t, tab) {
		if name != "order" {
			states = append(states, mk(t))
		}
	}
	states = append(states, orderGame(t))
	decks := shippedDecks(t)
	for seed := uint64(0); seed < 2; seed++ {
		s, err := NewGame(tab, Options{Names: []string{"Ann", "Bob"}, MaxTurns: 10}, []Deck{decks[seed], decks[seed+2]}, seed)
		if err != nil {
			t.Fatal(err)
		}
		grng := engine.NewRNG(seed)
		for step := 0; step < 240 && !s.Over(); step++ {
			if step%30 == 0 {
				states = append(states, s.Clone().(*State))
			}
			m := s.ToMove(nil)
			seat := m[grng.Intn(len(m))]
			l := s.Legal(seat, nil)
			if err := s.Apply(seat, l[grng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A typed quote or backslash is escaped in the English text of an unknown card, not in
	// its message; a typed brace shows in every language: those texts are checked for their
	// type only.
	check := func(txt string, err error) {
		if strings.ContainsAny(txt, "\"\\{[") {
			checkParseType(t, txt, err)
		} else {
			cats.checkParse(t, txt, err)
		}
	}
	count := 0
	for _, s := range states {
		for k := 0; k < 150; k++ {
			txt := text()
			for q := int8(0); q < s.N; q++ {
				if _, err := s.ParseAction(engine.Seat(q), txt); err != nil {
					check(txt, err)
					count++
				}
				if _, err := s.ParseActions(engine.Seat(q), txt); err != nil {
					check(txt, err)
				}
			}
		}
	}
	t.Logf("%d positions, %d errors", len(states), count)
}
