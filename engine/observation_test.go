package engine

import (
	"slices"
	"testing"
)

// TestBagShowsAMultisetOnly: two bags of the same cards in other orders and other splits
// between their two zones count, sort and hash alike; a bag of other cards hashes otherwise.
func TestBagShowsAMultisetOnly(t *testing.T) {
	cases := []struct {
		name string
		a, b []uint8
	}{
		{"one zone", []uint8{3, 1, 2, 3}, nil},
		{"two zones", []uint8{3}, []uint8{2, 3, 1}},
		{"reversed", []uint8{1, 2}, []uint8{3, 3}},
	}
	var first InfoKey
	for i, c := range cases {
		var g Bag[uint8]
		SetBag(&g, c.a, c.b)
		if got := g.Sorted(nil); !slices.Equal(got, []uint8{1, 2, 3, 3}) || g.Len() != 4 || g.Count(3) != 2 {
			t.Fatalf("%s: sorted %v, len %d, count of 3 %d", c.name, got, g.Len(), g.Count(3))
		}
		counts := make([]int, 4)
		g.AddCounts(counts)
		if !slices.Equal(counts, []int{0, 1, 1, 2}) {
			t.Fatalf("%s: counts %v", c.name, counts)
		}
		var h Hasher
		g.Hash(&h)
		if i == 0 {
			first = h.Key()
		} else if h.Key() != first {
			t.Fatalf("%s: the same multiset hashes otherwise", c.name)
		}
	}
	var g Bag[uint8]
	SetBag(&g, []uint8{1, 2, 3, 4}, nil)
	var h Hasher
	g.Hash(&h)
	if h.Key() == first {
		t.Fatal("another multiset hashes alike")
	}
}

// TestCountedBagAndTailReadTheirCounts: a counted bag and a tail follow their zones' counts
// without being set again, and a tail's cards cannot be resliced into the array's front.
func TestCountedBagAndTailReadTheirCounts(t *testing.T) {
	arr := []uint8{5, 6, 7, 8, 9}
	n := uint16(2)
	var g Bag[uint8]
	SetCountedBag(&g, arr, &n, nil, nil)
	var tl Tail[uint8]
	SetTail(&tl, arr, &n)
	if got := g.Sorted(nil); !slices.Equal(got, []uint8{5, 6}) {
		t.Fatalf("bag of 2: %v", got)
	}
	if got := tl.Cards(); !slices.Equal(got, []uint8{8, 9}) || cap(got) != 2 {
		t.Fatalf("tail of 2: %v (room for %d)", got, cap(got))
	}
	n = 3
	if got := g.Sorted(nil); !slices.Equal(got, []uint8{5, 6, 7}) || g.Len() != 3 {
		t.Fatalf("bag of 3: %v", got)
	}
	if got := tl.Cards(); !slices.Equal(got, []uint8{7, 8, 9}) {
		t.Fatalf("tail of 3: %v", got)
	}
	var empty Tail[uint8]
	if empty.Cards() != nil {
		t.Fatal("an empty tail shows cards")
	}
}

// TestHasherOrdersItsValues: values fed in another order give another key.
func TestHasherOrdersItsValues(t *testing.T) {
	var a, b, c Hasher
	a.Add(1)
	a.Add(2)
	b.Add(2)
	b.Add(1)
	c.Add(1)
	c.Add(2)
	if a.Key() == b.Key() || a.Key() != c.Key() {
		t.Fatal("the key does not follow the values in order")
	}
	var x, y Hasher
	x.AddBytes([]byte("abcdefghij"))
	y.AddBytes([]byte("abcdefghik"))
	if x.Key() == y.Key() {
		t.Fatal("two byte strings hash alike")
	}
}
