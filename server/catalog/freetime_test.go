package catalog_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/booking"
	"sogliq/server/catalog"
	"sogliq/server/derrors"
	"sogliq/server/page"
	"sogliq/server/region"
)

// freeFixture is a specialty of four doctors of Tashkent at one clinic
// with no holidays, each with known free times, gender, rating,
// languages and price:
//
//	A  f  4.50  ru,uz,en  100 000  Monday-Sunday 09:00-17:00
//	B  m  3.90  uz        300 000  only Thursday 3 December 09:00-12:00
//	C  f  4.00  ru        200 000  no hours at all
//	D  m  5.00  ru,uz     150 000  Saturdays 10:00-14:00
//
// A offers an online visit type; D's online type is switched off and B's
// type is in person.
type freeFixture struct {
	fixture
	specialty  catalog.Specialty
	a, b, c, d int64
}

func newFreeFixture(t *testing.T) freeFixture {
	t.Helper()
	f := freeFixture{fixture: newFixture(t)}
	var clinic int64
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.db.Get(&clinic, `
		SELECT c.id FROM clinics c
		WHERE c.region_id = $1
			AND NOT EXISTS (SELECT 1 FROM schedule_exceptions e WHERE e.clinic_id = c.id AND e.doctor_id IS NULL)
			AND NOT EXISTS (SELECT 1 FROM clinic_booking_rules r WHERE r.clinic_id = c.id)
		ORDER BY c.id LIMIT 1`, f.tashkent))
	var specialty int64
	must(f.db.Get(&specialty, `
		INSERT INTO specialties (slug, name_ru, name_uz, name_children_ru, name_children_uz)
		VALUES ('svobodnyy', 'Свободный', 'Bo''sh', 'Детский свободный', 'Bolalar bo''sh')
		RETURNING id`))
	doctor := func(slug, gender, rating, langs string, price int) int64 {
		var id int64
		must(f.db.Get(&id, `
			INSERT INTO doctors (slug, full_name_ru, full_name_uz, gender, experience_since, rating, region_id, languages, popularity)
			VALUES ($1, $1, $1, $2, 2010, $3::numeric, $4, $5::text[], 0)
			RETURNING id`, slug, gender, rating, f.tashkent, langs))
		_, err := f.db.Exec(`INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES ($1, $2)`, id, specialty)
		must(err)
		_, err = f.db.Exec(`INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES ($1, $2, $3)`, id, clinic, price)
		must(err)
		return id
	}
	f.a = doctor("vrach-a", "f", "4.50", "{ru,uz,en}", 100_000)
	f.b = doctor("vrach-b", "m", "3.90", "{uz}", 300_000)
	f.c = doctor("vrach-c", "f", "4.00", "{ru}", 200_000)
	f.d = doctor("vrach-d", "m", "5.00", "{ru,uz}", 150_000)
	for weekday := 1; weekday <= 7; weekday++ {
		_, err := f.db.Exec(`INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
			VALUES ($1, $2, $3, 540, 1020, 30, '2026-01-01')`, f.a, clinic, weekday)
		must(err)
	}
	_, err := f.db.Exec(`INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		VALUES ($1, $2, 6, 600, 840, 30, '2026-01-01')`, f.d, clinic)
	must(err)
	_, err = f.db.Exec(`INSERT INTO schedule_exceptions (clinic_id, doctor_id, day, starts_min, ends_min, slot_min)
		VALUES ($1, $2, '2026-12-03', 540, 720, 30)`, clinic, f.b)
	must(err)
	_, err = f.db.Exec(`INSERT INTO visit_types (doctor_id, clinic_id, kind, name_ru, name_uz, price, online, active)
		VALUES ($1, $4, 'first', 'Приём', 'Qabul', 100000, false, true),
		       ($1, $4, 'followup', 'Онлайн', 'Onlayn', 80000, true, true),
		       ($2, $4, 'followup', 'Онлайн', 'Onlayn', 80000, true, false),
		       ($3, $4, 'first', 'Приём', 'Qabul', 300000, false, true)`, f.a, f.d, f.b, clinic)
	must(err)
	s, err := f.s.SpecialtyBySlug(context.Background(), "svobodnyy", "ru")
	must(err)
	f.specialty = s
	return f
}

// tashkentAt is a Tashkent wall-clock time in December 2026.
func tashkentAt(day, hour, minute int) time.Time {
	return time.Date(2026, 12, day, hour, minute, 0, 0, booking.Tashkent)
}

