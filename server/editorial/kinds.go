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
	// name_ru, name_uz).
	Join, Owner, Ref, RefTable string
}

// Kind describes one kind of entity.
type Kind struct {
	// Name is the kind's name in URLs and revisions ("doctor"); its label
	// is the dictionary's "editor.kind.<Name>".
	Name  string
	Table string
	// Title is the column listed and searched (Russian).
	Title string
	// Route is the route of the entity's page, with its slug as the
	// "slug" parameter; Regional routes take a region (none in preview).
	Route string
	// Param is the route's parameter holding the slug.
	Param  string
	Fields []Field
	// TagsQuery returns the cache tags of every page showing entity $1
	// (run before and after a change: a doctor leaving a specialty
	// leaves its listing).
	TagsQuery string
	// SearchQuery returns the search index entries (entity_type,
	// entity_id) showing entity $1, reindexed on publication (run before
	// and after the change, like TagsQuery).
	SearchQuery string
}

// Kinds are the entity kinds the editor edits, in menu order.
var Kinds = []Kind{
	{
		Name: "doctor", Table: "doctors", Title: "full_name_ru", Route: "doctor", Param: "slug",
		Fields: []Field{
			{Name: "name", Type: Text, Column: "full_name", Translatable: true, Required: true, Min: 3, Max: 120},
			{Name: "slug", Type: Slug, Column: "slug", Required: true, Min: 3, Max: 80},
			{Name: "specialties", Type: Refs, Required: true, Join: "doctor_specialties", Owner: "doctor_id", Ref: "specialty_id", RefTable: "specialties"},
			{Name: "category", Type: Text, Column: "category", Translatable: true, Max: 120},
			{Name: "biography", Type: LongText, Column: "description", Translatable: true, Required: true, Max: 20000},
			{Name: "photo", Type: Image, Column: "photo", Nullable: true, Max: 500},
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
			{Name: "description", Type: LongText, Column: "description", Translatable: true, Max: 20000},
			{Name: "logo", Type: Image, Column: "logo", Nullable: true, Max: 500},
		},
		TagsQuery: `
			SELECT ARRAY['clinic:' || $1::bigint, 'clinics']`,
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
		case f.Type == Refs:
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
