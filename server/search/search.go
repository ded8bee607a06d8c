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
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/api"
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

// Query limits: a query of MinQuery characters or fewer is not searched
// (SPEC §5: one character is not searched; limits.json's suggestMinChars);
// a longer one than MaxQuery is refused; only its first MaxWords distinct
// words are searched (a repeated or endless query costs no more than a
// short one).
var MinQuery = shared.MustReadLimits().SuggestMinChars

// MaxQuery bounds a query (see MinQuery).
var MaxQuery = shared.MustReadLimits().SearchQueryMax

// MaxWords bounds the words searched (see MinQuery).
const MaxWords = 6

// maxFuzzyKey is the longest key matched by similarity: a long key has
// many trigrams, and its candidate set grows with them.
const maxFuzzyKey = 32

// Hit is one matching entity, named in both languages as the search index
// holds it: the lexicon keeps its entries in memory and matches queries
// typed in either, so a hit is put in the visitor's language only when an
// answer is built (Suggestions; lists are cached per language).
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
	// Variant is the 1-based position of the query key that matched
	// (QueryKeys: the query as typed before its wrong-layout reading).
	Variant int `db:"variant"`
}

// Name returns the hit's name in lang.
func (h Hit) Name(lang string) string { return i18n.Pick(lang, h.NameRu, h.NameUz) }

// Description returns the hit's description in lang.
func (h Hit) Description(lang string) string {
	return i18n.Pick(lang, h.DescriptionRu, h.DescriptionUz)
}

// Concurrency bounds: at most MaxConcurrent uncached searches run at once
// on one Store; a search that finds no free slot waits up to its caller's
// wait (APIWait, PageWait) and then fails with ErrBusy. Each search has
// Timeout to finish.
const (
	MaxConcurrent = 4
	APIWait       = 250 * time.Millisecond
	PageWait      = 2 * time.Second
	Timeout       = 2 * time.Second
)

// ErrBusy is the error of a search that found every slot taken: the API
// answers it 503 with Retry-After, the results page with the 503 page.
var ErrBusy = &api.Error{Status: fiber.StatusServiceUnavailable, Key: "search.busy", RetryAfter: time.Second}

