package catalog_test

import (
	"context"
	"strings"
	"testing"

	"sogliq/server/catalog"
)

// TestPlainListingsArePlannedOnce: a serving Store runs a listing without
// optional filters, whatever its specialty, region, page and language, and
// its cards' specialties and clinics as prepared statements whose plan
// PostgreSQL keeps (a generic plan): a cold listing is not planned again.
// So does a region's clinic listing. A listing with a filter is not
// prepared (it is planned with its values).
func TestPlainListingsArePlannedOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	// pg_prepared_statements shows one session's statements.
	f.db.SetMaxOpenConns(1)
	for range 8 {
		for _, filter := range []catalog.DoctorFilter{
			{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Lang: "ru"},
			{SpecialtyID: f.pediatr, RegionID: f.samarkand, Children: true, Lang: "uz"},
			{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Page: 2, PerPage: 3, Lang: "ru"},
		} {
			if _, err := f.s.DoctorsBySpecialty(ctx, filter); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Gender: "f"}); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		for _, filter := range []catalog.ClinicFilter{
			{RegionID: f.tashkent, Lang: "ru"},
			{RegionID: f.samarkand, Lang: "uz", Page: 2, PerPage: 2},
		} {
			if _, err := f.s.Clinics(ctx, filter); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := f.s.Clinics(ctx, catalog.ClinicFilter{RegionID: f.tashkent, DistrictID: f.chilonzor}); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		Statement string `db:"statement"`
		Generic   int    `db:"generic_plans"`
		Custom    int    `db:"custom_plans"`
	}
	if err := f.db.SelectContext(ctx, &rows, `SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`); err != nil {
		t.Fatal(err)
	}
	var listing, clinicListing, specialties, clinics bool
	for _, r := range rows {
		switch {
		case strings.Contains(r.Statement, "d.gender"), strings.Contains(r.Statement, "c.district_id = $"):
			t.Errorf("a filtered listing was prepared: %s", r.Statement)
			continue
		case strings.Contains(r.Statement, "FROM clinics c\n"):
			clinicListing = true
		case strings.Contains(r.Statement, "LIMIT"):
			listing = true
		case strings.Contains(r.Statement, "JOIN specialties"):
			specialties = true
		case strings.Contains(r.Statement, "JOIN clinics"):
			clinics = true
		}
		if r.Generic == 0 {
			t.Errorf("planned for every run (%d custom plans, no generic one): %s", r.Custom, r.Statement)
		}
	}
	if !listing || !clinicListing || !specialties || !clinics {
		t.Errorf("prepared: listing %v, clinic listing %v, specialties %v, clinics %v; want all (%d statements)", listing, clinicListing, specialties, clinics, len(rows))
	}
}
