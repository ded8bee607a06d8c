package search

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Popularity bases put the types in the order a visitor most likely means
// when two names match equally well: a specialty, then a service, analysis
// or diagnostic, then a clinic, then a doctor, then a medicine. Within a
// type the entity's own popularity (doctors of a specialty, clinics
// offering a service, a clinic's reviews, a doctor's popularity) decides.
const (
	baseSpecialty = 4_000_000_000
	baseService   = 3_000_000_000
	baseClinic    = 2_000_000_000
	baseDoctor    = 1_000_000_000
)

// maxSuffixWords bounds the later-word rows of one name.
const maxSuffixWords = 6

// entity is one searchable thing as Reindex reads it.
type entity struct {
	Type          string         `db:"entity_type"`
	ID            int64          `db:"entity_id"`
	Slug          string         `db:"slug"`
	NameRu        string         `db:"name_ru"`
	NameUz        string         `db:"name_uz"`
	DescriptionRu string         `db:"description_ru"`
	DescriptionUz string         `db:"description_uz"`
	Image         string         `db:"image"`
	RegionID      sql.NullInt64  `db:"region_id"`
	Popularity    int64          `db:"popularity"`
	Extra         pq.StringArray `db:"extra"`
}

// entitiesQuery reads every searchable entity with its display columns;
// extra are further names (a medicine's active substance and category:
// "витамины" finds the vitamins) that match as later words do.
const entitiesQuery = `
	SELECT 'doctor_specialty' AS entity_type, s.id AS entity_id, s.slug, s.name_ru, s.name_uz,
		'' AS description_ru, '' AS description_uz, '' AS image, NULL::bigint AS region_id,
		$1 + (SELECT count(*) FROM doctor_specialties ds WHERE ds.specialty_id = s.id) + s.popularity AS popularity,
		'{}'::text[] AS extra
	FROM specialties s
	UNION ALL
	SELECT 'clinic', c.id, c.slug, c.name_ru, c.name_uz, c.address_ru, c.address_uz,
		coalesce(c.logo, c.photos[1], ''), c.region_id, $2 + c.review_count + c.popularity, '{}'::text[]
	FROM clinics c
	UNION ALL
	SELECT 'doctor', d.id, d.slug, d.full_name_ru, d.full_name_uz,
		concat_ws(' · ',
			(SELECT string_agg(s.name_ru, ', ' ORDER BY s.name_ru) FROM doctor_specialties ds JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = d.id),
			(SELECT c.name_ru FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE dc.doctor_id = d.id ORDER BY dc.clinic_id LIMIT 1)),
		concat_ws(' · ',
			(SELECT string_agg(s.name_uz, ', ' ORDER BY s.name_uz) FROM doctor_specialties ds JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = d.id),
			(SELECT c.name_uz FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE dc.doctor_id = d.id ORDER BY dc.clinic_id LIMIT 1)),
		coalesce(d.photo, ''), d.region_id, $3 + d.popularity, '{}'::text[]
	FROM doctors d
	UNION ALL
	SELECT CASE s.kind WHEN 'diagnostic' THEN 'diagnostics' ELSE s.kind END, s.id, s.slug, s.name_ru, s.name_uz,
		n.clinics::text, n.clinics::text, '', NULL, $4 + n.clinics + s.popularity, '{}'::text[]
	FROM services s
	CROSS JOIN LATERAL (
		SELECT count(DISTINCT cs.clinic_id) AS clinics
		FROM clinic_services cs
		WHERE cs.service_id = s.id
			OR cs.service_id IN (SELECT c.id FROM services c WHERE c.parent_id = s.id)
	) n
	UNION ALL
	SELECT 'drug', p.id, p.slug, p.name_ru, p.name_uz, p.inn_ru, p.inn_uz, coalesce(p.image, ''), NULL, 0,
		ARRAY[p.inn_ru, p.inn_uz, pc.name_ru, pc.name_uz]
	FROM products p
	JOIN product_categories pc ON pc.id = p.category_id`

