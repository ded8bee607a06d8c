package booking

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"
)

// fullDoctor adds doctor 4 at clinic 1 with one hour a week (Wednesdays
// 09:00, one slot) and books the four of its times in the default horizon
// (users 10 to 13): the doctor has no free time. It returns the first two
// bookings (users 10 and 11).
func (f *fixture) fullDoctor(t testing.TB) (int64, int64) {
	t.Helper()
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		VALUES (4, 'doctor-4', 'Врач 4', 'Shifokor 4', 'f', 2000, (SELECT min(id) FROM regions))`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (4, 1, 90000)`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		VALUES (4, 1, 3, 540, 600, 60, '2026-01-01')`)
	a := f.book(t, f.session(t, 10), 4, 1, slot(2, "09:00"), 10)
	b := f.book(t, f.session(t, 11), 4, 1, slot(9, "09:00"), 11)
	// The other Wednesdays of the default 30 days.
	f.book(t, f.session(t, 12), 4, 1, slot(16, "09:00"), 12)
	f.book(t, f.session(t, 13), 4, 1, slot(23, "09:00"), 13)
	return a, b
}

// waitlistOf lists doctor 4's waitlist as "user/status" in its order.
func (f *fixture) waitlistOf(t testing.TB) []string {
	t.Helper()
	var out []string
	if err := f.db.Select(&out, `SELECT user_id || '/' || status FROM waitlist WHERE doctor_id = 4 ORDER BY joined_at, id`); err != nil {
		t.Fatal(err)
	}
	return out
}

var offerLink = regexp.MustCompile(`https://sogliq\.test(/uz)?/doctor/doctor-4\?offer=(\d+\.[A-Za-z0-9_-]+)`)

// offerOf waits for the waitlist SMS to phone and returns its link's offer.
func (f *fixture) offerOf(t testing.TB, phone string) string {
	t.Helper()
	var offer string
	waitFor(t, "the waitlist SMS to "+phone, func() bool {
		for _, m := range texts(f.gateway, phone) {
			if m := offerLink.FindStringSubmatch(m); m != nil {
				offer = m[2]
				return true
			}
		}
		return false
	})
	return offer
}

// waitlistSMS counts the waitlist offers the gateway delivered.
func (f *fixture) waitlistSMS() map[string]int {
	out := map[string]int{}
	for _, m := range f.gateway.Messages() {
		if offerLink.MatchString(m.Text) {
			out[m.Phone]++
		}
	}
	return out
}

// TestWaitlistRefusals: joining and leaving, each refusal with its
// status and message in both languages.
func TestWaitlistRefusals(t *testing.T) {
	f := newFixture(t)
	f.fullDoctor(t)
	tok := f.session(t, 1)
	for _, test := range []struct {
		name, method, path, body, token string
		headers                         []string
		status                          int
		ru, uz                          string
	}{
		{"join", "POST", "/api/waitlist", `{"doctorId": 4}`, tok, nil, 201, "", ""},
		{"again", "POST", "/api/waitlist", `{"doctorId": 4}`, tok, nil, 409,
			"Вы уже в списке ожидания к этому врачу.", "Siz bu shifokorga kutish ro'yxatidasiz."},
		{"a doctor with free time", "POST", "/api/waitlist", `{"doctorId": 1}`, tok, nil, 409,
			"У врача есть свободное время: выберите его и запишитесь.", "Shifokorning bo'sh vaqti bor: uni tanlab yoziling."},
		{"no such doctor", "POST", "/api/waitlist", `{"doctorId": 999}`, tok, nil, 404, "Такого врача нет.", "Bunday shifokor yo'q."},
		{"no doctor", "POST", "/api/waitlist", `{}`, tok, nil, 422, "", ""},
		{"signed out", "POST", "/api/waitlist", `{"doctorId": 4}`, "", nil, 401, "", ""},
		{"cross-site", "POST", "/api/waitlist", `{"doctorId": 4}`, f.session(t, 2), []string{"Sec-Fetch-Site", "cross-site"}, 403, "", ""},
		{"not JSON", "POST", "/api/waitlist", `doctorId=4`, f.session(t, 3), nil, 400, "", ""},
		{"leave", "DELETE", "/api/waitlist/4", "", tok, nil, 204, "", ""},
		{"leave again", "DELETE", "/api/waitlist/4", "", tok, nil, 404,
			"Вас нет в списке ожидания к этому врачу.", "Siz bu shifokorning kutish ro'yxatida emassiz."},
		{"join again", "POST", "/api/waitlist", `{"doctorId": 4}`, tok, nil, 201, "", ""},
		{"a stranger's offer", "POST", "/api/waitlist/offer", `{"offer": "1.nothing"}`, tok, nil, 410,
			"Ссылка уже использована или время истекло.", "Havola allaqachon ishlatilgan yoki vaqti o'tgan."},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := f.call(t, test.method, test.path, test.body, test.token, test.headers...)
			if a.status != test.status {
				t.Fatalf("%d %s, want %d", a.status, a.raw, test.status)
			}
			if test.ru == "" {
				return
			}
			if got := a.body["error"]; got != test.ru {
				t.Errorf("ru: %q, want %q", got, test.ru)
			}
			sep := "?"
			if strings.Contains(test.path, "?") {
				sep = "&"
			}
			if test.status == 409 && test.name == "again" || test.status != 409 {
				uz := f.call(t, test.method, test.path+sep+"lang=uz", test.body, test.token, test.headers...)
				if got := uz.body["error"]; got != test.uz {
					t.Errorf("uz: %q, want %q", got, test.uz)
				}
			}
		})
	}
	var waits map[string]any
	if a := f.call(t, "GET", "/api/waitlist?doctors=1,4", "", tok); a.status == 200 {
		waits = a.data()
	}
	if diff := cmp.Diff(map[string]any{"doctors": []any{4.0}}, waits); diff != "" {
		t.Errorf("GET /api/waitlist (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1/waiting"}, f.waitlistOf(t)); diff != "" {
		t.Errorf("waitlist (-want +got):\n%s", diff)
	}
}

