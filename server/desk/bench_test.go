package desk

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"sogliq/server/booking"
	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
)

// BenchmarkDeskDay: on a database seeded at BENCH_SCALE (default 50: 10k
// clinics, 100k doctors, their visits), p50/p99 of the desk's view of
// the 50 clinics with the most doctors: today alone (Day) and the page's
// seven days (Week), the loader's whole query work.
func BenchmarkDeskDay(b *testing.B) {
	scale := 50
	if n, err := strconv.Atoi(os.Getenv("BENCH_SCALE")); err == nil && n > 0 {
		scale = n
	}
	db := dbtest.New(b)
	ctx := context.Background()
	start := time.Now()
	if err := seed.Run(ctx, db, scale, nil); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded scale %d in %v", scale, time.Since(start).Round(time.Second))
	var clinics []int64
	const q = `
		SELECT clinic_id
		FROM doctor_clinics
		GROUP BY clinic_id
		ORDER BY count(*) DESC, clinic_id
		LIMIT 50`
	if err := db.Select(&clinics, q); err != nil {
		b.Fatal(err)
	}
	var visits int
	db.Get(&visits, `SELECT count(*) FROM appointments WHERE clinic_id = ANY(SELECT clinic_id FROM doctor_clinics GROUP BY clinic_id ORDER BY count(*) DESC, clinic_id LIMIT 50) AND lower(during) >= now() - interval '1 day' AND lower(during) < now() + interval '7 days'`)
	b.Logf("%d clinics, %d visits of theirs in the week", len(clinics), visits)
	store := NewStore(db)
	for _, days := range []struct {
		name string
		n    int
	}{{"Day", 1}, {"Week", PageDays}} {
		b.Run(days.name, func(b *testing.B) {
			samples := make([]time.Duration, 0, b.N)
			now := time.Now()
			today := booking.Today(now)
			i := 0
			for b.Loop() {
				t0 := time.Now()
				if _, err := store.Day(ctx, clinics[i%len(clinics)], today, days.n, "ru", now); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(t0))
				i++
			}
			slices.Sort(samples)
			at := func(p float64) float64 {
				return float64(samples[min(len(samples)-1, int(p*float64(len(samples))))].Microseconds()) / 1000
			}
			b.ReportMetric(at(0.50), "p50-ms")
			b.ReportMetric(at(0.99), "p99-ms")
			b.ReportMetric(0, "ns/op")
		})
	}
}