// Reindex rebuilds search_terms from the entities, in tx. The seeder calls
// it after writing; `server search-reindex` after any other change. The
// caller then purges the suggestion cache (Suggester.Purge).
func Reindex(ctx context.Context, tx *sqlx.Tx) error {
	syn, err := synonyms(ctx, tx)
	if err != nil {
		return err
	}
	var all []entity
	if err := tx.SelectContext(ctx, &all, entitiesQuery, baseSpecialty, baseClinic, baseDoctor, baseService); err != nil {
		return fmt.Errorf("search.Reindex: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM search_terms"); err != nil {
		return fmt.Errorf("search.Reindex: %w", err)
	}
	return writeTerms(ctx, tx, all, syn)
}

// writeTerms copies the terms of entities into search_terms.
func writeTerms(ctx context.Context, tx *sqlx.Tx, all []entity, syn []synonym) error {
	const copyTerms = `
		COPY search_terms (entity_type, entity_id, key, whole, slug,
		                   name_ru, name_uz, description_ru, description_uz, image, region_id, popularity)
		FROM STDIN`
	stmt, err := tx.PrepareContext(ctx, copyTerms)
	if err != nil {
		return fmt.Errorf("search: writing terms: %w", err)
	}
	defer stmt.Close()
	for _, e := range all {
		for _, t := range terms(e, syn) {
			if _, err := stmt.ExecContext(ctx, e.Type, e.ID, t.key, t.whole, e.Slug, e.NameRu, e.NameUz,
				e.DescriptionRu, e.DescriptionUz, e.Image, e.RegionID, e.Popularity); err != nil {
				return fmt.Errorf("search: writing terms of %s %d: %w", e.Type, e.ID, err)
			}
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		return fmt.Errorf("search: writing terms: %w", err)
	}
	return stmt.Close()
}

// popularityQuery is each entity's popularity exactly as entitiesQuery
// computes it (keep the two together), for RefreshPopularity.
const popularityQuery = `
	SELECT 'doctor_specialty' AS entity_type, s.id AS entity_id,
		$1::bigint + (SELECT count(*) FROM doctor_specialties ds WHERE ds.specialty_id = s.id) + s.popularity AS popularity
	FROM specialties s
	UNION ALL
	SELECT 'clinic', c.id, $2::bigint + c.review_count + c.popularity
	FROM clinics c
	UNION ALL
	SELECT 'doctor', d.id, $3::bigint + d.popularity
	FROM doctors d
	UNION ALL
	SELECT CASE s.kind WHEN 'diagnostic' THEN 'diagnostics' ELSE s.kind END, s.id,
		$4::bigint + s.popularity + (
			SELECT count(DISTINCT cs.clinic_id)
			FROM clinic_services cs
			WHERE cs.service_id = s.id
				OR cs.service_id IN (SELECT c.id FROM services c WHERE c.parent_id = s.id))
	FROM services s`

// RefreshPopularity copies the entities' popularity into search_terms
// without rebuilding it (analytics recomputes popularity hourly); it
// returns how many rows changed. The caller purges the suggestion cache
// when any did.
func RefreshPopularity(ctx context.Context, tx *sqlx.Tx) (int64, error) {
	const q = `
		UPDATE search_terms t
		SET popularity = p.popularity
		FROM (` + popularityQuery + `) p
		WHERE t.entity_type = p.entity_type
			AND t.entity_id = p.entity_id
			AND t.popularity <> p.popularity`
	res, err := tx.ExecContext(ctx, q, baseSpecialty, baseClinic, baseDoctor, baseService)
	if err != nil {
		return 0, fmt.Errorf("search.RefreshPopularity: %w", err)
	}
	return res.RowsAffected()
}

// Entity names one searchable entity: Type as search_terms has it
// ("doctor", "clinic", "doctor_specialty", ...) and its ID; ID 0 stands
// for every entity of the type.
type Entity struct {
	Type string `db:"type"`
	ID   int64  `db:"id"`
}

// ReindexEntities rebuilds the search_terms rows of the entities named, in
// tx: what an editor's publication changed, without the whole rebuild.
// The caller then purges the suggestion cache, as after Reindex.
func ReindexEntities(ctx context.Context, tx *sqlx.Tx, named []Entity) error {
	var allOf, types []string
	var ids []int64
	for _, e := range named {
		if e.ID == 0 {
			allOf = append(allOf, e.Type)
		} else {
			types, ids = append(types, e.Type), append(ids, e.ID)
		}
	}
	syn, err := synonyms(ctx, tx)
	if err != nil {
		return err
	}
	const chosen = `
		(entity_type = ANY($5::text[])
		 OR (entity_type, entity_id) IN (SELECT * FROM unnest($6::text[], $7::bigint[])))`
	var all []entity
	q := "SELECT * FROM (" + entitiesQuery + ") e\nWHERE " + chosen
	if err := tx.SelectContext(ctx, &all, q, baseSpecialty, baseClinic, baseDoctor, baseService,
		pq.Array(allOf), pq.Array(types), pq.Array(ids)); err != nil {
		return fmt.Errorf("search.ReindexEntities: %w", err)
	}
	del := "DELETE FROM search_terms\nWHERE " + strings.NewReplacer("$5", "$1", "$6", "$2", "$7", "$3").Replace(chosen)
	if _, err := tx.ExecContext(ctx, del, pq.Array(allOf), pq.Array(types), pq.Array(ids)); err != nil {
		return fmt.Errorf("search.ReindexEntities: %w", err)
	}
	return writeTerms(ctx, tx, all, syn)
}

// ReindexDB runs Reindex in its own transaction.
func ReindexDB(ctx context.Context, db *sqlx.DB) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("search.ReindexDB: %w", err)
	}
	defer tx.Rollback()
	if err := Reindex(ctx, tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("search.ReindexDB: %w", err)
	}
	// VACUUM sets the visibility map: the suggestion query scans an index only.
	if _, err := db.ExecContext(ctx, "VACUUM ANALYZE search_terms"); err != nil {
		return fmt.Errorf("search.ReindexDB: %w", err)
	}
	return nil
}

