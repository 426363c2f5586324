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
//
// "choose one:" takes the rest of the ability; its options are separated by "|" and each
// option is itself a list of effects separated by ";".
func ParseAbility(text string) (Ability, error) {
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
				opts = append(opts, opt)
			}
			if len(opts) < 2 {
				return nil, fmt.Errorf("\"choose one\" needs at least two options separated by |")
			}
			return append(out, Effect{Op: OpChooseOne, Options: opts}), nil
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
		if e.Op == OpIf && text != "" {
			return nil, fmt.Errorf("%q: an \"if\" must be the last effect of an ability (it governs the rest)", part)
		}
		out = append(out, e)
	}
	return out, nil
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
	if rest, ok := cutPrefixFold(s, "if "); ok {
		cond, then, found := strings.Cut(rest, ":")
		if !found {
			return e, fmt.Errorf("%q: \"if\" needs a condition and a colon, as in \"if bases >= 2: draw 2\"", src)
		}
		e.Op = OpIf
		f := strings.Fields(strings.ToLower(cond))
		if len(f) != 3 || f[0] != "bases" || f[1] != ">=" {
			return e, fmt.Errorf("%q: unknown condition %q (known: \"bases >= N\")", src, strings.TrimSpace(cond))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 {
			return e, fmt.Errorf("%q: %q is not a positive number", src, f[2])
		}
		e.Cond, e.CondN = CondBases, n
		then = strings.TrimSpace(then)
		ab, err := ParseAbility(then)
		if err != nil {
			return e, fmt.Errorf("%q: %w", src, err)
		}
		if len(ab) == 0 {
			return e, fmt.Errorf("%q: nothing after the colon", src)
		}
		for _, t := range ab {
			if t.Op == OpIf || t.Op == OpChooseOne {
				return e, fmt.Errorf("%q: an \"if\" may not hold another \"if\" or a \"choose one\"", src)
			}
		}
		e.Then = ab
		return e, nil
	}
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
		if len(w) > 2 {
			if err := parsePer(&e, w[2:]); err != nil {
				return bad(err.Error())
			}
		}
	case len(w) == 3 && w[0] == "opponent" && w[1] == "discards":
		e.Op = OpOpponentDiscards
		if e.N, err = num(2); err != nil {
			return e, err
		}
	case len(w) >= 4 && (w[0] == "scrap" || w[0] == "discard"):
		i := 1
		if w[1] == "up" {
			if w[2] != "to" {
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
	case strings.Join(w, " ") == "put next ship acquired this turn on top of deck":
		e.Op = OpNextShipTop
	case strings.Join(w, " ") == "copy another ship played this turn":
		e.Op = OpCopyShip
	default:
		return bad("unknown effect (see docs/cards.md for the ability language)")
	}
	if e.May {
		switch e.Op {
		case OpTrade, OpCombat, OpAuthority, OpDraw, OpOpponentDiscards, OpCopyShip:
			return bad("\"may\" makes sense only for a choice (scrap, discard, destroy, acquire, put next ship)")
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
	}
	if f, ok := strings.CutSuffix(rest, " card played this turn"); ok {
		fac, known := FactionByName(f)
		if !known {
			return fmt.Errorf("unknown faction %q in \"per ... card played this turn\"", f)
		}
		e.Per, e.PerFaction = PerPlayed, fac
		return nil
	}
	return fmt.Errorf("unknown count %q (known: per FACTION card played this turn, per card scrapped this way, per card discarded this way)", rest)
}
