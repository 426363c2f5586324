package realms

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
	"starnexus/i18n/msg"
)

// ActionText implements engine.State: the canonical text of an action
// (scenario-format.md, "Actions").
func (s *State) ActionText(seat engine.Seat, a engine.Action) string {
	name := func(c CardID) string {
		if c == 0 || int(c) > s.cat.NumIDs() {
			return "?"
		}
		return s.cat.Card(c).Name
	}
	switch kindOf(a) {
	case actEnd:
		return "end"
	case actPlay:
		return "play " + name(cardOf(a))
	case actUse:
		return "use " + name(cardOf(a)) + " " + Slot(zoneOf(a)%int(numSlots)).String()
	case actBuy:
		return "buy " + name(cardOf(a)) + s.upgradeText(nOf(a))
	case actAttackPlayer:
		return fmt.Sprintf("attack %s %d", s.SeatName(seatOf(a)), nOf(a))
	case actAttackBase:
		if nOf(a) > 0 {
			return fmt.Sprintf("attack %s:%s %d", s.SeatName(seatOf(a)), name(cardOf(a)), nOf(a))
		}
		return fmt.Sprintf("attack %s:%s", s.SeatName(seatOf(a)), name(cardOf(a)))
	case actChooseOpt:
		return fmt.Sprintf("choose %d", nOf(a))
	case actChoosePlayer:
		return "choose " + s.SeatName(seatOf(a))
	case actChooseCard:
		if nOf(a)&qualified == 0 {
			return "choose " + name(cardOf(a)) + s.upgradeText(nOf(a)>>1)
		}
		if zoneOf(a) == zPlay {
			return "choose " + s.SeatName(seatOf(a)) + ":" + name(cardOf(a))
		}
		return "choose " + zoneNames[zoneOf(a)%len(zoneNames)] + ":" + name(cardOf(a))
	case actGive:
		pool := "trade"
		if zoneOf(a) == poolCombat {
			pool = "combat"
		}
		return fmt.Sprintf("give %s %s %d", s.SeatName(seatOf(a)), pool, nOf(a))
	case actPass:
		return fmt.Sprintf("pass %s to %s", name(cardOf(a)), s.SeatName(seatOf(a)))
	case actSkip:
		return "skip"
	case actDone:
		return "done"
	}
	return fmt.Sprintf("action#%08x", uint32(a))
}

// ParseAction implements engine.State. It accepts the canonical texts and the shorthands of
// scenario-format.md: card names in any case, French and Spanish aliases, unqualified names
// where the zone is clear, and "attack PLAYER" for all the Combat. A text it cannot read is
// refused with an engine.ParseError (messages refuse.realms.parse.*), a card name no card
// answers to with an engine.UnknownCardError.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if seat < 0 || int(seat) >= int(s.NSeats) {
		return 0, parseErr(fmt.Sprintf("seat %d does not play in this game", seat), "no_seat", "seat", int(seat))
	}
	t := strings.Join(strings.Fields(text), " ")
	verb, rest, _ := strings.Cut(t, " ")
	verb = strings.ToLower(verb)
	bad := func(code, why string, args ...any) (engine.Action, error) {
		return 0, textErr(text, code, why, args...)
	}
	switch verb {
	case "end", "skip", "done":
		if rest != "" {
			return bad("nothing_after", fmt.Sprintf("%q takes nothing after it", verb), "word", verb)
		}
		switch verb {
		case "end":
			return mkWord(actEnd), nil
		case "skip":
			if s.dec.Kind == decCards && s.dec.UpTo && !s.dec.May {
				return mkWord(actDone), nil
			}
			return mkWord(actSkip), nil
		default:
			if s.dec.Kind == decCards && s.dec.May && !s.dec.UpTo {
				return mkWord(actSkip), nil
			}
			return mkWord(actDone), nil
		}
	case "play", "buy":
		if rest == "" {
			return bad("name_card", fmt.Sprintf("name a card, as in %q", verb+" Scout"), "verb", verb, "card", "Scout")
		}
		r := 0
		if verb == "buy" {
			var err error
			if rest, r, err = s.parseUpgrade(seat, rest); err != nil {
				return 0, err
			}
		}
		_, name := splitQualifier(rest)
		c, err := s.lookup(name)
		if err != nil {
			return 0, err
		}
		if verb == "play" {
			return mkPlay(c), nil
		}
		return mk(actBuy, c, 0, 0, r), nil
	case "upgrade":
		return bad("upgrade_later", "an upgrade is paid at the moment of acquiring the card, never later (SR 8.3): write \"buy CARD upgrade SHEET row N\" (or \"choose CARD upgrade SHEET row N\" for a free acquisition)")
	case "use":
		i := strings.LastIndex(rest, " ")
		if i < 0 {
			return bad("use_syntax", "write \"use CARD primary\", \"use CARD ally\" or \"use CARD scrap\"")
		}
		var slot Slot
		switch strings.ToLower(rest[i+1:]) {
		case "primary":
			slot = Primary
		case "ally":
			slot = Ally
		case "scrap":
			slot = ScrapSlot
		default:
			return bad("not_ability", fmt.Sprintf("%q is not an ability: primary, ally or scrap", rest[i+1:]), "word", rest[i+1:])
		}
		_, name := splitQualifier(rest[:i])
		c, err := s.lookup(name)
		if err != nil {
			return 0, err
		}
		return mkUse(c, slot), nil
	case "attack":
		return s.parseAttack(seat, text, rest)
	case "give":
		f := strings.Fields(rest)
		if len(f) != 3 || (strings.ToLower(f[1]) != "trade" && strings.ToLower(f[1]) != "combat") {
			return bad("give_syntax", "write \"give PLAYER trade N\" or \"give PLAYER combat N\"")
		}
		t, ok := s.SeatByName(f[0])
		if !ok {
			return s.noPlayer(text, clip(f[0]))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > 0xfff {
			return bad("not_number", fmt.Sprintf("%q is not a positive number", f[2]), "word", f[2])
		}
		pool := poolTrade
		if strings.ToLower(f[1]) == "combat" {
			pool = poolCombat
		}
		return mkGive(t, pool, n), nil
	case "pass":
		i := strings.LastIndex(strings.ToLower(rest), " to ")
		if i < 0 {
			return bad("pass_syntax", "write \"pass CARD to PLAYER\"")
		}
		_, name := splitQualifier(rest[:i])
		c, err := s.lookup(name)
		if err != nil {
			return 0, err
		}
		t, ok := s.SeatByName(strings.TrimSpace(rest[i+4:]))
		if !ok {
			return s.noPlayer(text, strings.TrimSpace(rest[i+4:]))
		}
		return mkPass(c, t), nil
	case "choose":
		return s.parseChoose(seat, text, rest)
	case "":
		return bad("empty", "empty action")
	}
	return bad("unknown_action", fmt.Sprintf("unknown action %q (known: play, use, buy, attack, give, pass, choose, skip, done, end)", clip(verb)), "word", clip(verb))
}

