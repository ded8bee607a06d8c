package site_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"sogliq/server/site/sitetest"
)

// BenchmarkCacheHit serves a cached page through the whole middleware
// stack (Fiber's handler, no network): the time and the allocations of one
// hit, and the share of the CPU the collector took meanwhile. "identity"
// asks for no encoding, "br" for Brotli, as a browser does.
func BenchmarkCacheHit(b *testing.B) {
	s := sitetest.Start(b, sitetest.Options{})
	handler := s.App.Handler()
	for _, encoding := range []string{"identity", "br"} {
		b.Run(encoding, func(b *testing.B) {
			var ctx fasthttp.RequestCtx
			request := func() {
				ctx.ResetUserValues() // as fasthttp does between requests
				ctx.Request.Reset()
				ctx.Response.Reset()
				ctx.Request.SetRequestURI("/doctors/kardiolog")
				ctx.Request.Header.SetHost("127.0.0.1")
				if encoding != "identity" {
					ctx.Request.Header.Set("Accept-Encoding", "br, gzip")
				}
				handler(&ctx)
			}
			request() // the miss that fills the cache
			request()
			if st, c := ctx.Response.StatusCode(), string(ctx.Response.Header.Peek("X-Cache")); st != 200 || c != "HIT" {
				b.Fatalf("second request: %d %q, want 200 HIT", st, c)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				request()
			}
			b.StopTimer()
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			gc := time.Duration(after.PauseTotalNs - before.PauseTotalNs)
			b.ReportMetric(100*after.GCCPUFraction, "gc-cpu-%")
			b.ReportMetric(float64(gc.Microseconds())/float64(elapsed.Microseconds())*100, "gc-pause-%")
			if ctx.Response.StatusCode() != 200 {
				b.Fatalf("status %d", ctx.Response.StatusCode())
			}
		})
	}
}
