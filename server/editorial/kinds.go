// Package editorial is the editors' workflow (issue 14): drafts of the
// site's entities, their preview through the real page renderer, their
// publication (one transaction, then cache expiry on every instance, the
// search index, the sitemaps' lastmod through updated_at) and the history
// of published revisions with restore, plus the audit log of role changes
// and publications.
//
// Every entity kind is an entry of Kinds: its table, its fields (which are
// translatable, required, rich text, a slug, an image, a list of
// references) and the cache tags of the pages that show it. Loading,
// validating, applying and diffing are written once over that description.
package editorial

import (
	"context"
	"fmt"
	"slices"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/search"
)

// Field types.
const (
	Text     = "text"
	LongText = "longtext" // plain text in several lines (a biography)
	RichText = "richtext" // HTML through the content sanitiser
	Slug     = "slug"
	Image    = "image"
	URL      = "url"   // an https address (a clinic's site)
	Price    = "price" // whole sums, 1 to 1,000,000,000
	Date     = "date"  // YYYY-MM-DD
	Refs     = "refs"
)

// Field is one editable field of a kind.
type Field struct {
	// Name is the field's name in Values and in the form; its label is
	// the dictionary's "editor.field.<Name>".
	Name string
	Type string
	// Column is the field's column, or for a translatable field the
	// stem of its two (Column+"_ru", Column+"_uz").
	Column       string
	Translatable bool
	Required     bool
	// Max is the longest text in characters (0: none); Min the shortest
	// non-empty one.
	Max, Min int
	// Nullable columns store "" as NULL (a doctor's photo).
	Nullable bool
	// For a refs field: the join table, its column naming the entity,
	// its column naming the reference, and the referenced table (id,
	// name_ru, name_uz). A rows field uses Join and Owner for its child
	// table, Cols for its columns and Max for the most rows.
	Join, Owner, Ref, RefTable string
	Cols                       []RowColumn
	// Use names what an image field's picture is for (images.Use): the
	// sizes an upload is encoded at.
	Use string
	// UpTo, for a price or a date, names the field it may not exceed (a
	// new price up to the old one, a start up to the end); UpToMessage is
	// the dictionary key of the refusal, shown beside this field.
	UpTo, UpToMessage string
}

// Kind describes one kind of entity.
type Kind struct {
	// Name is the kind's name in URLs and revisions ("doctor"); its label
	// is the dictionary's "editor.kind.<Name>".
	Name  string
	Table string
	// Scope, when set, is the condition on Table's columns that picks
	// this kind's rows (posts of one kind, services of one kind): an id
	// outside it is not found, and slugs are unique within it.
	Scope string
	// Title is the column listed and searched (Russian).
	Title string
	// Detail, when set, is an SQL expression over the row e shown under
	// the title in the list, so namesakes are told apart (a doctor's
	// specialties and clinic).
	Detail string
	// Route is the route of the entity's page, with its slug as the
	// "slug" parameter; Regional routes take a region (none in preview).
	Route string
	// Param is the route's parameter holding the slug; empty for a kind
	// whose items share one page (the FAQ). RouteColumn, when set, is the
	// column naming each entity's own route (the information pages).
	Param       string
	RouteColumn string
	Fields      []Field
	// TagsQuery returns the cache tags of every page showing entity $1
	// (run before and after a change: a doctor leaving a specialty
	// leaves its listing).
	TagsQuery string
	// SearchQuery returns the search index entries (entity_type,
	// entity_id) showing entity $1, reindexed on publication (run before
	// and after the change, like TagsQuery).
	SearchQuery string
	// Derived, when set, refreshes data derived from the entity's tables
	// (a materialized view), run on publication after the change.
	Derived string
	// Create, when set, lets editors create entities of k: it inserts a
	// blank hidden one and returns its id. Reveal ($1 the id) shows it,
	// run when a draft is published or previewed. Delete ($1) removes one.
	Create, Reveal, Delete string
}