// lookup finds a card by name; a long unknown name is refused without suggestions, and is
// quoted only in part.
func (s *State) lookup(name string) (CardID, error) {
	name = strings.TrimSpace(name)
	if len(name) > engine.MaxSuggest {
		if id, ok := s.cat.byName[engine.FoldName(name)]; ok {
			return id, nil
		}
		return 0, &UnknownCardError{Name: clip(name)}
	}
	return s.cat.Lookup(name)
}

// clip shortens a long text for an error message.
func clip(t string) string { return engine.Clip(t, engine.MaxSuggest) }

// parseErr is a text that is no action: reason in English and its message, id
// refuse.realms.parse.CODE with the arguments kv.
func parseErr(reason, code string, kv ...any) *engine.ParseError {
	return &engine.ParseError{Reason: reason, Why: msg.M("refuse.realms.parse."+code, kv...)}
}

// textErr is parseErr for the typed text: the English reason why after the text quoted (and
// clipped), the message with the text as argument "text" before kv.
func textErr(text, code, why string, kv ...any) *engine.ParseError {
	t := clip(text)
	return parseErr(fmt.Sprintf("%q: %s", t, why), code, append([]any{"text", t}, kv...)...)
}

// noPlayer refuses text, which names no player of the game (name), listing the players.
func (s *State) noPlayer(text, name string) (engine.Action, error) {
	players := strings.Join(s.opts.Names, ", ")
	return 0, textErr(text, "no_player", fmt.Sprintf("no player named %q (players: %s)", name, players), "name", name, "players", players)
}

// splitQualifier splits "hand:Scout" into ("hand", "Scout"); no colon gives ("", text).
func splitQualifier(t string) (string, string) {
	q, name, ok := strings.Cut(t, ":")
	if !ok {
		return "", strings.TrimSpace(t)
	}
	return strings.TrimSpace(q), strings.TrimSpace(name)
}

