package site

import (
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/booking"
	"sogliq/server/cache"
	"sogliq/server/editorial"
	"sogliq/server/i18n"
	"sogliq/server/jobs"
)

// QueueOptions are how a process runs the job queue.
type QueueOptions struct {
	// Work runs the workers (serve); false only inserts (serve --no-workers).
	Work bool
	// SMS is the gateway of the booking notices.
	SMS account.Sender
	// Clock is the queue's and the workers' time; nil is the wall clock.
	Clock jobs.Clock
	// PollInterval: see jobs.Config.
	PollInterval time.Duration
	Logger       *slog.Logger
	// Pages and Suggestions are the caches a scheduled publication
	// expires.
	Pages, Suggestions *cache.Cache
}

// NewQueue builds the job queue on db with every domain's job kinds; a new
// domain with jobs adds its workers here.
func NewQueue(db *sqlx.DB, o QueueOptions) (*jobs.Queue, error) {
	dict, err := i18n.Load()
	if err != nil {
		return nil, err
	}
	now := time.Now
	if o.Clock != nil {
		now = o.Clock.Now
	}
	store := booking.NewStore(db)
	workers := river.NewWorkers()
	booking.AddWorkers(workers,
		&booking.NoticeWorker{Store: store, SMS: o.SMS, Dict: dict, Logger: o.Logger, Now: now},
		&booking.ReleaseHoldsWorker{Store: store, Now: now})
	river.AddWorker(workers, &editorial.PublishWorker{
		Store: editorial.NewStore(db), Pages: o.Pages, Suggestions: o.Suggestions, Logger: o.Logger, Now: now,
	})
	return jobs.New(db.DB, jobs.Config{
		Work: o.Work, Workers: workers, Periodic: booking.PeriodicJobs(),
		Clock: o.Clock, PollInterval: o.PollInterval, Logger: o.Logger,
	})
}
