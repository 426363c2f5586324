package playername

import (
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run ./internal/mkskeleton

// confusable is one entry of confusableTable: a code point and where its prototype,
// decomposed, lies in confusableProtos.
type confusable struct {
	r          rune
	start, end uint16
}

// skeleton is the confusables skeleton of Unicode TS #39: s decomposed (NFD), each code point
// replaced by its prototype, decomposed again. It gives what github.com/mtibben/confusables'
// Skeleton gives (the tests compare them on every code point), from a table that costs no heap.
func skeleton(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		i := sort.Search(len(confusableTable), func(i int) bool { return confusableTable[i].r >= r })
		if i < len(confusableTable) && confusableTable[i].r == r {
			b.WriteString(confusableProtos[confusableTable[i].start:confusableTable[i].end])
		} else {
			b.WriteRune(r)
		}
	}
	return norm.NFD.String(b.String())
}