// Kinds are the entity kinds the editor edits, in menu order.
var Kinds = []Kind{
	{
		Name: "doctor", Table: "doctors", Title: "full_name_ru", Route: "doctor", Param: "slug",
		Detail: `concat_ws(' · ',
			(SELECT string_agg(s.name_ru, ', ' ORDER BY s.name_ru) FROM doctor_specialties ds JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = e.id),
			(SELECT c.name_ru FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE dc.doctor_id = e.id ORDER BY dc.clinic_id LIMIT 1))`,
		Fields: []Field{
			{Name: "name", Type: Text, Column: "full_name", Translatable: true, Required: true, Min: 3, Max: 120},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "specialties", Type: Refs, Required: true, Join: "doctor_specialties", Owner: "doctor_id", Ref: "specialty_id", RefTable: "specialties"},
			{Name: "category", Type: Text, Column: "category", Translatable: true, Max: 120},
			{Name: "biography", Type: LongText, Column: "description", Translatable: true, Required: true, Max: 20000},
			{Name: "photo", Type: Image, Column: "photo", Nullable: true, Max: 500, Use: "doctor"},
		},
		TagsQuery: `
			SELECT ARRAY['doctor:' || $1::bigint, 'specialties'] || coalesce(array_agg('specialty:' || s.slug), '{}')
			FROM doctor_specialties ds
			JOIN specialties s ON s.id = ds.specialty_id
			WHERE ds.doctor_id = $1::bigint`,
		SearchQuery: `
			SELECT 'doctor' AS type, $1::bigint AS id
			UNION ALL
			SELECT 'doctor_specialty', specialty_id
			FROM doctor_specialties
			WHERE doctor_id = $1::bigint`,
	},
	{
		Name: "clinic", Table: "clinics", Title: "name_ru", Route: "clinic", Param: "slug",
		Fields: []Field{
			{Name: "name", Type: Text, Column: "name", Translatable: true, Required: true, Min: 2, Max: 160},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "address", Type: Text, Column: "address", Translatable: true, Required: true, Max: 300},
			{Name: "landmark", Type: Text, Column: "landmark", Translatable: true, Max: 300},
			{Name: "phone", Type: Text, Column: "phone", Max: 40},
			{Name: "website", Type: URL, Column: "website", Nullable: true, Max: 300},
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
			{Name: "logo", Type: Image, Column: "logo", Nullable: true, Max: 500, Use: "clinic"},
			{Name: "hours", Type: Rows, Join: "clinic_hours", Owner: "clinic_id", Max: 7, Cols: []RowColumn{
				{Name: "weekday", Column: "weekday", Kind: Weekday},
				{Name: "opens", Column: "opens_min", Kind: Clock},
				{Name: "closes", Column: "closes_min", Kind: Clock},
			}},
			// A clinic prices services, never their categories (a category's
			// range is derived in clinic_offers).
			{Name: "prices", Type: Rows, Join: "clinic_services", Owner: "clinic_id", Max: 300, Cols: []RowColumn{
				{Name: "service", Column: "service_id", Kind: Ref, RefTable: "services", RefWhere: "parent_id IS NOT NULL"},
				{Name: "priceFrom", Column: "price_from", Kind: Money},
				{Name: "priceTo", Column: "price_to", Kind: Money, Optional: true},
			}},
		},
		TagsQuery: `
			SELECT ARRAY['clinic:' || $1::bigint, 'clinics']`,
		// The priced listings read the clinic's name, rating and hours
		// (open_week) from clinic_offers.
		Derived: `REFRESH MATERIALIZED VIEW CONCURRENTLY clinic_offers`,
		SearchQuery: `
			SELECT 'clinic' AS type, $1::bigint AS id`,
	},
	{
		Name: "specialty", Table: "specialties", Title: "name_ru", Route: "specialty", Param: "specialty",
		Fields: []Field{
			{Name: "name", Type: Text, Column: "name", Translatable: true, Required: true, Min: 3, Max: 120},
			{Name: "nameChildren", Type: Text, Column: "name_children", Translatable: true, Required: true, Min: 3, Max: 120},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
		},
		TagsQuery: `
			SELECT ARRAY['specialties'] || coalesce(array_agg('specialty:' || s.slug), '{}')
			FROM specialties s
			WHERE s.id = $1`,
		SearchQuery: `
			SELECT 'doctor_specialty' AS type, $1::bigint AS id
			UNION ALL
			SELECT 'doctor', doctor_id
			FROM doctor_specialties
			WHERE specialty_id = $1::bigint`,
	},
	{
		Name: "disease", Table: "diseases", Title: "name_ru", Route: "disease", Param: "slug",
		Fields:    knowledgeFields(),
		TagsQuery: knowledgeTags("diseases"), SearchQuery: noSearch,
	},
	{
		Name: "symptom", Table: "symptoms", Title: "name_ru", Route: "symptom", Param: "slug",
		Fields:    knowledgeFields(),
		TagsQuery: knowledgeTags("symptoms"), SearchQuery: noSearch,
	},
	{
		Name: "medicine", Table: "products", Title: "name_ru", Route: "product", Param: "slug",
		Fields: []Field{
			{Name: "name", Type: Text, Column: "name", Translatable: true, Required: true, Min: 2, Max: 160},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "inn", Type: Text, Column: "inn", Translatable: true, Required: true, Min: 2, Max: 160},
			{Name: "form", Type: Text, Column: "form", Translatable: true, Max: 200},
			{Name: "dosage", Type: Text, Column: "dosage", Translatable: true, Max: 200},
			{Name: "manufacturer", Type: Text, Column: "manufacturer", Max: 200},
			{Name: "country", Type: Text, Column: "country", Translatable: true, Max: 100},
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
			{Name: "indications", Type: LongText, Column: "indications", Translatable: true, Max: 20000},
			{Name: "contraindications", Type: LongText, Column: "contraindications", Translatable: true, Max: 20000},
		},
		TagsQuery: `
			SELECT ARRAY['product:' || $1::bigint, 'products']`,
		SearchQuery: `
			SELECT 'drug' AS type, $1::bigint AS id`,
	},
	postKind("article", "article"),
	postKind("news", "news-item"),
	{
		// Press mentions have no page of their own: /press lists them
		// (title, date, the publication as author, summary).
		Name: "press", Table: "posts", Scope: "kind = 'press'", Title: "title_ru", Route: "press",
		Fields: []Field{
			{Name: "title", Type: Text, Column: "title", Translatable: true, Required: true, Min: 3, Max: 200},
			{Name: "author", Type: Text, Column: "author", Translatable: true, Required: true, Max: 200},
			{Name: "summary", Type: LongText, Column: "summary", Translatable: true, Required: true, Max: 1000},
		},
		TagsQuery: `
			SELECT ARRAY['posts:press'] WHERE $1::bigint IS NOT NULL`,
		SearchQuery: noSearch,
		Create:      createPost("press"),
		Reveal:      revealPost,
		Delete:      deletePost,
	},
	{
		Name: "promotion", Table: "promotions", Title: "title_ru", Route: "promotion", Param: "slug",
		Fields: []Field{
			{Name: "title", Type: Text, Column: "title", Translatable: true, Required: true, Min: 3, Max: 200},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
			{Name: "oldPrice", Type: Price, Column: "old_price", Required: true},
			{Name: "newPrice", Type: Price, Column: "new_price", Required: true, UpTo: "oldPrice", UpToMessage: "editor.error.newPrice"},
			{Name: "startsOn", Type: Date, Column: "starts_on", Required: true, UpTo: "endsOn", UpToMessage: "editor.error.dateOrder"},
			{Name: "endsOn", Type: Date, Column: "ends_on", Required: true},
		},
		TagsQuery: `
			SELECT ARRAY['promotion:' || $1::bigint, 'promotions', 'clinic:' || clinic_id]
			FROM promotions
			WHERE id = $1`,
		SearchQuery: noSearch,
	},
	serviceKind("service", "service", "service"),
	serviceKind("diagnostic", "diagnostic", "diagnostics"),
	serviceKind("analysis", "analysis", "analysis"),
	{
		Name: "info", Table: "info_pages", Title: "title_ru", RouteColumn: "slug",
		Fields: []Field{
			{Name: "title", Type: Text, Column: "title", Translatable: true, Required: true, Min: 2, Max: 160},
			{Name: "body", Type: RichText, Column: "body", Translatable: true, Required: true, Max: 100000},
		},
		TagsQuery: `
			SELECT ARRAY['info:' || slug]
			FROM info_pages
			WHERE id = $1`,
		SearchQuery: `
			SELECT '' AS type, 0::bigint AS id WHERE false AND $1::bigint IS NOT NULL`,
	},
	{
		Name: "faq", Table: "faq_items", Title: "question_ru", Route: "faq",
		Fields: []Field{
			{Name: "question", Type: Text, Column: "question", Translatable: true, Required: true, Min: 5, Max: 300},
			{Name: "answer", Type: RichText, Column: "answer", Translatable: true, Required: true, Max: 5000},
		},
		TagsQuery: `
			SELECT ARRAY['faq'] WHERE $1::bigint IS NOT NULL`,
		Create: `
			INSERT INTO faq_items (position, question_ru, question_uz, answer_ru, answer_uz, published)
			SELECT coalesce(max(position), 0) + 1, '', '', '', '', false
			FROM faq_items
			RETURNING id`,
		Reveal: `
			UPDATE faq_items
			SET published = true
			WHERE id = $1`,
		Delete: `
			DELETE FROM faq_items
			WHERE id = $1`,
		SearchQuery: `
			SELECT '' AS type, 0::bigint AS id WHERE false AND $1::bigint IS NOT NULL`,
	},
}

