package server

import (
	"strconv"
	"strings"
	"testing"

	"starnexus/store"
)

// On SQLite, /metrics reports the write-ahead log's size as the store measures it.
func TestMetricsReportWAL(t *testing.T) {
	h := newHarness(t, Config{})
	w, ok := h.srv.store.(store.WALReporter)
	if !ok {
		t.Fatalf("%T reports no WAL", h.srv.store)
	}
	h.create(`{"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	gauge := func() int64 {
		code, b := h.do("GET", "/metrics", "", nil)
		if code != 200 {
			t.Fatalf("/metrics: %d", code)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "starnexus_sqlite_wal_bytes "); ok {
				f, err := strconv.ParseFloat(v, 64)
				if err != nil {
					t.Fatal(err)
				}
				return int64(f)
			}
		}
		t.Fatal("no starnexus_sqlite_wal_bytes in /metrics")
		return 0
	}
	// The background checkpoints may change the size while /metrics is read: compare only
	// a reading the store's own measures bracket unchanged.
	for range 100 {
		before, _ := w.WALBytes()
		got := gauge()
		if after, _ := w.WALBytes(); before != after {
			continue
		}
		if got != before {
			t.Fatalf("/metrics reports a WAL of %d bytes, the store %d", got, before)
		}
		return
	}
	t.Fatal("the WAL size never held still across a /metrics request")
}
