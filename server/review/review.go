// Package review is patients' reviews of their visits: one per attended
// visit, by its patient, 1-5 stars and optional plain text; editors may
// hide one with a reason. A doctor's rating is a Bayesian average over
// the published reviews (server/rating), kept in doctors.rating and
// doctors.review_count, which the cards, listings and JSON-LD read; a
// clinic's is the same formula over the published reviews of visits at
// that clinic (of any of its doctors), kept in clinics.rating and
// clinics.review_count.
package review

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/microcosm-cc/bluemonday"

	"sogliq/server/derrors"
	"sogliq/server/rating"
	"sogliq/shared"
)

// MaxText bounds a review's text, in characters (shared/limits.json).
var MaxText = shared.MustReadLimits().ReviewTextMax

// strict drops every tag: a review is plain text.
var strict = bluemonday.StrictPolicy()

// Clean makes text plain: tags removed, entities read, control characters
// dropped, runs of spaces folded (line breaks kept, at most two in a row).
func Clean(text string) string {
	text = html.UnescapeString(strict.Sanitize(text))
	text = strings.Map(func(r rune) rune {
		if r == '\n' || !unicode.IsControl(r) {
			return r
		}
		return ' '
	}, text)
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	text = strings.Join(lines, "\n")
	for strings.Contains(text, "\n\n\n") {
		text = strings.ReplaceAll(text, "\n\n\n", "\n\n")
	}
	return strings.TrimSpace(text)
}

// Store keeps reviews.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Rated names what a review's change rates anew: its doctor and the
// clinic of its visit, whose cached pages are then stale.
type Rated struct {
	DoctorID, ClinicID int64
}

// Create publishes the user's review of visit appointmentID and returns
// its id and what it rates. Refusals (derrors.Refusal): NotFound
// review.notFound for a visit that is not the user's, Conflict
// review.notAttended unless it was attended, Conflict review.exists for a
// second one, Unacceptable for bad stars or text.
func (s *Store) Create(ctx context.Context, userID, appointmentID int64, stars int, text string, now time.Time) (id int64, rated Rated, err error) {
	if stars < 1 || stars > 5 {
		return 0, rated, derrors.Refuse(derrors.Unacceptable, "review.badStars")
	}
	text = Clean(text)
	if utf8.RuneCountInString(text) > MaxText {
		return 0, rated, derrors.Refuse(derrors.Unacceptable, "review.tooLong", "max", fmt.Sprint(MaxText))
	}
	err = inTx(ctx, s.db, func(tx *sqlx.Tx) error {
		var v struct {
			Status   string `db:"status"`
			DoctorID int64  `db:"doctor_id"`
			ClinicID int64  `db:"clinic_id"`
		}
		const qVisit = `
			SELECT status, doctor_id, clinic_id
			FROM appointments
			WHERE id = $1
			  AND user_id = $2
			FOR SHARE`
		err := tx.GetContext(ctx, &v, qVisit, appointmentID, userID)
		if errors.Is(err, sql.ErrNoRows) {
			return derrors.Refuse(derrors.NotFound, "review.notFound")
		}
		if err != nil {
			return fmt.Errorf("review.Create(%d): %w", appointmentID, err)
		}
		if v.Status != "attended" {
			return derrors.Refuse(derrors.Conflict, "review.notAttended")
		}
		const q = `
			INSERT INTO reviews (appointment_id, doctor_id, clinic_id, user_id, stars, body, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (appointment_id) DO NOTHING
			RETURNING id`
		err = tx.GetContext(ctx, &id, q, appointmentID, v.DoctorID, v.ClinicID, userID, stars, text, now)
		if errors.Is(err, sql.ErrNoRows) {
			return derrors.Refuse(derrors.Conflict, "review.exists")
		}
		if err != nil {
			return fmt.Errorf("review.Create(%d): %w", appointmentID, err)
		}
		rated = Rated{v.DoctorID, v.ClinicID}
		return rating.Recompute(ctx, tx, rated.DoctorID, rated.ClinicID)
	})
	return id, rated, err
}

// Hide takes review id off the pages, keeping it and the reason; it
// returns what the review rated. Hiding twice keeps the first reason.
func (s *Store) Hide(ctx context.Context, id, editorID int64, reason string, now time.Time) (Rated, error) {
	var rated Rated
	reason = strings.Join(strings.Fields(reason), " ")
	if reason == "" || utf8.RuneCountInString(reason) > 200 {
		return rated, derrors.Refuse(derrors.Unacceptable, "review.hideReason")
	}
	err := inTx(ctx, s.db, func(tx *sqlx.Tx) error {
		const q = `
			UPDATE reviews
			SET hidden_at = coalesce(hidden_at, $2),
			    hidden_reason = CASE WHEN hidden_at IS NULL THEN $3 ELSE hidden_reason END,
			    hidden_by = coalesce(hidden_by, $4)
			WHERE id = $1
			RETURNING doctor_id, clinic_id`
		err := tx.QueryRowxContext(ctx, q, id, now, reason, editorID).Scan(&rated.DoctorID, &rated.ClinicID)
		if errors.Is(err, sql.ErrNoRows) {
			return derrors.Refuse(derrors.NotFound, "review.notFound")
		}
		if err != nil {
			return fmt.Errorf("review.Hide(%d): %w", id, err)
		}
		return rating.Recompute(ctx, tx, rated.DoctorID, rated.ClinicID)
	})
	return rated, err
}

func inTx(ctx context.Context, db *sqlx.DB, fn func(*sqlx.Tx) error) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("review: begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
