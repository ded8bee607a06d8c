package site_test

import (
	"context"
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// one runs a query for one text value on the site's database.
func one(t *testing.T, s *sitetest.Site, query string, args ...any) string {
	t.Helper()
	var v string
	if err := s.DB.GetContext(context.Background(), &v, query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return v
}

// busiestDistrict is the district of region with the most clinics.
func busiestDistrict(t *testing.T, s *sitetest.Site, region string) string {
	t.Helper()
	return one(t, s, `
		SELECT di.slug
		FROM clinics c
		JOIN districts di ON di.id = c.district_id
		JOIN regions r ON r.id = c.region_id
		WHERE r.slug = $1
		GROUP BY di.id
		ORDER BY count(*) DESC, di.id
		LIMIT 1`, region)
}

// providerRoute is a page of the provider side, written without prefix.
type providerRoute struct {
	path     string
	h1ru     string // a part of the Russian h1
	h1uz     string // a part of the Uzbek h1
	selector string // matches at least once: the data is in the HTML
	regional bool
}

// providerRoutes are the routes on the demo data; district is a
// district of the region they are asked in.
func providerRoutes(t *testing.T, s *sitetest.Site, region string) []providerRoute {
	district := busiestDistrict(t, s, region)
	clinic := one(t, s, `
		SELECT c.slug
		FROM clinics c
		JOIN regions r ON r.id = c.region_id
		WHERE r.slug = $1
			AND EXISTS (SELECT 1 FROM doctor_clinics dc WHERE dc.clinic_id = c.id)
		ORDER BY c.id
		LIMIT 1`, region)
	return []providerRoute{
		{"/kliniki", "Клиники", "Klinikalar", ".clinic-types a.tile", true},
		{"/kliniki/kardiologiya", "Кардиология", "Kardiologiya", "article.clinic-summary h2 a", true},
		{"/kliniki/kardiologiya/" + district, "Кардиология", "Kardiologiya", "article.clinic-summary, p.empty", true},
		{"/kliniki/byalltype/all", "Все клиники", "Barcha klinikalar", "article.clinic-summary h2 a", true},
		{"/kliniki/byalltype/all?open=1&sort=name", "Все клиники", "Barcha klinikalar", "article.clinic-summary h2 a", true},
		{"/kliniki/tip-roddoma", "Роддома", "Tug'ruqxonalar", "article.clinic-summary h2 a", true},
		{"/kliniki/tip/gosudarstvennye", "Государственные", "Davlat", "article.clinic-summary h2 a", true},
		{"/kliniki/district/" + district, "", "", "article.clinic-summary h2 a", true},
		{"/klinika/" + clinic, "", "", ".clinic__doctors article.doctor-summary", false},
		{"/klinika/" + clinic + "/tseny", "", "", ".clinic__prices .price-list li", false},
		{"/klinika/" + clinic + "/vrachi", "", "", ".clinic__doctors article.doctor-summary", false},
		{"/klinika/" + clinic + "/otzyvy", "", "", ".clinic__reviews", false},
		{"/klinika/" + clinic + "/kontakty", "", "", ".clinic-hours tr", false},
		{"/diagnostika", "Диагностика", "Diagnostika", ".service-items li a", true},
		{"/diagnostika/mrt", "МРТ", "MRT", ".service-items li a", true},
		{"/diagnostika/mrt-kolennogo-sustava", "МРТ коленного сустава", "Tizza bo'g'imi MRT", "article.clinic-summary .clinic-summary__price", true},
		{"/diagnostika/uzi/" + district, "УЗИ", "UTT", "article.clinic-summary .clinic-summary__price", true},
		{"/uslugi", "Медицинские услуги", "Tibbiy xizmatlar", ".service-items li a", true},
		{"/uslugi/konsultatsii", "Консультации врачей", "Shifokor maslahatlari", "article.clinic-summary .clinic-summary__price", true},
		{"/uslugi/priem-kardiologa?sort=price", "Приём кардиолога", "Kardiolog qabuli", "article.clinic-summary .clinic-summary__price", true},
		{"/uslugi/konsultatsii/" + district, "Консультации врачей", "Shifokor maslahatlari", "article.clinic-summary .clinic-summary__price", true},
		{"/uslugi/analizy", "Анализы", "Tahlillar", ".service-items li a", true},
		{"/uslugi/analizy/obshchiy-analiz-krovi", "Общий анализ крови", "Umumiy qon tahlili", ".service-preparation", true},
	}
}

// TestProviderPages: every clinic, diagnostics, services and analyses
// route answers 200 in Russian and Uzbek, with and without a region, with
// its data in the HTML and a canonical URL that keeps its query.
func TestProviderPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, place := range []struct{ region, regionRu, regionUz string }{
		{"tashkent", "Ташкент", "Toshkent"},
		{"samarkand", "Самарканд", "Samarqand"},
	} {
		for _, r := range providerRoutes(t, s, place.region) {
			for _, lang := range []string{"ru", "uz"} {
				if !r.regional && place.region != "tashkent" {
					continue
				}
				prefix := ""
				if lang == "uz" {
					prefix = "/uz"
				}
				if place.region != "tashkent" {
					prefix += "/" + place.region
				}
				h1, regionName := r.h1ru, place.regionRu
				if lang == "uz" {
					h1, regionName = r.h1uz, place.regionUz
				}
				path := prefix + r.path
				t.Run(path, func(t *testing.T) {
					p := sitetest.Get(t, s.URL+path)
					if p.Resp.StatusCode != 200 {
						t.Fatalf("status %d, want 200", p.Resp.StatusCode)
					}
					if got := sitetest.Attr(p.One(t, "html"), "lang"); got != lang {
						t.Errorf("html lang = %q, want %q", got, lang)
					}
					got := sitetest.Text(p.One(t, "main h1"))
					if !strings.Contains(got, h1) || (r.regional && !strings.Contains(got, regionName)) {
						t.Errorf("h1 = %q, want %q and %q in it", got, h1, regionName)
					}
					if len(p.All(t, r.selector)) == 0 {
						t.Errorf("nothing matches %s", r.selector)
					}
					if got := sitetest.Attr(p.One(t, `head > link[rel="canonical"]`), "href"); got != s.URL+path {
						t.Errorf("canonical = %q, want %q", got, s.URL+path)
					}
				})
			}
		}
	}
}

// TestProviderErrors: unknown slugs are 404, bad query values 400, never 500.
func TestProviderErrors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	clinic := one(t, s, "SELECT slug FROM clinics ORDER BY id LIMIT 1")
	for _, test := range []struct {
		path   string
		status int
	}{
		{"/kliniki/tip-nope", 404},
		{"/kliniki/nope", 404},
		{"/kliniki/kardiologiya/nope", 404},
		{"/kliniki/district/nope", 404},
		{"/kliniki/tip/nope", 404},
		{"/klinika/nope", 404},
		{"/klinika/" + clinic + "/nope", 404},
		{"/samarkand/klinika/" + clinic, 404},
		{"/diagnostika/nope", 404},
		{"/diagnostika/priem-kardiologa", 404}, // a service, not a diagnostic
		{"/uslugi/nope", 404},
		{"/uslugi/analizy/nope", 404},
		{"/uslugi/konsultatsii/nope", 404},
		{"/kliniki/byalltype/all?page=999", 404},
		{"/kliniki/byalltype/all?page=abc", 400},
		{"/kliniki/byalltype/all?sort=popularity", 400},
		{"/kliniki/byalltype/all?sort=price", 400}, // no price listed
		{"/kliniki/byalltype/all?district=nope", 400},
		{"/kliniki/byalltype/all?type=nope", 400},
		{"/uz/kliniki/byalltype/all?open=yes", 400},
		{"/uslugi/analizy/soe?district=%27%3B--", 400},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			p.One(t, ".error-page__message")
		})
	}
}

