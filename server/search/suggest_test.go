package search_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"

	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/cache/redistest"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/region"
	"sogliq/server/search"
)

// TestSuggestCachePurge: a suggestion list is served from the cache (in
// process, and through Redis to a second server) until Reindex and a purge
// of search.CacheTag, then reflects the change.
func TestSuggestCachePurge(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	regions, err := region.NewStore(db).Regions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name  string
		redis bool
	}{{"in-process", false}, {"redis", true}} {
		t.Run(test.name, func(t *testing.T) {
			var rdb *redis.Client
			if test.redis {
				rdb = redistest.Start(t).Client()
			}
			// After the purge the clock moves past the stale window: a purged
			// entry is otherwise served once more while it re-renders.
			var clock atomic.Int64
			clock.Store(time.Now().UnixNano())
			now := func() time.Time { return time.Unix(0, clock.Load()) }
			newApp := func() (*fiber.App, *cache.Cache) {
				// Redis has 2s a call: at the 50ms default a SET slowed by a
				// loaded machine is dropped and the second server misses.
				c := cache.New(rdb, cache.Options{Prefix: "test:" + test.name + ":", Now: now, RedisTimeout: 2 * time.Second})
				t.Cleanup(func() { c.Close() })
				app := fiber.New(fiber.Config{ErrorHandler: api.ErrorHandler(dict)})
				(&search.Handler{Store: search.NewStore(db), Cache: c, Regions: regions, Dict: dict}).Register(app)
				return app, c
			}
			app, c := newApp()
			first := func(app *fiber.App) string {
				t.Helper()
				resp, err := app.Test(httptest.NewRequest("GET", "/api/suggest?"+url.Values{"q": {"кардиолог"}}.Encode(), nil), -1)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				var got struct{ Data []search.Suggestion }
				if err := json.Unmarshal(body, &got); err != nil || len(got.Data) == 0 {
					t.Fatalf("status %d body %s: %v", resp.StatusCode, body, err)
				}
				return got.Data[0].Name
			}
			if got := first(app); got != "Кардиолог" {
				t.Fatalf("first %q", got)
			}
			if _, err := db.Exec(`UPDATE specialties SET name_ru = 'Кардиолог (врач по сердцу)' WHERE slug = 'kardiolog'`); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Exec(`UPDATE specialties SET name_ru = 'Кардиолог' WHERE slug = 'kardiolog'`) })
			if err := search.ReindexDB(ctx, db); err != nil {
				t.Fatal(err)
			}
			if got := first(app); got != "Кардиолог" {
				t.Fatalf("before the purge: first %q, want the cached list", got)
			}
			if test.redis {
				// A second server sharing Redis gets the list from there.
				other, _ := newApp()
				if got := first(other); got != "Кардиолог" {
					t.Fatalf("second server: first %q, want the list cached in Redis", got)
				}
			}
			key := search.CacheKey(search.QueryKeys("кардиолог"), "ru", "")
			if _, fresh := c.Peek(ctx, key); !fresh {
				t.Fatal("the list is not cached")
			}
			if err := c.Purge(ctx, search.CacheTag); err != nil {
				t.Fatal(err)
			}
			if _, fresh := c.Peek(ctx, key); fresh {
				t.Fatal("the list is still fresh after the purge")
			}
			clock.Add(int64(2 * time.Hour))
			if got := first(app); got != "Кардиолог (врач по сердцу)" {
				t.Errorf("after the purge: first %q", got)
			}
			if _, err := db.Exec(`UPDATE specialties SET name_ru = 'Кардиолог' WHERE slug = 'kardiolog'`); err != nil {
				t.Fatal(err)
			}
			if err := search.ReindexDB(ctx, db); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSuggestAPI: the answers of GET /api/suggest to queries it refuses,
// bounds or cannot search, in the caller's language.
func TestSuggestAPI(t *testing.T) {
	app := suggestApp(t)
	long := strings.Repeat("кардиолог ", 20)
	for _, test := range []struct {
		name, q, lang, region string
		status                int
		body                  string // a substring of the body
	}{
		{"found", "кардиолог", "", "", 200, `"slug":"kardiolog"`},
		{"too short", "к", "", "", 404, `{"data":[],"groups":[]}`},
		{"too long ru", long, "", "", 400, `"error":"Запрос длиннее 100 символов"`},
		{"too long uz", long, "uz", "", 400, `"error":"So'rov 100 belgidan uzun"`},
		{"repeated words", strings.Repeat("kardiolog ", 9), "", "", 200, `"slug":"kardiolog"`},
		{"bad region", "кардиолог", "", "nowhere", 400, `"error":"Неизвестный регион"`},
		{"camelCase", "кардиолог", "uz", "samarkand", 200, `"url":"/uz/samarkand/doctors/kardiolog"`},
	} {
		t.Run(test.name, func(t *testing.T) {
			v := url.Values{"q": {test.q}}
			if test.lang != "" {
				v.Set("lang", test.lang)
			}
			if test.region != "" {
				v.Set("region", test.region)
			}
			resp, err := app.Test(httptest.NewRequest("GET", "/api/suggest?"+v.Encode(), nil), -1)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != test.status || !strings.Contains(string(body), test.body) {
				t.Errorf("status %d body %s, want %d with %s", resp.StatusCode, body, test.status, test.body)
			}
		})
	}
}

// TestSearchBusy: with every search slot taken, a suggestion waits
// search.APIWait and then fails with search.ErrBusy (503 with Retry-After).
func TestSearchBusy(t *testing.T) {
	db := dbtest.NewSeeded(t)
	store := search.NewStore(db)
	ctx := context.Background()
	var releases []func()
	for range search.MaxConcurrent {
		release, err := store.Hold(ctx)
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	if _, err := store.Suggest(ctx, search.QueryKeys("кардиолог"), 0, 8); !errors.Is(err, search.ErrBusy) {
		t.Fatalf("all slots taken: err %v, want ErrBusy", err)
	}
	if got := api.StatusOf(search.ErrBusy); got != 503 {
		t.Errorf("ErrBusy status %d", got)
	}
	releases[0]()
	if hits, err := store.Suggest(ctx, search.QueryKeys("кардиолог"), 0, 8); err != nil || len(hits) == 0 {
		t.Fatalf("a slot free: %v, %d hits", err, len(hits))
	}
	for _, r := range releases[1:] {
		r()
	}
}

// TestSuggestGroups: GET /api/suggest puts its items under headings, at
// most 8 in all, the group of the best item first; a red flag, in either
// language and script, typed with a typo or in the wrong layout, puts the
// emergency group first, its one item dialling 103; data lists the same
// items group after group.
func TestSuggestGroups(t *testing.T) {
	app := suggestApp(t)
	for _, test := range []struct {
		q, lang    string
		firstGroup string
		firstURL   string
		name       string // a part of the first item's name
	}{
		{"болит сердце трудно дышать", "ru", search.GroupEmergency, "tel:103", "103"},
		{"yuragim qattiq og'riyapti nafas ololmayapman", "uz", search.GroupEmergency, "tel:103", "103"},
		{"инсулт бўлди", "uz", search.GroupEmergency, "tel:103", "103"},
		{"инфракт", "ru", search.GroupEmergency, "tel:103", "103"},
		{"byafhrn", "ru", search.GroupEmergency, "tel:103", "103"},
		{"чистка зубов", "ru", search.GroupServices, "/uslugi/chistka-zubov", "чистка"},
		{"tish tozalash", "uz", search.GroupServices, "/uz/uslugi/chistka-zubov", "tozalash"},
		{"кардиолог", "ru", search.GroupSpecialties, "/doctors/kardiolog", "Кардиолог"},
		{"нурофен", "ru", search.GroupMedicines, "/product/nurofen-400", "Нурофен"},
	} {
		t.Run(test.q, func(t *testing.T) {
			v := url.Values{"q": {test.q}, "lang": {test.lang}}
			resp, err := app.Test(httptest.NewRequest("GET", "/api/suggest?"+v.Encode(), nil), -1)
			if err != nil {
				t.Fatal(err)
			}
			var got search.SuggestList
			if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != 200 {
				t.Fatalf("status %d: %v", resp.StatusCode, err)
			}
			if len(got.Data) == 0 || len(got.Data) > search.MaxSuggestions {
				t.Fatalf("%d items, want 1 to %d", len(got.Data), search.MaxSuggestions)
			}
			var flat []search.Suggestion
			seen := map[string]bool{}
			for _, g := range got.Groups {
				if seen[g.Group] || len(g.Items) == 0 {
					t.Errorf("group %q twice or empty", g.Group)
				}
				seen[g.Group] = true
				for _, it := range g.Items {
					if search.GroupOf(it.Type) != g.Group {
						t.Errorf("%s item %q under %q", it.Type, it.Name, g.Group)
					}
				}
				flat = append(flat, g.Items...)
			}
			if diff := cmp.Diff(got.Data, flat); diff != "" {
				t.Errorf("data is not the groups' items in order (-data +groups):\n%s", diff)
			}
			first := got.Groups[0]
			if first.Group != test.firstGroup || first.Items[0].URL != test.firstURL || !strings.Contains(first.Items[0].Name, test.name) {
				t.Errorf("first group %q item %+v, want %q at %s named with %q", first.Group, first.Items[0], test.firstGroup, test.firstURL, test.name)
			}
			if test.firstGroup == search.GroupEmergency {
				if len(first.Items) != 1 || len(got.Groups) < 2 {
					t.Errorf("emergency: %d items, %d groups; want the number alone, then who treats it", len(first.Items), len(got.Groups))
				}
				want := map[string]string{"ru": "Скорая", "uz": "Tez"}[test.lang]
				if !strings.Contains(first.Items[0].Name, want) {
					t.Errorf("emergency item %q, want it in %s", first.Items[0].Name, test.lang)
				}
			}
		})
	}
}

// suggestApp serves the search API on a fresh seeded database, its errors
// written as the site writes them.
func suggestApp(t *testing.T) *fiber.App {
	t.Helper()
	db := dbtest.NewSeeded(t)
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	regions, err := region.NewStore(db).Regions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: api.ErrorHandler(dict)})
	(&search.Handler{Store: search.NewStore(db), Regions: regions, Dict: dict}).Register(app)
	return app
}
