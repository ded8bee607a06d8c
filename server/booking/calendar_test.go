package booking

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// vevents unfolds an iCalendar object and returns its events, each as
// its property lines by name (the first of a name), checking on the way
// that every physical line ends in CRLF, is at most 75 octets and whole
// UTF-8.
func vevents(t *testing.T, raw string) []map[string]string {
	t.Helper()
	if !strings.HasSuffix(raw, "\r\n") {
		t.Fatalf("the calendar does not end in CRLF")
	}
	for _, line := range strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n") {
		if len(line) > 75 || !utf8.ValidString(line) || strings.Contains(line, "\n") {
			t.Errorf("line of %d octets (or broken): %q", len(line), line)
		}
	}
	var out []map[string]string
	var ev map[string]string
	for _, line := range strings.Split(strings.ReplaceAll(raw, "\r\n ", ""), "\r\n") {
		switch {
		case line == "BEGIN:VEVENT":
			ev = map[string]string{}
		case line == "END:VEVENT":
			out = append(out, ev)
			ev = nil
		case ev != nil:
			name, value, _ := strings.Cut(line, ":")
			if _, ok := ev[name]; !ok {
				ev[name] = value
			}
		}
	}
	return out
}

// feedOf fetches a feed path and returns its events; it fails the test
// unless the answer is a private text/calendar.
func feedOf(t *testing.T, f *fixture, path string) []map[string]string {
	t.Helper()
	a := f.call(t, "GET", path, "", "")
	if a.status != 200 || a.header.Get("Content-Type") != "text/calendar; charset=utf-8" || a.header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("GET %s: %d %q %q %s", path, a.status, a.header.Get("Content-Type"), a.header.Get("Cache-Control"), a.raw)
	}
	return vevents(t, string(a.raw))
}

