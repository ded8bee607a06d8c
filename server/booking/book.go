package booking

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sogliq/server/derrors"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// BookInput books a held time for a signed-in user.
type BookInput struct {
	UserID         int64
	HoldID         int64
	HoldKey        string
	IdempotencyKey string
	Patient        Patient
	// RelativeID is the saved relative (account.Relative) the visit is
	// for, 0 for none: Book fills Patient from them.
	RelativeID int64
	// SelfName is the user's own name, written when Patient.Self.
	SelfName string
	Reason   string
	// Lang is the patient's language ("ru" or "uz"): every SMS about the
	// visit is written in it.
	Lang string
	// Returning is the patient's answer to "been to this doctor
	// before?", nil for none; an answer known already wins.
	Returning *bool
}

// Book turns the hold into the user's booking. It returns the booking's
// id and whether it was made before (a repeat with the same idempotency
// key and the same request). Refusals (derrors.Refusal): 422
// booking.idempotencyReused for the key of another request (repeated),
// 404 relative.notFound for a RelativeID that is not one of the user's,
// 429 past the upcoming visits of one person or of the account
// (visitLimits), 409
// booking.holdExpired when the hold is gone (expired, released, booked,
// another's), 409 booking.past when its time has begun, 409
// booking.overlap when the patient already has a visit at that time (the
// patient constraint's word).
func (s *Store) Book(ctx context.Context, in BookInput, now time.Time) (id int64, repeat bool, err error) {
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lock(ctx, tx, userLock(in.UserID)); err != nil {
			return err
		}
		if in.RelativeID != 0 {
			if in.Patient, err = relativeOf(ctx, tx, in.UserID, in.RelativeID); err != nil {
				return err
			}
		}
		var found bool
		id, found, err = repeated(ctx, tx, in)
		if err != nil || found {
			repeat = found
			return err
		}
		if err := visitLimits(ctx, tx, in, now); err != nil {
			return err
		}
		hold, err := placeOfHold(ctx, tx, in.HoldID, in.HoldKey)
		if err != nil {
			return err
		}
		if err := lock(ctx, tx, doctorLock(hold.DoctorID)); err != nil {
			return err
		}
		if err := lockHold(ctx, tx, in.HoldID, in.UserID, now); err != nil {
			return err
		}
		if in.Returning, err = rememberReturning(ctx, tx, in.UserID, hold.DoctorID, patientKey(in.Patient), in.Returning, now); err != nil {
			return err
		}
		var start time.Time
		id, start, err = bookHold(ctx, tx, in, now)
		if err != nil {
			return err
		}
		if err := s.scheduleNotices(ctx, tx, id, start, now); err != nil {
			return err
		}
		if err := offerBooked(ctx, tx, id, now); err != nil {
			return err
		}
		return record(ctx, tx, id, "booked", now, "patient", in.UserID, "")
	})
	return id, repeat, err
}

// repeated finds the booking the user made before with the idempotency
// key of in, if any. A key sent again with another request (another hold,
// patient or reason) is refused, 422 booking.idempotencyReused, as Stripe
// and the IETF Idempotency-Key draft do: answering with the first booking
// would let the app believe the second one was made, and the second hold
// is left as it is.
func repeated(ctx context.Context, tx *sqlx.Tx, in BookInput) (int64, bool, error) {
	var first struct {
		ID      int64   `db:"id"`
		KeyHash []byte  `db:"hold_key_hash"`
		Self    bool    `db:"patient_self"`
		Name    string  `db:"patient_name"`
		Birth   *string `db:"patient_birth_date"`
		Reason  string  `db:"reason"`
	}
	const q = `
		SELECT id, hold_key_hash, coalesce(patient_self, false) AS patient_self, patient_name,
		       to_char(patient_birth_date, 'YYYY-MM-DD') AS patient_birth_date, reason
		FROM appointments
		WHERE user_id = $1
		  AND idempotency_key = $2`
	err := tx.GetContext(ctx, &first, q, in.UserID, in.IdempotencyKey)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("booking.repeated: %w", err)
	}
	same := first.ID == in.HoldID && bytes.Equal(first.KeyHash, keyHash(in.HoldKey)) &&
		first.Self == in.Patient.Self && first.Reason == in.Reason
	if same && !in.Patient.Self {
		same = first.Name == in.Patient.Name && first.Birth != nil && *first.Birth == in.Patient.BirthDate
	}
	if !same {
		return 0, false, derrors.Refuse(derrors.Unacceptable, "booking.idempotencyReused")
	}
	return first.ID, true, nil
}

