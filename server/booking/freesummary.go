package booking

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"
	"github.com/riverqueue/river"
)

// freeSummary is a doctor's Availability as computed at some now, and
// when it stops holding without a write: the first free time at one of
// his clinics passing that clinic's notice, a counted hold expiring or the
// Tashkent midnight (the days are counted from the date), whichever is
// first. A write that changes his free times bumps his gen in the
// database (migration 00290's triggers) and retires it sooner.
type freeSummary struct {
	Availability
	stale time.Time
}

// knownFree is what freeSummaries found: the Availability of the doctors
// whose summary holds, and the gen of every other one, read before their
// schedules are, to tag what is computed from them.
type knownFree struct {
	fresh map[int64]Availability
	gens  map[int64]int64
}

// freeSummaries reads the kept summaries of ids that hold at now: kept
// at the doctor's current gen, computed at or before now, not yet stale.
func (s *Store) freeSummaries(ctx context.Context, ids []int64, now time.Time) (knownFree, error) {
	// The first free time comes as Unix microseconds (0 for none): pq
	// parses a timestamp's text at ten times the cost, on 1,000 rows.
	const q = `
		SELECT x.id, coalesce(g.gen, 0),
		       f.gen IS NOT NULL AND f.gen = coalesce(g.gen, 0) AND f.valid_from <= $2 AND $2 < f.stale_at,
		       coalesce((extract(epoch FROM f.first_free) * 1000000)::bigint, 0),
		       coalesce(f.days0, 0), coalesce(f.days1, 0)
		FROM unnest($1::bigint[]) AS x(id)
		LEFT JOIN doctor_free_gen g ON g.doctor_id = x.id
		LEFT JOIN doctor_free f ON f.doctor_id = x.id`
	stmt, err := s.prepared(ctx, q)
	if err != nil {
		return knownFree{}, fmt.Errorf("booking.freeSummaries: %w", err)
	}
	rows, err := stmt.QueryContext(ctx, pq.Array(ids), now)
	if err != nil {
		return knownFree{}, fmt.Errorf("booking.freeSummaries: %w", err)
	}
	defer rows.Close()
	known := knownFree{fresh: make(map[int64]Availability, len(ids)), gens: map[int64]int64{}}
	for rows.Next() {
		var (
			id, gen      int64
			fresh        bool
			first        int64
			days0, days1 int64
		)
		if err := rows.Scan(&id, &gen, &fresh, &first, &days0, &days1); err != nil {
			return knownFree{}, fmt.Errorf("booking.freeSummaries: %w", err)
		}
		if !fresh {
			known.gens[id] = gen
			continue
		}
		a := Availability{Days: Days{uint64(days0), uint64(days1)}}
		if first != 0 {
			a.First = time.UnixMicro(first).In(Tashkent) // as computed: pages print it
		}
		known.fresh[id] = a
	}
	return known, rows.Err()
}

