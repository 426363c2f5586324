package nexus

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
)

// optionNames are the options SetOption reads: the turn limit, the seat that lost the
// players' last game, and the Part G variants.
var optionNames = []string{"max_turns", "last_loser", "attack_refresh", "modifier_expiry",
	"alteration_unblocks", "passive_triggers", "retain_priority", "instant_duration"}

// OptionNames lists the options SetOption reads.
func OptionNames() []string { return append([]string(nil), optionNames...) }

// SetOption sets one option from its text form: the one parser of Stellar Nexus options, for
// the command line, the API and scenario files. The variants take the values of SN Part G
// (the first is the rulebook's); last_loser takes a seat number from 1 or a seat's name, so it
// must come after the names are set.
func SetOption(o *Options, key, value string) error {
	v := strings.ToLower(strings.TrimSpace(value))
	pick := func(dst *bool, off, on string) error {
		switch v {
		case off:
			*dst = false
		case on:
			*dst = true
		default:
			return fmt.Errorf("option %s: %q is not %s or %s", key, engine.Clip(value, 64), off, on)
		}
		return nil
	}
	switch key {
	case "max_turns":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			return fmt.Errorf("option max_turns: %q is not a number of turns from 1 to 10000", engine.Clip(value, 64))
		}
		o.MaxTurns = n
		return nil
	case "last_loser":
		if n, err := strconv.Atoi(v); err == nil {
			if n < 1 || n > len(o.Names) {
				return fmt.Errorf("option last_loser: seat %d: the seats are 1 to %d", n, len(o.Names))
			}
			o.LastLoser = n
			return nil
		}
		for i, name := range o.Names {
			if strings.EqualFold(name, strings.TrimSpace(value)) {
				o.LastLoser = i + 1
				return nil
			}
		}
		return fmt.Errorf("option last_loser: no player named %q", engine.Clip(value, 64))
	case "attack_refresh":
		return pick(&o.AttackRefresh, "upkeep", "every_step")
	case "modifier_expiry":
		return pick(&o.SymmetricExpiry, "cap_only", "symmetric")
	case "alteration_unblocks":
		return pick(&o.NoAlterationUnbind, "true", "false")
	case "passive_triggers":
		return pick(&o.TriggersOnStack, "immediate", "stack")
	case "retain_priority":
		return pick(&o.RetainPriority, "false", "true")
	case "instant_duration":
		return pick(&o.InstantTurn, "phase", "turn")
	}
	if c := engine.Closest(key, optionNames, 1); len(c) > 0 {
		return fmt.Errorf("unknown Stellar Nexus option %q (did you mean %s?)", engine.Clip(key, 64), c[0])
	}
	return fmt.Errorf("unknown Stellar Nexus option %q (known: %s)", engine.Clip(key, 64), strings.Join(optionNames, ", "))
}
