package playername

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/mtibben/confusables"
)

// The generated table gives the library's skeleton for every code point, alone and in context.
func TestSkeletonMatchesLibrary(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		if got, want := skeleton(s), confusables.Skeleton(s); got != want {
			t.Fatalf("skeleton(%U) = %+q, library gives %+q (regenerate: go generate ./playername)", r, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pool := []rune("aAlI1|0Oo éÉe\u0301ÅåАаеοοΙ𝐀ﬁ½ǅ·-_")
	for i := 0; i < 20000; i++ {
		n := 1 + rng.IntN(8)
		rs := make([]rune, n)
		for j := range rs {
			if rng.IntN(4) == 0 {
				rs[j] = rune(rng.IntN(0x3000))
			} else {
				rs[j] = pool[rng.IntN(len(pool))]
			}
		}
		s := string(rs)
		if got, want := skeleton(s), confusables.Skeleton(s); got != want {
			t.Fatalf("skeleton(%+q) = %+q, library gives %+q", s, got, want)
		}
	}
}

// The table is sorted, which the binary search needs.
func TestConfusableTableSorted(t *testing.T) {
	for i := 1; i < len(confusableTable); i++ {
		if confusableTable[i-1].r >= confusableTable[i].r {
			t.Fatalf("confusableTable not sorted at %d: %U then %U", i, confusableTable[i-1].r, confusableTable[i].r)
		}
	}
}
