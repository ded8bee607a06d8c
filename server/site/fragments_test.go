package site_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/cache"
	"sogliq/server/cache/redistest"
	"sogliq/server/route"
	"sogliq/server/site/sitetest"
	"sogliq/ssr"
)

// publicPaths is every route of the table that answers a visitor with no
// account, in both languages, at its sample parameters (samplePath) in the
// default region.
func publicPaths(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range routes.Routes {
		if r.Access != "" && r.Access != route.AccessOptional {
			continue // a visitor's own page: never cached, holds no cards of others
		}
		rest := samplePath(t, s.DB, r, "tashkent")
		for _, lang := range []string{"ru", "uz"} {
			place := route.Place{Lang: lang, Region: "tashkent"}
			paths = append(paths, route.Join(route.Prefix(place, r.Region), rest))
		}
	}
	return paths
}

// TestFragmentsAreInvisible renders every public route in both languages
// on a site that reuses card fragments (first cold, then warm) and on one
// that renders every card in place: the documents must be identical.
func TestFragmentsAreInvisible(t *testing.T) {
	with := sitetest.Start(t, sitetest.Options{Uncached: true})
	without := sitetest.StartWithDB(t, with.DB, sitetest.Options{Uncached: true, NoFragments: true})
	paths := publicPaths(t, with)
	body := func(s *sitetest.Site, path string) string {
		t.Helper()
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, p.Resp.StatusCode)
		}
		// The sites differ in their port, which absolute URLs carry.
		return strings.ReplaceAll(p.Body, s.URL, "http://site")
	}
	for _, pass := range []string{"cold", "warm"} {
		for _, path := range paths {
			if diff := cmp.Diff(body(without, path), body(with, path)); diff != "" {
				t.Errorf("%s (%s fragments): page differs from the one rendered without fragments (-without +with):\n%s", path, pass, diff)
			}
		}
	}
	if with.Fragments.Len() == 0 {
		t.Fatal("no card was kept as a fragment: the pages compared show none")
	}
}

