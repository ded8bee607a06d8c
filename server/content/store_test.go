package content_test

import (
	"context"
	"testing"

	"sogliq/server/content"
	"sogliq/server/database/dbtest"
)

// TestUzbekFallsBackToRussian: a text not yet translated into Uzbek reads
// as the Russian one in Uzbek (pick_lang), in every reader a page uses;
// the texts beside it that are translated stay Uzbek.
func TestUzbekFallsBackToRussian(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := content.NewStore(db)
	for _, q := range []string{
		`UPDATE info_pages SET title_uz = '' WHERE slug = 'about-us'`,
		`UPDATE faq_items SET question_uz = '' WHERE id = (SELECT min(id) FROM faq_items WHERE published)`,
		`UPDATE posts SET title_uz = '', body_uz = '' WHERE id = (SELECT min(id) FROM posts WHERE kind = 'article' AND published)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	var info struct{ TitleRu, BodyUz string }
	if err := db.Get(&info, `SELECT title_ru AS titleru, body_uz AS bodyuz FROM info_pages WHERE slug = 'about-us'`); err != nil {
		t.Fatal(err)
	}
	p, err := s.InfoPageBySlug(ctx, "about-us", "uz")
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != info.TitleRu || p.Body != info.BodyUz || p.Body == "" {
		t.Errorf("info page in Uzbek: %q, %q; want the Russian title %q and the Uzbek body %q", p.Title, p.Body, info.TitleRu, info.BodyUz)
	}

	var faq struct{ QuestionRu string }
	if err := db.Get(&faq, `SELECT question_ru AS questionru FROM faq_items WHERE published ORDER BY position, id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	items, err := s.FAQ(ctx, "uz")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range items {
		found = found || it.Question == faq.QuestionRu
	}
	if !found {
		t.Errorf("FAQ in Uzbek lacks the untranslated question %q: %+v", faq.QuestionRu, items)
	}

	var post struct{ Slug, TitleRu, BodyRu, SummaryUz string }
	if err := db.Get(&post, `SELECT slug, title_ru AS titleru, body_ru AS bodyru, summary_uz AS summaryuz
		FROM posts WHERE kind = 'article' AND published ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	got, err := s.PostBySlug(ctx, "article", post.Slug, "uz")
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != post.TitleRu || got.Body != post.BodyRu || got.Summary != post.SummaryUz {
		t.Errorf("post in Uzbek: %q, %q, %q; want the Russian title and body beside the Uzbek summary %q", got.Title, got.Body, got.Summary, post.SummaryUz)
	}
	list, err := s.Posts(ctx, "article", 1, 1000, "uz")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range list.Posts {
		if l.Slug == post.Slug && (l.Title != post.TitleRu || l.Body != "") {
			t.Errorf("post listed in Uzbek: %+v; want the Russian title %q and no body", l, post.TitleRu)
		}
	}
}
