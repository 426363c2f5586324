package scenario

import (
	"fmt"
	"reflect"
	"strings"

	"starnexus/engine"
)

// Small helpers the games' adapters share: reading expected values of a scenario file and
// comparing states.

// SameValue compares two states with reflect.DeepEqual: for games whose State is a plain
// value this is exact, and it is what an adapter's Same may return.
func SameValue(a, b engine.State) bool { return reflect.DeepEqual(a, b) }

// WantInt reads an expected whole number, as YAML decodes it.
func WantInt(v any) (int, error) {
	switch n := v.(type) {
	case int:
		return n, nil
	case int64:
		return int(n), nil
	case uint64:
		return int(n), nil
	}
	return 0, fmt.Errorf("want a whole number, got %v", v)
}

// ToStrings reads an expected list of texts; nil stands for the empty list. ok is false when
// v is not a list of texts.
func ToStrings(v any) ([]string, bool) {
	if v == nil {
		return nil, true
	}
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// SeenPlayer reads the PLAYER.FIELD of a "VIEWER.sees.PLAYER.FIELD" expectation: the seat
// byName finds for PLAYER, and FIELD.
func SeenPlayer(key string, byName func(string) (engine.Seat, bool)) (engine.Seat, string, error) {
	who, field, ok := strings.Cut(key, ".")
	if !ok {
		return 0, "", fmt.Errorf("sees: write VIEWER.sees.PLAYER.FIELD")
	}
	p, ok := byName(who)
	if !ok {
		return 0, "", fmt.Errorf("sees: no player named %q", who)
	}
	return p, field, nil
}
