package booking

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// ForgetPatient ends, in tx (account.Store.DeleteUser's, before the user
// row goes), what bookings keep of user id: each upcoming visit is
// cancelled as the patient cancels one (the desk sees it cancelled, its
// reminders are dropped, the time is free again and the doctor's waitlist
// hears of it; no SMS: the phone is going), live holds are released, and
// every visit of theirs is stripped of the patient (user, name, birth
// date, reason, address, keys, the saved relative; the relatives go
// with the user row) and the patient's own reasons in its
// history. The clinic keeps the times of its visits and nothing of the
// person.
func (s *Store) ForgetPatient(ctx context.Context, tx *sqlx.Tx, id int64, now time.Time) error {
	if err := lock(ctx, tx, userLock(id)); err != nil {
		return err
	}
	var ids []int64
	const q = `
		SELECT id
		FROM appointments
		WHERE user_id = $1
		  AND (status = 'booked' AND lower(during) > $2
		       OR status = 'held')
		ORDER BY id
		FOR UPDATE`
	if err := tx.SelectContext(ctx, &ids, q, id, now); err != nil {
		return fmt.Errorf("booking.ForgetPatient(%d): %w", id, err)
	}
	for _, a := range ids {
		if err := s.endForDeletion(ctx, tx, a, now); err != nil {
			return err
		}
	}
	return anonymise(ctx, tx, id)
}

// endForDeletion cancels booking a (or releases it, a hold) of a patient
// deleting their account.
func (s *Store) endForDeletion(ctx context.Context, tx *sqlx.Tx, a int64, now time.Time) error {
	var status string
	const q = `
		UPDATE appointments
		SET status = CASE WHEN status = 'held' THEN 'released' ELSE 'cancelled' END,
		    cancelled_by = CASE WHEN status = 'held' THEN NULL ELSE 'patient' END,
		    updated_at = $2
		WHERE id = $1
		RETURNING status`
	if err := tx.GetContext(ctx, &status, q, a, now); err != nil {
		return fmt.Errorf("booking.endForDeletion(%d): %w", a, err)
	}
	if err := s.cancelNotices(ctx, tx, a); err != nil {
		return err
	}
	if err := s.freedBy(ctx, tx, a); err != nil {
		return err
	}
	return record(ctx, tx, a, status, now, "system", 0, "account deleted")
}

// anonymise strips the patient from every appointment of user id and
// their own words and id from its history.
func anonymise(ctx context.Context, tx *sqlx.Tx, id int64) error {
	const history = `
		UPDATE appointment_history h
		SET actor_user_id = NULL,
		    reason = CASE WHEN h.actor = 'patient' THEN '' ELSE h.reason END
		WHERE h.actor_user_id = $1
		   OR h.appointment_id IN (
		       SELECT a.id
		       FROM appointments a
		       WHERE a.user_id = $1)
		  AND h.actor = 'patient'`
	if _, err := tx.ExecContext(ctx, history, id); err != nil {
		return fmt.Errorf("booking.anonymise(%d): %w", id, err)
	}
	const q = `
		UPDATE appointments
		SET user_id = NULL, patient_key = NULL, patient_name = '', patient_birth_date = NULL, relative_id = NULL,
		    reason = '', client_ip = '', idempotency_key = NULL, hold_request_key = NULL
		WHERE user_id = $1`
	if _, err := tx.ExecContext(ctx, q, id); err != nil {
		return fmt.Errorf("booking.anonymise(%d): %w", id, err)
	}
	return nil
}
