//go:build windows

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile opens name (creating it) with no sharing, so that no other process can open it
// while this handle is open (errLocked if another process has it open).
func lockFile(name string) (*os.File, error) {
	p, err := syscall.UTF16PtrFromString(name)
	if err != nil {
		return nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil,
		syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		// ERROR_SHARING_VIOLATION (32): another process holds the file open.
		if errors.Is(err, syscall.Errno(32)) {
			return nil, errLocked
		}
		return nil, err
	}
	return os.NewFile(uintptr(h), name), nil
}
