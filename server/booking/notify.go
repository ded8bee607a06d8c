package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
)

// Queue is what the store needs of the job queue (*jobs.Queue): jobs
// inserted and cancelled in the store's own transactions.
type Queue interface {
	InsertTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) error
	CancelTx(ctx context.Context, tx *sql.Tx, id int64) error
}

// The SMS notices of a visit.
const (
	NoticeConfirmed  = "confirmed"
	NoticeReminder24 = "reminder24"
	NoticeReminder2  = "reminder2"
	NoticeCancelled  = "cancelled"
)

// reminders are the notices sent before a visit, by how long before.
var reminders = []struct {
	notice string
	before time.Duration
}{{NoticeReminder24, 24 * time.Hour}, {NoticeReminder2, 2 * time.Hour}}

// NoticeArgs is the job of one SMS notice about an appointment. The text
// is written when the job runs, from the visit as it is then, in the
// language the patient booked in.
type NoticeArgs struct {
	AppointmentID int64  `json:"appointmentId"`
	Notice        string `json:"notice"`
	// Key is a waitlist offer's hold key, for its link (it stops working
	// when the patient opens the link, or the hold lapses: WaitlistTTL).
	Key string `json:"key,omitempty"`
}

// Kind names the job kind in river_job.
func (NoticeArgs) Kind() string { return "booking_notice" }

// scheduleNotices queues, in the booking's transaction, the confirmation
// now and the reminders 24 h and 2 h before start, leaving out a reminder
// whose time has already passed.
func (s *Store) scheduleNotices(ctx context.Context, tx *sqlx.Tx, id int64, start, now time.Time) error {
	if s.Queue == nil {
		return nil
	}
	if err := s.Queue.InsertTx(ctx, tx.Tx, NoticeArgs{AppointmentID: id, Notice: NoticeConfirmed}, nil); err != nil {
		return err
	}
	for _, r := range reminders {
		at := start.Add(-r.before)
		if !at.After(now) {
			continue
		}
		if err := s.Queue.InsertTx(ctx, tx.Tx, NoticeArgs{AppointmentID: id, Notice: r.notice}, &river.InsertOpts{ScheduledAt: at}); err != nil {
			return err
		}
	}
	return nil
}

// cancelNotices cancels, in the transaction that ends the visit, every
// notice job of appointment id not yet finished; one already running
// finds the visit ended when it looks (Work) and sends nothing.
func (s *Store) cancelNotices(ctx context.Context, tx *sqlx.Tx, id int64) error {
	if s.Queue == nil {
		return nil
	}
	var ids []int64
	const q = `
		SELECT id
		FROM river_job
		WHERE kind = 'booking_notice'
		  AND args @> jsonb_build_object('appointmentId', $1::bigint)
		  AND state IN ('available', 'scheduled', 'retryable', 'pending', 'running')`
	if err := tx.SelectContext(ctx, &ids, q, id); err != nil {
		return fmt.Errorf("booking.cancelNotices(%d): %w", id, err)
	}
	for _, job := range ids {
		if err := s.Queue.CancelTx(ctx, tx.Tx, job); err != nil {
			return err
		}
	}
	return nil
}

// noticeCancelled cancels the visit's pending notices and queues the SMS
// telling the patient it is cancelled.
func (s *Store) noticeCancelled(ctx context.Context, tx *sqlx.Tx, id int64) error {
	if err := s.cancelNotices(ctx, tx, id); err != nil {
		return err
	}
	if s.Queue == nil {
		return nil
	}
	return s.Queue.InsertTx(ctx, tx.Tx, NoticeArgs{AppointmentID: id, Notice: NoticeCancelled}, nil)
}

// Notice is one notice of a visit as a Messenger gets it.
type Notice struct {
	AppointmentID int64
	UserID        int64
	// Kind is NoticeConfirmed, NoticeReminder24, ...
	Kind string
	// Lang is the language the patient booked in; Text the notice in it,
	// as the SMS would read.
	Lang, Text string
}

