package analytics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/cache"
)

// How often the periodic jobs run.
const (
	PopularityEvery = time.Hour
	PartitionsEvery = 24 * time.Hour
)

// PopularityArgs is the periodic job that recomputes popularity.
type PopularityArgs struct{}

// Kind names the job kind in river_job.
func (PopularityArgs) Kind() string { return "analytics_popularity" }

// PopularityWorker runs Recompute and, when anything changed, Purge.
type PopularityWorker struct {
	river.WorkerDefaults[PopularityArgs]
	DB          *sqlx.DB
	Pages       *cache.Cache
	Suggestions *cache.Cache
	Logger      *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Work recomputes popularity.
func (w *PopularityWorker) Work(ctx context.Context, _ *river.Job[PopularityArgs]) error {
	changed, err := Recompute(ctx, w.DB, clock(w.Now))
	if err != nil {
		return err
	}
	if changed > 0 {
		Purge(ctx, w.Pages, w.Suggestions, w.Logger)
	}
	return nil
}

// PartitionsArgs is the periodic job that makes the coming months'
// partitions and drops those past the retention.
type PartitionsArgs struct{}

// Kind names the job kind in river_job.
func (PartitionsArgs) Kind() string { return "analytics_partitions" }

// PartitionsWorker runs EnsurePartitions and DropExpired.
type PartitionsWorker struct {
	river.WorkerDefaults[PartitionsArgs]
	DB *sqlx.DB
	// RetentionMonths is how many whole months back are kept.
	RetentionMonths int
	Logger          *slog.Logger
	Now             func() time.Time
}

// Work keeps the partitions.
func (w *PartitionsWorker) Work(ctx context.Context, _ *river.Job[PartitionsArgs]) error {
	now := clock(w.Now)
	if err := EnsurePartitions(ctx, w.DB, now); err != nil {
		return err
	}
	dropped, err := DropExpired(ctx, w.DB, now, w.RetentionMonths)
	if len(dropped) > 0 && w.Logger != nil {
		w.Logger.InfoContext(ctx, "analytics: dropped expired partitions", slog.Any("partitions", dropped))
	}
	return err
}

func clock(now func() time.Time) time.Time {
	if now != nil {
		return now()
	}
	return time.Now()
}

// AddWorkers registers the analytics workers.
func AddWorkers(workers *river.Workers, popularity *PopularityWorker, partitions *PartitionsWorker) {
	river.AddWorker(workers, popularity)
	river.AddWorker(workers, partitions)
}

// PeriodicJobs are the analytics' scheduled jobs. The partitions run at
// start too (a process started late in a month finds next month ready);
// popularity waits its first hour, so a restart does not reorder pages.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(PopularityEvery),
			func() (river.JobArgs, *river.InsertOpts) { return PopularityArgs{}, nil }, nil),
		river.NewPeriodicJob(river.PeriodicInterval(PartitionsEvery),
			func() (river.JobArgs, *river.InsertOpts) { return PartitionsArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}),
	}
}
