package analytics_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account/accounttest"
	"sogliq/server/analytics"
	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/server/search"
)

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"

// fixture is the tracking API on a fresh database with two doctors and a
// clinic, and its writer.
type fixture struct {
	db     *sqlx.DB
	app    *fiber.App
	writer *analytics.Writer
	now    time.Time
}

func newFixture(t *testing.T, perDevice, perAddress int) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t), now: time.Now()}
	for _, q := range []string{
		`INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		 VALUES (1, 'klinika-shifo', 'Клиника Шифо', 'Shifo klinikasi', (SELECT min(id) FROM regions), '', '', '')`,
		`INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id, rating, review_count)
		 VALUES (1, 'ivanova-anna', 'Иванова Анна', 'Ivanova Anna', 'f', 2000, (SELECT min(id) FROM regions), 0, 0),
		        (2, 'ivanova-alla', 'Иванова Алла', 'Ivanova Alla', 'f', 2000, (SELECT min(id) FROM regions), 0, 0)`,
	} {
		if _, err := f.db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	f.writer = analytics.NewWriter(f.db, analytics.WriterOptions{Every: time.Hour})
	t.Cleanup(func() { _ = f.writer.Close(context.Background()) })
	f.app = accounttest.App(t, dict)
	f.app.Use(api.Bodies)
	(&analytics.Handler{Writer: f.writer, Routes: routes, DB: f.db, Limit: &analytics.Limiter{PerDevice: perDevice, PerAddress: perAddress}, Now: func() time.Time { return f.now }}).Register(f.app)
	return f
}

// post sends body to path with a browser's user agent unless headers
// say otherwise; it returns the status and the JSON error, if any.
func (f *fixture) post(t *testing.T, path, body string, headers ...string) (int, string) {
	t.Helper()
	a := accounttest.Call(t, f.app, http.MethodPost, path, body, "", append([]string{"Content-Type", "application/json", "User-Agent", chrome}, headers...)...)
	msg, _ := a.Body["error"].(string)
	return a.Status, msg
}

// stored flushes the writer and counts the rows of analytic_events.
func (f *fixture) stored(t *testing.T) int {
	t.Helper()
	if err := f.writer.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := f.db.Get(&n, `SELECT count(*) FROM analytic_events`); err != nil {
		t.Fatal(err)
	}
	return n
}

func pageView(route, pageType, pageID string) string {
	b, _ := json.Marshal(analytics.PageViewRequest{Event: "page_view", Params: analytics.PageViewParams{
		DeviceID: "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", Route: route, PageType: pageType, PageID: pageID, Platform: "mobile", Device: "android",
	}})
	return string(b)
}

func TestPageViewValidation(t *testing.T) {
	f := newFixture(t, 1000, 1000)
	long := strings.Repeat("я", analytics.ValueMax+1)
	for _, test := range []struct {
		name, body string
		headers    []string
		status     int
		reason     string // part of the Russian message
	}{
		{"accepted", pageView("/doctor/ivanova-anna", "doctor", "ivanova-anna"), nil, 202, ""},
		{"uzbek region page", pageView("/uz/samarkand/doctors/kardiolog", "specialty", "kardiolog"), nil, 202, ""},
		{"unknown path is static", pageView("/no/such/page", "static", ""), nil, 202, ""},
		{"unknown event", `{"event":"click","params":{}}`, nil, 400, "Неизвестное событие"},
		{"unknown param", strings.Replace(pageView("/", "home", ""), `"platform"`, `"extra":"x","platform"`, 1), nil, 400, "без других полей"},
		{"bad JSON", `{"event":`, nil, 400, "JSON"},
		{"not JSON", `event=page_view`, []string{"Content-Type", "text/plain"}, 415, ""},
		{"overlong route", pageView("/"+long, "static", ""), nil, 400, "длиннее"},
		{"route not a path", pageView("https://evil.example/", "static", ""), nil, 400, "route"},
		{"bad platform", strings.Replace(pageView("/", "home", ""), `"mobile"`, `"tv"`, 1), nil, 400, "platform"},
		{"bad device id", strings.Replace(pageView("/", "home", ""), "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", "x", 1), nil, 400, "device_id"},
		{"classification differs", pageView("/doctor/ivanova-anna", "home", ""), nil, 400, "page_type"},
		{"cross-site", pageView("/", "home", ""), []string{"Sec-Fetch-Site", "cross-site"}, 403, ""},
		{"robot dropped", pageView("/", "home", ""), []string{"User-Agent", "Mozilla/5.0 (compatible; YandexBot/3.0)"}, 202, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			status, msg := f.post(t, "/api/analytic-events", test.body, test.headers...)
			if status != test.status || !strings.Contains(msg, test.reason) {
				t.Errorf("status %d %q, want %d containing %q", status, msg, test.status, test.reason)
			}
		})
	}
	// Three accepted; the robot's view and every refusal stored nothing.
	if n := f.stored(t); n != 3 {
		t.Errorf("%d rows stored, want 3", n)
	}
	var got []analytics.PageViewParams
	if err := f.db.Select(&got, `SELECT device_id AS "deviceid", route, page_type AS "pagetype", page_id AS "pageid", platform, device FROM analytic_events ORDER BY route`); err != nil {
		t.Fatal(err)
	}
	want := []analytics.PageViewParams{
		{DeviceID: "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", Route: "/doctor/ivanova-anna", PageType: "doctor", PageID: "ivanova-anna", Platform: "mobile", Device: "android"},
		{DeviceID: "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", Route: "/no/such/page", PageType: "static", PageID: "", Platform: "mobile", Device: "android"},
		{DeviceID: "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", Route: "/uz/samarkand/doctors/kardiolog", PageType: "specialty", PageID: "kardiolog", Platform: "mobile", Device: "android"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored (-want +got):\n%s", diff)
	}
}

