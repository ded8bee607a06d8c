package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sogliq/server/api"
	"sogliq/server/derrors"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"github.com/riverqueue/river"
)

// The waitlist (docs/booking.md, "Waitlist"): a patient joins a doctor's list when
// the doctor has no free time in any clinic's horizon; when time frees up
// (a cancellation, a reschedule, new hours, a block removed), the first
// waiting patient gets a hold of the earliest free time for WaitlistTTL
// and an SMS with its link; a hold that lapses unused goes to the next.
const (
	// WaitlistTTL is how long an offer's hold keeps the time.
	WaitlistTTL = 15 * time.Minute
	// MaxWaitlists is how many doctors a user may wait for at once.
	MaxWaitlists = 10
	// offersPerRun bounds the offers one FreedArgs job makes (a new
	// week of hours frees many times; the next job goes on).
	offersPerRun = 20
)

// NoticeWaitlist is the SMS offering a freed time to a waiting patient.
const NoticeWaitlist = "waitlist"

// FreedArgs is the job that offers a doctor's free time to the patients
// waiting for them, first come first served. It is queued in the
// transaction that frees time, and again at each offer's expiry (an
// offer that lapsed hands the time on). Running it twice offers nothing
// twice: it works under the doctor's lock and a free time offered is a
// live hold, which the next run no longer sees as free.
type FreedArgs struct {
	DoctorID int64 `json:"doctorId"`
}

// Kind names the job kind in river_job.
func (FreedArgs) Kind() string { return "waitlist_freed" }

// QueueFreed queues, in tx, the waitlist's job for the doctor at at (now
// when zero), when anyone waits for them; without a queue it does
// nothing.
func (s *Store) QueueFreed(ctx context.Context, tx *sql.Tx, doctorID int64, at time.Time) error {
	if s.Queue == nil {
		return nil
	}
	var waiting bool
	const q = `
		SELECT EXISTS (
			SELECT 1
			FROM waitlist
			WHERE doctor_id = $1
			  AND status IN ('waiting', 'offered'))`
	if err := tx.QueryRowContext(ctx, q, doctorID).Scan(&waiting); err != nil {
		return fmt.Errorf("booking.QueueFreed(%d): %w", doctorID, err)
	}
	if !waiting {
		return nil
	}
	var opts *river.InsertOpts
	if !at.IsZero() {
		opts = &river.InsertOpts{ScheduledAt: at}
	}
	return s.Queue.InsertTx(ctx, tx, FreedArgs{doctorID}, opts)
}

// freedBy queues the waitlist's job for the doctor of appointment id,
// whose time this transaction frees.
func (s *Store) freedBy(ctx context.Context, tx *sqlx.Tx, id int64) error {
	if s.Queue == nil {
		return nil
	}
	var doctor int64
	const q = `
		SELECT doctor_id
		FROM appointments
		WHERE id = $1`
	if err := tx.GetContext(ctx, &doctor, q, id); err != nil {
		return fmt.Errorf("booking.freedBy(%d): %w", id, err)
	}
	return s.QueueFreed(ctx, tx.Tx, doctor, time.Time{})
}

// JoinWaitlist puts the user at the back of the doctor's waitlist; every
// SMS about it is written in lang. Refusals (derrors.Refusal): 404
// waitlist.unknownDoctor, 409 waitlist.hasFree while the doctor has free
// time (book it instead), 409 waitlist.exists when the user already
// waits, 429 waitlist.tooMany past MaxWaitlists.
func (s *Store) JoinWaitlist(ctx context.Context, userID, doctorID int64, lang string, now time.Time) error {
	ok, err := s.DoctorExists(ctx, doctorID)
	if err != nil {
		return err
	}
	if !ok {
		return notFound("waitlist.unknownDoctor", fmt.Sprintf("doctor %d", doctorID))
	}
	next, err := s.Next(ctx, []int64{doctorID}, 0, 1, lang, now)
	if err != nil {
		return err
	}
	if next.Doctors[0].NextFree != nil {
		return derrors.Refuse(derrors.Conflict, "waitlist.hasFree")
	}
	if lang != "uz" {
		lang = "ru"
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lock(ctx, tx, userLock(userID)); err != nil {
			return err
		}
		var n int
		const qCount = `
			SELECT count(*)
			FROM waitlist
			WHERE user_id = $1
			  AND status IN ('waiting', 'offered')`
		if err := tx.GetContext(ctx, &n, qCount, userID); err != nil {
			return fmt.Errorf("booking.JoinWaitlist: %w", err)
		}
		if n >= MaxWaitlists {
			return derrors.Refuse(derrors.Limited, "waitlist.tooMany", "max", strconv.Itoa(MaxWaitlists))
		}
		// A user who left, missed an offer or booked joins again at the back.
		const q = `
			INSERT INTO waitlist (user_id, doctor_id, lang, status, joined_at, updated_at)
			VALUES ($1, $2, $3, 'waiting', $4, $4)
			ON CONFLICT (user_id, doctor_id) DO UPDATE
			SET status = 'waiting', lang = excluded.lang, joined_at = excluded.joined_at,
			    offer_id = NULL, updated_at = excluded.updated_at
			WHERE waitlist.status NOT IN ('waiting', 'offered')`
		res, err := tx.ExecContext(ctx, q, userID, doctorID, lang, now)
		if err != nil {
			return fmt.Errorf("booking.JoinWaitlist: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return derrors.Refuse(derrors.Conflict, "waitlist.exists")
		}
		return nil
	})
}

