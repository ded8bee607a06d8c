package analytics

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// MonthsAhead is how many months past the current one have a partition
// ready, so a late job run never leaves events without a home.
const MonthsAhead = 2

// partitionName is the partition of analytic_events holding month m (UTC).
func partitionName(m time.Time) string {
	return "analytic_events_" + m.Format("200601")
}

// monthOf is the first instant of t's month in UTC.
func monthOf(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// EnsurePartitions makes the partitions of analytic_events from now's
// month to MonthsAhead months later, those missing.
func EnsurePartitions(ctx context.Context, db *sqlx.DB, now time.Time) error {
	m := monthOf(now)
	for i := 0; i <= MonthsAhead; i++ {
		from, to := m.AddDate(0, i, 0), m.AddDate(0, i+1, 0)
		q := fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s PARTITION OF analytic_events FOR VALUES FROM (%s) TO (%s)`,
			pq.QuoteIdentifier(partitionName(from)), pq.QuoteLiteral(from.Format(time.RFC3339)), pq.QuoteLiteral(to.Format(time.RFC3339)))
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("analytics.EnsurePartitions(%s): %w", partitionName(from), err)
		}
	}
	return nil
}

// DropExpired drops the partitions of months wholly before the retention
// (keep months back from now's month) and deletes searches as old; it
// returns the partitions dropped.
func DropExpired(ctx context.Context, db *sqlx.DB, now time.Time, keep int) ([]string, error) {
	cutoff := monthOf(now).AddDate(0, -keep, 0)
	const q = `
		SELECT c.relname
		FROM pg_inherits i
		JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'analytic_events'::regclass
		ORDER BY c.relname`
	var names []string
	if err := db.SelectContext(ctx, &names, q); err != nil {
		return nil, fmt.Errorf("analytics.DropExpired: %w", err)
	}
	var dropped []string
	for _, name := range names {
		m, err := time.Parse("200601", strings.TrimPrefix(name, "analytic_events_"))
		if err != nil || !m.Before(cutoff) {
			continue
		}
		if _, err := db.ExecContext(ctx, "DROP TABLE "+pq.QuoteIdentifier(name)); err != nil {
			return dropped, fmt.Errorf("analytics.DropExpired(%s): %w", name, err)
		}
		dropped = append(dropped, name)
	}
	const qSearches = `
		DELETE FROM searches
		WHERE at < $1`
	if _, err := db.ExecContext(ctx, qSearches, cutoff); err != nil {
		return dropped, fmt.Errorf("analytics.DropExpired: %w", err)
	}
	return dropped, nil
}
