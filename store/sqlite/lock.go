package sqlite

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// errLocked: another process holds the lock file.
var errLocked = errors.New("locked by another process")

// LockServer takes the lock that makes a server the only one on the SQLite file at path: an
// exclusive lock on the file path+".lock" (flock on Unix, a handle that shares nothing on
// Windows), held until release is called or the process ends. The system drops a killed
// process's lock, so a crash leaves nothing to clean up. A second server on the same file
// gets an error that names the file and the process holding it.
//
// Only servers take it: a server keeps its games in memory and would not see another
// server's writes, whereas the CLI's `campaign play` beside a server is allowed
// (docs/campaigns.md) and relies on the database's own locking.
func LockServer(path string) (release func() error, err error) {
	name := path + ".lock"
	f, err := lockFile(name)
	if errors.Is(err, errLocked) {
		holder := ""
		if b, rerr := os.ReadFile(name); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil {
				holder = fmt.Sprintf(" (process %d)", pid)
			}
		}
		return nil, fmt.Errorf("another starnexus server%s is using the database %s (it holds %s): stop it, or give this one another --db", holder, path, name)
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	// The holder's pid, for the message above; the lock, not this text, is what excludes.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() error {
		// Closing the file releases the lock. The file stays: removing it would let a
		// server that opened it a moment before lock a file nobody else finds.
		if err := f.Close(); err != nil {
			return fmt.Errorf("unlock %s: %w", name, err)
		}
		return nil
	}, nil
}