func TestDoctorsByFreeTime(t *testing.T) {
	ctx := context.Background()
	f := newFreeFixture(t)
	wednesday := tashkentAt(2, 10, 0) // Wednesday 2 December, 10:00 in Tashkent
	for _, test := range []struct {
		name   string
		filter catalog.DoctorFilter
		want   []int64
	}{
		{"popular", catalog.DoctorFilter{Now: wednesday}, []int64{f.d, f.a, f.c, f.b}},
		{"earliest", catalog.DoctorFilter{Sort: catalog.SortEarliest, Now: wednesday}, []int64{f.a, f.b, f.d, f.c}},
		{"today", catalog.DoctorFilter{Free: catalog.FreeToday, Now: wednesday}, []int64{f.a}},
		{"tomorrow", catalog.DoctorFilter{Free: catalog.FreeTomorrow, Now: wednesday}, []int64{f.a, f.b}},
		{"week", catalog.DoctorFilter{Free: catalog.FreeWeek, Now: wednesday}, []int64{f.d, f.a, f.b}},
		{"week/earliest", catalog.DoctorFilter{Free: catalog.FreeWeek, Sort: catalog.SortEarliest, Now: wednesday}, []int64{f.a, f.b, f.d}},
		// Sunday: the week is that one day, and D works Saturdays.
		{"week on Sunday", catalog.DoctorFilter{Free: catalog.FreeWeek, Now: tashkentAt(6, 8, 0)}, []int64{f.a}},
		// 23:30 in Tashkent is still Wednesday though 18:30 UTC; A's day is over.
		{"today at 23:30", catalog.DoctorFilter{Free: catalog.FreeToday, Now: tashkentAt(2, 23, 30)}, []int64{}},
		{"tomorrow at 23:30", catalog.DoctorFilter{Free: catalog.FreeTomorrow, Now: tashkentAt(2, 23, 30)}, []int64{f.a, f.b}},
		// 00:30 in Tashkent is Thursday, though still Wednesday in UTC.
		{"today at 00:30", catalog.DoctorFilter{Free: catalog.FreeToday, Now: tashkentAt(3, 0, 30)}, []int64{f.a, f.b}},
		{"tomorrow at 00:30", catalog.DoctorFilter{Free: catalog.FreeTomorrow, Now: tashkentAt(3, 0, 30)}, []int64{f.a}},
		// B's last time starts 11:30; with the hour's notice, 10:31 is too late.
		{"lead time", catalog.DoctorFilter{Free: catalog.FreeToday, Now: tashkentAt(3, 10, 31)}, []int64{f.a}},
		{"rating 4", catalog.DoctorFilter{MinRating: 4}, []int64{f.d, f.a, f.c}},
		{"female", catalog.DoctorFilter{Gender: "f"}, []int64{f.a, f.c}},
		{"male", catalog.DoctorFilter{Gender: "m"}, []int64{f.d, f.b}},
		{"speaks en", catalog.DoctorFilter{Speaks: "en"}, []int64{f.a}},
		{"speaks uz", catalog.DoctorFilter{Speaks: "uz"}, []int64{f.d, f.a, f.b}},
		{"price to 150 000", catalog.DoctorFilter{PriceTo: 150_000}, []int64{f.d, f.a}},
		{"price from 250 000", catalog.DoctorFilter{PriceFrom: 250_000}, []int64{f.b}},
		{"price 120 000-200 000", catalog.DoctorFilter{PriceFrom: 120_000, PriceTo: 200_000}, []int64{f.d, f.c}},
		{"online", catalog.DoctorFilter{Online: true}, []int64{f.a}},
		{"online, week", catalog.DoctorFilter{Online: true, Free: catalog.FreeWeek, Now: wednesday}, []int64{f.a}},
		{"online, male", catalog.DoctorFilter{Online: true, Gender: "m"}, []int64{}},
		{"today, female", catalog.DoctorFilter{Free: catalog.FreeToday, Gender: "f", Now: wednesday}, []int64{f.a}},
		{"tomorrow, male, earliest", catalog.DoctorFilter{Free: catalog.FreeTomorrow, Gender: "m", Sort: catalog.SortEarliest, Now: wednesday}, []int64{f.b}},
	} {
		t.Run(test.name, func(t *testing.T) {
			test.filter.SpecialtyID, test.filter.RegionID = f.specialty.ID, f.tashkent
			p, err := f.s.DoctorsBySpecialty(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for _, d := range p.Doctors {
				got = append(got, d.ID)
				if d.Online != (d.ID == f.a) {
					t.Errorf("doctor %d: Online = %v", d.ID, d.Online)
				}
			}
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("doctors (-want +got):\n%s", diff)
			}
			if p.Total != len(test.want) {
				t.Errorf("Total = %d, want %d", p.Total, len(test.want))
			}
		})
	}
}

