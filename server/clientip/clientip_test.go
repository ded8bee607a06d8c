package clientip

import (
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/gofiber/fiber/v2"
)

func TestClientIP(t *testing.T) {
	trusted, err := ParsePrefixes("10.0.0.0/8, 127.0.0.1")
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
			if got := Resolve(test.peer, test.xff, test.trusted); got != test.want {
				t.Errorf("Resolve(%q, %q) = %q, want %q", test.peer, test.xff, got, test.want)
			}
		})
	}
	if _, err := ParsePrefixes("10.0.0.0/8,nonsense"); err == nil {
		t.Error("ParsePrefixes(nonsense) did not fail")
	}
}

// TestMiddleware: handlers read the address the middleware computed, from
// the right of X-Forwarded-For past the trusted proxy.
func TestMiddleware(t *testing.T) {
	trusted, err := ParsePrefixes("0.0.0.0") // app.Test's peer
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name    string
		trusted []netip.Prefix
		want    string
	}{
		{"no proxies", nil, "0.0.0.0"},
		{"behind a proxy", trusted, "203.0.113.7"},
	} {
		t.Run(test.name, func(t *testing.T) {
			app := fiber.New()
			app.Use(Middleware(test.trusted))
			app.Get("/", func(c *fiber.Ctx) error { return c.SendString(Get(c)) })
			req := httptest.NewRequest("GET", "/", nil)
			req.Header.Set("X-Forwarded-For", "6.6.6.6, 203.0.113.7")
			resp, err := app.Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got [64]byte
			n, _ := resp.Body.Read(got[:])
			if string(got[:n]) != test.want {
				t.Errorf("Get = %q, want %q", got[:n], test.want)
			}
		})
	}
}
