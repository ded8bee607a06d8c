package site_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// ld is one decoded JSON-LD block.
type ld = map[string]any

// jsonLD decodes every <script type="application/ld+json"> of p, failing
// the test on a block that is not a schema.org object with a type.
func jsonLD(t *testing.T, p sitetest.Page) []ld {
	t.Helper()
	var out []ld
	for _, n := range p.All(t, `script[type="application/ld+json"]`) {
		raw := ""
		if n.FirstChild != nil {
			raw = n.FirstChild.Data
		}
		var v ld
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Errorf("%s: JSON-LD %.200q: %v", p.Resp.Request.URL, raw, err)
			continue
		}
		if v["@context"] != "https://schema.org" || str(v, "@type") == "" {
			t.Errorf("%s: JSON-LD without context or type: %.200s", p.Resp.Request.URL, raw)
		}
		out = append(out, v)
	}
	return out
}

// ofType returns the one block of type typ.
func ofType(t *testing.T, p sitetest.Page, blocks []ld, typ string) ld {
	t.Helper()
	var found []ld
	for _, b := range blocks {
		if b["@type"] == typ {
			found = append(found, b)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: %d JSON-LD blocks of type %s, want 1", p.Resp.Request.URL, len(found), typ)
	}
	return found[0]
}

func str(m ld, key string) string {
	s, _ := m[key].(string)
	return s
}

func obj(m ld, key string) ld {
	o, _ := m[key].(map[string]any)
	return o
}

func list(m ld, key string) []ld {
	var out []ld
	for _, v := range asSlice(m[key]) {
		if o, ok := v.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}

// asSlice reads a JSON-LD value that may be one value or an array of them.
func asSlice(v any) []any {
	switch v := v.(type) {
	case nil:
		return nil
	case []any:
		return v
	default:
		return []any{v}
	}
}

// checkBreadcrumbs checks that a page with visible breadcrumbs has exactly
// one BreadcrumbList naming the same links, in order, with absolute URLs,
// and that a page without them has none.
func checkBreadcrumbs(t *testing.T, s *sitetest.Site, p sitetest.Page, blocks []ld) {
	t.Helper()
	links := p.All(t, "nav.breadcrumbs a")
	var lists []ld
	for _, b := range blocks {
		if b["@type"] == "BreadcrumbList" {
			lists = append(lists, b)
		}
	}
	if len(links) == 0 {
		if len(lists) != 0 {
			t.Errorf("%s: a BreadcrumbList without visible breadcrumbs", p.Resp.Request.URL)
		}
		return
	}
	if len(lists) != 1 {
		t.Fatalf("%s: %d BreadcrumbLists for %d visible breadcrumbs, want 1", p.Resp.Request.URL, len(lists), len(links))
	}
	items := list(lists[0], "itemListElement")
	if len(items) != len(links) {
		t.Fatalf("%s: BreadcrumbList has %d items, the page shows %d links", p.Resp.Request.URL, len(items), len(links))
	}
	for i, a := range links {
		want := fmt.Sprintf("{ListItem %d %s %s}", i+1, s.URL+sitetest.Attr(a, "href"), sitetest.Text(a))
		got := fmt.Sprintf("{%s %v %s %s}", str(items[i], "@type"), items[i]["position"], str(items[i], "item"), str(items[i], "name"))
		if got != want {
			t.Errorf("%s: breadcrumb %d = %s, want %s", p.Resp.Request.URL, i+1, got, want)
		}
	}
}

// entityPage fetches path, expecting 200, and returns it with its JSON-LD,
// its breadcrumbs checked.
func entityPage(t *testing.T, s *sitetest.Site, path string) (sitetest.Page, []ld) {
	t.Helper()
	p := sitetest.Get(t, s.URL+path)
	if p.Resp.StatusCode != 200 {
		t.Fatalf("%s: status %d, want 200", path, p.Resp.StatusCode)
	}
	blocks := jsonLD(t, p)
	checkBreadcrumbs(t, s, p, blocks)
	return p, blocks
}

// absHrefs is the hrefs of the nodes matching selector, made absolute.
func absHrefs(t *testing.T, s *sitetest.Site, p sitetest.Page, selector string) []string {
	t.Helper()
	var out []string
	for _, a := range p.All(t, selector) {
		out = append(out, s.URL+sitetest.Attr(a, "href"))
	}
	return out
}

func urls(items []ld) []string {
	var out []string
	for _, it := range items {
		out = append(out, str(it, "url"))
	}
	return out
}

func h1(t *testing.T, p sitetest.Page) string {
	t.Helper()
	return sitetest.Text(p.One(t, "main h1"))
}

var hhmm = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

// TestClinicStructuredData: a clinic card of every kind states its schema.org
// type, name, address in its region, telephone, coordinates, weekly hours,
// rating and URL, in both languages and on its tabs.
func TestClinicStructuredData(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ clinicType, want string }{
		{"mnogoprofilnye", "MedicalClinic"},
		{"polikliniki", "MedicalClinic"},
		{"detskie", "MedicalClinic"},
		{"bolnitsy", "Hospital"},
		{"roddoma", "Hospital"},
		{"laboratorii", "DiagnosticLab"},
		{"diagnosticheskie-centry", "DiagnosticLab"},
		{"stomatologii", "Dentist"},
	} {
		slug := one(t, s, `
			SELECT c.slug
			FROM clinics c
			JOIN clinic_types t ON t.id = c.type_id
			WHERE t.slug = $1
			ORDER BY c.review_count = 0, c.latitude IS NULL, c.id
			LIMIT 1`, test.clinicType)
		for _, path := range []string{"/klinika/" + slug, "/uz/klinika/" + slug, "/klinika/" + slug + "/kontakty"} {
			t.Run(test.clinicType+path, func(t *testing.T) {
				lang := map[bool]string{true: "uz", false: "ru"}[strings.HasPrefix(path, "/uz/")]
				p, blocks := entityPage(t, s, path)
				c := ofType(t, p, blocks, test.want)
				checkClinic(t, s, p, c, slug, lang)
			})
		}
	}
}

func checkClinic(t *testing.T, s *sitetest.Site, p sitetest.Page, c ld, slug, lang string) {
	t.Helper()
	var db struct {
		Region  string   `db:"region"`
		Reviews int      `db:"review_count"`
		Rating  float64  `db:"rating"`
		Geo     bool     `db:"geo"`
		Days    int      `db:"days"`
		Phone   string   `db:"phone"`
		Lat     *float64 `db:"latitude"`
	}
	err := s.DB.Get(&db, `
		SELECT pick_lang($2, r.name_ru, r.name_uz) AS region,
			c.review_count, c.rating::float8 AS rating, c.latitude IS NOT NULL AS geo,
			c.latitude::float8 AS latitude,
			(SELECT count(*) FROM clinic_hours h WHERE h.clinic_id = c.id) AS days,
			coalesce(c.phones[1], c.phone) AS phone
		FROM clinics c
		JOIN regions r ON r.id = c.region_id
		WHERE c.slug = $1`, slug, lang)
	if err != nil {
		t.Fatal(err)
	}
	if got := str(c, "name"); got != h1(t, p) {
		t.Errorf("name = %q, want the h1 %q", got, h1(t, p))
	}
	wantURL := s.URL + map[string]string{"ru": "", "uz": "/uz"}[lang] + "/klinika/" + slug
	if got := str(c, "url"); got != wantURL {
		t.Errorf("url = %q, want %q", got, wantURL)
	}
	addr := obj(c, "address")
	if str(addr, "@type") != "PostalAddress" || str(addr, "addressLocality") != db.Region || str(addr, "streetAddress") == "" || str(addr, "addressCountry") != "UZ" {
		t.Errorf("address = %v, want a PostalAddress in %s", addr, db.Region)
	}
	if got := str(c, "telephone"); got != db.Phone {
		t.Errorf("telephone = %q, want %q", got, db.Phone)
	}
	geo := obj(c, "geo")
	if (geo != nil) != db.Geo || (geo != nil && (str(geo, "@type") != "GeoCoordinates" || geo["latitude"] != *db.Lat)) {
		t.Errorf("geo = %v, clinic has coordinates: %v", geo, db.Geo)
	}
	days := 0
	for _, h := range list(c, "openingHoursSpecification") {
		days += len(asSlice(h["dayOfWeek"]))
		if str(h, "@type") != "OpeningHoursSpecification" || !hhmm.MatchString(str(h, "opens")) || !hhmm.MatchString(str(h, "closes")) {
			t.Errorf("opening hours %v", h)
		}
	}
	if days != db.Days {
		t.Errorf("opening hours cover %d days, the clinic works %d", days, db.Days)
	}
	rating := obj(c, "aggregateRating")
	if db.Reviews == 0 {
		if rating != nil {
			t.Errorf("aggregateRating %v without reviews", rating)
		}
	} else if rating["reviewCount"] != float64(db.Reviews) || rating["ratingValue"] != db.Rating {
		t.Errorf("aggregateRating = %v, want %d reviews rated %v", rating, db.Reviews, db.Rating)
	}
}

// TestEntityStructuredData: doctors, medicines, diseases, symptoms,
// promotions, articles and news state their schema.org entity built from
// what the page shows.
func TestEntityStructuredData(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	doctor := doctorSlug(t, s, "tashkent")
	product := one(t, s, `SELECT slug FROM products WHERE price_min > 0 ORDER BY id LIMIT 1`)
	for _, prefix := range []string{"", "/uz"} {
		t.Run(prefix+"/doctor", func(t *testing.T) {
			p, blocks := entityPage(t, s, prefix+"/doctor/"+doctor)
			d := ofType(t, p, blocks, "Physician")
			if str(d, "name") != h1(t, p) || str(d, "url") != s.URL+prefix+"/doctor/"+doctor || str(d, "medicalSpecialty") == "" {
				t.Errorf("Physician %v", d)
			}
			if got, want := urls(list(d, "location")), absHrefs(t, s, p, ".doctor__clinics strong a"); strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 {
				t.Errorf("locations %v, the page lists %v", got, want)
			}
			if obj(d, "address") == nil {
				t.Error("Physician without an address")
			}
		})
		t.Run(prefix+"/product", func(t *testing.T) {
			p, blocks := entityPage(t, s, prefix+"/product/"+product)
			d := ofType(t, p, blocks, "Drug")
			var db struct {
				Min, Max     int
				Prescription bool
			}
			if err := s.DB.Get(&db, `SELECT price_min AS min, price_max AS max, prescription FROM products WHERE slug = $1`, product); err != nil {
				t.Fatal(err)
			}
			facts := p.All(t, ".product-facts dd")
			if str(d, "name") != h1(t, p) || str(d, "nonProprietaryName") != sitetest.Text(facts[0]) || str(d, "dosageForm") != sitetest.Text(facts[1]) {
				t.Errorf("Drug %v, facts %q %q", d, sitetest.Text(facts[0]), sitetest.Text(facts[1]))
			}
			if m := obj(d, "manufacturer"); str(m, "@type") != "Organization" || !strings.HasPrefix(sitetest.Text(facts[3]), str(m, "name")+" (") {
				t.Errorf("manufacturer %v, page %q", m, sitetest.Text(facts[3]))
			}
			wantStatus := map[bool]string{true: "https://schema.org/PrescriptionOnly", false: "https://schema.org/OTC"}[db.Prescription]
			if got := str(d, "prescriptionStatus"); got != wantStatus {
				t.Errorf("prescriptionStatus = %q, want %q", got, wantStatus)
			}
			o := obj(d, "offers")
			if str(o, "@type") != "AggregateOffer" || str(o, "priceCurrency") != "UZS" || o["lowPrice"] != float64(db.Min) || o["highPrice"] != float64(db.Max) {
				t.Errorf("offers = %v, want %d..%d UZS", o, db.Min, db.Max)
			}
			if got, want := urls(list(d, "relatedDrug")), absHrefs(t, s, p, ".product-analogues h2 a"); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("relatedDrug %v, the page lists %v", got, want)
			}
		})
		for _, region := range []string{"", "/samarkand"} {
			t.Run(prefix+region+"/bolezn", func(t *testing.T) {
				p, blocks := entityPage(t, s, prefix+region+"/bolezn/gipertoniya")
				d := ofType(t, p, blocks, "MedicalCondition")
				if str(d, "name") != h1(t, p) || str(d, "description") != sitetest.Text(p.One(t, ".knowledge-description")) {
					t.Errorf("MedicalCondition %v", d)
				}
				symptoms := list(d, "signOrSymptom")
				if got, want := urls(symptoms), absHrefs(t, s, p, ".knowledge-linked a"); strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 {
					t.Errorf("signOrSymptom %v, the page lists %v", got, want)
				}
				for _, sy := range symptoms {
					if str(sy, "@type") != "MedicalSymptom" || str(sy, "name") == "" {
						t.Errorf("symptom %v", sy)
					}
				}
				if got := asSlice(d["relevantSpecialty"]); !contains(got, "https://schema.org/Cardiovascular") {
					t.Errorf("relevantSpecialty = %v, want Cardiovascular for hypertension", got)
				}
			})
		}
		t.Run(prefix+"/promotion", func(t *testing.T) {
			checkPromotion(t, s, prefix)
		})
		for _, post := range []struct{ kind, route, want string }{
			{"article", "/article/", "Article"},
			{"news", "/news/", "NewsArticle"},
		} {
			t.Run(prefix+strings.TrimSuffix(post.route, "/"), func(t *testing.T) {
				checkPost(t, s, prefix, post.kind, post.route, post.want)
			})
		}
		t.Run(prefix+"/simptom", func(t *testing.T) {
			p, blocks := entityPage(t, s, prefix+"/simptom/kashel")
			d := ofType(t, p, blocks, "MedicalSymptom")
			if str(d, "name") != h1(t, p) || str(d, "description") == "" || str(d, "url") != s.URL+prefix+"/simptom/kashel" {
				t.Errorf("MedicalSymptom %v", d)
			}
		})
	}
}

