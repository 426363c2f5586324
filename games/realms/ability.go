package realms

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseAbility reads one ability written in the ability language (docs/cards.md):
//
//	effect; effect; ...
//	choose one: effects | effects | ...
//	if CONDITION: effects
//	for each card discarded this way: effects
//
// "choose one:", "if" and "for each" take the rest of the ability. The options of a choose-one
// are separated by "|" and each option is itself a list of effects separated by ";". A list
// holds at most maxEffects effects and a choose-one at most maxEffects options: the frame
// that walks an ability counts them in bytes (effects.go).
func ParseAbility(text string) (Ability, error) {
	ab, err := parseAbility(text)
	if err == nil && len(ab) > maxEffects {
		return nil, fmt.Errorf("%d effects in one ability; at most %d", len(ab), maxEffects)
	}
	return ab, err
}

// maxEffects bounds the effects of one list and the options of one choose-one.
const maxEffects = 99

func parseAbility(text string) (Ability, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	var out Ability
	for text != "" {
		if rest, ok := cutPrefixFold(text, "choose one:"); ok {
			var opts []Ability
			for i, part := range strings.Split(rest, "|") {
				opt, err := ParseAbility(part)
				if err != nil {
					return nil, fmt.Errorf("option %d: %w", i+1, err)
				}
				if len(opt) == 0 {
					return nil, fmt.Errorf("option %d of \"choose one\" is empty", i+1)
				}
				for _, e := range opt {
					if e.Op == OpChooseOne || e.Op == OpForEach {
						return nil, fmt.Errorf("option %d: a \"choose one\" option may not hold another \"choose one\" or a \"for each\"", i+1)
					}
				}
				opts = append(opts, opt)
			}
			if len(opts) < 2 {
				return nil, fmt.Errorf("\"choose one\" needs at least two options separated by |")
			}
			if len(opts) > maxEffects {
				return nil, fmt.Errorf("\"choose one\" has %d options; at most %d", len(opts), maxEffects)
			}
			return append(out, Effect{Op: OpChooseOne, Options: opts}), nil
		}
		if rest, ok := cutPrefixFold(text, "if "); ok {
			e, err := parseIf(text, rest)
			if err != nil {
				return nil, err
			}
			return append(out, e), nil
		}
		if rest, ok := cutPrefixFold(text, "for each "); ok {
			e, err := parseForEach(text, rest, out)
			if err != nil {
				return nil, err
			}
			return append(out, e), nil
		}
		part, rest, found := strings.Cut(text, ";")
		text = strings.TrimSpace(rest)
		if found && text == "" {
			return nil, fmt.Errorf("empty effect after the last \";\"")
		}
		e, err := parseEffect(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// parseIf reads "if CONDITION: EFFECTS"; src is the whole text, rest what follows "if ".
// Everything after the colon belongs to the if.
func parseIf(src, rest string) (Effect, error) {
	e := Effect{Op: OpIf}
	cond, then, found := strings.Cut(rest, ":")
	if !found {
		return e, fmt.Errorf("%q: \"if\" needs a condition and a colon, as in \"if bases >= 2: draw 2\"", src)
	}
	f := strings.Fields(strings.ToLower(cond))
	count := func(w string) (int, error) {
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || n > 99 {
			return 0, fmt.Errorf("%q: %q is not a number from 1 to 99", src, w)
		}
		return n, nil
	}
	var err error
	switch {
	case len(f) == 3 && f[0] == "bases" && f[1] == ">=":
		e.Cond = CondBases
		if e.CondN, err = count(f[2]); err != nil {
			return e, err
		}
	case len(f) == 4 && f[0] == "opponent" && f[1] == "bases" && f[2] == ">=":
		e.Cond = CondOpponentBases
		if e.CondN, err = count(f[3]); err != nil {
			return e, err
		}
	case len(f) >= 2 && f[0] == "played":
		fac, ok := FactionByName(strings.Join(f[1:], " "))
		if !ok {
			return e, fmt.Errorf("%q: unknown faction %q in \"if played FACTION\" (known: %s)", src, strings.Join(f[1:], " "), strings.Join(factionNames[:], ", "))
		}
		e.Cond, e.CondFaction = CondPlayed, fac
	default:
		return e, fmt.Errorf("%q: unknown condition %q (known: \"bases >= N\", \"opponent bases >= N\", \"played FACTION\")", src, strings.TrimSpace(cond))
	}
	ab, err := ParseAbility(then)
	if err != nil {
		return e, fmt.Errorf("%q: %w", src, err)
	}
	if len(ab) == 0 {
		return e, fmt.Errorf("%q: nothing after the colon", src)
	}
	for _, t := range ab {
		if t.Op == OpIf || t.Op == OpChooseOne || t.Op == OpForEach {
			return e, fmt.Errorf("%q: an \"if\" may not hold another \"if\", a \"choose one\" or a \"for each\"", src)
		}
	}
	e.Then = ab
	return e, nil
}

// parseForEach reads "for each card discarded this way: EFFECTS" (or "scrapped"): EFFECTS
// resolve once per card the previous effect of the ability handled. before is what the
// ability holds so far.
func parseForEach(src, rest string, before Ability) (Effect, error) {
	e := Effect{Op: OpForEach, N: 1, Per: PerThisWay}
	what, then, found := strings.Cut(rest, ":")
	if !found {
		return e, fmt.Errorf("%q: \"for each\" needs a colon, as in \"for each card discarded this way: trade 2\"", src)
	}
	switch w := strings.Join(strings.Fields(strings.ToLower(what)), " "); w {
	case "card discarded this way", "card scrapped this way":
		e.PerWhat = strings.Fields(w)[1]
	default:
		return e, fmt.Errorf("%q: unknown count %q (known: \"for each card discarded this way\", \"for each card scrapped this way\")", src, w)
	}
	if len(before) == 0 || !picksCards(before[len(before)-1].Op) {
		return e, fmt.Errorf("%q: \"for each card %s this way\" must follow a scrap or discard effect in the same ability", src, e.PerWhat)
	}
	ab, err := ParseAbility(then)
	if err != nil {
		return e, fmt.Errorf("%q: %w", src, err)
	}
	if len(ab) == 0 {
		return e, fmt.Errorf("%q: nothing after the colon", src)
	}
	for _, t := range flatten(ab) {
		if t.Op == OpIf || t.Op == OpForEach || picksCards(t.Op) {
			return e, fmt.Errorf("%q: a \"for each\" may hold plain gains and a \"choose one\" of them, not %q", src, effectText(t))
		}
	}
	e.Then = ab
	return e, nil
}

// picksCards reports whether op makes the player pick cards, so that "this way" can count
// them.
func picksCards(op Op) bool {
	return op == OpScrap || op == OpScrapRow || op == OpDiscard
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return strings.TrimSpace(s[len(prefix):]), true
	}
	return s, false
}

// parseEffect reads one effect. Words are matched case-insensitively.
func parseEffect(src string) (Effect, error) {
	if src == "" {
		return Effect{}, fmt.Errorf("empty effect (a stray \";\"?)")
	}
	var e Effect
	s := src
	if rest, ok := cutPrefixFold(s, "may "); ok {
		e.May = true
		s = rest
	}
	w := strings.Fields(strings.ToLower(s))
	bad := func(why string) (Effect, error) { return e, fmt.Errorf("%q: %s", src, why) }
	num := func(i int) (int, error) {
		if i >= len(w) {
			return 0, fmt.Errorf("%q: a number is missing", src)
		}
		n, err := strconv.Atoi(w[i])
		if err != nil || n < 1 || n > 99 {
			return 0, fmt.Errorf("%q: %q is not a number from 1 to 99", src, w[i])
		}
		return n, nil
	}
	var err error
	switch {
	case len(w) >= 2 && (w[0] == "trade" || w[0] == "combat" || w[0] == "authority" || w[0] == "draw"):
		e.Op = map[string]Op{"trade": OpTrade, "combat": OpCombat, "authority": OpAuthority, "draw": OpDraw}[w[0]]
		if e.N, err = num(1); err != nil {
			return e, err
		}
		if e.Op == OpDraw && len(w) > 2 && w[2] == "then" {
			// SR 7.2: "draw N then discard M", one effect so that "may" covers both.
			if len(w) != 5 || w[3] != "discard" {
				return bad("expected \"draw N then discard M\"")
			}
			e.Op = OpDrawDiscard
			if e.Discard, err = num(4); err != nil {
				return e, err
			}
		} else if len(w) > 2 {
			if err := parsePer(&e, w[2:]); err != nil {
				return bad(err.Error())
			}
		}
	case len(w) == 3 && w[0] == "opponent" && w[1] == "discards":
		e.Op = OpOpponentDiscards
		if e.N, err = num(2); err != nil {
			return e, err
		}
	case len(w) >= 2 && (w[0] == "scrap" || w[0] == "discard"):
		i := 1
		if w[1] == "up" {
			if len(w) < 3 || w[2] != "to" {
				return bad("expected \"up to N\"")
			}
			e.UpTo = true
			i = 3
		}
		if e.N, err = num(i); err != nil {
			return e, err
		}
		i++
		if w[0] == "discard" {
			e.Op = OpDiscard
			e.Zones = ZoneHand
			if i != len(w) {
				return bad("\"discard up to N\" discards from your hand and takes nothing more")
			}
			break
		}
		if i >= len(w) || w[i] != "from" {
			return bad("expected \"from hand\", \"from discard\", \"from hand/discard\" or \"from trade row\"")
		}
		zone := strings.Join(w[i+1:], " ")
		switch zone {
		case "hand":
			e.Op, e.Zones = OpScrap, ZoneHand
		case "discard":
			e.Op, e.Zones = OpScrap, ZoneDiscard
		case "hand/discard":
			e.Op, e.Zones = OpScrap, ZoneHand|ZoneDiscard
		case "trade row":
			e.Op, e.Zones = OpScrapRow, ZoneRow
		default:
			return bad(fmt.Sprintf("unknown zone %q (known: hand, discard, hand/discard, trade row)", zone))
		}
	case strings.Join(w, " ") == "destroy target base":
		e.Op = OpDestroyBase
	case len(w) >= 3 && w[0] == "acquire" && w[1] == "free":
		e.Op, e.Kind, e.MaxCost, e.Dest = OpAcquireFree, -1, -1, ToDiscard
		switch w[2] {
		case "ship":
			e.Kind = int(Ship)
		case "base":
			e.Kind = int(Base)
		case "card":
		default:
			return bad("expected \"acquire free ship|base|card\"")
		}
		rest := w[3:]
		if len(rest) > 0 && strings.HasPrefix(rest[0], "cost<=") {
			n, err := strconv.Atoi(strings.TrimPrefix(rest[0], "cost<="))
			if err != nil || n < 0 {
				return bad(fmt.Sprintf("%q is not \"cost<=N\"", rest[0]))
			}
			e.MaxCost = n
			rest = rest[1:]
		}
		switch strings.Join(rest, " ") {
		case "":
		case "to top of deck":
			e.Dest = ToDeckTop
		case "to hand":
			e.Dest = ToHand
		default:
			return bad(fmt.Sprintf("unknown destination %q (known: to top of deck, to hand)", strings.Join(rest, " ")))
		}
	case len(w) >= 2 && w[0] == "put" && w[1] == "next":
		switch strings.Join(w, " ") {
		case "put next ship acquired this turn on top of deck":
			e.Op = OpNextShipTop
		case "put next ship or base acquired this turn on top of deck":
			e.Op = OpNextCardTop
		case "put next ship or base acquired this turn into hand":
			e.Op = OpNextCardHand
		default:
			return bad("unknown redirect (known: \"put next ship acquired this turn on top of deck\", \"put next ship or base acquired this turn on top of deck\", \"put next ship or base acquired this turn into hand\")")
		}
	case strings.Join(w, " ") == "put this card into hand":
		e.Op = OpAcquiredToHand
	case strings.Join(w, " ") == "copy another ship played this turn":
		e.Op = OpCopyShip
	case strings.Join(w, " ") == "copy another base in play":
		e.Op = OpCopyBase
	case len(w) >= 1 && w[0] == "copy":
		return bad("unknown copy (known: \"copy another ship played this turn\", \"copy another base in play\")")
	default:
		return bad("unknown effect (see docs/cards.md for the ability language)")
	}
	if e.May {
		switch e.Op {
		case OpTrade, OpCombat, OpAuthority, OpOpponentDiscards, OpCopyShip, OpCopyBase:
			return bad("\"may\" makes sense only for a choice (draw, scrap, discard, destroy, acquire, put next ship, put this card into hand)")
		case OpDraw, OpDrawDiscard:
			if e.Per != PerNone {
				return bad("\"may draw\" takes a plain number")
			}
			// The yes/no decision is a one-option choice (skip declines): the option is
			// the effect without "may", so that bots score it like any option.
			sure := e
			sure.May = false
			e.Options = []Ability{{sure}}
		}
		if e.UpTo {
			// "up to N" already lets the player take none: "may" adds nothing, and one
			// word (done) ends the decision.
			e.May = false
		}
	}
	return e, nil
}

// parsePer reads "per Blob card played this turn" or "per card scrapped this way".
func parsePer(e *Effect, w []string) error {
	if w[0] != "per" {
		return fmt.Errorf("unexpected %q after the number", strings.Join(w, " "))
	}
	rest := strings.Join(w[1:], " ")
	switch rest {
	case "card scrapped this way", "card discarded this way":
		e.Per, e.PerWhat = PerThisWay, w[2]
		return nil
	case "card scrapped from hand/discard this turn":
		e.Per = PerScrappedTurn
		return nil
	}
	if f, ok := strings.CutSuffix(rest, " card played this turn"); ok {
		fac, known := FactionByName(f)
		if !known {
			return fmt.Errorf("unknown faction %q in \"per ... card played this turn\"", f)
		}
		e.Per, e.PerFaction = PerPlayed, fac
		return nil
	}
	return fmt.Errorf("unknown count %q (known: per FACTION card played this turn, per card scrapped this way, per card discarded this way, per card scrapped from hand/discard this turn)", rest)
}
