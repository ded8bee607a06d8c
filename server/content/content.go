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

// NewPost is a post to write: its texts in both languages, as an editor
// gives them.
type NewPost struct {
	Kind, Slug, PublishedOn string
	TitleRu, TitleUz        string
	SummaryRu, SummaryUz    string
	BodyRu, BodyUz          string
	AuthorRu, AuthorUz      string
}

// PostPage is one page of a post listing.
type PostPage struct {
	Posts   []Post `json:"posts"`
	Total   int    `json:"total"`
	Page    int    `json:"page"`
	PerPage int    `json:"perPage"`
}

// InfoPageBySlug returns the information page slug in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) InfoPageBySlug(ctx context.Context, slug, lang string) (InfoPage, error) {
	var p InfoPage
	const q = `
		SELECT slug, pick_lang($2, title_ru, title_uz) AS title, pick_lang($2, body_ru, body_uz) AS body
		FROM info_pages
		WHERE slug = $1`
	if err := notFound(s.db.GetContext(ctx, &p, q, slug, lang)); err != nil {
		return InfoPage{}, fmt.Errorf("content.InfoPageBySlug(%q): %w", slug, err)
	}
	return p, nil
}

// FAQ returns the questions in lang in their order. Answers are sanitised
// again on the way out: until the editor treated them as rich text they
// were stored as typed.
func (s *Store) FAQ(ctx context.Context, lang string) ([]FAQEntry, error) {
	items := []FAQEntry{}
	const q = `
		SELECT id, pick_lang($1, question_ru, question_uz) AS question,
			pick_lang($1, answer_ru, answer_uz) AS answer
		FROM faq_items
		WHERE published
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &items, q, lang); err != nil {
		return nil, fmt.Errorf("content.FAQ: %w", err)
	}
	for i := range items {
		items[i].Answer = Sanitize(items[i].Answer)
	}
	return items, nil
}

// SavePost inserts a post, sanitising its bodies and computing its reading
// time from the Russian body; it returns the new id.
func (s *Store) SavePost(ctx context.Context, p NewPost) (int64, error) {
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

// postColumns are the Post columns of posts in the language $1, less the
// body.
const postColumns = `id, kind, slug, pick_lang($1, title_ru, title_uz) AS title,
			pick_lang($1, summary_ru, summary_uz) AS summary, pick_lang($1, author_ru, author_uz) AS author,
			to_char(published_on, 'YYYY-MM-DD') AS published_on, reading_minutes, coalesce(cover, '') AS cover`

// Posts returns a page of the posts of kind in lang, newest first.
func (s *Store) Posts(ctx context.Context, kind string, pageNo, perPage int, lang string) (PostPage, error) {
	pg := PostPage{Page: max(pageNo, 1), PerPage: max(perPage, 1), Posts: []Post{}}
	const count = `
		SELECT count(*)
		FROM posts
		WHERE kind = $1 AND published`
	if err := s.db.GetContext(ctx, &pg.Total, count, kind); err != nil {
		return PostPage{}, fmt.Errorf("content.Posts(%s): %w", kind, err)
	}
	const q = `
		SELECT ` + postColumns + `, '' AS body
		FROM posts
		WHERE kind = $2 AND published
		ORDER BY published_on DESC, id DESC
		LIMIT $3 OFFSET $4`
	if err := s.db.SelectContext(ctx, &pg.Posts, q, lang, kind, pg.PerPage, (pg.Page-1)*pg.PerPage); err != nil {
		return PostPage{}, fmt.Errorf("content.Posts(%s): %w", kind, err)
	}
	return pg, nil
}

// PostBySlug returns the post of kind with slug in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) PostBySlug(ctx context.Context, kind, slug, lang string) (Post, error) {
	var p Post
	const q = `
		SELECT ` + postColumns + `, pick_lang($1, body_ru, body_uz) AS body
		FROM posts
		WHERE kind = $2 AND slug = $3 AND published`
	if err := notFound(s.db.GetContext(ctx, &p, q, lang, kind, slug)); err != nil {
		return Post{}, fmt.Errorf("content.PostBySlug(%s, %q): %w", kind, slug, err)
	}
	if err := s.related(ctx, &p, lang); err != nil {
		return Post{}, fmt.Errorf("content.PostBySlug(%s, %q): %w", kind, slug, err)
	}
	return p, nil
}

// related fills the doctors and clinics a post mentions, in lang, by
// Russian name.
func (s *Store) related(ctx context.Context, p *Post, lang string) error {
	p.Doctors, p.Clinics = []Related{}, []Related{}
	const doctors = `
		SELECT d.slug, pick_lang($2, d.full_name_ru, d.full_name_uz) AS name,
			coalesce(pick_lang($2, sp.name_ru, sp.name_uz), '') AS detail
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
	if err := s.db.SelectContext(ctx, &p.Doctors, doctors, p.ID, lang); err != nil {
		return err
	}
	const clinics = `
		SELECT c.slug, pick_lang($2, c.name_ru, c.name_uz) AS name,
			pick_lang($2, c.address_ru, c.address_uz) AS detail
		FROM post_clinics pc
		JOIN clinics c ON c.id = pc.clinic_id
		WHERE pc.post_id = $1
		ORDER BY c.name_ru, c.id`
	return s.db.SelectContext(ctx, &p.Clinics, clinics, p.ID, lang)
}

// notFound turns sql.ErrNoRows into derrors.NotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.NotFound
	}
	return err
}
