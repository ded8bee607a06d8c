package catalog_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/catalog"
	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
)

// fixture is a seeded database with the ids the tests look things up by.
type fixture struct {
	db                  *sqlx.DB
	s                   *catalog.Store
	tashkent, samarkand int64
	kardiolog, pediatr  int64
	chilonzor           int64
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	db := dbtest.NewSeeded(t)
	f := fixture{db: db, s: catalog.NewServingStore(db)}
	for _, x := range []struct {
		dst   *int64
		query string
	}{
		{&f.tashkent, "SELECT id FROM regions WHERE slug = 'tashkent'"},
		{&f.samarkand, "SELECT id FROM regions WHERE slug = 'samarkand'"},
		{&f.kardiolog, "SELECT id FROM specialties WHERE slug = 'kardiolog'"},
		{&f.pediatr, "SELECT id FROM specialties WHERE slug = 'pediatr'"},
		{&f.chilonzor, "SELECT id FROM districts WHERE slug = 'chilonzor'"},
	} {
		if err := db.Get(x.dst, x.query); err != nil {
			t.Fatalf("%s: %v", x.query, err)
		}
	}
	return f
}

// count runs a count(*) query.
func (f fixture) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.Get(&n, query, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSpecialties(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.db.Exec(`INSERT INTO specialties (slug, name_ru, name_uz, name_children_ru, name_children_uz)
		VALUES ('aaa-test', 'Яяя', 'Aaa', 'Детский яяя', 'Bolalar aaa')`); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "uz"} {
		t.Run(lang, func(t *testing.T) {
			ss, err := f.s.Specialties(ctx, f.tashkent, lang)
			if err != nil {
				t.Fatal(err)
			}
			total := f.count(t, "SELECT count(*) FROM specialties")
			if len(ss) != total {
				t.Fatalf("%d specialties, want all %d", len(ss), total)
			}
			if !sort.SliceIsSorted(ss, func(i, j int) bool { return ss[i].Name < ss[j].Name }) {
				t.Errorf("not sorted by %s name", lang)
			}
			for _, s := range ss {
				want := f.count(t, `SELECT count(*) FROM doctor_specialties ds JOIN doctors d ON d.id = ds.doctor_id
					WHERE ds.specialty_id = $1 AND d.region_id = $2`, s.ID, f.tashkent)
				if s.DoctorCount != want {
					t.Errorf("%s: DoctorCount %d, want %d", s.Slug, s.DoctorCount, want)
				}
				if s.Slug == "aaa-test" && s.DoctorCount != 0 {
					t.Errorf("a specialty without doctors counts %d", s.DoctorCount)
				}
			}
		})
	}
}

func TestSpecialtyBySlug(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	for _, test := range []struct {
		lang string
		want []string
	}{
		{"ru", []string{"Кардиолог", "Детский кардиолог"}},
		{"uz", []string{"Kardiolog", "Bolalar kardiologi"}},
	} {
		s, err := f.s.SpecialtyBySlug(ctx, "kardiolog", test.lang)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(test.want, []string{s.Name, s.ChildrenName}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", test.lang, diff)
		}
	}
	if _, err := f.s.SpecialtyBySlug(ctx, "no-such", "ru"); !errors.Is(err, derrors.NotFound) {
		t.Errorf("SpecialtyBySlug(no-such) err = %v, want NotFound", err)
	}
}

// allPages walks every page of filter and returns the doctor ids in order.
func allPages(t *testing.T, s *catalog.Store, filter catalog.DoctorFilter) (ids []int64, total int) {
	t.Helper()
	for filter.Page = 1; ; filter.Page++ {
		p, err := s.DoctorsBySpecialty(context.Background(), filter)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Doctors) > filter.PerPage {
			t.Fatalf("page %d has %d doctors, more than %d", filter.Page, len(p.Doctors), filter.PerPage)
		}
		for _, d := range p.Doctors {
			ids = append(ids, d.ID)
		}
		if len(p.Doctors) < filter.PerPage {
			return ids, p.Total
		}
	}
}