// place is where an appointment is: its doctor and clinic (neither
// changes after the row is written, so they are read without a lock).
type place struct {
	DoctorID int64 `db:"doctor_id"`
	ClinicID int64 `db:"clinic_id"`
}

// placeOfHold finds the place of the hold id with key: 409
// booking.holdExpired when no appointment has that id and key (the
// answer to a stale or a guessed hold alike).
func placeOfHold(ctx context.Context, tx *sqlx.Tx, id int64, key string) (place, error) {
	var p place
	const q = `
		SELECT doctor_id, clinic_id
		FROM appointments
		WHERE id = $1
		  AND hold_key_hash = $2`
	err := tx.GetContext(ctx, &p, q, id, keyHash(key))
	if errors.Is(err, sql.ErrNoRows) {
		return p, derrors.Refuse(derrors.Conflict, "booking.holdExpired")
	}
	if err != nil {
		return p, fmt.Errorf("booking.placeOfHold(%d): %w", id, err)
	}
	return p, nil
}

// lockHold locks the hold id (its key already checked by placeOfHold) for
// the user's booking and refuses, 409, a hold that is no longer held or
// has lapsed, or that another signed-in user made (booking.holdExpired:
// the time is not theirs), or whose time has begun (booking.past: a clinic
// with no lead time lets a hold outlive its start).
func lockHold(ctx context.Context, tx *sqlx.Tx, id, userID int64, now time.Time) error {
	var h struct {
		Status    string    `db:"status"`
		ExpiresAt time.Time `db:"expires_at"`
		UserID    int64     `db:"user_id"`
		Start     time.Time `db:"start"`
	}
	const q = `
		SELECT status, expires_at, coalesce(user_id, 0) AS user_id, lower(during) AS start
		FROM appointments
		WHERE id = $1
		FOR UPDATE`
	if err := tx.GetContext(ctx, &h, q, id); err != nil {
		return fmt.Errorf("booking.lockHold(%d): %w", id, err)
	}
	switch {
	case holdGone(h.Status, h.ExpiresAt, h.UserID, userID, now):
		return derrors.Refuse(derrors.Conflict, "booking.holdExpired")
	case !now.Before(h.Start):
		return derrors.Refuse(derrors.Conflict, "booking.past")
	}
	return nil
}

// holdGone says a hold is no longer the user's to book or extend: not
// held, lapsed at now, or made by another signed-in user (owner, 0 for
// none).
func holdGone(status string, expires time.Time, owner, userID int64, now time.Time) bool {
	return status != "held" || !now.Before(expires) || owner != 0 && owner != userID
}

func doctorLock(id int64) string { return "booking-doctor:" + strconv.FormatInt(id, 10) }

