package booking

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// addTypes gives doctor 2 at clinic 1 (30-minute slots 09:00-18:00, lunch
// 13:00-14:00) a first visit of two slots, a follow-up of one, an ECG on
// weekday mornings (09:00-12:00, Monday to Friday) and an inactive type;
// doctor 3 at clinic 2 a first visit of one slot.
func (f *fixture) addTypes(t testing.TB) {
	t.Helper()
	f.exec(t, `INSERT INTO visit_types (id, doctor_id, clinic_id, kind, name_ru, name_uz, slots, price, weekdays, from_min, until_min, active, position)
		VALUES (1, 2, 1, 'first', 'Первичный приём', 'Birlamchi qabul', 2, 180000, 127, 0, 1440, true, 0),
		       (2, 2, 1, 'followup', 'Повторный приём', 'Takroriy qabul', 1, 90000, 127, 0, 1440, true, 1),
		       (3, 2, 1, 'procedure', 'ЭКГ', 'EKG', 1, 60000, 31, 540, 720, true, 2),
		       (4, 2, 1, 'test', 'Старый вид', 'Eski tur', 1, 1000, 127, 0, 1440, false, 3),
		       (5, 3, 2, 'first', 'Первичный приём', 'Birlamchi qabul', 1, 120000, 127, 0, 1440, true, 0)`)
}

func typedHoldBody(doctor, clinic, visitType int64, start string) string {
	return fmt.Sprintf(`{"doctorId": %d, "clinicId": %d, "start": %q, "typeId": %d}`, doctor, clinic, start, visitType)
}

// startsOf are the "HH:MM-HH:MM" of the free times of the first clinic of
// a GET /api/doctors/{id}/slots answer, over its days.
func startsOf(a answer) []string {
	var out []string
	clinics, _ := a.data()["clinics"].([]any)
	if len(clinics) == 0 {
		return nil
	}
	for _, d := range clinics[0].(map[string]any)["days"].([]any) {
		for _, s := range d.(map[string]any)["slots"].([]any) {
			s := s.(map[string]any)
			out = append(out, s["start"].(string)[11:16]+"-"+s["end"].(string)[11:16])
		}
	}
	return out
}

// runs are the "HH:MM-HH:MM" of visits of n minutes starting every 30
// minutes from first to last ("HH:MM").
func runs(first, last string, n int) []string {
	a, _ := time.Parse("15:04", first)
	b, _ := time.Parse("15:04", last)
	var out []string
	for t := a; !t.After(b); t = t.Add(30 * time.Minute) {
		out = append(out, t.Format("15:04")+"-"+t.Add(time.Duration(n)*time.Minute).Format("15:04"))
	}
	return out
}

