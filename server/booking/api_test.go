package booking

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/account"
	"sogliq/server/api"
)

func TestSlotsAPI(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	// Doctor 1 is busy 10:00 at clinic 2's... no: a booking at clinic 1
	// takes the time at clinic 2 too (one doctor, one place).
	f.book(t, tok, 1, 1, slot(0, "10:00"), 1)

	a := f.call(t, "GET", "/api/doctors/1/slots?days=1", "", "")
	if a.status != 200 || a.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("slots: %d %q %s", a.status, a.header.Get("Cache-Control"), a.raw)
	}
	clinics := a.data()["clinics"].([]any)
	var got []string
	for _, c := range clinics {
		c := c.(map[string]any)
		for _, d := range c["days"].([]any) {
			for _, s := range d.(map[string]any)["slots"].([]any) {
				got = append(got, fmt.Sprintf("%v %v", c["clinicId"], s.(map[string]any)["start"]))
			}
		}
	}
	// Now 08:00, lead 1 h: from 09:00; 10:00 booked; lunch 13-14; clinic
	// 2 in the evening.
	want := []string{}
	for _, hm := range []string{"09:00", "09:30", "10:30", "11:00", "11:30", "12:00", "12:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30"} {
		want = append(want, "1 "+slot(0, hm))
	}
	for _, hm := range []string{"18:00", "19:00", "20:00"} {
		want = append(want, "2 "+slot(0, hm))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("slots (-want +got):\n%s", diff)
	}
	if a.data()["nextFree"] != slot(0, "09:00") {
		t.Errorf("nextFree = %v", a.data()["nextFree"])
	}
	one := f.call(t, "GET", "/api/doctors/1/slots?clinic=2&from=2026-11-24&days=2&lang=uz", "", "")
	if c := one.data()["clinics"].([]any); one.status != 200 || len(c) != 1 || c[0].(map[string]any)["clinicName"] != "2-klinika" {
		t.Errorf("clinic 2 in Uzbek: %d %s", one.status, one.raw)
	}

	next := f.call(t, "GET", "/api/slots?doctors=1,2,99&limit=2", "", "")
	// Each clinic's first times come with its name, address and price (the
	// earliest clinic first), so a card says where and for how much; with
	// no visit type (the fixture's doctors have none) the type is null.
	at1 := `{"start":"2026-11-23T09:00:00+05:00","end":"2026-11-23T09:30:00+05:00","clinicId":1},{"start":"2026-11-23T09:30:00+05:00","end":"2026-11-23T10:00:00+05:00","clinicId":1}`
	at2 := `{"start":"2026-11-23T18:00:00+05:00","end":"2026-11-23T19:00:00+05:00","clinicId":2},{"start":"2026-11-23T19:00:00+05:00","end":"2026-11-23T20:00:00+05:00","clinicId":2}`
	clinic1 := func(price int) string {
		return fmt.Sprintf(`{"clinicId":1,"name":"Клиника 1","address":"ул. Навои, 1","price":%d,"slots":[%s],"type":null}`, price, at1)
	}
	clinic2 := `{"clinicId":2,"name":"Клиника 2","address":"ул. Навои, 2","price":200000,"slots":[` + at2 + `],"type":null}`
	wantNext := `{"data":{"doctors":[` +
		`{"doctorId":1,"slots":[` + at1 + `],"clinics":[` + clinic1(150000) + `,` + clinic2 + `],"nextFree":"2026-11-23T09:00:00+05:00"},` +
		`{"doctorId":2,"slots":[` + at1 + `],"clinics":[` + clinic1(100000) + `],"nextFree":"2026-11-23T09:00:00+05:00"},` +
		`{"doctorId":99,"slots":[],"clinics":[],"nextFree":null}]}}`
	if next.status != 200 || string(next.raw) != wantNext {
		t.Errorf("next: %d\n got %s\nwant %s", next.status, next.raw, wantNext)
	}
	// On a clinic's page only that clinic's times count (issue 34 item 1):
	// doctor 1's morning at clinic 1 is not offered on clinic 2's page.
	atClinic := f.call(t, "GET", "/api/slots?doctors=1,2&limit=2&clinic=2", "", "")
	wantAt := `{"data":{"doctors":[` +
		`{"doctorId":1,"slots":[` + at2 + `],"clinics":[` + clinic2 + `],"nextFree":"2026-11-23T18:00:00+05:00"},` +
		`{"doctorId":2,"slots":[],"clinics":[],"nextFree":null}]}}`
	if atClinic.status != 200 || string(atClinic.raw) != wantAt {
		t.Errorf("next at clinic 2: %d\n got %s\nwant %s", atClinic.status, atClinic.raw, wantAt)
	}

	for _, test := range []struct {
		path   string
		status int
		ru, uz string
	}{
		{"/api/doctors/999/slots", 404, "Врач не найден.", "Shifokor topilmadi."},
		{"/api/doctors/1/slots?clinic=3", 404, "Этот врач не принимает в этой клинике.", "Bu shifokor ushbu klinikada qabul qilmaydi."},
		{"/api/doctors/x/slots", 400, "Номер врача должен быть положительным целым числом.", ""},
		{"/api/doctors/1/slots?days=15", 400, "Параметр days должен быть целым числом от 1 до 14.", ""},
		{"/api/doctors/1/slots?days=0", 400, "", ""},
		{"/api/doctors/1/slots?from=2026-13-01", 400, "Параметр from должен быть датой в виде ГГГГ-ММ-ДД.", ""},
		{"/api/doctors/1/slots?clinic=-1", 400, "", ""},
		// The horizon bounds from: the test's today is 2026-11-23.
		{"/api/doctors/1/slots?from=9999-12-31", 400, "Параметр from должен быть датой от 2026-11-22 до 2026-12-22: дальше клиники врача не записывают.",
			"from parametri 2026-11-22 dan 2026-12-22 gacha sana bo'lishi kerak: undan keyin shifokorning klinikalari yozmaydi."},
		{"/api/doctors/1/slots?from=2026-12-23", 400, "", ""},
		{"/api/doctors/1/slots?from=0001-01-01", 400, "", ""},
		{"/api/doctors/1/slots?from=2026-11-21", 400, "", ""},
		{"/api/slots?doctors=", 400, "", ""},
		{"/api/slots?doctors=1,a", 400, "", ""},
		{"/api/slots?doctors=" + strings.Repeat("1,", 50) + strings.Repeat("2,", 0) + "51," + ids(52, 100), 400, "", ""},
		{"/api/slots?doctors=1&limit=6", 400, "Параметр limit должен быть целым числом от 1 до 5.", ""},
		{"/api/slots?doctors=1&clinic=x", 400, "", ""},
		{"/api/slots?doctors=1&clinic=0", 400, "", ""},
	} {
		for lang, want := range map[string]string{"ru": test.ru, "uz": test.uz} {
			a := f.call(t, "GET", test.path+sep(test.path)+"lang="+lang, "", "")
			if a.status != test.status || a.body["error"] == "" || (want != "" && a.body["error"] != want) {
				t.Errorf("%s (%s): %d %s; want %d %q", test.path, lang, a.status, a.raw, test.status, want)
			}
		}
	}
}

