package seed_test

import (
	"context"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/database/dbtest"
	"sogliq/server/seed"
)

// checksum digests the seeded rows, so two databases can be compared.
func checksum(t *testing.T, db *sqlx.DB) string {
	t.Helper()
	var sum string
	// Write times (created_at, updated_at) are when the rows were written,
	// not part of the data.
	const q = `
		SELECT md5(
			(SELECT string_agg((to_jsonb(d) - 'created_at' - 'updated_at')::text, '|' ORDER BY d.id) FROM doctors d) ||
			(SELECT string_agg((to_jsonb(c) - 'created_at' - 'updated_at')::text, '|' ORDER BY c.id) FROM clinics c) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.doctor_id, x.specialty_id) FROM doctor_specialties x) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.doctor_id, x.clinic_id) FROM doctor_clinics x) ||
			(SELECT string_agg((to_jsonb(s) - 'created_at' - 'updated_at')::text, '|' ORDER BY s.id) FROM specialties s) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.id) FROM districts x) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.id) FROM diseases x) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.disease_id, x.symptom_id) FROM disease_symptoms x) ||
			(SELECT string_agg((to_jsonb(x) - 'created_at' - 'updated_at')::text, '|' ORDER BY x.id) FROM products x))`
	if err := db.GetContext(context.Background(), &sum, q); err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestRunDeterministic(t *testing.T) {
	ctx := context.Background()
	a, b := dbtest.New(t), dbtest.New(t)
	for _, db := range []*sqlx.DB{a, b} {
		start := time.Now()
		if err := seed.Run(ctx, db, 1, nil); err != nil {
			t.Fatal(err)
		}
		t.Logf("seed.Run(scale 1) took %v", time.Since(start))
	}
	if ca, cb := checksum(t, a), checksum(t, b); ca != cb {
		t.Errorf("two seeded databases differ: %s != %s", ca, cb)
	}
}

func TestRunNoOpWhenNotEmpty(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	before := checksum(t, db)
	if empty, err := seed.IsEmpty(ctx, db); err != nil || empty {
		t.Fatalf("IsEmpty after seeding = %v, %v; want false", empty, err)
	}
	if err := seed.Run(ctx, db, 2, nil); err != nil {
		t.Fatal(err)
	}
	if after := checksum(t, db); after != before {
		t.Error("Run on a seeded database changed it")
	}
}

func TestRunCounts(t *testing.T) {
	db := dbtest.NewSeeded(t)
	for _, test := range []struct {
		name, query string
		min, max    int
	}{
		{"doctors", "SELECT count(*) FROM doctors", 2000, 2200},
		{"clinics", "SELECT count(*) FROM clinics", 312, 372},
		{"specialties", "SELECT count(*) FROM specialties", 28, 40},
		{"tashkent districts", "SELECT count(*) FROM districts d JOIN regions r ON r.id = d.region_id WHERE r.code = 'TK'", 12, 12},
		{"regions without doctors", "SELECT count(*) FROM regions r WHERE NOT EXISTS (SELECT 1 FROM doctors d WHERE d.region_id = r.id)", 0, 0},
		{"doctors without clinics", "SELECT count(*) FROM doctors d WHERE NOT EXISTS (SELECT 1 FROM doctor_clinics dc WHERE dc.doctor_id = d.id)", 0, 0},
		{"doctors at clinics of another region", "SELECT count(*) FROM doctors d JOIN doctor_clinics dc ON dc.doctor_id = d.id JOIN clinics c ON c.id = dc.clinic_id WHERE c.region_id <> d.region_id", 0, 0},
		{"tashkent cardiologists (pages of 20)", `SELECT count(*) FROM doctors d JOIN doctor_specialties ds ON ds.doctor_id = d.id
			JOIN specialties s ON s.id = ds.specialty_id JOIN regions r ON r.id = d.region_id WHERE s.slug = 'kardiolog' AND r.slug = 'tashkent'`, 41, 1000},
		{"prices off the 10 000 grid", "SELECT count(*) FROM doctor_clinics WHERE price % 10000 <> 0 OR price NOT BETWEEN 80000 AND 400000", 0, 0},
		{"region and clinic type pairs without clinics", `SELECT count(*) FROM regions r CROSS JOIN clinic_types t
			WHERE NOT EXISTS (SELECT 1 FROM clinics c WHERE c.region_id = r.id AND c.type_id = t.id)`, 0, 0},
		{"clinics without a type", "SELECT count(*) FROM clinics WHERE type_id IS NULL", 0, 0},
		{"clinics without hours", "SELECT count(*) FROM clinics c WHERE NOT EXISTS (SELECT 1 FROM clinic_hours h WHERE h.clinic_id = c.id)", 0, 0},
		{"clinics without a specialisation", "SELECT count(*) FROM clinics c WHERE NOT EXISTS (SELECT 1 FROM clinic_profile_links l WHERE l.clinic_id = c.id)", 0, 0},
		{"priced items without a clinic in tashkent", `SELECT count(*) FROM services s WHERE s.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1
			FROM clinic_services cs JOIN clinics c ON c.id = cs.clinic_id JOIN regions r ON r.id = c.region_id WHERE cs.service_id = s.id AND r.slug = 'tashkent')`, 0, 0},
		{"distinct prices of a complete blood count", `SELECT count(DISTINCT price_from) FROM clinic_services cs JOIN services s ON s.id = cs.service_id
			WHERE s.slug = 'obshchiy-analiz-krovi'`, 20, 1000},
		{"maternity hospitals not round the clock", `SELECT count(*) FROM clinics c JOIN clinic_types t ON t.id = c.type_id
			WHERE t.slug = 'roddoma' AND (SELECT count(*) FROM clinic_hours h WHERE h.clinic_id = c.id AND h.opens_min = 0 AND h.closes_min = 1440) <> 7`, 0, 0},
		{"specialties missing in samarkand", `SELECT count(*) FROM specialties s WHERE NOT EXISTS (SELECT 1 FROM doctor_specialties ds
			JOIN doctors d ON d.id = ds.doctor_id JOIN regions r ON r.id = d.region_id WHERE ds.specialty_id = s.id AND r.code = 'SA')`, 0, 8},
	} {
		t.Run(test.name, func(t *testing.T) {
			var n int
			if err := db.Get(&n, test.query); err != nil {
				t.Fatal(err)
			}
			if n < test.min || n > test.max {
				t.Errorf("%d, want %d..%d", n, test.min, test.max)
			}
		})
	}
}

func TestRunRejectsBadScale(t *testing.T) {
	db := dbtest.New(t)
	if err := seed.Run(context.Background(), db, 0, nil); err == nil {
		t.Error("Run(scale 0) succeeded")
	}
}

// TestBookingData: every doctor works somewhere every week, at each of
// their clinics (up to three), and the demo has upcoming and past visits,
// holidays and days off.
func TestBookingData(t *testing.T) {
	db := dbtest.NewSeeded(t)
	var got struct {
		Unscheduled int `db:"unscheduled"`
		Upcoming    int `db:"upcoming"`
		Past        int `db:"past"`
		Holidays    int `db:"holidays"`
		DaysOff     int `db:"days_off"`
		Users       int `db:"users"`
		NoHistory   int `db:"no_history"`
	}
	const q = `
		SELECT
			(SELECT count(*) FROM doctor_clinics dc
			 WHERE NOT EXISTS (SELECT 1 FROM schedules s WHERE s.doctor_id = dc.doctor_id AND s.clinic_id = dc.clinic_id)
			   AND (SELECT count(*) FROM doctor_clinics x WHERE x.doctor_id = dc.doctor_id) <= 3) AS unscheduled,
			(SELECT count(*) FROM appointments WHERE status = 'booked' AND lower(during) > now()) AS upcoming,
			(SELECT count(*) FROM appointments WHERE status <> 'booked' AND upper(during) < now()) AS past,
			(SELECT count(*) FROM schedule_exceptions WHERE doctor_id IS NULL) AS holidays,
			(SELECT count(*) FROM schedule_exceptions WHERE doctor_id IS NOT NULL AND starts_min IS NULL) AS days_off,
			(SELECT count(*) FROM users WHERE phone LIKE '99877%') AS users,
			(SELECT count(*) FROM appointments a WHERE NOT EXISTS (
				SELECT 1 FROM appointment_history h WHERE h.appointment_id = a.id AND h.status = a.status)) AS no_history`
	if err := db.GetContext(context.Background(), &got, q); err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", got)
	if got.Unscheduled != 0 || got.Upcoming < 100 || got.Past < 100 || got.Holidays == 0 || got.DaysOff == 0 || got.Users != 250 || got.NoHistory != 0 {
		t.Errorf("booking data: %+v", got)
	}
}

// TestVisitTypes: every doctor has 2-4 active visit types at each clinic,
// named in Russian and Uzbek, the first of them one slot at the clinic's
// price (the listings' default); some take two slots, some are a child's,
// some are online.
func TestVisitTypes(t *testing.T) {
	db := dbtest.NewSeeded(t)
	var got struct {
		OutOfRange int `db:"out_of_range"`
		BadFirst   int `db:"bad_first"`
		Longer     int `db:"longer"`
		Children   int `db:"children"`
		Unnamed    int `db:"unnamed"`
		Online     int `db:"online"`
	}
	const q = `
		SELECT
			(SELECT count(*) FROM doctor_clinics dc
			 WHERE (SELECT count(*) FROM visit_types vt WHERE vt.doctor_id = dc.doctor_id AND vt.clinic_id = dc.clinic_id AND vt.active)
			       NOT BETWEEN 2 AND 4) AS out_of_range,
			(SELECT count(*) FROM doctor_clinics dc
			 JOIN LATERAL (SELECT * FROM visit_types vt WHERE vt.doctor_id = dc.doctor_id AND vt.clinic_id = dc.clinic_id
			               ORDER BY vt.position, vt.id LIMIT 1) f ON true
			 WHERE f.slots <> 1 OR f.price <> dc.price OR f.kind <> 'first' OR f.weekdays <> 127
			    OR f.from_min <> 0 OR f.until_min <> 1440) AS bad_first,
			(SELECT count(*) FROM visit_types WHERE slots > 1) AS longer,
			(SELECT count(*) FROM visit_types WHERE audience = 'children') AS children,
			(SELECT count(*) FROM visit_types WHERE online AND active) AS online,
			(SELECT count(*) FROM visit_types WHERE name_ru = '' OR name_uz = '' OR name_ru = name_uz) AS unnamed`
	if err := db.GetContext(context.Background(), &got, q); err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", got)
	if got.OutOfRange != 0 || got.BadFirst != 0 || got.Longer == 0 || got.Children == 0 || got.Unnamed != 0 || got.Online == 0 {
		t.Errorf("visit types: %+v", got)
	}
}