func TestDoctorsBySpecialty(t *testing.T) {
	f := newFixture(t)
	const base = `
		SELECT count(*) FROM doctors d JOIN doctor_specialties ds ON ds.doctor_id = d.id
		WHERE ds.specialty_id = $1 AND d.region_id = $2`
	for _, test := range []struct {
		name   string
		filter catalog.DoctorFilter
		want   string // count query over d, ds with $1 specialty, $2 region
		check  string // a query that must count 0 over the returned ids ($1)
	}{
		{"tashkent cardiologists", catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, PerPage: 20}, base, ""},
		{"samarkand cardiologists", catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.samarkand, PerPage: 7}, base, ""},
		{"children's cardiologists", catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Children: true, PerPage: 10},
			base + " AND d.accepts_children",
			"SELECT count(*) FROM doctors WHERE id = ANY($1) AND NOT accepts_children"},
		{"pediatricians in chilonzor", catalog.DoctorFilter{SpecialtyID: f.pediatr, RegionID: f.tashkent, Children: true, DistrictID: f.chilonzor, PerPage: 5},
			base + " AND d.accepts_children AND EXISTS (SELECT 1 FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE dc.doctor_id = d.id AND c.district_id = $3)",
			"SELECT count(*) FROM doctors d WHERE id = ANY($1) AND NOT EXISTS (SELECT 1 FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE dc.doctor_id = d.id AND c.district_id = $2)"},
	} {
		t.Run(test.name, func(t *testing.T) {
			args := []any{test.filter.SpecialtyID, test.filter.RegionID}
			if test.filter.DistrictID != 0 {
				args = append(args, test.filter.DistrictID)
			}
			want := f.count(t, test.want, args...)
			if want == 0 {
				t.Fatal("the seed has no such doctors; the test proves nothing")
			}
			ids, total := allPages(t, f.s, test.filter)
			if total != want || len(ids) != want {
				t.Fatalf("Total %d, %d doctors over all pages; want %d", total, len(ids), want)
			}
			if n := f.count(t, "SELECT count(DISTINCT x) FROM unnest($1::bigint[]) x", pqArray(ids)); n != len(ids) {
				t.Errorf("%d distinct of %d ids: pages overlap", n, len(ids))
			}
			if n := f.count(t, "SELECT count(*) FROM doctors WHERE id = ANY($1) AND region_id <> $2", pqArray(ids), test.filter.RegionID); n != 0 {
				t.Errorf("%d doctors from another region", n)
			}
			if test.check != "" {
				checkArgs := []any{pqArray(ids)}
				if test.filter.DistrictID != 0 {
					checkArgs = append(checkArgs, test.filter.DistrictID)
				}
				if n := f.count(t, test.check, checkArgs...); n != 0 {
					t.Errorf("%d doctors fail %s", n, test.check)
				}
			}
		})
	}
}

