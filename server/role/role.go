// Package role is what a user may do besides being a patient: a row of
// user_roles per grant. 'staff' belongs to one clinic and opens its desk
// (server/desk); 'editor' and 'admin' are the site's (clinic NULL).
package role

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/derrors"
)

// The roles.
const (
	Staff  = "staff"
	Editor = "editor"
	Admin  = "admin"
)

// Store keeps the grants.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// clinicID resolves a clinic slug; "" is no clinic (0).
func (s *Store) clinicID(ctx context.Context, slug string) (int64, error) {
	if slug == "" {
		return 0, nil
	}
	var id int64
	const q = `
		SELECT id
		FROM clinics
		WHERE slug = $1`
	err := s.db.GetContext(ctx, &id, q, slug)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("role: no clinic %q: %w", slug, derrors.NotFound)
	}
	return id, err
}

// Grant gives the user of phone (998 and nine digits; the user is created
// when they have never signed in) the role, at the clinic of clinicSlug
// for staff. Granting twice changes nothing.
func (s *Store) Grant(ctx context.Context, phone, role, clinicSlug string) error {
	clinic, err := s.clinicID(ctx, clinicSlug)
	if err != nil {
		return err
	}
	const q = `
		WITH u AS (
			INSERT INTO users (phone)
			VALUES ($1)
			ON CONFLICT (phone) DO UPDATE SET phone = excluded.phone
			RETURNING id)
		INSERT INTO user_roles (user_id, role, clinic_id)
		SELECT id, $2, nullif($3, 0)
		FROM u
		ON CONFLICT (user_id, role, coalesce(clinic_id, 0)) DO NOTHING`
	if _, err := s.db.ExecContext(ctx, q, phone, role, clinic); err != nil {
		return fmt.Errorf("role.Grant(%s, %s): %w", role, clinicSlug, err)
	}
	return nil
}

// Revoke takes the role back; it reports whether there was one.
func (s *Store) Revoke(ctx context.Context, phone, role, clinicSlug string) (bool, error) {
	clinic, err := s.clinicID(ctx, clinicSlug)
	if err != nil {
		return false, err
	}
	const q = `
		DELETE FROM user_roles r
		USING users u
		WHERE u.id = r.user_id
		  AND u.phone = $1
		  AND r.role = $2
		  AND coalesce(r.clinic_id, 0) = $3`
	res, err := s.db.ExecContext(ctx, q, phone, role, clinic)
	if err != nil {
		return false, fmt.Errorf("role.Revoke(%s, %s): %w", role, clinicSlug, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// StaffClinics are the clinics whose staff the user is, by id.
func (s *Store) StaffClinics(ctx context.Context, userID int64) ([]int64, error) {
	ids := []int64{}
	const q = `
		SELECT clinic_id
		FROM user_roles
		WHERE user_id = $1
		  AND role = 'staff'
		ORDER BY clinic_id`
	if err := s.db.SelectContext(ctx, &ids, q, userID); err != nil {
		return nil, fmt.Errorf("role.StaffClinics(%d): %w", userID, err)
	}
	return ids, nil
}

// Has reports whether the user holds one of roles (at any clinic).
func (s *Store) Has(ctx context.Context, userID int64, roles ...string) (bool, error) {
	var ok bool
	const q = `
		SELECT EXISTS (
			SELECT 1
			FROM user_roles
			WHERE user_id = $1
			  AND role = ANY($2))`
	if err := s.db.GetContext(ctx, &ok, q, userID, pq.Array(roles)); err != nil {
		return false, fmt.Errorf("role.Has(%d): %w", userID, err)
	}
	return ok, nil
}
