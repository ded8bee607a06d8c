package analytics

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/cache"
	"sogliq/server/search"
	"sogliq/shared"
)

// PopularityDays is the window popularity counts (shared/limits.json).
var PopularityDays = shared.MustReadLimits().PopularityDays

// The weight of each event in a popularity: a page view or a card seen
// counts 1; acting on it (routes, sites) 2, the phone 3, a booking 5.
const weights = `CASE e.event
			WHEN 'page_view' THEN 1
			WHEN 'card_view' THEN 1
			WHEN 'phone_shown' THEN 3
			WHEN 'booking_started' THEN 5
			ELSE 2 END`

// SourceDevicesPerHour caps what one source (an address, SourceOf) gives
// one doctor or clinic: per event kind and hour, its distinct devices
// count, up to this many (shared/limits.json). One address rotating
// device ids once added thousands of points a minute.
var SourceDevicesPerHour = shared.MustReadLimits().PopularitySourceDevicesPerHour

// capped weighs the rows of raw (id, event, source, device_id, at) per
// entity, event, source and hour: the distinct devices, at most
// SourceDevicesPerHour, times the event's weight. Rows written before
// sources were recorded (source ”) count one each, as they did.
var capped = `
			SELECT e.id, ` + weights + ` * CASE WHEN e.source = '' THEN count(*)
			       ELSE least(count(DISTINCT e.device_id), ` + strconv.Itoa(SourceDevicesPerHour) + `) END AS w
			FROM raw e
			GROUP BY e.id, e.event, e.source, date_trunc('hour', e.at)`

// The recomputations, one per kind: hits are the window's page views of
// the entity's pages (matched by slug, the first part of page_id) and its
// track-events (matched by id), doctors' and clinics' capped per source
// (capped); a row is written only when it changes.
// Specialties also gather their doctors' hits.
var recomputations = []struct{ kind, query string }{
	{"doctors", `
		WITH raw AS (
			SELECT d.id, e.event, e.source, e.device_id, e.at
			FROM analytic_events e
			JOIN doctors d ON d.slug = e.page_id
			WHERE e.at >= $1
				AND e.event = 'page_view'
				AND e.page_type = 'doctor'
			UNION ALL
			SELECT e.entity_id, e.event, e.source, e.device_id, e.at
			FROM analytic_events e
			WHERE e.at >= $1
				AND e.entity = 'doctor'
		), hits AS (` + capped + `
		), score AS (
			SELECT x.id, coalesce(sum(h.w), 0)::int AS score
			FROM doctors x
			LEFT JOIN hits h ON h.id = x.id
			GROUP BY x.id
		)
		UPDATE doctors d
		SET popularity = s.score
		FROM score s
		WHERE s.id = d.id
			AND d.popularity <> s.score`},
	{"clinics", `
		WITH raw AS (
			SELECT c.id, e.event, e.source, e.device_id, e.at
			FROM analytic_events e
			JOIN clinics c ON c.slug = split_part(e.page_id, '/', 1)
			WHERE e.at >= $1
				AND e.event = 'page_view'
				AND e.page_type IN ('clinic', 'clinic-tab')
			UNION ALL
			SELECT e.entity_id, e.event, e.source, e.device_id, e.at
			FROM analytic_events e
			WHERE e.at >= $1
				AND e.entity = 'clinic'
		), hits AS (` + capped + `
		), score AS (
			SELECT x.id, coalesce(sum(h.w), 0)::int AS score
			FROM clinics x
			LEFT JOIN hits h ON h.id = x.id
			GROUP BY x.id
		)
		UPDATE clinics c
		SET popularity = s.score
		FROM score s
		WHERE s.id = c.id
			AND c.popularity <> s.score`},
	{"specialties", `
		WITH hits AS (
			SELECT sp.id, count(*) AS w
			FROM analytic_events e
			JOIN specialties sp ON sp.slug = split_part(e.page_id, '/', 1)
			WHERE e.at >= $1
				AND e.event = 'page_view'
				AND e.page_type IN ('specialty', 'specialty-children')
			GROUP BY sp.id
			UNION ALL
			SELECT ds.specialty_id, sum(d.popularity)
			FROM doctor_specialties ds
			JOIN doctors d ON d.id = ds.doctor_id
			GROUP BY ds.specialty_id
		), score AS (
			SELECT x.id, coalesce(sum(h.w), 0)::int AS score
			FROM specialties x
			LEFT JOIN hits h ON h.id = x.id
			GROUP BY x.id
		)
		UPDATE specialties sp
		SET popularity = s.score
		FROM score s
		WHERE s.id = sp.id
			AND sp.popularity <> s.score`},
	{"services", `
		WITH hits AS (
			SELECT sv.id, count(*) AS w
			FROM analytic_events e
			JOIN services sv ON sv.slug = split_part(e.page_id, '/', 1)
			WHERE e.at >= $1
				AND e.event = 'page_view'
				AND e.page_type IN ('service', 'service-district', 'diagnostic', 'diagnostic-district', 'analysis')
			GROUP BY sv.id
		), score AS (
			SELECT x.id, coalesce(sum(h.w), 0)::int AS score
			FROM services x
			LEFT JOIN hits h ON h.id = x.id
			GROUP BY x.id
		)
		UPDATE services sv
		SET popularity = s.score
		FROM score s
		WHERE s.id = sv.id
			AND sv.popularity <> s.score`},
}

// Recompute sets the popularity of every doctor, clinic, specialty and
// service from the PopularityDays before now, and copies it into the
// search index, in one transaction. It returns how many entities changed.
// The doctors go first: a specialty adds up its doctors' new scores.
func Recompute(ctx context.Context, db *sqlx.DB, now time.Time) (int64, error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("analytics.Recompute: %w", err)
	}
	defer tx.Rollback()
	since := now.AddDate(0, 0, -PopularityDays)
	var changed int64
	for _, r := range recomputations {
		res, err := tx.ExecContext(ctx, r.query, since)
		if err != nil {
			return 0, fmt.Errorf("analytics.Recompute(%s): %w", r.kind, err)
		}
		n, _ := res.RowsAffected()
		changed += n
	}
	if changed > 0 {
		if _, err := search.RefreshPopularity(ctx, tx); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("analytics.Recompute: %w", err)
	}
	return changed, nil
}

// ListingTags are the page-cache tags of the pages ordered by popularity
// (every page carries "page:" and its route name): purged when it changes.
var ListingTags = []string{
	"page:home", "page:specialty", "page:specialty-children", "page:doctors",
	"page:specialty-district", "page:specialty-children-district",
	"page:clinic", "page:disease", "page:symptom",
	"page:clinics", "page:clinics-all", "page:clinics-type", "page:clinics-ownership",
	"page:clinics-district", "page:clinics-profile", "page:clinics-profile-district",
	"page:search",
}

// Purge drops what popularity orders: the cached suggestion lists and
// results pages (search.CacheTag) and the listings. Nil caches are skipped.
func Purge(ctx context.Context, pages, suggestions *cache.Cache, logger *slog.Logger) {
	for _, c := range []struct {
		cache *cache.Cache
		tags  []string
	}{{suggestions, []string{search.CacheTag}}, {pages, append([]string{search.CacheTag}, ListingTags...)}} {
		if c.cache == nil {
			continue
		}
		if err := c.cache.Purge(ctx, c.tags...); err != nil && logger != nil {
			logger.WarnContext(ctx, "analytics: purging after a popularity change", slog.Any("err", err))
		}
	}
}
