package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/api"
	"sogliq/server/derrors"
)

// HoldInput asks for a hold: a slot start of a doctor at a clinic, by a
// visitor (UserID 0 when not signed in) from ClientIP.
type HoldInput struct {
	DoctorID, ClinicID int64
	Start              time.Time
	// TypeID is the visit type, 0 for one plain slot.
	TypeID   int64
	UserID   int64
	ClientIP string
	// RequestKey is the client's idempotency key of the request (a UUID,
	// lower case), "" for none: the same request sent again finds its
	// hold by it.
	RequestKey string
	// Session is the asker's session token ("" for none) and SessionUser,
	// when set, finds its user (UserID, 0 for none): Hold asks only for
	// a request that goes on to the database, so the losers of a rush are
	// answered without their sessions being read. While a hold of the
	// same time is under way (holdGate) an asker is one session or one
	// RequestKey.
	Session     string
	SessionUser func(context.Context) (int64, error)
	// RescheduleID, when set, is the user's booked visit this hold will
	// replace (Reschedule): its visit type may be held even if the clinic
	// has switched it off since (TypeChoice.Moved).
	RescheduleID int64
}

// Stamp writes t as the API does: RFC 3339 in Tashkent time.
func Stamp(t time.Time) string { return t.In(Tashkent).Format(time.RFC3339) }

// Hold keeps the slot in.Start for HoldTTL. It refuses (derrors.Refusal) an
// unknown doctor, a doctor not at the clinic (404), a time that is not a
// slot start of the schedule, past, inside the lead time or beyond the
// horizon (400), too many holds of the address or the user (429), and a
// time already taken (409 booking.taken).
//
// Who gets a free time is the exclusion constraint's word. In front of
// it, one hold of a time at a time goes to the database from this
// process (holdGate): the others wait in memory, without a connection or
// reading their sessions, and are answered one after another from its
// outcome (409 when the time went to someone else; for OutcomeTTL); the
// one that goes to the database refuses a time already taken with one
// lock-free statement (takenBy) before any transaction. A rush of 1,000
// patients on one time costs the database one transaction, not one per
// patient. A hold that waited past GateWait for its turn is refused 409
// booking.beingHeld.
//
// Asked again for the same time by the hold's owner (the same signed-in
// user, or the same RequestKey: a request whose answer was lost), it
// returns that hold with a new key (only the new key's hash is kept, so
// the lost answer's key stops working) and its expiry unchanged, Repeat
// set, instead of refusing the owner his own time (while another hold of
// that time is under way, the owner is known by the same session or
// RequestKey: a second device of his racing with the first hears 409). A RequestKey already
// used for another time is refused, 422 booking.idempotencyReused.
func (s *Store) Hold(ctx context.Context, in HoldInput, now time.Time) (Hold, error) {
	key := gateKey{in.DoctorID, in.ClinicID, in.Start.Unix(), in.TypeID, in.RescheduleID}
	a, ok := admitted(ctx, key)
	if !ok {
		a.turn, a.err = s.gate.enter(ctx, key, askerOf(in), time.Now().Add(GateWait))
		if a.turn != nil {
			defer s.gate.leave(a.turn)
		}
	}
	if a.err != nil {
		return Hold{}, a.err
	}
	if err := s.gate.verdict(a.turn, askerOf(in), now); err != nil {
		return Hold{}, err
	}
	return s.lead(ctx, in, now, a.turn)
}