// TestFreeTimeInClinicHorizon: the listing's free-time filters and its
// earliest order read the clinic's own horizon: with one day, tomorrow
// has no free time; with 30 (the default), B's one day 18 days ahead
// counts, where 14 leaves it out.
func TestFreeTimeInClinicHorizon(t *testing.T) {
	ctx := context.Background()
	f := newFreeFixture(t)
	var clinic int64
	if err := f.db.Get(&clinic, `SELECT clinic_id FROM doctor_clinics WHERE doctor_id = $1`, f.a); err != nil {
		t.Fatal(err)
	}
	wednesday := tashkentAt(2, 10, 0)
	sunday := time.Date(2026, 11, 15, 10, 0, 0, 0, booking.Tashkent) // B is free 3 December, 18 days on
	for _, test := range []struct {
		name    string
		horizon int
		filter  catalog.DoctorFilter
		want    []int64
	}{
		{"one day, earliest", 1, catalog.DoctorFilter{Sort: catalog.SortEarliest, Now: wednesday}, []int64{f.a, f.d, f.c, f.b}},
		{"one day, today", 1, catalog.DoctorFilter{Free: catalog.FreeToday, Now: wednesday}, []int64{f.a}},
		{"one day, tomorrow", 1, catalog.DoctorFilter{Free: catalog.FreeTomorrow, Now: wednesday}, []int64{}},
		{"one day, week", 1, catalog.DoctorFilter{Free: catalog.FreeWeek, Now: wednesday}, []int64{f.a}},
		{"14 days, earliest", 14, catalog.DoctorFilter{Sort: catalog.SortEarliest, Now: sunday}, []int64{f.a, f.d, f.c, f.b}},
		{"30 days, earliest", 30, catalog.DoctorFilter{Sort: catalog.SortEarliest, Now: sunday}, []int64{f.a, f.d, f.b, f.c}},
		{"30 days, week", 30, catalog.DoctorFilter{Free: catalog.FreeWeek, Now: wednesday}, []int64{f.d, f.a, f.b}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if _, err := f.db.Exec(`INSERT INTO clinic_booking_rules (clinic_id, horizon_days) VALUES ($1, $2)
				ON CONFLICT (clinic_id) DO UPDATE SET horizon_days = EXCLUDED.horizon_days`, clinic, test.horizon); err != nil {
				t.Fatal(err)
			}
			test.filter.SpecialtyID, test.filter.RegionID = f.specialty.ID, f.tashkent
			p, err := f.s.DoctorsBySpecialty(ctx, test.filter)
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for _, d := range p.Doctors {
				got = append(got, d.ID)
			}
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("doctors (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEarliestMatchesSlots checks the listing's order against the free
// times /api/slots offers (booking.Store.Next) for every doctor of a
// seeded listing: the order is theirs, not a second opinion.
func TestEarliestMatchesSlots(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	now := time.Now()
	p, err := f.s.DoctorsBySpecialty(ctx, catalog.DoctorFilter{SpecialtyID: f.kardiolog, RegionID: f.tashkent, Sort: catalog.SortEarliest, PerPage: 50, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Doctors) < 3 {
		t.Fatalf("%d doctors: too few to check an order", len(p.Doctors))
	}
	ids := []int64{}
	for _, d := range p.Doctors {
		ids = append(ids, d.ID)
	}
	next, err := booking.NewStore(f.db).Next(ctx, ids, 0, 1, "ru", now)
	if err != nil {
		t.Fatal(err)
	}
	last, none := "", false
	for _, d := range next.Doctors {
		switch {
		case d.NextFree == nil:
			none = true
		case none:
			t.Errorf("doctor %d free at %s after a doctor with no free time", d.DoctorID, *d.NextFree)
		case *d.NextFree < last:
			t.Errorf("doctor %d free at %s after one free at %s", d.DoctorID, *d.NextFree, last)
		default:
			last = *d.NextFree
		}
	}
}

func TestDoctorListQuery(t *testing.T) {
	ctx := context.Background()
	f := newFreeFixture(t)
	wednesday := tashkentAt(2, 10, 0)
	load := catalog.Pages(f.s, 20, func() time.Time { return wednesday })["specialty"]
	for _, test := range []struct {
		query   string
		want    []int64 // nil: a 400
		noindex bool
	}{
		{"", []int64{f.d, f.a, f.c, f.b}, false},
		{"gender=f", []int64{f.a, f.c}, true}, // two doctors: thin
		{"sort=earliest", []int64{f.a, f.b, f.d, f.c}, true},
		{"free=today", []int64{f.a}, true},
		{"free=week&gender=m", []int64{f.d, f.b}, true},
		{"price_from=120000&price_to=200000", []int64{f.d, f.c}, true},
		{"online=1", []int64{f.a}, true}, // one doctor: thin
		{"online=1&sort=earliest", []int64{f.a}, true},
		{"online=yes", nil, false},
		{"free=now", nil, false},
		{"rating=5", nil, false},
		{"gender=x", nil, false},
		{"speaks=de", nil, false},
		{"price_from=abc", nil, false},
		{"price_to=0", nil, false},
		{"price_from=300000&price_to=100000", nil, false},
		{"sort=cheapest", nil, false},
	} {
		t.Run(test.query, func(t *testing.T) {
			q, _ := url.ParseQuery(test.query)
			res, err := load(ctx, page.Request{Route: "specialty", Lang: "ru", Region: region.Region{ID: f.tashkent, Slug: "tashkent"},
				Params: map[string]string{"specialty": "svobodnyy"}, Query: q})
			if test.want == nil {
				if !errors.Is(err, derrors.Invalid) {
					t.Fatalf("err = %v, want Invalid (a 400)", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data := res.Data.(catalog.DoctorListPage)
			got := []int64{}
			for _, d := range data.Doctors {
				got = append(got, d.ID)
			}
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("doctors (-want +got):\n%s", diff)
			}
			if res.NoIndex != test.noindex {
				t.Errorf("NoIndex = %v, want %v", res.NoIndex, test.noindex)
			}
		})
	}
}
