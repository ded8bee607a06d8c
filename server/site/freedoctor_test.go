package site_test

import (
	"testing"

	"sogliq/server/site/sitetest"
)

// freeDoctorFixture gives the least visited woman cardiologist of
// Tashkent (last in the listings other browser tests read first), at one
// of her clinics, hours round the clock every day, so that
// client/e2e/freedoctor.test.mjs finds a woman free "today" at any hour
// the test runs until 21:00 in Tashkent, and "tomorrow" after (the last
// slot plus the hour's notice leaves the day at 22:30).
func freeDoctorFixture(t *testing.T, s *sitetest.Site) {
	t.Helper()
	var doctor, clinic int64
	const pick = `
		SELECT d.id, (SELECT min(clinic_id) FROM doctor_clinics WHERE doctor_id = d.id)
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		JOIN specialties sp ON sp.id = ds.specialty_id
		WHERE sp.slug = 'kardiolog' AND d.gender = 'f'
			AND d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
		ORDER BY d.popularity, d.id
		LIMIT 1`
	if err := s.DB.QueryRow(pick).Scan(&doctor, &clinic); err != nil {
		t.Fatalf("free doctor fixture: %v", err)
	}
	roundTheClock(t, s, doctor, clinic)
}

// roundTheClock gives the doctor hours at the clinic round the clock every
// day (30-minute slots), and none elsewhere, so that a browser test finds
// him free "today" whatever the hour it runs (until 21:00 in Tashkent;
// the last slot plus the hour's notice leaves the day at 22:30).
func roundTheClock(t *testing.T, s *sitetest.Site, doctor, clinic int64) {
	t.Helper()
	for _, q := range []string{
		`DELETE FROM schedules WHERE doctor_id = $1 AND $2 > 0`,
		`DELETE FROM schedule_exceptions WHERE doctor_id = $1 AND $2 > 0`,
		`INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
			SELECT $1, $2, w, 0, 1440, 30, current_date - 1 FROM generate_series(1, 7) AS w`,
	} {
		if _, err := s.DB.Exec(q, doctor, clinic); err != nil {
			t.Fatalf("round the clock: %s: %v", q, err)
		}
	}
}