func ids(from, to int) string {
	var s []string
	for i := from; i <= to; i++ {
		s = append(s, fmt.Sprint(i))
	}
	return strings.Join(s, ",")
}

func sep(path string) string {
	if strings.Contains(path, "?") {
		return "&"
	}
	return "?"
}

func TestHoldRefusals(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	f.holdAs(t, tok, 1, 1, slot(0, "10:00"))
	for _, test := range []struct {
		name, body string
		status     int
		ru, uz     string
	}{
		{"taken", holdBody(1, 1, slot(0, "10:00")), 409, "Это время уже занято. Выберите другое.", "Bu vaqt allaqachon band. Boshqa vaqtni tanlang."},
		{"taken at another clinic (one doctor, one place)", holdBody(1, 2, slot(0, "10:00")), 400, "Врач не принимает в это время. Выберите время из расписания.", "Shifokor bu vaqtda qabul qilmaydi. Jadvaldagi vaqtni tanlang."},
		{"unknown doctor", holdBody(99, 1, slot(0, "10:00")), 404, "Врач не найден.", "Shifokor topilmadi."},
		{"doctor not at clinic", holdBody(2, 2, slot(0, "10:00")), 404, "Этот врач не принимает в этой клинике.", "Bu shifokor ushbu klinikada qabul qilmaydi."},
		{"outside the schedule", holdBody(1, 1, slot(0, "10:10")), 400, "Врач не принимает в это время. Выберите время из расписания.", ""},
		{"lunch", holdBody(1, 1, slot(0, "13:00")), 400, "", ""},
		{"past", holdBody(1, 1, slot(-1, "10:00")), 400, "Это время уже прошло.", "Bu vaqt o'tib ketgan."},
		{"inside the lead time", holdBody(1, 1, slot(0, "08:30")), 400, "", ""},
		{"beyond the default horizon", holdBody(1, 1, slot(30, "10:00")), 400, "Клиника принимает запись не больше чем на 30 дн. вперёд.", "Klinika ko'pi bilan 30 kun oldinga yozadi."},
		{"not a time", holdBody(1, 1, "tomorrow"), 400, "", ""},
		{"no clinic", `{"doctorId": 1, "start": "` + slot(0, "10:00") + `"}`, 400, "", ""},
		{"malformed JSON", `{"doctorId": 1,`, 400, "Не удалось прочитать запрос: ожидается JSON.", ""},
		{"a string for a number", `{"doctorId": "1", "clinicId": 1, "start": "` + slot(0, "10:00") + `"}`, 400, "", ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			for lang, want := range map[string]string{"ru": test.ru, "uz": test.uz} {
				a := f.call(t, "POST", "/api/bookings/holds?lang="+lang, test.body, "")
				if a.status != test.status || a.body["error"] == nil || (want != "" && a.body["error"] != want) {
					t.Errorf("%s: %d %s; want %d %q", lang, a.status, a.raw, test.status, want)
				}
			}
		})
	}
	// Doctor 1 at clinic 2 works 18-21 only; 18:00 there is free.
	f.holdAs(t, "", 1, 2, slot(0, "18:00"))
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(0, "11:00")), "", "Content-Type", "text/plain"); a.status != 415 {
		t.Errorf("text/plain: %d", a.status)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(0, "11:00")), "", "Sec-Fetch-Site", "cross-site"); a.status != 403 {
		t.Errorf("cross-site: %d", a.status)
	}
	var n int
	f.db.Get(&n, `SELECT count(*) FROM appointments`)
	if n != 2 {
		t.Errorf("%d appointments after the refusals, want the 2 holds", n)
	}
}

