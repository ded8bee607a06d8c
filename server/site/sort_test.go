package site_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/analytics"
	"sogliq/server/site/sitetest"
)

// TestListingSortPopular: ?sort=popular orders the doctor and clinic
// listings by measured popularity; a change of popularity, once the
// listings' cache tags (analytics.ListingTags) expire, changes the order;
// the doctor listing's sort links keep to the URL (popular, the default,
// stays out of it); an unknown sort is a 400.
func TestListingSortPopular(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	ctx := context.Background()
	// The least popular Tashkent cardiologist and clinic, made the most popular.
	var doctor, clinic string
	const leastDoctor = `
		SELECT d.slug
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		JOIN specialties sp ON sp.id = ds.specialty_id
		WHERE sp.slug = 'kardiolog'
			AND d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
		ORDER BY d.popularity, d.rating, d.id DESC
		LIMIT 1`
	if err := s.DB.Get(&doctor, leastDoctor); err != nil {
		t.Fatal(err)
	}
	const leastClinic = `
		SELECT slug
		FROM clinics
		WHERE region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
		ORDER BY popularity, rating, id DESC
		LIMIT 1`
	if err := s.DB.Get(&clinic, leastClinic); err != nil {
		t.Fatal(err)
	}
	first := func(path, selector string) string {
		t.Helper()
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, p.Resp.StatusCode)
		}
		return sitetest.Attr(p.All(t, selector)[0], "href")
	}
	const doctorCard, clinicCard = "article.doctor-summary h2 a", "article.clinic-summary h2 a"
	// Cached before the change, as a visitor's request would leave them.
	before := []string{first("/doctors/kardiolog", doctorCard), first("/kliniki/byalltype/all?sort=popular", clinicCard)}
	if diff := cmp.Diff([]string{"/doctor/" + doctor, "/klinika/" + clinic}, before); diff == "" {
		t.Fatal("the least popular doctor and clinic already come first; the test proves nothing")
	}
	for _, q := range []string{
		`UPDATE doctors SET popularity = (SELECT max(popularity) + 1000 FROM doctors) WHERE slug = $1`,
		`UPDATE clinics SET popularity = (SELECT max(popularity) + 1000 FROM clinics) WHERE slug = $1`,
	} {
		slug := doctor
		if q[7] == 'c' {
			slug = clinic
		}
		if _, err := s.DB.Exec(q, slug); err != nil {
			t.Fatal(err)
		}
	}
	// The popularity job's Purge serves each listing stale once while it
	// renders again; Expire of the same tags makes the next request render.
	if err := s.Cache.Expire(ctx, analytics.ListingTags...); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ path, selector, want string }{
		{"/doctors/kardiolog", doctorCard, "/doctor/" + doctor},
		{"/doctors/kardiolog?sort=popular", doctorCard, "/doctor/" + doctor},
		{"/kliniki/byalltype/all?sort=popular", clinicCard, "/klinika/" + clinic},
	} {
		if got := first(test.path, test.selector); got != test.want {
			t.Errorf("%s: first %s, want %s", test.path, got, test.want)
		}
	}
	if got := first("/doctors/kardiolog?sort=rating", doctorCard); got == "/doctor/"+doctor {
		t.Errorf("?sort=rating still puts the least rated doctor %s first", doctor)
	}
	p := sitetest.Get(t, s.URL+"/uz/doctors/kardiolog?sort=rating")
	var links []string
	for _, a := range p.All(t, "nav.doctor-list__sort a") {
		links = append(links, sitetest.Attr(a, "href")+" "+sitetest.Attr(a, "aria-current"))
	}
	if diff := cmp.Diff([]string{"/uz/doctors/kardiolog ", "/uz/doctors/kardiolog?sort=rating page", "/uz/doctors/kardiolog?sort=earliest "}, links); diff != "" {
		t.Errorf("sort links (-want +got):\n%s", diff)
	}
	if got := sitetest.Attr(p.One(t, `.pagination a[rel="next"]`), "href"); got != "/uz/doctors/kardiolog?page=2&sort=rating" {
		t.Errorf("next = %q, want the sort kept", got)
	}
	p.One(t, `meta[name="robots"][content*="noindex"]`)
	for _, path := range []string{"/doctors/kardiolog?sort=nope", "/kliniki/byalltype/all?sort=nope"} {
		if p := sitetest.Get(t, s.URL+path); p.Resp.StatusCode != 400 {
			t.Errorf("%s: status %d, want 400", path, p.Resp.StatusCode)
		}
	}
}
