package seed_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/catalog"
	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
)

// TestLargeScale seeds at SEED_TEST_SCALE (e.g. 50 for ~100k doctors) and
// reports the time; without the variable it is skipped.
func TestLargeScale(t *testing.T) {
	scale, _ := strconv.Atoi(os.Getenv("SEED_TEST_SCALE"))
	if scale < 1 {
		t.Skip("set SEED_TEST_SCALE to seed a large data set")
	}
	db := dbtest.New(t)
	start := time.Now()
	if err := seed.Run(context.Background(), db, scale, nil); err != nil {
		t.Fatal(err)
	}
	var doctors, clinics int
	if err := db.Get(&doctors, "SELECT count(*) FROM doctors"); err != nil {
		t.Fatal(err)
	}
	if err := db.Get(&clinics, "SELECT count(*) FROM clinics"); err != nil {
		t.Fatal(err)
	}
	t.Logf("scale %d: %d doctors, %d clinics in %v", scale, doctors, clinics, time.Since(start))
	timeQueries(t, catalog.NewStore(db), db)
}

// timeQueries logs how long the listing queries take on the large set.
func timeQueries(t *testing.T, s *catalog.Store, db *sqlx.DB) {
	ctx := context.Background()
	var tashkent, kardiolog int64
	if err := db.Get(&tashkent, "SELECT id FROM regions WHERE slug = 'tashkent'"); err != nil {
		t.Fatal(err)
	}
	if err := db.Get(&kardiolog, "SELECT id FROM specialties WHERE slug = 'kardiolog'"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := s.Specialties(ctx, tashkent, "ru"); err != nil {
		t.Fatal(err)
	}
	t.Logf("Specialties: %v", time.Since(start))
	for _, page := range []int{1, 50, 2, 50} {
		start = time.Now()
		p, err := s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: kardiolog, RegionID: tashkent, Page: page})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("DoctorsBySpecialty page %d of %d: %v", page, p.Total, time.Since(start))
	}
}
