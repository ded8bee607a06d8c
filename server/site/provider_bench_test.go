package site_test

import (
	"context"
	"testing"
	"time"

	"sogliq/server/site/sitetest"
)

// BenchmarkProviderPageLarge times the uncached page path of the provider
// listings on the large seed (BENCH_SCALE, default 50: 10k clinics, 100k
// doctors, ~430k prices; or BENCH_SCALE_DB): loader queries and the goja
// render, as a cache miss costs them.
func BenchmarkProviderPageLarge(b *testing.B) {
	db := scaleDB(b)
	s := sitetest.StartWithDB(b, db, sitetest.Options{PoolSize: 1})
	var clinic string
	if err := db.Get(&clinic, "SELECT slug FROM clinics WHERE region_id = 1 ORDER BY id LIMIT 1"); err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{
		"/kliniki/byalltype/all",
		"/uz/kliniki/byalltype/all?open=1&sort=name",
		"/uslugi/konsultatsii?sort=price",
		"/diagnostika",
		"/klinika/" + clinic,
	} {
		b.Run(path, func(b *testing.B) {
			ctx := context.Background()
			samples := make([]time.Duration, 0, b.N)
			var load time.Duration
			for range b.N {
				start := time.Now()
				props, err := s.Server.PageProps(ctx, path)
				if err != nil {
					b.Fatal(err)
				}
				load += time.Since(start)
				if _, err := s.Engine.Render(ctx, props); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(start))
			}
			// The loader's share of the mean; the rest is the goja render.
			b.ReportMetric(float64(load.Microseconds())/1000/float64(b.N), "load-mean-ms")
			reportPercentiles(b, samples)
		})
	}
}
