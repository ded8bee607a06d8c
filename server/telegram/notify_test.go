package telegram

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/booking"
	"sogliq/server/database/dbtest"
	"sogliq/server/jobs"
)

// worker starts a job queue running the booking's notices and the
// staff's news through the fake bot (SMS to the fake gateway), on a pool
// of its own, as another server process would.
func (f *fixture) worker(t testing.TB) *jobs.Queue {
	t.Helper()
	pool, err := sqlx.Open("postgres", dbtest.URL(t, f.db))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	bot := &Bot{APIURL: f.api.URL, Token: testToken}
	workers := river.NewWorkers()
	river.AddWorker(workers, &booking.NoticeWorker{
		Store: booking.NewStore(pool), SMS: &account.HTTPSender{URL: f.sms.URL}, Dict: f.dict, Logger: logger, Now: f.Now,
		Messenger: &Notifier{Bot: bot, Store: NewStore(pool), Dict: f.dict, Logger: logger, Now: f.Now},
	})
	AddWorkers(workers, &StaffNoticesWorker{DB: pool, Bot: bot, Dict: f.dict, Logger: logger})
	q, err := jobs.New(pool.DB, jobs.Config{Work: true, Workers: workers, Periodic: PeriodicJobs(), Clock: f,
		PollInterval: 50 * time.Millisecond, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stopping the queue: %v", err)
		}
		pool.Close()
	})
	return q
}

