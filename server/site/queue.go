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
	"sogliq/server/telegram"
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
	// Telegram is the bot the notices try before SMS, and that tells
	// clinics' staff of their visits; nil: SMS only.
	Telegram *telegram.Bot
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
	notices := &booking.NoticeWorker{Store: store, SMS: o.SMS, Dict: dict, Logger: o.Logger, PublicURL: o.PublicURL, Now: now}
	periodic := slices.Concat(booking.PeriodicJobs(), analytics.PeriodicJobs(), catalog.PeriodicJobs())
	if o.Telegram != nil {
		notices.Messenger = &telegram.Notifier{Bot: o.Telegram, Store: telegram.NewStore(db), Dict: dict, Logger: o.Logger, Now: now}
		periodic = append(periodic, telegram.PeriodicJobs()...)
	}
	// The staff's news worker is registered even without a bot: another
	// process with one may have queued its job.
	telegram.AddWorkers(workers, &telegram.StaffNoticesWorker{DB: db, Bot: o.Telegram, Dict: dict, Logger: o.Logger})
	booking.AddWorkers(workers, notices,
		&booking.ReleaseHoldsWorker{Store: store, Now: now},
		&booking.WaitlistWorker{Store: store, Now: now},
		&booking.RefreshFreeWorker{Store: store, Now: now})
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
		Work: o.Work, Workers: workers, Periodic: periodic,
		Clock: o.Clock, PollInterval: o.PollInterval, RescueAfter: o.RescueAfter, Logger: o.Logger,
	})
	if err != nil {
		return nil, err
	}
	// The waitlist's worker queues the SMS of its offers.
	store.Queue = q
	return q, nil
}
