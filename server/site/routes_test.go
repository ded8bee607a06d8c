package site_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

// samplePath fills a route's pattern with real values for a region of the
// demo data: every route of the table must have an entry here, so a new
// route cannot escape TestEveryRoute.
func samplePath(t *testing.T, db *sqlx.DB, r *route.Route, region string) string {
	t.Helper()
	one := func(q string, args ...any) string {
		t.Helper()
		var v string
		if err := db.GetContext(context.Background(), &v, q, args...); err != nil {
			t.Fatalf("%s: sample for %s: %v", r.Name, q, err)
		}
		return v
	}
	district := func() string {
		return one(`SELECT d.slug FROM districts d JOIN regions r ON r.id = d.region_id WHERE r.slug = $1 ORDER BY d.id LIMIT 1`, region)
	}
	kindSlug := func(kind string) string {
		return one(`SELECT s.slug FROM services s WHERE s.kind = $1 AND s.parent_id IS NOT NULL ORDER BY s.id LIMIT 1`, kind)
	}
	params := map[string]map[string]string{
		"specialty":                   {"specialty": "kardiolog"},
		"specialty-children":          {"specialty": "kardiolog"},
		"specialty-district":          {"specialty": "kardiolog", "district": district()},
		"specialty-children-district": {"specialty": "kardiolog", "district": district()},
		"doctor":                      {"slug": one(`SELECT slug FROM doctors ORDER BY id LIMIT 1`)},
		"disease":                     {"slug": one(`SELECT slug FROM diseases ORDER BY id LIMIT 1`)},
		"symptom":                     {"slug": one(`SELECT slug FROM symptoms ORDER BY id LIMIT 1`)},
		"product-category":            {"slug": one(`SELECT slug FROM product_categories ORDER BY id LIMIT 1`)},
		"product-tag":                 {"slug": one(`SELECT slug FROM product_tags ORDER BY id LIMIT 1`)},
		"product":                     {"slug": one(`SELECT slug FROM products ORDER BY id LIMIT 1`)},
		"article":                     {"slug": one(`SELECT slug FROM posts WHERE kind = 'article' ORDER BY id LIMIT 1`)},
		"news-item":                   {"slug": one(`SELECT slug FROM posts WHERE kind = 'news' ORDER BY id LIMIT 1`)},
		"promotions-clinic":           {"id": one(`SELECT clinic_id::text FROM promotions WHERE ends_on >= current_date ORDER BY id LIMIT 1`)},
		"promotion":                   {"slug": one(`SELECT slug FROM promotions WHERE ends_on >= current_date ORDER BY id LIMIT 1`)},
		"clinics-type":                {"type": "roddoma"},
		"clinics-ownership":           {"ownership": "chastnye"},
		"clinics-district":            {"district": district()},
		"clinics-profile":             {"profile": one(`SELECT slug FROM clinic_profiles ORDER BY id LIMIT 1`)},
		"clinics-profile-district": {
			"profile":  one(`SELECT slug FROM clinic_profiles ORDER BY id LIMIT 1`),
			"district": district(),
		},
		"clinic":              {"slug": one(`SELECT slug FROM clinics ORDER BY id LIMIT 1`)},
		"clinic-tab":          {"slug": one(`SELECT slug FROM clinics ORDER BY id LIMIT 1`), "tab": "vrachi"},
		"diagnostic":          {"slug": kindSlug("diagnostic")},
		"diagnostic-district": {"slug": kindSlug("diagnostic"), "district": district()},
		"service":             {"slug": kindSlug("service")},
		"service-district":    {"slug": kindSlug("service"), "district": district()},
		"analysis":            {"slug": kindSlug("analysis")},
		"consultant-chat":     {"id": "1"}, // behind the auth guard: any id is sent home
		"booking":             {"id": "1"}, // likewise
	}
	p, ok := params[r.Name]
	if !ok && strings.Contains(r.Pattern, ":") {
		t.Fatalf("route %s (%s) has no sample parameters in samplePath", r.Name, r.Pattern)
	}
	path, err := r.Path(p)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEveryRoute walks every route of the table in both languages, with
// and without a region, through the rules of spec §4 and §9: the page
// itself, its trailing-slash form, its /ru alias, its region written in a
// non-canonical place, and a region on a route that takes none.
func TestEveryRoute(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		status   int
		location string
		message  string
	}
	check := func(t *testing.T, path string, w want) {
		t.Helper()
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != w.status || p.Resp.Header.Get("Location") != w.location {
			t.Errorf("%s: %d to %q, want %d to %q", path, p.Resp.StatusCode, p.Resp.Header.Get("Location"), w.status, w.location)
			return
		}
		if w.message != "" {
			if got := sitetest.Text(p.One(t, ".error-page__message")); got != w.message {
				t.Errorf("%s: message %q, want %q", path, got, w.message)
			}
		}
	}
	for _, r := range routes.Routes {
		for _, lang := range []string{"ru", "uz"} {
			for _, region := range []string{"tashkent", "samarkand"} {
				t.Run(r.Name+"/"+lang+"/"+region, func(t *testing.T) {
					rest := samplePath(t, s.DB, r, region)
					langPrefix := route.Prefix(route.Place{Lang: lang}, false)
					if region != "tashkent" && !r.Region {
						// A region on a page that takes none names no page.
						path := route.Join(langPrefix+"/"+region, rest)
						notFound := map[string]string{"ru": "Страница не найдена: ", "uz": "Sahifa topilmadi: "}[lang] + path
						check(t, path, want{404, "", notFound})
						return
					}
					place := route.Place{Lang: lang, Region: region}
					path := route.Join(route.Prefix(place, r.Region), rest)
					if r.Access != "" && r.Access != route.AccessOptional {
						// A visitor's own page, and this visitor is nobody:
						// home (the auth guard, check 4, comes before the
						// trailing slash, check 5). TestAuthGuard signs in.
						home := map[string]string{"ru": "/", "uz": "/uz"}[lang]
						check(t, path, want{302, home, ""})
						check(t, path+"/?utm_source=x", want{302, home, ""})
					} else {
						check(t, path, want{status: 200})
						if path != "/" {
							check(t, path+"/?utm_source=x", want{301, path + "?utm_source=x", ""})
						}
					}
					if lang == "ru" {
						check(t, "/ru"+strings.TrimSuffix(path, "/"), want{301, path, ""})
					}
					if !r.Region {
						return
					}
					// The region written where it does not belong: the default
					// one spelled out, or a region trailing the page's path.
					if region == "tashkent" {
						check(t, route.Join(langPrefix+"/tashkent", rest), want{301, path, ""})
					} else if rest != "/" {
						check(t, route.Join(langPrefix, rest)+"/"+region, want{301, path, ""})
					}
				})
			}
		}
	}
}
