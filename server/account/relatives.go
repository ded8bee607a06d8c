package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
	"sogliq/shared"
)

var relativeLimits = shared.MustReadLimits()

// RelationKind is who a relative is to the user.
type RelationKind string

// The relations a relative may have (relatives.relation's CHECK).
const (
	RelationChild   RelationKind = "child"
	RelationParent  RelationKind = "parent"
	RelationSpouse  RelationKind = "spouse"
	RelationSibling RelationKind = "sibling"
	RelationOther   RelationKind = "other"
)

// relations are the RelationKinds a relative may have.
var relations = []RelationKind{RelationChild, RelationParent, RelationSpouse, RelationSibling, RelationOther}

// Clean returns the relative with its name's spaces collapsed, and the
// mistakes of each field (the keys of the dictionaries): the name
// required, at most limits.json's patientNameMax letters (any script),
// spaces, hyphens and apostrophes; the birth date a real date, not after
// today (Tashkent, today given) nor more than relativeMaxAgeYears back;
// the relation one of RelationKind's.
func (in RelativeInput) Clean(today time.Time) (RelativeInput, []FieldError) {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	in.BirthDate = strings.TrimSpace(in.BirthDate)
	var errs []FieldError
	if key := checkRelativeName(in.Name); key != "" {
		errs = append(errs, FieldError{Field: "name", Key: key})
	}
	birth, err := time.Parse(time.DateOnly, in.BirthDate)
	oldest := today.AddDate(-relativeLimits.RelativeMaxAgeYears, 0, 0).Format(time.DateOnly)
	if err != nil || in.BirthDate > today.Format(time.DateOnly) || birth.Format(time.DateOnly) < oldest {
		errs = append(errs, FieldError{Field: "birthDate", Key: "relative.birthDateInvalid"})
	}
	if !slices.Contains(relations, RelationKind(in.Relation)) {
		errs = append(errs, FieldError{Field: "relation", Key: "relative.relationInvalid"})
	}
	return in, errs
}

func checkRelativeName(name string) string {
	if name == "" {
		return "relative.nameRequired"
	}
	if !utf8.ValidString(name) || utf8.RuneCountInString(name) > relativeLimits.PatientNameMax {
		return "relative.nameInvalid"
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !strings.ContainsRune(" -'ʻʼ‘’`", r) {
			return "relative.nameInvalid"
		}
	}
	return ""
}

// Relatives lists user id's relatives in the order they were saved.
func (s *Store) Relatives(ctx context.Context, userID int64) ([]Relative, error) {
	out := []Relative{}
	const q = `
		SELECT id, name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, relation
		FROM relatives
		WHERE user_id = $1
		ORDER BY id`
	if err := s.db.SelectContext(ctx, &out, q, userID); err != nil {
		return nil, fmt.Errorf("account.Relatives(%d): %w", userID, err)
	}
	return out, nil
}

// AddRelative saves a cleaned relative (RelativeInput.Clean) for user id:
// 429 relative.tooMany once the account has limits.json's
// relativesPerAccount. Adds of one user take turns, so parallel ones
// cannot pass the count together.
func (s *Store) AddRelative(ctx context.Context, userID int64, in RelativeInput, now time.Time) (Relative, error) {
	var r Relative
	err := s.relativesTx(ctx, userID, func(tx *sqlx.Tx) error {
		var n int
		if err := tx.GetContext(ctx, &n, `SELECT count(*) FROM relatives WHERE user_id = $1`, userID); err != nil {
			return err
		}
		if n >= relativeLimits.RelativesPerAccount {
			return derrors.Refuse(derrors.Limited, "relative.tooMany", "max", strconv.Itoa(relativeLimits.RelativesPerAccount))
		}
		const q = `
			INSERT INTO relatives (user_id, name, birth_date, relation, created_at, updated_at)
			VALUES ($1, $2, $3::date, $4, $5, $5)
			RETURNING id, name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, relation`
		return tx.GetContext(ctx, &r, q, userID, in.Name, in.BirthDate, in.Relation, now)
	})
	if err != nil {
		return r, fmt.Errorf("account.AddRelative(%d): %w", userID, err)
	}
	return r, nil
}

// UpdateRelative changes relative id of user id: NotFound (404
// relative.notFound) when user id has no such relative. Visits booked
// for them keep the name and birth date they were booked with.
func (s *Store) UpdateRelative(ctx context.Context, userID, id int64, in RelativeInput, now time.Time) (Relative, error) {
	var r Relative
	const q = `
		UPDATE relatives
		SET name = $3, birth_date = $4::date, relation = $5, updated_at = $6
		WHERE id = $1
		  AND user_id = $2
		RETURNING id, name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, relation`
	err := s.db.GetContext(ctx, &r, q, id, userID, in.Name, in.BirthDate, in.Relation, now)
	if errors.Is(err, sql.ErrNoRows) {
		return r, derrors.Refuse(derrors.NotFound, "relative.notFound")
	}
	if err != nil {
		return r, fmt.Errorf("account.UpdateRelative(%d): %w", id, err)
	}
	return r, nil
}

// DeleteRelative deletes relative id of user id (404 relative.notFound
// when there is none). Their visits stay, with the name and birth date
// they were booked with; only the link to the relative goes.
func (s *Store) DeleteRelative(ctx context.Context, userID, id int64) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM relatives WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("account.DeleteRelative(%d): %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return derrors.Refuse(derrors.NotFound, "relative.notFound")
	}
	return nil
}

// relativesTx runs fn in a transaction holding user id's relatives lock.
func (s *Store) relativesTx(ctx context.Context, userID int64, fn func(*sqlx.Tx) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('relatives:' || $1, 0))`, userID); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
