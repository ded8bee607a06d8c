package site_test

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/site/sitetest"
)

func TestRedirectRules(t *testing.T) {
	db := dbtest.NewSeeded(t)
	for _, r := range [][2]string{
		{"/doctors/kardiologiya", "/doctors/kardiolog-old"},
		{"/doctors/kardiolog-old", "/doctors/kardiolog"},
		{"/uz/doctors/kardiologiya", "/uz/doctors/kardiolog"},
		{"/tashkent-region/doctors", "/region/doctors"},
	} {
		if _, err := db.ExecContext(context.Background(), `INSERT INTO seo_redirects (source, target) VALUES ($1, $2)`, r[0], r[1]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.ExecContext(context.Background(), `INSERT INTO route_rules (source, target) VALUES ('/doctors/lor', '/doctors/otorinolaringolog')`); err != nil {
		t.Fatal(err)
	}
	s := sitetest.StartWithDB(t, db, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
		to     string
	}{
		{"/ru/doctors", 301, "/doctors"},
		{"/ru", 301, "/"},
		{"/en/samarkand/doctors/kardiolog?page=2", 301, "/samarkand/doctors/kardiolog?page=2"},
		{"/doctors/kardiologiya", 301, "/doctors/kardiolog"}, // a chain, one hop
		{"/doctors/kardiologiya/?page=2", 301, "/doctors/kardiolog?page=2"},
		{"/uz/doctors/kardiologiya?utm_source=x", 301, "/uz/doctors/kardiolog?utm_source=x"},
		{"/tashkent-region/doctors", 200, ""},                             // suspicious: not followed
		{"/doctors/lor?page=2", 301, "/doctors/otorinolaringolog?page=2"}, // a route rule
		// issue 11: no prefix the checks strip leaves "//host" behind
		{"/ru//evil.example", 301, "/evil.example"},
		{"/en/%5Cevil.example", 301, "/%5Cevil.example"},
		{"/tashkent//doctors", 301, "/doctors"},
		{"//doctors/tashkent", 301, "/doctors"},
		{"//evil.example", 404, ""},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			if got := p.Resp.Header.Get("Location"); got != test.to {
				t.Errorf("Location = %q, want %q", got, test.to)
			}
		})
	}
	for _, test := range []struct {
		url    string
		status int
		body   string
	}{
		{"/doctors/kardiologiya", 200, `{"data":{"to":"/doctors/kardiolog"}}`},
		{"https://sogliq.uz/uz/doctors/kardiologiya/?x=1", 200, `{"data":{"to":"/uz/doctors/kardiolog"}}`},
		{"/doctors/kardiolog", 404, `{"data":null}`},
		{"/tashkent-region/doctors", 404, `{"data":null}`},
		{"", 400, ""},
	} {
		t.Run("api "+test.url, func(t *testing.T) {
			resp, err := apiGet(t, s.URL+"/api/seo-redirects/check?url="+url.QueryEscape(test.url))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, test.status, body)
			}
			if test.body != "" && string(body) != test.body {
				t.Errorf("body %s, want %s", body, test.body)
			}
			if test.status == 400 {
				var e struct{ Error string }
				if json.Unmarshal(body, &e) != nil || e.Error == "" {
					t.Errorf("a 400 without a readable error: %s", body)
				}
			}
		})
	}
}

