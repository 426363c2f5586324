package realms

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
)

// checkParseRefusal checks an error of ParseAction (or of a card name read at setup, whose
// English text ends with the message's): it is an engine.ParseError with a message or an
// engine.UnknownCardError, the English catalog renders it as its English text, and every
// catalog has its ids. It returns the message's id and its French and Spanish renders.
func checkParseRefusal(t *testing.T, what string, err error, en *i18n.Catalog, others map[string]*i18n.Catalog) (id string, renders map[string]string) {
	t.Helper()
	var pe *engine.ParseError
	var ue *engine.UnknownCardError
	switch {
	case errors.As(err, &pe):
		if !strings.HasPrefix(pe.Why.ID, "refuse.realms.parse.") {
			t.Fatalf("%q: %v: message id %q", what, err, pe.Why.ID)
		}
	case errors.As(err, &ue):
	default:
		t.Fatalf("%q: %v (%T) is neither a ParseError nor an UnknownCardError", what, err, err)
	}
	m, ok := engine.RefusalMsg(err)
	if !ok {
		t.Fatalf("%q: %v has no message", what, err)
	}
	for _, id := range msgIDs(m) {
		if !en.Has(id) {
			t.Fatalf("%q: no English text for %q", what, id)
		}
		for lang, c := range others {
			if !c.Has(id) {
				t.Fatalf("%q: no %s text for %q", what, lang, id)
			}
		}
	}
	if got := en.Render(m); !strings.HasSuffix(err.Error(), got) || (pe != nil && got != pe.Reason) {
		t.Fatalf("%q: English message %q, the error says %q", what, got, err.Error())
	}
	renders = map[string]string{}
	for lang, c := range others {
		renders[lang] = c.Render(m)
	}
	return m.ID, renders
}

