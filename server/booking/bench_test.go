package booking

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/account"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
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
// doctors' listings of every specialty in every region, as the listing's
// one request asks (GET /api/slots?doctors=...): ~400 pages on the large
// seed, so the benchmark does not read the same few doctors again.
func listingPages(b *testing.B, db *sqlx.DB) [][]int64 {
	b.Helper()
	var rows []struct {
		IDs pq.Int64Array `db:"ids"`
	}
	const q = `
		SELECT array_agg(id ORDER BY n) AS ids
		FROM (
			SELECT d.id, d.region_id, ds.specialty_id,
			       row_number() OVER (PARTITION BY d.region_id, ds.specialty_id
			                          ORDER BY d.popularity DESC, d.rating DESC, d.id) AS n
			FROM doctors d
			JOIN doctor_specialties ds ON ds.doctor_id = d.id
		) ranked
		WHERE n <= 20
		GROUP BY region_id, specialty_id
		HAVING count(*) = 20
		ORDER BY region_id, specialty_id`
	if err := db.Select(&rows, q); err != nil {
		b.Fatal(err)
	}
	pages := make([][]int64, len(rows))
	for i, r := range rows {
		pages[i] = r.IDs
	}
	return pages
}

func reportPercentiles(b *testing.B, samples []time.Duration) {
	b.Helper()
	reportPercentilesAs(b, "", samples)
}

// reportPercentilesAs reports the p50 and p99 of samples in milliseconds
// as {prefix}p50-ms and {prefix}p99-ms, and no ns/op (a mean of mixed
// work that hides the tail).
func reportPercentilesAs(b *testing.B, prefix string, samples []time.Duration) {
	b.Helper()
	if len(samples) == 0 {
		return
	}
	slices.Sort(samples)
	at := func(p float64) float64 {
		return float64(samples[min(len(samples)-1, int(p*float64(len(samples))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), prefix+"p50-ms")
	b.ReportMetric(at(0.99), prefix+"p99-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkLargeSeed seeds the large database once for its parts, each
// over the booking API as the server mounts it (no page or Redis cache in
// front: free times are never cached), after RoundTrip (SELECT 1, the
// machine's floor): ListingSlots, GET /api/slots for one listing page
// (20 doctors, their first 3 free times and first free date over their
// clinics' horizons, 30 days by default); HoldAndBook, POST
// /api/bookings/holds and then POST /api/bookings of that hold by a
// signed-in user, each timed.
func BenchmarkLargeSeed(b *testing.B) {
	db := largeSeed(b)
	dict, err := i18n.Load()
	if err != nil {
		b.Fatal(err)
	}
	app := apiApp(b, &Handler{Store: NewStore(db), Accounts: account.NewStore(db), Dict: dict, PublicURL: "https://sogliq.test"})
	b.Run("RoundTrip", func(b *testing.B) { benchRoundTrip(b, db) })
	b.Run("ListingSlots", func(b *testing.B) { benchListingSlots(b, db, app) })
	b.Run("HoldAndBook", func(b *testing.B) { benchHoldAndBook(b, db, app) })
}

// benchRoundTrip is the floor under the others: p50/p99 of SELECT 1 on the
// same pool. On a shared, loaded machine every statement waits for a core
// first; the figures of the parts read against this one.
func benchRoundTrip(b *testing.B, db *sqlx.DB) {
	samples := make([]time.Duration, 0, b.N)
	var one int
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if err := db.Get(&one, `SELECT 1`); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, samples)
}

func benchListingSlots(b *testing.B, db *sqlx.DB, app *fiber.App) {
	pages := listingPages(b, db)
	if len(pages) == 0 {
		b.Fatal("no listing page of 20 doctors")
	}
	paths := make([]string, len(pages))
	for i, ids := range pages {
		list := make([]string, len(ids))
		for j, id := range ids {
			list[j] = strconv.FormatInt(id, 10)
		}
		paths[i] = "/api/slots?limit=3&doctors=" + strings.Join(list, ",")
	}
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		a := request(b, app, "GET", paths[i%len(paths)], "", "")
		samples = append(samples, time.Since(start))
		if a.status != 200 || len(a.data()["doctors"].([]any)) != 20 {
			b.Fatalf("%s: %d %.200s", paths[i%len(paths)], a.status, a.raw)
		}
	}
	b.StopTimer()
	reportPercentiles(b, samples)
	b.ReportMetric(float64(len(pages)), "pages")
}

// benchHoldAndBook: a hold, then the booking of it, by a new signed-in
// user from a new address each time, on free times of the listing pages'
// doctors (one time per doctor and page, so the holds spread over doctors
// as visitors' do).
func benchHoldAndBook(b *testing.B, db *sqlx.DB, app *fiber.App) {
	store, ctx, now := NewStore(db), context.Background(), time.Now()
	type target struct {
		doctor, clinic int64
		start          time.Time
	}
	var targets []target
	seen := map[int64]bool{} // a doctor of two specialties is on two pages
	for _, ids := range listingPages(b, db) {
		if len(targets) >= b.N {
			break
		}
		plans, err := store.Plans(ctx, ids, 0, "ru", Today(now), ThroughHorizon, now)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range plans {
			if seen[p.DoctorID] {
				continue
			}
			// A time an hour past the lead: free still when its turn comes.
			if free := firstFree(p.Plan, now.Add(time.Hour), 1); len(free) > 0 {
				seen[p.DoctorID] = true
				targets = append(targets, target{p.DoctorID, p.ClinicID, free[0].Start})
			}
		}
	}
	n := min(b.N, len(targets))
	var firstUser int64
	const users = `
		WITH added AS (
			INSERT INTO users (phone, first_name)
			SELECT '99866' || lpad((coalesce((SELECT max(id) FROM users), 0) + n)::text, 7, '0'), 'Bench'
			FROM generate_series(1, $1::int) n
			RETURNING id
		), signed AS (
			INSERT INTO sessions (token_hash, user_id, expires_at)
			SELECT sha256(convert_to('bench-' || id, 'UTF8')), id, now() + interval '1 day'
			FROM added)
		SELECT min(id) FROM added`
	if err := db.Get(&firstUser, users, n); err != nil {
		b.Fatal(err)
	}
	holds, books := make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	b.ResetTimer()
	for i := range n {
		tg, user := targets[i], firstUser+int64(i)
		token, addr := fmt.Sprintf("bench-%d", user), fmt.Sprintf("10.9.%d.%d", i/250, i%250)
		start := time.Now()
		h := request(b, app, "POST", "/api/bookings/holds", holdBody(tg.doctor, tg.clinic, Stamp(tg.start)), token, "X-Forwarded-For", addr)
		holds = append(holds, time.Since(start))
		if h.status != 201 {
			b.Fatalf("hold %d at %d %s: %d %s", tg.doctor, tg.clinic, Stamp(tg.start), h.status, h.raw)
		}
		start = time.Now()
		bk := request(b, app, "POST", "/api/bookings", bookBody(h.num("id"), h.data()["key"].(string), newUUID()), token, "X-Forwarded-For", addr)
		books = append(books, time.Since(start))
		if bk.status != 201 {
			b.Fatalf("book: %d %s", bk.status, bk.raw)
		}
	}
	b.StopTimer()
	reportPercentilesAs(b, "hold-", holds)
	reportPercentilesAs(b, "book-", books)
	b.ReportMetric(float64(n), "bookings")
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
		f.Advance(HoldTTL)
	}
	b.StopTimer()
	reportPercentiles(b, samples)
}
