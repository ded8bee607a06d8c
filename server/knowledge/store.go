package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"sogliq/server/derrors"
)

// Kind names one of the two entity tables.
type Kind string

// The two kinds of knowledge entries.
const (
	Diseases Kind = "diseases"
	Symptoms Kind = "symptoms"
)

// Index lists every entry of kind in lang, ordered by name. The order is
// code-point order with digraphs kept together, the same on every server:
// Cyrillic and Latin both come out alphabetical.
func (s *Store) Index(ctx context.Context, kind Kind, lang string) ([]Entry, error) {
	var es []Entry
	// kind is one of two constants, never request input.
	q := `
		SELECT id, slug, pick_lang($1, name_ru, name_uz) AS name
		FROM ` + string(kind) + `
		ORDER BY pick_lang($1, name_ru, name_uz) COLLATE "C", id`
	if err := s.db.SelectContext(ctx, &es, q, lang); err != nil {
		return nil, fmt.Errorf("knowledge.Index(%s, %q): %w", kind, lang, err)
	}
	return es, nil
}

// BySlug returns the entry of kind with slug in lang, or an error wrapping
// derrors.NotFound.
func (s *Store) BySlug(ctx context.Context, kind Kind, slug, lang string) (Article, error) {
	var a Article
	q := `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name,
			pick_lang($2, description_ru, description_uz) AS description
		FROM ` + string(kind) + `
		WHERE slug = $1`
	err := s.db.GetContext(ctx, &a, q, slug, lang)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Article{}, fmt.Errorf("knowledge.BySlug(%s, %q): %w", kind, slug, err)
	}
	return a, nil
}

// SymptomsOf returns the symptoms of a disease in lang, by Russian name.
func (s *Store) SymptomsOf(ctx context.Context, diseaseID int64, lang string) ([]Entry, error) {
	es := []Entry{}
	const q = `
		SELECT s.id, s.slug, pick_lang($2, s.name_ru, s.name_uz) AS name
		FROM disease_symptoms ds
		JOIN symptoms s ON s.id = ds.symptom_id
		WHERE ds.disease_id = $1
		ORDER BY s.name_ru, s.id`
	if err := s.db.SelectContext(ctx, &es, q, diseaseID, lang); err != nil {
		return nil, fmt.Errorf("knowledge.SymptomsOf(%d): %w", diseaseID, err)
	}
	return es, nil
}

// DiseasesOf returns the diseases a symptom may point to in lang, by
// Russian name.
func (s *Store) DiseasesOf(ctx context.Context, symptomID int64, lang string) ([]Entry, error) {
	es := []Entry{}
	const q = `
		SELECT d.id, d.slug, pick_lang($2, d.name_ru, d.name_uz) AS name
		FROM disease_symptoms ds
		JOIN diseases d ON d.id = ds.disease_id
		WHERE ds.symptom_id = $1
		ORDER BY d.name_ru, d.id`
	if err := s.db.SelectContext(ctx, &es, q, symptomID, lang); err != nil {
		return nil, fmt.Errorf("knowledge.DiseasesOf(%d): %w", symptomID, err)
	}
	return es, nil
}

// SpecialtyIDs returns the specialties treating any of the diseases, most
// often named first (then by id), so a symptom's page leads first to the
// specialists of its likeliest causes.
func (s *Store) SpecialtyIDs(ctx context.Context, diseaseIDs []int64) ([]int64, error) {
	ids := []int64{}
	const q = `
		SELECT specialty_id
		FROM disease_specialties
		WHERE disease_id = ANY($1)
		GROUP BY specialty_id
		ORDER BY count(*) DESC, specialty_id`
	if err := s.db.SelectContext(ctx, &ids, q, pq.Array(diseaseIDs)); err != nil {
		return nil, fmt.Errorf("knowledge.SpecialtyIDs(%v): %w", diseaseIDs, err)
	}
	return ids, nil
}