// TestServiceStructuredData: a service, diagnostic or analysis item states
// its procedure or test, named in the page's language, with the region's
// (or the district's) clinics pricing it as one AggregateOffer over every
// page of the listing; a category states none.
func TestServiceStructuredData(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	district := busiestDistrict(t, s, "tashkent")
	for _, test := range []struct {
		kind, route, want string
		districts         bool // whether the route has district pages
	}{
		{"service", "/uslugi/", "MedicalProcedure", true},
		{"diagnostic", "/diagnostika/", "DiagnosticProcedure", true},
		{"analysis", "/uslugi/analizy/", "MedicalTest", false},
	} {
		// The item priced by the most clinics of Tashkent, so that its
		// listing has more than one page.
		item := one(t, s, `
			SELECT s.slug
			FROM services s
			JOIN clinic_services cs ON cs.service_id = s.id
			JOIN clinics c ON c.id = cs.clinic_id
			JOIN regions r ON r.id = c.region_id
			WHERE s.kind = $1
				AND s.parent_id IS NOT NULL
				AND r.slug = 'tashkent'
			GROUP BY s.id
			ORDER BY count(*) DESC, s.id
			LIMIT 1`, test.kind)
		category := one(t, s, `SELECT slug FROM services WHERE kind = $1 AND parent_id IS NULL ORDER BY position, id LIMIT 1`, test.kind)
		for _, c := range []struct{ prefix, region, district, query string }{
			{"", "tashkent", "", ""},
			{"/uz", "tashkent", "", ""},
			{"", "tashkent", "", "?page=2"},
			{"/samarkand", "samarkand", "", ""},
			{"/uz/samarkand", "samarkand", "", ""},
			{"", "tashkent", district, ""},
			{"/uz", "tashkent", district, ""},
		} {
			if c.district != "" && !test.districts {
				continue
			}
			path := c.prefix + test.route + item
			if c.district != "" {
				path += "/" + c.district
			}
			path += c.query
			t.Run(path, func(t *testing.T) {
				lang := map[bool]string{true: "uz", false: "ru"}[strings.HasPrefix(path, "/uz")]
				p, blocks := entityPage(t, s, path)
				checkService(t, s, p, ofType(t, p, blocks, test.want), test.kind, item, c.region, c.district, lang)
			})
		}
		for _, path := range []string{test.route + category, "/uz" + test.route + category} {
			t.Run(path, func(t *testing.T) {
				_, blocks := entityPage(t, s, path)
				for _, b := range blocks {
					if b["@type"] != "BreadcrumbList" {
						t.Errorf("a category states %s: %v", b["@type"], b)
					}
				}
			})
		}
	}
}