func TestHoldAcrossClinicsOfOneDoctor(t *testing.T) {
	f := newFixture(t)
	// Doctor 1 at clinic 2 from 18:00 in hours; make clinic 1 run late
	// one day so both schedules name 18:00 (an exception).
	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, doctor_id, day, starts_min, ends_min, slot_min) VALUES (1, 1, '2026-11-24', 1050, 1140, 30)`)
	f.holdAs(t, "", 1, 2, slot(1, "18:00"))
	a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "18:00")), "")
	if a.status != 409 {
		t.Errorf("the same doctor at another clinic at the same time: %d %s, want 409", a.status, a.raw)
	}
	f.holdAs(t, "", 1, 1, slot(1, "17:30"))
}

func TestBookFlow(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	id, key := f.holdAs(t, tok, 1, 1, slot(1, "10:00"))

	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(1)), ""); a.status != 401 || a.body["error"] != "Сеанс завершён. Войдите снова." {
		t.Errorf("no session: %d %s", a.status, a.raw)
	}
	a := f.call(t, "POST", "/api/bookings?lang=uz", bookBody(id, key, uuidN(1)), tok)
	if a.status != 201 {
		t.Fatalf("book: %d %s", a.status, a.raw)
	}
	b := a.data()
	if b["status"] != "booked" || a.num("id") != id || b["price"].(float64) != 150000 || b["patientName"] != "Имя1 Фамилия" ||
		b["start"] != slot(1, "10:00") || b["cancelUntil"] != slot(1, "08:00") || b["canCancel"] != true ||
		b["icsUrl"] != fmt.Sprintf("/api/bookings/%d.ics?lang=uz", id) || b["clinic"].(map[string]any)["name"] != "1-klinika" ||
		b["doctor"].(map[string]any)["specialty"] != "Kardiolog" {
		t.Errorf("booking: %s", a.raw)
	}
	again := f.call(t, "POST", "/api/bookings?lang=uz", bookBody(id, key, uuidN(1)), tok)
	if again.status != 200 || again.num("id") != id {
		t.Errorf("repeat: %d %s", again.status, again.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(2)), tok); a.status != 409 || a.body["error"] != "Время больше не удерживается: прошло 5 минут или его заняли. Выберите время снова." {
		t.Errorf("booking a booked hold again: %d %s", a.status, a.raw)
	}
	f.startWorkers(t)
	waitSMS(t, f, "+998900000001", "Sog'liq: siz 24.11.2026 kuni soat 10:00 da Shifokor 1 qabuliga yozildingiz")

	v := f.call(t, "GET", "/api/bookings", "", tok)
	if up := v.data()["upcoming"].([]any); v.status != 200 || len(up) != 1 || v.header.Get("Cache-Control") != "no-store" {
		t.Errorf("visits: %d %s", v.status, v.raw)
	}
	if other := f.call(t, "GET", "/api/bookings", "", f.session(t, 2)); len(other.data()["upcoming"].([]any)) != 0 {
		t.Errorf("another user sees %s", other.raw)
	}
	ics := f.call(t, "GET", fmt.Sprintf("/api/bookings/%d.ics", id), "", tok)
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "DTSTART:20261124T050000Z\r\n", "DTEND:20261124T053000Z\r\n", "SUMMARY:Приём: Врач 1 (Кардиолог)\r\n", "STATUS:CONFIRMED\r\n", "END:VCALENDAR\r\n"} {
		if !strings.Contains(string(ics.raw), want) {
			t.Errorf("ics lacks %q:\n%s", want, ics.raw)
		}
	}
	if ics.status != 200 || !strings.HasPrefix(ics.header.Get("Content-Type"), "text/calendar") {
		t.Errorf("ics: %d %s", ics.status, ics.header.Get("Content-Type"))
	}
	if a := f.call(t, "GET", fmt.Sprintf("/api/bookings/%d.ics", id), "", f.session(t, 2)); a.status != 404 {
		t.Errorf("another's ics: %d", a.status)
	}

	// The slot is gone from the free times; cancelled, it is back.
	if free(t, f, 1, slot(1, "10:00")) {
		t.Error("a booked time is offered")
	}
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", id), `{"reason": "plans changed"}`, f.session(t, 2)); a.status != 404 {
		t.Errorf("cancel another's: %d %s", a.status, a.raw)
	}
	c := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", id), `{"reason": "plans changed"}`, tok)
	if c.status != 200 || c.data()["status"] != "cancelled" || c.data()["cancelledBy"] != "patient" || c.data()["canCancel"] != false {
		t.Errorf("cancel: %d %s", c.status, c.raw)
	}
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", id), "", tok); a.status != 409 {
		t.Errorf("cancel twice: %d %s", a.status, a.raw)
	}
	if !free(t, f, 1, slot(1, "10:00")) {
		t.Error("a cancelled time is not offered again")
	}
	var history []string
	f.db.Select(&history, `SELECT status || '/' || actor || '/' || reason FROM appointment_history WHERE appointment_id = $1 ORDER BY id`, id)
	if diff := cmp.Diff([]string{"held/patient/", "booked/patient/", "cancelled/patient/plans changed"}, history); diff != "" {
		t.Errorf("history (-want +got):\n%s", diff)
	}
}

// free reports whether start is offered for doctor over the API.
func free(t *testing.T, f *fixture, doctor int64, start string) bool {
	t.Helper()
	a := f.call(t, "GET", fmt.Sprintf("/api/doctors/%d/slots?days=14", doctor), "", "")
	return strings.Contains(string(a.raw), `"start":"`+start+`"`)
}

func waitSMS(t *testing.T, f *fixture, phone, prefix string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range f.gateway.Messages() {
			if m.Phone == phone && strings.HasPrefix(m.Text, prefix) {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("no SMS to %s starting %q; got %v", phone, prefix, f.gateway.Messages())
}

func TestBookRefusals(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	id, key := f.holdAs(t, tok, 1, 1, slot(1, "10:00"))
	form := func(patient string, reason string, consent bool) string {
		return fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": %s, "reason": %q, "consent": %v}`, id, key, uuidN(9), patient, reason, consent)
	}
	for _, test := range []struct {
		name, body string
		status     int
		fields     []string
	}{
		{"no consent", form(`{"self": true}`, "", false), 422, []string{"consent"}},
		{"relative without a name or birth date", form(`{"self": false}`, "", true), 422, []string{"birthDate", "name"}},
		{"relative born tomorrow with digits in the name", form(`{"self": false, "name": "R2D2", "birthDate": "2026-11-24"}`, "", true), 422, []string{"birthDate", "name"}},
		{"a reason too long", form(`{"self": true}`, strings.Repeat("я", 501), true), 422, []string{"reason"}},
		{"no patient", `{"holdId": 1, "holdKey": "x", "idempotencyKey": "` + uuidN(9) + `", "consent": true}`, 422, []string{"birthDate", "name"}},
		{"no hold", `{"idempotencyKey": "` + uuidN(9) + `", "patient": {"self": true}, "consent": true}`, 400, nil},
		{"a bad idempotency key", fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": "x", "patient": {"self": true}, "consent": true}`, id, key), 400, nil},
		{"a wrong hold key", bookBody(id, "wrong", uuidN(9)), 409, nil},
		{"malformed", `{"holdId": `, 400, nil},
		{"NUL", `{"holdId": 1, "holdKey": "a\u0000"}`, 400, nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := f.call(t, "POST", "/api/bookings?lang=uz", test.body, tok)
			var fields []string
			if fm, ok := a.body["fields"].(map[string]any); ok {
				for _, k := range []string{"birthDate", "consent", "name", "reason"} {
					if _, ok := fm[k]; ok {
						fields = append(fields, k)
					}
				}
			}
			if a.status != test.status || a.body["error"] == nil || !cmp.Equal(fields, test.fields, cmpEmpty) {
				t.Errorf("%d %s; want %d with fields %v", a.status, a.raw, test.status, test.fields)
			}
		})
	}
	if s := f.statusOf(t, id); s != "held" {
		t.Errorf("after the refusals the hold is %s", s)
	}
	// Another user cannot book a signed-in user's hold, even with its key.
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(3)), f.session(t, 2)); a.status != 409 {
		t.Errorf("another user's hold: %d %s", a.status, a.raw)
	}
	// Expired: five minutes later the hold books nothing.
	f.Advance(HoldTTL)
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(4)), tok); a.status != 409 || a.body["error"] != "Время больше не удерживается: прошло 5 минут или его заняли. Выберите время снова." {
		t.Errorf("expired hold: %d %s", a.status, a.raw)
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") })

func TestExpiredHoldIsTakenByTheNextVisitor(t *testing.T) {
	f := newFixture(t)
	first, key := f.holdAs(t, f.session(t, 1), 1, 1, slot(1, "10:00"))
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "10:00")), f.session(t, 2)); a.status != 409 {
		t.Fatalf("a live hold lets another in: %d %s", a.status, a.raw)
	}
	if free(t, f, 1, slot(1, "10:00")) {
		t.Error("a held time is offered")
	}
	f.Advance(HoldTTL)
	if !free(t, f, 1, slot(1, "10:00")) {
		t.Error("an expired hold still hides the time")
	}
	tok2 := f.session(t, 2)
	second, key2 := f.holdAs(t, tok2, 1, 1, slot(1, "10:00"))
	if s := f.statusOf(t, first); s != "expired" {
		t.Errorf("the first hold is %s, want expired", s)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(first, key, uuidN(1)), f.session(t, 1)); a.status != 409 {
		t.Errorf("booking the expired hold: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(second, key2, uuidN(2)), tok2); a.status != 201 {
		t.Errorf("booking the new hold: %d %s", a.status, a.raw)
	}
}

