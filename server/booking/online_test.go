package booking

import (
	"fmt"
	"strings"
	"testing"
)

// TestOnlineVisit: a visit of an online type says so to the patient; the
// meeting link the clinic pasted reaches the booking's answer, the .ics
// (its LOCATION) and the reminders, and follows the visit when it is
// moved; before it is pasted the patient is told the clinic will send
// it; a cancelled visit shows no link.
func TestOnlineVisit(t *testing.T) {
	f := newFixture(t)
	f.addTypes(t)
	f.exec(t, `UPDATE visit_types SET online = true WHERE id = 2`)
	s := loadSpec(t)
	tok := f.session(t, 1)
	h := f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 2, slot(1, "10:00")), tok)
	if h.status != 201 {
		t.Fatalf("hold: %d %s", h.status, h.raw)
	}
	b := f.call(t, "POST", "/api/bookings", bookBody(h.num("id"), h.data()["key"].(string), uuidN(1)), tok)
	if b.status != 201 {
		t.Fatalf("book: %d %s", b.status, b.raw)
	}
	id := b.num("id")
	path := fmt.Sprintf("/api/bookings/%d", id)
	got := f.visitOf(t, s, tok, "", id)
	pending := "Ссылку на видеовстречу пришлёт клиника, она появится в «Моих записях»."
	if got.data()["online"] != true || got.data()["meetingUrl"] != "" || !strings.HasSuffix(got.data()["smsText"].(string), " "+pending) {
		t.Errorf("before the link: %s", got.raw)
	}
	if text := f.reminder(t, id, NoticeReminder24); text != "Sog'liq: напоминаем, завтра 24.11.2026 в 10:00 онлайн-консультация с врачом Врач 2, Клиника 1. "+pending {
		t.Errorf("reminder before the link: %q", text)
	}

	link := "https://meet.jit.si/sogliq-" + fmt.Sprint(id)
	f.exec(t, `UPDATE appointments SET meeting_url = $1 WHERE id = $2`, link, id)
	got = f.visitOf(t, s, tok, "?lang=uz", id)
	if got.data()["meetingUrl"] != link {
		t.Errorf("after the link: %s", got.raw)
	}
	for notice, want := range map[string]string{
		NoticeReminder24: "Sog'liq: напоминаем, завтра 24.11.2026 в 10:00 онлайн-консультация с врачом Врач 2, Клиника 1. Ссылка на видеовстречу: " + link,
		NoticeReminder2:  "Sog'liq: напоминаем, сегодня в 10:00 онлайн-консультация с врачом Врач 2, Клиника 1. Ссылка на видеовстречу: " + link,
	} {
		if text := f.reminder(t, id, notice); text != want {
			t.Errorf("%s: %q, want %q", notice, text, want)
		}
	}
	ics := f.call(t, "GET", path+".ics", "", tok)
	events := vevents(t, string(ics.raw))
	if len(events) != 1 || events[0]["LOCATION"] != icsText(link) || !strings.Contains(events[0]["DESCRIPTION"], icsText("Ссылка на видеовстречу: "+link)) {
		t.Errorf("ics: %v", events)
	}

	// A visit in person keeps its reminder and its clinic as the place.
	plain := f.book(t, tok, 1, 1, slot(1, "12:00"), 2)
	if text := f.reminder(t, plain, NoticeReminder2); text != strings.Replace(remind2, "10:00", "12:00", 1) {
		t.Errorf("a visit in person: %q", text)
	}

	// Moved, the visit keeps its link.
	h = f.call(t, "POST", "/api/bookings/holds", typedHoldBody(2, 1, 2, slot(1, "15:00")), tok)
	moved := f.call(t, "POST", path+"/reschedule", fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h.num("id"), h.data()["key"].(string)), tok)
	if h.status != 201 || moved.status != 200 {
		t.Fatalf("reschedule: %d %s; %d %s", h.status, h.raw, moved.status, moved.raw)
	}
	id = moved.num("id")
	path = fmt.Sprintf("/api/bookings/%d", id)
	if got := f.visitOf(t, s, tok, "", id); got.data()["meetingUrl"] != link {
		t.Errorf("moved: %s", got.raw)
	}

	if a := f.call(t, "POST", path+"/cancel", "", tok); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	if got := f.visitOf(t, s, tok, "", id); got.data()["meetingUrl"] != "" || got.data()["online"] != true {
		t.Errorf("cancelled: %s", got.raw)
	}
}

// visitOf is booking id of GET /api/bookings (query: "" or "?lang=uz")
// as an answer of its own, the list checked against the API document.
func (f *fixture) visitOf(t *testing.T, s *spec, tok, query string, id int64) answer {
	t.Helper()
	list := f.call(t, "GET", "/api/bookings"+query, "", tok)
	s.check(t, "GET", "/api/bookings", list)
	for _, part := range []string{"upcoming", "past"} {
		for _, b := range list.data()[part].([]any) {
			if b := b.(map[string]any); b["id"] == float64(id) {
				return answer{status: list.status, body: map[string]any{"data": b}, raw: list.raw}
			}
		}
	}
	t.Fatalf("booking %d not in %s", id, list.raw)
	return answer{}
}

// reminder is the text of notice for appointment id, written now.
func (f *fixture) reminder(t *testing.T, id int64, notice string) string {
	t.Helper()
	tx, err := f.db.Beginx()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	n, err := noticeRowTx(t.Context(), tx, id)
	if err != nil {
		t.Fatal(err)
	}
	return n.text(notice, f.Now(), f.dict)
}