// visitLimits refuses a booking past UpcomingVisitsPerPerson upcoming
// visits of its patient (the user, or one relative: by patient key, or
// by the saved relative whose name may have changed since), 429
// booking.tooManyBookings, or past UpcomingVisitsPerAccount of the whole
// account, 429 booking.tooManyForAccount. Book holds the user's lock, so
// parallel bookings are counted one after another.
func visitLimits(ctx context.Context, tx sqlx.QueryerContext, in BookInput, now time.Time) error {
	var n struct {
		Total  int `db:"total"`
		Person int `db:"person"`
	}
	const q = `
		SELECT count(*) AS total,
		       count(*) FILTER (WHERE patient_key = $3 OR relative_id = $4) AS person
		FROM appointments
		WHERE user_id = $1
		  AND status = 'booked'
		  AND upper(during) > $2`
	if err := sqlx.GetContext(ctx, tx, &n, q, in.UserID, now, patientKey(in.Patient), nullID(in.RelativeID)); err != nil {
		return fmt.Errorf("booking.visitLimits: %w", err)
	}
	if n.Person >= UpcomingVisitsPerPerson {
		return derrors.Refuse(derrors.Limited, "booking.tooManyBookings", "max", strconv.Itoa(UpcomingVisitsPerPerson))
	}
	if n.Total >= UpcomingVisitsPerAccount {
		return derrors.Refuse(derrors.Limited, "booking.tooManyForAccount", "max", strconv.Itoa(UpcomingVisitsPerAccount))
	}
	return nil
}

// relativeOf is the patient of relative id, one of user's saved
// relatives (404 relative.notFound for someone else's or a missing one:
// whose it is is not told). The row is locked against a delete until the
// booking commits.
func relativeOf(ctx context.Context, tx sqlx.QueryerContext, userID, id int64) (Patient, error) {
	var r struct {
		Name  string `db:"name"`
		Birth string `db:"birth_date"`
	}
	const q = `
		SELECT name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date
		FROM relatives
		WHERE id = $1
		  AND user_id = $2
		FOR SHARE`
	err := sqlx.GetContext(ctx, tx, &r, q, id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Patient{}, derrors.Refuse(derrors.NotFound, "relative.notFound")
	}
	if err != nil {
		return Patient{}, fmt.Errorf("booking.relativeOf(%d): %w", id, err)
	}
	return Patient{Name: r.Name, BirthDate: r.Birth}, nil
}

// RelativeMayBook is the early check of a hold for relative id of user
// (HoldRequest.RelativeID): relativeOf's 404 and visitLimits' 429s, read
// outside any lock. Book checks again under the user's lock.
func (s *Store) RelativeMayBook(ctx context.Context, userID, id int64, now time.Time) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := relativeOf(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		return visitLimits(ctx, tx, BookInput{UserID: userID, RelativeID: id, Patient: p}, now)
	})
}

// nullID is id for SQL, NULL for 0.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// bookHold turns a live hold, locked and checked by lockHold, into a
// booking in place: the time was the hold's already, so the doctor's
// constraint has nothing new to refuse; the patient's may. The conditions
// of lockHold are repeated so that the statement alone never books a
// hold that is not live.
func bookHold(ctx context.Context, tx *sqlx.Tx, in BookInput, now time.Time) (int64, time.Time, error) {
	name, birth, key := in.SelfName, any(nil), patientKey(in.Patient)
	if !in.Patient.Self {
		name, birth = in.Patient.Name, in.Patient.BirthDate
	}
	lang := in.Lang
	if lang != "uz" {
		lang = "ru"
	}
	var row struct {
		ID    int64     `db:"id"`
		Start time.Time `db:"start"`
	}
	const q = `
		UPDATE appointments a
		SET status = 'booked', user_id = $3,
		    price = coalesce((SELECT vt.price FROM visit_types vt WHERE vt.id = a.visit_type_id), dc.price),
		    patient_self = $4, patient_name = $5, patient_birth_date = $6::date, patient_key = $7,
		    reason = $8, idempotency_key = $9, booked_at = $10, updated_at = $10, lang = $11, returning_patient = $12,
		    relative_id = $13
		FROM doctor_clinics dc
		WHERE a.id = $1
		  AND a.hold_key_hash = $2
		  AND a.status = 'held'
		  AND a.expires_at > $10
		  AND (a.user_id IS NULL OR a.user_id = $3)
		  AND dc.doctor_id = a.doctor_id
		  AND dc.clinic_id = a.clinic_id
		RETURNING a.id, lower(a.during) AS start`
	err := tx.GetContext(ctx, &row, q, in.HoldID, keyHash(in.HoldKey), in.UserID,
		in.Patient.Self, name, birth, key, in.Reason, in.IdempotencyKey, now, lang, in.Returning, nullID(in.RelativeID))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, derrors.Refuse(derrors.Conflict, "booking.holdExpired")
	}
	if err != nil {
		return 0, time.Time{}, constraintRefusal(fmt.Errorf("booking.bookHold(%d): %w", in.HoldID, err))
	}
	return row.ID, row.Start, nil
}