// notice queues the notice of visit id, as the booking does.
func (f *fixture) notice(t testing.TB, q *jobs.Queue, id int64, notice string) {
	t.Helper()
	tx, err := f.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if err := q.InsertTx(context.Background(), tx, booking.NoticeArgs{AppointmentID: id, Notice: notice}, nil); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// channel waits for notice of visit id to be sent and says which way.
func (f *fixture) channel(t testing.TB, id int64, notice string) string {
	t.Helper()
	var ch string
	waitFor(t, "notice "+notice, func() bool {
		return f.db.Get(&ch, `SELECT channel FROM appointment_notices WHERE appointment_id = $1 AND notice = $2`, id, notice) == nil
	})
	return ch
}

// idle waits until no notice job is waiting or running.
func (f *fixture) idle(t testing.TB) {
	t.Helper()
	defer func() {
		if t.Failed() {
			var rows []string
			_ = f.db.Select(&rows, `SELECT args::text || ' ' || state::text || ' ' || coalesce(errors::text, '') FROM river_job WHERE kind = 'booking_notice'`)
			t.Logf("jobs: %s", strings.Join(rows, "\n"))
		}
	}()
	waitFor(t, "the notice jobs to finish", func() bool {
		return f.count(t, `SELECT count(*) FROM river_job WHERE kind = 'booking_notice' AND state NOT IN ('completed', 'cancelled', 'discarded')`) == 0
	})
}

// TestNoticesThroughBot: a linked patient's reminder goes through the bot
// with its buttons, once, though two processes run it twice; one who
// blocked the bot gets the SMS (once), and the next notice goes by SMS
// without asking the bot; a 429 is waited out and the message sent once.
func TestNoticesThroughBot(t *testing.T) {
	f := newFixture(t)
	q1, q2 := f.worker(t), f.worker(t)
	f.link(t, 9101, 1)
	f.link(t, 9102, 2)
	f.link(t, 9103, 3)
	f.api.Block(9102)
	f.api.Throttle(9103, 1, 1)

	linked := f.visit(t, 1, 30*time.Hour)
	f.notice(t, q1, linked, booking.NoticeReminder24)
	f.notice(t, q2, linked, booking.NoticeReminder24) // a duplicate, in another process
	if ch := f.channel(t, linked, booking.NoticeReminder24); ch != "telegram" {
		t.Errorf("a linked patient's reminder went by %s", ch)
	}
	blocked := f.visit(t, 2, 31*time.Hour)
	f.notice(t, q1, blocked, booking.NoticeReminder24)
	f.notice(t, q2, blocked, booking.NoticeReminder24)
	if ch := f.channel(t, blocked, booking.NoticeReminder24); ch != "sms" {
		t.Errorf("a blocked patient's reminder went by %s", ch)
	}
	throttled := f.visit(t, 3, 32*time.Hour)
	f.notice(t, q2, throttled, booking.NoticeReminder24)
	if ch := f.channel(t, throttled, booking.NoticeReminder24); ch != "telegram" {
		t.Errorf("a throttled reminder went by %s", ch)
	}
	f.idle(t)

	sent := f.api.Sent("sendMessage", 9101)
	if len(sent) != 1 {
		t.Fatalf("%d messages to the linked patient, want 1", len(sent))
	}
	if !strings.Contains(sent[0].Text(), "Врач Один") || len(sent[0].Buttons()) != 3 || sent[0].Buttons()[1]["callback_data"] != "v:"+itoa(linked)+":cancel" {
		t.Errorf("the reminder: %q %v", sent[0].Text(), sent[0].Buttons())
	}
	if n := len(f.api.Of("sendMessage")) - len(sent); n != 3 {
		t.Errorf("%d other sendMessage calls, want 3 (blocked 403, throttled 429 then 200)", n)
	}
	if got := f.api.Sent("sendMessage", 9103); len(got) != 1 {
		t.Errorf("%d messages to the throttled patient, want 1", len(got))
	}
	var sms []string
	for _, m := range f.sms.Messages() {
		sms = append(sms, m.Phone)
	}
	if strings.Join(sms, ",") != "+998900000002" {
		t.Errorf("SMS went to %v, want the blocked patient's once", sms)
	}
	if n := f.count(t, `SELECT count(*) FROM telegram_links WHERE telegram_id = 9102 AND blocked_at IS NOT NULL`); n != 1 {
		t.Errorf("the blocked link is not marked")
	}
	// The next notice to the blocked patient: SMS, the bot not asked.
	calls := len(f.api.Calls())
	f.notice(t, q1, blocked, booking.NoticeReminder2)
	if ch := f.channel(t, blocked, booking.NoticeReminder2); ch != "sms" {
		t.Errorf("went by %s", ch)
	}
	if len(f.api.Calls()) != calls || len(f.sms.Messages()) != 2 {
		t.Errorf("bot calls %d -> %d, SMS %d", calls, len(f.api.Calls()), len(f.sms.Messages()))
	}
	// Writing to the bot again lifts the block.
	f.update(t, text(50, 9102, "ru", "/start"))
	if n := f.count(t, `SELECT count(*) FROM telegram_links WHERE telegram_id = 9102 AND blocked_at IS NULL`); n != 1 {
		t.Errorf("the block stayed after /start")
	}
	// Telegram tells of a block (my_chat_member kicked) and of its end.
	member := func(update int64, status string) string {
		return fmt.Sprintf(`{"update_id": %d, "my_chat_member": {"chat": {"id": 9101, "type": "private"}, "from": {"id": 9101, "first_name": "T"},
			"date": 1, "old_chat_member": {"status": "member"}, "new_chat_member": {"status": %q}}}`, update, status)
	}
	f.update(t, member(51, "kicked"))
	if n := f.count(t, `SELECT count(*) FROM telegram_links WHERE telegram_id = 9101 AND blocked_at IS NOT NULL`); n != 1 {
		t.Errorf("a block Telegram told of is not marked")
	}
	f.update(t, member(52, "member"))
	if n := f.count(t, `SELECT count(*) FROM telegram_links WHERE telegram_id = 9101 AND blocked_at IS NULL`); n != 1 {
		t.Errorf("the block stayed after the bot was unblocked")
	}
}

// TestStaffNews: a linked staff member hears of their clinic's new,
// moved and cancelled visits, each once; a moved visit once, with its new
// time.
func TestStaffNews(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO user_roles (user_id, role, clinic_id) VALUES (3, 'staff', 1)`)
	f.link(t, 4101, 3)
	f.link(t, 9201, 1)
	f.exec(t, `INSERT INTO users (id, phone) VALUES (4, '998900000004')`)
	f.exec(t, `INSERT INTO user_roles (user_id, role, clinic_id) VALUES (4, 'staff', 1)`)
	if err := f.h.Store.LinkUser(t.Context(), User{ID: 4102, Language: "uz"}, 4, f.Now()); err != nil {
		t.Fatal(err)
	}
	w := &StaffNoticesWorker{DB: f.db, Bot: f.bot, Dict: f.dict, Logger: f.h.Logger}
	run := func() {
		t.Helper()
		if err := w.Work(t.Context(), &river.Job[StaffNoticesArgs]{}); err != nil {
			t.Fatal(err)
		}
	}
	id := f.visit(t, 1, 48*time.Hour)
	moved := f.visit(t, 2, 50*time.Hour)
	later := f.visit(t, 2, 52*time.Hour)
	f.exec(t, `UPDATE appointments SET status = 'rescheduled', successor_id = $2 WHERE id = $1`, moved, later)
	f.exec(t, `INSERT INTO appointment_history (appointment_id, status, at, actor) VALUES ($1, 'rescheduled', now(), 'patient')`, moved)
	run()
	// The clinic's Uzbek name is taken away: the Uzbek news of the
	// cancellation name it in Russian.
	f.exec(t, `UPDATE clinics SET name_uz = '' WHERE id = 1`)
	f.update(t, press(1, 9201, "v:"+itoa(id)+":cancel"))
	run()
	run()
	var got []string
	for _, c := range f.api.Sent("sendMessage", 4101) {
		got = append(got, c.Text())
	}
	at := func(key string, in time.Duration) string {
		start := f.Now().Add(in).In(booking.Tashkent)
		return f.dict.T("ru", key, "doctor", "Врач Один", "clinic", "Клиника 1", "date", start.Format("02.01.2006"), "time", start.Format("15:04"))
	}
	want := []string{
		at("telegram.staff.booked", 48*time.Hour),
		at("telegram.staff.booked", 50*time.Hour),
		at("telegram.staff.rescheduled", 52*time.Hour),
		at("telegram.staff.cancelled", 48*time.Hour),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the staff's news:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A staff member whose Telegram is in Uzbek reads it in Uzbek.
	start := f.Now().Add(48 * time.Hour).In(booking.Tashkent)
	uz := f.api.Sent("sendMessage", 4102)
	if len(uz) != 4 || uz[0].Text() != f.dict.T("uz", "telegram.staff.booked", "doctor", "Shifokor Bir", "clinic", "1-klinika",
		"date", start.Format("02.01.2006"), "time", start.Format("15:04")) {
		t.Errorf("the staff's news in Uzbek: %d, %+v", len(uz), uz)
	}
	if len(uz) == 4 && uz[3].Text() != f.dict.T("uz", "telegram.staff.cancelled", "doctor", "Shifokor Bir", "clinic", "Клиника 1",
		"date", start.Format("02.01.2006"), "time", start.Format("15:04")) {
		t.Errorf("the cancellation in Uzbek of a clinic with no Uzbek name: %q", uz[3].Text())
	}
}