// TestVisitTypeTimes: the free times of a type are its runs of
// consecutive slots inside its window, nothing that crosses the lunch or
// the end of the hours; the clinic carries the type, its price and the
// active types to choose from; a type not offered is a 400 in both
// languages.
func TestVisitTypeTimes(t *testing.T) {
	f := newFixture(t)
	f.addTypes(t)
	tuesday := "from=2026-11-24&days=1"
	first := f.call(t, "GET", "/api/doctors/2/slots?"+tuesday, "", "")
	want := append(runs("09:00", "12:00", 60), runs("14:00", "17:00", 60)...)
	if diff := cmp.Diff(want, startsOf(first)); first.status != 200 || diff != "" {
		t.Errorf("first visit (the default type): %d (-want +got)\n%s", first.status, diff)
	}
	c := first.data()["clinics"].([]any)[0].(map[string]any)
	if typ := c["type"].(map[string]any); typ["id"] != 1.0 || typ["minutes"] != 60.0 || c["price"] != 180000.0 {
		t.Errorf("clinic: type %v, price %v; want type 1 of 60 minutes at 180000", typ, c["price"])
	}
	var names []string
	for _, x := range c["types"].([]any) {
		names = append(names, x.(map[string]any)["name"].(string))
	}
	if diff := cmp.Diff([]string{"Первичный приём", "Повторный приём", "ЭКГ"}, names); diff != "" {
		t.Errorf("types to choose from (-want +got)\n%s", diff)
	}

	ecg := f.call(t, "GET", "/api/doctors/2/slots?type=3&"+tuesday, "", "")
	if diff := cmp.Diff(runs("09:00", "11:30", 30), startsOf(ecg)); diff != "" {
		t.Errorf("ECG, mornings only (-want +got)\n%s", diff)
	}
	if saturday := f.call(t, "GET", "/api/doctors/2/slots?type=3&from=2026-11-28&days=1", "", ""); len(startsOf(saturday)) != 0 {
		t.Errorf("ECG on a Saturday: %v, want none", startsOf(saturday))
	}
	followUp := f.call(t, "GET", "/api/doctors/2/slots?type=2&"+tuesday, "", "")
	if got := startsOf(followUp); len(got) != 16 || got[0] != "09:00-09:30" {
		t.Errorf("follow-up: %v, want every 30-minute slot", got)
	}

	for _, bad := range []string{"type=4", "type=5", "type=abc", "type=1,2", "type=0"} {
		for _, lang := range []string{"ru", "uz"} {
			a := f.call(t, "GET", "/api/doctors/2/slots?"+bad+"&lang="+lang, "", "")
			want := map[string]string{"ru": "Этот вид приёма врач в этой клинике не проводит. Выберите вид приёма из списка.",
				"uz": "Shifokor bu klinikada bunday qabul turini o'tkazmaydi. Ro'yxatdan qabul turini tanlang."}[lang]
			if a.status != 400 || a.body["error"] != want {
				t.Errorf("%s in %s: %d %s, want 400 %q", bad, lang, a.status, a.raw, want)
			}
		}
	}

	// A listing asks for one kind: each clinic's type of it, or none.
	next := f.call(t, "GET", "/api/slots?doctors=2,3&limit=1&kind=procedure", "", "")
	docs := next.data()["doctors"].([]any)
	d2, d3 := docs[0].(map[string]any), docs[1].(map[string]any)
	if cl := d2["clinics"].([]any); next.status != 200 || len(cl) != 1 || cl[0].(map[string]any)["type"].(map[string]any)["id"] != 3.0 ||
		cl[0].(map[string]any)["price"] != 60000.0 || len(d3["clinics"].([]any)) != 0 {
		t.Errorf("kind=procedure: %d %s", next.status, next.raw)
	}
	if a := f.call(t, "GET", "/api/slots?doctors=2&kind=massage&lang=uz", "", ""); a.status != 400 || !strings.Contains(a.body["error"].(string), "noto'g'ri") {
		t.Errorf("kind=massage: %d %s", a.status, a.raw)
	}
}

