package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
)

// tashkent is a Tashkent time on the test Monday's date plus days.
func tashkent(days int, hhmm string) time.Time { return parseStamp(slot(days, hhmm)) }

// noticeJobs lists appointment id's notice jobs as "notice/state".
func (f *fixture) noticeJobs(t testing.TB, id int64) []string {
	t.Helper()
	var out []string
	const q = `
		SELECT (args->>'notice') || '/' || state::text
		FROM river_job
		WHERE kind = 'booking_notice'
		  AND (args->>'appointmentId')::bigint = $1
		ORDER BY id`
	if err := f.db.Select(&out, q, id); err != nil {
		t.Fatal(err)
	}
	return out
}

// texts are the messages the gateway took for phone, in order.
func texts(g *smstest.Gateway, phone string) []string {
	var out []string
	for _, m := range g.Messages() {
		if m.Phone == phone {
			out = append(out, m.Text)
		}
	}
	return out
}

// waitFor polls cond until it holds (a generous deadline for a slow
// shared machine; River's scheduler promotes due jobs every 5 s).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// waitTexts waits until phone has n messages and returns them.
func waitTexts(t testing.TB, f *fixture, phone string, n int) []string {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d SMS to %s", n, phone), func() bool { return len(texts(f.gateway, phone)) >= n })
	return texts(f.gateway, phone)
}

