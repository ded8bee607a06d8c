// Package content owns the editorial pages: information pages, the FAQ,
// articles, news and press. Rich text is HTML sanitised with an allow-list
// (bluemonday) when it is written, so what the pages insert is always safe.
package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/jmoiron/sqlx"
	"github.com/microcosm-cc/bluemonday"

	"sogliq/server/derrors"
)

// Store reads and writes the editorial content.
type Store struct {
	db     *sqlx.DB
	policy *bluemonday.Policy
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db, policy: Policy()} }

// Policy is the allow-list of rich text: paragraphs, headings, lists,
// emphasis, links (nofollow) and tables; no scripts, styles, event handlers
// or iframes.
func Policy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}

// sharedPolicy is Policy built once: a policy is safe for concurrent use
// once built, and building one compiles its patterns.
var sharedPolicy = sync.OnceValue(Policy)

// Sanitize returns html reduced to what Policy allows.
func Sanitize(html string) string { return sharedPolicy().Sanitize(html) }

// ReadingMinutes estimates the reading time of an HTML body at 180 words a
// minute, at least 1.
func ReadingMinutes(html string) int {
	text := bluemonday.StrictPolicy().Sanitize(html)
	words := len(strings.Fields(text))
	return max(1, (words+179)/180)
}

// InfoPage is an information page.
type InfoPage struct {
	Slug    string `db:"slug" json:"slug"`
	TitleRu string `db:"title_ru" json:"titleRu"`
	TitleUz string `db:"title_uz" json:"titleUz"`
	BodyRu  string `db:"body_ru" json:"bodyRu"`
	BodyUz  string `db:"body_uz" json:"bodyUz"`
}

// FAQItem is a question and its answer (sanitised HTML).
type FAQItem struct {
	ID         int64  `db:"id" json:"id"`
	QuestionRu string `db:"question_ru" json:"questionRu"`
	QuestionUz string `db:"question_uz" json:"questionUz"`
	AnswerRu   string `db:"answer_ru" json:"answerRu"`
	AnswerUz   string `db:"answer_uz" json:"answerUz"`
}

// Post is an article, a news item or a press mention.
type Post struct {
	ID             int64  `db:"id" json:"id"`
	Kind           string `db:"kind" json:"kind"`
	Slug           string `db:"slug" json:"slug"`
	TitleRu        string `db:"title_ru" json:"titleRu"`
	TitleUz        string `db:"title_uz" json:"titleUz"`
	SummaryRu      string `db:"summary_ru" json:"summaryRu"`
	SummaryUz      string `db:"summary_uz" json:"summaryUz"`
	BodyRu         string `db:"body_ru" json:"bodyRu,omitempty"`
	BodyUz         string `db:"body_uz" json:"bodyUz,omitempty"`
	AuthorRu       string `db:"author_ru" json:"authorRu"`
	AuthorUz       string `db:"author_uz" json:"authorUz"`
	PublishedOn    string `db:"published_on" json:"publishedOn"` // YYYY-MM-DD
	ReadingMinutes int    `db:"reading_minutes" json:"readingMinutes"`
	// Cover names the cover picture (server/images), "" for none.
	Cover string `db:"cover" json:"cover"`
	// Doctors and Clinics are the related ones, filled by PostBySlug only.
	Doctors []Related `db:"-" json:"doctors,omitempty"`
	Clinics []Related `db:"-" json:"clinics,omitempty"`
}

// Related is a doctor or clinic a post mentions; Detail is the doctor's
// first specialty or the clinic's address.
type Related struct {
	Slug     string `db:"slug" json:"slug"`
	NameRu   string `db:"name_ru" json:"nameRu"`
	NameUz   string `db:"name_uz" json:"nameUz"`
	DetailRu string `db:"detail_ru" json:"detailRu"`
	DetailUz string `db:"detail_uz" json:"detailUz"`
}

// PostPage is one page of a post listing.
type PostPage struct {
	Posts   []Post `json:"posts"`
	Total   int    `json:"total"`
	Page    int    `json:"page"`
	PerPage int    `json:"perPage"`
}

// InfoPageBySlug returns the information page slug, or an error wrapping
// derrors.NotFound.
func (s *Store) InfoPageBySlug(ctx context.Context, slug string) (InfoPage, error) {
	var p InfoPage
	const q = `
		SELECT slug, title_ru, title_uz, body_ru, body_uz
		FROM info_pages
		WHERE slug = $1`
	if err := notFound(s.db.GetContext(ctx, &p, q, slug)); err != nil {
		return InfoPage{}, fmt.Errorf("content.InfoPageBySlug(%q): %w", slug, err)
	}
	return p, nil
}

// SaveInfoPage writes an information page, sanitising its bodies.
func (s *Store) SaveInfoPage(ctx context.Context, p InfoPage) error {
	const q = `
		INSERT INTO info_pages (slug, title_ru, title_uz, body_ru, body_uz)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (slug) DO UPDATE
		SET title_ru = excluded.title_ru, title_uz = excluded.title_uz,
			body_ru = excluded.body_ru, body_uz = excluded.body_uz`
	_, err := s.db.ExecContext(ctx, q, p.Slug, p.TitleRu, p.TitleUz, s.policy.Sanitize(p.BodyRu), s.policy.Sanitize(p.BodyUz))
	if err != nil {
		return fmt.Errorf("content.SaveInfoPage(%q): %w", p.Slug, err)
	}
	return nil
}