func TestCalendarFeed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// A long clinic name with the characters TEXT escapes, in both languages.
	f.exec(t, `UPDATE clinics
		SET name_ru = 'Многопрофильный медицинский центр «Шифо-Нур», филиал №2; детское отделение',
		    name_uz = 'Ko''p tarmoqli tibbiyot markazi «Shifo-Nur», 2-filial; bolalar bo''limi',
		    address_ru = 'ул. Навои, 1' || chr(10) || 'вход со двора'
		WHERE id = 1`)
	tok, otherTok := f.session(t, 1), f.session(t, 2)
	feed, err := f.store.FeedToken(ctx, 1, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := f.store.FeedToken(ctx, 1, f.Now()); again != feed || len(feed) != 43 {
		t.Fatalf("feed token %q, then %q", feed, again)
	}
	otherFeed, _ := f.store.FeedToken(ctx, 2, f.Now())
	if otherFeed == feed {
		t.Fatal("two users share a feed token")
	}
	path := "/calendar/" + feed + ".ics"

	// Booked: one confirmed event, texts escaped and folded.
	first := f.book(t, tok, 1, 1, slot(1, "10:00"), 1)
	uid := fmt.Sprintf("booking-%d@sogliq", first)
	evs := feedOf(t, f, path)
	if len(evs) != 1 {
		t.Fatalf("%d events after one booking", len(evs))
	}
	e := evs[0]
	want := map[string]string{
		"UID": uid, "SEQUENCE": "0", "STATUS": "CONFIRMED",
		"DTSTART": "20261124T050000Z", "DTEND": "20261124T053000Z",
		"SUMMARY":  `Приём: Врач 1 (Кардиолог)`,
		"LOCATION": `Многопрофильный медицинский центр «Шифо-Нур»\, филиал №2\; детское отделение\, ул. Навои\, 1\nвход со двора`,
		"URL":      fmt.Sprintf("https://sogliq.test/history/%d", first),
	}
	for k, v := range want {
		if e[k] != v {
			t.Errorf("%s = %q, want %q", k, e[k], v)
		}
	}
	for _, part := range []string{`Врач: Врач 1 (Кардиолог)`, `Клиника: Многопрофильный медицинский центр «Шифо-Нур»\, филиал №2\; детское отделение`,
		`Телефон клиники: +998 71 200-00-01`, `Пациент: Имя1 Фамилия`, `Отменить или перенести до 24.11.2026 08:00`} {
		if !strings.Contains(e["DESCRIPTION"], part) {
			t.Errorf("DESCRIPTION lacks %q: %q", part, e["DESCRIPTION"])
		}
	}
	uz := feedOf(t, f, "/uz"+path)
	if len(uz) != 1 || uz[0]["SUMMARY"] != "Qabul: Shifokor 1 (Kardiolog)" || !strings.HasPrefix(uz[0]["LOCATION"], `Ko'p tarmoqli tibbiyot markazi «Shifo-Nur»\, 2-filial\; bolalar bo'limi\, `) ||
		uz[0]["UID"] != uid {
		t.Errorf("the Uzbek feed: %v", uz)
	}

	// Moved twice: the same event, later, its SEQUENCE growing; the
	// rescheduled bookings are not events of their own.
	move := func(id int64, to string) int64 {
		t.Helper()
		h, key := f.holdAs(t, tok, 1, 1, to)
		a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule", id), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, h, key), tok)
		if a.status != 200 {
			t.Fatalf("reschedule: %d %s", a.status, a.raw)
		}
		return a.num("id")
	}
	second := move(first, slot(2, "11:00"))
	evs = feedOf(t, f, path)
	if len(evs) != 1 || evs[0]["UID"] != uid || evs[0]["SEQUENCE"] != "1" || evs[0]["DTSTART"] != "20261125T060000Z" || evs[0]["STATUS"] != "CONFIRMED" {
		t.Errorf("moved once: %v", evs)
	}
	third := move(second, slot(3, "09:30"))
	evs = feedOf(t, f, path)
	if len(evs) != 1 || evs[0]["UID"] != uid || evs[0]["SEQUENCE"] != "2" || evs[0]["DTSTART"] != "20261126T043000Z" {
		t.Errorf("moved twice: %v", evs)
	}
	// The file of any booking of the chain is the feed's event: importing
	// one and then subscribing is one visit.
	for _, id := range []int64{first, second, third} {
		a := f.call(t, "GET", fmt.Sprintf("/api/bookings/%d.ics", id), "", tok)
		got := vevents(t, string(a.raw))
		if a.status != 200 || len(got) != 1 || got[0]["UID"] != uid || got[0]["SEQUENCE"] != "2" || got[0]["DTSTART"] != "20261126T043000Z" {
			t.Errorf("the .ics of booking %d: %d %v", id, a.status, got)
		}
	}

	// Cancelled: still the same event, cancelled, one sequence later.
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", third), "", tok); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	evs = feedOf(t, f, path)
	if len(evs) != 1 || evs[0]["UID"] != uid || evs[0]["SEQUENCE"] != "3" || evs[0]["STATUS"] != "CANCELLED" || !strings.HasPrefix(evs[0]["SUMMARY"], "Отменено: ") {
		t.Errorf("cancelled: %v", evs)
	}

	// Visits of the last FeedRecent stay, older ones go.
	f.exec(t, `INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
		SELECT 2, 1, tstzrange($1::timestamptz - d * interval '1 day', $1::timestamptz - d * interval '1 day' + interval '30 minutes'), 'attended', $1, 1, 100000, true, 'Имя1 Фамилия', 'self', $1, $1, $1
		FROM (VALUES (10), (100)) v (d)`, f.Now())
	evs = feedOf(t, f, path)
	if len(evs) != 2 || evs[0]["DTSTART"] != "20261113T030000Z" || evs[0]["STATUS"] != "CONFIRMED" {
		t.Errorf("with visits 10 and 100 days ago: %v", evs)
	}

	// Another patient's feed holds only their own visits.
	f.book(t, otherTok, 2, 1, slot(1, "15:00"), 2)
	others := feedOf(t, f, "/calendar/"+otherFeed+".ics")
	if len(others) != 1 || others[0]["DTSTART"] != "20261124T100000Z" || others[0]["UID"] == uid {
		t.Errorf("the other patient's feed: %v", others)
	}
	for _, e := range feedOf(t, f, path) {
		if e["DTSTART"] == "20261124T100000Z" {
			t.Errorf("the other patient's visit is in this feed: %v", e)
		}
	}

	// A reset: a new address, the old one is a 404.
	if a := f.call(t, "POST", "/api/calendar/reset", "", ""); a.status != 401 {
		t.Errorf("reset signed out: %d", a.status)
	}
	r := f.call(t, "POST", "/api/calendar/reset?lang=uz", "", tok)
	newURL, _ := r.data()["url"].(string)
	webcal, _ := r.data()["webcal"].(string)
	if r.status != 200 || !strings.HasPrefix(newURL, "https://sogliq.test/uz/calendar/") || webcal != "webcal://"+strings.TrimPrefix(newURL, "https://") ||
		strings.Contains(newURL, feed) || r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("reset: %d %s", r.status, r.raw)
	}
	for _, p := range []string{path, "/uz" + path} {
		if a := f.call(t, "GET", p, "", ""); a.status != 404 {
			t.Errorf("the old address after a reset: %d", a.status)
		}
	}
	if evs := feedOf(t, f, strings.TrimPrefix(newURL, "https://sogliq.test")); len(evs) != 2 || evs[1]["UID"] != uid {
		t.Errorf("the new address: %v", evs)
	}
	if now, _ := f.store.FeedToken(ctx, 1, f.Now()); !strings.Contains(newURL, now) {
		t.Errorf("the page's token after a reset is %q, the reset gave %q", now, newURL)
	}

	// Unknown and malformed tokens are 404s.
	for _, p := range []string{
		"/calendar/" + strings.Repeat("A", 43) + ".ics", "/calendar/abc.ics", "/calendar/" + strings.Repeat("A", 42) + "%27.ics",
		"/uz/calendar/" + strings.Repeat("-", 43) + ".ics",
	} {
		if a := f.call(t, "GET", p, "", ""); a.status != 404 {
			t.Errorf("GET %s: %d", p, a.status)
		}
	}
}

