package site_test

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"sogliq/server/site/sitetest"
)

// TestKnowledgeAndProductPages: every disease, symptom and medicine route
// answers 200 in ru and uz, with and without a region where it takes one,
// with its content in the no-JS HTML.
func TestKnowledgeAndProductPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path     string
		lang     string
		h1       string // a part of the h1
		selector string // must match at least min nodes
		min      int
	}{
		{"/bolezn", "ru", "Справочник болезней", `.knowledge-index a[href^="/bolezn/"]`, 40},
		{"/uz/bolezn", "uz", "Kasalliklar", `.knowledge-index a[href^="/uz/bolezn/"]`, 40},
		{"/samarkand/bolezn", "ru", "Справочник болезней", `.knowledge-index a[href^="/samarkand/bolezn/"]`, 40},
		{"/uz/samarkand/bolezn", "uz", "Kasalliklar", `.knowledge-index a[href^="/uz/samarkand/bolezn/"]`, 40},
		{"/bolezn", "ru", "", `nav.letter-index a[href="#letter-413"]`, 1},      // Г for Гастрит
		{"/uz/bolezn", "uz", "", `nav.letter-index a[href="#letter-4f-27"]`, 1}, // O' for O'tkir ...
		{"/bolezn/gipertoniya", "ru", "Гипертония", "article.doctor-summary", 1},
		{"/uz/bolezn/gipertoniya", "uz", "Gipertoniya", "article.doctor-summary", 1},
		{"/fergana/bolezn/gipertoniya", "ru", "Гипертония", `.knowledge-specialties a[href="/fergana/doctors/kardiolog"]`, 1},
		{"/uz/fergana/bolezn/gipertoniya", "uz", "Gipertoniya", `.knowledge-linked a[href="/uz/fergana/simptom/golovnaya-bol"]`, 1},
		{"/bolezn/gipertoniya", "ru", "", `p.disclaimer`, 1},
		{"/simptom", "ru", "Справочник симптомов", `.knowledge-index a[href^="/simptom/"]`, 30},
		{"/uz/simptom", "uz", "belgilari", `.knowledge-index a[href^="/uz/simptom/"]`, 30},
		{"/samarkand/simptom", "ru", "Справочник симптомов", `.knowledge-index a[href^="/samarkand/simptom/"]`, 30},
		{"/uz/samarkand/simptom", "uz", "belgilari", `.knowledge-index a`, 30},
		{"/simptom/kashel", "ru", "Кашель", `.knowledge-linked a[href="/bolezn/bronhit"]`, 1},
		{"/uz/simptom/kashel", "uz", "Yo'tal", "article.doctor-summary", 1},
		{"/samarkand/simptom/kashel", "ru", "Кашель", "article.doctor-summary", 1},
		{"/uz/samarkand/simptom/kashel", "uz", "Yo'tal", `p.disclaimer`, 1},
		{"/product-list", "ru", "Все лекарства", "article.product-summary", 12},
		{"/uz/product-list", "uz", "Barcha dorilar", "article.product-summary", 12},
		{"/product-list?page=2", "ru", "Все лекарства", `nav.pagination a[rel="prev"]`, 1},
		{"/products", "ru", "Лекарства по категориям", `.product-categories a[href^="/products/"]`, 8},
		{"/uz/products", "uz", "Dorilar", `.product-categories a[href^="/uz/products/"]`, 8},
		{"/products/obezbolivayushchie", "ru", "Обезболивающие", "article.product-summary", 12},
		{"/uz/products/obezbolivayushchie", "uz", "Og'riq", `nav.pagination a[rel="next"]`, 1},
		{"/products/tag/paracetamol", "ru", "Парацетамол", "article.product-summary", 6},
		{"/uz/products/tag/bol", "uz", "Og'riq", "article.product-summary", 6},
		{"/product/panadol-500", "ru", "Панадол 500 мг", `.product-analogues article.product-summary`, 5},
		{"/uz/product/panadol-500", "uz", "Panadol 500 mg", `.product-analogues a[href="/uz/product/efferalgan-500"]`, 1},
		{"/product/panadol-500", "ru", "", `.product-facts dd`, 6},
	} {
		t.Run(test.path+" "+test.selector, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			expectPage(t, p, test.lang, test.h1)
			if title := sitetest.Text(p.One(t, "head > title")); title == "" {
				t.Error("empty title")
			}
			if got := sitetest.Attr(p.One(t, `head > meta[name="description"]`), "content"); got == "" {
				t.Error("empty description")
			}
			if got := len(p.All(t, test.selector)); got < test.min {
				t.Errorf("%d nodes match %q, want at least %d", got, test.selector, test.min)
			}
		})
	}
}