// LeaveWaitlist takes the user off the doctor's waitlist (404
// waitlist.notOn when they are not on it). An offer they hold is
// released and goes to the next patient.
func (s *Store) LeaveWaitlist(ctx context.Context, userID, doctorID int64, now time.Time) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var offer sql.NullInt64
		const q = `
			WITH old AS (
				SELECT id, status, offer_id
				FROM waitlist
				WHERE user_id = $1
				  AND doctor_id = $2
				  AND status IN ('waiting', 'offered')
				FOR UPDATE)
			UPDATE waitlist w
			SET status = 'left', updated_at = $3
			FROM old
			WHERE w.id = old.id
			RETURNING CASE WHEN old.status = 'offered' THEN old.offer_id END`
		err := tx.GetContext(ctx, &offer, q, userID, doctorID, now)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("waitlist.notOn", fmt.Sprintf("user %d, doctor %d", userID, doctorID))
		}
		if err != nil {
			return fmt.Errorf("booking.LeaveWaitlist: %w", err)
		}
		if !offer.Valid {
			return nil
		}
		const release = `
			UPDATE appointments
			SET status = 'released', updated_at = $2
			WHERE id = $1
			  AND status = 'held'`
		res, err := tx.ExecContext(ctx, release, offer.Int64, now)
		if err != nil {
			return fmt.Errorf("booking.LeaveWaitlist: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if err := record(ctx, tx, offer.Int64, "released", now, "patient", userID, "left the waitlist"); err != nil {
			return err
		}
		return s.QueueFreed(ctx, tx.Tx, doctorID, time.Time{})
	})
}

// Waiting are the doctors of ids whose waitlist the user is on.
func (s *Store) Waiting(ctx context.Context, userID int64, ids []int64) ([]int64, error) {
	out := []int64{}
	const q = `
		SELECT doctor_id
		FROM waitlist
		WHERE user_id = $1
		  AND doctor_id = ANY($2)
		  AND status IN ('waiting', 'offered')
		ORDER BY doctor_id`
	if err := s.db.SelectContext(ctx, &out, q, userID, pq.Array(ids)); err != nil {
		return nil, fmt.Errorf("booking.Waiting: %w", err)
	}
	return out, nil
}

// ClaimOffer opens the offer of an SMS link, id.key: the hold must be the
// user's (403 waitlist.notYours), live and not claimed before (410
// waitlist.offerGone: the link works once). The hold gets a new key,
// returned for the booking form; the link's key stops working.
func (s *Store) ClaimOffer(ctx context.Context, userID int64, link, lang string, now time.Time) (WaitlistOffer, error) {
	idRaw, key, _ := strings.Cut(link, ".")
	id := api.ID(idRaw)
	if id == 0 || key == "" {
		return WaitlistOffer{}, derrors.Refuse(derrors.Gone, "waitlist.offerGone")
	}
	newKey, err := newKey()
	if err != nil {
		return WaitlistOffer{}, err
	}
	var out WaitlistOffer
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		var h struct {
			UserID    int64     `db:"user_id"`
			Status    string    `db:"status"`
			ExpiresAt time.Time `db:"expires_at"`
		}
		const q = `
			SELECT coalesce(user_id, 0) AS user_id, status, expires_at
			FROM appointments
			WHERE id = $1
			  AND hold_key_hash = $2
			FOR UPDATE`
		err := tx.GetContext(ctx, &h, q, id, keyHash(key))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return derrors.Refuse(derrors.Gone, "waitlist.offerGone")
		case err != nil:
			return fmt.Errorf("booking.ClaimOffer(%d): %w", id, err)
		case h.UserID != userID:
			return derrors.Refuse(derrors.Forbidden, "waitlist.notYours")
		case h.Status != "held" || !now.Before(h.ExpiresAt):
			return derrors.Refuse(derrors.Gone, "waitlist.offerGone")
		}
		const rekey = `
			UPDATE appointments
			SET hold_key_hash = $2, updated_at = $3
			WHERE id = $1`
		if _, err := tx.ExecContext(ctx, rekey, id, keyHash(newKey), now); err != nil {
			return fmt.Errorf("booking.ClaimOffer(%d): %w", id, err)
		}
		var row bookingRow
		const qRow = bookingSelect + `
			WHERE a.id = $2`
		if err := tx.GetContext(ctx, &row, qRow, lang, id); err != nil {
			return fmt.Errorf("booking.ClaimOffer(%d): %w", id, err)
		}
		out = WaitlistOffer{
			Hold: Hold{ID: id, Key: newKey, DoctorID: row.DoctorID, ClinicID: row.ClinicID,
				Start: Stamp(row.Start), End: Stamp(row.End), ExpiresAt: Stamp(h.ExpiresAt),
				CancelUntil: Stamp(row.cancelUntil())},
			DoctorName: row.DoctorName, ClinicName: row.ClinicName, Address: row.ClinicAddress, Price: row.Price,
		}
		return nil
	})
	return out, err
}