// noSearch is the SearchQuery of kinds the search index does not hold.
const noSearch = `
	SELECT '' AS type, $1::bigint AS id
	WHERE false`

// knowledgeFields are the fields of a disease or a symptom.
func knowledgeFields() []Field {
	return []Field{
		{Name: "name", Type: Text, Column: "name", Translatable: true, Required: true, Min: 2, Max: 160},
		{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
		{Name: "description", Type: LongText, Column: "description", Translatable: true, Required: true, Max: 20000},
	}
}

// knowledgeTags is the TagsQuery of the diseases or symptoms (list): the
// list and the entry's page, by its slug.
func knowledgeTags(list string) string {
	return `
			SELECT ARRAY['` + list + `', '` + list + `:' || slug]
			FROM ` + list + `
			WHERE id = $1`
}

// postKind is the kind of the posts of one kind (article, news), shown on
// route.
func postKind(kind, route string) Kind {
	return Kind{
		Name: kind, Table: "posts", Scope: "kind = '" + kind + "'", Title: "title_ru", Route: route, Param: "slug",
		Fields: []Field{
			{Name: "title", Type: Text, Column: "title", Translatable: true, Required: true, Min: 3, Max: 200},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 120},
			{Name: "summary", Type: LongText, Column: "summary", Translatable: true, Max: 1000},
			{Name: "body", Type: RichText, Column: "body", Translatable: true, Required: true, Max: 100000},
			{Name: "author", Type: Text, Column: "author", Translatable: true, Max: 200},
		},
		TagsQuery: `
			SELECT ARRAY['post:' || $1::bigint, 'posts:` + kind + `']`,
		SearchQuery: noSearch,
		Create:      createPost(kind),
		Reveal:      revealPost,
		Delete:      deletePost,
	}
}