// checkService compares a service page's structured data d with the
// database: the item's name and description, the page's canonical URL,
// and the prices of the item at the clinics of region (and district).
func checkService(t *testing.T, s *sitetest.Site, p sitetest.Page, d ld, kind, slug, region, district, lang string) {
	t.Helper()
	var db struct {
		Name        string `db:"name"`
		Description string `db:"description"`
		Area        string `db:"area"`
		Count       int    `db:"count"`
		Low         int    `db:"low"`
		High        int    `db:"high"`
	}
	err := s.DB.Get(&db, `
		SELECT pick_lang($4, s.name_ru, s.name_uz) AS name,
			pick_lang($4, s.description_ru, s.description_uz) AS description,
			coalesce(pick_lang($4, di.name_ru, di.name_uz),
				pick_lang($4, r.name_ru, r.name_uz)) AS area,
			count(cs.clinic_id) AS count,
			coalesce(min(cs.price_from), 0) AS low,
			coalesce(max(coalesce(cs.price_to, cs.price_from)), 0) AS high
		FROM services s
		CROSS JOIN regions r
		LEFT JOIN districts di ON di.region_id = r.id AND di.slug = $5
		LEFT JOIN clinics c ON c.region_id = r.id AND (di.id IS NULL OR c.district_id = di.id)
		LEFT JOIN clinic_services cs ON cs.service_id = s.id AND cs.clinic_id = c.id
		WHERE s.kind = $1
			AND s.slug = $2
			AND r.slug = $3
		GROUP BY s.id, r.id, di.id`, kind, slug, region, lang, district)
	if err != nil {
		t.Fatal(err)
	}
	if db.Count < 2 {
		t.Fatalf("%d clinics price %s in %s %s; the test wants a listing", db.Count, slug, region, district)
	}
	canonical := sitetest.Attr(p.One(t, `head > link[rel="canonical"]`), "href")
	if str(d, "name") != db.Name || str(d, "description") != db.Description || str(d, "url") != canonical {
		t.Errorf("%s = {name %q description %.40q url %q}, want {%q %.40q %q}", d["@type"], str(d, "name"), str(d, "description"), str(d, "url"), db.Name, db.Description, canonical)
	}
	o := obj(d, "offers")
	got := fmt.Sprintf("%s %v..%v %s count %v in %s %s", str(o, "@type"), whole(o["lowPrice"]), whole(o["highPrice"]), str(o, "priceCurrency"), whole(o["offerCount"]), str(obj(o, "areaServed"), "@type"), str(obj(o, "areaServed"), "name"))
	want := fmt.Sprintf("AggregateOffer %d..%d UZS count %d in AdministrativeArea %s", db.Low, db.High, db.Count, db.Area)
	if got != want {
		t.Errorf("offers = %s, want %s", got, want)
	}
}