// lead takes the hold as the one of its time that goes to the database
// and keeps its outcome in t for the ones behind it.
func (s *Store) lead(ctx context.Context, in HoldInput, now time.Time, t *turn) (h Hold, err error) {
	t.led = true
	if in.SessionUser != nil {
		if in.UserID, err = in.SessionUser(ctx); err != nil {
			return Hold{}, err
		}
	}
	if in.Start.After(now) {
		holder, taken, err := s.takenBy(ctx, in.DoctorID, in.ClinicID, in.Start, now)
		if err != nil {
			return Hold{}, err
		}
		if taken && !holder.same(askerOf(in)) {
			t.heldBy = &holder
			return Hold{}, derrors.Refuse(derrors.Conflict, "booking.taken")
		}
	}
	moved := int64(0)
	if in.RescheduleID != 0 && in.TypeID != 0 {
		if moved, err = s.movedType(ctx, in.UserID, in.RescheduleID); err != nil {
			return Hold{}, err
		}
	}
	slot, cutoff, err := s.checkSlot(ctx, in.DoctorID, in.ClinicID, in.TypeID, moved, in.Start, now)
	if err != nil {
		// A refusal of the time is everyone's who asks for it now; a
		// failure of the database is this request's.
		if api.StatusOf(err) < 500 {
			t.refused = err
		}
		return Hold{}, err
	}
	if h, err = s.hold(ctx, in, slot, cutoff, now); err == nil && !h.Repeat {
		holder := askerOf(in)
		t.heldBy = &holder
	}
	return h, err
}

// askerOf is who asks for in's hold.
func askerOf(in HoldInput) asker {
	return asker{user: in.UserID, session: in.Session, requestKey: in.RequestKey}
}

// takenBy finds the booking or live hold of the doctor's time at the
// clinic starting at start, and who may get it back by asking for it
// again, its user or its request key (nobody, asker{}, for a booking):
// one statement on the doctor's index, no lock. A time taken as it reads stays taken (one released
// since is refused as a listing read a moment earlier would have shown
// it); a taken time that starts elsewhere (a slot of another length) is
// left to the constraint.
func (s *Store) takenBy(ctx context.Context, doctorID, clinicID int64, start, now time.Time) (asker, bool, error) {
	var row struct {
		User sql.NullInt64  `db:"user_id"`
		Key  sql.NullString `db:"hold_request_key"`
		Held bool           `db:"held"`
	}
	const q = `
		SELECT user_id, hold_request_key::text, status = 'held' AS held
		FROM appointments
		WHERE doctor_id = $1
		  AND live
		  AND lower(during) = $3
		  AND clinic_id = $2
		  AND (status <> 'held' OR expires_at > $4)
		LIMIT 1`
	err := s.db.GetContext(ctx, &row, q, doctorID, clinicID, start, now)
	if errors.Is(err, sql.ErrNoRows) {
		return asker{}, false, nil
	}
	if err != nil {
		return asker{}, false, fmt.Errorf("booking.takenBy(%d): %w", doctorID, err)
	}
	if !row.Held {
		return asker{}, true, nil
	}
	return asker{user: row.User.Int64, requestKey: row.Key.String}, true, nil
}

// hold writes the hold of slot for in (see Hold).
func (s *Store) hold(ctx context.Context, in HoldInput, slot Slot, cutoff time.Duration, now time.Time) (Hold, error) {
	key, err := newKey()
	if err != nil {
		return Hold{}, err
	}
	h := Hold{Key: key, DoctorID: in.DoctorID, ClinicID: in.ClinicID, Start: Stamp(slot.Start), End: Stamp(slot.End), TypeID: in.TypeID, ExpiresAt: Stamp(now.Add(HoldTTL)),
		CancelUntil: Stamp(slot.Start.Add(-cutoff))}
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if found, err := ownHold(ctx, tx, in, slot, key, now, &h); found || err != nil {
			return err
		}
		if err := holdLimits(ctx, tx, in, now); err != nil {
			return err
		}
		// Writers of one doctor's live rows take turns (the locks in
		// order: address, user, doctor, then rows). The exclusion
		// constraint still decides who gets the time; the lock only spares
		// it two inserts that each wait for the other (PostgreSQL breaks
		// that with a deadlock error after deadlock_timeout).
		if err := lock(ctx, tx, doctorLock(in.DoctorID)); err != nil {
			return err
		}
		if err := expireOverlapping(ctx, tx, in.DoctorID, slot, now); err != nil {
			return err
		}
		var user, visitType any
		if in.UserID != 0 {
			user = in.UserID
		}
		if in.TypeID != 0 {
			visitType = in.TypeID
		}
		const q = `
			INSERT INTO appointments (doctor_id, clinic_id, during, status, hold_key_hash, expires_at, client_ip, user_id, created_at, updated_at, hold_request_key, visit_type_id)
			VALUES ($1, $2, tstzrange($3, $4), 'held', $5, $6, $7, $8, $9, $9, NULLIF($10, '')::uuid, $11)
			RETURNING id`
		if err := tx.GetContext(ctx, &h.ID, q, in.DoctorID, in.ClinicID, slot.Start, slot.End, keyHash(key), now.Add(HoldTTL), in.ClientIP, user, now, in.RequestKey, visitType); err != nil {
			return constraintRefusal(fmt.Errorf("booking.Hold: %w", err))
		}
		return record(ctx, tx, h.ID, "held", now, "patient", in.UserID, "")
	})
	if err != nil {
		return Hold{}, err
	}
	return h, nil
}

