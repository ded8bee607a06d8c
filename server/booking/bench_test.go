package booking

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
)

// largeSeed is a database seeded at BENCH_SCALE (default 50: 100k
// doctors, 10k clinics, their schedules and ~30k visits).
func largeSeed(b *testing.B) *sqlx.DB {
	b.Helper()
	scale := 50
	if n, err := strconv.Atoi(os.Getenv("BENCH_SCALE")); err == nil && n > 0 {
		scale = n
	}
	db := dbtest.New(b)
	start := time.Now()
	if err := seed.Run(context.Background(), db, scale, nil); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded scale %d in %v", scale, time.Since(start).Round(time.Second))
	return db
}

// listingPages are the doctor ids of the first pages (20 doctors) of the
// Tashkent listings of every specialty, as the listing's one request asks.
func listingPages(b *testing.B, db *sqlx.DB) [][]int64 {
	b.Helper()
	var specs []int64
	if err := db.Select(&specs, `SELECT id FROM specialties ORDER BY id`); err != nil {
		b.Fatal(err)
	}
	var pages [][]int64
	for _, s := range specs {
		var ids []int64
		const q = `
			SELECT d.id
			FROM doctors d
			JOIN doctor_specialties ds ON ds.doctor_id = d.id
			WHERE ds.specialty_id = $1
			  AND d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
			ORDER BY d.popularity DESC, d.rating DESC, d.id
			LIMIT 20`
		if err := db.Select(&ids, q, s); err != nil {
			b.Fatal(err)
		}
		if len(ids) == 20 {
			pages = append(pages, ids)
		}
	}
	return pages
}

func reportPercentiles(b *testing.B, samples []time.Duration) {
	b.Helper()
	if len(samples) == 0 {
		return
	}
	slices.Sort(samples)
	at := func(p float64) float64 {
		return float64(samples[min(len(samples)-1, int(p*float64(len(samples))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkLargeSeed seeds the large database once for its parts:
// ListingSlots, the free times of one listing page (20 doctors, 14 days,
// the first 3 each and the first free date), uncached: the queries of GET
// /api/slots and the computation; HoldAndBook, a hold and its booking.
func BenchmarkLargeSeed(b *testing.B) {
	db := largeSeed(b)
	b.Run("ListingSlots", func(b *testing.B) { benchListingSlots(b, db) })
	b.Run("HoldAndBook", func(b *testing.B) { benchHoldAndBook(b, db) })
}

func benchListingSlots(b *testing.B, db *sqlx.DB) {
	store := NewStore(db)
	pages := listingPages(b, db)
	if len(pages) == 0 {
		b.Fatal("no listing page of 20 doctors")
	}
	ctx, now := context.Background(), time.Now()
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if _, err := store.Next(ctx, pages[i%len(pages)], 3, "ru", now); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(start))
	}
	reportPercentiles(b, samples)
	b.ReportMetric(float64(len(pages)), "pages")
}

// benchHoldAndBook: a hold, then the booking of it, by a new user from a
// new address each time, on free times of the large seed.
func benchHoldAndBook(b *testing.B, db *sqlx.DB) {
	store := NewStore(db)
	ctx, now := context.Background(), time.Now()
	// Free times of the listing pages' doctors, each taken once.
	type target struct {
		doctor, clinic int64
		start          time.Time
	}
	var targets []target
	for _, ids := range listingPages(b, db) {
		plans, err := store.Plans(ctx, ids, 0, "ru", Today(now), AddDays(Today(now), HorizonDays-1), now)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range plans {
			for _, d := range FreeDays(p.Plan, now, Today(now), HorizonDays) {
				for _, s := range d.Slots {
					targets = append(targets, target{p.DoctorID, p.ClinicID, s.Start})
				}
			}
		}
	}
	n := min(b.N, len(targets))
	var firstUser int64
	const users = `
		WITH added AS (
			INSERT INTO users (phone)
			SELECT '99866' || lpad((coalesce((SELECT max(id) FROM users), 0) + n)::text, 7, '0')
			FROM generate_series(1, $1::int) n
			RETURNING id)
		SELECT min(id) FROM added`
	if err := db.Get(&firstUser, users, n); err != nil {
		b.Fatal(err)
	}
	holds, books := make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	b.ResetTimer()
	for i := range n {
		tg, user := targets[i], firstUser+int64(i)
		start := time.Now()
		h, err := store.Hold(ctx, HoldInput{DoctorID: tg.doctor, ClinicID: tg.clinic, Start: tg.start, UserID: user, ClientIP: fmt.Sprintf("10.9.%d.%d", i/250, i%250)}, now)
		if err != nil {
			b.Fatal(err)
		}
		holds = append(holds, time.Since(start))
		start = time.Now()
		if _, _, err := store.Book(ctx, BookInput{UserID: user, HoldID: h.ID, HoldKey: h.Key, IdempotencyKey: newUUID(), Patient: Patient{Self: true}, SelfName: "Bench"}, now); err != nil {
			b.Fatal(err)
		}
		books = append(books, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(holds)
	slices.Sort(books)
	pct := func(s []time.Duration, p float64) float64 {
		return float64(s[min(len(s)-1, int(p*float64(len(s))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(holds, 0.5), "hold-p50-ms")
	b.ReportMetric(pct(holds, 0.99), "hold-p99-ms")
	b.ReportMetric(pct(books, 0.5), "book-p50-ms")
	b.ReportMetric(pct(books, 0.99), "book-p99-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkContention: 1,000 visitors hold one free time at once over the
// API (pooled connections); the time until all have their answer.
func BenchmarkContention(b *testing.B) {
	f := newFixture(b)
	f.exec(b, `INSERT INTO sessions (token_hash, user_id, expires_at)
		SELECT sha256(convert_to('token-of-' || n, 'UTF8')), n, $1
		FROM generate_series(1, $2::int) n`, t0.AddDate(1, 0, 0), attempts)
	times := []string{}
	for day := 1; day < 14; day++ {
		for _, hm := range []string{"09:00", "10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"} {
			times = append(times, slot(day, hm))
		}
	}
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range min(b.N, len(times)) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		start := time.Now()
		for user := 1; user <= attempts; user++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := f.call(b, "POST", "/api/bookings/holds", holdBody(2, 1, times[i]), token(user))
				mu.Lock()
				defer mu.Unlock()
				if a.status == 201 {
					won++
				} else if a.status != 409 {
					b.Errorf("%d %s", a.status, a.raw)
				}
			}()
		}
		wg.Wait()
		samples = append(samples, time.Since(start))
		if won != 1 {
			b.Fatalf("%d winners", won)
		}
		// The holds expire so the users' limits do not bite the next round.
		f.advance(HoldTTL)
	}
	b.StopTimer()
	reportPercentiles(b, samples)
}