// TestRootFollowsTheVisitorsLanguage: the bare roots "/" and "/uz" follow
// the language cookie (then the browser) and the stored region, privately;
// every other URL names its page whatever the cookies say.
func TestRootFollowsTheVisitorsLanguage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		name    string
		path    string
		headers []string
		status  int
		to      string
	}{
		{"no preference", "/", nil, 200, ""},
		{"cookie", "/", []string{"Cookie", "lang=uz"}, 302, "/uz"},
		{"cookie wins over the browser", "/", []string{"Cookie", "lang=ru", "Accept-Language", "uz"}, 200, ""},
		{"browser", "/", []string{"Accept-Language", "uz-UZ,uz;q=0.9,ru;q=0.5"}, 302, "/uz"},
		{"stored region", "/", []string{"Cookie", "region=samarkand"}, 302, "/samarkand"},
		{"stored region and language", "/", []string{"Cookie", "lang=uz; region=samarkand"}, 302, "/uz/samarkand"},
		{"stored region, browser in Uzbek", "/", []string{"Cookie", "region=fergana", "Accept-Language", "uz"}, 302, "/uz/fergana"},
		{"stored default region", "/", []string{"Cookie", "region=tashkent"}, 200, ""},
		{"unknown stored region", "/", []string{"Cookie", "region=atlantis"}, 200, ""},
		{"a query is kept", "/?utm_source=x", []string{"Cookie", "region=samarkand"}, 302, "/samarkand?utm_source=x"},
		{"uz, stored region", "/uz", []string{"Cookie", "region=samarkand"}, 302, "/uz/samarkand"},
		{"uz, stored region, Russian cookie", "/uz", []string{"Cookie", "lang=ru; region=bukhara"}, 302, "/uz/bukhara"},
		{"uz, Russian cookie, no region", "/uz", []string{"Cookie", "lang=ru"}, 200, ""},
		{"uz, default region", "/uz", []string{"Cookie", "region=tashkent"}, 200, ""},
		{"a region's home is its own", "/samarkand", []string{"Cookie", "region=bukhara"}, 200, ""},
		{"another page is its own", "/doctors", []string{"Cookie", "region=samarkand"}, 200, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path, test.headers...)
			if p.Resp.StatusCode != test.status || p.Resp.Header.Get("Location") != test.to {
				t.Fatalf("status %d to %q, want %d to %q", p.Resp.StatusCode, p.Resp.Header.Get("Location"), test.status, test.to)
			}
			if test.status == 302 && p.Resp.Header.Get("Cache-Control") != "private, no-store" {
				t.Errorf("a visitor-dependent redirect is cacheable: %q", p.Resp.Header.Get("Cache-Control"))
			}
			root := test.path == "/" || test.path == "/uz"
			if test.status == 200 && root && !strings.Contains(p.Resp.Header.Get("Vary"), "Cookie") {
				t.Errorf("the root does not vary by cookie: Vary %q", p.Resp.Header.Get("Vary"))
			}
		})
	}
}

func TestRenamedEntitiesRedirect(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	var doctor, disease string
	if err := db.GetContext(ctx, &doctor, `SELECT slug FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if err := db.GetContext(ctx, &disease, `SELECT slug FROM diseases ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE doctors SET slug = slug || '-renamed' WHERE slug = $1`,
		`UPDATE diseases SET slug = slug || '-renamed' WHERE slug = $1`,
		`UPDATE specialties SET slug = 'kardiologiya' WHERE slug = $1`,
	} {
		arg := map[bool]string{true: doctor, false: disease}[strings.Contains(q, "doctors")]
		if strings.Contains(q, "specialties") {
			arg = "kardiolog"
		}
		if _, err := db.ExecContext(ctx, q, arg); err != nil {
			t.Fatal(err)
		}
	}
	s := sitetest.StartWithDB(t, db, sitetest.Options{})
	for _, test := range []struct{ path, to string }{
		{"/doctor/" + doctor, "/doctor/" + doctor + "-renamed"},
		{"/uz/doctor/" + doctor, "/uz/doctor/" + doctor + "-renamed"},
		{"/samarkand/bolezn/" + disease, "/samarkand/bolezn/" + disease + "-renamed"},
		{"/uz/samarkand/doctors/kardiolog?page=2&utm_source=x", "/uz/samarkand/doctors/kardiologiya?page=2"},
		{"/doctors/kardiolog/deti", "/doctors/kardiologiya/deti"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 301 || p.Resp.Header.Get("Location") != test.to {
			t.Errorf("%s: %d to %q, want 301 to %q", test.path, p.Resp.StatusCode, p.Resp.Header.Get("Location"), test.to)
		}
	}
	if p := sitetest.Get(t, s.URL+"/doctor/never-existed"); p.Resp.StatusCode != 404 {
		t.Errorf("an unknown slug answers %d", p.Resp.StatusCode)
	}
}
