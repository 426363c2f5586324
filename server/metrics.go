package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"starnexus/store"
)

// metrics are the server's Prometheus metrics, in a registry of its own (no global state).
type metrics struct {
	reg     *prometheus.Registry
	actions prometheus.Counter
	latency prometheus.Histogram
	clients prometheus.Gauge
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.actions = prometheus.NewCounter(prometheus.CounterOpts{Name: "starnexus_actions_total",
		Help: "Actions accepted and committed (rate() gives actions per second)."})
	m.latency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "starnexus_action_seconds",
		Help:    "Time from an action's arrival to its commit.",
		Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2}})
	m.clients = prometheus.NewGauge(prometheus.GaugeOpts{Name: "starnexus_clients_connected",
		Help: "WebSocket connections open."})
	live := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "starnexus_games_live",
		Help: "Games held by this process that are not over."}, func() float64 {
		n := 0
		for _, g := range s.liveGames() {
			g.mu.Lock()
			if !g.st.Over() {
				n++
			}
			g.mu.Unlock()
		}
		return float64(n)
	})
	m.reg.MustRegister(m.actions, m.latency, m.clients, live,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if w, ok := s.store.(store.WALReporter); ok {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "starnexus_sqlite_wal_bytes",
			Help: "Size of the SQLite write-ahead log file (bounded: docs/performance.md)."}, func() float64 {
			n, _ := w.WALBytes()
			return float64(n)
		}))
	}
	return m
}
