package desk

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/server/database/dbtest"
	"sogliq/server/documents"
	"sogliq/server/i18n"
	"sogliq/server/images"
	"sogliq/server/role"
)

// now is the tests' clock: Monday 2026-11-23, 12:00 in Tashkent.
var now = time.Date(2026, 11, 23, 12, 0, 0, 0, booking.Tashkent)

// The fixture: clinics 1 and 2, doctor 1 at clinic 1 and doctor 2 at
// clinic 2, every day 09:00-18:00 in 30-minute slots. Users: 1 a patient,
// 2 staff of clinic 1, 3 staff of clinic 2, 4 an editor.
type fixture struct {
	db  *sqlx.DB
	app *fiber.App
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t)}
	f.exec(t, `INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		SELECT n, 'clinic-' || n, 'Клиника ' || n, n || '-klinika', (SELECT min(id) FROM regions), 'ул. ' || n, n || '-ko''cha', ''
		FROM generate_series(1, 2) n`)
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		SELECT n, 'doctor-' || n, 'Врач ' || n, 'Shifokor ' || n, 'f', 2000, (SELECT min(id) FROM regions)
		FROM generate_series(1, 2) n`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 1, 100000), (2, 2, 100000)`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		SELECT d, d, w, 540, 1080, 30, '2026-01-01' FROM generate_series(1, 2) d, generate_series(1, 7) w`)
	f.exec(t, `INSERT INTO users (id, phone, first_name) SELECT n, '99890000000' || n, 'User' || n FROM generate_series(1, 4) n`)
	roles := role.NewStore(f.db)
	ctx := t.Context()
	for _, g := range []struct{ phone, role, clinic string }{
		{"998900000002", role.Staff, "clinic-1"}, {"998900000003", role.Staff, "clinic-2"}, {"998900000004", role.Editor, ""},
	} {
		if err := roles.Grant(ctx, g.phone, g.role, g.clinic); err != nil {
			t.Fatal(err)
		}
	}
	store := NewStore(f.db)
	store.Documents = documents.NewStore(f.db, t.TempDir(), []byte("desk-test-secret"), images.New(nil, nil))
	store.Documents.StaffClinics = roles.StaffClinics
	h := &Handler{Store: store, Bookings: booking.NewStore(f.db), Roles: roles, Accounts: account.NewStore(f.db), Dict: dict,
		Now: func() time.Time { return now }}
	f.app = accounttest.App(t, dict)
	h.Register(f.app)
	return f
}

func (f *fixture) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	dbtest.Exec(t, f.db, q, args...)
}

// session signs user id in and returns the token.
func (f *fixture) session(t *testing.T, id int64) string {
	t.Helper()
	return accounttest.SignIn(t, f.db, id, now)
}

// visit inserts a booked visit of user 1 with the clinic's doctor, starting
// hours from now.
func (f *fixture) visit(t *testing.T, clinic int64, hours float64) int64 {
	t.Helper()
	start := now.Add(time.Duration(hours * float64(time.Hour)))
	var id int64
	err := f.db.Get(&id, `INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
		VALUES ($1, $1, tstzrange($2, $3), 'booked', $2, 1, 100000, true, 'User1', 'self', $4, $4, $4) RETURNING id`,
		clinic, start, start.Add(30*time.Minute), now.Add(-24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

type answer struct {
	status int
	body   map[string]any
	raw    string
}

func (f *fixture) call(t *testing.T, method, path, body, token string, headers ...string) answer {
	t.Helper()
	a := accounttest.Call(t, f.app, method, path, body, token, headers...)
	return answer{status: a.Status, body: a.Body, raw: string(a.Raw)}
}

// TestAccess: every desk API, every kind of caller, exact statuses; the
// one allowed caller's change is checked in the database.
func TestAccess(t *testing.T) {
	f := newFixture(t)
	callers := []struct {
		name  string
		token string
	}{{"anonymous", ""}, {"patient", f.session(t, 1)}, {"staff", f.session(t, 2)}, {"other clinic's staff", f.session(t, 3)}, {"editor", f.session(t, 4)}}
	type action struct {
		name   string
		method string
		path   func(visit, block int64) string
		body   string
		// want per caller, in callers' order.
		want [5]int
		// effect checks the allowed caller's change.
		effect string
	}
	n := 0
	block := func(t *testing.T) int64 {
		var id int64
		f.db.Get(&id, `INSERT INTO schedule_blocks (doctor_id, clinic_id, during, created_at) VALUES (1, 1, tstzrange($1, $2), $1) RETURNING id`, now.Add(48*time.Hour), now.Add(50*time.Hour))
		return id
	}
	for _, a := range []action{
		{"day view", "GET", func(v, b int64) string { return "/api/desk/visits?clinic=1&days=3" }, "", [5]int{401, 403, 200, 403, 403}, ""},
		{"confirm", "POST", func(v, b int64) string { return fmt.Sprintf("/api/desk/visits/%d/confirm", v) }, "", [5]int{401, 403, 200, 404, 403},
			`SELECT confirmed_at IS NOT NULL FROM appointments WHERE id = $1`},
		{"cancel", "POST", func(v, b int64) string { return fmt.Sprintf("/api/desk/visits/%d/cancel", v) }, `{"reason": "врач заболел"}`, [5]int{401, 403, 200, 404, 403},
			`SELECT status = 'cancelled' AND cancelled_by = 'clinic' FROM appointments WHERE id = $1`},
		{"outcome", "POST", func(v, b int64) string { return fmt.Sprintf("/api/desk/visits/%d/outcome", v) }, `{"status": "no_show"}`, [5]int{401, 403, 200, 404, 403},
			`SELECT status = 'no_show' FROM appointments WHERE id = $1`},
		{"block", "POST", func(v, b int64) string { return "/api/desk/blocks" },
			`{"clinicId": 1, "doctorId": 1, "start": "2026-11-24T14:00:00+05:00", "end": "2026-11-24T18:00:00+05:00", "reason": "ремонт"}`, [5]int{401, 403, 201, 403, 403},
			`SELECT count(*) = 1 FROM schedule_blocks WHERE reason = 'ремонт' AND $1 > 0`},
		{"unblock", "DELETE", func(v, b int64) string { return fmt.Sprintf("/api/desk/blocks/%d", b) }, "", [5]int{401, 403, 204, 404, 403}, ""},
		{"schedule", "PUT", func(v, b int64) string { return "/api/desk/schedule" },
			`{"clinicId": 1, "doctorId": 1, "weekly": [{"weekday": 1, "start": 600, "end": 900, "slotMin": 20, "breaks": [[720, 780]]}]}`, [5]int{401, 403, 200, 403, 403},
			`SELECT count(*) = 1 FROM schedules WHERE doctor_id = 1 AND valid_from = '2026-11-23' AND slot_min = 20 AND breaks = '{[720,780)}' AND $1 > 0`},
		{"exception", "POST", func(v, b int64) string { return "/api/desk/exceptions" },
			`{"clinicId": 1, "doctorId": 1, "date": "2026-11-25", "off": true}`, [5]int{401, 403, 200, 403, 403},
			`SELECT count(*) = 1 FROM schedule_exceptions WHERE doctor_id = 1 AND day = '2026-11-25' AND starts_min IS NULL AND $1 > 0`},
		{"booking rules", "PUT", func(v, b int64) string { return "/api/desk/booking-rules" },
			`{"clinicId": 1, "horizonDays": 60, "cancelCutoffHours": 12}`, [5]int{401, 403, 200, 403, 403},
			`SELECT count(*) = 1 FROM clinic_booking_rules WHERE clinic_id = 1 AND horizon_days = 60 AND cancel_cutoff_hours = 12 AND $1 > 0`},
	} {
		for i, c := range callers {
			t.Run(a.name+"/"+c.name, func(t *testing.T) {
				n++ // each visit its own half hour
				hours := 24 + float64(n)/2
				if a.name == "outcome" {
					hours = -float64(n) / 2 // began before now
				}
				v, b := f.visit(t, 1, hours), block(t)
				got := f.call(t, a.method, a.path(v, b), a.body, c.token)
				if got.status != a.want[i] {
					t.Fatalf("%d %s, want %d", got.status, got.raw, a.want[i])
				}
				if got.status >= 400 && got.body["error"] == "" {
					t.Errorf("no message: %s", got.raw)
				}
				if a.effect != "" && got.status < 300 {
					var ok bool
					if err := f.db.Get(&ok, a.effect, v); err != nil || !ok {
						t.Errorf("%s: %v %v", a.effect, ok, err)
					}
				}
				if got.status >= 400 && a.effect != "" && strings.Contains(a.effect, "appointments") {
					var status string
					f.db.Get(&status, `SELECT status || coalesce(confirmed_at::text, '') FROM appointments WHERE id = $1`, v)
					if status != "booked" {
						t.Errorf("refused, yet the visit is %s", status)
					}
				}
			})
		}
	}
}

// TestCrossSite: a change sent from another site is refused like the
// account APIs refuse it, and changes nothing.
func TestCrossSite(t *testing.T) {
	f := newFixture(t)
	v := f.visit(t, 1, 24)
	a := f.call(t, "POST", fmt.Sprintf("/api/desk/visits/%d/cancel", v), `{"reason": "x"}`, f.session(t, 2), "Sec-Fetch-Site", "cross-site")
	if a.status != 403 || a.body["error"] != "Запрос отклонён: он отправлен с другого сайта." {
		t.Errorf("cross-site: %d %s", a.status, a.raw)
	}
	a = f.call(t, "POST", fmt.Sprintf("/api/desk/visits/%d/confirm", v), "", f.session(t, 2), "Origin", "https://evil.example")
	if a.status != 403 {
		t.Errorf("foreign origin: %d %s", a.status, a.raw)
	}
	var status string
	f.db.Get(&status, `SELECT status || coalesce(confirmed_at::text, '') FROM appointments WHERE id = $1`, v)
	if status != "booked" {
		t.Errorf("the visit is %s", status)
	}
}

// TestRefusals: bad input answers a clear message in the caller's
// language, never a 500.
func TestRefusals(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 2)
	future, past := f.visit(t, 1, 24), f.visit(t, 1, -2)
	for _, test := range []struct {
		name, method, path, body string
		status                   int
		msg                      string
	}{
		{"no reason", "POST", fmt.Sprintf("/api/desk/visits/%d/cancel", future), `{"reason": "  "}`, 422, "Укажите причину отмены (до 200 символов): пациент получит её в SMS."},
		{"no reason, uz", "POST", fmt.Sprintf("/api/desk/visits/%d/cancel?lang=uz", future), `{}`, 422, "Bekor qilish sababini yozing (200 belgigacha): bemor uni SMSda oladi."},
		{"outcome before the visit", "POST", fmt.Sprintf("/api/desk/visits/%d/outcome", future), `{"status": "attended"}`, 409, "Отметить приём можно только после его начала."},
		{"bad outcome", "POST", fmt.Sprintf("/api/desk/visits/%d/outcome", past), `{"status": "cancelled"}`, 400, "Отметка может быть только «пришёл» или «не пришёл»."},
		{"malformed JSON", "POST", fmt.Sprintf("/api/desk/visits/%d/outcome", past), `{"status": `, 400, ""},
		{"block backwards", "POST", "/api/desk/blocks", `{"clinicId": 1, "doctorId": 1, "start": "2026-11-24T18:00:00+05:00", "end": "2026-11-24T14:00:00+05:00"}`, 400, "Неверный промежуток: конец должен быть позже начала, не дальше чем через 92 дня."},
		{"block another clinic's doctor", "POST", "/api/desk/blocks", `{"clinicId": 1, "doctorId": 2, "start": "2026-11-24T14:00:00+05:00", "end": "2026-11-24T18:00:00+05:00"}`, 404, "Этот врач не принимает в вашей клинике."},
		{"schedule past midnight", "PUT", "/api/desk/schedule", `{"clinicId": 1, "doctorId": 1, "weekly": [{"weekday": 1, "start": 600, "end": 1500, "slotMin": 20}]}`, 400, "Неверное расписание: проверьте дни недели, часы, длину приёма (5–480 мин) и перерывы."},
		{"exception in the past", "POST", "/api/desk/exceptions", `{"clinicId": 1, "doctorId": 1, "date": "2026-11-20", "off": true}`, 400, "Неверная дата: нужна сегодняшняя или будущая дата в формате ГГГГ-ММ-ДД."},
		{"too many days", "GET", "/api/desk/visits?clinic=1&days=15", "", 400, "Число дней должно быть от 1 до 14."},
		{"unknown visit", "POST", "/api/desk/visits/999999/confirm", "", 404, "Запись не найдена."},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := f.call(t, test.method, test.path, test.body, tok)
			if a.status != test.status || (test.msg != "" && a.body["error"] != test.msg) || a.body["error"] == "" {
				t.Errorf("%d %s, want %d %q", a.status, a.raw, test.status, test.msg)
			}
		})
	}
}

// TestDayView: the visits of the days per doctor with the patient's
// no-shows of the last 90 days; a block closes its time to holds.
func TestDayView(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	for _, daysAgo := range []int{3, 20, 80, 100} {
		id := f.visit(t, 1, float64(-24*daysAgo))
		f.exec(t, `UPDATE appointments SET status = 'no_show' WHERE id = $1`, id)
	}
	today := f.visit(t, 1, 2)
	f.visit(t, 2, 3) // the other clinic's
	day, err := NewStore(f.db).Day(ctx, 1, "2026-11-23", 2, "uz", now)
	if err != nil {
		t.Fatal(err)
	}
	if len(day.Doctors) != 1 || day.Doctors[0].Name != "Shifokor 1" || len(day.Doctors[0].Visits) != 1 {
		t.Fatalf("day: %+v", day)
	}
	v := day.Doctors[0].Visits[0]
	if v.ID != today || v.NoShows != 3 || v.Start != "2026-11-23T14:00:00+05:00" || v.Phone != account.DisplayPhone("998900000001") || v.Status != "booked" {
		t.Errorf("visit: %+v", v)
	}
	if w := day.Doctors[0].Weekly; len(w) != 7 || w[0].Start != 540 || w[0].End != 1080 {
		t.Errorf("weekly: %+v", w)
	}

	a := f.call(t, "POST", "/api/desk/blocks", `{"clinicId": 1, "doctorId": 1, "start": "2026-11-24T14:00:00+05:00", "end": "2026-11-24T18:00:00+05:00", "reason": "ремонт"}`, f.session(t, 2))
	if a.status != 201 {
		t.Fatalf("block: %d %s", a.status, a.raw)
	}
	bookings := booking.NewStore(f.db)
	start, _ := time.Parse(time.RFC3339, "2026-11-24T15:00:00+05:00")
	if _, err := bookings.Hold(ctx, booking.HoldInput{DoctorID: 1, ClinicID: 1, Start: start, ClientIP: "10.0.0.1"}, now); api.StatusOf(err) != 409 {
		t.Errorf("a hold inside the block: %v", err)
	}
	free, err := bookings.Next(ctx, []int64{1}, 0, 5, "ru", time.Date(2026, 11, 24, 13, 0, 0, 0, booking.Tashkent))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range free.Doctors[0].Slots {
		if s.Start >= "2026-11-24T14:00" && s.Start < "2026-11-24T18:00" {
			t.Errorf("a blocked time is offered: %s", s.Start)
		}
	}
	if len(free.Doctors[0].Slots) == 0 || free.Doctors[0].Slots[0].Start != "2026-11-25T09:00:00+05:00" {
		t.Errorf("first free after the block: %+v", free.Doctors[0].Slots)
	}
}

// TestDayWeekly: the desk's weekly hours of a doctor are the rows valid on
// the first day, at this clinic only, by weekday and start, with their
// breaks in order.
func TestDayWeekly(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `DELETE FROM schedules WHERE doctor_id = 1`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 2, 100000)`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, breaks, valid_from, valid_to) VALUES
		(1, 1, 3, 840, 1020, 30, '{}', '2026-01-01', NULL),
		(1, 1, 1, 540, 1080, 30, '{[780,840),[720,750)}', '2026-01-01', NULL),
		(1, 1, 3, 480, 720, 20, '{[600,615)}', '2026-11-23', '2026-11-23'),
		(1, 1, 2, 540, 1080, 30, '{}', '2026-01-01', '2026-11-22'),
		(1, 1, 2, 600, 900, 30, '{}', '2026-11-24', NULL),
		(1, 2, 1, 1100, 1200, 20, '{}', '2026-01-01', NULL)`)
	day, err := NewStore(f.db).Day(t.Context(), 1, "2026-11-23", 1, "ru", now)
	if err != nil {
		t.Fatal(err)
	}
	want := []WeeklyHours{
		{Weekday: 1, Start: 540, End: 1080, SlotMin: 30, Breaks: [][2]int{{720, 750}, {780, 840}}},
		{Weekday: 3, Start: 480, End: 720, SlotMin: 20, Breaks: [][2]int{{600, 615}}},
		{Weekday: 3, Start: 840, End: 1020, SlotMin: 30, Breaks: [][2]int{}},
	}
	if len(day.Doctors) != 1 {
		t.Fatalf("doctors: %+v", day.Doctors)
	}
	if diff := cmp.Diff(want, day.Doctors[0].Weekly); diff != "" {
		t.Errorf("weekly (-want +got):\n%s", diff)
	}
}

// TestDeletedPatientOnTheDesk: the desk still shows the visit of a patient
// who deleted their account, cancelled, with no name or phone.
func TestDeletedPatientOnTheDesk(t *testing.T) {
	f := newFixture(t)
	v := f.visit(t, 1, 3)
	accounts := account.NewStore(f.db)
	accounts.Forget = booking.NewStore(f.db).ForgetPatient
	if err := accounts.DeleteUser(t.Context(), 1, now); err != nil {
		t.Fatal(err)
	}
	a := f.call(t, "GET", "/api/desk/visits?clinic=1&days=1", "", f.session(t, 2))
	var day struct {
		Data DeskDay `json:"data"`
	}
	if err := json.Unmarshal([]byte(a.raw), &day); err != nil || a.status != 200 || len(day.Data.Doctors) != 1 {
		t.Fatalf("day: %d %s", a.status, a.raw)
	}
	visits := day.Data.Doctors[0].Visits
	if len(visits) != 1 || visits[0].ID != v || visits[0].Status != "cancelled" || visits[0].PatientName != "" || visits[0].Phone != "" {
		t.Errorf("visits: %+v", visits)
	}
}
