package catalog_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/catalog"
	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
)

// clinicFixture is a migrated database with a handful of crafted clinics
// whose order under every filter and sort is known:
//
//	slug   region district type            state rating reviews hours
//	alfa   TK     chil     mnogoprofilnye  no    4.50   10      Mon-Fri 8-18
//	beta   TK     yunus    laboratorii     no    4.90   5       Mon-Sat 8-20
//	gamma  TK     chil     roddoma         yes   4.50   20      24/7
//	delta  TK     yunus    mnogoprofilnye  yes   3.00   0       none
//	eta    SA     sam      laboratorii     no    5.00   1       24/7
//	zeta   TK     chil     laboratorii     no    4.00   3       Sun 9-13 (branch of alfa)
type clinicFixture struct {
	db                   *sqlx.DB
	s                    *catalog.Store
	tashkent, samarkand  int64
	chilonzor, profile   int64
	lab, uzi, uziA, uziB int64
}

const clinicData = `
INSERT INTO districts (id, region_id, slug, name_ru, name_uz) VALUES
	(1, (SELECT id FROM regions WHERE slug = 'tashkent'), 'chilonzor', 'Чиланзарский район', 'Chilonzor tumani'),
	(2, (SELECT id FROM regions WHERE slug = 'tashkent'), 'yunusobod', 'Юнусабадский район', 'Yunusobod tumani'),
	(3, (SELECT id FROM regions WHERE slug = 'samarkand'), 'samarqand', 'Самарканд', 'Samarqand');
INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, district_id, rating, review_count, type_id, is_state) VALUES
	(1, 'alfa',  'Альфа',  'Alfa',  (SELECT id FROM regions WHERE slug = 'tashkent'),  1, 4.50, 10, (SELECT id FROM clinic_types WHERE slug = 'mnogoprofilnye'), false),
	(2, 'beta',  'Бета',   'Beta',  (SELECT id FROM regions WHERE slug = 'tashkent'),  2, 4.90, 5,  (SELECT id FROM clinic_types WHERE slug = 'laboratorii'), false),
	(3, 'gamma', 'Гамма',  'Gamma', (SELECT id FROM regions WHERE slug = 'tashkent'),  1, 4.50, 20, (SELECT id FROM clinic_types WHERE slug = 'roddoma'), true),
	(4, 'delta', 'Дельта', 'Delta', (SELECT id FROM regions WHERE slug = 'tashkent'),  2, 3.00, 0,  (SELECT id FROM clinic_types WHERE slug = 'mnogoprofilnye'), true),
	(5, 'eta',   'Эта',    'Eta',   (SELECT id FROM regions WHERE slug = 'samarkand'), 3, 5.00, 1,  (SELECT id FROM clinic_types WHERE slug = 'laboratorii'), false);
INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, district_id, rating, review_count, type_id, is_state, parent_id) VALUES
	(6, 'zeta',  'Зета',   'Zeta',  (SELECT id FROM regions WHERE slug = 'tashkent'),  1, 4.00, 3,  (SELECT id FROM clinic_types WHERE slug = 'laboratorii'), false, 1);
INSERT INTO clinic_hours (clinic_id, weekday, opens_min, closes_min)
	SELECT 1, d, 480, 1080 FROM generate_series(1, 5) d
	UNION ALL SELECT 2, d, 480, 1200 FROM generate_series(1, 6) d
	UNION ALL SELECT 3, d, 0, 1440 FROM generate_series(1, 7) d
	UNION ALL SELECT 5, d, 0, 1440 FROM generate_series(1, 7) d
	UNION ALL SELECT 6, 7, 540, 780;
INSERT INTO clinic_profiles (id, slug, name_ru, name_uz) VALUES (1, 'kardiologiya', 'Кардиология', 'Kardiologiya');
INSERT INTO clinic_profile_links (clinic_id, profile_id) VALUES (1, 1), (4, 1), (5, 1);
INSERT INTO services (id, kind, parent_id, slug, name_ru, name_uz, position) VALUES
	(1, 'diagnostic', NULL, 'uzi', 'УЗИ', 'UTT', 0),
	(2, 'diagnostic', 1, 'uzi-a', 'УЗИ А', 'UTT A', 0),
	(3, 'diagnostic', 1, 'uzi-b', 'УЗИ Б', 'UTT B', 1);
INSERT INTO clinic_services (clinic_id, service_id, price_from, price_to) VALUES
	(1, 2, 150000, NULL), (1, 3, 100000, 200000),
	(2, 2, 120000, NULL),
	(3, 3, 90000, NULL),
	(5, 2, 50000, NULL),
	(6, 2, 150000, NULL);
REFRESH MATERIALIZED VIEW clinic_offers;`

