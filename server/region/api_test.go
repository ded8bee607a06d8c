package region_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/api"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/region"
)

// apiApp serves the locations API over a seeded database, detecting regions
// through a stub location service that answers city for every address.
// Only the districts need the seeded data; the regions come with the schema.
func apiApp(t *testing.T, city string, seeded bool) *fiber.App {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	stub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{"city": city})
	}))
	t.Cleanup(stub.Close)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	var db *sqlx.DB
	if seeded {
		db = dbtest.NewSeeded(t)
	} else {
		db = dbtest.New(t)
	}
	h := &region.Handler{
		Store:    region.NewStore(db),
		PerPage:  100,
		Detector: &region.Detector{Locator: &region.HTTPLocator{URL: stub.URL + "/json/{ip}"}, Logger: logger},
		Logger:   logger,
	}
	app := fiber.New(fiber.Config{ErrorHandler: api.ErrorHandler(dict)})
	h.Register(app)
	return app
}

type apiResult struct {
	status int
	header http.Header
	body   map[string]json.RawMessage
}

func get(t *testing.T, app *fiber.App, target string) apiResult {
	t.Helper()
	resp, err := app.Test(httptest.NewRequest(http.MethodGet, target, nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("GET %s: body is not a JSON object: %v", target, err)
	}
	return apiResult{status: resp.StatusCode, header: resp.Header, body: body}
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decoding %s: %v", raw, err)
	}
	return v
}

func TestLocationsAPI(t *testing.T) {
	app := apiApp(t, "Samarqand", true)

	t.Run("list", func(t *testing.T) {
		r := get(t, app, "/api/locations")
		if r.status != 200 {
			t.Fatalf("status %d", r.status)
		}
		locs := decode[[]region.Location](t, r.body["data"])
		if len(locs) != 14 {
			t.Fatalf("%d locations, want 14", len(locs))
		}
		if locs[0].Slug != "tashkent" || locs[0].Name != "Ташкент" || locs[0].Code != "TK" || locs[0].ID == 0 {
			t.Errorf("first = %+v, want Tashkent in Russian", locs[0])
		}
		if got := r.header.Get("Cache-Control"); got != "public, max-age=3600" {
			t.Errorf("Cache-Control = %q", got)
		}
	})
	t.Run("uzbek, picker page size, second page", func(t *testing.T) {
		r := get(t, app, "/api/locations?lang=uz&per_page=5&page=2")
		locs := decode[[]region.Location](t, r.body["data"])
		if r.status != 200 || len(locs) != 5 {
			t.Fatalf("status %d, %d locations; want 200, 5", r.status, len(locs))
		}
		if locs[0].Slug != "navoi" || locs[0].Name != "Navoiy viloyati" {
			t.Errorf("page 2 starts with %+v, want Navoiy viloyati", locs[0])
		}
		meta := decode[map[string]int](t, r.body["meta"])
		if meta["total"] != 14 || meta["page"] != 2 || meta["perPage"] != 5 {
			t.Errorf("meta = %v", meta)
		}
	})
	t.Run("page past the end is empty", func(t *testing.T) {
		r := get(t, app, "/api/locations?per_page=25&page=2")
		if locs := decode[[]region.Location](t, r.body["data"]); r.status != 200 || len(locs) != 0 {
			t.Errorf("status %d, %v; want 200 and []", r.status, locs)
		}
	})
	for _, test := range []struct{ query, wantError string }{
		{"per_page=0", "Параметр per_page должен быть целым числом от 1 до 100"},
		{"per_page=101", "Параметр per_page должен быть целым числом от 1 до 100"},
		{"per_page=abc", "Параметр per_page должен быть целым числом от 1 до 100"},
		{"per_page=-5&lang=uz", "per_page parametri 1 dan 100 gacha butun son bo'lishi kerak"},
		{"page=0", "Параметр page должен быть положительным целым числом"},
		{"page=x&lang=uz", "page parametri musbat butun son bo'lishi kerak"},
	} {
		t.Run("400 "+test.query, func(t *testing.T) {
			r := get(t, app, "/api/locations?"+test.query)
			if r.status != 400 {
				t.Errorf("status %d, want 400", r.status)
			}
			if got := decode[string](t, r.body["error"]); got != test.wantError {
				t.Errorf("error = %q, want %q", got, test.wantError)
			}
		})
	}

	locs := decode[[]region.Location](t, get(t, app, "/api/locations").body["data"])
	tashkentID := strconv.FormatInt(locs[0].ID, 10)
	t.Run("districts", func(t *testing.T) {
		r := get(t, app, "/api/locations/"+tashkentID+"/districts?lang=uz")
		ds := decode[[]region.DistrictItem](t, r.body["data"])
		if r.status != 200 || len(ds) != 12 {
			t.Fatalf("status %d, %d districts; want 200, 12", r.status, len(ds))
		}
		if ds[0].Name != "Olmazor tumani" || ds[0].Slug == "" || ds[0].ID == 0 {
			t.Errorf("first district = %+v, want Olmazor tumani", ds[0])
		}
	})
	for _, id := range []string{"999999", "0", "-1", "abc", "1.5", "99999999999999999999"} {
		t.Run("districts 404 "+id, func(t *testing.T) {
			r := get(t, app, "/api/locations/"+id+"/districts?lang=uz")
			if r.status != 404 {
				t.Errorf("status %d, want 404", r.status)
			}
			if got := decode[string](t, r.body["error"]); got != "Viloyat topilmadi" {
				t.Errorf("error = %q", got)
			}
		})
	}

	t.Run("detect", func(t *testing.T) {
		r := get(t, app, "/api/locations/detect?lang=uz")
		if r.status != 200 {
			t.Fatalf("status %d", r.status)
		}
		if got := r.header.Get("Cache-Control"); got != "private, no-store" {
			t.Errorf("Cache-Control = %q, want private, no-store", got)
		}
		loc := decode[region.Location](t, r.body["data"])
		if loc.Slug != "samarkand" || loc.Name != "Samarqand viloyati" || !decode[bool](t, r.body["detected"]) {
			t.Errorf("detect = %+v %s, want Samarqand viloyati, detected", loc, r.body["detected"])
		}
	})
}

func TestDetectFallsBackToTashkent(t *testing.T) {
	app := apiApp(t, "Atlantis", false)
	r := get(t, app, "/api/locations/detect")
	loc := decode[region.Location](t, r.body["data"])
	if r.status != 200 || loc.Slug != "tashkent" || loc.Name != "Ташкент" || decode[bool](t, r.body["detected"]) {
		t.Errorf("status %d, %+v %s; want Ташкент, not detected", r.status, loc, r.body["detected"])
	}
}