// synonym is a pair of keys that stand for each other.
type synonym struct{ from, to string }

// synonyms reads search_synonyms as key pairs, each pair both ways.
func synonyms(ctx context.Context, tx *sqlx.Tx) ([]synonym, error) {
	var rows []struct {
		Term    string `db:"term"`
		Synonym string `db:"synonym"`
	}
	if err := tx.SelectContext(ctx, &rows, `SELECT term, synonym FROM search_synonyms`); err != nil {
		return nil, fmt.Errorf("search.synonyms: %w", err)
	}
	var out []synonym
	for _, r := range rows {
		a, b := Key(r.Term), Key(r.Synonym)
		if a != "" && b != "" && a != b {
			out = append(out, synonym{a, b}, synonym{b, a})
		}
	}
	return out, nil
}

// term is one search_terms row of an entity.
type term struct {
	key   string
	whole bool
}

// terms returns the distinct keys of e: each name whole, with its synonym
// spellings, and each from its later words on; extra names as later words.
func terms(e entity, syn []synonym) []term {
	seen := map[string]bool{} // key → whole
	var order []string
	add := func(k string, whole bool) {
		if k == "" {
			return
		}
		if w, ok := seen[k]; !ok {
			order = append(order, k)
			seen[k] = whole
		} else if whole && !w {
			seen[k] = true
		}
	}
	addName := func(k string, whole bool) {
		add(k, whole)
		words := strings.Fields(k)
		for i := 1; i < len(words) && i <= maxSuffixWords; i++ {
			add(strings.Join(words[i:], " "), false)
		}
	}
	for _, name := range []string{e.NameRu, e.NameUz} {
		k := Key(name)
		addName(k, true)
		if strings.Contains(name, "-") {
			// "Но-шпа" is typed "ношпа" too.
			addName(Key(strings.ReplaceAll(name, "-", "")), true)
		}
		for _, s := range syn {
			if padded := " " + k + " "; strings.Contains(padded, " "+s.from+" ") {
				addName(strings.TrimSpace(strings.Replace(padded, " "+s.from+" ", " "+s.to+" ", 1)), true)
			}
		}
	}
	for _, name := range e.Extra {
		addName(Key(name), false)
	}
	out := make([]term, len(order))
	for i, k := range order {
		out[i] = term{k, seen[k]}
	}
	return out
}
