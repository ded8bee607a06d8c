package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sogliq/server/derrors"
	"time"

	"github.com/jmoiron/sqlx"
)

// ConfirmByPatient records the patient's "I will come" for their booking
// id (the Telegram reminder's button). It reports whether this call did
// it: pressing again changes nothing. A visit of another user or one
// missing is a 404, one no longer booked or already begun a 409
// (booking.notActive).
func (s *Store) ConfirmByPatient(ctx context.Context, userID, id int64, now time.Time) (bool, error) {
	var changed bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var first bool
		const q = `
			UPDATE appointments a
			SET patient_confirmed_at = coalesce(a.patient_confirmed_at, $3), updated_at = $3
			FROM (
			    SELECT id, patient_confirmed_at
			    FROM appointments
			    WHERE id = $1
			    FOR UPDATE) before
			WHERE a.id = before.id
			  AND a.user_id = $2
			  AND a.status = 'booked'
			  AND lower(a.during) > $3
			RETURNING before.patient_confirmed_at IS NULL AS first`
		err := tx.GetContext(ctx, &first, q, id, userID, now)
		if errors.Is(err, sql.ErrNoRows) {
			return s.whyNotConfirmed(ctx, tx, userID, id)
		}
		if err != nil {
			return fmt.Errorf("booking.ConfirmByPatient(%d): %w", id, err)
		}
		changed = first
		if !first {
			return nil
		}
		return record(ctx, tx, id, "confirmed", now, "patient", userID, "")
	})
	return changed, err
}

// whyNotConfirmed tells a visit of another user (404) from one no longer
// active (409).
func (s *Store) whyNotConfirmed(ctx context.Context, tx *sqlx.Tx, userID, id int64) error {
	var mine bool
	const q = `
		SELECT EXISTS (
		    SELECT 1
		    FROM appointments
		    WHERE id = $1
		      AND user_id = $2
		      AND status NOT IN ('held', 'released', 'expired'))`
	if err := tx.GetContext(ctx, &mine, q, id, userID); err != nil {
		return fmt.Errorf("booking.whyNotConfirmed(%d): %w", id, err)
	}
	if !mine {
		return notFound("booking.notFound", fmt.Sprintf("booking %d of user %d", id, userID))
	}
	return derrors.Refuse(derrors.Conflict, "booking.notActive")
}