func TestTrackEvents(t *testing.T) {
	f := newFixture(t, 1000, 1000)
	for _, test := range []struct {
		name, path, body string
		status           int
	}{
		{"clinic phone", "/api/clinics/1/track-event", `{"event":"phone_shown","route":"/klinika/klinika-shifo"}`, 202},
		{"doctor booking", "/api/doctors/2/track-event", `{"event":"booking_started","device_id":"abcdefgh12"}`, 202},
		{"unknown clinic", "/api/clinics/999/track-event", `{"event":"card_view"}`, 404},
		{"malformed id", "/api/doctors/x/track-event", `{"event":"card_view"}`, 404},
		{"unknown kind", "/api/doctors/1/track-event", `{"event":"liked"}`, 400},
		{"unknown field", "/api/doctors/1/track-event", `{"event":"card_view","x":1}`, 400},
	} {
		t.Run(test.name, func(t *testing.T) {
			if status, msg := f.post(t, test.path, test.body); status != test.status {
				t.Errorf("status %d (%s), want %d", status, msg, test.status)
			}
		})
	}
	var got []string
	if err := f.db.Select(&got, `SELECT entity || ' ' || entity_id || ' ' || event || ' ' || page_type FROM analytic_events ORDER BY 1`); err != nil {
		t.Fatal(err)
	}
	_ = f.stored(t)
	if err := f.db.Select(&got, `SELECT entity || ' ' || entity_id || ' ' || event || ' ' || page_type FROM analytic_events ORDER BY 1`); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"clinic 1 phone_shown clinic", "doctor 2 booking_started "}, got); diff != "" {
		t.Errorf("stored (-want +got):\n%s", diff)
	}
}

func TestRateLimits(t *testing.T) {
	f := newFixture(t, 3, 5)
	body := pageView("/", "home", "")
	other := strings.Replace(body, "0b6f8a52-3d2c-4c35-9a43-6f0d5b7f1c2e", "another-device-1", 1)
	var statuses []int
	for _, b := range []string{body, body, body, body, other, other, other} {
		s, _ := f.post(t, "/api/analytic-events", b)
		statuses = append(statuses, s)
	}
	// The device's fourth view is refused; the address's sixth request too.
	if diff := cmp.Diff([]int{202, 202, 202, 429, 202, 202, 429}, statuses); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	f.now = f.now.Add(time.Minute)
	if s, _ := f.post(t, "/api/analytic-events", body); s != 202 {
		t.Errorf("a minute later: %d, want 202", s)
	}
	if n := f.stored(t); n != 6 {
		t.Errorf("%d stored, want 6", n)
	}
}

