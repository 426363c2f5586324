package sqlite_test

import (
	"path/filepath"
	"strings"
	"testing"

	"starnexus/store/sqlite"
)

func TestLockServerExcludesASecondServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	release, err := sqlite.LockServer(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sqlite.LockServer(path)
	if err == nil {
		t.Fatal("a second lock on the same file was granted")
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "another starnexus server") {
		t.Fatalf("refusal %q does not name the file and say why", err)
	}
	other, err := sqlite.LockServer(filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatalf("a lock on another file: %v", err)
	}
	other()
	if err := release(); err != nil {
		t.Fatal(err)
	}
	again, err := sqlite.LockServer(path)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again()
}
