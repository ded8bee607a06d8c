package site_test

import (
	"strconv"
	"testing"

	"sogliq/server/site/sitetest"
)

// journeyFixture prepares client/e2e/journey.test.mjs, issue 30's whole
// phone scenario: a children's doctor of Tashkent with at least two visit
// types a child may book at one clinic, in a specialty whose children's
// listing fits on its first page, given hours round the clock every day
// at that clinic (so that "today" finds him until 21:00 in Tashkent and
// "tomorrow" after); a patient; staff of that clinic and of another. It
// returns them as JOURNEY_* environment variables.
func journeyFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	var d struct {
		ID         int64  `db:"id"`
		Slug       string `db:"slug"`
		Specialty  string `db:"specialty"`
		Clinic     int64  `db:"clinic_id"`
		ClinicSlug string `db:"clinic_slug"`
		Other      string `db:"other"`
	}
	// Not a cardiologist (other browser tests book and filter those), nor
	// a doctor of the first clinic (the desk's fixture).
	const pick = `
		WITH tashkent AS (SELECT id FROM regions WHERE slug = 'tashkent'),
		children AS (
			SELECT ds.specialty_id, count(*) AS n
			FROM doctors d
			JOIN doctor_specialties ds ON ds.doctor_id = d.id
			WHERE d.accepts_children AND d.region_id = (SELECT id FROM tashkent)
			GROUP BY ds.specialty_id)
		SELECT d.id, d.slug, sp.slug AS specialty, c.id AS clinic_id, c.slug AS clinic_slug,
		       (SELECT slug FROM clinics WHERE id <> c.id ORDER BY id DESC LIMIT 1) AS other
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		JOIN specialties sp ON sp.id = ds.specialty_id
		JOIN children ch ON ch.specialty_id = ds.specialty_id AND ch.n <= 20
		JOIN doctor_clinics dc ON dc.doctor_id = d.id
		JOIN clinics c ON c.id = dc.clinic_id AND c.region_id = d.region_id
		WHERE d.accepts_children
		  AND d.region_id = (SELECT id FROM tashkent)
		  AND sp.slug <> 'kardiolog'
		  AND c.id <> (SELECT min(clinic_id) FROM doctor_clinics)
		  AND (SELECT count(*) FROM visit_types vt
		       WHERE vt.doctor_id = d.id AND vt.clinic_id = c.id AND vt.active AND NOT vt.online AND vt.audience <> 'adults') >= 2
		ORDER BY d.id, c.id
		LIMIT 1`
	if err := s.DB.Get(&d, pick); err != nil {
		t.Fatalf("journey fixture: %v", err)
	}
	roundTheClock(t, s, d.ID, d.Clinic)
	// Every type at every hour of every day, so that the test's window
	// always has a time of the type it picks.
	if _, err := s.DB.Exec(`UPDATE visit_types SET weekdays = 127, from_min = 0, until_min = 1440 WHERE doctor_id = $1 AND clinic_id = $2`, d.ID, d.Clinic); err != nil {
		t.Fatalf("journey fixture: %v", err)
	}
	const patient, staff, other = "907700001", "907700002", "907700003"
	if _, err := s.DB.Exec(`INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ($1, 'Гульнора', 'Азимова', now())`, "998"+patient); err != nil {
		t.Fatal(err)
	}
	grantStaff(t, s, map[string]string{staff: d.ClinicSlug, other: d.Other})
	return []string{
		"JOURNEY_SPECIALTY=" + d.Specialty, "JOURNEY_DOCTOR=" + strconv.FormatInt(d.ID, 10), "JOURNEY_DOCTOR_SLUG=" + d.Slug,
		"JOURNEY_CLINIC=" + d.ClinicSlug, "JOURNEY_CLINIC_ID=" + strconv.FormatInt(d.Clinic, 10),
		"JOURNEY_PATIENT=" + patient, "JOURNEY_STAFF=" + staff, "JOURNEY_OTHER_STAFF=" + other,
	}
}