// ownHold looks for the live hold of slot that in's asker already owns
// (see Hold) and, found, gives it the new key and fills h from it. The
// hold's row lock is the only lock taken on that path, so it meets the
// other paths' lock order nowhere.
func ownHold(ctx context.Context, tx *sqlx.Tx, in HoldInput, slot Slot, key string, now time.Time, h *Hold) (bool, error) {
	if in.RequestKey != "" {
		var other bool
		const reused = `
			SELECT EXISTS (
				SELECT 1
				FROM appointments
				WHERE hold_request_key = $1
				  AND NOT (doctor_id = $2 AND clinic_id = $3 AND during = tstzrange($4, $5)
				           AND coalesce(visit_type_id, 0) = $6))`
		if err := tx.GetContext(ctx, &other, reused, in.RequestKey, in.DoctorID, in.ClinicID, slot.Start, slot.End, in.TypeID); err != nil {
			return false, fmt.Errorf("booking.ownHold: %w", err)
		}
		if other {
			return false, derrors.Refuse(derrors.Unacceptable, "booking.idempotencyReused")
		}
	}
	if in.UserID == 0 && in.RequestKey == "" {
		return false, nil
	}
	var own struct {
		ID        int64     `db:"id"`
		ExpiresAt time.Time `db:"expires_at"`
	}
	const q = `
		SELECT id, expires_at
		FROM appointments
		WHERE doctor_id = $1
		  AND clinic_id = $2
		  AND during = tstzrange($3, $4)
		  AND coalesce(visit_type_id, 0) = $8
		  AND status = 'held'
		  AND expires_at > $5
		  AND (user_id = $6
		       OR hold_request_key = NULLIF($7, '')::uuid AND user_id IS NULL)
		FOR UPDATE`
	err := tx.GetContext(ctx, &own, q, in.DoctorID, in.ClinicID, slot.Start, slot.End, now, in.UserID, in.RequestKey, in.TypeID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("booking.ownHold: %w", err)
	}
	const rekey = `
		UPDATE appointments
		SET hold_key_hash = $2, updated_at = $3
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, rekey, own.ID, keyHash(key), now); err != nil {
		return false, fmt.Errorf("booking.ownHold(%d): %w", own.ID, err)
	}
	h.ID, h.ExpiresAt, h.Repeat = own.ID, Stamp(own.ExpiresAt), true
	return true, nil
}

// checkSlot finds the visit starting at start in the doctor's schedule at
// the clinic, taken or not (whether it is free is the constraint's
// business), and the clinic's cancel cut-off: one slot, or with a visit
// type (typeID) its run of consecutive slots inside the type's window.
// A date past the clinic's horizon is a 400 booking.tooFar naming its
// days; a type the doctor does not offer at the clinic, 400
// booking.badType; a slot start the type does not fit from (the next
// slots cross a break or the end of the hours, or leave its window), 400
// booking.typeDoesNotFit. moved is the type of the visit being moved
// (TypeChoice.Moved), 0 for none.
func (s *Store) checkSlot(ctx context.Context, doctorID, clinicID, typeID, moved int64, start, now time.Time) (Slot, time.Duration, error) {
	date := Today(start)
	var plans []ClinicPlan
	if clinicID != 0 {
		var choice *TypeChoice
		if typeID != 0 {
			choice = &TypeChoice{IDs: []int64{typeID}, Moved: moved}
		}
		var err error
		if plans, err = s.PlansOf(ctx, []int64{doctorID}, clinicID, "ru", date, date, now, choice); err != nil {
			return Slot{}, 0, err
		}
	}
	if len(plans) == 0 {
		// Which 404: only asked when there is one, a statement less for a hold.
		ok, err := s.DoctorExists(ctx, doctorID)
		if err != nil {
			return Slot{}, 0, err
		}
		if !ok {
			return Slot{}, 0, notFound("booking.unknownDoctor", fmt.Sprintf("doctor %d", doctorID))
		}
		return Slot{}, 0, notFound("booking.notAtClinic", fmt.Sprintf("doctor %d at clinic %d", doctorID, clinicID))
	}
	if typeID != 0 && (plans[0].Type == nil || plans[0].Type.ID != typeID) {
		return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.badType")
	}
	p := plans[0].Plan
	switch {
	case start.Before(now):
		return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.past")
	case date > AddDays(Today(now), p.horizon()-1):
		// The clinic's own horizon: a time it does not offer yet.
		return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.tooFar", "days", strconv.Itoa(p.horizon()))
	}
	midnight, _ := time.ParseInLocation(DateLayout, date, Tashkent)
	slots := daySlots(p, midnight, date)
	for _, slot := range p.Fit.visits(slots, midnight) {
		if !slot.Start.Equal(start) {
			continue
		}
		if start.Before(now.Add(p.Lead)) {
			return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.tooSoon", "minutes", strconv.Itoa(int(p.Lead/time.Minute)))
		}
		if err := s.notBlocked(ctx, doctorID, slot); err != nil {
			return Slot{}, 0, err
		}
		return slot, plans[0].CancelCutoff, nil
	}
	if t := plans[0].Type; t != nil && slices.ContainsFunc(slots, func(s Slot) bool { return s.Start.Equal(start) }) {
		return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.typeDoesNotFit", "minutes", strconv.Itoa(t.Minutes))
	}
	return Slot{}, 0, derrors.Refuse(derrors.Invalid, "booking.outsideSchedule")
}

// notBlocked refuses (409 booking.taken) a slot inside a block the desk
// set. A block made while a hold is being taken may miss that one hold;
// the desk sees it among the visits.
func (s *Store) notBlocked(ctx context.Context, doctorID int64, slot Slot) error {
	var blocked bool
	const q = `
		SELECT EXISTS (
			SELECT 1
			FROM schedule_blocks
			WHERE doctor_id = $1
			  AND during && tstzrange($2, $3))`
	if err := s.db.GetContext(ctx, &blocked, q, doctorID, slot.Start, slot.End); err != nil {
		return fmt.Errorf("booking.notBlocked(%d): %w", doctorID, err)
	}
	if blocked {
		return derrors.Refuse(derrors.Conflict, "booking.taken")
	}
	return nil
}

// holdLimits counts, under locks on the address and the user, the holds
// the address made in the last HoldsPerAddressSpan and the user's live
// holds. The address lock comes first, everywhere, so two requests never
// wait on each other's locks in opposite orders.
func holdLimits(ctx context.Context, tx *sqlx.Tx, in HoldInput, now time.Time) error {
	if in.ClientIP != "" {
		if err := lock(ctx, tx, "hold-ip:"+in.ClientIP); err != nil {
			return err
		}
		var byIP struct {
			Count  int          `db:"count"`
			Oldest sql.NullTime `db:"oldest"`
		}
		const q = `
			SELECT count(*), min(created_at) AS oldest
			FROM appointments
			WHERE client_ip = $1
			  AND created_at > $2`
		if err := tx.GetContext(ctx, &byIP, q, in.ClientIP, now.Add(-HoldsPerAddressSpan)); err != nil {
			return fmt.Errorf("booking.holdLimits: %w", err)
		}
		if byIP.Count >= HoldsPerAddress {
			return tooMany("booking.holdsPerAddress", byIP.Oldest.Time.Add(HoldsPerAddressSpan).Sub(now))
		}
	}
	if in.UserID == 0 {
		return nil
	}
	if err := lock(ctx, tx, userLock(in.UserID)); err != nil {
		return err
	}
	var byUser struct {
		Count    int          `db:"count"`
		Earliest sql.NullTime `db:"earliest"`
	}
	const q = `
		SELECT count(*), min(expires_at) AS earliest
		FROM appointments
		WHERE user_id = $1
		  AND status = 'held'
		  AND expires_at > $2`
	if err := tx.GetContext(ctx, &byUser, q, in.UserID, now); err != nil {
		return fmt.Errorf("booking.holdLimits: %w", err)
	}
	if byUser.Count >= MaxLiveHolds {
		return tooMany("booking.tooManyHolds", byUser.Earliest.Time.Sub(now), "max", strconv.Itoa(MaxLiveHolds))
	}
	return nil
}

func userLock(id int64) string { return "booking-user:" + strconv.FormatInt(id, 10) }

// tooMany is a 429 that ends after retry (rounded up to a second), with
// the wait in minutes for the message.
func tooMany(key string, retry time.Duration, vars ...string) *derrors.Refusal {
	secs := max(int((retry+time.Second-1)/time.Second), 1)
	vars = append(vars, "minutes", strconv.Itoa((secs+59)/60))
	return &derrors.Refusal{Kind: derrors.Limited, Key: key, Vars: vars, RetryAfter: time.Duration(secs) * time.Second}
}

// expireOverlapping marks the doctor's expired holds overlapping slot as
// expired, so they stop counting for the exclusion constraint before the
// new hold goes in. The rows are locked in id order (no deadlock between
// two such statements); a concurrent taker of the same expired hold waits
// for this transaction, then finds the hold expired and leaves it, and
// its own INSERT meets this one's new hold in the constraint.
func expireOverlapping(ctx context.Context, tx *sqlx.Tx, doctorID int64, slot Slot, now time.Time) error {
	const q = `
		WITH expired AS (
			UPDATE appointments
			SET status = 'expired', updated_at = $4
			WHERE id IN (
				SELECT id
				FROM appointments
				WHERE doctor_id = $1
				  AND live
				  AND during && tstzrange($2, $3)
				  AND status = 'held'
				  AND expires_at <= $4
				ORDER BY id
				FOR UPDATE)
			  AND status = 'held'
			RETURNING id)
		INSERT INTO appointment_history (appointment_id, status, at, actor)
		SELECT id, 'expired', $4, 'system'
		FROM expired`
	if _, err := tx.ExecContext(ctx, q, doctorID, slot.Start, slot.End, now); err != nil {
		return fmt.Errorf("booking.expireOverlapping: %w", err)
	}
	return nil
}

// record writes a status change to the history: who (actor, and the user
// when one acted), when, why.
func record(ctx context.Context, tx *sqlx.Tx, id int64, status string, at time.Time, actor string, userID int64, reason string) error {
	var user any
	if userID != 0 {
		user = userID
	}
	const q = `
		INSERT INTO appointment_history (appointment_id, status, at, actor, actor_user_id, reason)
		VALUES ($1, $2, $3, $4, $5, $6)`
	if _, err := tx.ExecContext(ctx, q, id, status, at, actor, user, reason); err != nil {
		return fmt.Errorf("booking.record(%d, %s): %w", id, status, err)
	}
	return nil
}

// ExtendHold gives the hold id (key its secret) HoldTTL more from now,
// once: a patient who held a time and then signs in (the SMS code takes
// its minutes) keeps it while typing. The API asks it on a sign-in. A
// hold extended before keeps its expiry, which it answers; a hold no
// longer held, lapsed or another user's is 409 booking.holdExpired; no
// hold of that id and key, 404 booking.noHold.
func (s *Store) ExtendHold(ctx context.Context, id int64, key string, userID int64, now time.Time) (time.Time, error) {
	var expires time.Time
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var h struct {
			Status    string    `db:"status"`
			ExpiresAt time.Time `db:"expires_at"`
			UserID    int64     `db:"user_id"`
			Extended  bool      `db:"hold_extended"`
		}
		const q = `
			SELECT status, expires_at, coalesce(user_id, 0) AS user_id, hold_extended
			FROM appointments
			WHERE id = $1
			  AND hold_key_hash = $2
			FOR UPDATE`
		err := tx.GetContext(ctx, &h, q, id, keyHash(key))
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("booking.noHold", ErrNoHold.Error())
		}
		if err != nil {
			return fmt.Errorf("booking.ExtendHold(%d): %w", id, err)
		}
		switch {
		case holdGone(h.Status, h.ExpiresAt, h.UserID, userID, now):
			return derrors.Refuse(derrors.Conflict, "booking.holdExpired")
		case h.Extended:
			expires = h.ExpiresAt
			return nil
		}
		expires = now.Add(HoldTTL)
		if expires.Before(h.ExpiresAt) {
			expires = h.ExpiresAt // never shortened
		}
		const extend = `
			UPDATE appointments
			SET expires_at = $2, hold_extended = true, updated_at = $3
			WHERE id = $1`
		if _, err := tx.ExecContext(ctx, extend, id, expires, now); err != nil {
			return fmt.Errorf("booking.ExtendHold(%d): %w", id, err)
		}
		return nil
	})
	return expires, err
}

// ErrNoHold means no hold has that id and key.
var ErrNoHold = errors.New("booking: no such hold")

// Release gives a held time back. A hold that is already released,
// expired or booked stays as it is; an unknown id or a wrong key is a 404.
func (s *Store) Release(ctx context.Context, id int64, key string, now time.Time) error {
	var row struct {
		Status   string    `db:"status"`
		DoctorID int64     `db:"doctor_id"`
		ClinicID int64     `db:"clinic_id"`
		Start    time.Time `db:"start"`
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		const q = `
			SELECT status, doctor_id, clinic_id, lower(during) AS start
			FROM appointments
			WHERE id = $1
			  AND hold_key_hash = $2
			FOR UPDATE`
		err := tx.GetContext(ctx, &row, q, id, keyHash(key))
		status := row.Status
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("booking.noHold", ErrNoHold.Error())
		}
		if err != nil {
			return fmt.Errorf("booking.Release(%d): %w", id, err)
		}
		if status != "held" {
			return nil
		}
		const release = `
			UPDATE appointments
			SET status = 'released', updated_at = $2
			WHERE id = $1`
		if _, err := tx.ExecContext(ctx, release, id, now); err != nil {
			return fmt.Errorf("booking.Release(%d): %w", id, err)
		}
		// A released waitlist offer goes to the next patient now, not at
		// its expiry.
		if err := s.freedBy(ctx, tx, id); err != nil {
			return err
		}
		return record(ctx, tx, id, "released", now, "patient", 0, "")
	})
	if err == nil && row.Status == "held" {
		// Holds of the time queued here hear it is free, not taken.
		s.gate.forget(gateKey{doctor: row.DoctorID, clinic: row.ClinicID, start: row.Start.Unix()})
	}
	return err
}