// Store runs searches.
type Store struct {
	db    *sqlx.DB
	slots chan struct{}
	lex   lexiconCache
	// suggest is the suggestion query, prepared on first use: planning the
	// statement costs as much as running it, and a prepared statement's
	// generic plan is reused per connection.
	suggest     *sqlx.Stmt
	suggestOnce sync.Mutex
	// Searched, when set, is told of every search of the results page (its
	// first page, all types): the query, language, region and how many
	// results it found. It must not block (analytics buffers it).
	Searched func(q, lang string, regionID int64, results int)
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store {
	return &Store{db: db, slots: make(chan struct{}, MaxConcurrent)}
}

// Hold takes a search slot as a search does (tests fill the slots with it).
func (s *Store) Hold(ctx context.Context) (release func(), err error) {
	return s.acquire(ctx, APIWait)
}

// acquire takes a search slot, waiting at most wait; release gives it back.
func (s *Store) acquire(ctx context.Context, wait time.Duration) (release func(), err error) {
	release = func() { <-s.slots }
	select {
	case s.slots <- struct{}{}:
		return release, nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return release, nil
	case <-t.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

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
		WHERE length(v.k) BETWEEN ` + minFuzzy + ` AND $4
			AND (SELECT count(DISTINCT (entity_type, entity_id)) FROM pre) < $3
	), m AS (
		SELECT DISTINCT ON (entity_type, entity_id)
			key, entity_type, entity_id, region_id, popularity,
			` + rankCase + ` AS rank,
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
		t.image, top.region_id, top.popularity, top.rank, 0 AS total, 0 AS n, top.variant
	FROM top
	JOIN search_terms t ON t.key = top.key AND t.entity_type = top.entity_type AND t.entity_id = top.entity_id
	ORDER BY top.pos`

// rankCase is a match's rank: 0 a name equals the key k, 1 a name
// starts with it, 2 a later word does, 3 similar (see matches). A
// clinic's prefix matches are all rank 1: a brand's branches are named
// "Клиника «Дармон»", "«Darmon» klinikasi", "Медицинский центр «Дармон»",
// and the visitor's region, not the wording, decides among them.
const rankCase = `CASE
				WHEN entity_type = 'clinic' AND key >= k AND key < k || '{' THEN 1
				WHEN key = k AND whole THEN 0
				WHEN key >= k AND key < k || '{' AND whole THEN 1
				WHEN key >= k AND key < k || '{' THEN 2
				ELSE 3
			END`

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
		WHERE length(v.k) BETWEEN ` + minFuzzy + ` AND $6
	), m AS (
		SELECT DISTINCT ON (entity_type, entity_id)
			entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
			image, region_id, popularity,
			` + rankCase + ` AS rank,
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

// Suggest returns at most limit matches of keys (QueryKeys), best first,
// waiting at most APIWait for a search slot.
func (s *Store) Suggest(ctx context.Context, keys []string, regionID int64, limit int) ([]Hit, error) {
	return s.suggestHits(ctx, keys, regionID, limit, true)
}

// suggest is Suggest; without fuzzy, similar names are not looked for (the
// lexicon already read the whole query, and they would rank after it).
func (s *Store) suggestHits(ctx context.Context, keys []string, regionID int64, limit int, fuzzy bool) ([]Hit, error) {
	hits := []Hit{}
	if len(keys) == 0 {
		return hits, nil
	}
	release, err := s.acquire(ctx, APIWait)
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	stmt, err := s.suggestStmt(ctx)
	if err != nil {
		return nil, fmt.Errorf("search.Suggest(%q): %w", keys, err)
	}
	longest := maxFuzzyKey
	if !fuzzy {
		longest = 0
	}
	if err := stmt.SelectContext(ctx, &hits, pq.Array(keys), regionID, limit, longest); err != nil {
		return nil, fmt.Errorf("search.Suggest(%q): %w", keys, err)
	}
	return hits, nil
}

// Find returns the matches of keys for a results page with counts per
// type: with typ empty, the first limit hits of every type; with typ set,
// that type's hits from offset, limit of them. counts holds every type's
// number of matches.
func (s *Store) Find(ctx context.Context, keys []string, regionID int64, typ string, offset, limit int) (hits []Hit, counts map[string]int, err error) {
	f, err := s.find(ctx, keys, regionID, typ, offset, limit, true)
	return f.hits, f.counts, err
}

// found is what find returns: the hits asked for, every type's count and
// best match (its first hit).
type found struct {
	hits   []Hit
	counts map[string]int
	best   map[string]Hit
}

// find is Find; without fuzzy, no similar names (the query as typed, when
// the visitor asked for it uncorrected).
func (s *Store) find(ctx context.Context, keys []string, regionID int64, typ string, offset, limit int, fuzzy bool) (found, error) {
	f := found{counts: map[string]int{}, best: map[string]Hit{}}
	longest := maxFuzzyKey
	if !fuzzy {
		longest = 0
	}
	hits, counts, err := f.hits, f.counts, error(nil)
	if len(keys) == 0 {
		return f, nil
	}
	release, err := s.acquire(ctx, PageWait)
	if err != nil {
		return f, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	q := matches + `
	SELECT * FROM (
		SELECT entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
			image, region_id, popularity, rank, variant,
			count(*) OVER (PARTITION BY entity_type) AS total,
			row_number() OVER (PARTITION BY entity_type ORDER BY ` + order + `) AS n
		FROM m
	) x
	WHERE n = 1
		OR ($3 = '' AND n <= $5)
		OR (entity_type = $3 AND n > $4 AND n <= $4 + $5)
	ORDER BY entity_type, n`
	var rows []Hit
	if err := s.db.SelectContext(ctx, &rows, q, pq.Array(keys), regionID, typ, offset, limit, longest); err != nil {
		return f, fmt.Errorf("search.Find(%q, %q): %w", keys, typ, err)
	}
	for _, h := range rows {
		counts[h.Type] = h.Total
		if h.N == 1 {
			f.best[h.Type] = h
		}
		if typ == "" && h.N <= limit || typ == h.Type && h.N > offset && h.N <= offset+limit {
			hits = append(hits, h)
		}
	}
	f.hits = hits
	return f, nil
}