// WaitlistWorker offers a doctor's free times to their waitlist.
type WaitlistWorker struct {
	river.WorkerDefaults[FreedArgs]
	Store *Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Work settles the doctor's lapsed offers, then offers free times to the
// waiting patients in order, one transaction per offer, until either
// runs out (or offersPerRun).
func (w *WaitlistWorker) Work(ctx context.Context, job *river.Job[FreedArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	for range offersPerRun {
		offered, err := w.Store.offerNext(ctx, job.Args.DoctorID, now)
		if err != nil || !offered {
			return err
		}
	}
	// More may be free and waiting: the next run goes on.
	return w.Store.inTx(ctx, func(tx *sqlx.Tx) error {
		return w.Store.QueueFreed(ctx, tx.Tx, job.Args.DoctorID, time.Time{})
	})
}

// waitingEntry is the first patient in a doctor's waitlist.
type waitingEntry struct {
	ID     int64  `db:"id"`
	UserID int64  `db:"user_id"`
	Lang   string `db:"lang"`
}

// offerNext makes one offer, under the doctor's lock (the holds' lock:
// nobody takes the doctor's time meanwhile): it settles the offers that
// ended (booked, or lapsed: missed), then gives the earliest free time
// to the first waiting patient as a hold of WaitlistTTL, queues its SMS
// and a run at its expiry. It reports whether it offered anything.
func (s *Store) offerNext(ctx context.Context, doctorID int64, now time.Time) (bool, error) {
	offered := false
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		offered = false
		if err := lock(ctx, tx, doctorLock(doctorID)); err != nil {
			return err
		}
		if err := settleOffers(ctx, tx, doctorID, now); err != nil {
			return err
		}
		var e waitingEntry
		const q = `
			SELECT id, user_id, lang
			FROM waitlist
			WHERE doctor_id = $1
			  AND status = 'waiting'
			ORDER BY joined_at, id
			LIMIT 1
			FOR UPDATE`
		err := tx.GetContext(ctx, &e, q, doctorID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("booking.offerNext(%d): %w", doctorID, err)
		}
		slot, clinic, ok, err := s.earliestFree(ctx, doctorID, now)
		if err != nil || !ok {
			return err
		}
		if err := s.offer(ctx, tx, e, doctorID, clinic, slot, now); err != nil {
			return err
		}
		offered = true
		return nil
	})
	return offered, err
}

// settleOffers ends the doctor's offers whose hold is no longer live:
// booked when it became a booking, missed when it was released or
// lapsed (a lapsed hold is marked expired here).
func settleOffers(ctx context.Context, tx *sqlx.Tx, doctorID int64, now time.Time) error {
	const qExpire = `
		WITH expired AS (
			UPDATE appointments a
			SET status = 'expired', updated_at = $2
			FROM waitlist w
			WHERE w.doctor_id = $1
			  AND w.status = 'offered'
			  AND a.id = w.offer_id
			  AND a.status = 'held'
			  AND a.expires_at <= $2
			RETURNING a.id)
		INSERT INTO appointment_history (appointment_id, status, at, actor, reason)
		SELECT id, 'expired', $2, 'system', 'waitlist offer lapsed'
		FROM expired`
	if _, err := tx.ExecContext(ctx, qExpire, doctorID, now); err != nil {
		return fmt.Errorf("booking.settleOffers(%d): %w", doctorID, err)
	}
	// The CTE's update is not visible to this statement's snapshot, so an
	// offer lapsing right now is also recognised by its expiry.
	const q = `
		UPDATE waitlist w
		SET status = CASE WHEN a.status IN ('held', 'released', 'expired') THEN 'missed' ELSE 'booked' END,
		    updated_at = $2
		FROM appointments a
		WHERE w.doctor_id = $1
		  AND w.status = 'offered'
		  AND a.id = w.offer_id
		  AND NOT (a.status = 'held' AND a.expires_at > $2)`
	if _, err := tx.ExecContext(ctx, q, doctorID, now); err != nil {
		return fmt.Errorf("booking.settleOffers(%d): %w", doctorID, err)
	}
	return nil
}

