package realms

import (
	"testing"
	"unsafe"
)

// TestLayout keeps the sizes CopyTo was measured with (state.go): a header of 776 bytes, the
// players at that offset and 384 bytes each, a table without padding and a seatTable of 32
// bytes at the start of each player.
func TestLayout(t *testing.T) {
	var s State
	for _, c := range []struct {
		what      string
		got, want uintptr
	}{
		{"header", unsafe.Sizeof(s.header), 776},
		{"players' offset", unsafe.Offsetof(s.P), 776},
		{"player", unsafe.Sizeof(s.P[0]), 384},
		{"table", unsafe.Sizeof(s.table), 376},
		{"seatTable", unsafe.Sizeof(s.P[0].seatTable), 32},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.what, c.got, c.want)
		}
	}
}
