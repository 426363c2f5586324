package engine

import "math/bits"

// RNG is a small seeded random source (xoshiro256**) stored by value, so that copying a State
// copies its random stream too and replays are bit-for-bit identical.
type RNG struct {
	s [4]uint64
}

// NewRNG returns a source seeded with seed through SplitMix64, as the xoshiro authors advise.
func NewRNG(seed uint64) RNG {
	var r RNG
	for i := range r.s {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		r.s[i] = z ^ (z >> 31)
	}
	return r
}

func rotl(x uint64, k uint) uint64 { return (x << k) | (x >> (64 - k)) }

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	s := &r.s
	result := rotl(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = rotl(s[3], 45)
	return result
}

// Intn returns a uniform integer in [0, n). n must be positive.
func (r *RNG) Intn(n int) int {
	// Lemire's multiply-shift; the tiny bias for huge n is irrelevant for card games.
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Shuffle shuffles x in place with r (Fisher-Yates).
func Shuffle[T any](r *RNG, x []T) {
	for i := len(x) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		x[i], x[j] = x[j], x[i]
	}
}
