package product_test

import (
	"context"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/product"
)

// TestUzbekFallsBackToRussian: a medicine whose name and description are
// not yet translated into Uzbek reads with the Russian ones in Uzbek
// (pick_lang), on its page and in its category's listing, while its
// translated texts stay Uzbek; its analogues are found by the Russian
// international name whatever the language.
func TestUzbekFallsBackToRussian(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := product.NewStore(db)
	var want struct {
		ID                  int64
		Slug, Category      string
		NameRu, DescribedRu string
		InnUz               string
		Analogues           int
	}
	if err := db.Get(&want, `
		SELECT p.id, p.slug, c.slug AS category, p.name_ru AS nameru, p.description_ru AS describedru,
			p.inn_uz AS innuz, (SELECT count(*) FROM products a WHERE a.inn_ru = p.inn_ru AND a.id <> p.id) AS analogues
		FROM products p
		JOIN product_categories c ON c.id = p.category_id
		WHERE p.inn_uz <> ''
		ORDER BY (SELECT count(*) FROM products a WHERE a.inn_ru = p.inn_ru) DESC, p.id
		LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if want.Analogues == 0 {
		t.Fatal("the seed has no medicine with an analogue; the test proves less than it says")
	}
	if _, err := db.Exec(`UPDATE products SET name_uz = '', description_uz = '' WHERE id = $1`, want.ID); err != nil {
		t.Fatal(err)
	}

	p, err := s.BySlug(ctx, want.Slug, "uz")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != want.NameRu || p.Description != want.DescribedRu || p.Inn != want.InnUz {
		t.Errorf("BySlug in Uzbek: %q, %q, %q; want the Russian %q, %q beside the Uzbek %q",
			p.Name, p.Description, p.Inn, want.NameRu, want.DescribedRu, want.InnUz)
	}
	if len(p.Analogues) != want.Analogues || p.Category.Slug != want.Category {
		t.Errorf("BySlug in Uzbek: %d analogues, category %q; want %d, %q", len(p.Analogues), p.Category.Slug, want.Analogues, want.Category)
	}

	c, err := s.CategoryBySlug(ctx, want.Category, "uz")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := s.List(ctx, product.Filter{CategoryID: c.ID, PerPage: 1000}, "uz")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, card := range pg.Products {
		if card.ID == want.ID {
			found = card.Name == want.NameRu
		}
	}
	if !found {
		t.Errorf("listing in Uzbek lacks medicine %d named %q", want.ID, want.NameRu)
	}
}