// earliestFree is the doctor's earliest free time at any of their
// clinics, each within its own horizon.
func (s *Store) earliestFree(ctx context.Context, doctorID int64, now time.Time) (Slot, int64, bool, error) {
	today := Today(now)
	plans, err := s.Plans(ctx, []int64{doctorID}, 0, "ru", today, ThroughHorizon, now)
	if err != nil {
		return Slot{}, 0, false, err
	}
	var best Slot
	var clinic int64
	for _, p := range plans {
		if first := firstFree(p.Plan, now, 1); len(first) > 0 && (clinic == 0 || first[0].Start.Before(best.Start)) {
			best, clinic = first[0], p.ClinicID
		}
	}
	return best, clinic, clinic != 0, nil
}

// offer holds slot for the waiting patient e for WaitlistTTL and queues
// the SMS with its link and the doctor's next run at the hold's expiry.
func (s *Store) offer(ctx context.Context, tx *sqlx.Tx, e waitingEntry, doctorID, clinicID int64, slot Slot, now time.Time) error {
	key, err := newKey()
	if err != nil {
		return err
	}
	if err := expireOverlapping(ctx, tx, doctorID, slot, now); err != nil {
		return err
	}
	expires := now.Add(WaitlistTTL)
	var id int64
	const q = `
		INSERT INTO appointments (doctor_id, clinic_id, during, status, hold_key_hash, expires_at, user_id, price, lang, created_at, updated_at)
		SELECT $1, $2, tstzrange($3, $4), 'held', $5, $6, $7, dc.price, $8, $9, $9
		FROM doctor_clinics dc
		WHERE dc.doctor_id = $1
		  AND dc.clinic_id = $2
		RETURNING id`
	if err := tx.GetContext(ctx, &id, q, doctorID, clinicID, slot.Start, slot.End, keyHash(key), expires, e.UserID, e.Lang, now); err != nil {
		return constraintRefusal(fmt.Errorf("booking.offer(%d): %w", doctorID, err))
	}
	if err := record(ctx, tx, id, "held", now, "system", e.UserID, "waitlist"); err != nil {
		return err
	}
	const qEntry = `
		UPDATE waitlist
		SET status = 'offered', offer_id = $2, updated_at = $3
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, qEntry, e.ID, id, now); err != nil {
		return fmt.Errorf("booking.offer(%d): %w", doctorID, err)
	}
	if s.Queue == nil {
		return nil
	}
	if err := s.Queue.InsertTx(ctx, tx.Tx, NoticeArgs{AppointmentID: id, Notice: NoticeWaitlist, Key: key}, nil); err != nil {
		return err
	}
	// At the expiry an unused offer hands the time to the next patient.
	return s.Queue.InsertTx(ctx, tx.Tx, FreedArgs{doctorID}, &river.InsertOpts{ScheduledAt: expires.Add(time.Second)})
}

// offerBooked marks, in the booking's transaction, the waitlist entry
// whose offer hold id becomes a booking.
func offerBooked(ctx context.Context, tx *sqlx.Tx, id int64, now time.Time) error {
	const q = `
		UPDATE waitlist
		SET status = 'booked', updated_at = $2
		WHERE offer_id = $1
		  AND status = 'offered'`
	if _, err := tx.ExecContext(ctx, q, id, now); err != nil {
		return fmt.Errorf("booking.offerBooked(%d): %w", id, err)
	}
	return nil
}

// OfferLink is the path of an offer's SMS link, on the doctor card in the
// patient's language: the card's waitlist island claims it.
func OfferLink(lang, doctorSlug string, id int64, key string) string {
	prefix := ""
	if lang == "uz" {
		prefix = "/uz"
	}
	return prefix + "/doctor/" + doctorSlug + "?offer=" + strconv.FormatInt(id, 10) + "." + key
}
