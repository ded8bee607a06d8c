package catalog_test

import (
	"context"
	"slices"
	"testing"

	"sogliq/server/catalog"
)

// TestRefreshOffers: a rating moved in clinics (as a review moves it)
// reorders the priced listing (sorted in clinic_offers) only through
// RefreshOffers, which names the clinic it refreshed; with nothing stale it
// does nothing.
func TestRefreshOffers(t *testing.T) {
	f := newClinicFixture(t)
	ctx := context.Background()
	order := func() []string {
		t.Helper()
		p, err := f.s.Clinics(ctx, catalog.ClinicFilter{RegionID: f.tashkent, ServiceID: f.uzi, Sort: catalog.SortRating})
		if err != nil {
			t.Fatal(err)
		}
		var slugs []string
		for _, c := range p.Clinics {
			slugs = append(slugs, c.Slug)
		}
		return slugs
	}
	if stale, err := catalog.RefreshOffers(ctx, f.db); err != nil || len(stale) != 0 {
		t.Fatalf("fresh view: stale %v, err %v; want none", stale, err)
	}
	before := order()
	if before[0] != "beta" {
		t.Fatalf("the fixture's best rated clinic is %s, want beta: %v", before[0], before)
	}
	if _, err := f.db.Exec(`UPDATE clinics SET rating = 3.10, review_count = 6 WHERE slug = 'beta'`); err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, before) {
		t.Fatalf("the order moved before the refresh: %v, was %v", got, before)
	}
	stale, err := catalog.RefreshOffers(ctx, f.db)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stale, []int64{2}) {
		t.Errorf("refreshed clinics %v, want [2] (beta)", stale)
	}
	if got := order(); got[len(got)-1] != "beta" {
		t.Errorf("after the refresh beta (3.10) should come last: %v", got)
	}
	if stale, err := catalog.RefreshOffers(ctx, f.db); err != nil || len(stale) != 0 {
		t.Errorf("second run: stale %v, err %v; want none", stale, err)
	}
}