func TestReleaseHold(t *testing.T) {
	f := newFixture(t)
	id, key := f.holdAs(t, "", 1, 1, slot(1, "10:00"))
	if a := f.call(t, "DELETE", fmt.Sprintf("/api/bookings/holds/%d?key=wrong", id), "", ""); a.status != 404 {
		t.Errorf("wrong key: %d", a.status)
	}
	for range 2 {
		if a := f.call(t, "DELETE", fmt.Sprintf("/api/bookings/holds/%d?key=%s", id, key), "", ""); a.status != 204 {
			t.Errorf("release: %d %s", a.status, a.raw)
		}
	}
	if s := f.statusOf(t, id); s != "released" {
		t.Errorf("released hold is %s", s)
	}
	f.holdAs(t, "", 1, 1, slot(1, "10:00"))
}

// TestExtendHoldAtSignIn: a hold made before signing in gets HoldTTL
// again from the sign-in, once; it needs a session and the hold's key,
// and a lapsed hold stays lapsed.
func TestExtendHoldAtSignIn(t *testing.T) {
	f := newFixture(t)
	id, key := f.holdAs(t, "", 1, 1, slot(1, "10:00"))
	extend := func(key, token string) answer {
		t.Helper()
		return f.call(t, "POST", fmt.Sprintf("/api/bookings/holds/%d/extend?key=%s", id, key), "", token)
	}
	f.Advance(4 * time.Minute) // the SMS code took its time
	if a := extend(key, ""); a.status != 401 {
		t.Errorf("without a session: %d %s", a.status, a.raw)
	}
	tok := f.session(t, 1)
	if a := extend("wrong", tok); a.status != 404 {
		t.Errorf("a wrong key: %d %s", a.status, a.raw)
	}
	want := Stamp(f.Now().Add(HoldTTL))
	if a := extend(key, tok); a.status != 200 || a.data()["expiresAt"] != want {
		t.Fatalf("extend: %d %s, want expiry %s", a.status, a.raw, want)
	}
	f.Advance(time.Minute)
	if a := extend(key, tok); a.status != 200 || a.data()["expiresAt"] != want {
		t.Errorf("extended again: %d %s, want the same expiry %s", a.status, a.raw, want)
	}
	// 4 + 1 + 3 minutes: past the hold's first five, within its second.
	f.Advance(3 * time.Minute)
	if free(t, f, 1, slot(1, "10:00")) {
		t.Error("the extended hold's time is offered")
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(1)), tok); a.status != 201 {
		t.Errorf("booking the extended hold: %d %s", a.status, a.raw)
	}
	// A hold that has lapsed is not brought back.
	late, lateKey := f.holdAs(t, "", 1, 1, slot(1, "11:00"))
	f.Advance(HoldTTL)
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/holds/%d/extend?key=%s", late, lateKey), "", tok); a.status != 409 {
		t.Errorf("a lapsed hold: %d %s", a.status, a.raw)
	}
}

