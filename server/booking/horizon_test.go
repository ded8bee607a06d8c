package booking

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/shared"
)

// TestDays: the day set holds every day of the longest horizon, and the
// days past it are left out rather than wrapped onto others.
func TestDays(t *testing.T) {
	if MaxHorizonDays > 128 {
		t.Fatalf("limits.json's bookingHorizonDaysMax %d does not fit Days", MaxHorizonDays)
	}
	d := DaysFrom(60, 10)
	for i, want := range map[int]bool{0: false, 59: false, 60: true, 63: true, 64: true, 69: true, 70: false, 128: false, -1: false} {
		if d.Has(i) != want {
			t.Errorf("DaysFrom(60, 10).Has(%d) = %v", i, !want)
		}
	}
	var last Days
	last.Add(MaxHorizonDays - 1)
	last.Add(128) // ignored
	for _, test := range []struct {
		name string
		a, b Days
		meet bool
	}{
		{"today and the week", DaysFrom(0, 1), DaysFrom(0, 7), true},
		{"tomorrow and today", DaysFrom(1, 1), DaysFrom(0, 1), false},
		{"the last day and every day", last, DaysFrom(0, MaxHorizonDays), true},
		{"the last day and the first 64", last, DaysFrom(0, 64), false},
		{"none", Days{}, DaysFrom(0, 128), false},
	} {
		if got := test.a.Meets(test.b); got != test.meet {
			t.Errorf("%s: Meets = %v", test.name, got)
		}
	}
	if !(Days{}).Empty() || last.Empty() {
		t.Error("Empty")
	}
}