// TestDiseaseLeadsToDoctorsInRegion checks against the database that every
// doctor a disease page recommends works in the visitor's region and has a
// specialty that treats the disease.
func TestDiseaseLeadsToDoctorsInRegion(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, region, disease string }{
		{"/bolezn/gipertoniya", "tashkent", "gipertoniya"},
		{"/samarkand/bolezn/gastrit", "samarkand", "gastrit"},
		{"/uz/fergana/bolezn/orvi", "fergana", "orvi"},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			links := p.All(t, "article.doctor-summary h2 a")
			if len(links) == 0 {
				t.Fatal("no doctors recommended")
			}
			for _, a := range links {
				slug := sitetest.Attr(a, "href")
				slug = slug[strings.LastIndex(slug, "/")+1:]
				var ok bool
				err := s.DB.GetContext(context.Background(), &ok, `
					SELECT EXISTS (
						SELECT 1
						FROM doctors d
						JOIN regions r ON r.id = d.region_id
						JOIN doctor_specialties ds ON ds.doctor_id = d.id
						JOIN disease_specialties dsp ON dsp.specialty_id = ds.specialty_id
						JOIN diseases x ON x.id = dsp.disease_id
						WHERE d.slug = $1 AND r.slug = $2 AND x.slug = $3)`, slug, test.region, test.disease)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					t.Errorf("doctor %s is not a %s specialist of %s", slug, test.disease, test.region)
				}
			}
		})
	}
}

// TestKnowledgeAndProductErrors: unknown slugs are 404, bad page numbers 400.
func TestKnowledgeAndProductErrors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
	}{
		{"/bolezn/no-such-disease", 404},
		{"/uz/samarkand/bolezn/no-such-disease", 404},
		{"/simptom/no-such-symptom", 404},
		{"/uz/simptom/no-such-symptom", 404},
		{"/products/no-such-category", 404},
		{"/products/tag/no-such-tag", 404},
		{"/product/no-such-medicine", 404},
		{"/uz/product/no-such-medicine", 404},
		{"/samarkand/product/panadol-500", 404}, // medicines take no region
		{"/product-list?page=999", 404},
		{"/product-list?page=abc", 400},
		{"/products/obezbolivayushchie?page=-1", 400},
		{"/products/tag/bol?page=0", 400},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			p.One(t, ".error-page__status")
		})
	}
}

// TestRegionalSectionsKeepTheRegion: the header's links to the regional
// sections of this slice keep the visitor's region.
func TestRegionalSectionsKeepTheRegion(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	p := sitetest.Get(t, s.URL+"/uz/samarkand/doctors")
	for _, path := range []string{"/uz/samarkand/promotion", "/uz/samarkand/bolezn", "/uz/samarkand/simptom"} {
		p.One(t, `header a[href="`+path+`"], #sidebar a[href="`+path+`"], footer a[href="`+path+`"]`)
	}
}

// noCyrillic fails when the main content of an Uzbek page has Cyrillic
// letters: Uzbek is written in Latin script.
// expectPage checks what every page must have: a 200, its language, an h1
// naming h1 (case aside), and, in Uzbek, no Cyrillic in its content.
func expectPage(t *testing.T, p sitetest.Page, lang, h1 string) {
	t.Helper()
	if p.Resp.StatusCode != 200 {
		t.Fatalf("status %d, want 200", p.Resp.StatusCode)
	}
	if got := sitetest.Attr(p.One(t, "html"), "lang"); got != lang {
		t.Errorf("html lang = %q, want %q", got, lang)
	}
	if lang == "uz" {
		noCyrillic(t, p)
	}
	if got := sitetest.Text(p.One(t, "main h1")); !strings.Contains(strings.ToLower(got), strings.ToLower(h1)) {
		t.Errorf("h1 = %q, want it to contain %q", got, h1)
	}
}

func noCyrillic(t *testing.T, p sitetest.Page) {
	t.Helper()
	text := sitetest.Text(p.One(t, "main"))
	for _, r := range text {
		if unicode.Is(unicode.Cyrillic, r) {
			i := strings.IndexRune(text, r)
			t.Errorf("Cyrillic in an Uzbek page: …%s…", text[max(0, i-40):min(len(text), i+40)])
			return
		}
	}
}