func (s *State) parseAttack(seat engine.Seat, text, rest string) (engine.Action, error) {
	if rest == "" {
		who := s.SeatName((seat + 1) % engine.Seat(s.NSeats))
		return 0, textErr(text, "attack_syntax", fmt.Sprintf("name a player, as in \"attack %s 3\"", who), "player", who)
	}
	amount := -1
	if i := strings.LastIndex(rest, " "); i >= 0 {
		if n, err := strconv.Atoi(rest[i+1:]); err == nil {
			amount = n
			rest = rest[:i]
		}
	}
	who, base, isBase := strings.Cut(rest, ":")
	t, ok := s.SeatByName(strings.TrimSpace(who))
	if !ok {
		return s.noPlayer(text, clip(who))
	}
	if isBase {
		c, err := s.lookup(base)
		if err != nil {
			return 0, err
		}
		if amount == 0 || amount > 0xfff {
			return 0, textErr(text, "attack_amount", "attack with at least 1 Combat")
		}
		if amount > 0 {
			// SR 10.6: damage to a Raid Boss's base; the amount that destroys it is the plain attack.
			if i := s.playIndex(t, c, nil); i >= 0 && amount == s.cat.Card(c).Defense-int(s.playArea(&s.P[t])[i].Dmg) {
				return mkAttackBase(t, c), nil
			}
			return mk(actAttackBase, c, 0, t, amount), nil
		}
		return mkAttackBase(t, c), nil
	}
	if amount == -1 {
		amount = min(int(s.P[seat].Combat), maxAmount) // more is attacked in several actions
	}
	if amount < 1 || amount > 0xfff {
		return 0, textErr(text, "attack_amount", "attack with at least 1 Combat")
	}
	return mkAttackPlayer(t, amount), nil
}

func (s *State) parseChoose(seat engine.Seat, text, rest string) (engine.Action, error) {
	if rest == "" {
		return 0, textErr(text, "choose_what", "choose what? (a number, a card or a player)")
	}
	if n, err := strconv.Atoi(rest); err == nil {
		if n < 1 || n > 0xfff {
			return 0, textErr(text, "option_number", "options are numbered from 1")
		}
		return mkChooseOpt(n), nil
	}
	if t, ok := s.SeatByName(rest); ok && !strings.Contains(rest, ":") {
		if _, isCard := s.cat.byName[engine.FoldName(rest)]; !isCard || s.dec.Kind == decPlayer {
			return mkChoosePlayer(t), nil
		}
	}
	rest, up, err := s.parseUpgrade(seat, rest)
	if err != nil {
		return 0, err
	}
	q, name := splitQualifier(rest)
	c, err := s.lookup(name)
	if err != nil {
		return 0, err
	}
	if up > 0 {
		// Only a free acquisition from the Trade Row takes an upgrade (SR 8.3).
		return mk(actChooseCard, c, zRow, 0, up<<1), nil
	}
	zone, owner := zNone, engine.Seat(-1)
	switch strings.ToLower(q) {
	case "":
	case "hand":
		zone = zHand
	case "discard":
		zone = zDiscard
	case "row", "trade row":
		zone = zRow
	case "play", "in_play":
		zone = zPlay
	case "deck":
		zone = zDeck
	default:
		o, ok := s.SeatByName(q)
		if !ok {
			return 0, textErr(text, "zone", fmt.Sprintf("%q is neither a zone (hand, discard, play, row) nor a player", clip(q)), "word", clip(q))
		}
		zone, owner = zPlay, o
	}
	// Match against the answers of the pending decision, so that an unqualified name finds
	// the one answer it can mean (the hand first where it could mean two). Only the seat that
	// decides does: the answers of another's decision may be cards of a hand this seat does
	// not see, and the action read must not depend on them (issue 11).
	var buf [64]engine.Action
	var answers []engine.Action
	if s.dec.Kind != decNone && s.dec.Seat == seat {
		answers = s.answers(buf[:0], false)
	}
	for _, a := range answers {
		if kindOf(a) != actChooseCard || cardOf(a) != c || nOf(a)>>1 != 0 {
			continue
		}
		if zone != zNone && zoneOf(a) != zone {
			continue
		}
		if owner >= 0 && seatOf(a) != owner {
			continue
		}
		return a, nil
	}
	// Not an answer now: still return a well-formed action, so Apply can say why.
	if zone == zNone {
		zone = zHand
	}
	if owner < 0 {
		owner = 0
	}
	return mkChooseCard(c, zone, owner, q != ""), nil
}

