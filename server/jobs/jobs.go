// Package jobs is the durable job queue: River (github.com/riverqueue/river)
// on the project's own PostgreSQL and its database/sql pool, through
// River's riverdatabasesql driver (lib/pq underneath, polling instead of
// LISTEN). Jobs are inserted in the caller's transaction, so a job exists
// exactly when the change that asked for it was committed; River's tables
// come from our goose migrations (00110), not from River's migrator.
//
// The domains own their job kinds and workers (booking: the SMS notices
// and the release of expired holds); this package only runs them: one
// client per process, with workers (serve) or insert-only (serve
// --no-workers), a retry policy with backoff on the queue's clock, and a
// clock tests can stop and move.
package jobs

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"
)

// Config is how one process runs the queue.
type Config struct {
	// Work runs the workers; false only inserts (serve --no-workers).
	Work bool
	// Workers are the job kinds this binary knows, each with its worker.
	// Every kind must be registered even when Work is false: an insert of
	// an unknown kind is refused.
	Workers *river.Workers
	// Periodic jobs are enqueued by the elected leader among the working
	// processes.
	Periodic []*river.PeriodicJob
	// MaxWorkers is how many jobs run at once in this process (default 4).
	MaxWorkers int
	// PollInterval is how often an idle process looks for due jobs
	// (default 1 s; database/sql cannot LISTEN).
	PollInterval time.Duration
	// RescueAfter is how long a job may run before it counts as stuck
	// (its process died) and is tried again (default RescueStuckAfter).
	RescueAfter time.Duration
	// Clock is the time of the queue and its retries; nil is the wall
	// clock. Tests pass a Clock they move.
	Clock  Clock
	Logger *slog.Logger
}

// Clock tells the queue the time: River's time generator. Now is the
// time; NowOrNil is the stubbed time or nil for the database's now().
type Clock = rivertype.TimeGenerator

// Queue is this process's River client.
type Queue struct {
	client *river.Client[*sql.Tx]
	work   bool
}

// RescueStuckAfter is how long a job may run before a working process
// takes it for the job of a process that died and schedules it again.
const RescueStuckAfter = 10 * time.Minute

// CompletedRetention is how long a finished job stays in river_job.
const CompletedRetention = 7 * 24 * time.Hour

// MaxAttempts is how often a job is tried before it is given up (kept,
// discarded, visible in river_job); with Backoff that is about 17 hours.
const MaxAttempts = 12

// New returns the queue on db; Start starts its workers.
func New(db *sql.DB, cfg Config) (*Queue, error) {
	rescue := cmp.Or(cfg.RescueAfter, RescueStuckAfter)
	rc := &river.Config{
		Workers:           cfg.Workers,
		MaxAttempts:       MaxAttempts,
		RetryPolicy:       retryPolicy{clock: cfg.Clock},
		FetchPollInterval: cfg.PollInterval,
		// River wants a running job rescued only after it timed out.
		JobTimeout:           min(time.Minute, rescue),
		RescueStuckJobsAfter: rescue,
		// A week of completed jobs answers "did the SMS go?" for support
		// (River's default is a day).
		CompletedJobRetentionPeriod: CompletedRetention,
		Logger:                      cfg.Logger,
		Test:                        river.TestConfig{Time: cfg.Clock},
	}
	if rc.FetchPollInterval == 0 {
		rc.FetchPollInterval = time.Second
	}
	rc.FetchCooldown = min(rc.FetchPollInterval, 100*time.Millisecond)
	if cfg.Work {
		n := cfg.MaxWorkers
		if n <= 0 {
			n = 4
		}
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: n}}
		rc.PeriodicJobs = cfg.Periodic
	}
	client, err := river.NewClient(riverdatabasesql.New(db), rc)
	if err != nil {
		return nil, fmt.Errorf("jobs.New: %w", err)
	}
	return &Queue{client: client, work: cfg.Work}, nil
}

// Start runs the workers until Stop (nothing for an insert-only queue).
func (q *Queue) Start(ctx context.Context) error {
	if !q.work {
		return nil
	}
	if err := q.client.Start(ctx); err != nil {
		return fmt.Errorf("jobs.Start: %w", err)
	}
	return nil
}

// Stop stops fetching and waits, until ctx ends, for the running jobs; a
// job cut short is rescued and run again by a process after
// RescueStuckJobsAfter.
func (q *Queue) Stop(ctx context.Context) error {
	if !q.work {
		return nil
	}
	if err := q.client.Stop(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("jobs.Stop: %w", err)
	}
	return nil
}

// InsertTx adds a job in tx: it exists only if tx commits.
func (q *Queue) InsertTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := q.client.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("jobs.InsertTx(%s): %w", args.Kind(), err)
	}
	return nil
}

// CancelTx cancels job id in tx: a job not yet running never runs; a
// running one is asked to stop, and its worker checks again before it
// acts.
func (q *Queue) CancelTx(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := q.client.JobCancelTx(ctx, tx, id); err != nil && !errors.Is(err, river.ErrNotFound) {
		return fmt.Errorf("jobs.CancelTx(%d): %w", id, err)
	}
	return nil
}

// Backoff is the wait before attempt n+1 after n failed attempts: 30 s,
// 1 min, 2 min, ... doubling, at most 4 hours.
func Backoff(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < 4*time.Hour; i++ {
		d *= 2
	}
	return min(d, 4*time.Hour)
}

// retryPolicy schedules the next attempt Backoff after now on the
// queue's clock (River's default reads the wall clock).
type retryPolicy struct{ clock Clock }

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	now := time.Now()
	if p.clock != nil {
		now = p.clock.Now()
	}
	// job.Attempt is the attempt that just failed, from 1.
	return now.Add(Backoff(max(job.Attempt, 1)))
}
