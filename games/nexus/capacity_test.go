package nexus

import (
	"reflect"
)

// sameState reports whether two States are the same game: position, decision, random source
// and the used entries of every table.
func sameState(a, b *State) bool {
	x, y := *a, *b
	x.O, x.Stack, x.Mods, x.Jobs = a.O[:a.NO], a.Stack[:a.NS], a.Mods[:a.NM], a.Jobs[:a.NJ]
	y.O, y.Stack, y.Mods, y.Jobs = b.O[:b.NO], b.Stack[:b.NS], b.Mods[:b.NM], b.Jobs[:b.NJ]
	return reflect.DeepEqual(x, y)
}
