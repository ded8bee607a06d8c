package telegram

import (
	"context"

	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/booking"
)

// Notifier sends the booking's notices through the bot (booking.Messenger)
// to patients who linked Telegram and have not blocked the bot.
type Notifier struct {
	Bot    *Bot
	Store  *Store
	Dict   Translator
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Notify sends n with the visit's buttons (confirm, cancel, reschedule)
// on a confirmation or reminder. A 403 (the bot blocked) marks the link
// blocked and answers not sent: the SMS goes. A 429 waits its retry_after
// (Bot.Call); another failure is returned, and the job is retried.
func (t *Notifier) Notify(ctx context.Context, n booking.Notice) (bool, error) {
	link, err := t.Store.ByUser(ctx, n.UserID)
	if errors.Is(err, ErrNoLink) || (err == nil && link.BlockedAt.Valid) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	m := Message{ChatID: link.TelegramID, Text: n.Text}
	switch n.Kind {
	case booking.NoticeConfirmed, booking.NoticeReminder24, booking.NoticeReminder2:
		m.Keyboard = visitKeyboard(t.Dict, n.Lang, n.AppointmentID)
	}
	err = t.Bot.SendMessage(ctx, m)
	if Blocked(err) {
		t.Logger.InfoContext(ctx, "telegram: bot blocked, notice goes by SMS", slog.Int64("user", n.UserID), slog.String("notice", n.Kind))
		now := time.Now()
		if t.Now != nil {
			now = t.Now()
		}
		return false, t.Store.Block(ctx, link.TelegramID, now)
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// StaffNoticesArgs is the periodic job that tells clinics' linked staff
// of their new, moved and cancelled visits.
type StaffNoticesArgs struct{}

// Kind names the job kind in river_job.
func (StaffNoticesArgs) Kind() string { return "telegram_staff_notices" }

// StaffNoticesEvery is how often the staff's news are sent.
const StaffNoticesEvery = 15 * time.Second

// StaffNoticesWorker reads appointment_history past its cursor and sends
// each new, moved or cancelled visit to the linked staff of its clinic.
type StaffNoticesWorker struct {
	river.WorkerDefaults[StaffNoticesArgs]
	DB     *sqlx.DB
	Bot    *Bot
	Dict   Translator
	Logger *slog.Logger
}

// staffEvent is one history row worth telling the clinic. Each linked
// staff member reads it in their own language, so it carries both names;
// the Uzbek ones fall back to the Russian (pick_lang).
type staffEvent struct {
	ID       int64     `db:"id"`
	Status   string    `db:"status"`
	ClinicID int64     `db:"clinic_id"`
	Start    time.Time `db:"start"`
	DoctorRU string    `db:"doctor_ru"`
	DoctorUZ string    `db:"doctor_uz"`
	ClinicRU string    `db:"clinic_ru"`
	ClinicUZ string    `db:"clinic_uz"`
}

// text is e told in lang.
func (e staffEvent) text(dict Translator, lang string) string {
	doctor, clinic := e.DoctorRU, e.ClinicRU
	if lang == "uz" {
		doctor, clinic = e.DoctorUZ, e.ClinicUZ
	}
	start := e.Start.In(booking.Tashkent)
	return dict.T(lang, "telegram.staff."+e.Status, "doctor", doctor, "clinic", clinic,
		"date", start.Format("02.01.2006"), "time", start.Format("15:04"))
}

// Work sends the events past the cursor, under the cursor's lock (one
// sender at a time across processes), moving it past each event sent: a
// failure stops there and the next run sends the rest.
func (w *StaffNoticesWorker) Work(ctx context.Context, job *river.Job[StaffNoticesArgs]) error {
	if w.Bot == nil {
		return nil // this process has no bot; one that has sends them
	}
	tx, err := w.DB.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("telegram.StaffNotices: begin: %w", err)
	}
	defer tx.Rollback()
	var last int64
	const qCursor = `
		SELECT last_id
		FROM telegram_staff_cursor
		FOR UPDATE`
	if err := tx.GetContext(ctx, &last, qCursor); err != nil {
		return fmt.Errorf("telegram.StaffNotices: cursor: %w", err)
	}
	var upper int64
	if err := tx.GetContext(ctx, &upper, `SELECT coalesce(max(id), 0) FROM appointment_history`); err != nil {
		return fmt.Errorf("telegram.StaffNotices: %w", err)
	}
	// A rescheduled visit is told once, by its old booking's row (its
	// successor's "booked" row is left out), with the new time.
	var events []staffEvent
	const q = `
		SELECT h.id, h.status, a.clinic_id,
		       lower(CASE WHEN h.status = 'rescheduled' THEN coalesce(s.during, a.during) ELSE a.during END) AS start,
		       d.full_name_ru AS doctor_ru, pick_lang('uz', d.full_name_ru, d.full_name_uz) AS doctor_uz,
		       c.name_ru AS clinic_ru, pick_lang('uz', c.name_ru, c.name_uz) AS clinic_uz
		FROM appointment_history h
		JOIN appointments a ON a.id = h.appointment_id
		LEFT JOIN appointments s ON s.id = a.successor_id
		JOIN doctors d ON d.id = a.doctor_id
		JOIN clinics c ON c.id = a.clinic_id
		WHERE h.id > $1
		  AND h.id <= $2
		  AND h.status IN ('booked', 'rescheduled', 'cancelled')
		  AND NOT (h.status = 'booked' AND EXISTS (
		      SELECT 1
		      FROM appointments p
		      WHERE p.successor_id = a.id))
		ORDER BY h.id
		LIMIT 100`
	if err := tx.SelectContext(ctx, &events, q, last, upper); err != nil {
		return fmt.Errorf("telegram.StaffNotices: %w", err)
	}
	var sendErr error
	for _, e := range events {
		if sendErr = w.send(ctx, tx, e); sendErr != nil {
			break
		}
		last = e.ID
	}
	if sendErr == nil && len(events) < 100 {
		// Every row up to upper was read: those of no interest (holds,
		// outcomes) are passed for good.
		last = max(last, upper)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE telegram_staff_cursor SET last_id = $1`, last); err != nil {
		return fmt.Errorf("telegram.StaffNotices: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("telegram.StaffNotices: commit: %w", err)
	}
	return sendErr
}

// send tells e to every linked, unblocked staff member of its clinic; one
// who blocked the bot is marked and skipped.
func (w *StaffNoticesWorker) send(ctx context.Context, tx *sqlx.Tx, e staffEvent) error {
	var chats []struct {
		ID   int64  `db:"telegram_id"`
		Lang string `db:"lang"`
	}
	const q = `
		SELECT l.telegram_id, l.lang
		FROM user_roles r
		JOIN telegram_links l ON l.user_id = r.user_id
		WHERE r.role = 'staff'
		  AND r.clinic_id = $1
		  AND l.blocked_at IS NULL
		ORDER BY l.telegram_id`
	if err := tx.SelectContext(ctx, &chats, q, e.ClinicID); err != nil {
		return fmt.Errorf("telegram.StaffNotices: staff: %w", err)
	}
	for _, chat := range chats {
		err := w.Bot.SendMessage(ctx, Message{ChatID: chat.ID, Text: e.text(w.Dict, chat.Lang)})
		if Blocked(err) {
			if _, err := tx.ExecContext(ctx, `UPDATE telegram_links SET blocked_at = now() WHERE telegram_id = $1`, chat.ID); err != nil {
				return fmt.Errorf("telegram.StaffNotices: block: %w", err)
			}
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// AddWorkers registers the Telegram job kinds.
func AddWorkers(workers *river.Workers, staff *StaffNoticesWorker) {
	river.AddWorker(workers, staff)
}

// PeriodicJobs are Telegram's scheduled jobs: the staff's news.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(StaffNoticesEvery),
		func() (river.JobArgs, *river.InsertOpts) { return StaffNoticesArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}