// TestGoogleCalendarLink: a visit to come carries Google Calendar's event
// template in the visitor's language; a cancelled one carries none.
func TestGoogleCalendarLink(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	id := f.book(t, tok, 1, 2, slot(1, "19:00"), 1)
	a := f.call(t, "GET", "/api/bookings?lang=uz", "", tok)
	up := a.data()["upcoming"].([]any)
	b := up[0].(map[string]any)
	link, _ := b["googleCalendarUrl"].(string)
	u, err := url.Parse(link)
	if err != nil || u.Host != "calendar.google.com" || u.Path != "/calendar/render" {
		t.Fatalf("googleCalendarUrl %q", link)
	}
	q := u.Query()
	for k, v := range map[string]string{
		"action": "TEMPLATE", "text": "Qabul: Shifokor 1 (Kardiolog)", "dates": "20261124T140000Z/20261124T150000Z",
		"location": "2-klinika, Navoiy ko'chasi, 2", "ctz": "Asia/Tashkent",
	} {
		if q.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, q.Get(k), v)
		}
	}
	if d := q.Get("details"); !strings.Contains(d, "Klinika telefoni: +998 71 200-00-02") || !strings.Contains(d, "Bemor: Имя1 Фамилия") {
		t.Errorf("details %q", d)
	}
	if b["icsUrl"] != fmt.Sprintf("/api/bookings/%d.ics?lang=uz", id) {
		t.Errorf("icsUrl %v", b["icsUrl"])
	}
	c := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", id), "", tok)
	if c.status != 200 || c.data()["googleCalendarUrl"] != "" {
		t.Errorf("a cancelled visit: %d %v", c.status, c.data()["googleCalendarUrl"])
	}
}

func TestFoldKeepsCharactersWhole(t *testing.T) {
	line := "LOCATION:" + icsText(strings.Repeat("Ko'p tarmoqli «Шифо-Нур», филиал; ", 6))
	folded := fold(line)
	for _, l := range strings.Split(strings.TrimSuffix(folded, "\r\n"), "\r\n") {
		if len(l) > 75 || !utf8.ValidString(l) {
			t.Errorf("%d octets: %q", len(l), l)
		}
	}
	if got := strings.ReplaceAll(strings.TrimSuffix(folded, "\r\n"), "\r\n ", ""); got != line {
		t.Errorf("unfolded %q, want %q", got, line)
	}
}