func TestDoctorsBySpecialtyOrderAndCards(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Page: 2, PerPage: 20})
	if err != nil {
		t.Fatal(err)
	}
	if p.Page != 2 || p.PerPage != 20 || len(p.Doctors) != 20 {
		t.Fatalf("page %d per %d with %d doctors, want page 2 of 20 full", p.Page, p.PerPage, len(p.Doctors))
	}
	var want []int64
	if err := f.db.Select(&want, `SELECT d.id FROM doctors d JOIN doctor_specialties ds ON ds.doctor_id = d.id
		WHERE ds.specialty_id = $1 AND d.region_id = $2 ORDER BY d.popularity DESC, d.rating DESC, d.id LIMIT 20 OFFSET 20`,
		f.kardiolog, f.tashkent); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, d := range p.Doctors {
		got = append(got, d.ID)
		checkCard(t, d, "kardiolog")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

// checkCard checks the stitched parts of a card.
func checkCard(t *testing.T, d catalog.DoctorCard, specialty string) {
	t.Helper()
	if d.Name == "" || d.Slug == "" || d.Fragment != "doctor" {
		t.Errorf("doctor %d: empty name or slug, or not a doctor's fragment: %+v", d.ID, d)
	}
	var slugs []string
	for _, s := range d.Specialties {
		slugs = append(slugs, s.Slug)
	}
	if !contains(slugs, specialty) {
		t.Errorf("doctor %d: specialties %v lack %s", d.ID, slugs, specialty)
	}
	if len(d.Clinics) == 0 {
		t.Fatalf("doctor %d has no clinics", d.ID)
	}
	lowest := d.Clinics[0].Price
	for _, c := range d.Clinics {
		lowest = min(lowest, c.Price)
		if c.Name == "" || c.Address == "" || c.District == "" {
			t.Errorf("doctor %d: clinic %+v incomplete", d.ID, c)
		}
	}
	if d.MinPrice != lowest {
		t.Errorf("doctor %d: MinPrice %d, want %d", d.ID, d.MinPrice, lowest)
	}
}

// TestDoctorsBySpecialtySort: SortPopular is the default order, SortRating
// puts rating first, anything else is Invalid.
func TestDoctorsBySpecialtySort(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	for _, test := range []struct{ sort, order string }{
		{"", "d.popularity DESC, d.rating DESC, d.id"},
		{catalog.SortPopular, "d.popularity DESC, d.rating DESC, d.id"},
		{catalog.SortRating, "d.rating DESC, d.popularity DESC, d.id"},
	} {
		t.Run(test.sort, func(t *testing.T) {
			p, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, PerPage: 15, Sort: test.sort})
			if err != nil {
				t.Fatal(err)
			}
			var want, got []int64
			if err := f.db.Select(&want, `SELECT d.id FROM doctors d JOIN doctor_specialties ds ON ds.doctor_id = d.id
				WHERE ds.specialty_id = $1 AND d.region_id = $2 ORDER BY `+test.order+` LIMIT 15`, f.kardiolog, f.tashkent); err != nil {
				t.Fatal(err)
			}
			for _, d := range p.Doctors {
				got = append(got, d.ID)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Sort: "nope"}); !errors.Is(err, derrors.Invalid) {
		t.Errorf("sort nope: %v, want Invalid", err)
	}
}

// TestDoctorsBySpecialtyBeyondTheEnd: a page beyond the end has no
// doctors (as [], not null) and the same Total as the first page, with a
// filter too (the page's statement carries the count, so with no row it
// is counted alone); an unknown specialty is an empty first page.
func TestDoctorsBySpecialtyBeyondTheEnd(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	for _, test := range []struct {
		name   string
		filter catalog.DoctorFilter
	}{
		{"plain", catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent}},
		{"children, women", catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Children: true, Gender: "f"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			first, err := f.s.DoctorsBySpecialty(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			test.filter.Page = 1000
			p, err := f.s.DoctorsBySpecialty(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Doctors) != 0 || first.Total == 0 || p.Total != first.Total || p.PerPage != catalog.DefaultPerPage {
				t.Errorf("page 1000: %d doctors, Total %d, PerPage %d; want none, page 1's Total %d, %d", len(p.Doctors), p.Total, p.PerPage, first.Total, catalog.DefaultPerPage)
			}
			b, _ := json.Marshal(p)
			if want := `{"doctors":[],`; string(b[:len(want)]) != want {
				t.Errorf("JSON %s, want doctors as [] not null", b)
			}
		})
	}
	p, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: -1, RegionID: f.tashkent})
	if err != nil || p.Total != 0 || len(p.Doctors) != 0 || p.Doctors == nil {
		t.Errorf("unknown specialty: %+v, %v; want an empty page", p, err)
	}
}

