package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runMain runs this package's binary with args to its end, returning its exit code and
// standard error.
func runMain(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "STARNEXUS_TEST_RUN_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stderr.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

// A second `serve` on the SQLite file of a running one is refused at start, saying why;
// `campaign` commands beside the server still work.
func TestSecondServeOnOneFileRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "one.db")
	first := startServe(t, db)
	code, stderr := runMain(t, "serve", "--addr", "127.0.0.1:0", "--db", db)
	if code == 0 || !strings.Contains(stderr, "another starnexus server") || !strings.Contains(stderr, db) {
		t.Fatalf("second serve: exit %d, stderr %q", code, stderr)
	}
	if code, stderr := runMain(t, "campaign", "list", "--db", db); code != 0 {
		t.Fatalf("campaign list beside the server: exit %d, %s", code, stderr)
	}
	if code, _ := first.do(t, "GET", "/healthz", "", ""); code != 200 {
		t.Fatalf("the first server answers /healthz with %d", code)
	}
}