// TestVisitTypeHolds: a type's hold takes its consecutive slots; a start
// it does not fit from, and a type not offered at that place, are 400s in
// the visitor's language; the taken slots are taken for every type and for
// plain slots; the booking costs the type's price and shows its type and
// length; "new or returning" is asked once and remembered.
func TestVisitTypeHolds(t *testing.T) {
	f := newFixture(t)
	f.addTypes(t)
	for _, test := range []struct {
		name, body, lang, want string
	}{
		{"across the lunch", typedHoldBody(2, 1, 1, slot(1, "12:30")), "ru",
			"Этот вид приёма длится 60 мин и с этого времени не помещается в расписание врача. Выберите другое время."},
		{"across the lunch", typedHoldBody(2, 1, 1, slot(1, "12:30")), "uz",
			"Bu qabul turi 60 daqiqa davom etadi va bu vaqtdan shifokor jadvaliga sig'maydi. Boshqa vaqtni tanlang."},
		{"past the end of the hours", typedHoldBody(2, 1, 1, slot(1, "17:30")), "ru",
			"Этот вид приёма длится 60 мин и с этого времени не помещается в расписание врача. Выберите другое время."},
		{"outside the type's hours", typedHoldBody(2, 1, 3, slot(1, "12:00")), "ru",
			"Этот вид приёма длится 30 мин и с этого времени не помещается в расписание врача. Выберите другое время."},
		{"inactive", typedHoldBody(2, 1, 4, slot(1, "10:00")), "ru",
			"Этот вид приёма врач в этой клинике не проводит. Выберите вид приёма из списка."},
		{"another doctor's", typedHoldBody(2, 1, 5, slot(1, "10:00")), "uz",
			"Shifokor bu klinikada bunday qabul turini o'tkazmaydi. Ro'yxatdan qabul turini tanlang."},
		{"unknown", typedHoldBody(2, 1, 999, slot(1, "10:00")), "ru",
			"Этот вид приёма врач в этой клинике не проводит. Выберите вид приёма из списка."},
	} {
		t.Run(test.name+"/"+test.lang, func(t *testing.T) {
			a := f.call(t, "POST", "/api/bookings/holds?lang="+test.lang, test.body, "")
			if a.status != 400 || a.body["error"] != test.want {
				t.Errorf("%d %s, want 400 %q", a.status, a.raw, test.want)
			}
		})
	}

	tok := f.session(t, 1)
	h := f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 1, slot(1, "10:00")), tok)
	if h.status != 201 || h.data()["end"] != slot(1, "11:00") || h.num("typeId") != 1 {
		t.Fatalf("hold of the first visit: %d %s", h.status, h.raw)
	}
	for _, test := range []struct{ name, body string }{
		{"a slot inside it", holdBody(2, 1, slot(1, "10:30"))},
		{"a first visit overlapping its start", typedHoldBody(2, 1, 1, slot(1, "09:30"))},
		{"a first visit overlapping its end", typedHoldBody(2, 1, 1, slot(1, "10:30"))},
		{"a follow-up inside it", typedHoldBody(2, 1, 2, slot(1, "10:30"))},
	} {
		if a := f.call(t, "POST", "/api/bookings/holds", test.body, f.session(t, 2)); a.status != 409 {
			t.Errorf("%s: %d %s, want 409", test.name, a.status, a.raw)
		}
	}
	free := f.call(t, "GET", "/api/doctors/2/slots?type=1&from=2026-11-24&days=1", "", "")
	got := startsOf(free)
	for _, gone := range []string{"09:30-10:30", "10:00-11:00", "10:30-11:30"} {
		if slices.Contains(got, gone) {
			t.Errorf("%s still offered: %v", gone, got)
		}
	}
	if !slices.Contains(got, "09:00-10:00") || !slices.Contains(got, "11:00-12:00") {
		t.Errorf("the times around the hold are gone: %v", got)
	}

	key, _ := h.data()["key"].(string)
	b := f.call(t, "POST", "/api/bookings", fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": true}, "consent": true, "returning": false}`,
		h.num("id"), key, uuidN(1)), tok)
	if b.status != 201 || b.data()["price"] != 180000.0 || b.data()["end"] != slot(1, "11:00") {
		t.Fatalf("book: %d %s", b.status, b.raw)
	}
	if vt := b.data()["visitType"].(map[string]any); vt["name"] != "Первичный приём" || vt["minutes"] != 60.0 {
		t.Errorf("booking's type: %v", vt)
	}
	// The confirmation SMS says what was booked.
	if sms, _ := b.data()["smsText"].(string); !strings.HasSuffix(sms, " Приём: Первичный приём, 60 мин.") {
		t.Errorf("the SMS does not name the visit's type: %q", sms)
	}
	if uz := f.call(t, "GET", "/api/bookings?lang=uz", "", tok); !strings.Contains(string(uz.raw), `"name":"Birlamchi qabul","minutes":60`) {
		t.Errorf("history in Uzbek: %s", uz.raw)
	}
	if ics := f.call(t, "GET", fmt.Sprintf("/api/bookings/%d.ics", b.num("id")), "", tok); !strings.Contains(strings.ReplaceAll(string(ics.raw), "\r\n ", ""), `Вид приёма: Первичный приём\, 60 мин`) {
		t.Errorf("the visit's .ics does not name its type:\n%s", ics.raw)
	}

	// Asked once: the answer is known, and a later answer does not change it.
	r := f.call(t, "GET", "/api/bookings/returning?doctor=2", "", tok)
	if r.status != 200 || r.data()["self"] != false {
		t.Errorf("returning: %d %s", r.status, r.raw)
	}
	h2 := f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 2, slot(2, "15:00")), tok)
	key2, _ := h2.data()["key"].(string)
	b2 := f.call(t, "POST", "/api/bookings", fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": true}, "consent": true, "returning": true}`,
		h2.num("id"), key2, uuidN(2)), tok)
	if b2.status != 201 || b2.data()["price"] != 90000.0 {
		t.Fatalf("second booking: %d %s", b2.status, b2.raw)
	}
	var answers []bool
	f.db.Select(&answers, `SELECT returning_patient FROM appointments WHERE user_id = 1 AND status = 'booked' ORDER BY id`)
	if diff := cmp.Diff([]bool{false, false}, answers); diff != "" {
		t.Errorf("answers kept with the visits (-want +got)\n%s", diff)
	}
	if other := f.call(t, "GET", "/api/bookings/returning?doctor=3", "", tok); other.data()["self"] != nil {
		t.Errorf("another doctor: %s", other.raw)
	}
	if bad := f.call(t, "GET", "/api/bookings/returning?doctor=x", "", tok); bad.status != 400 {
		t.Errorf("doctor=x: %d", bad.status)
	}
}