func TestPartitions(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	now := time.Now().UTC()
	old := time.Date(now.Year(), now.Month()-14, 15, 0, 0, 0, 0, time.UTC)
	if err := analytics.EnsurePartitions(ctx, db, old); err != nil {
		t.Fatal(err)
	}
	if err := analytics.EnsurePartitions(ctx, db, now); err != nil {
		t.Fatal(err)
	}
	w := analytics.NewWriter(db, analytics.WriterOptions{Every: time.Hour})
	for _, at := range []time.Time{now, now.AddDate(0, 0, 40), old} {
		if err := w.Add(analytics.Event{At: at, Event: analytics.PageView, Route: "/", PageType: "home"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(ctx); err != nil {
		t.Fatal(err)
	}
	dropped, err := analytics.DropExpired(ctx, db, now, 13)
	if err != nil {
		t.Fatal(err)
	}
	// Keeping 13 months back drops the 14th month back alone.
	if diff := cmp.Diff([]string{"analytic_events_" + old.Format("200601")}, dropped); diff != "" {
		t.Errorf("dropped (-want +got):\n%s", diff)
	}
	var n int
	if err := db.Get(&n, `SELECT count(*) FROM analytic_events`); err != nil || n != 2 {
		t.Errorf("%d rows left (%v), want 2", n, err)
	}
}

// TestPopularityReordersSuggestions: two namesakes tie, so the lower id
// comes first; page views and a booking started for the other, then the
// popularity job, put it first, and the cached suggestion list is purged.
func TestPopularityReordersSuggestions(t *testing.T) {
	f := newFixture(t, 1000, 1000)
	ctx := context.Background()
	if err := search.ReindexDB(ctx, f.db); err != nil {
		t.Fatal(err)
	}
	dict, _ := i18n.Load()
	regions, err := region.NewStore(f.db).Regions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The cache's clock moves past the stale window after each purge: a
	// purged list is otherwise served once more while it is rebuilt.
	var cacheNow atomic.Int64
	cacheNow.Store(time.Now().UnixNano())
	suggestions := cache.New(nil, cache.Options{Now: func() time.Time { return time.Unix(0, cacheNow.Load()) }})
	t.Cleanup(func() { _ = suggestions.Close() })
	(&search.Handler{Store: search.NewStore(f.db), Cache: suggestions, Regions: regions, Dict: dict, PublicURL: "http://x"}).Register(f.app)
	order := func() []string {
		t.Helper()
		resp, err := f.app.Test(httptest.NewRequest(http.MethodGet, "/api/suggest?q=%D0%B8%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0", nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body api.Envelope[[]search.Suggestion]
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range body.Data {
			names = append(names, s.Name)
		}
		return names
	}
	if diff := cmp.Diff([]string{"Иванова Анна", "Иванова Алла"}, order()); diff != "" {
		t.Fatalf("before (-want +got):\n%s", diff)
	}
	for range 2 {
		if s, msg := f.post(t, "/api/analytic-events", pageView("/doctor/ivanova-alla", "doctor", "ivanova-alla")); s != 202 {
			t.Fatalf("page view: %d %s", s, msg)
		}
	}
	if s, msg := f.post(t, "/api/doctors/2/track-event", `{"event":"booking_started"}`); s != 202 {
		t.Fatalf("track-event: %d %s", s, msg)
	}
	_ = f.stored(t)
	w := &analytics.PopularityWorker{DB: f.db, Suggestions: suggestions, Now: func() time.Time { return f.now }}
	if err := w.Work(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var pop int
	if err := f.db.Get(&pop, `SELECT popularity FROM doctors WHERE id = 2`); err != nil || pop != 6 {
		t.Errorf("popularity %d (%v), want 6 (two views of one device in an hour count once, one booking started)", pop, err)
	}
	key := search.CacheKey(search.QueryKeys("иванова"), "ru", "")
	if _, fresh := suggestions.Peek(ctx, key); fresh {
		t.Error("the cached suggestion list was not purged")
	}
	cacheNow.Add(int64(2 * time.Hour))
	if diff := cmp.Diff([]string{"Иванова Алла", "Иванова Анна"}, order()); diff != "" {
		t.Errorf("after (-want +got):\n%s", diff)
	}
	// Events older than the window no longer count.
	f.now = f.now.AddDate(0, 0, analytics.PopularityDays+1)
	if err := w.Work(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cacheNow.Add(int64(2 * time.Hour))
	if diff := cmp.Diff([]string{"Иванова Анна", "Иванова Алла"}, order()); diff != "" {
		t.Errorf("a month later (-want +got):\n%s", diff)
	}
}

// TestPopularityCapsOneAddress: one address posting booking_started with a
// new device id each time gives the doctor at most 3 devices' worth an
// hour; other addresses count each, and rows from before sources were
// recorded count one each.
func TestPopularityCapsOneAddress(t *testing.T) {
	f := newFixture(t, 1000, 1000)
	ctx := context.Background()
	for i := range 50 {
		body := fmt.Sprintf(`{"event":"booking_started","device_id":"rotating-%04d"}`, i)
		if s, msg := f.post(t, "/api/doctors/1/track-event", body); s != 202 {
			t.Fatalf("track-event: %d %s", s, msg)
		}
	}
	_ = f.stored(t)
	var sources []string
	if err := f.db.Select(&sources, `SELECT DISTINCT source FROM analytic_events`); err != nil || len(sources) != 1 || len(sources[0]) != 16 || strings.Contains(sources[0], ".") {
		t.Fatalf("sources %q (%v): want one pseudonym", sources, err)
	}
	for i, src := range []string{"a1", "a2", "a3", "a4", "", ""} {
		if _, err := f.db.Exec(`INSERT INTO analytic_events (at, event, device_id, entity, entity_id, source) VALUES ($1, 'booking_started', $2, 'doctor', 2, $3)`,
			f.now, fmt.Sprintf("device-%d", i), src); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := analytics.Recompute(ctx, f.db, f.now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	var got []int
	if err := f.db.Select(&got, `SELECT popularity FROM doctors ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{3 * 5, 6 * 5}, got); diff != "" {
		t.Errorf("popularity (-want +got):\n%s", diff)
	}
}
