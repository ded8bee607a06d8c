package search_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/redis/go-redis/v9"

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
				c := cache.New(rdb, cache.Options{Prefix: "test:" + test.name + ":", Now: now})
				t.Cleanup(func() { c.Close() })
				app := fiber.New()
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
