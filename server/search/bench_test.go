package search_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/region"
	"sogliq/server/search"
	"sogliq/server/seed"
)

// benchQueries are typed the ways the relevance set covers, plus the short
// prefixes a visitor sends first (two letters match the most rows), plus
// the pathological ones: the longest query taken, of repeated words, of
// distinct long words, and of letters that share trigrams with everything.
func benchQueries(b *testing.B) []string {
	qs := []string{"ка", "ka", "кар", "kard", "ив", "кл", "me", "узи", "мрт", "baraka", "иванова", "karimov"}
	qs = append(qs, pathological...)
	for _, file := range []string{"testdata/relevance.tsv", "testdata/lay.tsv"} {
		for _, c := range readCases(b, file) {
			qs = append(qs, c.query)
		}
	}
	return qs
}

// pathological are queries that cost the most before their bounds.
var pathological = []string{
	strings.Repeat("кардиолог ", 10),
	strings.Repeat("ab", 50),
	"кардиологический гастроэнтерологический оториноларингологический эндокринологический",
	strings.Repeat("ова ", 25),
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	"klinika klinikasi klinikalar doktor shifokor vrach",
}

// BenchmarkSuggest times uncached suggestion lists (the database query
// with the normalisation) on the demo seed and on the large one
// (BENCH_SCALE, default 50: 100k doctors, 10k clinics), p50 and p99.
func BenchmarkSuggest(b *testing.B) {
	for _, test := range []struct {
		name  string
		scale int
	}{{"demo", 1}, {"large", benchScale()}} {
		// Seeded once, not for each of the runs that size b.N.
		var db *sqlx.DB
		parent := b
		b.Run(test.name, func(b *testing.B) {
			if db == nil {
				db = seeded(parent, test.scale)
			}
			store := search.NewStore(db)
			qs := benchQueries(b)
			ctx := context.Background()
			// Warm the connection pool and the buffer cache.
			for _, q := range qs {
				if _, err := store.Understand(ctx, q, 1, search.MaxSuggestions); err != nil {
					b.Fatal(err)
				}
			}
			samples := make([]time.Duration, 0, b.N)
			byQuery := map[string][]time.Duration{}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := qs[i%len(qs)]
				start := time.Now()
				if _, err := store.Understand(ctx, q, int64(1+i%14), search.MaxSuggestions); err != nil {
					b.Fatal(err)
				}
				d := time.Since(start)
				samples = append(samples, d)
				byQuery[q] = append(byQuery[q], d)
			}
			b.StopTimer()
			percentiles(b, samples)
			// The slowest queries by their median time: one slow run of a
			// query is the machine's noise, every run of it is its cost.
			median := map[string]time.Duration{}
			worst := make([]string, 0, len(byQuery))
			for q, ds := range byQuery {
				sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
				median[q] = ds[len(ds)/2]
				worst = append(worst, q)
			}
			sort.Slice(worst, func(i, j int) bool { return median[worst[i]] > median[worst[j]] })
			for _, q := range worst[:min(5, len(worst))] {
				b.Logf("slowest by median of %d runs: %q %v", len(byQuery[q]), q, median[q])
			}
		})
	}
}

// BenchmarkSuggestCached is GET /api/suggest over loopback with every list
// cached in-process: requests per second.
func BenchmarkSuggestCached(b *testing.B) {
	db := seeded(b, 1)
	ctx := context.Background()
	dict, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	regions, err := region.NewStore(db).Regions(ctx)
	if err != nil {
		b.Fatal(err)
	}
	app := fiber.New(fiber.Config{DisableStartupMessage: true, ErrorHandler: api.ErrorHandler(dict)})
	suggestions := cache.New(nil, cache.Options{})
	defer suggestions.Close()
	(&search.Handler{Store: search.NewStore(db), Cache: suggestions, Regions: regions, Dict: dict}).Register(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go app.Listener(ln)
	// Shutdown waits for open connections: the client's idle ones are
	// closed first (defers run last-in, first-out).
	defer app.ShutdownWithTimeout(5 * time.Second)
	base := "http://" + ln.Addr().String() + "/api/suggest?"
	var urls []string
	for _, q := range []string{"кардиолог", "rfhlbjkju", "kardiologlar", "узи", "мрт головного", "baraka", "нурофен", "терапевт"} {
		urls = append(urls, base+url.Values{"q": {q}, "region": {"samarkand"}}.Encode())
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer client.CloseIdleConnections()
	get := func(u string) {
		resp, err := client.Get(u)
		if err != nil {
			b.Error(err)
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Errorf("%s: status %d", u, resp.StatusCode)
		}
	}
	for _, u := range urls {
		get(u)
	}
	var n atomic.Int64
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			get(urls[n.Add(1)%int64(len(urls))])
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
}

// benchScale is BENCH_SCALE, 50 when unset.
func benchScale() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_SCALE")); err == nil && n > 0 {
		return n
	}
	return 50
}

// seeded is a throw-away database seeded at scale.
func seeded(b testing.TB, scale int) *sqlx.DB {
	b.Helper()
	db := dbtest.New(b)
	start := time.Now()
	if err := seed.Run(context.Background(), db, scale, nil); err != nil {
		b.Fatal(err)
	}
	var terms int
	if err := db.Get(&terms, "SELECT count(*) FROM search_terms"); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded scale %d in %v: %d search terms", scale, time.Since(start).Round(time.Second), terms)
	return db
}

// percentiles reports p50 and p99 of samples in milliseconds.
func percentiles(b *testing.B, samples []time.Duration) {
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	at := func(q float64) float64 {
		return float64(samples[int(q*float64(len(samples)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}