func TestDoctorBySlug(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var slug string
	if err := f.db.Get(&slug, `SELECT d.slug FROM doctors d JOIN doctor_specialties ds ON ds.doctor_id = d.id
		WHERE ds.specialty_id = $1 ORDER BY d.id LIMIT 1`, f.kardiolog); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "uz"} {
		d, err := f.s.DoctorBySlug(ctx, slug, lang)
		if err != nil {
			t.Fatal(err)
		}
		var want struct{ Name, Description string }
		if err := f.db.Get(&want, `SELECT
				CASE WHEN $2 = 'uz' THEN full_name_uz ELSE full_name_ru END AS name,
				CASE WHEN $2 = 'uz' THEN description_uz ELSE description_ru END AS description
			FROM doctors WHERE slug = $1`, slug, lang); err != nil {
			t.Fatal(err)
		}
		if d.Slug != slug || d.Name != want.Name || d.Description != want.Description || d.Description == "" || d.RegionID == 0 || d.ExperienceYears <= 0 {
			t.Errorf("DoctorBySlug(%q, %s) = %+v, want name %q and description %q", slug, lang, d, want.Name, want.Description)
		}
		checkCard(t, d.DoctorCard, "kardiolog")
	}
	if _, err := f.s.DoctorBySlug(ctx, "no-such-doctor", "ru"); !errors.Is(err, derrors.NotFound) {
		t.Errorf("DoctorBySlug(no-such-doctor) err = %v, want NotFound", err)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestListingFollowsDoctorChanges: a listing reads its doctors' region,
// popularity, rating and children's flag from doctor_specialties (copied
// by triggers, migration 00201); every change to a doctor or to his
// specialties shows in the next listing.
func TestListingFollowsDoctorChanges(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	list := func(filter catalog.DoctorFilter) (ids []int64, total int) {
		t.Helper()
		filter.PerPage = 100
		p, err := f.s.DoctorsBySpecialty(ctx, filter)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Doctors {
			ids = append(ids, d.ID)
		}
		return ids, p.Total
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := f.db.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	cardio := catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent}
	ids, total := list(cardio)
	if len(ids) < 2 {
		t.Fatalf("%d cardiologists in Tashkent, the test needs two", len(ids))
	}
	last := ids[len(ids)-1]

	exec(`UPDATE doctors SET popularity = 1000000 WHERE id = $1`, last)
	if ids, _ := list(cardio); ids[0] != last {
		t.Errorf("most popular doctor %d is not first: %v", last, ids)
	}
	exec(`UPDATE doctors SET rating = 1.5 WHERE id = $1`, last)
	if ids, _ := list(catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, MinRating: 4}); slices.Contains(ids, last) {
		t.Errorf("doctor %d rated 1.5 is in the rating ≥ 4 listing", last)
	}
	exec(`UPDATE doctors SET accepts_children = true WHERE id = $1`, last)
	kids := catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Children: true}
	if ids, _ := list(kids); !slices.Contains(ids, last) {
		t.Errorf("doctor %d who now sees children is not in the children's listing", last)
	}
	exec(`UPDATE doctors SET accepts_children = false WHERE id = $1`, last)
	if ids, _ := list(kids); slices.Contains(ids, last) {
		t.Errorf("doctor %d who no longer sees children is in the children's listing", last)
	}

	exec(`UPDATE doctors SET region_id = $1 WHERE id = $2`, f.samarkand, last)
	if ids, n := list(cardio); slices.Contains(ids, last) || n != total-1 {
		t.Errorf("after moving doctor %d to Samarkand: in Tashkent's listing %v, total %d (was %d)", last, slices.Contains(ids, last), n, total)
	}
	if ids, _ := list(catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.samarkand}); !slices.Contains(ids, last) {
		t.Errorf("doctor %d moved to Samarkand is not in its listing", last)
	}

	exec(`DELETE FROM doctor_specialties WHERE doctor_id = $1 AND specialty_id = $2`, last, f.kardiolog)
	exec(`INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, last, f.pediatr)
	if ids, _ := list(catalog.DoctorFilter{SpecialtyID: f.pediatr, RegionID: f.samarkand}); !slices.Contains(ids, last) || ids[0] != last {
		t.Errorf("doctor %d given a new specialty is not first in its listing: %v", last, ids)
	}
	if n := f.count(t, `SELECT count(*) FROM doctor_specialties ds JOIN doctors d ON d.id = ds.doctor_id
		WHERE (ds.region_id, ds.popularity, ds.rating, ds.accepts_children) IS DISTINCT FROM (d.region_id, d.popularity, d.rating, d.accepts_children)`); n != 0 {
		t.Errorf("%d doctor_specialties rows differ from their doctor", n)
	}
}

// TestUzbekFallsBackToRussian: a text not yet translated into Uzbek reads
// as the Russian one on an Uzbek page (pick_lang in the stores' SQL, the
// one place the rule lives), while the translated texts beside it stay
// Uzbek.
func TestUzbekFallsBackToRussian(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var doctor struct {
		ID                    int64
		Slug, Name, About     string
		Clinic                int64
		ClinicSlug, ClinicRu  string
		AddressRu, ChildrenUz string
	}
	if err := f.db.Get(&doctor, `
		SELECT d.id, d.slug, d.full_name_ru AS name, d.description_ru AS about,
			c.id AS clinic, c.slug AS clinicslug, c.name_ru AS clinicru, c.address_ru AS addressru,
			s.name_children_uz AS childrenuz
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id AND ds.specialty_id = $1
		JOIN specialties s ON s.id = ds.specialty_id
		JOIN doctor_clinics dc ON dc.doctor_id = d.id
		JOIN clinics c ON c.id = dc.clinic_id
		WHERE d.region_id = $2
		ORDER BY d.popularity DESC, d.rating DESC, d.id, c.id
		LIMIT 1`, f.kardiolog, f.tashkent); err != nil {
		t.Fatal(err)
	}
	for _, untranslate := range []struct {
		q  string
		id int64
	}{
		{`UPDATE doctors SET full_name_uz = '', description_uz = '' WHERE id = $1`, doctor.ID},
		{`UPDATE clinics SET name_uz = '', address_uz = '' WHERE id = $1`, doctor.Clinic},
		{`UPDATE specialties SET name_uz = '' WHERE id = $1`, f.kardiolog},
	} {
		if _, err := f.db.Exec(untranslate.q, untranslate.id); err != nil {
			t.Fatalf("%s: %v", untranslate.q, err)
		}
	}

	d, err := f.s.DoctorBySlug(ctx, doctor.Slug, "uz")
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != doctor.Name || d.Description != doctor.About {
		t.Errorf("doctor in Uzbek: name %q, description %q; want the Russian %q, %q", d.Name, d.Description, doctor.Name, doctor.About)
	}
	for _, s := range d.Specialties {
		if s.ID == f.kardiolog && (s.Name != "Кардиолог" || s.ChildrenName != doctor.ChildrenUz) {
			t.Errorf("specialty in Uzbek: %+v; want the Russian name beside the Uzbek children's name %q", s, doctor.ChildrenUz)
		}
	}
	for _, c := range d.Clinics {
		if c.ID == doctor.Clinic && (c.Name != doctor.ClinicRu || c.Address != doctor.AddressRu) {
			t.Errorf("clinic on the card in Uzbek: %+v; want %q, %q", c, doctor.ClinicRu, doctor.AddressRu)
		}
	}

	p, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, PerPage: 1, Lang: "uz"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Doctors) != 1 || p.Doctors[0].ID != doctor.ID || p.Doctors[0].Name != doctor.Name {
		t.Errorf("listing in Uzbek: %+v; want doctor %d named %q", p.Doctors, doctor.ID, doctor.Name)
	}

	c, err := f.s.ClinicBySlug(ctx, doctor.ClinicSlug, "uz", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != doctor.ClinicRu || c.Address != doctor.AddressRu || c.Fragment != "clinic" {
		t.Errorf("clinic in Uzbek: name %q, address %q, fragment %q; want %q, %q, clinic", c.Name, c.Address, c.Fragment, doctor.ClinicRu, doctor.AddressRu)
	}

	sp, err := f.s.SpecialtyBySlug(ctx, "kardiolog", "uz")
	if err != nil {
		t.Fatal(err)
	}
	if sp.Name != "Кардиолог" || sp.ChildrenName != doctor.ChildrenUz {
		t.Errorf("specialty in Uzbek: %+v; want Кардиолог beside %q", sp, doctor.ChildrenUz)
	}
}
