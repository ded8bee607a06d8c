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

// Clinic is the clinic of a promotion.
type Clinic struct {
	ID        int64  `db:"clinic_id" json:"id"`
	Slug      string `db:"clinic_slug" json:"slug"`
	NameRu    string `db:"clinic_name_ru" json:"nameRu"`
	NameUz    string `db:"clinic_name_uz" json:"nameUz"`
	AddressRu string `db:"clinic_address_ru" json:"addressRu"`
	AddressUz string `db:"clinic_address_uz" json:"addressUz"`
	Phone     string `db:"clinic_phone" json:"phone"`
}

// Promotion is a clinic's offer. Dates are YYYY-MM-DD. Ended reports that
// ends_on is past; Gone that the grace period is over too.
type Promotion struct {
	ID            int64  `db:"id" json:"id"`
	Slug          string `db:"slug" json:"slug"`
	TitleRu       string `db:"title_ru" json:"titleRu"`
	TitleUz       string `db:"title_uz" json:"titleUz"`
	DescriptionRu string `db:"description_ru" json:"descriptionRu"`
	DescriptionUz string `db:"description_uz" json:"descriptionUz"`
	OldPrice      int    `db:"old_price" json:"oldPrice"`
	NewPrice      int    `db:"new_price" json:"newPrice"`
	StartsOn      string `db:"starts_on" json:"startsOn"`
	EndsOn        string `db:"ends_on" json:"endsOn"`
	Ended         bool   `db:"ended" json:"ended"`
	Gone          bool   `db:"gone" json:"-"`
	// Image names the banner (server/images), "" for none.
	Image  string `db:"image" json:"image"`
	Clinic `json:"clinic"`
}

// Discount is the saving in percent, rounded down.
func (p Promotion) Discount() int {
	if p.OldPrice <= 0 {
		return 0
	}
	return (p.OldPrice - p.NewPrice) * 100 / p.OldPrice
}

// Page is one page of a promotion listing.
type Page struct {
	Promotions []Promotion `json:"promotions"`
	Total      int         `json:"total"`
	Page       int         `json:"page"`
	PerPage    int         `json:"perPage"`
}

// columns are the Promotion columns of promotions p joined to clinics c; $1
// is the grace period in days.
const columns = `p.id, p.slug, p.title_ru, p.title_uz, p.description_ru, p.description_uz,
			p.old_price, p.new_price,
			to_char(p.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(p.ends_on, 'YYYY-MM-DD') AS ends_on,
			p.ends_on < current_date AS ended,
			p.ends_on + $1::int < current_date AS gone, coalesce(p.image, '') AS image,
			c.id AS clinic_id, c.slug AS clinic_slug, c.name_ru AS clinic_name_ru, c.name_uz AS clinic_name_uz,
			c.address_ru AS clinic_address_ru, c.address_uz AS clinic_address_uz, c.phone AS clinic_phone`

// currentWhere keeps the promotions running today: $2 region or 0, $3 clinic or 0.
const currentWhere = `
		WHERE current_date BETWEEN p.starts_on AND p.ends_on
			AND ($2::bigint = 0 OR c.region_id = $2)
			AND ($3::bigint = 0 OR c.id = $3)`

// Current returns a page of the promotions running today in regionID (0:
// any) at clinicID (0: any), biggest discount first, then id.
func (s *Store) Current(ctx context.Context, regionID, clinicID int64, pageNo, perPage int) (Page, error) {
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
		LIMIT $4 OFFSET $5`
	err := s.db.SelectContext(ctx, &pg.Promotions, q, GraceDays, regionID, clinicID, pg.PerPage, (pg.Page-1)*pg.PerPage)
	if err != nil {
		return Page{}, fmt.Errorf("promotion.Current(%d, %d): %w", regionID, clinicID, err)
	}
	return pg, nil
}

// BySlug returns the promotion with slug, ended or not, or an error
// wrapping derrors.NotFound.
func (s *Store) BySlug(ctx context.Context, slug string) (Promotion, error) {
	var p Promotion
	const q = `
		SELECT ` + columns + `
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id
		WHERE p.slug = $2`
	if err := notFound(s.db.GetContext(ctx, &p, q, GraceDays, slug)); err != nil {
		return Promotion{}, fmt.Errorf("promotion.BySlug(%q): %w", slug, err)
	}
	return p, nil
}

// ClinicByID returns the clinic id, or an error wrapping derrors.NotFound.
func (s *Store) ClinicByID(ctx context.Context, id int64) (Clinic, error) {
	var c Clinic
	const q = `
		SELECT id AS clinic_id, slug AS clinic_slug, name_ru AS clinic_name_ru, name_uz AS clinic_name_uz,
			address_ru AS clinic_address_ru, address_uz AS clinic_address_uz, phone AS clinic_phone
		FROM clinics
		WHERE id = $1`
	if err := notFound(s.db.GetContext(ctx, &c, q, id)); err != nil {
		return Clinic{}, fmt.Errorf("promotion.ClinicByID(%d): %w", id, err)
	}
	return c, nil
}

// Certificate returns the promotion of the certificate code when it is
// running today, or an error wrapping derrors.NotFound (unknown code, or a
// promotion not started or ended).
func (s *Store) Certificate(ctx context.Context, code string) (Promotion, error) {
	var p Promotion
	const q = `
		SELECT ` + columns + `
		FROM promotion_certificates pc
		JOIN promotions p ON p.id = pc.promotion_id
		JOIN clinics c ON c.id = p.clinic_id
		WHERE pc.code = $2
			AND current_date BETWEEN p.starts_on AND p.ends_on`
	if err := notFound(s.db.GetContext(ctx, &p, q, GraceDays, code)); err != nil {
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