// TestParseRefusalsAreMessages reads texts that are no action, in a duel and in a campaign
// game, each refused with a message of the catalogs; and some of them in French and Spanish.
// Every message refuse.realms.parse.* is met.
func TestParseRefusalsAreMessages(t *testing.T) {
	cat := loadCat(t)
	en, others := refusalCatalogs(t, cat)
	duel := Options{Names: []string{"Ann", "Bob"}}
	campaign := Options{Names: []string{"Ann", "Bob"}, Campaign: testCampaign(false)}
	long := strings.Repeat("Blob Fighter ", 20)
	// text is read by seat (Ann when 0) unless err gives the error.
	tests := []struct {
		opts   Options
		seat   engine.Seat
		text   string
		err    func(*testing.T, *State) error
		id     string // after refuse.realms.parse., or the id of an unknown card
		fr, es string // "": not checked
	}{
		{duel, 5, "end", nil, "no_seat", "la place 5 ne joue pas dans cette partie", "el asiento 5 no juega en esta partida"},
		{duel, -1, "play Scout", nil, "no_seat", "", ""},
		{duel, 0, "end now", nil, "nothing_after",
			"«\u00a0end now\u00a0»\u00a0: «\u00a0fin\u00a0» s’écrit seul, sans rien après", "«end now»: «terminar» va solo, sin nada detrás"},
		{campaign, 0, "Skip 1", nil, "nothing_after", "", ""},
		{duel, 0, "done it", nil, "nothing_after", "", ""},
		{duel, 0, "play", nil, "name_card",
			"«\u00a0play\u00a0»\u00a0: nommez une carte, par exemple «\u00a0jouer Éclaireur\u00a0»", "«play»: nombra una carta, por ejemplo «jugar Rastreadora»"},
		{campaign, 0, "BUY", nil, "name_card",
			"«\u00a0BUY\u00a0»\u00a0: nommez une carte, par exemple «\u00a0acheter Éclaireur\u00a0»", "«BUY»: nombra una carta, por ejemplo «comprar Rastreadora»"},
		{campaign, 0, "upgrade Cutter", nil, "upgrade_later", "", ""},
		{duel, 0, "use Scout", nil, "use_syntax",
			"«\u00a0use Scout\u00a0»\u00a0: écrivez «\u00a0utiliser CARTE primaire\u00a0», «\u00a0utiliser CARTE allié\u00a0» ou «\u00a0utiliser CARTE retirer\u00a0»",
			"«use Scout»: escribe «usar CARTA principal», «usar CARTA aliado» o «usar CARTA desguazar»"},
		{duel, 0, "use Scout first", nil, "not_ability", "", ""},
		{duel, 0, "give Bob trade", nil, "give_syntax", "", ""},
		{campaign, 0, "give Cid trade 2", nil, "no_player",
			"«\u00a0give Cid trade 2\u00a0»\u00a0: aucun joueur ne s’appelle «\u00a0Cid\u00a0» (joueurs\u00a0: Ann, Bob)",
			"«give Cid trade 2»: ningún jugador se llama «Cid» (jugadores: Ann, Bob)"},
		{duel, 0, "give Bob combat x", nil, "not_number", "", ""},
		{duel, 0, "give Bob combat 0", nil, "not_number", "", ""},
		{duel, 0, "pass Scout", nil, "pass_syntax", "", ""},
		{duel, 0, "pass Scout to Cid", nil, "no_player", "", ""},
		{duel, 0, "", nil, "empty", "", ""},
		{campaign, 0, "   ", nil, "empty", "", ""},
		{duel, 0, "dance with Bob", nil, "unknown_action",
			"«\u00a0dance with Bob\u00a0»\u00a0: action inconnue «\u00a0dance\u00a0» (actions\u00a0: jouer, utiliser, acheter, attaquer, donner, transmettre, choisir, renoncer, terminé, fin)",
			"«dance with Bob»: acción desconocida «dance» (acciones: jugar, usar, comprar, atacar, dar, pasar, elegir, omitir, listo, terminar)"},
		{duel, 0, "attack", nil, "attack_syntax",
			"«\u00a0attack\u00a0»\u00a0: nommez un joueur, par exemple «\u00a0attaquer Bob 3\u00a0»", "«attack»: nombra un jugador, por ejemplo «atacar Bob 3»"},
		{campaign, 1, "attack", nil, "attack_syntax", "", ""},
		{duel, 0, "attack Cid 3", nil, "no_player", "", ""},
		{duel, 0, "attack Bob 0", nil, "attack_amount", "", ""},
		{duel, 0, "attack Bob", nil, "attack_amount", "", ""},
		{campaign, 0, "attack Bob:Blob Wheel 0", nil, "attack_amount",
			"«\u00a0attack Bob:Blob Wheel 0\u00a0»\u00a0: attaquez avec au moins 1 Combat", "«attack Bob:Blob Wheel 0»: ataca con al menos 1 de Combate"},
		{duel, 0, "choose", nil, "choose_what", "", ""},
		{duel, 0, "choose 0", nil, "option_number", "", ""},
		{campaign, 0, "choose pocket:Scout", nil, "zone", "", ""},
		{duel, 0, "buy Cutter upgrade Empire 1 row 3", nil, "no_campaign",
			"«\u00a0Cutter upgrade Empire 1 row 3\u00a0»\u00a0: cette partie n’appartient pas à une campagne, donc pas d’amélioration (SR 8.3)",
			"«Cutter upgrade Empire 1 row 3»: esta partida no es de una campaña, así que no hay mejoras (SR 8.3)"},
		{duel, 0, "choose Cutter upgrade Empire 1 row 3", nil, "no_campaign", "", ""},
		{campaign, 0, "buy Cutter upgrade Empire 1", nil, "upgrade_syntax",
			"«\u00a0Cutter upgrade Empire 1\u00a0»\u00a0: écrivez «\u00a0amélioration PLANCHE ligne N\u00a0», par exemple «\u00a0acheter Cutter amélioration Empire 1 ligne 3\u00a0»",
			"«Cutter upgrade Empire 1»: escribe «mejora HOJA fila N», por ejemplo «comprar Mercante mejora Empire 1 fila 3»"},
		{campaign, 0, "buy Cutter upgrade Empire 1 row three", nil, "row_number", "", ""},
		{campaign, 0, "choose Cutter upgrade Empire 9 row 3", nil, "no_row",
			"«\u00a0Cutter upgrade Empire 9 row 3\u00a0»\u00a0: aucune ligne 3 sur une planche nommée «\u00a0Empire 9\u00a0» (vos planches\u00a0: Empire 1, Empire 2)",
			"«Cutter upgrade Empire 9 row 3»: no hay fila 3 en ninguna hoja llamada «Empire 9» (tus hojas: Empire 1, Empire 2)"},
		{campaign, 1, "buy Cutter upgrade Bob row 1", nil, "no_row", "", "«Cutter upgrade Bob row 1»: no hay fila 1 en ninguna hoja llamada «Bob» (tus hojas: Federation 1)"},
		{duel, 0, "play Scout (first)", nil, "upgraded_name",
			"carte inconnue «\u00a0Scout (first)\u00a0» (une copie améliorée s’écrit «\u00a0Cutter (Empire 1/3)\u00a0»)",
			"carta desconocida «Scout (first)» (una copia mejorada se escribe «Mercante (Empire 1/3)»)"},
		{campaign, 0, "choose hand:Cutter (Empire 1", nil, "upgraded_name", "", ""},
		{duel, 0, "play Cutter (Empire 1/1)", nil, "no_upgraded_copy", "", ""},
		{campaign, 0, "use Cutter (Empire 2/4) ally", nil, "no_upgraded_copy",
			"aucune copie améliorée «\u00a0Cutter (Empire 2/4)\u00a0» dans cette partie", "no hay ninguna copia mejorada «Cutter (Empire 2/4)» en esta partida"},
		{duel, 0, "play Blob Fightr", nil, "refuse.unknown_card_suggest", "", ""},
		{campaign, 0, "attack Bob:Nothing At All", nil, "refuse.unknown_card", "", ""},
		{duel, 0, "play " + long, nil, "refuse.unknown_card", "", ""},
		{campaign, 0, "pass " + long + " to Bob", nil, "refuse.unknown_card", "", ""},
		{campaign, 0, "", func(t *testing.T, _ *State) error {
			c := testCampaign(false)
			c.Seats[0].Hand = []string{"Cutter (Empire 9/1)"}
			_, err := NewGame(cat, Options{Names: []string{"Ann", "Bob"}, Campaign: c}, 1)
			return err
		}, "no_sticker_row",
			"«\u00a0Cutter (Empire 9/1)\u00a0»\u00a0: aucune ligne d’autocollants Empire 9/1 dans cette campagne",
			"«Cutter (Empire 9/1)»: no hay ninguna fila de pegatinas Empire 9/1 en esta campaña"},
		{campaign, 0, "", func(t *testing.T, s *State) error {
			_, err := s.upgradedByName("Cutter (Federation 1/2)")
			return err
		}, "cannot_take_row",
			"Cutter ne peut pas recevoir l’autocollant de la ligne Federation 1/2",
			"Mercante no puede llevar la pegatina de la fila Federation 1/2"},
	}
	seen := map[string]bool{}
	for _, tc := range tests {
		s, err := NewGame(cat, tc.opts, 1)
		if err != nil {
			t.Fatal(err)
		}
		what := tc.text
		if tc.err != nil {
			what = tc.id
			err = tc.err(t, s)
		} else {
			_, err = s.ParseAction(tc.seat, tc.text)
		}
		if err == nil {
			t.Errorf("%q read", what)
			continue
		}
		id, renders := checkParseRefusal(t, what, err, en, others)
		want := tc.id
		if !strings.HasPrefix(want, "refuse.") {
			want = "refuse.realms.parse." + want
		}
		if id != want {
			t.Errorf("%q: %v: id %q, want %q", what, err, id, want)
		}
		seen[id] = true
		for lang, got := range renders {
			if strings.ContainsAny(got, "[{") {
				t.Errorf("%q: %s %q has a missing text or argument", what, lang, got)
			}
		}
		if tc.fr != "" && renders["fr"] != tc.fr {
			t.Errorf("%q: French %q, want %q", what, renders["fr"], tc.fr)
		}
		if tc.es != "" && renders["es"] != tc.es {
			t.Errorf("%q: Spanish %q, want %q", what, renders["es"], tc.es)
		}
	}
	for id := range en.Messages() {
		if strings.HasPrefix(id, "refuse.realms.parse.") && !seen[id] {
			t.Errorf("no text met %s", id)
		}
	}
}

