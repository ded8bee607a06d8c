package catalog

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/cache"
)

// OffersEvery is how often clinic_offers is checked against clinics. A
// review moves a clinic's rating in clinics at once; the priced listings
// read it from clinic_offers, so they follow within this interval.
const OffersEvery = 5 * time.Minute

// staleOffersSQL lists the clinics whose columns copied into clinic_offers
// differ from clinics (a rating moved by a review, an edit published
// without the editor's refresh).
const staleOffersSQL = `
	SELECT DISTINCT o.clinic_id
	FROM clinic_offers o
	JOIN clinics c ON c.id = o.clinic_id
	WHERE (o.rating, o.review_count, o.region_id, o.district_id, o.type_id, o.is_state, o.name_ru, o.name_uz, o.open_week)
	      IS DISTINCT FROM
	      (c.rating, c.review_count, c.region_id, c.district_id, c.type_id, c.is_state, c.name_ru, c.name_uz, c.open_week)
	ORDER BY o.clinic_id`

// RefreshOffers refreshes clinic_offers when any clinic's copy in it is
// stale and returns the clinics that were; none means nothing was done.
func RefreshOffers(ctx context.Context, db *sqlx.DB) ([]int64, error) {
	var stale []int64
	if err := db.SelectContext(ctx, &stale, staleOffersSQL); err != nil {
		return nil, fmt.Errorf("catalog.RefreshOffers: %w", err)
	}
	if len(stale) == 0 {
		return nil, nil
	}
	// CONCURRENTLY: listings keep reading the old rows meanwhile.
	if _, err := db.ExecContext(ctx, `REFRESH MATERIALIZED VIEW CONCURRENTLY clinic_offers`); err != nil {
		return nil, fmt.Errorf("catalog.RefreshOffers: %w", err)
	}
	return stale, nil
}

// OffersArgs is the periodic job that runs RefreshOffers.
type OffersArgs struct{}

// Kind names the job kind in river_job.
func (OffersArgs) Kind() string { return "catalog_offers" }

// OffersWorker refreshes clinic_offers and purges the pages of the clinics
// that changed (their cards and every listing showing them carry
// "clinic:<id>").
type OffersWorker struct {
	river.WorkerDefaults[OffersArgs]
	DB     *sqlx.DB
	Pages  *cache.Cache
	Logger *slog.Logger
}

// Work runs RefreshOffers and purges.
func (w *OffersWorker) Work(ctx context.Context, _ *river.Job[OffersArgs]) error {
	stale, err := RefreshOffers(ctx, w.DB)
	if err != nil || len(stale) == 0 || w.Pages == nil {
		return err
	}
	tags := make([]string, len(stale))
	for i, id := range stale {
		tags[i] = "clinic:" + strconv.FormatInt(id, 10)
	}
	if err := w.Pages.Purge(ctx, tags...); err != nil && w.Logger != nil {
		w.Logger.WarnContext(ctx, "catalog: purging after refreshing clinic_offers", slog.Any("err", err))
	}
	return nil
}

// PeriodicJobs are the catalog's scheduled jobs.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(OffersEvery),
		func() (river.JobArgs, *river.InsertOpts) { return OffersArgs{}, nil }, nil)}
}
