// Package promotion owns clinic promotions and their certificates: the
// current promotions of a region (/promotion), one clinic's
// (/promotion/clinic/{id}), a promotion's page (/promotion/{slug}) and the
// PDF voucher of a certificate (/cert/{code}.pdf).
//
// Dates: a promotion is current from starts_on to ends_on inclusive, by the
// database's current_date. Once it has ended it leaves every list at once;
// its page stays up, marked as ended, for GraceDays more days (visitors
// arrive from shared links and search results for a while), then answers
// 410 Gone. Certificates of an ended promotion are 404 right away: a voucher
// that cannot be used must not be printed.
package promotion

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
)

// GraceDays is how long after its last day a promotion's page still answers
// 200 (marked as ended) before it answers 410 Gone.
const GraceDays = 30

// Store reads promotions and certificates.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Page is one page of a promotion listing.
type Page struct {
	Promotions []Promotion `json:"promotions"`
	Total      int         `json:"total"`
	Page       int         `json:"page"`
	PerPage    int         `json:"perPage"`
}

// columns are the Promotion columns of promotions p joined to clinics c;
// $1 is the grace period in days, $2 the language. The discount is
// computed in bigint: old_price * 100 outgrows an integer past 21 million
// so'm.
const columns = `p.id, p.slug, pick_lang($2, p.title_ru, p.title_uz) AS title,
			pick_lang($2, p.description_ru, p.description_uz) AS description,
			p.old_price, p.new_price,
			to_char(p.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(p.ends_on, 'YYYY-MM-DD') AS ends_on,
			p.ends_on < current_date AS ended,
			p.ends_on + $1::int < current_date AS gone,
			((p.old_price - p.new_price)::bigint * 100 / p.old_price)::int AS discount,
			coalesce(p.image, '') AS image,
			c.id AS clinic_id, c.slug AS clinic_slug, pick_lang($2, c.name_ru, c.name_uz) AS clinic_name,
			pick_lang($2, c.address_ru, c.address_uz) AS clinic_address, c.phone AS clinic_phone`

// currentWhere keeps the promotions running today: $3 region or 0, $4 clinic or 0.
const currentWhere = `
		WHERE current_date BETWEEN p.starts_on AND p.ends_on
			AND ($3::bigint = 0 OR c.region_id = $3)
			AND ($4::bigint = 0 OR c.id = $4)`

// Current returns a page of the promotions running today in regionID (0:
// any) at clinicID (0: any) in lang, biggest discount first, then id.
func (s *Store) Current(ctx context.Context, regionID, clinicID int64, pageNo, perPage int, lang string) (Page, error) {
	pg := Page{Page: max(pageNo, 1), PerPage: max(perPage, 1), Promotions: []Promotion{}}
	const count = `
		SELECT count(*)
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id
		WHERE current_date BETWEEN p.starts_on AND p.ends_on
			AND ($1::bigint = 0 OR c.region_id = $1)
			AND ($2::bigint = 0 OR c.id = $2)`
	if err := s.db.GetContext(ctx, &pg.Total, count, regionID, clinicID); err != nil {
		return Page{}, fmt.Errorf("promotion.Current(%d, %d): %w", regionID, clinicID, err)
	}
	const q = `
		SELECT ` + columns + `
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id` + currentWhere + `
		ORDER BY (p.old_price - p.new_price)::float8 / p.old_price DESC, p.id
		LIMIT $5 OFFSET $6`
	err := s.db.SelectContext(ctx, &pg.Promotions, q, GraceDays, lang, regionID, clinicID, pg.PerPage, (pg.Page-1)*pg.PerPage)
	if err != nil {
		return Page{}, fmt.Errorf("promotion.Current(%d, %d): %w", regionID, clinicID, err)
	}
	return pg, nil
}

// BySlug returns the promotion with slug in lang, ended or not, or an
// error wrapping derrors.NotFound.
func (s *Store) BySlug(ctx context.Context, slug, lang string) (Promotion, error) {
	var p Promotion
	const q = `
		SELECT ` + columns + `
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id
		WHERE p.slug = $3`
	if err := notFound(s.db.GetContext(ctx, &p, q, GraceDays, lang, slug)); err != nil {
		return Promotion{}, fmt.Errorf("promotion.BySlug(%q): %w", slug, err)
	}
	return p, nil
}

// ClinicByID returns the clinic id in lang, or an error wrapping
// derrors.NotFound.
func (s *Store) ClinicByID(ctx context.Context, id int64, lang string) (Clinic, error) {
	var c Clinic
	const q = `
		SELECT id AS clinic_id, slug AS clinic_slug, pick_lang($2, name_ru, name_uz) AS clinic_name,
			pick_lang($2, address_ru, address_uz) AS clinic_address, phone AS clinic_phone
		FROM clinics
		WHERE id = $1`
	if err := notFound(s.db.GetContext(ctx, &c, q, id, lang)); err != nil {
		return Clinic{}, fmt.Errorf("promotion.ClinicByID(%d): %w", id, err)
	}
	return c, nil
}

// Certificate returns the promotion of the certificate code in lang when
// it is running today, or an error wrapping derrors.NotFound (unknown
// code, or a promotion not started or ended).
func (s *Store) Certificate(ctx context.Context, code, lang string) (Promotion, error) {
	var p Promotion
	const q = `
		SELECT ` + columns + `
		FROM promotion_certificates pc
		JOIN promotions p ON p.id = pc.promotion_id
		JOIN clinics c ON c.id = p.clinic_id
		WHERE pc.code = $3
			AND current_date BETWEEN p.starts_on AND p.ends_on`
	if err := notFound(s.db.GetContext(ctx, &p, q, GraceDays, lang, code)); err != nil {
		return Promotion{}, fmt.Errorf("promotion.Certificate(%q): %w", code, err)
	}
	return p, nil
}

// notFound turns sql.ErrNoRows into derrors.NotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.NotFound
	}
	return err
}