// TestWaitlistOffers: three patients wait for a full doctor, the second
// leaves. A cancellation offers the freed time to the first (an SMS with
// a link, a 15-minute hold of theirs), once however often the job runs;
// the link works only for that patient, and once; unused, the hold lapses
// and the time goes to the next patient still waiting, who books it. The
// patient who left gets nothing.
func TestWaitlistOffers(t *testing.T) {
	f := newFixture(t)
	freed, _ := f.fullDoctor(t)
	tok1, tok2, tok3 := f.session(t, 1), f.session(t, 2), f.session(t, 3)
	for _, tok := range []string{tok1, tok2, tok3} {
		if a := f.call(t, "POST", "/api/waitlist", `{"doctorId": 4}`, tok); a.status != 201 {
			t.Fatalf("join: %d %s", a.status, a.raw)
		}
		f.Advance(time.Second)
	}
	if a := f.call(t, "DELETE", "/api/waitlist/4", "", tok2); a.status != 204 {
		t.Fatalf("leave: %d %s", a.status, a.raw)
	}
	f.startWorkers(t)
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", freed), "", f.session(t, 10)); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	t.Cleanup(func() {
		if t.Failed() {
			var jobs []string
			f.db.Select(&jobs, `SELECT kind || ' ' || state || ' ' || args::text || ' ' || coalesce(errors::text, '') FROM river_job ORDER BY id`)
			t.Logf("jobs:\n%s", strings.Join(jobs, "\n"))
		}
	})
	offer1 := f.offerOf(t, phone1)
	if diff := cmp.Diff([]string{"1/offered", "2/left", "3/waiting"}, f.waitlistOf(t)); diff != "" {
		t.Errorf("waitlist after the offer (-want +got):\n%s", diff)
	}
	held := offerID(offer1)
	var h struct {
		User    int64     `db:"user_id"`
		Status  string    `db:"status"`
		Start   time.Time `db:"start"`
		Expires time.Time `db:"expires_at"`
	}
	if err := f.db.Get(&h, `SELECT user_id, status, lower(during) AS start, expires_at FROM appointments WHERE id = $1`, held); err != nil {
		t.Fatal(err)
	}
	if h.User != 1 || h.Status != "held" || !h.Start.Equal(parseStamp(slot(2, "09:00"))) || !h.Expires.Equal(f.Now().Add(WaitlistTTL)) {
		t.Errorf("the offer's hold: %+v", h)
	}
	want := "Sog'liq: освободилось время у врача Врач 4: 25.11.2026 в 09:00, Клиника 1. Оно ваше 15 минут: https://sogliq.test/doctor/doctor-4?offer=" + offer1
	if got := texts(f.gateway, phone1); len(got) != 1 || got[0] != want {
		t.Errorf("SMS to the first patient: %q\nwant %q", got, want)
	}

	// The same freed time is offered once, however often the job runs.
	err := f.store.inTx(context.Background(), func(tx *sqlx.Tx) error {
		return f.queue.InsertTx(context.Background(), tx.Tx, FreedArgs{4}, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	f.idle(t)
	if diff := cmp.Diff(map[string]int{phone1: 1}, f.waitlistSMS()); diff != "" {
		t.Errorf("offers after a second run (-want +got):\n%s", diff)
	}

	// The link is the first patient's only, and works once.
	if a := f.call(t, "POST", "/api/waitlist/offer", fmt.Sprintf(`{"offer": %q}`, offer1), tok3); a.status != 403 {
		t.Errorf("another patient's claim: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/waitlist/offer", fmt.Sprintf(`{"offer": %q}`, offer1), ""); a.status != 401 {
		t.Errorf("a claim signed out: %d %s", a.status, a.raw)
	}
	a := f.call(t, "POST", "/api/waitlist/offer", fmt.Sprintf(`{"offer": %q}`, offer1), tok1)
	if a.status != 200 {
		t.Fatalf("the patient's claim: %d %s", a.status, a.raw)
	}
	if hold, _ := a.data()["hold"].(map[string]any); hold["id"] != float64(held) || hold["key"] == "" || hold["start"] != slot(2, "09:00") {
		t.Errorf("claimed: %s", a.raw)
	}
	if a := f.call(t, "POST", "/api/waitlist/offer", fmt.Sprintf(`{"offer": %q}`, offer1), tok1); a.status != 410 {
		t.Errorf("a second claim: %d %s", a.status, a.raw)
	}

	// Unused, the hold lapses; the next patient still waiting gets the time.
	f.Advance(WaitlistTTL + 2*time.Second)
	offer3 := f.offerOf(t, phone3)
	if diff := cmp.Diff([]string{"1/missed", "2/left", "3/offered"}, f.waitlistOf(t)); diff != "" {
		t.Errorf("waitlist after the lapse (-want +got):\n%s", diff)
	}
	if s := f.statusOf(t, held); s != "expired" {
		t.Errorf("the lapsed hold is %s", s)
	}
	c := f.call(t, "POST", "/api/waitlist/offer", fmt.Sprintf(`{"offer": %q}`, offer3), tok3)
	if c.status != 200 {
		t.Fatalf("claim: %d %s", c.status, c.raw)
	}
	hold, _ := c.data()["hold"].(map[string]any)
	key, _ := hold["key"].(string)
	if b := f.call(t, "POST", "/api/bookings", bookBody(offerID(offer3), key, uuidN(33)), tok3); b.status != 201 {
		t.Fatalf("booking the offer: %d %s", b.status, b.raw)
	}
	if diff := cmp.Diff([]string{"1/missed", "2/left", "3/booked"}, f.waitlistOf(t)); diff != "" {
		t.Errorf("waitlist after the booking (-want +got):\n%s", diff)
	}
	f.idle(t)
	if diff := cmp.Diff(map[string]int{phone1: 1, phone3: 1}, f.waitlistSMS()); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
	if got := texts(f.gateway, phone2); len(got) != 0 {
		t.Errorf("the patient who left got %q", got)
	}
}

// TestWaitlistFreedOnlyWhenWaited: freeing the time of a doctor nobody
// waits for queues no waitlist job; with the time free, joining is
// refused (book it instead).
func TestWaitlistFreedOnlyWhenWaited(t *testing.T) {
	f := newFixture(t)
	freed, _ := f.fullDoctor(t)
	count := func() int {
		var n int
		f.db.Get(&n, `SELECT count(*) FROM river_job WHERE kind = 'waitlist_freed'`)
		return n
	}
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", freed), "", f.session(t, 10)); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	if n := count(); n != 0 {
		t.Errorf("%d waitlist jobs for a doctor nobody waits for", n)
	}
	if a := f.call(t, "POST", "/api/waitlist", `{"doctorId": 4}`, f.session(t, 1)); a.status != 409 {
		t.Errorf("join with the freed time open: %d %s", a.status, a.raw)
	}
}

// offerID is the hold id of an offer link's id.key.
func offerID(offer string) int64 {
	id, _, _ := strings.Cut(offer, ".")
	var n int64
	fmt.Sscan(id, &n)
	return n
}
