package catalog_test

import (
	"context"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/catalog"
	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
)

// benchScale is the seed scale of the listing benchmarks: BENCH_SCALE, 50
// (10k clinics, 100k doctors, ~500k prices) when unset.
func benchScale() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_SCALE")); err == nil && n > 0 {
		return n
	}
	return 50
}

// largeDB seeds a throw-away database at benchScale.
func largeDB(b *testing.B) *sqlx.DB {
	b.Helper()
	db := dbtest.New(b)
	start := time.Now()
	if err := seed.Run(context.Background(), db, benchScale(), nil); err != nil {
		b.Fatal(err)
	}
	var clinics, prices int
	if err := db.Get(&clinics, "SELECT count(*) FROM clinics"); err != nil {
		b.Fatal(err)
	}
	if err := db.Get(&prices, "SELECT count(*) FROM clinic_services"); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded scale %d in %v: %d clinics, %d prices", benchScale(), time.Since(start).Round(time.Second), clinics, prices)
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

// BenchmarkClinicListing times the clinic listing queries of the large
// seed in Tashkent, the region with the most clinics: all clinics by
// rating and deep by name, a service category (six items) by lowest
// price, an item by price with the open-now filter, a specialisation open now.
func BenchmarkClinicListing(b *testing.B) {
	ctx := context.Background()
	db := largeDB(b)
	s := catalog.NewStore(db)
	var tashkent int64
	if err := db.Get(&tashkent, "SELECT id FROM regions WHERE slug = 'tashkent'"); err != nil {
		b.Fatal(err)
	}
	category, err := s.ServiceBySlug(ctx, catalog.KindService, "konsultatsii", "ru")
	if err != nil {
		b.Fatal(err)
	}
	item, err := s.ServiceBySlug(ctx, catalog.KindDiagnostic, "mrt-kolennogo-sustava", "ru")
	if err != nil {
		b.Fatal(err)
	}
	noon := time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC) // Monday 12:00 in Tashkent
	for _, test := range []struct {
		name   string
		filter catalog.ClinicFilter
	}{
		{"all/rating", catalog.ClinicFilter{}},
		{"all/name/page50", catalog.ClinicFilter{Sort: catalog.SortName, Page: 50}},
		{"all/popular", catalog.ClinicFilter{Sort: catalog.SortPopular}},
		{"category/popular", catalog.ClinicFilter{ServiceID: category.ID, Sort: catalog.SortPopular}},
		{"category/price", catalog.ClinicFilter{ServiceID: category.ID, Sort: catalog.SortPrice}},
		{"item/price/open", catalog.ClinicFilter{ServiceID: item.ID, Sort: catalog.SortPrice, OpenAt: &noon}},
		{"profile/open/rating", catalog.ClinicFilter{ProfileID: 1, OpenAt: &noon}},
	} {
		test.filter.RegionID, test.filter.Lang, test.filter.PerPage = tashkent, "ru", 20
		b.Run(test.name, func(b *testing.B) {
			samples := make([]time.Duration, 0, b.N)
			for range b.N {
				start := time.Now()
				if _, err := s.Clinics(ctx, test.filter); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(start))
			}
			percentiles(b, samples)
		})
	}
}
