// Package rating owns the doctors' and clinics' rating: the published
// Bayesian formula (docs/desk-and-reviews.md, /faq, shared/limits.json) and the writes that
// keep doctors.rating/review_count and clinics.rating/review_count equal to
// it over the published reviews. The review workflow recomputes one doctor
// and clinic at a time; the demo seed recomputes all of them at once.
package rating

import (
	"context"
	"fmt"
	"math"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/shared"
)

// The formula's prior: every doctor starts as if PriorWeight reviews had
// given PriorMean stars, so one 5-star review (4.17) does not outrank 200
// reviews at 4.8 (4.78).
var (
	PriorMean   = shared.MustReadLimits().RatingPriorMean
	PriorWeight = shared.MustReadLimits().RatingPriorWeight
)

// Of is the Bayesian average of n reviews whose stars add up to sum,
// rounded to two decimals; 0 for none (no rating is shown).
func Of(n, sum int) float64 {
	if n == 0 {
		return 0
	}
	r := (float64(PriorWeight)*PriorMean + float64(sum)) / float64(PriorWeight+n)
	return math.Round(r*100) / 100
}

// target is a rated table and its column in reviews. Both names are
// written here, never input.
type target struct{ table, by string }

var (
	doctors = target{"doctors", "doctor_id"}
	clinics = target{"clinics", "clinic_id"}
)

// Recompute writes the rating and count of doctorID and of clinicID from
// their published reviews, under their rows' locks (doctor first, then
// clinic: reviews of one doctor or one clinic take turns).
func Recompute(ctx context.Context, tx *sqlx.Tx, doctorID, clinicID int64) error {
	if err := recomputeOne(ctx, tx, doctors, doctorID); err != nil {
		return err
	}
	return recomputeOne(ctx, tx, clinics, clinicID)
}

func recomputeOne(ctx context.Context, tx *sqlx.Tx, t target, id int64) error {
	lock := `
		SELECT 1
		FROM ` + t.table + `
		WHERE id = $1
		FOR UPDATE`
	if _, err := tx.ExecContext(ctx, lock, id); err != nil {
		return fmt.Errorf("rating.Recompute(%s %d): %w", t.by, id, err)
	}
	var agg struct {
		N   int `db:"n"`
		Sum int `db:"sum"`
	}
	q := `
		SELECT count(*) AS n, coalesce(sum(stars), 0) AS sum
		FROM reviews
		WHERE ` + t.by + ` = $1
		  AND hidden_at IS NULL`
	if err := tx.GetContext(ctx, &agg, q, id); err != nil {
		return fmt.Errorf("rating.Recompute(%s %d): %w", t.by, id, err)
	}
	set := `
		UPDATE ` + t.table + `
		SET rating = $2, review_count = $3
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, set, id, Of(agg.N, agg.Sum), agg.N); err != nil {
		return fmt.Errorf("rating.Recompute(%s %d): %w", t.by, id, err)
	}
	return nil
}

// RecomputeAll writes every doctor's and every clinic's rating and count
// from the published reviews in two statements each (the seed writes
// thousands of reviews at once). Rows without reviews are left as they are.
func RecomputeAll(ctx context.Context, tx *sqlx.Tx) error {
	for _, t := range []target{doctors, clinics} {
		if err := recomputeAll(ctx, tx, t); err != nil {
			return err
		}
	}
	return nil
}

func recomputeAll(ctx context.Context, tx *sqlx.Tx, t target) error {
	var aggs []struct {
		ID  int64 `db:"id"`
		N   int   `db:"n"`
		Sum int   `db:"sum"`
	}
	q := `
		SELECT ` + t.by + ` AS id, count(*) AS n, sum(stars) AS sum
		FROM reviews
		WHERE hidden_at IS NULL
		GROUP BY ` + t.by
	if err := tx.SelectContext(ctx, &aggs, q); err != nil {
		return fmt.Errorf("rating.RecomputeAll(%s): %w", t.table, err)
	}
	ids, ratings, counts := make([]int64, len(aggs)), make([]float64, len(aggs)), make([]int64, len(aggs))
	for i, a := range aggs {
		ids[i], ratings[i], counts[i] = a.ID, Of(a.N, a.Sum), int64(a.N)
	}
	set := `
		UPDATE ` + t.table + ` t
		SET rating = r.rating, review_count = r.n
		FROM unnest($1::bigint[], $2::numeric[], $3::int[]) AS r(id, rating, n)
		WHERE t.id = r.id`
	if _, err := tx.ExecContext(ctx, set, pq.Array(ids), pq.Array(ratings), pq.Array(counts)); err != nil {
		return fmt.Errorf("rating.RecomputeAll(%s): %w", t.table, err)
	}
	return nil
}
