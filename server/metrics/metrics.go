// Package metrics holds the server's Prometheus instruments and serves them
// on a listener of their own (METRICS_ADDR, loopback by default), never on
// the public port. Labels are bounded: route names from the route table or
// Fiber's registered patterns, never raw paths.
package metrics

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"strconv"
	"time"

	"github.com/dop251/goja"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds every instrument of this package and the Go runtime's and
// process's collectors.
var Registry = prometheus.NewRegistry()

// Buckets of request, render and query durations, in seconds: from 0.5 ms
// (a cached page) to 10 s (a render's waiting bound).
var durationBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

var (
	requestDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "sogliq_http_request_duration_seconds", Help: "HTTP requests by route (the route table's name, or the handler's pattern) and status.",
		Buckets: durationBuckets,
	}, []string{"route", "status"})
	renderDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "sogliq_render_duration_seconds", Help: "Server renders of a page (props to HTML in goja), by route; the count is the number of renders.",
		Buckets: durationBuckets,
	}, []string{"route"})
	cacheLookups = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sogliq_cache_lookups_total", Help: "Cache lookups by cache (pages, suggestions), layer (local, redis) and result (hit, stale, miss).",
	}, []string{"cache", "layer", "result"})
	poolWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "sogliq_ssr_pool_wait_seconds", Help: "Time a render waited for a free goja runtime.",
		Buckets: durationBuckets,
	})
	runtimesReplaced = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "sogliq_ssr_runtimes_replaced_total", Help: "goja runtimes discarded (a render timed out or threw) and rebuilt.",
	})
	queryDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "sogliq_db_query_duration_seconds", Help: "Database queries by name (the hot queries are named where they run).",
		Buckets: durationBuckets,
	}, []string{"query"})
	staticFallbacks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sogliq_ssr_static_fallbacks_total", Help: "Renders the static renderer handed to React, by kind (page, island, card).",
	}, []string{"kind"})
	redisErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sogliq_redis_errors_total", Help: "Redis calls that failed or timed out (each a cache miss), by cache and operation.",
	}, []string{"cache", "op"})
)

func init() {
	Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		requestDuration, renderDuration, cacheLookups, poolWait, runtimesReplaced, staticFallbacks, queryDuration, redisErrors,
	)
}

// Request records one HTTP request's duration under its route and status.
func Request(route string, status int, d time.Duration) {
	requestDuration.WithLabelValues(route, statusLabel(status)).Observe(d.Seconds())
}

// statusLabel avoids strconv per request for the usual codes.
func statusLabel(status int) string {
	switch status {
	case 200:
		return "200"
	case 301:
		return "301"
	case 302:
		return "302"
	case 304:
		return "304"
	case 404:
		return "404"
	case 500:
		return "500"
	}
	if status < 100 || status > 599 {
		return "other"
	}
	return string([]byte{byte('0' + status/100), byte('0' + status/10%10), byte('0' + status%10)})
}

// Render records one page render (goja) of route.
func Render(route string, d time.Duration) {
	renderDuration.WithLabelValues(route).Observe(d.Seconds())
}

// CacheLookup counts one lookup of cache in layer with its result.
func CacheLookup(cache, layer, result string) {
	cacheLookups.WithLabelValues(cache, layer, result).Inc()
}

// PoolWait records how long a render waited for a runtime.
func PoolWait(d time.Duration) { poolWait.Observe(d.Seconds()) }

// RuntimeReplaced counts one discarded goja runtime.
func RuntimeReplaced() { runtimesReplaced.Inc() }

// StaticFallback counts one render of kind the static renderer handed to React.
func StaticFallback(kind string) { staticFallbacks.WithLabelValues(kind).Inc() }

// Query starts timing the database query name; call the function it
// returns when the query is done: defer metrics.Query("doctors.list")().
func Query(name string) func() {
	start := time.Now()
	return func() { queryDuration.WithLabelValues(name).Observe(time.Since(start).Seconds()) }
}

// RedisError counts one failed Redis call of cache.
func RedisError(cache, op string) { redisErrors.WithLabelValues(cache, op).Inc() }

// Handler serves the registry in the Prometheus text format, and Go's
// profiles under /debug/pprof/ (private like the metrics: this listener
// is never the public one).
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(Registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("GET /debug/pprof/js", jsProfile)
	return mux
}

// jsProfile serves a CPU profile of the JavaScript the renderers run, by
// function (goja's sampling profiler, pprof format), over ?seconds=N (30
// by default, at most 120): where a render's time goes inside goja, which
// Go's profile shows only as the interpreter's loop.
func jsProfile(w http.ResponseWriter, r *http.Request) {
	seconds, err := strconv.Atoi(r.URL.Query().Get("seconds"))
	if err != nil || seconds <= 0 {
		seconds = 30
	}
	seconds = min(seconds, 120)
	var buf bytes.Buffer
	if err := goja.StartProfile(&buf); err != nil {
		http.Error(w, "a JavaScript profile is already running", http.StatusConflict)
		return
	}
	select {
	case <-time.After(time.Duration(seconds) * time.Second):
	case <-r.Context().Done():
	}
	goja.StopProfile()
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="js.pprof"`)
	_, _ = w.Write(buf.Bytes())
}

// Serve listens on addr and serves Handler until ctx ends. It returns the
// bound address (addr may ask for port 0) once it listens; errors after
// that are logged (nil logger: slog.Default()).
func Serve(ctx context.Context, addr string, logger *slog.Logger) (net.Addr, error) {
	if logger == nil {
		logger = slog.Default()
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics: serve", slog.Any("err", err))
		}
	}()
	return ln.Addr(), nil
}
