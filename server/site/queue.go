package site

import (
	"log/slog"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/analytics"
	"sogliq/server/booking"
	"sogliq/server/cache"
	"sogliq/server/catalog"
	"sogliq/server/editorial"
	"sogliq/server/i18n"
	"sogliq/server/jobs"
	"sogliq/shared"
)

// QueueOptions are how a process runs the job queue.
type QueueOptions struct {
	// Work runs the workers (serve); false only inserts (serve --no-workers).
	Work bool
	// SMS is the gateway of the booking notices.
	SMS account.Sender
	// PublicURL is the site's origin, for links in SMS (waitlist offers).
	PublicURL string
	// Clock is the queue's and the workers' time; nil is the wall clock.
	Clock jobs.Clock
	// PollInterval and RescueAfter: see jobs.Config.
	PollInterval time.Duration
	RescueAfter  time.Duration
	Logger       *slog.Logger
	// Pages and Suggestions are the caches a popularity change purges
	// or a publication expires (nil: none).
	Pages, Suggestions *cache.Cache
	// RetentionMonths is how many months of analytics are kept (zero:
	// shared/limits.json's analyticsRetentionMonths).
	RetentionMonths int
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
		&booking.NoticeWorker{Store: store, SMS: o.SMS, Dict: dict, Logger: o.Logger, PublicURL: o.PublicURL, Now: now},
		&booking.ReleaseHoldsWorker{Store: store, Now: now},
		&booking.WaitlistWorker{Store: store, Now: now})
	retention := o.RetentionMonths
	if retention <= 0 {
		retention = shared.MustReadLimits().AnalyticsRetentionMonths
	}
	analytics.AddWorkers(workers,
		&analytics.PopularityWorker{DB: db, Pages: o.Pages, Suggestions: o.Suggestions, Logger: o.Logger, Now: now},
		&analytics.PartitionsWorker{DB: db, RetentionMonths: retention, Logger: o.Logger, Now: now})
	river.AddWorker(workers, &catalog.OffersWorker{DB: db, Pages: o.Pages, Logger: o.Logger})
	river.AddWorker(workers, &editorial.PublishWorker{
		Store: editorial.NewStore(db), Pages: o.Pages, Suggestions: o.Suggestions, Logger: o.Logger, Now: now,
	})
	q, err := jobs.New(db.DB, jobs.Config{
		Work: o.Work, Workers: workers, Periodic: slices.Concat(booking.PeriodicJobs(), analytics.PeriodicJobs(), catalog.PeriodicJobs()),
		Clock: o.Clock, PollInterval: o.PollInterval, RescueAfter: o.RescueAfter, Logger: o.Logger,
	})
	if err != nil {
		return nil, err
	}
	// The waitlist's worker queues the SMS of its offers.
	store.Queue = q
	return q, nil
}