// TestVisitTypeConcurrency races 1,000 signed-in visitors, as
// TestConcurrency does, for overlapping times of one doctor: first visits
// of two slots starting every half hour, follow-ups of one slot between
// them. Whatever wins, no two live visits of the doctor overlap (the
// exclusion constraint), every answer is 201 or 409, nothing is retried
// or half written; then the same with whole hold-and-book flows.
func TestVisitTypeConcurrency(t *testing.T) {
	f := newFixture(t)
	f.db.SetMaxOpenConns(16)
	f.signInAll(t)
	f.addTypes(t)
	for day, flow := range []string{"holds", "hold and book"} {
		t.Run(flow, func(t *testing.T) {
			f.Advance(HoldTTL) // the users' holds of the last race lapse
			asks := []string{
				typedHoldBody(2, 1, 1, slot(day+1, "10:00")),
				typedHoldBody(2, 1, 1, slot(day+1, "10:30")),
				typedHoldBody(2, 1, 1, slot(day+1, "09:30")),
				typedHoldBody(2, 1, 2, slot(day+1, "10:30")),
				holdBody(2, 1, slot(day+1, "11:00")),
				typedHoldBody(2, 1, 1, slot(day+1, "11:00")),
			}
			counts := race(t, f, "Это время уже занято. Выберите другое.", func(user int) answer {
				a := f.call(t, "POST", "/api/bookings/holds", asks[user%len(asks)], token(user))
				if a.status != 201 || flow == "holds" {
					return a
				}
				key, _ := a.data()["key"].(string)
				return f.call(t, "POST", "/api/bookings", bookBody(a.num("id"), key, uuidN(20000*(day+1)+user)), token(user))
			})
			var rows struct {
				Live     int `db:"live"`
				Overlaps int `db:"overlaps"`
				Orphans  int `db:"orphans"`
			}
			const q = `
				WITH live AS (
					SELECT id, during
					FROM appointments
					WHERE doctor_id = 2
					  AND live
					  AND (status <> 'held' OR expires_at > $1)
					  AND lower(during) >= $2::timestamptz
					  AND lower(during) < $2::timestamptz + interval '1 day')
				SELECT (SELECT count(*) FROM live) AS live,
				       (SELECT count(*) FROM live a JOIN live b ON a.id < b.id AND a.during && b.during) AS overlaps,
				       (SELECT count(*) FROM appointments a WHERE doctor_id = 2 AND NOT EXISTS (
				            SELECT 1 FROM appointment_history h WHERE h.appointment_id = a.id AND h.status = a.status)) AS orphans`
			if err := f.db.Get(&rows, q, f.Now(), slot(day+1, "00:00")); err != nil {
				t.Fatal(err)
			}
			if rows.Overlaps != 0 || rows.Orphans != 0 || rows.Live != counts[201] || counts[201] < 1 || counts[201] > 3 {
				t.Errorf("answers %v; rows %+v: want 1-3 winners, as many live rows, none overlapping, every status in the history", counts, rows)
			}
		})
	}
}