// patientKey is who a visit is for, as appointments.patient_key: "self",
// or a relative's lower-case name and birth date.
func patientKey(p Patient) string {
	if p.Self {
		return "self"
	}
	return strings.ToLower(p.Name) + "|" + p.BirthDate
}

// rememberReturning is whether the patient (key) of the user has been to
// the doctor: the answer given before, else true after an attended visit,
// else the answer given now (kept for the next booking), else nil.
func rememberReturning(ctx context.Context, tx *sqlx.Tx, userID, doctorID int64, key string, given *bool, now time.Time) (*bool, error) {
	var known sql.NullBool
	const q = `
		SELECT coalesce(
		    (SELECT is_returning
		     FROM returning_patients
		     WHERE user_id = $1
		       AND doctor_id = $2
		       AND patient_key = $3),
		    (SELECT true
		     FROM appointments
		     WHERE user_id = $1
		       AND doctor_id = $2
		       AND patient_key = $3
		       AND status = 'attended'
		     LIMIT 1))`
	if err := tx.GetContext(ctx, &known, q, userID, doctorID, key); err != nil {
		return nil, fmt.Errorf("booking.rememberReturning: %w", err)
	}
	if known.Valid {
		return &known.Bool, nil
	}
	if given == nil {
		return nil, nil
	}
	const remember = `
		INSERT INTO returning_patients (user_id, patient_key, doctor_id, is_returning, answered_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT DO NOTHING`
	if _, err := tx.ExecContext(ctx, remember, userID, key, doctorID, *given, now); err != nil {
		return nil, fmt.Errorf("booking.rememberReturning: %w", err)
	}
	return given, nil
}

// Returning is what is known of the user's patients having been to the
// doctor: answers given at booking, or an attended visit.
func (s *Store) Returning(ctx context.Context, userID, doctorID int64) (ReturningAnswers, error) {
	var rows []struct {
		Key       string `db:"patient_key"`
		Name      string `db:"patient_name"`
		Birth     string `db:"birth"`
		Returning *bool  `db:"is_returning"`
	}
	const q = `
		SELECT a.patient_key, max(a.patient_name) AS patient_name,
		       coalesce(max(to_char(a.patient_birth_date, 'YYYY-MM-DD')), '') AS birth,
		       coalesce(rp.is_returning, CASE WHEN bool_or(a.status = 'attended') THEN true END) AS is_returning
		FROM appointments a
		LEFT JOIN returning_patients rp ON rp.user_id = a.user_id
		                               AND rp.doctor_id = a.doctor_id
		                               AND rp.patient_key = a.patient_key
		WHERE a.user_id = $1
		  AND a.doctor_id = $2
		  AND a.patient_key IS NOT NULL
		GROUP BY a.patient_key, rp.is_returning
		ORDER BY a.patient_key`
	if err := s.db.SelectContext(ctx, &rows, q, userID, doctorID); err != nil {
		return ReturningAnswers{}, fmt.Errorf("booking.Returning(%d): %w", doctorID, err)
	}
	out := ReturningAnswers{Relatives: []RelativeAnswer{}}
	for _, r := range rows {
		switch {
		case r.Returning == nil:
		case r.Key == "self":
			out.Self = r.Returning
		default:
			out.Relatives = append(out.Relatives, RelativeAnswer{Name: r.Name, BirthDate: r.Birth, Returning: *r.Returning})
		}
	}
	return out, nil
}