// TestProviderFilteredPages: filters keep to the URL, the canonical URL
// and the links; a filtered view is noindex, the plain listing is not.
func TestProviderFilteredPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	district := busiestDistrict(t, s, "tashkent")
	plain := sitetest.Get(t, s.URL+"/kliniki/byalltype/all")
	if n := len(plain.All(t, `head > meta[name="robots"]`)); n != 0 {
		t.Errorf("plain listing has %d robots tags", n)
	}
	path := "/kliniki/byalltype/all?district=" + district + "&sort=name&type=laboratorii"
	p := sitetest.Get(t, s.URL+path+"&utm_source=x")
	if p.Resp.StatusCode != 200 {
		t.Fatalf("status %d", p.Resp.StatusCode)
	}
	if got := sitetest.Attr(p.One(t, `head > meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
		t.Errorf("robots = %q, want noindex", got)
	}
	if got := sitetest.Attr(p.One(t, `head > link[rel="canonical"]`), "href"); got != s.URL+path {
		t.Errorf("canonical = %q, want %q", got, s.URL+path)
	}
	if got := sitetest.Attr(p.One(t, `form.clinic-filters select[name="district"] option[selected]`), "value"); got != district {
		t.Errorf("district option selected = %q, want %q", got, district)
	}
	for _, a := range p.All(t, "article.clinic-summary h2 a") {
		slug := strings.TrimPrefix(sitetest.Attr(a, "href"), "/klinika/")
		got := one(t, s, `
			SELECT di.slug || ' ' || t.slug
			FROM clinics c
			JOIN districts di ON di.id = c.district_id
			JOIN clinic_types t ON t.id = c.type_id
			WHERE c.slug = $1`, slug)
		if got != district+" laboratorii" {
			t.Errorf("%s is %s, want %s laboratorii", slug, got, district)
		}
	}
	var total int
	if err := s.DB.Get(&total, `
		SELECT count(*)
		FROM clinics c
		JOIN districts di ON di.id = c.district_id
		JOIN regions r ON r.id = c.region_id
		WHERE r.slug = 'tashkent' AND di.slug = $1
			AND c.type_id = (SELECT id FROM clinic_types WHERE slug = 'laboratorii')`, district); err != nil {
		t.Fatal(err)
	}
	if got := len(p.All(t, "article.clinic-summary")); got != min(total, 20) {
		t.Errorf("%d cards, want %d", got, min(total, 20))
	}
	if total == 0 {
		p.One(t, "p.empty")
	}
}

// TestClinicListPagination: page 2 of all Tashkent clinics follows page 1
// without overlap, and its links keep the sort.
func TestClinicListPagination(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	first := sitetest.Get(t, s.URL+"/kliniki/byalltype/all?sort=name")
	second := sitetest.Get(t, s.URL+"/kliniki/byalltype/all?page=2&sort=name")
	seen := map[string]bool{}
	for _, a := range first.All(t, "article.clinic-summary h2 a") {
		seen[sitetest.Attr(a, "href")] = true
	}
	cards := second.All(t, "article.clinic-summary h2 a")
	if len(seen) != 20 || len(cards) != 20 {
		t.Fatalf("%d and %d cards, want 20 and 20", len(seen), len(cards))
	}
	for _, a := range cards {
		if seen[sitetest.Attr(a, "href")] {
			t.Errorf("%s on both pages", sitetest.Attr(a, "href"))
		}
	}
	if got := sitetest.Attr(second.One(t, `.pagination a[rel="prev"]`), "href"); got != "/kliniki/byalltype/all?sort=name" {
		t.Errorf("prev = %q", got)
	}
}

// TestClinicTypeRedirects: /kliniki/tip/{type} names a type the other way
// and is sent to /kliniki/tip-{type}, keeping language, region and query.
func TestClinicTypeRedirects(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, to string }{
		{"/kliniki/tip/roddoma", "/kliniki/tip-roddoma"},
		{"/uz/samarkand/kliniki/tip/laboratorii?sort=name&utm_source=x", "/uz/samarkand/kliniki/tip-laboratorii?sort=name"},
	} {
		t.Run(test.path, func(t *testing.T) {
			expectMoved(t, s.URL+test.path, test.to)
		})
	}
}

// TestClinicCardDoctors: the overview lists the first five doctors and
// links the doctors tab, which lists them all, each linking its card.
func TestClinicCardDoctors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	clinic := one(t, s, `
		SELECT c.slug
		FROM clinics c
		JOIN doctor_clinics dc ON dc.clinic_id = c.id
		GROUP BY c.id
		HAVING count(*) > 5
		ORDER BY c.id
		LIMIT 1`)
	var total int
	if err := s.DB.Get(&total, "SELECT count(*) FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id WHERE c.slug = $1", clinic); err != nil {
		t.Fatal(err)
	}
	overview := sitetest.Get(t, s.URL+"/klinika/"+clinic)
	if got := len(overview.All(t, ".clinic__doctors article.doctor-summary")); got != 5 {
		t.Errorf("overview: %d doctors, want 5", got)
	}
	if got := sitetest.Attr(overview.One(t, "a.clinic__all-doctors"), "href"); got != "/klinika/"+clinic+"/vrachi" {
		t.Errorf("all doctors link = %q", got)
	}
	tab := sitetest.Get(t, s.URL+"/klinika/"+clinic+"/vrachi")
	links := tab.All(t, ".clinic__doctors article.doctor-summary h2 a")
	if len(links) != total {
		t.Errorf("doctors tab: %d doctors, want %d", len(links), total)
	}
	for _, a := range links {
		if !strings.HasPrefix(sitetest.Attr(a, "href"), "/doctor/") {
			t.Errorf("doctor link %q", sitetest.Attr(a, "href"))
		}
	}
	if n := len(tab.All(t, ".clinic__prices")); n != 0 {
		t.Errorf("doctors tab shows %d price sections", n)
	}
}

// TestSlugHistoryRedirects: a clinic's or an analysis's former slug is a
// 301 to the same page under the current one; an unknown slug stays 404.
func TestSlugHistoryRedirects(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	clinic := one(t, s, "SELECT slug FROM clinics ORDER BY id LIMIT 1")
	if _, err := s.DB.Exec(`
		INSERT INTO slug_history (entity, old_slug, entity_id) VALUES
			('clinic', 'old-clinic', (SELECT id FROM clinics WHERE slug = $1)),
			('analysis', 'oak', (SELECT id FROM services WHERE kind = 'analysis' AND slug = 'obshchiy-analiz-krovi'))`, clinic); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ path, to string }{
		{"/klinika/old-clinic", "/klinika/" + clinic},
		{"/uz/klinika/old-clinic/tseny", "/uz/klinika/" + clinic + "/tseny"},
		{"/uz/samarkand/uslugi/analizy/oak?sort=price", "/uz/samarkand/uslugi/analizy/obshchiy-analiz-krovi?sort=price"},
	} {
		t.Run(test.path, func(t *testing.T) {
			expectMoved(t, s.URL+test.path, test.to)
		})
	}
	if p := sitetest.Get(t, s.URL+"/uslugi/oak"); p.Resp.StatusCode != 404 {
		t.Errorf("/uslugi/oak (an analysis's old slug under services): status %d, want 404", p.Resp.StatusCode)
	}
}
