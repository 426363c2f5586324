//go:build !linux

package sim

import "time"

// threadCPU reports no CPU time where the thread clock is not read: decisions are then timed
// by the wall clock alone.
func threadCPU() (time.Duration, bool) { return 0, false }