// idle waits until no notice job is due or running: what follows is final.
func (f *fixture) idle(t testing.TB) {
	t.Helper()
	waitFor(t, "the due jobs to finish", func() bool {
		var n int
		f.db.Get(&n, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running') OR (state IN ('scheduled', 'retryable') AND scheduled_at <= $1)`, f.Now())
		return n == 0
	})
}

const (
	phone1 = "+998900000001"
	phone2 = "+998900000002"
	phone3 = "+998900000003"
)

var (
	confirmRu = "Sog'liq: вы записаны к врачу Врач 1 25.11.2026 в 10:00, Клиника 1, ул. Навои, 1. Отменить можно до 25.11.2026 08:00 в разделе «Мои записи»."
	remind24  = "Sog'liq: напоминаем, завтра 25.11.2026 в 10:00 приём у врача Врач 1, Клиника 1, ул. Навои, 1."
	remind2   = "Sog'liq: напоминаем, сегодня в 10:00 приём у врача Врач 1, Клиника 1, ул. Навои, 1."
)

// TestNoticesSurviveRestart: a booking made on a serve-only process
// queues its confirmation and reminders; a worker process sends the
// confirmation and stops; another, started later, sends the reminders at
// their times (24 h and 2 h before), each once.
func TestNoticesSurviveRestart(t *testing.T) {
	f := newFixture(t)
	id := f.book(t, f.session(t, 1), 1, 1, slot(2, "10:00"), 1)
	if diff := cmp.Diff([]string{"confirmed/available", "reminder24/scheduled", "reminder2/scheduled"}, f.noticeJobs(t, id)); diff != "" {
		t.Fatalf("jobs after booking (-want +got):\n%s", diff)
	}
	first := f.startWorkers(t)
	waitTexts(t, f, phone1, 1)
	stopQueue(t, first)

	f.Set(tashkent(1, "10:00")) // 24 h before; the first process is gone
	f.startWorkers(t)
	waitTexts(t, f, phone1, 2)
	f.Set(tashkent(2, "08:00"))
	waitTexts(t, f, phone1, 3)
	f.Set(tashkent(2, "09:59"))
	f.idle(t)
	if diff := cmp.Diff([]string{confirmRu, remind24, remind2}, texts(f.gateway, phone1)); diff != "" {
		t.Errorf("SMS (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"confirmed/completed", "reminder24/completed", "reminder2/completed"}, f.noticeJobs(t, id)); diff != "" {
		t.Errorf("jobs (-want +got):\n%s", diff)
	}
}

// TestNoticeGatewayDown: a failing gateway is tried again after 30 s,
// then 1 min (jobs.Backoff on the queue's clock); the booking stands
// meanwhile, and the SMS goes once the gateway answers.
func TestNoticeGatewayDown(t *testing.T) {
	f := newFixture(t)
	f.gateway.SetFailing(true)
	tok := f.session(t, 1)
	id := f.book(t, tok, 1, 1, slot(2, "10:00"), 1)
	f.startWorkers(t)
	type attempt struct {
		State    string
		Attempts int
		Errors   int
		Next     time.Time
	}
	read := func() attempt {
		var a attempt
		var state string
		var next time.Time
		row := f.db.QueryRow(`SELECT state::text, attempt, coalesce(array_length(errors, 1), 0), scheduled_at FROM river_job
			WHERE kind = 'booking_notice' AND args->>'notice' = 'confirmed'`)
		if err := row.Scan(&state, &a.Attempts, &a.Errors, &next); err != nil {
			t.Fatal(err)
		}
		a.State, a.Next = state, next.In(Tashkent)
		return a
	}
	waitFor(t, "the first failure", func() bool { return read().Errors == 1 })
	if diff := cmp.Diff(attempt{"retryable", 1, 1, t0.Add(30 * time.Second)}, read()); diff != "" {
		t.Errorf("after one failure (-want +got):\n%s", diff)
	}
	if f.statusOf(t, id) != "booked" {
		t.Errorf("the visit is %s", f.statusOf(t, id))
	}
	f.Advance(30 * time.Second)
	waitFor(t, "the second failure", func() bool { return read().Errors == 2 })
	if diff := cmp.Diff(attempt{"retryable", 2, 2, t0.Add(90 * time.Second)}, read()); diff != "" {
		t.Errorf("after two failures (-want +got):\n%s", diff)
	}
	f.gateway.SetFailing(false)
	f.Advance(time.Minute)
	waitTexts(t, f, phone1, 1)
	f.idle(t)
	if got := texts(f.gateway, phone1); len(got) != 1 || got[0] != confirmRu {
		t.Errorf("SMS: %q", got)
	}
	if a := read(); a.State != "completed" || a.Attempts != 3 {
		t.Errorf("job: %+v", a)
	}
	if v := f.call(t, "GET", "/api/bookings", "", tok); len(v.data()["upcoming"].([]any)) != 1 {
		t.Errorf("the visit is gone: %s", v.raw)
	}
}

// TestNoticesTwoProcesses: two worker processes on one database, 20
// visits, each confirmation queued twice: every patient gets each of the
// three notices exactly once.
func TestNoticesTwoProcesses(t *testing.T) {
	f := newFixture(t)
	const n = 20
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		SELECT n, 'doctor-' || n, 'Врач ' || n, 'Shifokor ' || n, 'm', 2000, (SELECT min(id) FROM regions)
		FROM generate_series(101, 100 + $1) n`, n)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) SELECT n, 1, 100000 FROM generate_series(101, 100 + $1) n`, n)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		SELECT n, 1, w, 540, 1080, 30, '2026-01-01' FROM generate_series(101, 100 + $1) n, generate_series(1, 7) w`, n)
	ids := make([]int64, n)
	for i := range n {
		ids[i] = f.book(t, f.session(t, int64(i+1)), int64(101+i), 1, slot(2, "10:00"), i+1)
		tx, err := f.db.Beginx()
		if err != nil {
			t.Fatal(err)
		}
		if err := f.queue.InsertTx(context.Background(), tx.Tx, NoticeArgs{AppointmentID: ids[i], Notice: NoticeConfirmed}, nil); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	f.startWorkers(t)
	f.startWorkers(t)
	total := func() int { return len(f.gateway.Messages()) }
	waitFor(t, "the confirmations", func() bool { return total() >= n })
	f.Set(tashkent(1, "10:00"))
	waitFor(t, "the 24-hour reminders", func() bool { return total() >= 2*n })
	f.Set(tashkent(2, "08:00"))
	waitFor(t, "the 2-hour reminders", func() bool { return total() >= 3*n })
	f.idle(t)
	for i := range n {
		phone := fmt.Sprintf("+99890%07d", i+1)
		got := texts(f.gateway, phone)
		doctor := fmt.Sprintf("Врач %d", 101+i)
		if len(got) != 3 || !strings.Contains(got[0], "вы записаны") || !strings.Contains(got[1], "завтра") || !strings.Contains(got[2], "сегодня") ||
			!strings.Contains(got[0], doctor) || !strings.Contains(got[2], doctor) {
			t.Errorf("%s got %q", phone, got)
		}
	}
	var sent int
	f.db.Get(&sent, `SELECT count(*) FROM appointment_notices`)
	if total() != 3*n || sent != 3*n {
		t.Errorf("%d SMS, %d notice rows; want %d", total(), sent, 3*n)
	}
}

// TestNoticesOfEndedVisits: a cancelled visit's pending notices are
// cancelled and the patient is told (by the clinic: with its reason); a
// rescheduled visit's reminders go, the new time gets its own.
func TestNoticesOfEndedVisits(t *testing.T) {
	f := newFixture(t)
	tok1, tok2 := f.session(t, 1), f.session(t, 2)
	cancelled := f.book(t, tok1, 1, 1, slot(2, "10:00"), 1)
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/cancel", cancelled), "", tok1); a.status != 200 {
		t.Fatalf("cancel: %d %s", a.status, a.raw)
	}
	if diff := cmp.Diff([]string{"confirmed/cancelled", "reminder24/cancelled", "reminder2/cancelled", "cancelled/available"}, f.noticeJobs(t, cancelled)); diff != "" {
		t.Errorf("cancelled visit's jobs (-want +got):\n%s", diff)
	}

	old := f.book(t, tok2, 2, 1, slot(2, "11:00"), 2)
	hold, key := f.holdAs(t, tok2, 2, 1, slot(2, "15:00"))
	if a := f.call(t, "POST", fmt.Sprintf("/api/bookings/%d/reschedule?lang=uz", old), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, hold, key), tok2); a.status != 200 {
		t.Fatalf("reschedule: %d %s", a.status, a.raw)
	}
	if diff := cmp.Diff([]string{"confirmed/cancelled", "reminder24/cancelled", "reminder2/cancelled"}, f.noticeJobs(t, old)); diff != "" {
		t.Errorf("the old visit's jobs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"confirmed/available", "reminder24/scheduled", "reminder2/scheduled"}, f.noticeJobs(t, hold)); diff != "" {
		t.Errorf("the new visit's jobs (-want +got):\n%s", diff)
	}

	byClinic := f.book(t, f.session(t, 3), 3, 2, slot(2, "10:00"), 3)
	if err := f.store.CancelByClinic(context.Background(), byClinic, 0, "врач заболел", f.Now()); err != nil {
		t.Fatal(err)
	}

	f.startWorkers(t)
	waitTexts(t, f, phone1, 1)
	waitTexts(t, f, phone2, 1)
	waitTexts(t, f, phone3, 1)
	f.Set(tashkent(1, "16:00"))
	waitTexts(t, f, phone2, 2)
	f.Set(tashkent(2, "13:00"))
	waitTexts(t, f, phone2, 3)
	f.Set(tashkent(2, "14:30"))
	f.idle(t)
	want := map[string][]string{
		phone1: {"Sog'liq: ваша запись к врачу Врач 1 25.11.2026 в 10:00 отменена."},
		phone2: {
			"Sog'liq: siz 25.11.2026 kuni soat 15:00 da Shifokor 2 qabuliga yozildingiz, 1-klinika, Navoiy ko'chasi, 1. 25.11.2026 13:00 gacha «Mening yozuvlarim» bo'limida bekor qilish mumkin.",
			"Sog'liq: eslatma, ertaga 25.11.2026 soat 15:00 da Shifokor 2 qabulingiz bor, 1-klinika, Navoiy ko'chasi, 1.",
			"Sog'liq: eslatma, bugun soat 15:00 da Shifokor 2 qabulingiz bor, 1-klinika, Navoiy ko'chasi, 1.",
		},
		phone3: {"Sog'liq: клиника отменила вашу запись к врачу Врач 3 25.11.2026 в 10:00. Причина: врач заболел. Выберите другое время на сайте."},
	}
	for phone, w := range want {
		if diff := cmp.Diff(w, texts(f.gateway, phone)); diff != "" {
			t.Errorf("SMS to %s (-want +got):\n%s", phone, diff)
		}
	}
}

// TestNoReminderForPastVisit: a visit booked less than 2 hours ahead gets
// no reminder; notices held up (a gateway down) until the visit has begun
// are dropped, not sent late.
func TestNoReminderForPastVisit(t *testing.T) {
	f := newFixture(t)
	soon := f.book(t, f.session(t, 1), 1, 1, slot(0, "09:30"), 1)
	if diff := cmp.Diff([]string{"confirmed/available"}, f.noticeJobs(t, soon)); diff != "" {
		t.Errorf("jobs of a visit 90 min ahead (-want +got):\n%s", diff)
	}
	f.gateway.SetFailing(true)
	late := f.book(t, f.session(t, 2), 1, 1, slot(2, "10:00"), 2)
	f.startWorkers(t)
	waitFor(t, "the failures", func() bool {
		var n int
		f.db.Get(&n, `SELECT count(*) FROM river_job WHERE state = 'retryable'`)
		return n == 2
	})
	f.gateway.SetFailing(false)
	f.Set(tashkent(2, "10:00"))
	f.idle(t)
	f.Set(tashkent(2, "12:00"))
	f.idle(t)
	if got := f.gateway.Messages(); len(got) != 0 {
		t.Errorf("sent after the visits began: %v", got)
	}
	if diff := cmp.Diff([]string{"confirmed/completed", "reminder24/completed", "reminder2/completed"}, f.noticeJobs(t, late)); diff != "" {
		t.Errorf("jobs (-want +got):\n%s", diff)
	}
}

// TestReleaseExpiredHolds: the periodic job marks holds past their
// expiry expired, with a history row by the system; live ones stay.
func TestReleaseExpiredHolds(t *testing.T) {
	f := newFixture(t)
	old, _ := f.holdAs(t, "", 1, 1, slot(1, "10:00"))
	f.Advance(4 * time.Minute)
	fresh, _ := f.holdAs(t, "", 1, 1, slot(1, "11:00"))
	f.Advance(2 * time.Minute)
	if jobs := PeriodicJobs(); len(jobs) != 2 { // releasing holds, refreshing free summaries
		t.Fatalf("%d periodic jobs", len(jobs))
	}
	f.startWorkers(t)
	err := f.store.inTx(context.Background(), func(tx *sqlx.Tx) error {
		return f.queue.InsertTx(context.Background(), tx.Tx, ReleaseHoldsArgs{}, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the hold to expire", func() bool { return f.statusOf(t, old) == "expired" })
	f.idle(t)
	if s := f.statusOf(t, fresh); s != "held" {
		t.Errorf("a live hold is %s", s)
	}
	var history []string
	f.db.Select(&history, `SELECT status || '/' || actor FROM appointment_history WHERE appointment_id = $1 ORDER BY id`, old)
	if diff := cmp.Diff([]string{"held/patient", "expired/system"}, history); diff != "" {
		t.Errorf("history (-want +got):\n%s", diff)
	}
}

// crashAfterSend posts to the gateway and then fails, once: the gateway
// accepted, but the worker's transaction rolls back as if the process
// had died before its commit.
type crashAfterSend struct {
	account.Sender
	mu      sync.Mutex
	crashed bool
}

func (c *crashAfterSend) Send(ctx context.Context, phone, text string) error {
	if err := c.Sender.Send(ctx, phone, text); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.crashed {
		c.crashed = true
		return errors.New("the process died after the gateway accepted")
	}
	return nil
}

// TestNoticeIdempotencyKey: every notice carries Idempotency-Key
// NoticeKey; a notice whose commit is lost after the gateway accepted is
// posted again on the retry with the same key, and a gateway honouring
// it (smstest does) delivers it once.
func TestNoticeIdempotencyKey(t *testing.T) {
	f := newFixture(t)
	id := f.book(t, f.session(t, 1), 1, 1, slot(2, "10:00"), 1)
	w := &NoticeWorker{Store: f.store, SMS: &crashAfterSend{Sender: &account.HTTPSender{URL: f.gateway.URL}}, Dict: f.dict, Now: f.Now}
	job := &river.Job[NoticeArgs]{JobRow: &rivertype.JobRow{ID: 1}, Args: NoticeArgs{AppointmentID: id, Notice: NoticeConfirmed}}
	if err := w.Work(context.Background(), job); err == nil {
		t.Fatal("the crashed attempt succeeded")
	}
	var rows int
	f.db.Get(&rows, `SELECT count(*) FROM appointment_notices`)
	if rows != 0 {
		t.Fatalf("%d notice rows after the lost commit", rows)
	}
	if err := w.Work(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if err := w.Work(context.Background(), job); err != nil { // sent: nothing more
		t.Fatal(err)
	}
	key := fmt.Sprintf("sogliq-notice-%d-confirmed", id)
	var keys []string
	for _, p := range f.gateway.Posts() {
		keys = append(keys, p.Key)
	}
	if diff := cmp.Diff([]string{key, key}, keys); diff != "" {
		t.Errorf("Idempotency-Key of the posts (-want +got):\n%s", diff)
	}
	if got := texts(f.gateway, phone1); len(got) != 1 || got[0] != confirmRu {
		t.Errorf("delivered: %q", got)
	}
}

// TestConfirmationInsideCutoff: a visit booked after its cancel cut-off
// (90 min ahead; the clinic's cut-off is 120 min, its lead time 60) is
// never told a cancel-by time already passed: the hold says so before
// the booking, the answer and the SMS say cancelling is by phone only.
// One booked before the cut-off names the section as the page does.
func TestConfirmationInsideCutoff(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	h := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(0, "09:30")), tok)
	if h.status != 201 || h.data()["cancelUntil"] != slot(0, "07:30") {
		t.Fatalf("hold: %d %s", h.status, h.raw)
	}
	a := f.call(t, "POST", "/api/bookings", bookBody(h.num("id"), h.data()["key"].(string), uuidN(1)), tok)
	phoneOnly := "Sog'liq: вы записаны к врачу Врач 1 23.11.2026 в 09:30, Клиника 1, ул. Навои, 1. Отменить или перенести запись можно только по телефону клиники +998 71 200-00-01."
	if a.status != 201 || a.data()["canCancel"] != false || a.data()["smsText"] != phoneOnly {
		t.Fatalf("book: %d %s", a.status, a.raw)
	}
	tok2 := f.session(t, 2)
	if h := f.call(t, "POST", "/api/bookings/holds?lang=uz", holdBody(1, 1, slot(1, "10:00")), tok2); h.status != 201 || h.data()["cancelUntil"] != slot(1, "08:00") {
		t.Fatalf("hold ahead: %d %s", h.status, h.raw)
	} else if b := f.call(t, "POST", "/api/bookings?lang=uz", bookBody(h.num("id"), h.data()["key"].(string), uuidN(2)), tok2); b.status != 201 {
		t.Fatalf("book ahead: %d %s", b.status, b.raw)
	}
	f.startWorkers(t)
	waitTexts(t, f, phone1, 1)
	waitTexts(t, f, phone2, 1)
	for phone, want := range map[string]string{
		phone1: phoneOnly,
		phone2: "Sog'liq: siz 24.11.2026 kuni soat 10:00 da Shifokor 1 qabuliga yozildingiz, 1-klinika, Navoiy ko'chasi, 1. 24.11.2026 08:00 gacha «Mening yozuvlarim» bo'limida bekor qilish mumkin.",
	} {
		if diff := cmp.Diff([]string{want}, texts(f.gateway, phone)); diff != "" {
			t.Errorf("SMS to %s (-want +got):\n%s", phone, diff)
		}
	}
}
