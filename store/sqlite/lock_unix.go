//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile opens name (creating it) and takes an exclusive flock on it, without waiting
// (errLocked if another process holds it). The lock lives as long as the open file.
func lockFile(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, err
	}
	return f, nil
}