// checkPromotion checks a current promotion's Offer against the database:
// its title, dates and prices, and its clinic as offeredBy.
func checkPromotion(t *testing.T, s *sitetest.Site, prefix string) {
	t.Helper()
	lang := map[string]string{"": "ru", "/uz": "uz"}[prefix]
	var db struct {
		Slug, Name, Description, Clinic, ClinicSlug, From, Through string
		Old, New                                                   int
	}
	err := s.DB.Get(&db, `
		SELECT p.slug,
			pick_lang($1, p.title_ru, p.title_uz) AS name,
			pick_lang($1, p.description_ru, p.description_uz) AS description,
			pick_lang($1, c.name_ru, c.name_uz) AS clinic,
			c.slug AS clinicslug,
			to_char(p.starts_on, 'YYYY-MM-DD') AS from, to_char(p.ends_on, 'YYYY-MM-DD') AS through,
			p.old_price AS old, p.new_price AS new
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id
		WHERE p.ends_on >= current_date
			AND p.new_price < p.old_price
		ORDER BY p.id
		LIMIT 1`, lang)
	if err != nil {
		t.Fatal(err)
	}
	p, blocks := entityPage(t, s, prefix+"/promotion/"+db.Slug)
	o := ofType(t, p, blocks, "Offer")
	got := fmt.Sprintf("%s | %s | %s | %v %s | %s..%s", str(o, "name"), str(o, "description"), str(o, "url"), o["price"], str(o, "priceCurrency"), str(o, "validFrom"), str(o, "validThrough"))
	want := fmt.Sprintf("%s | %s | %s | %d UZS | %s..%s", db.Name, db.Description, s.URL+prefix+"/promotion/"+db.Slug, db.New, db.From, db.Through)
	if got != want {
		t.Errorf("Offer = %s, want %s", got, want)
	}
	if ps := obj(o, "priceSpecification"); str(ps, "priceType") != "https://schema.org/StrikethroughPrice" || ps["price"] != float64(db.Old) {
		t.Errorf("priceSpecification = %v, want the old price %d struck through", ps, db.Old)
	}
	by := obj(o, "offeredBy")
	if str(by, "@type") != "MedicalClinic" || str(by, "name") != db.Clinic || str(by, "url") != s.URL+prefix+"/klinika/"+db.ClinicSlug {
		t.Errorf("offeredBy = %v, want the clinic %q", by, db.Clinic)
	}
}

