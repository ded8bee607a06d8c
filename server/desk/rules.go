package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/shared"
)

// The bounds of a clinic's booking rules (limits.json; migrations 00270
// and 00271 hold them too).
var (
	MaxHorizonDays       = booking.MaxHorizonDays
	MaxCancelCutoffHours = shared.MustReadLimits().CancelCutoffHoursMax
)

// defaultRules are a clinic's rules until its desk sets them.
var defaultRules = BookingRules{
	HorizonDays:       booking.DefaultHorizonDays,
	CancelCutoffHours: int(booking.DefaultCancelCutoff / time.Hour),
}

// Rules reads the clinic's booking rules, the defaults when it set none.
func (s *Store) Rules(ctx context.Context, clinicID int64) (BookingRules, error) {
	var out BookingRules
	const q = `
		SELECT horizon_days, cancel_cutoff_hours
		FROM clinic_booking_rules
		WHERE clinic_id = $1`
	err := s.db.GetContext(ctx, &out, q, clinicID)
	if errors.Is(err, sql.ErrNoRows) {
		return defaultRules, nil
	}
	if err != nil {
		return out, fmt.Errorf("desk.Rules(%d): %w", clinicID, err)
	}
	return out, nil
}

// SetRules makes r the clinic's booking rules (its lead time stays). A
// longer horizon offers new days: the waitlists of the clinic's doctors
// may take them, as when hours are added.
func (s *Store) SetRules(ctx context.Context, clinicID int64, r BookingRules) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var was int
		// The CTE reads the row as it was before the upsert.
		const q = `
			WITH old AS (
				SELECT horizon_days
				FROM clinic_booking_rules
				WHERE clinic_id = $1)
			INSERT INTO clinic_booking_rules (clinic_id, horizon_days, cancel_cutoff_hours)
			VALUES ($1, $2, $3)
			ON CONFLICT (clinic_id) DO UPDATE
			SET horizon_days = EXCLUDED.horizon_days,
			    cancel_cutoff_hours = EXCLUDED.cancel_cutoff_hours
			RETURNING coalesce((SELECT horizon_days FROM old), $4)`
		if err := tx.GetContext(ctx, &was, q, clinicID, r.HorizonDays, r.CancelCutoffHours, defaultRules.HorizonDays); err != nil {
			return fmt.Errorf("desk.SetRules(%d): %w", clinicID, err)
		}
		if r.HorizonDays <= was {
			return nil
		}
		return s.clinicFreed(ctx, tx, clinicID)
	})
}

// clinicFreed queues the waitlist job of each doctor of the clinic
// someone waits for.
func (s *Store) clinicFreed(ctx context.Context, tx *sqlx.Tx, clinicID int64) error {
	var doctors []int64
	const q = `
		SELECT DISTINCT dc.doctor_id
		FROM doctor_clinics dc
		JOIN waitlist w ON w.doctor_id = dc.doctor_id
		WHERE dc.clinic_id = $1
		  AND w.status = 'waiting'`
	if err := tx.SelectContext(ctx, &doctors, q, clinicID); err != nil {
		return fmt.Errorf("desk.clinicFreed(%d): %w", clinicID, err)
	}
	for _, d := range doctors {
		if err := s.freed(ctx, tx, d); err != nil {
			return err
		}
	}
	return nil
}

// check refuses, 422 with a message per field in lang, a horizon outside
// 1 .. MaxHorizonDays days or a cut-off outside 0 .. MaxCancelCutoffHours
// hours: what the table's checks would refuse as a 500.
func (r BookingRules) check(dict api.Translator, lang string) error {
	fields := map[string]string{}
	if r.HorizonDays < 1 || r.HorizonDays > MaxHorizonDays {
		fields["horizonDays"] = dict.T(lang, "desk.rules.horizonInvalid", "max", strconv.Itoa(MaxHorizonDays))
	}
	if r.CancelCutoffHours < 0 || r.CancelCutoffHours > MaxCancelCutoffHours {
		fields["cancelCutoffHours"] = dict.T(lang, "desk.rules.cutoffInvalid", "max", strconv.Itoa(MaxCancelCutoffHours))
	}
	if len(fields) > 0 {
		return &api.Error{Status: 422, Key: "desk.rules.invalid", Fields: fields}
	}
	return nil
}

// setRules is PUT /api/desk/booking-rules, for the clinic's staff only.
func (h *Handler) setRules(c *fiber.Ctx) error {
	var in BookingRulesRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if err := h.staffOf(c, in.ClinicID); err != nil {
		return err
	}
	if err := in.BookingRules.check(h.Dict, api.Lang(c)); err != nil {
		return err
	}
	if err := h.Store.SetRules(c.UserContext(), in.ClinicID, in.BookingRules); err != nil {
		return err
	}
	return api.OK(c, in.BookingRules)
}