func TestLimits(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	for i, hm := range []string{"09:00", "09:30", "10:00"} {
		f.holdAs(t, tok, 2, 1, slot(1, hm))
		_ = i
	}
	a := f.call(t, "POST", "/api/bookings/holds", holdBody(2, 1, slot(1, "10:30")), tok)
	if a.status != 429 || a.header.Get("Retry-After") != "300" || a.body["error"] != "Вы уже удерживаете 3 времени. Завершите запись или подождите 5 мин." {
		t.Errorf("fourth live hold: %d %q %s", a.status, a.header.Get("Retry-After"), a.raw)
	}
	f.Advance(HoldTTL)
	// Five future bookings, then no sixth.
	for i, hm := range []string{"09:00", "10:00", "11:00", "12:00", "14:00"} {
		f.book(t, tok, 2, 1, slot(2, hm), 10+i)
	}
	id, key := f.holdAs(t, tok, 2, 1, slot(3, "09:00"))
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(99)), tok); a.status != 429 {
		t.Errorf("sixth booking: %d %s", a.status, a.raw)
	}

	// One patient, one place: the user at doctor 3 (clinic 2) at a time
	// they are already booked with doctor 2.
	tok2 := f.session(t, 2)
	f.book(t, tok2, 2, 1, slot(4, "09:00"), 200)
	id, key = f.holdAs(t, tok2, 3, 2, slot(4, "09:00"))
	if a := f.call(t, "POST", "/api/bookings?lang=uz", bookBody(id, key, uuidN(201)), tok2); a.status != 409 || a.body["error"] != "Bu bemorda shu vaqtga allaqachon yozuv bor." {
		t.Errorf("overlapping visit of one patient: %d %s", a.status, a.raw)
	}
	// A relative may see another doctor at that time.
	relative := fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": false, "name": "Мадина", "birthDate": "2015-03-01"}, "consent": true}`, id, key, uuidN(202))
	if a := f.call(t, "POST", "/api/bookings", relative, tok2); a.status != 201 || a.data()["patientName"] != "Мадина" {
		t.Errorf("the relative's visit: %d %s", a.status, a.raw)
	}

	// Holds per address: an address makes HoldsPerAddress an hour.
	var times []string
	for day := 5; day < 8; day++ {
		for _, h := range []int{9, 10, 11, 12, 14, 15, 16, 17} {
			times = append(times, slot(day, fmt.Sprintf("%02d:00", h)), slot(day, fmt.Sprintf("%02d:30", h)))
		}
	}
	for _, start := range times[:HoldsPerAddress] {
		if a := f.call(t, "POST", "/api/bookings/holds", holdBody(3, 2, start), "", "X-Forwarded-For", "192.0.2.7"); a.status != 201 {
			t.Fatalf("hold %s: %d %s", start, a.status, a.raw)
		}
	}
	a = f.call(t, "POST", "/api/bookings/holds", holdBody(3, 2, slot(8, "09:00")), "", "X-Forwarded-For", "192.0.2.7")
	if a.status != 429 || a.header.Get("Retry-After") == "" {
		t.Errorf("over the per-address limit: %d %q %s", a.status, a.header.Get("Retry-After"), a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(3, 2, slot(8, "09:00")), "", "X-Forwarded-For", "192.0.2.8"); a.status != 201 {
		t.Errorf("another address: %d %s", a.status, a.raw)
	}
}

func TestCancelCutoffAndReschedule(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	// 11:00 today: cancellable until 09:00; it is 08:00.
	id := f.book(t, tok, 1, 1, slot(0, "11:00"), 1)

	// A failed reschedule (the new hold expired) keeps the old visit.
	h, key := f.holdAs(t, tok, 1, 1, slot(0, "12:00"))
	f.Advance(HoldTTL)
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule", id), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h, key), tok); a.status != 409 {
		t.Errorf("reschedule to an expired hold: %d %s", a.status, a.raw)
	}
	if s := f.statusOf(t, id); s != "booked" {
		t.Errorf("after a failed reschedule the visit is %s", s)
	}
	h, key = f.holdAs(t, tok, 1, 1, slot(0, "12:00"))
	a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule", id), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h, key), tok)
	if a.status != 200 || a.num("id") != h || a.data()["start"] != slot(0, "12:00") || a.data()["status"] != "booked" {
		t.Fatalf("reschedule: %d %s", a.status, a.raw)
	}
	var old struct {
		Status    string `db:"status"`
		Successor int64  `db:"successor_id"`
	}
	f.db.Get(&old, `SELECT status, successor_id FROM appointments WHERE id = $1`, id)
	if old.Status != "rescheduled" || old.Successor != h {
		t.Errorf("the old visit: %+v", old)
	}
	if !free(t, f, 1, slot(0, "11:00")) || free(t, f, 1, slot(0, "12:00")) {
		t.Error("the old time is not freed or the new one is offered")
	}
	// Past the cut-off (12:00 - 2 h = 10:00): no cancel, no reschedule.
	f.Advance(2*time.Hour - HoldTTL)
	a = f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", h), "", tok)
	if a.status != 409 || a.body["error"] != "Отменить или перенести запись можно не позднее чем за 2 ч до приёма. Позвоните в клинику." {
		t.Errorf("cancel past the cut-off: %d %s", a.status, a.raw)
	}
	v := f.call(t, "GET", "/api/bookings", "", tok)
	up, past := v.data()["upcoming"].([]any), v.data()["past"].([]any)
	if len(up) != 1 || up[0].(map[string]any)["canCancel"] != false || len(past) != 1 || past[0].(map[string]any)["status"] != "rescheduled" {
		t.Errorf("visits: %s", v.raw)
	}

	// The clinic's side, once the visit has begun.
	if err := f.store.SetOutcome(t.Context(), h, 0, "attended", f.Now()); api.StatusOf(err) != 409 {
		t.Errorf("an outcome before the visit: %v", err)
	}
	f.Advance(3 * time.Hour)
	if err := f.store.SetOutcome(t.Context(), h, 0, "attended", f.Now()); err != nil {
		t.Fatal(err)
	}
	if err := f.store.CancelByClinic(t.Context(), h, 0, "doctor ill", f.Now()); err == nil {
		t.Error("cancelled an attended visit")
	}
}