// active is a booking of a user locked for a change, with its deadline.
type active struct {
	Status       string    `db:"status"`
	Start        time.Time `db:"start"`
	CutoffHours  int       `db:"cutoff_hours"`
	PatientSelf  bool      `db:"patient_self"`
	PatientName  string    `db:"patient_name"`
	PatientBirth *string   `db:"patient_birth_date"`
	PatientKey   string    `db:"patient_key"`
	Reason       string    `db:"reason"`
	Returning    *bool     `db:"returning_patient"`
	RelativeID   int64     `db:"relative_id"`
}

// lockOwn locks the user's booking id for a change before its cut-off:
// 404 for another's or a missing one, 409 when it is no longer booked or
// the cut-off has passed.
func lockOwn(ctx context.Context, tx *sqlx.Tx, userID, id int64, now time.Time) (active, error) {
	var a active
	const q = `
		SELECT a.status, lower(a.during) AS start, coalesce(r.cancel_cutoff_hours, 2) AS cutoff_hours,
		       coalesce(a.patient_self, false) AS patient_self, a.patient_name,
		       to_char(a.patient_birth_date, 'YYYY-MM-DD') AS patient_birth_date,
		       coalesce(a.patient_key, '') AS patient_key, a.reason, a.returning_patient,
		       coalesce(a.relative_id, 0) AS relative_id
		FROM appointments a
		LEFT JOIN clinic_booking_rules r ON r.clinic_id = a.clinic_id
		WHERE a.id = $1
		  AND a.user_id = $2
		  AND a.status NOT IN ('held', 'released', 'expired')
		FOR UPDATE OF a`
	err := tx.GetContext(ctx, &a, q, id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return a, notFound("booking.notFound", fmt.Sprintf("booking %d of user %d", id, userID))
	}
	if err != nil {
		return a, fmt.Errorf("booking.lockOwn(%d): %w", id, err)
	}
	if a.Status != "booked" {
		return a, derrors.Refuse(derrors.Conflict, "booking.notActive")
	}
	if !now.Before(a.Start.Add(-time.Duration(a.CutoffHours) * time.Hour)) {
		return a, tooLate(a.CutoffHours)
	}
	return a, nil
}

// tooLate is the 409 of a change past the clinic's cut-off, naming its
// hours; a clinic without one allows changes until the visit begins.
func tooLate(hours int) error {
	if hours == 0 {
		return derrors.Refuse(derrors.Conflict, "booking.tooLateBegun")
	}
	return derrors.Refuse(derrors.Conflict, "booking.tooLate", "hours", strconv.Itoa(hours))
}

// Cancel cancels the user's booking before the clinic's cut-off.
func (s *Store) Cancel(ctx context.Context, userID, id int64, reason string, now time.Time) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lock(ctx, tx, userLock(userID)); err != nil {
			return err
		}
		if _, err := lockOwn(ctx, tx, userID, id, now); err != nil {
			return err
		}
		if err := setCancelled(ctx, tx, id, "patient", now); err != nil {
			return err
		}
		if err := s.noticeCancelled(ctx, tx, id); err != nil {
			return err
		}
		if err := s.freedBy(ctx, tx, id); err != nil {
			return err
		}
		return record(ctx, tx, id, "cancelled", now, "patient", userID, reason)
	})
}

