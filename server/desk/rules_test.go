package desk

import (
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/booking"
	"sogliq/server/page"
	"sogliq/server/role"
)

// TestBookingRules: the clinic's staff set how far ahead patients book
// and the cancel cut-off; out-of-range values are 422s with a message per
// field in the visitor's language and change nothing; another clinic's
// staff are refused; the rules drive the clinic's free times.
func TestBookingRules(t *testing.T) {
	f := newFixture(t)
	staff, other := f.session(t, 2), f.session(t, 3)
	store := NewStore(f.db)
	rules := func() BookingRules {
		t.Helper()
		r, err := store.Rules(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if diff := cmp.Diff(BookingRules{HorizonDays: 30, CancelCutoffHours: 2}, rules()); diff != "" {
		t.Errorf("a clinic's rules before its desk sets them (-want +got):\n%s", diff)
	}
	freeOn := func(day int) bool {
		t.Helper()
		a, err := booking.NewStore(f.db).Availability(t.Context(), []int64{1}, now)
		if err != nil {
			t.Fatal(err)
		}
		return a[1].Days.Has(day)
	}
	if !freeOn(29) || freeOn(30) || freeOn(59) {
		t.Errorf("the default 30-day horizon: free on day 29 %v, 30 %v, 59 %v", freeOn(29), freeOn(30), freeOn(59))
	}

	a := f.call(t, "PUT", "/api/desk/booking-rules", `{"clinicId": 1, "horizonDays": 90, "cancelCutoffHours": 24}`, staff)
	if a.status != 200 || a.body["data"].(map[string]any)["horizonDays"] != 90.0 {
		t.Fatalf("set: %d %s", a.status, a.raw)
	}
	if diff := cmp.Diff(BookingRules{HorizonDays: 90, CancelCutoffHours: 24}, rules()); diff != "" {
		t.Errorf("after the desk set them (-want +got):\n%s", diff)
	}
	if !freeOn(59) || !freeOn(89) || freeOn(90) {
		t.Errorf("a 90-day horizon: free on day 59 %v, 89 %v, 90 %v", freeOn(59), freeOn(89), freeOn(90))
	}
	// The lead time is not the desk's: it stays.
	f.exec(t, `UPDATE clinic_booking_rules SET lead_min = 30 WHERE clinic_id = 1`)
	if a := f.call(t, "PUT", "/api/desk/booking-rules", `{"clinicId": 1, "horizonDays": 30, "cancelCutoffHours": 0}`, staff); a.status != 200 {
		t.Fatalf("change: %d %s", a.status, a.raw)
	}
	var lead int
	f.db.Get(&lead, `SELECT lead_min FROM clinic_booking_rules WHERE clinic_id = 1`)
	if diff := cmp.Diff(BookingRules{HorizonDays: 30, CancelCutoffHours: 0}, rules()); diff != "" || lead != 30 {
		t.Errorf("after a change, lead %d (-want +got):\n%s", lead, diff)
	}

	const (
		horizonRu = "Укажите целое число дней от 1 до 90."
		horizonUz = "Kunlar sonini 1 dan 90 gacha butun son bilan kiriting."
		cutoffRu  = "Укажите целое число часов от 0 до 72."
		cutoffUz  = "Soatlar sonini 0 dan 72 gacha butun son bilan kiriting."
	)
	for _, test := range []struct {
		name, body string
		token      string
		status     int
		ru, uz     map[string]any
	}{
		{"no horizon", `{"clinicId": 1, "horizonDays": 0, "cancelCutoffHours": 2}`, staff, 422,
			map[string]any{"horizonDays": horizonRu}, map[string]any{"horizonDays": horizonUz}},
		{"a horizon past the limit", `{"clinicId": 1, "horizonDays": 91, "cancelCutoffHours": 2}`, staff, 422,
			map[string]any{"horizonDays": horizonRu}, map[string]any{"horizonDays": horizonUz}},
		{"a cut-off past the limit", `{"clinicId": 1, "horizonDays": 30, "cancelCutoffHours": 73}`, staff, 422,
			map[string]any{"cancelCutoffHours": cutoffRu}, map[string]any{"cancelCutoffHours": cutoffUz}},
		{"both wrong", `{"clinicId": 1, "horizonDays": -5, "cancelCutoffHours": -1}`, staff, 422,
			map[string]any{"horizonDays": horizonRu, "cancelCutoffHours": cutoffRu}, map[string]any{"horizonDays": horizonUz, "cancelCutoffHours": cutoffUz}},
		{"nothing given", `{"clinicId": 1}`, staff, 422,
			map[string]any{"horizonDays": horizonRu}, map[string]any{"horizonDays": horizonUz}},
		{"a fraction", `{"clinicId": 1, "horizonDays": 30.5, "cancelCutoffHours": 2}`, staff, 400, nil, nil},
		{"another clinic's rules", `{"clinicId": 2, "horizonDays": 90, "cancelCutoffHours": 2}`, staff, 403, nil, nil},
		{"its own staff are not this clinic's", `{"clinicId": 1, "horizonDays": 90, "cancelCutoffHours": 2}`, other, 403, nil, nil},
		{"no clinic", `{"horizonDays": 90, "cancelCutoffHours": 2}`, staff, 403, nil, nil},
		{"an unknown clinic", `{"clinicId": 999, "horizonDays": 90, "cancelCutoffHours": 2}`, staff, 403, nil, nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			for lang, fields := range map[string]map[string]any{"ru": test.ru, "uz": test.uz} {
				a := f.call(t, "PUT", "/api/desk/booking-rules?lang="+lang, test.body, test.token)
				if a.status != test.status || a.body["error"] == "" {
					t.Errorf("%s: %d %s, want %d", lang, a.status, a.raw, test.status)
				}
				if got, _ := a.body["fields"].(map[string]any); fields != nil {
					if diff := cmp.Diff(fields, got); diff != "" {
						t.Errorf("%s: fields (-want +got):\n%s", lang, diff)
					}
				}
			}
			if diff := cmp.Diff(BookingRules{HorizonDays: 30, CancelCutoffHours: 0}, rules()); diff != "" {
				t.Errorf("refused, yet the rules changed (-want +got):\n%s", diff)
			}
		})
	}
	var n int
	f.db.Get(&n, `SELECT count(*) FROM clinic_booking_rules WHERE clinic_id <> 1`)
	if n != 0 {
		t.Errorf("%d rules of other clinics after the refusals", n)
	}
}

// TestDeskPageRules: /desk's data carries the clinic's rules for its
// form: the ones set, else the defaults.
func TestDeskPageRules(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, horizon_days, cancel_cutoff_hours) VALUES (1, 45, 6)`)
	load := Pages(NewStore(f.db), role.NewStore(f.db), func() time.Time { return now })["desk"]
	for user, want := range map[int64]BookingRules{2: {HorizonDays: 45, CancelCutoffHours: 6}, 3: {HorizonDays: 30, CancelCutoffHours: 2}} {
		res, err := load(t.Context(), page.Request{Route: "desk", Lang: "ru", Query: url.Values{}, UserID: user})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, res.Data.(DeskPage).Rules); diff != "" {
			t.Errorf("staff %d's clinic (-want +got):\n%s", user, diff)
		}
	}
}