// createPost is the Create of the posts of kind: a placeholder slug (the
// form proposes one from the title) and today's date.
func createPost(kind string) string {
	return `
			INSERT INTO posts (kind, slug, title_ru, title_uz, body_ru, body_uz, published_on, published)
			VALUES ('` + kind + `', 'new-' || gen_random_uuid(), '', '', '', '', (now() AT TIME ZONE 'Asia/Tashkent')::date, false)
			RETURNING id`
}

// revealPost dates a post on its first publication and forgets the slugs
// it had while hidden (no visitor ever saw them).
const revealPost = `
			WITH first AS (
				UPDATE posts
				SET published = true, published_on = (now() AT TIME ZONE 'Asia/Tashkent')::date
				WHERE id = $1 AND NOT published
				RETURNING id, kind
			)
			DELETE FROM slug_history h
			USING first
			WHERE h.entity = first.kind AND h.entity_id = first.id`

const deletePost = `
			DELETE FROM posts
			WHERE id = $1`

// serviceKind is the kind of the services of one kind (service,
// diagnostic, analysis), shown on route, indexed by search as searchType.
func serviceKind(kind, route, searchType string) Kind {
	return Kind{
		Name: kind, Table: "services", Scope: "kind = '" + kind + "'", Title: "name_ru", Route: route, Param: "slug",
		Fields: []Field{
			{Name: "name", Type: Text, Column: "name", Translatable: true, Required: true, Min: 2, Max: 200},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 120},
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
			{Name: "preparation", Type: LongText, Column: "preparation", Translatable: true, Max: 20000},
		},
		TagsQuery: `
			SELECT ARRAY['service:' || $1::bigint, 'services:` + kind + `']`,
		SearchQuery: `
			SELECT '` + searchType + `' AS type, $1::bigint AS id`,
	}
}

