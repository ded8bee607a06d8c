package knowledge_test

import (
	"context"
	"slices"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/knowledge"
)

// TestUzbekFallsBackToRussian: a disease and a symptom not yet translated
// into Uzbek read as their Russian texts in Uzbek (pick_lang), in every
// reader a page uses; a translated one stays Uzbek.
func TestUzbekFallsBackToRussian(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := knowledge.NewStore(db)
	var x struct {
		Disease, Symptom                 int64
		Slug, NameRu, AboutRu, SymptomRu string
	}
	if err := db.Get(&x, `
		SELECT d.id AS disease, d.slug, d.name_ru AS nameru, d.description_ru AS aboutru,
			s.id AS symptom, s.name_ru AS symptomru
		FROM diseases d
		JOIN disease_symptoms ds ON ds.disease_id = d.id
		JOIN symptoms s ON s.id = ds.symptom_id
		ORDER BY d.id, s.id
		LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE diseases SET name_uz = '', description_uz = '' WHERE id = $1`, x.Disease); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE symptoms SET name_uz = '' WHERE id = $1`, x.Symptom); err != nil {
		t.Fatal(err)
	}

	a, err := s.BySlug(ctx, knowledge.Diseases, x.Slug, "uz")
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != x.NameRu || a.Description != x.AboutRu {
		t.Errorf("BySlug in Uzbek: %q, %q; want the Russian %q, %q", a.Name, a.Description, x.NameRu, x.AboutRu)
	}
	symptoms, err := s.SymptomsOf(ctx, x.Disease, "uz")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(symptoms, func(e knowledge.Entry) bool { return e.ID == x.Symptom })
	if i < 0 || symptoms[i].Name != x.SymptomRu {
		t.Errorf("SymptomsOf in Uzbek: %+v; want symptom %d named %q", symptoms, x.Symptom, x.SymptomRu)
	}
	index, err := s.Index(ctx, knowledge.Diseases, "uz")
	if err != nil {
		t.Fatal(err)
	}
	var names []struct {
		ID int64
		Uz string
	}
	if err := db.Select(&names, `SELECT id, name_uz AS uz FROM diseases`); err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{}
	for _, n := range names {
		want[n.ID] = n.Uz
	}
	want[x.Disease] = x.NameRu
	if len(index) != len(want) {
		t.Fatalf("Index in Uzbek: %d diseases, want %d", len(index), len(want))
	}
	for _, e := range index {
		if e.Name != want[e.ID] {
			t.Errorf("Index in Uzbek: disease %d named %q, want %q", e.ID, e.Name, want[e.ID])
		}
	}
}