// saveFreeSummaries keeps the summaries computed at now, each tagged with
// the gen its doctor had before his schedules were read. A summary never
// replaces one of a later gen; one of an earlier gen than the doctor's
// is ignored by freeSummaries. Rows are written in id order, so two
// listings saving the same doctors take their locks in one order.
func (s *Store) saveFreeSummaries(ctx context.Context, computed map[int64]freeSummary, gens map[int64]int64, now time.Time) error {
	n := len(computed)
	ids, tags, days0, days1 := make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
	stale, first := make([]string, 0, n), make([]sql.NullString, 0, n)
	for id, f := range computed {
		ids = append(ids, id)
		tags = append(tags, gens[id])
		stale = append(stale, f.stale.Format(time.RFC3339Nano))
		if f.First.IsZero() {
			first = append(first, sql.NullString{})
		} else {
			first = append(first, sql.NullString{String: f.First.Format(time.RFC3339Nano), Valid: true})
		}
		days0 = append(days0, int64(f.Days[0]))
		days1 = append(days1, int64(f.Days[1]))
	}
	const q = `
		INSERT INTO doctor_free AS f (doctor_id, gen, valid_from, stale_at, first_free, days0, days1)
		SELECT x.id, x.gen, $3, x.stale, x.first, x.days0, x.days1
		FROM unnest($1::bigint[], $2::bigint[], $4::timestamptz[], $5::timestamptz[], $6::bigint[], $7::bigint[])
		     AS x(id, gen, stale, first, days0, days1)
		ORDER BY x.id
		ON CONFLICT (doctor_id) DO UPDATE
		SET gen = EXCLUDED.gen, valid_from = EXCLUDED.valid_from, stale_at = EXCLUDED.stale_at,
		    first_free = EXCLUDED.first_free, days0 = EXCLUDED.days0, days1 = EXCLUDED.days1
		WHERE f.gen <= EXCLUDED.gen`
	stmt, err := s.prepared(ctx, q)
	if err != nil {
		return fmt.Errorf("booking.saveFreeSummaries: %w", err)
	}
	if _, err := stmt.ExecContext(ctx, pq.Array(ids), pq.Array(tags), now, pq.Array(stale), pq.Array(first), pq.Array(days0), pq.Array(days1)); err != nil {
		return fmt.Errorf("booking.saveFreeSummaries(%d doctors): %w", n, err)
	}
	return nil
}

// The refresher of kept summaries: each minute it computes again, at
// that moment, the summaries a write or time has retired (at midnight,
// all of them), so that a listing finds them fresh instead of computing
// them while a patient waits. Only doctors some listing asked about have
// a summary; FreeRefreshPerRun bounds one run (a thousand doctors cost
// ~100 ms of the database and the server), the rest wait for the next.
const (
	FreeRefreshEvery  = time.Minute
	FreeRefreshPerRun = 20000
	freeRefreshBatch  = 1000
)

// RefreshFreeSummaries computes again, at now, up to limit kept
// summaries that no longer hold, the longest stale first, and returns
// how many it kept.
func (s *Store) RefreshFreeSummaries(ctx context.Context, now time.Time, limit int) (int, error) {
	const q = `
		SELECT f.doctor_id, coalesce(g.gen, 0) AS gen
		FROM doctor_free f
		LEFT JOIN doctor_free_gen g ON g.doctor_id = f.doctor_id
		WHERE f.stale_at <= $1 OR f.valid_from > $1 OR f.gen <> coalesce(g.gen, 0)
		ORDER BY f.stale_at, f.doctor_id
		LIMIT $2`
	var retired []struct {
		ID  int64 `db:"doctor_id"`
		Gen int64 `db:"gen"`
	}
	if err := s.db.SelectContext(ctx, &retired, q, now, limit); err != nil {
		return 0, fmt.Errorf("booking.RefreshFreeSummaries: %w", err)
	}
	ids, gens := make([]int64, len(retired)), make(map[int64]int64, len(retired))
	for i, r := range retired {
		ids[i], gens[r.ID] = r.ID, r.Gen
	}
	kept := 0
	for batch := range slices.Chunk(ids, freeRefreshBatch) {
		computed, err := s.computeAvailability(ctx, batch, now)
		if err != nil {
			return kept, fmt.Errorf("booking.RefreshFreeSummaries: %w", err)
		}
		if err := s.saveFreeSummaries(ctx, computed, gens, now); err != nil {
			return kept, fmt.Errorf("booking.RefreshFreeSummaries: %w", err)
		}
		kept += len(batch)
	}
	return kept, nil
}

// RefreshFreeArgs is the periodic job that refreshes kept summaries.
type RefreshFreeArgs struct{}

// Kind names the job kind in river_job.
func (RefreshFreeArgs) Kind() string { return "booking_refresh_free" }

// RefreshFreeWorker runs RefreshFreeSummaries.
type RefreshFreeWorker struct {
	river.WorkerDefaults[RefreshFreeArgs]
	Store *Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Work refreshes up to FreeRefreshPerRun summaries.
func (w *RefreshFreeWorker) Work(ctx context.Context, job *river.Job[RefreshFreeArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	_, err := w.Store.RefreshFreeSummaries(ctx, now, FreeRefreshPerRun)
	return err
}