// scoped is " AND (Scope)" for a scoped kind, else "".
func (k Kind) scoped() string {
	if k.Scope == "" {
		return ""
	}
	return "\n  AND (" + k.Scope + ")"
}

// KindNamed finds a kind by name.
func KindNamed(name string) (Kind, bool) {
	i := slices.IndexFunc(Kinds, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		return Kind{}, false
	}
	return Kinds[i], true
}

// columns are the table columns of k's column fields, in order, with the
// field and language each one holds.
func (k Kind) columns() (cols []string, field []Field, lang []string) {
	for _, f := range k.Fields {
		switch {
		case f.Type == Refs, f.Type == Rows:
		case f.Translatable:
			cols = append(cols, f.Column+"_ru", f.Column+"_uz")
			field = append(field, f, f)
			lang = append(lang, "ru", "uz")
		default:
			cols = append(cols, f.Column)
			field = append(field, f)
			lang = append(lang, "")
		}
	}
	return cols, field, lang
}

// tags runs k.TagsQuery for id.
func (k Kind) tags(ctx context.Context, q sqlx.QueryerContext, id int64) ([]string, error) {
	var tags pq.StringArray
	if err := sqlx.GetContext(ctx, q, &tags, k.TagsQuery, id); err != nil {
		return nil, fmt.Errorf("editorial: tags of %s %d: %w", k.Name, id, err)
	}
	return tags, nil
}

// searchEntities runs k.SearchQuery for id.
func (k Kind) searchEntities(ctx context.Context, q sqlx.QueryerContext, id int64) ([]search.Entity, error) {
	var out []search.Entity
	if err := sqlx.SelectContext(ctx, q, &out, k.SearchQuery, id); err != nil {
		return nil, fmt.Errorf("editorial: search entries of %s %d: %w", k.Name, id, err)
	}
	return out, nil
}

// slugColumn is k's slug column, or "" for a kind without slugs.
func (k Kind) slugColumn() string {
	for _, f := range k.Fields {
		if f.Type == Slug {
			return f.Column
		}
	}
	return ""
}