// TestDoctorPurgeReachesEveryPage changes a doctor's name in the database,
// expires his tag as publishing does, and expects every page that showed
// him (his own, his clinic's, listings) to show the new name, through the
// page cache (Redis and in process) and the fragment store.
func TestDoctorPurgeReachesEveryPage(t *testing.T) {
	rdb, err := cache.NewRedisClient(redistest.Start(t).URL())
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	s := sitetest.Start(t, sitetest.Options{Redis: rdb, RedisTimeout: 2 * time.Second})
	ctx := context.Background()
	// A doctor of the sample clinic, shown on its doctors' tab, and on the
	// first page of his specialty's listing (whose order follows the
	// visits seeded around today).
	type doctor struct {
		ID        int64  `db:"id"`
		Slug      string `db:"slug"`
		Specialty string `db:"specialty"`
	}
	var candidates []doctor
	if err := s.DB.SelectContext(ctx, &candidates, `
		SELECT d.id, d.slug, sp.slug AS specialty
		FROM doctors d
		JOIN doctor_clinics dc ON dc.doctor_id = d.id
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		JOIN specialties sp ON sp.id = ds.specialty_id
		WHERE dc.clinic_id = (SELECT id FROM clinics ORDER BY id LIMIT 1)
		ORDER BY d.rating DESC, d.id`); err != nil {
		t.Fatal(err)
	}
	var doc doctor
	for _, c := range candidates {
		if strings.Contains(sitetest.Get(t, s.URL+"/doctors/"+c.Specialty).Body, `href="/doctor/`+c.Slug+`"`) {
			doc = c
			break
		}
	}
	if doc.ID == 0 {
		t.Fatalf("none of the sample clinic's %d doctors is on the first page of his specialty", len(candidates))
	}
	paths := publicPaths(t, s)
	for _, lang := range []string{"", "/uz"} {
		paths = append(paths, lang+"/doctors/"+doc.Specialty, lang+"/doctor/"+doc.Slug)
	}
	shows := regexp.MustCompile(`href="(/uz)?/doctor/` + regexp.QuoteMeta(doc.Slug) + `"`)
	var showing []string
	for _, path := range paths {
		if shows.MatchString(sitetest.Get(t, s.URL+path).Body) {
			showing = append(showing, path)
		}
	}
	held := s.Fragments.Len()
	if len(showing) < 4 || held == 0 {
		t.Fatalf("doctor %s is on %d pages (%q) and %d cards are held: the test needs more", doc.Slug, len(showing), showing, held)
	}
	if _, err := s.DB.ExecContext(ctx, `UPDATE doctors SET full_name_ru = full_name_ru || ' Переименов', full_name_uz = full_name_uz || ' Qaytanomlandi' WHERE id = $1`, doc.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Cache.Expire(ctx, "doctor:"+itoa(int(doc.ID))); err != nil {
		t.Fatal(err)
	}
	if s.Fragments.Len() >= held {
		t.Errorf("the purge of doctor:%d dropped no fragment (%d held before, %d after)", doc.ID, held, s.Fragments.Len())
	}
	for _, path := range showing {
		want := map[bool]string{false: "Переименов", true: "Qaytanomlandi"}[strings.HasPrefix(path, "/uz")]
		if body := sitetest.Get(t, s.URL+path).Body; !strings.Contains(body, want) {
			t.Errorf("%s still shows the old name of doctor %s after the purge", path, doc.Slug)
		}
	}
}

// TestCardsAreSharedThroughRedis: the cards one instance rendered reach
// another through Redis, fetched before its render, so the second renders
// none of them and writes the same pages.
func TestCardsAreSharedThroughRedis(t *testing.T) {
	rdb := sitetest.Redis(t)
	opts := sitetest.Options{Redis: rdb, RedisTimeout: 2 * time.Second, Uncached: true}
	a := sitetest.Start(t, opts)
	b := sitetest.StartWithDB(t, a.DB, opts)
	paths := []string{"/doctors/kardiolog", "/uz/doctors/terapevt", "/kliniki/byalltype/all", "/uz/kliniki/byalltype/all"}
	cards := regexp.MustCompile(`class="(doctor|clinic)-summary"`)
	want := map[string]string{}
	total := 0
	for _, path := range paths {
		p := sitetest.Get(t, a.URL+path)
		n := len(cards.FindAllString(p.Body, -1))
		if p.Resp.StatusCode != 200 || n == 0 {
			t.Fatalf("%s: status %d, %d cards: the test needs cards", path, p.Resp.StatusCode, n)
		}
		want[path] = strings.ReplaceAll(p.Body, a.URL, "http://site")
		total += n
	}
	// The writes are in the background: wait until Redis holds them.
	ctx := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	for {
		keys, err := rdb.Keys(ctx, "sogliq-test:"+t.Name()+":fragment:*").Result()
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) >= total {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Redis holds %d fragments, want at least the %d cards rendered", len(keys), total)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, path := range paths {
		p := sitetest.Get(t, b.URL+path)
		if diff := cmp.Diff(want[path], strings.ReplaceAll(p.Body, b.URL, "http://site")); diff != "" {
			t.Errorf("%s: the second instance's page differs (-first +second):\n%s", path, diff)
		}
	}
	if got := b.Fragments.Fetched(); got < uint64(total) {
		t.Errorf("the second instance fetched %d fragments from Redis, want the %d cards the first rendered", got, total)
	}
	// The cards are found under the keys they were fetched by: the second
	// instance renders only what it does not fetch (the chrome, the
	// islands), so what it rendered and fetched is what the first rendered.
	if got, want := b.Fragments.Rendered()+b.Fragments.Fetched(), a.Fragments.Rendered(); got != want {
		t.Errorf("the second instance rendered %d fragments and fetched %d, the first rendered %d: cards were rendered again under other keys",
			b.Fragments.Rendered(), b.Fragments.Fetched(), want)
	}
}

// TestPricedCardsAreKeptApart renders a service's clinic listing (priced
// cards) and the same props marked unpriced through one fragment store,
// as the engine's walker places entity cards: the same clinic data must
// keep two cards, each what a render without fragments writes.
func TestPricedCardsAreKeptApart(t *testing.T) {
	site := sitetest.Start(t, sitetest.Options{Uncached: true})
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	service, ok := routes.ByName("service")
	if !ok {
		t.Fatal("no route named service")
	}
	priced, err := site.Server.PageProps(context.Background(), samplePath(t, site.DB, service, "tashkent"))
	if err != nil {
		t.Fatal(err)
	}
	var props map[string]any
	if err := json.Unmarshal(priced, &props); err != nil {
		t.Fatal(err)
	}
	data, _ := props["data"].(map[string]any)
	if data["priced"] != true {
		t.Fatalf("the service's listing is not priced: %v", data["priced"])
	}
	// Both from the same map, so that the clinics' JSON, and their seals,
	// are the same text.
	if priced, err = json.Marshal(props); err != nil {
		t.Fatal(err)
	}
	data["priced"] = false
	unpriced, err := json.Marshal(props)
	if err != nil {
		t.Fatal(err)
	}
	engine := func(f *ssr.Fragments) *ssr.Engine {
		e, err := ssr.NewEngine(sitetest.Bundle(t), ssr.Options{Size: 1, Fragments: f})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	render := func(e *ssr.Engine, p []byte) string {
		html, err := e.Render(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	plain := engine(nil)
	want := []string{render(plain, priced), render(plain, unpriced)}
	if want[0] == want[1] {
		t.Fatal("the priced and unpriced pages are the same: the test needs cards that differ")
	}
	kept := engine(ssr.NewFragments(0))
	for pass := range 2 {
		for i, p := range [][]byte{priced, unpriced} {
			if diff := cmp.Diff(want[i], render(kept, p)); diff != "" {
				t.Errorf("pass %d, %s: differs from the render without fragments (-want +got):\n%s", pass, []string{"priced", "unpriced"}[i], diff)
			}
		}
	}
}
