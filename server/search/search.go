// Package search finds doctors' specialties, clinics, doctors, services,
// analyses, diagnostics and medicines by name the way people in Uzbekistan
// type them: Russian or Uzbek, Cyrillic or Latin, transliterated, with the
// keyboard in the wrong layout, with a typo, inflected, or by a synonym.
//
// Matching runs in PostgreSQL on search_terms, a table of normalised keys
// (normalize.go) rebuilt by Reindex from the entities. A query is looked up
// under its own key and its wrong-layout key; rows match by prefix (a B-tree
// range on the C-collated key) or by trigram similarity (pg_trgm). Ranking:
// an exact match of a name, a prefix of a name, a prefix of a later word,
// then fuzzy matches by similarity; within each, the visitor's region first
// (entities without a region count as everywhere), then popularity.
package search

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/shared"
)

// Entity types of a suggestion (SPEC §3).
const (
	TypeSpecialty   = "doctor_specialty"
	TypeClinic      = "clinic"
	TypeDoctor      = "doctor"
	TypeService     = "service"
	TypeAnalysis    = "analysis"
	TypeDiagnostics = "diagnostics"
	TypeDrug        = "drug"
)

// Types are the entity types in the order the results page groups them.
var Types = []string{TypeSpecialty, TypeService, TypeDiagnostics, TypeAnalysis, TypeClinic, TypeDoctor, TypeDrug}

// MinQuery is the shortest query searched, in characters (SPEC §5: one
// character is not searched; limits.json's suggestMinChars).
var MinQuery = shared.MustReadLimits().SuggestMinChars

// MaxQuery is the longest query; a longer one is refused.
const MaxQuery = 200

// Hit is one matching entity.
type Hit struct {
	Type          string        `db:"entity_type"`
	ID            int64         `db:"entity_id"`
	Slug          string        `db:"slug"`
	NameRu        string        `db:"name_ru"`
	NameUz        string        `db:"name_uz"`
	DescriptionRu string        `db:"description_ru"`
	DescriptionUz string        `db:"description_uz"`
	Image         string        `db:"image"`
	RegionID      sql.NullInt64 `db:"region_id"`
	Popularity    int64         `db:"popularity"`
	Rank          int           `db:"rank"`
	Total         int           `db:"total"`
	N             int           `db:"n"`
}

// Name returns the hit's name in lang.
func (h Hit) Name(lang string) string { return i18n.Pick(lang, h.NameRu, h.NameUz) }

// Description returns the hit's description in lang.
func (h Hit) Description(lang string) string {
	return i18n.Pick(lang, h.DescriptionRu, h.DescriptionUz)
}