// FAQ returns the questions in their order.
func (s *Store) FAQ(ctx context.Context) ([]FAQItem, error) {
	items := []FAQItem{}
	const q = `
		SELECT id, question_ru, question_uz, answer_ru, answer_uz
		FROM faq_items
		WHERE published
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &items, q); err != nil {
		return nil, fmt.Errorf("content.FAQ: %w", err)
	}
	return items, nil
}

// SavePost inserts a post, sanitising its bodies and computing its reading
// time from the Russian body; it returns the new id.
func (s *Store) SavePost(ctx context.Context, p Post) (int64, error) {
	p.BodyRu, p.BodyUz = s.policy.Sanitize(p.BodyRu), s.policy.Sanitize(p.BodyUz)
	const q = `
		INSERT INTO posts (kind, slug, title_ru, title_uz, summary_ru, summary_uz, body_ru, body_uz,
			author_ru, author_uz, published_on, reading_minutes)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		RETURNING id`
	var id int64
	err := s.db.GetContext(ctx, &id, q, p.Kind, p.Slug, p.TitleRu, p.TitleUz, p.SummaryRu, p.SummaryUz,
		p.BodyRu, p.BodyUz, p.AuthorRu, p.AuthorUz, p.PublishedOn, ReadingMinutes(p.BodyRu))
	if err != nil {
		return 0, fmt.Errorf("content.SavePost(%s %q): %w", p.Kind, p.Slug, err)
	}
	return id, nil
}

const postColumns = `id, kind, slug, title_ru, title_uz, summary_ru, summary_uz,
			author_ru, author_uz, to_char(published_on, 'YYYY-MM-DD') AS published_on, reading_minutes,
			coalesce(cover, '') AS cover`

// Posts returns a page of the posts of kind, newest first.
func (s *Store) Posts(ctx context.Context, kind string, pageNo, perPage int) (PostPage, error) {
	pg := PostPage{Page: max(pageNo, 1), PerPage: max(perPage, 1), Posts: []Post{}}
	const count = `
		SELECT count(*)
		FROM posts
		WHERE kind = $1 AND published`
	if err := s.db.GetContext(ctx, &pg.Total, count, kind); err != nil {
		return PostPage{}, fmt.Errorf("content.Posts(%s): %w", kind, err)
	}
	const q = `
		SELECT ` + postColumns + `, '' AS body_ru, '' AS body_uz
		FROM posts
		WHERE kind = $1 AND published
		ORDER BY published_on DESC, id DESC
		LIMIT $2 OFFSET $3`
	if err := s.db.SelectContext(ctx, &pg.Posts, q, kind, pg.PerPage, (pg.Page-1)*pg.PerPage); err != nil {
		return PostPage{}, fmt.Errorf("content.Posts(%s): %w", kind, err)
	}
	return pg, nil
}

// PostBySlug returns the post of kind with slug, or an error wrapping
// derrors.NotFound.
func (s *Store) PostBySlug(ctx context.Context, kind, slug string) (Post, error) {
	var p Post
	const q = `
		SELECT ` + postColumns + `, body_ru, body_uz
		FROM posts
		WHERE kind = $1 AND slug = $2 AND published`
	if err := notFound(s.db.GetContext(ctx, &p, q, kind, slug)); err != nil {
		return Post{}, fmt.Errorf("content.PostBySlug(%s, %q): %w", kind, slug, err)
	}
	if err := s.related(ctx, &p); err != nil {
		return Post{}, fmt.Errorf("content.PostBySlug(%s, %q): %w", kind, slug, err)
	}
	return p, nil
}

// related fills the doctors and clinics a post mentions, by name.
func (s *Store) related(ctx context.Context, p *Post) error {
	p.Doctors, p.Clinics = []Related{}, []Related{}
	const doctors = `
		SELECT d.slug, d.full_name_ru AS name_ru, d.full_name_uz AS name_uz,
			coalesce(sp.name_ru, '') AS detail_ru, coalesce(sp.name_uz, '') AS detail_uz
		FROM post_doctors pd
		JOIN doctors d ON d.id = pd.doctor_id
		LEFT JOIN LATERAL (
			SELECT s.name_ru, s.name_uz
			FROM doctor_specialties ds
			JOIN specialties s ON s.id = ds.specialty_id
			WHERE ds.doctor_id = d.id
			ORDER BY s.name_ru
			LIMIT 1) sp ON true
		WHERE pd.post_id = $1
		ORDER BY d.full_name_ru, d.id`
	if err := s.db.SelectContext(ctx, &p.Doctors, doctors, p.ID); err != nil {
		return err
	}
	const clinics = `
		SELECT c.slug, c.name_ru, c.name_uz, c.address_ru AS detail_ru, c.address_uz AS detail_uz
		FROM post_clinics pc
		JOIN clinics c ON c.id = pc.clinic_id
		WHERE pc.post_id = $1
		ORDER BY c.name_ru, c.id`
	return s.db.SelectContext(ctx, &p.Clinics, clinics, p.ID)
}

// notFound turns sql.ErrNoRows into derrors.NotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.NotFound
	}
	return err
}
