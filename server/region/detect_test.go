package region_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"sogliq/server/region"
)

func TestMatchCity(t *testing.T) {
	for _, test := range []struct {
		city string
		want string // "" for no match
	}{
		{"Tashkent", "tashkent"},
		{"Toshkent", "tashkent"},
		{"Ташкент", "tashkent"},
		{"  TASHKENT ", "tashkent"},
		{"Tashkent City", "tashkent"},
		{"г. Ташкент", "tashkent"},
		{"Toshkent shahri", "tashkent"},
		{"Tashkent Region", "tashkent-region"},
		{"Chirchiq", "tashkent-region"},
		{"Angren", "tashkent-region"},
		{"Olmaliq", "tashkent-region"},
		{"Almalyk", "tashkent-region"},
		{"Samarkand", "samarkand"},
		{"Samarqand", "samarkand"},
		{"Самарканд", "samarkand"},
		{"Bukhara", "bukhara"},
		{"Buxoro", "bukhara"},
		{"Fergana", "fergana"},
		{"Farg'ona", "fergana"},
		{"Fargʻona", "fergana"},
		{"Farg’ona", "fergana"},
		{"Фергана", "fergana"},
		{"Kokand", "fergana"},
		{"Namangan", "namangan"},
		{"Andijan", "andijan"},
		{"Andijon", "andijan"},
		{"Nukus", "karakalpakstan"},
		{"Нукус", "karakalpakstan"},
		{"Urgench", "khorezm"},
		{"Urganch", "khorezm"},
		{"Khiva", "khorezm"},
		{"Karshi", "kashkadarya"},
		{"Qarshi", "kashkadarya"},
		{"Termez", "surkhandarya"},
		{"Termiz", "surkhandarya"},
		{"Gulistan", "sirdaryo"},
		{"Guliston", "sirdaryo"},
		{"Jizzakh", "jizzakh"},
		{"Jizzax", "jizzakh"},
		{"Джизак", "jizzakh"},
		{"Navoi", "navoi"},
		{"Navoiy", "navoi"},
		{"Moscow", ""},
		{"", ""},
		{"   ", ""},
		{"city", ""},
	} {
		t.Run(test.city, func(t *testing.T) {
			got, ok := region.MatchCity(test.city)
			if got != test.want || ok != (test.want != "") {
				t.Errorf("MatchCity(%q) = %q, %v; want %q", test.city, got, ok, test.want)
			}
		})
	}
}

type fakeLocator struct {
	city string
	err  error
}

func (f fakeLocator) City(context.Context, string) (string, error) { return f.city, f.err }

func TestDetect(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, test := range []struct {
		name      string
		locator   region.Locator
		want      string
		wantFound bool
	}{
		{"no locator", nil, "tashkent", false},
		{"found", fakeLocator{city: "Samarqand"}, "samarkand", true},
		{"unknown city", fakeLocator{city: "Almaty"}, "tashkent", false},
		{"empty city", fakeLocator{}, "tashkent", false},
		{"service down", fakeLocator{err: errors.New("connection refused")}, "tashkent", false},
	} {
		t.Run(test.name, func(t *testing.T) {
			d := &region.Detector{Locator: test.locator, Logger: logger}
			got, found := d.Detect(context.Background(), "203.0.113.7")
			if got != test.want || found != test.wantFound {
				t.Errorf("Detect = %q, %v; want %q, %v", got, found, test.want, test.wantFound)
			}
		})
	}
}

func TestHTTPLocator(t *testing.T) {
	var asked string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = r.URL.Path
		switch r.URL.Path {
		case "/json/203.0.113.7":
			_, _ = io.WriteString(w, `{"city":"Samarkand","country":"UZ"}`)
		case "/json/198.51.100.1":
			_, _ = io.WriteString(w, `not json`)
		default:
			http.Error(w, "no", http.StatusTooManyRequests)
		}
	}))
	defer srv.Close()
	l := &region.HTTPLocator{URL: srv.URL + "/json/{ip}"}
	city, err := l.City(context.Background(), "203.0.113.7")
	if err != nil || city != "Samarkand" {
		t.Errorf("City = %q, %v; want Samarkand", city, err)
	}
	if asked != "/json/203.0.113.7" {
		t.Errorf("service asked for %q", asked)
	}
	for _, ip := range []string{"198.51.100.1", "192.0.2.1"} {
		if city, err := l.City(context.Background(), ip); err == nil {
			t.Errorf("City(%s) = %q, want an error", ip, city)
		}
	}
}
