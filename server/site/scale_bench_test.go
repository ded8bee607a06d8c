package site_test

import (
	"context"
	"os"
	"runtime"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/sys/unix"

	"sogliq/server/cache"
	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
	"sogliq/server/site/sitetest"
	"sogliq/ssr"
)

// BenchmarkListingsAtScale measures the CPU of rendering listings no one
// has asked for yet at country scale (BENCH_SCALE, default 50: 100k
// doctors; BENCH_SCALE_DB names an already seeded database to reuse), on
// the rendering goroutine's thread, p50 over distinct listings:
//
//   - cold: a fresh engine, no Redis: every card rendered (the renderer's
//     own figure; what bench/scale.sh loads);
//   - warm: a fresh engine whose cards another instance rendered into
//     Redis (as the warmer leaves them): fetched in one round trip;
//   - card: a cold card's share, (cold − warm) / cards on the page;
//   - cold-B, warm-B: the bytes a cold and a warm render allocate, the
//     collector's share of a render (a mean: the A/B figure that does not
//     move with the machine's speed).
//
// The doctors' listings show doctor cards, the clinics' listings clinic cards.
func BenchmarkListingsAtScale(b *testing.B) {
	db := scaleDB(b)
	rdb := sitetest.Redis(b)
	site := sitetest.StartWithDB(b, db, sitetest.Options{PoolSize: 1, NoFragments: true})
	var specialties, regions []string
	if err := db.Select(&specialties, `SELECT slug FROM specialties ORDER BY id`); err != nil {
		b.Fatal(err)
	}
	if err := db.Select(&regions, `SELECT slug FROM regions ORDER BY position, id`); err != nil {
		b.Fatal(err)
	}
	listings := map[string][]string{}
	for _, r := range regions {
		for _, lang := range []string{"", "/uz"} {
			prefix := lang + "/" + r
			listings["clinics"] = append(listings["clinics"], prefix+"/kliniki/byalltype/all")
			for _, s := range specialties {
				listings["doctors"] = append(listings["doctors"], prefix+"/doctors/"+s)
			}
		}
	}
	for _, kind := range []string{"doctors", "clinics"} {
		var props [][]byte
		for _, target := range listings[kind] {
			p, err := site.Server.PageProps(context.Background(), target)
			if err == nil {
				props = append(props, p)
			}
		}
		if len(props) < 10 {
			b.Fatalf("%s: only %d listings render", kind, len(props))
		}
		b.Run(kind, func(b *testing.B) {
			prefix := "sogliq-bench:" + strconv.FormatInt(time.Now().UnixNano(), 36) + ":"
			pages := cache.New(rdb, cache.Options{Prefix: prefix, RedisTimeout: 2 * time.Second})
			defer pages.Close()
			engine := func(shared bool) *ssr.Engine {
				f := ssr.NewFragments(0)
				if shared {
					f.Share(pages)
				}
				e, err := ssr.NewEngine(sitetest.Bundle(b), ssr.Options{Size: 1, Fragments: f})
				if err != nil {
					b.Fatal(err)
				}
				return e
			}
			cold, warmer, warm := engine(false), engine(true), engine(true)
			for _, p := range props {
				if _, err := warmer.Render(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
			time.Sleep(time.Second) // the warmer's cards reach Redis in the background
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var coldCPU, warmCPU []time.Duration
			var coldBytes, warmBytes uint64
			cards := 0
			b.ResetTimer()
			for i := range b.N {
				if i == len(props) {
					break // every listing asked for once: the rest would be warm in the cold engine too
				}
				p := props[i]
				for _, run := range []struct {
					e     *ssr.Engine
					cpu   *[]time.Duration
					bytes *uint64
				}{{cold, &coldCPU, &coldBytes}, {warm, &warmCPU, &warmBytes}} {
					allocated := heapAllocated()
					start := threadCPU()
					html, err := run.e.Render(context.Background(), p)
					if err != nil {
						b.Fatal(err)
					}
					*run.cpu = append(*run.cpu, threadCPU()-start)
					*run.bytes += heapAllocated() - allocated
					if run.e == cold {
						cards += countCards(html)
					}
				}
			}
			b.StopTimer()
			c, w := median(coldCPU), median(warmCPU)
			b.ReportMetric(c, "cold-cpu-ms")
			b.ReportMetric(w, "warm-cpu-ms")
			if n := len(coldCPU); n > 0 {
				b.ReportMetric(float64(coldBytes)/float64(n), "cold-B")
				b.ReportMetric(float64(warmBytes)/float64(n), "warm-B")
			}
			if n := len(coldCPU); cards > 0 {
				b.ReportMetric((c-w)/(float64(cards)/float64(n)), "card-cpu-ms")
			}
		})
	}
}

// scaleDB is BENCH_SCALE_DB, or a database seeded at BENCH_SCALE (50).
func scaleDB(b *testing.B) *sqlx.DB {
	if url := os.Getenv("BENCH_SCALE_DB"); url != "" {
		db, err := sqlx.Open("postgres", url)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	}
	scale := 50
	if n, err := strconv.Atoi(os.Getenv("BENCH_SCALE")); err == nil && n > 0 {
		scale = n
	}
	db := dbtest.New(b)
	if err := seed.Run(context.Background(), db, scale, nil); err != nil {
		b.Fatal(err)
	}
	return db
}

// heapAllocated is the bytes the process has allocated on the heap so
// far: what a render costs the collector.
func heapAllocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// threadCPU is the CPU time of the calling thread (lock it first).
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

func median(samples []time.Duration) float64 {
	if len(samples) == 0 {
		return 0
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	return float64(samples[len(samples)/2].Microseconds()) / 1000
}

// countCards counts the doctor and clinic cards of a page.
func countCards(html string) int {
	return strings.Count(html, `class="doctor-summary"`) + strings.Count(html, `class="clinic-summary"`)
}
