package booking

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
)

// scaleDB is BENCH_SCALE_DB when set (a --scale 50 database seeded and
// migrated by this tree: it must hold visit types; the benchmark only
// reads it), else a fresh seed at BENCH_SCALE (largeSeed).
func scaleDB(b *testing.B) *sqlx.DB {
	b.Helper()
	url := os.Getenv("BENCH_SCALE_DB")
	if url == "" {
		return largeSeed(b)
	}
	db, err := sqlx.Open("postgres", url)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	// As the server's pool (database.Open): idle connections kept, so the
	// side-by-side reads do not open and prepare anew each time.
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(8)
	var types int
	if err := db.Get(&types, `SELECT count(*) FROM (SELECT 1 FROM visit_types LIMIT 1) t`); err != nil || types == 0 {
		b.Fatalf("BENCH_SCALE_DB has no visit types (seeded before migration 00220? seed it anew): %v", err)
	}
	return db
}

// BenchmarkTypedListing times the free-times query of a listing page (20
// doctors, the first pages of every specialty and region) for a visit
// type over a 30-day horizon: Store.NextOf, each clinic's type of the
// kind (or its first), its runs of consecutive slots, the first 3 free.
// Issue 30's target: p99 ≤ 15 ms on the --scale 50 database. One untimed
// pass over the pages first: the timed ones measure the query, not a
// freshly seeded database's first reads from disk (each page is asked
// once per pass; a cold pass's p99 is ~10 ms more).
func BenchmarkTypedListing(b *testing.B) {
	db := scaleDB(b)
	pages := listingPages(b, db)
	if len(pages) == 0 {
		b.Fatal("no listing page of 20 doctors")
	}
	s, ctx := NewStore(db), context.Background()
	for _, ids := range pages {
		if _, err := s.NextOf(ctx, NextQuery{IDs: ids, Limit: 3, Types: &TypeChoice{}, Days: 30, Lang: "ru"}, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
	// "plain" is the same query without visit types, to read the others
	// against on a shared machine.
	for _, kind := range []string{"plain", "", "followup", "procedure"} {
		name, types := kind, &TypeChoice{Kind: kind}
		switch kind {
		case "":
			name = "first-of-each"
		case "plain":
			types = nil
		}
		b.Run(name, func(b *testing.B) {
			samples := make([]time.Duration, 0, b.N)
			typed := 0
			for i := range b.N {
				q := NextQuery{IDs: pages[i%len(pages)], Limit: 3, Types: types, Days: 30, Lang: "ru"}
				start := time.Now()
				next, err := s.NextOf(ctx, q, time.Now())
				samples = append(samples, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				for _, d := range next.Doctors {
					for _, c := range d.Clinics {
						if c.Type != nil {
							typed++
						}
					}
				}
			}
			if typed == 0 && types != nil {
				b.Fatal("no clinic had a visit type")
			}
			reportPercentiles(b, samples)
			b.ReportMetric(float64(len(pages)), "pages")
		})
	}
}