// DecisionPrompt describes the pending decision in words, or "" if there is none.
func (s *State) DecisionPrompt() string {
	d := &s.dec
	if d.Kind == decNone {
		return ""
	}
	who := s.SeatName(d.Seat)
	src := ""
	if s.frame.Active {
		src = s.cat.Card(s.frame.Card).Name + ": "
	}
	switch d.Kind {
	case decOption:
		if d.Op == OpDraw || d.Op == OpDrawDiscard {
			return fmt.Sprintf("%s%s may %s (choose 1 to do it, skip to decline)", src, who, effectText(d.eff.Options[0][0]))
		}
		var opts []string
		for i, o := range d.eff.Options {
			opts = append(opts, fmt.Sprintf("%d) %s", i+1, abilityText(o)))
		}
		return fmt.Sprintf("%s%s chooses one: %s", src, who, strings.Join(opts, "; "))
	case decPlayer:
		return fmt.Sprintf("%s%s chooses the opponent who discards", src, who)
	}
	verb := map[Op]string{
		OpScrap: "scrap", OpScrapRow: "scrap from the Trade Row", OpDiscard: "discard",
		opDiscardTarget: "discard", OpDestroyBase: "destroy a base", OpAcquireFree: "acquire for free",
		OpCopyShip: "copy a ship", OpCopyBase: "copy a base", OpAcquiredToHand: "put the acquired card into hand",
	}[d.Op]
	amount := ""
	switch {
	case d.UpTo:
		amount = fmt.Sprintf(" up to %d more", d.Left)
	case d.Left > 1:
		amount = fmt.Sprintf(" %d more", d.Left)
	}
	opt := ""
	if d.May {
		opt = " (may skip)"
	}
	if d.UpTo {
		opt = " (done to stop)"
	}
	return fmt.Sprintf("%s%s must %s%s%s", src, who, verb, amount, opt)
}

// abilityText writes an ability back in the ability language.
func abilityText(ab Ability) string {
	var parts []string
	for _, e := range ab {
		parts = append(parts, effectText(e))
	}
	return strings.Join(parts, "; ")
}

func effectText(e Effect) string {
	may := ""
	if e.May {
		may = "may "
	}
	per := ""
	switch e.Per {
	case PerPlayed:
		per = " per " + strings.Join(e.PerFaction.Names(), "/") + " card played this turn"
	case PerThisWay:
		per = " per card " + e.PerWhat + " this way"
	case PerScrappedTurn:
		per = " per card scrapped from hand/discard this turn"
	}
	upto := ""
	if e.UpTo {
		upto = "up to "
	}
	switch e.Op {
	case OpTrade:
		return fmt.Sprintf("trade %d%s", e.N, per)
	case OpCombat:
		return fmt.Sprintf("combat %d%s", e.N, per)
	case OpAuthority:
		return fmt.Sprintf("authority %d%s", e.N, per)
	case OpDraw:
		return fmt.Sprintf("%sdraw %d%s", may, e.N, per)
	case OpDrawDiscard:
		return fmt.Sprintf("%sdraw %d then discard %d", may, e.N, e.Discard)
	case OpOpponentDiscards:
		return fmt.Sprintf("opponent discards %d", e.N)
	case OpScrap:
		z := map[uint8]string{ZoneHand: "hand", ZoneDiscard: "discard", ZoneHand | ZoneDiscard: "hand/discard"}[e.Zones]
		return fmt.Sprintf("%sscrap %s%d from %s", may, upto, e.N, z)
	case OpScrapRow:
		return fmt.Sprintf("%sscrap %s%d from trade row", may, upto, e.N)
	case OpDiscard:
		return fmt.Sprintf("%sdiscard %s%d", may, upto, e.N)
	case OpDestroyBase:
		return may + "destroy target base"
	case OpNextShipTop:
		return may + "put next ship acquired this turn on top of deck"
	case OpNextCardTop:
		return may + "put next ship or base acquired this turn on top of deck"
	case OpNextCardHand:
		return may + "put next ship or base acquired this turn into hand"
	case OpAcquiredToHand:
		return may + "put this card into hand"
	case OpCopyShip:
		return "copy another ship played this turn"
	case OpCopyBase:
		return "copy another base in play"
	case OpForEach:
		return "for each card " + e.PerWhat + " this way: " + abilityText(e.Then)
	case OpChooseOne:
		var o []string
		for _, opt := range e.Options {
			o = append(o, abilityText(opt))
		}
		return "choose one: " + strings.Join(o, " | ")
	case OpIf:
		cond := fmt.Sprintf("bases >= %d", e.CondN)
		switch e.Cond {
		case CondOpponentBases:
			cond = fmt.Sprintf("opponent bases >= %d", e.CondN)
		case CondPlayed:
			cond = "played " + strings.Join(e.CondFaction.Names(), "/")
		}
		return "if " + cond + ": " + abilityText(e.Then)
	case OpAcquireFree:
		k := "card"
		if e.Kind >= 0 {
			k = Kind(e.Kind).String()
		}
		c := ""
		if e.MaxCost >= 0 {
			c = fmt.Sprintf(" cost<=%d", e.MaxCost)
		}
		d := map[Dest]string{ToDiscard: "", ToDeckTop: " to top of deck", ToHand: " to hand"}[e.Dest]
		return fmt.Sprintf("%sacquire free %s%s%s", may, k, c, d)
	}
	return "?"
}