// Messenger delivers notices through a channel other than SMS (the
// Telegram bot: package telegram).
type Messenger interface {
	// Notify sends n to its patient; sent false with no error means the
	// patient cannot be reached there (not linked, blocked the bot), and
	// the SMS goes instead. An error is retried by the job queue.
	Notify(ctx context.Context, n Notice) (sent bool, err error)
}

// NoticeWorker sends the notices of visits: through Messenger to a patient
// reachable there, else by SMS.
type NoticeWorker struct {
	river.WorkerDefaults[NoticeArgs]
	Store *Store
	SMS   account.Sender
	// Messenger is tried before SMS; nil: SMS only.
	Messenger Messenger
	Dict      Translator
	Logger    *slog.Logger
	// PublicURL is the site's origin, for the links of waitlist offers.
	PublicURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// noticeRow is what a notice says and whether it is still due.
type noticeRow struct {
	bookingRow
	Phone       string    `db:"phone"`
	Lang        string    `db:"lang"`
	CancelledBy string    `db:"cancelled_by_text"`
	Why         string    `db:"why"`
	UserID      int64     `db:"user_id"`
	ExpiresAt   time.Time `db:"expires_at"`
}

// Work sends the notice unless it is no longer due (the visit ended, was
// cancelled, or has begun) or was already sent. A gateway failure is
// returned: River tries again after jobs.Backoff, and the visit stands.
//
// It runs in one transaction held open while the gateway answers: the
// notice's row in appointment_notices is inserted first (a second job for
// the same notice, a duplicate, a rescued job or another process's, waits
// on its key and then finds it sent), then the visit is read under a
// share lock (a cancellation waits for the SMS, or the SMS sees the
// cancellation), and the row is committed only after the gateway said
// yes. A process dying after the gateway accepted and before the commit
// re-sends the notice on the retry, with the same Idempotency-Key
// (NoticeKey): a gateway honouring it delivers it once.
func (w *NoticeWorker) Work(ctx context.Context, job *river.Job[NoticeArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	err := w.Store.tryTx(ctx, func(tx *sqlx.Tx) error {
		const claim = `
			INSERT INTO appointment_notices (appointment_id, notice, job_id, sent_at)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT DO NOTHING`
		res, err := tx.ExecContext(ctx, claim, job.Args.AppointmentID, job.Args.Notice, job.ID, now)
		if err != nil {
			return fmt.Errorf("booking.NoticeWorker(%d, %s): %w", job.Args.AppointmentID, job.Args.Notice, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotDue // sent before
		}
		n, err := noticeRowTx(ctx, tx, job.Args.AppointmentID)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotDue // the appointment is gone with its doctor or clinic
		}
		if err != nil {
			return err
		}
		if !n.due(job.Args.Notice, now) {
			w.log(ctx, "booking notice no longer due", job, n.Status)
			return errNotDue
		}
		text := n.text(job.Args.Notice, now, w.Dict)
		if job.Args.Notice == NoticeWaitlist {
			text = w.Dict.T(n.Lang, "waitlist.sms", "doctor", n.DoctorName, "date", n.Start.In(Tashkent).Format("02.01.2006"),
				"time", n.Start.In(Tashkent).Format("15:04"), "clinic", n.ClinicName, "minutes", strconv.Itoa(int(WaitlistTTL/time.Minute)),
				"link", w.PublicURL+OfferLink(n.Lang, n.DoctorSlug, n.ID, job.Args.Key))
		}
		if sent, err := w.message(ctx, tx, job.Args, n, text); sent || err != nil {
			return err
		}
		if w.SMS == nil {
			return errors.New("booking: no SMS gateway")
		}
		return w.SMS.Send(account.WithIdempotencyKey(ctx, NoticeKey(job.Args)), n.Phone, text)
	})
	if errors.Is(err, errNotDue) {
		return nil
	}
	return err
}

// message tries the Messenger, inside the notice's transaction: sent,
// the notice's row says it went there.
func (w *NoticeWorker) message(ctx context.Context, tx *sqlx.Tx, args NoticeArgs, n noticeRow, text string) (bool, error) {
	if w.Messenger == nil {
		return false, nil
	}
	sent, err := w.Messenger.Notify(ctx, Notice{AppointmentID: n.ID, UserID: n.UserID, Kind: args.Notice, Lang: n.Lang, Text: text})
	if err != nil || !sent {
		return false, err
	}
	const q = `
		UPDATE appointment_notices
		SET channel = 'telegram'
		WHERE appointment_id = $1
		  AND notice = $2`
	if _, err := tx.ExecContext(ctx, q, args.AppointmentID, args.Notice); err != nil {
		return false, fmt.Errorf("booking.NoticeWorker(%d, %s): %w", args.AppointmentID, args.Notice, err)
	}
	return true, nil
}

// NoticeKey is the SMS gateway's idempotency key of a notice: the same
// for every attempt of every job of that notice of that visit, so a
// gateway honouring it delivers a notice re-sent after a crash (the
// gateway said yes, the process died before the commit) once.
func NoticeKey(n NoticeArgs) string {
	return fmt.Sprintf("sogliq-notice-%d-%s", n.AppointmentID, n.Notice)
}

// errNotDue rolls back a notice's transaction that sends nothing.
var errNotDue = errors.New("booking: notice not due")

func (w *NoticeWorker) log(ctx context.Context, msg string, job *river.Job[NoticeArgs], status string) {
	if w.Logger != nil {
		w.Logger.InfoContext(ctx, msg, slog.Int64("appointment", job.Args.AppointmentID),
			slog.String("notice", job.Args.Notice), slog.String("status", status))
	}
}

// due: a confirmation or a reminder while the visit is booked and ahead
// (the 24-hour one only until the 2-hour one's time), a cancellation
// notice while the cancelled visit is ahead.
func (n noticeRow) due(notice string, now time.Time) bool {
	if !now.Before(n.Start) {
		return false
	}
	switch notice {
	case NoticeConfirmed, NoticeReminder2:
		return n.Status == "booked"
	case NoticeReminder24:
		return n.Status == "booked" && now.Before(n.Start.Add(-2*time.Hour))
	case NoticeCancelled:
		return n.Status == "cancelled"
	case NoticeWaitlist:
		// Only while the offer's hold is live: a lapsed one is the next
		// patient's.
		return n.Status == "held" && now.Before(n.ExpiresAt)
	}
	return false
}

// text is the notice in the patient's language, written at now.
func (n noticeRow) text(notice string, now time.Time, dict Translator) string {
	start := n.Start.In(Tashkent)
	args := []string{"doctor", n.DoctorName, "date", start.Format("02.01.2006"), "time", start.Format("15:04"),
		"clinic", n.ClinicName, "address", n.ClinicAddress}
	switch notice {
	case NoticeConfirmed:
		return n.view(n.Lang, now, dict).SMSText
	case NoticeReminder24, NoticeReminder2:
		key := "booking.smsReminder24"
		if notice == NoticeReminder2 {
			key = "booking.smsReminder2"
		}
		b := n.view(n.Lang, now, dict)
		if !n.Online {
			if b.VisitType != nil {
				return dict.T(n.Lang, key, args...) + " " + b.typeText(n.Lang, dict)
			}
			return dict.T(n.Lang, key, args...)
		}
		// An online visit is no trip to the clinic: the reminder names it
		// and gives the link (or says the clinic will send it).
		return dict.T(n.Lang, key+"Online", args...) + " " + b.meetingText(n.Lang, dict)
	}
	if n.CancelledBy == "clinic" {
		if n.Why != "" {
			return dict.T(n.Lang, "booking.smsCancelledByClinicWhy", append(args, "reason", n.Why)...)
		}
		return dict.T(n.Lang, "booking.smsCancelledByClinic", args...)
	}
	return dict.T(n.Lang, "booking.smsCancelled", args...)
}

// noticeRowTx reads appointment id in its patient's language, the
// appointment row share-locked until tx ends.
func noticeRowTx(ctx context.Context, tx *sqlx.Tx, id int64) (noticeRow, error) {
	var lang string
	const qLang = `
		SELECT lang
		FROM appointments
		WHERE id = $1
		FOR SHARE`
	if err := tx.GetContext(ctx, &lang, qLang, id); err != nil {
		return noticeRow{}, err
	}
	var n noticeRow
	const q = `
		SELECT b.*, u.phone, a.lang, coalesce(a.cancelled_by, '') AS cancelled_by_text, u.id AS user_id, a.expires_at,
		       coalesce((
		           SELECT h.reason
		           FROM appointment_history h
		           WHERE h.appointment_id = a.id
		             AND h.status = a.status
		           ORDER BY h.at DESC, h.id DESC
		           LIMIT 1), '') AS why
		FROM (` + bookingSelect + `
		      WHERE a.id = $2) b
		JOIN appointments a ON a.id = b.id
		JOIN users u ON u.id = a.user_id`
	if err := tx.GetContext(ctx, &n, q, lang, id); err != nil {
		return noticeRow{}, fmt.Errorf("booking.noticeRow(%d): %w", id, err)
	}
	return n, nil
}

// ReleaseHoldsArgs is the periodic job that ends expired holds.
type ReleaseHoldsArgs struct{}

// Kind names the job kind in river_job.
func (ReleaseHoldsArgs) Kind() string { return "booking_release_holds" }

// ReleaseHoldsWorker marks holds past their expiry expired.
type ReleaseHoldsWorker struct {
	river.WorkerDefaults[ReleaseHoldsArgs]
	Store *Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Work expires the holds due.
func (w *ReleaseHoldsWorker) Work(ctx context.Context, job *river.Job[ReleaseHoldsArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	_, err := w.Store.ExpireHolds(ctx, now)
	return err
}

// ReleaseHoldsEvery is how often the leader queues ReleaseHoldsArgs.
const ReleaseHoldsEvery = time.Minute

// ExpireHolds marks every hold past its expiry expired, with a history
// row by the system, and returns how many. Free times already treat such
// a hold as free; this keeps the table honest (and its live rows few).
func (s *Store) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		const q = `
			WITH expired AS (
				UPDATE appointments
				SET status = 'expired', updated_at = $1
				WHERE id IN (
					SELECT id
					FROM appointments
					WHERE status = 'held'
					  AND expires_at <= $1
					ORDER BY id
					FOR UPDATE SKIP LOCKED)
				RETURNING id)
			INSERT INTO appointment_history (appointment_id, status, at, actor, reason)
			SELECT id, 'expired', $1, 'system', 'hold expired'
			FROM expired`
		res, err := tx.ExecContext(ctx, q, now)
		if err != nil {
			return fmt.Errorf("booking.ExpireHolds: %w", err)
		}
		rows, _ := res.RowsAffected()
		n = int(rows)
		return nil
	})
	return n, err
}

// AddWorkers registers the booking's job kinds with their workers.
func AddWorkers(workers *river.Workers, notices *NoticeWorker, holds *ReleaseHoldsWorker, waitlist *WaitlistWorker, free *RefreshFreeWorker) {
	river.AddWorker(workers, notices)
	river.AddWorker(workers, holds)
	river.AddWorker(workers, waitlist)
	river.AddWorker(workers, free)
}

// PeriodicJobs are the booking's scheduled jobs: releasing expired holds
// and refreshing the listings' free summaries.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(ReleaseHoldsEvery),
			func() (river.JobArgs, *river.InsertOpts) { return ReleaseHoldsArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(FreeRefreshEvery),
			func() (river.JobArgs, *river.InsertOpts) { return RefreshFreeArgs{}, nil }, nil),
	}
}