// TestRescheduleRefusals: a visit moves only onto a live hold of the same
// doctor at the same clinic, held by this user or by nobody, whose time
// has not begun; a visit that is another's, cancelled or past its cut-off
// does not move. Each refusal keeps the old visit and every hold as they
// were, in the visitor's language.
func TestRescheduleRefusals(t *testing.T) {
	f := newFixture(t)
	// Clinic 2 books without a lead time, so a hold there can outlive
	// its start.
	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, lead_min) VALUES (2, 0)`)
	tok, tok2 := f.session(t, 1), f.session(t, 2)
	visit := f.book(t, tok, 1, 1, slot(1, "10:00"), 1)
	visitAt2 := f.book(t, tok, 3, 2, slot(2, "10:00"), 2)
	cancelled := f.book(t, tok, 2, 1, slot(1, "11:00"), 3)
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", cancelled), "", tok); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	type hold struct {
		id  int64
		key string
	}
	var expired hold
	expired.id, expired.key = f.holdAs(t, tok, 1, 1, slot(1, "14:00"))

	f.Advance(57 * time.Minute) // 08:57: the first hold has lapsed
	var h = map[string]hold{}
	take := func(name, token string, doctor, clinic int64, start string) {
		id, key := f.holdAs(t, token, doctor, clinic, start)
		h[name] = hold{id, key}
	}
	take("another doctor", "", 2, 1, slot(1, "12:00"))
	take("another clinic", "", 1, 2, slot(1, "18:00"))
	take("another user's", tok2, 1, 1, slot(1, "12:30"))
	take("released", "", 1, 1, slot(1, "15:00"))
	take("booked", tok, 1, 1, slot(1, "16:00"))
	take("begun", tok, 3, 2, slot(0, "09:00"))
	take("same doctor and clinic", "", 2, 1, slot(1, "14:30"))
	if a := f.call(t, "DELETE", fmt.Sprintf("/api/bookings/holds/%d?key=%s", h["released"].id, h["released"].key), "", ""); a.status != 204 {
		t.Fatalf("release: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(h["booked"].id, h["booked"].key, uuidN(4)), tok); a.status != 201 {
		t.Fatalf("book: %d %s", a.status, a.raw)
	}
	f.Advance(3*time.Minute + 30*time.Second) // 09:00:30: the 09:00 hold has begun, the others live
	const (
		elsewhereRu = "Перенести запись можно только на другое время того же врача в той же клинике. Чтобы попасть к другому врачу или в другую клинику, запишитесь заново и отмените эту запись."
		elsewhereUz = "Yozuvni faqat shu shifokorning shu klinikadagi boshqa vaqtiga ko'chirish mumkin. Boshqa shifokor yoki klinikaga qaytadan yoziling va bu yozuvni bekor qiling."
		goneRu      = "Время больше не удерживается: прошло 5 минут или его заняли. Выберите время снова."
		goneUz      = "Vaqt endi siz uchun saqlanmayapti: 5 daqiqa o'tdi yoki uni band qilishdi. Vaqtni qaytadan tanlang."
	)
	for _, test := range []struct {
		name    string
		booking int64
		hold    hold
		token   string
		status  int
		ru, uz  string
	}{
		{"a hold of another doctor", visit, h["another doctor"], tok, 422, elsewhereRu, elsewhereUz},
		{"a hold of the same doctor at another clinic", visit, h["another clinic"], tok, 422, elsewhereRu, elsewhereUz},
		{"a hold of another user", visit, h["another user's"], tok, 409, goneRu, goneUz},
		{"an expired hold", visit, expired, tok, 409, goneRu, goneUz},
		{"a released hold", visit, h["released"], tok, 409, goneRu, goneUz},
		{"a hold that is a booking already", visit, h["booked"], tok, 409, goneRu, goneUz},
		{"a wrong key", visit, hold{h["another user's"].id, "wrong"}, tok, 409, goneRu, goneUz},
		{"a hold whose time has begun", visitAt2, h["begun"], tok, 409, "Это время уже прошло.", "Bu vaqt o'tib ketgan."},
		{"a cancelled booking", cancelled, h["same doctor and clinic"], tok, 409, "Эта запись уже не действует.", "Bu yozuv endi amal qilmaydi."},
		{"another user's booking", visit, h["another user's"], tok2, 404, "Запись не найдена.", ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, test.hold.id, test.hold.key)
			for lang, want := range map[string]string{"ru": test.ru, "uz": test.uz} {
				a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule?lang=%s", test.booking, lang), body, test.token)
				if a.status != test.status || a.body["error"] == nil || want != "" && a.body["error"] != want {
					t.Errorf("%s: %d %s; want %d %q", lang, a.status, a.raw, test.status, want)
				}
			}
		})
	}
	// Nothing moved: the visits are as they were, every hold too.
	for id, want := range map[int64]string{
		visit: "booked", visitAt2: "booked", cancelled: "cancelled", expired.id: "held",
		h["another doctor"].id: "held", h["another clinic"].id: "held", h["another user's"].id: "held",
		h["released"].id: "released", h["booked"].id: "booked", h["begun"].id: "held", h["same doctor and clinic"].id: "held",
	} {
		if got := f.statusOf(t, id); got != want {
			t.Errorf("appointment %d is %s, want %s", id, got, want)
		}
	}
	var rescheduled int
	f.db.Get(&rescheduled, `SELECT count(*) FROM appointment_history WHERE status = 'rescheduled'`)
	if rescheduled != 0 {
		t.Errorf("%d reschedules recorded", rescheduled)
	}
	// Booking a hold whose time has begun is refused the same way.
	if a := f.call(t, "POST", "/api/bookings", bookBody(h["begun"].id, h["begun"].key, uuidN(5)), tok); a.status != 409 || a.body["error"] != "Это время уже прошло." {
		t.Errorf("booking a begun hold: %d %s", a.status, a.raw)
	}
	// The right hold moves the visit.
	take("same doctor and clinic 2", "", 1, 1, slot(1, "17:00"))
	a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule", visit), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h["same doctor and clinic 2"].id, h["same doctor and clinic 2"].key), tok)
	if a.status != 200 || a.data()["start"] != slot(1, "17:00") {
		t.Errorf("reschedule onto a hold of the same doctor and clinic: %d %s", a.status, a.raw)
	}
}

// TestSlotsExceptions: the exceptions reach the free times over the API:
// a clinic's holiday closes every doctor there, a doctor's own exception
// that date wins over it, another clinic of the doctor is not touched,
// and an exception's break is kept.
func TestSlotsExceptions(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, doctor_id, day) VALUES (1, NULL, '2026-11-24')`)
	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, doctor_id, day, starts_min, ends_min, slot_min) VALUES (1, 1, '2026-11-24', 600, 720, 60)`)
	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, doctor_id, day, starts_min, ends_min, slot_min, breaks) VALUES (2, 3, '2026-11-25', 540, 720, 30, '{[600,660)}')`)
	starts := func(doctor int64, date string) []string {
		t.Helper()
		a := f.call(t, "GET", fmt.Sprintf("/api/doctors/%d/slots?from=%s&days=1", doctor, date), "", "")
		if a.status != 200 {
			t.Fatalf("slots of %d: %d %s", doctor, a.status, a.raw)
		}
		got := []string{}
		for _, c := range a.data()["clinics"].([]any) {
			for _, d := range c.(map[string]any)["days"].([]any) {
				for _, s := range d.(map[string]any)["slots"].([]any) {
					got = append(got, fmt.Sprintf("%v %v", c.(map[string]any)["clinicId"], s.(map[string]any)["start"]))
				}
			}
		}
		return got
	}
	at := func(clinic, days int, hms ...string) []string {
		out := []string{}
		for _, hm := range hms {
			out = append(out, fmt.Sprintf("%d %s", clinic, slot(days, hm)))
		}
		return out
	}
	for _, test := range []struct {
		name   string
		doctor int64
		date   string
		want   []string
	}{
		{"the doctor's own hours win over the clinic's holiday; the other clinic as usual", 1, "2026-11-24",
			append(at(1, 1, "10:00", "11:00"), at(2, 1, "18:00", "19:00", "20:00")...)},
		{"the clinic's holiday", 2, "2026-11-24", []string{}},
		{"an exception's break", 3, "2026-11-25", at(2, 2, "09:00", "09:30", "11:00", "11:30")},
		{"the next day as usual", 2, "2026-11-25", at(1, 2, "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30",
			"14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30")},
	} {
		if diff := cmp.Diff(test.want, starts(test.doctor, test.date)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", test.name, diff)
		}
	}
}