// TestParseGarbage reads random texts made of the words of the actions, numbers, player and
// card names, in a duel and a campaign game: every text ParseAction refuses is refused with
// a message (checkParseRefusal).
func TestParseGarbage(t *testing.T) {
	cat := loadCat(t)
	en, others := refusalCatalogs(t, cat)
	words := []string{"play", "use", "buy", "attack", "give", "pass", "choose", "skip", "done", "end", "upgrade",
		"primary", "ally", "scrap", "trade", "combat", "to", "row", "hand:", "discard:", "play:", "row:", "deck:",
		"Ann", "Bob", "Cid", "Ann:", "Bob:", "Empire 1", "Empire 2", "Federation 1", "(Empire 1/1)", "(Empire 2/3)", "(",
		"-1", "0", "1", "2", "3", "5", "4096", "99999999999999999999", "x", "PLAY", "Upgrade", ":", " "}
	var cards []string
	for i := range cat.Cards {
		cards = append(cards, cat.Cards[i].Name, cat.Cards[i].NameIn("fr"), cat.Cards[i].NameIn("es"))
	}
	seen := map[string]int{}
	for _, opts := range []Options{{Names: []string{"Ann", "Bob"}}, {Names: []string{"Ann", "Bob"}, Campaign: testCampaign(false)}} {
		s, err := NewGame(cat, opts, 2)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(5)
		for range 4000 {
			var parts []string
			if rng.Intn(2) == 0 { // most often an action word first
				parts = append(parts, words[rng.Intn(11)])
			}
			for range rng.Intn(7) {
				if rng.Intn(3) == 0 {
					parts = append(parts, cards[rng.Intn(len(cards))])
				} else {
					parts = append(parts, words[rng.Intn(len(words))])
				}
			}
			text := strings.Join(parts, " ")
			if rng.Intn(4) == 0 {
				text = strings.Join(parts, "")
			}
			seat := engine.Seat(rng.Intn(4) - 1)
			if _, err := s.ParseAction(seat, text); err != nil {
				id, renders := checkParseRefusal(t, text, err, en, others)
				seen[id]++
				for lang, got := range renders {
					if strings.ContainsAny(got, "[{") {
						t.Fatalf("%q: %s %q has a missing text or argument", text, lang, got)
					}
				}
			}
		}
	}
	ids := slices.Sorted(maps.Keys(seen))
	t.Logf("%d messages met: %v", len(ids), ids)
}
