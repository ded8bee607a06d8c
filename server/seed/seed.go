// Package seed fills an empty database with the deterministic demo data set:
// districts, specialties, clinics and doctors, diseases and symptoms,
// medicines, information pages, FAQ, articles, news, press and clinic
// promotions with certificates, in Russian and Uzbek. The same
// scale always gives the same rows (a fixed math/rand/v2 seed, no clock);
// scale multiplies clinics (200 each) and doctors (2,000 each); every
// region also gets one clinic of every type, with hours, specialisations
// and prices for nine in ten of the services its type offers. Rows go in
// with COPY, in one transaction, with ids assigned here.
package seed

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
	"sogliq/server/search"
)

// Per unit of scale.
const (
	clinicsPerScale = 200
	doctorsPerScale = 2000
)

// lockKey is the advisory lock that keeps two seeders from racing.
const lockKey = 0x50611a

// Run seeds db at the given scale (1 for development and tests, 50 for
// ~100k doctors). On a database that already holds any of the seeded
// tables' rows it does nothing and returns nil. It reports to log; nil
// means silence (tests seed many databases).
func Run(ctx context.Context, db *sqlx.DB, scale int, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if scale < 1 {
		return fmt.Errorf("seed.Run(scale %d): %w", scale, derrors.Invalid)
	}
	start := time.Now()
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("seed.Run: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", lockKey); err != nil {
		return fmt.Errorf("seed.Run: %w", err)
	}
	empty, err := IsEmpty(ctx, tx)
	if err != nil {
		return err
	}
	if !empty {
		log.InfoContext(ctx, "seed: database already has data; not seeding")
		return nil
	}
	if err := fill(ctx, tx, scale); err != nil {
		return fmt.Errorf("seed.Run(scale %d): %w", scale, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("seed.Run: %w", err)
	}
	// VACUUM cannot run in the transaction. It sets the visibility map, so
	// the listing queries can use index-only scans on fresh rows.
	if _, err := db.ExecContext(ctx, "VACUUM ANALYZE districts, specialties, clinics, doctors, doctor_specialties, doctor_clinics, "+
		"services, clinic_profiles, clinic_profile_links, clinic_hours, clinic_services, clinic_offers, search_terms, "+
		"schedules, schedule_exceptions, visit_types, appointments, promotions, posts, products"); err != nil {
		return fmt.Errorf("seed.Run: %w", err)
	}
	log.InfoContext(ctx, "seed: done", slog.Int("scale", scale), slog.Duration("took", time.Since(start)))
	return nil
}

// IsEmpty reports whether the tables the seeder fills (districts,
// specialties, clinics, doctors) are all empty.
func IsEmpty(ctx context.Context, q sqlx.QueryerContext) (bool, error) {
	var empty bool
	const query = `
		SELECT NOT EXISTS (SELECT 1 FROM doctors)
			AND NOT EXISTS (SELECT 1 FROM clinics)
			AND NOT EXISTS (SELECT 1 FROM specialties)
			AND NOT EXISTS (SELECT 1 FROM districts)`
	if err := sqlx.GetContext(ctx, q, &empty, query); err != nil {
		return false, fmt.Errorf("seed.IsEmpty: %w", err)
	}
	return empty, nil
}

// fill generates the data set and writes it.
func fill(ctx context.Context, tx *sqlx.Tx, scale int) error {
	regionIDs, err := regionIDs(ctx, tx)
	if err != nil {
		return err
	}
	typeIDs, err := clinicTypeIDs(ctx, tx)
	if err != nil {
		return err
	}
	d := generate(scale, regionIDs, typeIDs)
	if err := write(ctx, tx, d); err != nil {
		return err
	}
	if err := writeBooking(ctx, tx, generateBooking(d, scale, time.Now())); err != nil {
		return err
	}
	for _, w := range []func(context.Context, *sqlx.Tx) error{writeKnowledge, writeProducts, writeContent, writePromotions, writePictures} {
		if err := w(ctx, tx); err != nil {
			return err
		}
	}
	if err := finish(ctx, tx); err != nil {
		return err
	}
	// The listings read prices from this view of what was just written.
	if _, err := tx.ExecContext(ctx, "REFRESH MATERIALIZED VIEW clinic_offers"); err != nil {
		return fmt.Errorf("refresh clinic_offers: %w", err)
	}
	return search.Reindex(ctx, tx)
}

// regionIDs maps region codes to ids; the regions come from the migrations.
func regionIDs(ctx context.Context, tx *sqlx.Tx) (map[string]int64, error) {
	var rows []struct {
		ID   int64  `db:"id"`
		Code string `db:"code"`
	}
	const q = `
		SELECT id, code
		FROM regions`
	if err := tx.SelectContext(ctx, &rows, q); err != nil {
		return nil, fmt.Errorf("regionIDs: %w", err)
	}
	ids := make(map[string]int64, len(rows))
	for _, r := range rows {
		ids[r.Code] = r.ID
	}
	for _, rd := range regionsData {
		if ids[rd.code] == 0 {
			return nil, fmt.Errorf("regionIDs: region %s missing from the database", rd.code)
		}
	}
	return ids, nil
}

// clinicTypeIDs maps clinic type slugs to ids; the types come from the migrations.
func clinicTypeIDs(ctx context.Context, tx *sqlx.Tx) (map[string]int64, error) {
	var rows []struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	const q = `
		SELECT id, slug
		FROM clinic_types`
	if err := tx.SelectContext(ctx, &rows, q); err != nil {
		return nil, fmt.Errorf("clinicTypeIDs: %w", err)
	}
	ids := make(map[string]int64, len(rows))
	for _, r := range rows {
		ids[r.Slug] = r.ID
	}
	for _, k := range typedKinds {
		if ids[k.typeSlug] == 0 {
			return nil, fmt.Errorf("clinicTypeIDs: type %s missing from the database", k.typeSlug)
		}
	}
	return ids, nil
}

// finish moves the identity sequences past the ids the seeder chose.
func finish(ctx context.Context, tx *sqlx.Tx) error {
	for _, table := range []string{"districts", "specialties", "clinics", "doctors", "services", "clinic_profiles",
		"diseases", "symptoms", "product_categories", "products", "product_tags", "faq_items", "posts", "promotions",
		"users", "appointments"} {
		q := fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%[1]s', 'id'), (SELECT max(id) FROM %[1]s))", table)
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("finish(%s): %w", table, err)
		}
	}
	return nil
}