// TestIdempotencyKeyReused: a key sent again with another request is
// refused (422) and the second hold stays held; the same request again is
// the first booking (200).
func TestIdempotencyKeyReused(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	id, key := f.holdAs(t, tok, 1, 1, slot(1, "10:00"))
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(1)), tok); a.status != 201 {
		t.Fatalf("book: %d %s", a.status, a.raw)
	}
	id2, key2 := f.holdAs(t, tok, 1, 1, slot(1, "11:00"))
	withReason := fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": true}, "reason": "other", "consent": true}`, id, key, uuidN(1))
	relative := fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": false, "name": "Мадина", "birthDate": "2015-03-01"}, "consent": true}`, id, key, uuidN(1))
	for _, test := range []struct{ name, body, lang, want string }{
		{"another hold", bookBody(id2, key2, uuidN(1)), "ru", "Этот ключ idempotencyKey уже использован для другой записи (другое время, пациент или причина). Для новой записи нужен новый ключ."},
		{"another hold, uz", bookBody(id2, key2, uuidN(1)), "uz", "Bu idempotencyKey kaliti boshqa yozuv uchun ishlatilgan (boshqa vaqt, bemor yoki sabab). Yangi yozuv uchun yangi kalit kerak."},
		{"another reason", withReason, "ru", ""},
		{"another patient", relative, "ru", ""},
		{"a wrong hold key", bookBody(id, "wrong", uuidN(1)), "ru", ""},
	} {
		a := f.call(t, "POST", "/api/bookings?lang="+test.lang, test.body, tok)
		if a.status != 422 || a.body["error"] == "" || test.want != "" && a.body["error"] != test.want {
			t.Errorf("%s: %d %s", test.name, a.status, a.raw)
		}
	}
	if s := f.statusOf(t, id2); s != "held" {
		t.Errorf("the second hold is %s", s)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(1)), tok); a.status != 200 || a.num("id") != id {
		t.Errorf("the same request again: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(id2, key2, uuidN(2)), tok); a.status != 201 || a.num("id") != id2 {
		t.Errorf("the second hold with its own key: %d %s", a.status, a.raw)
	}
}