// TestRuleDefaults: a clinic's rules row starts from the defaults the
// code uses for a clinic without one, and the table refuses what the
// limits (limits.json) refuse.
func TestRuleDefaults(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id) VALUES (1)`)
	var r struct {
		Lead    int `db:"lead_min"`
		Horizon int `db:"horizon_days"`
		Cutoff  int `db:"cancel_cutoff_hours"`
	}
	if err := f.db.Get(&r, `SELECT lead_min, horizon_days, cancel_cutoff_hours FROM clinic_booking_rules WHERE clinic_id = 1`); err != nil {
		t.Fatal(err)
	}
	want := struct{ Lead, Horizon, Cutoff int }{int(DefaultLead.Minutes()), DefaultHorizonDays, int(DefaultCancelCutoff.Hours())}
	if got := (struct{ Lead, Horizon, Cutoff int }{r.Lead, r.Horizon, r.Cutoff}); got != want {
		t.Errorf("the columns' defaults %+v, the code's %+v", got, want)
	}
	cutoffMax := shared.MustReadLimits().CancelCutoffHoursMax
	for _, test := range []struct {
		set string
		ok  bool
	}{
		{fmt.Sprintf("horizon_days = %d", MaxHorizonDays), true},
		{fmt.Sprintf("horizon_days = %d", MaxHorizonDays+1), false},
		{"horizon_days = 0", false},
		{fmt.Sprintf("cancel_cutoff_hours = %d", cutoffMax), true},
		{fmt.Sprintf("cancel_cutoff_hours = %d", cutoffMax+1), false},
		{"cancel_cutoff_hours = -1", false},
	} {
		_, err := f.db.Exec(`UPDATE clinic_booking_rules SET ` + test.set + ` WHERE clinic_id = 1`)
		if (err == nil) != test.ok {
			t.Errorf("%s: %v", test.set, err)
		}
	}
}

// TestClinicHorizon: each clinic offers and holds times up to its own
// horizon. Clinic 1 takes bookings 90 days ahead, clinic 2 keeps the
// default 30 days, and a hold past a clinic's last day is refused naming
// its days, in the visitor's language.
func TestClinicHorizon(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, horizon_days) VALUES (1, 90)`)
	f.exec(t, `INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		VALUES (4, 'clinic-4', 'Клиника 4', '4-klinika', (SELECT min(id) FROM regions), 'ул. Навои, 4', 'Navoiy ko''chasi, 4', '+998 71 200-00-04')`)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, horizon_days) VALUES (4, 3)`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (2, 4, 100000)`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		SELECT 2, 4, w, 1080, 1200, 30, '2026-01-01' FROM generate_series(1, 7) w`)
	for _, test := range []struct {
		name           string
		doctor, clinic int64
		day            int
		at             string // the Uzbek request asks an hour later
		status         int
		ru, uz         string
	}{
		{"day 60 at a 90-day clinic", 1, 1, 60, "10:00", 201, "", ""},
		{"its last day", 2, 1, 89, "10:00", 201, "", ""},
		{"the day after", 2, 1, 90, "10:00", 400, "Клиника принимает запись не больше чем на 90 дн. вперёд.", "Klinika ko'pi bilan 90 kun oldinga yozadi."},
		{"the default's last day", 3, 2, 29, "10:00", 201, "", ""},
		{"the default's day after", 3, 2, 30, "10:00", 400, "Клиника принимает запись не больше чем на 30 дн. вперёд.", "Klinika ko'pi bilan 30 kun oldinga yozadi."},
		{"day 60 at a 30-day clinic", 1, 2, 60, "18:00", 400, "", ""},
		{"a 3-day clinic's last day", 2, 4, 2, "18:00", 201, "", ""},
		{"its day after", 2, 4, 3, "18:00", 400, "Клиника принимает запись не больше чем на 3 дн. вперёд.", "Klinika ko'pi bilan 3 kun oldinga yozadi."},
	} {
		t.Run(test.name, func(t *testing.T) {
			for lang, want := range map[string]string{"ru": test.ru, "uz": test.uz} {
				start := parseStamp(slot(test.day, test.at))
				if lang == "uz" {
					start = start.Add(time.Hour)
				}
				a := f.call(t, "POST", "/api/bookings/holds?lang="+lang, holdBody(test.doctor, test.clinic, Stamp(start)), "")
				if a.status != test.status || (want != "" && a.body["error"] != want) {
					t.Errorf("%s: %d %s; want %d %q", lang, a.status, a.raw, test.status, want)
				}
			}
		})
	}
}

// TestClinicHorizonSlots: a doctor's week grid runs to the last day of
// each clinic's horizon and no further, and the first free time is
// sought over each clinic's horizon (/api/slots, the waitlist).
func TestClinicHorizonSlots(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, horizon_days) VALUES (1, 90)`)
	days := func(a answer) map[float64][]string {
		out := map[float64][]string{}
		for _, c := range a.data()["clinics"].([]any) {
			c := c.(map[string]any)
			out[c["clinicId"].(float64)] = nil
			for _, d := range c["days"].([]any) {
				d := d.(map[string]any)
				out[c["clinicId"].(float64)] = append(out[c["clinicId"].(float64)], fmt.Sprintf("%s:%d", d["date"], len(d["slots"].([]any))))
			}
		}
		return out
	}
	// Doctor 1: clinic 1 (90 days, 16 slots a day), clinic 2 (the default 30 days, 3).
	a := f.call(t, "GET", "/api/doctors/1/slots?from=2026-12-21&days=3", "", "")
	want := map[float64][]string{1: {"2026-12-21:16", "2026-12-22:16", "2026-12-23:16"}, 2: {"2026-12-21:3", "2026-12-22:3"}}
	if diff := cmp.Diff(want, days(a)); a.status != 200 || diff != "" {
		t.Errorf("across clinic 2's last day: %d (-want +got):\n%s", a.status, diff)
	}
	a = f.call(t, "GET", "/api/doctors/1/slots?from=2027-02-19&days=7", "", "")
	want = map[float64][]string{1: {"2027-02-19:16", "2027-02-20:16"}, 2: nil}
	if diff := cmp.Diff(want, days(a)); a.status != 200 || diff != "" {
		t.Errorf("clinic 1's last week: %d (-want +got):\n%s", a.status, diff)
	}
	if c := a.data()["clinics"].([]any); len(c) != 2 || c[0].(map[string]any)["horizonDays"] != 90.0 || c[1].(map[string]any)["horizonDays"] != 30.0 {
		t.Errorf("horizonDays: %s", a.raw)
	}
	for _, test := range []struct {
		path string
		ru   string
	}{
		{"/api/doctors/1/slots?from=2027-02-21", "Параметр from должен быть датой от 2026-11-22 до 2027-02-20: дальше клиники врача не записывают."},
		{"/api/doctors/3/slots?from=2026-12-23", "Параметр from должен быть датой от 2026-11-22 до 2026-12-22: дальше клиники врача не записывают."},
	} {
		if a := f.call(t, "GET", test.path, "", ""); a.status != 400 || a.body["error"] != test.ru {
			t.Errorf("%s: %d %s", test.path, a.status, a.raw)
		}
	}

	// Doctor 2 (clinic 1 only) has hours from day 40 on: free only within
	// a horizon that long.
	f.exec(t, `UPDATE schedules SET valid_from = '2027-01-02' WHERE doctor_id = 2`)
	first := func() any {
		a := f.call(t, "GET", "/api/slots?doctors=2&limit=1", "", "")
		return a.data()["doctors"].([]any)[0].(map[string]any)["nextFree"]
	}
	if got := first(); got != slot(40, "09:00") {
		t.Errorf("a 90-day clinic: nextFree %v, want %s", got, slot(40, "09:00"))
	}
	if a := f.call(t, "POST", "/api/waitlist", `{"doctorId": 2}`, f.session(t, 1)); a.status != 409 {
		t.Errorf("the waitlist of a doctor free on day 40 of 90: %d %s", a.status, a.raw)
	}
	f.exec(t, `UPDATE clinic_booking_rules SET horizon_days = 30 WHERE clinic_id = 1`)
	if got := first(); got != nil {
		t.Errorf("a 30-day clinic: nextFree %v, want none", got)
	}
	if a := f.call(t, "POST", "/api/waitlist", `{"doctorId": 2}`, f.session(t, 1)); a.status != 201 {
		t.Errorf("the waitlist of a doctor with no time in 30 days: %d %s", a.status, a.raw)
	}
}

