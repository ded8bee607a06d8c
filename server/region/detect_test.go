package region_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
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

func TestClientIP(t *testing.T) {
	trusted, err := region.ParsePrefixes("10.0.0.0/8, 127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name, peer, xff string
		trusted         []netip.Prefix
		want            string
	}{
		{"no proxies configured", "10.1.2.3", "203.0.113.7", nil, "10.1.2.3"},
		{"trusted proxy", "10.1.2.3", "203.0.113.7, 10.9.9.9", trusted, "203.0.113.7"},
		{"trusted single address", "127.0.0.1", "203.0.113.8", trusted, "203.0.113.8"},
		{"untrusted peer", "198.51.100.1", "203.0.113.7", trusted, "198.51.100.1"},
		{"no header", "10.1.2.3", "", trusted, "10.1.2.3"},
		{"garbage header", "10.1.2.3", "not-an-ip", trusted, "10.1.2.3"},
		{"a made-up entry left of the proxy's", "10.1.2.3", "6.6.6.6, 203.0.113.7", trusted, "203.0.113.7"},
		{"two trusted hops", "10.1.2.3", "6.6.6.6, 203.0.113.9, 10.2.2.2", trusted, "203.0.113.9"},
		{"only trusted hops", "10.1.2.3", "10.3.3.3, 10.2.2.2", trusted, "10.3.3.3"},
		{"garbage nearer than the visitor", "10.1.2.3", "203.0.113.7, junk", trusted, "10.1.2.3"},
		{"IPv4-mapped", "::ffff:10.1.2.3", "::ffff:203.0.113.7", trusted, "203.0.113.7"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := region.ClientIP(test.peer, test.xff, test.trusted); got != test.want {
				t.Errorf("ClientIP(%q, %q) = %q, want %q", test.peer, test.xff, got, test.want)
			}
		})
	}
	if _, err := region.ParsePrefixes("10.0.0.0/8,nonsense"); err == nil {
		t.Error("ParsePrefixes(nonsense) did not fail")
	}
}