// checkPost checks the structured data of the newest post of kind against
// the database: headline, summary, date and language, published by Sog'liq.
func checkPost(t *testing.T, s *sitetest.Site, prefix, kind, route, typ string) {
	t.Helper()
	lang := map[string]string{"": "ru", "/uz": "uz"}[prefix]
	var db struct{ Slug, Headline, Description, Published string }
	err := s.DB.Get(&db, `
		SELECT slug,
			pick_lang($2, title_ru, title_uz) AS headline,
			pick_lang($2, summary_ru, summary_uz) AS description,
			to_char(published_on, 'YYYY-MM-DD') AS published
		FROM posts
		WHERE kind = $1
		ORDER BY published_on DESC, id DESC
		LIMIT 1`, kind, lang)
	if err != nil {
		t.Fatal(err)
	}
	url := s.URL + prefix + route + db.Slug
	p, blocks := entityPage(t, s, prefix+route+db.Slug)
	a := ofType(t, p, blocks, typ)
	got := fmt.Sprintf("%s | %s | %s | %s | %s | %s", str(a, "headline"), str(a, "description"), str(a, "datePublished"), str(a, "inLanguage"), str(a, "url"), str(obj(a, "mainEntityOfPage"), "@id"))
	want := fmt.Sprintf("%s | %s | %s | %s | %s | %s", db.Headline, db.Description, db.Published, lang, url, url)
	if got != want {
		t.Errorf("%s = %s, want %s", typ, got, want)
	}
	if pub := obj(a, "publisher"); str(pub, "@type") != "Organization" || str(pub, "name") != "Sog'liq" {
		t.Errorf("publisher = %v, want the Organization Sog'liq", pub)
	}
}

