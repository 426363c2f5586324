package loadtest

import (
	"context"
	"testing"
	"time"
)

func TestCheckLoopback(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8080", "127.3.4.5:1", "[::1]:80", "localhost:8080"} {
		if err := CheckLoopback(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"10.0.0.1:80", "192.168.1.2:80", "8.8.8.8:53", "example.com:80", "0.0.0.0:80", "nohost"} {
		if err := CheckLoopback(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestSmallRun runs a tiny load for a second: it checks the harness works, not the figures
// (those come from `starnexus loadtest`, recorded in docs/performance.md).
func TestSmallRun(t *testing.T) {
	res, err := Run(context.Background(), Config{Games: 4, Interval: 20 * time.Millisecond, Duration: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.Actions < 20 || res.P50 <= 0 || res.Errors > 0 {
		t.Fatalf("result: %+v", res)
	}
	t.Log(res)
}

func TestParseView(t *testing.T) {
	b := []byte(`{"seat":0,"over":false,"players":[],"id":"x","seats":[],"seq":12,"legal":["play Scout","end"],"log":[{"seq":11,"seat":1,"name":"B","action":"end"}]}`)
	v, ok := parseView(b)
	if !ok || v.Seq != 12 || len(v.Legal) != 2 || v.Legal[1] != "end" || v.Over {
		t.Fatalf("%+v %v", v, ok)
	}
	v, ok = parseView([]byte(`{"error":"stale","status":409}`))
	if !ok || v.Error != "stale" {
		t.Fatalf("%+v", v)
	}
}