func setCancelled(ctx context.Context, tx *sqlx.Tx, id int64, by string, now time.Time) error {
	const q = `
		UPDATE appointments
		SET status = 'cancelled', cancelled_by = $2, updated_at = $3
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, q, id, by, now); err != nil {
		return fmt.Errorf("booking.setCancelled(%d): %w", id, err)
	}
	return nil
}

// Reschedule moves the user's booking id to the time of a hold: in one
// transaction the old booking becomes rescheduled (pointing to its
// successor) and the hold becomes the new booking, for the same patient
// and reason. The new time is held before anything changes, and any
// refusal rolls the whole change back: the old visit stays. A visit moves
// in time only: a hold of another doctor or at another clinic is refused
// (422 booking.rescheduleElsewhere; that is a new booking, and the old
// visit's price, clinic rules and patient constraint would not follow it).
// Other refusals: 404 for a booking that is not the user's, 409 for one no
// longer booked or past its cut-off (lockOwn), and lockHold's 409s.
func (s *Store) Reschedule(ctx context.Context, userID, id, holdID int64, holdKey, lang string, now time.Time) (int64, error) {
	var newID int64
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lock(ctx, tx, userLock(userID)); err != nil {
			return err
		}
		from, err := placeOfBooking(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		to, err := placeOfHold(ctx, tx, holdID, holdKey)
		if err != nil {
			return err
		}
		if from != to {
			return derrors.Refuse(derrors.Unacceptable, "booking.rescheduleElsewhere")
		}
		// One doctor: one lock, taken before any row lock (see Hold).
		if err := lock(ctx, tx, doctorLock(to.DoctorID)); err != nil {
			return err
		}
		old, err := lockOwn(ctx, tx, userID, id, now)
		if err != nil {
			return err
		}
		if err := lockHold(ctx, tx, holdID, userID, now); err != nil {
			return err
		}
		// The hold becomes the booking in place, so its id is the successor's.
		const q = `
			UPDATE appointments
			SET status = 'rescheduled', successor_id = $2, updated_at = $3
			WHERE id = $1`
		if _, err := tx.ExecContext(ctx, q, id, holdID, now); err != nil {
			return fmt.Errorf("booking.Reschedule(%d): %w", id, err)
		}
		in := BookInput{UserID: userID, HoldID: holdID, HoldKey: holdKey, IdempotencyKey: newUUID(),
			Patient: Patient{Self: old.PatientSelf, Name: old.PatientName}, RelativeID: old.RelativeID, SelfName: old.PatientName,
			Reason: old.Reason, Lang: lang, Returning: old.Returning}
		if old.PatientBirth != nil {
			in.Patient.BirthDate = *old.PatientBirth
		}
		var start time.Time
		if newID, start, err = bookHold(ctx, tx, in, now); err != nil {
			return err
		}
		// An online visit's meeting link moves with it (the desk may
		// paste another).
		const link = `
			UPDATE appointments
			SET meeting_url = (SELECT meeting_url FROM appointments WHERE id = $1)
			WHERE id = $2`
		if _, err := tx.ExecContext(ctx, link, id, newID); err != nil {
			return fmt.Errorf("booking.Reschedule(%d): %w", id, err)
		}
		// The old visit's reminders go; the new one gets its own.
		if err := s.cancelNotices(ctx, tx, id); err != nil {
			return err
		}
		if err := s.scheduleNotices(ctx, tx, newID, start, now); err != nil {
			return err
		}
		// The old time is free: the doctor's waitlist may take it.
		if err := s.freedBy(ctx, tx, id); err != nil {
			return err
		}
		if err := offerBooked(ctx, tx, newID, now); err != nil {
			return err
		}
		if err := record(ctx, tx, id, "rescheduled", now, "patient", userID, ""); err != nil {
			return err
		}
		return record(ctx, tx, newID, "booked", now, "patient", userID, "rescheduled from #"+strconv.FormatInt(id, 10))
	})
	return newID, err
}

// placeOfBooking finds the place of the user's booking id (any status but
// a hold's): 404 when the user has none with that id.
func placeOfBooking(ctx context.Context, tx *sqlx.Tx, userID, id int64) (place, error) {
	var p place
	const q = `
		SELECT doctor_id, clinic_id
		FROM appointments
		WHERE id = $1
		  AND user_id = $2
		  AND status NOT IN ('held', 'released', 'expired')`
	err := tx.GetContext(ctx, &p, q, id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return p, notFound("booking.notFound", fmt.Sprintf("booking %d of user %d", id, userID))
	}
	if err != nil {
		return p, fmt.Errorf("booking.placeOfBooking(%d): %w", id, err)
	}
	return p, nil
}

// CancelByClinic cancels a booking on the clinic's side, by staff user
// staffID (no cut-off: the clinic tells the patient, by SMS with reason).
func (s *Store) CancelByClinic(ctx context.Context, id, staffID int64, reason string, now time.Time) error {
	return s.setStatus(ctx, id, staffID, "cancelled", reason, now)
}

// SetOutcome records how a booked visit went, attended or no_show, once
// it has begun (409 booking.notYet before).
func (s *Store) SetOutcome(ctx context.Context, id, staffID int64, status string, now time.Time) error {
	if status != "attended" && status != "no_show" {
		return derrors.Refuse(derrors.Invalid, "api.badRequest")
	}
	return s.setStatus(ctx, id, staffID, status, "", now)
}

// Confirm marks a booked visit confirmed by the clinic (409
// booking.notActive unless booked; confirming twice changes nothing).
func (s *Store) Confirm(ctx context.Context, id, staffID int64, now time.Time) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var confirmed bool
		const q = `
			UPDATE appointments
			SET confirmed_at = coalesce(confirmed_at, $2), updated_at = $2
			WHERE id = $1
			  AND status = 'booked'
			RETURNING confirmed_at < $2 AS confirmed`
		err := tx.GetContext(ctx, &confirmed, q, id, now)
		if errors.Is(err, sql.ErrNoRows) {
			return derrors.Refuse(derrors.Conflict, "booking.notActive")
		}
		if err != nil || confirmed {
			return err
		}
		return record(ctx, tx, id, "confirmed", now, "clinic", staffID, "")
	})
}

// setStatus moves a booked visit to status on the clinic's side.
func (s *Store) setStatus(ctx context.Context, id, staffID int64, status, reason string, now time.Time) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var by any
		if status == "cancelled" {
			by = "clinic"
		}
		var start time.Time
		const q = `
			UPDATE appointments
			SET status = $2, cancelled_by = $3, updated_at = $4
			WHERE id = $1
			  AND status = 'booked'
			  AND ($2 = 'cancelled' OR lower(during) <= $4)
			RETURNING lower(during)`
		err := tx.GetContext(ctx, &start, q, id, status, by, now)
		if errors.Is(err, sql.ErrNoRows) {
			return notChanged(ctx, tx, id)
		}
		if err != nil {
			return fmt.Errorf("booking.setStatus(%d, %s): %w", id, status, err)
		}
		if status == "cancelled" {
			err = s.noticeCancelled(ctx, tx, id)
			if err == nil {
				err = s.freedBy(ctx, tx, id)
			}
		} else {
			err = s.cancelNotices(ctx, tx, id)
		}
		if err != nil {
			return err
		}
		return record(ctx, tx, id, status, now, "clinic", staffID, reason)
	})
}

// notChanged says why a clinic's change did not apply: 409
// booking.notActive for a visit no longer booked, booking.notYet for an
// outcome before the visit.
func notChanged(ctx context.Context, tx *sqlx.Tx, id int64) error {
	var status string
	const q = `
		SELECT status
		FROM appointments
		WHERE id = $1`
	if err := tx.GetContext(ctx, &status, q, id); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("booking.notChanged(%d): %w", id, err)
	}
	if status == "booked" {
		return derrors.Refuse(derrors.Conflict, "booking.notYet")
	}
	return derrors.Refuse(derrors.Conflict, "booking.notActive")
}