// Store runs searches.
type Store struct {
	db *sqlx.DB
	// suggest is the suggestion query, prepared on first use: planning the
	// statement costs as much as running it, and a prepared statement's
	// generic plan is reused per connection.
	suggest     *sqlx.Stmt
	suggestOnce sync.Mutex
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// suggestQuery is Suggest's statement: $1 the query keys, $2 the region
// id, $3 the list length. It ranks on narrow rows and reads the display
// columns of the $3 shown only. Each key takes its best candidates of
// each kind: prefix matches in final order (an index-only top-N of the
// key range), then, only when those hold fewer than $3 entities (fuzzy
// matches rank after them, so they could not show otherwise), the most
// similar keys. The answer is the same as ranking every match (matches,
// as Find does), at a bounded cost for two-letter prefixes.
const suggestQuery = `
	WITH v AS (
		SELECT k, i FROM unnest($1::text[]) WITH ORDINALITY AS u(k, i)
	), pre AS (
		SELECT c.*, v.k, v.i
		FROM v
		CROSS JOIN LATERAL (
			SELECT t.key, t.entity_type, t.entity_id, t.whole, t.region_id, t.popularity
			FROM search_terms t
			WHERE t.key >= v.k AND t.key < v.k || '{'
			ORDER BY t.key = v.k DESC, t.whole DESC, (t.region_id IS NULL OR t.region_id = $2) DESC, t.popularity DESC
			LIMIT ` + candidates + `
		) c
	), fuzzy AS (
		SELECT c.*, v.k, v.i
		FROM v
		CROSS JOIN LATERAL (
			SELECT t.key, t.entity_type, t.entity_id, t.whole, t.region_id, t.popularity
			FROM search_terms t
			WHERE t.key % v.k
				AND t.entity_type <> 'doctor'
			ORDER BY similarity(t.key, v.k) DESC
			LIMIT ` + candidates + `
		) c
		WHERE length(v.k) >= ` + minFuzzy + `
			AND (SELECT count(DISTINCT (entity_type, entity_id)) FROM pre) < $3
	), m AS (
		SELECT DISTINCT ON (entity_type, entity_id)
			key, entity_type, entity_id, region_id, popularity,
			CASE
				WHEN key = k AND whole THEN 0
				WHEN key >= k AND key < k || '{' AND whole THEN 1
				WHEN key >= k AND key < k || '{' THEN 2
				ELSE 3
			END AS rank,
			i AS variant,
			round(similarity(key, k)::numeric, 1) AS sim
		FROM (SELECT * FROM pre UNION ALL SELECT * FROM fuzzy) hit
		ORDER BY entity_type, entity_id, rank, i, sim DESC
	), top AS (
		SELECT m.*, row_number() OVER (ORDER BY ` + order + `) AS pos
		FROM m
		ORDER BY pos
		LIMIT $3
	)
	SELECT top.entity_type, top.entity_id, t.slug, t.name_ru, t.name_uz, t.description_ru, t.description_uz,
		t.image, top.region_id, top.popularity, top.rank, 0 AS total, 0 AS n
	FROM top
	JOIN search_terms t ON t.key = top.key AND t.entity_type = top.entity_type AND t.entity_id = top.entity_id
	ORDER BY top.pos`

// candidates bounds the rows one query key contributes per kind of match.
const candidates = "64"

// suggestStmt returns the prepared suggestion statement.
func (s *Store) suggestStmt(ctx context.Context) (*sqlx.Stmt, error) {
	s.suggestOnce.Lock()
	defer s.suggestOnce.Unlock()
	if s.suggest == nil {
		stmt, err := s.db.PreparexContext(ctx, suggestQuery)
		if err != nil {
			return nil, err
		}
		s.suggest = stmt
	}
	return s.suggest, nil
}

// Check validates a raw query: ok is false when it is too short to search,
// one character or less with surrounding spaces aside (not an error: SPEC
// §5 says such queries are not searched); the error wraps derrors.Invalid
// when it is too long.
func Check(q string) (ok bool, err error) {
	n := utf8.RuneCountInString(q)
	if n > MaxQuery {
		return false, fmt.Errorf("query of %d characters: %w", n, derrors.Invalid)
	}
	return utf8.RuneCountInString(strings.TrimSpace(q)) >= MinQuery, nil
}

// matches is the ranked, one-row-per-entity set of matches of the keys $1
// for region $2 (0: none): keys starting with a query key (a B-tree range:
// keys are ASCII up to 'z', so k <= key < k || '{' is "starts with k"),
// and keys similar to it (pg_trgm's %, GIN; doctors' names are matched by
// prefix only, see migration 00051). rank: 0 a name equals the
// key, 1 a name starts with it, 2 a later word does, 3 similar. i is the
// key's position: the query as typed before its wrong-layout reading.
const matches = `
	WITH v AS (
		SELECT k, i FROM unnest($1::text[]) WITH ORDINALITY AS u(k, i)
	), hit AS (
		SELECT t.*, v.k, v.i
		FROM v
		JOIN search_terms t ON t.key >= v.k AND t.key < v.k || '{'
		UNION ALL
		SELECT t.*, v.k, v.i
		FROM v
		JOIN search_terms t ON t.key % v.k AND t.entity_type <> 'doctor'
		WHERE length(v.k) >= ` + minFuzzy + `
	), m AS (
		SELECT DISTINCT ON (entity_type, entity_id)
			entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
			image, region_id, popularity,
			CASE
				WHEN key = k AND whole THEN 0
				WHEN key >= k AND key < k || '{' AND whole THEN 1
				WHEN key >= k AND key < k || '{' THEN 2
				ELSE 3
			END AS rank,
			i AS variant,
			round(similarity(key, k)::numeric, 1) AS sim
		FROM hit
		ORDER BY entity_type, entity_id, rank, i, sim DESC
	)`

// minFuzzy is the shortest key matched by similarity: a "typo" in two or
// three letters is another word, and short keys share trigrams with too
// many names.
const minFuzzy = "4"

// order is the ranking of matches.
const order = `rank, variant, CASE WHEN rank = 3 THEN sim ELSE 0 END DESC, (region_id IS NULL OR region_id = $2) DESC, popularity DESC, entity_id`

// Suggest returns at most limit matches of keys (QueryKeys), best first.
func (s *Store) Suggest(ctx context.Context, keys []string, regionID int64, limit int) ([]Hit, error) {
	hits := []Hit{}
	if len(keys) == 0 {
		return hits, nil
	}
	stmt, err := s.suggestStmt(ctx)
	if err != nil {
		return nil, fmt.Errorf("search.Suggest(%q): %w", keys, err)
	}
	if err := stmt.SelectContext(ctx, &hits, pq.Array(keys), regionID, limit); err != nil {
		return nil, fmt.Errorf("search.Suggest(%q): %w", keys, err)
	}
	return hits, nil
}

// Find returns the matches of keys for a results page with counts per
// type: with typ empty, the first limit hits of every type; with typ set,
// that type's hits from offset, limit of them. counts holds every type's
// number of matches.
func (s *Store) Find(ctx context.Context, keys []string, regionID int64, typ string, offset, limit int) (hits []Hit, counts map[string]int, err error) {
	counts = map[string]int{}
	if len(keys) == 0 {
		return nil, counts, nil
	}
	q := matches + `
	SELECT * FROM (
		SELECT entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
			image, region_id, popularity, rank,
			count(*) OVER (PARTITION BY entity_type) AS total,
			row_number() OVER (PARTITION BY entity_type ORDER BY ` + order + `) AS n
		FROM m
	) x
	WHERE n = 1
		OR ($3 = '' AND n <= $5)
		OR (entity_type = $3 AND n > $4 AND n <= $4 + $5)
	ORDER BY entity_type, n`
	var rows []Hit
	if err := s.db.SelectContext(ctx, &rows, q, pq.Array(keys), regionID, typ, offset, limit); err != nil {
		return nil, nil, fmt.Errorf("search.Find(%q, %q): %w", keys, typ, err)
	}
	for _, h := range rows {
		counts[h.Type] = h.Total
		if typ == "" && h.N <= limit || typ == h.Type && h.N > offset && h.N <= offset+limit {
			hits = append(hits, h)
		}
	}
	return hits, counts, nil
}