// TestHoldAskedAgainByItsOwner: after a lost answer the owner asking
// again for the same time gets his hold back (200, a new key, the same
// expiry) instead of 409; anyone else still gets 409.
func TestHoldAskedAgainByItsOwner(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	first := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "10:00")), tok)
	if first.status != 201 {
		t.Fatalf("hold: %d %s", first.status, first.raw)
	}
	f.Advance(time.Minute)
	again := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "10:00")), tok)
	if again.status != 200 || again.num("id") != first.num("id") || again.data()["key"] == first.data()["key"] ||
		again.data()["expiresAt"] != first.data()["expiresAt"] {
		t.Fatalf("asked again: %d %s (first %s)", again.status, again.raw, first.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "10:00")), f.session(t, 2)); a.status != 409 {
		t.Errorf("another user: %d %s", a.status, a.raw)
	}
	id := first.num("id")
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, first.data()["key"].(string), uuidN(1)), tok); a.status != 409 {
		t.Errorf("the lost answer's key still books: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", bookBody(id, again.data()["key"].(string), uuidN(2)), tok); a.status != 201 {
		t.Errorf("booking with the new key: %d %s", a.status, a.raw)
	}

	// Not signed in, the request's idempotencyKey names the owner.
	keyed := func(start string, n int) string {
		return fmt.Sprintf(`{"doctorId": 1, "clinicId": 1, "start": %q, "idempotencyKey": %q}`, start, uuidN(n))
	}
	anon := f.call(t, "POST", "/api/bookings/holds", keyed(slot(1, "11:00"), 7), "")
	if anon.status != 201 {
		t.Fatalf("anonymous hold: %d %s", anon.status, anon.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", keyed(slot(1, "11:00"), 7), ""); a.status != 200 || a.num("id") != anon.num("id") {
		t.Errorf("anonymous, asked again: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "11:00")), ""); a.status != 409 {
		t.Errorf("anonymous without the key: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", keyed(slot(1, "11:00"), 8), f.session(t, 3)); a.status != 409 {
		t.Errorf("another key: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds?lang=uz", keyed(slot(1, "11:30"), 7), ""); a.status != 422 ||
		a.body["error"] != "Bu idempotencyKey kaliti boshqa yozuv uchun ishlatilgan (boshqa vaqt, bemor yoki sabab). Yangi yozuv uchun yangi kalit kerak." {
		t.Errorf("the key for another time: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", `{"doctorId": 1, "clinicId": 1, "start": "`+slot(1, "12:00")+`", "idempotencyKey": "x"}`, ""); a.status != 400 {
		t.Errorf("a bad key: %d %s", a.status, a.raw)
	}
	var n int
	f.db.Get(&n, `SELECT count(*) FROM appointments`)
	if n != 2 {
		t.Errorf("%d appointments, want 2", n)
	}
}

// TestBookForSelfNeedsNameAndBirthDate: a visit for oneself is booked
// under the profile's name and birth date; what the profile lacks the
// request must give (422 with fields otherwise), and it fills the profile.
func TestBookForSelfNeedsNameAndBirthDate(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO users (id, phone) VALUES (2001, '998911112001')`)
	f.exec(t, `INSERT INTO users (id, phone, first_name, last_name) VALUES (2002, '998911112002', 'Дилноза', 'Каримова')`)
	self := func(id int64, key string, n int, patient string) string {
		return fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": %s, "consent": true}`, id, key, uuidN(n), patient)
	}
	tok := f.session(t, 2001)
	id, key := f.holdAs(t, tok, 1, 1, slot(1, "10:00"))
	for _, test := range []struct {
		lang, patient string
		want          map[string]any
	}{
		{"ru", `{"self": true}`, map[string]any{"firstName": "Заполните поле «Имя».", "lastName": "Заполните поле «Фамилия».", "birthDate": "Укажите дату рождения."}},
		{"uz", `{"self": true}`, map[string]any{"firstName": "«Ism» maydonini to'ldiring.", "lastName": "«Familiya» maydonini to'ldiring.", "birthDate": "Tug'ilgan sanani kiriting."}},
		{"ru", `{"self": true, "firstName": "Анна1", "lastName": "Юсупова", "birthDate": "2990-01-01"}`, map[string]any{"firstName": "Поле «Имя» заполнено неверно.", "birthDate": "Поле «Дата рождения» заполнено неверно."}},
	} {
		a := f.call(t, "POST", "/api/bookings?lang="+test.lang, self(id, key, 1, test.patient), tok)
		if diff := cmp.Diff(test.want, a.body["fields"]); a.status != 422 || diff != "" {
			t.Errorf("%s %s: %d %s\n(-want +got) %s", test.lang, test.patient, a.status, a.raw, diff)
		}
	}
	if s := f.statusOf(t, id); s != "held" {
		t.Errorf("refused, the hold is %s", s)
	}
	a := f.call(t, "POST", "/api/bookings", self(id, key, 1, `{"self": true, "firstName": " Анна ", "lastName": "Юсупова", "birthDate": "1985-04-12"}`), tok)
	if a.status != 201 || a.data()["patientName"] != "Анна Юсупова" {
		t.Fatalf("book with the name: %d %s", a.status, a.raw)
	}
	var profile string
	f.db.Get(&profile, `SELECT first_name || ' ' || last_name || ' ' || birth_date FROM users WHERE id = 2001`)
	if profile != "Анна Юсупова 1985-04-12" {
		t.Errorf("profile: %q", profile)
	}
	// The profile has the name already: only the birth date is asked.
	tok2 := f.session(t, 2002)
	id2, key2 := f.holdAs(t, tok2, 1, 1, slot(1, "11:00"))
	if a := f.call(t, "POST", "/api/bookings", self(id2, key2, 2, `{"self": true}`), tok2); a.status != 422 ||
		!cmp.Equal(a.body["fields"], map[string]any{"birthDate": "Укажите дату рождения."}) {
		t.Errorf("no birth date: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings", self(id2, key2, 2, `{"self": true, "firstName": "Другое", "birthDate": "1990-02-03"}`), tok2); a.status != 201 || a.data()["patientName"] != "Дилноза Каримова" {
		t.Errorf("with the birth date: %d %s", a.status, a.raw)
	}
}

// TestDeletedPatientsVisits: deleting a patient's account cancels their
// upcoming visit as a cancellation does (status, history, reminders
// dropped, the time offered again), releases their holds, and keeps
// every visit without the person.
func TestDeletedPatientsVisits(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	begun := f.book(t, tok, 1, 1, slot(0, "10:00"), 1)
	hold, key := f.holdAs(t, tok, 1, 1, slot(2, "10:00"))
	body := fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": false, "name": "Мадина", "birthDate": "2015-03-01"}, "reason": "боль в груди", "consent": true}`, hold, key, uuidN(2))
	if a := f.call(t, "POST", "/api/bookings", body, tok); a.status != 201 {
		t.Fatalf("book: %d %s", a.status, a.raw)
	}
	upcoming := hold
	held, _ := f.holdAs(t, tok, 1, 1, slot(3, "10:00"))
	f.Set(tashkent(0, "10:10"))

	accounts := account.NewStore(f.db)
	accounts.Forget = f.store.ForgetPatient
	if err := accounts.DeleteUser(context.Background(), 1, f.Now()); err != nil {
		t.Fatalf("DeleteUser: %v", err)
	}
	var rows []string
	f.db.Select(&rows, `SELECT id || ' ' || status || ' ' || coalesce(cancelled_by, '-') || ' ' || coalesce(user_id::text, '-') || ' [' || patient_name || '|' || coalesce(patient_birth_date::text, '') || '|' || reason || ']'
		FROM appointments ORDER BY id`)
	want := []string{
		fmt.Sprintf("%d booked - - [||]", begun),
		fmt.Sprintf("%d cancelled patient - [||]", upcoming),
		fmt.Sprintf("%d released - - [||]", held),
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("appointments (-want +got):\n%s", diff)
	}
	var history []string
	f.db.Select(&history, `SELECT status || '/' || actor || '/' || reason || '/' || coalesce(actor_user_id::text, '-') FROM appointment_history WHERE appointment_id = $1 ORDER BY id`, upcoming)
	if diff := cmp.Diff([]string{"held/patient//-", "booked/patient//-", "cancelled/system/account deleted/-"}, history); diff != "" {
		t.Errorf("history (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"confirmed/cancelled", "reminder24/cancelled", "reminder2/cancelled"}, f.noticeJobs(t, upcoming)); diff != "" {
		t.Errorf("the cancelled visit's jobs (-want +got):\n%s", diff)
	}
	if !free(t, f, 1, slot(2, "10:00")) || !free(t, f, 1, slot(3, "10:00")) {
		t.Error("the deleted patient's times are not offered again")
	}
}