// TestRescheduleKeepsSwitchedOffType: a visit moves in time with its
// type, even after the clinic switched the type off: its patient's
// reschedule picker is offered the type's times (reschedule=), the hold
// naming the visit takes the type, and the moved visit keeps its length
// and price. Anyone else, or the same patient without naming the visit,
// is still refused the switched-off type.
func TestRescheduleKeepsSwitchedOffType(t *testing.T) {
	f := newFixture(t)
	f.addTypes(t)
	tok, other := f.session(t, 1), f.session(t, 2)
	h := f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 1, slot(1, "10:00")), tok)
	key, _ := h.data()["key"].(string)
	b := f.call(t, "POST", "/api/bookings", fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": true}, "consent": true, "returning": false}`,
		h.num("id"), key, uuidN(1)), tok)
	if b.status != 201 {
		t.Fatalf("book: %d %s", b.status, b.raw)
	}
	visit := b.num("id")
	f.exec(t, `UPDATE visit_types SET active = false WHERE id = 1`)

	slots := func(query, token string) answer {
		return f.call(t, "GET", "/api/doctors/2/slots?type=1&from=2026-11-25&days=1"+query, "", token)
	}
	moving := fmt.Sprintf("&reschedule=%d", visit)
	if a := slots(moving, tok); a.status != 200 || !slices.Contains(startsOf(a), "11:00-12:00") {
		t.Fatalf("the patient's picker: %d %s", a.status, a.raw)
	}
	for _, test := range []struct{ name, query, token string }{
		{"without naming the visit", "", tok},
		{"another patient naming it", moving, other},
		{"nobody signed in naming it", moving, ""},
	} {
		if a := slots(test.query, test.token); a.status != 400 {
			t.Errorf("slots %s: %d %s, want 400 booking.badType", test.name, a.status, a.raw)
		}
	}
	rescheduleHold := func(token string) answer {
		body := fmt.Sprintf(`{"doctorId": 2, "clinicId": 1, "start": %q, "typeId": 1, "rescheduleId": %d}`, slot(2, "11:00"), visit)
		return f.call(t, "POST", "/api/bookings/holds", body, token)
	}
	if a := rescheduleHold(other); a.status != 400 {
		t.Errorf("another patient's hold naming the visit: %d %s, want 400", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 1, slot(2, "11:00")), tok); a.status != 400 {
		t.Errorf("a hold of the switched-off type without the visit: %d %s, want 400", a.status, a.raw)
	}
	nh := rescheduleHold(tok)
	if nh.status != 201 || nh.data()["end"] != slot(2, "12:00") {
		t.Fatalf("the patient's hold naming the visit: %d %s", nh.status, nh.raw)
	}
	nkey, _ := nh.data()["key"].(string)
	moved := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule", visit), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, nh.num("id"), nkey), tok)
	if moved.status != 200 || moved.data()["start"] != slot(2, "11:00") || moved.data()["price"] != 180000.0 {
		t.Fatalf("reschedule: %d %s", moved.status, moved.raw)
	}
	if vt := moved.data()["visitType"].(map[string]any); vt["name"] != "Первичный приём" || vt["minutes"] != 60.0 {
		t.Errorf("the moved visit's type: %v", vt)
	}
}