// whole prints a JSON number as an integer (a decoded float64 prints
// large values with an exponent); anything else as it is.
func whole(v any) any {
	if f, ok := v.(float64); ok && f == float64(int64(f)) {
		return int64(f)
	}
	return v
}

func contains(vs []any, want string) bool {
	for _, v := range vs {
		if v == want {
			return true
		}
	}
	return false
}

// TestStructuredDataParsesEverywhere walks the sections in both languages
// and a few links from each: every JSON-LD block parses and every page with
// breadcrumbs states the same trail as a BreadcrumbList.
func TestStructuredDataParsesEverywhere(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	sections := []string{"/", "/doctors", "/doctors/kardiolog", "/samarkand/doctors/pediatr", "/kliniki", "/kliniki/byalltype/all",
		"/diagnostika", "/uslugi", "/uslugi/analizy", "/products", "/product-list", "/bolezn", "/simptom", "/promotion",
		"/articles", "/news", "/press", "/faq", "/about-us", "/contacts"}
	seen := map[string]bool{}
	var paths []string
	add := func(path string) bool {
		if seen[path] {
			return false
		}
		seen[path] = true
		paths = append(paths, path)
		return true
	}
	for _, section := range sections {
		for _, lang := range []string{"", "/uz"} {
			path := lang + section
			if path == "/uz/" {
				path = "/uz"
			}
			add(path)
			p := sitetest.Get(t, s.URL+path)
			added := 0
			for _, a := range p.All(t, "main a[href]") {
				// Query links (sorts, filters, pages) show the same kinds
				// as their page; the six links walked go to other pages.
				if h := sitetest.Attr(a, "href"); internalPage(h) && !strings.Contains(h, "?") && added < 6 && add(h) {
					added++
				}
			}
		}
	}
	types := map[string]int{}
	for _, path := range paths {
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			continue // redirects and errors are the crawl test's
		}
		blocks := jsonLD(t, p)
		checkBreadcrumbs(t, s, p, blocks)
		for _, b := range blocks {
			types[str(b, "@type")]++
		}
	}
	for _, typ := range []string{"BreadcrumbList", "Physician", "MedicalCondition", "MedicalSymptom", "Drug", "FAQPage",
		"MedicalProcedure", "DiagnosticProcedure", "MedicalTest", "Offer", "Article", "NewsArticle"} {
		if types[typ] == 0 {
			t.Errorf("no %s on the %d pages walked (types seen: %v)", typ, len(paths), types)
		}
	}
	t.Logf("%d pages, JSON-LD types %v", len(paths), types)
}

// internalPage reports whether href is a page of the site worth walking.
func internalPage(href string) bool {
	return strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") && !strings.HasPrefix(href, "/assets/") &&
		!strings.HasPrefix(href, "/cert/") && !strings.HasPrefix(href, "/uz/cert/") && !strings.Contains(href, "#")
}