// TestWaitlistLongerHorizon: a full doctor's clinic taking bookings
// further ahead offers the first waiting patient a time of the new days.
func TestWaitlistLongerHorizon(t *testing.T) {
	f := newFixture(t)
	f.fullDoctor(t)
	if a := f.call(t, "POST", "/api/waitlist", `{"doctorId": 4}`, f.session(t, 1)); a.status != 201 {
		t.Fatalf("join: %d %s", a.status, a.raw)
	}
	f.startWorkers(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, horizon_days) VALUES (1, 60)`)
	err := f.store.inTx(context.Background(), func(tx *sqlx.Tx) error {
		return f.store.QueueFreed(context.Background(), tx.Tx, 4, time.Time{})
	})
	if err != nil {
		t.Fatal(err)
	}
	f.offerOf(t, phone1)
	var start string
	f.db.Get(&start, `SELECT to_char(lower(during) AT TIME ZONE 'Asia/Tashkent', 'YYYY-MM-DD HH24:MI') FROM appointments WHERE doctor_id = 4 AND status = 'held'`)
	if start != "2026-12-23 09:00" {
		t.Errorf("the offer is for %q, want the first Wednesday past 30 days, 2026-12-23 09:00", start)
	}
}

// TestCancelCutoffHours: a patient cancels or moves a visit until the
// clinic's cut-off in hours, then is refused 409 naming them in their
// language; the visit says the rule and stops offering the change; the
// clinic still cancels. A clinic with no cut-off allows it until the
// visit begins.
func TestCancelCutoffHours(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, cancel_cutoff_hours) VALUES (1, 24), (2, 0)`)
	tok := f.session(t, 1)
	// Tomorrow 11:00 at clinic 1: cancellable until today 11:00; it is 08:00.
	id := f.book(t, tok, 1, 1, slot(1, "11:00"), 1)
	if b := upcoming(t, f, tok, id); b["cancelCutoffHours"] != 24.0 || b["cancelUntil"] != slot(0, "11:00") || b["canCancel"] != true || b["canReschedule"] != true {
		t.Errorf("before the cut-off: %v", b)
	}
	f.Advance(3 * time.Hour) // 11:00
	h, key := f.holdAs(t, tok, 1, 1, slot(1, "15:00"))
	for lang, want := range map[string]string{
		"ru": "Отменить или перенести запись можно не позднее чем за 24 ч до приёма. Позвоните в клинику.",
		"uz": "Yozuvni qabuldan kamida 24 soat oldin bekor qilish yoki ko'chirish mumkin. Klinikaga qo'ng'iroq qiling.",
	} {
		if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel?lang=%s", id, lang), "", tok); a.status != 409 || a.body["error"] != want {
			t.Errorf("cancel at the cut-off (%s): %d %s", lang, a.status, a.raw)
		}
		a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule?lang=%s", id, lang), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h, key), tok)
		if a.status != 409 || a.body["error"] != want {
			t.Errorf("reschedule at the cut-off (%s): %d %s", lang, a.status, a.raw)
		}
	}
	if b := upcoming(t, f, tok, id); b["canCancel"] != false || b["canReschedule"] != false || b["status"] != "booked" {
		t.Errorf("past the cut-off: %v", b)
	}
	if err := f.store.CancelByClinic(t.Context(), id, 0, "врач заболел", f.Now()); err != nil {
		t.Errorf("the clinic cancels past the patient's cut-off: %v", err)
	}

	// Clinic 2, no cut-off: the visit at 10:00 may go until 10:00.
	at10 := f.book(t, tok, 3, 2, slot(2, "10:00"), 2)
	f.Advance(47*time.Hour - time.Second) // 09:59:59 on its day
	if b := upcoming(t, f, tok, at10); b["canCancel"] != true || b["cancelCutoffHours"] != 0.0 || b["cancelUntil"] != slot(2, "10:00") {
		t.Errorf("a second before, no cut-off: %v", b)
	}
	f.Advance(time.Second)
	for lang, want := range map[string]string{
		"ru": "Отменить или перенести запись можно только до начала приёма. Позвоните в клинику.",
		"uz": "Yozuvni faqat qabul boshlanguncha bekor qilish yoki ko'chirish mumkin. Klinikaga qo'ng'iroq qiling.",
	} {
		if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel?lang=%s", at10, lang), "", tok); a.status != 409 || a.body["error"] != want {
			t.Errorf("cancel as it begins, no cut-off (%s): %d %s", lang, a.status, a.raw)
		}
	}
	if s := f.statusOf(t, at10); s != "booked" {
		t.Errorf("after the refusals the visit is %s", s)
	}
}

// upcoming is the user's upcoming visit id as GET /api/bookings gives it.
func upcoming(t *testing.T, f *fixture, token string, id int64) map[string]any {
	t.Helper()
	for _, b := range f.call(t, "GET", "/api/bookings", "", token).data()["upcoming"].([]any) {
		if b := b.(map[string]any); b["id"] == float64(id) {
			return b
		}
	}
	t.Fatalf("visit %d is not upcoming", id)
	return nil
}