func newClinicFixture(t *testing.T) clinicFixture {
	t.Helper()
	db := dbtest.New(t)
	if _, err := db.Exec(clinicData); err != nil {
		t.Fatal(err)
	}
	f := clinicFixture{db: db, s: catalog.NewServingStore(db), chilonzor: 1, profile: 1, uzi: 1, uziA: 2, uziB: 3}
	for _, x := range []struct {
		dst   *int64
		query string
	}{
		{&f.tashkent, "SELECT id FROM regions WHERE slug = 'tashkent'"},
		{&f.samarkand, "SELECT id FROM regions WHERE slug = 'samarkand'"},
		{&f.lab, "SELECT id FROM clinic_types WHERE slug = 'laboratorii'"},
	} {
		if err := db.Get(x.dst, x.query); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// at returns the instant of a Tashkent wall-clock time.
func at(s string) *time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, catalog.Tashkent)
	if err != nil {
		panic(err)
	}
	return &t
}

func slugs(cs []catalog.ClinicCard) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Slug)
	}
	return out
}

func TestClinicsFilterSortPage(t *testing.T) {
	ctx := context.Background()
	f := newClinicFixture(t)
	yes, no := true, false
	monday0330UTC := time.Date(2026, 11, 23, 3, 30, 0, 0, time.UTC) // 08:30 in Tashkent
	for _, test := range []struct {
		name   string
		filter catalog.ClinicFilter
		want   []string
		total  int
	}{
		{"all by rating", catalog.ClinicFilter{}, []string{"beta", "gamma", "alfa", "zeta", "delta"}, 5},
		{"by name ru", catalog.ClinicFilter{Sort: catalog.SortName, Lang: "ru"}, []string{"alfa", "beta", "gamma", "delta", "zeta"}, 5},
		{"by name uz", catalog.ClinicFilter{Sort: catalog.SortName, Lang: "uz"}, []string{"alfa", "beta", "delta", "gamma", "zeta"}, 5},
		{"page 2 of 2 per page", catalog.ClinicFilter{Page: 2, PerPage: 2}, []string{"alfa", "zeta"}, 5},
		{"page 3 of 2 per page", catalog.ClinicFilter{Page: 3, PerPage: 2}, []string{"delta"}, 5},
		{"past the end", catalog.ClinicFilter{Page: 4, PerPage: 2}, []string{}, 5},
		{"district", catalog.ClinicFilter{DistrictID: 1}, []string{"gamma", "alfa", "zeta"}, 3},
		{"type", catalog.ClinicFilter{TypeID: f.lab}, []string{"beta", "zeta"}, 2},
		{"state", catalog.ClinicFilter{State: &yes}, []string{"gamma", "delta"}, 2},
		{"private", catalog.ClinicFilter{State: &no}, []string{"beta", "alfa", "zeta"}, 3},
		{"specialisation", catalog.ClinicFilter{ProfileID: f.profile}, []string{"alfa", "delta"}, 2},
		{"open monday 10:00", catalog.ClinicFilter{OpenAt: at("2026-11-23 10:00")}, []string{"beta", "gamma", "alfa"}, 3},
		{"open monday 18:00, alfa just closed", catalog.ClinicFilter{OpenAt: at("2026-11-23 18:00")}, []string{"beta", "gamma"}, 2},
		{"open sunday 10:00", catalog.ClinicFilter{OpenAt: at("2026-11-22 10:00")}, []string{"gamma", "zeta"}, 2},
		{"open at 03:30 UTC is 08:30 in Tashkent", catalog.ClinicFilter{OpenAt: &monday0330UTC}, []string{"beta", "gamma", "alfa"}, 3},
		{"district, open and name", catalog.ClinicFilter{DistrictID: 1, OpenAt: at("2026-11-23 10:00"), Sort: catalog.SortName}, []string{"alfa", "gamma"}, 2},
		{"item by price, ties by rating", catalog.ClinicFilter{ServiceID: f.uziA, Sort: catalog.SortPrice}, []string{"beta", "alfa", "zeta"}, 3},
		{"category by lowest price", catalog.ClinicFilter{ServiceID: f.uzi, Sort: catalog.SortPrice}, []string{"gamma", "alfa", "beta", "zeta"}, 4},
		{"item by rating", catalog.ClinicFilter{ServiceID: f.uziA}, []string{"beta", "alfa", "zeta"}, 3},
		{"item, lab type", catalog.ClinicFilter{ServiceID: f.uziA, TypeID: f.lab, Sort: catalog.SortPrice}, []string{"beta", "zeta"}, 2},
		{"nothing matches", catalog.ClinicFilter{ServiceID: f.uziB, TypeID: f.lab}, []string{}, 0},
	} {
		t.Run(test.name, func(t *testing.T) {
			test.filter.RegionID = f.tashkent
			p, err := f.s.Clinics(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(test.want, slugs(p.Clinics)); diff != "" {
				t.Errorf("clinics (-want +got):\n%s", diff)
			}
			if p.Total != test.total {
				t.Errorf("total %d, want %d", p.Total, test.total)
			}
		})
	}
}

func TestClinicsPrices(t *testing.T) {
	f := newClinicFixture(t)
	p, err := f.s.Clinics(context.Background(), catalog.ClinicFilter{
		RegionID: f.tashkent, ServiceID: f.uzi, Sort: catalog.SortPrice,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][2]int{}
	for _, c := range p.Clinics {
		got[c.Slug] = [2]int{c.PriceFrom, c.PriceTo}
	}
	want := map[string][2]int{"gamma": {90000, 0}, "alfa": {100000, 200000}, "beta": {120000, 0}, "zeta": {150000, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("prices (-want +got):\n%s", diff)
	}
}

// TestClinicsPriceRange: a priced listing's range spans every match, not
// only the page's, the upper end of a range included; an unpriced listing
// and one matching nothing have none.
func TestClinicsPriceRange(t *testing.T) {
	f := newClinicFixture(t)
	for _, test := range []struct {
		name      string
		filter    catalog.ClinicFilter
		low, high int
	}{
		{"category", catalog.ClinicFilter{ServiceID: f.uzi}, 90000, 200000},
		{"category, page 2 of 1 per page by price", catalog.ClinicFilter{ServiceID: f.uzi, Sort: catalog.SortPrice, Page: 2, PerPage: 1}, 90000, 200000},
		{"item", catalog.ClinicFilter{ServiceID: f.uziA}, 120000, 150000},
		{"category, other district", catalog.ClinicFilter{ServiceID: f.uzi, DistrictID: 2}, 120000, 120000},
		{"unpriced", catalog.ClinicFilter{}, 0, 0},
		{"nothing matches", catalog.ClinicFilter{ServiceID: f.uziB, TypeID: f.lab}, 0, 0},
	} {
		t.Run(test.name, func(t *testing.T) {
			test.filter.RegionID = f.tashkent
			p, err := f.s.Clinics(context.Background(), test.filter)
			if err != nil {
				t.Fatal(err)
			}
			if p.PriceLow != test.low || p.PriceHigh != test.high {
				t.Errorf("range %d..%d, want %d..%d", p.PriceLow, p.PriceHigh, test.low, test.high)
			}
		})
	}
}

func TestClinicsOtherRegion(t *testing.T) {
	f := newClinicFixture(t)
	p, err := f.s.Clinics(context.Background(), catalog.ClinicFilter{RegionID: f.samarkand, ServiceID: f.uziA})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"eta"}, slugs(p.Clinics)); diff != "" || p.Clinics[0].PriceFrom != 50000 {
		t.Errorf("samarkand: %+v", p.Clinics)
	}
}

// TestClinicsSortPopular: ?sort=popular follows clinics.popularity (ties by
// rating), in a plain and in a priced listing, and a changed popularity
// changes the order.
func TestClinicsSortPopular(t *testing.T) {
	ctx := context.Background()
	f := newClinicFixture(t)
	setPopularity := func(pop map[string]int) {
		t.Helper()
		for slug, n := range pop {
			if _, err := f.db.Exec(`UPDATE clinics SET popularity = $1 WHERE slug = $2`, n, slug); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, test := range []struct {
		name       string
		popularity map[string]int
		filter     catalog.ClinicFilter
		want       []string
	}{
		{"delta most visited", map[string]int{"delta": 90, "zeta": 50, "alfa": 10, "beta": 0, "gamma": 0}, catalog.ClinicFilter{}, []string{"delta", "zeta", "alfa", "beta", "gamma"}},
		{"page 2 of 2 per page", nil, catalog.ClinicFilter{Page: 2, PerPage: 2}, []string{"alfa", "beta"}},
		{"priced item", nil, catalog.ClinicFilter{ServiceID: f.uziA}, []string{"zeta", "alfa", "beta"}},
		{"beta overtakes", map[string]int{"beta": 100}, catalog.ClinicFilter{}, []string{"beta", "delta", "zeta", "alfa", "gamma"}},
		{"beta overtakes, priced category", nil, catalog.ClinicFilter{ServiceID: f.uzi}, []string{"beta", "zeta", "alfa", "gamma"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			setPopularity(test.popularity)
			test.filter.RegionID, test.filter.Sort = f.tashkent, catalog.SortPopular
			p, err := f.s.Clinics(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(test.want, slugs(p.Clinics)); diff != "" {
				t.Errorf("clinics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestClinicsInvalid(t *testing.T) {
	f := newClinicFixture(t)
	for _, filter := range []catalog.ClinicFilter{
		{Sort: catalog.SortPrice}, // no price to sort by
		{Sort: "popularity"},
	} {
		filter.RegionID = f.tashkent
		if _, err := f.s.Clinics(context.Background(), filter); !errors.Is(err, derrors.Invalid) {
			t.Errorf("Clinics(%+v) = %v, want Invalid", filter, err)
		}
	}
}

func TestClinicBySlug(t *testing.T) {
	ctx := context.Background()
	f := newClinicFixture(t)
	c, err := f.s.ClinicBySlug(ctx, "alfa", "ru", *at("2026-11-23 10:00"))
	if err != nil {
		t.Fatal(err)
	}
	if !c.OpenNow || c.RoundTheClock || len(c.Hours) != 5 {
		t.Errorf("alfa on Monday 10:00: open %v, round the clock %v, %d days", c.OpenNow, c.RoundTheClock, len(c.Hours))
	}
	if diff := cmp.Diff([]string{"zeta"}, slugs(c.Branches)); diff != "" {
		t.Errorf("branches (-want +got):\n%s", diff)
	}
	if len(c.Prices) != 1 || len(c.Prices[0].Items) != 2 || c.Prices[0].Items[1].PriceTo != 200000 {
		t.Errorf("prices %+v", c.Prices)
	}
	if len(c.Profiles) != 1 || c.Profiles[0].Slug != "kardiologiya" {
		t.Errorf("profiles %+v", c.Profiles)
	}
	z, err := f.s.ClinicBySlug(ctx, "zeta", "ru", *at("2026-11-23 10:00"))
	if err != nil {
		t.Fatal(err)
	}
	if z.OpenNow || len(z.Branches) != 1 || z.Branches[0].Slug != "alfa" {
		t.Errorf("zeta: open %v, branches %v", z.OpenNow, slugs(z.Branches))
	}
	g, err := f.s.ClinicBySlug(ctx, "gamma", "ru", *at("2026-11-22 03:00"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.OpenNow || !g.RoundTheClock {
		t.Errorf("gamma at night: open %v, round the clock %v", g.OpenNow, g.RoundTheClock)
	}
	if _, err := f.s.ClinicBySlug(ctx, "nope", "ru", time.Now()); !errors.Is(err, derrors.NotFound) {
		t.Errorf("ClinicBySlug(nope) = %v, want NotFound", err)
	}
}

func TestServiceTreeAndSlug(t *testing.T) {
	ctx := context.Background()
	f := newClinicFixture(t)
	tree, err := f.s.ServiceTree(ctx, catalog.KindDiagnostic, f.tashkent, "ru")
	if err != nil {
		t.Fatal(err)
	}
	type item struct {
		Slug          string
		Count, Lowest int
	}
	var got []item
	for _, c := range tree {
		got = append(got, item{c.Slug, c.ClinicCount, c.MinPrice})
		for _, it := range c.Items {
			got = append(got, item{it.Slug, it.ClinicCount, it.MinPrice})
		}
	}
	want := []item{{"uzi", 4, 90000}, {"uzi-a", 3, 120000}, {"uzi-b", 2, 90000}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
	sv, err := f.s.ServiceBySlug(ctx, catalog.KindDiagnostic, "uzi", "ru")
	if err != nil {
		t.Fatal(err)
	}
	if len(sv.Children) != 2 || sv.Parent != nil {
		t.Errorf("category: children %v, parent %v", sv.Children, sv.Parent)
	}
	item2, err := f.s.ServiceBySlug(ctx, catalog.KindDiagnostic, "uzi-b", "ru")
	if err != nil {
		t.Fatal(err)
	}
	if item2.Parent == nil || item2.Parent.Slug != "uzi" || len(item2.Children) != 0 {
		t.Errorf("item: parent %v, children %v", item2.Parent, item2.Children)
	}
	if _, err := f.s.ServiceBySlug(ctx, catalog.KindService, "uzi", "ru"); !errors.Is(err, derrors.NotFound) {
		t.Errorf("uzi as a service: %v, want NotFound", err)
	}
}

func TestClinicTypeCounts(t *testing.T) {
	f := newClinicFixture(t)
	types, err := f.s.ClinicTypes(context.Background(), f.tashkent, "ru")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, ty := range types {
		got[ty.Slug] = ty.Count
	}
	want := map[string]int{"mnogoprofilnye": 2, "polikliniki": 0, "bolnitsy": 0, "roddoma": 1,
		"diagnosticheskie-centry": 0, "laboratorii": 2, "stomatologii": 0, "detskie": 0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
}
